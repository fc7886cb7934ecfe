//! «Что? Где? Когда?»'s screens as a format of the programme: a team's
//! card and answers ([`team`]), the projector's clock and standings
//! ([`display`]), and the staff's tabs — the game ([`game`]), judging
//! ([`judging`]), appeals ([`appeals`]), the table ([`standings`]) and the
//! questions ([`questions`]) — which the host dashboard's own tabs run for
//! the event's own ChGK and [`staff`] for a ChGK game added to the
//! programme. Registered in [`crate::views::games`].

pub mod appeals;
pub mod chart;
pub mod display;
pub mod game;
pub mod judging;
pub mod questions;
pub mod staff;
pub mod standings;
pub mod team;

use egui::Ui;
use minuta_shared::play::chgk::{ChgkDisplayView, ChgkSettings, ChgkStaffView, ChgkTeamView};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::GameSettings;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::{DisplayView, HostView, TeamView};

use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::format::{Activity, Game, MainClaim, Screens, Seat};
use crate::views::widgets;

/// The ChGK clock's activity: a question in play, or when its minute began.
pub fn activity(clock: &ClockView, now: ServerTime) -> Activity {
    let phase = widgets::phase_at(clock, now);
    if clock.question.is_some()
        && matches!(
            phase,
            Phase::Announced | Phase::Minute | Phase::LastSeconds | Phase::HandIn
        )
    {
        return Activity::InPlay;
    }
    clock.started_at.map_or(Activity::Idle, Activity::Since)
}

/// ChGK in the registry of formats.
pub struct Chgk;

/// What a ChGK game's screens remember between frames.
#[derive(Debug, Default)]
pub struct ChgkForm {
    pub team: team::ChgkTeamForm,
    pub staff: staff::ChgkStaffForm,
}

impl Screens for Chgk {
    /// Another ChGK tournament beside the event's own (which has its own
    /// tabs).
    const SET_UP_FIRST: bool = true;
    /// Every event is a ChGK tournament first (game 0), whatever else its
    /// programme holds.
    const EVENT_OWN: bool = true;
    type Staff = ChgkStaffView;
    type Team = ChgkTeamView;
    type Display = ChgkDisplayView;
    type Form = ChgkForm;

    fn new_game() -> GameSettings {
        GameSettings::Chgk(ChgkSettings::default())
    }

    fn team_relevant(view: &ChgkTeamView) -> bool {
        view.clock.question.is_some() || !view.cards.is_empty()
    }

    fn team_activity(view: &ChgkTeamView, now: ServerTime) -> Activity {
        activity(&view.clock, now)
    }

    fn team(
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &ChgkTeamView,
        form: &mut ChgkForm,
        out: &mut Vec<UiCommand>,
    ) {
        team::screen(ui, state, game.id, view, &mut form.team, out);
    }

    fn display_activity(view: &ChgkDisplayView, now: ServerTime) -> Activity {
        activity(&view.clock, now)
    }

    fn display(ui: &mut Ui, state: &AppState, game: Game<'_>, view: &ChgkDisplayView) {
        display::screen(ui, state, game.name, view);
    }

    /// The event's ChGK is the main page's home: its card, whatever else
    /// is on, unless something claims more.
    fn team_main_claim(_team: &TeamView, view: &ChgkTeamView, now: ServerTime) -> MainClaim {
        MainClaim::Home {
            activity: activity(&view.clock, now),
            relevant: Self::team_relevant(view),
        }
    }

    /// The projector's home: the clock, the cards in and the standings.
    fn display_main_claim(
        _hall: &DisplayView,
        view: &ChgkDisplayView,
        now: ServerTime,
    ) -> MainClaim {
        MainClaim::Home {
            activity: activity(&view.clock, now),
            relevant: true,
        }
    }

    fn main_label(lang: Lang) -> Option<&'static str> {
        Some(lang.t(T::ChgkScreen))
    }

    /// Under the tournament's name: the event's ChGK is the event.
    fn display_main(
        ui: &mut Ui,
        state: &AppState,
        tournament: &str,
        _game: Game<'_>,
        view: &ChgkDisplayView,
    ) {
        display::screen(ui, state, tournament, view);
    }

    fn staff_activity(view: &ChgkStaffView, now: ServerTime) -> Activity {
        activity(&view.clock, now)
    }

    fn staff(
        ui: &mut Ui,
        state: &AppState,
        host: &HostView,
        game: Game<'_>,
        view: &ChgkStaffView,
        seat: Seat,
        form: &mut ChgkForm,
        out: &mut Vec<UiCommand>,
    ) {
        staff::screen(ui, state, host, game.id, view, seat, &mut form.staff, out);
    }

    fn jury_pending(view: &ChgkStaffView) -> usize {
        view.appeals
            .iter()
            .filter(|a| a.resolution.is_none())
            .count()
    }

    fn jury(
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &ChgkStaffView,
        form: &mut ChgkForm,
        out: &mut Vec<UiCommand>,
    ) {
        // 6.5: the АЖ decides ChGK appeals when the event has one.
        let appeals = &mut form.staff.appeals;
        appeals::jury(ui, state, (game.id, game.name), view, appeals, out);
    }

    fn team_clock(view: &ChgkTeamView) -> Option<ClockView> {
        Some(view.clock.clone())
    }

    fn display_clock(view: &ChgkDisplayView) -> Option<ClockView> {
        Some(view.clock.clone())
    }

    fn staff_clock(view: &ChgkStaffView) -> Option<ClockView> {
        Some(view.clock.clone())
    }

    fn staff_tours(view: &ChgkStaffView) -> Vec<(u32, String)> {
        view.tours
            .iter()
            .map(|t| (t.id.0, t.title.clone()))
            .collect()
    }

    fn display_tour(view: &ChgkDisplayView) -> Option<u32> {
        view.clock.tour.map(|t| t.0)
    }
}
