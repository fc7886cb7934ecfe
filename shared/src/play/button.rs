//! The team's button as every format with one sees it (Brain-ring, and
//! Эрудит-квартет's players after it): a press stamped on arrival, what it
//! turned out to be, and the patch its screens get at once. The server
//! decides a press the moment it is read and sends its verdict before its
//! record is durable (`minuta_server::machine`).
//! No format's rules live here.

use serde::{Deserialize, Serialize};

use crate::ids::TeamId;
use crate::time::ServerTime;

/// What a press turned out to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PressKind {
    /// First to arrive after arming: this team answers.
    Won,
    /// Arrived after another team's winning press.
    Late,
    /// Arrived before «Время».
    FalseStart,
    /// The team had pressed already on this question.
    Repeated,
    /// The team may not answer (false start or a wrong answer earlier).
    LockedOut,
    /// Within the tie window of the first press: the host decides.
    Contested,
    /// Arrived while nobody could answer (answering, or after time).
    Ignored,
}

/// The question a press goes to, as its format numbers it (a Brain-ring
/// fight and its question; an Эрудит-квартет game of four, tour, round and
/// question): a terminal compares it to tell one question's verdict from
/// the next, and never reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct QuestionMark(pub [u32; 5]);

/// A press as it arrived at the server, with the pressing link's
/// measurements then (kept in the press log for a jury).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ButtonPress {
    pub team: TeamId,
    pub at: ServerTime,
    pub rtt_us: u64,
    pub clock_offset_us: i64,
}

/// The verdict on a press, sent to the pressing terminal at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ButtonVerdict {
    pub kind: PressKind,
    /// µs after «Время» (negative: before it); `None` if never armed.
    pub since_arming_us: Option<i64>,
}

/// What a press changed, per audience: the staff's copy, the projector's,
/// and each concerned team's own (a Brain-ring fight: its two tables).
/// These replace the one part of the views they name, not whole views.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PressPatch<P> {
    pub staff: P,
    pub public: P,
    pub teams: Vec<(TeamId, P)>,
}
