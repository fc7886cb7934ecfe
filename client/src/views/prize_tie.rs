//! Ties at prize places (2.2) on the host's screen and the hall's: once a
//! game is over, each place 1–3 its table leaves shared is played off here
//! — one question to the tied teams, the host ticks those right and records
//! it, repeated until the place is decided — or drawn by a lot whose seed
//! the host sees first, or recorded as shared. Each step goes to the
//! server, which stores it and settles every table, sheet and festival
//! prize by it; the boards come from the server's view, so a restart shows
//! the same. No format is named here.

use std::collections::{BTreeMap, BTreeSet};

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::wire::client::{Command, PrizeStep};
use minuta_shared::wire::view::PrizeTieBoard;

use crate::i18n::Lang;
use crate::i18n::tie::{self as words, Tt};
use crate::state::{AppState, UiCommand};
use crate::views::cut_tie::{self, TieStep};
use crate::views::widgets::{AMBER, GREY};

/// What the panels remember, per tie: the teams ticked right on the
/// question being recorded, and the lot's seed (from the clock until the
/// host types one).
#[derive(Debug, Default)]
pub struct PrizeTieForm {
    ties: BTreeMap<(GameId, u32), TieForm>,
}

#[derive(Debug, Default)]
struct TieForm {
    right: BTreeSet<TeamId>,
    lot_seed: Option<u64>,
}

/// The host's panels: every tie still open, with its steps; the settled
/// ones folded under one heading.
pub fn host(
    ui: &mut Ui,
    state: &AppState,
    boards: &[PrizeTieBoard],
    form: &mut PrizeTieForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    for board in boards.iter().filter(|b| !b.settled()) {
        let key = (board.game, board.place.first);
        open_panel(ui, state, board, form.ties.entry(key).or_default(), out);
        ui.separator();
    }
    let settled: Vec<&PrizeTieBoard> = boards.iter().filter(|b| b.settled()).collect();
    if settled.is_empty() {
        return;
    }
    egui::CollapsingHeader::new(format!("{} ({})", lang.t(Tt::PrizesSettled), settled.len()))
        .id_salt("prize-ties-settled")
        .show(ui, |ui| {
            for board in settled {
                ui.label(words::prize_tied(lang, board));
                ui.label(RichText::new(words::prize_result(lang, board)).strong());
            }
        });
    ui.separator();
}

fn open_panel(
    ui: &mut Ui,
    state: &AppState,
    board: &PrizeTieBoard,
    form: &mut TieForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let step = |step: PrizeStep| {
        UiCommand::Send(Command::SettlePrizeTie {
            game: board.game,
            place: board.place,
            step,
        })
    };
    ui.label(
        RichText::new(lang.t(Tt::PrizeTitle))
            .size(18.0)
            .strong()
            .color(AMBER),
    );
    ui.label(words::prize_tied(lang, board));
    ui.label(RichText::new(lang.t(Tt::PrizeHint)).small().color(GREY));
    for (number, right) in (1u32..).zip(&board.shoot_off) {
        ui.label(words::shoot_off_right(lang, number, right));
    }
    if let Some(still) = words::prize_still(lang, board) {
        ui.label(RichText::new(still).strong());
    }
    ui.label(words::question_number(
        lang,
        board.shoot_off.len() as u32 + 1,
    ));
    match cut_tie::steps(
        ui,
        state,
        &board.still_tied,
        &mut form.right,
        &mut form.lot_seed,
    ) {
        Some(TieStep::ShootOff(right)) => out.push(step(PrizeStep::ShootOff { right })),
        Some(TieStep::Lot(seed)) => out.push(step(PrizeStep::Lot { seed })),
        None => {}
    }
    if ui.button(lang.t(Tt::PrizeShare)).clicked() {
        out.push(step(PrizeStep::Shared));
    }
}

/// The ties for the hall: each tie, the shoot-off so far, and the places
/// it gave once settled.
pub fn hall(ui: &mut Ui, lang: Lang, boards: &[PrizeTieBoard], size: f32) {
    if boards.is_empty() {
        return;
    }
    ui.vertical_centered(|ui| {
        for board in boards {
            ui.label(
                RichText::new(lang.t(Tt::PrizeTitle))
                    .size(size)
                    .strong()
                    .color(AMBER),
            );
            ui.label(RichText::new(words::prize_tied(lang, board)).size(size * 0.8));
            for (number, right) in (1u32..).zip(&board.shoot_off) {
                ui.label(
                    RichText::new(words::shoot_off_right(lang, number, right)).size(size * 0.7),
                );
            }
            let text = match words::prize_still(lang, board) {
                Some(still) => still,
                None => words::prize_result(lang, board),
            };
            ui.label(RichText::new(text).size(size * 0.8).strong());
        }
    });
    ui.separator();
}
