//! The game as `minuta-server score` reads it: the `multigames` sheet, and
//! the standings exactly as `score` prints them for that sheet.

use super::{MultigamesSheet, MultigamesSheetTask, MultigamesSheetTour};
use super::{SheetCredit, credit};
use crate::play::format::LiveFormat;
use crate::play::multigames::game::MultigamesGame;
use crate::play::roster::Roster;
use crate::sheet::output::{OrderedMap, row};
use crate::sheet::teams::TeamMap;

impl MultigamesGame {
    /// Every task played and not withdrawn, with each on-time credit; a team
    /// absent from a task's `points` scored 0, as the sheet reads it.
    pub(crate) fn scoresheet(&self, roster: &Roster) -> MultigamesSheet {
        let tours = self
            .tours
            .iter()
            .map(|tour| MultigamesSheetTour {
                tasks: tour
                    .tasks
                    .iter()
                    .filter_map(|id| self.task(*id).ok())
                    .filter(|t| t.started_at.is_some() && !t.withdrawn)
                    .map(|task| MultigamesSheetTask {
                        max: SheetCredit(task.draft.points),
                        points: TeamMap(
                            roster
                                .teams
                                .iter()
                                .filter_map(|team| {
                                    let c = Self::credit_of(task, team.id)?;
                                    Some((team.name.clone(), SheetCredit(c)))
                                })
                                .collect(),
                        ),
                    })
                    .collect(),
            })
            .collect();
        MultigamesSheet {
            format: <MultigamesGame as LiveFormat>::FORMAT.to_owned(),
            teams: roster.teams.iter().map(|t| t.name.clone()).collect(),
            tours,
            prize_ties: Vec::new(),
        }
    }

    /// The standings of [`MultigamesGame::scoresheet`] as `score` prints them.
    pub fn standings_table(&self, roster: &Roster) -> Vec<OrderedMap> {
        self.ranked(roster, |t| t.started_at.is_some())
            .into_iter()
            .map(|r| row(&r.name, r.place, credit(r.points)))
            .collect()
    }
}
