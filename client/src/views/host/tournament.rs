//! The tournament tab: its name, the players per team, and the ChGK
//! minute's timings (60 s, the signal 10 s before the end, 3 s to hand in),
//! all settings so an organiser can fill the rules' blanks.

use egui::{RichText, Ui};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::widgets::GREY;

/// The fields being edited; they follow the server's values until the
/// person changes one.
#[derive(Debug, Default)]
pub struct TournamentForm {
    pub editing: bool,
    pub name: String,
    pub min_players: u32,
    pub max_players: u32,
    pub minute_s: f64,
    pub warning_s: f64,
    pub grace_s: f64,
}

impl TournamentForm {
    fn follow(&mut self, view: &HostView) {
        let chgk = &view.settings.chgk;
        *self = TournamentForm {
            editing: false,
            name: view.tournament.clone(),
            min_players: view.settings.min_players,
            max_players: view.settings.max_players,
            minute_s: chgk.minute_ms as f64 / 1000.0,
            warning_s: chgk.warning_before_end_ms as f64 / 1000.0,
            grace_s: chgk.grace_ms as f64 / 1000.0,
        };
    }
}

fn ms(seconds: f64) -> u64 {
    (seconds.max(0.0) * 1000.0).round() as u64
}

pub fn tournament(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut TournamentForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if !form.editing {
        form.follow(view);
    }
    let mut changed = false;
    egui::Grid::new("tournament-settings")
        .num_columns(2)
        .spacing([16.0, 8.0])
        .show(ui, |ui| {
            ui.label(lang.t(T::TournamentName));
            changed |= ui
                .add(egui::TextEdit::singleline(&mut form.name).desired_width(360.0))
                .changed();
            ui.end_row();
            ui.label(lang.t(T::PlayersRange));
            ui.horizontal(|ui| {
                changed |= ui
                    .add(egui::DragValue::new(&mut form.min_players).range(1..=20))
                    .changed();
                ui.label("—");
                changed |= ui
                    .add(egui::DragValue::new(&mut form.max_players).range(1..=20))
                    .changed();
            });
            ui.end_row();
            for (label, value) in [
                (T::MinuteSeconds, &mut form.minute_s),
                (T::WarningSeconds, &mut form.warning_s),
                (T::GraceSeconds, &mut form.grace_s),
            ] {
                ui.label(lang.t(label));
                changed |= ui
                    .add(
                        egui::DragValue::new(value)
                            .range(0.0..=3600.0)
                            .speed(0.5)
                            .suffix(" s"),
                    )
                    .changed();
                ui.end_row();
            }
        });
    form.editing |= changed;
    ui.label(RichText::new(lang.t(T::SettingsHint)).small().color(GREY));
    ui.horizontal(|ui| {
        if ui
            .add_enabled(form.editing, egui::Button::new(lang.t(T::Save)))
            .clicked()
        {
            let mut settings = view.settings.clone();
            settings.min_players = form.min_players;
            settings.max_players = form.max_players;
            settings.chgk.minute_ms = ms(form.minute_s);
            settings.chgk.warning_before_end_ms = ms(form.warning_s);
            settings.chgk.grace_ms = ms(form.grace_s);
            out.push(UiCommand::Send(Command::SetUpTournament {
                name: form.name.trim().to_owned(),
                settings,
            }));
            form.editing = false;
        }
        if form.editing && ui.button(lang.t(T::Cancel)).clicked() {
            form.editing = false;
        }
    });
}
