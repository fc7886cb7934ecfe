//! One live Brain-ring fight: its questions at the buttons, the score with
//! sudden death (4.5, 4.10, 4.12, counted by
//! [`LiveFight`](crate::play::brain_ring::rules::LiveFight)), the press log and
//! the appeals of 4.13–4.16.

use serde::{Deserialize, Serialize};

use super::{
    ButtonPhase, ButtonQuestion, FightId, Press, PressKind, PressLog, RingPlayError, RingTiming,
    Table,
};
use crate::ids::TeamId;
use crate::play::brain_ring::rules::{Fight, FightFormat, FightStatus, LiveFight, QuestionOutcome};
use crate::play::button::QuestionMark;
use crate::time::ServerTime;

/// Which part of the tournament a fight belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FightKind {
    /// A qualifying round's fight (4.5), rounds from 1.
    Qualifying { round: u32 },
    /// A «царь горы» fight (4.10–4.11).
    Playoff,
    /// A fight of the final (4.12), from 1.
    Final { number: u32 },
    /// A single fight outside the tournament (a club evening, a rehearsal).
    Friendly,
}

/// 4.13: what an appeal asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RingAppealKind {
    /// The question was incorrect: 4.14 removes it and a replacement is played.
    QuestionIncorrect,
    /// Our answer differs from the author's but is right: 4.15 counts it.
    AcceptOurAnswer,
}

/// Whom a fight's view is for, which decides what of it they may read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FightAudience {
    /// The host and the judges: the press log and every appeal.
    Staff,
    /// The team at one of the fight's tables: its own appeals whole; of
    /// the other table's, only that they were filed and how they were
    /// decided (4.13: an appeal is addressed to the jury).
    Table(TeamId),
    /// The projector: no press log; appeals as for the other table.
    Public,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingAppeal {
    pub id: u32,
    pub question: u32,
    pub team: TeamId,
    pub kind: RingAppealKind,
    pub text: String,
    pub filed_at: ServerTime,
    pub resolution: Option<(bool, String, ServerTime)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingFight {
    pub id: FightId,
    pub kind: FightKind,
    pub label: String,
    /// The stage (ring) it is played on: several fights may run at once.
    pub stage: u32,
    pub format: FightFormat,
    /// The team at each table.
    pub tables: [TeamId; 2],
    /// The outcome of each question read so far (by table), in order.
    pub outcomes: Vec<QuestionOutcome>,
    /// The question in play, or the last one until the next is read.
    pub current: Option<ButtonQuestion>,
    pub log: PressLog,
    pub appeals: Vec<RingAppeal>,
    pub closed_at: Option<ServerTime>,
}

/// What a screen needs to show of a fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingFightView {
    pub id: FightId,
    /// The label stored when the fight opened (Russian, for the record);
    /// screens name the fight from `kind` and `ordinal` in their language.
    pub label: String,
    pub kind: FightKind,
    /// Its place among the fights of the same kind (a round's fights, the
    /// play-off's steps), from 1.
    pub ordinal: u32,
    /// Regulation questions, and whether a draw goes to sudden death.
    pub format: FightFormat,
    pub stage: u32,
    pub tables: [TeamId; 2],
    pub names: [String; 2],
    pub score: [u32; 2],
    pub status: FightStatus,
    pub question: Option<ButtonQuestion>,
    pub closed: bool,
    /// The presses of the current question in arrival order with their gap
    /// to the first, µs (host and judges only; empty for teams).
    pub presses: Vec<(Press, u64)>,
    /// The appeals its audience may read ([`FightAudience`]).
    pub appeals: Vec<RingAppeal>,
    /// The package's question being played (or last played), as its
    /// audience may read it: the host and the judges always; the teams and
    /// the hall only once the question is over, and then its answer and
    /// comment. `None` when the host reads from paper.
    pub text: Option<RingQuestionText>,
}

/// A package question as a Brain-ring screen shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingQuestionText {
    /// The question's number in the package's pool, from 1.
    pub number: u32,
    /// Empty for teams and the hall: they heard it read.
    pub text: String,
    pub handout: Option<String>,
    pub answer: String,
    /// «Зачёт»: other answers that also count.
    pub accepted: Option<String>,
    pub comment: Option<String>,
}

impl RingFightView {
    /// The question this fight's screen shows now (number 0: before the
    /// first), as a press is marked with it.
    pub fn question_mark(&self) -> QuestionMark {
        QuestionMark([
            self.id.0,
            self.question.as_ref().map_or(0, |q| q.number),
            0,
            0,
            0,
        ])
    }

    /// Whether a question is in play: the buttons may be pressed at any
    /// moment.
    pub fn question_in_play(&self) -> bool {
        self.question.as_ref().is_some_and(|q| !q.is_over())
    }
}

impl RingFight {
    pub fn new(
        id: FightId,
        kind: FightKind,
        label: String,
        stage: u32,
        format: FightFormat,
        tables: [TeamId; 2],
    ) -> Self {
        RingFight {
            id,
            kind,
            label,
            stage,
            format,
            tables,
            outcomes: Vec::new(),
            current: None,
            log: PressLog::default(),
            appeals: Vec::new(),
            closed_at: None,
        }
    }

    pub fn table_of(&self, team: TeamId) -> Option<Table> {
        self.tables.iter().position(|t| *t == team)
    }

    /// The score and status, recounted from the outcomes (so an upheld
    /// appeal can change a past question).
    pub fn count(&self) -> LiveFight {
        let mut live = LiveFight {
            format: self.format,
            teams: [0, 1],
            score: [0, 0],
            asked: 0,
            withdrawn: 0,
        };
        for outcome in &self.outcomes {
            // Outcomes were accepted while the fight ran, so they fit.
            let _ = live.record(*outcome);
        }
        live
    }

    pub fn status(&self) -> FightStatus {
        self.count().status()
    }

    pub fn is_open(&self) -> bool {
        self.closed_at.is_none()
    }

    fn pending_appeal(&self) -> bool {
        self.appeals.iter().any(|a| a.resolution.is_none())
    }

    fn question_in_play(&self) -> bool {
        self.current.as_ref().is_some_and(|q| !q.is_over())
    }

    /// Lets time pass; records the outcome of a question that just ended.
    pub fn advance(&mut self, now: ServerTime) {
        if let Some(q) = &mut self.current {
            q.advance(now);
        }
        self.settle();
    }

    /// Once a question is over, its outcome counts.
    fn settle(&mut self) {
        let Some(q) = &self.current else { return };
        let ButtonPhase::Over { taken_by } = q.phase else {
            return;
        };
        if self.outcomes.len() < q.number as usize {
            self.outcomes.push(match taken_by {
                Some(table) => QuestionOutcome::TakenBy(table),
                None => QuestionOutcome::NotTaken,
            });
        }
    }

    pub fn next_deadline(&self) -> Option<ServerTime> {
        self.current
            .as_ref()
            .and_then(ButtonQuestion::next_deadline)
    }

    // ---------------------------------------------------------------- checks (no change)

    pub fn check_read(&self) -> Result<(), RingPlayError> {
        if !self.is_open() || !matches!(self.status(), FightStatus::InProgress { .. }) {
            return Err(RingPlayError::FightOver);
        }
        if self.question_in_play() {
            return Err(RingPlayError::QuestionInPlay);
        }
        // 4.16: appeals are decided before the next question is read.
        if self.pending_appeal() {
            return Err(RingPlayError::AppealPending);
        }
        Ok(())
    }

    pub fn check_arm(&self) -> Result<(), RingPlayError> {
        match &self.current {
            Some(q) if q.phase == ButtonPhase::Reading => Ok(()),
            Some(q) if !q.is_over() => Err(RingPlayError::AlreadyArmed),
            _ => Err(RingPlayError::NoQuestion),
        }
    }

    pub fn check_judge(&self) -> Result<(), RingPlayError> {
        match &self.current {
            Some(q) if matches!(q.phase, ButtonPhase::Answering { .. }) => Ok(()),
            _ => Err(RingPlayError::NobodyAnswering),
        }
    }

    pub fn check_decide(&self) -> Result<(), RingPlayError> {
        match &self.current {
            Some(q) if matches!(q.phase, ButtonPhase::Contested { .. }) => Ok(()),
            _ => Err(RingPlayError::NotContested),
        }
    }

    /// 4.13: a team appeals about the question just played, before the next
    /// is read; an answer appeal only by a team that answered it.
    pub fn check_appeal(&self, team: TeamId, kind: RingAppealKind) -> Result<u32, RingPlayError> {
        let table = self.table_of(team).ok_or(RingPlayError::NotInFight)?;
        if !self.is_open() {
            return Err(RingPlayError::FightOver);
        }
        let q = self
            .current
            .as_ref()
            .filter(|q| q.is_over())
            .ok_or(RingPlayError::AppealTooLate)?;
        if kind == RingAppealKind::AcceptOurAnswer {
            let answered =
                self.log.presses.iter().any(|p| {
                    p.question == q.number && p.table == table && p.kind == PressKind::Won
                });
            let took = q.phase
                == ButtonPhase::Over {
                    taken_by: Some(table),
                };
            if !answered || took {
                return Err(RingPlayError::NobodyAnswering);
            }
        }
        if self
            .appeals
            .iter()
            .any(|a| a.question == q.number && a.team == team && a.kind == kind)
        {
            return Err(RingPlayError::AppealDecided);
        }
        Ok(q.number)
    }

    pub fn check_resolve(&self, appeal: u32) -> Result<(), RingPlayError> {
        let a = self
            .appeals
            .iter()
            .find(|a| a.id == appeal)
            .ok_or(RingPlayError::NoSuchAppeal)?;
        if a.resolution.is_some() {
            Err(RingPlayError::AppealDecided)
        } else {
            Ok(())
        }
    }

    pub fn check_close(&self) -> Result<(), RingPlayError> {
        if !self.is_open() {
            return Err(RingPlayError::FightOver);
        }
        if self.question_in_play() {
            return Err(RingPlayError::QuestionInPlay);
        }
        if self.pending_appeal() {
            return Err(RingPlayError::AppealPending);
        }
        if matches!(self.status(), FightStatus::InProgress { .. }) {
            return Err(RingPlayError::NotOver);
        }
        Ok(())
    }

    // ---------------------------------------------------------------- changes

    pub fn read(&mut self, now: ServerTime) {
        self.advance(now);
        let number = self.outcomes.len() as u32 + 1;
        self.current = Some(ButtonQuestion::new(number));
    }

    pub fn arm(&mut self, now: ServerTime, timing: &RingTiming) {
        if let Some(q) = &mut self.current {
            let _ = q.arm(now, timing);
        }
        self.settle();
    }

    /// A press stamped `at`: decided at once and logged, whatever it was.
    pub fn press(
        &mut self,
        team: TeamId,
        at: ServerTime,
        rtt_us: u64,
        clock_offset_us: i64,
        timing: &RingTiming,
    ) -> PressKind {
        let Some(table) = self.table_of(team) else {
            return PressKind::Ignored;
        };
        self.advance(at);
        let (kind, question, since) = match &mut self.current {
            Some(q) => (q.press(table, at, timing), q.number, q.since_arming(at)),
            None => (PressKind::Ignored, self.outcomes.len() as u32 + 1, None),
        };
        self.log.push(Press {
            question,
            team,
            table,
            arrived_at: at,
            since_arming_us: since,
            rtt_us,
            clock_offset_us,
            kind,
        });
        self.settle();
        kind
    }

    pub fn decide(&mut self, table: Table) {
        if let Some(q) = &mut self.current {
            let _ = q.decide(table);
        }
    }

    pub fn judge(&mut self, correct: bool, now: ServerTime, timing: &RingTiming) {
        if let Some(q) = &mut self.current {
            let _ = q.judge(correct, now, timing);
        }
        self.settle();
    }

    pub fn file_appeal(
        &mut self,
        team: TeamId,
        kind: RingAppealKind,
        text: String,
        at: ServerTime,
    ) {
        let Some(question) = self.current.as_ref().map(|q| q.number) else {
            return;
        };
        let id = self.appeals.len() as u32 + 1;
        self.appeals.push(RingAppeal {
            id,
            question,
            team,
            kind,
            text,
            filed_at: at,
            resolution: None,
        });
    }

    /// 4.14: an upheld question appeal removes the question (a replacement
    /// is read next); 4.15: an upheld answer appeal gives the question to
    /// the appellant.
    pub fn resolve_appeal(&mut self, appeal: u32, upheld: bool, reply: String, at: ServerTime) {
        let Some(a) = self.appeals.iter_mut().find(|a| a.id == appeal) else {
            return;
        };
        a.resolution = Some((upheld, reply, at));
        if !upheld {
            return;
        }
        let index = a.question as usize - 1;
        let outcome = match a.kind {
            RingAppealKind::QuestionIncorrect => QuestionOutcome::Withdrawn,
            RingAppealKind::AcceptOurAnswer => {
                match self.tables.iter().position(|t| *t == a.team) {
                    Some(table) => QuestionOutcome::TakenBy(table),
                    None => return,
                }
            }
        };
        // A withdrawn question keeps its slot but no longer counts
        // (LiveFight skips it), so the next question read replaces it.
        if let Some(slot) = self.outcomes.get_mut(index) {
            *slot = outcome;
        }
    }

    pub fn close(&mut self, at: ServerTime) {
        self.closed_at = Some(at);
    }

    /// The finished fight for the tournament table (teams by table).
    pub fn result(&self) -> Option<Fight> {
        self.count().result()
    }

    pub fn winner(&self) -> Option<TeamId> {
        match self.status() {
            FightStatus::Won { winner } => self.tables.get(winner).copied(),
            _ => None,
        }
    }

    /// The fight as `audience` may see it; `ordinal` from
    /// [`RingTournament::ordinal`](super::RingTournament::ordinal).
    pub fn view(&self, names: [String; 2], ordinal: u32, audience: FightAudience) -> RingFightView {
        let count = self.count();
        let staff = audience == FightAudience::Staff;
        let presses = match (&self.current, staff) {
            (Some(q), true) => self
                .log
                .question_order(q.number)
                .into_iter()
                .map(|(p, gap)| (p.clone(), gap))
                .collect(),
            _ => Vec::new(),
        };
        RingFightView {
            id: self.id,
            label: self.label.clone(),
            kind: self.kind,
            ordinal,
            format: self.format,
            stage: self.stage,
            tables: self.tables,
            names,
            score: count.score,
            status: count.status(),
            question: self.current.clone(),
            closed: self.closed_at.is_some(),
            presses,
            appeals: self.appeals_for(audience),
            text: None,
        }
    }

    /// The appeals as `audience` may read them: a screen must still be
    /// able to say that a question was withdrawn or taken on appeal (the
    /// score counts it), but only the jury and the appellant read the words.
    pub fn appeals_for(&self, audience: FightAudience) -> Vec<RingAppeal> {
        let whole = |a: &RingAppeal| match audience {
            FightAudience::Staff => true,
            FightAudience::Table(team) => a.team == team,
            FightAudience::Public => false,
        };
        self.appeals
            .iter()
            .map(|a| {
                if whole(a) {
                    return a.clone();
                }
                RingAppeal {
                    text: String::new(),
                    resolution: a
                        .resolution
                        .as_ref()
                        .map(|(upheld, _, at)| (*upheld, String::new(), *at)),
                    ..a.clone()
                }
            })
            .collect()
    }
}
