//! The `brain-ring` sheet (4.4–4.8): qualifying rounds of fights; the table
//! and the next round's pairs.

use serde_json::Value;

use super::SheetError;
use super::json::Node;
use super::output::{Scored, int, ring_points, row};
use super::teams::{Teams, quote};
use crate::rules::brain_ring::{
    Fight, QUALIFYING_QUESTIONS, QUALIFYING_ROUNDS, Qualifying, RingError,
};

pub(crate) fn score(root: &Node<'_>) -> Result<Scored, SheetError> {
    let fields = root.fields(&["format", "teams", "rounds", "qualification"])?;
    let teams = Teams::read(&fields)?;
    // 4.3: how a tie at the entry cut was settled, when there was one.
    super::qualifying_cut::check(&fields, &teams)?;
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
    let rounds_node = fields.required("rounds")?;
    let round_nodes = rounds_node.array()?;
    // 4.9: six qualifying rounds, then the play-off.
    if round_nodes.len() > QUALIFYING_ROUNDS {
        return Err(rounds_node.err(format!(
            "{} rounds, but the qualifying part has {QUALIFYING_ROUNDS} (4.9)",
            round_nodes.len()
        )));
    }
    for round_node in &round_nodes {
        let fight_nodes = round_node.array()?;
        let mut round = Vec::with_capacity(fight_nodes.len());
        for fight_node in &fight_nodes {
            round.push(read_fight(&teams, fight_node)?);
        }
        qualifying
            .check_round(&round)
            .map_err(|e| round_error(&teams, &rounds_node, round_node, &fight_nodes, &round, e))?;
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

/// `{"teams":[A,B],"score":[x,y]}`.
fn read_fight(teams: &Teams, node: &Node<'_>) -> Result<Fight, SheetError> {
    let fight = node.fields(&["teams", "score"])?;
    let teams_node = fight.required("teams")?;
    let pair = teams_node.array_of(2, "teams", "a fight is between 2 teams")?;
    let (a, b) = (teams.team(&pair[0])?, teams.team(&pair[1])?);
    if a == b {
        return Err(teams_node.err(format!("{} cannot fight itself", quote(teams.name(a)))));
    }
    let score_node = fight.required("score")?;
    let score = score_node.array_of(2, "scores", "a fight has one score per team")?;
    let (x, y) = (score[0].count()?, score[1].count()?);
    // 4.5: a fight has five questions.
    if x.saturating_add(y) > QUALIFYING_QUESTIONS {
        return Err(score_node.err(format!(
            "{x}+{y} = {} questions taken, but a fight has {QUALIFYING_QUESTIONS} (4.5)",
            x.saturating_add(y)
        )));
    }
    Ok(Fight {
        teams: [a, b],
        score: [x, y],
    })
}

/// Names the field an engine refusal points at.
fn round_error(
    teams: &Teams,
    rounds_node: &Node<'_>,
    round_node: &Node<'_>,
    fight_nodes: &[Node<'_>],
    round: &[Fight],
    error: RingError,
) -> SheetError {
    let RingError::InFight { fight, error } = error else {
        return round_node.err(error.to_string());
    };
    let Some(node) = fight_nodes.get(fight) else {
        return round_node.err(error.to_string());
    };
    let teams_path = format!("{}.teams", node.path);
    match *error {
        RingError::PlaysTwice { team, earlier } => {
            let slot = round
                .get(fight)
                .and_then(|f| f.teams.iter().position(|&t| t == team))
                .unwrap_or(0);
            SheetError::new(
                &format!("{teams_path}[{slot}]"),
                format!(
                    "{} already plays {} in this round (one fight per round)",
                    quote(teams.name(team)),
                    round_node.index_path(earlier)
                ),
            )
        }
        RingError::Rematch {
            teams: [a, b],
            round: earlier,
        } => SheetError::new(
            &teams_path,
            format!(
                "{} and {} already met in {} (4.8: at most once)",
                quote(teams.name(a)),
                quote(teams.name(b)),
                rounds_node.index_path(earlier)
            ),
        ),
        other => node.err(other.to_string()),
    }
}
