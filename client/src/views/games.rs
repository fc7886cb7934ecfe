//! The programme's games of plug-in formats on screen: the one place the
//! client dispatches on a game's format. Each format's screens live in their
//! own module behind [`Screens`] ([`crate::views::format`]) and are
//! registered by one line in `screens!` below; everything else here — which
//! game a team or the projector follows, the event's own games (the first
//! of a format that has one) with their dashboard tabs, the judges' pages
//! and the jury's list, the host's game picker, the forms kept per game, the
//! clocks the app sounds — knows no format.

use std::collections::{BTreeMap, HashMap};

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::games::{
    Format, GameDisplayView, GameSettings, GameStaffView, GameTeamView,
};
use minuta_shared::play::settings::TournamentSettings;
use minuta_shared::programme::Slot;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{
    DisplayGame, DisplayView, GameEntry, HostView, StaffGame, TeamGame, TeamView, View,
};

use crate::i18n::{self, T};
use crate::state::{AppState, UiCommand};
use crate::views::format::{Activity, MainClaim, Opening, OwnTab, Screens, Seat};
use crate::views::widgets;

/// Every game's form, by game: a terminal keeps what was half-typed in
/// each game apart.
#[derive(Debug, Default)]
pub struct GameForms {
    forms: BTreeMap<GameId, GameForm>,
}

impl GameForms {
    /// The form kept for `game`, once its screens have been drawn.
    pub fn get_mut(&mut self, game: GameId) -> Option<&mut GameForm> {
        self.forms.get_mut(&game)
    }

    /// The game's form of format `S`, made fresh when missing or of another
    /// format.
    fn of<S: Registered>(&mut self, game: GameId) -> Option<&mut S::Form> {
        let slot = self
            .forms
            .entry(game)
            .or_insert_with(|| S::wrap(S::Form::default()));
        if S::unwrap(slot).is_none() {
            *slot = S::wrap(S::Form::default());
        }
        S::unwrap(slot)
    }
}

/// A format registered in `screens!`: its form as one of [`GameForm`]'s,
/// its staff's view as one of [`GameStaffView`]'s, its own tabs as
/// [`EventTab`]s.
trait Registered: Screens {
    const FORMAT: Format;
    fn wrap(form: Self::Form) -> GameForm;
    fn unwrap(form: &mut GameForm) -> Option<&mut Self::Form>;
    fn staff_view(view: &GameStaffView) -> Option<&Self::Staff>;
    fn event_tab(tab: Self::Tab) -> EventTab;
}

/// The registry: one line per live format. Hands the list to `$then!`
/// after the tokens given, for the macros below.
macro_rules! screens {
    ($then:ident { $($args:tt)* }) => {
        $then! { $($args)*;
            Multigames => crate::views::multigames::Multigames,
            Chgk => crate::views::chgk::Chgk,
            Ring => crate::views::brain_ring::Ring,
            Erudit => crate::views::erudit::Erudit,
            Neptune => crate::views::neptune::Neptune,
            #[cfg(feature = "own-game")]
            OwnGame => crate::views::own_game::OwnGame,
        }
    };
}

/// [`GameForm`], [`EventTab`] and each format's [`Registered`].
macro_rules! register {
    (; $($(#[$meta:meta])* $variant:ident => $screens:ty),* $(,)?) => {
        /// One game's form, of whichever format.
        #[derive(Debug)]
        pub enum GameForm { $($(#[$meta])* $variant(<$screens as Screens>::Form)),* }

        /// One of the event's own games' tabs on the host's dashboard
        /// ([`crate::views::format::EventOwn::tabs`]), of whichever format.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum EventTab { $($(#[$meta])* $variant(<$screens as Screens>::Tab)),* }

        $($(#[$meta])* impl Registered for $screens {
            const FORMAT: Format = Format::$variant;

            fn wrap(form: Self::Form) -> GameForm {
                GameForm::$variant(form)
            }

            #[allow(unreachable_patterns)]
            fn unwrap(form: &mut GameForm) -> Option<&mut Self::Form> {
                match form {
                    GameForm::$variant(form) => Some(form),
                    _ => None,
                }
            }

            #[allow(unreachable_patterns)]
            fn staff_view(view: &GameStaffView) -> Option<&Self::Staff> {
                match view {
                    GameStaffView::$variant(view) => Some(view),
                    _ => None,
                }
            }

            fn event_tab(tab: Self::Tab) -> EventTab {
                EventTab::$variant(tab)
            }
        })*
    };
}

screens!(register {});

/// `$body` with `$s` the screens of `$format`.
macro_rules! on_format {
    ($format:expr, |$s:ident| $body:expr) => {
        screens!(on_format { @ $format, $s, $body })
    };
    (@ $format:expr, $s:ident, $body:expr; $($(#[$meta:meta])* $variant:ident => $screens:ty),* $(,)?) => {
        match $format { $($(#[$meta])* Format::$variant => { type $s = $screens; $body })* }
    };
}

/// `$body` with `$v` the format's own value inside `$value`, one of the
/// enum `$kind` with a variant per format ([`GameTeamView`], [`EventTab`]…),
/// and `$s` that format's screens.
macro_rules! on_view {
    ($kind:ident, $value:expr, |$s:ident, $v:ident| $body:expr) => {
        screens!(on_view { @ $kind, $value, $s, $v, $body })
    };
    (@ $kind:ident, $value:expr, $s:ident, $v:ident, $body:expr;
        $($(#[$meta:meta])* $variant:ident => $screens:ty),* $(,)?) => {
        match $value { $($(#[$meta])* $kind::$variant($v) => { type $s = $screens; $body })* }
    };
}

/// `$body` once per format, in the registration's order, with `$s` its
/// screens.
macro_rules! each_format {
    (|$s:ident| $body:expr) => {
        screens!(each_format { @ $s, $body })
    };
    (@ $s:ident, $body:expr; $($(#[$meta:meta])* $variant:ident => $screens:ty),* $(,)?) => {
        $($(#[$meta])* { type $s = $screens; $body; })*
    };
}

impl EventTab {
    pub fn format(self) -> Format {
        on_view!(EventTab, self, |S, _tab| S::FORMAT)
    }
}

/// The settings of a game of `format` added with one click.
pub fn new_game(format: Format) -> GameSettings {
    on_format!(format, |S| S::new_game())
}

pub fn team_relevant(game: &TeamGame) -> bool {
    on_view!(GameTeamView, &game.view, |S, v| S::team_relevant(v))
}

pub fn team_activity(game: &TeamGame, now: ServerTime) -> Activity {
    on_view!(GameTeamView, &game.view, |S, v| S::team_activity(v, now))
}

pub fn team(
    ui: &mut Ui,
    state: &AppState,
    game: &TeamGame,
    forms: &mut GameForms,
    out: &mut Vec<UiCommand>,
) {
    on_view!(GameTeamView, &game.view, |S, v| {
        if let Some(form) = forms.of::<S>(game.id) {
            S::team(ui, state, game.into(), v, form, out);
        }
    })
}

pub fn display_activity(game: &DisplayGame, now: ServerTime) -> Activity {
    on_view!(GameDisplayView, &game.view, |S, v| {
        S::display_activity(v, now)
    })
}

pub fn display(ui: &mut Ui, state: &AppState, game: &DisplayGame) {
    on_view!(GameDisplayView, &game.view, |S, v| {
        S::display(ui, state, game.into(), v)
    })
}

pub fn staff_activity(game: &StaffGame, now: ServerTime) -> Activity {
    on_view!(GameStaffView, &game.view, |S, v| S::staff_activity(v, now))
}

pub fn staff(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    game: &StaffGame,
    seat: Seat,
    forms: &mut GameForms,
    out: &mut Vec<UiCommand>,
) {
    on_view!(GameStaffView, &game.view, |S, v| {
        if let Some(form) = forms.of::<S>(game.id) {
            S::staff(ui, state, host, game.into(), v, seat, form, out);
        }
    })
}

pub fn jury_pending(game: &StaffGame) -> usize {
    on_view!(GameStaffView, &game.view, |S, v| S::jury_pending(v))
}

pub fn jury(
    ui: &mut Ui,
    state: &AppState,
    game: &StaffGame,
    forms: &mut GameForms,
    out: &mut Vec<UiCommand>,
) {
    on_view!(GameStaffView, &game.view, |S, v| {
        if let Some(form) = forms.of::<S>(game.id) {
            S::jury(ui, state, game.into(), v, form, out);
        }
    })
}

fn team_clock(game: &TeamGame) -> Option<ClockView> {
    on_view!(GameTeamView, &game.view, |S, v| {
        S::CLOCKS.and_then(|c| c.team_clock(v))
    })
}

fn display_clock(game: &DisplayGame) -> Option<ClockView> {
    on_view!(GameDisplayView, &game.view, |S, v| {
        S::CLOCKS.and_then(|c| c.display_clock(v))
    })
}

fn staff_clock(game: &StaffGame) -> Option<ClockView> {
    on_view!(GameStaffView, &game.view, |S, v| {
        S::CLOCKS.and_then(|c| c.staff_clock(v))
    })
}

/// Whether the event has a game of `format` of its own.
fn event_own(format: Format) -> bool {
    on_format!(format, |S| S::EVENT_OWN.is_some())
}

/// How the event's own `game` claims a team terminal's main page.
pub fn team_main_claim(team: &TeamView, game: &TeamGame, now: ServerTime) -> MainClaim {
    on_view!(GameTeamView, &game.view, |S, v| {
        S::EVENT_OWN.map_or(MainClaim::Nothing, |own| own.team_main_claim(team, v, now))
    })
}

/// How the event's own `game` claims the projector's main page.
pub fn display_main_claim(hall: &DisplayView, game: &DisplayGame, now: ServerTime) -> MainClaim {
    on_view!(GameDisplayView, &game.view, |S, v| {
        S::EVENT_OWN.map_or(MainClaim::Nothing, |own| {
            own.display_main_claim(hall, v, now)
        })
    })
}

/// The main page's name on a team's row of pages while `game` holds it.
pub fn main_label(lang: i18n::Lang, game: &TeamGame) -> String {
    own_label(lang, game.format, &game.name)
}

/// A team terminal's main page drawn from the event's own `game`.
pub fn team_main(
    ui: &mut Ui,
    state: &AppState,
    game: &TeamGame,
    forms: &mut GameForms,
    out: &mut Vec<UiCommand>,
) {
    on_view!(GameTeamView, &game.view, |S, v| {
        if let (Some(own), Some(form)) = (S::EVENT_OWN, forms.of::<S>(game.id)) {
            own.team_main(ui, state, game.into(), v, form, out);
        }
    })
}

/// A team terminal's whole screen, drawn from the event's own `game` that
/// claims it.
pub fn team_whole(
    ui: &mut Ui,
    state: &AppState,
    game: &TeamGame,
    forms: &mut GameForms,
) -> Vec<UiCommand> {
    on_view!(GameTeamView, &game.view, |S, v| {
        match (S::EVENT_OWN, forms.of::<S>(game.id)) {
            (Some(own), Some(form)) => own.team_whole(ui, state, game.into(), v, form),
            _ => Vec::new(),
        }
    })
}

/// The projector's main page drawn from the event's own `game`.
pub fn display_main(ui: &mut Ui, state: &AppState, tournament: &str, game: &DisplayGame) {
    on_view!(GameDisplayView, &game.view, |S, v| {
        if let Some(own) = S::EVENT_OWN {
            own.display_main(ui, state, tournament, game.into(), v);
        }
    })
}

/// The event's own games' tabs on the host's dashboard, in the
/// registration's order.
pub fn own_tabs(lang: i18n::Lang, view: &HostView) -> Vec<OwnTab<EventTab>> {
    let mut tabs = Vec::new();
    each_format!(|S| tabs.extend(own_tabs_of::<S>(lang, view)));
    tabs
}

/// One of the event's own games' tabs drawn.
pub fn own_tab(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    tab: EventTab,
    form: &mut GamesForm,
    out: &mut Vec<UiCommand>,
) {
    on_view!(EventTab, tab, |S, tab| {
        own_tab_of::<S>(ui, state, host, tab, form, out)
    })
}

/// Where the event's own games would open the dashboard, in the
/// registration's order, with whether the programme's `slot` is theirs.
pub fn own_openings(view: &HostView, slot: Option<&Slot>) -> Vec<(Opening<EventTab>, bool)> {
    let mut openings = Vec::new();
    each_format!(|S| openings.extend(own_opening_of::<S>(view, slot)));
    openings
}

/// The tournament tab's rows for the event's settings the own games read;
/// whether one changed.
pub fn own_settings(ui: &mut Ui, lang: i18n::Lang, settings: &mut TournamentSettings) -> bool {
    let mut changed = false;
    each_format!(|S| {
        if let Some(own) = S::EVENT_OWN {
            changed |= own.settings(ui, lang, settings);
        }
    });
    changed
}

/// The programme's slots the event's own games are laid out by, each with
/// its title now.
pub fn own_slots(view: &HostView) -> Vec<(Slot, String)> {
    let mut slots = Vec::new();
    each_format!(|S| {
        if let Some(own) = S::EVENT_OWN {
            let staff = own_staff_of::<S>(view).map(|(_, staff)| staff);
            slots.extend(own.own_slots(staff));
        }
    });
    slots
}

/// Whether the hall has begun an own game's `slot`.
pub fn own_slot_begun(view: &DisplayView, slot: &Slot) -> bool {
    event_games_in(&view.games).any(|g| {
        on_view!(GameDisplayView, &g.view, |S, v| {
            S::EVENT_OWN.is_some_and(|own| own.own_slot(slot) && own.own_slot_begun(v, slot))
        })
    })
}

/// The own games' other ways to add their slots on the programme tab; the
/// slot picked.
pub fn own_slot_pickers(
    ui: &mut Ui,
    lang: i18n::Lang,
    view: &HostView,
    taken: &dyn Fn(&Slot) -> bool,
    form: &mut GamesForm,
) -> Option<Slot> {
    let mut picked = None;
    for game in event_games_in(&view.games) {
        let chosen = on_view!(GameStaffView, &game.view, |S, _view| {
            S::EVENT_OWN
                .zip(form.forms.of::<S>(game.id))
                .and_then(|(own, f)| own.own_slot_picker(ui, lang, taken, f))
        });
        picked = picked.or(chosen);
    }
    picked
}

/// Whether the judges' terminal shows the event's own game of `format`.
pub fn own_judged(format: Format) -> bool {
    on_format!(format, |S| S::EVENT_OWN.is_some_and(|own| own.judged()))
}

/// Whether the appeal jury decides the event's own `game`'s appeals.
pub fn own_in_jury(game: &StaffGame) -> bool {
    on_view!(GameStaffView, &game.view, |S, v| {
        S::EVENT_OWN.is_some_and(|own| own.in_jury(v))
    })
}

/// The teams tab's button on a team's line for the event's own game of
/// `format`.
pub fn own_team_button(lang: i18n::Lang, format: Format) -> Option<&'static str> {
    on_format!(format, |S| {
        S::EVENT_OWN.and_then(|own| own.team_button(lang))
    })
}

/// The page a team's button opens for the event's own `game`.
pub fn own_team_page(
    ui: &mut Ui,
    lang: i18n::Lang,
    game: &StaffGame,
    team: TeamId,
    out: &mut Vec<UiCommand>,
) {
    on_view!(GameStaffView, &game.view, |S, v| {
        if let Some(own) = S::EVENT_OWN {
            own.team_page(ui, lang, game.into(), v, team, out);
        }
    })
}

/// Whether the projector shows the event's own `game` beside the whole
/// programme.
pub fn display_beside_programme(game: &DisplayGame) -> bool {
    on_view!(GameDisplayView, &game.view, |S, v| {
        S::EVENT_OWN.is_some_and(|own| own.display_beside_programme(v))
    })
}

/// What the projector shows of the event's own `game` beside the whole
/// programme.
pub fn display_beside(ui: &mut Ui, lang: i18n::Lang, game: &DisplayGame, size: f32) {
    on_view!(GameDisplayView, &game.view, |S, v| {
        if let Some(own) = S::EVENT_OWN {
            own.display_beside(ui, lang, v, size);
        }
    })
}

/// Whether a game of `format` is set up from «Подготовка».
pub fn set_up_first(format: Format) -> bool {
    on_format!(format, |S| S::SET_UP_FIRST)
}

/// The deadlines of the countdowns running anywhere in `view`.
pub fn ticking_in(view: &View) -> Vec<ServerTime> {
    match view {
        View::Team(v) => v
            .games
            .iter()
            .flat_map(|g| {
                on_view!(GameTeamView, &g.view, |S, v| {
                    S::COUNTDOWNS.map_or_else(Vec::new, |c| c.team_ticking(v))
                })
            })
            .collect(),
        View::Display(v) => v
            .games
            .iter()
            .flat_map(|g| {
                on_view!(GameDisplayView, &g.view, |S, v| {
                    S::COUNTDOWNS.map_or_else(Vec::new, |c| c.display_ticking(v))
                })
            })
            .collect(),
        View::Host(v) => v
            .games
            .iter()
            .flat_map(|g| {
                on_view!(GameStaffView, &g.view, |S, v| {
                    S::COUNTDOWNS.map_or_else(Vec::new, |c| c.staff_ticking(v))
                })
            })
            .collect(),
        View::Jury(_) => Vec::new(),
    }
}

/// A game's tours for the programme: number from 0 and title.
pub fn staff_tours(game: &StaffGame) -> Vec<(u32, String)> {
    on_view!(GameStaffView, &game.view, |S, v| S::staff_tours(v))
}

/// The tour of a game the hall is at, if it has begun one.
pub fn display_tour(game: &DisplayGame) -> Option<u32> {
    on_view!(GameDisplayView, &game.view, |S, v| S::display_tour(v))
}

/// The games the host added to the programme, in order: every game but
/// the event's own ones, which have the dashboard's own tabs and the
/// terminals' main page.
pub fn added<V>(games: &[GameEntry<V>]) -> impl DoubleEndedIterator<Item = &GameEntry<V>> + Clone {
    games.iter().filter(move |g| !is_event_own(games, g))
}

/// Whether `game` is one of the event's own: the first game of a format
/// that has one ([`Screens::EVENT_OWN`]).
fn is_event_own<V>(games: &[GameEntry<V>], game: &GameEntry<V>) -> bool {
    let first_of_its_format = games.iter().find(|g| g.format == game.format);
    event_own(game.format) && first_of_its_format.is_some_and(|g| g.id == game.id)
}

/// The event's own game of `format`, if the event has one.
pub fn event_game_of<V>(games: &[GameEntry<V>], format: Format) -> Option<&GameEntry<V>> {
    games
        .iter()
        .find(|g| g.format == format && is_event_own(games, g))
}

/// The event's own games, in the order of the games.
pub fn event_games_in<V>(games: &[GameEntry<V>]) -> impl Iterator<Item = &GameEntry<V>> {
    games.iter().filter(move |g| is_event_own(games, g))
}

/// The event's own game of `S` as its staff's view, if the event has one.
fn own_staff_of<S: Registered>(view: &HostView) -> Option<(&StaffGame, &S::Staff)> {
    let game = event_game_of(&view.games, S::FORMAT)?;
    S::staff_view(&game.view).map(|own| (game, own))
}

/// The tabs `S`'s own game brings to the dashboard, as [`EventTab`]s.
fn own_tabs_of<S: Registered>(lang: i18n::Lang, view: &HostView) -> Vec<OwnTab<EventTab>> {
    let Some(own) = S::EVENT_OWN else {
        return Vec::new();
    };
    let staff = own_staff_of::<S>(view).map(|(_, staff)| staff);
    own.tabs(lang, staff)
        .into_iter()
        .map(|t| t.map(S::event_tab))
        .collect()
}

/// One of `S`'s own game's tabs drawn, with the form kept for the game.
fn own_tab_of<S: Registered>(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    tab: S::Tab,
    form: &mut GamesForm,
    out: &mut Vec<UiCommand>,
) {
    match own_staff_of::<S>(host) {
        Some((game, staff)) => {
            if let (Some(own), Some(games_form)) = (S::EVENT_OWN, form.forms.of::<S>(game.id)) {
                own.tab(ui, state, host, game.into(), staff, tab, games_form, out);
            }
        }
        // A server that has not made the event's game of this format (an
        // older store's Brain-ring): the host adds it here, and it is the
        // event's own from then on.
        None => staff_tab(ui, state, host, S::FORMAT, Seat::Host, form, out),
    }
}

/// Where `S`'s own game would open the dashboard, and whether the
/// programme's `slot` on now is the game's; `None` without the game.
fn own_opening_of<S: Registered>(
    view: &HostView,
    slot: Option<&Slot>,
) -> Option<(Opening<EventTab>, bool)> {
    let own = S::EVENT_OWN?;
    let (_, staff) = own_staff_of::<S>(view)?;
    let opening = own.opening(staff).map(S::event_tab);
    Some((opening, slot.is_some_and(|slot| own.own_slot(slot))))
}

/// The event's own game's name where a page names it (ChGK: «ЧГК»).
pub fn own_label(lang: i18n::Lang, format: Format, name: &str) -> String {
    let label = on_format!(format, |S| {
        S::EVENT_OWN.and_then(|own| own.main_label(lang))
    });
    label.map_or_else(|| game_name(lang, format, name), str::to_owned)
}

/// Every game's running clock in a view, for the signals and the repaint.
pub fn clocks(view: &View) -> Vec<(GameId, ClockView)> {
    let pair = |id: GameId, clock: Option<ClockView>| clock.map(|c| (id, c));
    match view {
        View::Team(v) => v
            .games
            .iter()
            .filter_map(|g| pair(g.id, team_clock(g)))
            .collect(),
        View::Display(v) => v
            .games
            .iter()
            .filter_map(|g| pair(g.id, display_clock(g)))
            .collect(),
        View::Host(v) => v
            .games
            .iter()
            .filter_map(|g| pair(g.id, staff_clock(g)))
            .collect(),
        View::Jury(v) => v
            .games
            .iter()
            .filter_map(|g| pair(g.id, staff_clock(g)))
            .collect(),
    }
}

/// The added game the projector follows instead of its main page: the one
/// with the latest activity, if later than the main page's `home`.
pub fn display_choice(
    games: &[DisplayGame],
    home: Activity,
    now: ServerTime,
) -> Option<&DisplayGame> {
    let (activity, game) = added(games)
        .map(|g| (display_activity(g, now), g))
        .max_by_key(|(a, _)| *a)?;
    (activity > home).then_some(game)
}

/// The host's and the judges' games of one format: the picker, «Добавить
/// игру» (the host only) and the picked game.
#[derive(Debug, Default)]
pub struct GamesForm {
    pub forms: GameForms,
    pub picked: HashMap<Format, GameId>,
    pub new_name: String,
}

/// The game of `format` a staff screen opens on: the picked one, else one
/// in play, else the newest.
pub fn staff_pick(
    view: &HostView,
    format: Format,
    picked: Option<GameId>,
    now: ServerTime,
) -> Option<&StaffGame> {
    let mut games = added(&view.games).filter(|g| g.format == format);
    if let Some(game) = picked.and_then(|id| games.clone().find(|g| g.id == id)) {
        return Some(game);
    }
    let in_play = games
        .clone()
        .find(|g| staff_activity(g, now) == Activity::InPlay);
    in_play.or_else(|| games.next_back())
}

/// The format of a game in play on the staff's screens, if any.
pub fn staff_in_play(view: &HostView, now: ServerTime) -> Option<Format> {
    added(&view.games)
        .find(|g| staff_activity(g, now) == Activity::InPlay)
        .map(|g| g.format)
}

/// A host tab (or a judge's page) for the games of one format.
pub fn staff_tab(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    format: Format,
    seat: Seat,
    form: &mut GamesForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    let games: Vec<&StaffGame> = added(&view.games).filter(|g| g.format == format).collect();
    let shown = staff_pick(view, format, form.picked.get(&format).copied(), now).map(|g| g.id);
    ui.horizontal_wrapped(|ui| {
        if games.len() > 1 {
            for game in &games {
                let label = RichText::new(game_name(lang, game.format, &game.name)).size(16.0);
                if ui.selectable_label(shown == Some(game.id), label).clicked() {
                    form.picked.insert(format, game.id);
                }
            }
            ui.separator();
        }
        if seat == Seat::Host {
            ui.add(
                egui::TextEdit::singleline(&mut form.new_name)
                    .hint_text(lang.t(T::GameName))
                    .desired_width(220.0),
            );
            if ui.button(lang.t(T::AddGame)).clicked() {
                let typed = form.new_name.trim();
                let name = if !typed.is_empty() {
                    typed.to_owned()
                } else if games.is_empty() {
                    i18n::format_name(lang, format).to_owned()
                } else {
                    format!("{} {}", i18n::format_name(lang, format), games.len() + 1)
                };
                out.push(UiCommand::Send(Command::AddGame {
                    name,
                    settings: new_game(format),
                }));
                form.new_name.clear();
            }
        }
    });
    let Some(game) = shown.and_then(|id| games.iter().find(|g| g.id == id)) else {
        ui.label(RichText::new(lang.t(T::NoGamesOfFormat)).color(widgets::GREY));
        return;
    };
    ui.separator();
    staff(ui, state, view, game, seat, &mut form.forms, out);
}

/// A game's name as listed, its format's name when it has none.
pub fn game_name(lang: i18n::Lang, format: Format, name: &str) -> String {
    if name.trim().is_empty() {
        i18n::format_name(lang, format).to_owned()
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A game of `format` without a view, as a list of games holds it.
    pub(crate) fn entry(id: u32, format: Format) -> GameEntry<()> {
        GameEntry {
            id: GameId(id),
            name: String::new(),
            format,
            view: (),
        }
    }

    #[test]
    fn the_added_games_are_all_but_the_first_of_each_format_the_event_owns() {
        // Arrange: the event's ChGK (0) and Brain-ring (an older store's
        // id, 5), a second ChGK and a second Brain-ring, and two games of
        // formats the event has none of its own.
        let games = [
            entry(0, Format::Chgk),
            entry(2, Format::Multigames),
            entry(5, Format::Ring),
            entry(6, Format::Chgk),
            entry(7, Format::Ring),
            entry(8, Format::Multigames),
        ];

        // Act
        let added: Vec<u32> = added(&games).map(|g| g.id.0).collect();

        // Assert
        assert_eq!(added, vec![2, 6, 7, 8]);
    }
}
