//! The `erudit-quartet` sheet (5.6–5.10): up to three tours of four rounds;
//! each round names every team's player and the attempts on five questions.
//! A sheet with `stages` instead of `tours` is a whole tournament
//! (`tournament.rs`), which reads its games' tours here.

mod from_game;
pub(crate) mod tournament;

use serde::{Deserialize, Serialize};

use crate::play::erudit::rules::{
    Attempt, EruditError, EruditGame, GameScore, QUESTIONS_PER_ROUND, ROUNDS_PER_TOUR, Round,
    TEAMS, TOURS, Tour, TourKind,
};
use crate::sheet::SheetError;
use crate::sheet::output::{OrderedMap, Scored, int, row};
use crate::sheet::teams::{TeamMap, Teams, key_path, quote};
use crate::tournament::rank_by;

/// One game: `{"format":"erudit-quartet","teams":[4 names],"tours":[…]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EruditSheet {
    /// The format's name, as `LiveFormat::FORMAT` gives it.
    pub format: String,
    pub teams: Vec<String>,
    pub tours: Vec<SheetTour>,
    /// 2.2: how ties at prize places were settled in play; absent = none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prize_ties: Vec<crate::sheet::prize_ties::SheetPrizeTie>,
}

/// A complete tour: its type and its four rounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetTour {
    #[serde(rename = "type")]
    pub kind: SheetTourKind,
    pub rounds: Vec<SheetRound>,
}

/// `"open"`, `"closed"` or `"semi-open"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
pub struct SheetTourKind(pub TourKind);

impl TryFrom<String> for SheetTourKind {
    type Error = String;

    fn try_from(name: String) -> Result<Self, String> {
        match name.as_str() {
            "open" => Ok(SheetTourKind(TourKind::Open)),
            "closed" => Ok(SheetTourKind(TourKind::Closed)),
            "semi-open" => Ok(SheetTourKind(TourKind::SemiOpen)),
            other => Err(format!(
                "unknown tour type {} (expected open, closed or semi-open)",
                quote(other)
            )),
        }
    }
}

impl From<SheetTourKind> for &'static str {
    fn from(kind: SheetTourKind) -> &'static str {
        match kind.0 {
            TourKind::Open => "open",
            TourKind::Closed => "closed",
            TourKind::SemiOpen => "semi-open",
        }
    }
}

/// A round: every team's player, and the attempts on each of five
/// questions in the order they were made.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetRound {
    pub players: TeamMap<String>,
    pub questions: Vec<Vec<SheetAttempt>>,
}

/// `{"team":T,"correct":bool}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetAttempt {
    pub team: String,
    pub correct: bool,
}

pub(crate) fn score(sheet: &EruditSheet) -> Result<Scored, SheetError> {
    let teams = Teams::read(&sheet.teams, "teams")?;
    // A game is played by four teams.
    if teams.len() != TEAMS {
        return Err(SheetError::new(
            "teams",
            format!(
                "{} teams, but an Эрудит-квартет game has exactly {TEAMS}",
                teams.len()
            ),
        ));
    }
    let score = read_game(&teams, &sheet.tours, "tours")?;
    let mut standings = rank_by(
        score.teams.into_iter().enumerate().collect(),
        |(_, team)| team.points,
    )
    .into_iter()
    .map(|r| {
        let (team, result) = r.item;
        let players = OrderedMap(Vec::new());
        let players = result
            .players
            .into_iter()
            .fold(players, |map, (name, points)| map.with(&name, int(points)));
        row(teams.name(team), r.place, int(result.points)).with_map("players", players)
    })
    .collect();
    crate::sheet::prize_ties::settle(&mut standings, &sheet.prize_ties)?;
    Ok(Scored {
        format: "erudit-quartet",
        standings,
        next_round: None,
    })
}

/// One game's `tours` at `path` (5.6): every rule checked, the first error
/// named.
pub(crate) fn read_game(
    teams: &Teams,
    tours: &[SheetTour],
    path: &str,
) -> Result<GameScore, SheetError> {
    // 5.6: three tours.
    if tours.len() > TOURS {
        return Err(SheetError::new(
            path,
            format!(
                "{} tours, but a game has at most {TOURS} (5.6)",
                tours.len()
            ),
        ));
    }
    let mut game = EruditGame {
        tours: Vec::with_capacity(tours.len()),
    };
    for (t, tour) in tours.iter().enumerate() {
        let tour_path = format!("{path}[{t}]");
        let kind = tour.kind.0;
        // 5.6: one tour of each kind.
        if let Some(earlier) = game.tours.iter().position(|other| other.kind == kind) {
            return Err(SheetError::new(
                &format!("{tour_path}.type"),
                format!(
                    "{path}[{earlier}] is already {} (5.6: one tour of each type)",
                    quote(<&str>::from(tour.kind))
                ),
            ));
        }
        let rounds_path = format!("{tour_path}.rounds");
        if tour.rounds.len() != ROUNDS_PER_TOUR {
            return Err(SheetError::new(
                &rounds_path,
                format!(
                    "{} rounds, but a tour has exactly {ROUNDS_PER_TOUR} (5.6)",
                    tour.rounds.len()
                ),
            ));
        }
        let mut rounds = Vec::with_capacity(ROUNDS_PER_TOUR);
        for (r, round) in tour.rounds.iter().enumerate() {
            rounds.push(read_round(teams, round, &format!("{rounds_path}[{r}]"))?);
        }
        game.tours.push(Tour { kind, rounds });
        // Check each tour as it is read, so that the first error is reported.
        let so_far = EruditGame {
            tours: game.tours[t..].to_vec(),
        };
        so_far.score().map_err(|e| locate(teams, &tour_path, e))?;
    }
    game.score()
        .map_err(|e| SheetError::new(path, e.to_string()))
}

/// A round at `path`: a player for every team, five questions' attempts.
fn read_round(teams: &Teams, round: &SheetRound, path: &str) -> Result<Round, SheetError> {
    let players_path = format!("{path}.players");
    let mut players: Vec<Option<String>> = vec![None; TEAMS];
    for (team, player, at) in teams.keyed(&round.players, &players_path)? {
        if player.trim().is_empty() {
            return Err(SheetError::new(&at, "a player's name must not be empty"));
        }
        players[team] = Some(player.clone());
    }
    // Every team fields one player a round.
    let players = players
        .into_iter()
        .enumerate()
        .map(|(team, p)| {
            p.ok_or_else(|| {
                SheetError::new(
                    &players_path,
                    format!("no player for {}", quote(teams.name(team))),
                )
            })
        })
        .collect::<Result<Vec<String>, SheetError>>()?;
    // 5.10: five questions a theme.
    if round.questions.len() != QUESTIONS_PER_ROUND {
        return Err(SheetError::new(
            &format!("{path}.questions"),
            format!(
                "{} questions, but a round has exactly {QUESTIONS_PER_ROUND} (5.10)",
                round.questions.len()
            ),
        ));
    }
    let questions = round
        .questions
        .iter()
        .enumerate()
        .map(|(q, attempts)| read_attempts(teams, attempts, &format!("{path}.questions[{q}]")))
        .collect::<Result<_, _>>()?;
    Ok(Round { players, questions })
}

/// A question's attempts at `path`, each by one of `teams`.
pub(crate) fn read_attempts(
    teams: &Teams,
    attempts: &[SheetAttempt],
    path: &str,
) -> Result<Vec<Attempt>, SheetError> {
    attempts
        .iter()
        .enumerate()
        .map(|(a, attempt)| {
            Ok(Attempt {
                team: teams.team(&attempt.team, &format!("{path}[{a}].team"))?,
                correct: attempt.correct,
            })
        })
        .collect()
}

/// Names the field an engine refusal points at, within the tour at
/// `tour_path`.
fn locate(teams: &Teams, tour_path: &str, error: EruditError) -> SheetError {
    let round_path = |r: usize| format!("{tour_path}.rounds[{r}]");
    match error {
        EruditError::PlayerTwiceInTour {
            round,
            team,
            player,
            earlier,
            ..
        } => SheetError::new(
            &key_path(&format!("{}.players", round_path(round)), teams.name(team)),
            format!(
                "{} already played {} (5.8: once per tour)",
                quote(&player),
                round_path(earlier)
            ),
        ),
        EruditError::InAttempt {
            round,
            question,
            attempt,
            error,
            ..
        } => {
            let at = format!("{}.questions[{question}][{attempt}]", round_path(round));
            match *error {
                EruditError::AttemptedTwice { team } => SheetError::new(
                    &format!("{at}.team"),
                    format!(
                        "{} already attempted this question (one attempt per team)",
                        quote(teams.name(team))
                    ),
                ),
                EruditError::AfterCorrect => SheetError::new(
                    &at,
                    "an attempt after the question was answered right (nobody answers after that)",
                ),
                other => SheetError::new(&at, other.to_string()),
            }
        }
        other => SheetError::new(tour_path, other.to_string()),
    }
}
