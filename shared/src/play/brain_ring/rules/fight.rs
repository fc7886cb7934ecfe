//! One Brain-ring fight: its recorded result (a qualifying fight of 4.5) and
//! the live count of a fight question by question, with the sudden-death
//! questions of 4.10 and 4.12.

use serde::{Deserialize, Serialize};

use super::RingError;
use super::scoring::{QUALIFYING_QUESTIONS, RingPoints, fight_points};

/// A finished fight: the two teams and the questions each took.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fight {
    pub teams: [usize; 2],
    pub score: [u32; 2],
}

impl Fight {
    /// 4.5: a qualifying fight has 5 questions, so at most 5 are taken.
    pub fn check(&self, team_count: usize) -> Result<(), RingError> {
        for &team in &self.teams {
            if team >= team_count {
                return Err(RingError::UnknownTeam { team, team_count });
            }
        }
        if self.teams[0] == self.teams[1] {
            return Err(RingError::SameTeam);
        }
        let total = self.score[0].saturating_add(self.score[1]);
        if total > QUALIFYING_QUESTIONS {
            return Err(RingError::TooManyTaken {
                total,
                questions: QUALIFYING_QUESTIONS,
            });
        }
        Ok(())
    }

    /// 4.6: the table points of each side.
    pub fn points(&self) -> [RingPoints; 2] {
        [
            fight_points(self.score[0], self.score[1]),
            fight_points(self.score[1], self.score[0]),
        ]
    }

    /// The winner, if the fight was not drawn.
    pub fn winner(&self) -> Option<usize> {
        match self.score[0].cmp(&self.score[1]) {
            std::cmp::Ordering::Greater => Some(self.teams[0]),
            std::cmp::Ordering::Less => Some(self.teams[1]),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// How many questions a fight has and whether a draw goes to sudden death.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FightFormat {
    pub questions: u32,
    pub sudden_death: bool,
}

impl FightFormat {
    /// 4.5: qualifying fights have 5 questions; a draw stands (4.6 scores it).
    pub const QUALIFYING: FightFormat = FightFormat {
        questions: QUALIFYING_QUESTIONS,
        sudden_death: false,
    };
    /// 4.10: play-off fights have 5 questions, then one question at a time.
    pub const PLAYOFF: FightFormat = FightFormat {
        questions: 5,
        sudden_death: true,
    };
    /// 4.12: each fight of the final has 7 questions, then one at a time.
    pub const FINAL: FightFormat = FightFormat {
        questions: 7,
        sudden_death: true,
    };
}

/// What happened on one question of a fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QuestionOutcome {
    /// The team (by index) answered right and took the question.
    TakenBy(usize),
    /// Nobody took it: both answered wrong or nobody pressed.
    NotTaken,
    /// 4.14: withdrawn on appeal and replaced; it does not count.
    Withdrawn,
}

/// Where a fight stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FightStatus {
    /// The next question to ask, 1-based; `sudden_death` once past the
    /// regulation questions.
    InProgress {
        next_question: u32,
        sudden_death: bool,
    },
    Won {
        winner: usize,
    },
    Drawn,
}

/// A fight being played, counted question by question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveFight {
    pub format: FightFormat,
    pub teams: [usize; 2],
    pub score: [u32; 2],
    /// Questions that counted (withdrawn ones excluded).
    pub asked: u32,
    pub withdrawn: u32,
}

impl LiveFight {
    pub fn new(format: FightFormat, teams: [usize; 2]) -> Result<Self, RingError> {
        if teams[0] == teams[1] {
            return Err(RingError::SameTeam);
        }
        Ok(LiveFight {
            format,
            teams,
            score: [0, 0],
            asked: 0,
            withdrawn: 0,
        })
    }

    pub fn status(&self) -> FightStatus {
        let [a, b] = self.score;
        if self.asked < self.format.questions {
            return FightStatus::InProgress {
                next_question: self.asked + 1,
                sudden_death: false,
            };
        }
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => FightStatus::Won {
                winner: self.teams[0],
            },
            std::cmp::Ordering::Less => FightStatus::Won {
                winner: self.teams[1],
            },
            // 4.10 / 4.12: a draw after the regulation questions goes on one
            // question at a time until someone takes one.
            std::cmp::Ordering::Equal if self.format.sudden_death => FightStatus::InProgress {
                next_question: self.asked + 1,
                sudden_death: true,
            },
            std::cmp::Ordering::Equal => FightStatus::Drawn,
        }
    }

    /// Records the outcome of the current question.
    pub fn record(&mut self, outcome: QuestionOutcome) -> Result<FightStatus, RingError> {
        if !matches!(self.status(), FightStatus::InProgress { .. }) {
            return Err(RingError::FightOver);
        }
        match outcome {
            QuestionOutcome::TakenBy(team) => {
                let side = self
                    .teams
                    .iter()
                    .position(|&t| t == team)
                    .ok_or(RingError::NotInFight { team })?;
                self.score[side] += 1;
                self.asked += 1;
            }
            QuestionOutcome::NotTaken => self.asked += 1,
            // 4.14: the withdrawn question is replaced by another one.
            QuestionOutcome::Withdrawn => self.withdrawn += 1,
        }
        Ok(self.status())
    }

    /// The finished fight as a record for the table (None while in progress).
    pub fn result(&self) -> Option<Fight> {
        match self.status() {
            FightStatus::InProgress { .. } => None,
            _ => Some(Fight {
                teams: self.teams,
                score: self.score,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brain_ring_4_5_fight_has_at_most_five_questions_taken() {
        let cases = [
            ([3, 2], true),
            ([5, 0], true),
            ([0, 0], true),
            ([3, 3], false),
            ([6, 0], false),
        ];
        for (score, ok) in cases {
            let fight = Fight {
                teams: [0, 1],
                score,
            };
            assert_eq!(fight.check(2).is_ok(), ok, "{score:?}");
        }
        assert_eq!(
            Fight {
                teams: [1, 1],
                score: [0, 0]
            }
            .check(2),
            Err(RingError::SameTeam)
        );
        assert_eq!(
            Fight {
                teams: [0, 3],
                score: [0, 0]
            }
            .check(2),
            Err(RingError::UnknownTeam {
                team: 3,
                team_count: 2
            })
        );
    }

    #[test]
    fn brain_ring_4_6_fight_points_and_winner() {
        let fight = Fight {
            teams: [4, 7],
            score: [3, 2],
        };
        assert_eq!(
            fight.points().map(|p| p.to_string()),
            ["4.5".to_string(), "1".to_string()]
        );
        assert_eq!(fight.winner(), Some(4));
        assert_eq!(
            Fight {
                teams: [4, 7],
                score: [1, 1]
            }
            .winner(),
            None
        );
    }

    #[test]
    fn brain_ring_4_5_qualifying_fight_ends_after_five_and_may_draw() {
        let mut fight = LiveFight::new(FightFormat::QUALIFYING, [0, 1]).unwrap();
        for outcome in [
            QuestionOutcome::TakenBy(0),
            QuestionOutcome::TakenBy(1),
            QuestionOutcome::NotTaken,
            QuestionOutcome::Withdrawn,
            QuestionOutcome::NotTaken,
        ] {
            fight.record(outcome).unwrap();
        }
        assert_eq!(
            fight.status(),
            FightStatus::InProgress {
                next_question: 5,
                sudden_death: false
            }
        );
        assert_eq!(
            fight.record(QuestionOutcome::NotTaken),
            Ok(FightStatus::Drawn)
        );
        assert_eq!(
            fight.result(),
            Some(Fight {
                teams: [0, 1],
                score: [1, 1]
            })
        );
        assert_eq!(
            fight.record(QuestionOutcome::NotTaken),
            Err(RingError::FightOver)
        );
    }

    #[test]
    fn brain_ring_4_10_playoff_draw_goes_to_sudden_death() {
        let mut fight = LiveFight::new(FightFormat::PLAYOFF, [2, 3]).unwrap();
        for outcome in [
            QuestionOutcome::TakenBy(2),
            QuestionOutcome::TakenBy(3),
            QuestionOutcome::NotTaken,
            QuestionOutcome::NotTaken,
            QuestionOutcome::NotTaken,
        ] {
            fight.record(outcome).unwrap();
        }
        assert_eq!(
            fight.status(),
            FightStatus::InProgress {
                next_question: 6,
                sudden_death: true
            }
        );
        // A sudden-death question nobody takes: another one follows.
        assert_eq!(
            fight.record(QuestionOutcome::NotTaken),
            Ok(FightStatus::InProgress {
                next_question: 7,
                sudden_death: true
            })
        );
        assert_eq!(
            fight.record(QuestionOutcome::TakenBy(3)),
            Ok(FightStatus::Won { winner: 3 })
        );
        assert_eq!(fight.result().and_then(|f| f.winner()), Some(3));
    }

    #[test]
    fn brain_ring_4_12_final_fight_has_seven_questions() {
        let mut fight = LiveFight::new(FightFormat::FINAL, [0, 1]).unwrap();
        for _ in 0..6 {
            fight.record(QuestionOutcome::TakenBy(0)).unwrap();
        }
        assert!(matches!(
            fight.status(),
            FightStatus::InProgress {
                next_question: 7,
                ..
            }
        ));
        assert_eq!(
            fight.record(QuestionOutcome::NotTaken),
            Ok(FightStatus::Won { winner: 0 })
        );
    }

    #[test]
    fn brain_ring_fight_rejects_a_team_not_in_it() {
        let mut fight = LiveFight::new(FightFormat::PLAYOFF, [0, 1]).unwrap();
        assert_eq!(
            fight.record(QuestionOutcome::TakenBy(5)),
            Err(RingError::NotInFight { team: 5 })
        );
        assert_eq!(
            LiveFight::new(FightFormat::PLAYOFF, [1, 1]),
            Err(RingError::SameTeam)
        );
    }
}
