//! The appeal jury's terminal (АЖ, 6.5): the tournament's name and, for
//! every game of the programme that takes appeals, its appeals to decide —
//! games with appeals waiting first. The jury controls nothing else.
//! The event's own games are among them when their format says the jury
//! decides their appeals ([`crate::views::format::EventOwn::in_jury`]:
//! the event's ChGK once it has tours, 6.5 as this festival reads it; its
//! Brain-ring's appeals stay the host's, 4.13–4.16).

use egui::{RichText, Ui};
use minuta_shared::wire::view::{JuryView, StaffGame};

use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::event_own;
use crate::views::games::{self, GameForms};

#[derive(Debug, Default)]
pub struct JuryForm {
    pub games: GameForms,
}

pub fn jury(ui: &mut Ui, state: &AppState, view: &JuryView, form: &mut JuryForm) -> Vec<UiCommand> {
    let lang = state.lang;
    let mut out = Vec::new();
    ui.horizontal(|ui| {
        ui.label(RichText::new(&view.tournament).strong().size(18.0));
        ui.separator();
        ui.label(RichText::new(lang.t(T::JuryTerminal)).size(18.0));
    });
    ui.separator();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let own = event_own::own_in_the_jury(&view.games);
            let mut ordered: Vec<&StaffGame> = games::added(&view.games).chain(own).collect();
            if ordered.is_empty() {
                ui.label(lang.t(T::JuryNoGames));
                return;
            }
            // Appeals waiting hold their tour up (6.4): those games first.
            ordered.sort_by_key(|g| (games::jury_pending(g) == 0, g.id));
            for game in ordered {
                games::jury(ui, state, game, &mut form.games, &mut out);
                ui.separator();
            }
        });
    out
}
