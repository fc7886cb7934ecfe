//! Негатив (1.1–1.5): 12 questions; a right answer adds the question's
//! announced rating, a wrong one costs nothing.

use serde::{Deserialize, Serialize};

use super::{NeptuneError, check_teams, in_question};

/// 1.1: twelve questions.
pub const QUESTIONS: usize = 12;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NegativeQuestion {
    /// 1.3: the rating announced before the question.
    pub rating: u32,
    pub correct: Vec<usize>,
}

/// 1.5: each right answer adds the question's rating.
pub fn score(team_count: usize, questions: &[NegativeQuestion]) -> Result<Vec<i64>, NeptuneError> {
    let mut points = vec![0i64; team_count];
    for (q, question) in questions.iter().enumerate() {
        if question.rating == 0 {
            return Err(in_question(q)(NeptuneError::ZeroRating));
        }
        let right = check_teams(team_count, &question.correct).map_err(in_question(q))?;
        for (team, is_right) in right.into_iter().enumerate() {
            if is_right {
                points[team] += i64::from(question.rating);
            }
        }
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neptune_1_5_right_answer_adds_the_rating_wrong_costs_nothing() {
        let mut questions = vec![
            NegativeQuestion {
                rating: 10,
                correct: vec![]
            };
            QUESTIONS
        ];
        questions[0] = NegativeQuestion {
            rating: 7,
            correct: vec![0, 2],
        };
        questions[11] = NegativeQuestion {
            rating: 3,
            correct: vec![2],
        };
        assert_eq!(score(3, &questions), Ok(vec![7, 0, 10]));
    }

    #[test]
    fn neptune_1_3_rating_must_be_positive_and_teams_valid() {
        let mut questions = vec![
            NegativeQuestion {
                rating: 10,
                correct: vec![]
            };
            QUESTIONS
        ];
        questions[4].rating = 0;
        assert_eq!(
            score(2, &questions),
            Err(NeptuneError::InQuestion {
                question: 4,
                error: Box::new(NeptuneError::ZeroRating)
            })
        );
        questions[4] = NegativeQuestion {
            rating: 1,
            correct: vec![1, 1],
        };
        assert_eq!(
            score(2, &questions),
            Err(NeptuneError::InQuestion {
                question: 4,
                error: Box::new(NeptuneError::ListedTwice { team: 1 })
            })
        );
    }
}
