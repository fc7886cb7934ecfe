//! What happened in the Brain-ring tournament: stored durably and replayed
//! in order. Time-driven transitions (a minute running out) are not stored:
//! replay lets time pass up to each event's instant, exactly as it passed live.

use serde::{Deserialize, Serialize};

use super::fight::{FightKind, RingAppealKind};
use super::{FightId, RingTiming, Table};
use crate::ids::TeamId;
use crate::play::brain_ring::rules::FightFormat;
use crate::time::ServerTime;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RingEvent {
    TimingSet {
        timing: RingTiming,
    },
    /// 4.3–4.4: the qualified teams in seeding order, and the lot's seed.
    Qualified {
        teams: Vec<TeamId>,
        seed: u64,
    },
    FightOpened {
        fight: FightId,
        kind: FightKind,
        label: String,
        stage: u32,
        format: FightFormat,
        tables: [TeamId; 2],
    },
    QuestionRead {
        fight: FightId,
        at: ServerTime,
    },
    Armed {
        fight: FightId,
        at: ServerTime,
    },
    /// A press as it arrived, with the team's link measurements then.
    Pressed {
        fight: FightId,
        team: TeamId,
        at: ServerTime,
        rtt_us: u64,
        clock_offset_us: i64,
    },
    ContestDecided {
        fight: FightId,
        table: Table,
        at: ServerTime,
    },
    Judged {
        fight: FightId,
        correct: bool,
        at: ServerTime,
    },
    AppealFiled {
        fight: FightId,
        team: TeamId,
        kind: RingAppealKind,
        text: String,
        at: ServerTime,
    },
    AppealResolved {
        fight: FightId,
        appeal: u32,
        upheld: bool,
        reply: String,
        at: ServerTime,
    },
    FightClosed {
        fight: FightId,
        at: ServerTime,
    },
    /// Issue 14.4: the server started again and found this fight's question
    /// armed (its minute or its 20 s running). A press in the last few ms
    /// before the stop may not have been stored, so the buttons go back to
    /// «reading» — lockouts kept — and the host gives «Время» again
    /// (docs/rules.md, 4, «Restart during a question»). Applied without
    /// letting time pass first: the minute may have ended while the server
    /// was down, and that must not close the question untaken.
    Interrupted {
        fight: FightId,
        question: u32,
        at: ServerTime,
    },
    /// Questions from a package joined the pool, in its order.
    QuestionsAdded {
        questions: Vec<crate::packages::Question>,
    },
    /// 4.3: how the tie at the entry cut stands or was settled (each
    /// shoot-off question, the lot), as the event scored it.
    CutRecorded {
        cut: crate::play::cut::QualifyingCut,
    },
}

impl RingEvent {
    pub fn at(&self) -> Option<ServerTime> {
        match self {
            RingEvent::TimingSet { .. }
            | RingEvent::Qualified { .. }
            | RingEvent::FightOpened { .. }
            | RingEvent::Interrupted { .. }
            | RingEvent::QuestionsAdded { .. }
            | RingEvent::CutRecorded { .. } => None,
            RingEvent::QuestionRead { at, .. }
            | RingEvent::Armed { at, .. }
            | RingEvent::Pressed { at, .. }
            | RingEvent::ContestDecided { at, .. }
            | RingEvent::Judged { at, .. }
            | RingEvent::AppealFiled { at, .. }
            | RingEvent::AppealResolved { at, .. }
            | RingEvent::FightClosed { at, .. } => Some(*at),
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            RingEvent::TimingSet { .. } => "ring_timing_set",
            RingEvent::Qualified { .. } => "ring_qualified",
            RingEvent::FightOpened { .. } => "ring_fight_opened",
            RingEvent::QuestionRead { .. } => "ring_question_read",
            RingEvent::Armed { .. } => "ring_armed",
            RingEvent::Pressed { .. } => "ring_pressed",
            RingEvent::ContestDecided { .. } => "ring_contest_decided",
            RingEvent::Judged { .. } => "ring_judged",
            RingEvent::AppealFiled { .. } => "ring_appeal_filed",
            RingEvent::AppealResolved { .. } => "ring_appeal_resolved",
            RingEvent::FightClosed { .. } => "ring_fight_closed",
            RingEvent::Interrupted { .. } => "ring_interrupted",
            RingEvent::QuestionsAdded { .. } => "ring_questions_added",
            RingEvent::CutRecorded { .. } => "ring_cut_recorded",
        }
    }
}
