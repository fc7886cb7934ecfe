//! The interface every live format plugs in through: one sans-IO state
//! machine that decides commands into events, applies events, keeps its
//! deadlines and projects one view per audience and its scoresheet
//! ([`LiveFormat`]); its results ([`Results`]) and how its events and
//! commands are labelled ([`Labels`]). What only some formats have (the
//! button, packages, qualification…) is an optional capability, a trait
//! of its own below. The server core drives games only through
//! these traits (by way of [`crate::play::games`]) and knows no format.
//! Nothing here reads a clock: `now` always comes in; nothing here hands
//! JSON across the seam: sheets and standings are typed.

use crate::identity::{Identity, Role};
use crate::ids::{Slice, TeamId};
use crate::jury_protocol::Protocol;
use crate::packages::media::{MediaFile, MediaHash, PackageFile};
use crate::play::button::{ButtonPress, ButtonVerdict, PressPatch, QuestionMark};
use crate::play::chgk::rules::ChgkRow;
use crate::play::cut::{CountedTours, QualifyingCut};
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::play::settings::TournamentSettings;
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

// ---- The optional capabilities: what only some formats have (the button,
// screen patches, question packages, qualification, events no command
// decided, ломтики). A format that has one implements its trait on a
// zero-sized type in its folder and names it in the matching constant of
// [`LiveFormat`]; the registry asks the constant, and a format without the
// capability writes nothing. No method here has a default: a format that
// takes a capability says every part of it. Each trait takes the game or
// the view as an argument, so that it can be a trait object. ----

/// A press and its verdict, or why the game refused it.
pub type Pressed<F> = Result<(ButtonVerdict, <F as LiveFormat>::Event), <F as LiveFormat>::Error>;

/// The button: formats whose teams press (Brain-ring, Эрудит-квартет).
pub trait Buttons<F: LiveFormat> {
    /// Whether a press from `team` now goes to this game.
    fn takes_press(&self, game: &F, team: TeamId) -> bool;

    /// A press stamped on arrival, decided *and applied* at once (the
    /// verdict leaves before the event is stored): `None` when the game
    /// takes no press from this team.
    fn press(&self, game: &mut F, press: ButtonPress) -> Option<Pressed<F>>;

    /// What `team`'s press changed, for each audience's screen; `None`
    /// when screens take whole views.
    fn press_patch(&self, game: &F, team: TeamId, roster: &Roster) -> Option<PressPatch<F::Patch>>;

    /// Whether a press may come at any moment (the driver keeps its
    /// thread warm then).
    fn buttons_live(&self, game: &F) -> bool;

    /// The question this team's screen shows its button for, when a press
    /// would go to one (a terminal marks its press with it).
    fn press_question(&self, view: &F::TeamView) -> Option<QuestionMark>;

    /// Whether this team's press may go somewhere at any moment (a
    /// terminal keeps its link warm then).
    fn team_buttons_live(&self, view: &F::TeamView) -> bool;

    /// When the press now answering the team's current question arrived:
    /// a late press learns by how much it lost.
    fn answering_press_at(&self, view: &F::TeamView) -> Option<ServerTime>;

    /// [`Buttons::team_buttons_live`] for a press's patch; `None` when it
    /// does not say.
    fn patch_buttons_live(&self, patch: &F::Patch) -> Option<bool>;
}

/// Screen patches: what a change alters, sent instead of whole views (a
/// Brain-ring fight after a press; issue 42: a Нептун bid).
pub trait Patches<F: LiveFormat> {
    /// What `event`, just applied, changed on every screen, when that is
    /// all it changed for the projector and the teams: they get this patch
    /// once it is durable and no whole view for it (the staff still get
    /// theirs, paced). `None`: whole views, as [`LiveFormat::apply`] says.
    fn commit_patch(
        &self,
        game: &F,
        event: &F::Event,
        roster: &Roster,
    ) -> Option<HallPatch<F::Patch>>;

    /// Applies a patch to a staff view; `false` when the view does not
    /// show what the patch names (the client then waits for a whole view).
    fn patch_staff(&self, view: &mut F::StaffView, patch: &F::Patch) -> bool;

    fn patch_team(&self, view: &mut F::TeamView, patch: &F::Patch) -> bool;

    fn patch_display(&self, view: &mut F::DisplayView, patch: &F::Patch) -> bool;
}

/// Question packages and their pictures.
pub trait Packages<F: LiveFormat> {
    /// The command that loads a question package file (as the host picked
    /// it, with the pictures its text names from the file's folder).
    fn load_package(
        &self,
        file_name: String,
        bytes: Vec<u8>,
        pictures: Vec<PackageFile>,
    ) -> F::Command;

    /// The file's name when `command` loads a package, so a terminal keeps
    /// the command without its bytes while it waits for the answer.
    fn loaded_file<'c>(&self, command: &'c F::Command) -> Option<&'c str>;

    /// The pictures a command brings with it (a package's), read before it
    /// is decided so the store keeps their bytes.
    fn command_media(&self, command: &F::Command) -> Vec<MediaFile>;

    /// The pictures the projector's view of this game shows now: the only
    /// ones whose bytes may leave the server.
    fn shown_media(&self, game: &F) -> Vec<MediaHash>;
}

/// 4.3, 5.2: a format teams enter from the event's ChGK standings
/// (Brain-ring, Эрудит-квартет): its places put those who did not qualify
/// after those who did, and the festival lists it after the games it
/// follows.
pub trait Qualified<F: LiveFormat> {
    /// 4.4: whether its seeding (the order it is handed) decides who meets
    /// whom (Brain-ring), so the lot among full ties in the seeding table
    /// is recorded and shown to the hall. An Эрудит-квартет draws its
    /// groups blind (5.3): its order decides nothing.
    fn seeded_by_table(&self) -> bool;

    /// The command that seeds the game with the teams the event qualified,
    /// in seeding order, with the lot's seed.
    fn qualified(&self, teams: Vec<TeamId>, seed: u64) -> F::Command;

    /// The event that stores how a tie at the cut into the game stands or
    /// was settled (recorded by the event, which scored it).
    fn cut_recorded(&self, cut: QualifyingCut) -> F::Event;

    /// The tie at the cut into the game as last recorded.
    fn qualifying_cut<'g>(&self, game: &'g F) -> Option<&'g QualifyingCut>;
}

/// 4.3: a format other games qualify from (ChGK).
pub trait QualifyingTable<F: LiveFormat> {
    /// The table other games qualify from, over the `counted` tours, for
    /// `teams` in registration order.
    fn qualifying_table(
        &self,
        game: &F,
        teams: &[TeamId],
        counted: &CountedTours,
    ) -> Vec<(TeamId, ChgkRow)>;
}

/// Events the game decides without a command: the core applies and stores
/// them like a command's, before any view shows them.
pub trait OwnEvents<F: LiveFormat> {
    /// Events a passing deadline decides (the auction's count ending).
    fn timeout_events(&self, game: &F, now: ServerTime) -> Vec<F::Event>;

    /// The server started again from its store: the events that put what
    /// was in play when it stopped into a state the host understands
    /// (stored before anyone is served).
    fn restarted(&self, game: &mut F, now: ServerTime) -> Vec<F::Event>;
}

/// A game that shows the event's names or follows its settings (ChGK's
/// minute).
pub trait FollowsEvent<F: LiveFormat> {
    /// The event's registry or settings changed (a team registered or
    /// renamed, the ChGK minute set): the game takes them here. Nothing is
    /// stored for it.
    fn event_changed(&self, game: &mut F, settings: &TournamentSettings);
}

/// Нептун 2.2: a team plays on several terminals, its ломтики. Without
/// this a ломтик is shown what its team sees.
pub trait Slices<F: LiveFormat> {
    /// The view of one ломтик of `team` (its own terminal).
    fn slice_view(
        &self,
        game: &F,
        team: TeamId,
        slice: Slice,
        roster: &Roster,
        now: ServerTime,
    ) -> F::TeamView;
}
