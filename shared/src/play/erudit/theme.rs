//! The themes a tournament's rounds are played on (5.9, 5.10): from a
//! question package, a theme is a round of five questions read in order.

use serde::{Deserialize, Serialize};

use crate::packages::Package;
use crate::rules::erudit::QUESTIONS_PER_ROUND;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EruditQuestion {
    pub text: String,
    pub answer: String,
    pub comment: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EruditTheme {
    pub title: String,
    /// At most five, in order of value (5.9); fewer are read from paper.
    pub questions: Vec<EruditQuestion>,
}

/// A package's themes (chgksuite's `#T`, SIGame's themes) in order, each
/// with its first five questions (docs/rules.md, 5.9/5.10 in packages); a
/// package without themes (a ChGK package) is cut into themes of five,
/// named by number.
pub fn themes_of(package: &Package) -> Vec<EruditTheme> {
    let mut themes: Vec<EruditTheme> = Vec::new();
    let mut untitled = 0;
    for tour in &package.tours {
        let mut current: Option<(Option<String>, Vec<EruditQuestion>)> = None;
        for q in &tour.questions {
            let question = EruditQuestion {
                text: q.text.clone(),
                answer: q.answer.clone(),
                comment: q.comment.clone(),
            };
            let theme = q.theme.clone();
            let full = current.as_ref().is_some_and(|(t, qs)| {
                *t != theme || (t.is_none() && qs.len() == QUESTIONS_PER_ROUND)
            });
            if full && let Some(done) = current.take() {
                themes.push(finish(done, &mut untitled));
            }
            current
                .get_or_insert_with(|| (theme, Vec::new()))
                .1
                .push(question);
        }
        if let Some(done) = current.take() {
            themes.push(finish(done, &mut untitled));
        }
    }
    themes
}

fn finish(
    (title, mut questions): (Option<String>, Vec<EruditQuestion>),
    untitled: &mut u32,
) -> EruditTheme {
    questions.truncate(QUESTIONS_PER_ROUND);
    let title = title.filter(|t| !t.trim().is_empty()).unwrap_or_else(|| {
        *untitled += 1;
        format!("Тема {untitled}")
    });
    EruditTheme { title, questions }
}
