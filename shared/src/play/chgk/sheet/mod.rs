//! The `chgk` sheet (3, 4.3): questions with the teams right on each and
//! whether it was withdrawn on appeal.

mod from_game;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::play::chgk::rules::{ChgkQuestionOutcome, chgk_standings};
use crate::sheet::SheetError;
use crate::sheet::output::{Scored, int, row};
use crate::sheet::teams::{Teams, quote};

/// `{"format":"chgk","teams":[…],"questions":[…]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChgkSheet {
    /// The format's name, as `LiveFormat::FORMAT` gives it.
    pub format: String,
    pub teams: Vec<String>,
    pub questions: Vec<ChgkSheetQuestion>,
    /// 2.2: how ties at prize places were settled in play; absent = none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prize_ties: Vec<crate::sheet::prize_ties::SheetPrizeTie>,
}

/// A played question.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChgkSheetQuestion {
    /// The teams right on it.
    pub correct: Vec<String>,
    /// 4.14: withdrawn on appeal; absent = false.
    #[serde(default)]
    pub removed: bool,
    /// 4.3: the teams not playing it (they do not count in A); absent = none.
    #[serde(default)]
    pub absent: Vec<String>,
}

pub(crate) fn score(sheet: &ChgkSheet) -> Result<Scored, SheetError> {
    let teams = Teams::read(&sheet.teams, "teams")?;
    let mut questions = Vec::with_capacity(sheet.questions.len());
    for (i, question) in sheet.questions.iter().enumerate() {
        let path = format!("questions[{i}]");
        let correct = teams.list(&question.correct, &format!("{path}.correct"))?;
        let absent_path = format!("{path}.absent");
        let absent = teams.list(&question.absent, &absent_path)?;
        if let Some(t) = absent.iter().find(|t| correct.contains(t)) {
            return Err(SheetError::new(
                &absent_path,
                format!(
                    "{} answered right, so it played: it cannot be absent (4.3)",
                    quote(teams.name(*t))
                ),
            ));
        }
        questions.push(ChgkQuestionOutcome {
            correct,
            removed: question.removed,
            absent,
        });
    }
    let mut standings = chgk_standings(teams.len(), &questions)
        .into_iter()
        .map(|r| {
            row(teams.name(r.team), r.place, int(i64::from(r.points)))
                .with("rating", int(r.rating))
                .with("mask", Value::String(r.mask))
        })
        .collect();
    crate::sheet::prize_ties::settle(&mut standings, &sheet.prize_ties)?;
    Ok(Scored {
        format: "chgk",
        standings,
        next_round: None,
    })
}
