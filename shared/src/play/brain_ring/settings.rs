//! Brain-ring durations and house rules, as settings.

use serde::{Deserialize, Serialize};

/// What a press before «Время» means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum EarlyPress {
    /// Real Brain-ring systems: a false start loses the right to answer this
    /// question (docs/rules.md, «Брейн-ринг»).
    #[default]
    LosesTheQuestion,
    /// The press is logged and shown, and otherwise ignored.
    Ignored,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingTiming {
    /// «минута обсуждения».
    pub minute_ms: u64,
    /// «дополнительное время для обсуждения, равное 20 секундам».
    pub second_chance_ms: u64,
    /// Presses closer than this are shown to the host to decide; 0 = strict
    /// order of arrival.
    pub tie_window_us: u64,
    pub early_press: EarlyPress,
}

impl Default for RingTiming {
    fn default() -> Self {
        RingTiming {
            minute_ms: 60_000,
            second_chance_ms: 20_000,
            tie_window_us: 0,
            early_press: EarlyPress::default(),
        }
    }
}

impl RingTiming {
    pub fn validate(&self) -> Result<(), String> {
        if self.minute_ms == 0 || self.second_chance_ms == 0 {
            return Err("the minute and the extra time must be longer than zero".into());
        }
        if self.minute_ms > 3_600_000
            || self.second_chance_ms > 3_600_000
            || self.tie_window_us > 1_000_000
        {
            return Err("a Brain-ring duration over an hour, or a tie window over a second, is surely a typo".into());
        }
        Ok(())
    }
}
