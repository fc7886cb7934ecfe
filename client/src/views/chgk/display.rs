//! The projector's ChGK screen: the event's (or the game's) name, the tour,
//! a huge question number and clock, how many cards are in (a count, never
//! an answer), and the public standings. Once the host reveals a question,
//! its answer, «зачёт» and comment (and its text, if the host chose) take
//! the clock's place until the next question is announced. A handout the
//! host sends fills the screen until the host or the next question takes
//! it down; so does a package's picture, its aspect kept.

use egui::{RichText, Ui};
use minuta_shared::play::chgk::ChgkDisplayView;
use minuta_shared::play::chgk::view::DisplayReveal;

use crate::i18n::{self, Lang, T};
use crate::state::AppState;
use crate::views::format::Activity;
use crate::views::widgets::{self, GREY, RED};

pub fn screen(ui: &mut Ui, state: &AppState, title: &str, view: &ChgkDisplayView) {
    let lang = state.lang;
    let now = state.server_now();
    // Scale with the window so a projector's 1080p and a laptop both fill.
    let height = ui.available_height().max(300.0);
    let clock_size = (height * 0.22).clamp(60.0, 320.0);
    if let Some(picture) = &view.picture {
        // As a handout: the clock small above, the picture filling the rest.
        ui.vertical_centered(|ui| {
            ui.label(
                RichText::new(format!(
                    "{} · {}",
                    i18n::question_number(lang, &picture.number),
                    lang.t(T::Picture)
                ))
                .size(clock_size * 0.15)
                .color(GREY),
            );
            widgets::big_clock(ui, lang, &view.clock, now, clock_size * 0.3);
            let room = ui.available_size() - egui::vec2(16.0, 16.0);
            let room = room.max(egui::vec2(64.0, 64.0));
            crate::views::picture::show(ui, state, &picture.media, room);
        });
        return;
    }
    if let Some(handout) = &view.handout {
        // Full screen, as a sheet handed round would be: the clock stays,
        // small, for the minute may be running.
        ui.vertical_centered(|ui| {
            ui.label(
                RichText::new(format!(
                    "{} · {}",
                    i18n::question_number(lang, &handout.number),
                    lang.t(T::Handout)
                ))
                .size(clock_size * 0.2)
                .color(GREY),
            );
            widgets::big_clock(ui, lang, &view.clock, now, clock_size * 0.4);
            ui.add_space(clock_size * 0.1);
            ui.label(RichText::new(&handout.text).size(clock_size * 0.3));
        });
        return;
    }
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(title).size(clock_size * 0.16).color(GREY));
        if !view.tour_title.is_empty() {
            ui.label(RichText::new(&view.tour_title).size(clock_size * 0.2));
        }
        if let Some(revealed) = &view.revealed {
            ui.label(
                RichText::new(i18n::question_number(lang, &revealed.number))
                    .size(clock_size * 0.3)
                    .strong(),
            );
        } else if view.clock.question.is_some() {
            ui.label(
                RichText::new(i18n::question_number(lang, &view.clock.number))
                    .size(clock_size * 0.45)
                    .strong(),
            );
        }
        if let Some(revealed) = &view.revealed {
            reveal(ui, lang, revealed, clock_size);
            return;
        }
        widgets::big_clock(ui, lang, &view.clock, now, clock_size);
        if view.clock.question.is_some() {
            ui.label(
                RichText::new(i18n::cards_in(lang, view.cards_in, view.teams))
                    .size(clock_size * 0.18),
            );
        }
    });
    // Between questions the hall also sees the leaders' race.
    let between = super::activity(&view.clock, now) != Activity::InPlay;
    widgets::projector_standings(ui, lang, "display-standings", clock_size, |ui, size| {
        // The race under the table, as wide as it: a fixed width, so the
        // centred block settles at once.
        ui.vertical(|ui| {
            let table =
                ui.scope(|ui| widgets::standings_table(ui, lang, "display", &view.standings, size));
            if between {
                ui.add_space(size);
                let width = table.response.rect.width().max(size * 20.0);
                let rows = &view.standings;
                super::chart::leaders(ui, lang, "display", rows, Some(width), clock_size * 1.5);
            }
        });
    });
}

/// The revealed question, read from the back of the hall: the answer
/// largest, then what else counts and the comment; the text first when the
/// host put it up.
fn reveal(ui: &mut Ui, lang: Lang, revealed: &DisplayReveal, size: f32) {
    // Long comments wrap inside the screen rather than run off it.
    ui.set_max_width(ui.available_width() * 0.9);
    if let Some(text) = &revealed.text {
        ui.label(RichText::new(text).size(size * 0.14));
        ui.add_space(size * 0.1);
    }
    ui.label(
        RichText::new(format!("{}: {}", lang.t(T::AuthorAnswer), revealed.answer))
            .size(size * 0.3)
            .strong(),
    );
    if let Some(accepted) = &revealed.accepted {
        ui.label(RichText::new(format!("{}: {accepted}", lang.t(T::Accepted))).size(size * 0.16));
    }
    if let Some(comment) = &revealed.comment {
        ui.add_space(size * 0.05);
        ui.label(
            RichText::new(format!("{}: {comment}", lang.t(T::Comment)))
                .size(size * 0.13)
                .color(GREY),
        );
    }
    if revealed.withdrawn {
        ui.label(
            RichText::new(lang.t(T::Withdrawn))
                .size(size * 0.16)
                .color(RED),
        );
    }
}
