//! The standings tab: places (shared as `2-3`), points, rating and masks,
//! and «Закрыть тур» for each open tour.

use egui::{RichText, Ui};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::widgets::{self, GREY};

pub fn standings(ui: &mut Ui, state: &AppState, view: &HostView, out: &mut Vec<UiCommand>) {
    let lang = state.lang;
    widgets::standings_table(ui, lang, "host", &view.standings, 16.0);
    ui.separator();
    ui.heading(lang.t(T::Tours));
    for tour in &view.tours {
        ui.horizontal(|ui| {
            ui.label(RichText::new(&tour.title).strong());
            if tour.closed {
                ui.label(RichText::new(lang.t(T::TourClosedMark)).color(GREY));
            } else if ui.button(lang.t(T::CloseTour)).clicked() {
                out.push(UiCommand::Send(Command::CloseTour { tour: tour.id }));
            }
        });
    }
}
