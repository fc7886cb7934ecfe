//! What the host, the judges and the teams ask of a ChGK game, and what the
//! game answers when it accepts.

use serde::{Deserialize, Serialize};

use super::{AppealKind, Verdict};
use crate::ids::{AppealId, QuestionId, TeamId, TourId};
use crate::packages::Question;
use crate::packages::media::PackageFile;
use crate::time::ServerTime;

// A command is decided and dropped; boxing the typed-in question would
// only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChgkCommand {
    // ---- the host: questions ----
    /// A question package file as the host picked it; the game parses it
    /// and appends its tours. `pictures`: the files a `.4s` names as
    /// «(pic: NAME)», read from the package's folder (a `.siq` carries its
    /// own).
    LoadPackage {
        file_name: String,
        bytes: Vec<u8>,
        pictures: Vec<PackageFile>,
    },
    /// A question typed in by the host, appended to a tour (a new tour when
    /// `tour` is one past the last).
    AddQuestion { tour: TourId, question: Question },

    // ---- the host: play ----
    /// Announces the question: its number goes up on every screen and cards
    /// for it are accepted from now on.
    Announce { question: QuestionId },
    /// «Время»: the minute starts now (3).
    StartMinute,
    /// Takes back the announcement of the current question, until «Время».
    TakeBackAnnouncement { question: QuestionId },
    /// Shows the author's answer and every team's verdict to the teams.
    Reveal { question: QuestionId },
    /// Freezes every judgement of the tour; nothing in it changes after this.
    CloseTour { tour: TourId },
    /// The appeal jury decides (6.5) when the event has one; the host
    /// only when it has none (4.14).
    ResolveAppeal {
        appeal: AppealId,
        upheld: bool,
        reply: String,
    },

    /// Whether the projector shows a revealed question's text beside its
    /// answer; a setting of the game, kept until changed.
    ShowQuestionOnProjector { on: bool },

    /// 4.3: a team did not come to a tour, or left before it (`absent`),
    /// or is playing it after all: A counts the teams registered and not
    /// marked absent.
    MarkAbsent {
        team: TeamId,
        tour: TourId,
        absent: bool,
    },

    // ---- the host and the judges ----
    /// Marks every card of a question whose normalised text is `group`.
    Judge {
        question: QuestionId,
        group: String,
        verdict: Verdict,
    },
    /// «Остальные — неверно»: every group of the question not yet judged
    /// is marked wrong, at once.
    JudgeRestWrong { question: QuestionId },

    // ---- a team ----
    /// The answer card. Final once accepted, as on paper. An empty text
    /// is a «пропуск»: a card that answers nothing (4.3: the team plays).
    SubmitCard { question: QuestionId, text: String },
    FileAppeal {
        question: QuestionId,
        kind: AppealKind,
        text: String,
    },

    // ---- the host: the projector ----
    /// Puts a question's handout on the projector, full screen (`None`
    /// takes it down). Announcing the next question takes it down too.
    ShowHandout { question: Option<QuestionId> },
    /// Puts a question's picture (`index` among its pictures) on the
    /// projector, full screen (`None` takes it down). Announcing the next
    /// question takes it down too.
    ShowPicture { picture: Option<ShownPicture> },
}

/// A picture of a question, as the host puts it on the projector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownPicture {
    pub question: QuestionId,
    pub index: u32,
}

/// What the game did with an accepted command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChgkReceipt {
    Done,
    PackageLoaded {
        tours: u32,
        questions: u32,
    },
    /// A card was stored. `received_at` is the server's receipt time;
    /// `since_start_ms` that time on the question's stopwatch; a late card
    /// is kept but never scored (3).
    Card {
        question: QuestionId,
        received_at: ServerTime,
        since_start_ms: u64,
        late: bool,
    },
    AppealFiled {
        appeal: AppealId,
    },
}
