//! The team terminal: the team's name over the event's own ChGK screen
//! ([`crate::views::chgk::team`]). While the team plays a fight of the
//! event's own Brain-ring the terminal is its button instead
//! ([`crate::views::brain_ring::button`]), and between its fights it follows the
//! tournament ([`crate::views::brain_ring::waiting`]). When the programme has
//! other games ([`crate::views::games`]), the terminal follows whichever
//! had the hall's attention last, and a row of pages lets the team look at
//! the other.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::brain_ring::RingBoard;
use minuta_shared::play::chgk::EVENT_CHGK;
use minuta_shared::wire::view::{TeamGame, TeamView};

use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::brain_ring::button::{self, ButtonForm};
use crate::views::brain_ring::waiting;
use crate::views::chgk::team::ChgkTeamForm;
use crate::views::chgk::{self, Chgk};
use crate::views::format::Screens;
use crate::views::games::{self, GameForms};
use crate::views::widgets;

#[derive(Debug, Default)]
pub struct TeamForm {
    /// The event's own ChGK game's card and appeal.
    pub chgk: ChgkTeamForm,
    /// The event's own Brain-ring's button and appeal.
    pub button: ButtonForm,
    /// The games' own cards and forms.
    pub games: GameForms,
    /// The page the team chose, and the one the terminal followed by
    /// itself: the choice holds until the hall's attention moves.
    pub page: Option<TeamPage>,
    pub followed: Option<TeamPage>,
}

/// One of a team's screens: the ChGK (or Brain-ring) one, or a game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamPage {
    Main,
    Game(GameId),
}

pub fn team(ui: &mut Ui, state: &AppState, view: &TeamView, form: &mut TeamForm) -> Vec<UiCommand> {
    let event_ring = view.event_ring();
    // A ломтик has no button: its team's own terminal presses.
    if let Some((game, own)) = event_ring
        && let Some(fight) = &own.fight
        && view.slice.is_none()
    {
        return button::screen(ui, state, game, view.team, fight, &mut form.button);
    }
    let ring_board = event_ring.and_then(|(_, own)| own.board.as_ref());
    // The event's own ChGK and Brain-ring are the main page.
    let shown: Vec<&TeamGame> = games::added(&view.games)
        .filter(|g| games::team_relevant(g))
        .collect();
    if shown.is_empty() {
        return main(ui, state, view, ring_board, form);
    }
    let lang = state.lang;
    let now = state.server_now();
    let main_relevant = Chgk::team_relevant(view.event_chgk()) || ring_board.is_some();
    // The page the hall is on: whichever had its attention last.
    let latest = shown
        .iter()
        .map(|g| (games::team_activity(g, now), g.id))
        .max_by_key(|(activity, _)| *activity);
    let auto = match latest {
        Some((activity, game))
            if !main_relevant || activity > chgk::activity(&view.event_chgk().clock, now) =>
        {
            TeamPage::Game(game)
        }
        _ => TeamPage::Main,
    };
    if form.followed != Some(auto) {
        form.followed = Some(auto);
        form.page = Some(auto);
    }
    let mut pages: Vec<(TeamPage, String)> = Vec::new();
    if main_relevant {
        let label = if view.event_chgk().clock.question.is_none() && ring_board.is_some() {
            lang.t(T::TabRing)
        } else {
            lang.t(T::ChgkScreen)
        };
        pages.push((TeamPage::Main, label.to_owned()));
    }
    for game in &shown {
        pages.push((
            TeamPage::Game(game.id),
            games::game_name(lang, game.format, &game.name),
        ));
    }
    let page = form
        .page
        .filter(|p| pages.iter().any(|(q, _)| q == p))
        .unwrap_or(auto);
    if pages.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            for (choice, label) in &pages {
                if ui
                    .selectable_label(page == *choice, RichText::new(label).size(16.0))
                    .clicked()
                {
                    form.page = Some(*choice);
                }
            }
        });
        ui.separator();
    }
    let game = match page {
        TeamPage::Game(id) => shown.iter().find(|g| g.id == id),
        TeamPage::Main => None,
    };
    let Some(game) = game else {
        return main(ui, state, view, ring_board, form);
    };
    let mut out = Vec::new();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                widgets::team_heading(ui, view);
                widgets::slice_note(ui, lang, view);
            });
            games::team(ui, state, game, &mut form.games, &mut out);
        });
    out
}

/// The event's own ChGK screen, or its Brain-ring's between the team's
/// fights.
fn main(
    ui: &mut Ui,
    state: &AppState,
    view: &TeamView,
    ring_board: Option<&RingBoard>,
    form: &mut TeamForm,
) -> Vec<UiCommand> {
    let chgk = view.event_chgk();
    let mut out = Vec::new();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                widgets::team_heading(ui, view);
                widgets::slice_note(ui, state.lang, view);
            });
            match ring_board {
                // Between its Brain-ring fights (and no ChGK question
                // running), a team follows the tournament: its fights, its
                // place, the final places.
                Some(board) if chgk.clock.question.is_none() => {
                    waiting::waiting(ui, state.lang, view.team, board)
                }
                _ => chgk::team::screen(ui, state, EVENT_CHGK, chgk, &mut form.chgk, &mut out),
            }
        });
    out
}
