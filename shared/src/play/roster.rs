//! The teams a game plays with, as the event registered them: numbers,
//! names, towns and players. No game's rules live here.

use crate::ids::TeamId;

/// A registered team as games see it: the event's registry, not a format's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RosterTeam {
    pub id: TeamId,
    pub name: String,
    pub town: String,
    /// The players as registered (Эрудит-квартет's captains pick from them).
    pub players: Vec<String>,
}

/// The event's teams in registration order, handed to every game call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Roster {
    pub teams: Vec<RosterTeam>,
    /// 6.5: the event has an appeal jury — its terminal has joined at
    /// least once — so the formats that can send appeals to it do.
    pub appeal_jury: bool,
}

impl Roster {
    pub fn contains(&self, team: TeamId) -> bool {
        self.get(team).is_some()
    }

    pub fn get(&self, team: TeamId) -> Option<&RosterTeam> {
        // Teams are numbered in registration order, so the list is sorted.
        self.teams
            .binary_search_by_key(&team, |t| t.id)
            .ok()
            .and_then(|i| self.teams.get(i))
    }

    /// A team's name; one missing from the registry is named by its number.
    pub fn name(&self, team: TeamId) -> String {
        self.get(team)
            .map_or_else(|| format!("#{}", team.0), |t| t.name.clone())
    }

    /// Takes a removed team off the list.
    pub fn remove(&mut self, team: TeamId) {
        self.teams.retain(|t| t.id != team);
    }

    /// «Команда 1» to «Команда `n`», for the formats' tests.
    #[cfg(test)]
    pub(crate) fn numbered(n: u32) -> Roster {
        Roster {
            teams: (1..=n)
                .map(|i| RosterTeam {
                    id: TeamId(i),
                    name: format!("Команда {i}"),
                    town: "Город".into(),
                    players: (1..=5).map(|p| format!("Игрок {i}.{p}")).collect(),
                })
                .collect(),
            appeal_jury: false,
        }
    }

    /// Adds or replaces a team, keeping the list sorted by id.
    pub fn upsert(&mut self, team: RosterTeam) {
        match self.teams.binary_search_by_key(&team.id, |t| t.id) {
            Ok(i) => self.teams[i] = team,
            Err(i) => self.teams.insert(i, team),
        }
    }
}
