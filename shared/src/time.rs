//! Server time. Every instant on the wire and in the store is server time in
//! microseconds since the Unix epoch; deadlines are instants, never timers, so
//! a restarted server recomputes every clock from what it stored.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// An instant on the server's clock, µs since the Unix epoch.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct ServerTime(pub u64);

impl ServerTime {
    pub const ZERO: ServerTime = ServerTime(0);

    pub fn from_millis(ms: u64) -> Self {
        ServerTime(ms.saturating_mul(1000))
    }

    pub fn as_micros(self) -> u64 {
        self.0
    }

    /// The instant `d` later, saturating instead of overflowing.
    pub fn plus(self, d: Duration) -> Self {
        ServerTime(
            self.0
                .saturating_add(u64::try_from(d.as_micros()).unwrap_or(u64::MAX)),
        )
    }

    /// How long after `earlier` this is; zero if it is not later.
    pub fn since(self, earlier: ServerTime) -> Duration {
        Duration::from_micros(self.0.saturating_sub(earlier.0))
    }

    /// How long until `later`; zero if it has passed.
    pub fn until(self, later: ServerTime) -> Duration {
        later.since(self)
    }
}

/// A duration as a stopwatch shows it: `MM:SS.mmm` (minutes not capped).
pub fn stopwatch(d: Duration) -> String {
    let ms = d.as_millis();
    format!(
        "{:02}:{:02}.{:03}",
        ms / 60_000,
        (ms / 1000) % 60,
        ms % 1000
    )
}

/// A countdown as a clock shows it: whole seconds rounded up, `M:SS`.
pub fn countdown(d: Duration) -> String {
    let secs = d.as_micros().div_ceil(1_000_000);
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// A client's estimate of its offset to server time, from one ping exchange:
/// send at `t0` (client clock), server answered `server_now`, received at `t1`.
/// `offset = server_now − (t0 + rtt/2)`; the sample with the smallest round
/// trip is the most trustworthy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockSample {
    pub rtt_us: u64,
    pub offset_us: i64,
}

impl ClockSample {
    pub fn from_exchange(t0_us: u64, server_now: ServerTime, t1_us: u64) -> Self {
        let rtt = t1_us.saturating_sub(t0_us);
        let midpoint = t0_us.saturating_add(rtt / 2);
        let offset = i128::from(server_now.0) - i128::from(midpoint);
        ClockSample {
            rtt_us: rtt,
            offset_us: offset.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64,
        }
    }

    /// Server time at a local instant `local_us`.
    pub fn server_time_at(&self, local_us: u64) -> ServerTime {
        let t = i128::from(local_us) + i128::from(self.offset_us);
        ServerTime(t.clamp(0, i128::from(u64::MAX)) as u64)
    }
}

/// Keeps the last few samples and trusts the one with the smallest round trip.
#[derive(Clone, Debug, Default)]
pub struct ClockFilter {
    samples: std::collections::VecDeque<ClockSample>,
}

impl ClockFilter {
    const KEEP: usize = 8;

    pub fn add(&mut self, sample: ClockSample) {
        if self.samples.len() == Self::KEEP {
            self.samples.pop_front();
        }
        self.samples.push_back(sample);
    }

    pub fn best(&self) -> Option<ClockSample> {
        self.samples.iter().min_by_key(|s| s.rtt_us).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stopwatch_shows_milliseconds() {
        assert_eq!(stopwatch(Duration::from_millis(58_731)), "00:58.731");
        assert_eq!(stopwatch(Duration::from_millis(62_999)), "01:02.999");
    }

    #[test]
    fn countdown_rounds_up() {
        assert_eq!(countdown(Duration::from_millis(9_001)), "0:10");
        assert_eq!(countdown(Duration::from_millis(60_000)), "1:00");
        assert_eq!(countdown(Duration::ZERO), "0:00");
    }

    #[test]
    fn clock_sample_halves_the_round_trip() {
        // Client sent at 1000, server said 50_000, client received at 1400.
        let s = ClockSample::from_exchange(1000, ServerTime(50_000), 1400);
        assert_eq!(s.rtt_us, 400);
        assert_eq!(s.offset_us, 50_000 - 1200);
        assert_eq!(s.server_time_at(1200), ServerTime(50_000));
    }

    #[test]
    fn clock_filter_trusts_the_fastest_exchange() {
        let mut f = ClockFilter::default();
        f.add(ClockSample {
            rtt_us: 900,
            offset_us: 5,
        });
        f.add(ClockSample {
            rtt_us: 100,
            offset_us: 7,
        });
        f.add(ClockSample {
            rtt_us: 500,
            offset_us: 9,
        });
        assert_eq!(f.best().map(|s| s.offset_us), Some(7));
    }
}
