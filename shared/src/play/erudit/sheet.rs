//! The Эрудит-квартет tournament as `minuta-server score` takes it (the
//! `erudit-quartet` sheet's tournament form: stages of groups, each group's
//! complete tours) and its table as `score` prints it.

use serde_json::{Value, json};

use super::{EruditTournament, GroupPlay, QuartetGame};
use crate::ids::TeamId;
use crate::play::format::Roster;
use crate::rules::erudit::{
    GroupResult, TOURS, TieSettlement, TourKind, TournamentRow, group_places, tournament_table,
};
use crate::sheet::output::{int, row};

impl EruditTournament {
    /// 2.2: the table of every entrant by complete tours (docs/rules.md, 5:
    /// the signed table counts whole tours; the board shows every answer).
    pub fn table(&self) -> Vec<TournamentRow> {
        let stages: Vec<Vec<GroupResult>> = self
            .stages
            .iter()
            .map(|s| s.iter().map(GroupPlay::result).collect())
            .collect();
        tournament_table(&stages)
    }

    pub fn standings_json(&self, roster: &Roster) -> Value {
        Value::Array(
            self.table()
                .into_iter()
                .filter_map(|r| {
                    serde_json::to_value(
                        row(&roster.name(TeamId(r.team as u32)), r.place, int(r.points))
                            .with("stage", int(r.stage as i64 + 1))
                            .with("group", int(r.group as i64 + 1)),
                    )
                    .ok()
                })
                .collect(),
        )
    }

    pub fn sheet_json(&self, roster: &Roster) -> Value {
        let name = |t: &TeamId| Value::String(roster.name(*t));
        let last = self.stages.len().saturating_sub(1);
        let stages: Vec<Value> = self
            .stages
            .iter()
            .enumerate()
            .map(|(s, groups)| {
                Value::Array(
                    groups
                        .iter()
                        .enumerate()
                        .map(|(i, g)| {
                            let mut group = json!({
                                "teams": g.teams.iter().map(name).collect::<Vec<_>>(),
                                "tours": g.game.as_ref().map_or_else(Vec::new, |game| tours_json(game, roster)),
                            });
                            // 5.4, 5.5: how each deciding tie was settled,
                            // and in the last stage each one being settled.
                            let mut ties = g.ties.clone();
                            let played = group["tours"].as_array().map_or(0, Vec::len);
                            if s == last && played == TOURS {
                                ties.extend(being_settled(g, groups.len(), i));
                            }
                            if !ties.is_empty()
                                && let Some(fields) = group.as_object_mut()
                            {
                                fields.insert("ties".into(), ties_json(&ties, roster));
                            }
                            group
                        })
                        .collect(),
                )
            })
            .collect();
        let mut sheet = json!({
            "format": "erudit-quartet",
            "teams": self.entrants.iter().map(name).collect::<Vec<_>>(),
            "seed": self.seed,
            "stages": stages,
        });
        // 5.2: how a tie at the cut from the ChGK table was settled.
        if let (Some(cut), Some(map)) = (&self.cut, sheet.as_object_mut()) {
            map.insert("qualification".into(), cut.sheet_json(|t| roster.name(t)));
        }
        sheet
    }
}

/// The deciding ties of group `g` (of `groups`), its tours all complete on
/// its sheet, that the host has not begun to settle: each recorded with an
/// empty shoot-off, so that a sheet exported while the hall waits for it
/// (its last question just closed, or the tie awaiting its shoot-off)
/// scores the tied teams sharing their places, as the live table shows.
fn being_settled(g: &GroupPlay, groups: usize, group: usize) -> Vec<TieSettlement> {
    let result = GroupResult {
        finished: true,
        ..g.result()
    };
    let Ok(order) = group_places(&result, groups, group) else {
        return Vec::new();
    };
    order
        .open
        .into_iter()
        .filter(|open| !g.ties.iter().any(|t| t.teams == open.tied))
        .map(|open| TieSettlement {
            teams: open.tied,
            shoot_off: Vec::new(),
            lot: None,
        })
        .collect()
}

/// A group's tie settlements: the tied teams, the shoot-off's questions
/// (each its attempts), and the lot's seed if one was drawn.
fn ties_json(ties: &[TieSettlement], roster: &Roster) -> Value {
    let name = |t: usize| Value::String(roster.name(TeamId(t as u32)));
    Value::Array(
        ties.iter()
            .map(|tie| {
                let shoot_off: Vec<Value> = tie
                    .shoot_off
                    .iter()
                    .map(|q| {
                        Value::Array(
                            q.iter()
                                .map(|a| json!({"team": name(a.team), "correct": a.correct}))
                                .collect(),
                        )
                    })
                    .collect();
                let mut entry = json!({
                    "teams": tie.teams.iter().map(|&t| name(t)).collect::<Vec<_>>(),
                    "shoot-off": shoot_off,
                });
                if let (Some(seed), Some(fields)) = (tie.lot, entry.as_object_mut()) {
                    fields.insert("lot".into(), json!(seed));
                }
                entry
            })
            .collect(),
    )
}

/// A game's complete tours in the one-game sheet's shape.
fn tours_json(game: &QuartetGame, roster: &Roster) -> Vec<Value> {
    game.tours
        .iter()
        .enumerate()
        .filter(|(t, _)| game.tour_finished(*t))
        .map(|(_, tour)| {
            let kind = match tour.kind {
                TourKind::Open => "open",
                TourKind::Closed => "closed",
                TourKind::SemiOpen => "semi-open",
            };
            let rounds: Vec<Value> = tour
                .rounds
                .iter()
                .map(|round| {
                    let players: serde_json::Map<String, Value> = game
                        .teams
                        .iter()
                        .zip(&round.players)
                        .map(|(t, p)| {
                            (
                                roster.name(*t),
                                Value::String(p.clone().unwrap_or_else(|| "—".into())),
                            )
                        })
                        .collect();
                    let questions: Vec<Value> = round
                        .questions
                        .iter()
                        .map(|q| {
                            Value::Array(
                                q.attempts
                                    .iter()
                                    .map(|a| {
                                        let team =
                                            game.teams.get(a.team).copied().unwrap_or(TeamId(0));
                                        json!({"team": roster.name(team), "correct": a.correct})
                                    })
                                    .collect(),
                            )
                        })
                        .collect();
                    json!({"players": players, "questions": questions})
                })
                .collect();
            json!({"type": kind, "rounds": rounds})
        })
        .collect()
}
