//! The games a host adds to the programme (Мультиигры, Нептун,
//! Эрудит-квартет) on the virtual hall: the game added, a host's step to
//! it, and Нептун's teams registered, as [`crate::auction`] gives them on
//! real sockets. Nothing here decides a rule.

use std::time::Duration;

use anyhow::{Context, Result, bail};

use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::games::{GameCommand, GameSettings};
use minuta_shared::play::neptune::{NeptuneCommand, NeptuneSettings};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;

use super::VirtualHall;

impl VirtualHall {
    /// The host adds a game named `name` to the programme.
    pub fn add_game(&mut self, name: &str, settings: GameSettings) -> Result<GameId> {
        let host = self.host;
        let command = Command::AddGame {
            name: name.into(),
            settings,
        };
        match self.ok(host, command)? {
            Receipt::GameAdded { game } => Ok(game),
            other => bail!("no game «{name}» added: {other:?}"),
        }
    }

    /// The host's command to `game`, which must be accepted.
    pub fn game_ok(&mut self, game: GameId, command: impl Into<GameCommand>) -> Result<Receipt> {
        let command = command.into();
        let name: String = format!("{command:?}").chars().take(80).collect();
        let host = self.host;
        self.ok(host, Command::game(game, command)).context(name)
    }

    /// A host step that may come a moment early (the time for cards not
    /// yet over by the server's clock): tried again every 20 ms, 2 s at most.
    pub fn game_retry(&mut self, game: GameId, command: impl Into<GameCommand>) -> Result<()> {
        let command = command.into();
        let host = self.host;
        for _ in 0..100 {
            match self.command(host, Command::game(game, command.clone()))? {
                Ok(_) => return Ok(()),
                Err(_) => self.advance(Duration::from_millis(20)),
            }
        }
        bail!("{command:?} was refused for 2 s")
    }

    /// Adds a Нептун game with `settings` and registers `teams` (0.2: each
    /// with 4 to 6 players).
    pub fn add_neptune(&mut self, teams: &[TeamId], settings: NeptuneSettings) -> Result<GameId> {
        let game = self.add_game("Нептун", GameSettings::Neptune(settings))?;
        let register = NeptuneCommand::Register {
            teams: teams.to_vec(),
        };
        self.game_ok(game, register)?;
        Ok(game)
    }
}
