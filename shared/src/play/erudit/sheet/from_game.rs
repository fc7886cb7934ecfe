//! The Эрудит-квартет tournament as `minuta-server score` takes it (the
//! `erudit-quartet` sheet's tournament form: stages of groups, each group's
//! complete tours) and its table as `score` prints it.

use super::tournament::{EruditTournamentSheet, SheetGroup, SheetTie};
use super::{SheetAttempt, SheetRound, SheetTour, SheetTourKind};
use crate::ids::TeamId;
use crate::play::erudit::rules::{
    GroupResult, TOURS, TieSettlement, TournamentRow, group_places, tournament_table,
};
use crate::play::erudit::{EruditTournament, GroupPlay, QuartetGame};
use crate::play::format::LiveFormat;
use crate::play::roster::Roster;
use crate::sheet::number::Seed;
use crate::sheet::output::{OrderedMap, int, row};
use crate::sheet::teams::TeamMap;

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

    pub fn standings_table(&self, roster: &Roster) -> Vec<OrderedMap> {
        self.table()
            .into_iter()
            .map(|r| {
                row(&roster.name(TeamId(r.team as u32)), r.place, int(r.points))
                    .with("stage", int(r.stage as i64 + 1))
                    .with("group", int(r.group as i64 + 1))
            })
            .collect()
    }

    /// Every stage's groups with their complete tours and settled ties;
    /// the entry cut's tie when there was one (5.2).
    pub(crate) fn scoresheet(&self, roster: &Roster) -> EruditTournamentSheet {
        let name = |t: &TeamId| roster.name(*t);
        let last = self.stages.len().saturating_sub(1);
        let stages = self
            .stages
            .iter()
            .enumerate()
            .map(|(s, groups)| {
                groups
                    .iter()
                    .enumerate()
                    .map(|(i, g)| {
                        let tours = g
                            .game
                            .as_ref()
                            .map_or_else(Vec::new, |game| sheet_tours(game, roster));
                        // 5.4, 5.5: how each deciding tie was settled, and
                        // in the last stage each one being settled.
                        let mut ties = g.ties.clone();
                        if s == last && tours.len() == TOURS {
                            ties.extend(being_settled(g, groups.len(), i));
                        }
                        SheetGroup {
                            teams: g.teams.iter().map(name).collect(),
                            tours,
                            ties: (!ties.is_empty()).then(|| sheet_ties(&ties, roster)),
                        }
                    })
                    .collect()
            })
            .collect();
        EruditTournamentSheet {
            format: <EruditTournament as LiveFormat>::FORMAT.to_owned(),
            teams: self.entrants.iter().map(name).collect(),
            seed: Seed(self.seed),
            stages,
            // 5.2: how a tie at the cut from the ChGK table was settled.
            qualification: self
                .cut
                .as_ref()
                .filter(|cut| cut.cut_tied())
                .map(|cut| cut.scoresheet(|t| roster.name(t))),
            prize_ties: Vec::new(),
        }
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
fn sheet_ties(ties: &[TieSettlement], roster: &Roster) -> Vec<SheetTie> {
    let name = |t: usize| roster.name(TeamId(t as u32));
    ties.iter()
        .map(|tie| SheetTie {
            teams: tie.teams.iter().map(|&t| name(t)).collect(),
            shoot_off: tie
                .shoot_off
                .iter()
                .map(|q| {
                    q.iter()
                        .map(|a| SheetAttempt {
                            team: name(a.team),
                            correct: a.correct,
                        })
                        .collect()
                })
                .collect(),
            lot: tie.lot.map(Seed),
        })
        .collect()
}

/// A game's complete tours in the one-game sheet's shape.
fn sheet_tours(game: &QuartetGame, roster: &Roster) -> Vec<SheetTour> {
    game.tours
        .iter()
        .enumerate()
        .filter(|(t, _)| game.tour_finished(*t))
        .map(|(_, tour)| SheetTour {
            kind: SheetTourKind(tour.kind),
            rounds: tour
                .rounds
                .iter()
                .map(|round| SheetRound {
                    players: TeamMap(
                        game.teams
                            .iter()
                            .zip(&round.players)
                            .map(|(t, p)| {
                                (roster.name(*t), p.clone().unwrap_or_else(|| "—".into()))
                            })
                            .collect(),
                    ),
                    questions: round
                        .questions
                        .iter()
                        .map(|q| {
                            q.attempts
                                .iter()
                                .map(|a| SheetAttempt {
                                    team: roster
                                        .name(game.teams.get(a.team).copied().unwrap_or(TeamId(0))),
                                    correct: a.correct,
                                })
                                .collect()
                        })
                        .collect(),
                })
                .collect(),
        })
        .collect()
}
