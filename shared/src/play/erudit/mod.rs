//! «Эрудит-квартет» live (festival document, section 5 and its preamble):
//! the tournament of groups of four ([`EruditTournament`]: 5.2–5.5), a
//! group's game of three tours of four rounds ([`QuartetGame`]: 5.6–5.10),
//! the captains' line-ups and the players' buttons, and what each audience
//! sees. Scoring of a finished sheet lives in [`crate::play::erudit::rules`];
//! nothing here reads a clock or does I/O.

mod command;
mod error;
mod event;
mod game;
mod live;
mod protocol;
pub mod rules;
mod settings;
mod sheet;
mod theme;
mod tournament;
mod view;

pub use command::{EruditCommand, EruditReceipt};
pub use error::EruditPlayError;
pub use event::EruditEvent;
pub use game::{
    GameStep, LineupFault, Phase, PressRecord, QuartetGame, QuestionLive, QuestionState, RoundPlay,
    TOUR_ORDER, TourPlay,
};
pub use settings::EruditTiming;
pub use theme::{EruditQuestion, EruditTheme, themes_of};
pub use tournament::{
    EruditTournament, GroupPlay, MIN_PLAYERS, PendingTie, ShootOffQuestion, TEAM_COUNTS,
};
pub use view::{
    EruditBoard, EruditPlaceRow, EruditStaffView, EruditTeamView, GameBoard, GroupState, GroupView,
    LineupForm, PhaseView, QuartetRow, QuestionBoard, SettledTie, ShootOffBoard, StageView,
    TieBoard, TieStake, TourBoard,
};

#[cfg(feature = "examples")]
mod examples;
/// The leakage check other tests of Эрудит-квартет's screens use too.
#[cfg(feature = "examples")]
pub use examples::quartet_leaks;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tie_tests;
