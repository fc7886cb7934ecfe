//! The team's button as this terminal knows it (a Brain-ring table's, an
//! Эрудит-квартет player's): when it was last pressed (the button flashes
//! at once, before the server has said anything) and the server's verdict
//! on the presses of the current question. A repeated press must not hide the verdict that mattered, so
//! «уже учтено» never replaces «Вы отвечаете!» on the same question. Which
//! question a press goes to, and whether the buttons are live, the format
//! says (`GameTeamView::press_question`, `buttons_live`).

use std::collections::BTreeMap;

use minuta_shared::ids::GameId;
use minuta_shared::play::button::{PressKind, QuestionMark};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::TeamView;

/// How long the button stays lit after a press, µs of local time.
pub const FLASH_US: u64 = 350_000;

/// The question a press was made on: its game, and the question as the
/// game's format marks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct PressOn {
    pub game: GameId,
    pub question: QuestionMark,
}

impl PressOn {
    pub fn new(game: GameId, question: QuestionMark) -> Self {
        PressOn { game, question }
    }
}

/// What became of a press.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PressOutcome {
    Decided {
        kind: PressKind,
        arrived_at: ServerTime,
        since_arming_us: Option<i64>,
        /// For a late press: how much earlier the other table's press
        /// arrived, once a view has shown it.
        beaten_by_us: Option<u64>,
    },
    Refused(CommandError),
    /// The link dropped before the verdict: the press may or may not have
    /// arrived.
    Lost,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonVerdict {
    pub on: PressOn,
    pub outcome: PressOutcome,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ButtonState {
    /// Local time (µs) of the latest press: the flash fades from here.
    pub pressed_at_us: Option<u64>,
    /// The verdict worth showing, and the question it is about.
    pub verdict: Option<ButtonVerdict>,
    /// Presses on their way, by request, with the question each was
    /// pressed on (the receipt does not name it).
    in_flight: BTreeMap<u64, PressOn>,
}

impl ButtonState {
    /// A press leaves now (`now_us`, local) as `request`, on the question
    /// the team's screen showed.
    pub fn pressed(&mut self, request: u64, now_us: u64, on: Option<PressOn>) {
        self.pressed_at_us = Some(now_us);
        if let Some(on) = on {
            self.in_flight.insert(request, on);
        }
    }

    pub fn is_flashing(&self, now_us: u64) -> bool {
        self.pressed_at_us
            .is_some_and(|at| now_us.saturating_sub(at) < FLASH_US)
    }

    /// Whether a press is waiting for its verdict.
    pub fn waiting(&self) -> bool {
        !self.in_flight.is_empty()
    }

    /// The verdict for `on`, if the latest one is about that question.
    pub fn verdict_on(&self, on: PressOn) -> Option<&PressOutcome> {
        self.verdict
            .as_ref()
            .filter(|v| v.on == on)
            .map(|v| &v.outcome)
    }

    /// The server answered press `request`.
    pub fn settle(
        &mut self,
        request: u64,
        result: Result<Receipt, CommandError>,
        view: Option<&TeamView>,
    ) {
        let Some(on) = self.in_flight.remove(&request) else {
            return;
        };
        let outcome = match result {
            Ok(Receipt::Press {
                kind,
                arrived_at,
                since_arming_us,
            }) => PressOutcome::Decided {
                kind,
                arrived_at,
                since_arming_us,
                beaten_by_us: None,
            },
            // No other receipt answers a press; one that did would say
            // nothing about the button, so nothing is shown.
            Ok(_) => return,
            Err(error) => PressOutcome::Refused(error),
        };
        self.record(on, outcome);
        if let Some(view) = view {
            self.learn_gap(view);
        }
    }

    /// The link dropped with press `request` unanswered.
    pub fn lost(&mut self, request: u64) {
        if let Some(on) = self.in_flight.remove(&request) {
            self.record(on, PressOutcome::Lost);
        }
    }

    fn record(&mut self, on: PressOn, outcome: PressOutcome) {
        let says_nothing_new = matches!(
            outcome,
            PressOutcome::Decided {
                kind: PressKind::Repeated | PressKind::Ignored,
                ..
            }
        );
        if says_nothing_new && self.verdict.as_ref().is_some_and(|v| v.on == on) {
            return;
        }
        self.verdict = Some(ButtonVerdict { on, outcome });
    }

    /// A late press learns by how much it lost from the view, which shows
    /// when the answering table's press arrived; the receipt and the view
    /// come in either order.
    pub fn learn_gap(&mut self, view: &TeamView) {
        let Some(ButtonVerdict {
            on,
            outcome:
                PressOutcome::Decided {
                    kind: PressKind::Late,
                    arrived_at,
                    beaten_by_us: beaten @ None,
                    ..
                },
        }) = &mut self.verdict
        else {
            return;
        };
        let Some(game) = view.games.iter().find(|g| g.id == on.game) else {
            return;
        };
        if game.view.press_question() != Some(on.question) {
            return;
        }
        if let Some(first) = game.view.answering_press_at() {
            *beaten = Some(arrived_at.0.saturating_sub(first.0));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Question `number` of fight 1 of game 1.
    fn key(number: u32) -> PressOn {
        PressOn::new(GameId(1), QuestionMark([1, number, 0, 0, 0]))
    }

    fn decided(kind: PressKind) -> Result<Receipt, CommandError> {
        Ok(Receipt::Press {
            kind,
            arrived_at: ServerTime(1),
            since_arming_us: None,
        })
    }

    fn kind(state: &ButtonState) -> Option<PressKind> {
        match state.verdict.as_ref().map(|v| &v.outcome) {
            Some(PressOutcome::Decided { kind, .. }) => Some(*kind),
            _ => None,
        }
    }

    #[test]
    fn brain_ring_repeated_and_ignored_presses_keep_the_verdict_that_mattered() {
        let mut button = ButtonState::default();
        for (request, result) in [
            (1, decided(PressKind::Won)),
            (2, decided(PressKind::Repeated)),
            (3, decided(PressKind::Ignored)),
        ] {
            button.pressed(request, 0, Some(key(1)));
            button.settle(request, result, None);
        }
        assert_eq!(kind(&button), Some(PressKind::Won));
        // A real change of fortune does replace it.
        button.pressed(4, 0, Some(key(1)));
        button.settle(4, decided(PressKind::LockedOut), None);
        assert_eq!(kind(&button), Some(PressKind::LockedOut));
        // On a new question, even «already counted» is news.
        button.pressed(5, 0, Some(key(2)));
        button.settle(5, decided(PressKind::Repeated), None);
        assert_eq!(kind(&button), Some(PressKind::Repeated));
    }

    #[test]
    fn brain_ring_an_answer_to_no_press_of_ours_changes_nothing() {
        let mut button = ButtonState::default();
        button.settle(9, decided(PressKind::Won), None);
        button.lost(9);
        assert_eq!(button.verdict, None);
    }
}
