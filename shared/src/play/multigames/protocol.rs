//! Мультиигры's section of the jury's protocol: the standings, the tasks
//! with every answer and its credit, and the appeals.

use crate::jury_protocol::{Level, Protocol, Table, appeals_table, decision, missing};
use crate::play::multigames::rules::Credit;
use crate::play::roster::Roster;

use super::{Awarder, MultigamesGame, TaskAppealKind, TaskId};

/// Points as the hall reads them: a decimal comma.
fn credit(points: Credit) -> String {
    points.to_string().replace('.', ",")
}

pub(super) fn section(p: &mut Protocol, roster: &Roster, title: &str, game: &MultigamesGame) {
    p.heading(Level::Section, title);
    p.heading(Level::Sub, "Итоговая таблица");
    let mut table = Table::new(&[
        ("Место", 1.0),
        ("Команда", 4.0),
        ("Город", 3.0),
        ("Очки", 1.5),
    ]);
    for row in game.ranked(roster, |t| t.started_at.is_some()) {
        table.row(vec![
            row.place.to_string(),
            row.name,
            row.town,
            credit(row.points),
        ]);
    }
    p.table(table);

    for (i, tour) in game.tours.iter().enumerate() {
        let heading = if tour.title.trim().is_empty() {
            format!("Тур {}", i + 1)
        } else {
            format!("Тур {}. {}", i + 1, tour.title)
        };
        p.heading(Level::Sub, heading);
        if tour.tasks.is_empty() {
            p.text("В туре нет заданий.");
        }
        for task in &tour.tasks {
            p.together(|p| multigames_task(p, roster, game, *task));
        }
    }

    if !game.appeals.is_empty() {
        p.heading(Level::Sub, "Апелляции");
        let mut table = appeals_table("Задание");
        for a in &game.appeals {
            let task = game.task(a.task).ok();
            let what = match a.kind {
                TaskAppealKind::TaskIncorrect => "Некорректность задания".to_owned(),
                TaskAppealKind::AcceptMyAnswer => match task.and_then(|t| t.answers.get(&a.team)) {
                    Some(answer) => format!("Зачесть ответ «{}»", answer.text),
                    None => "Зачесть ответ команды".to_owned(),
                },
            };
            let decided = a.decision.as_ref();
            table.row(vec![
                a.id.to_string(),
                task.map_or_else(|| "—".to_owned(), |t| format!("{}.{}", t.tour, t.index + 1)),
                roster.name(a.team),
                format!("{what}. {}", a.text),
                decision(
                    decided.map(|d| (d.upheld, d.reply.as_str())),
                    decided.and_then(|d| d.points).map(credit),
                ),
            ]);
        }
        p.table(table);
    }
}

fn multigames_task(p: &mut Protocol, roster: &Roster, game: &MultigamesGame, task: TaskId) {
    // The game's `Task` type is not exported; it is only ever borrowed here.
    let Ok(task) = game.task(task) else {
        return;
    };
    let mut heading = format!("Задание {}.{}", task.tour, task.index + 1);
    if !task.draft.title.trim().is_empty() {
        heading.push_str(&format!(". {}", task.draft.title));
    }
    if task.withdrawn {
        heading.push_str(" — снято");
    }
    p.heading(Level::Minor, heading);
    p.text(format!(
        "Стоимость: {} · время: {} с",
        credit(task.draft.points),
        task.draft.seconds
    ));
    p.text(format!("Ответ: {}", task.draft.answer));
    if !task.draft.comment.trim().is_empty() {
        p.text(format!("Комментарий: {}", task.draft.comment));
    }
    if task.withdrawn {
        p.text("Снято по апелляции (6.4): не засчитывается ни одной команде.");
    }
    if task.started_at.is_none() {
        p.text("Не сыграно.");
        return;
    }
    if task.answers.is_empty() {
        p.text("Ответов нет.");
    } else {
        let mut table = Table::new(&[("Команда", 3.0), ("Ответ", 4.5), ("Зачёт", 3.0)]);
        for (t, answer) in &task.answers {
            let credited = match (&answer.credit, answer.late) {
                (_, true) => "опоздание — не засчитано".to_owned(),
                (None, false) => "не оценено".to_owned(),
                (Some((points, Awarder::Jury, _)), false) => {
                    format!("{} (решение АЖ)", credit(*points))
                }
                (Some((points, _, _)), false) => credit(*points),
            };
            table.row(vec![roster.name(*t), answer.text.clone(), credited]);
        }
        p.table(table);
    }
    let without = missing(roster, |t| task.answers.contains_key(&t));
    if !without.is_empty() {
        p.text(format!("Без ответа: {}.", without.join(", ")));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_half_credit_is_written_with_a_decimal_comma() {
        assert_eq!(credit(Credit::parse("1.5").expect("a credit")), "1,5");
    }
}
