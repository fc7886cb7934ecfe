//! «Своя игра»'s scoresheet: one typed structure, written by the live game
//! and read back by `minuta-server score`, which checks the house rules
//! (each team answers a question once; a right answer ends it) and scores
//! it exactly as live play does.

use crate::play::roster::Roster;
use crate::sheet::Scoresheet;
use crate::sheet::error::SheetError;
use crate::sheet::output::{OrderedMap, Scored, int, row};
use crate::sheet::teams::Teams;
use crate::tournament::{Place, rank_by};
use serde::{Deserialize, Serialize};

use super::OwnGame;

/// `{"format":"own-game","teams":[…],"theme":…,"questions":[{"price":10,"tries":[…]}…]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnGameSheet {
    pub format: String,
    pub teams: Vec<String>,
    pub theme: String,
    pub questions: Vec<SheetQuestion>,
}

/// A question of the board: its price and the answers given, in order (an
/// unplayed question has none).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetQuestion {
    pub price: u32,
    pub tries: Vec<SheetTry>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetTry {
    pub team: String,
    pub right: bool,
}

/// A standings row as both `standings` and `score` write it.
pub(super) fn standing(team: &str, place: Place, points: i64) -> OrderedMap {
    row(team, place, int(points))
}

pub(super) fn of_game(game: &OwnGame, roster: &Roster) -> OwnGameSheet {
    OwnGameSheet {
        format: <OwnGame as crate::play::format::LiveFormat>::FORMAT.into(),
        teams: roster.teams.iter().map(|t| t.name.clone()).collect(),
        theme: game.settings().theme.clone(),
        questions: game
            .settings()
            .prices
            .iter()
            .enumerate()
            .map(|(q, price)| SheetQuestion {
                price: *price,
                tries: game
                    .played()
                    .get(&(q as u32))
                    .into_iter()
                    .chain(
                        game.open()
                            .filter(|o| o.question == q as u32)
                            .map(|o| &o.tries),
                    )
                    .flatten()
                    .map(|t| SheetTry {
                        team: roster.name(t.team),
                        right: t.right,
                    })
                    .collect(),
            })
            .collect(),
    }
}

impl Scoresheet for OwnGameSheet {
    fn score(&self) -> Result<Scored, SheetError> {
        score(self)
    }
}

fn score(sheet: &OwnGameSheet) -> Result<Scored, SheetError> {
    let teams = Teams::read(&sheet.teams, "teams")?;
    let mut points = vec![0i64; teams.len()];
    for (q, question) in sheet.questions.iter().enumerate() {
        let path = format!("questions[{q}]");
        if question.price == 0 || question.price > super::MAX_PRICE {
            return Err(SheetError::new(
                &format!("{path}.price"),
                format!(
                    "{}: a price must be 1 to {}",
                    question.price,
                    super::MAX_PRICE
                ),
            ));
        }
        let mut tried: Vec<usize> = Vec::new();
        for (i, t) in question.tries.iter().enumerate() {
            let at = format!("{path}.tries[{i}]");
            let team = teams.team(&t.team, &format!("{at}.team"))?;
            if tried.contains(&team) {
                return Err(SheetError::new(
                    &format!("{at}.team"),
                    "a team answers a question once",
                ));
            }
            if i > 0 && question.tries[i - 1].right {
                return Err(SheetError::new(
                    &at,
                    "a right answer ends the question: nobody answers after it",
                ));
            }
            tried.push(team);
            let price = i64::from(question.price);
            points[team] += if t.right { price } else { -price };
        }
    }
    let ranked = rank_by(points.into_iter().enumerate().collect(), |(_, p)| *p);
    let standings = ranked
        .into_iter()
        .map(|r| row(teams.name(r.item.0), r.place, int(r.item.1)))
        .collect();
    Ok(Scored {
        format: <OwnGame as crate::play::format::LiveFormat>::FORMAT,
        standings,
        next_round: None,
    })
}
