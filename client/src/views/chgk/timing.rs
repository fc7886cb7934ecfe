//! The event's ChGK minute on the tournament tab (3): its length, the
//! signal before its end and the hand-in after the signal, in seconds, with
//! what the rules say beside them.

use egui::{RichText, Ui};
use minuta_shared::play::settings::ChgkTiming;

use crate::i18n::{Lang, T};
use crate::views::widgets::GREY;

/// The timing's rows of the tournament tab's grid; whether one changed.
pub fn rows(ui: &mut Ui, lang: Lang, timing: &mut ChgkTiming) -> bool {
    let mut changed = false;
    for (label, ms) in [
        (T::MinuteSeconds, &mut timing.minute_ms),
        (T::WarningSeconds, &mut timing.warning_before_end_ms),
        (T::GraceSeconds, &mut timing.grace_ms),
    ] {
        let label = ui.label(lang.t(label));
        // Typed in seconds, kept in milliseconds.
        let seconds = egui::DragValue::from_get_set(|typed| {
            if let Some(s) = typed {
                *ms = (s.max(0.0) * 1000.0).round() as u64;
            }
            *ms as f64 / 1000.0
        });
        changed |= ui
            .add(seconds.range(0.0..=3600.0).speed(0.5).suffix(" s"))
            .labelled_by(label.id)
            .changed();
        ui.end_row();
    }
    ui.label("");
    ui.label(RichText::new(lang.t(T::SettingsHint)).small().color(GREY));
    ui.end_row();
    changed
}
