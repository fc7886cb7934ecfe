//! The projector's Brain-ring board: the open fights big (one alone fills
//! the screen; several share it), each with its two tables as they sit,
//! the score, the question and its phase with the countdown — who answers,
//! false starts — and otherwise the round's pairs and the table. Never the
//! press log: that is the host's. The table and the pairs are drawn here
//! for the host's tab too, and a judge sees this board as it is.

use egui::{RichText, Ui};
use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{
    FightKind, RingBoard, RingFightView, RingPlaceRow, RingStage, RingStandingRow,
};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::clock::Phase;
use minuta_shared::time::ServerTime;

use super::{hall_status, on_stage, phase_at, tables};
use crate::i18n::{Lang, T};
use crate::state::AppState;
use crate::views::brain_ring::words;
use crate::views::brain_ring::words::Rt;
use crate::views::widgets::{self, GREY};

/// Whether the projector shows the event's Brain-ring rather than the
/// event's ChGK `clock`: while a fight is open, and once teams are seeded
/// unless a ChGK question is being played. A friendly fight outside a
/// tournament gives the screen back when it closes.
pub fn shows_ring(ring: &RingBoard, clock: &ClockView, now: ServerTime) -> bool {
    if ring.fights.iter().any(|f| !f.closed) {
        return true;
    }
    let chgk_in_play = matches!(
        widgets::phase_at(clock, now),
        Phase::Announced | Phase::Minute | Phase::LastSeconds | Phase::HandIn
    );
    ring.stage != RingStage::NotSeeded && !chgk_in_play
}

/// A team's name as the board knows it.
pub fn team_name(board: &RingBoard, team: TeamId) -> String {
    board
        .standings
        .iter()
        .find(|r| r.team == team)
        .map(|r| r.name.clone())
        .or_else(|| {
            board.fights.iter().find_map(|f| {
                let table = f.tables.iter().position(|t| *t == team)?;
                f.names.get(table).cloned()
            })
        })
        .unwrap_or_else(|| format!("#{team}"))
}

/// The board under `title` (the event's name for its own Brain-ring, a
/// game's for one added beside it).
pub fn board(ui: &mut Ui, state: &AppState, title: &str, board: &RingBoard) {
    let lang = state.lang;
    let now = state.server_now();
    // Scale with the window so a projector's 1080p and a laptop both fill.
    let base = (ui.available_height() * 0.05).clamp(16.0, 64.0);
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(title).size(base * 0.6).color(GREY));
        // A friendly fight before any tournament: nothing to say of stages.
        if board.stage != RingStage::NotSeeded {
            ui.label(
                RichText::new(words::stage(lang, &board.stage, |t| team_name(board, t)))
                    .size(base * 0.7),
            );
        }
        if let Some(series) = final_series(lang, board) {
            ui.label(RichText::new(series).size(base * 0.7).strong());
        }
    });
    // 4.3: how the tie at the cut was settled (the lot's seed and order),
    // for the hall until the first fight opens.
    if let Some(cut) = board.cut.as_ref().filter(|_| board.fights.is_empty()) {
        crate::views::cut_tie::hall(ui, lang, cut, base * 0.6);
    }
    let open = on_stage(&board.fights);
    match open.as_slice() {
        [] => {}
        [fight] => fight_block(ui, lang, fight, now, base * 1.4, false),
        several => {
            for row in several.chunks(2) {
                ui.columns(2, |cols| {
                    for (fight, ui) in row.iter().zip(cols.iter_mut()) {
                        fight_block(ui, lang, fight, now, base * 0.7, true);
                    }
                });
                ui.add_space(base * 0.3);
            }
        }
    }
    // A friendly fight before any tournament has no pairs and no table.
    if board.stage == RingStage::NotSeeded && board.standings.is_empty() {
        return;
    }
    ui.add_space(base * 0.3);
    let size = if open.is_empty() {
        base * 0.8
    } else {
        base * 0.45
    };
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            if matches!(board.stage, RingStage::Qualifying { .. }) {
                ui.columns(2, |cols| {
                    round_pairs(&mut cols[0], lang, board, size, |t| team_name(board, t));
                    standings_table(&mut cols[1], lang, "display-ring", &board.standings, size);
                });
            } else if !board.final_places.is_empty() {
                ui.columns(2, |cols| {
                    final_places(
                        &mut cols[0],
                        lang,
                        "display-ring",
                        &board.final_places,
                        size,
                    );
                    standings_table(&mut cols[1], lang, "display-ring", &board.standings, size);
                });
            } else {
                widgets::centred(ui, "display-ring-table", |ui| {
                    ui.vertical(|ui| {
                        standings_table(ui, lang, "display-ring", &board.standings, size)
                    });
                });
            }
        });
}

/// One fight for the hall: label, tables, question, phase, countdown.
/// `stages`: several stages play at once, so each block names its own.
fn fight_block(
    ui: &mut Ui,
    lang: Lang,
    fight: &RingFightView,
    now: ServerTime,
    size: f32,
    stages: bool,
) {
    let phase = fight.question.as_ref().map(|q| phase_at(q, now));
    ui.vertical_centered(|ui| {
        let mut heading = words::fight_name(lang, fight);
        if stages || fight.stage > 1 {
            heading = format!("{heading} · {}", words::stage_number(lang, fight.stage));
        }
        ui.label(RichText::new(heading).size(size * 0.5).color(GREY));
    });
    tables(ui, lang, fight, phase.as_ref(), None, size);
    hall_status(ui, lang, fight, phase.as_ref(), now, size * 0.8);
    // Once the question is over the server sends its answer: the hall
    // reads it as the host says it.
    if let Some(text) = &fight.text {
        super::question_text(ui, lang, text, size * 0.6);
    }
}

/// The pairs of the qualifying round being played or about to start, each
/// with its score once the fight exists.
pub fn round_pairs(
    ui: &mut Ui,
    lang: Lang,
    board: &RingBoard,
    size: f32,
    name: impl Fn(TeamId) -> String,
) {
    let RingStage::Qualifying { round, pairs, .. } = &board.stage else {
        return;
    };
    ui.label(
        RichText::new(words::round_pairs(lang, *round))
            .size(size)
            .strong(),
    );
    egui::Grid::new(("ring-pairs", round))
        .striped(true)
        .spacing([size * 0.6, size * 0.25])
        .show(ui, |ui| {
            for pair in pairs {
                // Open fights come first in the board, then the newest.
                let fight = board.fights.iter().find(|f| f.tables == *pair);
                ui.label(RichText::new(name(pair[0])).size(size).strong());
                let score = fight
                    .map(|f| format!("{} : {}", f.score[0], f.score[1]))
                    .unwrap_or_else(|| "—".into());
                ui.label(RichText::new(score).size(size).monospace());
                ui.label(RichText::new(name(pair[1])).size(size).strong());
                ui.end_row();
            }
        });
}

/// The final's series in wins (4.12: first to two), once it has begun:
/// «Финал по победам: «А» 1 — 0 «Б»».
pub fn final_series(lang: Lang, board: &RingBoard) -> Option<String> {
    let finals: Vec<&RingFightView> = board
        .fights
        .iter()
        .filter(|f| matches!(f.kind, FightKind::Final { .. }))
        .collect();
    // The first fight's tables: the top seed at table 1 (4.12).
    let first = finals.iter().min_by_key(|f| f.id)?;
    let [a, b] = first.tables;
    let wins = |team: TeamId| {
        finals
            .iter()
            .filter(|f| match f.status {
                FightStatus::Won { winner } => f.tables.get(winner) == Some(&team),
                _ => false,
            })
            .count()
    };
    Some(words::final_series(
        lang,
        &team_name(board, a),
        wins(a),
        &team_name(board, b),
        wins(b),
    ))
}

/// The tournament's final places (2.2), once the champion is known.
pub fn final_places(ui: &mut Ui, lang: Lang, id: &str, rows: &[RingPlaceRow], size: f32) {
    ui.label(RichText::new(lang.t(Rt::FinalPlaces)).size(size).strong());
    egui::Grid::new(("ring-final-places", id))
        .striped(true)
        .spacing([size * 0.8, size * 0.25])
        .show(ui, |ui| {
            for row in rows {
                ui.label(RichText::new(row.place.to_string()).size(size).strong());
                ui.label(RichText::new(&row.name).size(size).strong());
                ui.end_row();
            }
        });
}

/// The qualifying table (4.6–4.7): place, points (4.5), difference, taken.
pub fn standings_table(ui: &mut Ui, lang: Lang, id: &str, rows: &[RingStandingRow], size: f32) {
    ui.label(RichText::new(lang.t(Rt::Standings)).size(size).strong());
    if rows.is_empty() {
        ui.label(
            RichText::new(lang.t(T::NoStandings))
                .size(size * 0.8)
                .color(GREY),
        );
        return;
    }
    let head = |t: &'static str| RichText::new(t).size(size * 0.8).strong();
    egui::Grid::new(("ring-standings", id))
        .striped(true)
        .spacing([size * 0.8, size * 0.25])
        .show(ui, |ui| {
            for t in [
                lang.t(T::ColPlace),
                lang.t(T::ColTeam),
                lang.t(Rt::ColPoints),
                lang.t(T::ColDifference),
                lang.t(T::ColTaken),
                lang.t(T::ColFights),
            ] {
                ui.label(head(t));
            }
            ui.end_row();
            for row in rows {
                ui.label(RichText::new(row.place.to_string()).size(size));
                ui.label(RichText::new(&row.name).size(size).strong());
                ui.label(
                    RichText::new(words::points(row.points_halves))
                        .size(size)
                        .strong(),
                );
                ui.label(RichText::new(words::difference(row.difference)).size(size));
                ui.label(RichText::new(row.taken.to_string()).size(size));
                ui.label(RichText::new(row.fights.to_string()).size(size));
                ui.end_row();
            }
        });
}
