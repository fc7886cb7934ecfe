//! A tie at the qualification cut (4.3, 5.2) on the host's screen: the
//! server refused «Отобрать» naming the teams level on points and rating
//! and the places they contest; this panel runs the shoot-off — one
//! question to the tied teams' cards, the host ticks those right and
//! records it, repeated until the tie breaks — or draws the lot with a seed
//! the host sees first. Each step sends the qualification again with the
//! shoot-off so far (the server keeps nothing of a refused one; the panel
//! reads it back from the refusal), so the server alone decides when the
//! tie is broken.

use std::collections::BTreeSet;

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::wire::client::{Command, CutDecision};
use minuta_shared::wire::server::CommandError;

use crate::i18n::tie::{self as words, Tt};
use crate::state::{AppState, Notice, UiCommand};
use crate::views::widgets::{AMBER, GREY};

/// What the panel remembers: the teams ticked right on the question being
/// recorded, and the lot's seed (from the clock until the host types one).
#[derive(Debug, Default)]
pub struct CutTieForm {
    pub right: BTreeSet<TeamId>,
    pub lot_seed: Option<u64>,
}

/// The tie standing at the cut of `game`: the last answer to a
/// qualification into it, when that was a tie — with the command refused.
pub fn standing(state: &AppState, game: GameId) -> Option<(&Command, &CommandError)> {
    state
        .toasts
        .iter()
        .rev()
        .find_map(|t| {
            let (command, error) = match &t.notice {
                Notice::Failed { command, error } => (&**command, Some(error)),
                Notice::Done { command, .. } => (&**command, None),
                _ => return None,
            };
            match command {
                Command::Qualify { game: g, .. } if *g == game => Some(error.map(|e| (command, e))),
                _ => None,
            }
        })?
        .filter(|(_, e)| matches!(e, CommandError::TieAtTheCut { .. }))
}

/// The panel, when a tie stands at the cut of `game`.
pub fn panel(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    form: &mut CutTieForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let Some((
        Command::Qualify {
            places, seed, cut, ..
        },
        CommandError::TieAtTheCut {
            teams,
            places: left,
        },
    )) = standing(state, game)
    else {
        return;
    };
    let again = |cut: CutDecision| {
        UiCommand::Send(Command::Qualify {
            game,
            places: *places,
            seed: *seed,
            cut,
        })
    };
    ui.add_space(6.0);
    ui.label(
        RichText::new(lang.t(Tt::CutTitle))
            .size(18.0)
            .strong()
            .color(AMBER),
    );
    ui.label(words::cut_places(lang, teams.len(), *left));
    ui.label(RichText::new(lang.t(Tt::CutHint)).small().color(GREY));
    ui.label(words::question_number(lang, cut.shoot_off.len() as u32 + 1));
    ui.horizontal_wrapped(|ui| {
        for (team, name) in teams {
            let mut right = form.right.contains(team);
            if ui.checkbox(&mut right, name).changed() {
                if right {
                    form.right.insert(*team);
                } else {
                    form.right.remove(team);
                }
            }
        }
    });
    if ui.button(lang.t(Tt::CutRecord)).clicked() {
        let mut next = cut.clone();
        next.shoot_off.push(
            teams
                .iter()
                .map(|(t, _)| *t)
                .filter(|t| form.right.contains(t))
                .collect(),
        );
        form.right.clear();
        out.push(again(next));
    }
    ui.add_space(4.0);
    ui.label(RichText::new(lang.t(Tt::LotHint)).small().color(GREY));
    let lot_seed = form.lot_seed.get_or_insert(state.now_us % 1_000_000);
    ui.horizontal(|ui| {
        let label = ui.label(lang.t(Tt::LotSeed));
        ui.add(egui::DragValue::new(lot_seed)).labelled_by(label.id);
        if ui.button(lang.t(Tt::DrawLot)).clicked() {
            let mut next = cut.clone();
            next.lot = Some(*lot_seed);
            out.push(again(next));
        }
    });
}
