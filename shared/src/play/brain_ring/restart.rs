//! A server restart in the middle of a Brain-ring question (issue 14.4).
//! A press's verdict leaves before its record is committed (a few ms
//! later), so a stop in that window can lose the record of a press the
//! hall saw win. The log then ends with the question armed; the fair state
//! to resume in is «reading» again — nobody's press counts, the lockouts
//! already stored (false starts, a wrong answer) stand — and the host, told
//! by a notice, gives «Время» again (docs/rules.md, 4, «Restart during a
//! question»).

use serde::{Deserialize, Serialize};

use super::{ButtonPhase, ButtonQuestion, FightId};

/// What the host is told about a question the server found in play when it
/// started again. Shown until the host's next action in that fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingRestartNotice {
    pub fight: FightId,
    /// The question's number within the fight.
    pub question: u32,
    /// The buttons were armed: they were put back to «reading» and wait
    /// for «Время». `false`: the question is as stored (being read, a team
    /// answering or a contested press to decide); a press in the last
    /// moments (a false start, a late press) may still be missing.
    pub rearm: bool,
}

impl ButtonQuestion {
    /// Whether a restart finds this question with its buttons live and a
    /// clock running, where a lost press would have changed who answers.
    pub fn armed_at_restart(&self) -> bool {
        matches!(
            self.phase,
            ButtonPhase::Armed { .. } | ButtonPhase::SecondChance { .. }
        )
    }

    /// Back to «reading» after a restart found it armed: no clock runs, no
    /// press of this arming counts, and what was already decided stays
    /// (a false start's or a wrong answer's lockout). The next «Время» arms
    /// it afresh, for the full minute. Returns whether anything changed.
    pub fn interrupt(&mut self) -> bool {
        if !self.armed_at_restart() {
            return false;
        }
        self.phase = ButtonPhase::Reading;
        self.pressed = [false; 2];
        self.armed_at = None;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::{PressKind, RingTiming};
    use super::*;
    use crate::time::ServerTime;

    fn t(ms: u64) -> ServerTime {
        ServerTime(1_000_000_000 + ms * 1000)
    }

    #[test]
    fn an_armed_question_goes_back_to_reading_and_arms_afresh() {
        let timing = RingTiming::default();
        let mut q = ButtonQuestion::new(3);
        q.arm(t(0), &timing).expect("arms");
        assert!(q.interrupt());
        assert_eq!(q.phase, ButtonPhase::Reading);
        assert_eq!(q.armed_at, None);
        // Long after the old minute's end: a fresh minute from «Время».
        q.arm(t(300_000), &timing).expect("arms again");
        assert_eq!(q.press(1, t(359_000), &timing), PressKind::Won);
    }

    #[test]
    fn lockouts_stand_and_other_phases_are_left_alone() {
        let timing = RingTiming::default();
        let mut q = ButtonQuestion::new(1);
        // Table 0 false-starts, then the minute runs: an interruption keeps
        // table 0 locked out.
        assert_eq!(q.press(0, t(0), &timing), PressKind::FalseStart);
        assert!(!q.interrupt(), "reading: nothing to undo");
        q.arm(t(10), &timing).expect("arms");
        assert!(q.interrupt());
        q.arm(t(20), &timing).expect("arms");
        assert_eq!(q.press(0, t(30), &timing), PressKind::LockedOut);
        assert_eq!(q.press(1, t(40), &timing), PressKind::Won);
        let answering = q.clone();
        assert!(!q.interrupt(), "a stored press stands");
        assert_eq!(q, answering);
    }
}
