//! The Мультиигры game's state, its rules (`decide`) and its one mutation
//! (`apply`). Views and the scoresheet are in `project.rs` and `sheet/`.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{
    AppealDecision, AppealNo, Awarder, MultigamesCommand as C, MultigamesEvent as E,
    MultigamesPlayError as Error, MultigamesReceipt, MultigamesSettings, TaskAppealKind, TaskClock,
    TaskDraft, TaskId, TourNo,
};
use crate::identity::Identity;
use crate::ids::TeamId;
use crate::play::format::Touched;
use crate::play::multigames::rules::{Credit, TOURS};
use crate::play::roster::Roster;
use crate::time::ServerTime;

/// An answer is a solution's result, not an essay.
pub const MAX_ANSWER_CHARS: usize = 1_000;
pub const MAX_APPEAL_CHARS: usize = 2_000;
const MAX_TITLE_CHARS: usize = 200;
const MAX_TEXT_CHARS: usize = 20_000;
/// An hour is surely enough for one puzzle.
pub const MAX_TASK_SECONDS: u32 = 3_600;
/// The most a task may be worth.
const MAX_POINTS: i64 = 1_000;
/// Credit is given in hundredths (see `docs/rules.md`, 6).
const HUNDREDTH: i128 = 10_000_000_000_000_000;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub text: String,
    pub at: ServerTime,
    pub since_start_ms: u64,
    pub late: bool,
    pub credit: Option<(Credit, Awarder, ServerTime)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    pub id: TaskId,
    pub tour: TourNo,
    /// Its place in its tour, from 0.
    pub index: u32,
    pub draft: TaskDraft,
    pub announced_at: Option<ServerTime>,
    pub started_at: Option<ServerTime>,
    pub revealed_at: Option<ServerTime>,
    /// 6.4: withdrawn on an upheld appeal against the task.
    pub withdrawn: bool,
    pub answers: BTreeMap<TeamId, Answer>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tour {
    pub title: String,
    pub tasks: Vec<TaskId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Appeal {
    pub id: AppealNo,
    pub task: TaskId,
    pub team: TeamId,
    pub kind: TaskAppealKind,
    pub text: String,
    pub filed_at: ServerTime,
    pub decision: Option<AppealDecision>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MultigamesGame {
    pub settings: MultigamesSettings,
    pub tours: Vec<Tour>,
    pub tasks: Vec<Task>,
    /// The announced (or running, or last played) task.
    pub current: Option<TaskId>,
    /// The latest tour one of whose tasks has been announced: earlier tours
    /// are over (6.4: appeals only «до начала следующего тура»).
    pub open_tour: Option<TourNo>,
    pub appeals: Vec<Appeal>,
    pub finished_at: Option<ServerTime>,
    /// How many of the current task's signals the screens have been shown;
    /// not stored, so a restart shows every screen afresh anyway.
    signals_shown: (Option<TaskId>, usize),
}

impl MultigamesGame {
    pub fn new(settings: &MultigamesSettings) -> Self {
        MultigamesGame {
            settings: settings.clone(),
            tours: Vec::new(),
            tasks: Vec::new(),
            current: None,
            open_tour: None,
            appeals: Vec::new(),
            finished_at: None,
            signals_shown: (None, 0),
        }
    }

    pub fn validate(settings: &MultigamesSettings) -> Result<(), Error> {
        if settings.grace_ms > 60_000 || settings.warning_before_end_ms > 600_000 {
            return Err(Error::BadTiming);
        }
        Ok(())
    }

    pub fn task(&self, task: TaskId) -> Result<&Task, Error> {
        self.tasks
            .get(task.0 as usize)
            .ok_or(Error::NoSuchTask(task))
    }

    fn task_mut(&mut self, task: TaskId) -> Option<&mut Task> {
        self.tasks.get_mut(task.0 as usize)
    }

    /// The task's clock once started: the ChGK card's signals (3) with the
    /// task's own time.
    pub fn clock(&self, task: &Task) -> Option<TaskClock> {
        let started_at = task.started_at?;
        let time = Duration::from_secs(u64::from(task.draft.seconds));
        let warning = Duration::from_millis(self.settings.warning_before_end_ms).min(time);
        let ends_at = started_at.plus(time);
        Some(TaskClock {
            started_at,
            warning_at: started_at.plus(time - warning),
            ends_at,
            accept_until: ends_at.plus(Duration::from_millis(self.settings.grace_ms)),
        })
    }

    /// Whether answers to `task` still count at `now` (the grace included).
    pub fn accepting(&self, task: &Task, now: ServerTime) -> bool {
        self.clock(task).is_some_and(|c| now <= c.accept_until)
    }

    /// A tour is over once a later tour has begun, or the game is finished.
    pub fn tour_over(&self, tour: TourNo) -> bool {
        self.finished_at.is_some() || self.open_tour.is_some_and(|open| tour < open)
    }

    /// Whether `team`'s answer to `task` scores, and how much.
    pub fn credit_of(task: &Task, team: TeamId) -> Option<Credit> {
        let answer = task.answers.get(&team)?;
        if answer.late || task.withdrawn {
            return None;
        }
        answer.credit.map(|(c, _, _)| c)
    }

    fn pending_appeals_before(&self, tour: TourNo) -> bool {
        self.appeals
            .iter()
            .any(|a| a.decision.is_none() && self.task(a.task).is_ok_and(|t| t.tour < tour))
    }

    pub fn decide(
        &self,
        who: Identity,
        command: C,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<(MultigamesReceipt, Vec<E>), Error> {
        if self.finished_at.is_some() {
            return Err(Error::Finished);
        }
        let done = |events| Ok((MultigamesReceipt::Done, events));
        match command {
            C::AddTour { title } => {
                host(who)?;
                // 6.2: the tournament has six tours.
                if self.tours.len() >= TOURS {
                    return Err(Error::TooManyTours { max: TOURS as u32 });
                }
                let title = title_of(&title)?;
                let tour = TourNo(self.tours.len() as u32);
                Ok((
                    MultigamesReceipt::TourAdded { tour },
                    vec![E::TourAdded { tour, title }],
                ))
            }
            C::AddTask { tour, task } => {
                host(who)?;
                if self.tours.get(tour.0 as usize).is_none() {
                    return Err(Error::NoSuchTour(tour));
                }
                if self.tour_over(tour) {
                    return Err(Error::TourOver(TaskId(self.tasks.len() as u32)));
                }
                // 6: «определенное количество очков» is announced before
                // the tournament; once a task has begun, the list is fixed.
                if self.tasks.iter().any(|t| t.started_at.is_some()) {
                    return Err(Error::PointsAnnounced);
                }
                let draft = check_draft(task)?;
                let id = TaskId(self.tasks.len() as u32);
                Ok((
                    MultigamesReceipt::TaskAdded { task: id },
                    vec![E::TaskAdded {
                        task: id,
                        tour,
                        draft,
                    }],
                ))
            }
            C::Announce { task } => {
                host(who)?;
                let t = self.task(task)?;
                if t.withdrawn {
                    return Err(Error::Withdrawn);
                }
                if t.started_at.is_some() {
                    return Err(Error::AlreadyStarted(task));
                }
                if let Some(current) = self.current.and_then(|c| self.task(c).ok())
                    && self.accepting(current, now)
                {
                    return Err(Error::TaskRunning(current.id));
                }
                if self.tour_over(t.tour) {
                    return Err(Error::TourOver(task));
                }
                // 6.4: a tour's appeals are decided before the next tour.
                if self.open_tour.is_some_and(|open| t.tour > open)
                    && self.pending_appeals_before(t.tour)
                {
                    return Err(Error::OpenAppeals);
                }
                done(vec![E::Announced { task, at: now }])
            }
            C::Start { task } => {
                host(who)?;
                let t = self.task(task)?;
                if t.started_at.is_some() {
                    return Err(Error::AlreadyStarted(task));
                }
                if self.current != Some(task) {
                    return Err(Error::NotAnnounced(task));
                }
                done(vec![E::Started { task, at: now }])
            }
            C::Reveal { task } => {
                host(who)?;
                let t = self.task(task)?;
                if t.started_at.is_none() {
                    return Err(Error::NotStarted(task));
                }
                if self.accepting(t, now) {
                    return Err(Error::StillAccepting(task));
                }
                if t.revealed_at.is_some() {
                    return done(Vec::new());
                }
                if t.answers.values().any(|a| !a.late && a.credit.is_none()) {
                    return Err(Error::NotAllAwarded);
                }
                done(vec![E::Revealed { task, at: now }])
            }
            C::Finish => {
                host(who)?;
                if let Some(current) = self.current.and_then(|c| self.task(c).ok())
                    && self.accepting(current, now)
                {
                    return Err(Error::TaskRunning(current.id));
                }
                if self
                    .tasks
                    .iter()
                    .any(|t| t.started_at.is_some() && t.revealed_at.is_none() && !t.withdrawn)
                {
                    return Err(Error::NotRevealed);
                }
                if self.appeals.iter().any(|a| a.decision.is_none()) {
                    return Err(Error::OpenAppeals);
                }
                done(vec![E::Finished { at: now }])
            }
            C::Award { task, team, points } => {
                let by = match who {
                    Identity::Host => Awarder::Host,
                    Identity::Judge(j) => Awarder::Judge(j),
                    _ => return Err(Error::Forbidden),
                };
                let t = self.task(task)?;
                if t.withdrawn {
                    return Err(Error::Withdrawn);
                }
                // After the next tour begins only the АЖ changes a result.
                if self.tour_over(t.tour) {
                    return Err(Error::TourOver(task));
                }
                let answer = t.answers.get(&team).ok_or(Error::NoAnswer)?;
                if answer.late {
                    return Err(Error::LateAnswer);
                }
                check_credit(points, t.draft.points)?;
                done(vec![E::Awarded {
                    task,
                    team,
                    points,
                    by,
                    at: now,
                }])
            }
            C::Answer { task, text } => {
                let Identity::Team(team) = who else {
                    return Err(Error::Forbidden);
                };
                if !roster.contains(team) {
                    return Err(Error::NoSuchTeam);
                }
                let t = self.task(task)?;
                if t.withdrawn {
                    return Err(Error::Withdrawn);
                }
                let Some(clock) = self.clock(t) else {
                    return Err(Error::NotStarted(task));
                };
                if t.answers.contains_key(&team) {
                    return Err(Error::AlreadyAnswered);
                }
                if self.tour_over(t.tour) {
                    return Err(Error::TourOver(task));
                }
                let text = text.trim().to_owned();
                if text.is_empty() {
                    return Err(Error::EmptyAnswer);
                }
                too_long(&text, MAX_ANSWER_CHARS)?;
                // 3 applied to 6: «не позднее» the grace's last instant.
                let late = now > clock.accept_until;
                let since_start_ms = now.since(clock.started_at).as_millis() as u64;
                Ok((
                    MultigamesReceipt::Answer {
                        task,
                        received_at: now,
                        since_start_ms,
                        late,
                    },
                    vec![E::AnswerAccepted {
                        task,
                        team,
                        text,
                        at: now,
                        late,
                    }],
                ))
            }
            C::Appeal { task, kind, text } => {
                let Identity::Team(team) = who else {
                    return Err(Error::Forbidden);
                };
                if !self.settings.appeals {
                    return Err(Error::AppealsOff);
                }
                let t = self.task(task)?;
                if t.revealed_at.is_none() {
                    return Err(Error::NotRevealed);
                }
                // 6.4: «до начала следующего тура».
                if self.tour_over(t.tour) {
                    return Err(Error::TourOver(task));
                }
                if t.withdrawn {
                    return Err(Error::Withdrawn);
                }
                let text = text.trim().to_owned();
                too_long(&text, MAX_APPEAL_CHARS)?;
                if kind == TaskAppealKind::AcceptMyAnswer {
                    let answer = t.answers.get(&team).ok_or(Error::NoAnswer)?;
                    if answer.late {
                        return Err(Error::LateAnswer);
                    }
                    if Self::credit_of(t, team).is_some_and(|c| c >= t.draft.points) {
                        return Err(Error::NothingToAppeal);
                    }
                }
                if self
                    .appeals
                    .iter()
                    .any(|a| a.task == task && a.team == team && a.kind == kind)
                {
                    return Err(Error::DuplicateAppeal);
                }
                let appeal = AppealNo(self.appeals.len() as u32 + 1);
                Ok((
                    MultigamesReceipt::AppealFiled { appeal },
                    vec![E::AppealFiled {
                        appeal,
                        task,
                        team,
                        kind,
                        text,
                        at: now,
                    }],
                ))
            }
            C::DecideAppeal {
                appeal,
                upheld,
                points,
                reply,
            } => {
                // 6.5: the АЖ decides; the host only while no jury sits
                // (none came, or it left and the host took the appeals
                // back), so no tour waits for a jury that will not come.
                let by_host = match who {
                    Identity::Jury => false,
                    Identity::Host if !roster.appeal_jury => true,
                    _ => return Err(Error::Forbidden),
                };
                let a = self
                    .appeals
                    .get((appeal.0 as usize).wrapping_sub(1))
                    .ok_or(Error::NoSuchAppeal(appeal))?;
                if a.decision.is_some() {
                    return Err(Error::AppealDecided);
                }
                let reply = reply.trim().to_owned();
                too_long(&reply, MAX_APPEAL_CHARS)?;
                let t = self.task(a.task)?;
                let points = match (upheld, a.kind) {
                    (true, TaskAppealKind::AcceptMyAnswer) => {
                        let p = points.unwrap_or(t.draft.points);
                        check_credit(p, t.draft.points)?;
                        Some(p)
                    }
                    _ => None,
                };
                done(vec![E::AppealDecided {
                    appeal,
                    upheld,
                    points,
                    reply,
                    at: now,
                    by_host,
                }])
            }
        }
    }

    pub fn apply(&mut self, event: &E) -> Touched {
        match event {
            E::TourAdded { title, .. } => {
                self.tours.push(Tour {
                    title: title.clone(),
                    tasks: Vec::new(),
                });
                Touched::staff()
            }
            E::TaskAdded { task, tour, draft } => {
                let Some(t) = self.tours.get_mut(tour.0 as usize) else {
                    return Touched::nobody();
                };
                let index = t.tasks.len() as u32;
                t.tasks.push(*task);
                self.tasks.push(Task {
                    id: *task,
                    tour: *tour,
                    index,
                    draft: draft.clone(),
                    announced_at: None,
                    started_at: None,
                    revealed_at: None,
                    withdrawn: false,
                    answers: BTreeMap::new(),
                });
                Touched::staff()
            }
            E::Announced { task, at } => {
                let tour = self.task(*task).map(|t| t.tour).ok();
                if let Some(t) = self.task_mut(*task) {
                    t.announced_at = Some(*at);
                }
                self.current = Some(*task);
                self.open_tour = self.open_tour.max(tour);
                Touched::everyone()
            }
            E::Started { task, at } => {
                if let Some(t) = self.task_mut(*task) {
                    t.started_at = Some(*at);
                }
                Touched::everyone()
            }
            E::AnswerAccepted {
                task,
                team,
                text,
                at,
                late,
            } => {
                let started = self.task(*task).ok().and_then(|t| t.started_at);
                if let Some(t) = self.task_mut(*task) {
                    t.answers.insert(
                        *team,
                        Answer {
                            text: text.clone(),
                            at: *at,
                            since_start_ms: started.map_or(0, |s| at.since(s).as_millis() as u64),
                            late: *late,
                            credit: None,
                        },
                    );
                }
                Touched {
                    staff: true,
                    display: true,
                    all_teams: false,
                    teams: vec![*team],
                }
            }
            E::Awarded {
                task,
                team,
                points,
                by,
                at,
            } => {
                let mut revealed = false;
                if let Some(t) = self.task_mut(*task) {
                    revealed = t.revealed_at.is_some();
                    if let Some(a) = t.answers.get_mut(team) {
                        a.credit = Some((*points, *by, *at));
                    }
                }
                if revealed {
                    Touched::everyone()
                } else {
                    Touched::staff()
                }
            }
            E::Revealed { task, at } => {
                if let Some(t) = self.task_mut(*task) {
                    t.revealed_at = Some(*at);
                }
                Touched::everyone()
            }
            E::AppealFiled {
                appeal,
                task,
                team,
                kind,
                text,
                at,
            } => {
                self.appeals.push(Appeal {
                    id: *appeal,
                    task: *task,
                    team: *team,
                    kind: *kind,
                    text: text.clone(),
                    filed_at: *at,
                    decision: None,
                });
                Touched {
                    staff: true,
                    teams: vec![*team],
                    ..Touched::default()
                }
            }
            E::AppealDecided {
                appeal,
                upheld,
                points,
                reply,
                at,
                by_host,
            } => {
                let Some(a) = self.appeals.get_mut((appeal.0 as usize).wrapping_sub(1)) else {
                    return Touched::nobody();
                };
                a.decision = Some(AppealDecision {
                    upheld: *upheld,
                    points: *points,
                    reply: reply.clone(),
                    at: *at,
                    by_host: *by_host,
                });
                let (task, team, kind) = (a.task, a.team, a.kind);
                if *upheld && let Some(t) = self.task_mut(task) {
                    match kind {
                        TaskAppealKind::TaskIncorrect => t.withdrawn = true,
                        TaskAppealKind::AcceptMyAnswer => {
                            if let (Some(answer), Some(p)) = (t.answers.get_mut(&team), points) {
                                let by = if *by_host {
                                    Awarder::Host
                                } else {
                                    Awarder::Jury
                                };
                                answer.credit = Some((*p, by, *at));
                            }
                        }
                    }
                }
                Touched::everyone()
            }
            E::Finished { at } => {
                self.finished_at = Some(*at);
                Touched::everyone()
            }
        }
    }

    /// The current task's signals: the warning, the end, the grace's end.
    fn signals(&self) -> Option<(TaskId, [ServerTime; 3])> {
        let task = self.task(self.current?).ok()?;
        let c = self.clock(task)?;
        // An answer at `accept_until` itself still counts (`accepting`), so
        // the grace is over, and every screen must say so, a microsecond
        // later: woken at `accept_until` exactly (as a test on virtual time
        // is), the views would still show the task running, with no later
        // wake-up to correct them.
        let over = c.accept_until.plus(Duration::from_micros(1));
        Some((task.id, [c.warning_at, c.ends_at, over]))
    }

    pub fn poll_timeout(&self, now: ServerTime) -> Option<ServerTime> {
        let (task, signals) = self.signals()?;
        let shown = if self.signals_shown.0 == Some(task) {
            self.signals_shown.1
        } else {
            0
        };
        // A signal not yet shown is due even if its instant has passed
        // (the driver was busy): waking now shows it.
        signals
            .iter()
            .skip(shown)
            .copied()
            .next()
            .map(|s| if s > now { s } else { now })
    }

    pub fn handle_timeout(&mut self, now: ServerTime) -> Touched {
        let Some((task, signals)) = self.signals() else {
            return Touched::nobody();
        };
        let passed = signals.iter().filter(|&&s| s <= now).count();
        let shown = if self.signals_shown.0 == Some(task) {
            self.signals_shown.1
        } else {
            0
        };
        if passed > shown {
            self.signals_shown = (Some(task), passed);
            Touched::everyone()
        } else {
            Touched::nobody()
        }
    }
}

fn host(who: Identity) -> Result<(), Error> {
    if who == Identity::Host {
        Ok(())
    } else {
        Err(Error::Forbidden)
    }
}

fn title_of(title: &str) -> Result<String, Error> {
    let title = title.trim().to_owned();
    if title.is_empty() {
        return Err(Error::EmptyTitle);
    }
    too_long(&title, MAX_TITLE_CHARS)?;
    Ok(title)
}

fn too_long(text: &str, max: usize) -> Result<(), Error> {
    let got = text.chars().count();
    if got > max {
        return Err(Error::TooLong {
            got: got as u32,
            max: max as u32,
        });
    }
    Ok(())
}

fn check_draft(draft: TaskDraft) -> Result<TaskDraft, Error> {
    let title = title_of(&draft.title)?;
    too_long(&draft.text, MAX_TEXT_CHARS)?;
    too_long(&draft.answer, MAX_APPEAL_CHARS)?;
    too_long(&draft.comment, MAX_APPEAL_CHARS)?;
    if draft.points <= Credit::ZERO || draft.points > Credit::from_int(MAX_POINTS) {
        return Err(Error::BadPoints { max: MAX_POINTS });
    }
    if draft.points.atto % HUNDREDTH != 0 {
        return Err(Error::TooPrecise);
    }
    if draft.seconds == 0 || draft.seconds > MAX_TASK_SECONDS {
        return Err(Error::BadSeconds {
            max: MAX_TASK_SECONDS,
        });
    }
    Ok(TaskDraft {
        title,
        text: draft.text.trim().to_owned(),
        answer: draft.answer.trim().to_owned(),
        comment: draft.comment.trim().to_owned(),
        ..draft
    })
}

/// 6: «правильно, или частично правильно»: 0 ≤ credit ≤ the task's value,
/// in hundredths.
fn check_credit(points: Credit, max: Credit) -> Result<(), Error> {
    if points.is_negative() || points > max {
        return Err(Error::CreditOutOfRange { got: points, max });
    }
    if points.atto % HUNDREDTH != 0 {
        return Err(Error::TooPrecise);
    }
    Ok(())
}
