//! The `erudit-quartet` sheet's tournament form (5.3–5.5, 2.2): the teams
//! and the draw's seed, then the stages in order, each a list of groups of
//! four with their game's complete tours. The first stage is the draw; each
//! later stage must be the advancement table's filling of the one before
//! (5.4, 5.5), its groups' deciding ties settled as each group's `ties`
//! record (a shoot-off's answers, a lot's seed), replayed here. A played
//! group with a deciding tie nobody settled is refused, the teams named.
//! Standings: every team placed by the tournament's table.

use serde::{Deserialize, Serialize};

use super::{SheetAttempt, SheetTour, read_attempts, read_game};
use crate::play::erudit::rules::{
    EruditError, GroupResult, TEAMS, TOURS, TieSettlement, advance_stage, group_places,
    tournament_table,
};
use crate::play::qualification::sheet::Qualification;
use crate::sheet::SheetError;
use crate::sheet::number::Seed;
use crate::sheet::output::{Scored, int, row};
use crate::sheet::teams::{Teams, quote};

/// `{"format":"erudit-quartet","teams":[…],"seed":s,"stages":[[group…]…],
/// "qualification":…}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EruditTournamentSheet {
    /// The format's name, as `LiveFormat::FORMAT` gives it.
    pub format: String,
    pub teams: Vec<String>,
    /// The draw's seed: its record (5.3); the groups are given as drawn.
    pub seed: Seed,
    pub stages: Vec<Vec<SheetGroup>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub qualification: Option<Qualification>,
    /// 2.2: how ties at prize places were settled in play; absent = none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prize_ties: Vec<crate::sheet::prize_ties::SheetPrizeTie>,
}

/// A group of four: its teams, its game's complete tours and how its
/// deciding ties were settled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetGroup {
    pub teams: Vec<String>,
    pub tours: Vec<SheetTour>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ties: Option<Vec<SheetTie>>,
}

/// `{"teams":[…],"shoot-off":[[attempt…]…],"lot":seed}` (`lot` only when
/// the host drew one).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetTie {
    pub teams: Vec<String>,
    #[serde(rename = "shoot-off")]
    pub shoot_off: Vec<Vec<SheetAttempt>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lot: Option<Seed>,
}

pub(crate) fn score(sheet: &EruditTournamentSheet) -> Result<Scored, SheetError> {
    let teams = Teams::read(&sheet.teams, "teams")?;
    // 5.2: how a tie at the entry cut was settled, when there was one.
    crate::play::qualification::sheet::check(sheet.qualification.as_ref(), &teams)?;
    if sheet.stages.is_empty() {
        return Err(SheetError::new(
            "stages",
            "a tournament needs its first stage (the draw, 5.3)",
        ));
    }
    let mut stages: Vec<Vec<GroupResult>> = Vec::with_capacity(sheet.stages.len());
    for (s, stage) in sheet.stages.iter().enumerate() {
        let path = format!("stages[{s}]");
        let groups = read_stage(&teams, stage, &path)?;
        match stages.last() {
            // 5.3: the draw places every team once.
            None => {
                let drawn: usize = groups.iter().map(|g| g.teams.len()).sum();
                if drawn != teams.len() {
                    return Err(SheetError::new(
                        &path,
                        format!(
                            "the draw places {drawn} teams, but the sheet has {}",
                            teams.len()
                        ),
                    ));
                }
            }
            Some(previous) => check_advancement(&teams, previous, &groups, s, &path)?,
        }
        // The last stage's tie that its sheet records as begun is being
        // settled as the sheet is exported: its teams share the places.
        let settling = s + 1 == sheet.stages.len();
        check_ties(&teams, &groups, &path, settling)?;
        stages.push(groups);
    }
    let mut standings = tournament_table(&stages)
        .into_iter()
        .map(|r| {
            row(teams.name(r.team), r.place, int(r.points))
                .with("stage", int(r.stage as i64 + 1))
                .with("group", int(r.group as i64 + 1))
        })
        .collect();
    crate::sheet::prize_ties::settle(&mut standings, &sheet.prize_ties)?;
    Ok(Scored {
        format: "erudit-quartet",
        standings,
        next_round: None,
    })
}

/// A stage at `path`: groups of four distinct teams, each team in one group.
fn read_stage(
    teams: &Teams,
    stage: &[SheetGroup],
    path: &str,
) -> Result<Vec<GroupResult>, SheetError> {
    let mut groups: Vec<GroupResult> = Vec::with_capacity(stage.len());
    let mut seen: Vec<usize> = Vec::new();
    for (g, group) in stage.iter().enumerate() {
        let group_path = format!("{path}[{g}]");
        let teams_path = format!("{group_path}.teams");
        let group_teams = Teams::read(&group.teams, &teams_path)?;
        if group_teams.len() != TEAMS {
            return Err(SheetError::new(
                &teams_path,
                format!(
                    "{} teams, but a group plays a game of {TEAMS}",
                    group_teams.len()
                ),
            ));
        }
        let mut members = Vec::with_capacity(TEAMS);
        for (i, name) in group_teams.names.iter().enumerate() {
            let at = format!("{teams_path}[{i}]");
            let team = teams.team(name, &at)?;
            if seen.contains(&team) {
                return Err(SheetError::new(
                    &at,
                    format!("{} is in two groups of this stage", quote(name)),
                ));
            }
            seen.push(team);
            members.push(team);
        }
        let game = read_game(&group_teams, &group.tours, &format!("{group_path}.tours"))?;
        let ties = match &group.ties {
            Some(ties) => read_ties(teams, ties, &format!("{group_path}.ties"))?,
            None => Vec::new(),
        };
        groups.push(GroupResult {
            teams: members,
            points: game.teams.iter().map(|t| t.points).collect(),
            finished: group.tours.len() == TOURS,
            ties,
        });
    }
    if !matches!(groups.len(), 1 | 2 | 4) {
        return Err(SheetError::new(
            path,
            format!(
                "{} groups: a stage has 1, 2 or 4 groups of four (5.3–5.5)",
                groups.len()
            ),
        ));
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
    path: &str,
) -> Result<(), SheetError> {
    if let Some(g) = previous.iter().position(|g| !g.finished) {
        return Err(SheetError::new(
            path,
            format!(
                "stages[{}] has begun, but group {} of stages[{}] has not played all {TOURS} tours",
                index,
                g + 1,
                index - 1
            ),
        ));
    }
    let expected = advance_stage(previous)
        .map_err(|e| SheetError::new(path, tie_error(teams, &e)))?
        .ok_or_else(|| {
            SheetError::new(
                path,
                "the final has been played: no stage comes after it (5.5)",
            )
        })?;
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
        return Err(SheetError::new(
            path,
            format!(
                "the groups must be {} by the advancement table (5.4, 5.5) and the groups' ties as settled, not {}",
                show(&expected),
                show(&got)
            ),
        ));
    }
    Ok(())
}

/// A group's `ties` at `path`: the tied teams, the shoot-off's attempts
/// and the lot's seed, each tie as recorded.
fn read_ties(
    teams: &Teams,
    ties: &[SheetTie],
    path: &str,
) -> Result<Vec<TieSettlement>, SheetError> {
    ties.iter()
        .enumerate()
        .map(|(i, tie)| {
            let tie_path = format!("{path}[{i}]");
            let tied = teams.list(&tie.teams, &format!("{tie_path}.teams"))?;
            let shoot_off = tie
                .shoot_off
                .iter()
                .enumerate()
                .map(|(q, attempts)| {
                    read_attempts(teams, attempts, &format!("{tie_path}.shoot-off[{q}]"))
                })
                .collect::<Result<_, _>>()?;
            Ok(TieSettlement {
                teams: tied,
                shoot_off,
                lot: tie.lot.map(|l| l.0),
            })
        })
        .collect()
}

/// 5.4, 5.5: every played group's ties replay, and none that decides
/// something is left open (the final's included) — unless `settling` (the
/// sheet's last stage) and the group records the tie as begun: the hall is
/// settling it as the sheet is exported.
fn check_ties(
    teams: &Teams,
    groups: &[GroupResult],
    path: &str,
    settling: bool,
) -> Result<(), SheetError> {
    for (g, group) in groups.iter().enumerate() {
        let group_path = format!("{path}[{g}]");
        if !group.finished {
            if !group.ties.is_empty() {
                return Err(SheetError::new(
                    &group_path,
                    "ties are settled once the group's game is played",
                ));
            }
            continue;
        }
        let order = group_places(group, groups.len(), g)
            .map_err(|e| SheetError::new(&group_path, tie_error(teams, &e)))?;
        let begun = |tied: &[usize]| settling && group.ties.iter().any(|t| t.teams == tied);
        if let Some(open) = order.open.iter().find(|open| !begun(&open.tied)) {
            let error = EruditError::UnsettledTie {
                group: g,
                teams: open.teams.clone(),
                first: open.first,
                last: open.last,
            };
            return Err(SheetError::new(&group_path, tie_error(teams, &error)));
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
