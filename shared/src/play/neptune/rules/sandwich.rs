//! Сэндвич (2.1–2.6): each team splits into two «ломтика», «верх» and «низ»,
//! that answer apart: 20 points if one is right, 60 if both, 0 if neither.

use serde::{Deserialize, Serialize};

use super::{NeptuneError, check_teams, in_question};

/// 2.1: six questions.
pub const QUESTIONS: usize = 6;

/// Which teams' «верх» and «низ» answered right.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SandwichQuestion {
    pub top: Vec<usize>,
    pub bottom: Vec<usize>,
}

/// 2.4–2.6: the team's points for a question, by its two slices.
pub fn slice_points(top_right: bool, bottom_right: bool) -> i64 {
    match (top_right, bottom_right) {
        // 2.5: both slices right, independently.
        (true, true) => 60,
        // 2.4: at least one slice right.
        (true, false) | (false, true) => 20,
        // 2.6: neither: nothing gained, nothing lost.
        (false, false) => 0,
    }
}

pub fn score(team_count: usize, questions: &[SandwichQuestion]) -> Result<Vec<i64>, NeptuneError> {
    let mut points = vec![0i64; team_count];
    for (q, question) in questions.iter().enumerate() {
        let top = check_teams(team_count, &question.top).map_err(in_question(q))?;
        let bottom = check_teams(team_count, &question.bottom).map_err(in_question(q))?;
        for team in 0..team_count {
            points[team] += slice_points(top[team], bottom[team]);
        }
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neptune_2_4_to_2_6_slice_points_table() {
        for (top, bottom, points) in [
            (true, true, 60),
            (true, false, 20),
            (false, true, 20),
            (false, false, 0),
        ] {
            assert_eq!(
                slice_points(top, bottom),
                points,
                "top {top}, bottom {bottom}"
            );
        }
    }

    #[test]
    fn neptune_2_sandwich_contest_sums_questions() {
        let mut questions = vec![SandwichQuestion::default(); QUESTIONS];
        questions[0] = SandwichQuestion {
            top: vec![0, 1],
            bottom: vec![0],
        };
        questions[5] = SandwichQuestion {
            top: vec![],
            bottom: vec![1],
        };
        assert_eq!(score(3, &questions), Ok(vec![60, 40, 0]));
    }
}
