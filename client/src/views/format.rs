//! A plug-in format's screens as the registry ([`crate::views::games`])
//! sees them: the core [`Screens`] each format implements and the
//! capabilities only some have ([`Clocks`], [`Countdowns`], the event's own
//! game: [`EventOwn`], [`OwnMainPage`], [`OwnSlots`]), what its screens are
//! handed — the [`Game`] and the [`Seat`] — and the [`Activity`] they
//! report; for the event's own games, the dashboard's tabs they bring
//! ([`OwnTab`], [`Opening`]). The registry and the formats both build on
//! this; neither imports the other's pieces.

use egui::Ui;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::games::GameSettings;
use minuta_shared::play::settings::TournamentSettings;
use minuta_shared::programme::Slot;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::{DisplayView, GameEntry, HostView, TeamView};

use crate::i18n::Lang;
use crate::state::{AppState, UiCommand};

/// A game's number and name, as its screens receive them.
#[derive(Clone, Copy, Debug)]
pub struct Game<'a> {
    pub id: GameId,
    pub name: &'a str,
}

impl<'a, V> From<&'a GameEntry<V>> for Game<'a> {
    fn from(entry: &'a GameEntry<V>) -> Self {
        Game {
            id: entry.id,
            name: &entry.name,
        }
    }
}

/// Who sits at a staff screen: the host runs the game, a judge credits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Host,
    Judge,
}

/// How recently something had the hall's attention; a screen with several
/// things to show follows the latest. Ordered: idle, then by instant, then
/// in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Activity {
    Idle,
    Since(ServerTime),
    InPlay,
}

/// How the event's own game of a format ([`Screens::EVENT_OWN`]) claims the
/// main page of a team's terminal or of the projector. Ordered: the main
/// page shows the highest claim, the first registered on a tie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum MainClaim {
    /// Nothing of it to show.
    Nothing,
    /// Something to show that yields to the main page's home game.
    Beside,
    /// The main page's home game: shown when nothing claims more. A game
    /// the host added takes the screen from the main page only when its
    /// activity is later than this `activity`; `relevant`: whether it has
    /// anything for the team to see.
    Home { activity: Activity, relevant: bool },
    /// Shown on the main page.
    Shown,
    /// The whole screen, over the added games too.
    Whole,
}

/// Where one of the event's own game's tabs sits on the host's dashboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TabPlace {
    /// On the bar, used during the evening.
    Bar,
    /// In the «Подготовка» menu, used before it.
    SetUp,
}

/// One of the event's own game's tabs on the host's dashboard: which,
/// its label (with what waits there: «Апелляции (2)») and its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnTab<T> {
    pub tab: T,
    pub label: String,
    pub place: TabPlace,
}

impl<T> OwnTab<T> {
    pub fn bar(tab: T, label: impl Into<String>) -> Self {
        OwnTab {
            tab,
            label: label.into(),
            place: TabPlace::Bar,
        }
    }

    pub fn set_up(tab: T, label: impl Into<String>) -> Self {
        OwnTab {
            tab,
            label: label.into(),
            place: TabPlace::SetUp,
        }
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> OwnTab<U> {
        OwnTab {
            tab: f(self.tab),
            label: self.label,
            place: self.place,
        }
    }
}

/// Whether the event's own game asks the dashboard to open on one of its
/// tabs. Ordered: the dashboard opens on an urgent tab before a game in
/// play elsewhere, on a ready one when the programme's slot is the game's
/// or nothing else is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening<T> {
    /// Nothing to play yet.
    Idle,
    /// Set up and ready to play on this tab.
    Ready(T),
    /// In play on this tab, over anything else.
    Urgent(T),
}

impl<T> Opening<T> {
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Opening<U> {
        match self {
            Opening::Idle => Opening::Idle,
            Opening::Ready(tab) => Opening::Ready(f(tab)),
            Opening::Urgent(tab) => Opening::Urgent(f(tab)),
        }
    }
}

/// The tab of a format whose games have no dashboard tabs of their own:
/// there is none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoTab {}

/// One format's screens: what every format shows — the team's screen, the
/// projector's, the host's or a judge's, the jury's page — and what the
/// registry asks of any game. What only some formats have is a capability
/// of its own, named by a constant here that is `None` unless the format
/// has it: a ChGK-like clock ([`Clocks`]), countdowns ([`Countdowns`]), an
/// event's own game ([`EventOwn`]). `Staff`, `Team` and `Display` are the
/// format's own views inside [`GameStaffView`], [`GameTeamView`] and
/// [`GameDisplayView`].
///
/// [`GameStaffView`]: minuta_shared::play::games::GameStaffView
/// [`GameTeamView`]: minuta_shared::play::games::GameTeamView
/// [`GameDisplayView`]: minuta_shared::play::games::GameDisplayView
pub trait Screens: Sized + 'static {
    type Staff;
    type Team;
    type Display;
    /// What the format's screens remember between frames, per game.
    type Form: Default + std::fmt::Debug;
    /// The event's own game's tabs on the host's dashboard ([`NoTab`] for
    /// a format without an own game).
    type Tab: Copy + Eq + std::fmt::Debug;

    /// Whether a game of this format is added from «Подготовка», set up
    /// before the evening, rather than from its own tab on the bar (the
    /// tab joins the bar once such a game exists).
    const SET_UP_FIRST: bool = false;

    /// The clock the format's tasks run on, if it has one.
    const CLOCKS: Option<&'static dyn Clocks<Self>> = None;

    /// The countdowns its screens show, if any.
    const COUNTDOWNS: Option<&'static dyn Countdowns<Self>> = None;

    /// Whether every event has a game of this format of its own from its
    /// start — the first of the format's games — which the dashboard's
    /// fixed tabs and the terminals' main page show; the format's other
    /// games are added to the programme by the host.
    const EVENT_OWN: Option<&'static dyn EventOwn<Self>> = None;

    /// The settings of a game the host adds with one click.
    fn new_game() -> GameSettings;

    /// Whether a team has anything of this game to see; if not, its
    /// terminal stays on the ChGK or Brain-ring screen.
    fn team_relevant(view: &Self::Team) -> bool;
    fn team_activity(view: &Self::Team, now: ServerTime) -> Activity;
    fn team(
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &Self::Team,
        form: &mut Self::Form,
        out: &mut Vec<UiCommand>,
    );

    fn display_activity(view: &Self::Display, now: ServerTime) -> Activity;
    fn display(ui: &mut Ui, state: &AppState, game: Game<'_>, view: &Self::Display);

    fn staff_activity(view: &Self::Staff, now: ServerTime) -> Activity;
    /// The host's or a judge's screen of the game; `host` is the whole
    /// dashboard's view (teams, judges).
    #[allow(clippy::too_many_arguments)]
    fn staff(
        ui: &mut Ui,
        state: &AppState,
        host: &HostView,
        game: Game<'_>,
        view: &Self::Staff,
        seat: Seat,
        form: &mut Self::Form,
        out: &mut Vec<UiCommand>,
    );

    /// Appeals waiting for the jury's decision; none by default.
    fn jury_pending(_view: &Self::Staff) -> usize {
        0
    }
    /// The game on the jury's terminal: its appeals, or why it has none.
    fn jury(
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &Self::Staff,
        form: &mut Self::Form,
        out: &mut Vec<UiCommand>,
    );

    /// The game's tours as the programme lists them: number (from 0, as
    /// `Slot::GameTour` counts) and title.
    fn staff_tours(view: &Self::Staff) -> Vec<(u32, String)>;
    /// The tour the hall is at in this game (that of its current or last
    /// task), if it has begun one.
    fn display_tour(view: &Self::Display) -> Option<u32>;
}

/// The running task's clock, as the ChGK clock widgets and the sound read
/// it (`question` keys the task within the game): a capability of
/// [`Screens`] ([`Screens::CLOCKS`]).
pub trait Clocks<S: Screens> {
    fn team_clock(&self, view: &S::Team) -> Option<ClockView>;
    fn display_clock(&self, view: &S::Display) -> Option<ClockView>;
    fn staff_clock(&self, view: &S::Staff) -> Option<ClockView>;
}

/// The deadlines of the countdowns running on a game's screens (a
/// Brain-ring fight's, a line-up's): the app redraws as each one's shown
/// second changes. A capability of [`Screens`] ([`Screens::COUNTDOWNS`]).
pub trait Countdowns<S: Screens> {
    fn team_ticking(&self, view: &S::Team) -> Vec<ServerTime>;
    fn display_ticking(&self, view: &S::Display) -> Vec<ServerTime>;
    fn staff_ticking(&self, view: &S::Staff) -> Vec<ServerTime>;
}

/// The event's own game of a format ([`Screens::EVENT_OWN`]) on the host's
/// dashboard: its tabs, the judges' and the jury's part in it, its rows on
/// the tournament tab and its page on the teams tab. Where it shows on the
/// terminals' main pages ([`OwnMainPage`]) and the programme's slots it is
/// laid out by ([`OwnSlots`]) come with it.
pub trait EventOwn<S: Screens>: OwnMainPage<S> + OwnSlots<S> {
    /// The game's tabs on the host's dashboard, in order; `view` is `None`
    /// while the event has no game of the format (a tab then offers to
    /// add it).
    fn tabs(&self, lang: Lang, view: Option<&S::Staff>) -> Vec<OwnTab<S::Tab>>;

    /// One of the game's tabs drawn.
    #[allow(clippy::too_many_arguments)]
    fn tab(
        &self,
        ui: &mut Ui,
        state: &AppState,
        host: &HostView,
        game: Game<'_>,
        view: &S::Staff,
        tab: S::Tab,
        form: &mut S::Form,
        out: &mut Vec<UiCommand>,
    );

    /// Whether the dashboard should open on one of the game's tabs.
    fn opening(&self, view: &S::Staff) -> Opening<S::Tab>;

    /// Whether the judges' terminal shows the game (its staff screen as
    /// [`Seat::Judge`]).
    fn judged(&self) -> bool {
        false
    }

    /// Whether the appeal jury decides the game's appeals.
    fn in_jury(&self, _view: &S::Staff) -> bool {
        false
    }

    /// The tournament tab's rows for the event's settings the game reads
    /// (ChGK: its minute's timings, 3), in a grid of two columns, label and
    /// value, each row ended; whether one changed.
    fn settings(&self, _ui: &mut Ui, _lang: Lang, _settings: &mut TournamentSettings) -> bool {
        false
    }

    /// A button on each team's line of the teams tab for the game, and
    /// what it opens ([`EventOwn::team_page`]); `None`: none.
    fn team_button(&self, _lang: Lang) -> Option<&'static str> {
        None
    }

    /// The page a team's button opens on the teams tab.
    fn team_page(
        &self,
        _ui: &mut Ui,
        _lang: Lang,
        _game: Game<'_>,
        _view: &S::Staff,
        _team: TeamId,
        _out: &mut Vec<UiCommand>,
    ) {
    }
}

/// The event's own game ([`EventOwn`]) on the main page of a team's
/// terminal and of the projector: how it claims the page, and the page
/// drawn from it.
pub trait OwnMainPage<S: Screens> {
    /// How the game claims a team terminal's main page, given the team's
    /// whole view.
    fn team_main_claim(&self, team: &TeamView, view: &S::Team, now: ServerTime) -> MainClaim;

    /// How the game claims the projector's main page, given the
    /// projector's whole view.
    fn display_main_claim(
        &self,
        hall: &DisplayView,
        view: &S::Display,
        now: ServerTime,
    ) -> MainClaim;

    /// The main page's name on a team's row of pages while this game holds
    /// it; `None`: the game's own name.
    fn main_label(&self, _lang: Lang) -> Option<&'static str> {
        None
    }

    /// The team terminal's main page drawn from this game.
    fn team_main(
        &self,
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &S::Team,
        form: &mut S::Form,
        out: &mut Vec<UiCommand>,
    ) {
        S::team(ui, state, game, view, form, out);
    }

    /// The team terminal's whole screen while this game claims it
    /// ([`MainClaim::Whole`]).
    fn team_whole(
        &self,
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &S::Team,
        form: &mut S::Form,
    ) -> Vec<UiCommand> {
        let mut out = Vec::new();
        S::team(ui, state, game, view, form, &mut out);
        out
    }

    /// The projector's main page drawn from this game, under the
    /// tournament's name.
    fn display_main(
        &self,
        ui: &mut Ui,
        state: &AppState,
        _tournament: &str,
        game: Game<'_>,
        view: &S::Display,
    ) {
        S::display(ui, state, game, view);
    }

    /// Whether the projector shows the game beside the whole programme
    /// between the programme's slots.
    fn display_beside_programme(&self, _view: &S::Display) -> bool {
        false
    }

    /// What the projector shows beside the whole programme, in type of
    /// `size`.
    fn display_beside(&self, _ui: &mut Ui, _lang: Lang, _view: &S::Display, _size: f32) {}
}

/// The programme's slots (section 2) the event's own game ([`EventOwn`])
/// is laid out by.
pub trait OwnSlots<S: Screens> {
    /// Whether a slot of the programme is the game's: the dashboard opens
    /// on its ready tab while the slot is on.
    fn own_slot(&self, slot: &Slot) -> bool;

    /// The game's slots, each with its title now, offered on the programme
    /// tab; `view` is `None` while the event has no game of the format.
    /// Their names are the format's words' (`FormatWords::slot_name`).
    fn own_slots(&self, view: Option<&S::Staff>) -> Vec<(Slot, String)>;

    /// Whether the hall has begun one of the game's slots (the projector
    /// then leaves the whole programme for the game).
    fn own_slot_begun(&self, view: &S::Display, slot: &Slot) -> bool;

    /// Another way to add the game's slots on the programme tab, beside
    /// the offered ones (ChGK: a tour by its number before its package is
    /// loaded); the slot picked. `taken`: whether a slot is in the
    /// programme already.
    fn own_slot_picker(
        &self,
        _ui: &mut Ui,
        _lang: Lang,
        _taken: &dyn Fn(&Slot) -> bool,
        _form: &mut S::Form,
    ) -> Option<Slot> {
        None
    }
}
