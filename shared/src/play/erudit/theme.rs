//! The themes a tournament's rounds are played on (5.9, 5.10): from a
//! question package, a theme is a round of five questions read in order.

use serde::{Deserialize, Serialize};

use crate::packages::Package;
use crate::play::erudit::rules::QUESTIONS_PER_ROUND;

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::packages::parse_package;

    const SVOYA: &[u8] = include_bytes!("../../../../tests/fixtures/packs/svoya_igra.4s");
    const SIQ: &[u8] = include_bytes!("../../../../server/tests/fixtures/packages/pack7-07.siq");

    #[test]
    fn packages_5_9_a_chgksuite_theme_is_a_round_of_questions_in_order() {
        let package = parse_package("svoya_igra.4s", SVOYA).unwrap();
        let themes = themes_of(&package);
        assert!(!themes.is_empty());
        let titled: Vec<&str> = package
            .questions()
            .filter_map(|q| q.theme.as_deref())
            .collect();
        assert_eq!(themes[0].title, titled[0]);
        assert!(
            themes
                .iter()
                .all(|t| t.questions.len() <= QUESTIONS_PER_ROUND)
        );
    }

    #[test]
    fn packages_a_siq_package_plays_as_erudit_themes() {
        let package = parse_package("pack7-07.siq", SIQ).unwrap();
        let themes = themes_of(&package);
        // 25 themes in the package (its final round's themes included).
        assert!(themes.len() >= 20, "{}", themes.len());
        assert!(
            themes
                .iter()
                .all(|t| !t.title.is_empty() && !t.questions.is_empty())
        );
    }

    #[test]
    fn packages_a_package_without_themes_is_cut_into_themes_of_five() {
        let text = (1..=12)
            .map(|i| format!("? Вопрос {i}\n! Ответ {i}\n"))
            .collect::<Vec<_>>()
            .join("\n");
        let package = parse_package("chgk.4s", text.as_bytes()).unwrap();
        let themes = themes_of(&package);
        let sizes: Vec<usize> = themes.iter().map(|t| t.questions.len()).collect();
        assert_eq!(sizes, vec![5, 5, 2]);
        assert_eq!(themes[2].title, "Тема 3");
    }
}
