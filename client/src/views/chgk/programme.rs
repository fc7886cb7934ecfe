//! The event's ChGK on the programme tab (2): a «тур ЧГК» slot added by
//! its number, for a tour whose package is not loaded yet.

use egui::{Button, Ui};
use minuta_shared::ids::TourId;
use minuta_shared::programme::Slot;

use crate::i18n::Lang;
use crate::views::chgk::words::Ct;

/// «Тур ЧГК № [n] [Добавить тур ЧГК]»: the first number not in the
/// programme unless one is typed (`typing`); the slot added.
pub fn tour_by_number(
    ui: &mut Ui,
    lang: Lang,
    taken: &dyn Fn(&Slot) -> bool,
    typing: &mut Option<u32>,
) -> Option<Slot> {
    let first_free = (0..)
        .find(|n| !taken(&Slot::ChgkTour { tour: TourId(*n) }))
        .unwrap_or(0);
    let mut number = typing.unwrap_or(first_free + 1);
    let mut picked = None;
    ui.horizontal(|ui| {
        let label = ui.label(lang.t(Ct::ChgkTourNumber));
        if ui
            .add(egui::DragValue::new(&mut number).range(1..=99))
            .labelled_by(label.id)
            .changed()
        {
            *typing = Some(number);
        }
        let slot = Slot::ChgkTour {
            tour: TourId(number.saturating_sub(1)),
        };
        if ui
            .add_enabled(!taken(&slot), Button::new(lang.t(Ct::AddChgkTour)))
            .clicked()
        {
            picked = Some(slot);
            *typing = None;
        }
    });
    picked
}
