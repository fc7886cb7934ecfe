//! The staff's screen of a ChGK game added to the programme: the host's
//! tabs (the game, judging, appeals, standings, questions — the same
//! [`tab`]s the dashboard shows for the event's own ChGK), or a judge's
//! judging alone.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::chgk::ChgkStaffView;
use minuta_shared::wire::view::HostView;

use super::{appeals, game, judging, questions, standings};
use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::format::Seat;

/// One of a ChGK game's staff tabs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ChgkTab {
    #[default]
    Game,
    Judging,
    Appeals,
    Standings,
    Questions,
}

impl ChgkTab {
    /// Every tab, in the order they stand.
    pub const ALL: [ChgkTab; 5] = [
        ChgkTab::Game,
        ChgkTab::Judging,
        ChgkTab::Appeals,
        ChgkTab::Standings,
        ChgkTab::Questions,
    ];

    /// The tab's name.
    pub fn word(self) -> T {
        match self {
            ChgkTab::Game => T::TabGame,
            ChgkTab::Judging => T::TabJudging,
            ChgkTab::Appeals => T::TabAppeals,
            ChgkTab::Standings => T::TabStandings,
            ChgkTab::Questions => T::TabQuestions,
        }
    }
}

/// What a ChGK game's staff screen remembers between frames.
#[derive(Debug, Default)]
pub struct ChgkStaffForm {
    pub tab: ChgkTab,
    pub game: game::GameForm,
    pub judging: judging::JudgingForm,
    pub appeals: appeals::AppealsForm,
    pub questions: questions::QuestionsForm,
}

#[allow(clippy::too_many_arguments)]
pub fn screen(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    id: GameId,
    view: &ChgkStaffView,
    seat: Seat,
    form: &mut ChgkStaffForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if seat == Seat::Judge {
        judging::judging(ui, lang, host, id, view, &mut form.judging, out);
        return;
    }
    ui.horizontal_wrapped(|ui| {
        for tab in ChgkTab::ALL {
            let label = RichText::new(lang.t(tab.word())).size(15.0);
            ui.selectable_value(&mut form.tab, tab, label);
        }
    });
    ui.separator();
    let tab = form.tab;
    self::tab(ui, state, host, id, view, tab, form, out);
}

/// One of a ChGK game's staff tabs drawn: on the added game's screen
/// above, or as the dashboard's own tab for the event's ChGK.
#[allow(clippy::too_many_arguments)]
pub fn tab(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    id: GameId,
    view: &ChgkStaffView,
    tab: ChgkTab,
    form: &mut ChgkStaffForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    match tab {
        ChgkTab::Game => game::game(ui, state, host, id, view, &mut form.game, out),
        ChgkTab::Judging => judging::judging(ui, lang, host, id, view, &mut form.judging, out),
        ChgkTab::Appeals => appeals::appeals(ui, state, id, view, &mut form.appeals, out),
        ChgkTab::Standings => standings::table(ui, state, id, view, out),
        ChgkTab::Questions => questions::questions(ui, state, id, view, &mut form.questions, out),
    }
}

/// The appeals waiting for a decision.
pub fn open_appeals(view: &ChgkStaffView) -> usize {
    view.appeals
        .iter()
        .filter(|a| a.resolution.is_none())
        .count()
}
