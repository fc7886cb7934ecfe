//! «Что? Где? Когда?»'s screens as a format of the programme: a team's
//! card and answers ([`team`]), the projector's clock and standings
//! ([`display`]), and the staff's tabs — the game ([`game`]), judging
//! ([`judging`]), appeals ([`appeals`]), the table ([`standings`]) and the
//! questions ([`questions`]) — which the host dashboard shows as the event's
//! own ChGK's tabs and [`staff`] for a ChGK game added to the programme;
//! a team's attendance on the teams tab ([`attendance`]), the minute's
//! timing on the tournament tab ([`timing`]) and its tours on the
//! programme tab ([`programme`]). Registered in
//! [`crate::views::games`].

pub mod appeals;
pub mod attendance;
pub mod chart;
pub mod display;
pub mod game;
pub mod judging;
pub mod programme;
pub mod questions;
pub mod staff;
pub mod standings;
pub mod team;
pub mod timing;
pub mod words;

use egui::Ui;
use minuta_shared::ids::TeamId;
use minuta_shared::play::chgk::{ChgkDisplayView, ChgkSettings, ChgkStaffView, ChgkTeamView};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::GameSettings;
use minuta_shared::play::settings::TournamentSettings;
use minuta_shared::programme::Slot;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::{DisplayView, HostView, TeamView};

use crate::i18n::Lang;
use crate::state::{AppState, UiCommand};
use crate::views::chgk::words::Ct;
use crate::views::format::{
    Activity, Clocks, EventOwn, Game, MainClaim, Opening, OwnMainPage, OwnSlots, OwnTab, Screens,
    Seat,
};
use crate::views::widgets;
use staff::ChgkTab;

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
    /// The tour number being typed on the programme tab.
    pub programme_tour: Option<u32>,
}

impl Screens for Chgk {
    /// Another ChGK tournament beside the event's own (which has its own
    /// tabs).
    const SET_UP_FIRST: bool = true;
    type Staff = ChgkStaffView;
    type Team = ChgkTeamView;
    type Display = ChgkDisplayView;
    type Form = ChgkForm;
    type Tab = ChgkTab;

    /// Every event is a ChGK tournament first (game 0), whatever else its
    /// programme holds.
    const EVENT_OWN: Option<&'static dyn EventOwn<Self>> = Some(&Chgk);
    const CLOCKS: Option<&'static dyn Clocks<Self>> = Some(&Chgk);

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
        staff::open_appeals(view)
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

impl EventOwn<Chgk> for Chgk {
    /// Judges check the event's ChGK's cards (its judging alone).
    fn judged(&self) -> bool {
        true
    }

    /// The game, judging, appeals (with those waiting) and the table on
    /// the bar; the questions are set up before the evening.
    fn tabs(&self, lang: Lang, view: Option<&ChgkStaffView>) -> Vec<OwnTab<ChgkTab>> {
        let waiting = view.map_or(0, staff::open_appeals);
        ChgkTab::ALL
            .into_iter()
            .map(|tab| {
                let word = lang.t(tab.word());
                match tab {
                    ChgkTab::Questions => OwnTab::set_up(tab, word),
                    ChgkTab::Appeals if waiting > 0 => {
                        OwnTab::bar(tab, format!("{word} ({waiting})"))
                    }
                    ChgkTab::Game | ChgkTab::Judging | ChgkTab::Appeals | ChgkTab::Standings => {
                        OwnTab::bar(tab, word)
                    }
                }
            })
            .collect()
    }

    fn tab(
        &self,
        ui: &mut Ui,
        state: &AppState,
        host: &HostView,
        game: Game<'_>,
        view: &ChgkStaffView,
        tab: ChgkTab,
        form: &mut ChgkForm,
        out: &mut Vec<UiCommand>,
    ) {
        staff::tab(ui, state, host, game.id, view, tab, &mut form.staff, out);
    }

    /// Ready once it has tours; the questions until then.
    fn opening(&self, view: &ChgkStaffView) -> Opening<ChgkTab> {
        if view.tours.is_empty() {
            Opening::Idle
        } else {
            Opening::Ready(ChgkTab::Game)
        }
    }

    /// 6.5 as this festival reads it for ChGK (docs/rules.md): the jury
    /// decides the event's ChGK's appeals once it has tours.
    fn in_jury(&self, view: &ChgkStaffView) -> bool {
        !view.tours.is_empty()
    }

    /// 3: the event's settings carry its ChGK's minute.
    fn settings(&self, ui: &mut Ui, lang: Lang, settings: &mut TournamentSettings) -> bool {
        timing::rows(ui, lang, &mut settings.chgk)
    }

    /// 4.3: a team absent from a tour leaves its A.
    fn team_button(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.t(Ct::Attendance))
    }

    fn team_page(
        &self,
        ui: &mut Ui,
        lang: Lang,
        game: Game<'_>,
        view: &ChgkStaffView,
        team: TeamId,
        out: &mut Vec<UiCommand>,
    ) {
        attendance::attendance(ui, lang, game.id, view, team, out);
    }
}

impl OwnMainPage<Chgk> for Chgk {
    /// The event's ChGK is the main page's home: its card, whatever else
    /// is on, unless something claims more.
    fn team_main_claim(&self, _team: &TeamView, view: &ChgkTeamView, now: ServerTime) -> MainClaim {
        MainClaim::Home {
            activity: activity(&view.clock, now),
            relevant: Self::team_relevant(view),
        }
    }

    /// The projector's home: the clock, the cards in and the standings.
    fn display_main_claim(
        &self,
        _hall: &DisplayView,
        view: &ChgkDisplayView,
        now: ServerTime,
    ) -> MainClaim {
        MainClaim::Home {
            activity: activity(&view.clock, now),
            relevant: true,
        }
    }

    fn main_label(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.t(Ct::ChgkScreen))
    }

    /// Under the tournament's name: the event's ChGK is the event.
    fn display_main(
        &self,
        ui: &mut Ui,
        state: &AppState,
        tournament: &str,
        _game: Game<'_>,
        view: &ChgkDisplayView,
    ) {
        display::screen(ui, state, tournament, view);
    }

    /// Between the programme's slots the projector shows the standings
    /// beside the whole programme, once there are any.
    fn display_beside_programme(&self, view: &ChgkDisplayView) -> bool {
        !view.standings.is_empty()
    }

    fn display_beside(&self, ui: &mut Ui, lang: Lang, view: &ChgkDisplayView, size: f32) {
        display::beside_programme(ui, lang, view, size);
    }
}

impl OwnSlots<Chgk> for Chgk {
    /// 2: the programme's «тур ЧГК» slots are the event's ChGK's.
    fn own_slot(&self, slot: &Slot) -> bool {
        matches!(slot, Slot::ChgkTour { .. })
    }

    /// A slot per tour, as its package has it.
    fn own_slots(&self, view: Option<&ChgkStaffView>) -> Vec<(Slot, String)> {
        view.map_or_else(Vec::new, |v| {
            v.tours
                .iter()
                .map(|t| (Slot::ChgkTour { tour: t.id }, t.title.clone()))
                .collect()
        })
    }

    /// Begun once a question of the tour is the current one.
    fn own_slot_begun(&self, view: &ChgkDisplayView, slot: &Slot) -> bool {
        let clock = &view.clock;
        match slot {
            Slot::ChgkTour { tour } => clock.question.is_some() && clock.tour == Some(*tour),
            Slot::GameTour { .. } | Slot::BrainRing => false,
        }
    }

    /// A tour of a package not loaded yet: by its number.
    fn own_slot_picker(
        &self,
        ui: &mut Ui,
        lang: Lang,
        taken: &dyn Fn(&Slot) -> bool,
        form: &mut ChgkForm,
    ) -> Option<Slot> {
        programme::tour_by_number(ui, lang, taken, &mut form.programme_tour)
    }
}

impl Clocks<Chgk> for Chgk {
    fn team_clock(&self, view: &ChgkTeamView) -> Option<ClockView> {
        Some(view.clock.clone())
    }

    fn display_clock(&self, view: &ChgkDisplayView) -> Option<ClockView> {
        Some(view.clock.clone())
    }

    fn staff_clock(&self, view: &ChgkStaffView) -> Option<ClockView> {
        Some(view.clock.clone())
    }
}
