//! Tournament settings: the rules' fixed numbers made adjustable, so a test
//! can play a 2-second minute and an organiser can fill the rules' «___».

use std::time::Duration;

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSettings {
    /// 0.2 (Нептун) and the festival's custom: 4 to 6 players a team.
    pub min_players: u32,
    pub max_players: u32,
    pub chgk: ChgkTiming,
}

impl Default for TournamentSettings {
    fn default() -> Self {
        TournamentSettings {
            min_players: 4,
            max_players: 6,
            chgk: ChgkTiming::default(),
        }
    }
}

impl TournamentSettings {
    pub fn validate(&self) -> Result<(), String> {
        if self.min_players == 0 || self.min_players > self.max_players {
            return Err(format!(
                "players per team: minimum {} and maximum {} do not make a range",
                self.min_players, self.max_players
            ));
        }
        self.chgk.validate()
    }
}

/// The ChGK minute (3), in milliseconds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChgkTiming {
    /// 3: «отсчет чистого времени, равного 60 секундам».
    pub minute_ms: u64,
    /// 3: «За 10 секунд до окончания минуты … дается сигнал».
    pub warning_before_end_ms: u64,
    /// 3: a card counts if handed in «не позднее чем через 3 секунды после
    /// сигнала об окончании минуты».
    pub grace_ms: u64,
}

impl Default for ChgkTiming {
    fn default() -> Self {
        ChgkTiming {
            minute_ms: 60_000,
            warning_before_end_ms: 10_000,
            grace_ms: 3_000,
        }
    }
}

impl ChgkTiming {
    pub fn minute(&self) -> Duration {
        Duration::from_millis(self.minute_ms)
    }
    pub fn warning_at(&self) -> Duration {
        Duration::from_millis(self.minute_ms.saturating_sub(self.warning_before_end_ms))
    }
    pub fn accept_until(&self) -> Duration {
        Duration::from_millis(self.minute_ms.saturating_add(self.grace_ms))
    }
    pub fn validate(&self) -> Result<(), String> {
        if self.minute_ms == 0 {
            return Err("the minute must be longer than zero".into());
        }
        if self.warning_before_end_ms > self.minute_ms {
            return Err("the warning cannot come before the minute starts".into());
        }
        if self.minute_ms > 3_600_000 || self.grace_ms > 600_000 {
            return Err(
                "a minute over an hour, or a grace over ten minutes, is surely a typo".into(),
            );
        }
        Ok(())
    }
}
