//! The window `minuta host` / `minuta demo` opens when its server could
//! not start (another server holds the data folder, the folder is
//! read-only, the store is refused): the reason in large type, what would
//! help, and the way out — another data folder, or setting a damaged store
//! aside (`--new`). The view asks; the app starts the server.

use std::path::PathBuf;

use egui::{RichText, Ui};

use crate::i18n::{Lang, start as say};
use crate::state::{Advice, StartFailure, UiCommand};
use crate::views::widgets;

/// The folder typed so far; empty until the window first shows, then the
/// folder that failed.
#[derive(Debug, Default)]
pub struct StartForm {
    pub folder: String,
    /// The failure the folder field was filled from.
    shown: Option<PathBuf>,
}

pub fn start_failed(
    ui: &mut Ui,
    lang: Lang,
    failure: &StartFailure,
    form: &mut StartForm,
) -> Vec<UiCommand> {
    let mut out = Vec::new();
    if form.shown.as_ref() != Some(&failure.data) {
        form.folder = failure.data.display().to_string();
        form.shown = Some(failure.data.clone());
    }
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.vertical_centered(|ui| {
            ui.add_space(40.0);
            ui.label(
                RichText::new(say::failed_heading(lang))
                    .size(30.0)
                    .strong()
                    .color(widgets::RED),
            );
            ui.add_space(16.0);
            ui.add(egui::Label::new(RichText::new(sentence(&failure.reason)).size(20.0)).wrap());
            ui.add_space(16.0);
            ui.add(
                egui::Label::new(RichText::new(say::advice(lang, failure.advice)).size(17.0))
                    .wrap(),
            );
            ui.add_space(24.0);
            let label = ui.label(RichText::new(say::folder_label(lang)).size(16.0));
            ui.add(
                egui::TextEdit::singleline(&mut form.folder)
                    .font(egui::TextStyle::Monospace)
                    .desired_width(520.0),
            )
            .labelled_by(label.id);
            ui.add_space(8.0);
            let folder = PathBuf::from(form.folder.trim());
            let typed = !form.folder.trim().is_empty();
            if ui
                .add_enabled(
                    typed,
                    egui::Button::new(RichText::new(say::start_button(lang)).size(18.0)),
                )
                .clicked()
            {
                out.push(UiCommand::StartServer {
                    data: folder.clone(),
                    new: false,
                });
            }
            if failure.advice == Advice::SetAside
                && ui
                    .add_enabled(
                        typed,
                        egui::Button::new(RichText::new(say::set_aside_button(lang)).size(18.0)),
                    )
                    .clicked()
            {
                out.push(UiCommand::StartServer {
                    data: folder,
                    new: true,
                });
            }
        });
    });
    out
}

/// The reason as a sentence of its own: a capital first letter (the
/// terminal's line has it after «minuta: »).
fn sentence(reason: &str) -> String {
    let mut chars = reason.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
