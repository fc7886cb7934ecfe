//! Live play: the state machines that run a game as it happens — clocks as
//! deadlines, cards, judging, appeals. Pure: time comes in as `now`.
//! Each format's folder holds its rules (scoring of finished results) and
//! its scoresheet beside its live game. Formats that plug
//! in through [`format::LiveFormat`] are registered in [`games`].

pub mod brain_ring;
pub mod button;
pub mod chgk;
pub mod clock;
pub mod cut;
pub mod erudit;
#[cfg(feature = "examples")]
pub mod examples;
pub mod format;
pub mod games;
pub mod multigames;
pub mod neptune;
#[cfg(feature = "own-game")]
pub mod own_game;
pub mod qualification;
pub mod replay;
pub mod roster;
pub mod score;
pub mod settings;
