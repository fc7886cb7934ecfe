//! Fight points (4.5–4.6): 3 for a win, 1 for a draw, 0 for a loss, plus 0.5
//! per question taken.

use std::fmt;

use serde::{Deserialize, Serialize};

/// 4.5: a qualifying fight has 5 questions.
pub const QUALIFYING_QUESTIONS: u32 = 5;

/// Table points, counted in halves because 4.6 gives 0.5 per question.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct RingPoints {
    pub halves: u32,
}

impl RingPoints {
    pub fn from_halves(halves: u32) -> Self {
        RingPoints { halves }
    }

    /// The whole number of points, when there is no half.
    pub fn whole(self) -> Option<u32> {
        self.halves.is_multiple_of(2).then_some(self.halves / 2)
    }

    pub fn as_f64(self) -> f64 {
        f64::from(self.halves) / 2.0
    }

    pub fn plus(self, other: RingPoints) -> RingPoints {
        RingPoints {
            halves: self.halves.saturating_add(other.halves),
        }
    }
}

impl fmt::Display for RingPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.whole() {
            Some(points) => write!(f, "{points}"),
            None => write!(f, "{}.5", self.halves / 2),
        }
    }
}

/// How a fight ended for one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FightResult {
    Win,
    Draw,
    Loss,
}

impl FightResult {
    pub fn of(taken: u32, conceded: u32) -> Self {
        match taken.cmp(&conceded) {
            std::cmp::Ordering::Greater => FightResult::Win,
            std::cmp::Ordering::Equal => FightResult::Draw,
            std::cmp::Ordering::Less => FightResult::Loss,
        }
    }
}

/// 4.6: the points a team gets for a fight it finished `taken`:`conceded`.
pub fn fight_points(taken: u32, conceded: u32) -> RingPoints {
    // 4.6: 3 for a win, 1 for a draw, 0 for a loss (in halves: 6, 2, 0) ...
    let result = match FightResult::of(taken, conceded) {
        FightResult::Win => 6,
        FightResult::Draw => 2,
        FightResult::Loss => 0,
    };
    // ... plus 0.5 per question taken.
    RingPoints::from_halves(result + taken.min(u32::MAX / 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brain_ring_4_6_example_3_2_gives_4_5_and_1() {
        assert_eq!(fight_points(3, 2).to_string(), "4.5");
        assert_eq!(fight_points(2, 3).to_string(), "1");
    }

    #[test]
    fn brain_ring_4_6_points_table() {
        // (taken, conceded, points)
        let table = [
            (0, 0, "1"),
            (5, 0, "5.5"),
            (0, 5, "0"),
            (2, 2, "2"),
            (1, 0, "3.5"),
            (0, 1, "0"),
            (1, 1, "1.5"),
        ];
        for (taken, conceded, points) in table {
            assert_eq!(
                fight_points(taken, conceded).to_string(),
                points,
                "{taken}:{conceded}"
            );
        }
    }

    #[test]
    fn brain_ring_4_6_points_as_numbers() {
        assert_eq!(fight_points(3, 2).as_f64(), 4.5);
        assert_eq!(fight_points(2, 3).whole(), Some(1));
        assert_eq!(fight_points(3, 2).whole(), None);
        assert_eq!(
            fight_points(3, 2).plus(fight_points(2, 3)).to_string(),
            "5.5"
        );
    }
}
