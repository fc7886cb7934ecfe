//! The judge's terminal: the judging tab alone. A judge receives the host's
//! view without access secrets.

use egui::{RichText, Ui};
use minuta_shared::wire::view::HostView;

use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::host::{HostForm, judging};

pub fn judge(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut HostForm,
) -> Vec<UiCommand> {
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        ui.label(RichText::new(&view.tournament).strong().size(18.0));
        ui.separator();
        ui.label(RichText::new(state.lang.t(T::JudgeTerminal)).size(18.0));
    });
    ui.separator();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            judging::judging(ui, state.lang, view, &mut form.judging, &mut out);
        });
    out
}
