//! «Своя игра»'s examples for the tests' authorization matrix and fuzz
//! (the `examples` feature): a command of every variant, who may send each
//! by the house's rules, and a round in mid-play. What must not live here:
//! anything the game itself runs on.

use super::{OwnGame, OwnGameCommand, OwnGameSettings};
use crate::identity::Identity;
use crate::play::examples::{Examples, HOST, MidGame, Params, Senders};
use crate::play::games::GameSettings;

impl Examples for OwnGame {
    type Command = OwnGameCommand;

    fn commands(p: &Params) -> Vec<OwnGameCommand> {
        vec![
            OwnGameCommand::Choose { question: p.b % 6 },
            OwnGameCommand::Arm,
            OwnGameCommand::Judge { right: p.flag },
            OwnGameCommand::Close,
        ]
    }

    /// The host runs and judges; the teams only press.
    fn senders(command: &OwnGameCommand) -> Senders {
        match command {
            OwnGameCommand::Choose { .. }
            | OwnGameCommand::Arm
            | OwnGameCommand::Judge { .. }
            | OwnGameCommand::Close => HOST,
        }
    }

    fn settings() -> GameSettings {
        GameSettings::OwnGame(OwnGameSettings::default())
    }

    /// The board's first question open.
    fn mid_game() -> MidGame {
        MidGame {
            settings: <Self as Examples>::settings(),
            script: vec![(
                Identity::Host,
                OwnGameCommand::Choose { question: 0 }.into(),
            )],
        }
    }
}
