//! The preview of an import: each team of the file new, changed or
//! unchanged against the teams registered, and what forbids the import
//! (a team's name twice, the players' count of 0.2, a name another team
//! holds). The server decides the import with the same [`plan`], so the
//! preview and the import cannot disagree.

use std::collections::HashSet;

use crate::ids::TeamId;

use super::problem::{Problem, ProblemKind};
use super::{ImportedTeam, PlayerFlag, records_kept};

/// Longest team, town or player name accepted (the registry's limit).
pub const MAX_NAME_CHARS: usize = 100;

/// A registered team, as the import compares with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownTeam {
    pub id: TeamId,
    pub team: ImportedTeam,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    New,
    Changed(TeamId),
    Unchanged(TeamId),
}

impl Outcome {
    pub fn is_new(&self) -> bool {
        *self == Outcome::New
    }

    pub fn is_changed(&self) -> bool {
        matches!(self, Outcome::Changed(_))
    }

    pub fn is_unchanged(&self) -> bool {
        matches!(self, Outcome::Unchanged(_))
    }
}

/// A file's team and what importing it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedTeam {
    /// The team as it will be registered: what the file says, and what
    /// the file does not say (a site id, the site's records of players)
    /// kept from the team registered.
    pub team: ImportedTeam,
    pub outcome: Outcome,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub teams: Vec<PlannedTeam>,
    pub problems: Vec<Problem>,
}

impl Plan {
    pub fn count(&self, want: fn(&Outcome) -> bool) -> usize {
        self.teams.iter().filter(|t| want(&t.outcome)).count()
    }

    /// Whether importing changes anything.
    pub fn changes(&self) -> bool {
        self.teams.iter().any(|t| !t.outcome.is_unchanged())
    }
}

/// What importing `teams` into a tournament with the teams `known` and
/// `min`..=`max` players a team (0.2) would do. A file's team is the
/// registered one with its site id, else with its name (either case).
pub fn plan(known: &[KnownTeam], teams: &[ImportedTeam], min: u32, max: u32) -> Plan {
    let mut problems = check_teams(teams, min, max);
    let mut planned = Vec::new();
    for team in teams {
        let name = team.name.trim().to_lowercase();
        let by_id = team
            .rating_id
            .and_then(|id| known.iter().find(|k| k.team.rating_id == Some(id)));
        let by_name = || {
            known
                .iter()
                .find(|k| k.team.name.trim().to_lowercase() == name)
        };
        let outcome = match by_id.or_else(by_name) {
            None => PlannedTeam {
                team: team.clone(),
                outcome: Outcome::New,
            },
            Some(k) => {
                let merged = merged(&k.team, team);
                let outcome = if same(&merged, &k.team) {
                    Outcome::Unchanged(k.id)
                } else {
                    Outcome::Changed(k.id)
                };
                PlannedTeam {
                    team: merged,
                    outcome,
                }
            }
        };
        let itself = match outcome.outcome {
            Outcome::New => None,
            Outcome::Changed(id) | Outcome::Unchanged(id) => Some(id),
        };
        if known
            .iter()
            .any(|k| Some(k.id) != itself && k.team.name.trim().to_lowercase() == name)
        {
            problems.push(Problem::new(
                team.spot,
                ProblemKind::NameTaken(team.name.clone()),
            ));
        }
        planned.push(outcome);
    }
    Plan {
        teams: planned,
        problems,
    }
}

/// The file's team over the one registered: a site id or site records the
/// file does not give (a plain spreadsheet) are kept, never cleared — each
/// player's record stays with the name it stood beside.
fn merged(known: &ImportedTeam, file: &ImportedTeam) -> ImportedTeam {
    let mut team = file.clone();
    team.rating_id = file.rating_id.or(known.rating_id);
    if file.site_players.is_empty() {
        team.site_players = records_kept(&known.players, &known.site_players, &file.players);
    }
    team
}

fn same(a: &ImportedTeam, b: &ImportedTeam) -> bool {
    a.rating_id == b.rating_id
        && a.name.trim() == b.name.trim()
        && a.town.trim() == b.town.trim()
        && a.players == b.players
        && a.site_players == b.site_players
}

/// What forbids importing `teams` whatever is registered: a blank or too
/// long name, a team twice, a player in two teams, two captains, the
/// players' count outside `min`..=`max` (0.2). The parser has told the
/// rows already; this holds for teams that came by the wire.
pub fn check_teams(teams: &[ImportedTeam], min: u32, max: u32) -> Vec<Problem> {
    let mut problems = Vec::new();
    let mut names = HashSet::new();
    let mut players: Vec<(String, &str)> = Vec::new();
    for team in teams {
        let at = |kind| Problem::new(team.spot, kind);
        let name = team.name.trim();
        if name.is_empty() {
            problems.push(at(ProblemKind::BlankName));
            continue;
        }
        let texts = [name, team.town.trim()]
            .into_iter()
            .chain(team.players.iter().map(String::as_str));
        if let Some(got) = texts
            .map(|t| t.chars().count())
            .find(|n| *n > MAX_NAME_CHARS)
        {
            problems.push(at(ProblemKind::TooLong {
                got: got as u32,
                max: MAX_NAME_CHARS as u32,
            }));
        }
        if !names.insert(name.to_lowercase()) {
            problems.push(at(ProblemKind::SameTeamTwice(name.to_owned())));
        }
        if team.players.iter().any(|p| p.trim().is_empty()) {
            problems.push(at(ProblemKind::BlankName));
        }
        // One record per player or none (a team that came by the wire
        // may say otherwise): a record is a person only in its place.
        if !team.site_players.is_empty() && team.site_players.len() != team.players.len() {
            problems.push(at(ProblemKind::RecordsNotPlayers {
                team: name.to_owned(),
                players: team.players.len() as u32,
                records: team.site_players.len() as u32,
            }));
            continue;
        }
        let captains = team
            .site_players
            .iter()
            .filter(|p| p.flag == Some(PlayerFlag::Captain))
            .count();
        if captains > 1 {
            problems.push(at(ProblemKind::TwoCaptains {
                team: name.to_owned(),
            }));
        }
        for (place, player) in team.players.iter().enumerate() {
            // Namesakes are two players when the site tells them apart.
            let site_id = team.site_players.get(place).and_then(|p| p.id);
            let key = site_id.map_or_else(|| player.trim().to_lowercase(), |id| format!("#{id}"));
            if let Some((_, first)) = players.iter().find(|(p, t)| *p == key && *t != name) {
                problems.push(at(ProblemKind::PlayerInTwoTeams {
                    player: player.clone(),
                    first_team: (*first).to_owned(),
                }));
            }
            players.push((key, name));
        }
        let got = team.players.len() as u32;
        if got < min || got > max {
            problems.push(at(ProblemKind::PlayerCount {
                team: name.to_owned(),
                min,
                max,
                got,
            }));
        }
    }
    problems
}
