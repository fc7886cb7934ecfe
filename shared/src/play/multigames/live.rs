//! Мультиигры's face to the server core: [`LiveFormat`] for
//! [`MultigamesGame`], and who may send which command; its results. It
//! has none of the optional capabilities.

use super::game::MultigamesGame;
use super::{Awarder, TaskId};
use super::{
    MultigamesCommand, MultigamesDisplayView, MultigamesEvent, MultigamesPlayError,
    MultigamesReceipt, MultigamesSettings, MultigamesStaffView, MultigamesTeamView,
};
use crate::identity::{Identity, Role};
use crate::ids::TeamId;
use crate::jury_protocol::Protocol;
use crate::play::format::{Decided, Labels, LiveFormat, Progress, Results, Touched, TourState};
use crate::play::multigames::sheet::MultigamesSheet;
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::sheet::output::{OrderedMap, Scored};
use crate::sheet::{Scoresheet, SheetError};
use crate::time::ServerTime;
use crate::tournament::Place;

impl LiveFormat for MultigamesGame {
    const FORMAT: &'static str = "multigames";
    const TITLE: &'static str = "Мультиигры";
    type Settings = MultigamesSettings;
    type Command = MultigamesCommand;
    type Event = MultigamesEvent;
    type Receipt = MultigamesReceipt;
    type Error = MultigamesPlayError;
    type StaffView = MultigamesStaffView;
    type TeamView = MultigamesTeamView;
    type DisplayView = MultigamesDisplayView;
    type Patch = ();
    type Sheet = MultigamesSheet;

    fn new(settings: &MultigamesSettings) -> Self {
        MultigamesGame::new(settings)
    }

    fn validate(settings: &MultigamesSettings) -> Result<(), MultigamesPlayError> {
        MultigamesGame::validate(settings)
    }

    fn permitted(role: Role, command: &MultigamesCommand) -> bool {
        use MultigamesCommand as C;
        match command {
            C::AddTour { .. }
            | C::AddTask { .. }
            | C::Announce { .. }
            | C::Start { .. }
            | C::Reveal { .. }
            | C::Finish => role == Role::Host,
            C::Award { .. } => matches!(role, Role::Host | Role::Judge),
            C::Answer { .. } | C::Appeal { .. } => role == Role::Team,
            // 6.5: the appeal jury; the host while none sits (the game
            // checks that).
            C::DecideAppeal { .. } => matches!(role, Role::Jury | Role::Host),
        }
    }

    fn decide(
        &self,
        who: Identity,
        command: MultigamesCommand,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<Decided<Self>, MultigamesPlayError> {
        MultigamesGame::decide(self, who, command, roster, now)
    }

    fn apply(&mut self, event: &MultigamesEvent) -> Touched {
        MultigamesGame::apply(self, event)
    }

    fn poll_timeout(&self, now: ServerTime) -> Option<ServerTime> {
        MultigamesGame::poll_timeout(self, now)
    }

    fn handle_timeout(&mut self, now: ServerTime) -> Touched {
        MultigamesGame::handle_timeout(self, now)
    }

    fn staff_view(&self, roster: &Roster, now: ServerTime) -> MultigamesStaffView {
        MultigamesGame::staff_view(self, roster, now)
    }

    fn team_view(&self, team: TeamId, roster: &Roster, now: ServerTime) -> MultigamesTeamView {
        MultigamesGame::team_view(self, team, roster, now)
    }

    fn display_view(&self, roster: &Roster, now: ServerTime) -> MultigamesDisplayView {
        MultigamesGame::display_view(self, roster, now)
    }

    fn sheet(&self, roster: &Roster) -> MultigamesSheet {
        self.scoresheet(roster)
    }

    /// Replay: the task, the team and the judge a stored event names exist.
    fn check_replay(&self, event: &MultigamesEvent, known: &dyn Known) -> Result<(), ReplayError> {
        use MultigamesEvent as E;
        let task_exists = |task: &TaskId| match self.task(*task) {
            Ok(_) => Ok(()),
            Err(_) => Err(ReplayError::Missing {
                what: "Мультиигры task",
                id: task.0,
                made: "added",
            }),
        };
        match event {
            E::TourAdded { .. } | E::AppealDecided { .. } | E::Finished { .. } => Ok(()),
            E::TaskAdded { task, .. } => {
                let expected = self.tasks.len() as u32;
                if task.0 != expected {
                    return Err(ReplayError::OutOfOrder {
                        what: "Мультиигры task",
                        id: task.0,
                        expected,
                    });
                }
                Ok(())
            }
            E::Announced { task, .. } | E::Started { task, .. } | E::Revealed { task, .. } => {
                task_exists(task)
            }
            E::AnswerAccepted { task, team, .. } | E::AppealFiled { task, team, .. } => {
                task_exists(task)?;
                known.team_exists(*team)
            }
            E::Awarded { task, team, by, .. } => {
                task_exists(task)?;
                known.team_exists(*team)?;
                match by {
                    Awarder::Judge(judge) => known.judge_exists(*judge),
                    Awarder::Host | Awarder::Jury => Ok(()),
                }
            }
        }
    }
}

impl Results for MultigamesGame {
    const BEFORE_CHGK_TOURS: bool = true;

    fn standings(&self, roster: &Roster) -> Vec<OrderedMap> {
        self.standings_table(roster)
    }

    fn protocol_section(&self, protocol: &mut Protocol, roster: &Roster, title: &str) {
        super::protocol::section(protocol, roster, title, self);
    }

    fn finished(&self) -> bool {
        self.finished_at.is_some()
    }

    fn staff_progress(view: &MultigamesStaffView) -> Progress {
        Progress {
            in_use: true,
            finished: view.finished,
        }
    }

    fn tour(&self, tour: u32) -> Option<TourState> {
        let t = self.tours.get(tour as usize)?;
        let tasks: Vec<_> = t
            .tasks
            .iter()
            .filter_map(|id| self.task(*id).ok())
            .collect();
        Some(TourState {
            title: t.title.clone(),
            started: tasks.iter().any(|x| x.started_at.is_some()),
            done: !tasks.is_empty() && tasks.iter().all(|x| x.revealed_at.is_some() || x.withdrawn),
        })
    }

    /// An answer, on time or late, or an appeal.
    fn has_played(&self, team: TeamId) -> bool {
        self.tasks.iter().any(|t| t.answers.contains_key(&team))
            || self.appeals.iter().any(|a| a.team == team)
    }

    fn places(&self, roster: &Roster) -> Vec<(TeamId, Place)> {
        self.ranked(roster, |t| t.started_at.is_some())
            .into_iter()
            .map(|r| (r.team, r.place))
            .collect()
    }
}

impl Labels for MultigamesGame {
    fn event_kind(_event: &MultigamesEvent) -> &'static str {
        "game"
    }

    /// A team's answer shows its receipt or refusal; a judge's credit shows
    /// on the answer's row (a refusal gets a toast).
    fn outcome_in_place(command: &MultigamesCommand, succeeded: bool) -> bool {
        use MultigamesCommand as C;
        match command {
            C::Answer { .. } => true,
            C::Award { .. } => succeeded,
            _ => false,
        }
    }
}

/// The `multigames` sheet, scored as `minuta-server score` prints it.
impl Scoresheet for MultigamesSheet {
    fn score(&self) -> Result<Scored, SheetError> {
        crate::play::multigames::sheet::score(self)
    }
}
