//! The team terminal: the team's name over the main page, which the
//! event's own games claim ([`crate::views::format::MainClaim`]: the
//! ChGK card, or Brain-ring's tournament between the team's fights; a live
//! fight takes the whole screen for its button). When the programme has
//! other games ([`crate::views::games`]), the terminal follows whichever
//! had the hall's attention last, and a row of pages lets the team look at
//! the other. Which format is which is the registry's to know.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::wire::view::{TeamGame, TeamView};

use crate::state::{AppState, UiCommand};
use crate::views::event_own;
use crate::views::format::MainClaim;
use crate::views::games::{self, GameForms};
use crate::views::widgets;

#[derive(Debug, Default)]
pub struct TeamForm {
    /// Every game's own cards and forms, the event's own games' too.
    pub games: GameForms,
    /// The page the team chose, and the one the terminal followed by
    /// itself: the choice holds until the hall's attention moves.
    pub page: Option<TeamPage>,
    pub followed: Option<TeamPage>,
}

/// One of a team's screens: the main page, or an added game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamPage {
    Main,
    Game(GameId),
}

pub fn team(ui: &mut Ui, state: &AppState, view: &TeamView, form: &mut TeamForm) -> Vec<UiCommand> {
    let now = state.server_now();
    let main = event_own::team_main_page(view, now);
    if let Some((game, MainClaim::Whole)) = main.game {
        return games::team_whole(ui, state, game, &mut form.games);
    }
    let shown: Vec<&TeamGame> = games::added(&view.games)
        .filter(|g| games::team_relevant(g))
        .collect();
    if shown.is_empty() {
        return main_page(ui, state, view, main.game.map(|(g, _)| g), form);
    }
    let lang = state.lang;
    // The page the hall is on: whichever had its attention last.
    let latest = shown
        .iter()
        .map(|g| (games::team_activity(g, now), g.id))
        .max_by_key(|(activity, _)| *activity);
    let auto = match latest {
        Some((activity, game)) if !main.relevant || activity > main.home => TeamPage::Game(game),
        _ => TeamPage::Main,
    };
    if form.followed != Some(auto) {
        form.followed = Some(auto);
        form.page = Some(auto);
    }
    let mut pages: Vec<(TeamPage, String)> = Vec::new();
    if main.relevant
        && let Some((game, _)) = main.game
    {
        pages.push((TeamPage::Main, games::main_label(lang, game)));
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
        return main_page(ui, state, view, main.game.map(|(g, _)| g), form);
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

/// The main page: the team's name over the game that holds it.
fn main_page(
    ui: &mut Ui,
    state: &AppState,
    view: &TeamView,
    game: Option<&TeamGame>,
    form: &mut TeamForm,
) -> Vec<UiCommand> {
    let mut out = Vec::new();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                widgets::team_heading(ui, view);
                widgets::slice_note(ui, state.lang, view);
            });
            if let Some(game) = game {
                games::team_main(ui, state, game, &mut form.games, &mut out);
            }
        });
    out
}
