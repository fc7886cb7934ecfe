//! The game as `minuta-server score` reads it: the `multigames` sheet, and
//! the standings exactly as `score` prints them for that sheet.

use serde_json::{Map, Value};

use super::game::MultigamesGame;
use crate::play::format::Roster;
use crate::sheet::output::{credit, row};

impl MultigamesGame {
    /// Every task played and not withdrawn, with each on-time credit; a team
    /// absent from a task's `points` scored 0 there, as the sheet reads it.
    pub fn sheet_json(&self, roster: &Roster) -> Value {
        let tours: Vec<Value> = self
            .tours
            .iter()
            .map(|tour| {
                let tasks: Vec<Value> = tour
                    .tasks
                    .iter()
                    .filter_map(|id| self.task(*id).ok())
                    .filter(|t| t.started_at.is_some() && !t.withdrawn)
                    .map(|task| {
                        let mut points = Map::new();
                        for team in &roster.teams {
                            if let Some(c) = Self::credit_of(task, team.id) {
                                points.insert(team.name.clone(), credit(c));
                            }
                        }
                        serde_json::json!({"max": credit(task.draft.points), "points": points})
                    })
                    .collect();
                serde_json::json!({ "tasks": tasks })
            })
            .collect();
        let teams: Vec<Value> = roster
            .teams
            .iter()
            .map(|t| Value::String(t.name.clone()))
            .collect();
        serde_json::json!({"format": "multigames", "teams": teams, "tours": tours})
    }

    /// The standings of [`MultigamesGame::sheet_json`] as `score` prints them.
    pub fn standings_json(&self, roster: &Roster) -> Value {
        let rows = self
            .ranked(roster, |t| t.started_at.is_some())
            .into_iter()
            .map(|r| serde_json::to_value(row(&r.name, r.place, credit(r.points))))
            .collect::<Result<Vec<Value>, _>>()
            .unwrap_or_default();
        Value::Array(rows)
    }
}
