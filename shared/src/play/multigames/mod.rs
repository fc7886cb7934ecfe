//! «Мультиигры» live (section 6): tours of puzzle tasks, each announced with
//! its time and points, its text hidden until the host's start, one
//! countdown with the ChGK card's end signal and grace (3), typed answers
//! (final once accepted; late ones kept and flagged, never scored), full or
//! partial credit from the judges, and appeals decided by the appeal jury
//! (6.4–6.5). [`MultigamesGame`] is the format's one state machine behind
//! [`crate::play::format::LiveFormat`]; scoring of a paper sheet stays in
//! [`crate::play::multigames::rules`].

mod command;
mod error;
mod event;
mod game;
mod live;
mod project;
mod protocol;
pub mod rules;
mod sheet;
mod view;

#[cfg(feature = "examples")]
mod examples;
#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use command::{MultigamesCommand, MultigamesReceipt, TaskAppealKind, TaskDraft};
pub use error::MultigamesPlayError;
pub use event::{Awarder, MultigamesEvent};
pub use game::{MAX_ANSWER_CHARS, MAX_APPEAL_CHARS, MAX_TASK_SECONDS, MultigamesGame};
pub use view::{
    AppealDecision, AppealRow, MultiStandingRow, MultigamesDisplayView, MultigamesStaffView,
    MultigamesTeamView, StaffAnswer, StaffTask, StaffTour, TaskClock, TaskHeading, TaskReveal,
    TaskStatus, TeamAnswer, TeamTask,
};

/// A task of the game, numbered from 0 in the order the host added them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TaskId(pub u32);

/// A tour, numbered from 0 (6.2: six of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TourNo(pub u32);

/// An appeal, numbered from 1 in filing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct AppealNo(pub u32);

macro_rules! shown_from_one {
    ($($t:ty),*) => {$(
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}", u64::from(self.0) + 1)
            }
        }
    )*};
}
shown_from_one!(TaskId, TourNo);

impl std::fmt::Display for AppealNo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A Мультиигры game's settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultigamesSettings {
    /// 6.4 allows appeals; a game of an evening without a jury turns them off.
    pub appeals: bool,
    /// As the ChGK card (3): an answer counts until this long after the end
    /// signal.
    pub grace_ms: u64,
    /// The «time is nearly up» signal, this long before the end.
    pub warning_before_end_ms: u64,
}

impl Default for MultigamesSettings {
    fn default() -> Self {
        MultigamesSettings {
            appeals: true,
            grace_ms: 3_000,
            warning_before_end_ms: 10_000,
        }
    }
}
