//! The tournament tab: its name, the players per team, and the event's
//! settings its own games read (the ChGK minute's timings: 60 s, the
//! signal 10 s before the end, 3 s to hand in — drawn by ChGK,
//! [`crate::views::format::EventOwn::settings`]), all settings so an
//! organiser can fill the rules' blanks.

use egui::Ui;
use minuta_shared::play::settings::TournamentSettings;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::games;

/// The fields being edited; they follow the server's values until the
/// person changes one.
#[derive(Debug, Default)]
pub struct TournamentForm {
    pub editing: bool,
    pub name: String,
    pub settings: TournamentSettings,
}

impl TournamentForm {
    fn follow(&mut self, view: &HostView) {
        *self = TournamentForm {
            editing: false,
            name: view.tournament.clone(),
            settings: view.settings.clone(),
        };
    }
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
            let label = ui.label(lang.t(T::TournamentName));
            changed |= ui
                .add(egui::TextEdit::singleline(&mut form.name).desired_width(360.0))
                .labelled_by(label.id)
                .changed();
            ui.end_row();
            let label = ui.label(lang.t(T::PlayersRange));
            let settings = &mut form.settings;
            ui.horizontal(|ui| {
                changed |= ui
                    .add(egui::DragValue::new(&mut settings.min_players).range(1..=20))
                    .labelled_by(label.id)
                    .changed();
                ui.label("—");
                changed |= ui
                    .add(egui::DragValue::new(&mut settings.max_players).range(1..=20))
                    .labelled_by(label.id)
                    .changed();
            });
            ui.end_row();
            changed |= games::own_settings(ui, lang, settings);
        });
    form.editing |= changed;
    ui.horizontal(|ui| {
        if ui
            .add_enabled(form.editing, egui::Button::new(lang.t(T::Save)))
            .clicked()
        {
            out.push(UiCommand::Send(Command::SetUpTournament {
                name: form.name.trim().to_owned(),
                settings: form.settings.clone(),
            }));
            form.editing = false;
        }
        if form.editing && ui.button(lang.t(T::Cancel)).clicked() {
            form.editing = false;
        }
    });
}
