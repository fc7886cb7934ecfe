//! The optional capabilities of a live format: what only some formats have
//! (the button, screen patches, question packages, qualification, events
//! no command decided, ломтики). A format that has one implements its trait
//! on a zero-sized type in its folder and names it in the matching
//! constant of [`LiveFormat`]; the registry asks the constant, and a format
//! without the capability writes nothing. No method here has a default: a
//! format that takes a capability says every part of it. Each trait takes
//! the game or the view as an argument, so that it can be a trait object.

use crate::ids::{Slice, TeamId};
use crate::packages::media::{MediaFile, MediaHash, PackageFile};
use crate::play::button::{ButtonPress, ButtonVerdict, PressPatch, QuestionMark};
use crate::play::chgk::rules::ChgkRow;
use crate::play::cut::{CountedTours, QualifyingCut};
use crate::play::format::{HallPatch, LiveFormat};
use crate::play::roster::Roster;
use crate::play::settings::TournamentSettings;
use crate::time::ServerTime;

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
