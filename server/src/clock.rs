//! The server's clock: the only place server code reads time. Server time is
//! the wall clock at start plus a monotonic elapsed time, so it never runs
//! backwards within a run, and across a restart it continues by the wall
//! clock (which is how a running question resumes with its remaining time).

use std::time::{SystemTime, UNIX_EPOCH};

// tokio's instant, not std's: on a test's paused clock it is virtual, and
// with it every deadline the server sleeps to (`tokio::time::pause`).
use tokio::time::Instant;

use minuta_shared::time::ServerTime;

#[derive(Clone, Copy, Debug)]
pub struct ServerClock {
    wall_at_anchor_us: u64,
    anchor: Instant,
}

impl ServerClock {
    pub fn start() -> Self {
        let wall = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_micros() as u64)
            .unwrap_or(0);
        ServerClock {
            wall_at_anchor_us: wall,
            anchor: Instant::now(),
        }
    }

    /// A clock that reads `wall_us` (µs since the Unix epoch) at `anchor`.
    /// A server on a test's paused clock is given one anchored when the
    /// test began, so its time runs on virtually across a restart (a real
    /// server's restart reads the wall clock, which ran on meanwhile).
    pub fn anchored(wall_us: u64, anchor: Instant) -> Self {
        ServerClock {
            wall_at_anchor_us: wall_us,
            anchor,
        }
    }

    pub fn now(&self) -> ServerTime {
        ServerTime(
            self.wall_at_anchor_us
                .saturating_add(self.anchor.elapsed().as_micros() as u64),
        )
    }

    /// The local monotonic instant at which server time `t` falls (for
    /// sleeping until a deadline).
    pub fn instant_at(&self, t: ServerTime) -> Instant {
        let offset = t.0.saturating_sub(self.wall_at_anchor_us);
        self.anchor + std::time::Duration::from_micros(offset)
    }
}

/// A monotonic stopwatch from now: what the server machine paces its
/// costly views by (`machine::Stopwatch`).
pub fn stopwatch() -> crate::machine::Stopwatch {
    let start = std::time::Instant::now();
    Box::new(move || start.elapsed())
}
