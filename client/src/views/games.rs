//! The programme's games of plug-in formats on screen: the one place the
//! client dispatches on a game's format. Each format's screens live in their
//! own module behind [`Screens`] ([`crate::views::format`]) and are
//! registered by one line in `screens!` below; everything else here — which
//! game a team or the projector follows, the host's game picker, the forms
//! kept per game, the clocks the app sounds — knows no format, but for
//! leaving out the event's own ChGK and Brain-ring, whose screens the
//! dashboard and the terminals call by name.

use std::collections::{BTreeMap, HashMap};

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::games::{
    Format, GameDisplayView, GameSettings, GameStaffView, GameTeamView,
};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{
    DisplayGame, DisplayView, GameEntry, HostView, StaffGame, TeamGame, TeamView, View,
};

use crate::i18n::{self, T};
use crate::state::{AppState, UiCommand};
use crate::views::format::{Activity, MainClaim, Screens, Seat};
use crate::views::widgets;

/// Every game's form, by game: a terminal keeps what was half-typed in
/// each game apart.
#[derive(Debug, Default)]
pub struct GameForms {
    forms: BTreeMap<GameId, GameForm>,
}

impl GameForms {
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

/// A format registered in `screens!`: its form as one of [`GameForm`]'s.
trait Registered: Screens {
    fn wrap(form: Self::Form) -> GameForm;
    fn unwrap(form: &mut GameForm) -> Option<&mut Self::Form>;
}

macro_rules! screens {
    ($($(#[$meta:meta])* $variant:ident => $screens:ty),* $(,)?) => {
        /// One game's form, of whichever format.
        #[derive(Debug)]
        pub enum GameForm { $($(#[$meta])* $variant(<$screens as Screens>::Form)),* }

        $($(#[$meta])* impl Registered for $screens {
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
        })*

        /// The settings of a game of `format` added with one click.
        pub fn new_game(format: Format) -> GameSettings {
            match format {
                $($(#[$meta])* Format::$variant => <$screens as Screens>::new_game()),*
            }
        }

        pub fn team_relevant(game: &TeamGame) -> bool {
            match &game.view {
                $($(#[$meta])* GameTeamView::$variant(v) => <$screens as Screens>::team_relevant(v)),*
            }
        }

        pub fn team_activity(game: &TeamGame, now: ServerTime) -> Activity {
            match &game.view {
                $($(#[$meta])* GameTeamView::$variant(v) => <$screens as Screens>::team_activity(v, now)),*
            }
        }

        pub fn team(
            ui: &mut Ui,
            state: &AppState,
            game: &TeamGame,
            forms: &mut GameForms,
            out: &mut Vec<UiCommand>,
        ) {
            match &game.view {
                $($(#[$meta])* GameTeamView::$variant(v) => {
                    if let Some(form) = forms.of::<$screens>(game.id) {
                        <$screens as Screens>::team(ui, state, game.into(), v, form, out);
                    }
                })*
            }
        }

        pub fn display_activity(game: &DisplayGame, now: ServerTime) -> Activity {
            match &game.view {
                $($(#[$meta])* GameDisplayView::$variant(v) => <$screens as Screens>::display_activity(v, now)),*
            }
        }

        pub fn display(ui: &mut Ui, state: &AppState, game: &DisplayGame) {
            match &game.view {
                $($(#[$meta])* GameDisplayView::$variant(v) => <$screens as Screens>::display(ui, state, game.into(), v)),*
            }
        }

        pub fn staff_activity(game: &StaffGame, now: ServerTime) -> Activity {
            match &game.view {
                $($(#[$meta])* GameStaffView::$variant(v) => <$screens as Screens>::staff_activity(v, now)),*
            }
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
            match &game.view {
                $($(#[$meta])* GameStaffView::$variant(v) => {
                    if let Some(form) = forms.of::<$screens>(game.id) {
                        <$screens as Screens>::staff(ui, state, host, game.into(), v, seat, form, out);
                    }
                })*
            }
        }

        pub fn jury_pending(game: &StaffGame) -> usize {
            match &game.view {
                $($(#[$meta])* GameStaffView::$variant(v) => <$screens as Screens>::jury_pending(v)),*
            }
        }

        pub fn jury(
            ui: &mut Ui,
            state: &AppState,
            game: &StaffGame,
            forms: &mut GameForms,
            out: &mut Vec<UiCommand>,
        ) {
            match &game.view {
                $($(#[$meta])* GameStaffView::$variant(v) => {
                    if let Some(form) = forms.of::<$screens>(game.id) {
                        <$screens as Screens>::jury(ui, state, game.into(), v, form, out);
                    }
                })*
            }
        }

        fn team_clock(game: &TeamGame) -> Option<ClockView> {
            match &game.view {
                $($(#[$meta])* GameTeamView::$variant(v) => <$screens as Screens>::team_clock(v)),*
            }
        }

        fn display_clock(game: &DisplayGame) -> Option<ClockView> {
            match &game.view {
                $($(#[$meta])* GameDisplayView::$variant(v) => <$screens as Screens>::display_clock(v)),*
            }
        }

        fn staff_clock(game: &StaffGame) -> Option<ClockView> {
            match &game.view {
                $($(#[$meta])* GameStaffView::$variant(v) => <$screens as Screens>::staff_clock(v)),*
            }
        }

        /// Whether the event has a game of `format` of its own.
        fn event_own(format: Format) -> bool {
            match format {
                $($(#[$meta])* Format::$variant => <$screens as Screens>::EVENT_OWN),*
            }
        }

        /// How the event's own `game` claims a team terminal's main page.
        fn team_main_claim(team: &TeamView, game: &TeamGame, now: ServerTime) -> MainClaim {
            match &game.view {
                $($(#[$meta])* GameTeamView::$variant(v) => <$screens as Screens>::team_main_claim(team, v, now)),*
            }
        }

        /// How the event's own `game` claims the projector's main page.
        fn display_main_claim(hall: &DisplayView, game: &DisplayGame, now: ServerTime) -> MainClaim {
            match &game.view {
                $($(#[$meta])* GameDisplayView::$variant(v) => <$screens as Screens>::display_main_claim(hall, v, now)),*
            }
        }

        /// The main page's name on a team's row of pages while `game`
        /// holds it.
        pub fn main_label(lang: i18n::Lang, game: &TeamGame) -> String {
            let own = match game.format {
                $($(#[$meta])* Format::$variant => <$screens as Screens>::main_label(lang)),*
            };
            own.map_or_else(|| game_name(lang, game.format, &game.name), str::to_owned)
        }

        /// A team terminal's main page drawn from the event's own `game`.
        pub fn team_main(
            ui: &mut Ui,
            state: &AppState,
            game: &TeamGame,
            forms: &mut GameForms,
            out: &mut Vec<UiCommand>,
        ) {
            match &game.view {
                $($(#[$meta])* GameTeamView::$variant(v) => {
                    if let Some(form) = forms.of::<$screens>(game.id) {
                        <$screens as Screens>::team_main(ui, state, game.into(), v, form, out);
                    }
                })*
            }
        }

        /// A team terminal's whole screen, drawn from the event's own
        /// `game` that claims it.
        pub fn team_whole(
            ui: &mut Ui,
            state: &AppState,
            game: &TeamGame,
            forms: &mut GameForms,
        ) -> Vec<UiCommand> {
            match &game.view {
                $($(#[$meta])* GameTeamView::$variant(v) => match forms.of::<$screens>(game.id) {
                    Some(form) => <$screens as Screens>::team_whole(ui, state, game.into(), v, form),
                    None => Vec::new(),
                }),*
            }
        }

        /// The projector's main page drawn from the event's own `game`.
        pub fn display_main(ui: &mut Ui, state: &AppState, tournament: &str, game: &DisplayGame) {
            match &game.view {
                $($(#[$meta])* GameDisplayView::$variant(v) => <$screens as Screens>::display_main(ui, state, tournament, game.into(), v)),*
            }
        }

        /// Whether a game of `format` is set up from «Подготовка».
        pub fn set_up_first(format: Format) -> bool {
            match format {
                $($(#[$meta])* Format::$variant => <$screens as Screens>::SET_UP_FIRST),*
            }
        }

        /// The deadlines of the countdowns running anywhere in `view`.
        pub fn ticking_in(view: &View) -> Vec<ServerTime> {
            match view {
                View::Team(v) => v.games.iter().flat_map(|g| match &g.view {
                    $($(#[$meta])* GameTeamView::$variant(v) => <$screens as Screens>::team_ticking(v)),*
                }).collect(),
                View::Display(v) => v.games.iter().flat_map(|g| match &g.view {
                    $($(#[$meta])* GameDisplayView::$variant(v) => <$screens as Screens>::display_ticking(v)),*
                }).collect(),
                View::Host(v) => v.games.iter().flat_map(|g| match &g.view {
                    $($(#[$meta])* GameStaffView::$variant(v) => <$screens as Screens>::staff_ticking(v)),*
                }).collect(),
                View::Jury(_) => Vec::new(),
            }
        }

        /// A game's tours for the programme: number from 0 and title.
        pub fn staff_tours(game: &StaffGame) -> Vec<(u32, String)> {
            match &game.view {
                $($(#[$meta])* GameStaffView::$variant(v) => <$screens as Screens>::staff_tours(v)),*
            }
        }

        /// The tour of a game the hall is at, if it has begun one.
        pub fn display_tour(game: &DisplayGame) -> Option<u32> {
            match &game.view {
                $($(#[$meta])* GameDisplayView::$variant(v) => <$screens as Screens>::display_tour(v)),*
            }
        }
    };
}

// One line per live format.
screens! {
    Multigames => crate::views::multigames::Multigames,
    Chgk => crate::views::chgk::Chgk,
    Ring => crate::views::brain_ring::Ring,
    Erudit => crate::views::erudit::Erudit,
    Neptune => crate::views::neptune::Neptune,
    #[cfg(feature = "own-game")]
    OwnGame => crate::views::own_game::OwnGame,
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

/// What the event's own games make of a team terminal's or the
/// projector's main page.
pub struct MainPage<'a, V> {
    /// The game the main page shows, with its claim: the highest claim,
    /// the first on a tie.
    pub game: Option<(&'a GameEntry<V>, MainClaim)>,
    /// The home game's activity, which an added game must pass to take
    /// the screen from the main page.
    pub home: Activity,
    /// Whether the main page has anything for the team to see.
    pub relevant: bool,
}

impl<'a, V> MainPage<'a, V> {
    fn of(claims: impl Iterator<Item = (&'a GameEntry<V>, MainClaim)>) -> Self {
        let mut page = MainPage {
            game: None,
            home: Activity::Idle,
            relevant: false,
        };
        for (game, claim) in claims {
            match claim {
                MainClaim::Nothing => continue,
                MainClaim::Home { activity, relevant } => {
                    page.home = page.home.max(activity);
                    page.relevant |= relevant;
                }
                MainClaim::Beside | MainClaim::Shown | MainClaim::Whole => page.relevant = true,
            }
            if page.game.is_none_or(|(_, best)| claim > best) {
                page.game = Some((game, claim));
            }
        }
        page
    }
}

/// A team terminal's main page.
pub fn team_main_page(view: &TeamView, now: ServerTime) -> MainPage<'_, GameTeamView> {
    let own = view.games.iter().filter(|g| is_event_own(&view.games, g));
    MainPage::of(own.map(|g| (g, team_main_claim(view, g, now))))
}

/// The projector's main page.
pub fn display_main_page(view: &DisplayView, now: ServerTime) -> MainPage<'_, GameDisplayView> {
    let own = view.games.iter().filter(|g| is_event_own(&view.games, g));
    MainPage::of(own.map(|g| (g, display_main_claim(view, g, now))))
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
mod tests {
    use super::*;

    fn entry(id: u32, format: Format) -> GameEntry<()> {
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

    #[test]
    fn the_main_page_shows_the_highest_claim_the_first_on_a_tie() {
        let at = |us| Activity::Since(ServerTime(us));
        let home = |activity, relevant| MainClaim::Home { activity, relevant };
        // (claims of the event's ChGK and Brain-ring) → (shown, home, relevant)
        let table = [
            // A ChGK question on, the ring seeded: ChGK; an added game
            // must be later than the question.
            (
                (home(Activity::InPlay, true), MainClaim::Beside),
                (0, Activity::InPlay, true),
            ),
            // Between ChGK questions, the ring's tournament.
            ((home(at(5), true), MainClaim::Shown), (1, at(5), true)),
            // A live fight takes the whole screen.
            ((home(at(5), false), MainClaim::Whole), (1, at(5), true)),
            // Nothing on: ChGK's screen, nothing to show the team.
            (
                (home(Activity::Idle, false), MainClaim::Nothing),
                (0, Activity::Idle, false),
            ),
        ];
        let games = [entry(0, Format::Chgk), entry(1, Format::Ring)];
        for ((chgk, ring), (shown, home, relevant)) in table {
            let page = MainPage::of([(&games[0], chgk), (&games[1], ring)].into_iter());
            assert_eq!(
                page.game.map(|(g, _)| g.id.0),
                Some(shown),
                "{chgk:?}, {ring:?}"
            );
            assert_eq!(page.home, home, "{chgk:?}, {ring:?}");
            assert_eq!(page.relevant, relevant, "{chgk:?}, {ring:?}");
        }
        // Two equal claims: the first registered.
        let page = MainPage::of(
            [(&games[0], MainClaim::Shown), (&games[1], MainClaim::Shown)].into_iter(),
        );
        assert_eq!(page.game.map(|(g, _)| g.id.0), Some(0));
    }
}
