//! The captain's bidding screen against 6.2–6.4 as an organiser reads
//! them: every bid says what it is worth before it is sent, a bid above
//! the team's score is asked about first, a «ва-банк» that offers no more
//! than the standing bid is dark with its reason, and a «ва-банк»'s sum
//! stays as it was bid on every screen after the question is scored.

use super::*;

/// The projector now.
fn projector(hall: &Hall) -> egui_kittest::Harness<'static> {
    let mut view = common::display_view();
    view.games.push(GameEntry {
        id: GAME,
        name: String::new(),
        format: Format::Neptune,
        view: GameDisplayView::Neptune(hall.game.display_view(&hall.roster, hall.now())),
    });
    common::projector(hall.lang, hall.now_ms * 1000, view, [1600.0, 1200.0])
}

/// How many labels on the screen contain `text`.
fn shows<S>(harness: &egui_kittest::Harness<'_, S>, text: &str) -> usize {
    harness.query_all_by_label_contains(text).count()
}

fn bid(hall: &mut Hall, team: u32, bid: Bid) {
    hall.team(team, NeptuneCommand::Bid { team: None, bid });
}

#[test]
fn neptune_6_2_a_bid_above_the_teams_score_asks_first() {
    let mut hall = Hall::bidding();
    bid(&mut hall, 2, Bid::Amount(40));
    let mut harness = hall.terminal(1, None);
    // Team 1 has 50: a raise to 60 is more than it has.
    common::click(&mut harness, "+20 (60)");
    assert!(harness.state().sent.is_empty(), "asked, not sent");
    assert!(
        harness
            .query_by_label("у команды 50: ставка 60 исключит её из торгов (6.2) — поставить?")
            .is_some()
    );
    common::click(&mut harness, "Отмена");
    assert!(harness.state().sent.is_empty());
    assert!(harness.query_by_label("Да, поставить 60").is_none());
    // Asked again and confirmed: sent.
    common::click(&mut harness, "+20 (60)");
    common::click(&mut harness, "Да, поставить 60");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(60),
        })],
    );
    // A raise the team can cover goes at once.
    harness.state_mut().sent.clear();
    common::click(&mut harness, "+10 (50)");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(50),
        })],
    );
}

#[test]
fn neptune_6_2_the_over_score_question_in_english() {
    let mut hall = Hall::bidding();
    hall.lang = Lang::En;
    bid(&mut hall, 2, Bid::Amount(40));
    let mut harness = hall.terminal(1, None);
    common::click(&mut harness, "+50 (90)");
    assert!(
        harness
            .query_by_label(
                "the team has 50: a bid of 90 would exclude it from the bidding (6.2) — bid anyway?"
            )
            .is_some()
    );
    assert!(harness.query_by_label("Yes, bid 90").is_some());
    assert!(harness.query_by_label("Va-bank (50)").is_some());
}

#[test]
fn neptune_6_2_6_4_a_smaller_va_bank_is_dark_with_its_reason() {
    let mut hall = Hall::bidding();
    bid(&mut hall, 2, Bid::Amount(40));
    bid(&mut hall, 1, Bid::Amount(50));
    bid(&mut hall, 2, Bid::Amount(60));
    let harness = hall.terminal(1, None);
    assert!(disabled(&harness, "Ва-банк (50)"));
    assert!(
        harness
            .query_by_label("ва-банк — это 50, меньше ставки 60 (6.2, 6.4)")
            .is_some()
    );
}

#[test]
fn neptune_6_3_an_equal_va_bank_leaves_the_earlier_one_leading() {
    let mut hall = Hall::bidding();
    // Team 2 (50) goes «ва-банк»; team 1 has 50 too.
    bid(&mut hall, 2, Bid::VaBank);
    let harness = hall.terminal(1, None);
    assert!(disabled(&harness, "Ва-банк (50)"));
    assert!(
        harness
            .query_by_label_contains("ва-банк — это 50, столько же, сколько ставка 50")
            .is_some()
    );
}

#[test]
fn neptune_6_4_a_va_banks_sum_is_unchanged_on_every_screen_after_scoring() {
    let mut hall = Hall::bidding();
    bid(&mut hall, 1, Bid::VaBank);
    hall.pass(1_000);
    hall.host(NeptuneCommand::CloseBidding);
    let sold = projector(&hall);
    assert!(
        shows(&sold, "ва-банк (50)") > 0,
        "the sale on the projector"
    );
    // Team 1 is right: 50 + 50 = 100.
    hall.play_question(Contest::Auction, &[1]);
    assert_eq!(hall.team_view(1, None).score, 100);
    for lang in [Lang::Ru, Lang::En] {
        hall.lang = lang;
        let (bid_50, bid_100) = match lang {
            Lang::Ru => ("ва-банк (50)", "ва-банк (100)"),
            Lang::En => ("va-bank (50)", "va-bank (100)"),
        };
        let terminal = hall.terminal(2, None);
        assert!(shows(&terminal, bid_50) > 0, "{lang:?}");
        assert_eq!(shows(&terminal, bid_100), 0, "{lang:?}");
        let desk = hall.desk();
        assert!(shows(&desk, bid_50) > 0, "{lang:?}");
        assert_eq!(shows(&desk, bid_100), 0, "{lang:?}");
        // The projector shows the auction desk only while it is on (the
        // bidding, the sale); after the reveal it shows the answer, and
        // what it carries for the auction is the sum as bid.
        let board = hall.game.display_view(&hall.roster, hall.now());
        let worth: Vec<i64> = board
            .auction
            .iter()
            .flat_map(|a| &a.bids)
            .map(|b| b.worth)
            .collect();
        assert_eq!(worth, vec![50]);
        let projector = projector(&hall);
        assert_eq!(shows(&projector, bid_100), 0, "{lang:?}");
    }
}
