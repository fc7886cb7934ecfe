//! The judge's terminal: the judging tab alone, and, when the programme has
//! games of plug-in formats, a page per format to credit their answers. A
//! judge receives the host's view without access secrets.

use egui::{RichText, Ui};
use minuta_shared::play::chgk::EVENT_CHGK;
use minuta_shared::play::games::Format;
use minuta_shared::wire::view::HostView;

use crate::i18n::{self, T};
use crate::state::{AppState, UiCommand};
use crate::views::chgk::judging;
use crate::views::format::Seat;
use crate::views::games;
use crate::views::host::{HostForm, HostTab};

pub fn judge(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut HostForm,
) -> Vec<UiCommand> {
    let lang = state.lang;
    let mut out = Vec::new();
    let formats: Vec<Format> = Format::ALL
        .iter()
        .copied()
        .filter(|f| games::added(&view.games).any(|g| g.format == *f))
        .collect();
    let tab = form.tab.get_or_insert(
        games::staff_in_play(view, state.server_now()).map_or(HostTab::Judging, HostTab::Games),
    );
    if !matches!(tab, HostTab::Games(f) if formats.contains(f)) {
        *tab = HostTab::Judging;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&view.tournament).strong().size(18.0));
        ui.separator();
        ui.label(RichText::new(lang.t(T::JudgeTerminal)).size(18.0));
        if !formats.is_empty() {
            ui.separator();
            ui.selectable_value(
                tab,
                HostTab::Judging,
                RichText::new(lang.t(T::ChgkScreen)).size(16.0),
            );
            for format in &formats {
                ui.selectable_value(
                    tab,
                    HostTab::Games(*format),
                    RichText::new(i18n::format_name(lang, *format)).size(16.0),
                );
            }
        }
    });
    ui.separator();
    let tab = *tab;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| match tab {
            HostTab::Games(format) => games::staff_tab(
                ui,
                state,
                view,
                format,
                Seat::Judge,
                &mut form.games,
                &mut out,
            ),
            _ => judging::judging(
                ui,
                state.lang,
                view,
                EVENT_CHGK,
                view.event_chgk(),
                &mut form.judging,
                &mut out,
            ),
        });
    out
}
