//! Minuta's shared core: the wire protocol (types, envelope, the one codec), the
//! pure rule engines of every format, tournament logic (standings, pairings,
//! draws) and question-package parsers.
//!
//! What must not live here: tokio, sockets, egui, clock reads or OS randomness.
//! Every engine takes time (`ServerTime`) and randomness (a recorded seed) as
//! arguments, so every rule is testable in microseconds with a virtual clock.

pub mod export;
pub mod identity;
pub mod ids;
pub mod join_code;
pub mod jury_protocol;
pub mod lan;
pub mod packages;
pub mod play;
pub mod programme;
pub mod roster;
pub mod seed;
pub mod sheet;
pub mod text;
pub mod time;
pub mod tournament;
pub mod version;
pub mod wire;
