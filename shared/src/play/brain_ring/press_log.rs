//! The press log: every press of a Brain-ring button, kept with the evidence
//! a jury needs — arrival at the server (µs), offset from arming, and the
//! team's measured round trip and clock offset at that moment.

use serde::{Deserialize, Serialize};

use super::Table;
use crate::ids::TeamId;
pub use crate::play::button::PressKind;
use crate::time::ServerTime;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Press {
    /// The question within the fight, from 1.
    pub question: u32,
    pub team: TeamId,
    pub table: Table,
    pub arrived_at: ServerTime,
    /// µs after arming (negative: before it); `None` if never armed.
    pub since_arming_us: Option<i64>,
    pub rtt_us: u64,
    pub clock_offset_us: i64,
    pub kind: PressKind,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PressLog {
    pub presses: Vec<Press>,
}

impl PressLog {
    pub fn push(&mut self, press: Press) {
        self.presses.push(press);
    }

    /// The presses of one question in arrival order, each with its gap to
    /// the first press after «Время» («+0.000 / +0.037 с»); a false start
    /// during the reading would otherwise shift every real gap.
    pub fn question_order(&self, question: u32) -> Vec<(&Press, u64)> {
        let mut presses: Vec<&Press> = self
            .presses
            .iter()
            .filter(|p| p.question == question)
            .collect();
        presses.sort_by_key(|p| p.arrived_at);
        let first = self.gap_reference(question).unwrap_or_default();
        presses
            .into_iter()
            .map(|p| (p, p.arrived_at.0.saturating_sub(first.0)))
            .collect()
    }

    /// What a question's gaps are counted from: the arrival of its first
    /// press after «Время», else of its first press; `None` without presses.
    pub fn gap_reference(&self, question: u32) -> Option<ServerTime> {
        let of_question = || self.presses.iter().filter(move |p| p.question == question);
        of_question()
            .filter(|p| p.since_arming_us.is_some_and(|s| s >= 0))
            .map(|p| p.arrived_at)
            .min()
            .or_else(|| of_question().map(|p| p.arrived_at).min())
    }
}

/// A gap as the host dashboard shows it: `+0.037 с`.
pub fn format_gap(gap_us: u64) -> String {
    format!("+{}.{:03}", gap_us / 1_000_000, (gap_us / 1_000) % 1_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_are_shown_in_milliseconds() {
        assert_eq!(format_gap(0), "+0.000");
        assert_eq!(format_gap(37_400), "+0.037");
        assert_eq!(format_gap(1_250_000), "+1.250");
    }
}
