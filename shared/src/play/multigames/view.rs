//! What each audience sees of a Мультиигры game. A team's view holds its
//! own answers only and its credit only after the reveal; the task's text
//! reaches terminals only once the host starts the task; the projector sees
//! counts, never answers.

use serde::{Deserialize, Serialize};

use super::{AppealNo, Awarder, MultigamesSettings, TaskAppealKind, TaskId, TourNo};
use crate::ids::TeamId;
use crate::play::multigames::rules::Credit;
use crate::time::ServerTime;
use crate::tournament::Place;

/// Where a task stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TaskStatus {
    /// Prepared, not yet announced.
    Waiting,
    /// Number, time and points announced; the sheet still face down.
    Announced,
    /// Being solved: the countdown runs (or the 3-s grace after it).
    Running,
    /// Time and grace over; answers are being credited.
    Over,
    Revealed,
}

/// A task's clock in server time: every signal an instant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskClock {
    pub started_at: ServerTime,
    /// The «10 seconds left» signal (at the start for a task of 10 s or less).
    pub warning_at: ServerTime,
    /// The end signal.
    pub ends_at: ServerTime,
    /// The last instant an answer counts (the end signal plus the grace).
    pub accept_until: ServerTime,
}

/// A task as announced to the hall: what is known before it starts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskHeading {
    pub id: TaskId,
    pub tour: TourNo,
    /// «2.3»: tour and task, as the hall counts them (from 1).
    pub number: String,
    pub title: String,
    pub points: Credit,
    pub seconds: u32,
    pub status: TaskStatus,
    pub clock: Option<TaskClock>,
    pub withdrawn: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaffAnswer {
    pub team: TeamId,
    pub name: String,
    pub text: String,
    pub received_at: ServerTime,
    pub since_start_ms: u64,
    pub late: bool,
    /// The credit given, and by whom; `None` while not yet credited.
    pub points: Option<Credit>,
    pub by: Option<Awarder>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaffTask {
    pub heading: TaskHeading,
    pub text: String,
    pub answer: String,
    pub comment: String,
    /// Every answer, on-time and late, in arrival order.
    pub answers: Vec<StaffAnswer>,
    /// Teams with no answer at all.
    pub missing: Vec<TeamId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StaffTour {
    pub tour: TourNo,
    pub title: String,
    pub tasks: Vec<StaffTask>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppealRow {
    pub id: AppealNo,
    pub task: TaskId,
    pub number: String,
    pub team: TeamId,
    pub name: String,
    pub kind: TaskAppealKind,
    pub text: String,
    /// The team's own answer (for an appeal for it).
    pub answer: Option<String>,
    pub filed_at: ServerTime,
    pub decision: Option<AppealDecision>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AppealDecision {
    pub upheld: bool,
    pub points: Option<Credit>,
    pub reply: String,
    pub at: ServerTime,
    /// 6.5: the host decided it (no jury sitting).
    #[serde(default)]
    pub by_host: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultiStandingRow {
    pub team: TeamId,
    pub name: String,
    pub town: String,
    pub place: Place,
    pub points: Credit,
}

/// The host's, the judges' and the appeal jury's view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultigamesStaffView {
    pub settings: MultigamesSettings,
    pub tours: Vec<StaffTour>,
    /// The announced or running task.
    pub current: Option<TaskId>,
    pub appeals: Vec<AppealRow>,
    /// Every credited task counts, revealed or not.
    pub standings: Vec<MultiStandingRow>,
    /// All six tours played and every task revealed.
    pub finished: bool,
    /// 6.5: a jury sits and decides the appeals; otherwise the host does.
    pub appeal_jury: bool,
}

/// A team's own answer to a task, with its credit after the reveal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamAnswer {
    pub task: TaskId,
    pub number: String,
    pub title: String,
    pub text: String,
    pub received_at: ServerTime,
    pub since_start_ms: u64,
    pub late: bool,
    pub reveal: Option<TaskReveal>,
}

/// What the reveal shows about one task.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaskReveal {
    pub answer: String,
    pub comment: String,
    /// This team's credit; `None` on the projector and for a late answer.
    pub points: Option<Credit>,
    pub max: Credit,
    pub withdrawn: bool,
}

/// The task on a team's screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamTask {
    pub heading: TaskHeading,
    /// `None` until the host starts the task.
    pub text: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultigamesTeamView {
    pub current: Option<TeamTask>,
    /// This team's answers only, oldest first.
    pub answers: Vec<TeamAnswer>,
    /// Revealed tasks this team may still appeal (6.4: until the next tour).
    pub appealable: Vec<TaskId>,
    pub appeals: Vec<AppealRow>,
    pub appeals_allowed: bool,
    /// The hall's standings (revealed tasks only): the top rows and this
    /// team's own.
    pub standings: Vec<MultiStandingRow>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MultigamesDisplayView {
    pub current: Option<TaskHeading>,
    /// How many teams have handed in an answer to the current task.
    pub answers_in: u32,
    pub teams: u32,
    /// The task revealed last, with its answer.
    pub last_revealed: Option<(TaskHeading, TaskReveal)>,
    pub standings: Vec<MultiStandingRow>,
    /// 6: every task's number, title and points, announced before the
    /// tournament: listed until the first task begins, empty after.
    pub announced: Vec<TaskHeading>,
}
