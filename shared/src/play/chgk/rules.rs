//! «Что? Где? Когда?» scoring (3) and the question rating of 4.3 / 5.2.

use serde::{Deserialize, Serialize};

use crate::tournament::{Place, rank_by};

/// What happened on one question: which teams answered it right, and
/// whether it was withdrawn on appeal (then it scores nothing for anyone).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChgkQuestionOutcome {
    /// Team indices (0-based, into the game's team list).
    pub correct: Vec<usize>,
    pub removed: bool,
    /// 4.3: teams not playing this question (absent from its tour); they
    /// do not count in A. Team indices, like `correct`.
    #[serde(default)]
    pub absent: Vec<usize>,
}

/// One team's line in the ChGK table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChgkRow {
    pub team: usize,
    pub place: Place,
    /// 3: one point per correct answer on a question not removed.
    pub points: u32,
    /// 4.3: Σ of the ratings of the questions it answered right.
    pub rating: i64,
    /// One character per question: `1` right, `0` not, `X` removed.
    pub mask: String,
}

/// 4.3: the rating of a question is (A+1)−B, A = number of playing teams,
/// B = number of teams that answered it right.
pub fn question_rating(team_count: usize, correct_count: usize) -> i64 {
    to_i64(team_count) + 1 - to_i64(correct_count)
}

/// The ChGK table. Rows are ordered by place; teams equal on points and
/// rating share a place and keep team-index order.
///
/// Indices out of `0..team_count` are ignored and a team listed twice on a
/// question counts once, so the function never panics; the sheet and the
/// live game validate their inputs before calling it.
pub fn chgk_standings(team_count: usize, questions: &[ChgkQuestionOutcome]) -> Vec<ChgkRow> {
    let mut points = vec![0u32; team_count];
    let mut rating = vec![0i64; team_count];
    let mut masks = vec![String::with_capacity(questions.len()); team_count];
    for question in questions {
        let mut right = vec![false; team_count];
        for &team in &question.correct {
            if let Some(slot) = right.get_mut(team) {
                *slot = true;
            }
        }
        if question.removed {
            // 4.14: a question withdrawn on appeal scores nothing for anyone.
            masks.iter_mut().for_each(|mask| mask.push('X'));
            continue;
        }
        // 4.3: A is the number of *playing* teams.
        let mut absent = vec![false; team_count];
        for &team in &question.absent {
            if let Some(slot) = absent.get_mut(team) {
                *slot = true;
            }
        }
        let playing = team_count - absent.iter().filter(|a| **a).count();
        let value = question_rating(playing, right.iter().filter(|r| **r).count());
        for (team, is_right) in right.into_iter().enumerate() {
            if is_right {
                // 3: one point per correct answer.
                points[team] += 1;
                rating[team] += value;
            }
            masks[team].push(if is_right { '1' } else { '0' });
        }
    }
    let rows: Vec<ChgkRow> = masks
        .into_iter()
        .enumerate()
        .map(|(team, mask)| ChgkRow {
            team,
            place: Place::single(1),
            points: points[team],
            rating: rating[team],
            mask,
        })
        .collect();
    // 4.3: points first, then the rating.
    rank_by(rows, |row| (row.points, row.rating))
        .into_iter()
        .map(|ranked| ChgkRow {
            place: ranked.place,
            ..ranked.item
        })
        .collect()
}

fn to_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(correct: &[usize]) -> ChgkQuestionOutcome {
        ChgkQuestionOutcome {
            correct: correct.to_vec(),
            removed: false,
            absent: Vec::new(),
        }
    }

    #[test]
    fn chgk_4_3_absent_teams_do_not_count_in_a() {
        // 4 teams, one absent: A = 3, B = 1, rating 3 (not 4).
        let question = ChgkQuestionOutcome {
            absent: vec![3],
            ..q(&[0])
        };
        let rows = chgk_standings(4, &[question]);
        assert_eq!(rows[0].rating, 3);
    }

    #[test]
    fn chgk_4_3_question_rating_is_a_plus_one_minus_b() {
        for (teams, correct, rating) in [(10, 0, 11), (10, 1, 10), (10, 10, 1), (3, 2, 2)] {
            assert_eq!(
                question_rating(teams, correct),
                rating,
                "A={teams} B={correct}"
            );
        }
    }

    #[test]
    fn chgk_3_one_point_per_correct_answer_and_4_3_rating_sum() {
        // Arrange: 3 teams; q1 only team 0 (rating 3), q2 teams 0 and 1 (rating 2).
        let questions = [q(&[0]), q(&[0, 1]), q(&[])];
        // Act
        let rows = chgk_standings(3, &questions);
        // Assert
        assert_eq!(
            rows[0],
            ChgkRow {
                team: 0,
                place: Place::single(1),
                points: 2,
                rating: 5,
                mask: "110".into()
            }
        );
        assert_eq!(
            rows[1],
            ChgkRow {
                team: 1,
                place: Place::single(2),
                points: 1,
                rating: 2,
                mask: "010".into()
            }
        );
        assert_eq!(
            rows[2],
            ChgkRow {
                team: 2,
                place: Place::single(3),
                points: 0,
                rating: 0,
                mask: "000".into()
            }
        );
    }

    #[test]
    fn chgk_4_3_rating_breaks_a_tie_on_points() {
        // Team 1 took the harder question (only it was right): higher rating.
        let rows = chgk_standings(3, &[q(&[0, 2]), q(&[1])]);
        assert_eq!(
            rows.iter().map(|r| r.team).collect::<Vec<_>>(),
            vec![1, 0, 2]
        );
        assert_eq!(rows[0].rating, 3);
        assert_eq!(rows[1].rating, 2);
        // Teams 0 and 2 are equal on points and rating: they share 2-3.
        assert_eq!(rows[1].place.to_string(), "2-3");
        assert_eq!(rows[2].place.to_string(), "2-3");
    }

    #[test]
    fn chgk_4_3_full_tie_shares_a_place_in_team_order() {
        let rows = chgk_standings(3, &[q(&[2, 1])]);
        assert_eq!(
            rows.iter().map(|r| r.team).collect::<Vec<_>>(),
            vec![1, 2, 0]
        );
        assert_eq!(rows[0].place.to_string(), "1-2");
        assert_eq!(rows[1].place.to_string(), "1-2");
        assert_eq!(rows[2].place.to_string(), "3");
    }

    #[test]
    fn chgk_4_14_removed_question_scores_nothing_and_masks_x() {
        let questions = [
            q(&[0]),
            ChgkQuestionOutcome {
                correct: vec![1],
                removed: true,
                absent: Vec::new(),
            },
        ];
        let rows = chgk_standings(2, &questions);
        assert_eq!(rows[0].mask, "1X");
        assert_eq!(rows[1].mask, "0X");
        assert_eq!(rows[1].points, 0);
    }

    #[test]
    fn chgk_bad_indices_never_panic() {
        let rows = chgk_standings(2, &[q(&[5, 0, 0])]);
        assert_eq!(rows[0].points, 1);
        assert_eq!(rows[0].rating, 2);
        assert!(chgk_standings(0, &[q(&[0])]).is_empty());
    }
}
