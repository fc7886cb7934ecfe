//! Нептун on the projector, in type read from the back of the hall: the
//! contest and the question, the countdown, the revealed answer with the
//! teams (Сэндвич: the ломтики) that got it right (2.3), Джокер's topics
//! and, after the tour, its results (5.5), the auction's standing bid huge
//! with the count and the bids (6.3), and the overall table with a column
//! per contest.

use egui::{RichText, Ui};
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::play::neptune::{JokerBoard, NeptuneBoard, RevealBoard, Stage};

use super::bidding::{log, outcome, standing};
use super::{card_name, clock, count_now, count_word, now_heading, table, team_name};
use crate::i18n::Lang;
use crate::state::AppState;
use crate::views::neptune::words::{self, Nt};
use crate::views::widgets::{self, AMBER, BRIGHT, GREEN, GREY, SOFT};

pub fn display(ui: &mut Ui, state: &AppState, title: &str, board: &NeptuneBoard) {
    let lang = state.lang;
    let now = state.server_now();
    // Large enough to read from afar, small enough to leave the table room.
    let size = (ui.available_height() * 0.045).clamp(18.0, 48.0);
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(title).size(size * 0.7).color(GREY));
        now_heading(ui, lang, board, size * 1.3, BRIGHT);
        if let Some(rating) = board.question.as_ref().and_then(|q| q.rating) {
            ui.label(
                RichText::new(format!("{}: {rating}", lang.t(Nt::Rating)))
                    .size(size)
                    .strong()
                    .color(AMBER),
            );
        }
        clock(ui, lang, board, now, size * 3.5);
    });
    if let (Some(auction), Some(Contest::Auction)) = (&board.auction, board.contest)
        && matches!(board.stage, Stage::Bidding | Stage::Sold)
    {
        ui.vertical_centered(|ui| {
            standing(ui, lang, auction, size * 3.0);
            if let Some(count) = count_now(ui, auction, &board.stage, now) {
                count_word(ui, lang, count, size * 2.5);
            }
            if let Some(sold) = &auction.sold {
                outcome(ui, lang, board, sold);
            }
        });
        widgets::centred(ui, "neptune-display-bids", |ui| {
            log(ui, lang, "display", board, auction, size * 0.7);
        });
    }
    if let Some(joker) = &board.joker
        && board.contest == Some(Contest::Joker)
    {
        joker_board(ui, lang, board, joker, size);
    }
    if let Some(reveal) = &board.reveal
        && Some(reveal.contest) == board.contest
        && matches!(
            board.stage,
            Stage::Revealed | Stage::Between { .. } | Stage::Finished
        )
    {
        reveal_board(ui, lang, board, reveal, size);
    }
    ui.add_space(size * 0.5);
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(lang.t(Nt::TableTitle)).size(size).strong());
    });
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            widgets::centred(ui, "neptune-display-table", |ui| {
                table::table(ui, lang, "display", &board.table, None, size * 0.7)
            });
        });
}

/// The answer (Блицкриг: the block's four), its comment, and who got it
/// right: teams, or in Сэндвич ломтики (2.3).
fn reveal_board(ui: &mut Ui, lang: Lang, board: &NeptuneBoard, reveal: &RevealBoard, size: f32) {
    let blitz = reveal.contest == Contest::Blitz;
    ui.vertical_centered(|ui| {
        for (i, answer) in reveal.answers.iter().enumerate() {
            let text = if blitz {
                format!("{}. {answer}", i + 1)
            } else {
                format!("{}: {answer}", lang.t(Nt::Answer))
            };
            ui.label(RichText::new(text).size(size * 1.2).strong().color(GREEN));
            if let Some(comment) = reveal.comments.get(i).filter(|c| !c.is_empty()) {
                ui.label(RichText::new(comment).size(size * 0.6).color(SOFT));
            }
            let right = reveal.right.get(i).map(Vec::as_slice).unwrap_or_default();
            let names = if right.is_empty() {
                lang.t(Nt::NobodyRight).to_owned()
            } else {
                let names: Vec<String> = right.iter().map(|k| card_name(board, *k)).collect();
                format!("{}: {}", lang.t(Nt::RightAnswers), names.join(", "))
            };
            ui.label(RichText::new(names).size(size * 0.7).color(BRIGHT));
        }
        // A board from paper has no answers to show, only who was right.
        if reveal.answers.is_empty() {
            for right in &reveal.right {
                let names: Vec<String> = right.iter().map(|k| card_name(board, *k)).collect();
                let text = if names.is_empty() {
                    lang.t(Nt::NobodyRight).to_owned()
                } else {
                    format!("{}: {}", lang.t(Nt::RightAnswers), names.join(", "))
                };
                ui.label(RichText::new(text).size(size * 0.7).color(BRIGHT));
            }
        }
    });
}

/// 5.2: the topics while the teams declare; 5.5: after the tour, every
/// answer with who took it and what each team declared, took and scored.
fn joker_board(ui: &mut Ui, lang: Lang, board: &NeptuneBoard, joker: &JokerBoard, size: f32) {
    ui.vertical_centered(|ui| {
        if !joker.revealed && !joker.topics.is_empty() {
            ui.label(RichText::new(lang.t(Nt::TopicsTitle)).size(size).strong());
            for (i, topic) in joker.topics.iter().enumerate() {
                ui.label(RichText::new(format!("{}. {topic}", i + 1)).size(size * 0.8));
            }
            if matches!(board.stage, Stage::Topics { .. }) {
                ui.label(
                    RichText::new(words::declared(lang, joker.declared, board.table.len()))
                        .size(size * 0.7)
                        .color(SOFT),
                );
            }
        }
        if joker.revealed {
            ui.label(RichText::new(lang.t(Nt::JokerResults)).size(size).strong());
        }
        for (i, question) in joker
            .questions
            .iter()
            .enumerate()
            .filter(|_| joker.revealed)
        {
            let names: Vec<String> = question
                .right
                .iter()
                .map(|t| team_name(board, *t))
                .collect();
            let who = if names.is_empty() {
                lang.t(Nt::NobodyRight).to_owned()
            } else {
                names.join(", ")
            };
            ui.label(
                RichText::new(format!("{}. {} — {who}", i + 1, question.answer)).size(size * 0.6),
            );
        }
    });
    if !joker.revealed {
        return;
    }
    widgets::centred(ui, "neptune-joker-results", |ui| {
        let heads = [Nt::ColTeam, Nt::ColDeclared, Nt::ColTaken, Nt::ColPoints];
        let s = size * 0.7;
        widgets::places_table(
            ui,
            lang,
            "neptune-joker",
            &heads,
            &joker.results,
            s,
            |ui, r| {
                ui.label(RichText::new(team_name(board, r.team)).size(s).strong());
                let declared = r.declared.map_or_else(|| "—".to_owned(), |d| d.to_string());
                ui.label(RichText::new(declared).size(s));
                ui.label(RichText::new(r.taken.to_string()).size(s));
                ui.label(RichText::new(r.points.to_string()).size(s).strong());
            },
        );
    });
}
