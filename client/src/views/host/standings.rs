//! The standings tab: the ChGK table (places shared as `2-3`, points,
//! rating and masks) with «Закрыть тур» for each open tour, and beside it
//! «Итоги фестиваля» (2.2, [`super::festival`]) once the event has more
//! than one tournament.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use super::festival;
use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::widgets::{self, GREY};

#[derive(Debug, Default)]
pub struct StandingsForm {
    /// «Итоги фестиваля» rather than the ChGK table.
    pub festival: bool,
    /// The search box of the festival's tables.
    pub find: String,
}

pub fn standings(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    game: GameId,
    chgk: &ChgkStaffView,
    form: &mut StandingsForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if !view.festival.is_empty() {
        ui.horizontal(|ui| {
            ui.selectable_value(
                &mut form.festival,
                false,
                RichText::new(lang.t(T::ChgkTable)).size(15.0),
            );
            ui.selectable_value(
                &mut form.festival,
                true,
                RichText::new(lang.t(T::FestivalResults)).size(15.0),
            );
        });
        ui.separator();
    }
    if form.festival && !view.festival.is_empty() {
        festival::festival(ui, lang, view, &mut form.find);
        return;
    }
    widgets::standings_table(ui, lang, "host", &chgk.standings, 16.0);
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
