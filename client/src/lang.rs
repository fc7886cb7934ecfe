//! The language a terminal speaks: Russian (the default: the game's own
//! language) or English. Only the choice lives here, so the state can hold
//! it without knowing any text; rendering a text in it is [`crate::i18n`]'s.

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    #[default]
    Ru,
    En,
}

impl Lang {
    /// Parses `ru` / `en` (as given to `--lang`).
    pub fn parse(code: &str) -> Option<Lang> {
        match code.trim().to_ascii_lowercase().as_str() {
            "ru" | "рус" | "russian" => Some(Lang::Ru),
            "en" | "eng" | "english" => Some(Lang::En),
            _ => None,
        }
    }
}
