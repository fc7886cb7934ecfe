//! The `brain-ring` sheet (4.4–4.8): qualifying rounds of fights; the table
//! and the next round's pairs.

mod from_game;

use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};

use crate::play::brain_ring::rules::{
    Fight, QUALIFYING_QUESTIONS, QUALIFYING_ROUNDS, Qualifying, RingError, RingPoints,
};
use crate::play::qualification::sheet::Qualification;
use crate::sheet::SheetError;
use crate::sheet::number::Count;
use crate::sheet::output::{Scored, int, row};
use crate::sheet::teams::{Teams, quote};

/// `{"format":"brain-ring","teams":[…],"rounds":[[fight…]…],"qualification":…}`:
/// the seeded teams in seeding order, the qualifying rounds' fights and, when
/// the teams qualified across a tie, how it was settled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BrainRingSheet {
    /// The format's name, as `LiveFormat::FORMAT` gives it.
    pub format: String,
    pub teams: Vec<String>,
    pub rounds: Vec<Vec<SheetFight>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qualification: Option<Qualification>,
}

/// `{"teams":[A,B],"score":[x,y]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetFight {
    pub teams: Vec<String>,
    pub score: Vec<Count>,
}

pub(crate) fn score(sheet: &BrainRingSheet) -> Result<Scored, SheetError> {
    let teams = Teams::read(&sheet.teams, "teams")?;
    // 4.3: how a tie at the entry cut was settled, when there was one.
    crate::play::qualification::sheet::check(sheet.qualification.as_ref(), &teams)?;
    // 4.8 pairs every team each round.
    let mut qualifying = Qualifying::new(teams.len()).map_err(|_| {
        SheetError::new(
            "teams",
            format!(
                "{} teams: an odd number of teams cannot be paired (4.8)",
                teams.len()
            ),
        )
    })?;
    // 4.9: six qualifying rounds, then the play-off.
    if sheet.rounds.len() > QUALIFYING_ROUNDS {
        return Err(SheetError::new(
            "rounds",
            format!(
                "{} rounds, but the qualifying part has {QUALIFYING_ROUNDS} (4.9)",
                sheet.rounds.len()
            ),
        ));
    }
    for (r, fights) in sheet.rounds.iter().enumerate() {
        let mut round = Vec::with_capacity(fights.len());
        for (f, fight) in fights.iter().enumerate() {
            round.push(read_fight(&teams, fight, &format!("rounds[{r}][{f}]"))?);
        }
        qualifying
            .check_round(&round)
            .map_err(|e| round_error(&teams, r, &round, e))?;
        qualifying.rounds.push(round);
    }
    let standings = qualifying
        .standings()
        .into_iter()
        .map(|r| {
            row(teams.name(r.team), r.place, ring_points(r.points))
                .with("difference", int(r.difference))
                .with("taken", int(i64::from(r.taken)))
        })
        .collect();
    let next_round = match qualifying.next_round() {
        Some(pairs) => Value::Array(
            pairs
                .into_iter()
                .map(|pair| {
                    Value::Array(
                        pair.iter()
                            .map(|&t| Value::String(teams.name(t).to_owned()))
                            .collect(),
                    )
                })
                .collect(),
        ),
        None => Value::Null,
    };
    Ok(Scored {
        format: "brain-ring",
        standings,
        next_round: Some(next_round),
    })
}

/// A fight at `path`: two different teams, at most five questions taken.
fn read_fight(teams: &Teams, fight: &SheetFight, path: &str) -> Result<Fight, SheetError> {
    let teams_path = format!("{path}.teams");
    let [a, b] = fight.teams.as_slice() else {
        return Err(SheetError::new(
            &teams_path,
            format!(
                "{} teams, but a fight is between 2 teams",
                fight.teams.len()
            ),
        ));
    };
    let (a, b) = (
        teams.team(a, &format!("{teams_path}[0]"))?,
        teams.team(b, &format!("{teams_path}[1]"))?,
    );
    if a == b {
        return Err(SheetError::new(
            &teams_path,
            format!("{} cannot fight itself", quote(teams.name(a))),
        ));
    }
    let score_path = format!("{path}.score");
    let [Count(x), Count(y)] = *fight.score.as_slice() else {
        return Err(SheetError::new(
            &score_path,
            format!(
                "{} scores, but a fight has one score per team",
                fight.score.len()
            ),
        ));
    };
    // 4.5: a fight has five questions.
    if x.saturating_add(y) > QUALIFYING_QUESTIONS {
        return Err(SheetError::new(
            &score_path,
            format!(
                "{x}+{y} = {} questions taken, but a fight has {QUALIFYING_QUESTIONS} (4.5)",
                x.saturating_add(y)
            ),
        ));
    }
    Ok(Fight {
        teams: [a, b],
        score: [x, y],
    })
}

/// Names the field an engine refusal in `rounds[r]` points at.
fn round_error(teams: &Teams, r: usize, round: &[Fight], error: RingError) -> SheetError {
    let round_path = format!("rounds[{r}]");
    let RingError::InFight { fight, error } = error else {
        return SheetError::new(&round_path, error.to_string());
    };
    let fight_path = format!("{round_path}[{fight}]");
    let teams_path = format!("{fight_path}.teams");
    match *error {
        RingError::PlaysTwice { team, earlier } => {
            let slot = round
                .get(fight)
                .and_then(|f| f.teams.iter().position(|&t| t == team))
                .unwrap_or(0);
            SheetError::new(
                &format!("{teams_path}[{slot}]"),
                format!(
                    "{} already plays {round_path}[{earlier}] in this round (one fight per round)",
                    quote(teams.name(team)),
                ),
            )
        }
        RingError::Rematch {
            teams: [a, b],
            round: earlier,
        } => SheetError::new(
            &teams_path,
            format!(
                "{} and {} already met in rounds[{earlier}] (4.8: at most once)",
                quote(teams.name(a)),
                quote(teams.name(b)),
            ),
        ),
        other => SheetError::new(&fight_path, other.to_string()),
    }
}

/// Brain-ring points as `score` prints them: whole where whole, `4.5` where
/// a half is possible.
pub(crate) fn ring_points(points: RingPoints) -> Value {
    match points.whole() {
        Some(whole) => Value::Number(Number::from(whole)),
        None => Number::from_f64(points.as_f64()).map_or(Value::Null, Value::Number),
    }
}
