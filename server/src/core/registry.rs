//! Who is who: the tournament's name and settings, the teams, the judges and
//! every secret. Authentication of a handshake happens here, against this
//! state alone.

use std::collections::{BTreeMap, BTreeSet};

use minuta_shared::identity::Identity;
use minuta_shared::ids::{JudgeId, TeamId};
use minuta_shared::lan::team_half;
use minuta_shared::play::settings::TournamentSettings;
use minuta_shared::roster::SitePlayer;
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::CommandError;
use minuta_shared::wire::slice_secret::slice_secret;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRecord {
    pub id: TeamId,
    pub name: String,
    pub town: String,
    pub players: Vec<String>,
    pub secret: String,
    /// The team's id on the rating site (rating.chgk.info), if entered.
    pub rating_id: Option<u32>,
    /// What the rating site knows of its players, from an imported roster
    /// (each one's shown name among `players`); none for names typed in.
    pub site_players: Vec<SitePlayer>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeRecord {
    pub id: JudgeId,
    pub name: String,
    pub secret: String,
}

#[derive(Clone, Debug, Default)]
pub struct Registry {
    pub host_secret: String,
    pub display_secret: String,
    /// 6.5: the appeal jury's; empty in a store from before the jury.
    pub jury_secret: String,
    pub tournament: String,
    pub settings: TournamentSettings,
    pub teams: BTreeMap<TeamId, TeamRecord>,
    /// Teams removed before they played: their ids are never given again,
    /// so nothing stored under one (a join code, a log line) names another.
    pub removed_teams: BTreeSet<TeamId>,
    pub judges: BTreeMap<JudgeId, JudgeRecord>,
}

/// Longest team, town, player or judge name accepted.
pub const MAX_NAME_CHARS: usize = 100;

impl Registry {
    pub fn initialised(&self) -> bool {
        !self.host_secret.is_empty()
    }

    /// Binds a credential to an identity. Secrets are compared in constant
    /// time so their bytes cannot be probed by timing.
    pub fn authenticate(&self, credential: &Credential) -> Result<Identity, Refusal> {
        match credential {
            Credential::Host { secret } => {
                check(&self.host_secret, secret).map(|()| Identity::Host)
            }
            Credential::Display { secret } => {
                check(&self.display_secret, secret).map(|()| Identity::Display)
            }
            // An empty secret (a store from before the jury) admits nobody.
            Credential::Jury { secret } => {
                check(&self.jury_secret, secret).map(|()| Identity::Jury)
            }
            Credential::Team { team, secret } => {
                let record = self.teams.get(team).ok_or(Refusal::UnknownMember)?;
                check(&record.secret, secret).map(|()| Identity::Team(*team))
            }
            Credential::Judge { judge, secret } => {
                let record = self.judges.get(judge).ok_or(Refusal::UnknownMember)?;
                check(&record.secret, secret).map(|()| Identity::Judge(*judge))
            }
            // Нептун 2.2: a ломтик's secret is derived from its team's, so
            // nothing is stored for it; a team with no secret admits no
            // ломтик either (`check` refuses an empty expected secret).
            Credential::Slice {
                team,
                slice,
                secret,
            } => {
                let record = self.teams.get(team).ok_or(Refusal::UnknownMember)?;
                if record.secret.is_empty() {
                    return Err(Refusal::BadSecret);
                }
                let expected = slice_secret(&record.secret, *slice);
                check(&expected, secret).map(|()| Identity::Slice(*team, *slice))
            }
            Credential::ShortTeam { code } => self.short_team(code),
        }
    }

    /// A team by its short code's second half (`minuta_shared::lan`):
    /// every team's is compared, in constant time, so the answer's timing
    /// tells nothing of which came close. Two teams with the same half
    /// cannot join by it; a wrong half is `BadSecret`, a strike at the gate.
    fn short_team(&self, code: &str) -> Result<Identity, Refusal> {
        let given = code.to_ascii_uppercase();
        let matching: Vec<TeamId> = self
            .teams
            .values()
            .filter(|t| !t.secret.is_empty())
            .filter(|t| check(&team_half(&t.secret), &given).is_ok())
            .map(|t| t.id)
            .collect();
        match matching[..] {
            [team] => Ok(Identity::Team(team)),
            [] => Err(Refusal::BadSecret),
            _ => Err(Refusal::AmbiguousShortCode),
        }
    }

    pub fn team_ids(&self) -> Vec<TeamId> {
        self.teams.keys().copied().collect()
    }

    /// A team's registered name; a team missing from the registry (it cannot
    /// happen through the core) is named by its number rather than left blank.
    pub fn team_name(&self, team: TeamId) -> String {
        self.teams
            .get(&team)
            .map_or_else(|| format!("#{}", team.0), |t| t.name.clone())
    }

    pub fn next_team_id(&self) -> TeamId {
        let last = self.teams.keys().chain(&self.removed_teams).max();
        TeamId(last.map_or(1, |t| t.0 + 1))
    }

    pub fn next_judge_id(&self) -> JudgeId {
        JudgeId(self.judges.keys().next_back().map_or(1, |j| j.0 + 1))
    }

    /// Checks a team's registration: a name, unique; a town; the players'
    /// count within the tournament's setting (0.2: 4 to 6 by default).
    pub fn validate_team(
        &self,
        editing: Option<TeamId>,
        name: &str,
        town: &str,
        players: &[String],
    ) -> Result<(), CommandError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(CommandError::EmptyName);
        }
        for text in [name, town]
            .into_iter()
            .chain(players.iter().map(String::as_str))
        {
            let chars = text.chars().count();
            if chars > MAX_NAME_CHARS {
                return Err(CommandError::TooLong {
                    got: chars as u32,
                    max: MAX_NAME_CHARS as u32,
                });
            }
        }
        let taken = self
            .teams
            .values()
            .any(|t| Some(t.id) != editing && t.name.trim().to_lowercase() == name.to_lowercase());
        if taken {
            return Err(CommandError::DuplicateTeam(name.to_owned()));
        }
        let got = players.iter().filter(|p| !p.trim().is_empty()).count() as u32;
        let (min, max) = (self.settings.min_players, self.settings.max_players);
        if got < min || got > max {
            return Err(CommandError::PlayerCount { min, max, got });
        }
        Ok(())
    }
}

fn check(expected: &str, given: &str) -> Result<(), Refusal> {
    if !expected.is_empty() && constant_time_eq(expected.as_bytes(), given.as_bytes()) {
        Ok(())
    } else {
        Err(Refusal::BadSecret)
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Cleans a list of player names: trimmed, blank lines dropped.
pub fn clean_players(players: &[String]) -> Vec<String> {
    players
        .iter()
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry(secrets: &[&str]) -> Registry {
        let mut registry = Registry::default();
        for (i, secret) in secrets.iter().enumerate() {
            let id = TeamId(i as u32 + 1);
            registry.teams.insert(
                id,
                TeamRecord {
                    id,
                    name: format!("team {}", id.0),
                    town: String::new(),
                    players: Vec::new(),
                    secret: (*secret).into(),
                    rating_id: None,
                    site_players: Vec::new(),
                },
            );
        }
        registry
    }

    fn short(code: &str) -> Credential {
        Credential::ShortTeam { code: code.into() }
    }

    #[test]
    fn a_team_joins_by_its_short_code_in_either_case() {
        let registry = registry(&["alpha", "beta"]);
        let beta = team_half("beta");
        assert_eq!(
            registry.authenticate(&short(&beta)),
            Ok(Identity::Team(TeamId(2)))
        );
        assert_eq!(
            registry.authenticate(&short(&beta.to_lowercase())),
            Ok(Identity::Team(TeamId(2)))
        );
    }

    #[test]
    fn a_wrong_or_shared_short_code_admits_nobody() {
        let registry = registry(&["alpha", "alpha", "", "gamma"]);
        assert_eq!(
            registry.authenticate(&short(&team_half("alpha"))),
            Err(Refusal::AmbiguousShortCode)
        );
        // A team without a secret has no short code either.
        assert_eq!(
            registry.authenticate(&short(&team_half(""))),
            Err(Refusal::BadSecret)
        );
        let wrong = if team_half("gamma") == "0000" {
            "0001"
        } else {
            "0000"
        };
        assert_eq!(
            registry.authenticate(&short(wrong)),
            Err(Refusal::BadSecret)
        );
        assert_eq!(registry.authenticate(&short("")), Err(Refusal::BadSecret));
    }
}
