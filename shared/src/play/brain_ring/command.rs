//! What the host and the teams ask of a Brain-ring game, and what the
//! server answers. The button itself is not here: a press travels on its
//! own path ([`crate::play::button`]) and is stamped on arrival.

use serde::{Deserialize, Serialize};

use super::{FightId, RingAppealKind, RingTiming};
use crate::ids::TeamId;
use crate::play::brain_ring::rules::FightFormat;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RingCommand {
    // ---- the host ----
    /// A question package file as the host picked it: its questions join
    /// the pool each «read» takes the next one from.
    LoadPackage {
        file_name: String,
        bytes: Vec<u8>,
    },
    SetTiming {
        timing: RingTiming,
    },
    /// 4.3–4.4: the qualified teams in seeding order — set by hand
    /// (`seed` 0), or by the event from its ChGK standings with the lot's
    /// seed (`Command::Qualify`).
    Seed {
        teams: Vec<TeamId>,
        seed: u64,
    },
    /// Opens the fights of the next step (round, play-off fight, final
    /// fight), spread over `stages` stages.
    StartNext {
        stages: u32,
    },
    /// One fight outside the tournament flow.
    Friendly {
        tables: [TeamId; 2],
        format: FightFormat,
    },
    /// The host starts reading the next question of a fight.
    Read {
        fight: FightId,
    },
    /// «Время»: the buttons are armed.
    Arm {
        fight: FightId,
    },
    Judge {
        fight: FightId,
        correct: bool,
    },
    /// Two presses within the tie window: the host says who answers.
    Decide {
        fight: FightId,
        table: u8,
    },
    ResolveAppeal {
        fight: FightId,
        appeal: u32,
        upheld: bool,
        reply: String,
    },
    CloseFight {
        fight: FightId,
    },
    // ---- a team ----
    Appeal {
        fight: FightId,
        kind: RingAppealKind,
        text: String,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RingReceipt {
    Done,
    /// The pool now holds `questions` questions, `added` of them new.
    PackageLoaded {
        added: u32,
        questions: u32,
    },
    /// The appeal's number within its fight.
    AppealFiled {
        appeal: u32,
    },
}
