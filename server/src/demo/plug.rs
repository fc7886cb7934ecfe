//! What a demo and a format's robots plug in through, so that the demo's
//! shell (the set-up, the cast, the host, team and jury robots' loops) names
//! no format: a [`Demo`] is one `--game` (its games set up on the demo's
//! store, its autopilot host, when it is over), and [`FormatRobots`] are
//! one format's robot hands at a team's table and its jury's decisions.
//! Each is registered by one line in `demos!` or `robots!` (`demo/mod.rs`).
//! Nothing here names a format.

use std::collections::BTreeMap;
use std::time::Duration;

use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, QuestionId, Slice, TeamId};
use minuta_shared::play::games::GameStaffView;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{HostView, TeamView};

use super::{Answers, DemoConfig};
use crate::core::{Core, Event};
use crate::secrets::fresh_secret;

/// How a robot team plays, and how its answers come out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct TeamStyle {
    /// Its choices' seed.
    pub seed: u64,
    /// How often it knows the answer (0..1).
    pub skill: f64,
}

/// One demo (`--game`): what it sets up, how its host plays, when it ends.
pub(super) trait Demo {
    /// Its name on the command lines.
    const NAME: &'static str;
    /// How many teams an empty store gets unless told.
    const TEAMS: usize = super::DEFAULT_TEAMS;
    /// The fewest robot teams it can be played with when nobody joins (a
    /// button game's fight needs two tables).
    const LEAST_ROBOTS: usize = 0;

    /// How many reserves the `i`-th team registers beyond its four players.
    fn reserves(_i: usize) -> usize {
        0
    }

    /// Adds the demo's games, packages and clocks its store lacks.
    fn set_up(demo: &DemoConfig, set_up: &mut SetUp<'_>) -> Result<(), String>;

    /// The autopilot host of this demo.
    fn autopilot(demo: &DemoConfig, cast: HostCast) -> Box<dyn Autopilot>;

    /// Whether the demo has been played to its end: by default every game
    /// in use finished ([`games_done`]).
    fn finished(view: &HostView) -> bool {
        games_done(view)
    }
}

/// Whether some game is in use and every game in use is finished (a
/// game nobody has used, like a Мультиигры evening's empty ChGK, does not
/// count; a programme with nothing in it is not done).
pub(super) fn games_done(view: &HostView) -> bool {
    let games: Vec<_> = view.games.iter().map(|g| g.view.progress()).collect();
    games.iter().any(|p| p.in_use) && games.iter().all(|p| !p.in_use || p.finished)
}

/// One format's robots: their hands at a team's table, and the robot
/// jury's reading of that format's appeals.
pub(super) trait FormatRobots {
    /// A robot team's hands for games of this format.
    fn hand(cast: &TeamCast<'_>) -> Box<dyn TeamHand>;

    /// The jury's decisions on the open appeals of one game, each with the
    /// appeal's number; none for a game of another format.
    fn jury(_game: GameId, _view: &GameStaffView) -> Vec<(u32, Command)> {
        Vec::new()
    }
}

/// The demo's store while it is set up: the host's commands applied to it
/// as the driver would, and the events they made.
pub(super) struct SetUp<'a> {
    core: &'a mut Core,
    now: ServerTime,
    events: Vec<Event>,
}

impl<'a> SetUp<'a> {
    pub(super) fn new(core: &'a mut Core, now: ServerTime) -> Self {
        SetUp {
            core,
            now,
            events: Vec::new(),
        }
    }

    pub(super) fn core(&self) -> &Core {
        self.core
    }

    /// A host's command, applied; its receipt.
    pub(super) fn host(&mut self, command: Command) -> Result<Receipt, String> {
        let (receipt, new) = self
            .core
            .handle_command(Identity::Host, command, self.now, &mut fresh_secret)
            .map_err(|e| e.to_string())?;
        self.events.extend(new);
        Ok(receipt)
    }

    pub(super) fn into_events(self) -> Vec<Event> {
        self.events
    }
}

/// What the autopilot host is given: the answers the robots know, how
/// each robot team plays, and the demo's seed (lots and draws).
pub(super) struct HostCast {
    pub answers: BTreeMap<QuestionId, Answers>,
    pub styles: BTreeMap<TeamId, TeamStyle>,
    pub seed: u64,
}

/// The autopilot host of one demo.
pub(super) trait Autopilot: Send {
    /// What a diligent host would do next, given what it sees at `now`.
    fn steps(&mut self, view: &HostView, now: ServerTime) -> Option<Steps>;

    /// What it has announced to the hall since last asked.
    fn news(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// The host's next steps: at the autopilot's pace (that many pauses after
/// its last step), or now (a game that keeps its own pace).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Steps {
    Paced(u32, Vec<Command>),
    Now(Vec<Command>),
}

/// What a robot team's hands are made from.
pub(super) struct TeamCast<'a> {
    pub team: TeamId,
    /// Its place in the registration (0: the first).
    pub place: usize,
    pub style: TeamStyle,
    pub demo: &'a DemoConfig,
    /// Every robot team, and how it plays.
    pub robots: &'a BTreeMap<TeamId, TeamStyle>,
    /// The answers the robots know.
    pub answers: &'a BTreeMap<QuestionId, Answers>,
}

/// A robot team's hands for one format: what it decides on seeing a new
/// view, and the actions it plans at server times (presses, line-ups,
/// bids); a format has whichever of them it needs.
pub(super) trait TeamHand: Send {
    /// The moves the team decides on from a new view, each after its
    /// thinking time (asked only while no person plays the team).
    fn moves(&mut self, _view: &TeamView, _now: ServerTime) -> Vec<(Duration, Command)> {
        Vec::new()
    }

    /// Looks at the team's games as they are at `now` (each view and
    /// patch, whoever plays the team).
    fn see(&mut self, _view: &TeamView, _now: ServerTime) {}

    /// When the next planned action is due.
    fn next_at(&self) -> Option<ServerTime> {
        None
    }

    /// The planned actions due at `now`, on the games as the team sees
    /// them, with the ломтик who sends each (`None`: the team's terminal).
    fn due(&mut self, _view: Option<&TeamView>, _now: ServerTime) -> Vec<(Option<Slice>, Command)> {
        Vec::new()
    }
}
