//! The Эрудит-квартет tournament between games, as every audience sees
//! it: the groups of each stage with their points and state (the host gets
//! a «Начать игру группы N» button on each group of the current stage that
//! waits), the tournament table (2.2), and a team's own screen between its
//! games — its group, its place and the table.

use egui::{RichText, Ui};
use minuta_shared::ids::TeamId;
use minuta_shared::play::erudit::{EruditBoard, EruditPlaceRow, GroupState, GroupView};

use crate::i18n::Lang;
use crate::views::erudit::words::{self, Et};
use crate::views::widgets::{self, AMBER, BRIGHT, GREEN, GREY};

/// Every stage's groups, side by side within a stage; `start` (the host's)
/// is given the group whose «Начать игру» was clicked. A group may start
/// when it waits in the last stage and no game is in play.
pub fn groups(
    ui: &mut Ui,
    lang: Lang,
    board: &EruditBoard,
    size: f32,
    mut start: Option<&mut dyn FnMut(u32)>,
) {
    let playing = board
        .stages
        .iter()
        .flat_map(|s| &s.groups)
        .any(|g| g.state == GroupState::Playing);
    let last = board.stages.len().saturating_sub(1);
    for (s, stage) in board.stages.iter().enumerate() {
        ui.label(
            RichText::new(words::stage_name(lang, s as u32, stage.groups.len()))
                .size(size * 1.1)
                .strong(),
        );
        let columns = stage.groups.len().clamp(1, 4);
        for row in stage.groups.chunks(columns).enumerate() {
            let (chunk, groups) = row;
            ui.columns(columns, |cols| {
                for (i, (group, ui)) in groups.iter().zip(cols.iter_mut()).enumerate() {
                    let index = (chunk * columns + i) as u32;
                    let startable = s == last && !playing && group.state == GroupState::Waiting;
                    let clicked =
                        group_card(ui, lang, index, group, size, start.is_some() && startable);
                    if clicked && let Some(start) = start.as_mut() {
                        start(index);
                    }
                }
            });
        }
        ui.add_space(size * 0.4);
    }
}

/// One group: its number and state, its teams with their points; returns
/// whether its «Начать игру» was clicked.
fn group_card(
    ui: &mut Ui,
    lang: Lang,
    group: u32,
    view: &GroupView,
    size: f32,
    startable: bool,
) -> bool {
    let (state, colour) = match view.state {
        GroupState::Waiting => (Et::GroupWaiting, GREY),
        GroupState::Playing => (Et::GroupPlaying, AMBER),
        GroupState::Finished => (Et::GroupFinished, GREEN),
    };
    let mut clicked = false;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(words::group_name(lang, group))
                    .size(size)
                    .strong(),
            );
            ui.label(RichText::new(lang.t(state)).size(size * 0.8).color(colour));
        });
        let mut teams: Vec<&(TeamId, String, i64)> = view.teams.iter().collect();
        if view.state != GroupState::Waiting {
            teams.sort_by_key(|(_, _, points)| std::cmp::Reverse(*points));
        }
        egui::Grid::new(("erudit-group", group, size as u32))
            .spacing([size, size * 0.2])
            .show(ui, |ui| {
                for (_, name, points) in teams {
                    ui.label(RichText::new(name).size(size * 0.9).color(BRIGHT));
                    let points = if view.state == GroupState::Waiting {
                        String::new()
                    } else {
                        points.to_string()
                    };
                    ui.label(RichText::new(points).size(size * 0.9).monospace());
                    ui.end_row();
                }
            });
        if startable {
            clicked = ui.button(words::start_game(lang, group)).clicked();
        }
    });
    clicked
}

/// The tournament table: place, team, the stage and group reached, points.
pub fn table(ui: &mut Ui, lang: Lang, id: &str, rows: &[EruditPlaceRow], size: f32) {
    ui.label(RichText::new(lang.t(Et::Table)).size(size * 1.1).strong());
    let heads = [
        Et::ColPlace,
        Et::ColTeam,
        Et::ColStage,
        Et::ColGroup,
        Et::ColPoints,
    ];
    let number = |text: String| RichText::new(text).size(size).monospace().color(BRIGHT);
    widgets::places_table(
        ui,
        lang,
        ("erudit-table", id),
        &heads,
        rows,
        size,
        |ui, row| {
            ui.label(number(row.place.to_string()));
            ui.label(RichText::new(&row.name).size(size).strong().color(BRIGHT));
            ui.label(number((row.stage + 1).to_string()));
            ui.label(number((row.group + 1).to_string()));
            ui.label(number(row.points.to_string()).strong());
        },
    );
}

/// The winner once the final is over.
pub fn winner(board: &EruditBoard) -> Option<&EruditPlaceRow> {
    board
        .finished
        .then(|| board.table.iter().find(|r| r.place.first == 1))
        .flatten()
}

/// A team's screen between its games: the group it is in (its last),
/// its place, the groups and the table.
pub fn between_games(ui: &mut Ui, lang: Lang, team: TeamId, board: &EruditBoard) {
    ui.vertical_centered(|ui| {
        if board.finished {
            ui.label(
                RichText::new(lang.t(Et::TournamentOver))
                    .size(26.0)
                    .strong(),
            );
        }
        if let Some(row) = winner(board) {
            ui.label(
                RichText::new(words::champion(lang, &row.name))
                    .size(22.0)
                    .color(GREEN),
            );
        }
        let group = board
            .stages
            .iter()
            .enumerate()
            .rev()
            .find_map(|(s, stage)| {
                stage
                    .groups
                    .iter()
                    .position(|g| g.teams.iter().any(|(t, _, _)| *t == team))
                    .map(|g| (s, stage.groups.len(), g))
            });
        if let Some((stage, groups, group)) = group {
            let line = format!(
                "{}: {} · {}",
                lang.t(Et::YourGroup),
                words::group_name(lang, group as u32),
                words::stage_name(lang, stage as u32, groups)
            );
            ui.label(RichText::new(line).size(22.0));
        }
        if let Some(row) = board.table.iter().find(|r| r.team == team) {
            ui.label(
                RichText::new(crate::views::brain_ring::words::table_place(
                    lang,
                    &row.place.to_string(),
                ))
                .size(22.0)
                .strong(),
            );
        }
    });
    ui.add_space(12.0);
    groups(ui, lang, board, 16.0, None);
    table(ui, lang, "team", &board.table, 16.0);
}
