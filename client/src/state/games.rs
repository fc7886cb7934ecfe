//! What became of this terminal's commands to the programme's games: every
//! Ack is kept (the latest few), so a format's screen can show an answer's
//! receipt or refusal in place, on its card, even before the next view
//! arrives; and which of them are too frequent, or shown in place, to be
//! worth a toast.

use minuta_shared::ids::GameId;
use minuta_shared::play::brain_ring::RingCommand;
use minuta_shared::play::chgk::ChgkCommand;
use minuta_shared::play::erudit::EruditCommand;
use minuta_shared::play::games::{GameCommand, GameReceipt};
use minuta_shared::play::multigames::MultigamesCommand;
use minuta_shared::play::neptune::NeptuneCommand;
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

/// Whether the outcome shows where the person is looking, so a toast would
/// only bury the screen: a team's answer (its card shows the receipt or
/// the refusal), a judge's credit (the answer's row shows it; a refusal
/// does get a toast), and the host's clicks that run a Brain-ring question
/// (several a minute, each seen at once on the fight panel; a refusal does
/// get a toast). Нептун: a card, a captain's bid, declaration and split
/// show their receipt or refusal on the team's own screen; a mark on the
/// Негатив sheet and the host's steps are seen at once where clicked (a
/// refusal does get a toast).
pub fn shown_in_place(command: &GameCommand, succeeded: bool) -> bool {
    match command {
        GameCommand::Chgk(c) => matches!(c, ChgkCommand::SubmitCard { .. }),
        GameCommand::Multigames(c) => match c {
            MultigamesCommand::Answer { .. } => true,
            MultigamesCommand::Award { .. } => succeeded,
            _ => false,
        },
        GameCommand::Ring(c) => {
            succeeded
                && matches!(
                    c,
                    RingCommand::Read { .. }
                        | RingCommand::Arm { .. }
                        | RingCommand::Judge { .. }
                        | RingCommand::Decide { .. }
                )
        }
        GameCommand::Erudit(c) => match c {
            EruditCommand::SetLineup { .. } => true,
            EruditCommand::OpenLineup
            | EruditCommand::CloseLineup
            | EruditCommand::Read
            | EruditCommand::EndReading
            | EruditCommand::Reread
            | EruditCommand::Judge { .. }
            | EruditCommand::Next
            // The tie's panel shows each step of its settling (5.4, 5.5).
            | EruditCommand::ShootOffQuestion
            | EruditCommand::ShootOffJudge { .. }
            | EruditCommand::ShootOffNobody
            | EruditCommand::DrawLot { .. } => succeeded,
            EruditCommand::LoadPackage { .. }
            | EruditCommand::SetTiming { .. }
            | EruditCommand::Seed { .. }
            | EruditCommand::StartGame { .. } => false,
        },
        GameCommand::Neptune(c) => match c {
            NeptuneCommand::Answer { .. }
            | NeptuneCommand::Declare { .. }
            | NeptuneCommand::Bid { team: None, .. }
            | NeptuneCommand::SetSplit { team: None, .. } => true,
            NeptuneCommand::MarkPhrase { .. }
            | NeptuneCommand::Bid { team: Some(_), .. }
            | NeptuneCommand::SetSplit { team: Some(_), .. }
            | NeptuneCommand::StartContest
            | NeptuneCommand::Announce { .. }
            | NeptuneCommand::StartMinute
            | NeptuneCommand::Judge { .. }
            | NeptuneCommand::Reveal
            | NeptuneCommand::OpenBidding
            | NeptuneCommand::CloseBidding => succeeded,
            // Their receipts say what was loaded and who plays.
            NeptuneCommand::LoadPackage { .. }
            | NeptuneCommand::SetSettings { .. }
            | NeptuneCommand::Register { .. } => false,
        },
    }
}

/// Whether two game commands are the same action (a success makes the
/// earlier failures of the same action stale).
pub fn same_action(a: &GameCommand, b: &GameCommand) -> bool {
    #[allow(unreachable_patterns)]
    match (a, b) {
        (GameCommand::Multigames(a), GameCommand::Multigames(b)) => {
            std::mem::discriminant(a) == std::mem::discriminant(b)
        }
        (GameCommand::Chgk(a), GameCommand::Chgk(b)) => {
            std::mem::discriminant(a) == std::mem::discriminant(b)
        }
        (GameCommand::Ring(a), GameCommand::Ring(b)) => {
            std::mem::discriminant(a) == std::mem::discriminant(b)
        }
        (GameCommand::Erudit(a), GameCommand::Erudit(b)) => {
            std::mem::discriminant(a) == std::mem::discriminant(b)
        }
        (GameCommand::Neptune(a), GameCommand::Neptune(b)) => {
            std::mem::discriminant(a) == std::mem::discriminant(b)
        }
        _ => false,
    }
}
