//! Мультиигры's examples for the tests' authorization matrix and fuzz (the
//! `examples` feature): a command of every variant, who may send each by
//! the rules, and a game in mid-play. What must not live here: anything the
//! game itself runs on.

use super::{
    AppealNo, MultigamesCommand, MultigamesGame, MultigamesSettings, TaskAppealKind, TaskDraft,
    TaskId, TourNo,
};
use crate::identity::Identity;
use crate::ids::TeamId;
use crate::play::examples::{Examples, HOST, HOST_OR_JURY, MidGame, Params, STAFF, Senders, TEAM};
use crate::play::games::GameSettings;
use crate::play::multigames::rules::Credit;

impl Examples for MultigamesGame {
    type Command = MultigamesCommand;

    fn commands(p: &Params) -> Vec<MultigamesCommand> {
        let (a, b, flag) = (p.a, p.b, p.flag);
        let text = p.text.clone();
        let credit = Credit::from_int(i64::from(b) - 1);
        let task = TaskId(a);
        vec![
            MultigamesCommand::AddTour {
                title: text.clone(),
            },
            MultigamesCommand::AddTask {
                tour: TourNo(b % 3),
                task: TaskDraft {
                    title: "Ребус".into(),
                    text: text.clone(),
                    answer: "ответ".into(),
                    comment: String::new(),
                    points: credit,
                    seconds: a,
                },
            },
            MultigamesCommand::Announce { task },
            MultigamesCommand::Start { task },
            MultigamesCommand::Reveal { task },
            MultigamesCommand::Finish,
            MultigamesCommand::Award {
                task,
                team: TeamId(b),
                points: credit,
            },
            MultigamesCommand::Answer {
                task,
                text: text.clone(),
            },
            MultigamesCommand::Appeal {
                task,
                kind: if flag {
                    TaskAppealKind::AcceptMyAnswer
                } else {
                    TaskAppealKind::TaskIncorrect
                },
                text: text.clone(),
            },
            MultigamesCommand::DecideAppeal {
                appeal: AppealNo(b),
                upheld: flag,
                points: flag.then_some(credit),
                reply: text,
            },
        ]
    }

    /// The host runs the game; judges (besides the host) credit answers; a
    /// team answers and appeals.
    fn senders(command: &MultigamesCommand) -> Senders {
        match command {
            MultigamesCommand::AddTour { .. }
            | MultigamesCommand::AddTask { .. }
            | MultigamesCommand::Announce { .. }
            | MultigamesCommand::Start { .. }
            | MultigamesCommand::Reveal { .. }
            | MultigamesCommand::Finish => HOST,
            MultigamesCommand::Award { .. } => STAFF,
            MultigamesCommand::Answer { .. } | MultigamesCommand::Appeal { .. } => TEAM,
            // 6.5: «Окончательное решение по апелляции принимает АЖ»;
            // the host when no jury sits (a rule of the game, not a role).
            MultigamesCommand::DecideAppeal { .. } => HOST_OR_JURY,
        }
    }

    fn settings() -> GameSettings {
        GameSettings::Multigames(MultigamesSettings::default())
    }

    /// A running two-second task answered by team 1, a second one waiting.
    fn mid_game() -> MidGame {
        let task = |title: &str| TaskDraft {
            title: title.into(),
            text: "Задание".into(),
            answer: "Ответ".into(),
            comment: String::new(),
            points: Credit::from_int(2),
            seconds: 2,
        };
        let host = |c: MultigamesCommand| (Identity::Host, c.into());
        MidGame {
            settings: <Self as Examples>::settings(),
            script: vec![
                host(MultigamesCommand::AddTour {
                    title: "Тур".into(),
                }),
                host(MultigamesCommand::AddTask {
                    tour: TourNo(0),
                    task: task("Ребус"),
                }),
                host(MultigamesCommand::AddTask {
                    tour: TourNo(0),
                    task: task("Кроссворд"),
                }),
                host(MultigamesCommand::Announce { task: TaskId(0) }),
                host(MultigamesCommand::Start { task: TaskId(0) }),
                (
                    Identity::Team(TeamId(1)),
                    MultigamesCommand::Answer {
                        task: TaskId(0),
                        text: "Ответ".into(),
                    }
                    .into(),
                ),
            ],
        }
    }
}
