//! ChGK's section of the jury's protocol: the standings, then per tour
//! every question with the author's answer and every card grouped by
//! answer with its verdict, and the appeals.

use std::collections::BTreeMap;

use crate::ids::TeamId;
use crate::jury_protocol::{Level, Protocol, Table, appeals_table, decision, missing, time_of_day};
use crate::play::roster::Roster;

use super::{Appeal, AppealDecider, AppealKind, Card, ChgkGame, GameQuestion, Verdict};

/// A card's verdict as the protocol states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum CardVerdict {
    Correct,
    OnAppeal,
    Wrong,
    Unjudged,
    Late,
    Pass,
}

impl CardVerdict {
    fn of(q: &GameQuestion, team: TeamId, card: &Card) -> CardVerdict {
        if card.late {
            return CardVerdict::Late;
        }
        if card.is_pass() {
            return CardVerdict::Pass;
        }
        let judged = q.verdicts.get(&card.key).map(|v| v.0);
        match judged {
            Some(Verdict::Correct) => CardVerdict::Correct,
            _ if q.accepted_on_appeal.contains(&team) => CardVerdict::OnAppeal,
            Some(Verdict::Wrong) => CardVerdict::Wrong,
            None => CardVerdict::Unjudged,
        }
    }

    fn text(self) -> &'static str {
        match self {
            CardVerdict::Correct => "верно",
            CardVerdict::OnAppeal => "зачтено по апелляции",
            CardVerdict::Wrong => "неверно",
            CardVerdict::Unjudged => "не оценено",
            CardVerdict::Late => "опоздание — не засчитано",
            CardVerdict::Pass => "пропуск (4.3: команда играет)",
        }
    }
}

pub(super) fn section(p: &mut Protocol, roster: &Roster, title: &str, chgk: &ChgkGame) {
    p.heading(Level::Section, title);
    p.heading(Level::Sub, "Итоговая таблица");
    let mut table = Table::new(&[
        ("Место", 1.0),
        ("Команда", 4.0),
        ("Город", 3.0),
        ("Очки", 1.0),
        ("Рейтинг", 1.3),
    ]);
    for row in chgk.staff_standings(roster) {
        table.row(vec![
            row.place.to_string(),
            row.name,
            row.town,
            row.points.to_string(),
            row.rating.to_string(),
        ]);
    }
    p.table(table);

    for (i, tour) in chgk.tours.iter().enumerate() {
        let heading = if tour.title.trim().is_empty() {
            format!("Тур {}", i + 1)
        } else {
            tour.title.clone()
        };
        p.heading(Level::Sub, heading);
        let absent = missing(roster, |t| chgk.plays(t, tour.id));
        if !absent.is_empty() {
            p.text(format!(
                "Отсутствовали (4.3, не входят в A): {}.",
                absent.join(", ")
            ));
        }
        if tour.questions.is_empty() {
            p.text("В туре нет вопросов.");
        }
        for q in tour.questions.iter().filter_map(|q| chgk.question(*q).ok()) {
            p.together(|p| chgk_question(p, roster, q));
        }
    }

    if !chgk.appeals.is_empty() {
        p.heading(Level::Sub, "Апелляции");
        let mut table = appeals_table("Вопрос");
        for a in &chgk.appeals {
            let question = chgk.question(a.question).ok();
            let what = match a.kind {
                AppealKind::WithdrawQuestion => "Снять вопрос (4.14)".to_owned(),
                AppealKind::AcceptMyAnswer => {
                    let card = question.and_then(|q| q.cards.get(&a.team));
                    match card {
                        Some(card) => format!("Зачесть ответ «{}» (4.15)", card.text),
                        None => "Зачесть ответ команды (4.15)".to_owned(),
                    }
                }
            };
            table.row(vec![
                a.id.0.to_string(),
                question.map_or_else(|| "—".to_owned(), |q| q.number.clone()),
                roster.name(a.team),
                format!("{what}. {}", a.text),
                chgk_decision(a),
            ]);
        }
        p.table(table);
    }
}

/// A ChGK appeal's decision with who made it and when (6.5: the appeal
/// jury, or the host when the event has none).
fn chgk_decision(a: &Appeal) -> String {
    let text = decision(
        a.resolution
            .as_ref()
            .map(|(upheld, reply, _)| (*upheld, reply.as_str())),
        None,
    );
    match (&a.resolution, a.decided_by) {
        (Some((_, _, at)), Some(by)) => {
            let who = match by {
                AppealDecider::Jury => "АЖ",
                AppealDecider::Host => "ведущий",
            };
            format!("{text} ({who}, {})", time_of_day(*at))
        }
        _ => text,
    }
}

/// One answer's cards: every spelling of it, and the teams that gave it.
type AnswerGroup<'q> = (Vec<&'q str>, Vec<String>);

fn chgk_question(p: &mut Protocol, roster: &Roster, q: &GameQuestion) {
    let mut heading = format!("Вопрос {}", q.number);
    if q.withdrawn {
        heading.push_str(" — снят");
    }
    p.heading(Level::Minor, heading);
    p.text(format!("Авторский ответ: {}", q.content.answer));
    if let Some(accepted) = q
        .content
        .accepted
        .as_deref()
        .filter(|a| !a.trim().is_empty())
    {
        p.text(format!("Зачёт: {accepted}"));
    }
    if q.withdrawn {
        p.text("Снят по апелляции (4.14): не засчитывается ни одной команде.");
    }
    if !q.played() {
        p.text("Не сыгран.");
        return;
    }
    // Cards as the judges see them: one row per answer (its normalised
    // text) and verdict, the teams that gave it, every spelling they used.
    let mut groups: BTreeMap<(CardVerdict, &str), AnswerGroup> = BTreeMap::new();
    for (t, card) in &q.cards {
        let (texts, teams) = groups
            .entry((CardVerdict::of(q, *t, card), card.key.as_str()))
            .or_default();
        if !texts.contains(&card.text.as_str()) {
            texts.push(card.text.as_str());
        }
        teams.push(roster.name(*t));
    }
    if groups.is_empty() {
        p.text("Карточек нет.");
    } else {
        let mut table = Table::new(&[("Ответ", 3.8), ("Вердикт", 2.8), ("Команды", 4.2)]);
        for ((verdict, _), (texts, teams)) in groups {
            let texts: Vec<&str> = texts
                .into_iter()
                .map(|t| if t.is_empty() { "—" } else { t })
                .collect();
            table.row(vec![
                texts.join(" / "),
                verdict.text().to_owned(),
                teams.join(", "),
            ]);
        }
        p.table(table);
    }
    let without = missing(roster, |t| q.cards.contains_key(&t));
    if !without.is_empty() {
        p.text(format!("Без карточки: {}.", without.join(", ")));
    }
}
