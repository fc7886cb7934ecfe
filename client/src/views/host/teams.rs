//! The teams tab: register a team (name, town, players one per line), and
//! the list with connection state, join code and QR.

use egui::{RichText, Ui};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::view::HostView;

use super::join_code;
use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::widgets::{self, GREEN, GREY};

#[derive(Debug, Default)]
pub struct TeamsForm {
    pub name: String,
    pub town: String,
    pub players: String,
    /// The name just sent: the form empties once the team shows up, and
    /// keeps what was typed if the server refused it.
    pub sent: Option<String>,
}

pub fn teams(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut TeamsForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if let Some(sent) = &form.sent
        && view.teams.iter().any(|t| &t.name == sent)
    {
        *form = TeamsForm::default();
    }
    egui::CollapsingHeader::new(RichText::new(lang.t(T::RegisterTeam)).strong())
        .default_open(view.teams.is_empty())
        .show(ui, |ui| {
            egui::Grid::new("register-team")
                .num_columns(2)
                .show(ui, |ui| {
                    ui.label(lang.t(T::TeamName));
                    ui.text_edit_singleline(&mut form.name);
                    ui.end_row();
                    ui.label(lang.t(T::Town));
                    ui.text_edit_singleline(&mut form.town);
                    ui.end_row();
                    ui.label(lang.t(T::PlayersOnePerLine));
                    ui.add(egui::TextEdit::multiline(&mut form.players).desired_rows(6));
                    ui.end_row();
                });
            let players: Vec<String> = form
                .players
                .lines()
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(str::to_owned)
                .collect();
            ui.label(
                RichText::new(format!("{}: {}", lang.t(T::Players), players.len())).color(GREY),
            );
            if ui.button(lang.t(T::Register)).clicked() {
                let name = form.name.trim().to_owned();
                form.sent = Some(name.clone());
                out.push(UiCommand::Send(Command::RegisterTeam {
                    name,
                    town: form.town.trim().to_owned(),
                    players,
                }));
            }
        });
    ui.separator();
    if view.teams.is_empty() {
        ui.label(lang.t(T::NoTeams));
        return;
    }
    for team in &view.teams {
        ui.horizontal(|ui| {
            widgets::dot(ui, if team.connected { GREEN } else { GREY });
            ui.label(
                RichText::new(format!("{}. {}", team.id, team.name))
                    .strong()
                    .size(16.0),
            );
            ui.label(RichText::new(&team.town).color(GREY));
            ui.label(
                RichText::new(lang.t(if team.connected {
                    T::Online
                } else {
                    T::Offline
                }))
                .small()
                .color(GREY),
            );
        })
        .response
        .on_hover_text(team.players.join("\n"));
        if let Some(access) = &view.access
            && let Some((_, secret)) = access.teams.iter().find(|(id, _)| *id == team.id)
        {
            let code = join_code(
                access,
                Credential::Team {
                    team: team.id,
                    secret: secret.clone(),
                },
            );
            ui.indent(("team-code", team.id), |ui| {
                widgets::join_code_box(ui, lang, &format!("team-{}", team.id), &code, out);
            });
        }
        ui.add_space(4.0);
    }
}
