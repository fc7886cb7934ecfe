//! Pairing of qualifying rounds: round 1 by the ChGK seeding (4.4), later
//! rounds by the table without rematches (4.8).

use std::collections::{BTreeSet, HashSet};

use serde::{Deserialize, Serialize};

use super::fight::Fight;

/// Who has already met whom in the qualifying part (4.8: at most once).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meetings {
    pairs: BTreeSet<(usize, usize)>,
}

impl Meetings {
    pub fn from_rounds(rounds: &[Vec<Fight>]) -> Self {
        let mut meetings = Meetings::default();
        for fight in rounds.iter().flatten() {
            meetings.record(fight.teams[0], fight.teams[1]);
        }
        meetings
    }

    pub fn record(&mut self, a: usize, b: usize) {
        self.pairs.insert((a.min(b), a.max(b)));
    }

    pub fn have_met(&self, a: usize, b: usize) -> bool {
        self.pairs.contains(&(a.min(b), a.max(b)))
    }
}

/// 4.4: round 1 pairs the seeding 1–2, 3–4, …; None for an odd count.
pub fn first_round_pairs(seeding: &[usize]) -> Option<Vec<[usize; 2]>> {
    pair_by_order(seeding, &Meetings::default())
}

/// 4.8: pairs `order` (best first): the highest unpaired team meets the
/// highest team below it that it has not met; when that choice leaves the
/// rest impossible to pair, the next candidate is taken. The result is the
/// first valid pairing in table order, each pair higher-placed team first,
/// or None when no pairing without rematches exists (or the count is odd).
pub fn pair_by_order(order: &[usize], meetings: &Meetings) -> Option<Vec<[usize; 2]>> {
    if !order.len().is_multiple_of(2) {
        return None;
    }
    let mut search = Search {
        order,
        meetings,
        paired: vec![false; order.len()],
        pairs: Vec::new(),
        dead_ends: HashSet::new(),
    };
    search.run().then_some(search.pairs)
}

/// Depth-first search in table order; sets of unpaired teams already shown
/// to be unpairable are remembered so that backtracking stays cheap.
struct Search<'a> {
    order: &'a [usize],
    meetings: &'a Meetings,
    paired: Vec<bool>,
    pairs: Vec<[usize; 2]>,
    dead_ends: HashSet<Vec<bool>>,
}

impl Search<'_> {
    fn run(&mut self) -> bool {
        let Some(top) = self.paired.iter().position(|p| !p) else {
            return true;
        };
        if self.dead_ends.contains(&self.paired) {
            return false;
        }
        let before = self.paired.clone();
        self.paired[top] = true;
        for candidate in top + 1..self.order.len() {
            let (a, b) = (self.order[top], self.order[candidate]);
            if self.paired[candidate] || self.meetings.have_met(a, b) {
                continue;
            }
            self.paired[candidate] = true;
            self.pairs.push([a, b]);
            if self.run() {
                return true;
            }
            self.pairs.pop();
            self.paired[candidate] = false;
        }
        self.paired[top] = false;
        self.dead_ends.insert(before);
        false
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn met(pairs: &[(usize, usize)]) -> Meetings {
        let mut m = Meetings::default();
        for &(a, b) in pairs {
            m.record(a, b);
        }
        m
    }

    #[test]
    fn brain_ring_4_4_first_round_one_two_three_four() {
        assert_eq!(first_round_pairs(&[5, 2, 7, 0]), Some(vec![[5, 2], [7, 0]]));
        assert_eq!(first_round_pairs(&[0, 1, 2]), None);
        assert_eq!(first_round_pairs(&[]), Some(vec![]));
    }

    #[test]
    fn brain_ring_4_8_neighbour_already_met_plays_the_next_one() {
        // 1 met 2 → 1 plays 3, 2 plays 4.
        assert_eq!(
            pair_by_order(&[0, 1, 2, 3], &met(&[(0, 1)])),
            Some(vec![[0, 2], [1, 3]])
        );
    }

    #[test]
    fn brain_ring_4_8_backtracks_when_greedy_leaves_a_rematch() {
        // Greedy 0–1 would leave 2–3, who met: take 0–2, then 1–3.
        assert_eq!(
            pair_by_order(&[0, 1, 2, 3], &met(&[(2, 3)])),
            Some(vec![[0, 2], [1, 3]])
        );
        // 0–1 and 0–2 both leave a rematch below: 0–3, 1–2.
        assert_eq!(
            pair_by_order(&[0, 1, 2, 3], &met(&[(2, 3), (1, 3)])),
            Some(vec![[0, 3], [1, 2]])
        );
    }

    #[test]
    fn brain_ring_4_8_no_valid_pairing_gives_none() {
        assert_eq!(
            pair_by_order(&[0, 1, 2, 3], &met(&[(0, 1), (0, 2), (0, 3)])),
            None
        );
        assert_eq!(pair_by_order(&[0, 1], &met(&[(1, 0)])), None);
    }

    #[test]
    fn brain_ring_4_8_pairs_follow_table_order_not_team_numbers() {
        assert_eq!(
            pair_by_order(&[3, 1, 0, 2], &met(&[(3, 1)])),
            Some(vec![[3, 0], [1, 2]])
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        /// 4.8: a pairing never repeats a meeting and pairs every team once.
        #[test]
        fn brain_ring_4_8_no_rematch_in_pairings(
            half in 1usize..7,
            played in proptest::collection::vec((0usize..14, 0usize..14), 0..30),
        ) {
            let n = half * 2;
            let order: Vec<usize> = (0..n).collect();
            let meetings = met(&played.iter().filter(|(a, b)| a != b && *a < n && *b < n).copied().collect::<Vec<_>>());
            if let Some(pairs) = pair_by_order(&order, &meetings) {
                let mut seen = vec![false; n];
                for [a, b] in &pairs {
                    prop_assert!(!meetings.have_met(*a, *b));
                    prop_assert!(a < b, "higher-placed team first");
                    prop_assert!(!seen[*a] && !seen[*b]);
                    seen[*a] = true;
                    seen[*b] = true;
                }
                prop_assert!(seen.iter().all(|s| *s));
            }
        }
    }
}
