//! The `chgk` sheet (3, 4.3): questions with the teams right on each and
//! whether it was withdrawn on appeal.

use serde_json::Value;

use super::SheetError;
use super::json::Node;
use super::output::{Scored, int, row};
use super::teams::Teams;
use crate::rules::chgk::{ChgkQuestionOutcome, chgk_standings};

pub(crate) fn score(root: &Node<'_>) -> Result<Scored, SheetError> {
    let fields = root.fields(&["format", "teams", "questions"])?;
    let teams = Teams::read(&fields)?;
    let mut questions = Vec::new();
    for node in fields.required("questions")?.array()? {
        let question = node.fields(&["correct", "removed", "absent"])?;
        let correct = teams.list(&question.required("correct")?)?;
        // 4.3: teams not playing the question do not count in A; absent = none.
        let absent = match question.optional("absent") {
            Some(list) => {
                let absent = teams.list(&list)?;
                if let Some(t) = absent.iter().find(|t| correct.contains(t)) {
                    return Err(list.err(format!(
                        "{} answered right, so it played: it cannot be absent (4.3)",
                        super::teams::quote(teams.name(*t))
                    )));
                }
                absent
            }
            None => Vec::new(),
        };
        // 4.14: `removed` marks a question withdrawn on appeal; absent = false.
        let removed = match question.optional("removed") {
            Some(removed) => removed.bool()?,
            None => false,
        };
        questions.push(ChgkQuestionOutcome {
            correct,
            removed,
            absent,
        });
    }
    let standings = chgk_standings(teams.len(), &questions)
        .into_iter()
        .map(|r| {
            row(teams.name(r.team), r.place, int(i64::from(r.points)))
                .with("rating", int(r.rating))
                .with("mask", Value::String(r.mask))
        })
        .collect();
    Ok(Scored {
        format: "chgk",
        standings,
        next_round: None,
    })
}
