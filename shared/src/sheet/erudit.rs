//! The `erudit-quartet` sheet (5.6–5.10): up to three tours of four rounds;
//! each round names every team's player and the attempts on five questions.
//! A sheet with `stages` instead of `tours` is a whole tournament
//! (`erudit_tournament.rs`), which reads its games' tours here.

use super::SheetError;
use super::json::{Fields, Node};
use super::output::{OrderedMap, Scored, int, row};
use super::teams::{Teams, quote};
use crate::rules::erudit::{
    Attempt, EruditError, EruditGame, GameScore, QUESTIONS_PER_ROUND, ROUNDS_PER_TOUR, Round,
    TEAMS, TOURS, Tour, TourKind,
};
use crate::tournament::rank_by;

pub(crate) fn score(root: &Node<'_>) -> Result<Scored, SheetError> {
    let fields = root.fields(&["format", "teams", "tours"])?;
    let teams = Teams::read(&fields)?;
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
    let score = read_game(&teams, &fields)?;
    let standings = rank_by(
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
    Ok(Scored {
        format: "erudit-quartet",
        standings,
        next_round: None,
    })
}

/// One game's `tours` (5.6): every rule checked, the first error named.
pub(crate) fn read_game(teams: &Teams, fields: &Fields<'_>) -> Result<GameScore, SheetError> {
    let tours_node = fields.required("tours")?;
    let tour_nodes = tours_node.array()?;
    // 5.6: three tours.
    if tour_nodes.len() > TOURS {
        return Err(tours_node.err(format!(
            "{} tours, but a game has at most {TOURS} (5.6)",
            tour_nodes.len()
        )));
    }
    let mut game = EruditGame {
        tours: Vec::with_capacity(tour_nodes.len()),
    };
    let mut nodes: Vec<Vec<Node<'_>>> = Vec::new();
    for (t, tour_node) in tour_nodes.iter().enumerate() {
        let tour = tour_node.fields(&["type", "rounds"])?;
        let kind_node = tour.required("type")?;
        let kind = match kind_node.str()? {
            "open" => TourKind::Open,
            "closed" => TourKind::Closed,
            "semi-open" => TourKind::SemiOpen,
            other => {
                return Err(kind_node.err(format!(
                    "unknown tour type {} (expected open, closed or semi-open)",
                    quote(other)
                )));
            }
        };
        // 5.6: one tour of each kind.
        if let Some(earlier) = game.tours.iter().position(|other| other.kind == kind) {
            return Err(kind_node.err(format!(
                "tours[{earlier}] is already {} (5.6: one tour of each type)",
                kind_node.show()
            )));
        }
        let round_nodes = tour.required("rounds")?.array_of(
            ROUNDS_PER_TOUR,
            "rounds",
            &format!("a tour has exactly {ROUNDS_PER_TOUR} (5.6)"),
        )?;
        let mut rounds = Vec::with_capacity(ROUNDS_PER_TOUR);
        for round_node in &round_nodes {
            rounds.push(read_round(teams, round_node)?);
        }
        game.tours.push(Tour { kind, rounds });
        nodes.push(round_nodes);
        // Check each tour as it is read, so that the first error is reported.
        let so_far = EruditGame {
            tours: game.tours[t..].to_vec(),
        };
        so_far.score().map_err(|e| locate(teams, &nodes[t], t, e))?;
    }
    game.score().map_err(|e| tours_node.err(e.to_string()))
}

/// `{"players":{team:player,…},"questions":[[{"team":T,"correct":bool},…]×5]}`.
fn read_round(teams: &Teams, node: &Node<'_>) -> Result<Round, SheetError> {
    let round = node.fields(&["players", "questions"])?;
    let players_node = round.required("players")?;
    let mut players: Vec<Option<String>> = vec![None; TEAMS];
    for (team, player_node) in teams.keyed(&players_node)? {
        let player = player_node.str()?;
        if player.trim().is_empty() {
            return Err(player_node.err("a player's name must not be empty"));
        }
        players[team] = Some(player.to_owned());
    }
    // Every team fields one player a round.
    let players = players
        .into_iter()
        .enumerate()
        .map(|(team, p)| {
            p.ok_or_else(|| players_node.err(format!("no player for {}", quote(teams.name(team)))))
        })
        .collect::<Result<Vec<String>, SheetError>>()?;
    // 5.10: five questions a theme.
    let question_nodes = round.required("questions")?.array_of(
        QUESTIONS_PER_ROUND,
        "questions",
        &format!("a round has exactly {QUESTIONS_PER_ROUND} (5.10)"),
    )?;
    let mut questions = Vec::with_capacity(QUESTIONS_PER_ROUND);
    for question_node in &question_nodes {
        let mut attempts = Vec::new();
        for attempt_node in question_node.array()? {
            let attempt = attempt_node.fields(&["team", "correct"])?;
            let team = teams.team(&attempt.required("team")?)?;
            let correct = attempt.required("correct")?.bool()?;
            attempts.push(Attempt { team, correct });
        }
        questions.push(attempts);
    }
    Ok(Round { players, questions })
}

/// Names the field an engine refusal points at, within tour `t`.
fn locate(teams: &Teams, rounds: &[Node<'_>], t: usize, error: EruditError) -> SheetError {
    let round_path = |r: usize| {
        rounds
            .get(r)
            .map_or_else(|| format!("tours[{t}]"), |n| n.path.clone())
    };
    match error {
        EruditError::PlayerTwiceInTour {
            round,
            team,
            player,
            earlier,
            ..
        } => SheetError::new(
            &format!("{}.players[{}]", round_path(round), quote(teams.name(team))),
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
        other => SheetError::new(&format!("tours[{t}]"), other.to_string()),
    }
}
