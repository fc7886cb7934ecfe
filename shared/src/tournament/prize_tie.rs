//! 2.2 prize places settled in play (issue 41): «Призовыми являются
//! первое, второе и третье места». A tie that decides a prize place — teams
//! sharing a place whose range holds a prize position and another position
//! («1-2», «3-4») — is settled in play, by a shoot-off or a recorded lot,
//! unless the host records that the place is shared; a tie that decides
//! nothing («4-5») keeps its shared place. Pure: the tied teams, the
//! place they share and the host's recorded steps in, the places out; the
//! same function replays a sheet's record (docs/rules.md, 2.2).

use serde::{Deserialize, Serialize};

use crate::seed::{Rng, Seed};
use crate::tournament::Place;

/// The last prize position (2.2: first, second and third).
pub const PRIZE_PLACES: u32 = 3;

/// How the host settled one tie at a prize place, step by step.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeSettlement {
    /// Each shoot-off question: the teams (of the group it was asked to)
    /// whose answer was right; they go ahead of those wrong.
    pub shoot_off: Vec<Vec<usize>>,
    /// The lot's seed, drawn by the host for whatever the shoot-off left
    /// tied at a prize position.
    pub lot: Option<Seed>,
    /// The host recorded that the place stays shared (a shared prize).
    pub shared: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PrizeTieError {
    /// A shoot-off question names a team that is not among those it was
    /// asked to (the first group still tied at a prize position).
    #[error("shoot-off question {question}: team {team} is not one of the teams still tied")]
    NotTied { question: usize, team: usize },
    /// The steps leave a tie at a prize place, and the host did not record
    /// it as shared.
    #[error("the tie for a prize place is not settled: teams {teams:?} still share it")]
    Unsettled { teams: Vec<usize> },
}

/// Whether teams sharing `place` contest a prize: the place holds a prize
/// position and more than one position (2.2).
pub fn decides_a_prize(place: Place) -> bool {
    place.is_shared() && place.first <= PRIZE_PLACES
}

/// 2.2: the places of `tied` (sharing `place`, in table order) after the
/// host's `settlement`. Each shoot-off question is asked to the first group
/// still tied at a prize position: those right go ahead of those wrong (a
/// question all or none answer right changes nothing). Then the lot, if
/// drawn, orders every group still tied at a prize position. A tie left at a
/// prize position is refused unless the host recorded it as shared.
pub fn settle_prize_tie(
    tied: &[usize],
    place: Place,
    settlement: &PrizeSettlement,
) -> Result<Vec<(usize, Place)>, PrizeTieError> {
    let mut groups: Vec<Vec<usize>> = vec![tied.to_vec()];
    let deciding = |groups: &[Vec<usize>]| -> Option<usize> {
        let mut first = place.first;
        for (i, group) in groups.iter().enumerate() {
            let last = first + group.len() as u32 - 1;
            if decides_a_prize(Place { first, last }) {
                return Some(i);
            }
            first = last + 1;
        }
        None
    };
    for (question, right) in settlement.shoot_off.iter().enumerate() {
        let Some(i) = deciding(&groups) else {
            // Settled already: a further question decides nothing.
            break;
        };
        let group = groups.remove(i);
        if let Some(team) = right.iter().find(|t| !group.contains(t)) {
            return Err(PrizeTieError::NotTied {
                question,
                team: *team,
            });
        }
        let (ahead, behind): (Vec<usize>, Vec<usize>) =
            group.iter().partition(|t| right.contains(t));
        let split: Vec<Vec<usize>> = [ahead, behind]
            .into_iter()
            .filter(|g| !g.is_empty())
            .collect();
        for (k, g) in split.into_iter().enumerate() {
            groups.insert(i + k, g);
        }
    }
    if let Some(seed) = settlement.lot {
        let mut rng = Rng::from_seed(seed);
        while let Some(i) = deciding(&groups) {
            let mut group = groups.remove(i);
            rng.shuffle(&mut group);
            for (k, team) in group.into_iter().enumerate() {
                groups.insert(i + k, vec![team]);
            }
        }
    }
    if !settlement.shared
        && let Some(i) = deciding(&groups)
    {
        return Err(PrizeTieError::Unsettled {
            teams: groups.get(i).cloned().unwrap_or_default(),
        });
    }
    let mut first = place.first;
    let mut places = Vec::with_capacity(tied.len());
    for group in groups {
        let last = first + group.len() as u32 - 1;
        places.extend(group.into_iter().map(|t| (t, Place { first, last })));
        first = last + 1;
    }
    Ok(places)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shared(first: u32, last: u32) -> Place {
        Place { first, last }
    }

    #[test]
    fn festival_2_2_a_tie_for_a_prize_place_is_deciding_and_one_beyond_is_not() {
        let table = [
            (shared(1, 2), true),
            (shared(3, 4), true),
            (shared(2, 3), true),
            (shared(4, 5), false),
            (Place::single(1), false),
        ];
        for (place, want) in table {
            assert_eq!(decides_a_prize(place), want, "{place:?}");
        }
    }

    #[test]
    fn festival_2_2_a_shoot_off_settles_a_prize_tie_in_play() {
        // Arrange: teams 0, 1, 2 share 2-4 (second and third prize at stake).
        let settlement = PrizeSettlement {
            // Act: question 1 — team 2 alone right (2nd); question 2 — of
            // 0 and 1 now sharing 3-4, team 1 right (3rd).
            shoot_off: vec![vec![2], vec![1]],
            ..PrizeSettlement::default()
        };

        // Assert
        assert_eq!(
            settle_prize_tie(&[0, 1, 2], shared(2, 4), &settlement),
            Ok(vec![
                (2, Place::single(2)),
                (1, Place::single(3)),
                (0, Place::single(4)),
            ])
        );
    }

    #[test]
    fn festival_2_2_a_recorded_lot_settles_what_the_shoot_off_left() {
        // Arrange: a question nobody answered right, then the host's lot.
        let settlement = PrizeSettlement {
            shoot_off: vec![vec![]],
            lot: Some(Seed(7)),
            shared: false,
        };

        // Act
        let places = settle_prize_tie(&[4, 5], shared(3, 4), &settlement).expect("settled");

        // Assert: one takes third, the other fourth; the same seed, the same
        // order (a sheet replays it).
        let mut got: Vec<Place> = places.iter().map(|(_, p)| *p).collect();
        got.sort_by_key(|p| p.first);
        assert_eq!(got, [Place::single(3), Place::single(4)]);
        assert_eq!(
            settle_prize_tie(&[4, 5], shared(3, 4), &settlement),
            Ok(places)
        );
    }

    #[test]
    fn festival_2_2_the_host_may_record_a_shared_prize_place() {
        let settlement = PrizeSettlement {
            shared: true,
            ..PrizeSettlement::default()
        };
        assert_eq!(
            settle_prize_tie(&[0, 1], shared(1, 2), &settlement),
            Ok(vec![(0, shared(1, 2)), (1, shared(1, 2))])
        );
    }

    #[test]
    fn festival_2_2_an_unsettled_prize_tie_is_refused_and_a_stranger_too() {
        assert_eq!(
            settle_prize_tie(&[0, 1], shared(3, 4), &PrizeSettlement::default()),
            Err(PrizeTieError::Unsettled { teams: vec![0, 1] })
        );
        let stranger = PrizeSettlement {
            shoot_off: vec![vec![9]],
            ..PrizeSettlement::default()
        };
        assert_eq!(
            settle_prize_tie(&[0, 1], shared(3, 4), &stranger),
            Err(PrizeTieError::NotTied {
                question: 0,
                team: 9
            })
        );
        // A tie beyond the prizes needs nothing.
        assert_eq!(
            settle_prize_tie(&[0, 1], shared(4, 5), &PrizeSettlement::default()),
            Ok(vec![(0, shared(4, 5)), (1, shared(4, 5))])
        );
    }
}
