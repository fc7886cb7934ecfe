//! Эрудит-квартет durations (5.7, the game's preamble), as settings.

use serde::{Deserialize, Serialize};

/// How long the captains have to set their line-ups and how long the hall
/// waits for a press after a question is read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EruditTiming {
    /// 5.7: «в течение минуты» — the open and closed tours' line-up.
    pub lineup_ms: u64,
    /// 5.7: «в течение 20 секунд» — a semi-open round's player.
    pub semi_open_lineup_ms: u64,
    /// The preamble: «в течение 5 секунд после окончания чтения».
    pub silence_ms: u64,
}

impl Default for EruditTiming {
    fn default() -> Self {
        EruditTiming {
            lineup_ms: 60_000,
            semi_open_lineup_ms: 20_000,
            silence_ms: 5_000,
        }
    }
}

impl EruditTiming {
    /// Every duration scaled as the demo's `--minute` scales the ChGK minute
    /// (`minute_ms` stands where 60 s stands in the rules).
    pub fn scaled(minute_ms: u64) -> Self {
        let d = EruditTiming::default();
        let scale = |ms: u64| (ms.saturating_mul(minute_ms) / 60_000).max(200);
        EruditTiming {
            lineup_ms: scale(d.lineup_ms),
            semi_open_lineup_ms: scale(d.semi_open_lineup_ms),
            silence_ms: scale(d.silence_ms),
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        if self.lineup_ms == 0 || self.semi_open_lineup_ms == 0 || self.silence_ms == 0 {
            return Err("an Эрудит-квартет duration must be longer than zero".into());
        }
        if self.lineup_ms > 3_600_000
            || self.semi_open_lineup_ms > 3_600_000
            || self.silence_ms > 600_000
        {
            return Err("an Эрудит-квартет duration over an hour (or a silence over ten minutes) is surely a typo".into());
        }
        Ok(())
    }
}
