//! Messages from the server to a terminal.

use serde::{Deserialize, Serialize};

use crate::ids::{GameId, JudgeId, TeamId};
use crate::play::brain_ring::{PressKind, RingFightView, RingPlayError};
use crate::play::games::{GameReceipt, PlayError};
use crate::programme::ProgrammeError;
use crate::time::ServerTime;
use crate::wire::view::View;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ServerMsg {
    Pong {
        client_time_us: u64,
        server_time: ServerTime,
    },
    /// The answer to `ClientMsg::Command { request, .. }`, sent only after
    /// what it acknowledges is durable.
    Ack {
        request: u64,
        result: Result<Receipt, CommandError>,
    },
    /// Everything this terminal may see, replacing the previous view.
    View(Box<View>),
    /// One Brain-ring fight changed and nothing else did (a press): it
    /// replaces the fight with the same id wherever the last view shows it
    /// ([`View::apply_fight`]). Sent to the fight's screens right behind the
    /// verdict, so the lockout reaches the other table, the host and the
    /// projector without a whole view being built and sent.
    Fight(Box<RingFightView>),
}

/// What the server did with an accepted command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Receipt {
    Done,
    TeamRegistered {
        team: TeamId,
    },
    JudgeAdded {
        judge: JudgeId,
    },
    /// The server's verdict on a Brain-ring press, sent at once.
    Press {
        kind: PressKind,
        arrived_at: ServerTime,
        since_arming_us: Option<i64>,
    },
    RingAppealFiled {
        appeal: u32,
    },
    GameAdded {
        game: GameId,
    },
    /// What a game's format answered.
    Game {
        game: GameId,
        receipt: GameReceipt,
    },
}

/// Why a command was refused. The connection stays open: these are the
/// game's rules speaking, not a protocol violation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum CommandError {
    #[error("no such team")]
    NoSuchTeam,
    #[error("a team needs from {min} to {max} players, this one has {got}")]
    PlayerCount { min: u32, max: u32, got: u32 },
    #[error("a team named «{0}» is registered already")]
    DuplicateTeam(String),
    #[error("a name must not be empty")]
    EmptyName,
    #[error("the text is too long ({got} characters, at most {max})")]
    TooLong { got: u32, max: u32 },
    #[error("the settings are not valid: {0}")]
    Settings(String),
    #[error("the server could not store this: {0}")]
    Storage(String),
    #[error("Брейн-ринг: {0}")]
    Ring(RingPlayError),
    #[error("the ChGK results needed here are not there: {0}")]
    Qualification(String),
    /// The connection checks roles first; this is the core's own check
    /// answering should that check ever let a command through.
    #[error("your role may not do this")]
    Forbidden,
    #[error("there is no such game in the programme")]
    NoSuchGame,
    /// A game's format refused the command.
    #[error("{0}")]
    Play(PlayError),
    #[error("the programme: {0}")]
    Programme(ProgrammeError),
    /// A team that has handed in a card or an answer, pressed, or been
    /// drawn into Brain-ring is part of the results: it cannot be removed.
    #[error("the team has played already and is part of the results: it cannot be removed")]
    TeamHasPlayed,
}
