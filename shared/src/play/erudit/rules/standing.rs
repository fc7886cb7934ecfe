//! 2.2, 5.4–5.5: the Эрудит-квартет tournament's places from its stages'
//! group results, with each group's deciding ties as the host settled them
//! ([`super::tie`]). The live tournament and the tournament scoresheet both
//! rank through here.

use std::cmp::Reverse;

use super::{AdvancementTable, EruditError, GroupOrder, Slot, TieSettlement, settle_group};
use crate::tournament::{Place, rank_by};

/// One group's game as far as it counts: its teams (by index) and their
/// points, whether the game was played to its end, and how its deciding
/// ties were settled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupResult {
    pub teams: Vec<usize>,
    pub points: Vec<i64>,
    pub finished: bool,
    pub ties: Vec<TieSettlement>,
}

/// One team's line of the tournament's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub team: usize,
    /// The last stage the team reached (0-based) and its group there.
    pub stage: usize,
    pub group: usize,
    /// Its place within that group once the game is over (a tie that
    /// decides nothing, or is not settled yet, shares it); by points,
    /// shared, while it is not.
    pub group_place: u32,
    pub points: i64,
    pub place: Place,
}

/// 5.4–5.5: the advancement after a stage of `groups` groups of four: four
/// groups cross into two by 5.4's table (as `docs/rules.md` reads it), two
/// send their best two each to the final (5.5), one is the final. The
/// table is fixed (docs/rules.md, 5.4).
pub fn next_stage_table(groups: usize) -> Option<AdvancementTable> {
    match groups {
        4 => Some(AdvancementTable::second_round()),
        2 => Some(AdvancementTable::final_round()),
        _ => None,
    }
}

/// Where each place (index 0 = 1st) of group `group` of a stage of
/// `groups` groups leads: the next stage's group, `None` out. In the final
/// only the first place leads anywhere (the title): a tie for any other
/// place there decides nothing and is shared (2.2).
pub fn destinations(groups: usize, group: usize, size: usize) -> Vec<Option<usize>> {
    let table = next_stage_table(groups);
    (1..=size as u32)
        .map(|place| match &table {
            Some(table) => table
                .groups
                .iter()
                .position(|members| members.contains(&Slot { group, place })),
            None => (place == 1).then_some(0),
        })
        .collect()
}

/// A finished group's places (5.4): points, its deciding ties as settled.
pub fn group_places(
    result: &GroupResult,
    groups: usize,
    group: usize,
) -> Result<GroupOrder, EruditError> {
    settle_group(
        &result.teams,
        &result.points,
        &destinations(groups, group, result.teams.len()),
        &result.ties,
    )
}

/// The next stage's groups once every group of a stage finished and its
/// deciding ties are settled, `None` after the final.
pub fn advance_stage(stage: &[GroupResult]) -> Result<Option<Vec<Vec<usize>>>, EruditError> {
    let Some(table) = next_stage_table(stage.len()) else {
        return Ok(None);
    };
    let mut results = Vec::with_capacity(stage.len());
    for (g, r) in stage.iter().enumerate() {
        let order = group_places(r, stage.len(), g)?;
        if let Some(open) = order.open.first() {
            return Err(EruditError::UnsettledTie {
                group: g,
                teams: open.teams.clone(),
                first: open.first,
                last: open.last,
            });
        }
        results.push(order.order);
    }
    table.advance(&results).map(Some)
}

/// 2.2: every team of the tournament placed: a team that reached a later
/// stage is ahead of one that did not; within the last stage a team
/// reached, by its place in its group, then by its points; equal on all
/// three share a place. The final's places are its group's (5.5).
pub fn tournament_table(stages: &[Vec<GroupResult>]) -> Vec<TournamentRow> {
    let mut last: Vec<TournamentRow> = Vec::new();
    for (s, groups) in stages.iter().enumerate() {
        for (g, result) in groups.iter().enumerate() {
            let order = if result.finished {
                group_places(result, groups.len(), g).unwrap_or_default()
            } else {
                GroupOrder::default()
            };
            for (i, &team) in result.teams.iter().enumerate() {
                let points = result.points.get(i).copied().unwrap_or(0);
                let group_place = match order.order.iter().position(|&t| t == team) {
                    Some(p) => order.places.get(p).copied().unwrap_or(p as u32 + 1),
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
            ties: Vec::new(),
        }
    }

    #[test]
    fn final_5_5_places_are_the_final_group_order_and_losers_follow_by_group_place() {
        let first = vec![
            group([0, 1, 2, 3], [100, 50, 0, -10], true),
            group([4, 5, 6, 7], [90, 80, 20, 10], true),
        ];
        let advanced = advance_stage(&first).unwrap().unwrap();
        assert_eq!(advanced, vec![vec![0, 1, 4, 5]]);
        let fin = vec![group([0, 1, 4, 5], [10, 200, 30, 40], true)];
        let table = tournament_table(&[first, fin]);
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
        let table = tournament_table(&[stage]);
        assert!(table.iter().all(|r| r.place == Place { first: 1, last: 4 }));
    }

    #[test]
    fn erudit_5_5_tie_across_the_cut_stops_the_next_stage() {
        let first = vec![
            group([0, 1, 2, 3], [100, 50, 50, -10], true),
            group([4, 5, 6, 7], [90, 80, 20, 10], true),
        ];
        assert_eq!(
            advance_stage(&first),
            Err(EruditError::UnsettledTie {
                group: 0,
                teams: vec![1, 2],
                first: 2,
                last: 3
            })
        );
    }

    #[test]
    fn erudit_5_4_crossed_groups_make_a_tie_for_first_deciding() {
        assert_eq!(destinations(4, 0, 4), vec![Some(0), Some(1), None, None]);
        assert_eq!(destinations(2, 1, 4), vec![Some(0), Some(0), None, None]);
        assert_eq!(destinations(1, 0, 4), vec![Some(0), None, None, None]);
    }
}
