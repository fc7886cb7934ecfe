//! The question-package model every importer produces: a [`Package`] of
//! [`Tour`]s of [`Question`]s, independent of the file format it came from.
//!
//! These types travel over the wire (bincode) and into the event log, so they
//! are plain data: externally tagged unit enums, every field always present.
//! Fields added later carry `#[serde(default)]` so event logs written before
//! them still load.

use serde::{Deserialize, Serialize};

use super::media::{MediaFile, MediaRef};

/// How a question is played and shown: one question, or several sub-questions
/// answered on one card.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum QuestionKind {
    /// An ordinary question with one answer.
    #[default]
    Single,
    /// «Дуплет»: two sub-questions, usually read one after the other.
    Duplet,
    /// «Блиц»: three or more short sub-questions in a row.
    Blitz,
}

/// One question as printed in the package, with everything the host and the
/// judges need: answer, зачёт, незачёт, comment, sources, authors.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Question {
    /// The number as printed in the package ("35", "0"), if it prints one;
    /// otherwise the game numbers questions itself.
    pub number: Option<String>,
    pub kind: QuestionKind,
    /// The question text without its handout; for duplets and blitz only the
    /// introduction ("Дуплет. Два вопроса по 30 секунд…").
    pub text: String,
    /// The sub-questions of a duplet or blitz, in order; empty for a single
    /// question.
    pub parts: Vec<String>,
    /// Handout text («раздаточный материал»), which teams get on paper or on
    /// screen.
    pub handout: Option<String>,
    /// The whole answer as the host reads it out (for duplets and blitz every
    /// part on its own numbered line).
    pub answer: String,
    /// Per-part answers of a duplet or blitz, matching `parts` when the
    /// package lists them; empty for a single question.
    pub answer_parts: Vec<String>,
    /// «Зачёт»: other answers that also count.
    pub accepted: Option<String>,
    /// «Незачёт»: answers that explicitly do not count.
    pub rejected: Option<String>,
    pub comment: Option<String>,
    pub sources: Option<String>,
    pub authors: Option<String>,
    /// The theme this question belongs to (Своя игра, Эрудит-квартет), as
    /// printed on the theme's `#T` line; `None` in ChGK packages.
    #[serde(default)]
    pub theme: Option<String>,
    /// What the question is worth in a themed game: 10, 20 … 50 by its place
    /// in the theme (Эрудит-квартет 5.9, 5.10), or the price the package
    /// prints; `None` outside a theme.
    #[serde(default)]
    pub value: Option<u32>,
    /// The price the package itself gives the question (SIGame's `price`:
    /// 100 … 500, 1000 … in later rounds), kept as written whatever `value`
    /// says; `None` where the package gives none (`.4s` packages print
    /// theirs as the number, which `value` then follows).
    #[serde(default)]
    pub price: Option<u32>,
    /// The pictures the question shows (a `.siq`'s images, a `.4s`'s
    /// «(pic: …)»), which the host may put on the projector; only their
    /// hashes, never their bytes.
    #[serde(default)]
    pub media: Vec<MediaRef>,
}

impl Question {
    /// True for duplets and blitz: several sub-questions on one card.
    pub fn is_multipart(&self) -> bool {
        self.kind != QuestionKind::Single
    }
}

/// A tour («тур»): the questions played between two breaks; in themed games
/// (chgksuite's `#R`) a round of themes.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tour {
    pub title: String,
    /// The fight («бой», chgksuite's `#B`) this round is played in, when the
    /// package is split into fights; `None` in ChGK packages.
    #[serde(default)]
    pub battle: Option<String>,
    /// The round's themes in playing order; each of its questions names its
    /// theme in [`Question::theme`]. Empty in ChGK packages.
    #[serde(default)]
    pub themes: Vec<Theme>,
    pub questions: Vec<Question>,
}

/// A theme (chgksuite's `#T`): a run of questions of rising value on one
/// subject, played as one round of Эрудит-квартет or one column of Своя игра.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Theme {
    pub title: String,
    /// «Автор темы»: an `@` line written for the theme rather than a question.
    pub authors: Option<String>,
    /// A `/` line written for the theme rather than a question.
    pub comment: Option<String>,
}

/// A whole question package as the editors published it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Package {
    /// The championship or tournament title.
    pub title: Option<String>,
    /// «Редакторы»: who edited the package.
    pub editors: Option<String>,
    /// The date as written in the package; it is free text ("Этап 3 (20—24
    /// ноября 2015 года)"), not a calendar date.
    pub date: Option<String>,
    /// Other notes for the host: season, acknowledgements, testers …
    pub info: Vec<String>,
    pub tours: Vec<Tour>,
    /// The bytes of the pictures the questions show, each once. Not part of
    /// the package as it travels or is logged: the server stores pictures
    /// by their hashes on their own.
    #[serde(skip)]
    pub media: Vec<MediaFile>,
}

impl Package {
    /// All questions in playing order, across tours.
    pub fn questions(&self) -> impl Iterator<Item = &Question> {
        self.tours.iter().flat_map(|tour| tour.questions.iter())
    }

    /// How many questions the package has in all tours.
    pub fn question_count(&self) -> usize {
        self.tours.iter().map(|tour| tour.questions.len()).sum()
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn sample() -> Package {
        Package {
            title: Some("Открытый синхронный чемпионат".into()),
            editors: None,
            date: Some("20—24 ноября".into()),
            info: vec!["Сезон 2015/2016".into()],
            tours: vec![
                Tour {
                    title: "1 тур".into(),
                    questions: vec![Question::default(), Question::default()],
                    ..Tour::default()
                },
                Tour {
                    title: "2 тур".into(),
                    battle: Some("Бой 1".into()),
                    themes: vec![Theme {
                        title: "Реки".into(),
                        authors: Some("Автор".into()),
                        comment: None,
                    }],
                    questions: vec![Question {
                        number: Some("35".into()),
                        kind: QuestionKind::Duplet,
                        parts: vec!["Первый".into(), "Второй".into()],
                        answer_parts: vec!["1".into(), "2".into()],
                        handout: Some("| a | b |".into()),
                        theme: Some("Реки".into()),
                        value: Some(30),
                        ..Question::default()
                    }],
                },
            ],
            media: Vec::new(),
        }
    }

    #[test]
    fn packages_question_count_spans_tours() {
        let package = sample();
        assert_eq!(package.question_count(), 3);
        assert_eq!(package.questions().filter(|q| q.is_multipart()).count(), 1);
    }

    #[test]
    fn packages_model_round_trips_through_bincode_and_json() {
        let package = sample();
        let config = bincode::config::standard();
        let bytes = bincode::serde::encode_to_vec(&package, config).unwrap();
        let (back, used): (Package, usize) =
            bincode::serde::decode_from_slice(&bytes, config).unwrap();
        assert_eq!(used, bytes.len());
        assert_eq!(back, package);

        let json = serde_json::to_string(&package).unwrap();
        assert_eq!(serde_json::from_str::<Package>(&json).unwrap(), package);
    }

    #[test]
    fn packages_questions_logged_before_themes_existed_still_load() {
        // Arrange: a question as an older event log holds it, without the
        // theme fields and the price.
        let mut json = serde_json::to_value(Question {
            text: "Кто?".into(),
            answer: "Пушкин".into(),
            ..Question::default()
        })
        .unwrap();
        let fields = json.as_object_mut().unwrap();
        fields.remove("theme");
        fields.remove("value");
        fields.remove("price");
        fields.remove("media");

        // Act
        let question: Question = serde_json::from_value(json).unwrap();

        // Assert
        assert_eq!(
            (question.theme, question.value, question.price),
            (None, None, None)
        );
        assert_eq!(question.answer, "Пушкин");
    }
}
