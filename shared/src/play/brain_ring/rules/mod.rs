//! «Брейн-ринг» (4.1–4.16): fight scoring, the qualifying table, Swiss-style
//! pairing without rematches (qualification from ChGK is
//! [`crate::play::qualification`]'s), the «царь горы»
//! play-off and the best-of-three final, as pure state machines.

pub mod fight;
pub mod final_series;
pub mod pairing;
pub mod playoff;
pub mod qualifying;
pub mod scoring;
pub mod standings;

pub use fight::{Fight, FightFormat, FightStatus, LiveFight, QuestionOutcome};
pub use final_series::{FinalSeries, SeriesStatus};
pub use pairing::{Meetings, first_round_pairs, pair_by_order};
pub use playoff::{KingOfTheHill, PLAYOFF_TEAMS, PlayoffStatus};
pub use qualifying::{QUALIFYING_ROUNDS, Qualifying};
pub use scoring::{FightResult, QUALIFYING_QUESTIONS, RingPoints, fight_points};
pub use standings::{RingRow, ring_standings};

/// Everything a Brain-ring engine can refuse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RingError {
    #[error("team {team} is out of range: there are {team_count} teams")]
    UnknownTeam { team: usize, team_count: usize },
    #[error("a team cannot fight itself")]
    SameTeam,
    #[error("{total} questions taken, but a fight has {questions} (4.5)")]
    TooManyTaken { total: u32, questions: u32 },
    #[error("team {team} already plays fight {earlier} of this round (one fight per round)")]
    PlaysTwice { team: usize, earlier: usize },
    #[error("teams {0} and {1} already met in round {round} (4.8: at most once)", teams[0], teams[1])]
    Rematch { teams: [usize; 2], round: usize },
    #[error("fight {fight}: {error}")]
    InFight { fight: usize, error: Box<RingError> },
    #[error("the qualifying part has {max} rounds (4.9)")]
    TooManyRounds { max: usize },
    #[error("an odd number of teams ({0}) cannot be paired (4.8)")]
    OddTeamCount(usize),
    #[error("the fight is over")]
    FightOver,
    #[error("team {team} does not play this fight")]
    NotInFight { team: usize },
    #[error("the play-off needs {PLAYOFF_TEAMS} distinct teams (4.9)")]
    BadPlayoff,
    #[error("the play-off is over")]
    PlayoffOver,
    #[error("the final series is over")]
    SeriesOver,
}
