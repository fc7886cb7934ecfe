//! Reading a file of teams: which of the three shapes it is (the rating
//! site's roster, its JSON, a plain spreadsheet) and its teams, every row
//! that cannot be taken kept as a [`Problem`] with its line. Checks across
//! teams (a name twice, the players' count) are `plan.rs`'s.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::problem::{Problem, ProblemKind, ReadError, Spot};
use super::{ImportedTeam, PlayerFlag, SitePlayer, csv, xlsx};

/// The shape a file of teams was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FileKind {
    /// `idteam,команда,город,признак,idplayer,Ф,И,О`, one row per player.
    SiteRoster,
    /// The site's tournament results with `includeTeamMembers`.
    SiteJson,
    /// Name, town, then the players (one a cell, or several in one cell
    /// split by `;` or `,`).
    PlainSheet,
}

/// A file read: its shape, its teams in the file's order, its bad rows.
/// The browser's dashboard has the server read its files
/// (`ServerMsg::RosterRead`), so it travels.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Read {
    pub kind: FileKind,
    pub teams: Vec<ImportedTeam>,
    pub problems: Vec<Problem>,
}

/// Reads the file named `file_name` (its extension tells an .xlsx or a
/// .json; else the content does) from its `bytes`.
pub fn read(file_name: &str, bytes: &[u8]) -> Result<Read, ReadError> {
    let lower = file_name.to_lowercase();
    let rows = if lower.ends_with(".xlsx") || bytes.starts_with(b"PK\x03\x04") {
        xlsx::rows(bytes)?
    } else {
        let text = text_of(bytes);
        let trimmed = text.trim_start_matches('\u{feff}').trim_start();
        if lower.ends_with(".json") || trimmed.starts_with('[') || trimmed.starts_with('{') {
            return site_json(trimmed);
        }
        csv::rows(&text)
    };
    if rows.is_empty() {
        return Err(ReadError::Empty);
    }
    Ok(if looks_like_roster(&rows) {
        site_roster(&rows)
    } else {
        plain_sheet(&rows)
    })
}

/// UTF-8, or — a CSV saved by Excel on a Russian Windows — Windows-1251.
fn text_of(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(_) => encoding_rs::WINDOWS_1251.decode(bytes).0.into_owned(),
    }
}

/// The roster's rows have eight columns: an id or nothing first, a К/Б/Л
/// or nothing fourth, an id or nothing fifth; a plain sheet's begin with a
/// team's name and go on with players. Most rows decide (a bad row is one).
fn looks_like_roster(rows: &[(u32, Vec<String>)]) -> bool {
    let id_or_blank = |c: &str| c.trim().is_empty() || c.trim().parse::<u32>().is_ok();
    let shaped = rows
        .iter()
        .filter(|(_, row)| {
            row.len() >= 8
                && id_or_blank(&row[0])
                && id_or_blank(&row[4])
                && (row[3].trim().is_empty() || PlayerFlag::from_letter(&row[3]).is_some())
        })
        .count();
    shaped * 2 > rows.len()
}

fn site_id(text: &str, column: &str, line: u32) -> Result<Option<u32>, Problem> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| {
        Problem::new(
            Spot::Line(line),
            ProblemKind::BadId {
                column: column.to_owned(),
                text: text.to_owned(),
            },
        )
    })
}

/// Teams in the file's order, found by a key: the site id, else the name.
#[derive(Default)]
struct Teams {
    teams: Vec<(ImportedTeam, Vec<SitePlayer>)>,
    by_key: HashMap<String, usize>,
    /// Each player's team (by site id, else the full name), so a player in
    /// a second team is told.
    player_team: HashMap<String, usize>,
}

impl Teams {
    fn team(&mut self, key: String, new: impl FnOnce() -> ImportedTeam) -> usize {
        let next = self.teams.len();
        let index = *self.by_key.entry(key).or_insert(next);
        if index == next {
            self.teams.push((new(), Vec::new()));
        }
        index
    }

    /// Adds `player` to the team at `index`, or says why it cannot be.
    fn add(&mut self, index: usize, player: SitePlayer) -> Result<(), ProblemKind> {
        let team_name = self.teams[index].0.name.clone();
        if player.flag == Some(PlayerFlag::Captain)
            && self.teams[index]
                .1
                .iter()
                .any(|p| p.flag == Some(PlayerFlag::Captain))
        {
            return Err(ProblemKind::TwoCaptains { team: team_name });
        }
        let key = match player.id {
            Some(id) => format!("#{id}"),
            None => format!(
                "{} {} {}",
                player.surname.trim(),
                player.name.trim(),
                player.patronymic.trim()
            )
            .to_lowercase(),
        };
        match self.player_team.get(&key) {
            Some(first) if *first != index => {
                return Err(ProblemKind::PlayerInTwoTeams {
                    player: player.shown(),
                    first_team: self.teams[*first].0.name.clone(),
                });
            }
            // The same player listed twice in its own team: once is enough.
            Some(_) => return Ok(()),
            None => {}
        }
        self.player_team.insert(key, index);
        self.teams[index].1.push(player);
        Ok(())
    }

    fn done(self) -> Vec<ImportedTeam> {
        self.teams
            .into_iter()
            .map(|(team, players)| team.with_players(players))
            .collect()
    }
}

fn site_roster(rows: &[(u32, Vec<String>)]) -> Read {
    let mut teams = Teams::default();
    let mut problems = Vec::new();
    for (line, row) in rows {
        let line = *line;
        if row[0].trim().eq_ignore_ascii_case("idteam") {
            continue; // a header row, though the site writes none
        }
        match roster_row(&mut teams, line, row) {
            Ok(()) => {}
            Err(problem) => problems.push(problem),
        }
    }
    Read {
        kind: FileKind::SiteRoster,
        teams: teams.done(),
        problems,
    }
}

fn roster_row(teams: &mut Teams, line: u32, row: &[String]) -> Result<(), Problem> {
    let at = |kind| Problem::new(Spot::Line(line), kind);
    if row.len() < 8 {
        return Err(at(ProblemKind::TooFewColumns {
            got: row.len() as u32,
            want: 8,
        }));
    }
    let rating_id = site_id(&row[0], "idteam", line)?;
    let (name, town) = (row[1].trim(), row[2].trim());
    let flag = match row[3].trim() {
        "" => None,
        letter => Some(
            PlayerFlag::from_letter(letter)
                .ok_or_else(|| at(ProblemKind::UnknownFlag(letter.to_owned())))?,
        ),
    };
    let player = SitePlayer {
        id: site_id(&row[4], "idplayer", line)?,
        surname: row[5].trim().to_owned(),
        name: row[6].trim().to_owned(),
        patronymic: row[7].trim().to_owned(),
        flag,
    };
    if name.is_empty() || player.surname.is_empty() {
        return Err(at(ProblemKind::BlankName));
    }
    let key = rating_id.map_or_else(|| name.to_lowercase(), |id| format!("#{id}"));
    let index = teams.team(key, || ImportedTeam {
        spot: Spot::Line(line),
        rating_id,
        name: name.to_owned(),
        town: town.to_owned(),
        ..ImportedTeam::default()
    });
    teams.add(index, player).map_err(at)
}

fn plain_sheet(rows: &[(u32, Vec<String>)]) -> Read {
    let mut teams = Teams::default();
    let mut problems = Vec::new();
    for (i, (line, row)) in rows.iter().enumerate() {
        let line = *line;
        let first = row[0].trim().to_lowercase();
        let header = ["name", "team", "команда", "название", "название команды"];
        if i == 0 && header.contains(&first.as_str()) {
            continue;
        }
        let at = |kind| Problem::new(Spot::Line(line), kind);
        let name = row[0].trim();
        if name.is_empty() {
            problems.push(at(ProblemKind::BlankName));
            continue;
        }
        let town = row.get(1).map_or("", |t| t.trim());
        let index = teams.team(name.to_lowercase(), || ImportedTeam {
            spot: Spot::Line(line),
            name: name.to_owned(),
            town: town.to_owned(),
            ..ImportedTeam::default()
        });
        let players = row
            .iter()
            .skip(2)
            .flat_map(|cell| cell.split([';', ',', '\n']))
            .map(str::trim)
            .filter(|p| !p.is_empty());
        for player in players {
            if let Err(kind) = teams.add(index, SitePlayer::from_shown(player)) {
                problems.push(at(kind));
            }
        }
    }
    Read {
        kind: FileKind::PlainSheet,
        teams: teams.done(),
        problems,
    }
}

/// The site's `tournaments/{id}/results` with `includeTeamMembers`: an
/// array of results (or an object with `results`, as `export --format
/// rating` writes), each `team.{id,name,town.name}` and `teamMembers[]`
/// of `flag` and `player.{id,surname,name,patronymic}`.
fn site_json(text: &str) -> Result<Read, ReadError> {
    let value: Value = serde_json::from_str(text).map_err(|e| ReadError::Json(e.to_string()))?;
    let entries = match &value {
        Value::Array(entries) => entries,
        Value::Object(o) => match o.get("results").or_else(|| o.get("teams")) {
            Some(Value::Array(entries)) => entries,
            _ => return Err(ReadError::Json("no `results` array of teams".into())),
        },
        _ => return Err(ReadError::Json("neither an array nor an object".into())),
    };
    if entries.is_empty() {
        return Err(ReadError::Empty);
    }
    let mut teams = Teams::default();
    let mut problems = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let spot = Spot::Entry(i as u32 + 1);
        let team = entry.get("team").unwrap_or(entry);
        let name = str_of(team.get("name"));
        if name.is_empty() {
            problems.push(Problem::new(spot, ProblemKind::BlankName));
            continue;
        }
        let rating_id = id_of(team.get("id"));
        let town = match team.get("town") {
            Some(Value::Object(town)) => str_of(town.get("name")),
            other => str_of(other),
        };
        let key = rating_id.map_or_else(|| name.to_lowercase(), |id| format!("#{id}"));
        let index = teams.team(key, || ImportedTeam {
            spot,
            rating_id,
            name: name.clone(),
            town,
            ..ImportedTeam::default()
        });
        let members = entry.get("teamMembers").and_then(Value::as_array);
        for member in members.into_iter().flatten() {
            match member_of(member) {
                Ok(player) => {
                    if let Err(kind) = teams.add(index, player) {
                        problems.push(Problem::new(spot, kind));
                    }
                }
                Err(kind) => problems.push(Problem::new(spot, kind)),
            }
        }
    }
    Ok(Read {
        kind: FileKind::SiteJson,
        teams: teams.done(),
        problems,
    })
}

fn member_of(member: &Value) -> Result<SitePlayer, ProblemKind> {
    let player = member.get("player").unwrap_or(member);
    let flag = match str_of(member.get("flag")).as_str() {
        "" => None,
        letter => Some(
            PlayerFlag::from_letter(letter)
                .ok_or_else(|| ProblemKind::UnknownFlag(letter.to_owned()))?,
        ),
    };
    let surname = str_of(player.get("surname"));
    let mut site = if surname.is_empty() {
        // A roster of names alone (Minuta's own `--format rating`).
        SitePlayer::from_shown(&str_of(player.get("name")))
    } else {
        SitePlayer {
            surname,
            name: str_of(player.get("name")),
            patronymic: str_of(player.get("patronymic")),
            ..SitePlayer::default()
        }
    };
    if site.surname.is_empty() {
        return Err(ProblemKind::BlankName);
    }
    site.id = id_of(player.get("id"));
    site.flag = flag;
    Ok(site)
}

fn str_of(value: Option<&Value>) -> String {
    match value {
        Some(Value::String(s)) => s.trim().to_owned(),
        Some(Value::Number(n)) => n.to_string(),
        _ => String::new(),
    }
}

fn id_of(value: Option<&Value>) -> Option<u32> {
    match value {
        Some(Value::Number(n)) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Some(Value::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
}
