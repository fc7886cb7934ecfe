//! The standings tab: the event's ChGK table
//! ([`crate::views::chgk::standings`]) and beside it «Итоги фестиваля»
//! (2.2, [`super::festival`]) once the event has more than one tournament.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::chgk::ChgkStaffView;
use minuta_shared::wire::view::HostView;

use super::festival;
use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::chgk;

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
    chgk_view: &ChgkStaffView,
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
    chgk::standings::table(ui, state, game, chgk_view, out);
}
