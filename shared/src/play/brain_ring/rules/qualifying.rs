//! The qualifying part as a state machine (4.4–4.9): rounds of fights are
//! checked and recorded, the table kept, the next round paired, and after the
//! 6th round the top five go to the play-off.

use serde::{Deserialize, Serialize};

use super::RingError;
use super::fight::Fight;
use super::pairing::{Meetings, pair_by_order};
use super::playoff::PLAYOFF_TEAMS;
use super::standings::{RingRow, ring_standings};

/// 4.9: the play-off follows the 6th round.
pub const QUALIFYING_ROUNDS: usize = 6;

/// The qualifying part: teams `0..team_count` in seeding order (4.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Qualifying {
    pub team_count: usize,
    pub rounds: Vec<Vec<Fight>>,
}

impl Qualifying {
    /// 4.8 pairs every team each round, so the count must be even.
    pub fn new(team_count: usize) -> Result<Self, RingError> {
        if !team_count.is_multiple_of(2) {
            return Err(RingError::OddTeamCount(team_count));
        }
        Ok(Qualifying {
            team_count,
            rounds: Vec::new(),
        })
    }

    /// Checks a round against the rules and the rounds before it. A round may
    /// be partial (a scoresheet typed in mid-round).
    pub fn check_round(&self, round: &[Fight]) -> Result<(), RingError> {
        // 4.9: six rounds, then the play-off.
        if self.rounds.len() >= QUALIFYING_ROUNDS {
            return Err(RingError::TooManyRounds {
                max: QUALIFYING_ROUNDS,
            });
        }
        let at = |fight: usize, error: RingError| RingError::InFight {
            fight,
            error: Box::new(error),
        };
        let mut playing: Vec<Option<usize>> = vec![None; self.team_count];
        for (index, fight) in round.iter().enumerate() {
            fight.check(self.team_count).map_err(|e| at(index, e))?;
            for &team in &fight.teams {
                // One fight per team per round.
                if let Some(earlier) = playing[team] {
                    return Err(at(index, RingError::PlaysTwice { team, earlier }));
                }
                playing[team] = Some(index);
            }
            // 4.8: two teams meet at most once in the qualifying part.
            let [a, b] = fight.teams;
            if let Some(earlier) = self
                .rounds
                .iter()
                .position(|r| r.iter().any(|f| same_pair(f, a, b)))
            {
                return Err(at(
                    index,
                    RingError::Rematch {
                        teams: fight.teams,
                        round: earlier,
                    },
                ));
            }
        }
        Ok(())
    }

    pub fn play_round(&mut self, round: Vec<Fight>) -> Result<(), RingError> {
        self.check_round(&round)?;
        self.rounds.push(round);
        Ok(())
    }

    /// The current table (4.7).
    pub fn standings(&self) -> Vec<RingRow> {
        ring_standings(self.team_count, &self.rounds)
    }

    /// The pairs of the next round (4.4 for round 1, 4.8 later), higher
    /// place first; None after the last round or when no pairing without
    /// rematches exists.
    pub fn next_round(&self) -> Option<Vec<[usize; 2]>> {
        if self.rounds.len() >= QUALIFYING_ROUNDS {
            return None;
        }
        let order: Vec<usize> = self.standings().iter().map(|row| row.team).collect();
        pair_by_order(&order, &Meetings::from_rounds(&self.rounds))
    }

    /// 4.9: places 1–5 after the 6th round go to the play-off.
    pub fn playoff_teams(&self) -> Option<[usize; PLAYOFF_TEAMS]> {
        if self.rounds.len() < QUALIFYING_ROUNDS {
            return None;
        }
        let table = self.standings();
        let top: Vec<usize> = table
            .iter()
            .take(PLAYOFF_TEAMS)
            .map(|row| row.team)
            .collect();
        top.try_into().ok()
    }
}

fn same_pair(fight: &Fight, a: usize, b: usize) -> bool {
    fight.teams == [a, b] || fight.teams == [b, a]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(a: usize, b: usize, x: u32, y: u32) -> Fight {
        Fight {
            teams: [a, b],
            score: [x, y],
        }
    }

    #[test]
    fn brain_ring_4_4_first_round_pairs_the_seeding() {
        let q = Qualifying::new(4).unwrap();
        assert_eq!(q.next_round(), Some(vec![[0, 1], [2, 3]]));
    }

    #[test]
    fn brain_ring_4_8_second_round_by_table_without_rematch() {
        let mut q = Qualifying::new(4).unwrap();
        q.play_round(vec![f(0, 1, 3, 2), f(2, 3, 0, 1)]).unwrap();
        // Table: 0 (4.5), 3 (3.5), 1 (1), 2 (0). 0–3, 1–2: no rematch.
        assert_eq!(q.next_round(), Some(vec![[0, 3], [1, 2]]));
        q.play_round(vec![f(0, 3, 1, 1), f(1, 2, 2, 0)]).unwrap();
        // 0: 6; 1: 5, difference 1, taken 4; 3: 5, difference 1, taken 2; 2: 0.
        // 0 met 1 and 3, so 0–2; then 1–3.
        assert_eq!(q.next_round(), Some(vec![[0, 2], [1, 3]]));
    }

    #[test]
    fn brain_ring_4_8_rejects_rematch_playing_twice_and_bad_score() {
        let mut q = Qualifying::new(4).unwrap();
        q.play_round(vec![f(0, 1, 3, 2)]).unwrap();
        let rematch = q.check_round(&[f(2, 3, 0, 0), f(1, 0, 1, 1)]);
        assert_eq!(
            rematch,
            Err(RingError::InFight {
                fight: 1,
                error: Box::new(RingError::Rematch {
                    teams: [1, 0],
                    round: 0
                })
            })
        );
        let twice = q.check_round(&[f(0, 2, 0, 0), f(3, 2, 1, 1)]);
        assert_eq!(
            twice,
            Err(RingError::InFight {
                fight: 1,
                error: Box::new(RingError::PlaysTwice {
                    team: 2,
                    earlier: 0
                })
            })
        );
        let over = q.check_round(&[f(0, 2, 4, 2)]);
        assert_eq!(
            over,
            Err(RingError::InFight {
                fight: 0,
                error: Box::new(RingError::TooManyTaken {
                    total: 6,
                    questions: 5
                })
            })
        );
    }

    #[test]
    fn brain_ring_4_9_six_rounds_then_the_top_five_play_off() {
        let mut q = Qualifying::new(12).unwrap();
        for _ in 0..QUALIFYING_ROUNDS {
            assert_eq!(q.playoff_teams(), None);
            let pairs = q.next_round().unwrap();
            q.play_round(pairs.iter().map(|&[a, b]| f(a, b, 2, 1)).collect())
                .unwrap();
        }
        assert_eq!(q.next_round(), None);
        assert_eq!(q.check_round(&[]), Err(RingError::TooManyRounds { max: 6 }));
        let top = q.playoff_teams().unwrap();
        let table: Vec<usize> = q.standings().iter().take(5).map(|r| r.team).collect();
        assert_eq!(top.to_vec(), table);
    }

    #[test]
    fn brain_ring_4_8_odd_team_count_is_refused() {
        assert_eq!(Qualifying::new(5), Err(RingError::OddTeamCount(5)));
    }
}
