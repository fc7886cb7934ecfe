//! «Своя игра»'s state: the board, the open question, the presses on it
//! and the points. Decides commands and presses into events and applies
//! events; never reads a clock. Views and the registry's trait live in
//! `live.rs`.

use std::collections::BTreeMap;
use std::time::Duration;

use crate::ids::TeamId;
use crate::play::button::{ButtonPress, ButtonVerdict, PressKind};
use crate::play::roster::Roster;
use crate::time::ServerTime;

use super::{OwnGameCommand, OwnGameError, OwnGameEvent, OwnGameSettings};

/// One answer given on a question, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Try {
    pub team: TeamId,
    pub right: bool,
}

/// The question being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Open {
    pub question: u32,
    /// When «Время» was said last, while the buttons are open.
    pub armed_at: Option<ServerTime>,
    pub answering: Option<(TeamId, ServerTime)>,
    /// Teams that false-started or answered wrong.
    pub out: Vec<TeamId>,
    /// Teams that pressed since the buttons last opened.
    pub pressed: Vec<TeamId>,
    pub tries: Vec<Try>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnGame {
    pub(super) settings: OwnGameSettings,
    /// Each played question's answers, by question.
    pub(super) played: BTreeMap<u32, Vec<Try>>,
    pub(super) open: Option<Open>,
    /// Every team that pressed in this game, for `has_played`.
    pub(super) pressed_ever: Vec<TeamId>,
}

impl OwnGame {
    pub(super) fn new(settings: &OwnGameSettings) -> Self {
        OwnGame {
            settings: settings.clone(),
            played: BTreeMap::new(),
            open: None,
            pressed_ever: Vec::new(),
        }
    }

    pub(super) fn validate(settings: &OwnGameSettings) -> Result<(), OwnGameError> {
        if settings.prices.is_empty() || settings.prices.len() > super::MAX_QUESTIONS {
            return Err(OwnGameError::BoardSize);
        }
        if settings
            .prices
            .iter()
            .any(|p| *p == 0 || *p > super::MAX_PRICE)
        {
            return Err(OwnGameError::Price);
        }
        if !(1..=600).contains(&settings.press_seconds) {
            return Err(OwnGameError::PressSeconds);
        }
        Ok(())
    }

    pub fn settings(&self) -> &OwnGameSettings {
        &self.settings
    }

    pub fn price(&self, question: u32) -> Option<u32> {
        self.settings.prices.get(question as usize).copied()
    }

    pub fn played(&self) -> &BTreeMap<u32, Vec<Try>> {
        &self.played
    }

    pub fn open(&self) -> Option<&Open> {
        self.open.as_ref()
    }

    pub fn finished(&self) -> bool {
        self.open.is_none() && self.played.len() == self.settings.prices.len()
    }

    /// Each roster team's points: + the price for a right answer, − for a
    /// wrong one, in roster order.
    pub fn points(&self, roster: &Roster) -> Vec<(TeamId, i64)> {
        roster
            .teams
            .iter()
            .map(|t| {
                let points = self
                    .played
                    .iter()
                    .map(|(q, tries)| (*q, tries.as_slice()))
                    .chain(self.open.as_ref().map(|o| (o.question, o.tries.as_slice())))
                    .map(|(q, tries)| {
                        let price = i64::from(self.price(q).unwrap_or(0));
                        tries
                            .iter()
                            .filter(|x| x.team == t.id)
                            .map(|x| if x.right { price } else { -price })
                            .sum::<i64>()
                    })
                    .sum();
                (t.id, points)
            })
            .collect()
    }

    /// When the open buttons close with nobody pressing.
    pub fn open_until(&self) -> Option<ServerTime> {
        let open = self.open.as_ref()?;
        if open.answering.is_some() {
            return None;
        }
        open.armed_at
            .map(|at| at.plus(Duration::from_secs(u64::from(self.settings.press_seconds))))
    }

    pub(super) fn decide(
        &self,
        command: OwnGameCommand,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<Vec<OwnGameEvent>, OwnGameError> {
        use OwnGameCommand as C;
        match command {
            C::Choose { question } => {
                if self.open.is_some() {
                    return Err(OwnGameError::QuestionOpen);
                }
                if self.price(question).is_none() {
                    return Err(OwnGameError::NoSuchQuestion(question));
                }
                if self.played.contains_key(&question) {
                    return Err(OwnGameError::Played(question));
                }
                Ok(vec![OwnGameEvent::Chosen { question }])
            }
            C::Arm => {
                let open = self.open.as_ref().ok_or(OwnGameError::NoQuestion)?;
                if open.answering.is_some() {
                    return Err(OwnGameError::Answering);
                }
                if open.armed_at.is_some() {
                    return Err(OwnGameError::Armed);
                }
                Ok(vec![OwnGameEvent::Armed { at: now }])
            }
            C::Judge { right } => {
                let open = self.open.as_ref().ok_or(OwnGameError::NoQuestion)?;
                let Some((team, _)) = open.answering else {
                    return Err(OwnGameError::NobodyAnswering);
                };
                let mut events = vec![OwnGameEvent::Judged { right, at: now }];
                // A right answer, or a wrong one that leaves nobody to
                // press, ends the question.
                let everyone_out = roster
                    .teams
                    .iter()
                    .all(|t| t.id == team || open.out.contains(&t.id));
                if right || everyone_out {
                    events.push(OwnGameEvent::Closed { at: now });
                }
                Ok(events)
            }
            C::Close => {
                let open = self.open.as_ref().ok_or(OwnGameError::NoQuestion)?;
                if open.answering.is_some() {
                    return Err(OwnGameError::Answering);
                }
                Ok(vec![OwnGameEvent::Closed { at: now }])
            }
        }
    }

    pub(super) fn apply(&mut self, event: &OwnGameEvent) {
        use OwnGameEvent as E;
        match event {
            E::Chosen { question } => {
                self.open = Some(Open {
                    question: *question,
                    armed_at: None,
                    answering: None,
                    out: Vec::new(),
                    pressed: Vec::new(),
                    tries: Vec::new(),
                });
            }
            E::Armed { at } => {
                if let Some(open) = &mut self.open {
                    open.armed_at = Some(*at);
                    open.pressed.clear();
                }
            }
            E::Pressed { team, at, .. } => {
                self.note_press(*team, *at);
            }
            E::Judged { right, at } => {
                if let Some(open) = &mut self.open
                    && let Some((team, _)) = open.answering.take()
                {
                    open.tries.push(Try {
                        team,
                        right: *right,
                    });
                    if !*right {
                        // The others may press again at once.
                        open.out.push(team);
                        open.armed_at = Some(*at);
                        open.pressed.clear();
                    }
                }
            }
            E::Closed { .. } => {
                if let Some(open) = self.open.take() {
                    self.played.insert(open.question, open.tries);
                }
            }
            E::Disarmed => {
                if let Some(open) = &mut self.open {
                    open.armed_at = None;
                }
            }
        }
    }

    /// What a press at `at` by `team` is, as the house rules read it.
    fn press_kind(&self, team: TeamId, at: ServerTime) -> PressKind {
        let Some(open) = &self.open else {
            return PressKind::Ignored;
        };
        if open.out.contains(&team) {
            return PressKind::LockedOut;
        }
        if open.pressed.contains(&team) {
            return PressKind::Repeated;
        }
        match open.armed_at {
            // Before «Время»: out of this question.
            None => PressKind::FalseStart,
            Some(_) if open.answering.is_some() => PressKind::Late,
            Some(_) if self.open_until().is_some_and(|until| at >= until) => PressKind::Ignored,
            Some(_) => PressKind::Won,
        }
    }

    fn note_press(&mut self, team: TeamId, at: ServerTime) -> PressKind {
        let kind = self.press_kind(team, at);
        if !self.pressed_ever.contains(&team) {
            self.pressed_ever.push(team);
        }
        if let Some(open) = &mut self.open {
            match kind {
                PressKind::Won => open.answering = Some((team, at)),
                PressKind::FalseStart => open.out.push(team),
                PressKind::Late
                | PressKind::Repeated
                | PressKind::LockedOut
                | PressKind::Contested
                | PressKind::Ignored => {}
            }
            if !open.pressed.contains(&team) {
                open.pressed.push(team);
            }
        }
        kind
    }

    /// Decides a press and applies it: its verdict and its event.
    pub(super) fn press(&mut self, press: ButtonPress) -> (ButtonVerdict, OwnGameEvent) {
        let since_arming_us = self
            .open
            .as_ref()
            .and_then(|o| o.armed_at)
            .map(|armed| press.at.0 as i64 - armed.0 as i64);
        let event = OwnGameEvent::Pressed {
            team: press.team,
            at: press.at,
            rtt_us: press.rtt_us,
            clock_offset_us: press.clock_offset_us,
        };
        let kind = self.note_press(press.team, press.at);
        (
            ButtonVerdict {
                kind,
                since_arming_us,
            },
            event,
        )
    }

    pub(super) fn has_pressed(&self, team: TeamId) -> bool {
        self.pressed_ever.contains(&team)
    }
}
