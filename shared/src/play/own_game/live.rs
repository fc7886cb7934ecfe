//! «Своя игра» through the registry's trait: who may do what, the views
//! (one board for everyone: nothing here is secret), the deadline of the
//! open buttons, the standings and the sheet. No rule is decided here
//! that `board.rs` does not already decide. Its capabilities: the button,
//! its own events (the buttons' window closing, a restart).

use crate::identity::{Identity, Role};
use crate::ids::TeamId;
use crate::jury_protocol::Protocol;
use crate::play::button::{ButtonPress, PressPatch, QuestionMark};
use crate::play::format::{Buttons, OwnEvents, Pressed};
use crate::play::format::{Decided, Labels, LiveFormat, Progress, Results, Touched, TourState};
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::sheet::output::OrderedMap;
use crate::time::ServerTime;
use crate::tournament::{Place, rank_by};

use super::{
    AnsweringView, CellState, CellView, OwnGame, OwnGameBoard, OwnGameCommand, OwnGameError,
    OwnGameEvent, OwnGameReceipt, OwnGameSettings, OwnGameTeamView, QuestionView, ScoreRow,
};

impl OwnGame {
    fn board(&self, roster: &Roster) -> OwnGameBoard {
        let cells = self
            .settings
            .prices
            .iter()
            .enumerate()
            .map(|(i, price)| {
                let q = i as u32;
                let state = if self.open().is_some_and(|o| o.question == q) {
                    CellState::Current
                } else if let Some(tries) = self.played().get(&q) {
                    CellState::Taken {
                        by: tries.iter().find(|t| t.right).map(|t| t.team),
                    }
                } else {
                    CellState::Open
                };
                CellView {
                    price: *price,
                    state,
                }
            })
            .collect();
        let question = self.open().map(|o| QuestionView {
            question: o.question,
            price: self.price(o.question).unwrap_or(0),
            open_until: self.open_until(),
            answering: o.answering.map(|(team, pressed_at)| AnsweringView {
                team,
                name: roster.name(team),
                pressed_at,
            }),
            out: o.out.clone(),
        });
        OwnGameBoard {
            theme: self.settings.theme.clone(),
            cells,
            question,
            scores: self
                .points(roster)
                .into_iter()
                .map(|(team, points)| ScoreRow {
                    team,
                    name: roster.name(team),
                    points,
                })
                .collect(),
            finished: self.finished(),
        }
    }

    pub(super) fn ranked(&self, roster: &Roster) -> Vec<(TeamId, Place, i64)> {
        rank_by(self.points(roster), |(_, points)| *points)
            .into_iter()
            .map(|r| (r.item.0, r.place, r.item.1))
            .collect()
    }
}

impl LiveFormat for OwnGame {
    const FORMAT: &'static str = "own-game";
    const TITLE: &'static str = "Своя игра";
    type Settings = OwnGameSettings;
    type Command = OwnGameCommand;
    type Event = OwnGameEvent;
    type Receipt = OwnGameReceipt;
    type Error = OwnGameError;
    type StaffView = OwnGameBoard;
    type TeamView = OwnGameTeamView;
    type DisplayView = OwnGameBoard;
    /// No press patches: a press's views follow its record.
    type Patch = ();
    type Sheet = super::sheet::OwnGameSheet;
    const BUTTONS: Option<&'static dyn Buttons<Self>> = Some(&OwnGameButtons);
    const OWN_EVENTS: Option<&'static dyn OwnEvents<Self>> = Some(&OwnGameOwnEvents);

    fn new(settings: &OwnGameSettings) -> Self {
        OwnGame::new(settings)
    }

    fn validate(settings: &OwnGameSettings) -> Result<(), OwnGameError> {
        OwnGame::validate(settings)
    }

    fn permitted(role: Role, command: &OwnGameCommand) -> bool {
        match command {
            OwnGameCommand::Choose { .. }
            | OwnGameCommand::Arm
            | OwnGameCommand::Judge { .. }
            | OwnGameCommand::Close => role == Role::Host,
        }
    }

    fn decide(
        &self,
        _who: Identity,
        command: OwnGameCommand,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<Decided<Self>, OwnGameError> {
        Ok((
            OwnGameReceipt::Done,
            OwnGame::decide(self, command, roster, now)?,
        ))
    }

    fn apply(&mut self, event: &OwnGameEvent) -> Touched {
        OwnGame::apply(self, event);
        Touched::everyone()
    }

    fn check_replay(&self, event: &OwnGameEvent, known: &dyn Known) -> Result<(), ReplayError> {
        let question = |q: u32| {
            if self.price(q).is_some() {
                Ok(())
            } else {
                Err(ReplayError::Missing {
                    what: "«Своя игра» question",
                    id: q,
                    made: "put on the board",
                })
            }
        };
        match event {
            OwnGameEvent::Chosen { question: q } => question(*q),
            OwnGameEvent::Pressed { team, .. } => known.team_exists(*team),
            OwnGameEvent::Armed { .. }
            | OwnGameEvent::Judged { .. }
            | OwnGameEvent::Closed { .. }
            | OwnGameEvent::Disarmed => Ok(()),
        }
    }

    fn poll_timeout(&self, _now: ServerTime) -> Option<ServerTime> {
        self.open_until()
    }

    fn handle_timeout(&mut self, _now: ServerTime) -> Touched {
        Touched::nobody()
    }

    fn staff_view(&self, roster: &Roster, _now: ServerTime) -> OwnGameBoard {
        self.board(roster)
    }

    fn team_view(&self, team: TeamId, roster: &Roster, _now: ServerTime) -> OwnGameTeamView {
        OwnGameTeamView {
            team,
            board: self.board(roster),
        }
    }

    fn display_view(&self, roster: &Roster, _now: ServerTime) -> OwnGameBoard {
        self.board(roster)
    }

    fn sheet(&self, roster: &Roster) -> super::sheet::OwnGameSheet {
        super::sheet::of_game(self, roster)
    }
}

impl Results for OwnGame {
    const BEFORE_CHGK_TOURS: bool = false;
    // It exists to prove the seam in tests, and has no demo.
    const PLAYED_BY_ROBOTS: bool = false;

    fn standings(&self, roster: &Roster) -> Vec<OrderedMap> {
        self.ranked(roster)
            .into_iter()
            .map(|(team, place, points)| super::sheet::standing(&roster.name(team), place, points))
            .collect()
    }

    fn protocol_section(&self, protocol: &mut Protocol, roster: &Roster, title: &str) {
        super::protocol::section(protocol, roster, title, self);
    }

    fn finished(&self) -> bool {
        OwnGame::finished(self)
    }

    fn staff_progress(view: &OwnGameBoard) -> Progress {
        Progress {
            in_use: view
                .cells
                .iter()
                .any(|c| !matches!(c.state, CellState::Open)),
            finished: view.finished,
        }
    }

    fn tour(&self, tour: u32) -> Option<TourState> {
        (tour == 0).then(|| TourState {
            title: self.settings.theme.clone(),
            started: self.open().is_some() || !self.played().is_empty(),
            done: OwnGame::finished(self),
        })
    }

    fn places(&self, roster: &Roster) -> Vec<(TeamId, Place)> {
        self.ranked(roster)
            .into_iter()
            .map(|(team, place, _)| (team, place))
            .collect()
    }

    fn has_played(&self, team: TeamId) -> bool {
        self.has_pressed(team)
    }
}

impl Labels for OwnGame {
    fn event_kind(event: &OwnGameEvent) -> &'static str {
        match event {
            OwnGameEvent::Pressed { .. } => "press",
            OwnGameEvent::Chosen { .. }
            | OwnGameEvent::Armed { .. }
            | OwnGameEvent::Judged { .. }
            | OwnGameEvent::Closed { .. }
            | OwnGameEvent::Disarmed => "game",
        }
    }

    /// The host's clicks that run a question show on the board at once.
    fn outcome_in_place(_command: &OwnGameCommand, succeeded: bool) -> bool {
        succeeded
    }
}

/// The one button every team has.
struct OwnGameButtons;

impl Buttons<OwnGame> for OwnGameButtons {
    fn takes_press(&self, game: &OwnGame, _team: TeamId) -> bool {
        game.open().is_some()
    }

    fn press(&self, game: &mut OwnGame, press: ButtonPress) -> Option<Pressed<OwnGame>> {
        game.open()?;
        Some(Ok(OwnGame::press(game, press)))
    }

    /// A press changes whole views.
    fn press_patch(
        &self,
        _game: &OwnGame,
        _team: TeamId,
        _roster: &Roster,
    ) -> Option<PressPatch<()>> {
        None
    }

    fn buttons_live(&self, game: &OwnGame) -> bool {
        game.open().is_some()
    }

    fn press_question(&self, view: &OwnGameTeamView) -> Option<QuestionMark> {
        view.board
            .question
            .as_ref()
            .map(|q| QuestionMark([q.question + 1, 0, 0, 0, 0]))
    }

    fn team_buttons_live(&self, view: &OwnGameTeamView) -> bool {
        view.board.question.is_some()
    }

    fn answering_press_at(&self, view: &OwnGameTeamView) -> Option<ServerTime> {
        view.board
            .question
            .as_ref()
            .and_then(|q| q.answering.as_ref())
            .map(|a| a.pressed_at)
    }

    fn patch_buttons_live(&self, _patch: &()) -> Option<bool> {
        None
    }
}

/// The buttons' window closing; a restart with the buttons open.
struct OwnGameOwnEvents;

impl OwnEvents<OwnGame> for OwnGameOwnEvents {
    /// The buttons' window ran out with nobody pressing: the question
    /// closes unanswered.
    fn timeout_events(&self, game: &OwnGame, now: ServerTime) -> Vec<OwnGameEvent> {
        match game.open_until() {
            Some(until) if until <= now => vec![OwnGameEvent::Closed { at: until }],
            Some(_) | None => Vec::new(),
        }
    }

    /// The server restarted with the buttons open: shut them; the host
    /// says «Время» again.
    fn restarted(&self, game: &mut OwnGame, _now: ServerTime) -> Vec<OwnGameEvent> {
        // The core applies what this returns.
        if game.open_until().is_some() {
            vec![OwnGameEvent::Disarmed]
        } else {
            Vec::new()
        }
    }
}
