//! Эрудит-квартет's examples for the tests' authorization matrix and fuzz
//! (the `examples` feature): a command of every variant, who may send each
//! by the rules, and a game to play. What must not live here: anything the
//! game itself runs on.

use super::{EruditCommand, EruditPlayError, EruditTiming, EruditTournament};
use crate::ids::TeamId;
use crate::play::examples::{Examples, Forged, HOST, HOST_OR_TEAM, MidGame, Params, Senders};
use crate::play::games::{GameError, GameSettings};

impl Examples for EruditTournament {
    type Command = EruditCommand;

    fn commands(p: &Params) -> Vec<EruditCommand> {
        let (a, b, flag, big) = (p.a, p.b, p.flag, p.big);
        vec![
            EruditCommand::LoadPackage {
                file_name: "эрудит.4s".into(),
                bytes: p.text.clone().into_bytes(),
            },
            EruditCommand::SetTiming {
                timing: EruditTiming {
                    lineup_ms: big % 120_000,
                    semi_open_lineup_ms: u64::from(a) * 1_000,
                    silence_ms: u64::from(b) * 1_000,
                },
            },
            EruditCommand::Seed {
                teams: (1..=a % 8).map(TeamId).collect(),
                seed: big,
            },
            EruditCommand::StartGame { group: b },
            EruditCommand::OpenLineup,
            EruditCommand::CloseLineup,
            EruditCommand::SetLineup {
                // A team's captain names no team; the host names the team.
                team: None,
                players: p.players(),
            },
            EruditCommand::Read,
            EruditCommand::EndReading,
            EruditCommand::Reread,
            EruditCommand::Judge { correct: flag },
            EruditCommand::Next,
            // A deciding tie (5.4, 5.5).
            EruditCommand::ShootOffQuestion,
            EruditCommand::ShootOffJudge { correct: flag },
            EruditCommand::ShootOffNobody,
            EruditCommand::DrawLot { seed: big },
        ]
    }

    /// The host runs the groups' games and judges at the table; a captain
    /// sends the team's own line-up (5.7; the host may send it naming the
    /// team, for a laptop that failed).
    fn senders(command: &EruditCommand) -> Senders {
        match command {
            EruditCommand::LoadPackage { .. }
            | EruditCommand::SetTiming { .. }
            | EruditCommand::Seed { .. }
            | EruditCommand::StartGame { .. }
            | EruditCommand::OpenLineup
            | EruditCommand::CloseLineup
            | EruditCommand::Read
            | EruditCommand::EndReading
            | EruditCommand::Reread
            | EruditCommand::Judge { .. }
            | EruditCommand::Next
            | EruditCommand::ShootOffQuestion
            | EruditCommand::ShootOffJudge { .. }
            | EruditCommand::ShootOffNobody
            | EruditCommand::DrawLot { .. } => HOST,
            EruditCommand::SetLineup { .. } => HOST_OR_TEAM,
        }
    }

    fn settings() -> GameSettings {
        GameSettings::Erudit(EruditTiming::default())
    }

    /// 5.7: a captain sets their own team's line-up; naming another team
    /// is refused by the game.
    fn forged(_own: TeamId, other: TeamId) -> Vec<(EruditCommand, Forged)> {
        vec![(
            EruditCommand::SetLineup {
                team: Some(other),
                players: vec!["Игрок 1.1".into()],
            },
            Forged::Refused(GameError::Erudit(EruditPlayError::NotATeam)),
        )]
    }

    /// Added, nothing played yet.
    fn mid_game() -> MidGame {
        MidGame {
            settings: <Self as Examples>::settings(),
            script: Vec::new(),
        }
    }
}
