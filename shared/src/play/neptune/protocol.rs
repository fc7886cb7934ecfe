//! Нептун's section of the jury's protocol (000_…, sections 0–6): the overall table
//! with a column per contest (0.1), then each contest's questions with the
//! author's answer and the teams (Сэндвич: the ломтики) whose answer the
//! host took; Сэндвич's split into ломтики (2.2), Джокер's declarations
//! (5.2, a missing or late one counting 0), and per auction question its
//! bids in the server's arrival order — those the host let in for a team
//! marked — with the exclusions and reruns (6.2) and the winner's stake.

use crate::ids::Slice;
use crate::play::neptune::rules::{Bid, BiddingOutcome, Contest, QUESTIONS_PER_BLOCK};
use crate::play::neptune::{CardKey, LoggedBid, NeptuneMatch, QuestionPlay, contest_title};
use crate::time::ServerTime;

use crate::jury_protocol::{Level, Protocol, Table, time_of_day};
use crate::play::roster::Roster;

/// «Команда», or a ломтик's «Команда-верх» (2.2).
fn card_name(roster: &Roster, key: CardKey) -> String {
    match key.slice {
        Some(slice) => format!("{}-{}", roster.name(key.team), slice.suffix()),
        None => roster.name(key.team),
    }
}

fn bid_text(bid: Bid) -> String {
    match bid {
        Bid::Amount(n) => n.to_string(),
        Bid::VaBank => "ва-банк".to_owned(),
    }
}

/// A logged bid with its sum, fixed when it was made: «ва-банк (90)».
fn logged_bid_text(bid: &LoggedBid) -> String {
    match bid.bid {
        Bid::Amount(n) => n.to_string(),
        Bid::VaBank => format!("ва-банк ({})", bid.worth),
    }
}

pub(super) fn section(p: &mut Protocol, roster: &Roster, title: &str, game: &NeptuneMatch) {
    p.heading(Level::Section, title);
    if game.entrants.is_empty() {
        p.text("Команды ещё не зарегистрированы.");
        return;
    }
    if let Some(package) = game.package.as_ref().filter(|p| !p.title.is_empty()) {
        p.text(format!("Пакет: «{}».", package.title));
    }
    // 0.1: one overall score; every revealed question counts here (Джокер
    // once its tour is over, 5.5).
    let mut columns = vec![("Место", 1.0), ("Команда", 4.0)];
    columns.extend(Contest::ALL.map(|c| (contest_title(c), 1.4)));
    columns.push(("Итого", 1.2));
    let mut table = Table::new(&columns);
    let board = game.board(roster, ServerTime::ZERO);
    for row in &board.table {
        let mut cells = vec![row.place.to_string(), row.name.clone()];
        cells.extend(
            row.contests
                .iter()
                .map(|c| c.map_or_else(|| "—".to_owned(), |n| n.to_string())),
        );
        cells.push(row.total.to_string());
        table.row(cells);
    }
    p.table(table);
    for play in &game.played {
        p.heading(Level::Sub, contest_title(play.contest));
        match play.contest {
            Contest::Sandwich => splits(p, roster, game),
            Contest::Joker => declarations(p, roster, game),
            _ => {}
        }
        for (index, q) in play.questions.iter().enumerate() {
            if play.contest == Contest::Auction {
                bids(p, roster, game, index, q);
            }
            question(p, roster, game, play.contest, index, q);
        }
    }
}

/// One question (Блицкриг: each of the block's four): its answer and who
/// took it; late cards named as such.
fn question(
    p: &mut Protocol,
    roster: &Roster,
    game: &NeptuneMatch,
    contest: Contest,
    index: usize,
    q: &QuestionPlay,
) {
    let parts = if contest == Contest::Blitz {
        QUESTIONS_PER_BLOCK
    } else {
        1
    };
    let rating = q
        .rating
        .map(|r| format!(" (рейтинг {r})"))
        .unwrap_or_default();
    let mut lines = Vec::new();
    for part in 0..parts {
        let answer = game
            .package
            .as_ref()
            .and_then(|pk| pk.question(contest, index, part))
            .map(|qq| format!(": «{}»", qq.answer))
            .unwrap_or_default();
        let right: Vec<String> = q
            .cards
            .values()
            .filter(|c| !c.late && c.verdicts.get(part).copied().flatten() == Some(true))
            .map(|c| card_name(roster, c.key))
            .collect();
        let number = if parts > 1 {
            format!("Блок {}, вопрос {}", index + 1, part + 1)
        } else {
            format!("Вопрос {}{rating}", index + 1)
        };
        let state = if q.revealed_at.is_none() {
            " (не закрыт)"
        } else {
            ""
        };
        let took = if right.is_empty() {
            "никто".to_owned()
        } else {
            right.join(", ")
        };
        lines.push(format!("{number}{answer}{state}. Верно: {took}."));
    }
    let late: Vec<String> = q
        .cards
        .values()
        .filter(|c| c.late)
        .map(|c| card_name(roster, c.key))
        .collect();
    if !late.is_empty() {
        lines.push(format!("Опоздание — не засчитано: {}.", late.join(", ")));
    }
    p.together(|p| lines.into_iter().for_each(|l| p.text(l)));
}

/// 2.2: who played in which ломтик.
fn splits(p: &mut Protocol, roster: &Roster, game: &NeptuneMatch) {
    let mut table = Table::new(&[
        ("Команда", 3.0),
        (Slice::Top.suffix(), 4.0),
        (Slice::Bottom.suffix(), 4.0),
        ("Деление", 1.6),
    ]);
    for e in &game.entrants {
        let split = game.split_of(e.team);
        table.row(vec![
            roster.name(e.team),
            split.top.join(", "),
            split.bottom.join(", "),
            if game.splits.contains_key(&e.team) {
                "капитан".into()
            } else {
                "по умолчанию".into()
            },
        ]);
    }
    p.table(table);
}

/// 5.2: each team's declaration (a missing or late one counts as 0).
fn declarations(p: &mut Protocol, roster: &Roster, game: &NeptuneMatch) {
    let mut table = Table::new(&[("Команда", 4.0), ("Заявка", 3.0), ("Сдана, UTC", 2.4)]);
    for e in &game.entrants {
        let (declared, at) = match game.declarations.get(&e.team) {
            Some(d) if d.late => (
                format!("{} — опоздала, считается 0", d.count),
                time_of_day(d.at),
            ),
            Some(d) => (d.count.to_string(), time_of_day(d.at)),
            None => ("нет — считается 0".into(), "—".into()),
        };
        table.row(vec![roster.name(e.team), declared, at]);
    }
    p.table(table);
}

/// 6.2–6.4: an auction question's bidding: every bid in arrival order,
/// each run after an exclusion apart, and how it ended.
fn bids(p: &mut Protocol, roster: &Roster, game: &NeptuneMatch, index: usize, q: &QuestionPlay) {
    let log: &[LoggedBid] = game
        .auction
        .as_ref()
        .and_then(|a| a.log.get(index))
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut table = Table::new(&[
        ("№", 0.6),
        ("Торги", 1.0),
        ("Команда", 4.0),
        ("Ставка", 1.6),
        ("Прибытие, UTC", 2.4),
        ("Кто внёс", 1.6),
    ]);
    // Runs are numbered through the whole auction; here from this
    // question's first.
    let first = log.first().map_or(0, |b| b.run);
    for (n, b) in log.iter().enumerate() {
        table.row(vec![
            (n + 1).to_string(),
            (b.run - first + 1).to_string(),
            roster.name(b.team),
            logged_bid_text(b),
            time_of_day(b.at),
            if b.by_host {
                "ведущий"
            } else {
                "капитан"
            }
            .into(),
        ]);
    }
    // 6.2: each run but the last ended with its last bidder out; when
    // nobody bid in the last, every run with bids did.
    let last = log.iter().map(|b| b.run).max().unwrap_or(first);
    let end = match q.sold {
        Some(BiddingOutcome::NoBids) => last + 1,
        _ => last,
    };
    let excluded: Vec<String> = (first..end)
        .filter_map(|r| log.iter().rev().find(|b| b.run == r))
        .map(|b| format!("{} ({})", roster.name(b.team), logged_bid_text(b)))
        .collect();
    let outcome = match q.sold {
        Some(BiddingOutcome::Won { winner, stake }) => {
            let name = game
                .entrants
                .get(winner.team)
                .map_or_else(|| "?".to_owned(), |e| roster.name(e.team));
            format!(
                "Торги выиграла команда {name}: ставка {}, играет на {stake}; остальные — на 30.",
                bid_text(winner.bid)
            )
        }
        Some(BiddingOutcome::NoBids) => "Ставок не было: все играют на 30.".to_owned(),
        None => "Торги не закрыты.".to_owned(),
    };
    p.together(|p| {
        p.heading(
            Level::Minor,
            format!("Аукцион, вопрос {}: торги", index + 1),
        );
        if log.is_empty() {
            p.text("Ставок не было.");
        } else {
            p.table(table);
        }
        if !excluded.is_empty() {
            p.text(format!(
                "Исключены без суммы на счету, торги переиграны (6.2): {}.",
                excluded.join(", ")
            ));
        }
        p.text(outcome);
    });
}
