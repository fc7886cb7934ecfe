//! Everything the Эрудит-квартет tournament refuses, named for the host or
//! the captain (the client says it in their language).

use serde::{Deserialize, Serialize};

use super::{GameStep, LineupFault};
use crate::packages::PackageError;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum EruditPlayError {
    #[error("{0}")]
    Timing(String),
    #[error("{0}")]
    Package(PackageError),
    #[error("the package has no questions to play")]
    NoThemes,
    #[error("no such team")]
    NoSuchTeam,
    #[error("a team is listed twice")]
    TeamTwice,
    #[error("{teams} teams: the tournament's groups of four need 4, 8 or 16 (5.3–5.5)")]
    TeamCount { teams: u32 },
    #[error("«{team}» has {players} players; a tour's four rounds need four (5.8)")]
    TooFewPlayers { team: String, players: u32 },
    #[error("the groups are fixed once a game has started")]
    SeedingFixed,
    #[error("no teams have been drawn into groups yet")]
    NotSeeded,
    #[error("no such group in this stage")]
    NoSuchGroup,
    #[error("this group's game has been played")]
    GroupPlayed,
    #[error("another group's game is in play")]
    GameInPlay,
    #[error("no game is in play")]
    NoGame,
    #[error("the tournament is over")]
    TournamentOver,
    #[error("this team does not play in the game now")]
    NotInGame,
    #[error("only a team's captain (or the host, naming the team) sets a line-up")]
    NotATeam,
    #[error("a tie decides who goes on or who wins: the host settles it first (5.4, 5.5)")]
    TieToSettle,
    #[error("no tie waits to be settled")]
    NoTie,
    #[error("a shoot-off question is in play")]
    ShootOffInPlay,
    #[error("no shoot-off question is in play")]
    NoShootOff,
    #[error("nobody is answering the shoot-off question")]
    NobodyAnswering,
    #[error("a team is answering the shoot-off question: judge its answer first")]
    ShootOffAnswering,
    #[error("{0}")]
    Step(GameStep),
    #[error("{0}")]
    Lineup(LineupFault),
}
