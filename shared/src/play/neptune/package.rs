//! A Нептун question package: the six contests' questions, the Негатив
//! sheet of 24 phrases (1.2) and the Джокер topics (5.2), as a JSON file
//! the host loads (the format is shown in docs/running-a-game.md; `demo_neptune.json`
//! is a whole example). Parsing is pure: bytes in, a package or a reason
//! naming the line out.

use serde::{Deserialize, Serialize};

use crate::play::neptune::rules::{Contest, QUESTIONS_PER_BLOCK};

/// 1.2: «24 словосочетания».
pub const SHEET_PHRASES: usize = 24;

/// A question as the host reads it and the answer the host reveals.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NeptuneQuestion {
    #[serde(default)]
    pub text: String,
    pub answer: String,
    #[serde(default)]
    pub comment: String,
}

/// A Негатив question: its rating (1.3; the host may announce another)
/// and its «перевёртыш» on the sheet, which the host never reveals (1.4).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NegativeItem {
    #[serde(default)]
    pub text: String,
    pub answer: String,
    #[serde(default)]
    pub comment: String,
    #[serde(default)]
    pub rating: Option<u32>,
    /// The phrase of the sheet this answer is the «перевёртыш» of.
    #[serde(default)]
    pub flip: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NegativePart {
    /// 1.2: the sheet, in the order printed (every team sees this order).
    pub phrases: Vec<String>,
    pub questions: Vec<NegativeItem>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JokerPart {
    /// 5.2: the topics announced before the tour.
    pub topics: Vec<String>,
    pub questions: Vec<NeptuneQuestion>,
}

/// The whole package.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NeptunePackage {
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub negative: NegativePart,
    #[serde(default)]
    pub sandwich: Vec<NeptuneQuestion>,
    /// 3.1: blocks of four.
    #[serde(default)]
    pub blitz: Vec<Vec<NeptuneQuestion>>,
    #[serde(default)]
    pub sisyphus: Vec<NeptuneQuestion>,
    #[serde(default)]
    pub joker: JokerPart,
    #[serde(default)]
    pub auction: Vec<NeptuneQuestion>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum NeptunePackageError {
    #[error("«{file}» is not a Нептун package (a .json file): {reason}")]
    Json { file: String, reason: String },
    #[error("the Негатив sheet has {found} phrases; 1.2 gives every team 24")]
    SheetSize { found: usize },
    #[error("Негатив question {number}: its «перевёртыш» «{flip}» is not on the sheet (1.2)")]
    FlipNotOnSheet { number: usize, flip: String },
    #[error(
        "the Негатив sheet has «{phrase}» twice (phrases {first} and {second}); 1.2 gives 24 different phrases"
    )]
    PhraseTwice {
        phrase: String,
        first: usize,
        second: usize,
    },
    #[error(
        "Негатив questions {first} and {second} have the same «перевёртыш» «{flip}»; 1.2 gives 12 different phrases of the 24"
    )]
    FlipTwice {
        flip: String,
        first: usize,
        second: usize,
    },
    #[error("Негатив question {number}: a rating is a positive number (1.3)")]
    ZeroRating { number: usize },
    #[error("Блицкриг block {number} has {found} questions; a block has 4 (3.1)")]
    BlockSize { number: usize, found: usize },
    #[error("{contest}: {found} questions, but the contest plays at most {max} ({rule})")]
    TooMany {
        contest: String,
        found: usize,
        max: usize,
        rule: String,
    },
    #[error("question {number} of {contest} has no answer")]
    NoAnswer { contest: String, number: usize },
}

impl NeptunePackage {
    pub fn parse(file_name: &str, bytes: &[u8]) -> Result<Self, NeptunePackageError> {
        let package: NeptunePackage =
            serde_json::from_slice(bytes).map_err(|e| NeptunePackageError::Json {
                file: file_name.to_string(),
                reason: e.to_string(),
            })?;
        package.validate()?;
        Ok(package)
    }

    /// How many questions (Блицкриг: blocks) the package has for `contest`.
    pub fn count(&self, contest: Contest) -> usize {
        match contest {
            Contest::Negative => self.negative.questions.len(),
            Contest::Sandwich => self.sandwich.len(),
            Contest::Blitz => self.blitz.len(),
            Contest::Sisyphus => self.sisyphus.len(),
            Contest::Joker => self.joker.questions.len(),
            Contest::Auction => self.auction.len(),
        }
    }

    /// The `index`-th question of a contest (Блицкриг: `part` of block
    /// `index`) as the host reads it.
    pub fn question(&self, contest: Contest, index: usize, part: usize) -> Option<NeptuneQuestion> {
        let plain = |q: &NeptuneQuestion| q.clone();
        match contest {
            Contest::Negative => self.negative.questions.get(index).map(|q| NeptuneQuestion {
                text: q.text.clone(),
                answer: q.answer.clone(),
                comment: q.comment.clone(),
            }),
            Contest::Sandwich => self.sandwich.get(index).map(plain),
            Contest::Blitz => self.blitz.get(index).and_then(|b| b.get(part)).map(plain),
            Contest::Sisyphus => self.sisyphus.get(index).map(plain),
            Contest::Joker => self.joker.questions.get(index).map(plain),
            Contest::Auction => self.auction.get(index).map(plain),
        }
    }

    fn validate(&self) -> Result<(), NeptunePackageError> {
        let phrases = self.negative.phrases.len();
        if phrases != 0 && phrases != SHEET_PHRASES {
            return Err(NeptunePackageError::SheetSize { found: phrases });
        }
        // 1.2: 24 phrases, 12 of them the answers' «перевёртыши»: a phrase
        // twice would leave the sheet short of 24, a «перевёртыш» shared by
        // two answers short of 12 (numbers from 1, as the host counts).
        let phrases_list = &self.negative.phrases;
        for (i, phrase) in phrases_list.iter().enumerate() {
            if let Some(j) = phrases_list[..i]
                .iter()
                .position(|p| p.trim() == phrase.trim())
            {
                return Err(NeptunePackageError::PhraseTwice {
                    phrase: phrase.clone(),
                    first: j + 1,
                    second: i + 1,
                });
            }
        }
        let questions = &self.negative.questions;
        for (i, q) in questions.iter().enumerate() {
            let flip = q.flip.trim();
            if flip.is_empty() {
                continue;
            }
            if let Some(j) = questions[..i].iter().position(|p| p.flip.trim() == flip) {
                return Err(NeptunePackageError::FlipTwice {
                    flip: q.flip.clone(),
                    first: j + 1,
                    second: i + 1,
                });
            }
        }
        for (i, q) in self.negative.questions.iter().enumerate() {
            if q.rating == Some(0) {
                return Err(NeptunePackageError::ZeroRating { number: i + 1 });
            }
            if phrases != 0 && !q.flip.is_empty() && !self.negative.phrases.contains(&q.flip) {
                return Err(NeptunePackageError::FlipNotOnSheet {
                    number: i + 1,
                    flip: q.flip.clone(),
                });
            }
        }
        for (i, block) in self.blitz.iter().enumerate() {
            if block.len() != QUESTIONS_PER_BLOCK {
                return Err(NeptunePackageError::BlockSize {
                    number: i + 1,
                    found: block.len(),
                });
            }
        }
        for contest in Contest::ALL {
            let found = self.count(contest);
            if found > contest.questions() {
                return Err(NeptunePackageError::TooMany {
                    contest: contest.key().into(),
                    found,
                    max: contest.questions(),
                    rule: contest.count_rule().into(),
                });
            }
            let parts = if contest == Contest::Blitz {
                QUESTIONS_PER_BLOCK
            } else {
                1
            };
            for index in 0..found {
                for part in 0..parts {
                    if self
                        .question(contest, index, part)
                        .is_some_and(|q| q.answer.trim().is_empty())
                    {
                        return Err(NeptunePackageError::NoAnswer {
                            contest: contest.key().into(),
                            number: index + 1,
                        });
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Негатив part of 12 questions, question `i`'s «перевёртыш» phrase `2i`.
    fn negative() -> NeptunePackage {
        let phrases: Vec<String> = (0..24).map(|i| format!("фраза {i}")).collect();
        NeptunePackage {
            negative: NegativePart {
                questions: (0..12)
                    .map(|i| NegativeItem {
                        answer: format!("n{i}"),
                        flip: phrases[i * 2].clone(),
                        ..NegativeItem::default()
                    })
                    .collect(),
                phrases,
            },
            ..NeptunePackage::default()
        }
    }

    fn parse(package: &NeptunePackage) -> Result<NeptunePackage, NeptunePackageError> {
        let bytes = serde_json::to_vec(package).map_err(|e| NeptunePackageError::Json {
            file: "test".into(),
            reason: e.to_string(),
        })?;
        NeptunePackage::parse("p.json", &bytes)
    }

    #[test]
    fn neptune_1_2_twelve_different_flips_of_the_24_phrases() {
        assert!(parse(&negative()).is_ok());
        // Questions 3 and 8 share one «перевёртыш»: only 11 of the 24 are.
        let mut shared = negative();
        shared.negative.questions[7].flip = "фраза 4".into();
        let error = parse(&shared).unwrap_err();
        assert_eq!(
            error,
            NeptunePackageError::FlipTwice {
                flip: "фраза 4".into(),
                first: 3,
                second: 8
            }
        );
        assert_eq!(
            error.to_string(),
            "Негатив questions 3 and 8 have the same «перевёртыш» «фраза 4»; 1.2 gives 12 different phrases of the 24"
        );
        // The sheet itself: 24 different phrases (spaces aside).
        let mut twice = negative();
        twice.negative.phrases[23] = " фраза 1 ".into();
        assert_eq!(
            parse(&twice),
            Err(NeptunePackageError::PhraseTwice {
                phrase: " фраза 1 ".into(),
                first: 2,
                second: 24
            })
        );
        // A question without its «перевёртыш» named is not a second one.
        let mut unnamed = negative();
        unnamed.negative.questions[0].flip.clear();
        unnamed.negative.questions[1].flip.clear();
        assert!(parse(&unnamed).is_ok());
    }
}
