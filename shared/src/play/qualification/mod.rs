//! Entry into a game from the «Что? Где? Когда?» table (4.3 for Brain-ring,
//! 5.2 for Эрудит-квартет): the cut and its tie, settled by shoot-off
//! questions and a lot, and the seeding by the first tours (4.4); and the
//! cut as a sheet records it ([`sheet`]). It stands above ChGK's rules,
//! whose table it reads. What must not live here: a format's own rules.

pub(crate) mod sheet;

use serde::{Deserialize, Serialize};

use crate::play::chgk::rules::ChgkRow;
use crate::seed::{Rng, Seed};

/// Why a qualification from the ChGK table cannot be made (yet).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QualifyError {
    #[error("cannot qualify {wanted} teams out of {available} (4.3)")]
    NotEnoughTeams { wanted: usize, available: usize },
    /// 4.3: teams equal on points and rating across the cut; the host
    /// settles it by a shoot-off on cards or a lot.
    #[error("teams {teams:?} are level on points and rating for the last {places} place(s) (4.3)")]
    CutTie { teams: Vec<usize>, places: usize },
    #[error("shoot-off question {question}: team {team} is not one of the teams still tied")]
    NotTied { question: usize, team: usize },
    #[error("shoot-off question {question} comes after the tie at the cut was settled")]
    CutSettledBefore { question: usize },
    #[error("a lot after the tie at the cut was settled")]
    LotAfterCutSettled,
}

/// The teams that entered the qualifying part, in seeding order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Qualification {
    /// The qualified teams, best first by the ChGK table.
    pub teams: Vec<usize>,
    /// Teams tied on points and rating across the cut (empty when the
    /// table alone decided), and how the host settled it.
    pub tied: Vec<usize>,
    /// The places the tied teams contested (0 when untied).
    pub contested: usize,
    pub settlement: CutSettlement,
    /// The lot's order of the teams it drew among, the first drawn first
    /// (empty without a lot): those first took the places left.
    pub lot_order: Vec<usize>,
}

/// How the host settled a tie across the cut (4.3, 5.2): questions to the
/// tied teams' cards, each given as the teams whose card was right, until
/// the tie breaks; then, if the host chose it, a lot with its seed for the
/// teams still tied.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CutSettlement {
    pub shoot_off: Vec<Vec<usize>>,
    pub lot: Option<u64>,
}

/// 4.3: the `places` best teams of the ChGK table (`rows` as
/// [`chgk_standings`](crate::play::chgk::rules::chgk_standings) returns it: by
/// points, then rating). Teams equal on both across the cut are settled by
/// `settlement`: each shoot-off question puts the tied teams that answered
/// right ahead of those that did not (they take places left, or, if more
/// answered right than places are left, the others drop out); a lot then
/// draws among those still tied. Unsettled: [`QualifyError::CutTie`] names
/// the teams still tied and the places they contest. Nothing is drawn
/// without the host's seed.
pub fn qualify(
    rows: &[ChgkRow],
    places: usize,
    settlement: &CutSettlement,
) -> Result<Qualification, QualifyError> {
    if places > rows.len() {
        return Err(QualifyError::NotEnoughTeams {
            wanted: places,
            available: rows.len(),
        });
    }
    let mut sorted: Vec<&ChgkRow> = rows.iter().collect();
    sorted.sort_by_key(|r| std::cmp::Reverse((r.points, r.rating)));
    let key = |r: &ChgkRow| (r.points, r.rating);
    let Some(last_in) = places.checked_sub(1).and_then(|i| sorted.get(i)) else {
        return Ok(untied(Vec::new()));
    };
    let cut_key = key(last_in);
    let tied: Vec<usize> = sorted
        .iter()
        .filter(|r| key(r) == cut_key)
        .map(|r| r.team)
        .collect();
    let mut teams: Vec<usize> = sorted
        .iter()
        .filter(|r| key(r) > cut_key)
        .map(|r| r.team)
        .collect();
    let mut left = places - teams.len();
    if tied.len() <= left {
        teams.extend(&tied);
        return Ok(untied(teams));
    }
    let contested = left;
    let mut still = tied.clone();
    for (q, right) in settlement.shoot_off.iter().enumerate() {
        if left == 0 || still.len() <= left {
            return Err(QualifyError::CutSettledBefore { question: q });
        }
        if let Some(&team) = right.iter().find(|t| !still.contains(t)) {
            return Err(QualifyError::NotTied { question: q, team });
        }
        let right: Vec<usize> = still
            .iter()
            .copied()
            .filter(|t| right.contains(t))
            .collect();
        if right.len() <= left {
            // Those right go on; the others stay tied for what is left.
            teams.extend(&right);
            left -= right.len();
            still.retain(|t| !right.contains(t));
        } else {
            // More right than places: those wrong drop out.
            still = right;
        }
    }
    let mut lot_order = Vec::new();
    if left > 0 && still.len() > left {
        let Some(seed) = settlement.lot else {
            return Err(QualifyError::CutTie {
                teams: still,
                places: left,
            });
        };
        Rng::from_seed(Seed(seed)).shuffle(&mut still);
        lot_order = still.clone();
        still.truncate(left);
    } else if settlement.lot.is_some() {
        return Err(QualifyError::LotAfterCutSettled);
    }
    if left > 0 {
        teams.extend(still.iter().take(left));
    }
    Ok(Qualification {
        teams,
        tied,
        contested,
        settlement: settlement.clone(),
        lot_order,
    })
}

/// 4.3: a recorded tie replayed alone — `tied` teams (0..tied) level for
/// `contested` places, settled by `settlement` as [`qualify`] settles it
/// (the scoresheet's check of how a cut's tie was settled).
pub fn settle_tie(
    tied: usize,
    contested: usize,
    settlement: &CutSettlement,
) -> Result<Qualification, QualifyError> {
    let rows: Vec<ChgkRow> = (0..tied)
        .map(|team| ChgkRow {
            team,
            place: crate::tournament::Place {
                first: 1,
                last: tied as u32,
            },
            points: 1,
            rating: 1,
            mask: String::new(),
        })
        .collect();
    qualify(&rows, contested, settlement)
}

fn untied(teams: Vec<usize>) -> Qualification {
    Qualification {
        teams,
        tied: Vec::new(),
        contested: 0,
        settlement: CutSettlement::default(),
        lot_order: Vec::new(),
    }
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
    use crate::play::chgk::rules::{ChgkQuestionOutcome, chgk_standings};

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
        let qualification = qualify(&rows, 2, &CutSettlement::default()).unwrap();
        assert_eq!(qualification.teams, vec![2, 3]);
        assert!(qualification.tied.is_empty());
    }

    #[test]
    fn brain_ring_4_3_tie_across_the_cut_stops_for_the_host() {
        // Teams 0, 1, 2 level on points and rating for 2 places.
        let rows = chgk_standings(4, &[q(&[0, 1, 2])]);
        assert_eq!(
            qualify(&rows, 2, &CutSettlement::default()),
            Err(QualifyError::CutTie {
                teams: vec![0, 1, 2],
                places: 2
            })
        );
    }

    #[test]
    fn brain_ring_4_3_shoot_off_on_cards_repeats_until_the_tie_breaks() {
        let rows = chgk_standings(4, &[q(&[0, 1, 2])]);
        // Question 1: all three right — nothing changes; question 2: 2
        // alone right — it goes on, 0 and 1 tied for the last place.
        let partly = CutSettlement {
            shoot_off: vec![vec![0, 1, 2], vec![2]],
            lot: None,
        };
        assert_eq!(
            qualify(&rows, 2, &partly),
            Err(QualifyError::CutTie {
                teams: vec![0, 1],
                places: 1
            })
        );
        let settled = CutSettlement {
            shoot_off: vec![vec![0, 1, 2], vec![2], vec![1]],
            lot: None,
        };
        let qualification = qualify(&rows, 2, &settled).unwrap();
        assert_eq!(qualification.teams, vec![2, 1]);
        assert_eq!(qualification.tied, vec![0, 1, 2]);
        // Once settled, a further question is refused.
        let more = CutSettlement {
            shoot_off: vec![vec![2, 1], vec![0]],
            lot: None,
        };
        assert_eq!(
            qualify(&rows, 2, &more),
            Err(QualifyError::CutSettledBefore { question: 1 })
        );
    }

    #[test]
    fn brain_ring_4_3_host_lot_draws_with_its_recorded_seed() {
        let rows = chgk_standings(4, &[q(&[0, 1, 2])]);
        let lot = CutSettlement {
            shoot_off: Vec::new(),
            lot: Some(99),
        };
        let first = qualify(&rows, 2, &lot).unwrap();
        assert_eq!(first.teams.len(), 2);
        assert!(first.teams.iter().all(|t| [0, 1, 2].contains(t)));
        assert_eq!(first.settlement.lot, Some(99));
        assert_eq!(first.contested, 2);
        // The lot's order is kept for the projector: its first two took
        // the places.
        assert_eq!(first.lot_order.len(), 3);
        assert_eq!(first.teams, first.lot_order[..2].to_vec());
        assert_eq!(qualify(&rows, 2, &lot).unwrap(), first);
    }

    #[test]
    fn brain_ring_4_3_cannot_take_more_teams_than_played() {
        let rows = chgk_standings(2, &[]);
        assert_eq!(
            qualify(&rows, 3, &CutSettlement::default()),
            Err(QualifyError::NotEnoughTeams {
                wanted: 3,
                available: 2
            })
        );
        assert_eq!(
            qualify(&rows, 2, &CutSettlement::default()).unwrap().tied,
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
