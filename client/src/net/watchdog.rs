//! Notices a server that has gone quiet while the QUIC connection is still
//! formally open: a server killed or cut off sends no close, and QUIC's idle
//! timeout (seconds, so a Wi-Fi hiccup does not drop the link) would leave
//! the hall reading a clock that counts on without it. The watchdog counts
//! the authenticated frames the server sends — pongs to the pings every
//! second (every 0.5 s in a live button game, `super::heartbeat`), views,
//! acknowledgements — and reports [`NetEvent::Silent`] after
//! [`SILENCE_LIMIT`] without one, [`NetEvent::Heard`] when they resume.

use std::time::Duration;

// std's `Instant` itself natively; the browser's clock on wasm32, where
// std's panics.
use web_time::Instant;

use crate::state::NetEvent;

/// How long the server may say nothing before the terminal shows it lost.
/// It answers a ping at least every second, so 1.5 s leaves half a second
/// for a late pong (a lost one is retransmitted after a round trip or
/// two), and with the check every [`CHECK_EVERY`] a server that vanishes
/// shows as lost within 1.75 s.
pub const SILENCE_LIMIT: Duration = Duration::from_millis(1500);

/// How often the frame count is looked at.
pub const CHECK_EVERY: Duration = Duration::from_millis(250);

#[derive(Debug)]
pub struct Watchdog {
    frames: u64,
    heard_at: Instant,
    silent: bool,
}

impl Watchdog {
    pub fn new(frames: u64, now: Instant) -> Watchdog {
        Watchdog {
            frames,
            heard_at: now,
            silent: false,
        }
    }

    /// Looks at the frame count at `now`: the event to report, if the link
    /// has just gone silent or just come back.
    pub fn check(&mut self, frames: u64, now: Instant) -> Option<NetEvent> {
        if frames != self.frames {
            self.frames = frames;
            self.heard_at = now;
            if self.silent {
                self.silent = false;
                return Some(NetEvent::Heard);
            }
            return None;
        }
        if !self.silent && now.saturating_duration_since(self.heard_at) >= SILENCE_LIMIT {
            self.silent = true;
            return Some(NetEvent::Silent);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn silence_is_reported_once_after_the_limit_and_the_return_once() {
        let t0 = Instant::now();
        let at = |ms: u64| t0 + Duration::from_millis(ms);
        let mut dog = Watchdog::new(10, t0);
        assert_eq!(dog.check(11, at(400)), None);
        assert_eq!(dog.check(11, at(1_800)), None, "1.4 s since the last frame");
        assert_eq!(dog.check(11, at(1_900)), Some(NetEvent::Silent));
        assert_eq!(dog.check(11, at(2_500)), None, "reported once");
        assert_eq!(dog.check(12, at(3_000)), Some(NetEvent::Heard));
        assert_eq!(dog.check(13, at(3_200)), None);
        assert_eq!(dog.check(13, at(4_700)), Some(NetEvent::Silent));
    }

    #[test]
    fn a_steady_trickle_of_frames_is_never_silence() {
        let t0 = Instant::now();
        let mut dog = Watchdog::new(0, t0);
        for i in 1..100u64 {
            let now = t0 + Duration::from_millis(i * 700);
            assert_eq!(dog.check(i, now), None);
        }
    }
}
