//! A ChGK game's table for the staff: places shared as `2-3`, points,
//! rating and masks (every played question counts, as judged), with
//! «Закрыть тур» for each open tour.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView};
use minuta_shared::wire::client::Command;

use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::widgets::{self, GREY};

pub fn table(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    chgk: &ChgkStaffView,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    widgets::standings_table(ui, lang, "host", &chgk.standings, 16.0);
    ui.add_space(8.0);
    super::chart::leaders(ui, lang, "host", &chgk.standings, None, 220.0);
    ui.separator();
    ui.heading(lang.t(T::Tours));
    for tour in &chgk.tours {
        ui.horizontal(|ui| {
            ui.label(RichText::new(&tour.title).strong());
            if tour.closed {
                ui.label(RichText::new(lang.t(T::TourClosedMark)).color(GREY));
            } else if ui.button(lang.t(T::CloseTour)).clicked() {
                out.push(UiCommand::Send(Command::game(
                    game,
                    ChgkCommand::CloseTour { tour: tour.id },
                )));
            }
        });
    }
}
