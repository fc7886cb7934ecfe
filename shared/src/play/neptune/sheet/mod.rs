//! The `neptune` sheet (000_…, 1–6): the contests played so far, each with
//! exactly the rules' number of questions.

mod from_game;

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};

use crate::play::neptune::rules::{
    AuctionQuestion, Bid, BlitzBlock, Contest, JokerRound, MAX_DECLARATION, NegativeQuestion,
    NeptuneError, NeptuneGame, NeptuneScore, QUESTIONS_PER_BLOCK, SandwichQuestion,
    SisyphusQuestion, Winner,
};
use crate::sheet::SheetError;
use crate::sheet::number::{Count, Scalar};
use crate::sheet::output::{OrderedMap, Scored, int, row};
use crate::sheet::teams::{TeamMap, Teams, quote};
use crate::tournament::rank_by;

/// `{"format":"neptune","teams":[…],"sizes":{…}?,<contest>:…}`: a contest
/// not yet played is left out (or null).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NeptuneSheet {
    /// The format's name, as `LiveFormat::FORMAT` gives it.
    pub format: String,
    pub teams: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sizes: Option<Sizes>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub negative: Option<Vec<NegativeItem>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandwich: Option<Vec<SandwichItem>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blitz: Option<Vec<Vec<Correct>>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sisyphus: Option<Vec<Correct>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joker: Option<JokerItem>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auction: Option<Vec<AuctionItem>>,
    /// 2.2: how ties at prize places were settled in play; absent = none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prize_ties: Vec<crate::sheet::prize_ties::SheetPrizeTie>,
}

/// A shortened game's sizes: every contest named, each 1 up to the rules'
/// number (1.1–6.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sizes {
    pub negative: Count,
    pub sandwich: Count,
    pub blitz: Count,
    pub sisyphus: Count,
    pub joker: Count,
    pub auction: Count,
}

impl Sizes {
    pub fn new(sizes: [usize; 6]) -> Self {
        let n = |c: Contest| Count(u32::try_from(sizes[c.index()]).unwrap_or(u32::MAX));
        Sizes {
            negative: n(Contest::Negative),
            sandwich: n(Contest::Sandwich),
            blitz: n(Contest::Blitz),
            sisyphus: n(Contest::Sisyphus),
            joker: n(Contest::Joker),
            auction: n(Contest::Auction),
        }
    }

    fn of(&self, contest: Contest) -> u32 {
        match contest {
            Contest::Negative => self.negative.0,
            Contest::Sandwich => self.sandwich.0,
            Contest::Blitz => self.blitz.0,
            Contest::Sisyphus => self.sisyphus.0,
            Contest::Joker => self.joker.0,
            Contest::Auction => self.auction.0,
        }
    }
}

/// 1: a question's rating (a positive integer, 1.3) and the teams right.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NegativeItem {
    pub rating: Count,
    pub correct: Vec<String>,
}

/// 2: the teams whose «верх» / «низ» was right.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SandwichItem {
    pub top: Vec<String>,
    pub bottom: Vec<String>,
}

/// A question of blitz (3), sisyphus (4) or joker (5): the teams right.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Correct {
    pub correct: Vec<String>,
}

/// 5: each team's declaration and the round's questions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JokerItem {
    pub declared: TeamMap<Declaration>,
    pub questions: Vec<Correct>,
}

/// 5.2: how many of the round's questions a team declares it will take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Declaration(pub u32);

impl<'de> Deserialize<'de> for Declaration {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = Scalar::deserialize(deserializer)?;
        value.count().map(Declaration).map_err(|_| {
            de::Error::custom(format!(
                "{} is not a declaration 0..{MAX_DECLARATION} (5.2)",
                value.show()
            ))
        })
    }
}

/// 6: the winner of the bidding (null: nobody bid), its bid, the stake it
/// stated (a «ва-банк»'s sum) and the teams right.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuctionItem {
    pub winner: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bid: Option<SheetBid>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stake: Option<Count>,
    pub correct: Vec<String>,
}

/// A whole number of points or `"va-bank"` (also accepted: `"ва-банк"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetBid(pub Bid);

impl Serialize for SheetBid {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Bid::Amount(n) => serializer.serialize_u32(n),
            Bid::VaBank => serializer.serialize_str("va-bank"),
        }
    }
}

impl<'de> Deserialize<'de> for SheetBid {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Scalar::deserialize(deserializer)? {
            // 6.4: «ва-банк», spelt either way.
            Scalar::Str(s) if s == "va-bank" || s == "ва-банк" => Ok(SheetBid(Bid::VaBank)),
            Scalar::Str(s) => Err(de::Error::custom(format!(
                "{} is not a bid (a number or \"va-bank\")",
                quote(&s)
            ))),
            other => other
                .count()
                .map(|n| SheetBid(Bid::Amount(n)))
                .map_err(de::Error::custom),
        }
    }
}

pub(crate) fn score(sheet: &NeptuneSheet) -> Result<Scored, SheetError> {
    let teams = Teams::read(&sheet.teams, "teams")?;
    let mut game = NeptuneGame {
        team_count: teams.len(),
        sizes: sheet.sizes.as_ref().map(read_sizes).transpose()?,
        ..NeptuneGame::default()
    };
    if let Some(items) = &sheet.negative {
        game.negative = Some(read_negative(&teams, items, &game)?);
    }
    if let Some(items) = &sheet.sandwich {
        game.sandwich = Some(read_sandwich(&teams, items, &game)?);
    }
    if let Some(blocks) = &sheet.blitz {
        game.blitz = Some(read_blitz(&teams, blocks, &game)?);
    }
    if let Some(items) = &sheet.sisyphus {
        game.sisyphus = Some(read_sisyphus(&teams, items, &game)?);
    }
    if let Some(joker) = &sheet.joker {
        game.joker = Some(read_joker(&teams, joker, &game)?);
    }
    if let Some(items) = &sheet.auction {
        game.auction = Some(read_auction(&teams, items, &game)?);
    }
    let auction_len = sheet.auction.as_ref().map_or(0, Vec::len);
    let score = game.score().map_err(|e| locate(&teams, auction_len, e))?;
    let mut standings = standings(&teams.names, &score);
    crate::sheet::prize_ties::settle(&mut standings, &sheet.prize_ties)?;
    Ok(Scored {
        format: "neptune",
        standings,
        next_round: None,
    })
}

/// The standings `score` prints for a scored game: the live game's
/// standings are these rows too, so the two cannot differ.
pub(crate) fn standings(names: &[String], score: &NeptuneScore) -> Vec<OrderedMap> {
    let rows: Vec<(usize, i64)> = score.totals.iter().copied().enumerate().collect();
    // Ranking key: the total (0.1).
    rank_by(rows, |(_, total)| *total)
        .into_iter()
        .map(|r| {
            let (team, total) = r.item;
            let contests = score
                .contests
                .iter()
                .fold(OrderedMap::default(), |map, (contest, points)| {
                    map.with(contest.key(), int(points[team]))
                });
            let name = names.get(team).map_or("?", String::as_str);
            row(name, r.place, int(total)).with_map("contests", contests)
        })
        .collect()
}

/// A contest's items at `path`: exactly the game's number of questions
/// (blocks).
fn questions<T>(
    items: &[T],
    contest: Contest,
    game: &NeptuneGame,
    path: &str,
) -> Result<(), SheetError> {
    if items.len() != game.size(contest) {
        return Err(SheetError::new(
            path,
            NeptuneError::QuestionCount {
                contest,
                found: items.len(),
                expected: game.size(contest),
            }
            .to_string(),
        ));
    }
    Ok(())
}

/// 1: `{"rating":r,"correct":[…]}` × 12, r a positive integer (1.3).
fn read_negative(
    teams: &Teams,
    items: &[NegativeItem],
    game: &NeptuneGame,
) -> Result<Vec<NegativeQuestion>, SheetError> {
    questions(items, Contest::Negative, game, "negative")?;
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        if item.rating.0 == 0 {
            return Err(SheetError::new(
                &format!("negative[{i}].rating"),
                "the rating must be a positive integer (1.3)",
            ));
        }
        out.push(NegativeQuestion {
            rating: item.rating.0,
            correct: teams.list(&item.correct, &format!("negative[{i}].correct"))?,
        });
    }
    Ok(out)
}

/// 2: `{"top":[…],"bottom":[…]}` × 6: the teams whose «верх» / «низ» was right.
fn read_sandwich(
    teams: &Teams,
    items: &[SandwichItem],
    game: &NeptuneGame,
) -> Result<Vec<SandwichQuestion>, SheetError> {
    questions(items, Contest::Sandwich, game, "sandwich")?;
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            Ok(SandwichQuestion {
                top: teams.list(&item.top, &format!("sandwich[{i}].top"))?,
                bottom: teams.list(&item.bottom, &format!("sandwich[{i}].bottom"))?,
            })
        })
        .collect()
}

/// 3: 3 blocks of 4 `{"correct":[…]}`.
fn read_blitz(
    teams: &Teams,
    blocks: &[Vec<Correct>],
    game: &NeptuneGame,
) -> Result<Vec<BlitzBlock>, SheetError> {
    questions(blocks, Contest::Blitz, game, "blitz")?;
    let mut out = Vec::with_capacity(blocks.len());
    for (b, block) in blocks.iter().enumerate() {
        let path = format!("blitz[{b}]");
        if block.len() != QUESTIONS_PER_BLOCK {
            return Err(SheetError::new(
                &path,
                NeptuneError::BlockSize { found: block.len() }.to_string(),
            ));
        }
        out.push(BlitzBlock {
            questions: read_correct(teams, block, &path)?,
        });
    }
    Ok(out)
}

/// 4: `{"correct":[…]}` × 6.
fn read_sisyphus(
    teams: &Teams,
    items: &[Correct],
    game: &NeptuneGame,
) -> Result<Vec<SisyphusQuestion>, SheetError> {
    questions(items, Contest::Sisyphus, game, "sisyphus")?;
    Ok(read_correct(teams, items, "sisyphus")?
        .into_iter()
        .map(|correct| SisyphusQuestion { correct })
        .collect())
}

/// 5: `{"declared":{team:d,…},"questions":[{"correct":[…]}×7]}`.
fn read_joker(
    teams: &Teams,
    joker: &JokerItem,
    game: &NeptuneGame,
) -> Result<JokerRound, SheetError> {
    let declared_path = "joker.declared";
    let mut declared: Vec<Option<u32>> = vec![None; teams.len()];
    for (team, &Declaration(d), at) in teams.keyed(&joker.declared, declared_path)? {
        // 5.2: a team declares how many of the 7 questions it will take.
        let max = game.size(Contest::Joker) as u32;
        if d > max {
            return Err(SheetError::new(
                &at,
                format!("{d} is outside 0..{max}: the round has {max} questions (5.2)"),
            ));
        }
        declared[team] = Some(d);
    }
    // 5.2: every team hands in its number.
    let declared = declared
        .into_iter()
        .enumerate()
        .map(|(team, d)| {
            d.ok_or_else(|| {
                SheetError::new(
                    declared_path,
                    format!("no declaration for {} (5.2)", quote(teams.name(team))),
                )
            })
        })
        .collect::<Result<Vec<u32>, SheetError>>()?;
    questions(&joker.questions, Contest::Joker, game, "joker.questions")?;
    Ok(JokerRound {
        declared,
        questions: read_correct(teams, &joker.questions, "joker.questions")?,
    })
}

/// 6: `{"winner":team|null,"bid":b|"va-bank","stake":n?,"correct":[…]}` × 8;
/// `stake`, when given, is the winner's stake as bid (a «ва-банк»'s sum).
fn read_auction(
    teams: &Teams,
    items: &[AuctionItem],
    game: &NeptuneGame,
) -> Result<Vec<AuctionQuestion>, SheetError> {
    questions(items, Contest::Auction, game, "auction")?;
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let path = format!("auction[{i}]");
        let winner_team = match &item.winner {
            Some(name) => Some(teams.team(name, &format!("{path}.winner"))?),
            None => None,
        };
        let winner = match (winner_team, item.bid) {
            (Some(team), Some(SheetBid(bid))) => Some(Winner { team, bid }),
            (Some(_), None) => {
                return Err(SheetError::new(
                    &format!("{path}.bid"),
                    "missing: the winner's bid",
                ));
            }
            (None, Some(_)) => {
                return Err(SheetError::new(
                    &format!("{path}.bid"),
                    "a bid, but no winner (`winner` is null or missing)",
                ));
            }
            (None, None) => None,
        };
        let stated_stake = match item.stake {
            Some(_) if winner.is_none() => {
                return Err(SheetError::new(
                    &format!("{path}.stake"),
                    "a stake, but no winner (`winner` is null or missing)",
                ));
            }
            Some(Count(stake)) => Some(i64::from(stake)),
            None => None,
        };
        out.push(AuctionQuestion {
            winner,
            correct: teams.list(&item.correct, &format!("{path}.correct"))?,
            stated_stake,
        });
    }
    Ok(out)
}

/// A shortened game's sizes: each 1 up to the rules' number (1.1–6.1).
fn read_sizes(sizes: &Sizes) -> Result<[usize; 6], SheetError> {
    let mut out = [0usize; 6];
    for contest in Contest::ALL {
        let n = sizes.of(contest) as usize;
        if n == 0 || n > contest.questions() {
            return Err(SheetError::new(
                &format!("sizes.{}", contest.key()),
                format!(
                    "{n}: a shortened {} plays 1 to {} ({})",
                    contest.key(),
                    contest.questions(),
                    contest.count_rule()
                ),
            ));
        }
        out[contest.index()] = n;
    }
    Ok(out)
}

/// Each question's teams right, the questions at `path`.
fn read_correct(
    teams: &Teams,
    items: &[Correct],
    path: &str,
) -> Result<Vec<Vec<usize>>, SheetError> {
    items
        .iter()
        .enumerate()
        .map(|(i, item)| teams.list(&item.correct, &format!("{path}[{i}].correct")))
        .collect()
}

/// Names the field an engine refusal points at. The sheet has checked
/// counts and teams already; what is left are the auction's bid rules.
fn locate(teams: &Teams, auction_len: usize, error: NeptuneError) -> SheetError {
    let NeptuneError::InQuestion { question, error } = error else {
        return SheetError::new("sheet", error.to_string());
    };
    if question >= auction_len {
        return SheetError::new("sheet", format!("question {question}: {error}"));
    }
    let field = match *error {
        NeptuneError::NotPositive { .. } | NeptuneError::UnknownTeam { .. } => "winner",
        NeptuneError::ListedTwice { .. } => "correct",
        NeptuneError::StakeMismatch { .. } => "stake",
        _ => "bid",
    };
    let reason = match *error {
        NeptuneError::NotPositive { team, score } => {
            format!(
                "{} has {score} points; only teams with a positive score bid (6.2)",
                quote(teams.name(team))
            )
        }
        NeptuneError::StakeMismatch {
            team,
            stated,
            stake,
        } => {
            format!(
                "{stated} is not {}'s stake: its bid at its current score is {stake} (a «ва-банк» is the whole score when made, 6.4)",
                quote(teams.name(team))
            )
        }
        NeptuneError::VaBankBelowMinimum { team, score } => {
            format!(
                "{}'s «ва-банк» of {score} could not have won: the first bid is at least 40 and every next one larger (6.2, 6.4)",
                quote(teams.name(team))
            )
        }
        NeptuneError::BidOverScore { team, bid, score } => {
            format!(
                "{bid} is more than {}'s current score of {score} (6.2)",
                quote(teams.name(team))
            )
        }
        other => other.to_string(),
    };
    SheetError::new(&format!("auction[{question}].{field}"), reason)
}
