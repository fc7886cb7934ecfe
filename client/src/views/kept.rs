//! Issue 39 in the views: what a team has typed or picked in a form and not
//! handed in yet — an appeal, a line-up, a split, a bid, a Нептун card —
//! kept past a reload, a crash or a reconnect, as the answer card keeps its
//! text ([`crate::views::answer_card::Draft`]). Every draft is keyed by
//! [`draft_key`]: the game and what it is for. [`Kept`] remembers which key
//! a form's draft is kept under and what was last kept there, so a form
//! asks to keep (`UiCommand::KeepDraft`) only what changed. A structured
//! draft is kept as its JSON ([`to_text`], [`from_text`]).

use minuta_shared::ids::GameId;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::state::{AppState, UiCommand};

/// The key a draft is kept under: the game and what it is for (a
/// question, a task, a line-up window, an auction's lot).
pub fn draft_key(game: GameId, what: impl std::fmt::Display) -> String {
    format!("{}/{what}", game.0)
}

/// One form's draft: the key it is kept under and the text last kept
/// there; `None` until the kept draft was looked up. Boxed: a format's form
/// holds several, and every format's form is a variant of one enum
/// (`views::games::GameForm`), as large as its largest.
#[derive(Debug, Default)]
pub struct Kept {
    last: Option<Box<(String, String)>>,
}

impl Kept {
    /// On the first frame for `key`, the draft kept under it before a
    /// reload or a crash; `None` on every later frame for the same key,
    /// so what the team types next is never overwritten.
    pub fn restore<'a>(&mut self, state: &'a AppState, key: &str) -> Option<&'a str> {
        if self.last.as_deref().is_some_and(|(k, _)| k == key) {
            return None;
        }
        let found = state.drafts.get(key);
        self.last = Some(Box::new((
            key.to_owned(),
            found.unwrap_or_default().to_owned(),
        )));
        found
    }

    /// Asks to keep `text` under the key last looked up, when it changed
    /// since it was last kept; an empty text forgets the draft (handed in,
    /// cancelled, or its question closed).
    pub fn keep(&mut self, text: &str, out: &mut Vec<UiCommand>) {
        let Some((key, last)) = self.last.as_deref_mut() else {
            return;
        };
        if last != text {
            text.clone_into(last);
            out.push(UiCommand::KeepDraft {
                key: key.clone(),
                text: text.to_owned(),
            });
        }
    }

    /// The key the draft is kept under, once looked up.
    pub fn key(&self) -> Option<&str> {
        self.last.as_deref().map(|(k, _)| k.as_str())
    }
}

/// Forgets the draft kept under `key`, if there is one: what it was typed
/// for was taken by the server, or can no longer be handed in.
pub fn forget(state: &AppState, key: &str, out: &mut Vec<UiCommand>) {
    if state.drafts.get(key).is_some() {
        out.push(UiCommand::KeepDraft {
            key: key.to_owned(),
            text: String::new(),
        });
    }
}

/// A structured draft as the text it is kept as.
pub fn to_text<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// A structured draft from the text [`to_text`] wrote; an unreadable one
/// (a draft of an older build) gives none: a draft is a convenience.
pub fn from_text<T: DeserializeOwned>(text: &str) -> Option<T> {
    serde_json::from_str(text).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    /// What `out` asked to keep, as the shell keeps it.
    fn apply(state: &mut AppState, out: Vec<UiCommand>) -> usize {
        let asked = out.len();
        for command in out {
            if let UiCommand::KeepDraft { key, text } = command {
                state.drafts.keep(&key, &text);
            }
        }
        asked
    }

    #[test]
    fn drafts_39_a_form_restores_once_and_keeps_only_what_changed() {
        let mut state = AppState::new(Lang::Ru);
        state.drafts.keep("1/bid0", "70");
        let mut kept = Kept::default();
        assert_eq!(kept.restore(&state, "1/bid0"), Some("70"));
        assert_eq!(
            kept.restore(&state, "1/bid0"),
            None,
            "the next frame leaves the field to the team"
        );
        let mut out = Vec::new();
        kept.keep("70", &mut out);
        assert_eq!(apply(&mut state, out), 0, "nothing changed");
        let mut out = Vec::new();
        kept.keep("80", &mut out);
        assert_eq!(apply(&mut state, out), 1);
        assert_eq!(state.drafts.get("1/bid0"), Some("80"));
        let mut out = Vec::new();
        kept.keep("", &mut out);
        apply(&mut state, out);
        assert_eq!(state.drafts.get("1/bid0"), None, "an empty text forgets");
        // Another lot: looked up afresh.
        assert_eq!(kept.restore(&state, "1/bid1"), None);
        assert_eq!(kept.key(), Some("1/bid1"));
    }

    #[test]
    fn drafts_39_a_structured_draft_round_trips_and_a_bad_one_gives_none() {
        let picks = vec![Some("Анна".to_owned()), None];
        let back: Option<Vec<Option<String>>> = from_text(&to_text(&picks));
        assert_eq!(back, Some(picks));
        assert_eq!(from_text::<Vec<String>>("{not json"), None);
        let mut state = AppState::new(Lang::Ru);
        let mut out = Vec::new();
        forget(&state, "1/q3", &mut out);
        assert!(out.is_empty(), "nothing kept, nothing to forget");
        state.drafts.keep("1/q3", "Королёв");
        forget(&state, "1/q3", &mut out);
        apply(&mut state, out);
        assert_eq!(state.drafts.get("1/q3"), None);
    }
}
