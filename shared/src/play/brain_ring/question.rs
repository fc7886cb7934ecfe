//! One Brain-ring question at the buttons (Brain-ring rules paragraph):
//! the host reads, gives «Время» and the buttons are armed for the minute;
//! the first press to arrive answers and discussion stops; a right answer
//! takes the question; a wrong one gives the other team 20 s; nobody, or a
//! second wrong answer, and the host reveals.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{EarlyPress, PressKind, RingPlayError, RingTiming, Table};
use crate::time::ServerTime;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ButtonPhase {
    /// The host reads; a press now is a false start.
    Reading,
    /// «Время»: the minute runs and the buttons are live.
    Armed {
        armed_at: ServerTime,
        deadline: ServerTime,
    },
    /// Two presses arrived within the tie window: the host decides who answers.
    Contested {
        first: Table,
        gap_us: u64,
        pressed_at: ServerTime,
    },
    /// A team pressed: discussion stops, it answers, the host judges.
    Answering {
        table: Table,
        pressed_at: ServerTime,
    },
    /// After a wrong answer, only the other team, for the extra time.
    SecondChance {
        table: Table,
        opened_at: ServerTime,
        deadline: ServerTime,
    },
    /// Taken by a table, or by nobody; the host reveals the answer.
    Over { taken_by: Option<Table> },
}

/// What the server answers a press with, at once.
pub type PressVerdict = PressKind;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ButtonQuestion {
    /// The question within the fight, from 1.
    pub number: u32,
    pub phase: ButtonPhase,
    /// May no longer answer this question: a false start or a wrong answer.
    pub locked: [bool; 2],
    pub false_start: [bool; 2],
    /// Pressed at least once since the buttons were last opened to it.
    pub pressed: [bool; 2],
    pub armed_at: Option<ServerTime>,
}

fn other(table: Table) -> Table {
    1 - table.min(1)
}

impl ButtonQuestion {
    pub fn new(number: u32) -> Self {
        ButtonQuestion {
            number,
            phase: ButtonPhase::Reading,
            locked: [false; 2],
            false_start: [false; 2],
            pressed: [false; 2],
            armed_at: None,
        }
    }

    /// «Время»: arms the buttons for the minute.
    pub fn arm(&mut self, now: ServerTime, timing: &RingTiming) -> Result<(), RingPlayError> {
        if self.phase != ButtonPhase::Reading {
            return Err(RingPlayError::AlreadyArmed);
        }
        self.armed_at = Some(now);
        self.pressed = [false; 2];
        self.phase = if self.locked == [true, true] {
            // Both false-started: nobody may answer; the host reveals.
            ButtonPhase::Over { taken_by: None }
        } else {
            ButtonPhase::Armed {
                armed_at: now,
                deadline: now.plus(Duration::from_millis(timing.minute_ms)),
            }
        };
        Ok(())
    }

    /// A press from `table`, stamped `at` on arrival. Decides at once.
    pub fn press(&mut self, table: Table, at: ServerTime, timing: &RingTiming) -> PressKind {
        let table = table.min(1);
        self.advance(at);
        match self.phase.clone() {
            ButtonPhase::Reading => {
                self.false_start[table] = true;
                if timing.early_press == EarlyPress::LosesTheQuestion {
                    self.locked[table] = true;
                }
                PressKind::FalseStart
            }
            ButtonPhase::Armed { .. } => {
                if self.locked[table] {
                    return PressKind::LockedOut;
                }
                self.pressed[table] = true;
                self.phase = ButtonPhase::Answering {
                    table,
                    pressed_at: at,
                };
                PressKind::Won
            }
            ButtonPhase::Answering {
                table: answering,
                pressed_at,
            } => {
                if answering == table {
                    return PressKind::Repeated;
                }
                if self.locked[table] {
                    return PressKind::LockedOut;
                }
                let gap = at.0.saturating_sub(pressed_at.0);
                if self.pressed[answering]
                    && !self.pressed[table]
                    && timing.tie_window_us > 0
                    && gap <= timing.tie_window_us
                {
                    self.pressed[table] = true;
                    self.phase = ButtonPhase::Contested {
                        first: answering,
                        gap_us: gap,
                        pressed_at,
                    };
                    return PressKind::Contested;
                }
                if self.pressed[table] {
                    PressKind::Repeated
                } else {
                    self.pressed[table] = true;
                    PressKind::Late
                }
            }
            ButtonPhase::Contested { .. } => PressKind::Repeated,
            ButtonPhase::SecondChance { table: open, .. } => {
                if table != open || self.locked[table] {
                    return PressKind::LockedOut;
                }
                self.pressed[table] = true;
                self.phase = ButtonPhase::Answering {
                    table,
                    pressed_at: at,
                };
                PressKind::Won
            }
            ButtonPhase::Over { .. } => PressKind::Ignored,
        }
    }

    /// The host decides a contested press: `table` answers.
    pub fn decide(&mut self, table: Table) -> Result<(), RingPlayError> {
        let ButtonPhase::Contested { pressed_at, .. } = self.phase else {
            return Err(RingPlayError::NotContested);
        };
        self.phase = ButtonPhase::Answering {
            table: table.min(1),
            pressed_at,
        };
        Ok(())
    }

    /// The host judges the answer. Right takes the question; wrong opens
    /// 20 s for the other team unless it may no longer answer.
    pub fn judge(
        &mut self,
        correct: bool,
        now: ServerTime,
        timing: &RingTiming,
    ) -> Result<(), RingPlayError> {
        let ButtonPhase::Answering { table, .. } = self.phase else {
            return Err(RingPlayError::NobodyAnswering);
        };
        if correct {
            self.phase = ButtonPhase::Over {
                taken_by: Some(table),
            };
            return Ok(());
        }
        self.locked[table] = true;
        let rival = other(table);
        self.phase = if self.locked[rival] {
            ButtonPhase::Over { taken_by: None }
        } else {
            self.pressed[rival] = false;
            ButtonPhase::SecondChance {
                table: rival,
                opened_at: now,
                deadline: now.plus(Duration::from_millis(timing.second_chance_ms)),
            }
        };
        Ok(())
    }

    /// Lets time pass: a minute or an extra time with no press ends the
    /// question untaken. A press stamped exactly at the deadline still counts.
    pub fn advance(&mut self, now: ServerTime) -> bool {
        match self.phase {
            ButtonPhase::Armed { deadline, .. } | ButtonPhase::SecondChance { deadline, .. }
                if now > deadline =>
            {
                self.phase = ButtonPhase::Over { taken_by: None };
                true
            }
            _ => false,
        }
    }

    /// The next instant time alone changes this question.
    pub fn next_deadline(&self) -> Option<ServerTime> {
        match self.phase {
            ButtonPhase::Armed { deadline, .. } | ButtonPhase::SecondChance { deadline, .. } => {
                Some(deadline.plus(Duration::from_micros(1)))
            }
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, ButtonPhase::Over { .. })
    }

    /// Signed µs between arming and `at`.
    pub fn since_arming(&self, at: ServerTime) -> Option<i64> {
        self.armed_at.map(|a| at.0 as i64 - a.0 as i64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: u64 = 1_000_000_000; // µs

    fn t(ms: u64) -> ServerTime {
        ServerTime(T + ms * 1000)
    }

    fn armed() -> (ButtonQuestion, RingTiming) {
        let timing = RingTiming::default();
        let mut q = ButtonQuestion::new(1);
        q.arm(t(0), &timing).unwrap();
        (q, timing)
    }

    #[test]
    fn brain_ring_first_press_to_arrive_answers_and_the_other_is_late() {
        let (mut q, timing) = armed();
        assert_eq!(q.press(1, t(1_000), &timing), PressKind::Won);
        assert_eq!(
            q.press(0, ServerTime(t(1_000).0 + 1), &timing),
            PressKind::Late
        );
        assert_eq!(q.press(1, t(1_500), &timing), PressKind::Repeated);
        assert_eq!(
            q.phase,
            ButtonPhase::Answering {
                table: 1,
                pressed_at: t(1_000)
            }
        );
    }

    #[test]
    fn brain_ring_a_right_answer_takes_the_question() {
        let (mut q, timing) = armed();
        q.press(0, t(5_000), &timing);
        q.judge(true, t(9_000), &timing).unwrap();
        assert_eq!(q.phase, ButtonPhase::Over { taken_by: Some(0) });
    }

    #[test]
    fn brain_ring_a_wrong_answer_gives_the_other_team_20_seconds() {
        let (mut q, timing) = armed();
        q.press(0, t(5_000), &timing);
        q.judge(false, t(9_000), &timing).unwrap();
        assert_eq!(
            q.phase,
            ButtonPhase::SecondChance {
                table: 1,
                opened_at: t(9_000),
                deadline: t(29_000)
            }
        );
        // The team that answered wrong may not press again.
        assert_eq!(q.press(0, t(10_000), &timing), PressKind::LockedOut);
        assert_eq!(
            q.press(1, t(29_000), &timing),
            PressKind::Won,
            "a press at the deadline still counts"
        );
        q.judge(false, t(31_000), &timing).unwrap();
        assert_eq!(q.phase, ButtonPhase::Over { taken_by: None });
    }

    #[test]
    fn brain_ring_no_press_in_the_extra_time_ends_the_question_untaken() {
        let (mut q, timing) = armed();
        q.press(0, t(5_000), &timing);
        q.judge(false, t(9_000), &timing).unwrap();
        assert_eq!(q.next_deadline(), Some(ServerTime(t(29_000).0 + 1)));
        assert!(q.advance(ServerTime(t(29_000).0 + 1)));
        assert_eq!(q.phase, ButtonPhase::Over { taken_by: None });
        assert_eq!(q.press(1, t(30_000), &timing), PressKind::Ignored);
    }

    #[test]
    fn brain_ring_no_press_within_the_minute_ends_the_question_untaken() {
        let (mut q, timing) = armed();
        assert!(!q.advance(t(60_000)));
        assert_eq!(
            q.press(1, ServerTime(t(60_000).0 + 1), &timing),
            PressKind::Ignored
        );
        assert_eq!(q.phase, ButtonPhase::Over { taken_by: None });
    }

    #[test]
    fn brain_ring_a_false_start_loses_the_question_by_default() {
        let timing = RingTiming::default();
        let mut q = ButtonQuestion::new(1);
        assert_eq!(q.press(0, t(0), &timing), PressKind::FalseStart);
        q.arm(t(1_000), &timing).unwrap();
        assert_eq!(q.press(0, t(2_000), &timing), PressKind::LockedOut);
        assert_eq!(q.press(1, t(3_000), &timing), PressKind::Won);
        // The false-started team gets no second chance either.
        q.judge(false, t(4_000), &timing).unwrap();
        assert_eq!(q.phase, ButtonPhase::Over { taken_by: None });
    }

    #[test]
    fn brain_ring_early_presses_can_be_ignored_by_setting() {
        let timing = RingTiming {
            early_press: EarlyPress::Ignored,
            ..RingTiming::default()
        };
        let mut q = ButtonQuestion::new(1);
        assert_eq!(q.press(0, t(0), &timing), PressKind::FalseStart);
        q.arm(t(1_000), &timing).unwrap();
        assert_eq!(q.press(0, t(2_000), &timing), PressKind::Won);
        assert!(q.false_start[0]);
    }

    #[test]
    fn brain_ring_both_false_starts_leave_nobody_to_answer() {
        let timing = RingTiming::default();
        let mut q = ButtonQuestion::new(1);
        q.press(0, t(0), &timing);
        q.press(1, t(1), &timing);
        q.arm(t(1_000), &timing).unwrap();
        assert_eq!(q.phase, ButtonPhase::Over { taken_by: None });
    }

    #[test]
    fn brain_ring_presses_within_the_tie_window_go_to_the_host() {
        let timing = RingTiming {
            tie_window_us: 2_000,
            ..RingTiming::default()
        };
        let mut q = ButtonQuestion::new(1);
        q.arm(t(0), &timing).unwrap();
        assert_eq!(q.press(0, t(1_000), &timing), PressKind::Won);
        assert_eq!(
            q.press(1, ServerTime(t(1_000).0 + 1_500), &timing),
            PressKind::Contested
        );
        assert_eq!(
            q.phase,
            ButtonPhase::Contested {
                first: 0,
                gap_us: 1_500,
                pressed_at: t(1_000)
            }
        );
        q.decide(1).unwrap();
        assert!(matches!(q.phase, ButtonPhase::Answering { table: 1, .. }));
        // Outside the window the order of arrival stands.
        let mut strict = ButtonQuestion::new(2);
        strict.arm(t(0), &timing).unwrap();
        strict.press(0, t(1_000), &timing);
        assert_eq!(
            strict.press(1, ServerTime(t(1_000).0 + 2_001), &timing),
            PressKind::Late
        );
    }
}
