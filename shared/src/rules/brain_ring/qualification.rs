//! Entry to the Brain-ring tournament from «Что? Где? Когда?» (4.3) and the
//! seeding for round 1 (4.4).

use serde::{Deserialize, Serialize};

use super::RingError;
use crate::rules::chgk::ChgkRow;
use crate::seed::{Rng, Seed};

/// The teams that entered the qualifying part, in seeding order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Qualification {
    /// The qualified teams, best first by the ChGK table.
    pub teams: Vec<usize>,
    /// Teams tied on points and rating across the cut, among whom the lot
    /// decided (empty when the table alone decided).
    pub drawn: Vec<usize>,
    /// The recorded seed of that lot.
    pub seed: Seed,
}

/// 4.3: the `places` best teams of the ChGK table (`rows` as
/// [`chgk_standings`](crate::rules::chgk::chgk_standings) returns it: by
/// points, then rating). Teams equal on both across the cut are drawn by lot
/// with the recorded `seed`.
pub fn qualify(rows: &[ChgkRow], places: usize, seed: Seed) -> Result<Qualification, RingError> {
    if places > rows.len() {
        return Err(RingError::NotEnoughTeams {
            wanted: places,
            available: rows.len(),
        });
    }
    let order = order_with_lot(rows, seed);
    let mut drawn = Vec::new();
    if places > 0 && places < rows.len() {
        let key = |team: usize| {
            rows.iter()
                .find(|r| r.team == team)
                .map(|r| (r.points, r.rating))
        };
        let last_in = key(order[places - 1]);
        if last_in == key(order[places]) {
            drawn = order
                .iter()
                .copied()
                .filter(|&team| key(team) == last_in)
                .collect();
        }
    }
    Ok(Qualification {
        teams: order[..places].to_vec(),
        drawn,
        seed,
    })
}

/// 4.4: the qualified teams ordered by the ChGK table after three tours
/// (`after_three_tours`, by points then rating), ties by lot with `seed`.
/// Teams missing from that table go last, in the order given.
pub fn seeding_order(qualified: &[usize], after_three_tours: &[ChgkRow], seed: Seed) -> Vec<usize> {
    let order = order_with_lot(after_three_tours, seed);
    let mut seeding: Vec<usize> = order
        .into_iter()
        .filter(|team| qualified.contains(team))
        .collect();
    seeding.extend(
        qualified
            .iter()
            .copied()
            .filter(|team| !after_three_tours.iter().any(|r| r.team == *team)),
    );
    seeding
}

/// The table's order with each group of full ties shuffled by the lot.
fn order_with_lot(rows: &[ChgkRow], seed: Seed) -> Vec<usize> {
    let mut rng = Rng::from_seed(seed);
    let mut sorted: Vec<&ChgkRow> = rows.iter().collect();
    sorted.sort_by_key(|r| std::cmp::Reverse((r.points, r.rating)));
    let mut order = Vec::with_capacity(rows.len());
    let mut start = 0;
    while start < sorted.len() {
        let key = (sorted[start].points, sorted[start].rating);
        let end = start
            + sorted[start..]
                .iter()
                .take_while(|r| (r.points, r.rating) == key)
                .count();
        let mut group: Vec<usize> = sorted[start..end].iter().map(|r| r.team).collect();
        if group.len() > 1 {
            rng.shuffle(&mut group);
        }
        order.extend(group);
        start = end;
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chgk::{ChgkQuestionOutcome, chgk_standings};

    fn q(correct: &[usize]) -> ChgkQuestionOutcome {
        ChgkQuestionOutcome {
            correct: correct.to_vec(),
            removed: false,
            absent: Vec::new(),
        }
    }

    #[test]
    fn brain_ring_4_3_top_n_by_points_then_rating() {
        // 4 teams. Team 2: 2 points; teams 0 and 3: 1 point, but team 3 took
        // the question only it answered (rating 4) and team 0 a shared one (3).
        let rows = chgk_standings(4, &[q(&[2, 0]), q(&[2]), q(&[3])]);
        let qualification = qualify(&rows, 2, Seed(1)).unwrap();
        assert_eq!(qualification.teams, vec![2, 3]);
        assert!(qualification.drawn.is_empty());
    }

    #[test]
    fn brain_ring_4_3_full_tie_across_the_cut_is_drawn_by_recorded_seed() {
        let rows = chgk_standings(4, &[q(&[0, 1, 2])]);
        let first = qualify(&rows, 2, Seed(99)).unwrap();
        let mut drawn = first.drawn.clone();
        drawn.sort_unstable();
        assert_eq!(drawn, vec![0, 1, 2]);
        assert_eq!(first.teams.len(), 2);
        assert!(first.teams.iter().all(|t| [0, 1, 2].contains(t)));
        // The same seed gives the same draw.
        assert_eq!(qualify(&rows, 2, Seed(99)).unwrap(), first);
    }

    #[test]
    fn brain_ring_4_3_cannot_take_more_teams_than_played() {
        let rows = chgk_standings(2, &[]);
        assert_eq!(
            qualify(&rows, 3, Seed(0)),
            Err(RingError::NotEnoughTeams {
                wanted: 3,
                available: 2
            })
        );
        assert_eq!(
            qualify(&rows, 2, Seed(0)).unwrap().drawn,
            Vec::<usize>::new()
        );
    }

    #[test]
    fn brain_ring_4_4_seeding_by_table_after_three_tours() {
        let after_three = chgk_standings(4, &[q(&[3]), q(&[3, 1]), q(&[0])]);
        // 3: 2 points; 1 and 0: 1 point, 0 with rating 4, 1 with rating 3.
        assert_eq!(
            seeding_order(&[0, 1, 3], &after_three, Seed(5)),
            vec![3, 0, 1]
        );
    }
}
