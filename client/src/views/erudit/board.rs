//! The game of four as the hall sees it, and the pieces every screen of
//! the game shares: the table of four (each team's points, its player at
//! the buttons now and each player's points, the answering team lit), the
//! tour and its four themes (a theme this audience may not see yet is
//! «?»), the line-ups by round, the question's value and state with the
//! silence's countdown, and the values already played in the round. The
//! projector shows the game in play big, and between games the groups and
//! the tournament table.

use egui::{Color32, RichText, Ui};
use minuta_shared::ids::TeamId;
use minuta_shared::play::erudit::rules::{QUESTIONS_PER_ROUND, question_value};
use minuta_shared::play::erudit::{
    EruditBoard, GameBoard, PhaseView, QuartetRow, QuestionBoard, QuestionState, TourBoard,
};

use super::{in_play, lineup_left, silence_left, state_at, tournament};
use crate::i18n::Lang;
use crate::state::AppState;
use crate::views::erudit::words::{self, Et};
use crate::views::widgets::{self, AMBER, BRIGHT, GREEN, GREY, RED};

/// The answering team's frame, tinted so the hall sees it from afar.
const ANSWERING_TINT: Color32 = Color32::from_rgb(72, 50, 14);

/// The team answering now, if any.
pub fn answering(question: Option<&QuestionBoard>) -> Option<TeamId> {
    match question?.state {
        QuestionState::Answering { team, .. } => Some(team),
        _ => None,
    }
}

/// «Группа 2 · Этап 1» (or «· Финал») over a game.
pub fn game_heading(lang: Lang, board: &EruditBoard, game: &GameBoard) -> String {
    let groups = board
        .stages
        .get(game.stage as usize)
        .map_or(1, |s| s.groups.len());
    format!(
        "{} · {}",
        words::group_name(lang, game.group),
        words::stage_name(lang, game.stage, groups)
    )
}

/// The four teams side by side: name, points, the player at the buttons
/// and every player's points; `mine` marks this terminal's own team.
pub fn table_of_four(ui: &mut Ui, game: &GameBoard, mine: Option<TeamId>, size: f32) {
    let active = answering(game.question.as_ref());
    // A phone: two teams a row, so that a name keeps its letters together.
    let columns = if widgets::narrow(ui) {
        2
    } else {
        game.teams.len().max(1)
    };
    for teams in game.teams.chunks(columns) {
        four_row(ui, teams, columns, active, mine, size);
    }
}

/// One row of [`table_of_four`]: `teams` in `columns` columns.
fn four_row(
    ui: &mut Ui,
    teams: &[QuartetRow],
    columns: usize,
    active: Option<TeamId>,
    mine: Option<TeamId>,
    size: f32,
) {
    ui.columns(columns, |cols| {
        for (row, ui) in teams.iter().zip(cols.iter_mut()) {
            let lit = active == Some(row.team);
            let (stroke, fill) = match (lit, mine == Some(row.team)) {
                (true, _) => (egui::Stroke::new(4.0, AMBER), ANSWERING_TINT),
                (false, true) => (egui::Stroke::new(4.0, GREEN), Color32::TRANSPARENT),
                (false, false) => (
                    egui::Stroke::new(4.0, Color32::from_gray(60)),
                    Color32::TRANSPARENT,
                ),
            };
            egui::Frame::group(ui.style())
                .stroke(stroke)
                .fill(fill)
                .inner_margin(size * 0.3)
                .show(ui, |ui| {
                    ui.set_min_width(ui.available_width());
                    ui.vertical_centered(|ui| {
                        ui.label(RichText::new(&row.name).size(size).strong());
                        ui.label(
                            RichText::new(row.points.to_string())
                                .size(size * 2.2)
                                .strong()
                                .monospace(),
                        );
                        // Keeps the four frames level with or without a player.
                        let on = row.on.as_deref().unwrap_or(" ");
                        ui.label(RichText::new(on).size(size * 0.9).color(BRIGHT));
                        for (player, points) in &row.players {
                            let colour = if row.on.as_deref() == Some(player) {
                                BRIGHT
                            } else {
                                GREY
                            };
                            ui.label(
                                RichText::new(format!("{player}: {points}"))
                                    .size(size * 0.55)
                                    .color(colour),
                            );
                        }
                    });
                });
        }
    });
}

/// The tour's heading and its four themes; the round on is bright, a
/// hidden theme «?».
pub fn themes(ui: &mut Ui, lang: Lang, tour: &TourBoard, round: Option<u32>, size: f32) {
    ui.vertical_centered(|ui| {
        ui.label(
            RichText::new(words::tour_heading(lang, tour.number, tour.kind))
                .size(size)
                .strong(),
        );
    });
    let theme = |ui: &mut Ui, r: usize, theme: &Option<String>| {
        let text = format!(
            "{}. {}",
            r + 1,
            theme.as_deref().unwrap_or(lang.t(Et::Hidden))
        );
        let colour = if round == Some(r as u32) {
            AMBER
        } else {
            BRIGHT
        };
        ui.label(RichText::new(text).size(size * 0.85).color(colour));
    };
    if widgets::narrow(ui) {
        // A phone: a theme a line; four in a row run off its screen.
        ui.vertical_centered(|ui| {
            for (r, t) in tour.themes.iter().enumerate() {
                theme(ui, r, t);
            }
        });
        return;
    }
    widgets::centred(ui, "erudit-themes", |ui| {
        for (r, t) in tour.themes.iter().enumerate() {
            theme(ui, r, t);
            ui.add_space(size * 0.6);
        }
    });
}

/// The line-ups: a row per round, a column per team («—» where this
/// audience may not see it yet).
pub fn lineups(ui: &mut Ui, lang: Lang, game: &GameBoard, tour: &TourBoard, size: f32) {
    if tour.lineups.is_empty() {
        return;
    }
    ui.label(RichText::new(lang.t(Et::Lineups)).size(size).strong());
    egui::Grid::new(("erudit-lineups", game.stage, game.group, tour.number))
        .striped(true)
        .spacing([size, size * 0.2])
        .show(ui, |ui| {
            ui.label(RichText::new(lang.t(Et::Round)).size(size * 0.9).strong());
            for row in &game.teams {
                ui.label(RichText::new(&row.name).size(size * 0.9).strong());
            }
            ui.end_row();
            for (r, players) in tour.lineups.iter().enumerate() {
                ui.label(RichText::new((r + 1).to_string()).size(size * 0.9));
                for player in players {
                    ui.label(RichText::new(player.as_deref().unwrap_or("—")).size(size * 0.9));
                }
                ui.end_row();
            }
        });
}

/// The round's five values: those played grey, the one on bright.
pub fn values(ui: &mut Ui, lang: Lang, question: &QuestionBoard, size: f32) {
    widgets::centred(ui, "erudit-values", |ui| {
        ui.label(
            RichText::new(lang.t(Et::Values))
                .size(size * 0.7)
                .color(GREY),
        );
        for (n, value) in
            (0..QUESTIONS_PER_ROUND).filter_map(|n| Some((n as u32, question_value(n)?)))
        {
            let colour = match n.cmp(&question.number) {
                std::cmp::Ordering::Less => Color32::from_gray(80),
                std::cmp::Ordering::Equal => AMBER,
                std::cmp::Ordering::Greater => BRIGHT,
            };
            ui.label(
                RichText::new(value.to_string())
                    .size(size)
                    .monospace()
                    .strong()
                    .color(colour),
            );
        }
    });
}

/// The question's state as the hall and the host read it, and its colour.
pub fn hall_state(
    lang: Lang,
    game: &GameBoard,
    state: &QuestionState,
    value: i64,
) -> (String, Color32) {
    let name = |team: TeamId| {
        game.teams
            .iter()
            .find(|r| r.team == team)
            .map_or_else(|| format!("#{team}"), |r| r.name.clone())
    };
    let player = |team: TeamId| {
        game.teams
            .iter()
            .find(|r| r.team == team)
            .and_then(|r| r.on.clone())
    };
    match state {
        QuestionState::Ready => (lang.t(Et::Ready).to_owned(), GREY),
        QuestionState::Reading { .. } => (lang.t(Et::Reading).to_owned(), BRIGHT),
        QuestionState::Waiting { .. } => (lang.t(Et::PressNow).to_owned(), GREEN),
        QuestionState::Answering { team, .. } => (
            words::answering(lang, &name(*team), player(*team).as_deref()),
            AMBER,
        ),
        QuestionState::Closed { by: Some(team) } => {
            (words::taken(lang, &name(*team), value), GREEN)
        }
        QuestionState::Closed { by: None } => (lang.t(Et::NobodyAnswered).to_owned(), RED),
    }
}

/// The question as the hall follows it: round, theme and value, the state
/// in big letters with the silence's countdown, the answer once closed.
pub fn question(
    ui: &mut Ui,
    lang: Lang,
    game: &GameBoard,
    q: &QuestionBoard,
    now: minuta_shared::time::ServerTime,
    size: f32,
) {
    let state = state_at(q, now);
    ui.vertical_centered(|ui| {
        ui.label(
            RichText::new(words::question_line(
                lang,
                q.round,
                q.theme.as_deref(),
                q.value,
            ))
            .size(size * 0.8),
        );
        let (text, colour) = hall_state(lang, game, &state, q.value);
        ui.label(RichText::new(text).size(size).strong().color(colour));
        if let Some(digits) = silence_left(&state, now) {
            ui.label(
                RichText::new(digits)
                    .size(size * 1.8)
                    .monospace()
                    .strong()
                    .color(GREEN),
            );
        }
        if matches!(state, QuestionState::Closed { .. })
            && let Some(answer) = &q.answer
        {
            ui.label(RichText::new(words::answer(lang, answer)).size(size * 0.8));
        }
        values(ui, lang, q, size * 0.7);
    });
}

/// The projector's board under `title`: the game in play big, otherwise
/// the groups and the tournament table.
pub fn display(ui: &mut Ui, state: &AppState, title: &str, board: &EruditBoard) {
    let lang = state.lang;
    let now = state.server_now();
    // Scale with the window so a projector's 1080p and a laptop both fill.
    let base = (ui.available_height() * 0.045).clamp(16.0, 60.0);
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(title).size(base * 0.6).color(GREY));
    });
    // 5.2 (as 4.3): how the tie at the cut was settled (the lot's seed and
    // order), for the hall until the first game starts.
    if let Some(cut) = board.cut.as_ref().filter(|_| board.game.is_none()) {
        crate::views::cut_tie::hall(ui, lang, cut, base * 0.6);
    }
    match &board.game {
        Some(game) if in_play(game) => {
            ui.vertical_centered(|ui| {
                ui.label(RichText::new(game_heading(lang, board, game)).size(base * 0.7));
            });
            table_of_four(ui, game, None, base * 0.8);
            ui.add_space(base * 0.3);
            if let Some(tour) = &game.tour {
                let round = match game.phase {
                    PhaseView::Playing { round } => Some(round),
                    _ => None,
                };
                themes(ui, lang, tour, round, base * 0.7);
            }
            ui.add_space(base * 0.3);
            match (&game.phase, &game.question) {
                (PhaseView::Lineup { kind, .. }, _) => {
                    ui.vertical_centered(|ui| {
                        ui.label(
                            RichText::new(words::lineup_title(lang, *kind))
                                .size(base)
                                .strong(),
                        );
                        if let Some(digits) = lineup_left(&game.phase, now) {
                            ui.label(RichText::new(digits).size(base * 1.8).monospace().strong());
                        }
                    });
                }
                _ if game.tie.is_some() => super::tie::hall(ui, lang, game, base),
                (PhaseView::Playing { .. }, Some(q)) => question(ui, lang, game, q, now, base),
                _ => {
                    ui.vertical_centered(|ui| {
                        ui.label(
                            RichText::new(lang.t(Et::BetweenRounds))
                                .size(base)
                                .color(GREY),
                        );
                    });
                }
            }
        }
        _ => {
            if board.stages.is_empty() {
                ui.vertical_centered(|ui| {
                    ui.label(RichText::new(lang.t(Et::NotSeeded)).size(base).color(GREY));
                });
                return;
            }
            if let Some(row) = tournament::winner(board) {
                ui.vertical_centered(|ui| {
                    ui.label(
                        RichText::new(words::champion(lang, &row.name))
                            .size(base * 1.2)
                            .strong()
                            .color(GREEN),
                    );
                });
            }
            // How the last game's ties were settled (a lot with its seed).
            if let Some(game) = &board.game {
                super::tie::hall(ui, lang, game, base * 0.8);
            }
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    ui.columns(2, |cols| {
                        tournament::groups(&mut cols[0], lang, board, base * 0.55, None);
                        tournament::table(&mut cols[1], lang, "display", &board.table, base * 0.55);
                    });
                });
        }
    }
}
