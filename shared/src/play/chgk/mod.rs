//! «Что? Где? Когда?» live (section 3): the question clock as deadlines, the
//! answer cards with their receipt times, judging by groups of equal answers,
//! appeals, reveals and closed tours. [`ChgkGame`] decides (`handle_*`,
//! returning the events to persist) and changes only in [`ChgkGame::apply`],
//! so replaying the stored events rebuilds it exactly. It plugs into the
//! event as a [`crate::play::format::LiveFormat`] (`live.rs`), projected
//! per audience in `project.rs`.

mod appeals;
mod attendance;
mod clock;
mod command;
mod error;
mod event;
mod export;
mod game;
mod host_actions;
mod live;
mod project;
mod replay;
pub mod rules;
mod sheet;
pub mod view;

pub use clock::{CardTiming, QuestionClock};
pub use command::{ChgkCommand, ChgkReceipt, ShownPicture};
pub use error::ChgkError;
pub use event::{AppealDecider, ChgkEvent, Judger};
pub use export::CHGK_CSV_HEADER;
pub use game::{Appeal, Card, ChgkGame, GameQuestion, GameTour, MAX_APPEAL_CHARS, MAX_CARD_CHARS};
pub use live::{ChgkSettings, EVENT_CHGK};
pub use project::TEAM_STANDINGS_TOP;
pub use view::{ChgkDisplayView, ChgkStaffView, ChgkTeamView};

use serde::{Deserialize, Serialize};

/// A judge's decision on a group of equal answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Verdict {
    Correct,
    Wrong,
}

/// 4.13 (applied to ChGK too): an appeal against the question, or for the
/// team's own answer. Appeals against other teams' answers do not exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AppealKind {
    /// The question was incorrect: withdraw it (it then scores for nobody).
    WithdrawQuestion,
    /// The team's own answer should be accepted.
    AcceptMyAnswer,
}

#[cfg(test)]
mod absence_tests;
#[cfg(feature = "examples")]
mod examples;
#[cfg(test)]
mod jury_tests;
#[cfg(test)]
mod live_tests;
mod protocol;
#[cfg(test)]
mod readings_tests;
