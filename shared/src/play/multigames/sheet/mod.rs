//! The `multigames` sheet (6.x): tours of tasks with each team's credit.

mod credit;
mod from_game;

use serde::{Deserialize, Serialize};

use crate::play::multigames::rules::{
    Credit, MultiTour, MultigamesError, TOURS, Task, multigames_totals,
};
use crate::sheet::SheetError;
use crate::sheet::output::{Scored, row};
use crate::sheet::teams::{TeamMap, Teams};
use crate::tournament::rank_by;
pub(crate) use credit::{SheetCredit, credit};

/// `{"format":"multigames","teams":[…],"tours":[{"tasks":[…]}…]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultigamesSheet {
    /// The format's name, as `LiveFormat::FORMAT` gives it.
    pub format: String,
    pub teams: Vec<String>,
    pub tours: Vec<MultigamesSheetTour>,
    /// 2.2: how ties at prize places were settled in play; absent = none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prize_ties: Vec<crate::sheet::prize_ties::SheetPrizeTie>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultigamesSheetTour {
    pub tasks: Vec<MultigamesSheetTask>,
}

/// A task: its full value and each team's credit (a team missing from
/// `points` scored 0).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultigamesSheetTask {
    pub max: SheetCredit,
    pub points: TeamMap<SheetCredit>,
}

pub(crate) fn score(sheet: &MultigamesSheet) -> Result<Scored, SheetError> {
    let teams = Teams::read(&sheet.teams, "teams")?;
    // 6.2: six tours.
    if sheet.tours.len() > TOURS {
        return Err(SheetError::new(
            "tours",
            format!(
                "{} tours, but the tournament has {TOURS} (6.2)",
                sheet.tours.len()
            ),
        ));
    }
    let mut tours = Vec::with_capacity(sheet.tours.len());
    for (t, tour) in sheet.tours.iter().enumerate() {
        let mut tasks = Vec::with_capacity(tour.tasks.len());
        for (i, task) in tour.tasks.iter().enumerate() {
            let path = format!("tours[{t}].tasks[{i}]");
            let max = task.max.0;
            if max.atto <= 0 {
                return Err(SheetError::new(
                    &format!("{path}.max"),
                    format!("{max}: a task's full value must be positive"),
                ));
            }
            // A team missing from `points` scored 0.
            let mut points = vec![Credit::ZERO; teams.len()];
            for (team, p, at) in teams.keyed(&task.points, &format!("{path}.points"))? {
                let p = p.0;
                // 6: full or partial credit: 0 ≤ p ≤ max.
                if p.is_negative() || p > max {
                    return Err(SheetError::new(
                        &at,
                        format!("{p} is outside 0..{max} (credit is at most the task's value)"),
                    ));
                }
                points[team] = p;
            }
            tasks.push(Task { max, points });
        }
        tours.push(MultiTour { tasks });
    }
    let totals = multigames_totals(teams.len(), &tours).map_err(|e| match e {
        MultigamesError::Overflow => SheetError::new("tours", "the totals are too large"),
        other => SheetError::new("tours", other.to_string()),
    })?;
    let mut standings = rank_by(totals.into_iter().enumerate().collect(), |(_, total)| {
        *total
    })
    .into_iter()
    .map(|r| row(teams.name(r.item.0), r.place, credit(r.item.1)))
    .collect();
    crate::sheet::prize_ties::settle(&mut standings, &sheet.prize_ties)?;
    Ok(Scored {
        format: "multigames",
        standings,
        next_round: None,
    })
}
