//! How many wrong short codes the server takes, from every address at once:
//! a short code's team half is 20 bits, and the gate's strikes bound one
//! address only; many addresses on the hall's network would guess faster.
//! Past [`MISSES_PER_WINDOW`] wrong ones in a window, short codes are
//! refused until the window ends — long codes never are. Pure: the driver
//! passes the time.

use minuta_shared::time::ServerTime;

/// Wrong short codes taken per window, from all addresses together.
pub const MISSES_PER_WINDOW: u32 = 30;
/// The window: a minute.
pub const WINDOW_US: u64 = 60_000_000;

#[derive(Debug, Default)]
pub struct ShortCodeBudget {
    since: Option<ServerTime>,
    misses: u32,
}

impl ShortCodeBudget {
    /// Whether a short code may be tried now.
    pub fn open(&mut self, now: ServerTime) -> bool {
        self.roll(now);
        self.misses < MISSES_PER_WINDOW
    }

    /// A short code was wrong.
    pub fn miss(&mut self, now: ServerTime) {
        self.roll(now);
        self.misses = self.misses.saturating_add(1);
    }

    fn roll(&mut self, now: ServerTime) {
        let expired = self
            .since
            .is_none_or(|since| now.0.saturating_sub(since.0) >= WINDOW_US);
        if expired {
            self.since = Some(now);
            self.misses = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_codes_pause_after_many_misses_until_the_window_ends() {
        let mut budget = ShortCodeBudget::default();
        let t0 = ServerTime(5_000_000);
        for _ in 0..MISSES_PER_WINDOW {
            assert!(budget.open(t0));
            budget.miss(t0);
        }
        assert!(!budget.open(t0));
        assert!(!budget.open(ServerTime(t0.0 + WINDOW_US - 1)));
        assert!(budget.open(ServerTime(t0.0 + WINDOW_US)));
    }
}
