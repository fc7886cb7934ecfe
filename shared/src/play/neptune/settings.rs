//! Нептун's durations and contest sizes, as a game's settings.

use serde::{Deserialize, Serialize};

use crate::play::neptune::rules::Contest;

/// How long each step lasts. Every duration is a setting so that the demo's
/// `--minute` can scale them all.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeptuneTiming {
    /// 1.3, 2.3, 4.2, 5.3, 6.5: «на обсуждение дается минута».
    pub minute_ms: u64,
    /// Cards are accepted until this long after a step's end signal, as in
    /// ChGK (festival 3); see docs/rules.md «Нептун live».
    pub grace_ms: u64,
    /// 3.2: 20 s after each question of a Блицкриг block.
    pub blitz_step_ms: u64,
    /// 5.2: 20 s on the announced topics before the declaration.
    pub joker_topics_ms: u64,
    /// 6.3: the pace of the server's count to three («медленно»): «раз»
    /// comes this long after a bid, «два» and «три» each as long after.
    pub count_step_ms: u64,
}

impl Default for NeptuneTiming {
    fn default() -> Self {
        NeptuneTiming {
            minute_ms: 60_000,
            grace_ms: 3_000,
            blitz_step_ms: 20_000,
            joker_topics_ms: 20_000,
            count_step_ms: 2_000,
        }
    }
}

impl NeptuneTiming {
    /// Every duration scaled as the demo's `--minute` scales the minute
    /// (`minute_ms` stands where 60 s stands in the rules).
    pub fn scaled(minute_ms: u64) -> Self {
        let d = NeptuneTiming::default();
        let scale = |ms: u64| (ms.saturating_mul(minute_ms) / 60_000).max(100);
        NeptuneTiming {
            minute_ms: scale(d.minute_ms),
            grace_ms: scale(d.grace_ms),
            blitz_step_ms: scale(d.blitz_step_ms),
            joker_topics_ms: scale(d.joker_topics_ms),
            count_step_ms: scale(d.count_step_ms),
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        let all = [
            self.minute_ms,
            self.grace_ms,
            self.blitz_step_ms,
            self.joker_topics_ms,
            self.count_step_ms,
        ];
        if all.contains(&0) {
            return Err("a Нептун duration must be longer than zero".into());
        }
        if all.iter().any(|&ms| ms > 3_600_000) {
            return Err("a Нептун duration over an hour is surely a typo".into());
        }
        Ok(())
    }
}

/// How many questions (Блицкриг: blocks) each contest plays: the rules'
/// numbers (1.1–6.1), or fewer for a shortened game (the demo).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestSizes {
    /// In the order of [`Contest::ALL`].
    pub sizes: [u32; 6],
}

impl Default for ContestSizes {
    fn default() -> Self {
        ContestSizes {
            sizes: Contest::ALL.map(|c| c.questions() as u32),
        }
    }
}

impl ContestSizes {
    /// At most `n` questions (blocks) a contest, never more than the rules'.
    pub fn shortened(n: u32) -> Self {
        ContestSizes {
            sizes: Contest::ALL.map(|c| (c.questions() as u32).min(n.max(1))),
        }
    }

    pub fn of(&self, contest: Contest) -> u32 {
        self.sizes[contest.index()]
    }

    /// Whether every contest plays the rules' full number.
    pub fn is_full(&self) -> bool {
        *self == ContestSizes::default()
    }

    pub fn validate(&self) -> Result<(), String> {
        for contest in Contest::ALL {
            let n = self.of(contest);
            if n == 0 || n as usize > contest.questions() {
                return Err(format!(
                    "{}: {n} questions; a contest plays 1 to {} ({})",
                    contest.key(),
                    contest.questions(),
                    contest.count_rule()
                ));
            }
        }
        Ok(())
    }
}

/// A Нептун game's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NeptuneSettings {
    pub timing: NeptuneTiming,
    pub sizes: ContestSizes,
}

impl NeptuneSettings {
    pub fn validate(&self) -> Result<(), String> {
        self.timing.validate()?;
        self.sizes.validate()
    }
}
