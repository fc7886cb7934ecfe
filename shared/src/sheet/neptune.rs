//! The `neptune` sheet (000_…, 1–6): the contests played so far, each with
//! exactly the rules' number of questions.

use super::SheetError;
use super::json::Node;
use super::output::{OrderedMap, Scored, int, row};
use super::teams::{Teams, quote};
use crate::rules::neptune::{
    AuctionQuestion, Bid, BlitzBlock, Contest, JokerRound, MAX_DECLARATION, NegativeQuestion,
    NeptuneError, NeptuneGame, NeptuneScore, QUESTIONS_PER_BLOCK, SandwichQuestion,
    SisyphusQuestion, Winner,
};
use crate::tournament::rank_by;

pub(crate) fn score(root: &Node<'_>) -> Result<Scored, SheetError> {
    let mut allowed = vec!["format", "teams", "sizes"];
    allowed.extend(Contest::ALL.iter().map(|c| c.key()));
    let fields = root.fields(&allowed)?;
    let teams = Teams::read(&fields)?;
    let mut game = NeptuneGame {
        team_count: teams.len(),
        sizes: match fields.present("sizes") {
            Some(node) => Some(read_sizes(&node)?),
            None => None,
        },
        ..NeptuneGame::default()
    };
    // A contest not yet played is left out (or null).
    if let Some(node) = fields.present("negative") {
        game.negative = Some(read_negative(&teams, &node, &game)?);
    }
    if let Some(node) = fields.present("sandwich") {
        game.sandwich = Some(read_sandwich(&teams, &node, &game)?);
    }
    if let Some(node) = fields.present("blitz") {
        game.blitz = Some(read_blitz(&teams, &node, &game)?);
    }
    if let Some(node) = fields.present("sisyphus") {
        game.sisyphus = Some(read_sisyphus(&teams, &node, &game)?);
    }
    if let Some(node) = fields.present("joker") {
        game.joker = Some(read_joker(&teams, &node, &game)?);
    }
    let auction_nodes = match fields.present("auction") {
        Some(node) => {
            let (questions, nodes) = read_auction(&teams, &node, &game)?;
            game.auction = Some(questions);
            nodes
        }
        None => Vec::new(),
    };
    let score = game
        .score()
        .map_err(|e| locate(&teams, &auction_nodes, e))?;
    Ok(Scored {
        format: "neptune",
        standings: standings(&teams.names, &score),
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

fn questions<'a>(
    node: &Node<'a>,
    contest: Contest,
    game: &NeptuneGame,
) -> Result<Vec<Node<'a>>, SheetError> {
    let items = node.array()?;
    if items.len() != game.size(contest) {
        return Err(node.err(
            NeptuneError::QuestionCount {
                contest,
                found: items.len(),
                expected: game.size(contest),
            }
            .to_string(),
        ));
    }
    Ok(items)
}

/// 1: `{"rating":r,"correct":[…]}` × 12, r a positive integer (1.3).
fn read_negative(
    teams: &Teams,
    node: &Node<'_>,
    game: &NeptuneGame,
) -> Result<Vec<NegativeQuestion>, SheetError> {
    let mut out = Vec::new();
    for item in questions(node, Contest::Negative, game)? {
        let q = item.fields(&["rating", "correct"])?;
        let rating_node = q.required("rating")?;
        let rating = rating_node.count()?;
        if rating == 0 {
            return Err(rating_node.err("the rating must be a positive integer (1.3)"));
        }
        out.push(NegativeQuestion {
            rating,
            correct: teams.list(&q.required("correct")?)?,
        });
    }
    Ok(out)
}

/// 2: `{"top":[…],"bottom":[…]}` × 6: the teams whose «верх» / «низ» was right.
fn read_sandwich(
    teams: &Teams,
    node: &Node<'_>,
    game: &NeptuneGame,
) -> Result<Vec<SandwichQuestion>, SheetError> {
    let mut out = Vec::new();
    for item in questions(node, Contest::Sandwich, game)? {
        let q = item.fields(&["top", "bottom"])?;
        out.push(SandwichQuestion {
            top: teams.list(&q.required("top")?)?,
            bottom: teams.list(&q.required("bottom")?)?,
        });
    }
    Ok(out)
}

/// 3: 3 blocks of 4 `{"correct":[…]}`.
fn read_blitz(
    teams: &Teams,
    node: &Node<'_>,
    game: &NeptuneGame,
) -> Result<Vec<BlitzBlock>, SheetError> {
    let mut out = Vec::new();
    for block in questions(node, Contest::Blitz, game)? {
        let items = block.array()?;
        if items.len() != QUESTIONS_PER_BLOCK {
            return Err(block.err(NeptuneError::BlockSize { found: items.len() }.to_string()));
        }
        let mut block_questions = Vec::new();
        for item in items {
            block_questions.push(read_correct(teams, &item)?);
        }
        out.push(BlitzBlock {
            questions: block_questions,
        });
    }
    Ok(out)
}

/// 4: `{"correct":[…]}` × 6.
fn read_sisyphus(
    teams: &Teams,
    node: &Node<'_>,
    game: &NeptuneGame,
) -> Result<Vec<SisyphusQuestion>, SheetError> {
    questions(node, Contest::Sisyphus, game)?
        .iter()
        .map(|item| {
            Ok(SisyphusQuestion {
                correct: read_correct(teams, item)?,
            })
        })
        .collect()
}

/// 5: `{"declared":{team:d,…},"questions":[{"correct":[…]}×7]}`.
fn read_joker(
    teams: &Teams,
    node: &Node<'_>,
    game: &NeptuneGame,
) -> Result<JokerRound, SheetError> {
    let joker = node.fields(&["declared", "questions"])?;
    let declared_node = joker.required("declared")?;
    let mut declared: Vec<Option<u32>> = vec![None; teams.len()];
    for (team, d_node) in teams.keyed(&declared_node)? {
        let d = d_node.count().map_err(|_| {
            d_node.err(format!(
                "{} is not a declaration 0..{MAX_DECLARATION} (5.2)",
                d_node.show()
            ))
        })?;
        // 5.2: a team declares how many of the 7 questions it will take.
        let max = game.size(Contest::Joker) as u32;
        if d > max {
            return Err(d_node.err(format!(
                "{d} is outside 0..{max}: the round has {max} questions (5.2)"
            )));
        }
        declared[team] = Some(d);
    }
    // 5.2: every team hands in its number.
    let declared = declared
        .into_iter()
        .enumerate()
        .map(|(team, d)| {
            d.ok_or_else(|| {
                declared_node.err(format!(
                    "no declaration for {} (5.2)",
                    quote(teams.name(team))
                ))
            })
        })
        .collect::<Result<Vec<u32>, SheetError>>()?;
    let questions_node = joker.required("questions")?;
    let mut round_questions = Vec::new();
    for item in questions(&questions_node, Contest::Joker, game)? {
        round_questions.push(read_correct(teams, &item)?);
    }
    Ok(JokerRound {
        declared,
        questions: round_questions,
    })
}

/// 6: `{"winner":team|null,"bid":b|"va-bank","stake":n?,"correct":[…]}` × 8;
/// `stake`, when given, is the winner's stake as bid (a «ва-банк»'s sum).
fn read_auction<'a>(
    teams: &Teams,
    node: &Node<'a>,
    game: &NeptuneGame,
) -> Result<(Vec<AuctionQuestion>, Vec<Node<'a>>), SheetError> {
    let items = questions(node, Contest::Auction, game)?;
    let mut out = Vec::new();
    for item in &items {
        let q = item.fields(&["winner", "bid", "stake", "correct"])?;
        let winner_team = match q.present("winner") {
            Some(w) => Some(teams.team(&w)?),
            None => None,
        };
        let bid = match q.present("bid") {
            Some(b) => Some(read_bid(&b)?),
            None => None,
        };
        let winner = match (winner_team, bid) {
            (Some(team), Some(bid)) => Some(Winner { team, bid }),
            (Some(_), None) => {
                return Err(SheetError::new(
                    &format!("{}.bid", item.path),
                    "missing: the winner's bid",
                ));
            }
            (None, Some(_)) => {
                return Err(SheetError::new(
                    &format!("{}.bid", item.path),
                    "a bid, but no winner (`winner` is null or missing)",
                ));
            }
            (None, None) => None,
        };
        let stated_stake = match q.present("stake") {
            Some(_) if winner.is_none() => {
                return Err(SheetError::new(
                    &format!("{}.stake", item.path),
                    "a stake, but no winner (`winner` is null or missing)",
                ));
            }
            Some(stake) => Some(i64::from(stake.count()?)),
            None => None,
        };
        out.push(AuctionQuestion {
            winner,
            correct: teams.list(&q.required("correct")?)?,
            stated_stake,
        });
    }
    Ok((out, items))
}

/// A shortened game's sizes: `{"negative":3,…}` — every contest named,
/// each 1 up to the rules' number (1.1–6.1).
fn read_sizes(node: &Node<'_>) -> Result<[usize; 6], SheetError> {
    let keys = Contest::ALL.map(|c| c.key());
    let fields = node.fields(&keys)?;
    let mut sizes = [0usize; 6];
    for contest in Contest::ALL {
        let n_node = fields.required(contest.key())?;
        let n = n_node.count()? as usize;
        if n == 0 || n > contest.questions() {
            return Err(n_node.err(format!(
                "{n}: a shortened {} plays 1 to {} ({})",
                contest.key(),
                contest.questions(),
                contest.count_rule()
            )));
        }
        sizes[contest.index()] = n;
    }
    Ok(sizes)
}

/// A whole number of points or "va-bank" (also accepted: "ва-банк").
fn read_bid(node: &Node<'_>) -> Result<Bid, SheetError> {
    match node.json {
        // 6.4: «ва-банк», spelt either way.
        super::json::Json::Str(s) if s == "va-bank" || s == "ва-банк" => Ok(Bid::VaBank),
        super::json::Json::Str(s) => Err(node.err(format!(
            "{} is not a bid (a number or \"va-bank\")",
            quote(s)
        ))),
        _ => node.count().map(Bid::Amount),
    }
}

fn read_correct(teams: &Teams, node: &Node<'_>) -> Result<Vec<usize>, SheetError> {
    let q = node.fields(&["correct"])?;
    teams.list(&q.required("correct")?)
}

/// Names the field an engine refusal points at. The sheet has checked
/// counts and teams already; what is left are the auction's bid rules.
fn locate(teams: &Teams, auction: &[Node<'_>], error: NeptuneError) -> SheetError {
    let NeptuneError::InQuestion { question, error } = error else {
        return SheetError::new("sheet", error.to_string());
    };
    let Some(item) = auction.get(question) else {
        return SheetError::new("sheet", format!("question {question}: {error}"));
    };
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
    SheetError::new(&format!("{}.{field}", item.path), reason)
}
