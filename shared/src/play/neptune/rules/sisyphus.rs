//! Сизиф (4.1–4.3): six questions; the k-th right answer in a row scores
//! 10·k, a wrong (or missing) answer scores nothing and restarts the run.

use serde::{Deserialize, Serialize};

use super::{NeptuneError, check_teams, in_question};

/// 4.1: six questions.
pub const QUESTIONS: usize = 6;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SisyphusQuestion {
    pub correct: Vec<usize>,
}

/// One team's run of right answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SisyphusRun {
    pub streak: u32,
}

impl SisyphusRun {
    /// 4.3: the points of the next answer.
    pub fn answer(&mut self, right: bool) -> i64 {
        if right {
            // 4.3: 10 for the first, each next one 10 more.
            self.streak += 1;
            10 * i64::from(self.streak)
        } else {
            // 4.3: a wrong answer resets the progression.
            self.streak = 0;
            0
        }
    }
}

pub fn score(team_count: usize, questions: &[SisyphusQuestion]) -> Result<Vec<i64>, NeptuneError> {
    let mut points = vec![0i64; team_count];
    let mut runs = vec![SisyphusRun::default(); team_count];
    for (q, question) in questions.iter().enumerate() {
        let right = check_teams(team_count, &question.correct).map_err(in_question(q))?;
        for team in 0..team_count {
            points[team] += runs[team].answer(right[team]);
        }
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn run(answers: &[bool]) -> i64 {
        let mut run = SisyphusRun::default();
        answers.iter().map(|&right| run.answer(right)).sum()
    }

    #[test]
    fn neptune_4_3_sisyphus_all_six_scores_210() {
        assert_eq!(run(&[true; 6]), 210);
    }

    #[test]
    fn neptune_4_3_sisyphus_all_but_third_scores_90() {
        assert_eq!(run(&[true, true, false, true, true, true]), 90);
    }

    #[test]
    fn neptune_4_3_sisyphus_table() {
        let cases: [(&[bool], i64); 4] = [
            (&[false; 6], 0),
            (&[true, false, true, false, true, false], 30),
            (&[false, false, false, true, true, true], 60),
            (&[true, true, true, true, true, false], 150),
        ];
        for (answers, points) in cases {
            assert_eq!(run(answers), points, "{answers:?}");
        }
    }

    #[test]
    fn neptune_4_sisyphus_contest_missing_answer_resets() {
        let questions: Vec<SisyphusQuestion> = [
            vec![0, 1],
            vec![0, 1],
            vec![0],
            vec![0, 1],
            vec![0, 1],
            vec![0, 1],
        ]
        .into_iter()
        .map(|correct| SisyphusQuestion { correct })
        .collect();
        assert_eq!(score(2, &questions), Ok(vec![210, 90]));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// 4.3: six questions never give more than 10+20+…+60 = 210.
        #[test]
        fn neptune_4_3_sisyphus_never_exceeds_210(answers in proptest::array::uniform6(any::<bool>())) {
            let points = run(&answers);
            prop_assert!((0..=210).contains(&points));
            prop_assert_eq!(points == 210, answers.iter().all(|a| *a));
        }
    }
}
