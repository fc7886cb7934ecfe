//! The access tab: the projector's, the host's and the appeal jury's join
//! codes with their web links (issue 24) and QR, the teams' short codes,
//! the server's addresses, its page for browsers and certificate
//! fingerprint, and the codes on paper (a PDF to print, with the hall's
//! Wi-Fi on every team's card).

use egui::{RichText, Ui};
use minuta_shared::join_code::fingerprint_hex;
use minuta_shared::wire::files::HostFile;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::view::HostView;

use crate::i18n::{self, T};
use crate::state::{AppState, UiCommand};
use crate::views::host::files;
use crate::views::join_codes::{join_code, short_code, web_link_of, web_site};
use crate::views::{long_list, widgets};

/// The codes on paper: the Wi-Fi printed on the cards.
#[derive(Debug, Default)]
pub struct CodesForm {
    pub wifi: String,
}

pub fn access(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut CodesForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let Some(access) = &view.access else { return };
    ui.label(lang.t(T::AccessHint));
    ui.add_space(8.0);
    ui.heading(i18n::codes::heading(lang));
    ui.label(
        RichText::new(i18n::codes::hint(lang))
            .small()
            .color(widgets::GREY),
    );
    codes_pdf(ui, state, form, out);
    ui.add_space(8.0);
    ui.heading(lang.t(T::DisplayCode));
    let display = join_code(
        access,
        Credential::Display {
            secret: access.display_secret.clone(),
        },
    );
    let web = web_link_of(access, &display);
    widgets::join_code_box(ui, lang, "display", &display, web.as_deref(), out);
    ui.label(format!(
        "{}: {}",
        lang.t(T::DisplaysConnected),
        view.displays_connected
    ));
    ui.add_space(8.0);
    ui.heading(lang.t(T::HostCode));
    let host = join_code(
        access,
        Credential::Host {
            secret: access.host_secret.clone(),
        },
    );
    let web = web_link_of(access, &host);
    widgets::join_code_box(ui, lang, "host", &host, web.as_deref(), out);
    ui.add_space(8.0);
    if let Some(secret) = &view.jury_secret {
        ui.heading(lang.t(T::JuryCode));
        let jury = join_code(
            access,
            Credential::Jury {
                secret: secret.clone(),
            },
        );
        let web = web_link_of(access, &jury);
        widgets::join_code_box(ui, lang, "jury", &jury, web.as_deref(), out);
        ui.add_space(8.0);
    }
    if !view.teams.is_empty() {
        ui.heading(i18n::lan::short_codes_heading(lang));
        ui.label(
            RichText::new(i18n::lan::short_codes_hint(lang))
                .small()
                .color(widgets::GREY),
        );
        // One line a team, drawn only on screen: a hall of thousands.
        let height = long_list::line_height(ui, egui::TextStyle::Monospace.resolve(ui.style()));
        long_list::rows(ui, view.teams.len(), height, |ui, i| {
            let team = &view.teams[i];
            if let Some(short) = short_code(access, team.id) {
                ui.label(RichText::new(format!("{} — {short}", team.name)).monospace());
            }
        });
        ui.add_space(8.0);
    }
    ui.heading(lang.t(T::ServerAddresses));
    for addr in &access.addrs {
        ui.label(RichText::new(addr.to_string()).monospace());
    }
    ui.heading(i18n::codes::web_page_heading(lang));
    match web_site(access) {
        Some(site) => {
            ui.label(RichText::new(site).monospace().strong());
            ui.label(
                RichText::new(i18n::codes::web_page_hint(lang))
                    .small()
                    .color(widgets::GREY),
            );
        }
        None => {
            ui.label(RichText::new(i18n::codes::web_off(lang)).color(widgets::GREY));
        }
    }
    ui.heading(lang.t(T::Fingerprint));
    ui.label(
        RichText::new(fingerprint_hex(&access.fingerprint))
            .monospace()
            .small(),
    );
}

/// The codes' PDF: the hall's Wi-Fi to print on the team cards, and the
/// file, made by the server (both shells alike).
fn codes_pdf(ui: &mut Ui, state: &AppState, form: &mut CodesForm, out: &mut Vec<UiCommand>) {
    ui.horizontal(|ui| {
        let label = ui.label(i18n::codes::wifi_label(state.lang));
        ui.add(egui::TextEdit::singleline(&mut form.wifi).hint_text("Minuta / 12345678"))
            .labelled_by(label.id);
    });
    let file = HostFile::Codes {
        wifi: form.wifi.trim().to_owned(),
    };
    files::button(ui, state, file, None, out);
}
