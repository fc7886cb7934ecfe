//! Блицкриг (3.1–3.7): three blocks of four questions; 10 a right answer and
//! 40 more for a whole block (10×4+40 = 80); wrong answers cost nothing.

use serde::{Deserialize, Serialize};

use super::{NeptuneError, check_teams, in_question};

/// 3.1: three blocks ...
pub const BLOCKS: usize = 3;
/// ... of four questions.
pub const QUESTIONS_PER_BLOCK: usize = 4;

/// One block: for each of its four questions, the teams right on it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlitzBlock {
    pub questions: Vec<Vec<usize>>,
}

impl Default for BlitzBlock {
    fn default() -> Self {
        BlitzBlock {
            questions: vec![Vec::new(); QUESTIONS_PER_BLOCK],
        }
    }
}

/// 3.5–3.7: a block's points for `right` correct answers out of four.
pub fn block_points(right: usize) -> i64 {
    // 3.5: 10 a right answer.
    let answers = 10 * right as i64;
    // 3.6: 40 more for the whole block.
    if right == QUESTIONS_PER_BLOCK {
        answers + 40
    } else {
        answers
    }
}

pub fn score(team_count: usize, blocks: &[BlitzBlock]) -> Result<Vec<i64>, NeptuneError> {
    let mut points = vec![0i64; team_count];
    for (b, block) in blocks.iter().enumerate() {
        if block.questions.len() != QUESTIONS_PER_BLOCK {
            return Err(in_question(b)(NeptuneError::BlockSize {
                found: block.questions.len(),
            }));
        }
        let mut right = vec![0usize; team_count];
        for correct in &block.questions {
            let listed = check_teams(team_count, correct).map_err(in_question(b))?;
            for (team, is_right) in listed.into_iter().enumerate() {
                right[team] += usize::from(is_right);
            }
        }
        for team in 0..team_count {
            points[team] += block_points(right[team]);
        }
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neptune_3_6_whole_block_scores_80() {
        assert_eq!(block_points(4), 80);
    }

    #[test]
    fn neptune_3_5_block_points_table() {
        for (right, points) in [(0, 0), (1, 10), (2, 20), (3, 30), (4, 80)] {
            assert_eq!(block_points(right), points, "{right} right");
        }
    }

    #[test]
    fn neptune_3_blitz_contest_sums_blocks() {
        let full = BlitzBlock {
            questions: vec![vec![0]; 4],
        };
        let partial = BlitzBlock {
            questions: vec![vec![0, 1], vec![], vec![1], vec![]],
        };
        assert_eq!(
            score(2, &[full, partial, BlitzBlock::default()]),
            Ok(vec![90, 20])
        );
    }

    #[test]
    fn neptune_3_1_block_must_have_four_questions() {
        let short = BlitzBlock {
            questions: vec![vec![]; 3],
        };
        assert_eq!(
            score(1, &[BlitzBlock::default(), short, BlitzBlock::default()]),
            Err(NeptuneError::InQuestion {
                question: 1,
                error: Box::new(NeptuneError::BlockSize { found: 3 })
            })
        );
    }
}
