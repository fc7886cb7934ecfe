//! When a native terminal pings the server: every [`WARM`] while one of its
//! button games is live (a Brain-ring fight with a question in play, an
//! Эрудит-квартет question its player may press on), so the laptop's Wi-Fi
//! radio never dozes before a press; every [`IDLE`] otherwise. The pings
//! measure the clock offset, and their pongs are the watchdog's heartbeat
//! ([`crate::net::watchdog`]): QUIC's own keep-alive ([`crate::net::tls::KEEP_ALIVE`])
//! is only a backstop behind them. No I/O here: the connection asks when
//! the next ping is due and says when it sent one.

use std::time::Duration;

use std::time::Instant;

/// The pings while a button game is live: the radio stays awake.
pub const WARM: Duration = Duration::from_millis(500);
/// The pings otherwise: the clock's samples and the watchdog's heartbeat,
/// and nothing more on the air (a hall of 10,000 terminals idles at one
/// ping and one pong a second each).
pub const IDLE: Duration = Duration::from_secs(1);

/// The next ping's moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heartbeat {
    last: Instant,
    live: bool,
}

impl Heartbeat {
    /// A link greeted at `now`, its greeting the first sample.
    pub fn new(now: Instant) -> Heartbeat {
        Heartbeat {
            last: now,
            live: false,
        }
    }

    pub fn every(&self) -> Duration {
        if self.live { WARM } else { IDLE }
    }

    /// When the next ping is due.
    pub fn due(&self) -> Instant {
        self.last + self.every()
    }

    pub fn sent(&mut self, now: Instant) {
        self.last = now;
    }

    /// Whether a button game is live now: a live one brings the next ping
    /// forward at once to the warm pace.
    pub fn set_live(&mut self, live: bool) {
        self.live = live;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_idle_link_pings_once_a_second_and_a_live_button_game_twice() {
        let t0 = Instant::now();
        let mut beat = Heartbeat::new(t0);
        assert_eq!(beat.due(), t0 + IDLE);

        beat.set_live(true);
        assert_eq!(beat.due(), t0 + WARM);
        beat.sent(t0 + WARM);
        assert_eq!(beat.due(), t0 + 2 * WARM);

        beat.set_live(false);
        assert_eq!(beat.due(), t0 + WARM + IDLE);
    }

    #[test]
    fn the_pace_keeps_the_watchdog_fed_and_the_keep_alive_a_backstop() {
        use crate::net::{tls, watchdog};
        // A pong comes before the watchdog would call the server lost, and
        // a server gone shows within 2 s.
        assert!(IDLE < watchdog::SILENCE_LIMIT);
        assert!(watchdog::SILENCE_LIMIT + watchdog::CHECK_EVERY <= Duration::from_secs(2));
        // QUIC's keep-alive never fires while the pings run, and still
        // holds a link whose pings stalled.
        assert!(tls::KEEP_ALIVE > IDLE);
        assert!(tls::KEEP_ALIVE < tls::IDLE_TIMEOUT);
    }
}
