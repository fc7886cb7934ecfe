//! Projections of a Мультиигры game: one view per audience and the
//! standings. Visibility is enforced here: a team's view is built from its
//! own answers alone, a task's text enters it only after the start, credit
//! only after the reveal.

use super::game::{MultigamesGame, Task};
use super::{
    AppealRow, MultiStandingRow, MultigamesDisplayView, MultigamesStaffView, MultigamesTeamView,
    StaffAnswer, StaffTask, StaffTour, TaskHeading, TaskReveal, TaskStatus, TeamAnswer, TeamTask,
};
use crate::ids::TeamId;
use crate::play::multigames::rules::Credit;
use crate::play::roster::Roster;
use crate::time::ServerTime;
use crate::tournament::rank_by;

/// How many rows of the hall's standings a team receives besides its own.
const TEAM_STANDINGS_TOP: usize = 10;

impl MultigamesGame {
    pub fn status(&self, task: &Task, now: ServerTime) -> TaskStatus {
        if task.revealed_at.is_some() {
            TaskStatus::Revealed
        } else if task.started_at.is_some() {
            if self.accepting(task, now) {
                TaskStatus::Running
            } else {
                TaskStatus::Over
            }
        } else if task.announced_at.is_some() && self.current == Some(task.id) {
            TaskStatus::Announced
        } else {
            TaskStatus::Waiting
        }
    }

    pub fn heading(&self, task: &Task, now: ServerTime) -> TaskHeading {
        TaskHeading {
            id: task.id,
            tour: task.tour,
            number: format!("{}.{}", task.tour, task.index + 1),
            title: task.draft.title.clone(),
            points: task.draft.points,
            seconds: task.draft.seconds,
            status: self.status(task, now),
            clock: self.clock(task),
            withdrawn: task.withdrawn,
        }
    }

    fn reveal(task: &Task, points: Option<Credit>) -> Option<TaskReveal> {
        task.revealed_at.map(|_| TaskReveal {
            answer: task.draft.answer.clone(),
            comment: task.draft.comment.clone(),
            points,
            max: task.draft.points,
            withdrawn: task.withdrawn,
        })
    }

    /// Each team's total over the tasks `counted` admits, ranked (6: «по
    /// итогам всех конкурсных заданий»); equal totals share a place and keep
    /// the registry's order.
    pub fn ranked(
        &self,
        roster: &Roster,
        counted: impl Fn(&Task) -> bool,
    ) -> Vec<MultiStandingRow> {
        let totals: Vec<(usize, Credit)> = roster
            .teams
            .iter()
            .enumerate()
            .map(|(i, team)| {
                let total = self
                    .tasks
                    .iter()
                    .filter(|t| counted(t))
                    .filter_map(|t| Self::credit_of(t, team.id))
                    .fold(Credit::ZERO, |sum, c| sum.checked_add(c).unwrap_or(sum));
                (i, total)
            })
            .collect();
        rank_by(totals, |(_, total)| *total)
            .into_iter()
            .filter_map(|r| {
                let team = roster.teams.get(r.item.0)?;
                Some(MultiStandingRow {
                    team: team.id,
                    name: team.name.clone(),
                    town: team.town.clone(),
                    place: r.place,
                    points: r.item.1,
                })
            })
            .collect()
    }

    /// The hall's standings: revealed tasks only, so credit never leaks
    /// before the reveal.
    pub fn public_standings(&self, roster: &Roster) -> Vec<MultiStandingRow> {
        self.ranked(roster, |t| t.revealed_at.is_some())
    }

    fn appeal_rows(&self, roster: &Roster, only: Option<TeamId>) -> Vec<AppealRow> {
        self.appeals
            .iter()
            .filter(|a| only.is_none_or(|team| a.team == team))
            .filter_map(|a| {
                let task = self.task(a.task).ok()?;
                Some(AppealRow {
                    id: a.id,
                    task: a.task,
                    number: format!("{}.{}", task.tour, task.index + 1),
                    team: a.team,
                    name: roster.name(a.team),
                    kind: a.kind,
                    text: a.text.clone(),
                    answer: task.answers.get(&a.team).map(|x| x.text.clone()),
                    filed_at: a.filed_at,
                    decision: a.decision.clone(),
                })
            })
            .collect()
    }

    pub fn staff_view(&self, roster: &Roster, now: ServerTime) -> MultigamesStaffView {
        let tours = self
            .tours
            .iter()
            .enumerate()
            .map(|(i, tour)| StaffTour {
                tour: super::TourNo(i as u32),
                title: tour.title.clone(),
                tasks: tour
                    .tasks
                    .iter()
                    .filter_map(|id| self.task(*id).ok())
                    .map(|task| {
                        let mut answers: Vec<StaffAnswer> = task
                            .answers
                            .iter()
                            .map(|(team, a)| StaffAnswer {
                                team: *team,
                                name: roster.name(*team),
                                text: a.text.clone(),
                                received_at: a.at,
                                since_start_ms: a.since_start_ms,
                                late: a.late,
                                points: a.credit.map(|c| c.0),
                                by: a.credit.map(|c| c.1),
                            })
                            .collect();
                        answers.sort_by_key(|a| a.received_at);
                        StaffTask {
                            heading: self.heading(task, now),
                            text: task.draft.text.clone(),
                            answer: task.draft.answer.clone(),
                            comment: task.draft.comment.clone(),
                            answers,
                            missing: if task.started_at.is_some() {
                                roster
                                    .teams
                                    .iter()
                                    .map(|t| t.id)
                                    .filter(|id| !task.answers.contains_key(id))
                                    .collect()
                            } else {
                                Vec::new()
                            },
                        }
                    })
                    .collect(),
            })
            .collect();
        MultigamesStaffView {
            settings: self.settings.clone(),
            tours,
            current: self.current,
            appeals: self.appeal_rows(roster, None),
            standings: self.ranked(roster, |_| true),
            finished: self.finished_at.is_some(),
            appeal_jury: roster.appeal_jury,
        }
    }

    pub fn team_view(&self, team: TeamId, roster: &Roster, now: ServerTime) -> MultigamesTeamView {
        let current = self
            .current
            .and_then(|c| self.task(c).ok())
            .map(|task| TeamTask {
                heading: self.heading(task, now),
                // 6: the sheet is turned over at the host's command.
                text: task.started_at.map(|_| task.draft.text.clone()),
            });
        let answers = self
            .tasks
            .iter()
            .filter_map(|task| {
                let a = task.answers.get(&team)?;
                Some(TeamAnswer {
                    task: task.id,
                    number: format!("{}.{}", task.tour, task.index + 1),
                    title: task.draft.title.clone(),
                    text: a.text.clone(),
                    received_at: a.at,
                    since_start_ms: a.since_start_ms,
                    late: a.late,
                    reveal: Self::reveal(task, Self::credit_of(task, team)),
                })
            })
            .collect();
        let appealable = if self.settings.appeals && self.finished_at.is_none() {
            self.tasks
                .iter()
                .filter(|t| t.revealed_at.is_some() && !t.withdrawn && !self.tour_over(t.tour))
                .map(|t| t.id)
                .collect()
        } else {
            Vec::new()
        };
        let public = self.public_standings(roster);
        let mut standings: Vec<MultiStandingRow> =
            public.iter().take(TEAM_STANDINGS_TOP).cloned().collect();
        if !standings.iter().any(|r| r.team == team) {
            standings.extend(public.iter().find(|r| r.team == team).cloned());
        }
        MultigamesTeamView {
            current,
            answers,
            appealable,
            appeals: self.appeal_rows(roster, Some(team)),
            appeals_allowed: self.settings.appeals,
            standings,
        }
    }

    pub fn display_view(&self, roster: &Roster, now: ServerTime) -> MultigamesDisplayView {
        let current = self.current.and_then(|c| self.task(c).ok());
        let last_revealed = self
            .tasks
            .iter()
            .filter(|t| t.revealed_at.is_some())
            .max_by_key(|t| t.revealed_at)
            .and_then(|t| Some((self.heading(t, now), Self::reveal(t, None)?)));
        MultigamesDisplayView {
            current: current.map(|t| self.heading(t, now)),
            answers_in: current.map_or(0, |t| t.answers.len() as u32),
            teams: roster.teams.len() as u32,
            last_revealed,
            standings: self.public_standings(roster),
            // 6: the points are announced before the tournament: the hall
            // sees them all until the first task begins.
            announced: if self.tasks.iter().any(|t| t.started_at.is_some()) {
                Vec::new()
            } else {
                self.tasks.iter().map(|t| self.heading(t, now)).collect()
            },
        }
    }
}
