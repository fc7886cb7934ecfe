//! A ChGK game as each audience sees it: the staff everything (every card
//! grouped for judging, the log, the appeals), a team its own cards (the
//! verdicts and the author's answer only after the reveal), the projector
//! the clock, a count of cards and the public standings. Built in
//! [`super::project`]; nothing here decides what an audience may see.

use serde::{Deserialize, Serialize};

use super::command::ShownPicture;
use super::{AppealDecider, AppealKind, Judger, Verdict};
use crate::ids::{AppealId, QuestionId, TeamId, TourId};
use crate::packages::Question;
use crate::packages::media::MediaRef;
use crate::play::clock::ClockView;
use crate::play::settings::ChgkTiming;
use crate::time::ServerTime;
use crate::tournament::Place;

/// The host's and the judges' view of a ChGK game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChgkStaffView {
    pub timing: ChgkTiming,
    pub tours: Vec<TourView>,
    pub clock: ClockView,
    /// Answers of every played question of the open tours, grouped.
    pub judging: Vec<QuestionJudging>,
    pub appeals: Vec<AppealView>,
    /// Host standings: every judged question counts, revealed or not.
    pub standings: Vec<StandingRow>,
    pub judgement_log: Vec<JudgementEntry>,
    /// Whether the projector shows a revealed question's text too.
    pub projector_text: bool,
    /// The question whose handout the projector shows now.
    pub handout_shown: Option<QuestionId>,
    /// The question's picture the projector shows now.
    pub picture_shown: Option<ShownPicture>,
    /// 6.5: the event has an appeal jury, and it decides the appeals: the
    /// host sees their state only.
    pub appeal_jury: bool,
}

/// One team's view of a ChGK game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChgkTeamView {
    pub clock: ClockView,
    /// This team's cards only, oldest first.
    pub cards: Vec<TeamCard>,
    pub appeals: Vec<AppealView>,
    /// Public standings (only revealed questions count): the top rows and
    /// this team's own row, so a hall of thousands stays cheap to send.
    pub standings: Vec<StandingRow>,
}

/// The projector's view of a ChGK game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChgkDisplayView {
    pub clock: ClockView,
    pub tour_title: String,
    /// How many teams have handed in a card for the current question (a
    /// count only: never which answers).
    pub cards_in: u32,
    pub teams: u32,
    /// Public standings: only revealed questions count.
    pub standings: Vec<StandingRow>,
    /// The last revealed question's answer, from its reveal until the next
    /// question is announced; never before the reveal.
    pub revealed: Option<DisplayReveal>,
    /// A handout the host put on the projector: shown full screen.
    pub handout: Option<DisplayHandout>,
    /// A picture the host put on the projector: shown full screen. Only
    /// its hash travels in the view; the bytes come once per projector in
    /// their own message (`ServerMsg::Media`).
    pub picture: Option<DisplayPicture>,
    /// The current question's text, from its announcement, while the host
    /// has «Показать вопрос на экране» on: the hall hears it read anyway,
    /// so it is shown at once, not only beside the revealed answer.
    pub question_text: Option<String>,
}

/// A question's picture as the projector shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayPicture {
    /// The question's number as the hall knows it.
    pub number: String,
    pub media: MediaRef,
}

/// A question's handout as the hall reads it off the projector.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayHandout {
    /// The question's number as the hall knows it.
    pub number: String,
    pub text: String,
}

/// A revealed question as the hall reads it off the projector.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DisplayReveal {
    pub question: QuestionId,
    pub number: String,
    /// The question's text (with a duplet's or blitz's parts), only when
    /// the host chose to show it.
    pub text: Option<String>,
    pub answer: String,
    pub accepted: Option<String>,
    pub comment: Option<String>,
    /// Withdrawn on appeal: the projector says so.
    pub withdrawn: bool,
}

/// One line of the standings table (3; 4.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    pub team: TeamId,
    pub name: String,
    pub town: String,
    pub place: Place,
    pub points: u32,
    pub rating: i64,
    /// `1`, `0`, `X` (withdrawn) or `?` (a спорный not yet decided) per
    /// question counted.
    pub mask: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamCard {
    pub question: QuestionId,
    pub number: String,
    pub text: String,
    pub received_at: ServerTime,
    pub since_start_ms: u64,
    pub late: bool,
    /// Filled in once the host reveals the question.
    pub reveal: Option<CardReveal>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardReveal {
    pub author_answer: String,
    pub accepted: Option<String>,
    pub comment: Option<String>,
    /// `None` for a late card: it was never considered.
    pub verdict: Option<Verdict>,
    pub withdrawn: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourView {
    pub id: TourId,
    pub title: String,
    pub closed: bool,
    /// 4.3: the teams the host marked absent (they leave the tour's A).
    pub absent: Vec<TeamId>,
    pub questions: Vec<QuestionView>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QuestionStatus {
    NotPlayed,
    Announced,
    Played,
    Revealed,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionView {
    pub id: QuestionId,
    pub number: String,
    pub content: Question,
    pub status: QuestionStatus,
    pub withdrawn: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionJudging {
    pub question: QuestionId,
    pub number: String,
    pub groups: Vec<AnswerGroup>,
    pub late: Vec<LateCard>,
    /// Teams with no card at all.
    pub missing: Vec<TeamId>,
    /// Teams that handed in a «пропуск» (4.3): a card with nothing to
    /// judge, counted among the cards in.
    pub passes: Vec<TeamId>,
}

/// Cards whose normalised texts are equal, judged in one action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerGroup {
    /// The normalised text: what `Command::Judge` names.
    pub key: String,
    /// The distinct spellings as the teams wrote them.
    pub spellings: Vec<String>,
    pub teams: Vec<TeamId>,
    pub verdict: Option<Verdict>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LateCard {
    pub team: TeamId,
    pub text: String,
    pub received_at: ServerTime,
    pub since_start_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppealView {
    pub id: AppealId,
    pub team: TeamId,
    pub team_name: String,
    pub question: QuestionId,
    pub number: String,
    pub kind: AppealKind,
    pub text: String,
    pub filed_at: ServerTime,
    /// The appealing team's own card for the question (its answer): what
    /// a спорный asks to accept.
    pub card: Option<String>,
    /// The author's answer, with the accepted variants (the appeal comes
    /// after the reveal).
    pub author_answer: String,
    pub accepted: Option<String>,
    pub resolution: Option<AppealResolution>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppealResolution {
    pub upheld: bool,
    pub reply: String,
    pub at: ServerTime,
    /// The appeal jury or the host.
    pub by: AppealDecider,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JudgementEntry {
    pub question: QuestionId,
    pub number: String,
    pub group: String,
    pub verdict: Verdict,
    /// The host or a judge: the screen names them.
    pub by: Judger,
    pub at: ServerTime,
}
