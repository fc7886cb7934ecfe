//! Pure rule engines, one module per format: scoring, standings and the
//! tournament state machines of each game. Sections cited are those of
//! `docs/rules/` (Нептун: 000_…; the festival: 004_…).

pub mod brain_ring;
pub mod chgk;
pub mod erudit;
pub mod multigames;
pub mod neptune;
pub mod qualification;
