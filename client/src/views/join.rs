//! The join screen: paste a code, connect.

use egui::{RichText, Ui};
use minuta_shared::join_code::{JoinCode, JoinCodeError};

use crate::i18n::{self, T};
use crate::state::{AppState, UiCommand};
use crate::views::widgets;

#[derive(Debug, Default)]
pub struct JoinForm {
    pub code: String,
    pub error: Option<JoinCodeError>,
}

pub fn join(ui: &mut Ui, state: &AppState, form: &mut JoinForm) -> Vec<UiCommand> {
    let lang = state.lang;
    let mut out = Vec::new();
    ui.vertical_centered(|ui| {
        ui.add_space(40.0);
        ui.heading(RichText::new(lang.t(T::JoinHeading)).size(28.0));
        ui.label(lang.t(T::JoinHint));
        ui.add_space(12.0);
        ui.label(lang.t(T::JoinCodeLabel));
        let edit = egui::TextEdit::multiline(&mut form.code)
            .hint_text("minuta://192.168.1.5:4433/team-1/…?fp=…")
            .font(egui::TextStyle::Monospace)
            .desired_rows(3)
            .desired_width(560.0);
        if ui.add(edit).changed() {
            form.error = None;
        }
        if ui
            .button(RichText::new(lang.t(T::JoinButton)).size(18.0))
            .clicked()
        {
            match JoinCode::parse(&form.code) {
                Ok(code) => out.push(UiCommand::Join(code)),
                Err(error) => form.error = Some(error),
            }
        }
        if let Some(error) = &form.error {
            ui.label(RichText::new(i18n::join_code_error(lang, error)).color(widgets::RED));
        }
        ui.add_space(24.0);
        ui.label(
            RichText::new(lang.t(T::JoinHostHint))
                .small()
                .color(widgets::GREY),
        );
    });
    out
}
