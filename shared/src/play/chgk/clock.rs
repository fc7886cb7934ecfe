//! The question clock (3): deadlines computed from the instant of «Время».

use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::play::clock::Phase;
use crate::play::settings::ChgkTiming;
use crate::time::ServerTime;

/// One question's clock. Nothing ticks: every signal is an instant derived
/// from `started_at`, so a restarted server resumes it by the wall clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionClock {
    pub started_at: ServerTime,
    pub timing: ChgkTiming,
}

/// How a card's receipt time relates to the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardTiming {
    /// Received no later than 3 s after the end signal (3): considered.
    OnTime { since_start: Duration },
    /// Received after that: kept, shown to the host, never scored (3).
    Late { since_start: Duration },
}

impl QuestionClock {
    pub fn warning_at(&self) -> ServerTime {
        self.started_at.plus(self.timing.warning_at())
    }
    pub fn ends_at(&self) -> ServerTime {
        self.started_at.plus(self.timing.minute())
    }
    pub fn accept_until(&self) -> ServerTime {
        self.started_at.plus(self.timing.accept_until())
    }

    pub fn phase_at(&self, now: ServerTime) -> Phase {
        if now < self.warning_at() {
            Phase::Minute
        } else if now < self.ends_at() {
            Phase::LastSeconds
        } else if now <= self.accept_until() {
            Phase::HandIn
        } else {
            Phase::Over
        }
    }

    /// 3: «не позднее чем через 3 секунды после сигнала» — the instant
    /// itself still counts; one microsecond later does not.
    pub fn classify(&self, received_at: ServerTime) -> CardTiming {
        let since_start = received_at.since(self.started_at);
        if received_at <= self.accept_until() {
            CardTiming::OnTime { since_start }
        } else {
            CardTiming::Late { since_start }
        }
    }

    /// The next instant at which the phase changes after `now`, if any.
    pub fn next_signal(&self, now: ServerTime) -> Option<ServerTime> {
        [
            self.warning_at(),
            self.ends_at(),
            self.accept_until().plus(Duration::from_micros(1)),
        ]
        .into_iter()
        .find(|t| *t > now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock() -> QuestionClock {
        QuestionClock {
            started_at: ServerTime::from_millis(1_000_000),
            timing: ChgkTiming::default(),
        }
    }

    fn at(ms_after_start: u64) -> ServerTime {
        ServerTime::from_millis(1_000_000 + ms_after_start)
    }

    #[test]
    fn chgk_3_signals_come_at_50_and_60_seconds() {
        let c = clock();
        let table = [
            (0, Phase::Minute),
            (49_999, Phase::Minute),
            (50_000, Phase::LastSeconds),
            (59_999, Phase::LastSeconds),
            (60_000, Phase::HandIn),
            (63_000, Phase::HandIn),
            (63_001, Phase::Over),
        ];
        for (ms, want) in table {
            assert_eq!(c.phase_at(at(ms)), want, "at {ms} ms");
        }
    }

    #[test]
    fn chgk_3_cards_count_until_three_seconds_after_the_end_signal() {
        let c = clock();
        assert!(matches!(c.classify(at(62_999)), CardTiming::OnTime { .. }));
        assert!(matches!(c.classify(at(63_000)), CardTiming::OnTime { .. }));
        assert!(matches!(c.classify(at(63_001)), CardTiming::Late { .. }));
        let CardTiming::Late { since_start } = c.classify(at(63_001)) else {
            unreachable!()
        };
        assert_eq!(since_start, Duration::from_millis(63_001));
    }

    #[test]
    fn chgk_3_next_signal_walks_the_deadlines() {
        let c = clock();
        assert_eq!(c.next_signal(at(0)), Some(at(50_000)));
        assert_eq!(c.next_signal(at(50_000)), Some(at(60_000)));
        assert_eq!(
            c.next_signal(at(60_000)),
            Some(at(63_000).plus(Duration::from_micros(1)))
        );
        assert_eq!(c.next_signal(at(64_000)), None);
    }
}
