//! The projector's ChGK screen: the event's (or the game's) name, the tour,
//! a huge question number and clock, how many cards are in (a count, never
//! an answer), and the public standings. Once the host reveals a question,
//! its answer, «зачёт» and comment (and its text, if the host chose) take
//! the clock's place until the next question is announced; with the host's
//! «Показать вопрос на экране» the text is up from the announcement on. A handout the
//! host sends fills the screen until the host or the next question takes
//! it down; so does a package's picture, its aspect kept.

use egui::{RichText, Ui};
use minuta_shared::play::chgk::ChgkDisplayView;
use minuta_shared::play::chgk::view::DisplayReveal;
use minuta_shared::time::ServerTime;

use crate::i18n::{self, Lang, T};
use crate::state::AppState;
use crate::views::format::Activity;
use crate::views::long_list;
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
        // The host's «Показать вопрос на экране»: the text from the
        // announcement on, wrapped inside the screen.
        if let Some(text) = &view.question_text {
            ui.add_space(clock_size * 0.05);
            ui.scope(|ui| {
                ui.set_max_width(ui.available_width() * 0.9);
                ui.label(RichText::new(text).size(clock_size * 0.14));
            });
        }
    });
    standings(ui, lang, view, now, clock_size);
}

/// The standings under the clock or the revealed answer, never scrolled (a
/// projector has nobody to scroll it): the top rows that fit the room, and
/// between questions the leaders' race beside them.
fn standings(ui: &mut Ui, lang: Lang, view: &ChgkDisplayView, now: ServerTime, clock_size: f32) {
    ui.vertical_centered(|ui| {
        ui.add_space(clock_size * 0.1);
        ui.label(
            RichText::new(lang.t(T::Standings))
                .size(clock_size * 0.16)
                .strong(),
        );
    });
    let size = (clock_size * 0.12).max(16.0);
    let room = ui.available_height();
    let pitch = long_list::line_height(ui, egui::FontId::proportional(size))
        .max(long_list::line_height(ui, egui::FontId::monospace(size)))
        + size * 0.3;
    // The heads' row and a row's worth of slack under the last.
    let fits = ((room / pitch).floor() as usize).saturating_sub(2).max(1);
    let shown = &view.standings[..fits.min(view.standings.len())];
    let between = super::activity(&view.clock, now) != Activity::InPlay;
    let race = between && view.standings.iter().any(|r| !r.mask.is_empty());
    if !race {
        let width = ui.available_width();
        widgets::centred(ui, "display-standings", |ui| {
            super::standings::standings_table_in(ui, lang, "display", shown, size, width)
        });
        return;
    }
    ui.columns(2, |cols| {
        super::standings::standings_table(&mut cols[0], lang, "display", shown, size);
        // The chart's heading and its margins out of the room.
        let heading = (room * 0.08).clamp(15.0, 40.0);
        let height = (room - heading * 1.5 - 16.0).max(80.0);
        super::chart::leaders(&mut cols[1], lang, "display", &view.standings, None, height);
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

/// The standings beside the whole programme between its slots, in type
/// of `size`.
pub fn beside_programme(ui: &mut Ui, lang: Lang, view: &ChgkDisplayView, size: f32) {
    ui.label(RichText::new(lang.t(T::Standings)).size(size).strong());
    egui::ScrollArea::vertical()
        .id_salt("display-programme-standings")
        .auto_shrink([false, false])
        .show(ui, |ui| {
            super::standings::standings_table(
                ui,
                lang,
                "display-programme",
                &view.standings,
                size * 0.8,
            )
        });
}
