//! «Своя игра»'s examples for the tests' authorization matrix and fuzz (the
//! `examples` feature): a command of every variant, who may send each by
//! the house's rules, and a round in mid-play; and, for the leakage test,
//! what its screens may not show and when its events reveal its texts. What
//! must not live here: anything the game itself runs on.

use std::collections::BTreeSet;

use super::{
    OwnGame, OwnGameBoard, OwnGameCommand, OwnGameEvent, OwnGameSettings, OwnGameTeamView,
};
use crate::identity::Identity;
use crate::ids::TeamId;
use crate::play::examples::{Examples, HOST, MidGame, Params, Reveals, Senders};
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

    /// Its theme is on every screen.
    fn public_names(_game: &OwnGame, view: &OwnGameBoard) -> Vec<String> {
        vec![view.theme.clone()]
    }

    /// One board is shown to all: nothing secret.
    fn team_leaks(_view: &OwnGameTeamView, _me: TeamId, _own: &BTreeSet<&str>) -> Vec<String> {
        Vec::new()
    }

    /// One board is shown to all: nothing secret.
    fn display_leaks(_view: &OwnGameBoard, _sheet: &[String]) -> Vec<String> {
        Vec::new()
    }

    /// «Своя игра» sends no patches.
    fn patch_leaks(_patch: &(), _own: Option<TeamId>) -> Vec<String> {
        Vec::new()
    }

    /// The teams hand in no text and the game holds none (the questions
    /// are read from paper): nothing to time.
    fn reveals(_settings: &OwnGameSettings, _events: &[&OwnGameEvent]) -> Reveals {
        Reveals::default()
    }
}
