//! The projector: the programme's «Сейчас / Далее» strip on top, then the
//! event's own ChGK ([`crate::views::chgk::display`]: the tour, a huge
//! question number and clock, how many cards are in, and the standings);
//! during the event's own Brain-ring, its board
//! ([`crate::views::brain_ring::board`]); during a game the host added, that
//! game's screen
//! ([`crate::views::games`]) while it had the hall's attention last; between
//! the programme's slots, the whole programme
//! ([`crate::views::programme`]). No controls.

use egui::{RichText, Ui};
use minuta_shared::programme::ProgrammeView;
use minuta_shared::wire::view::DisplayView;

use crate::i18n::{Lang, T};
use crate::state::AppState;
use crate::views::brain_ring::board;
use crate::views::widgets::{self, GREY};
use crate::views::{chgk, games, programme};

pub fn display(ui: &mut Ui, state: &AppState, view: &DisplayView) {
    let lang = state.lang;
    let now = state.server_now();
    if let Some(listed) = &view.programme {
        // Large enough to read from the back of the hall, small enough to
        // leave the clock and the standings their room.
        let size = (ui.available_height() * 0.04).clamp(18.0, 44.0);
        widgets::centred(ui, "display-programme-strip", |ui| {
            programme::strip(ui, lang, listed, size)
        });
        ui.separator();
        if programme::shows_programme(view, now) {
            whole_programme(ui, lang, view, listed);
            return;
        }
    }
    let event_ring = view.event_ring().map(|(_, board)| board);
    let fight_open = event_ring.is_some_and(|r| r.fights.iter().any(|f| !f.closed));
    if !fight_open
        && let Some(game) = games::display_choice(
            &view.games,
            chgk::activity(&view.event_chgk().clock, now),
            now,
        )
    {
        games::display(ui, state, game);
        return;
    }
    if let Some(ring) = event_ring
        && board::shows_ring(ring, &view.event_chgk().clock, now)
    {
        let title = format!("{} · {}", view.tournament, lang.t(T::TabRing));
        board::board(ui, state, &title, ring);
        return;
    }
    chgk::display::screen(ui, state, &view.tournament, view.event_chgk());
}

/// Between slots: the days with what is done, on now and next, beside the
/// ChGK standings once there are any.
fn whole_programme(ui: &mut Ui, lang: Lang, view: &DisplayView, listed: &ProgrammeView) {
    let size = (ui.available_height() * 0.035).clamp(18.0, 40.0);
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(&view.tournament).size(size).color(GREY));
        ui.label(
            RichText::new(lang.t(T::TabProgramme))
                .size(size * 1.4)
                .strong(),
        );
    });
    ui.add_space(size * 0.5);
    if view.event_chgk().standings.is_empty() {
        widgets::centred(ui, "display-programme", |ui| {
            ui.vertical(|ui| programme::listing(ui, lang, listed, size));
        });
        return;
    }
    ui.columns(2, |cols| {
        programme::listing(&mut cols[0], lang, listed, size);
        cols[1].label(RichText::new(lang.t(T::Standings)).size(size).strong());
        egui::ScrollArea::vertical()
            .id_salt("display-programme-standings")
            .auto_shrink([false, false])
            .show(&mut cols[1], |ui| {
                widgets::standings_table(
                    ui,
                    lang,
                    "display-programme",
                    &view.event_chgk().standings,
                    size * 0.8,
                )
            });
    });
}
