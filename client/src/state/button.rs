//! The team's button as this terminal knows it (a Brain-ring table's, an
//! Эрудит-квартет player's): when it was last pressed (the button flashes
//! at once, before the server has said anything) and the server's verdict
//! on the presses of the current question. A repeated press must not hide the verdict that mattered, so
//! «уже учтено» never replaces «Вы отвечаете!» on the same question. Also
//! what a press's patch and its question say of the buttons.

use std::collections::BTreeMap;

use minuta_shared::ids::GameId;
use minuta_shared::play::brain_ring::{ButtonPhase, FightId, PressKind, RingFightView};
use minuta_shared::play::erudit::{GameBoard, QuestionState};
use minuta_shared::play::games::{GamePatch, GameTeamView};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::TeamView;

/// The fight a press's patch carries, if it is a Brain-ring one.
pub fn patch_fight(patch: &GamePatch) -> Option<&RingFightView> {
    match patch {
        GamePatch::Ring(fight) => Some(fight),
        _ => None,
    }
}

/// Whether a question of `fight` is in play: the buttons may be pressed
/// at any moment.
pub fn question_in_play(fight: &RingFightView) -> bool {
    fight.question.as_ref().is_some_and(|q| !q.is_over())
}

/// Whether a team's press goes somewhere now: its Brain-ring fight has a
/// question in play, or its player is at the buttons of an Эрудит-квартет
/// question being read or waited for. A patch carries a fight or a game
/// of four; a view, every game of the team.
pub fn buttons_live(game: &GameTeamView) -> bool {
    match game {
        GameTeamView::Ring(ring) => ring.fight.as_ref().is_some_and(question_in_play),
        GameTeamView::Erudit(erudit) => erudit.may_press(),
        GameTeamView::Chgk(_) | GameTeamView::Multigames(_) | GameTeamView::Neptune(_) => false,
    }
}

/// Whether an Эрудит-квартет game's patch has a question the players may
/// still press on (the patch is the team's own copy of the game of four).
pub fn quartet_in_play(board: &GameBoard) -> bool {
    board.question.as_ref().is_some_and(|q| {
        matches!(
            q.state,
            QuestionState::Reading { .. } | QuestionState::Waiting { .. }
        )
    })
}

/// How long the button stays lit after a press, µs of local time.
pub const FLASH_US: u64 = 350_000;

/// One question of one fight of one game (fights are numbered within
/// their tournament); number 0 is «before the first question».
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RingQuestionKey {
    pub game: GameId,
    pub fight: FightId,
    pub number: u32,
}

impl RingQuestionKey {
    /// The question a fight's screen shows now.
    pub fn of(game: GameId, fight: &RingFightView) -> Self {
        RingQuestionKey {
            game,
            fight: fight.id,
            number: fight.question.as_ref().map_or(0, |q| q.number),
        }
    }
}

/// One question of an Эрудит-квартет game: the group's game (stage and
/// group), the tour, the round and the question's place in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct EruditQuestionKey {
    pub game: GameId,
    pub stage: u32,
    pub group: u32,
    pub tour: u32,
    pub round: u32,
    pub number: u32,
}

impl EruditQuestionKey {
    /// The question a game of four shows now, if one is on.
    pub fn of(game: GameId, board: &GameBoard) -> Option<Self> {
        let q = board.question.as_ref()?;
        Some(EruditQuestionKey {
            game,
            stage: board.stage,
            group: board.group,
            tour: board.tour.as_ref().map_or(0, |t| t.number),
            round: q.round,
            number: q.number,
        })
    }
}

/// The question a press was made on, in whichever format's game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum PressOn {
    Ring(RingQuestionKey),
    Erudit(EruditQuestionKey),
}

impl From<RingQuestionKey> for PressOn {
    fn from(key: RingQuestionKey) -> Self {
        PressOn::Ring(key)
    }
}

impl From<EruditQuestionKey> for PressOn {
    fn from(key: EruditQuestionKey) -> Self {
        PressOn::Erudit(key)
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
    pub fn verdict_on(&self, on: impl Into<PressOn>) -> Option<&PressOutcome> {
        let on = on.into();
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
        let Some((game, fight)) = view.ring_fight() else {
            return;
        };
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
        if *on != PressOn::Ring(RingQuestionKey::of(game, fight)) {
            return;
        }
        let first = fight.question.as_ref().and_then(|q| match q.phase {
            ButtonPhase::Answering { pressed_at, .. }
            | ButtonPhase::Contested { pressed_at, .. } => Some(pressed_at),
            _ => None,
        });
        if let Some(first) = first {
            *beaten = Some(arrived_at.0.saturating_sub(first.0));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(number: u32) -> RingQuestionKey {
        RingQuestionKey {
            game: GameId(1),
            fight: FightId(1),
            number,
        }
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
            button.pressed(request, 0, Some(key(1).into()));
            button.settle(request, result, None);
        }
        assert_eq!(kind(&button), Some(PressKind::Won));
        // A real change of fortune does replace it.
        button.pressed(4, 0, Some(key(1).into()));
        button.settle(4, decided(PressKind::LockedOut), None);
        assert_eq!(kind(&button), Some(PressKind::LockedOut));
        // On a new question, even «already counted» is news.
        button.pressed(5, 0, Some(key(2).into()));
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
