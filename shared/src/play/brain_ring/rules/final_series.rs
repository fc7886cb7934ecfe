//! The final (4.12): three fights of 7 questions (then sudden death), the
//! teams changing tables after each; two fight wins take the tournament.

use serde::{Deserialize, Serialize};

use super::RingError;
use crate::tournament::Place;

/// 4.12: two won fights win the final.
const WINS_NEEDED: u8 = 2;

/// Where the final stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeriesStatus {
    /// The next fight, 1-based, and the team at each table for it.
    NextFight {
        number: u8,
        tables: [usize; 2],
    },
    Champion {
        team: usize,
    },
}

/// A best-of-three final.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalSeries {
    /// The finalists; `teams[0]` sits at table 1 in the first fight.
    pub teams: [usize; 2],
    pub wins: [u8; 2],
    /// Winners of the fights played, in order.
    pub fights: Vec<usize>,
}

impl FinalSeries {
    pub fn new(teams: [usize; 2]) -> Result<Self, RingError> {
        if teams[0] == teams[1] {
            return Err(RingError::SameTeam);
        }
        Ok(FinalSeries {
            teams,
            wins: [0, 0],
            fights: Vec::new(),
        })
    }

    pub fn status(&self) -> SeriesStatus {
        if let Some(side) = self.wins.iter().position(|&w| w >= WINS_NEEDED) {
            return SeriesStatus::Champion {
                team: self.teams[side],
            };
        }
        // 4.12: the teams change tables after each fight.
        let tables = if self.fights.len().is_multiple_of(2) {
            self.teams
        } else {
            [self.teams[1], self.teams[0]]
        };
        SeriesStatus::NextFight {
            number: self.fights.len() as u8 + 1,
            tables,
        }
    }

    /// Records the winner of the current fight (each fight has a winner:
    /// sudden death settles draws, 4.12).
    pub fn record_winner(&mut self, winner: usize) -> Result<SeriesStatus, RingError> {
        if matches!(self.status(), SeriesStatus::Champion { .. }) {
            return Err(RingError::SeriesOver);
        }
        let side = self
            .teams
            .iter()
            .position(|&t| t == winner)
            .ok_or(RingError::NotInFight { team: winner })?;
        self.wins[side] += 1;
        self.fights.push(winner);
        Ok(self.status())
    }

    /// Places 1 and 2 once the final is decided.
    pub fn places(&self) -> Option<[(usize, Place); 2]> {
        match self.status() {
            SeriesStatus::Champion { team } => {
                let runner_up = if team == self.teams[0] {
                    self.teams[1]
                } else {
                    self.teams[0]
                };
                Some([(team, Place::single(1)), (runner_up, Place::single(2))])
            }
            SeriesStatus::NextFight { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brain_ring_4_12_two_fight_wins_take_the_final() {
        let mut series = FinalSeries::new([7, 3]).unwrap();
        assert_eq!(
            series.status(),
            SeriesStatus::NextFight {
                number: 1,
                tables: [7, 3]
            }
        );
        assert_eq!(
            series.record_winner(3),
            Ok(SeriesStatus::NextFight {
                number: 2,
                tables: [3, 7]
            })
        );
        assert_eq!(
            series.record_winner(7),
            Ok(SeriesStatus::NextFight {
                number: 3,
                tables: [7, 3]
            })
        );
        assert_eq!(
            series.record_winner(3),
            Ok(SeriesStatus::Champion { team: 3 })
        );
        assert_eq!(
            series.places(),
            Some([(3, Place::single(1)), (7, Place::single(2))])
        );
        assert_eq!(series.record_winner(3), Err(RingError::SeriesOver));
    }

    #[test]
    fn brain_ring_4_12_two_straight_wins_end_the_series() {
        let mut series = FinalSeries::new([0, 1]).unwrap();
        series.record_winner(0).unwrap();
        assert_eq!(
            series.record_winner(0),
            Ok(SeriesStatus::Champion { team: 0 })
        );
        assert_eq!(series.fights, vec![0, 0]);
    }

    #[test]
    fn brain_ring_4_12_winner_must_be_a_finalist() {
        let mut series = FinalSeries::new([0, 1]).unwrap();
        assert_eq!(
            series.record_winner(2),
            Err(RingError::NotInFight { team: 2 })
        );
        assert_eq!(series.places(), None);
        assert_eq!(FinalSeries::new([4, 4]), Err(RingError::SameTeam));
    }
}
