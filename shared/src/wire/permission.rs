//! Who may send what: the one place every message's role is checked.

use crate::identity::Role;
use crate::wire::client::Command;

/// Whether `role` may send `command`. A team's commands carry no team id: the
/// team is the connection's identity, so a team can only ever act as itself.
pub fn permitted(role: Role, command: &Command) -> bool {
    use Command::*;
    match command {
        SetUpTournament { .. }
        | RegisterTeam { .. }
        | EditTeam { .. }
        | RemoveTeam { .. }
        | ImportTeams { .. }
        | AddJudge { .. }
        | Qualify { .. }
        | SettleCut { .. }
        | SettlePrizeTie { .. }
        | AddGame { .. }
        | SetProgramme { .. }
        | TakeBackAppeals => role == Role::Host,
        Game { command, .. } => command.permitted(role),
        Press { .. } => role == Role::Team,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{GameId, QuestionId};
    use crate::play::chgk::{ChgkCommand, Verdict};
    use crate::play::games::GameCommand;

    fn chgk(command: ChgkCommand) -> Command {
        Command::Game {
            game: GameId(0),
            command: GameCommand::Chgk(command),
        }
    }

    #[test]
    fn only_teams_hand_in_cards_and_only_the_host_controls() {
        let card = chgk(ChgkCommand::SubmitCard {
            question: QuestionId(0),
            text: "x".into(),
        });
        let start = chgk(ChgkCommand::StartMinute);
        let press = Command::Press { clock_offset_us: 0 };
        let arm = Command::game(
            crate::play::brain_ring::EVENT_RING,
            crate::play::brain_ring::RingCommand::Arm {
                fight: crate::play::brain_ring::FightId(1),
            },
        );
        let judge = chgk(ChgkCommand::Judge {
            question: QuestionId(0),
            group: "x".into(),
            verdict: Verdict::Correct,
        });
        let import = Command::ImportTeams { teams: Vec::new() };
        // 5.4, 5.5: the host alone settles a deciding tie.
        let lot = Command::game(
            crate::ids::GameId(3),
            crate::play::erudit::EruditCommand::DrawLot { seed: 7 },
        );
        let shoot_off = Command::game(
            crate::ids::GameId(3),
            crate::play::erudit::EruditCommand::ShootOffQuestion,
        );
        // 4.3: the host alone records the settlement of a tie at the cut.
        let cut = Command::SettleCut {
            game: crate::ids::GameId(1),
            places: 2,
            seed: 1,
            step: crate::wire::client::CutStep::Lot { seed: 7 },
        };
        let table = [
            (Role::Host, &cut, true),
            (Role::Judge, &cut, false),
            (Role::Team, &cut, false),
            (Role::Display, &cut, false),
            (Role::Host, &import, true),
            (Role::Judge, &import, false),
            (Role::Team, &import, false),
            (Role::Host, &lot, true),
            (Role::Team, &lot, false),
            (Role::Judge, &lot, false),
            (Role::Display, &lot, false),
            (Role::Host, &shoot_off, true),
            (Role::Team, &shoot_off, false),
            (Role::Team, &card, true),
            (Role::Host, &card, false),
            (Role::Display, &card, false),
            (Role::Team, &start, false),
            (Role::Judge, &start, false),
            (Role::Host, &start, true),
            (Role::Judge, &judge, true),
            (Role::Host, &judge, true),
            (Role::Team, &judge, false),
            (Role::Display, &judge, false),
            (Role::Team, &press, true),
            (Role::Host, &press, false),
            (Role::Team, &arm, false),
            (Role::Judge, &arm, false),
            (Role::Host, &arm, true),
        ];
        for (role, cmd, want) in table {
            assert_eq!(permitted(role, cmd), want, "{role:?} {cmd:?}");
        }
    }
}
