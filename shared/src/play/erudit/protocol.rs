//! Эрудит-квартет's section of the jury's protocol: the tournament's table (2.2),
//! then each group's game — its teams and players with their points, each
//! round's line-up and every answer given, with the press log a jury may
//! ask for.

use crate::ids::TeamId;
use crate::play::erudit::rules::TourKind;
use crate::play::erudit::{EruditTournament, QuartetGame};

use crate::jury_protocol::{Level, Protocol, Table};
use crate::play::roster::Roster;

pub(super) fn section(p: &mut Protocol, roster: &Roster, title: &str, t: &EruditTournament) {
    p.heading(Level::Section, title);
    if t.entrants.is_empty() {
        p.text("Команды ещё не распределены по группам.");
        return;
    }
    p.text(format!(
        "Жеребьёвка (5.3): зерно {}. Таблица считает только сыгранные туры целиком.",
        t.seed
    ));
    let mut table = Table::new(&[
        ("Место", 1.0),
        ("Команда", 5.0),
        ("Этап", 1.0),
        ("Группа", 1.0),
        ("Очки", 1.0),
    ]);
    for row in t.table() {
        table.row(vec![
            row.place.to_string(),
            roster.name(TeamId(row.team as u32)),
            (row.stage + 1).to_string(),
            (row.group + 1).to_string(),
            row.points.to_string(),
        ]);
    }
    p.table(table);
    for (s, groups) in t.stages.iter().enumerate() {
        for (g, group) in groups.iter().enumerate() {
            let Some(game) = &group.game else {
                continue;
            };
            p.heading(Level::Sub, format!("Этап {}, группа {}", s + 1, g + 1));
            game_section(p, roster, game);
        }
    }
}

fn game_section(p: &mut Protocol, roster: &Roster, game: &QuartetGame) {
    let points = game.points(false);
    let mut teams = Table::new(&[("Команда", 4.0), ("Очки", 1.0), ("Игроки", 6.0)]);
    for (i, &t) in game.teams.iter().enumerate() {
        let players: Vec<String> = game
            .player_points(i)
            .into_iter()
            .map(|(name, pts)| format!("{name} {pts:+}"))
            .collect();
        teams.row(vec![
            roster.name(t),
            points.get(i).copied().unwrap_or(0).to_string(),
            players.join(", "),
        ]);
    }
    p.table(teams);
    for (n, tour) in game.tours.iter().enumerate() {
        let kind = match tour.kind {
            TourKind::Open => "открытый",
            TourKind::Closed => "закрытый",
            TourKind::SemiOpen => "полуоткрытый",
        };
        for (r, round) in tour.rounds.iter().enumerate() {
            let lineup: Vec<String> = game
                .teams
                .iter()
                .zip(&round.players)
                .map(|(t, pl)| format!("{}: {}", roster.name(*t), pl.as_deref().unwrap_or("—")))
                .collect();
            p.text(format!(
                "Тур {} ({kind}), раунд {}. {}.",
                n + 1,
                r + 1,
                lineup.join("; ")
            ));
            for q in &round.questions {
                let mut said: Vec<String> = q
                    .attempts
                    .iter()
                    .filter_map(|a| {
                        let t = game.teams.get(a.team)?;
                        Some(format!(
                            "{} {}{}",
                            roster.name(*t),
                            if a.correct { "+" } else { "−" },
                            q.value
                        ))
                    })
                    .collect();
                if said.is_empty() {
                    said.push("никто не ответил".into());
                }
                let presses: Vec<String> = q
                    .presses
                    .iter()
                    .map(|press| {
                        let when = match (press.interrupted_after_ms, press.after_reading_ms) {
                            (Some(ms), _) => {
                                format!("прервал чтение на {:.1} с", ms as f64 / 1000.0)
                            }
                            (_, Some(ms)) => {
                                format!("через {:.1} с после чтения", ms as f64 / 1000.0)
                            }
                            _ => "вне вопроса".into(),
                        };
                        format!("{} ({when}, {:?})", roster.name(press.team), press.kind)
                    })
                    .collect();
                let log = if presses.is_empty() {
                    String::new()
                } else {
                    format!(" Нажатия: {}.", presses.join(", "))
                };
                p.text(format!("  {} очков: {}.{log}", q.value, said.join(", ")));
            }
        }
    }
}
