//! The `erudit-quartet` sheet's tournament form (5.3–5.5, 2.2): the teams
//! and the draw's seed, then the stages in order, each a list of groups of
//! four with their game's complete tours. The first stage is the draw; each
//! later stage must be the advancement table's filling of the one before
//! (5.4, 5.5), its groups' deciding ties settled as each group's `ties`
//! record (a shoot-off's answers, a lot's seed), replayed here. A played
//! group with a deciding tie nobody settled is refused, the teams named.
//! Standings: every team placed by the tournament's table.

use super::SheetError;
use super::erudit::read_game;
use super::json::Node;
use super::output::{Scored, int, row};
use super::teams::{Teams, quote};
use crate::rules::erudit::{
    Attempt, EruditError, GroupResult, TEAMS, TOURS, TieSettlement, advance_stage, group_places,
    tournament_table,
};

pub(crate) fn score(root: &Node<'_>) -> Result<Scored, SheetError> {
    let fields = root.fields(&["format", "teams", "seed", "stages", "qualification"])?;
    let teams = Teams::read(&fields)?;
    // 5.2: how a tie at the entry cut was settled, when there was one.
    super::qualifying_cut::check(&fields, &teams)?;
    // The draw's seed is its record (5.3); the groups are given as drawn.
    fields.required("seed")?.unsigned()?;
    let stages_node = fields.required("stages")?;
    let stage_nodes = stages_node.array()?;
    if stage_nodes.is_empty() {
        return Err(stages_node.err("a tournament needs its first stage (the draw, 5.3)"));
    }
    let mut stages: Vec<Vec<GroupResult>> = Vec::with_capacity(stage_nodes.len());
    for (s, stage_node) in stage_nodes.iter().enumerate() {
        let groups = read_stage(&teams, stage_node)?;
        match stages.last() {
            // 5.3: the draw places every team once.
            None => {
                let drawn: usize = groups.iter().map(|g| g.teams.len()).sum();
                if drawn != teams.len() {
                    return Err(stage_node.err(format!(
                        "the draw places {drawn} teams, but the sheet has {}",
                        teams.len()
                    )));
                }
            }
            Some(previous) => check_advancement(&teams, previous, &groups, s, stage_node)?,
        }
        // The last stage's tie that its sheet records as begun is being
        // settled as the sheet is exported: its teams share the places.
        let settling = s + 1 == stage_nodes.len();
        check_ties(&teams, &groups, stage_node, settling)?;
        stages.push(groups);
    }
    let standings = tournament_table(&stages)
        .into_iter()
        .map(|r| {
            row(teams.name(r.team), r.place, int(r.points))
                .with("stage", int(r.stage as i64 + 1))
                .with("group", int(r.group as i64 + 1))
        })
        .collect();
    Ok(Scored {
        format: "erudit-quartet",
        standings,
        next_round: None,
    })
}

/// A stage: groups of four distinct teams, each team in one group.
fn read_stage(teams: &Teams, node: &Node<'_>) -> Result<Vec<GroupResult>, SheetError> {
    let mut groups: Vec<GroupResult> = Vec::new();
    let mut seen: Vec<usize> = Vec::new();
    for group_node in node.array()? {
        let fields = group_node.fields(&["teams", "tours", "ties"])?;
        let group_teams = Teams::read(&fields)?;
        if group_teams.len() != TEAMS {
            return Err(fields.required("teams")?.err(format!(
                "{} teams, but a group plays a game of {TEAMS}",
                group_teams.len()
            )));
        }
        let teams_node = fields.required("teams")?;
        let mut members = Vec::with_capacity(TEAMS);
        for (i, name) in group_teams.names.iter().enumerate() {
            let item = Node {
                json: teams_node.json,
                path: teams_node.index_path(i),
            };
            let team = teams.index_of(&item, name)?;
            if seen.contains(&team) {
                return Err(item.err(format!("{} is in two groups of this stage", quote(name))));
            }
            seen.push(team);
            members.push(team);
        }
        let game = read_game(&group_teams, &fields)?;
        let played = fields.required("tours")?.array()?.len();
        let ties = match fields.present("ties") {
            Some(node) => read_ties(teams, &node)?,
            None => Vec::new(),
        };
        groups.push(GroupResult {
            teams: members,
            points: game.teams.iter().map(|t| t.points).collect(),
            finished: played == TOURS,
            ties,
        });
    }
    if !matches!(groups.len(), 1 | 2 | 4) {
        return Err(node.err(format!(
            "{} groups: a stage has 1, 2 or 4 groups of four (5.3–5.5)",
            groups.len()
        )));
    }
    Ok(groups)
}

/// 5.4, 5.5: a later stage begins once every group before it has played,
/// and its groups are the table's filling of them.
fn check_advancement(
    teams: &Teams,
    previous: &[GroupResult],
    groups: &[GroupResult],
    index: usize,
    node: &Node<'_>,
) -> Result<(), SheetError> {
    if let Some(g) = previous.iter().position(|g| !g.finished) {
        return Err(node.err(format!(
            "stages[{}] has begun, but group {} of stages[{}] has not played all {TOURS} tours",
            index,
            g + 1,
            index - 1
        )));
    }
    let expected = advance_stage(previous)
        .map_err(|e| node.err(tie_error(teams, &e)))?
        .ok_or_else(|| node.err("the final has been played: no stage comes after it (5.5)"))?;
    let got: Vec<&Vec<usize>> = groups.iter().map(|g| &g.teams).collect();
    if got != expected.iter().collect::<Vec<_>>() {
        let show = |gs: &[Vec<usize>]| {
            gs.iter()
                .map(|g| {
                    g.iter()
                        .map(|&t| quote(teams.name(t)))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .collect::<Vec<_>>()
                .join(" / ")
        };
        let got: Vec<Vec<usize>> = groups.iter().map(|g| g.teams.clone()).collect();
        return Err(node.err(format!(
            "the groups must be {} by the advancement table (5.4, 5.5) and the groups' ties as settled, not {}",
            show(&expected),
            show(&got)
        )));
    }
    Ok(())
}

/// A group's `ties`: `[{"teams":[…],"shoot-off":[[{"team","correct"}…]…],"lot":seed}]`
/// (`lot` only when the host drew one).
fn read_ties(teams: &Teams, node: &Node<'_>) -> Result<Vec<TieSettlement>, SheetError> {
    let mut ties = Vec::new();
    for tie_node in node.array()? {
        let fields = tie_node.fields(&["teams", "shoot-off", "lot"])?;
        let tied = teams.list(&fields.required("teams")?)?;
        let mut shoot_off = Vec::new();
        for question in fields.required("shoot-off")?.array()? {
            let mut attempts = Vec::new();
            for attempt_node in question.array()? {
                let attempt = attempt_node.fields(&["team", "correct"])?;
                let team = teams.team(&attempt.required("team")?)?;
                let correct = attempt.required("correct")?.bool()?;
                attempts.push(Attempt { team, correct });
            }
            shoot_off.push(attempts);
        }
        let lot = match fields.present("lot") {
            Some(lot) => Some(lot.unsigned()?),
            None => None,
        };
        ties.push(TieSettlement {
            teams: tied,
            shoot_off,
            lot,
        });
    }
    Ok(ties)
}

/// 5.4, 5.5: every played group's ties replay, and none that decides
/// something is left open (the final's included) — unless `settling` (the
/// sheet's last stage) and the group records the tie as begun: the hall is
/// settling it as the sheet is exported.
fn check_ties(
    teams: &Teams,
    groups: &[GroupResult],
    node: &Node<'_>,
    settling: bool,
) -> Result<(), SheetError> {
    for (g, group) in groups.iter().enumerate() {
        let path = || Node {
            json: node.json,
            path: node.index_path(g),
        };
        if !group.finished {
            if !group.ties.is_empty() {
                return Err(path().err("ties are settled once the group's game is played"));
            }
            continue;
        }
        let order =
            group_places(group, groups.len(), g).map_err(|e| path().err(tie_error(teams, &e)))?;
        let begun = |tied: &[usize]| settling && group.ties.iter().any(|t| t.teams == tied);
        if let Some(open) = order.open.iter().find(|open| !begun(&open.tied)) {
            let error = EruditError::UnsettledTie {
                group: g,
                teams: open.teams.clone(),
                first: open.first,
                last: open.last,
            };
            return Err(path().err(tie_error(teams, &error)));
        }
    }
    Ok(())
}

/// A tie's error with the teams named.
fn tie_error(teams: &Teams, error: &EruditError) -> String {
    let names = |list: &[usize]| {
        list.iter()
            .map(|&t| quote(teams.name(t)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match error {
        EruditError::UnsettledTie {
            teams: tied,
            first,
            last,
            ..
        } => format!(
            "{} are tied for places {first}-{last}, which decide who goes on or who wins: the sheet must record a shoot-off or a lot that settles it (5.4, 5.5)",
            names(tied)
        ),
        EruditError::ShootOffAfterSettled {
            teams: tied,
            question,
        } => format!(
            "the tie of {}: shoot-off question {question} comes after the tie was settled",
            names(tied)
        ),
        EruditError::LotAfterSettled { teams: tied } => {
            format!(
                "the tie of {}: a lot after the tie was settled",
                names(tied)
            )
        }
        EruditError::NoSuchTie { teams: tied } => format!(
            "{} are not tied in a way that decides anything in this group",
            names(tied)
        ),
        EruditError::InShootOff {
            teams: tied,
            question,
            attempt,
            error,
        } => {
            let what = match error.as_ref() {
                EruditError::UnknownTeam { team } => {
                    format!(
                        "{} is not one of the teams still tied",
                        quote(teams.name(*team))
                    )
                }
                EruditError::AttemptedTwice { team } => {
                    format!(
                        "{} already answered this question",
                        quote(teams.name(*team))
                    )
                }
                other => other.to_string(),
            };
            format!(
                "the tie of {}, shoot-off question {question}, attempt {attempt}: {what}",
                names(tied)
            )
        }
        other => other.to_string(),
    }
}
