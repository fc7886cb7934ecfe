//! The interface every live format plugs in through: one sans-IO state
//! machine that decides commands into events, applies events, keeps its
//! deadlines and projects one view per audience and its scoresheet
//! ([`LiveFormat`]); its results ([`Results`]) and how its events and
//! commands are labelled ([`Labels`]). What only some formats have (the
//! button, packages, qualification…) is an optional capability of
//! [`crate::play::capability`]. The server core drives games only through
//! these traits (by way of [`crate::play::games`]) and knows no format.
//! Nothing here reads a clock: `now` always comes in; nothing here hands
//! JSON across the seam: sheets and standings are typed.

use crate::identity::{Identity, Role};
use crate::ids::TeamId;
use crate::jury_protocol::Protocol;
use crate::play::capability::{
    Buttons, FollowsEvent, OwnEvents, Packages, Patches, Qualified, QualifyingTable, Slices,
};
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::sheet::Scoresheet;
use crate::sheet::output::OrderedMap;
use crate::time::ServerTime;
use crate::tournament::Place;

/// What one stored change looks like on every screen, sent as soon as it is
/// durable instead of whole views (issue 42: a Нептун bid's new standing
/// bid and restarted count): the staff's copy, and one copy for the
/// projector and every team alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HallPatch<P> {
    pub staff: P,
    pub public: P,
}

/// Who must see a fresh view after a game changed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Touched {
    /// The host, the judges and the appeal jury.
    pub staff: bool,
    pub display: bool,
    pub all_teams: bool,
    /// Teams whose own view changed (when not `all_teams`).
    pub teams: Vec<TeamId>,
}

impl Touched {
    pub fn nobody() -> Self {
        Touched::default()
    }

    pub fn everyone() -> Self {
        Touched {
            staff: true,
            display: true,
            all_teams: true,
            teams: Vec::new(),
        }
    }

    /// The staff alone (a judgement before the reveal).
    pub fn staff() -> Self {
        Touched {
            staff: true,
            ..Touched::default()
        }
    }

    pub fn any(&self) -> bool {
        self.staff || self.display || self.all_teams || !self.teams.is_empty()
    }
}

/// What a format decided: the receipt and the events to store.
pub type Decided<F> = (<F as LiveFormat>::Receipt, Vec<<F as LiveFormat>::Event>);

/// One live format. Implementations live in `play/<format>/` and are
/// registered by one line in [`crate::play::games`], which also asks for
/// its [`Results`] and [`Labels`]. A capability only some formats have is
/// an associated constant naming the format's implementation of it (a
/// zero-sized type in its folder); a format without it writes nothing.
pub trait LiveFormat: Clone + std::fmt::Debug + 'static {
    /// The format's name in `minuta-server score` (`"multigames"`).
    const FORMAT: &'static str;
    /// The format's name as the jury's protocol prints it (Russian, the
    /// jury's language): «Мультиигры».
    const TITLE: &'static str;
    type Settings;
    type Command;
    type Event;
    type Receipt;
    type Error;
    type StaffView;
    type TeamView;
    type DisplayView;
    /// What a press or a stored change alters on screens, sent instead of
    /// whole views (a Brain-ring fight, a Нептун auction's board); `()`
    /// for a format without [`LiveFormat::PATCHES`].
    type Patch;
    /// The game as the scoresheet `minuta-server score` takes, which also
    /// scores it.
    type Sheet: Scoresheet;

    /// Teams press buttons (Brain-ring, Эрудит-квартет).
    const BUTTONS: Option<&'static dyn Buttons<Self>> = None;
    /// Screens take patches instead of whole views.
    const PATCHES: Option<&'static dyn Patches<Self>> = None;
    /// The host loads question packages; their pictures are shown.
    const PACKAGES: Option<&'static dyn Packages<Self>> = None;
    /// 4.3, 5.2: teams enter this format from the event's ChGK standings.
    const QUALIFIED: Option<&'static dyn Qualified<Self>> = None;
    /// 4.3: other games qualify from this game's table (ChGK).
    const QUALIFIES: Option<&'static dyn QualifyingTable<Self>> = None;
    /// Events no command decided: a deadline's, a restart's.
    const OWN_EVENTS: Option<&'static dyn OwnEvents<Self>> = None;
    /// The game follows the event's registry and settings.
    const FOLLOWS_EVENT: Option<&'static dyn FollowsEvent<Self>> = None;
    /// Нептун 2.2: a team plays on several terminals (ломтики).
    const SLICES: Option<&'static dyn Slices<Self>> = None;

    /// A game as it is set up, before any event.
    fn new(settings: &Self::Settings) -> Self;

    /// The settings' own check, before a game is set up with them.
    fn validate(settings: &Self::Settings) -> Result<(), Self::Error>;

    /// Whether `role` may send `command` at all; the rules then decide.
    fn permitted(role: Role, command: &Self::Command) -> bool;

    /// Decides a command from `who` received at `now`: the receipt and the
    /// events to store, or why not. Never changes the game.
    fn decide(
        &self,
        who: Identity,
        command: Self::Command,
        roster: &Roster,
        now: ServerTime,
    ) -> Result<Decided<Self>, Self::Error>;

    /// The only mutation; says who must see it.
    fn apply(&mut self, event: &Self::Event) -> Touched;

    /// Replay validation: whatever a stored event of this game names (a
    /// team, a judge, the format's own questions, tours or fights) exists
    /// before it is applied. Every format says it; an event naming nothing
    /// is `Ok`.
    fn check_replay(&self, event: &Self::Event, known: &dyn Known) -> Result<(), ReplayError>;

    /// The next instant the game wants to be woken at (a clock signal).
    fn poll_timeout(&self, now: ServerTime) -> Option<ServerTime>;

    /// A deadline passed: who must see the new state.
    fn handle_timeout(&mut self, now: ServerTime) -> Touched;

    /// The host's, the judges' and the appeal jury's view: everything.
    fn staff_view(&self, roster: &Roster, now: ServerTime) -> Self::StaffView;

    /// One team's view: its own answers only, verdicts after the reveal.
    fn team_view(&self, team: TeamId, roster: &Roster, now: ServerTime) -> Self::TeamView;

    /// The projector: what the whole hall may see.
    fn display_view(&self, roster: &Roster, now: ServerTime) -> Self::DisplayView;

    /// The game as the scoresheet `minuta-server score` takes.
    fn sheet(&self, roster: &Roster) -> Self::Sheet;
}

/// A game's results and its place in the event's programme: what the
/// standings, the jury's protocol, the festival's places and the
/// programme read. Every format has them.
pub trait Results: LiveFormat {
    /// 6.3: in a festival programme each tour of this format comes before a
    /// ChGK tour (Мультиигры).
    const BEFORE_CHGK_TOURS: bool;
    /// Whether `minuta-server demo` plays this format with robots: every
    /// format a hall plays (the guide asks it of them all); only a format
    /// that exists to test the seam says no.
    const PLAYED_BY_ROBOTS: bool = true;

    /// The live standings exactly as `minuta-server score` prints them for
    /// [`LiveFormat::sheet`] (its `standings` rows).
    fn standings(&self, roster: &Roster) -> Vec<OrderedMap>;

    /// The game's section of the jury's protocol, under the heading
    /// `title`: its results and everything a jury may ask about.
    fn protocol_section(&self, protocol: &mut Protocol, roster: &Roster, title: &str);

    /// Whether the game has been played to its end.
    fn finished(&self) -> bool;

    /// A game as its staff view shows it: whether it is in use and whether
    /// it is played to its end (the demo's robots stop there).
    fn staff_progress(view: &Self::StaffView) -> Progress;

    /// One tour of the game as the programme shows it; `None` while the
    /// game has no such tour (numbered from 0).
    fn tour(&self, tour: u32) -> Option<TourState>;

    /// 2.2: every team's place in this game's tournament, best first.
    fn places(&self, roster: &Roster) -> Vec<(TeamId, Place)>;

    /// Whether `team` has left a trace in this game (a card, an answer, an
    /// appeal): such a team is part of the results and cannot be removed.
    fn has_played(&self, team: TeamId) -> bool;
}

/// How the store and the terminals name a format's events and commands.
/// Every format says it.
pub trait Labels: LiveFormat {
    /// A short name for a stored event, the store's `kind` column, so a
    /// jury (or a bench) can query the log with the sqlite3 shell
    /// (`"game"` when the format names none).
    fn event_kind(event: &Self::Event) -> &'static str;

    /// Whether a terminal shows this command's outcome where the person is
    /// looking (a team's card shows its receipt or refusal; a host's click
    /// is seen at once on the panel), so a toast would only bury the
    /// screen. `succeeded` says whether it was accepted: a refusal of a
    /// click usually does get a toast.
    fn outcome_in_place(command: &Self::Command, succeeded: bool) -> bool;
}

/// What [`Results::staff_progress`] says of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub in_use: bool,
    pub finished: bool,
}

/// A tour of a game, for the programme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourState {
    pub title: String,
    /// Some of it has been played.
    pub started: bool,
    /// Played to its end: every task revealed (or withdrawn).
    pub done: bool,
}
