//! The `multigames` sheet (6.x): tours of tasks with each team's credit.

use super::SheetError;
use super::json::Node;
use super::output::{Scored, credit, row};
use super::teams::Teams;
use crate::rules::multigames::{
    Credit, MultiTour, MultigamesError, TOURS, Task, multigames_totals,
};
use crate::tournament::rank_by;

pub(crate) fn score(root: &Node<'_>) -> Result<Scored, SheetError> {
    let fields = root.fields(&["format", "teams", "tours"])?;
    let teams = Teams::read(&fields)?;
    let tours_node = fields.required("tours")?;
    let tour_nodes = tours_node.array()?;
    // 6.2: six tours.
    if tour_nodes.len() > TOURS {
        return Err(tours_node.err(format!(
            "{} tours, but the tournament has {TOURS} (6.2)",
            tour_nodes.len()
        )));
    }
    let mut tours = Vec::with_capacity(tour_nodes.len());
    for tour_node in &tour_nodes {
        let tour = tour_node.fields(&["tasks"])?;
        let mut tasks = Vec::new();
        for task_node in tour.required("tasks")?.array()? {
            let task = task_node.fields(&["max", "points"])?;
            let max_node = task.required("max")?;
            let max = max_node.credit()?;
            if max.atto <= 0 {
                return Err(max_node.err(format!("{max}: a task's full value must be positive")));
            }
            // A team missing from `points` scored 0.
            let mut points = vec![Credit::ZERO; teams.len()];
            for (team, node) in teams.keyed(&task.required("points")?)? {
                let p = node.credit()?;
                // 6: full or partial credit: 0 ≤ p ≤ max.
                if p.is_negative() || p > max {
                    return Err(node.err(format!(
                        "{p} is outside 0..{max} (credit is at most the task's value)"
                    )));
                }
                points[team] = p;
            }
            tasks.push(Task { max, points });
        }
        tours.push(MultiTour { tasks });
    }
    let totals = multigames_totals(teams.len(), &tours).map_err(|e| match e {
        MultigamesError::Overflow => tours_node.err("the totals are too large"),
        other => tours_node.err(other.to_string()),
    })?;
    let standings = rank_by(totals.into_iter().enumerate().collect(), |(_, total)| {
        *total
    })
    .into_iter()
    .map(|r| row(teams.name(r.item.0), r.place, credit(r.item.1)))
    .collect();
    Ok(Scored {
        format: "multigames",
        standings,
        next_round: None,
    })
}
