//! The game as `minuta-server score` reads it: the `brain-ring` sheet (the
//! qualifying rounds' fights with their scores, 4.4–4.8) and the standings
//! exactly as `score` prints them for that sheet. The play-off and the
//! final are not part of that sheet; the qualifying table is.

use serde_json::Value;

use super::RingTournament;
use crate::play::format::Roster;
use crate::sheet::output::{int, ring_points, row};

impl RingTournament {
    /// The seeded teams and every closed qualifying fight, round by round.
    pub fn sheet_json(&self, roster: &Roster) -> Value {
        let teams: Vec<Value> = self
            .teams
            .iter()
            .map(|t| Value::String(roster.name(*t)))
            .collect();
        let rounds: Vec<Value> = self
            .qualifying()
            .map(|q| q.rounds)
            .unwrap_or_default()
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|fight| {
                        let names: Vec<String> = fight
                            .teams
                            .iter()
                            .map(|i| {
                                self.teams
                                    .get(*i)
                                    .map(|t| roster.name(*t))
                                    .unwrap_or_default()
                            })
                            .collect();
                        serde_json::json!({"teams": names, "score": fight.score})
                    })
                    .collect()
            })
            .collect();
        let mut sheet =
            serde_json::json!({"format": "brain-ring", "teams": teams, "rounds": rounds});
        // 4.3: how a tie at the entry cut was settled, for `score` to replay.
        if let (Some(cut), Some(map)) = (&self.cut, sheet.as_object_mut()) {
            map.insert(
                "qualification".to_owned(),
                cut.sheet_json(|t| roster.name(t)),
            );
        }
        sheet
    }

    /// The qualifying table (4.6–4.7) as `score` prints it for
    /// [`RingTournament::sheet_json`].
    pub fn standings_json(&self, roster: &Roster) -> Value {
        let rows = self
            .standings()
            .into_iter()
            .map(|(team, r)| {
                serde_json::to_value(
                    row(&roster.name(team), r.place, ring_points(r.points))
                        .with("difference", int(r.difference))
                        .with("taken", int(i64::from(r.taken))),
                )
            })
            .collect::<Result<Vec<Value>, _>>()
            .unwrap_or_default();
        Value::Array(rows)
    }
}
