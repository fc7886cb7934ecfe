//! The interface every live format plugs in through: one sans-IO state
//! machine that decides commands into events, applies events, keeps its
//! deadlines and projects one view per audience, its standings and its
//! scoresheet. The server core drives games only through this trait (by way
//! of [`crate::play::games`]) and knows no format. Nothing here reads a
//! clock: `now` always comes in.

use serde_json::Value;

use crate::identity::{Identity, Role};
use crate::ids::{Slice, TeamId};
use crate::jury_protocol::Protocol;
use crate::packages::media::{MediaFile, MediaHash, PackageFile};
use crate::play::button::{ButtonPress, ButtonVerdict, PressPatch, QuestionMark};
use crate::play::replay::{Known, ReplayError};
use crate::play::roster::Roster;
use crate::play::settings::TournamentSettings;
use crate::sheet::error::SheetError;
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
/// registered by one line in [`crate::play::games`].
pub trait LiveFormat: Clone + std::fmt::Debug {
    /// The format's name in `minuta-server score` (`"multigames"`).
    const FORMAT: &'static str;
    /// The format's name as the jury's protocol prints it (Russian, the
    /// jury's language): «Мультиигры».
    const TITLE: &'static str;
    /// 6.3: in a festival programme each tour of this format comes before a
    /// ChGK tour (Мультиигры).
    const BEFORE_CHGK_TOURS: bool = false;
    /// 4.3, 5.2: teams enter this format from the event's ChGK standings
    /// (Brain-ring): its places put those who did not qualify after those
    /// who did, and the festival lists it after the games it follows.
    const QUALIFIED_FROM_CHGK: bool = false;
    /// 4.4: a format qualified from ChGK whose seeding (the order it is
    /// handed) decides who meets whom (Brain-ring), so the lot among full
    /// ties in the seeding table is recorded and shown to the hall. An
    /// Эрудит-квартет draws its groups blind (5.3): its order decides
    /// nothing.
    const SEEDED_BY_TABLE: bool = false;
    type Settings;
    type Command;
    type Event;
    type Receipt;
    type Error;
    type StaffView;
    type TeamView;
    type DisplayView;
    /// What a press changes on screens, sent instead of whole views (a
    /// Brain-ring fight); `()` for a format without buttons.
    type Patch;

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

    /// A short name for a stored event, the store's `kind` column, so a
    /// jury (or a bench) can query the log with the sqlite3 shell.
    fn event_kind(_event: &Self::Event) -> &'static str {
        "game"
    }

    /// The pictures a command brings with it (a package's), read before it
    /// is decided so the store keeps their bytes; none for most commands.
    fn command_media(_command: &Self::Command) -> Vec<MediaFile> {
        Vec::new()
    }

    /// The pictures the projector's view of this game shows now: the only
    /// ones whose bytes may leave the server.
    fn shown_media(&self) -> Vec<MediaHash> {
        Vec::new()
    }

    /// Whether a terminal shows this command's outcome where the person is
    /// looking (a team's card shows its receipt or refusal; a host's click
    /// is seen at once on the panel), so a toast would only bury the
    /// screen. `succeeded` says whether it was accepted: a refusal of a
    /// click usually does get a toast. Nothing is shown in place by
    /// default.
    fn outcome_in_place(_command: &Self::Command, _succeeded: bool) -> bool {
        false
    }

    /// The event's registry or settings changed (a team registered or
    /// renamed, the ChGK minute set): a game that shows names or follows
    /// the event's settings takes them here. Nothing is stored for it.
    fn event_changed(&mut self, _settings: &TournamentSettings) {}

    /// The next instant the game wants to be woken at (a clock signal).
    fn poll_timeout(&self, now: ServerTime) -> Option<ServerTime>;

    /// A deadline passed: who must see the new state.
    fn handle_timeout(&mut self, now: ServerTime) -> Touched;

    /// Events a passing deadline decides (the auction's count ending): the
    /// core applies them and stores them like a command's, before any view
    /// shows them. Nothing for most formats.
    fn timeout_events(&self, _now: ServerTime) -> Vec<Self::Event> {
        Vec::new()
    }

    /// The host's, the judges' and the appeal jury's view: everything.
    fn staff_view(&self, roster: &Roster, now: ServerTime) -> Self::StaffView;

    /// One team's view: its own answers only, verdicts after the reveal.
    fn team_view(&self, team: TeamId, roster: &Roster, now: ServerTime) -> Self::TeamView;

    /// Нептун 2.2: the view of one ломтик of `team` (its own terminal). A
    /// format without ломтики shows it what its team sees.
    fn slice_view(
        &self,
        team: TeamId,
        _slice: Slice,
        roster: &Roster,
        now: ServerTime,
    ) -> Self::TeamView {
        self.team_view(team, roster, now)
    }

    /// The projector: what the whole hall may see.
    fn display_view(&self, roster: &Roster, now: ServerTime) -> Self::DisplayView;

    /// The live standings exactly as `minuta-server score` prints them for
    /// [`LiveFormat::sheet`] (its `standings` array).
    fn standings(&self, roster: &Roster) -> Value;

    /// The game as the scoresheet `minuta-server score` takes.
    fn sheet(&self, roster: &Roster) -> Value;

    /// `minuta-server score` for a sheet of this format (`text`, already
    /// read as the JSON object `root` naming this format): the result as
    /// one line of JSON, or the first error found.
    fn score_sheet(text: &str, root: &serde_json::Map<String, Value>)
    -> Result<String, SheetError>;

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

    /// The command that loads a question package file (as the host picked
    /// it, with the pictures its text names from the file's folder) into
    /// this game; `None` for a format that takes no package.
    fn load_package(
        _file_name: String,
        _bytes: Vec<u8>,
        _pictures: Vec<PackageFile>,
    ) -> Option<Self::Command> {
        None
    }

    /// The file's name when `command` loads a package, so a terminal keeps
    /// the command without its bytes while it waits for the answer.
    fn loaded_file(_command: &Self::Command) -> Option<&str> {
        None
    }

    /// 4.3, 5.2: the command that seeds this game with the teams the event
    /// qualified from its ChGK standings, in seeding order, with the lot's
    /// seed; `None` for a format nobody qualifies into.
    fn qualified(_teams: Vec<TeamId>, _seed: u64) -> Option<Self::Command> {
        None
    }

    /// 4.3, 5.2: the event that stores how a tie at the cut into this game
    /// stands or was settled (recorded by the event, which scored it);
    /// `None` for a format nobody qualifies into.
    fn cut_recorded(_cut: crate::play::cut::QualifyingCut) -> Option<Self::Event> {
        None
    }

    /// 4.3, 5.2: the table other games qualify from, over the `counted`
    /// tours, for `teams` in registration order; `None` for a format
    /// nobody qualifies from (all but ChGK).
    fn qualifying_table(
        &self,
        _teams: &[TeamId],
        _counted: &crate::play::cut::CountedTours,
    ) -> Option<Vec<(TeamId, crate::play::chgk::rules::ChgkRow)>> {
        None
    }

    /// The tie at the cut into this game as last recorded.
    fn qualifying_cut(&self) -> Option<&crate::play::cut::QualifyingCut> {
        None
    }

    /// The server started again from its store: the events that put what
    /// was in play when it stopped into a state the host understands
    /// (stored before anyone is served). Nothing for most formats.
    fn restarted(&mut self, _now: ServerTime) -> Vec<Self::Event> {
        Vec::new()
    }

    // ---- the button: formats whose teams press (Brain-ring) ----

    /// Whether a press from `team` now goes to this game.
    fn takes_press(&self, _team: TeamId) -> bool {
        false
    }

    /// A press stamped on arrival, decided *and applied* at once (the
    /// verdict leaves before the event is stored): `None` when the game
    /// takes no press from this team.
    #[allow(clippy::type_complexity)]
    fn press(
        &mut self,
        _press: ButtonPress,
    ) -> Option<Result<(ButtonVerdict, Self::Event), Self::Error>> {
        None
    }

    /// What `team`'s press changed, for each audience's screen.
    fn press_patch(&self, _team: TeamId, _roster: &Roster) -> Option<PressPatch<Self::Patch>> {
        None
    }

    /// What `event`, just applied, changed on every screen, when that is
    /// all it changed for the projector and the teams: they get this patch
    /// once it is durable and no whole view for it (the staff still get
    /// theirs, paced). `None`: whole views, as [`LiveFormat::apply`] says.
    fn commit_patch(
        &self,
        _event: &Self::Event,
        _roster: &Roster,
    ) -> Option<HallPatch<Self::Patch>> {
        None
    }

    /// Whether a press may come at any moment (the driver keeps its
    /// thread warm then).
    fn buttons_live(&self) -> bool {
        false
    }

    /// The question this team's screen shows its button for, when a press
    /// would go to one (a terminal marks its press with it).
    fn press_question(_view: &Self::TeamView) -> Option<QuestionMark> {
        None
    }

    /// Whether this team's press may go somewhere at any moment (a
    /// terminal keeps its link warm then).
    fn team_buttons_live(_view: &Self::TeamView) -> bool {
        false
    }

    /// The same for a press's patch; `None` when it does not say.
    fn patch_buttons_live(_patch: &Self::Patch) -> Option<bool> {
        None
    }

    /// When the press now answering the team's current question arrived:
    /// a late press learns by how much it lost.
    fn answering_press_at(_view: &Self::TeamView) -> Option<ServerTime> {
        None
    }

    /// Applies a patch to a staff view; `false` when the view does not
    /// show what the patch names (the client then waits for a whole view).
    fn patch_staff(_view: &mut Self::StaffView, _patch: &Self::Patch) -> bool {
        false
    }

    fn patch_team(_view: &mut Self::TeamView, _patch: &Self::Patch) -> bool {
        false
    }

    fn patch_display(_view: &mut Self::DisplayView, _patch: &Self::Patch) -> bool {
        false
    }
}

/// A tour of a game, for the programme.
/// What [`LiveFormat::staff_progress`] says of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub in_use: bool,
    pub finished: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TourState {
    pub title: String,
    /// Some of it has been played.
    pub started: bool,
    /// Played to its end: every task revealed (or withdrawn).
    pub done: bool,
}
