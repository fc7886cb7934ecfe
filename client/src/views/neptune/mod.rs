//! «Нептун» on screen as a format of the programme (registered in
//! [`crate::views::games`]). Skeleton: the screens are being built.

use egui::Ui;
use minuta_shared::play::chgk::view::ClockView;
use minuta_shared::play::games::GameSettings;
use minuta_shared::play::neptune::{
    NeptuneBoard, NeptuneSettings, NeptuneStaffView, NeptuneTeamView,
};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::HostView;

use crate::state::{AppState, UiCommand};
use crate::views::format::{Activity, Game, Screens, Seat};

/// Нептун in the registry of formats.
pub struct Neptune;

#[derive(Debug, Default)]
pub struct NeptuneForm {}

impl Screens for Neptune {
    type Staff = NeptuneStaffView;
    type Team = NeptuneTeamView;
    type Display = NeptuneBoard;
    type Form = NeptuneForm;

    fn new_game() -> GameSettings {
        GameSettings::Neptune(NeptuneSettings::default())
    }

    fn team_relevant(view: &NeptuneTeamView) -> bool {
        view.playing
    }

    fn team_activity(_view: &NeptuneTeamView, _now: ServerTime) -> Activity {
        Activity::Idle
    }

    fn team(
        ui: &mut Ui,
        _state: &AppState,
        _game: Game<'_>,
        _view: &NeptuneTeamView,
        _form: &mut NeptuneForm,
        _out: &mut Vec<UiCommand>,
    ) {
        ui.label("Нептун");
    }

    fn display_activity(_view: &NeptuneBoard, _now: ServerTime) -> Activity {
        Activity::Idle
    }

    fn display(ui: &mut Ui, _state: &AppState, _game: Game<'_>, _view: &NeptuneBoard) {
        ui.label("Нептун");
    }

    fn staff_activity(_view: &NeptuneStaffView, _now: ServerTime) -> Activity {
        Activity::Idle
    }

    fn staff(
        ui: &mut Ui,
        _state: &AppState,
        _host: &HostView,
        _game: Game<'_>,
        _view: &NeptuneStaffView,
        _seat: Seat,
        _form: &mut NeptuneForm,
        _out: &mut Vec<UiCommand>,
    ) {
        ui.label("Нептун");
    }

    fn jury_pending(_view: &NeptuneStaffView) -> usize {
        0
    }

    fn jury(
        _ui: &mut Ui,
        _state: &AppState,
        _game: Game<'_>,
        _view: &NeptuneStaffView,
        _form: &mut NeptuneForm,
        _out: &mut Vec<UiCommand>,
    ) {
    }

    fn team_clock(_view: &NeptuneTeamView) -> Option<ClockView> {
        None
    }

    fn display_clock(_view: &NeptuneBoard) -> Option<ClockView> {
        None
    }

    fn staff_clock(_view: &NeptuneStaffView) -> Option<ClockView> {
        None
    }

    fn staff_tours(_view: &NeptuneStaffView) -> Vec<(u32, String)> {
        Vec::new()
    }

    fn display_tour(_view: &NeptuneBoard) -> Option<u32> {
        None
    }
}
