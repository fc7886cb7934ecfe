//! What became of this terminal's commands to the programme's games: every
//! Ack is kept (the latest few), so a format's screen can show an answer's
//! receipt or refusal in place, on its card, even before the next view
//! arrives (which of them are shown in place, not as a toast, the format
//! says: [`GameCommand::outcome_in_place`]).

use minuta_shared::ids::GameId;
use minuta_shared::play::games::{GameCommand, GameReceipt};
use minuta_shared::wire::server::{CommandError, Receipt};

/// The server's answer to one game command of this terminal.
#[derive(Clone, Debug, PartialEq)]
pub struct GameAck {
    pub game: GameId,
    pub command: GameCommand,
    pub result: Result<GameReceipt, CommandError>,
}

/// How many Acks are kept: a screen looks at the latest ones only.
pub const KEPT_ACKS: usize = 64;

/// The game's receipt inside the wire's, if the server sent one.
pub fn game_result(
    result: &Result<Receipt, CommandError>,
) -> Option<Result<GameReceipt, CommandError>> {
    match result {
        Ok(Receipt::Game { receipt, .. }) => Some(Ok(receipt.clone())),
        Ok(_) => None,
        Err(error) => Some(Err(error.clone())),
    }
}
