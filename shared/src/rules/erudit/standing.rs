//! 2.2, 5.4–5.5: the Эрудит-квартет tournament's places from its stages'
//! group results, and the lot that orders equal points within a group. The
//! live tournament and the tournament scoresheet both rank through here.

use std::cmp::Reverse;

use super::{AdvancementTable, EruditError, group_order};
use crate::seed::{Rng, Seed};
use crate::tournament::{Place, rank_by};

/// One group's game as far as it counts: its teams (by index) and their
/// points, and whether the game was played to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupResult {
    pub teams: Vec<usize>,
    pub points: Vec<i64>,
    pub finished: bool,
}

/// One team's line of the tournament's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub team: usize,
    /// The last stage the team reached (0-based) and its group there.
    pub stage: usize,
    pub group: usize,
    /// Its place within that group: by the lot once the game is over (5.4),
    /// by points (shared) while it is not.
    pub group_place: u32,
    pub points: i64,
    pub place: Place,
}

/// 5.4: the lot for ties in group `group` of stage `stage`, derived from the
/// tournament's recorded seed so that every group has its own.
pub fn group_lot(seed: u64, stage: usize, group: usize) -> Seed {
    let salt = ((stage as u64 + 1) << 32) | (group as u64 + 1);
    Seed(Rng::new(seed ^ salt).next_u64())
}

/// A group's teams in place order: points, ties by its lot (5.4).
pub fn group_places(result: &GroupResult, seed: u64, stage: usize, group: usize) -> Vec<usize> {
    group_order(&result.teams, &result.points, group_lot(seed, stage, group))
}

/// 5.4–5.5: the advancement after a stage of `groups` groups of four: four
/// groups cross into two by 5.4's table (as `docs/rules.md` reads it), two
/// send their best two each to the final (5.5), one is the final.
pub fn next_stage_table(groups: usize) -> Option<AdvancementTable> {
    match groups {
        4 => Some(AdvancementTable::second_round()),
        2 => Some(AdvancementTable::final_round()),
        _ => None,
    }
}

/// The next stage's groups once every group of a stage finished, `None`
/// after the final.
pub fn advance_stage(
    stage: &[GroupResult],
    seed: u64,
    index: usize,
) -> Result<Option<Vec<Vec<usize>>>, EruditError> {
    let Some(table) = next_stage_table(stage.len()) else {
        return Ok(None);
    };
    let results: Vec<Vec<usize>> = stage
        .iter()
        .enumerate()
        .map(|(g, r)| group_places(r, seed, index, g))
        .collect();
    table.advance(&results).map(Some)
}

/// 2.2: every team of the tournament placed: a team that reached a later
/// stage is ahead of one that did not; within the last stage a team
/// reached, by its place in its group, then by its points; equal on all
/// three share a place. The final's places are its group's (5.5).
pub fn tournament_table(stages: &[Vec<GroupResult>], seed: u64) -> Vec<TournamentRow> {
    let mut last: Vec<TournamentRow> = Vec::new();
    for (s, groups) in stages.iter().enumerate() {
        for (g, result) in groups.iter().enumerate() {
            let order = if result.finished {
                group_places(result, seed, s, g)
            } else {
                Vec::new()
            };
            for (i, &team) in result.teams.iter().enumerate() {
                let points = result.points.get(i).copied().unwrap_or(0);
                let group_place = match order.iter().position(|&t| t == team) {
                    Some(p) => p as u32 + 1,
                    None => 1 + result.points.iter().filter(|&&p| p > points).count() as u32,
                };
                let row = TournamentRow {
                    team,
                    stage: s,
                    group: g,
                    group_place,
                    points,
                    place: Place::single(0),
                };
                match last.iter_mut().find(|r| r.team == team) {
                    Some(r) => *r = row,
                    None => last.push(row),
                }
            }
        }
    }
    rank_by(last, |r| (r.stage, Reverse(r.group_place), r.points))
        .into_iter()
        .map(|ranked| TournamentRow {
            place: ranked.place,
            ..ranked.item
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(teams: [usize; 4], points: [i64; 4], finished: bool) -> GroupResult {
        GroupResult {
            teams: teams.to_vec(),
            points: points.to_vec(),
            finished,
        }
    }

    #[test]
    fn final_5_5_places_are_the_final_group_order_and_losers_follow_by_group_place() {
        let first = vec![
            group([0, 1, 2, 3], [100, 50, 0, -10], true),
            group([4, 5, 6, 7], [90, 80, 20, 10], true),
        ];
        let advanced = advance_stage(&first, 7, 0).unwrap().unwrap();
        assert_eq!(advanced, vec![vec![0, 1, 4, 5]]);
        let fin = vec![group([0, 1, 4, 5], [10, 200, 30, 40], true)];
        let table = tournament_table(&[first, fin], 7);
        let order: Vec<usize> = table.iter().map(|r| r.team).collect();
        // The final (1,5,4,0), then third places of the groups (6 had more
        // points than 2), then the fourth places.
        assert_eq!(order, vec![1, 5, 4, 0, 6, 2, 7, 3]);
        assert_eq!(table[0].place, Place::single(1));
        assert_eq!(table[7].place, Place::single(8));
    }

    #[test]
    fn unfinished_group_shares_places_by_points() {
        let stage = vec![group([0, 1, 2, 3], [0, 0, 0, 0], false)];
        let table = tournament_table(&[stage], 1);
        assert!(table.iter().all(|r| r.place == Place { first: 1, last: 4 }));
    }

    #[test]
    fn lot_5_4_is_the_same_for_the_same_seed_and_differs_between_groups() {
        assert_eq!(group_lot(5, 0, 1), group_lot(5, 0, 1));
        assert_ne!(group_lot(5, 0, 1), group_lot(5, 0, 2));
    }
}
