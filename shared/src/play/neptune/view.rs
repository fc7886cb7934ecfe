//! Нептун as each audience sees it. What an audience may see is decided in
//! `project.rs`: a question's text is the host's; its answer is everyone's
//! after the reveal (Негатив: never the «перевёртыш», 1.4); a card is its
//! team's (a ломтик's is its own, 2.3) until the reveal; Джокер's answers,
//! verdicts and declarations stay hidden until the tour ends (5.5); bids
//! are public, as spoken aloud in the hall (6.3).

use serde::{Deserialize, Serialize};

use super::{CardKey, NeptuneQuestion, NeptuneSettings};
use crate::ids::{Slice, TeamId};
use crate::play::neptune::rules::{Bid, Contest};
use crate::time::ServerTime;
use crate::tournament::Place;

/// What is on now.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Set-up: package, settings, registration.
    #[default]
    SettingUp,
    /// Between contests: `next` starts when the host says so.
    Between { next: Contest },
    /// A contest has started and its first question is not up yet (Сэндвич:
    /// the ломтики take their seats).
    ContestOpen,
    /// 5.2: the Джокер topics are up; declarations until `ends_at` (cards
    /// accepted until `accept_until`).
    Topics {
        started_at: ServerTime,
        ends_at: ServerTime,
        accept_until: ServerTime,
    },
    /// A question (Блицкриг: a block) is up and being read.
    Announced,
    /// The discussion: a minute, or (Блицкриг) the `step`-th question's 20 s
    /// (1–4). Cards until `accept_until`.
    Minute {
        step: u8,
        started_at: ServerTime,
        ends_at: ServerTime,
        accept_until: ServerTime,
    },
    /// Блицкриг: the `step`-th question's 20 s are over; the host reads the
    /// next one.
    BetweenSteps { step: u8 },
    /// The time for cards is over: the host judges.
    Judging,
    /// The answer is out (Джокер: the question is closed, its verdicts
    /// hidden until the tour ends).
    Revealed,
    /// 6.2–6.4: bidding for the next auction question.
    Bidding,
    /// The bidding ended: the question is next.
    Sold,
    /// 0.1: all six contests played.
    Finished,
}

/// The question in play (Блицкриг: the block).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionBoard {
    pub contest: Contest,
    /// From 0.
    pub index: u32,
    /// How many the contest plays.
    pub of: u32,
    /// Негатив: the announced rating (1.3).
    pub rating: Option<u32>,
    /// Аукцион: what this question is played for (6.6): the winner's stake
    /// and everyone else's 30.
    pub stakes: Vec<(TeamId, i64)>,
}

/// The last revealed question (or block).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RevealBoard {
    pub contest: Contest,
    pub index: u32,
    /// One answer; Блицкриг: the block's four.
    pub answers: Vec<String>,
    pub comments: Vec<String>,
    /// 2.3: the right cards (teams, or ломтики), per answer.
    pub right: Vec<Vec<CardKey>>,
}

/// One Джокер question after the tour ended (5.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JokerQuestionResult {
    pub answer: String,
    pub right: Vec<TeamId>,
}

/// Джокер: the topics, and after the tour (5.5) every declaration, every
/// answer and what each team took.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JokerBoard {
    pub topics: Vec<String>,
    /// How many teams have handed in a declaration (the numbers are hidden).
    pub declared: u32,
    /// After the tour: (team, declared (missing: `None`), taken, points).
    pub results: Vec<JokerTeamResult>,
    pub questions: Vec<JokerQuestionResult>,
    pub revealed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JokerTeamResult {
    pub team: TeamId,
    pub declared: Option<u32>,
    pub taken: u32,
    pub points: i64,
}

/// A bid as the hall heard it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidRow {
    pub team: TeamId,
    pub name: String,
    pub bid: Bid,
    /// What it offers (6.2): the sum, or («ва-банк») the team's score
    /// when it was made — fixed then, never recomputed from a later score.
    pub worth: i64,
    pub at: ServerTime,
    pub by_host: bool,
}

/// How a question's bidding ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Sold {
    To {
        team: TeamId,
        bid: Bid,
        stake: i64,
    },
    /// Nobody bid: everyone plays for 30.
    NoBids,
}

/// The auction desk as everyone sees it: the standing bid, the bidder and
/// the count live (each terminal counts from `count_from` in server time).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionBoard {
    /// From 0.
    pub question: u32,
    pub of: u32,
    /// 6.2: every team's current score.
    pub scores: Vec<(TeamId, i64)>,
    /// 6.2: who may bid now (positive score, not excluded).
    pub eligible: Vec<TeamId>,
    /// 6.2: out of this question's bidding.
    pub excluded: Vec<TeamId>,
    /// This run's bids in server arrival order (6.3 as Minuta reads it).
    pub bids: Vec<BidRow>,
    /// The count runs from here: «раз» at +1 step, «два» at +2, «три» at +3.
    pub count_from: Option<ServerTime>,
    pub count_step_ms: u64,
    /// 6.4: the team that initiated «ва-банк» on the previous question.
    pub previous_initiator: Option<TeamId>,
    pub sold: Option<Sold>,
}

impl AuctionBoard {
    /// The standing (last) bid.
    pub fn standing(&self) -> Option<&BidRow> {
        self.bids.last()
    }

    /// 6.3: the count at `now`: 0 before «раз», then 1, 2, 3.
    pub fn count_at(&self, now: ServerTime) -> u8 {
        let Some(from) = self.count_from else {
            return 0;
        };
        if self.count_step_ms == 0 || now <= from {
            return 0;
        }
        let steps = now.since(from).as_millis() / u128::from(self.count_step_ms);
        steps.min(3) as u8
    }
}

impl NeptuneBoard {
    /// Puts a bid's auction desk in place of this board's (issue 42: the
    /// bid's patch, sent once it is durable); `false` when the board does
    /// not show that question's bidding (the next whole view brings it).
    pub fn patch_auction(&mut self, patch: &AuctionBoard) -> bool {
        match &mut self.auction {
            Some(shown) if self.stage == Stage::Bidding && shown.question == patch.question => {
                *shown = patch.clone();
                true
            }
            _ => false,
        }
    }
}

impl NeptuneTeamView {
    /// The bid's patch on a team's screen: its board, and (6.2) whether it
    /// may bid now — a team whose score lets it, not a ломтик, and not the
    /// team whose bid stands.
    pub fn patch_auction(&mut self, patch: &AuctionBoard) -> bool {
        if !self.board.patch_auction(patch) {
            return false;
        }
        self.may_bid = self.slice.is_none()
            && patch.eligible.contains(&self.team)
            && patch.standing().is_none_or(|b| b.team != self.team);
        true
    }
}

/// One team's row of the overall table (0.1), a column per contest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreRow {
    pub team: TeamId,
    pub name: String,
    /// In the order of [`Contest::ALL`]; `None` for a contest not begun.
    pub contests: [Option<i64>; 6],
    pub total: i64,
    pub place: Place,
}

/// What the whole hall sees (the projector's view).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeptuneBoard {
    pub title: String,
    /// The contest in play (or the last played).
    pub contest: Option<Contest>,
    pub stage: Stage,
    pub question: Option<QuestionBoard>,
    pub reveal: Option<RevealBoard>,
    pub joker: Option<JokerBoard>,
    pub auction: Option<AuctionBoard>,
    /// The ломтики's names once Сэндвич has begun (2.2).
    pub slices: Vec<(TeamId, [String; 2])>,
    pub table: Vec<ScoreRow>,
    pub finished: bool,
}

/// A team's own card for the question in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnCard {
    pub answers: Vec<String>,
    pub received_at: ServerTime,
    pub late: bool,
    /// After the reveal (Джокер: after the tour).
    pub verdicts: Vec<Option<bool>>,
}

/// One phrase of the Негатив sheet with the team's own mark (1.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SheetPhrase {
    pub text: String,
    pub marked: bool,
}

/// A team's split into ломтики (2.2).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitView {
    pub top: Vec<String>,
    pub bottom: Vec<String>,
    /// Sent by the captain (or the host); otherwise the default split.
    pub chosen: bool,
}

/// Сизиф (4.3): the team's run and what its next right answer is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunView {
    pub run: u32,
    pub next_worth: i64,
}

/// A Джокер card of the team's, as its own terminal shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JokerOwnRow {
    pub index: u32,
    pub answer: Option<String>,
    /// Only after the tour (5.5).
    pub verdict: Option<bool>,
}

/// One team's (or ломтик's) terminal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeptuneTeamView {
    pub team: TeamId,
    /// This terminal is a ломтик's (2.2).
    pub slice: Option<Slice>,
    /// The team is registered for this game.
    pub playing: bool,
    pub board: NeptuneBoard,
    /// The team's players, for the split form.
    pub players: Vec<String>,
    pub split: SplitView,
    /// The captain may still change the split (before Сэндвич starts).
    pub split_open: bool,
    /// 1.2: the Негатив sheet with the team's own marks.
    pub sheet: Vec<SheetPhrase>,
    /// The card this terminal handed in for the question in play.
    pub card: Option<OwnCard>,
    /// Whether this terminal may hand in a card now, and how many answers.
    pub may_answer: bool,
    pub answers_expected: u32,
    /// 5.2: the team's declaration, and whether it may still declare.
    pub declaration: Option<u32>,
    pub may_declare: bool,
    /// 5.2: a declaration is 0 to this (the tour's questions).
    pub declare_max: u32,
    pub joker_cards: Vec<JokerOwnRow>,
    /// 4.3: during Сизиф.
    pub run: Option<RunView>,
    /// 6.2: the team's current score and whether it may bid now.
    pub score: i64,
    pub may_bid: bool,
}

/// A card as the host judges it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaffCard {
    pub key: CardKey,
    /// «Команда», «Команда-верх».
    pub name: String,
    pub answers: Vec<String>,
    pub received_at: ServerTime,
    pub late: bool,
    pub verdicts: Vec<Option<bool>>,
}

/// Identical answers (as ChGK groups them: case and spaces aside), judged
/// with one click.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerGroup {
    pub part: u8,
    pub text: String,
    pub cards: Vec<CardKey>,
    /// `Some` when every card of the group has this verdict.
    pub verdict: Option<bool>,
}

/// A registered team as the host's desk shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamEntry {
    pub team: TeamId,
    pub name: String,
    pub players: Vec<String>,
    pub split: SplitView,
    /// 5.2 (the staff see it at once).
    pub declaration: Option<u32>,
}

/// The host's next step: what the dashboard's main button does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HostStep {
    Register,
    StartContest(Contest),
    Announce,
    StartMinute,
    /// The time for cards runs.
    Wait,
    Judge,
    Reveal,
    OpenBidding,
    /// The count runs; the host may close it.
    CloseBidding,
    Done,
}

/// The package as loaded.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackageSummary {
    pub title: String,
    /// Questions (Блицкриг: blocks) per contest, in the order of
    /// [`Contest::ALL`].
    pub counts: [u32; 6],
}

/// The host's (Нептун's) view: everything.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeptuneStaffView {
    pub board: NeptuneBoard,
    pub settings: NeptuneSettings,
    pub package: Option<PackageSummary>,
    pub teams: Vec<TeamEntry>,
    pub next: HostStep,
    /// The question in play as the host reads it (Блицкриг: the block's
    /// four), with the answers.
    pub reading: Vec<NeptuneQuestion>,
    /// Негатив: the package's suggested rating (1.3) and the «перевёртыш»
    /// (1.4: never read out).
    pub suggested_rating: Option<u32>,
    pub flip: Option<String>,
    /// The question in play's cards, late ones too.
    pub cards: Vec<StaffCard>,
    pub groups: Vec<AnswerGroup>,
    pub restart_notice: bool,
}
