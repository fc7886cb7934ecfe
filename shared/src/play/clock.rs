//! A question's clock as every screen shows it: where the question stands
//! ([`Phase`]) and its deadlines in server time ([`ClockView`]). ChGK's
//! minute made it; Мультиигры's tasks and Нептун's contests run the same
//! clock, so it belongs to no format. How a format runs it is its own.

use serde::{Deserialize, Serialize};

use crate::ids::{QuestionId, TourId};
use crate::time::ServerTime;

/// Where the current question stands, as every screen shows it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// No question announced yet.
    #[default]
    Idle,
    /// Number announced, question being read; cards already accepted.
    Announced,
    /// «Время» given: the minute runs.
    Minute,
    /// 3: the 10-seconds-left signal has sounded.
    LastSeconds,
    /// «Время, сдавайте ответы»: the 3-s grace for handing in runs.
    HandIn,
    /// Grace over: cards arriving now are late.
    Over,
}

/// The clock of the current question, in server time.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    pub question: Option<QuestionId>,
    /// The question's number as the hall knows it ("12").
    pub number: String,
    pub tour: Option<TourId>,
    pub phase: Phase,
    /// «Время»: the minute started.
    pub started_at: Option<ServerTime>,
    /// The 10-seconds-left signal.
    pub warning_at: Option<ServerTime>,
    /// «Время, сдавайте ответы».
    pub ends_at: Option<ServerTime>,
    /// The last instant a card counts (3: 3 s after the end signal).
    pub accept_until: Option<ServerTime>,
}
