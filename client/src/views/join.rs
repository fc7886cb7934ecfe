//! The join screen: paste a code (long `minuta://…` or short «K7QM-4H2X»),
//! or choose one of the Minuta servers found in the hall — the projector
//! joins at once by the advertised display code, a team then types its
//! code. A long code's fingerprint stays the pin: a chosen server whose
//! certificate disagrees with it is refused.

use egui::{RichText, Ui};
use minuta_shared::join_code::{JoinCode, JoinCodeError};
use minuta_shared::lan::{self, Found, LanError, ShortCode};

use crate::discovery::Hall;
use crate::i18n::{self, T, lan as say};
use crate::shell::Platform;
use crate::state::{AppState, UiCommand};
use crate::views::widgets;

#[derive(Debug, Default)]
pub struct JoinForm {
    pub code: String,
    pub error: Option<JoinError>,
    /// The servers found in the hall (the app fills it from discovery).
    pub hall: Hall,
    /// Discovery was switched off (`--no-mdns`).
    pub discovery_off: bool,
    /// The instance of the server a team chose from the list.
    pub chosen: Option<String>,
}

/// Why the typed code cannot be used.
#[derive(Debug, PartialEq, Eq)]
pub enum JoinError {
    Code(JoinCodeError),
    Lan(LanError),
}

impl JoinForm {
    fn chosen(&self) -> Option<&Found> {
        let chosen = self.chosen.as_ref()?;
        self.hall.servers.iter().find(|s| &s.instance == chosen)
    }

    /// The join code the typed text stands for.
    pub fn resolve(&self) -> Result<JoinCode, JoinError> {
        let typed = self.code.trim();
        let chosen = self.chosen();
        if !ShortCode::looks_short(typed) {
            let code = JoinCode::parse(typed).map_err(JoinError::Code)?;
            return match chosen {
                Some(server) => server.confirm(code).map_err(JoinError::Lan),
                None => Ok(code),
            };
        }
        let found = match chosen {
            Some(server) => {
                let short = ShortCode::parse_on(typed, &server.server_half());
                short.and_then(|short| server.team_code(&short))
            }
            None => ShortCode::parse(typed).and_then(|s| lan::resolve(&s, &self.hall.servers)),
        };
        found.map_err(JoinError::Lan)
    }
}

pub fn join(ui: &mut Ui, state: &AppState, form: &mut JoinForm) -> Vec<UiCommand> {
    let lang = state.lang;
    let mut out = Vec::new();
    ui.vertical_centered(|ui| {
        ui.add_space(40.0);
        ui.heading(RichText::new(lang.t(T::JoinHeading)).size(28.0));
        ui.label(lang.t(T::JoinHint));
        ui.add_space(12.0);
        match form
            .chosen()
            .map(|s| (s.advert.tournament.clone(), s.server_half()))
        {
            Some((tournament, half)) => {
                ui.label(RichText::new(say::team_prompt(lang, &tournament, &half)).strong());
            }
            None => {
                ui.label(lang.t(T::JoinCodeLabel));
            }
        }
        let edit = egui::TextEdit::multiline(&mut form.code)
            .hint_text("minuta://192.168.1.5:4433/team-1/…?fp=…   K7QM-4H2X")
            .font(egui::TextStyle::Monospace)
            .desired_rows(3)
            .desired_width(ui.available_width().min(560.0));
        if ui.add(edit).changed() {
            form.error = None;
        }
        if ui
            .button(RichText::new(lang.t(T::JoinButton)).size(18.0))
            .clicked()
        {
            match form.resolve() {
                Ok(code) => out.push(UiCommand::Join(code)),
                Err(error) => form.error = Some(error),
            }
        }
        if let Some(error) = &form.error {
            let said = match error {
                JoinError::Code(e) => i18n::join_code_error(lang, e),
                JoinError::Lan(e) => say::lan_error(lang, e),
            };
            ui.label(RichText::new(said).color(widgets::RED));
        }
        ui.add_space(16.0);
        hall(ui, lang, form, &mut out);
        // How to start a server: the desktop app's business, not a page's
        // that a server has just served.
        if Platform::of(ui.ctx()) == Platform::Desktop {
            ui.add_space(24.0);
            ui.label(
                RichText::new(lang.t(T::JoinHostHint))
                    .small()
                    .color(widgets::GREY),
            );
        }
    });
    out
}

/// The servers found in the hall, each with its choices.
fn hall(ui: &mut Ui, lang: i18n::Lang, form: &mut JoinForm, out: &mut Vec<UiCommand>) {
    ui.label(RichText::new(say::hall_heading(lang)).size(18.0).strong());
    if form.discovery_off {
        ui.label(RichText::new(say::off(lang)).color(widgets::GREY));
        return;
    }
    if let Some(why) = &form.hall.failed {
        ui.label(RichText::new(say::failed(lang, why)).color(widgets::GREY));
    }
    if form.hall.servers.is_empty() {
        if form.hall.searching {
            ui.label(RichText::new(say::searching(lang)).color(widgets::GREY));
        }
        return;
    }
    let mut choose = None;
    let mut failed = None;
    for server in &form.hall.servers {
        // Wrapped: on a phone the name, the address and the choices take
        // lines of their own rather than run off the screen.
        ui.horizontal_wrapped(|ui| {
            let name = if server.advert.tournament.is_empty() {
                "Minuta".to_owned()
            } else {
                server.advert.tournament.clone()
            };
            ui.label(RichText::new(name).strong());
            let addrs: Vec<String> = server
                .socket_addrs()
                .iter()
                .map(|a| a.to_string())
                .collect();
            ui.label(
                RichText::new(format!("{} · {}", server.server_half(), addrs.join(", ")))
                    .monospace()
                    .color(widgets::GREY),
            );
            if let Err(LanError::Version { server, .. }) = server.check_version() {
                ui.label(RichText::new(say::other_version(lang, server)).color(widgets::RED));
                return;
            }
            if ui.button(say::projector(lang)).clicked() {
                match server.display_code() {
                    Ok(code) => out.push(UiCommand::Join(code)),
                    Err(e) => failed = Some(JoinError::Lan(e)),
                }
            }
            if ui.button(say::team(lang)).clicked() {
                choose = Some(server.instance.clone());
            }
        });
    }
    if failed.is_some() {
        form.error = failed;
    }
    if let Some(instance) = choose {
        form.chosen = Some(instance);
        form.code.clear();
        form.error = None;
    }
    ui.label(
        RichText::new(say::short_hint(lang))
            .small()
            .color(widgets::GREY),
    );
}
