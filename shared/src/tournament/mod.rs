//! Tournament-wide logic shared by every format: places and standings
//! (shared places for full ties) and the festival's overall results (2.2).

pub mod festival;
pub mod prize_tie;
pub mod standings;

pub use festival::{
    Festival, FestivalError, Prize, TournamentKind, TournamentRow, TournamentStandings,
};
pub use standings::{Place, Ranked, rank_by};
