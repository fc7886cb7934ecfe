//! «Своя игра»'s section of the jury's protocol: the standings and, for
//! each question of the board, who answered and how.

use crate::jury_protocol::{Level, Protocol, Table};
use crate::play::roster::Roster;

use super::OwnGame;

pub(super) fn section(p: &mut Protocol, roster: &Roster, title: &str, game: &OwnGame) {
    p.heading(Level::Section, title);
    p.heading(Level::Sub, "Итоговая таблица");
    let mut table = Table::new(&[("Место", 1.0), ("Команда", 4.0), ("Очки", 1.5)]);
    for (team, place, points) in game.ranked(roster) {
        table.row(vec![
            place.to_string(),
            roster.name(team),
            points.to_string(),
        ]);
    }
    p.table(table);
    p.heading(Level::Sub, format!("Тема «{}»", game.settings().theme));
    let mut table = Table::new(&[("Цена", 1.0), ("Ответы", 6.0)]);
    for (q, price) in game.settings().prices.iter().enumerate() {
        let answers = match game.played().get(&(q as u32)) {
            None => "не сыгран".to_owned(),
            Some(tries) if tries.is_empty() => "никто не ответил".to_owned(),
            Some(tries) => tries
                .iter()
                .map(|t| {
                    let verdict = if t.right {
                        "верно"
                    } else {
                        "неверно"
                    };
                    format!("{} — {verdict}", roster.name(t.team))
                })
                .collect::<Vec<_>>()
                .join("; "),
        };
        table.row(vec![price.to_string(), answers]);
    }
    p.table(table);
}
