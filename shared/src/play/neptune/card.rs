//! An answer card: whose it is (a team's, or a ломтик's in Сэндвич), what
//! it says, when it came and the host's verdicts.

use serde::{Deserialize, Serialize};

use crate::ids::{Slice, TeamId};
use crate::time::ServerTime;

/// Whose card: a team's, or (Сэндвич, 2.3) one of its ломтики's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CardKey {
    pub team: TeamId,
    pub slice: Option<Slice>,
}

impl CardKey {
    pub fn team(team: TeamId) -> Self {
        CardKey { team, slice: None }
    }

    pub fn slice(team: TeamId, slice: Slice) -> Self {
        CardKey {
            team,
            slice: Some(slice),
        }
    }
}

/// A card as handed in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnswerCard {
    pub key: CardKey,
    /// One answer; Блицкриг: four, numbered by place (3.3).
    pub answers: Vec<String>,
    pub received_at: ServerTime,
    /// Came after the hand-in deadline: kept, shown to the host, never
    /// scored.
    pub late: bool,
    /// The host's verdict on each answer; `None` until judged.
    pub verdicts: Vec<Option<bool>>,
}

impl AnswerCard {
    pub fn new(key: CardKey, answers: Vec<String>, received_at: ServerTime, late: bool) -> Self {
        let verdicts = vec![None; answers.len()];
        AnswerCard {
            key,
            answers,
            received_at,
            late,
            verdicts,
        }
    }

    /// How many of its answers the host took as right (a late card: none).
    pub fn right(&self) -> usize {
        if self.late {
            return 0;
        }
        self.verdicts.iter().filter(|v| **v == Some(true)).count()
    }

    /// Every on-time, non-empty answer has a verdict.
    pub fn judged(&self) -> bool {
        self.late
            || self
                .answers
                .iter()
                .zip(&self.verdicts)
                .all(|(a, v)| a.trim().is_empty() || v.is_some())
    }
}
