//! The judge's terminal: the judges' pages alone — the event's own games
//! the judges credit (the event's ChGK's judging) and, when the programme
//! has games of plug-in formats, a page per format to credit their answers.
//! A judge receives the host's view without access secrets.

use egui::{RichText, Ui};
use minuta_shared::wire::view::HostView;

use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::event_own::{self, JudgePage};
use crate::views::games;
use crate::views::host::HostForm;

pub fn judge(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut HostForm,
) -> Vec<UiCommand> {
    let lang = state.lang;
    let mut out = Vec::new();
    let pages = event_own::judge_pages(lang, view);
    let listed = |page: &JudgePage| pages.iter().any(|(p, _)| p == page);
    // The page of a game in play first, else the first page.
    let in_play = games::staff_in_play(view, state.server_now()).map(JudgePage::Games);
    let first = in_play
        .filter(|p| listed(p))
        .or_else(|| pages.first().map(|(p, _)| *p));
    if !form.judge_page.as_ref().is_some_and(listed) {
        form.judge_page = first;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&view.tournament).strong().size(18.0));
        ui.separator();
        ui.label(RichText::new(lang.t(T::JudgeTerminal)).size(18.0));
        if pages.len() > 1 {
            ui.separator();
            for (page, label) in &pages {
                ui.selectable_value(
                    &mut form.judge_page,
                    Some(*page),
                    RichText::new(label).size(16.0),
                );
            }
        }
    });
    ui.separator();
    let Some(page) = form.judge_page else {
        return out;
    };
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            event_own::judge_page(ui, state, view, page, &mut form.games, &mut out)
        });
    out
}
