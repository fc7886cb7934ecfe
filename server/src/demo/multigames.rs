//! «Мультиигры» in the demo (section 6): a programme of six tours (6.2) of
//! two tasks each, and what its robots decide — the autopilot host's next
//! steps, a robot team's answer and appeal (6.4), the appeal jury's
//! decision (6.5) — as pure functions of what each of them sees, so they
//! are tested without a server.
//!
//! Every task has the author's answer (full credit from the host), a
//! partial answer (partial credit), and an alternative wording the host
//! does not accept but the АЖ upholds on appeal.

use std::time::Duration;

use minuta_shared::ids::GameId;
use minuta_shared::play::games::{GameCommand, GameReceipt, GameSettings};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    AppealRow, MAX_TASK_SECONDS, MultigamesCommand as C, MultigamesReceipt, MultigamesSettings,
    MultigamesStaffView, MultigamesTeamView, StaffTask, TaskAppealKind, TaskDraft, TaskId,
    TaskStatus,
};
use minuta_shared::seed::Rng;
use minuta_shared::text::normalise_answer;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;

use super::DemoConfig;

/// The game's name in the programme.
pub const GAME_NAME: &str = "Мультиигры";

/// One task of the demo programme; points in hundredths.
struct DemoTask {
    title: &'static str,
    text: &'static str,
    answer: &'static str,
    partial: &'static str,
    /// Right in substance, not as the author wrote it: the АЖ's to accept.
    alternative: &'static str,
    comment: &'static str,
    points: i64,
    partial_points: i64,
    /// The task's time in demo minutes.
    minutes: u32,
}

struct DemoTour {
    title: &'static str,
    tasks: [DemoTask; 2],
}

/// How many tours the demo's programme has (6.2: six).
pub(super) const PROGRAMME_TOURS: usize = PROGRAMME.len();

const PROGRAMME: [DemoTour; 6] = [
    DemoTour {
        title: "Анаграммы и шарады",
        tasks: [
            DemoTask {
                title: "Анаграммы",
                text: "Переставьте буквы: «АПЕЛЬСИН» — порода собаки, «КУЛОН» — цирковой артист. Запишите оба слова.",
                answer: "Спаниель, клоун",
                partial: "Спаниель",
                alternative: "Клоун и спаниель",
                comment: "Буквы те же, порядок другой.",
                points: 300,
                partial_points: 150,
                minutes: 1,
            },
            DemoTask {
                title: "Шарада",
                text: "Моё первое — нота, второе — тоже нота, целое — бобовое растение. А если второе — «сад»? Запишите оба слова.",
                answer: "Фасоль, фасад",
                partial: "Фасоль",
                alternative: "Фасад и фасоль",
                comment: "Фа + соль, фа + сад.",
                points: 200,
                partial_points: 100,
                minutes: 1,
            },
        ],
    },
    DemoTour {
        title: "Ребусы",
        tasks: [
            DemoTask {
                title: "Ребусы с числами",
                text: "Разгадайте ребусы: «100Л» и «7Я».",
                answer: "Стол, семья",
                partial: "Стол",
                alternative: "Семья и стол",
                comment: "Сто + Л, семь + Я.",
                points: 300,
                partial_points: 150,
                minutes: 1,
            },
            DemoTask {
                title: "Ещё ребусы",
                text: "Разгадайте ребусы: «40А» и «ВИ3НА».",
                answer: "Сорока, витрина",
                partial: "Сорока",
                alternative: "Витрина и сорока",
                comment: "Сорок + А, ви + три + на.",
                points: 200,
                partial_points: 100,
                minutes: 1,
            },
        ],
    },
    DemoTour {
        title: "Логика",
        tasks: [
            DemoTask {
                title: "Переправа",
                text: "Крестьянину нужно перевезти волка, козу и капусту; в лодку помещается один груз. Кого он везёт первым рейсом и кого последним?",
                answer: "Козу, козу",
                partial: "Козу",
                alternative: "Первой и последней — козу",
                comment: "Коза, волк (назад козу), капуста, коза.",
                points: 300,
                partial_points: 150,
                minutes: 1,
            },
            DemoTask {
                title: "Числовые ряды",
                text: "Продолжите ряды: 1, 1, 2, 3, 5, 8, … и 2, 4, 8, 16, …",
                answer: "13, 32",
                partial: "13",
                alternative: "Тринадцать и тридцать два",
                comment: "Фибоначчи и степени двойки.",
                points: 200,
                partial_points: 100,
                minutes: 1,
            },
        ],
    },
    DemoTour {
        title: "Кроссворды",
        tasks: [
            DemoTask {
                title: "Мини-кроссворд",
                text: "По горизонтали: столица России (6 букв). По вертикали: река в Санкт-Петербурге (4 буквы). Впишите оба слова.",
                answer: "Москва, Нева",
                partial: "Москва",
                alternative: "Нева и Москва",
                comment: "Оба слова пересекаются на букве «В».",
                points: 400,
                partial_points: 200,
                minutes: 2,
            },
            DemoTask {
                title: "Филворд",
                text: "В строке «ЗВЕНЕРАСАТУРНЮ» спрятаны две планеты. Назовите их.",
                answer: "Венера, Сатурн",
                partial: "Венера",
                alternative: "Сатурн и Венера",
                comment: "З-ВЕНЕРА-САТУРН-Ю.",
                points: 300,
                partial_points: 150,
                minutes: 1,
            },
        ],
    },
    DemoTour {
        title: "Загадки и пословицы",
        tasks: [
            DemoTask {
                title: "Загадки",
                text: "«Зимой и летом одним цветом». «Без окон, без дверей, полна горница людей». Отгадайте обе загадки.",
                answer: "Ёлка, огурец",
                partial: "Ёлка",
                alternative: "Ель и огурец",
                comment: "Народные загадки.",
                points: 200,
                partial_points: 100,
                minutes: 1,
            },
            DemoTask {
                title: "Пословицы",
                text: "Закончите пословицы: «Тише едешь — …» и «Без труда не выловишь …».",
                answer: "Дальше будешь, рыбку из пруда",
                partial: "Дальше будешь",
                alternative: "Дальше будешь; и рыбку из пруда",
                comment: "Обе — из словаря Даля.",
                points: 300,
                partial_points: 150,
                minutes: 1,
            },
        ],
    },
    DemoTour {
        title: "Финал",
        tasks: [
            DemoTask {
                title: "Метаграмма",
                text: "Слово из трёх букв: с «К» в начале — домашнее животное, с «Р» — часть лица. Запишите оба слова.",
                answer: "Кот, рот",
                partial: "Кот",
                alternative: "Рот и кот",
                comment: "Одна буква меняет всё.",
                points: 200,
                partial_points: 100,
                minutes: 1,
            },
            DemoTask {
                title: "Большой ребус",
                text: "Разгадайте ребусы: «ПАР + ОХОД» и «КАР + ТИНА».",
                answer: "Пароход, картина",
                partial: "Пароход",
                alternative: "Картина и пароход",
                comment: "Слова склеены из двух частей.",
                points: 500,
                partial_points: 250,
                minutes: 2,
            },
        ],
    },
];

/// Answers a robot team writes when it has not solved a task.
const WRONG: [&str; 6] = [
    "Не знаем",
    "Кошка, собака",
    "Луна",
    "Семь",
    "Пушкин",
    "Арбуз, дыня",
];

fn hundredths(n: i64) -> Credit {
    Credit {
        atto: i128::from(n) * 10_000_000_000_000_000,
    }
}

fn same(a: &str, b: &str) -> bool {
    normalise_answer(a) == normalise_answer(b)
}

/// The programme's task with this author's answer.
fn by_answer(answer: &str) -> Option<&'static DemoTask> {
    PROGRAMME
        .iter()
        .flat_map(|t| &t.tasks)
        .find(|t| same(t.answer, answer))
}

/// The programme's task with this text (all a team sees).
fn by_text(text: &str) -> Option<&'static DemoTask> {
    PROGRAMME
        .iter()
        .flat_map(|t| &t.tasks)
        .find(|t| t.text == text)
}

fn game(game: GameId, command: C) -> Command {
    Command::Game {
        game,
        command: GameCommand::Multigames(command),
    }
}

/// Adds the demo's Мультиигры game with the programme's first `tours`
/// tours through `host` (the core, as the host).
pub(super) fn set_up(
    demo: &DemoConfig,
    tours: usize,
    mut host: impl FnMut(Command) -> Result<Receipt, String>,
) -> Result<(), String> {
    let ms = |d: Duration, max: u64| (d.as_millis() as u64).min(max);
    let settings = MultigamesSettings {
        appeals: true,
        grace_ms: ms(demo.scaled(Duration::from_secs(3)), 60_000),
        warning_before_end_ms: ms(demo.scaled(Duration::from_secs(10)), 600_000),
    };
    let receipt = host(Command::AddGame {
        name: GAME_NAME.into(),
        settings: GameSettings::Multigames(settings),
    })?;
    let Receipt::GameAdded { game: id } = receipt else {
        return Err(format!("adding the Мультиигры game: {receipt:?}"));
    };
    for tour in PROGRAMME.iter().take(tours) {
        let receipt = host(game(
            id,
            C::AddTour {
                title: tour.title.into(),
            },
        ))?;
        let Receipt::Game {
            receipt: GameReceipt::Multigames(MultigamesReceipt::TourAdded { tour: number }),
            ..
        } = receipt
        else {
            return Err(format!("adding the tour «{}»: {receipt:?}", tour.title));
        };
        for task in &tour.tasks {
            let seconds = demo
                .minute_secs()
                .saturating_mul(task.minutes)
                .min(MAX_TASK_SECONDS);
            host(game(
                id,
                C::AddTask {
                    tour: number,
                    task: TaskDraft {
                        title: task.title.into(),
                        text: task.text.into(),
                        answer: task.answer.into(),
                        comment: task.comment.into(),
                        points: hundredths(task.points),
                        seconds,
                    },
                },
            ))?;
        }
    }
    Ok(())
}

/// Which tasks the host may announce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Scope {
    /// Every task, tour after tour (the Мультиигры demo).
    All,
    /// Only this tour's (a festival's slot, tours from 0).
    Tour(u32),
    /// None: only the task in play is finished, and the game once done.
    Nothing,
}

/// The host's next steps in one game, and how many pauses must have passed
/// since its last step (two before a new tour, for the appeals of 6.4).
pub(super) fn host_steps(
    id: GameId,
    view: &MultigamesStaffView,
    scope: Scope,
) -> Option<(u32, Vec<Command>)> {
    if view.finished {
        return None;
    }
    let tasks: Vec<&StaffTask> = view.tours.iter().flat_map(|t| &t.tasks).collect();
    let current = view
        .current
        .and_then(|c| tasks.iter().copied().find(|t| t.heading.id == c));
    if let Some(task) = current {
        let tid = task.heading.id;
        match task.heading.status {
            TaskStatus::Announced => return Some((1, vec![game(id, C::Start { task: tid })])),
            TaskStatus::Running => return None,
            TaskStatus::Over => {
                let mut steps: Vec<Command> = task
                    .answers
                    .iter()
                    .filter(|a| !a.late && a.points.is_none())
                    .map(|a| {
                        game(
                            id,
                            C::Award {
                                task: tid,
                                team: a.team,
                                points: credit_for(task, &a.text),
                            },
                        )
                    })
                    .collect();
                steps.push(game(id, C::Reveal { task: tid }));
                return Some((1, steps));
            }
            TaskStatus::Waiting | TaskStatus::Revealed => {}
        }
    }
    let open_appeals = view.appeals.iter().any(|a| a.decision.is_none());
    let waiting = |t: &&&StaffTask| {
        t.heading.status == TaskStatus::Waiting && t.heading.clock.is_none() && !t.heading.withdrawn
    };
    let next = tasks.iter().filter(waiting).find(|t| match scope {
        Scope::All => true,
        Scope::Tour(tour) => t.heading.tour.0 == tour,
        Scope::Nothing => false,
    });
    if next.is_none() && tasks.iter().any(|t| waiting(&t)) {
        // Tasks left for another slot of the programme.
        return None;
    }
    match next {
        Some(next) => {
            let new_tour = current.is_none_or(|c| c.heading.tour != next.heading.tour);
            // 6.4: a tour's appeals are decided before the next tour.
            if new_tour && open_appeals {
                return None;
            }
            let pauses = if new_tour { 2 } else { 1 };
            Some((
                pauses,
                vec![game(
                    id,
                    C::Announce {
                        task: next.heading.id,
                    },
                )],
            ))
        }
        None if open_appeals => None,
        None => Some((2, vec![game(id, C::Finish)])),
    }
}

/// Full credit for the author's answer, partial for the partial one, none
/// otherwise (an alternative wording is the АЖ's to accept).
fn credit_for(task: &StaffTask, text: &str) -> Credit {
    if same(text, &task.answer) {
        return task.heading.points;
    }
    match by_answer(&task.answer) {
        Some(demo) if same(text, demo.partial) => hundredths(demo.partial_points),
        _ => Credit::ZERO,
    }
}

/// A robot team's answer to a started task: what it writes and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Answer {
    pub task: TaskId,
    pub text: String,
    pub at: ServerTime,
    pub late: bool,
}

/// A team's deterministic choices for one task of one game.
fn rng(seed: u64, id: GameId, task: TaskId, purpose: u64) -> Rng {
    Rng::new(seed ^ (u64::from(id.0) << 40) ^ (u64::from(task.0) << 8) ^ purpose)
}

/// What a robot team of `skill` (0..1) does about the current task, if it
/// is running and not yet answered: one time in ten it answers after the
/// grace (kept, flagged late, never scored).
pub(super) fn team_answer(
    id: GameId,
    view: &MultigamesTeamView,
    seed: u64,
    skill: f64,
) -> Option<Answer> {
    let current = view.current.as_ref()?;
    let text = current.text.as_deref()?;
    let clock = current.heading.clock.as_ref()?;
    let task = current.heading.id;
    if current.heading.status != TaskStatus::Running || view.answers.iter().any(|a| a.task == task)
    {
        return None;
    }
    let mut rng = rng(seed, id, task, 1);
    let demo = by_text(text);
    let written = match demo {
        Some(d) if rng.unit() < skill => match rng.below(3) {
            0 => d.answer.to_lowercase(),
            _ => d.answer.to_owned(),
        },
        Some(d) => match rng.below(10) {
            0..=2 => d.alternative.to_owned(),
            3..=6 => d.partial.to_owned(),
            _ => WRONG[rng.below(WRONG.len() as u64) as usize].to_owned(),
        },
        None => WRONG[rng.below(WRONG.len() as u64) as usize].to_owned(),
    };
    let time = clock.ends_at.since(clock.started_at);
    let late = rng.unit() < 0.1;
    let at = if late {
        clock
            .accept_until
            .plus(time.mul_f64(0.2).max(Duration::from_millis(100)))
    } else {
        // Solving takes 20–90 % of the task's time.
        clock.started_at.plus(time.mul_f64(0.2 + 0.7 * rng.unit()))
    };
    Some(Answer {
        task,
        text: written,
        at,
        late,
    })
}

/// An appeal for the team's own answer (6.4), once its credit is revealed
/// short of full: nearly always for an alternative wording, now and then
/// for a partial or wrong one.
pub(super) fn team_appeal(
    id: GameId,
    view: &MultigamesTeamView,
    seed: u64,
) -> Option<(TaskId, String)> {
    view.answers.iter().find_map(|a| {
        let reveal = a.reveal.as_ref()?;
        let short = reveal.points.is_some_and(|p| p < reveal.max);
        let filed = view.appeals.iter().any(|x| x.task == a.task);
        if a.late || !short || filed || !view.appealable.contains(&a.task) {
            return None;
        }
        let alternative = by_answer(&reveal.answer).is_some_and(|d| same(&a.text, d.alternative));
        let chance = if alternative { 0.9 } else { 0.15 };
        (rng(seed, id, a.task, 2).unit() < chance).then(|| {
            (
                a.task,
                format!(
                    "Просим засчитать наш ответ «{}»: по смыслу он верен.",
                    a.text
                ),
            )
        })
    })
}

/// The appeal command for [`team_appeal`]'s choice.
pub(super) fn appeal_command(id: GameId, task: TaskId, text: String) -> Command {
    game(
        id,
        C::Appeal {
            task,
            kind: TaskAppealKind::AcceptMyAnswer,
            text,
        },
    )
}

/// The answer command for [`team_answer`]'s choice.
pub(super) fn answer_command(id: GameId, answer: &Answer) -> Command {
    game(
        id,
        C::Answer {
            task: answer.task,
            text: answer.text.clone(),
        },
    )
}

/// 6.5: the АЖ upholds an appeal for an alternative wording of the author's
/// answer (with full credit) and rejects every other.
pub(super) fn jury_decisions(id: GameId, view: &MultigamesStaffView) -> Vec<(AppealRow, Command)> {
    let tasks: Vec<&StaffTask> = view.tours.iter().flat_map(|t| &t.tasks).collect();
    view.appeals
        .iter()
        .filter(|a| a.decision.is_none())
        .map(|a| {
            let task = tasks.iter().find(|t| t.heading.id == a.task);
            let upheld = a.kind == TaskAppealKind::AcceptMyAnswer
                && task
                    .and_then(|t| by_answer(&t.answer))
                    .zip(a.answer.as_deref())
                    .is_some_and(|(d, answer)| same(answer, d.alternative));
            let reply = if upheld {
                "Апелляция удовлетворена: ответ верен по смыслу, засчитан полностью."
            } else {
                "Апелляция отклонена: ответ не совпадает с авторским."
            };
            let command = game(
                id,
                C::DecideAppeal {
                    appeal: a.id,
                    upheld,
                    points: None,
                    reply: reply.into(),
                },
            );
            (a.clone(), command)
        })
        .collect()
}

#[cfg(test)]
#[path = "multigames_tests.rs"]
mod tests;
