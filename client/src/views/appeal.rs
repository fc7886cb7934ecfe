//! An appeal's pieces that every format's screens share: the team writes
//! one (its text with «Подать апелляцию» / «Отмена») and reads its own with
//! their decisions; the host and the jury read a decision in words and
//! colour. Issue 39: what a team writes in an appeal is kept past a
//! reload, with its kind, until the server lists the appeal ([`restore`],
//! [`keep`], [`draft`], [`forget_filed`]).

use egui::{RichText, Ui};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::kept::{self, Kept};
use crate::views::widgets::{self, GREEN, GREY, RED};

/// What the team did with the appeal it was writing.
#[derive(Debug, PartialEq, Eq)]
pub enum Written {
    /// «Подать апелляцию»: the text, trimmed.
    Filed(String),
    Cancelled,
}

/// The appeal's text and «Подать апелляцию» (once something is written) /
/// «Отмена»; `full_width` stretches the box across the form. Returns the
/// box, to focus it, and what was clicked.
pub fn write(
    ui: &mut Ui,
    lang: Lang,
    text: &mut String,
    full_width: bool,
) -> (egui::Response, Option<Written>) {
    let mut edit = egui::TextEdit::multiline(text)
        .hint_text(lang.t(T::AppealText))
        .desired_rows(3);
    if full_width {
        edit = edit.desired_width(f32::INFINITY);
    }
    let response = ui.add(edit);
    let mut written = None;
    ui.horizontal(|ui| {
        let ready = !text.trim().is_empty();
        if ui
            .add_enabled(ready, egui::Button::new(lang.t(T::FileAppeal)))
            .clicked()
        {
            written = Some(Written::Filed(text.trim().to_owned()));
        }
        if ui.button(lang.t(T::Cancel)).clicked() {
            written = Some(Written::Cancelled);
        }
    });
    (response, written)
}

/// Issue 39: an appeal being written as its draft is kept.
#[derive(Serialize, Deserialize)]
struct KeptAppeal<K> {
    kind: K,
    text: String,
}

/// Issue 39: the kind and text of the appeal kept under `key`.
pub fn draft<K: DeserializeOwned>(state: &AppState, key: &str) -> Option<(K, String)> {
    let found: KeptAppeal<K> = kept::from_text(state.drafts.get(key)?)?;
    Some((found.kind, found.text))
}

/// Issue 39: on an appeal form's first frame for `key`, the kind and text
/// kept there before a reload, unless something is written already.
pub fn restore<K: DeserializeOwned>(
    kept: &mut Kept,
    state: &AppState,
    key: &str,
    kind: &mut K,
    text: &mut String,
) {
    if let Some(found) = kept.restore(state, key)
        && text.is_empty()
        && let Some(found) = kept::from_text::<KeptAppeal<K>>(found)
    {
        *kind = found.kind;
        *text = found.text;
    }
}

/// Issue 39: keeps the appeal being written, when it changed; nothing
/// written keeps nothing.
pub fn keep<K: Serialize>(kept: &mut Kept, kind: K, text: &str, out: &mut Vec<UiCommand>) {
    let kept_text = if text.is_empty() {
        String::new()
    } else {
        kept::to_text(&KeptAppeal {
            kind,
            text: text.to_owned(),
        })
    };
    kept.keep(&kept_text, out);
}

/// Issue 39: forgets the draft under `key` once the server lists the
/// appeal of `kind` it was written for: it is filed, nothing is left to
/// lose. A draft of another kind (the team's second appeal on the same
/// question) stays.
pub fn forget_filed<K: DeserializeOwned + PartialEq>(
    state: &AppState,
    key: &str,
    kind: K,
    out: &mut Vec<UiCommand>,
) {
    if draft::<K>(state, key).is_some_and(|(k, _)| k == kind) {
        kept::forget(state, key, out);
    }
}

/// How an appeal was decided.
#[derive(Debug)]
pub struct Decided<'a> {
    pub upheld: bool,
    /// What the decision credits, in words (a game's appeal for its answer).
    pub credit: Option<String>,
    pub reply: &'a str,
}

/// A decision as the host and the jury read it: «принята» or «отклонена»
/// in colour, what it credits, the reply in grey.
pub fn decision(ui: &mut Ui, lang: Lang, decided: &Decided<'_>) {
    ui.horizontal_wrapped(|ui| {
        outcome(ui, lang, decided);
        if !decided.reply.is_empty() {
            ui.label(RichText::new(decided.reply).color(GREY));
        }
    });
}

/// One appeal as the team that filed it reads it.
#[derive(Debug)]
pub struct Own<'a> {
    /// What it is on: «Вопрос 7», «Апелляция № 2 · задание 2.1».
    pub title: String,
    pub kind: &'a str,
    pub text: &'a str,
    /// `None` while it waits for its decision.
    pub decided: Option<Decided<'a>>,
}

/// The team's own appeals under «Апелляции», each with «на рассмотрении» or
/// its decision and the reply; nothing when there are none.
pub fn own(ui: &mut Ui, lang: Lang, appeals: &[Own<'_>]) {
    if appeals.is_empty() {
        return;
    }
    ui.separator();
    ui.heading(lang.t(T::Appeals));
    for appeal in appeals {
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(&appeal.title).strong());
            ui.label(appeal.kind);
            if !appeal.text.is_empty() {
                ui.label(RichText::new(widgets::quoted(appeal.text)).italics());
            }
            match &appeal.decided {
                None => {
                    ui.label(RichText::new(lang.t(T::AppealOpen)).color(GREY));
                }
                Some(decided) => {
                    outcome(ui, lang, decided);
                    if !decided.reply.is_empty() {
                        ui.label(format!("— {}", decided.reply));
                    }
                }
            }
        });
    }
}

/// «принята» in green or «отклонена» in red, and what it credits.
fn outcome(ui: &mut Ui, lang: Lang, decided: &Decided<'_>) {
    let (word, colour) = if decided.upheld {
        (T::AppealUpheld, GREEN)
    } else {
        (T::AppealRejected, RED)
    };
    ui.label(RichText::new(lang.t(word)).color(colour).strong());
    if let Some(credit) = &decided.credit {
        ui.label(credit);
    }
}
