//! The projector: the programme's «Сейчас / Далее» strip on top, then the
//! main page, which the event's own games claim
//! ([`crate::views::format::MainClaim`]: the ChGK clock and standings, or
//! Brain-ring's board once seeded, a fight on taking it over everything);
//! during a game the host added, that game's screen
//! ([`crate::views::games`]) while it had the hall's attention last; between
//! the programme's slots, the whole programme
//! ([`crate::views::programme`]). No controls.

use egui::{RichText, Ui};
use minuta_shared::programme::ProgrammeView;
use minuta_shared::wire::view::DisplayView;

use crate::i18n::{Lang, T};
use crate::state::AppState;
use crate::views::format::MainClaim;
use crate::views::widgets::{self, GREY};
use crate::views::{event_own, games, prize_tie, programme};

pub fn display(ui: &mut Ui, state: &AppState, view: &DisplayView) {
    let lang = state.lang;
    let now = state.server_now();
    // Large enough to read from the back of the hall, small enough to
    // leave the clock and the standings their room.
    let size = (ui.available_height() * 0.04).clamp(18.0, 44.0);
    if let Some(listed) = &view.programme {
        widgets::centred(ui, "display-programme-strip", |ui| {
            programme::strip(ui, lang, listed, size)
        });
        ui.separator();
    }
    // 2.2: a prize place played off, above whatever the hall watches.
    prize_tie::hall(ui, lang, &view.prize_ties, size);
    if let Some(listed) = &view.programme
        && programme::shows_programme(view, now)
    {
        whole_programme(ui, lang, view, listed);
        return;
    }
    let main = event_own::display_main_page(view, now);
    let whole = matches!(main.game, Some((_, MainClaim::Whole)));
    if !whole && let Some(game) = games::display_choice(&view.games, main.home, now) {
        games::display(ui, state, game);
        return;
    }
    if let Some((game, _)) = main.game {
        games::display_main(ui, state, &view.tournament, game);
    }
}

/// Between slots: the days with what is done, on now and next, beside what
/// an event's own game shows there (the ChGK standings once there are any,
/// [`crate::views::format::OwnMainPage::display_beside_programme`]).
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
    let beside = games::event_games_in(&view.games).find(|g| games::display_beside_programme(g));
    let Some(beside) = beside else {
        widgets::centred(ui, "display-programme", |ui| {
            ui.vertical(|ui| programme::listing(ui, lang, listed, size));
        });
        return;
    };
    ui.columns(2, |cols| {
        programme::listing(&mut cols[0], lang, listed, size);
        games::display_beside(&mut cols[1], lang, beside, size);
    });
}
