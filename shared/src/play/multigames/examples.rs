//! Мультиигры's examples for the tests' authorization matrix and fuzz (the
//! `examples` feature): a command of every variant, who may send each by
//! the rules, and a game in mid-play; and, for the leakage test, what its
//! screens may not show and when its events reveal its texts. What must not
//! live here: anything the game itself runs on.

use std::collections::BTreeSet;

use super::{
    AppealNo, MultigamesCommand, MultigamesDisplayView, MultigamesEvent, MultigamesGame,
    MultigamesSettings, MultigamesStaffView, MultigamesTeamView, TaskAppealKind, TaskDraft, TaskId,
    TourNo,
};
use crate::identity::Identity;
use crate::ids::TeamId;
use crate::play::examples::{
    Examples, HOST, HOST_OR_JURY, MidGame, Params, Reveals, STAFF, Senders, TEAM,
};
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

    /// Tours' titles, tasks' numbers and titles.
    fn public_names(_game: &MultigamesGame, view: &MultigamesStaffView) -> Vec<String> {
        let mut names = Vec::new();
        for tour in &view.tours {
            names.push(tour.title.clone());
            for task in &tour.tasks {
                names.extend([task.heading.number.clone(), task.heading.title.clone()]);
            }
        }
        names
    }

    /// No other team's appeal, and no answer the team did not write.
    fn team_leaks(view: &MultigamesTeamView, me: TeamId, own: &BTreeSet<&str>) -> Vec<String> {
        let mut found: Vec<String> = view
            .appeals
            .iter()
            .filter(|a| a.team != me)
            .map(|a| format!("Мультиигры: team {}'s appeal", a.team))
            .collect();
        found.extend(
            view.answers
                .iter()
                .filter(|a| !own.contains(a.text.as_str()))
                .map(|a| format!("Мультиигры: an answer not its own: {:?}", a.text)),
        );
        found
    }

    /// The projector holds no team's text by its shape; the package's
    /// texts are checked by the time of their reveal.
    fn display_leaks(_view: &MultigamesDisplayView, _sheet: &[String]) -> Vec<String> {
        Vec::new()
    }

    /// Мультиигры sends no patches.
    fn patch_leaks(_patch: &(), _own: Option<TeamId>) -> Vec<String> {
        Vec::new()
    }

    /// A task's text at its start, its answer and comment at its reveal
    /// (never, if it was not); answers and appeals as the teams' texts.
    fn reveals(_settings: &MultigamesSettings, events: &[&MultigamesEvent]) -> Reveals {
        let mut reveals = Reveals::default();
        let mut tasks: Vec<(u32, String, Vec<String>)> = Vec::new();
        for event in events {
            match event {
                MultigamesEvent::AnswerAccepted { team, text, .. }
                | MultigamesEvent::AppealFiled { team, text, .. } => {
                    reveals.texts.push((*team, text.clone()));
                }
                MultigamesEvent::TaskAdded { task, draft, .. } => {
                    tasks.push((
                        task.0,
                        draft.text.clone(),
                        vec![draft.answer.clone(), draft.comment.clone()],
                    ));
                }
                MultigamesEvent::Started { task, at } => {
                    if let Some((_, text, _)) = tasks.iter_mut().find(|(t, _, _)| *t == task.0) {
                        reveals.hidden.push((std::mem::take(text), Some(*at)));
                    }
                }
                MultigamesEvent::Revealed { task, at } => {
                    if let Some(i) = tasks.iter().position(|(t, _, _)| *t == task.0) {
                        let (_, _, texts) = tasks.remove(i);
                        reveals
                            .hidden
                            .extend(texts.into_iter().map(|t| (t, Some(*at))));
                    }
                }
                _ => {}
            }
        }
        for (_, text, texts) in tasks {
            reveals.hidden.push((text, None));
            reveals.hidden.extend(texts.into_iter().map(|t| (t, None)));
        }
        reveals
    }
}
