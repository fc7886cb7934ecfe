//! The host judges the question in play as ChGK does (0.4: Нептун alone):
//! one row per distinct answer (case and spaces aside) with how many cards
//! gave it and whose, «Верно» / «Неверно» for the whole group at once; Блицкриг's per
//! answer number; who has not handed in; and the late cards apart, kept
//! but never judged or scored.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, Slice};
use minuta_shared::play::neptune::rules::{Contest, QUESTIONS_PER_BLOCK};
use minuta_shared::play::neptune::{AnswerGroup, CardKey, NeptuneCommand, NeptuneStaffView, Stage};

use super::{card_name, send};
use crate::i18n::Lang;
use crate::state::UiCommand;
use crate::views::neptune::words::{self, Nt};
use crate::views::widgets::{self, GREEN, GREY, RED};

/// Every card the question expects: each team's, in Сэндвич each ломтик's.
fn expected(view: &NeptuneStaffView) -> Vec<CardKey> {
    let sandwich = view.board.contest == Some(Contest::Sandwich);
    view.teams
        .iter()
        .flat_map(|t| {
            if sandwich {
                Slice::BOTH
                    .iter()
                    .map(|s| CardKey::slice(t.team, *s))
                    .collect::<Vec<_>>()
            } else {
                vec![CardKey::team(t.team)]
            }
        })
        .collect()
}

pub fn judging(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    view: &NeptuneStaffView,
    out: &mut Vec<UiCommand>,
) {
    let board = &view.board;
    let open = matches!(
        board.stage,
        Stage::Minute { .. } | Stage::BetweenSteps { .. } | Stage::Judging
    );
    if !open {
        return;
    }
    ui.label(RichText::new(lang.t(Nt::JudgingTitle)).size(20.0).strong());
    let expected = expected(view);
    ui.label(words::cards_in(lang, view.cards.len(), expected.len()));
    let missing: Vec<String> = expected
        .iter()
        .filter(|k| !view.cards.iter().any(|c| c.key == **k))
        .map(|k| card_name(board, *k))
        .collect();
    if !missing.is_empty() {
        ui.label(
            RichText::new(format!(
                "{}: {}",
                lang.t(Nt::NoCardFrom),
                missing.join(", ")
            ))
            .color(GREY),
        );
    }
    if view.groups.is_empty() {
        ui.label(RichText::new(lang.t(Nt::NoCards)).color(GREY));
    }
    let blitz = board.contest == Some(Contest::Blitz);
    let parts = if blitz { QUESTIONS_PER_BLOCK as u8 } else { 1 };
    for part in 0..parts {
        let groups: Vec<&AnswerGroup> = view.groups.iter().filter(|g| g.part == part).collect();
        if groups.is_empty() {
            continue;
        }
        if blitz {
            ui.label(RichText::new(words::part(lang, part)).size(17.0).strong());
        }
        egui::Grid::new(("neptune-judging", game.0, part))
            .striped(true)
            .spacing([14.0, 6.0])
            .show(ui, |ui| {
                for group in groups {
                    row(ui, lang, game, view, group, out);
                    ui.end_row();
                }
            });
    }
    late(ui, lang, view);
}

/// One distinct answer: its text, how many gave it and who, the verdicts.
fn row(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    view: &NeptuneStaffView,
    group: &AnswerGroup,
    out: &mut Vec<UiCommand>,
) {
    ui.label(
        RichText::new(widgets::quoted(&group.text))
            .size(17.0)
            .strong(),
    );
    ui.label(RichText::new(words::times(group.cards.len())).size(16.0));
    let names: Vec<String> = group
        .cards
        .iter()
        .map(|k| card_name(&view.board, *k))
        .collect();
    ui.label(RichText::new(names.join(", ")).small().color(GREY));
    for (correct, text, colour) in [(true, Nt::Right, GREEN), (false, Nt::Wrong, RED)] {
        let chosen = group.verdict == Some(correct);
        let label = RichText::new(lang.t(text)).size(16.0);
        let label = if chosen {
            label.color(colour).strong()
        } else {
            label
        };
        if ui.selectable_label(chosen, label).clicked() && !chosen {
            send(
                out,
                game,
                NeptuneCommand::Judge {
                    cards: group.cards.clone(),
                    part: group.part,
                    correct,
                },
            );
        }
    }
}

/// Late cards, apart: kept and shown, never judged (the server refuses).
fn late(ui: &mut Ui, lang: Lang, view: &NeptuneStaffView) {
    let late: Vec<_> = view.cards.iter().filter(|c| c.late).collect();
    if late.is_empty() {
        return;
    }
    ui.add_space(6.0);
    ui.label(RichText::new(lang.t(Nt::LateCards)).strong().color(RED));
    for card in late {
        ui.label(RichText::new(format!("{}: {}", card.name, card.answers.join(" · "))).color(GREY));
    }
}
