//! Джокер (5.1–5.5): seven questions; each team declares beforehand how many
//! it will take. Exactly that many: 30 each; more: 10 each; fewer: −20 for
//! each one missing.

use serde::{Deserialize, Serialize};

use super::{NeptuneError, check_teams, in_question};

/// 5.1: seven questions.
pub const QUESTIONS: usize = 7;
/// 5.2: a team declares how many of the seven it will take: 0..=7.
pub const MAX_DECLARATION: u32 = QUESTIONS as u32;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct JokerRound {
    /// The declaration of each team, by team index.
    pub declared: Vec<u32>,
    /// Each question's right teams.
    pub questions: Vec<Vec<usize>>,
}

/// 5.4: the points of a team that declared `declared` and took `taken`.
pub fn joker_points(declared: u32, taken: u32) -> i64 {
    let (d, t) = (i64::from(declared), i64::from(taken));
    match taken.cmp(&declared) {
        // 5.4: as many as declared: 30 for each.
        std::cmp::Ordering::Equal => 30 * t,
        // 5.4: more than declared: 10 for each.
        std::cmp::Ordering::Greater => 10 * t,
        // 5.4: fewer: nothing gained, −20 for each one missing.
        std::cmp::Ordering::Less => -20 * (d - t),
    }
}

pub fn score(team_count: usize, round: &JokerRound) -> Result<Vec<i64>, NeptuneError> {
    if round.declared.len() != team_count {
        return Err(NeptuneError::DeclarationCount {
            found: round.declared.len(),
            team_count,
        });
    }
    if let Some((team, &declared)) = round
        .declared
        .iter()
        .enumerate()
        .find(|(_, d)| **d as usize > round.questions.len())
    {
        return Err(NeptuneError::Declaration {
            team,
            declared,
            max: round.questions.len() as u32,
        });
    }
    let mut taken = vec![0u32; team_count];
    for (q, correct) in round.questions.iter().enumerate() {
        let right = check_teams(team_count, correct).map_err(in_question(q))?;
        for (team, is_right) in right.into_iter().enumerate() {
            taken[team] += u32::from(is_right);
        }
    }
    Ok(round
        .declared
        .iter()
        .zip(taken)
        .map(|(&d, t)| joker_points(d, t))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neptune_5_4_joker_points_table() {
        // (declared, taken, points)
        let table = [
            (3, 3, 90),
            (7, 7, 210),
            (0, 0, 0),
            (2, 5, 50),
            (0, 1, 10),
            (5, 2, -60),
            (7, 0, -140),
            (1, 0, -20),
        ];
        for (declared, taken, points) in table {
            assert_eq!(
                joker_points(declared, taken),
                points,
                "declared {declared}, taken {taken}"
            );
        }
    }

    #[test]
    fn neptune_5_joker_round_counts_taken_questions() {
        let mut questions = vec![vec![]; QUESTIONS];
        questions[0] = vec![0, 1];
        questions[3] = vec![0];
        let round = JokerRound {
            declared: vec![2, 3],
            questions,
        };
        assert_eq!(score(2, &round), Ok(vec![60, -40]));
    }

    #[test]
    fn neptune_5_2_declaration_is_zero_to_seven_for_every_team() {
        let round = JokerRound {
            declared: vec![8],
            questions: vec![vec![]; QUESTIONS],
        };
        assert_eq!(
            score(1, &round),
            Err(NeptuneError::Declaration {
                team: 0,
                declared: 8,
                max: 7
            })
        );
        let round = JokerRound {
            declared: vec![1],
            questions: vec![vec![]; QUESTIONS],
        };
        assert_eq!(
            score(2, &round),
            Err(NeptuneError::DeclarationCount {
                found: 1,
                team_count: 2
            })
        );
    }
}
