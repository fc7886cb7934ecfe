//! Teams in bulk: the rating site's roster file (CSV or XLSX,
//! `idteam,команда,город,признак,idplayer,Ф,И,О`), its JSON of a
//! tournament's teams, and a plain spreadsheet (name, town, players) read
//! into teams ([`read`]), and the preview of what importing them would
//! change ([`plan`]). Pure: the bytes come in, the caller (the app, the
//! server's CLI) reads the file; nothing here stores or sends anything.

mod csv;
mod parse;
mod people;
mod plan;
mod problem;
mod xlsx;

pub use parse::{FileKind, Read, read};
pub use people::{
    records_after_edit, records_kept, records_of_names, records_or_none, shown_names,
};
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
/// shown) stay the names every screen uses; these records stand beside
/// them, one per player in the same order, for the rating site's files:
/// a player is its record (its site id when the site gives one), not its
/// name, so two namesakes stay two players.
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
    /// «Фамилия Имя»: the name shown on every screen, unless a namesake
    /// in the team makes it longer ([`shown_names`]).
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
    /// What the site knows of each of those players, one record per name
    /// in the same order; none at all when no player is known beyond a
    /// name (a plain spreadsheet).
    pub site_players: Vec<SitePlayer>,
}

impl ImportedTeam {
    /// A team's players from the site's records: the names as shown
    /// (namesakes told apart, [`shown_names`]), and the records beside
    /// them unless none is known beyond a name.
    pub fn with_players(mut self, players: Vec<SitePlayer>) -> ImportedTeam {
        self.players = shown_names(&players);
        self.site_players = records_or_none(players);
        self
    }
}

/// A team's players as the roster file lists them: every name, with what
/// the site knows of it (the record in its place), or split from the name
/// typed by hand.
pub fn roster_players(players: &[String], site_players: &[SitePlayer]) -> Vec<SitePlayer> {
    players
        .iter()
        .enumerate()
        .map(|(i, shown)| {
            site_players
                .get(i)
                .cloned()
                .unwrap_or_else(|| SitePlayer::from_shown(shown))
        })
        .collect()
}

/// The record of the team's player at `place`, if the site knows it
/// beyond a name.
pub fn site_player(site_players: &[SitePlayer], place: usize) -> Option<&SitePlayer> {
    site_players.get(place).filter(|p| !p.is_plain())
}

#[cfg(test)]
mod tests;
