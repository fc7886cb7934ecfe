//! «Нептун» (000_…): six team contests with one overall score (0.1):
//! Негатив, Сэндвич, Блицкриг, Сизиф, Джокер and Аукцион.

pub mod auction;
pub mod blitz;
pub mod joker;
pub mod negative;
pub mod sandwich;
pub mod sisyphus;

use serde::{Deserialize, Serialize};

pub use auction::{
    Auction, AuctionQuestion, AuctionStep, Bid, Bidding, BiddingOutcome, FIRST_BID_MIN, PlacedBid,
    QUESTION_VALUE, Winner, settle_auction_question,
};
pub use blitz::{BLOCKS, BlitzBlock, QUESTIONS_PER_BLOCK, block_points};
pub use joker::{JokerRound, MAX_DECLARATION, joker_points};
pub use negative::NegativeQuestion;
pub use sandwich::{SandwichQuestion, slice_points};
pub use sisyphus::{SisyphusQuestion, SisyphusRun};

/// 0.1: the six contests, in playing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Contest {
    Negative,
    Sandwich,
    Blitz,
    Sisyphus,
    Joker,
    Auction,
}

impl Contest {
    pub const ALL: [Contest; 6] = [
        Contest::Negative,
        Contest::Sandwich,
        Contest::Blitz,
        Contest::Sisyphus,
        Contest::Joker,
        Contest::Auction,
    ];

    /// The contest's key in a scoresheet and in results.
    pub fn key(self) -> &'static str {
        match self {
            Contest::Negative => "negative",
            Contest::Sandwich => "sandwich",
            Contest::Blitz => "blitz",
            Contest::Sisyphus => "sisyphus",
            Contest::Joker => "joker",
            Contest::Auction => "auction",
        }
    }

    /// The contest's place in [`Contest::ALL`].
    pub fn index(self) -> usize {
        match self {
            Contest::Negative => 0,
            Contest::Sandwich => 1,
            Contest::Blitz => 2,
            Contest::Sisyphus => 3,
            Contest::Joker => 4,
            Contest::Auction => 5,
        }
    }

    /// How many questions (for Блицкриг: blocks) the rules fix.
    pub fn questions(self) -> usize {
        match self {
            Contest::Negative => negative::QUESTIONS,
            Contest::Sandwich => sandwich::QUESTIONS,
            Contest::Blitz => blitz::BLOCKS,
            Contest::Sisyphus => sisyphus::QUESTIONS,
            Contest::Joker => joker::QUESTIONS,
            Contest::Auction => auction::QUESTIONS,
        }
    }

    /// The section that fixes the count.
    pub fn count_rule(self) -> &'static str {
        match self {
            Contest::Negative => "1.1",
            Contest::Sandwich => "2.1",
            Contest::Blitz => "3.1",
            Contest::Sisyphus => "4.1",
            Contest::Joker => "5.1",
            Contest::Auction => "6.1",
        }
    }
}

/// Everything a Нептун engine can refuse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NeptuneError {
    #[error("{found} questions, but {} has exactly {expected} ({})", contest.key(), contest.count_rule())]
    QuestionCount {
        contest: Contest,
        found: usize,
        expected: usize,
    },
    #[error("{found} answers in a block, but a block has {QUESTIONS_PER_BLOCK} questions (3.1)")]
    BlockSize { found: usize },
    #[error("team {team} is out of range")]
    UnknownTeam { team: usize },
    #[error("team {team} is listed twice")]
    ListedTwice { team: usize },
    #[error("the rating must be a positive integer (1.3)")]
    ZeroRating,
    #[error("declared {declared}, but a declaration is 0..={max} (5.2)")]
    Declaration {
        team: usize,
        declared: u32,
        max: u32,
    },
    #[error("{found} declarations for {team_count} teams: every team declares (5.2)")]
    DeclarationCount { found: usize, team_count: usize },
    #[error("team {team} has {score} points; only teams with a positive score bid (6.2)")]
    NotPositive { team: usize, score: i64 },
    #[error("{bid} is not a multiple of 10")]
    NotMultipleOfTen { bid: u32 },
    #[error("{bid} is below the first bid's minimum of {FIRST_BID_MIN} (6.4)")]
    FirstBidTooLow { bid: u32 },
    #[error("{bid} does not raise {previous} by a multiple of 10 (6.4)")]
    RaiseTooSmall { bid: u32, previous: u32 },
    #[error("{bid} is more than team {team}'s score of {score} (6.2)")]
    BidOverScore { team: usize, bid: u32, score: i64 },
    #[error(
        "team {team}'s «ва-банк» of {score} would open the bidding below the first bid's minimum of {FIRST_BID_MIN} (6.4)"
    )]
    VaBankBelowMinimum { team: usize, score: i64 },
    #[error(
        "team {team}'s «ва-банк» is {worth}, not more than the standing bid of {standing} (6.2, 6.4)"
    )]
    VaBankNotLarger {
        team: usize,
        worth: i64,
        standing: i64,
    },
    #[error("after «ва-банк» only «ва-банк» may be bid (6.4)")]
    VaBankOnly,
    #[error(
        "team {team} won for a stake of {stated}, but its bid at its current score is {stake} (6.4, 6.6)"
    )]
    StakeMismatch {
        team: usize,
        stated: i64,
        stake: i64,
    },
    #[error("team {team} initiated «ва-банк» on the previous question (6.4)")]
    VaBankTwoRunning { team: usize },
    #[error("team {team} already went «ва-банк»")]
    VaBankAgain { team: usize },
    #[error(
        "team {team} won a bid it could not cover and may not bid again on this question (6.2)"
    )]
    Excluded { team: usize },
    #[error("team {team} already holds the highest bid")]
    AlreadyLeading { team: usize },
    #[error("bidding is closed")]
    BiddingClosed,
    #[error("bidding is still open")]
    BiddingOpen,
    #[error("the host said {said}, but the count is at {expected} (6.3: one, two, three)")]
    CountOutOfOrder { said: u8, expected: u8 },
    #[error("all {} auction questions are played (6.1)", auction::QUESTIONS)]
    AuctionOver,
    #[error("question {question}: {error}")]
    InQuestion {
        question: usize,
        error: Box<NeptuneError>,
    },
}

fn in_question(question: usize) -> impl Fn(NeptuneError) -> NeptuneError {
    move |error| NeptuneError::InQuestion {
        question,
        error: Box::new(error),
    }
}

/// Checks a list of teams: in range and no team twice.
pub(crate) fn check_teams(team_count: usize, teams: &[usize]) -> Result<Vec<bool>, NeptuneError> {
    let mut listed = vec![false; team_count];
    for &team in teams {
        let slot = listed
            .get_mut(team)
            .ok_or(NeptuneError::UnknownTeam { team })?;
        if *slot {
            return Err(NeptuneError::ListedTwice { team });
        }
        *slot = true;
    }
    Ok(listed)
}

fn check_count(contest: Contest, expected: usize, found: usize) -> Result<(), NeptuneError> {
    if found == expected {
        Ok(())
    } else {
        Err(NeptuneError::QuestionCount {
            contest,
            found,
            expected,
        })
    }
}

/// A game as played so far: a contest not yet played is None.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeptuneGame {
    pub team_count: usize,
    pub negative: Option<Vec<NegativeQuestion>>,
    pub sandwich: Option<Vec<SandwichQuestion>>,
    pub blitz: Option<Vec<BlitzBlock>>,
    pub sisyphus: Option<Vec<SisyphusQuestion>>,
    pub joker: Option<JokerRound>,
    pub auction: Option<Vec<AuctionQuestion>>,
    /// A shortened game's questions (blocks) per contest, in the order of
    /// [`Contest::ALL`]; `None`: the rules' numbers (1.1–6.1).
    pub sizes: Option<[usize; 6]>,
}

/// Points per contest (for the contests played) and the overall total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeptuneScore {
    pub contests: Vec<(Contest, Vec<i64>)>,
    pub totals: Vec<i64>,
}

impl NeptuneGame {
    /// Scores every contest played; 0.1: one total over all of them. The
    /// auction, last (6: «последний шанс»), sees the total of all the others.
    pub fn score(&self) -> Result<NeptuneScore, NeptuneError> {
        let n = self.team_count;
        let size = |c: Contest| self.size(c);
        let mut contests = Vec::new();
        if let Some(questions) = &self.negative {
            check_count(Contest::Negative, size(Contest::Negative), questions.len())?;
            contests.push((Contest::Negative, negative::score(n, questions)?));
        }
        if let Some(questions) = &self.sandwich {
            check_count(Contest::Sandwich, size(Contest::Sandwich), questions.len())?;
            contests.push((Contest::Sandwich, sandwich::score(n, questions)?));
        }
        if let Some(blocks) = &self.blitz {
            check_count(Contest::Blitz, size(Contest::Blitz), blocks.len())?;
            contests.push((Contest::Blitz, blitz::score(n, blocks)?));
        }
        if let Some(questions) = &self.sisyphus {
            check_count(Contest::Sisyphus, size(Contest::Sisyphus), questions.len())?;
            contests.push((Contest::Sisyphus, sisyphus::score(n, questions)?));
        }
        if let Some(round) = &self.joker {
            check_count(Contest::Joker, size(Contest::Joker), round.questions.len())?;
            contests.push((Contest::Joker, joker::score(n, round)?));
        }
        let mut totals = vec![0i64; n];
        for (_, points) in &contests {
            add(&mut totals, points);
        }
        if let Some(questions) = &self.auction {
            check_count(Contest::Auction, size(Contest::Auction), questions.len())?;
            let points = auction::score(&totals, questions)?;
            add(&mut totals, &points);
            contests.push((Contest::Auction, points));
        }
        Ok(NeptuneScore { contests, totals })
    }
}

impl NeptuneGame {
    /// How many questions (blocks) `contest` plays in this game.
    pub fn size(&self, contest: Contest) -> usize {
        self.sizes
            .map_or_else(|| contest.questions(), |s| s[contest.index()])
    }
}

fn add(totals: &mut [i64], points: &[i64]) {
    for (total, p) in totals.iter_mut().zip(points) {
        *total = total.saturating_add(*p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neptune_0_1_totals_add_every_contest_played() {
        // Arrange: two teams; Негатив question 1 (rating 5) right for team 0,
        // Сизиф: team 1 answers every question.
        let mut negative = vec![
            NegativeQuestion {
                rating: 1,
                correct: vec![]
            };
            12
        ];
        negative[0] = NegativeQuestion {
            rating: 5,
            correct: vec![0],
        };
        let sisyphus = vec![SisyphusQuestion { correct: vec![1] }; 6];
        let game = NeptuneGame {
            team_count: 2,
            negative: Some(negative),
            sisyphus: Some(sisyphus),
            ..NeptuneGame::default()
        };
        // Act
        let score = game.score().unwrap();
        // Assert
        assert_eq!(score.totals, vec![5, 210]);
        assert_eq!(
            score.contests,
            vec![
                (Contest::Negative, vec![5, 0]),
                (Contest::Sisyphus, vec![0, 210])
            ]
        );
    }

    #[test]
    fn neptune_contest_counts_are_fixed_by_the_rules() {
        let cases: Vec<(NeptuneGame, Contest, usize)> = vec![
            (
                NeptuneGame {
                    team_count: 1,
                    negative: Some(vec![
                        NegativeQuestion {
                            rating: 1,
                            correct: vec![]
                        };
                        11
                    ]),
                    ..NeptuneGame::default()
                },
                Contest::Negative,
                11,
            ),
            (
                NeptuneGame {
                    team_count: 1,
                    sandwich: Some(vec![SandwichQuestion::default(); 7]),
                    ..NeptuneGame::default()
                },
                Contest::Sandwich,
                7,
            ),
            (
                NeptuneGame {
                    team_count: 1,
                    blitz: Some(vec![BlitzBlock::default(); 2]),
                    ..NeptuneGame::default()
                },
                Contest::Blitz,
                2,
            ),
            (
                NeptuneGame {
                    team_count: 1,
                    sisyphus: Some(vec![SisyphusQuestion::default(); 5]),
                    ..NeptuneGame::default()
                },
                Contest::Sisyphus,
                5,
            ),
            (
                NeptuneGame {
                    team_count: 1,
                    joker: Some(JokerRound {
                        declared: vec![0],
                        questions: vec![vec![]; 8],
                    }),
                    ..NeptuneGame::default()
                },
                Contest::Joker,
                8,
            ),
            (
                NeptuneGame {
                    team_count: 1,
                    auction: Some(vec![AuctionQuestion::default(); 9]),
                    ..NeptuneGame::default()
                },
                Contest::Auction,
                9,
            ),
        ];
        for (game, contest, found) in cases {
            assert_eq!(
                game.score(),
                Err(NeptuneError::QuestionCount {
                    contest,
                    found,
                    expected: contest.questions()
                }),
                "{contest:?}"
            );
        }
    }

    #[test]
    fn neptune_contest_keys_and_counts() {
        let got: Vec<(&str, usize)> = Contest::ALL
            .iter()
            .map(|c| (c.key(), c.questions()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("negative", 12),
                ("sandwich", 6),
                ("blitz", 3),
                ("sisyphus", 6),
                ("joker", 7),
                ("auction", 8)
            ]
        );
    }
}
