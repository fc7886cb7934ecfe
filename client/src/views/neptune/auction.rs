//! The auction desk on the host's screen (6): every team's current score
//! and whether it may bid (6.2), the standing bid and bidder, the server's
//! count «раз, два, три» live (6.3), the bids in arrival order with the
//! host's by-hand ones marked, who is out of this question's bidding, how
//! it ended and what each team plays for (6.6); and «Ставка вручную» for a
//! captain whose laptop failed.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::neptune::rules::{Bid, Contest};
use minuta_shared::play::neptune::{
    AuctionBoard, NeptuneBoard, NeptuneCommand, NeptuneStaffView, Stage,
};

use super::bidding::{log, outcome, parse_amount, standing};
use super::{count_now, count_word, send, team_name};
use crate::i18n::Lang;
use crate::state::{AppState, UiCommand};
use crate::views::neptune::words::{self, Nt};
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

/// A bid by hand being made.
#[derive(Debug, Default)]
pub struct ManualForm {
    pub team: Option<TeamId>,
    pub amount: String,
}

pub fn desk(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &NeptuneStaffView,
    form: &mut ManualForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    let board = &view.board;
    let Some(auction) = &board.auction else {
        return;
    };
    ui.label(
        RichText::new(words::question_line(
            lang,
            Contest::Auction,
            auction.question,
            auction.of,
        ))
        .size(20.0)
        .strong(),
    );
    ui.columns(2, |cols| {
        scores(&mut cols[0], lang, game, board, auction);
        let ui = &mut cols[1];
        ui.vertical_centered(|ui| {
            standing(ui, lang, auction, 36.0);
            if let Some(count) = count_now(ui, auction, &board.stage, now) {
                count_word(ui, lang, count, 44.0);
            }
            if let Some(sold) = &auction.sold {
                outcome(ui, lang, board, sold);
            }
        });
    });
    if let Some(question) = &board.question
        && !question.stakes.is_empty()
    {
        let stakes: Vec<String> = question
            .stakes
            .iter()
            .map(|(t, s)| format!("{} {s}", team_name(board, *t)))
            .collect();
        ui.label(
            RichText::new(format!("{}: {}", lang.t(Nt::Stakes), stakes.join(" · "))).color(AMBER),
        );
    }
    if let Some(team) = auction.previous_initiator {
        ui.label(
            RichText::new(words::previous_va_bank(lang, &team_name(board, team)))
                .small()
                .color(GREY),
        );
    }
    log(ui, lang, "host", board, auction, 15.0);
    if board.stage == Stage::Bidding {
        manual(ui, lang, game, view, auction, form, out);
    }
}

/// 6.2: the current scores, and who may bid now.
fn scores(ui: &mut Ui, lang: Lang, game: GameId, board: &NeptuneBoard, auction: &AuctionBoard) {
    ui.label(RichText::new(lang.t(Nt::Scores)).strong());
    egui::Grid::new(("neptune-auction-scores", game.0))
        .striped(true)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for (team, score) in &auction.scores {
                ui.label(team_name(board, *team));
                ui.label(RichText::new(score.to_string()).monospace().strong());
                let (word, colour) = if auction.excluded.contains(team) {
                    (Nt::ExcludedMark, RED)
                } else if auction.eligible.contains(team) {
                    (Nt::MayBid, GREEN)
                } else {
                    (Nt::MayNotBid, GREY)
                };
                ui.label(RichText::new(lang.t(word)).small().color(colour));
                ui.end_row();
            }
        });
}

/// «Ставка вручную»: a team that may bid, a sum or «Ва-банк».
fn manual(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    view: &NeptuneStaffView,
    auction: &AuctionBoard,
    form: &mut ManualForm,
    out: &mut Vec<UiCommand>,
) {
    let board = &view.board;
    ui.add_space(6.0);
    ui.label(RichText::new(lang.t(Nt::ManualBid)).strong());
    ui.label(RichText::new(lang.t(Nt::ManualHint)).small().color(GREY));
    if form.team.is_some_and(|t| !auction.eligible.contains(&t)) {
        form.team = None;
    }
    let mut bid = None;
    // Few teams bid at once: each is a button, the chosen one lit.
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(lang.t(Nt::ChooseTeam)).color(GREY));
        for team in &auction.eligible {
            ui.selectable_value(&mut form.team, Some(*team), team_name(board, *team));
        }
    });
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(lang.t(Nt::Amount));
        ui.add(egui::TextEdit::singleline(&mut form.amount).desired_width(90.0))
            .labelled_by(label.id);
        let typed = parse_amount(&form.amount);
        let chosen = form.team.is_some();
        if ui
            .add_enabled(
                chosen && typed.is_some(),
                egui::Button::new(lang.t(Nt::PlaceBid)),
            )
            .clicked()
            && let Some(n) = typed
        {
            bid = Some(Bid::Amount(n));
        }
        // What the chosen team's «ва-банк» offers: its score now (6.4).
        let va_bank = match form
            .team
            .and_then(|t| auction.scores.iter().find(|(s, _)| *s == t))
        {
            Some((_, score)) => words::va_bank_button(lang, *score),
            None => lang.t(Nt::VaBank).to_owned(),
        };
        if ui.add_enabled(chosen, egui::Button::new(va_bank)).clicked() {
            bid = Some(Bid::VaBank);
        }
    });
    if let (Some(bid), Some(team)) = (bid, form.team) {
        send(
            out,
            game,
            NeptuneCommand::Bid {
                team: Some(team),
                bid,
            },
        );
        form.amount.clear();
    }
}
