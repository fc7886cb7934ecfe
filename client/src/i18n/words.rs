//! What a live format says in the person's language — its name, its
//! refusals, its receipts, its commands' names and its own game's slots of
//! the programme — as the one trait every
//! format implements beside its screens. `i18n` dispatches to it over the
//! registry's list (`minuta_shared::live_formats!`), so a new format that
//! forgets a word does not compile. No format's texts live here.

use minuta_shared::play::format::LiveFormat;
use minuta_shared::programme::Slot;

use super::Lang;

pub trait FormatWords: LiveFormat {
    /// The format's name as the programme lists it.
    fn name(lang: Lang) -> &'static str;

    /// The host's tab for the games of this format added to the
    /// programme: the name, but «Ещё …» for a format the event already
    /// has a game of (ChGK, Brain-ring).
    fn added_name(lang: Lang) -> &'static str {
        Self::name(lang)
    }

    /// A refusal by a game of this format, whole.
    fn refusal(lang: Lang, error: &Self::Error) -> String;

    /// A receipt in the format's words; `None` where a plain «done» after
    /// the command's name says it all.
    fn receipt(_lang: Lang, _receipt: &Self::Receipt) -> Option<String> {
        None
    }

    /// A command's name, for «…: done» and «…: refused».
    fn command_name(lang: Lang, command: &Self::Command) -> String;

    /// A festival table (2.2) of a game of this format, from the game's
    /// `name` and the event's `tournament`; `None`: the game's name, the
    /// format's while it has none.
    fn festival_name(_lang: Lang, _name: &str, _tournament: &str) -> Option<String> {
        None
    }

    /// A slot of the programme (section 2) that is this format's own
    /// game's, named with the `title` the server or the game's view has
    /// for it; `None` for any other slot.
    fn slot_name(_lang: Lang, _slot: &Slot, _title: &str) -> Option<String> {
        None
    }
}

/// «Формат: причина» — how the formats but ChGK open their refusals.
pub fn named_refusal<F: FormatWords>(lang: Lang, reason: String) -> String {
    format!("{}: {reason}", F::name(lang))
}
