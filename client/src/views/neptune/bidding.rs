//! The captain's bidding screen in the auction (6.2–6.4): the team's
//! score, the standing bid and bidder, the server's count «раз, два, три»
//! live, quick raises over the standing bid (or the opening 40), a typed
//! sum, «Ва-банк» with the sum it offers (the team's score); every button
//! only while the team may bid; a bid above the team's score asked about
//! before it goes (6.2: winning it would exclude the team); a «ва-банк» that
//! offers no more than the standing bid dark with its reason (6.2, 6.4); a
//! refusal said in place, as the rules word it; then what the question is
//! played for (6.6). The bids are public: the log is the hall's. Issue 39:
//! a sum being typed is kept past a reload while the bidding is open.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::games::GameReceipt;
use minuta_shared::play::neptune::rules::{Bid, FIRST_BID_MIN};
use minuta_shared::play::neptune::{
    AuctionBoard, NeptuneBoard, NeptuneCommand, NeptuneReceipt, NeptuneTeamView, Sold, Stage,
};

use super::{count_now, count_word, last_ack, pending, send, team_name};
use crate::i18n::{self, Lang};
use crate::state::{AppState, UiCommand};
use crate::views::kept::{self, Kept};
use crate::views::neptune::words::{self, Nt};
use crate::views::widgets::{AMBER, BRIGHT, GREEN, GREY, RED};

/// The quick raises over a standing sum (6.4: multiples of ten).
const RAISES: [u32; 3] = [10, 20, 50];

/// The sum being typed, and a bid above the team's score awaiting «да».
#[derive(Debug, Default)]
pub struct BidDraft {
    pub amount: String,
    /// 6.2: a sum over the team's score, asked about before it is sent.
    pub confirm: Option<u32>,
    /// Issue 39: the typed sum's draft.
    kept: Kept,
}

/// A typed sum: digits, spaces aside.
pub fn parse_amount(text: &str) -> Option<u32> {
    let digits: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    digits.parse().ok()
}

pub fn bidding(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &NeptuneTeamView,
    draft: &mut BidDraft,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    let board = &view.board;
    let Some(auction) = &board.auction else {
        return;
    };
    ui.label(
        RichText::new(format!("{}: {}", lang.t(Nt::OurScore), view.score))
            .size(28.0)
            .strong(),
    );
    standing(ui, lang, auction, 40.0);
    if let Some(count) = count_now(ui, auction, &board.stage, now) {
        count_word(ui, lang, count, 48.0);
    }
    // Keyed by the lot: a reload in the next bidding does not bring back a
    // sum typed for this one.
    let key = kept::draft_key(game, format_args!("bid{}", auction.question));
    if board.stage == Stage::Bidding {
        if let Some(found) = draft.kept.restore(state, &key)
            && draft.amount.is_empty()
        {
            draft.amount = found.to_owned();
        }
        controls(ui, state, game, view, auction, draft, out);
        // The field empties when its sum is bid: so does the draft.
        draft.kept.keep(&draft.amount, out);
    } else {
        // Issue 39: the bidding is over; its sum can no longer be bid.
        kept::forget(state, &key, out);
        draft.confirm = None;
        if let Some(sold) = &auction.sold {
            outcome(ui, lang, board, sold);
        }
    }
    if let Some((_, stake)) = board
        .question
        .as_ref()
        .and_then(|q| q.stakes.iter().find(|(t, _)| *t == view.team))
    {
        ui.label(
            RichText::new(words::stake(lang, *stake))
                .size(22.0)
                .strong()
                .color(AMBER),
        );
    }
    log(ui, lang, "team", board, auction, 15.0);
}

/// The standing bid and its bidder, large; or that nobody has bid.
pub fn standing(ui: &mut Ui, lang: Lang, auction: &AuctionBoard, size: f32) {
    match auction.standing() {
        Some(row) => {
            ui.label(
                RichText::new(words::bid(lang, row.bid, row.worth))
                    .size(size)
                    .strong()
                    .color(BRIGHT),
            );
            ui.label(RichText::new(&row.name).size(size * 0.6).strong());
        }
        None => {
            ui.label(
                RichText::new(lang.t(Nt::NoBidsYet))
                    .size(size * 0.5)
                    .color(GREY),
            );
        }
    }
}

/// How the bidding ended.
pub fn outcome(ui: &mut Ui, lang: Lang, board: &NeptuneBoard, sold: &Sold) {
    let text = match sold {
        Sold::To { team, bid, stake } => words::sold(
            lang,
            &team_name(board, *team),
            &words::bid(lang, *bid, *stake),
        ),
        Sold::NoBids => lang.t(Nt::NobodyBid).to_owned(),
    };
    ui.label(RichText::new(text).size(24.0).strong().color(GREEN));
}

/// The buttons, gated by `may_bid`, and the last bid's fate.
fn controls(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &NeptuneTeamView,
    auction: &AuctionBoard,
    draft: &mut BidDraft,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let is_bid = |c: &NeptuneCommand| matches!(c, NeptuneCommand::Bid { team: None, .. });
    let sending = pending(state, game).any(is_bid);
    let open = view.may_bid && !sending;
    let standing = auction.standing().map(|r| r.bid);
    // 6.2 / 6.4: «ва-банк» offers the team's score, and must offer more
    // than the standing bid (equal: the earlier keeps the lead, 6.3).
    let va_bank_short = auction
        .standing()
        .map(|r| r.worth)
        .filter(|standing| view.score <= *standing);
    let mut bid = None;
    ui.horizontal_wrapped(|ui| {
        let quick: Vec<(String, u32)> = match standing {
            None => vec![(FIRST_BID_MIN.to_string(), FIRST_BID_MIN)],
            Some(Bid::Amount(n)) => RAISES
                .iter()
                .map(|by| (words::raise(*by, n + by), n + by))
                .collect(),
            Some(Bid::VaBank) => Vec::new(),
        };
        for (label, amount) in quick {
            let button = egui::Button::new(RichText::new(label).size(24.0));
            if ui.add_enabled(open, button).clicked() {
                bid = Some(Bid::Amount(amount));
            }
        }
        let label = words::va_bank_button(lang, view.score);
        let va_bank = egui::Button::new(RichText::new(label).size(24.0).strong());
        if ui
            .add_enabled(open && va_bank_short.is_none(), va_bank)
            .clicked()
        {
            bid = Some(Bid::VaBank);
        }
    });
    if standing == Some(Bid::VaBank) {
        ui.label(RichText::new(lang.t(Nt::VaBankOnly)).color(AMBER));
    } else {
        ui.horizontal(|ui| {
            let label = ui.label(RichText::new(lang.t(Nt::Amount)).size(18.0));
            ui.add_enabled(
                open,
                egui::TextEdit::singleline(&mut draft.amount)
                    .font(egui::FontId::proportional(22.0))
                    .desired_width(120.0),
            )
            .labelled_by(label.id);
            let typed = parse_amount(&draft.amount);
            let button = egui::Button::new(RichText::new(lang.t(Nt::PlaceBid)).size(20.0));
            if ui.add_enabled(open && typed.is_some(), button).clicked()
                && let Some(n) = typed
            {
                bid = Some(Bid::Amount(n));
                draft.amount.clear();
            }
        });
    }
    if let (Some(standing), true) = (va_bank_short, view.may_bid) {
        let why = words::va_bank_not_larger(lang, view.score, standing);
        ui.label(RichText::new(why).color(GREY));
    }
    match bid {
        // 6.2: a sum the team has not got excludes it if it wins: ask.
        Some(Bid::Amount(n)) if i64::from(n) > view.score => draft.confirm = Some(n),
        Some(bid) => {
            draft.confirm = None;
            send(out, game, NeptuneCommand::Bid { team: None, bid });
        }
        None => {}
    }
    if let Some(n) = draft.confirm
        && let Some(amount) = confirm_over_score(ui, lang, view.score, n, open, draft)
    {
        let bid = Bid::Amount(amount);
        send(out, game, NeptuneCommand::Bid { team: None, bid });
    }
    // Why the buttons are dark.
    let leading = auction.standing().is_some_and(|r| r.team == view.team);
    if !view.may_bid {
        let why = if leading { Nt::YouLead } else { Nt::CannotBid };
        let colour = if leading { GREEN } else { GREY };
        ui.label(RichText::new(lang.t(why)).size(18.0).color(colour));
    }
    match last_ack(state, game, is_bid) {
        Some(Err(error)) => {
            ui.label(RichText::new(i18n::command_error(lang, error)).color(RED));
        }
        Some(Ok(GameReceipt::Neptune(NeptuneReceipt::Bid { place, .. }))) if leading => {
            ui.label(RichText::new(words::bid_accepted(lang, *place)).color(GREEN));
        }
        _ => {}
    }
}

/// 6.2: «у команды 80: ставка 500 исключит её из торгов — поставить?»;
/// the sum to send once the captain says yes.
fn confirm_over_score(
    ui: &mut Ui,
    lang: Lang,
    score: i64,
    amount: u32,
    open: bool,
    draft: &mut BidDraft,
) -> Option<u32> {
    let mut yes = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(
            RichText::new(words::over_score(lang, score, amount))
                .size(20.0)
                .strong()
                .color(AMBER),
        );
        ui.horizontal(|ui| {
            let send = egui::Button::new(RichText::new(words::bid_anyway(lang, amount)).size(20.0));
            if ui.add_enabled(open, send).clicked() {
                draft.confirm = None;
                yes = Some(amount);
            }
            let no = egui::Button::new(RichText::new(lang.t(i18n::T::Cancel)).size(20.0));
            if ui.add(no).clicked() {
                draft.confirm = None;
            }
        });
    });
    yes
}

/// The bids of this bidding in the order the server took them (6.3), the
/// host's by-hand ones marked, and who is out of it (6.2).
pub fn log(
    ui: &mut Ui,
    lang: Lang,
    id: &str,
    board: &NeptuneBoard,
    auction: &AuctionBoard,
    size: f32,
) {
    if !auction.bids.is_empty() {
        ui.label(RichText::new(lang.t(Nt::BidLog)).size(size).strong());
        egui::Grid::new(("neptune-bids", id))
            .striped(true)
            .spacing([size, size * 0.3])
            .show(ui, |ui| {
                for (i, row) in auction.bids.iter().enumerate() {
                    ui.label(RichText::new((i + 1).to_string()).size(size));
                    ui.label(RichText::new(&row.name).size(size).strong());
                    ui.label(RichText::new(words::bid(lang, row.bid, row.worth)).size(size));
                    let by = if row.by_host { lang.t(Nt::ByHost) } else { "" };
                    ui.label(RichText::new(by).size(size * 0.8).color(GREY));
                    ui.end_row();
                }
            });
    }
    if !auction.excluded.is_empty() {
        let names: Vec<String> = auction
            .excluded
            .iter()
            .map(|t| team_name(board, *t))
            .collect();
        ui.label(
            RichText::new(format!("{}: {}", lang.t(Nt::Excluded), names.join(", ")))
                .size(size)
                .color(AMBER),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neptune_a_typed_sum_is_digits_spaces_aside() {
        assert_eq!(parse_amount(" 1 200 "), Some(1200));
        assert_eq!(parse_amount("сто"), None);
        assert_eq!(parse_amount(""), None);
    }
}
