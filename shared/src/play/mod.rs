//! Live play: the state machines that run a game as it happens — clocks as
//! deadlines, cards, judging, appeals. Pure: time comes in as `now`.
//! Scoring of finished results lives in [`crate::rules`].

pub mod brain_ring;
pub mod chgk;
pub mod settings;
