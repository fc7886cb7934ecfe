//! Brain-ring's section of the jury's protocol: the stage, the places and
//! the table, then every fight with its score, per question the press log,
//! and the appeals.

use crate::jury_protocol::{Level, Protocol, Table, appeals_table, decision, millis, time_of_day};
use crate::play::brain_ring::rules::{FightStatus, QuestionOutcome, RingPoints};
use crate::play::roster::Roster;

use super::{FightKind, PressKind, RingAppealKind, RingFight, RingStage, RingTournament};

fn points(points: RingPoints) -> String {
    match points.whole() {
        Some(whole) => whole.to_string(),
        None => format!("{},5", points.halves / 2),
    }
}

fn stage(stage: &RingStage) -> String {
    let waiting = |open: bool| if open { "" } else { " (не начат)" };
    match stage {
        RingStage::NotSeeded => "команды не посеяны".to_owned(),
        RingStage::Qualifying { round, open, .. } => {
            format!("отборочный круг {round}{}", waiting(*open > 0))
        }
        RingStage::Playoff { open, .. } => format!("«царь горы»{}", waiting(*open)),
        RingStage::Final { number, open, .. } => {
            format!("финал, бой {number}{}", waiting(*open))
        }
        RingStage::Finished { .. } => "завершён".to_owned(),
        RingStage::Stuck(why) => format!("остановлен: {why}"),
    }
}

fn fight_kind(kind: FightKind) -> String {
    match kind {
        FightKind::Qualifying { round } => format!("Отборочный круг {round}"),
        FightKind::Playoff => "«Царь горы»".to_owned(),
        FightKind::Final { number } => format!("Финал, бой {number}"),
        FightKind::Friendly => "Товарищеский бой".to_owned(),
    }
}

/// As the host's press log says it.
fn press_kind(kind: PressKind) -> &'static str {
    match kind {
        PressKind::Won => "отвечает",
        PressKind::Late => "позже",
        PressKind::FalseStart => "фальстарт",
        PressKind::Repeated => "повторное",
        PressKind::LockedOut => "без права ответа",
        PressKind::Contested => "спорное",
        PressKind::Ignored => "вне игры",
    }
}

pub(super) fn section(p: &mut Protocol, roster: &Roster, title: &str, ring: &RingTournament) {
    p.heading(Level::Section, title);
    let now = ring.stage();
    p.text(format!("Этап: {}.", stage(&now)));
    if let RingStage::Finished { champion } = now {
        p.text(format!("Победитель: {}.", roster.name(champion)));
    }
    if !ring.teams.is_empty() {
        let seeded: Vec<String> = ring.teams.iter().map(|t| roster.name(*t)).collect();
        p.text(format!("Посев: {}.", seeded.join(", ")));
    }
    let places = ring.final_places();
    if !places.is_empty() {
        p.heading(Level::Sub, "Итоговые места");
        let mut table = Table::new(&[("Место", 1.0), ("Команда", 6.0)]);
        for (t, place) in places {
            table.row(vec![place.to_string(), roster.name(t)]);
        }
        p.table(table);
    }
    let standings = ring.standings();
    if !standings.is_empty() {
        p.heading(Level::Sub, "Отборочный турнир (4.4–4.8)");
        let mut table = Table::new(&[
            ("Место", 1.0),
            ("Команда", 4.0),
            ("Очки", 1.0),
            ("Разница", 1.2),
            ("Взято", 1.0),
            ("Боёв", 1.0),
        ]);
        for (t, row) in standings {
            table.row(vec![
                row.place.to_string(),
                roster.name(t),
                points(row.points),
                row.difference.to_string(),
                row.taken.to_string(),
                row.fights.to_string(),
            ]);
        }
        p.table(table);
    }
    if !ring.fights.is_empty() {
        p.heading(Level::Sub, "Бои");
    }
    // Fight ids grow as fights open: the map's order is the opening order.
    for fight in ring.fights.values() {
        ring_fight(p, roster, ring, fight);
    }
}

fn ring_fight(p: &mut Protocol, roster: &Roster, ring: &RingTournament, f: &RingFight) {
    let names = f.tables.map(|t| roster.name(t));
    let heading = if f.label.trim().is_empty() {
        fight_kind(f.kind)
    } else {
        f.label.clone()
    };
    p.heading(Level::Minor, heading);
    let count = f.count();
    let result = match count.status() {
        FightStatus::Won { winner } => {
            format!("победа: {}", names.get(winner).cloned().unwrap_or_default())
        }
        FightStatus::Drawn => "ничья".to_owned(),
        FightStatus::InProgress { .. } => "бой не завершён".to_owned(),
    };
    p.text(format!(
        "{} — {}, счёт {} : {}, {result}.",
        names[0], names[1], count.score[0], count.score[1]
    ));
    let asked = f.log.presses.iter().map(|p| p.question).max().unwrap_or(0);
    let questions = (f.outcomes.len() as u32).max(asked);
    for number in 1..=questions {
        p.together(|p| ring_question(p, roster, ring, f, &names, number));
    }
    if !f.appeals.is_empty() {
        p.text("Апелляции боя:");
        let mut table = appeals_table("Вопрос");
        for a in &f.appeals {
            let what = match a.kind {
                RingAppealKind::QuestionIncorrect => "Некорректность вопроса (4.14)",
                RingAppealKind::AcceptOurAnswer => "Зачесть ответ команды (4.15)",
            };
            table.row(vec![
                a.id.to_string(),
                a.question.to_string(),
                roster.name(a.team),
                format!("{what}. {}", a.text),
                decision(
                    a.resolution
                        .as_ref()
                        .map(|(upheld, reply, _)| (*upheld, reply.as_str())),
                    None,
                ),
            ]);
        }
        p.table(table);
    }
}

/// One question of a fight: what became of it, and its press log.
fn ring_question(
    p: &mut Protocol,
    roster: &Roster,
    ring: &RingTournament,
    f: &RingFight,
    names: &[String; 2],
    number: u32,
) {
    let outcome = match f.outcomes.get(number as usize - 1) {
        Some(QuestionOutcome::TakenBy(table)) => {
            format!("взял «{}»", names.get(*table).cloned().unwrap_or_default())
        }
        Some(QuestionOutcome::NotTaken) => "не взят".to_owned(),
        Some(QuestionOutcome::Withdrawn) => "снят по апелляции (4.14)".to_owned(),
        None => "не окончен".to_owned(),
    };
    p.text(format!("Вопрос {number}: {outcome}."));
    // A question from the package: the jury signs what was asked.
    if let Some((index, q)) = ring
        .asked
        .get(&(f.id, number))
        .and_then(|i| ring.questions.get(*i).map(|q| (*i, q)))
    {
        p.text(format!(
            "Вопрос № {} пакета: {} Ответ: {}.",
            index + 1,
            q.text,
            q.answer.trim_end_matches('.')
        ));
    }
    let mut presses: Vec<_> = f
        .log
        .presses
        .iter()
        .filter(|p| p.question == number)
        .collect();
    presses.sort_by_key(|p| p.arrived_at);
    if presses.is_empty() {
        p.text("Нажатий нет.");
        return;
    }
    // Gaps count from the question's first press after «Время», as the host
    // saw them when deciding; a false start's is negative.
    let first = f.log.gap_reference(number);
    let mut table = Table::new(&[
        ("№", 0.5),
        ("Команда", 3.0),
        ("Стол", 0.7),
        ("Прибытие, UTC", 2.2),
        ("От «Время»", 1.7),
        ("От первого", 1.7),
        ("Нажатие", 2.0),
    ]);
    for (i, press) in presses.iter().enumerate() {
        let gap = first
            .and_then(|first| press.arrived_at.0.checked_signed_diff(first.0))
            .map_or_else(|| "—".to_owned(), millis);
        table.row(vec![
            (i + 1).to_string(),
            roster.name(press.team),
            (press.table + 1).to_string(),
            time_of_day(press.arrived_at),
            press.since_arming_us.map_or_else(|| "—".to_owned(), millis),
            gap,
            press_kind(press.kind).to_owned(),
        ]);
    }
    p.table(table);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_points_are_written_with_a_decimal_comma() {
        assert_eq!(points(RingPoints::from_halves(9)), "4,5");
        assert_eq!(points(RingPoints::from_halves(6)), "3");
    }
}
