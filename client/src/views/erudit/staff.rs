//! An Эрудит-квартет tournament on the host's screen, from one place: on
//! top the restart notice (issue 14.4) and, before the draw, the
//! qualification and the draw; then the game in play ([`host_game`]); then
//! every stage's groups with «Начать игру группы N» and the tournament
//! table; last, the themes' package and the timing.

use egui::{RichText, Ui};
use minuta_shared::play::erudit::{EruditCommand, EruditStaffView};
use minuta_shared::play::games::Format;
use minuta_shared::wire::view::HostView;

use super::{board, host_game, in_play, send, setup, tournament};
use crate::state::{AppState, UiCommand};
use crate::views::erudit::words::{self, Et};
use crate::views::format::Game;
use crate::views::package_field::package_field;
use crate::views::widgets::{AMBER, GREEN, GREY};

#[derive(Debug, Default)]
pub struct EruditStaffForm {
    pub setup: setup::SetupForm,
    pub game: host_game::HostGameForm,
    /// The package file's path being typed.
    pub package: String,
}

pub fn screen(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    game: Game<'_>,
    staff: &EruditStaffView,
    form: &mut EruditStaffForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let tournament = &staff.board;
    if staff.restart_notice {
        ui.label(
            RichText::new(lang.t(Et::RestartNotice))
                .size(16.0)
                .strong()
                .color(AMBER),
        );
        ui.add_space(4.0);
    }
    if tournament.finished {
        ui.label(
            RichText::new(lang.t(Et::TournamentOver))
                .size(20.0)
                .strong()
                .color(GREEN),
        );
        if let Some(row) = tournament::winner(tournament) {
            ui.label(RichText::new(words::champion(lang, &row.name)).size(18.0));
        }
    }
    // Before the first game the draw may still be made (or made again).
    let started = tournament
        .stages
        .iter()
        .flat_map(|s| &s.groups)
        .any(|g| g.state != minuta_shared::play::erudit::GroupState::Waiting);
    egui::CollapsingHeader::new(RichText::new(lang.t(Et::SetupTitle)).strong())
        .id_salt(("erudit-setup", game.id.0))
        .default_open(tournament.stages.is_empty())
        .show(ui, |ui| {
            if started {
                ui.label(RichText::new(lang.t(Et::SeedingFixed)).color(GREY));
            } else {
                setup::seeding(ui, state, host, game.id, &mut form.setup, out);
            }
        });
    ui.separator();
    match &tournament.game {
        Some(play) if in_play(play) => {
            ui.label(
                RichText::new(board::game_heading(lang, tournament, play))
                    .size(20.0)
                    .strong(),
            );
            host_game::panel(ui, state, host, game.id, play, &mut form.game, out);
        }
        _ if tournament.stages.is_empty() => {
            ui.label(RichText::new(lang.t(Et::NotSeeded)).size(16.0).color(GREY));
        }
        _ if !tournament.finished => {
            ui.label(RichText::new(lang.t(Et::NoGame)).size(16.0).color(GREY));
        }
        _ => {}
    }
    if !tournament.stages.is_empty() {
        ui.separator();
        let mut start = None;
        ui.columns(2, |cols| {
            let mut pick = |group: u32| start = Some(group);
            tournament::groups(&mut cols[0], lang, tournament, 15.0, Some(&mut pick));
            tournament::table(&mut cols[1], lang, "host", &tournament.table, 15.0);
        });
        if let Some(group) = start {
            send(out, game.id, EruditCommand::StartGame { group });
        }
        if let Some(seed) = tournament.seed {
            ui.label(
                RichText::new(format!("{}: {seed}", lang.t(Et::LotSeed)))
                    .small()
                    .color(GREY),
            );
        }
    }
    ui.separator();
    egui::CollapsingHeader::new(RichText::new(lang.t(Et::Themes)).strong())
        .id_salt(("erudit-themes", game.id.0))
        .default_open(staff.pool == 0 && tournament.stages.is_empty())
        .show(ui, |ui| {
            ui.label(RichText::new(lang.t(Et::ThemesHint)).color(GREY));
            if staff.pool > 0 {
                ui.label(words::pool(lang, staff.pool, staff.pool_used));
            }
            package_field(ui, lang, game.id, Format::Erudit, &mut form.package, out);
        });
    egui::CollapsingHeader::new(RichText::new(lang.t(Et::Timing)).strong())
        .id_salt(("erudit-timing", game.id.0))
        .show(ui, |ui| {
            setup::timing(
                ui,
                state,
                game.id,
                &staff.timing,
                &mut form.setup.timing,
                out,
            )
        });
}
