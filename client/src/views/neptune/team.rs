//! A team's Нептун terminal: what is on now with its countdown, then what
//! the contest asks of the team — Негатив's sheet beside the card, the
//! captain's split before Сэндвич (read-only once its ломтики answer from
//! their own terminals), Блицкриг's four-answer card, Сизиф's run, Джокер's
//! topics and declaration, the captain's bidding in the auction — and the
//! overall table. A ломтик's terminal (`slice`) is the same screen with its
//! own name and its card in Сэндвич only.

use egui::{RichText, Ui};
use minuta_shared::ids::Slice;
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::play::neptune::{NeptuneTeamView, Stage};

use super::{bidding, card, clock, joker, now_heading, sheet, slice_name, split, table, title};
use crate::state::{AppState, UiCommand};
use crate::views::format::Game;
use crate::views::neptune::words::{self, Nt};
use crate::views::widgets::{self, AMBER, BRIGHT, GREY};

#[derive(Debug, Default)]
pub struct TeamForm {
    pub card: card::CardDraft,
    pub split: split::SplitDraft,
    /// Джокер: the number chosen, not yet sent.
    pub declare: joker::DeclareDraft,
    pub bid: bidding::BidDraft,
}

pub fn screen(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &NeptuneTeamView,
    form: &mut TeamForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let board = &view.board;
    ui.vertical_centered(|ui| {
        ui.label(
            RichText::new(title(lang, game, board))
                .size(18.0)
                .color(GREY),
        );
    });
    if let Some(slice) = view.slice {
        slice_screen(ui, state, game, view, slice, form, out);
        return;
    }
    if !view.playing {
        ui.label(RichText::new(lang.t(Nt::NotPlaying)).size(20.0));
        return;
    }
    now(ui, state, view);
    ui.add_space(8.0);
    let contest = board.contest;
    // Between Негатив and Сэндвич the split is what the captain does now.
    let split_first = matches!(
        board.stage,
        Stage::SettingUp
            | Stage::Between {
                next: Contest::Sandwich | Contest::Negative
            }
    );
    if split_first && view.split_open {
        split::captain(ui, state, game.id, view, &mut form.split, out);
        ui.separator();
    }
    match contest {
        // A phone: the sheet above the card rather than beside it.
        Some(Contest::Negative) if !view.sheet.is_empty() && widgets::narrow(ui) => {
            sheet::sheet(ui, state, game.id, view, out);
            ui.add_space(8.0);
            ui.vertical_centered(|ui| card::card(ui, state, game.id, view, &mut form.card, out));
        }
        Some(Contest::Negative) if !view.sheet.is_empty() => {
            ui.columns(2, |cols| {
                sheet::sheet(&mut cols[0], state, game.id, view, out);
                cols[1].vertical_centered(|ui| {
                    card::card(ui, state, game.id, view, &mut form.card, out)
                });
            });
        }
        Some(Contest::Sandwich) => {
            split::captain(ui, state, game.id, view, &mut form.split, out);
        }
        Some(Contest::Sisyphus) => {
            ui.vertical_centered(|ui| {
                if let Some(run) = view.run {
                    ui.label(
                        RichText::new(words::run(lang, run.run, run.next_worth))
                            .size(22.0)
                            .strong()
                            .color(AMBER),
                    );
                }
                card::card(ui, state, game.id, view, &mut form.card, out);
            });
        }
        Some(Contest::Joker) => {
            ui.vertical_centered(|ui| {
                joker::joker(ui, state, game.id, view, &mut form.declare, out);
                card::card(ui, state, game.id, view, &mut form.card, out);
            });
        }
        Some(Contest::Auction) => {
            ui.vertical_centered(|ui| {
                bidding::bidding(ui, state, game.id, view, &mut form.bid, out);
                card::card(ui, state, game.id, view, &mut form.card, out);
            });
        }
        Some(_) => {
            ui.vertical_centered(|ui| card::card(ui, state, game.id, view, &mut form.card, out));
        }
        None => {}
    }
    // The captain may split the team early, while Негатив is played.
    if !split_first && view.split_open && contest.is_some() {
        ui.separator();
        split::captain(ui, state, game.id, view, &mut form.split, out);
    }
    ui.separator();
    ui.label(RichText::new(lang.t(Nt::TableTitle)).size(20.0).strong());
    table::table(ui, lang, "team", &board.table, Some(view.team), 14.0);
}

/// The contest, the question and what is on, with the countdown.
fn now(ui: &mut Ui, state: &AppState, view: &NeptuneTeamView) {
    let board = &view.board;
    ui.vertical_centered(|ui| {
        now_heading(ui, state.lang, board, 30.0, BRIGHT);
        if let Some(rating) = board.question.as_ref().and_then(|q| q.rating) {
            ui.label(
                RichText::new(format!("{}: {rating}", state.lang.t(Nt::Rating)))
                    .size(24.0)
                    .strong(),
            );
        }
        clock(ui, state.lang, board, state.server_now(), 72.0);
    });
}

/// A ломтик's terminal: its name, and its card while Сэндвич is played
/// (2.3); the table otherwise.
fn slice_screen(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &NeptuneTeamView,
    slice: Slice,
    form: &mut TeamForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let board = &view.board;
    ui.vertical_centered(|ui| {
        ui.label(
            RichText::new(slice_name(board, view.team, slice))
                .size(36.0)
                .strong(),
        );
    });
    let sandwich = board.contest == Some(Contest::Sandwich)
        && !matches!(board.stage, Stage::Between { .. } | Stage::Finished);
    if sandwich {
        now(ui, state, view);
        ui.vertical_centered(|ui| card::card(ui, state, game.id, view, &mut form.card, out));
    } else {
        ui.vertical_centered(|ui| {
            ui.label(
                RichText::new(lang.t(Nt::SliceOnlySandwich))
                    .size(20.0)
                    .color(GREY),
            );
        });
    }
    ui.separator();
    ui.label(RichText::new(lang.t(Nt::TableTitle)).size(20.0).strong());
    table::table(ui, lang, "slice", &board.table, Some(view.team), 14.0);
}
