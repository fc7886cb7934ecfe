//! The qualifying table (4.7): points, then the difference of questions
//! taken and conceded, then questions taken, then the higher place after the
//! previous round (before round 1: the seeding order of 4.4).

use std::cmp::Reverse;

use serde::{Deserialize, Serialize};

use super::fight::Fight;
use super::scoring::RingPoints;
use crate::tournament::{Place, rank_by};

/// One team's line in the qualifying table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingRow {
    pub team: usize,
    pub place: Place,
    pub points: RingPoints,
    /// 4.7 «разница»: questions it took minus questions its opponents took.
    pub difference: i64,
    /// 4.7: the sum of questions it took.
    pub taken: u32,
    pub fights: u32,
}

/// The table after every round of `rounds`, one table per round; teams are
/// `0..team_count` in seeding order. Fights naming teams out of range are
/// skipped (validate with [`Fight::check`] first); never panics.
pub fn standings_by_round(team_count: usize, rounds: &[Vec<Fight>]) -> Vec<Vec<RingRow>> {
    let mut totals: Vec<RingRow> = (0..team_count)
        .map(|team| RingRow {
            team,
            place: Place::single(1),
            points: RingPoints::default(),
            difference: 0,
            taken: 0,
            fights: 0,
        })
        .collect();
    // 4.7: the fourth key is the place after the previous round; before
    // round 1 it is the seeding order (4.4).
    let mut previous: Vec<usize> = (0..team_count).collect();
    let mut tables = Vec::with_capacity(rounds.len());
    for round in rounds {
        for fight in round {
            if fight.teams.iter().any(|&t| t >= team_count) {
                continue;
            }
            let points = fight.points();
            for side in 0..2 {
                let row = &mut totals[fight.teams[side]];
                let (taken, conceded) = (fight.score[side], fight.score[1 - side]);
                row.points = row.points.plus(points[side]);
                row.difference += i64::from(taken) - i64::from(conceded);
                row.taken = row.taken.saturating_add(taken);
                row.fights += 1;
            }
        }
        let table = rank(&totals, &previous);
        for (position, row) in table.iter().enumerate() {
            previous[row.team] = position;
        }
        tables.push(table);
    }
    tables
}

/// The table after all of `rounds` (before any round: the seeding order).
pub fn ring_standings(team_count: usize, rounds: &[Vec<Fight>]) -> Vec<RingRow> {
    match standings_by_round(team_count, rounds).pop() {
        Some(table) => table,
        None => rank(
            &(0..team_count)
                .map(|team| RingRow {
                    team,
                    place: Place::single(1),
                    points: RingPoints::default(),
                    difference: 0,
                    taken: 0,
                    fights: 0,
                })
                .collect::<Vec<_>>(),
            &(0..team_count).collect::<Vec<_>>(),
        ),
    }
}

fn rank(totals: &[RingRow], previous: &[usize]) -> Vec<RingRow> {
    rank_by(totals.to_vec(), |row| {
        (
            row.points,
            row.difference,
            row.taken,
            Reverse(previous[row.team]),
        )
    })
    .into_iter()
    .map(|ranked| RingRow {
        place: ranked.place,
        ..ranked.item
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(a: usize, b: usize, x: u32, y: u32) -> Fight {
        Fight {
            teams: [a, b],
            score: [x, y],
        }
    }

    fn order(rows: &[RingRow]) -> Vec<usize> {
        rows.iter().map(|r| r.team).collect()
    }

    #[test]
    fn brain_ring_4_7_points_first() {
        let rows = ring_standings(4, &[vec![f(0, 1, 3, 2), f(2, 3, 0, 1)]]);
        // 3:2 → 4.5 and 1; 0:1 → 0 and 3.5.
        assert_eq!(order(&rows), vec![0, 3, 1, 2]);
        assert_eq!(rows[0].points.to_string(), "4.5");
        assert_eq!(rows[1].points.to_string(), "3.5");
        assert_eq!(rows[0].difference, 1);
        assert_eq!(rows[3].difference, -1);
    }

    #[test]
    fn brain_ring_4_7_difference_breaks_equal_points() {
        // 3:2 and 3:0 both give 4.5; the difference is 1 and 3.
        let rows = ring_standings(4, &[vec![f(0, 1, 3, 2), f(2, 3, 3, 0)]]);
        assert_eq!(order(&rows), vec![2, 0, 1, 3]);
        assert_eq!((rows[0].difference, rows[1].difference), (3, 1));
        assert_eq!(rows[0].points, rows[1].points);
    }

    #[test]
    fn brain_ring_4_7_taken_breaks_equal_points_and_difference() {
        // Team 0: 2:0 win, 0:2 loss → 4 points, difference 0, taken 2.
        // Team 2: two 2:2 draws → 4 points, difference 0, taken 4.
        let rounds = vec![
            vec![f(0, 1, 2, 0), f(2, 3, 2, 2), f(4, 5, 0, 0)],
            vec![f(0, 4, 0, 2), f(2, 1, 2, 2), f(3, 5, 0, 0)],
        ];
        let rows = ring_standings(6, &rounds);
        assert_eq!(order(&rows), vec![4, 2, 0, 3, 5, 1]);
        assert_eq!(
            (
                rows[1].points.to_string(),
                rows[1].difference,
                rows[1].taken
            ),
            ("4".into(), 0, 4)
        );
        assert_eq!(
            (
                rows[2].points.to_string(),
                rows[2].difference,
                rows[2].taken
            ),
            ("4".into(), 0, 2)
        );
    }

    #[test]
    fn brain_ring_4_7_previous_place_is_the_last_key() {
        // Round 1: 3 beats 2 (3 goes above 2). Round 2: both draw 0:0 with
        // others... then 3 and 2 are unequal. Use a symmetric pair instead:
        // round 1: 1 beats 0 1:0, 3 beats 2 1:0 → order 1, 3, 0, 2.
        // round 2: 0 beats 1 1:0, 2 beats 3 1:0 → everyone 3.5, diff 0, taken 1.
        let rounds = vec![
            vec![f(0, 1, 0, 1), f(2, 3, 0, 1)],
            vec![f(0, 1, 1, 0), f(2, 3, 1, 0)],
        ];
        let tables = standings_by_round(4, &rounds);
        assert_eq!(order(&tables[0]), vec![1, 3, 0, 2]);
        // All equal on points, difference, taken: the order after round 1 decides.
        assert_eq!(order(&tables[1]), vec![1, 3, 0, 2]);
        assert!(tables[1].iter().all(|r| !r.place.is_shared()));
    }

    #[test]
    fn brain_ring_4_4_before_round_one_the_seeding_order() {
        let rows = ring_standings(3, &[]);
        assert_eq!(order(&rows), vec![0, 1, 2]);
        assert_eq!(rows[2].place, Place::single(3));
    }
}
