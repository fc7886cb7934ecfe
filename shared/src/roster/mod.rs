//! Teams in bulk: the rating site's roster file (CSV or XLSX,
//! `idteam,команда,город,признак,idplayer,Ф,И,О`), its JSON of a
//! tournament's teams, and a plain spreadsheet (name, town, players) read
//! into teams ([`read`]), and the preview of what importing them would
//! change ([`plan`]). Pure: the bytes come in, the caller (the app, the
//! server's CLI) reads the file; nothing here stores or sends anything.

mod csv;
mod parse;
mod plan;
mod problem;
mod xlsx;

pub use parse::{FileKind, Read, read};
pub use plan::{KnownTeam, MAX_NAME_CHARS, Outcome, Plan, PlannedTeam, check_teams, plan};
pub use problem::{Problem, ProblemKind, ReadError, Spot};

use serde::{Deserialize, Serialize};

/// A player's mark on the rating site's roster: К (captain), Б (base
/// player) or Л (legionnaire).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PlayerFlag {
    Captain,
    Base,
    Legionnaire,
}

impl PlayerFlag {
    /// The letter the rating site writes.
    pub fn letter(self) -> &'static str {
        match self {
            PlayerFlag::Captain => "К",
            PlayerFlag::Base => "Б",
            PlayerFlag::Legionnaire => "Л",
        }
    }

    /// The site's letter, Cyrillic or its Latin look-alike (a file typed on
    /// an English keyboard), either case.
    pub fn from_letter(text: &str) -> Option<PlayerFlag> {
        match text.trim().to_uppercase().as_str() {
            "К" | "K" => Some(PlayerFlag::Captain),
            "Б" | "B" => Some(PlayerFlag::Base),
            "Л" | "L" => Some(PlayerFlag::Legionnaire),
            _ => None,
        }
    }
}

/// What the rating site knows of a player. The team's `players` (names as
/// shown) stay the names every screen uses; this is kept beside them for
/// the rating site's files.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SitePlayer {
    /// The player's id on the rating site.
    pub id: Option<u32>,
    pub surname: String,
    pub name: String,
    pub patronymic: String,
    pub flag: Option<PlayerFlag>,
}

impl SitePlayer {
    /// The name as shown on every screen: «Фамилия Имя».
    pub fn shown(&self) -> String {
        [self.surname.trim(), self.name.trim()]
            .into_iter()
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A name typed by hand, as the roster file gives it: the first word
    /// the surname, the rest the name; nothing else known.
    pub fn from_shown(shown: &str) -> SitePlayer {
        let shown = shown.split_whitespace().collect::<Vec<_>>();
        let (surname, name) = shown
            .split_first()
            .map_or((String::new(), String::new()), |(s, n)| {
                ((*s).to_owned(), n.join(" "))
            });
        SitePlayer {
            surname,
            name,
            ..SitePlayer::default()
        }
    }

    /// Nothing beyond the shown name is known: such a player is kept as
    /// its name alone.
    pub fn is_plain(&self) -> bool {
        self.id.is_none() && self.patronymic.trim().is_empty() && self.flag.is_none()
    }
}

/// One team as a file gives it, ready to register or to compare with one
/// registered.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportedTeam {
    /// Where in the file the team begins (for the preview's messages).
    pub spot: Spot,
    /// The team's id on the rating site.
    pub rating_id: Option<u32>,
    pub name: String,
    pub town: String,
    /// The players' names as shown, in the file's order.
    pub players: Vec<String>,
    /// What the site knows of those players of them it knows more of than
    /// a name (each one's [`SitePlayer::shown`] is among `players`).
    pub site_players: Vec<SitePlayer>,
}

impl ImportedTeam {
    /// A team's players from the site's records: the names as shown, and
    /// the records of those known beyond a name.
    pub fn with_players(mut self, players: Vec<SitePlayer>) -> ImportedTeam {
        self.players = players.iter().map(SitePlayer::shown).collect();
        self.site_players = players.into_iter().filter(|p| !p.is_plain()).collect();
        self
    }
}

/// The site's records a team's players keep after its names were edited by
/// hand: those whose shown name is still among the names.
pub fn site_players_kept(site_players: &[SitePlayer], players: &[String]) -> Vec<SitePlayer> {
    site_players
        .iter()
        .filter(|p| players.iter().any(|n| *n == p.shown()))
        .cloned()
        .collect()
}

/// A team's players as the roster file lists them: every name, with what
/// the site knows of it, or split from the name typed by hand.
pub fn roster_players(players: &[String], site_players: &[SitePlayer]) -> Vec<SitePlayer> {
    players
        .iter()
        .map(|shown| {
            site_players
                .iter()
                .find(|p| p.shown() == *shown)
                .cloned()
                .unwrap_or_else(|| SitePlayer::from_shown(shown))
        })
        .collect()
}

#[cfg(test)]
mod tests;
