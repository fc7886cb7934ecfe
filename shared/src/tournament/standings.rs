//! Places in a standings table: ranking rows by a key, with shared places
//! only for teams equal on every ranking key.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A place in a table, 1-based. `first == last` when it is not shared; teams
/// equal on every ranking key share `first..=last` (written `"2-3"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Place {
    pub first: u32,
    pub last: u32,
}

impl Place {
    /// A place held by one team alone.
    pub fn single(place: u32) -> Self {
        Place {
            first: place,
            last: place,
        }
    }

    /// True when several teams share this place.
    pub fn is_shared(self) -> bool {
        self.first != self.last
    }

    /// A place as tables write it: `"3"` or `"2-3"`; `None` for anything
    /// else.
    pub fn parse(text: &str) -> Option<Place> {
        let (first, last) = match text.split_once('-') {
            Some((a, b)) => (a.trim().parse().ok()?, b.trim().parse().ok()?),
            None => {
                let n = text.trim().parse().ok()?;
                (n, n)
            }
        };
        (first >= 1 && first <= last).then_some(Place { first, last })
    }

    /// The same place moved down by `teams` (for a table that follows
    /// `teams` better-placed ones, as in festival standings).
    pub fn after(self, teams: u32) -> Self {
        Place {
            first: self.first.saturating_add(teams),
            last: self.last.saturating_add(teams),
        }
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_shared() {
            write!(f, "{}-{}", self.first, self.last)
        } else {
            write!(f, "{}", self.first)
        }
    }
}

/// One ranked row: the item and the place it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranked<T> {
    pub place: Place,
    pub item: T,
}

/// Ranks `items` best first by `key` (a greater key is better; compose keys
/// as tuples, most important first). The sort is stable: items with equal
/// keys keep their input order and share a place (2.2: every team gets one).
pub fn rank_by<T, K: Ord>(items: Vec<T>, key: impl Fn(&T) -> K) -> Vec<Ranked<T>> {
    let mut keyed: Vec<(K, T)> = items.into_iter().map(|item| (key(&item), item)).collect();
    keyed.sort_by(|a, b| b.0.cmp(&a.0));
    let mut ranked = Vec::with_capacity(keyed.len());
    let mut start = 0usize;
    while start < keyed.len() {
        let mut end = start + 1;
        while end < keyed.len() && keyed[end].0 == keyed[start].0 {
            end += 1;
        }
        let place = Place {
            first: to_u32(start + 1),
            last: to_u32(end),
        };
        for _ in start..end {
            ranked.push(place);
        }
        start = end;
    }
    ranked
        .into_iter()
        .zip(keyed)
        .map(|(place, (_, item))| Ranked { place, item })
        .collect()
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    #[test]
    fn standings_2_2_place_display_single_and_shared() {
        assert_eq!(Place::single(4).to_string(), "4");
        assert_eq!(Place { first: 2, last: 3 }.to_string(), "2-3");
        assert_eq!(Place::parse("2-3"), Some(Place { first: 2, last: 3 }));
        assert_eq!(Place::parse("4"), Some(Place::single(4)));
        for bad in ["", "0", "3-2", "x", "1-"] {
            assert_eq!(Place::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn standings_2_2_equal_keys_share_a_place_and_keep_input_order() {
        let rows = vec![("a", 1), ("b", 3), ("c", 3), ("d", 0)];
        let ranked = rank_by(rows, |r| r.1);
        let got: Vec<(&str, String)> = ranked
            .iter()
            .map(|r| (r.item.0, r.place.to_string()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("b", "1-2".into()),
                ("c", "1-2".into()),
                ("a", "3".into()),
                ("d", "4".into())
            ]
        );
    }

    #[test]
    fn standings_2_2_second_key_breaks_ties() {
        let rows = vec![("a", 2, 1), ("b", 2, 5)];
        let ranked = rank_by(rows, |r| (r.1, r.2));
        assert_eq!(ranked[0].item.0, "b");
        assert_eq!(ranked[0].place, Place::single(1));
        assert_eq!(ranked[1].place, Place::single(2));
    }

    #[test]
    fn standings_empty_table_has_no_rows() {
        let ranked = rank_by(Vec::<u8>::new(), |x| *x);
        assert!(ranked.is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Shared places only for full ties: two rows share a place exactly
        /// when their keys are equal, and places cover 1..=n.
        #[test]
        fn standings_2_2_shared_places_only_for_full_ties(keys in proptest::collection::vec((0u8..4, 0u8..3), 0..30)) {
            let ranked = rank_by(keys.clone(), |k| *k);
            for (i, a) in ranked.iter().enumerate() {
                prop_assert!(a.place.first <= a.place.last);
                prop_assert!(a.place.first as usize <= i + 1 && i < a.place.last as usize);
                for b in &ranked {
                    prop_assert_eq!(a.place == b.place, a.item == b.item);
                    if a.item > b.item {
                        prop_assert!(a.place.last < b.place.first);
                    }
                }
            }
            prop_assert_eq!(ranked.len(), keys.len());
        }
    }
}
