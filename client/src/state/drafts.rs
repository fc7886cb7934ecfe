//! Drafts (issue 39): what a team has typed or picked and not handed in
//! yet — an answer card, an appeal, a line-up, a bid — by join code and
//! what it is for, so a reload, a crash or a reconnect gives it back. The
//! bookkeeping is here; where the drafts live between runs (the browser's
//! `localStorage`, a file in the native app's state folder) is the shell's
//! ([`crate::shell::Shell::load_drafts`]). Views read [`Drafts::get`] and ask to keep a
//! draft with `UiCommand::KeepDraft` (`views::kept` builds the keys).

use minuta_shared::join_code::JoinCode;
use minuta_shared::wire::handshake::Credential;

/// At most this many drafts are kept per code: the newest; a whole
/// evening's questions, and no more.
const KEPT: usize = 64;

/// The drafts of one join code, newest last.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drafts {
    entries: Vec<(String, String)>,
}

impl Drafts {
    /// The drafts a shelf kept as [`Drafts::to_text`] wrote them; anything
    /// unreadable gives none (a draft is a convenience, never a reason to
    /// stop).
    pub fn from_text(text: &str) -> Drafts {
        let entries: Vec<(String, String)> = serde_json::from_str(text).unwrap_or_default();
        let mut drafts = Drafts { entries };
        drafts.trim();
        drafts
    }

    pub fn to_text(&self) -> String {
        serde_json::to_string(&self.entries).unwrap_or_default()
    }

    /// The draft kept under `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, text)| text.as_str())
    }

    /// Keeps `text` under `key` (an empty one forgets it); whether that
    /// changed anything.
    pub fn keep(&mut self, key: &str, text: &str) -> bool {
        let old = self.entries.iter().position(|(k, _)| k == key);
        if old.is_some_and(|i| self.entries[i].1 == text) || (old.is_none() && text.is_empty()) {
            return false;
        }
        if let Some(i) = old {
            self.entries.remove(i);
        }
        if !text.is_empty() {
            self.entries.push((key.to_owned(), text.to_owned()));
        }
        self.trim();
        true
    }

    fn trim(&mut self) {
        if self.entries.len() > KEPT {
            let drop = self.entries.len() - KEPT;
            self.entries.drain(..drop);
        }
    }
}

/// The shelf's name for `code`'s drafts: the server (its certificate's
/// fingerprint) and who the code makes this terminal, never its secret.
pub fn shelf_name(code: &JoinCode) -> String {
    let server: String = code.fingerprint[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let who = match &code.credential {
        Credential::Team { team, .. } => format!("team-{}", team.0),
        Credential::Slice { team, slice, .. } => format!("team-{}-{}", team.0, slice.suffix()),
        Credential::Host { .. } => "host".to_owned(),
        Credential::Judge { judge, .. } => format!("judge-{}", judge.0),
        Credential::Display { .. } => "display".to_owned(),
        Credential::Jury { .. } => "jury".to_owned(),
        // The short code stands for a secret: kept under a digest of it.
        Credential::ShortTeam { code } => {
            let digest = code.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            });
            format!("short-{digest:016x}")
        }
    };
    format!("minuta-drafts-{server}-{who}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drafts_39_a_draft_is_kept_changed_and_forgotten_when_emptied() {
        let mut drafts = Drafts::default();
        assert!(drafts.keep("1/q3", "Королёв"));
        assert!(
            !drafts.keep("1/q3", "Королёв"),
            "the same text changes nothing"
        );
        assert!(drafts.keep("1/q3", "Королёв С. П."));
        assert_eq!(drafts.get("1/q3"), Some("Королёв С. П."));
        let back = Drafts::from_text(&drafts.to_text());
        assert_eq!(back, drafts, "a shelf gives back what it kept");
        assert!(drafts.keep("1/q3", ""));
        assert_eq!(drafts.get("1/q3"), None);
        assert!(!drafts.keep("1/q4", ""), "nothing to forget");
    }

    #[test]
    fn drafts_39_only_the_newest_are_kept_and_a_bad_shelf_gives_none() {
        let mut drafts = Drafts::default();
        for q in 0..100 {
            drafts.keep(&format!("q{q}"), "x");
        }
        assert_eq!(drafts.get("q0"), None);
        assert_eq!(drafts.get("q99"), Some("x"));
        assert_eq!(Drafts::from_text("{not json"), Drafts::default());
    }
}
