//! «Брейн-ринг» live: the button. The server, not a person's eyes, decides
//! who pressed first — by the arrival stamp of each press — and keeps every
//! press in a [`PressLog`] a jury can read. [`ButtonQuestion`] is one
//! question's state machine (reading → armed → answering → second chance →
//! over); [`RingFight`] strings questions into a fight with its score, sudden
//! death and appeals; [`RingTournament`] runs qualification, rounds, the
//! «царь горы» play-off and the final on the engines of
//! [`crate::play::brain_ring::rules`]. Pure: time arrives as arguments.

mod command;
mod event;
#[cfg(feature = "examples")]
mod examples;
mod export;
mod fight;
mod live;
mod press_log;
mod protocol;
mod question;
mod replay;
mod restart;
pub mod rules;
mod ruling;
mod settings;
mod sheet;
mod tournament;
mod view;

pub use command::{RingCommand, RingReceipt};
pub use event::RingEvent;
pub use export::{RING_CSV_HEADER, RING_PLACES_CSV_HEADER};
pub use fight::{
    FightAudience, FightKind, RingAppeal, RingAppealKind, RingFight, RingFightView,
    RingQuestionText,
};
pub use live::{EVENT_RING, EVENT_RING_NAME};
pub use press_log::{Press, PressKind, PressLog, format_gap};
pub use question::{ButtonPhase, ButtonQuestion, PressVerdict};
pub use restart::RingRestartNotice;
pub use ruling::Ruling;
pub use settings::{EarlyPress, RingTiming};
pub use tournament::{RingStage, RingTournament};
pub use view::{RingBoard, RingPlaceRow, RingStaffView, RingStandingRow, RingTeamView};

use serde::{Deserialize, Serialize};

/// A fight's number within the tournament, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct FightId(pub u32);

impl std::fmt::Display for FightId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Which table a team sits at: 0 (left on screen) or 1 (right).
pub type Table = usize;

/// Why the Brain-ring engines refuse an action.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum RingPlayError {
    #[error("no such fight")]
    NoSuchFight,
    #[error("this team does not play in this fight")]
    NotInFight,
    #[error("the fight is over")]
    FightOver,
    #[error("a question is in play: finish it first")]
    QuestionInPlay,
    #[error("no question is in play")]
    NoQuestion,
    #[error("the buttons are armed already")]
    AlreadyArmed,
    #[error("nobody is answering")]
    NobodyAnswering,
    #[error("no contested presses to decide")]
    NotContested,
    #[error("the question is still in play")]
    NotOver,
    #[error("4.13: appeals are filed before the next question is read")]
    AppealTooLate,
    #[error("4.16: the appeal must be decided before the next question")]
    AppealPending,
    #[error("no such appeal")]
    NoSuchAppeal,
    #[error("this appeal is decided already")]
    AppealDecided,
    #[error("the team plays another fight now")]
    TeamBusy,
    #[error("{0}")]
    Tournament(TournamentBlock),
    #[error("no such team")]
    NoSuchTeam,
    #[error("a team is named twice")]
    TeamTwice,
    /// 4.8 pairs the whole table each round.
    #[error("{teams} teams: Brain-ring pairs need an even number of at least two (4.8)")]
    CannotPair { teams: u32 },
    #[error("the text is {got} characters long, {max} at most")]
    TooLong { got: u32, max: u32 },
    #[error("only a team files an appeal")]
    NotATeam,
    #[error("{0}")]
    Timing(String),
    #[error("{0}")]
    Package(crate::packages::PackageError),
}

/// Why the tournament cannot take the step asked for, or cannot go on at
/// all: a reason, not a text, so every screen says it in its own language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum TournamentBlock {
    #[error("no teams are qualified yet")]
    NotSeeded,
    #[error("the tournament is finished")]
    Finished,
    #[error("finish the open fights first")]
    FightsOpen,
    #[error("a team cannot fight itself")]
    SameTeam,
    #[error("the tournament has started: seeding is fixed")]
    SeedingFixed,
    /// 4.8 pairs the whole table each round.
    #[error("{teams} teams cannot be paired (4.8 needs an even number)")]
    OddTeams { teams: u32 },
    #[error("4.8: the first round cannot be paired")]
    FirstRoundUnpairable,
    /// The states below cannot arise from the engine's own events; they
    /// name what a damaged store would show instead of a panic.
    #[error("the play-off seeds repeat")]
    PlayoffSeedsRepeat,
    #[error("unknown play-off team")]
    UnknownPlayoffTeam,
    #[error("the finalists repeat")]
    FinalistsRepeat,
    #[error("unknown finalist")]
    UnknownFinalist,
    #[error("unknown champion")]
    UnknownChampion,
}
