//! Scoring of one Эрудит-квартет game (5.6–5.10): three tours of four rounds,
//! five questions a round worth 10..50; a right answer gives the player (and
//! so the team) the value, a wrong one takes it away.

use serde::{Deserialize, Serialize};

use super::EruditError;

/// A game is played by four teams (the «квартет»).
pub const TEAMS: usize = 4;
/// 5.6: three tours.
pub const TOURS: usize = 3;
/// 5.6: four rounds a tour.
pub const ROUNDS_PER_TOUR: usize = 4;
/// 5.10: five questions a theme.
pub const QUESTIONS_PER_ROUND: usize = 5;

/// 5.9–5.10: questions go from easiest, worth 10, 20, 30, 40, 50 by position
/// (0-based here); None past the fifth.
pub fn question_value(position: usize) -> Option<i64> {
    (position < QUESTIONS_PER_ROUND).then(|| 10 * (position as i64 + 1))
}

/// 5.7: the three kinds of tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TourKind {
    Open,
    Closed,
    SemiOpen,
}

/// One player's try at a question: the team whose player pressed, and
/// whether the answer was right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attempt {
    pub team: usize,
    pub correct: bool,
}

/// One round: a theme of five questions, one player per team.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The player each team fields, by team index.
    pub players: Vec<String>,
    /// Each question's attempts, in the order the players answered.
    pub questions: Vec<Vec<Attempt>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tour {
    pub kind: TourKind,
    pub rounds: Vec<Round>,
}

/// The live state of one question: who has tried, whether it is answered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionPlay {
    pub value: i64,
    pub attempts: Vec<Attempt>,
}

impl QuestionPlay {
    pub fn new(value: i64) -> Self {
        QuestionPlay {
            value,
            attempts: Vec::new(),
        }
    }

    /// True once someone answered right: the question is over.
    pub fn answered(&self) -> bool {
        self.attempts.iter().any(|a| a.correct)
    }

    /// Records an attempt and returns its effect on the team's (and its
    /// player's) score: +value if right, −value if wrong (5, 5.10).
    pub fn attempt(&mut self, attempt: Attempt) -> Result<i64, EruditError> {
        if attempt.team >= TEAMS {
            return Err(EruditError::UnknownTeam { team: attempt.team });
        }
        // Nobody answers after a right answer: the host moves on.
        if self.answered() {
            return Err(EruditError::AfterCorrect);
        }
        // Each team's player presses at most once per question.
        if self.attempts.iter().any(|a| a.team == attempt.team) {
            return Err(EruditError::AttemptedTwice { team: attempt.team });
        }
        self.attempts.push(attempt);
        Ok(if attempt.correct {
            self.value
        } else {
            -self.value
        })
    }
}

/// One team's result: its total and each of its players' points, players in
/// the order they first played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamScore {
    pub points: i64,
    pub players: Vec<(String, i64)>,
}

impl TeamScore {
    fn add(&mut self, player: &str, points: i64) {
        self.points += points;
        match self.players.iter_mut().find(|(name, _)| name == player) {
            Some((_, total)) => *total += points,
            None => self.players.push((player.to_owned(), points)),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameScore {
    pub teams: Vec<TeamScore>,
}

/// A whole game as played (or played so far: tours not yet played are absent).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EruditGame {
    pub tours: Vec<Tour>,
}

impl EruditGame {
    /// Checks every rule and scores the game. The team's result is the sum of
    /// its players' points over the tours (5, «Результатом команды…»).
    pub fn score(&self) -> Result<GameScore, EruditError> {
        // 5.6: at most three tours, each kind once.
        if self.tours.len() > TOURS {
            return Err(EruditError::TooManyTours {
                found: self.tours.len(),
            });
        }
        let mut teams: Vec<TeamScore> = vec![TeamScore::default(); TEAMS];
        for (t, tour) in self.tours.iter().enumerate() {
            if let Some(earlier) = self.tours[..t]
                .iter()
                .position(|other| other.kind == tour.kind)
            {
                return Err(EruditError::RepeatedTourKind {
                    tour: t,
                    kind: tour.kind,
                    earlier,
                });
            }
            // 5.6: four rounds a tour.
            if tour.rounds.len() != ROUNDS_PER_TOUR {
                return Err(EruditError::RoundCount {
                    tour: t,
                    found: tour.rounds.len(),
                });
            }
            for (r, round) in tour.rounds.iter().enumerate() {
                check_players(tour, t, r)?;
                // 5.10: five questions a round.
                if round.questions.len() != QUESTIONS_PER_ROUND {
                    return Err(EruditError::QuestionCount {
                        tour: t,
                        round: r,
                        found: round.questions.len(),
                    });
                }
                // Every team's player is in the round, even one that never pressed.
                for (team, player) in round.players.iter().enumerate() {
                    teams[team].add(player, 0);
                }
                for (q, attempts) in round.questions.iter().enumerate() {
                    let value = question_value(q).unwrap_or(0);
                    let mut play = QuestionPlay::new(value);
                    for (a, attempt) in attempts.iter().enumerate() {
                        let at = |error| EruditError::InAttempt {
                            tour: t,
                            round: r,
                            question: q,
                            attempt: a,
                            error: Box::new(error),
                        };
                        let points = play.attempt(*attempt).map_err(at)?;
                        let player = &round.players[attempt.team];
                        teams[attempt.team].add(player, points);
                    }
                }
            }
        }
        Ok(GameScore { teams })
    }
}

/// Every team fields one player a round; 5.8: nobody plays twice in a tour.
fn check_players(tour: &Tour, t: usize, r: usize) -> Result<(), EruditError> {
    let round = &tour.rounds[r];
    if round.players.len() != TEAMS {
        return Err(EruditError::MissingPlayer {
            tour: t,
            round: r,
            team: round.players.len().min(TEAMS - 1),
        });
    }
    for (team, player) in round.players.iter().enumerate() {
        if player.is_empty() {
            return Err(EruditError::MissingPlayer {
                tour: t,
                round: r,
                team,
            });
        }
        if let Some(earlier) = tour.rounds[..r]
            .iter()
            .position(|other| other.players.get(team) == Some(player))
        {
            return Err(EruditError::PlayerTwiceInTour {
                tour: t,
                round: r,
                team,
                player: player.clone(),
                earlier,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn right(team: usize) -> Attempt {
        Attempt {
            team,
            correct: true,
        }
    }

    fn wrong(team: usize) -> Attempt {
        Attempt {
            team,
            correct: false,
        }
    }

    fn round(tag: &str, questions: Vec<Vec<Attempt>>) -> Round {
        Round {
            players: (0..TEAMS).map(|team| format!("{tag}{team}")).collect(),
            questions,
        }
    }

    fn quiet_round(tag: &str) -> Round {
        round(tag, vec![vec![]; QUESTIONS_PER_ROUND])
    }

    fn tour(kind: TourKind, rounds: Vec<Round>) -> Tour {
        Tour { kind, rounds }
    }

    #[test]
    fn erudit_5_10_values_by_position() {
        let values: Vec<Option<i64>> = (0..6).map(question_value).collect();
        assert_eq!(
            values,
            vec![Some(10), Some(20), Some(30), Some(40), Some(50), None]
        );
    }

    #[test]
    fn erudit_5_right_adds_wrong_subtracts_the_value() {
        // Arrange: question 3 (30): team 1 wrong, team 2 right; question 5 (50): team 0 wrong.
        let mut questions = vec![vec![]; 5];
        questions[2] = vec![wrong(1), right(2)];
        questions[4] = vec![wrong(0)];
        let game = EruditGame {
            tours: vec![tour(
                TourKind::Open,
                vec![
                    round("a", questions),
                    quiet_round("b"),
                    quiet_round("c"),
                    quiet_round("d"),
                ],
            )],
        };
        // Act
        let score = game.score().unwrap();
        // Assert
        let points: Vec<i64> = score.teams.iter().map(|t| t.points).collect();
        assert_eq!(points, vec![-50, -30, 30, 0]);
        assert_eq!(score.teams[2].players[0], ("a2".to_string(), 30));
        assert_eq!(score.teams[2].players.len(), 4);
    }

    #[test]
    fn erudit_5_8_player_points_add_up_across_tours() {
        let mut q1 = vec![vec![]; 5];
        q1[0] = vec![right(0)];
        let mut q2 = vec![vec![]; 5];
        q2[1] = vec![right(0)];
        let game = EruditGame {
            tours: vec![
                tour(
                    TourKind::Open,
                    vec![
                        round("x", q1),
                        quiet_round("b"),
                        quiet_round("c"),
                        quiet_round("d"),
                    ],
                ),
                tour(
                    TourKind::Closed,
                    vec![
                        quiet_round("b"),
                        round("x", q2),
                        quiet_round("c"),
                        quiet_round("d"),
                    ],
                ),
            ],
        };
        let score = game.score().unwrap();
        assert_eq!(score.teams[0].points, 30);
        assert_eq!(
            score.teams[0].players.iter().find(|(n, _)| n == "x0"),
            Some(&("x0".to_string(), 30))
        );
    }

    #[test]
    fn erudit_question_play_rejects_second_attempt_and_after_correct() {
        let mut play = QuestionPlay::new(40);
        assert_eq!(play.attempt(wrong(1)), Ok(-40));
        assert_eq!(
            play.attempt(wrong(1)),
            Err(EruditError::AttemptedTwice { team: 1 })
        );
        assert_eq!(play.attempt(right(3)), Ok(40));
        assert_eq!(play.attempt(wrong(0)), Err(EruditError::AfterCorrect));
        assert_eq!(
            play.attempt(wrong(4)),
            Err(EruditError::UnknownTeam { team: 4 })
        );
    }

    #[test]
    fn erudit_5_6_counts_are_enforced() {
        let four = || {
            vec![
                quiet_round("a"),
                quiet_round("b"),
                quiet_round("c"),
                quiet_round("d"),
            ]
        };
        let cases: Vec<(EruditGame, EruditError)> = vec![
            (
                EruditGame {
                    tours: vec![
                        tour(TourKind::Open, four()),
                        tour(TourKind::Closed, four()),
                        tour(TourKind::SemiOpen, four()),
                        tour(TourKind::Open, four()),
                    ],
                },
                EruditError::TooManyTours { found: 4 },
            ),
            (
                EruditGame {
                    tours: vec![tour(TourKind::Open, four()), tour(TourKind::Open, four())],
                },
                EruditError::RepeatedTourKind {
                    tour: 1,
                    kind: TourKind::Open,
                    earlier: 0,
                },
            ),
            (
                EruditGame {
                    tours: vec![tour(TourKind::Open, four()[..3].to_vec())],
                },
                EruditError::RoundCount { tour: 0, found: 3 },
            ),
            (
                EruditGame {
                    tours: vec![tour(
                        TourKind::Open,
                        vec![
                            round("a", vec![vec![]; 4]),
                            quiet_round("b"),
                            quiet_round("c"),
                            quiet_round("d"),
                        ],
                    )],
                },
                EruditError::QuestionCount {
                    tour: 0,
                    round: 0,
                    found: 4,
                },
            ),
        ];
        for (game, error) in cases {
            assert_eq!(game.score(), Err(error));
        }
    }

    #[test]
    fn erudit_5_8_no_player_twice_in_a_tour() {
        let game = EruditGame {
            tours: vec![tour(
                TourKind::Open,
                vec![
                    quiet_round("a"),
                    quiet_round("b"),
                    quiet_round("a"),
                    quiet_round("d"),
                ],
            )],
        };
        assert_eq!(
            game.score(),
            Err(EruditError::PlayerTwiceInTour {
                tour: 0,
                round: 2,
                team: 0,
                player: "a0".into(),
                earlier: 0
            })
        );
    }

    #[test]
    fn erudit_attempt_errors_carry_their_position() {
        let mut questions = vec![vec![]; 5];
        questions[3] = vec![right(0), wrong(1)];
        let game = EruditGame {
            tours: vec![tour(
                TourKind::Closed,
                vec![
                    quiet_round("a"),
                    round("b", questions),
                    quiet_round("c"),
                    quiet_round("d"),
                ],
            )],
        };
        assert_eq!(
            game.score(),
            Err(EruditError::InAttempt {
                tour: 0,
                round: 1,
                question: 3,
                attempt: 1,
                error: Box::new(EruditError::AfterCorrect)
            })
        );
    }
}
