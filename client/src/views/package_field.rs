//! The package field a game's preparation screen shows: a path (naming the
//! formats it takes), «Выбрать файл…» (the in-app picker), «Загрузить» and
//! the drag-and-drop hint. Knows no format: the caller names the game
//! and its format, and the file is read off the UI thread.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::games::Format;

use crate::i18n::{Lang, T};
use crate::shell::Platform;
use crate::state::UiCommand;
use crate::views::file_picker;
use crate::views::widgets::GREY;

/// The field; `path` is the screen's own text, kept between frames. The
/// browser has no paths: there the field is its own picker (what is
/// picked loads at once) and the drop hint.
pub fn package_field(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    format: Format,
    path: &mut String,
    out: &mut Vec<UiCommand>,
) {
    if Platform::of(ui.ctx()) == Platform::Browser {
        if ui.button(lang.t(T::ChooseFile)).clicked() {
            out.push(UiCommand::PickPackageFile(game, format));
        }
        ui.label(RichText::new(lang.t(T::DropHint)).color(GREY));
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label(lang.t(T::PackagePath));
        ui.add(egui::TextEdit::singleline(path).desired_width(420.0))
            .labelled_by(label.id);
        file_picker::picker(ui, lang, &format!("package-{}", game.0), path, out);
        let chosen = path.trim();
        if ui
            .add_enabled(!chosen.is_empty(), egui::Button::new(lang.t(T::Load)))
            .clicked()
        {
            out.push(UiCommand::LoadPackageFile(game, format, chosen.into()));
        }
    });
    ui.label(RichText::new(lang.t(T::DropHint)).color(GREY));
}
