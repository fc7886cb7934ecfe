//! 2.2 prize places settled in play (issue 41): «Призовыми являются
//! первое, второе и третье места». A tie that decides a prize place — teams
//! sharing a place whose range holds a prize position and another position
//! («1-2», «3-4») — is settled in play, by a shoot-off or a recorded lot,
//! unless the host records that the place is shared; a tie that decides
//! nothing («4-5») keeps its shared place. Pure: the tied teams, the
//! place they share and the host's recorded steps in, the places out; the
//! same function replays a sheet's record (docs/rules.md, 2.2).

use std::fmt::Debug;

use serde::{Deserialize, Serialize};

use crate::seed::{Rng, Seed};
use crate::tournament::Place;

/// The last prize position (2.2: first, second and third).
pub const PRIZE_PLACES: u32 = 3;

/// How the host settled one tie at a prize place, step by step; `T` names
/// a team (an id live, a name in a sheet).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeSettlement<T> {
    /// Each shoot-off question: the teams (of the group it was asked to)
    /// whose answer was right; they go ahead of those wrong.
    pub shoot_off: Vec<Vec<T>>,
    /// The lot's seed, drawn by the host for whatever the shoot-off left
    /// tied at a prize position.
    pub lot: Option<Seed>,
    /// The host recorded that the place stays shared (a shared prize).
    pub shared: bool,
}

impl<T> Default for PrizeSettlement<T> {
    fn default() -> Self {
        PrizeSettlement {
            shoot_off: Vec::new(),
            lot: None,
            shared: false,
        }
    }
}

/// One tie at a prize place as the game's table gave it (the teams and the
/// place they share) and how the host has settled it so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeTie<T> {
    pub place: Place,
    /// The tied teams in table order.
    pub tied: Vec<T>,
    pub settlement: PrizeSettlement<T>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PrizeTieError<T: Debug> {
    /// A shoot-off question names a team that is not among those it was
    /// asked to (the first group still tied at a prize position).
    #[error("shoot-off question {question}: team {team:?} is not one of the teams still tied")]
    NotTied { question: usize, team: T },
    /// The steps leave a tie at a prize place, and the host did not record
    /// it as shared.
    #[error("the tie for a prize place is not settled: teams {teams:?} still share it")]
    Unsettled { teams: Vec<T> },
}

/// Why the host's step on a prize tie was refused (2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum PrizeTieRefusal {
    /// The game is still being played: its places are not final.
    #[error("the game is not over yet: its places are not final")]
    GameNotOver,
    /// The game's table has no tie at a prize place there.
    #[error("the table has no tie for a prize place at {place}")]
    NoTie { place: Place },
    /// A shoot-off answer of a team not among those still tied.
    #[error("«{team}» is not one of the teams still tied")]
    NotTied { team: String },
    /// Every prize place of this tie is decided already.
    #[error("this tie is settled already")]
    Settled,
}

/// Whether teams sharing `place` contest a prize: the place holds a prize
/// position and more than one position (2.2).
pub fn decides_a_prize(place: Place) -> bool {
    place.is_shared() && place.first <= PRIZE_PLACES
}

/// The places a tie's steps give so far, and the group still tied at a
/// prize position (with the place it shares), if any and not recorded as
/// shared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettledSoFar<T> {
    pub places: Vec<(T, Place)>,
    pub still_tied: Option<(Place, Vec<T>)>,
}

/// 2.2: the places of `tied` (sharing `place`, in table order) after the
/// host's `settlement` so far. Each shoot-off question is asked to the
/// first group still tied at a prize position: those right go ahead of
/// those wrong (a question all or none answer right changes nothing). Then
/// the lot, if drawn, orders every group still tied at a prize position.
/// A group left tied keeps its shared place.
pub fn settle_so_far<T: Copy + PartialEq + Debug>(
    tied: &[T],
    place: Place,
    settlement: &PrizeSettlement<T>,
) -> Result<SettledSoFar<T>, PrizeTieError<T>> {
    let mut groups: Vec<Vec<T>> = vec![tied.to_vec()];
    let deciding = |groups: &[Vec<T>]| -> Option<(usize, Place)> {
        let mut first = place.first;
        for (i, group) in groups.iter().enumerate() {
            let last = first + group.len() as u32 - 1;
            if decides_a_prize(Place { first, last }) {
                return Some((i, Place { first, last }));
            }
            first = last + 1;
        }
        None
    };
    for (question, right) in settlement.shoot_off.iter().enumerate() {
        let Some((i, _)) = deciding(&groups) else {
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
        let (ahead, behind): (Vec<T>, Vec<T>) = group.iter().partition(|t| right.contains(t));
        let split: Vec<Vec<T>> = [ahead, behind]
            .into_iter()
            .filter(|g| !g.is_empty())
            .collect();
        for (k, g) in split.into_iter().enumerate() {
            groups.insert(i + k, g);
        }
    }
    if let Some(seed) = settlement.lot {
        let mut rng = Rng::from_seed(seed);
        while let Some((i, _)) = deciding(&groups) {
            let mut group = groups.remove(i);
            rng.shuffle(&mut group);
            for (k, team) in group.into_iter().enumerate() {
                groups.insert(i + k, vec![team]);
            }
        }
    }
    let still_tied = if settlement.shared {
        None
    } else {
        deciding(&groups).and_then(|(i, at)| groups.get(i).map(|g| (at, g.clone())))
    };
    let mut first = place.first;
    let mut places = Vec::with_capacity(tied.len());
    for group in groups {
        let last = first + group.len() as u32 - 1;
        places.extend(group.into_iter().map(|t| (t, Place { first, last })));
        first = last + 1;
    }
    Ok(SettledSoFar { places, still_tied })
}

/// 2.2: [`settle_so_far`], refusing a tie the steps leave at a prize
/// position unless the host recorded it as shared.
pub fn settle_prize_tie<T: Copy + PartialEq + Debug>(
    tied: &[T],
    place: Place,
    settlement: &PrizeSettlement<T>,
) -> Result<Vec<(T, Place)>, PrizeTieError<T>> {
    let settled = settle_so_far(tied, place, settlement)?;
    match settled.still_tied {
        Some((_, teams)) => Err(PrizeTieError::Unsettled { teams }),
        None => Ok(settled.places),
    }
}

/// 2.2: the ties in a table (`places`, best first) that decide a prize:
/// each shared place holding a prize position, with its teams in table
/// order.
pub fn prize_ties_in<T: Copy>(places: &[(T, Place)]) -> Vec<(Place, Vec<T>)> {
    let mut ties: Vec<(Place, Vec<T>)> = Vec::new();
    for (team, place) in places {
        if !decides_a_prize(*place) {
            continue;
        }
        match ties.iter_mut().find(|(p, _)| p == place) {
            Some((_, teams)) => teams.push(*team),
            None => ties.push((*place, vec![*team])),
        }
    }
    ties
}

/// Whether `tie` was recorded for exactly this tie of the table: the same
/// place and the same teams. A record the table no longer holds (a late
/// appeal moved a team) settles nothing: the tie is open again.
pub fn records<T: PartialEq>(tie: &PrizeTie<T>, place: Place, teams: &[T]) -> bool {
    tie.place == place
        && tie.tied.len() == teams.len()
        && tie.tied.iter().all(|t| teams.contains(t))
}

/// 2.2: a table's places (best first) with the recorded `ties` applied:
/// every tie at a prize place that a record matches takes the places its
/// steps give so far; the rows are ordered by place again (stable). Ties
/// no record matches keep their shared place.
pub fn settled_places<T: Copy + PartialEq + Debug>(
    places: &[(T, Place)],
    ties: &[PrizeTie<T>],
) -> Result<Vec<(T, Place)>, PrizeTieError<T>> {
    let mut out: Vec<(T, Place)> = places.to_vec();
    for (place, teams) in prize_ties_in(places) {
        let Some(tie) = ties.iter().find(|t| records(t, place, &teams)) else {
            continue;
        };
        let settled = settle_so_far(&teams, place, &tie.settlement)?;
        for (team, new) in settled.places {
            if let Some(row) = out.iter_mut().find(|(t, _)| *t == team) {
                row.1 = new;
            }
        }
    }
    out.sort_by_key(|(_, place)| place.first);
    Ok(out)
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
            ..PrizeSettlement::<usize>::default()
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
            ..PrizeSettlement::<usize>::default()
        };
        assert_eq!(
            settle_prize_tie(&[0, 1], shared(1, 2), &settlement),
            Ok(vec![(0, shared(1, 2)), (1, shared(1, 2))])
        );
    }

    #[test]
    fn festival_2_2_an_unsettled_prize_tie_is_refused_and_a_stranger_too() {
        assert_eq!(
            settle_prize_tie(&[0, 1], shared(3, 4), &PrizeSettlement::<usize>::default()),
            Err(PrizeTieError::Unsettled { teams: vec![0, 1] })
        );
        let stranger = PrizeSettlement {
            shoot_off: vec![vec![9]],
            ..PrizeSettlement::<usize>::default()
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
            settle_prize_tie(&[0, 1], shared(4, 5), &PrizeSettlement::<usize>::default()),
            Ok(vec![(0, shared(4, 5)), (1, shared(4, 5))])
        );
    }

    #[test]
    fn festival_2_2_a_tie_half_played_off_shows_the_places_decided_so_far() {
        // Arrange: 0, 1, 2 share 1-3; the first question: team 1 alone right.
        let settlement = PrizeSettlement {
            shoot_off: vec![vec![1]],
            ..PrizeSettlement::<usize>::default()
        };

        // Act
        let so_far = settle_so_far(&[0, 1, 2], shared(1, 3), &settlement).expect("steps");

        // Assert: 1 is first; 0 and 2 still play off 2-3.
        assert_eq!(
            so_far.places,
            vec![(1, Place::single(1)), (0, shared(2, 3)), (2, shared(2, 3))]
        );
        assert_eq!(so_far.still_tied, Some((shared(2, 3), vec![0, 2])));
    }

    #[test]
    fn festival_2_2_a_table_takes_only_the_records_of_ties_it_still_has() {
        // Arrange: a table with 10 and 11 sharing 1-2, 12 third, 13 and 14
        // sharing 4-5 (no prize at stake).
        let table = [
            (10, shared(1, 2)),
            (11, shared(1, 2)),
            (12, Place::single(3)),
            (13, shared(4, 5)),
            (14, shared(4, 5)),
        ];
        let won_by_11 = PrizeTie {
            place: shared(1, 2),
            tied: vec![10, 11],
            settlement: PrizeSettlement {
                shoot_off: vec![vec![11]],
                ..PrizeSettlement::default()
            },
        };
        // A record of a tie a late appeal undid (12 was level then).
        let stale = PrizeTie {
            place: shared(3, 4),
            tied: vec![12, 13],
            settlement: PrizeSettlement {
                shoot_off: vec![vec![13]],
                ..PrizeSettlement::default()
            },
        };

        // Act
        let settled = settled_places(&table, &[won_by_11, stale]).expect("settled");

        // Assert
        assert_eq!(prize_ties_in(&table), vec![(shared(1, 2), vec![10, 11])]);
        assert_eq!(
            settled,
            vec![
                (11, Place::single(1)),
                (10, Place::single(2)),
                (12, Place::single(3)),
                (13, shared(4, 5)),
                (14, shared(4, 5)),
            ]
        );
    }
}
