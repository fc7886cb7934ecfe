//! Advancement between stages (5.4–5.5): a table of slots saying which place
//! of which group goes into which next-stage group.

use serde::{Deserialize, Serialize};

use super::EruditError;

/// A place of a group: `group` 0-based, `place` 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Slot {
    pub group: usize,
    pub place: u32,
}

/// The make-up of each next-stage group, as slots of the previous stage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AdvancementTable {
    /// Groups of the previous stage.
    pub from_groups: usize,
    /// Teams in each previous-stage group.
    pub group_size: u32,
    /// The next stage's groups.
    pub groups: Vec<Vec<Slot>>,
}

const fn slot(group: usize, place: u32) -> Slot {
    Slot { group, place }
}

impl AdvancementTable {
    /// A table set by the organiser (the «__» of 5.4); each slot must exist
    /// and be used once.
    pub fn new(
        from_groups: usize,
        group_size: u32,
        groups: Vec<Vec<Slot>>,
    ) -> Result<Self, EruditError> {
        let mut used: Vec<Slot> = Vec::new();
        for (g, members) in groups.iter().enumerate() {
            for (s, &Slot { group, place }) in members.iter().enumerate() {
                if group >= from_groups || place == 0 || place > group_size {
                    return Err(EruditError::BadSlot {
                        group: g,
                        slot: s,
                        from_group: group,
                        place,
                    });
                }
                if used.contains(&Slot { group, place }) {
                    return Err(EruditError::RepeatedSlot {
                        group: g,
                        slot: s,
                        from_group: group,
                        place,
                    });
                }
                used.push(Slot { group, place });
            }
        }
        Ok(AdvancementTable {
            from_groups,
            group_size,
            groups,
        })
    }

    /// 5.4 as we read it: four groups of four; the top two of each go on into
    /// two groups, crossed so that group winners meet runners-up. The text
    /// names «3 группе» twice in each line; the second is read as group 4
    /// (otherwise group 3 would send each of its teams twice and group 4
    /// none).
    pub fn second_round() -> Self {
        AdvancementTable {
            from_groups: 4,
            group_size: 4,
            groups: vec![
                vec![slot(0, 1), slot(1, 2), slot(2, 1), slot(3, 2)],
                vec![slot(0, 2), slot(1, 1), slot(2, 2), slot(3, 1)],
            ],
        }
    }

    /// 5.5: the top two of each second-round group make the final.
    pub fn final_round() -> Self {
        AdvancementTable {
            from_groups: 2,
            group_size: 4,
            groups: vec![vec![slot(0, 1), slot(0, 2), slot(1, 1), slot(1, 2)]],
        }
    }

    /// Fills the next stage from the previous stage's groups, each given as
    /// its teams in place order (see [`super::group_places`]).
    pub fn advance(&self, results: &[Vec<usize>]) -> Result<Vec<Vec<usize>>, EruditError> {
        if results.len() != self.from_groups {
            return Err(EruditError::GroupResults {
                found: results.len(),
                expected: self.from_groups,
            });
        }
        self.groups
            .iter()
            .enumerate()
            .map(|(g, members)| {
                members
                    .iter()
                    .enumerate()
                    .map(|(s, &Slot { group, place })| {
                        results
                            .get(group)
                            .and_then(|teams| teams.get((place as usize).checked_sub(1)?))
                            .copied()
                            .ok_or(EruditError::BadSlot {
                                group: g,
                                slot: s,
                                from_group: group,
                                place,
                            })
                    })
                    .collect()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erudit_5_4_second_round_crosses_winners_and_runners_up() {
        // Groups in place order: group g has teams 10g+1 (1st) .. 10g+4 (4th).
        let results: Vec<Vec<usize>> = (0..4)
            .map(|g| (1..=4).map(|p| 10 * g + p).collect())
            .collect();
        let next = AdvancementTable::second_round().advance(&results).unwrap();
        assert_eq!(next, vec![vec![1, 12, 21, 32], vec![2, 11, 22, 31]]);
    }

    #[test]
    fn erudit_5_5_top_two_of_each_group_make_the_final() {
        let next = AdvancementTable::final_round()
            .advance(&[vec![5, 6, 7, 8], vec![1, 2, 3, 4]])
            .unwrap();
        assert_eq!(next, vec![vec![5, 6, 1, 2]]);
    }

    #[test]
    fn erudit_5_4_default_tables_are_valid_tables() {
        for table in [
            AdvancementTable::second_round(),
            AdvancementTable::final_round(),
        ] {
            assert_eq!(
                AdvancementTable::new(table.from_groups, table.group_size, table.groups.clone()),
                Ok(table)
            );
        }
    }

    #[test]
    fn erudit_5_4_literal_table_repeats_a_slot_and_is_refused() {
        // The table as printed: group 3's 1st and 2nd appear in both groups.
        let literal = vec![
            vec![slot(0, 1), slot(1, 2), slot(2, 1), slot(2, 2)],
            vec![slot(0, 2), slot(1, 1), slot(2, 2), slot(2, 1)],
        ];
        assert_eq!(
            AdvancementTable::new(3, 4, literal),
            Err(EruditError::RepeatedSlot {
                group: 1,
                slot: 2,
                from_group: 2,
                place: 2
            })
        );
        assert_eq!(
            AdvancementTable::new(1, 4, vec![vec![slot(0, 5)]]),
            Err(EruditError::BadSlot {
                group: 0,
                slot: 0,
                from_group: 0,
                place: 5
            })
        );
    }

    #[test]
    fn erudit_advance_needs_every_group() {
        assert_eq!(
            AdvancementTable::final_round().advance(&[vec![1, 2, 3, 4]]),
            Err(EruditError::GroupResults {
                found: 1,
                expected: 2
            })
        );
    }
}
