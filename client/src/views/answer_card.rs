//! The team's answer card as the ChGK question ([`crate::views::team`]) and
//! a game's task ([`crate::views::multigames::team`]) both show it: written,
//! confirmed before it goes (final, as on paper), on its way, and once the
//! server took it, the receipt with its stopwatch time or «опоздание»; and
//! the list of the team's past answers.

use egui::{RichText, Ui};
use minuta_shared::time::stopwatch;
use minuta_shared::wire::server::CommandError;

use crate::i18n::{self, Lang, T};
use crate::views::widgets::{self, AMBER, GREEN, GREY, RED};

/// The widest the card grows on a large screen.
const WIDTH: f32 = 640.0;

/// A card being written for the question (or task) `K`.
#[derive(Debug)]
pub struct Draft<K> {
    /// The answer as typed so far.
    pub text: String,
    /// The question it is for.
    pub on: Option<K>,
    /// «Ответ окончателен…» is showing.
    pub confirming: bool,
    /// Issue 39: the text last kept for this question past a reload;
    /// `None` until the kept draft was looked up for it.
    pub kept: Option<String>,
}

impl<K> Default for Draft<K> {
    fn default() -> Self {
        Draft {
            text: String::new(),
            on: None,
            confirming: false,
            kept: None,
        }
    }
}

impl<K: PartialEq> Draft<K> {
    /// A fresh, empty card once the hall moves to another question.
    pub fn follow(&mut self, current: Option<K>) {
        if self.on != current {
            self.on = current;
            self.text.clear();
            self.confirming = false;
            self.kept = None;
        }
    }

    /// Issue 39: on the first frame for a question, the text kept for it
    /// before a reload or a crash (`kept`), unless something is typed.
    pub fn restore(&mut self, kept: Option<&str>) {
        if self.kept.is_none() {
            if self.text.is_empty()
                && let Some(text) = kept
            {
                self.text = text.to_owned();
            }
            self.kept = Some(self.text.clone());
        }
    }

    /// Issue 39: the text to keep, when it changed since it was last kept.
    pub fn changed(&mut self) -> Option<String> {
        if self.kept.as_deref() == Some(self.text.as_str()) {
            return None;
        }
        self.kept = Some(self.text.clone());
        Some(self.text.clone())
    }
}

/// The card as the server took it: the answer, «принято 00:58.731» (or the
/// late flag) and `locked` under it.
pub fn received(ui: &mut Ui, lang: Lang, text: &str, since_start_ms: u64, late: bool, locked: T) {
    ui.label(RichText::new(widgets::quoted(text)).size(24.0));
    let colour = if late { RED } else { GREEN };
    ui.label(
        RichText::new(i18n::card_receipt(lang, since_start_ms, late))
            .size(26.0)
            .color(colour),
    );
    ui.label(RichText::new(lang.t(locked)).color(GREY));
}

/// Why the server refused this terminal's card, in red above the card: the
/// refusal of a second card shows above the card the team handed in first
/// (from another terminal, or the demo's robot before a person sat down).
pub fn refusal(ui: &mut Ui, lang: Lang, error: &CommandError) {
    ui.label(RichText::new(i18n::command_error(lang, error)).color(RED));
}

/// The card on its way to the server.
pub fn sending(ui: &mut Ui, lang: Lang, text: &str) {
    ui.label(RichText::new(widgets::quoted(text)).size(24.0));
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label(lang.t(T::Sending));
    });
}

/// The card being written: the warning when it would be late, the server's
/// last refusal, then the answer field and «Сдать ответ», or the
/// confirmation. The answer to send, once confirmed; `id` keeps the
/// confirmation's layout apart from another card's.
pub fn write<K>(
    ui: &mut Ui,
    lang: Lang,
    id: &str,
    draft: &mut Draft<K>,
    late: bool,
    refused: Option<&CommandError>,
) -> Option<String> {
    let width = ui.available_width().min(WIDTH);
    if late {
        ui.label(RichText::new(lang.t(T::LateWarning)).color(AMBER));
    }
    if let Some(error) = refused {
        refusal(ui, lang, error);
    }
    if draft.confirming {
        return confirm(ui, lang, id, draft, width);
    }
    let edit = egui::TextEdit::singleline(&mut draft.text)
        .hint_text(lang.t(T::YourAnswer))
        .font(egui::FontId::proportional(24.0))
        .desired_width(width);
    let response = ui.add(edit);
    let ready = !draft.text.trim().is_empty();
    let submit = ui.add_enabled(
        ready,
        egui::Button::new(RichText::new(lang.t(T::SubmitAnswer)).size(22.0)),
    );
    widgets::keep_in_sight(ui, &response, &submit);
    let entered = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    if ready && (submit.clicked() || entered) {
        draft.confirming = true;
    }
    None
}

/// «Ответ окончателен, как на бумаге. Сдать?» with «Да, сдать» / «Отмена».
fn confirm<K>(
    ui: &mut Ui,
    lang: Lang,
    id: &str,
    draft: &mut Draft<K>,
    width: f32,
) -> Option<String> {
    let mut sent = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_max_width(width);
        ui.label(RichText::new(lang.t(T::ConfirmFinal)).size(20.0).strong());
        ui.label(RichText::new(widgets::quoted(&draft.text)).size(24.0));
        widgets::centred(ui, id, |ui| {
            ui.horizontal(|ui| {
                if ui
                    .button(RichText::new(lang.t(T::ConfirmYes)).size(20.0))
                    .clicked()
                {
                    draft.confirming = false;
                    sent = Some(draft.text.trim().to_owned());
                }
                if ui
                    .button(RichText::new(lang.t(T::Cancel)).size(20.0))
                    .clicked()
                {
                    draft.confirming = false;
                }
            });
        });
    });
    sent
}

/// The team's past answers, newest first, under the bold `heads`, a line
/// per answer as `line` draws its cells; `id` keeps the grid apart.
pub fn past<R>(
    ui: &mut Ui,
    lang: Lang,
    id: &str,
    heads: &[T],
    answers: &[R],
    mut line: impl FnMut(&mut Ui, &R),
) {
    if widgets::narrow(ui) {
        // A phone: each answer a box of its own, its cells running on
        // and wrapping, rather than columns wider than the screen.
        for answer in answers.iter().rev() {
            egui::Frame::group(ui.style()).show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal_wrapped(|ui| {
                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                    line(ui, answer);
                });
            });
        }
        return;
    }
    egui::Grid::new(id)
        .striped(true)
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            for head in heads {
                ui.label(RichText::new(lang.t(*head)).strong());
            }
            ui.end_row();
            for answer in answers.iter().rev() {
                line(ui, answer);
                ui.end_row();
            }
        });
}

/// A past answer's cell «Принято»: the stopwatch time of its receipt, or
/// «опоздание» in red.
pub fn received_cell(ui: &mut Ui, lang: Lang, since_start_ms: u64, late: bool) {
    if late {
        ui.label(RichText::new(lang.t(T::VerdictLate)).color(RED));
    } else {
        ui.label(stopwatch(std::time::Duration::from_millis(since_start_ms)));
    }
}
