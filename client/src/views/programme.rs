//! The event's programme on screen (section 2), as the host's dashboard and
//! the projector share it: the «Сейчас: … · Далее: …» strip, the days with
//! every slot's status, and when the projector shows the whole programme —
//! between slots, with nothing in play. The host's editor is
//! [`crate::views::host::programme`].

use egui::{Color32, RichText, Ui};
use minuta_shared::programme::{ProgrammeView, Slot, SlotStatus, SlotView};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::DisplayView;

use crate::i18n::{Lang, T, programme as words};
use crate::views::format::Activity;
use crate::views::games;
use crate::views::widgets::{AMBER, GREEN, GREY};

/// «Сейчас: … · Далее: …» in one line of `size` points; «Программа
/// пройдена» once every slot is done.
pub fn strip(ui: &mut Ui, lang: Lang, programme: &ProgrammeView, size: f32) {
    // One line, never wrapped: the projector centres it by its width.
    ui.horizontal(|ui| {
        let Some(now) = programme.find(SlotStatus::Now) else {
            ui.label(
                RichText::new(lang.t(T::ProgrammeOver))
                    .size(size)
                    .color(GREY),
            );
            return;
        };
        ui.label(
            RichText::new(words::now(lang, now))
                .size(size)
                .strong()
                .color(GREEN),
        );
        if let Some(next) = programme.find(SlotStatus::Next) {
            ui.label(RichText::new("·").size(size).color(GREY));
            ui.label(RichText::new(words::next(lang, next)).size(size));
        }
    });
}

/// The colour a slot's status is drawn in.
pub fn status_colour(status: SlotStatus) -> Option<Color32> {
    match status {
        SlotStatus::Done => Some(GREY),
        SlotStatus::Now => Some(GREEN),
        SlotStatus::Next => Some(AMBER),
        SlotStatus::Later => None,
    }
}

/// A slot's status in a word: «сыграно», «сейчас», «далее» (the default
/// fonts have no check marks or arrows).
pub fn status_mark(lang: Lang, status: SlotStatus) -> Option<&'static str> {
    match status {
        SlotStatus::Done => Some(lang.t(T::SlotDone)),
        SlotStatus::Now => Some(lang.t(T::SlotNow)),
        SlotStatus::Next => Some(lang.t(T::SlotNext)),
        SlotStatus::Later => None,
    }
}

/// One slot's line: its name, then its status, coloured by it; the slot
/// on now stands out.
pub fn slot_line(ui: &mut Ui, lang: Lang, slot: &SlotView, size: f32) {
    ui.horizontal(|ui| {
        let mut name = RichText::new(words::slot_view(lang, slot)).size(size);
        if let Some(colour) = status_colour(slot.status) {
            name = name.color(colour);
        }
        if slot.status == SlotStatus::Now {
            name = name.strong().background_color(GREEN.gamma_multiply(0.15));
        }
        ui.label(name);
        if let Some(mark) = status_mark(lang, slot.status) {
            let colour = status_colour(slot.status).unwrap_or(GREY);
            let mut mark = RichText::new(mark).size(size * 0.8).color(colour);
            if slot.status == SlotStatus::Now {
                mark = mark.strong();
            }
            ui.label(mark);
        }
    });
}

/// Every day of the programme with its slots and their status.
pub fn listing(ui: &mut Ui, lang: Lang, programme: &ProgrammeView, size: f32) {
    for (i, day) in programme.days.iter().enumerate() {
        ui.label(RichText::new(&day.title).size(size * 1.1).strong());
        ui.indent(("programme-day", i), |ui| {
            if day.slots.is_empty() {
                ui.label(RichText::new(lang.t(T::DayEmpty)).size(size).color(GREY));
            }
            for slot in &day.slots {
                slot_line(ui, lang, slot, size);
            }
        });
        ui.add_space(size * 0.4);
    }
}

/// Whether anything is in play on the projector, in any game, the event's
/// own among them: a ChGK question being read or answered, a game's task
/// announced or running, an open fight.
pub fn hall_in_play(view: &DisplayView, now: ServerTime) -> bool {
    view.games
        .iter()
        .any(|g| games::display_activity(g, now) == Activity::InPlay)
}

/// Whether the hall has begun `slot`: the game's current task is of that
/// tour; an event's own game's slot as its format says
/// ([`crate::views::format::OwnSlots::own_slot_begun`]: a ChGK question of
/// that tour is the current one, Brain-ring has its teams).
fn begun(view: &DisplayView, slot: &Slot) -> bool {
    if let Slot::GameTour { game, tour } = slot {
        return view
            .games
            .iter()
            .find(|g| g.id == *game)
            .and_then(games::display_tour)
            == Some(*tour);
    }
    games::own_slot_begun(view, slot)
}

/// The projector shows the whole programme between slots: nothing in play
/// and the slot on now not yet begun (before the first, or after one is
/// done). Once every slot is done, the last screen (the champion, the
/// standings) stays.
pub fn shows_programme(view: &DisplayView, now: ServerTime) -> bool {
    let Some(programme) = &view.programme else {
        return false;
    };
    let Some(on) = programme.find(SlotStatus::Now) else {
        return false;
    };
    !hall_in_play(view, now) && !begun(view, &on.slot)
}
