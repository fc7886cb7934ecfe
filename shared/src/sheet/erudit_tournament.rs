//! The `erudit-quartet` sheet's tournament form (5.3–5.5, 2.2): the teams
//! and the draw's seed, then the stages in order, each a list of groups of
//! four with their game's complete tours. The first stage is the draw; each
//! later stage must be the advancement table's filling of the one before
//! (5.4, 5.5), with ties in a group by its recorded lot. Standings: every
//! team placed by the tournament's table.

use super::SheetError;
use super::erudit::read_game;
use super::json::Node;
use super::output::{Scored, int, row};
use super::teams::{Teams, quote};
use crate::rules::erudit::{GroupResult, TEAMS, TOURS, advance_stage, tournament_table};

pub(crate) fn score(root: &Node<'_>) -> Result<Scored, SheetError> {
    let fields = root.fields(&["format", "teams", "seed", "stages"])?;
    let teams = Teams::read(&fields)?;
    let seed = fields.required("seed")?.unsigned()?;
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
            Some(previous) => check_advancement(&teams, previous, &groups, seed, s, stage_node)?,
        }
        stages.push(groups);
    }
    let standings = tournament_table(&stages, seed)
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
        let fields = group_node.fields(&["teams", "tours"])?;
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
        groups.push(GroupResult {
            teams: members,
            points: game.teams.iter().map(|t| t.points).collect(),
            finished: played == TOURS,
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
    seed: u64,
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
    let expected = advance_stage(previous, seed, index - 1)
        .map_err(|e| node.err(e.to_string()))?
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
            "the groups must be {} by the advancement table (5.4, 5.5) and the groups' lots, not {}",
            show(&expected),
            show(&got)
        )));
    }
    Ok(())
}
