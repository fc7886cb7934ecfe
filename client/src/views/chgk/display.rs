//! The projector's ChGK screen: the event's (or the game's) name, the tour,
//! a huge question number and clock, how many cards are in (a count, never
//! an answer), and the public standings.

use egui::{RichText, Ui};
use minuta_shared::play::chgk::ChgkDisplayView;

use crate::i18n;
use crate::state::AppState;
use crate::views::widgets::{self, GREY};

pub fn screen(ui: &mut Ui, state: &AppState, title: &str, view: &ChgkDisplayView) {
    let lang = state.lang;
    let now = state.server_now();
    // Scale with the window so a projector's 1080p and a laptop both fill.
    let height = ui.available_height().max(300.0);
    let clock_size = (height * 0.22).clamp(60.0, 320.0);
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(title).size(clock_size * 0.16).color(GREY));
        if !view.tour_title.is_empty() {
            ui.label(RichText::new(&view.tour_title).size(clock_size * 0.2));
        }
        if view.clock.question.is_some() {
            ui.label(
                RichText::new(i18n::question_number(lang, &view.clock.number))
                    .size(clock_size * 0.45)
                    .strong(),
            );
        }
        widgets::big_clock(ui, lang, &view.clock, now, clock_size);
        if view.clock.question.is_some() {
            ui.label(
                RichText::new(i18n::cards_in(lang, view.cards_in, view.teams))
                    .size(clock_size * 0.18),
            );
        }
    });
    widgets::projector_standings(ui, lang, "display-standings", clock_size, |ui, size| {
        widgets::standings_table(ui, lang, "display", &view.standings, size)
    });
}
