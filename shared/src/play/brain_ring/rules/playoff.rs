//! The «царь горы» play-off (4.9–4.11): places 1–5 of the qualifying table;
//! 5th meets 4th, the winner meets 3rd, then 2nd, and the last winner meets
//! 1st in the final (4.12, see [`FinalSeries`](super::FinalSeries)).

use serde::{Deserialize, Serialize};

use super::RingError;
use crate::tournament::Place;

/// 4.9: the top five of the qualifying table play off.
pub const PLAYOFF_TEAMS: usize = 5;

/// What the play-off needs next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayoffStatus {
    /// A play-off fight (4.10: 5 questions, then sudden death), the
    /// higher-seeded team first.
    Fight { teams: [usize; 2] },
    /// The ladder is done: the final (4.12) between the top seed and the
    /// ladder's winner.
    Final { teams: [usize; 2] },
}

/// The ladder of 4.11.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KingOfTheHill {
    /// Places 1–5 after the last qualifying round.
    pub seeds: [usize; PLAYOFF_TEAMS],
    /// The team climbing the ladder (it won every fight so far).
    pub climber: usize,
    /// Index into `seeds` of the climber's next opponent.
    pub next_opponent: usize,
    /// Losers, in the order they went out (5th place first).
    pub eliminated: Vec<usize>,
}

impl KingOfTheHill {
    /// 4.11: the 5th team plays the 4th.
    pub fn new(seeds: [usize; PLAYOFF_TEAMS]) -> Result<Self, RingError> {
        if (1..PLAYOFF_TEAMS).any(|i| seeds[..i].contains(&seeds[i])) {
            return Err(RingError::BadPlayoff);
        }
        Ok(KingOfTheHill {
            seeds,
            climber: seeds[4],
            next_opponent: 3,
            eliminated: Vec::new(),
        })
    }

    pub fn status(&self) -> PlayoffStatus {
        let teams = [self.seeds[self.next_opponent], self.climber];
        if self.next_opponent == 0 {
            PlayoffStatus::Final { teams }
        } else {
            PlayoffStatus::Fight { teams }
        }
    }

    /// Records the winner of the current (non-final) fight.
    pub fn record_winner(&mut self, winner: usize) -> Result<PlayoffStatus, RingError> {
        let PlayoffStatus::Fight { teams } = self.status() else {
            return Err(RingError::PlayoffOver);
        };
        let loser = match teams {
            [a, b] if winner == a => b,
            [a, b] if winner == b => a,
            _ => return Err(RingError::NotInFight { team: winner }),
        };
        // 4.11: the winner goes on to the next seed up.
        self.eliminated.push(loser);
        self.climber = winner;
        self.next_opponent -= 1;
        Ok(self.status())
    }

    /// Places of the teams already out: the first loser is 5th, then 4th,
    /// then 3rd (places 1–2 come from the final).
    pub fn places(&self) -> Vec<(usize, Place)> {
        self.eliminated
            .iter()
            .enumerate()
            .map(|(i, &team)| (team, Place::single(PLAYOFF_TEAMS as u32 - i as u32)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brain_ring_4_11_fifth_plays_fourth_winner_climbs_to_the_final() {
        // Seeds: places 1..5 are teams 10..14.
        let mut ladder = KingOfTheHill::new([10, 11, 12, 13, 14]).unwrap();
        assert_eq!(ladder.status(), PlayoffStatus::Fight { teams: [13, 14] });
        assert_eq!(
            ladder.record_winner(14),
            Ok(PlayoffStatus::Fight { teams: [12, 14] })
        );
        assert_eq!(
            ladder.record_winner(12),
            Ok(PlayoffStatus::Fight { teams: [11, 12] })
        );
        assert_eq!(
            ladder.record_winner(12),
            Ok(PlayoffStatus::Final { teams: [10, 12] })
        );
        assert_eq!(ladder.record_winner(12), Err(RingError::PlayoffOver));
        assert_eq!(
            ladder.places(),
            vec![
                (13, Place::single(5)),
                (14, Place::single(4)),
                (11, Place::single(3))
            ]
        );
    }

    #[test]
    fn brain_ring_4_9_playoff_needs_five_distinct_teams() {
        assert_eq!(
            KingOfTheHill::new([0, 1, 2, 1, 4]),
            Err(RingError::BadPlayoff)
        );
    }

    #[test]
    fn brain_ring_4_11_winner_must_play_the_fight() {
        let mut ladder = KingOfTheHill::new([0, 1, 2, 3, 4]).unwrap();
        assert_eq!(
            ladder.record_winner(0),
            Err(RingError::NotInFight { team: 0 })
        );
    }
}
