//! The auction engine against 6.1–6.7: stakes, the sheet's winning bids, and
//! the live bidding — tens, the count, 6.2's rerun, «ва-банк» by the largest
//! sum with equal sums kept by the earlier arrival.

use super::*;

const T: ServerTime = ServerTime(0);

fn won(team: usize, bid: Bid, correct: &[usize]) -> AuctionQuestion {
    AuctionQuestion {
        winner: Some(Winner { team, bid }),
        correct: correct.to_vec(),
        stated_stake: None,
    }
}

/// Counts one, two, three.
fn count_out(auction: &mut Auction) -> AuctionStep {
    auction.count(1, T).unwrap();
    auction.count(2, T).unwrap();
    auction.count(3, T).unwrap()
}

#[test]
fn neptune_6_6_6_7_winner_plays_for_its_bid_others_for_30() {
    let scores = [100, 50, -10];
    let deltas = settle_auction_question(&scores, &won(0, Bid::Amount(60), &[1])).unwrap();
    assert_eq!(deltas, vec![-60, 30, -30]);
    let deltas = settle_auction_question(&scores, &won(1, Bid::VaBank, &[1, 2])).unwrap();
    assert_eq!(deltas, vec![-30, 50, 30]);
    let nobody = AuctionQuestion {
        winner: None,
        correct: vec![2],
        stated_stake: None,
    };
    assert_eq!(
        settle_auction_question(&scores, &nobody).unwrap(),
        vec![-30, -30, 30]
    );
}

#[test]
fn neptune_6_4_winning_bid_rules_table() {
    let scores = [100, 0, 45];
    let cases = [
        (
            won(0, Bid::Amount(35), &[]),
            NeptuneError::NotMultipleOfTen { bid: 35 },
        ),
        (
            won(0, Bid::Amount(30), &[]),
            NeptuneError::FirstBidTooLow { bid: 30 },
        ),
        (
            won(0, Bid::Amount(110), &[]),
            NeptuneError::BidOverScore {
                team: 0,
                bid: 110,
                score: 100,
            },
        ),
        (
            won(1, Bid::VaBank, &[]),
            NeptuneError::NotPositive { team: 1, score: 0 },
        ),
        (
            won(2, Bid::Amount(50), &[]),
            NeptuneError::BidOverScore {
                team: 2,
                bid: 50,
                score: 45,
            },
        ),
    ];
    for (question, error) in cases {
        assert_eq!(
            settle_auction_question(&scores, &question),
            Err(error.clone()),
            "{error}"
        );
    }
    assert_eq!(
        NeptuneError::NotMultipleOfTen { bid: 35 }.to_string(),
        "35 is not a multiple of 10"
    );
}

#[test]
fn neptune_6_auction_score_moves_with_each_question() {
    // Team 0 starts on 100, team 1 on 20. Q1: team 0 bids 100 and is right (200).
    // Q2: team 0 goes va-bank (200) and is wrong (0). Others: no bids, nobody right.
    let mut questions = vec![won(0, Bid::Amount(100), &[0]), won(0, Bid::VaBank, &[])];
    questions.extend(vec![AuctionQuestion::default(); 6]);
    // Team 1: −30 on each of 8 questions; team 0: +100, −200, then −30 × 6.
    assert_eq!(
        score(&[100, 20], &questions),
        Ok(vec![100 - 200 - 180, -240])
    );
}

#[test]
fn neptune_6_2_winner_score_is_checked_after_earlier_questions() {
    // Team 0 starts on 40 and loses question 1 (−30 → 10): it cannot win 40 next.
    let mut questions = vec![AuctionQuestion::default(), won(0, Bid::Amount(40), &[])];
    questions.extend(vec![AuctionQuestion::default(); 6]);
    assert_eq!(
        score(&[40], &questions),
        Err(NeptuneError::InQuestion {
            question: 1,
            error: Box::new(NeptuneError::BidOverScore {
                team: 0,
                bid: 40,
                score: 10
            })
        })
    );
}

#[test]
fn neptune_6_4_live_first_bid_at_least_40_in_tens_and_raises_in_tens() {
    let mut auction = Auction::new(vec![500, 500, 500]);
    assert_eq!(
        auction.bid(0, Bid::Amount(30), T),
        Err(NeptuneError::FirstBidTooLow { bid: 30 })
    );
    assert_eq!(
        auction.bid(0, Bid::Amount(45), T),
        Err(NeptuneError::NotMultipleOfTen { bid: 45 })
    );
    assert_eq!(
        auction.bid(0, Bid::Amount(40), T),
        Ok(AuctionStep::Bidding { count: 0 })
    );
    assert_eq!(
        auction.bid(1, Bid::Amount(40), T),
        Err(NeptuneError::RaiseTooSmall {
            bid: 40,
            previous: 40
        })
    );
    assert_eq!(
        auction.bid(1, Bid::Amount(55), T),
        Err(NeptuneError::NotMultipleOfTen { bid: 55 })
    );
    assert_eq!(
        auction.bid(0, Bid::Amount(50), T),
        Err(NeptuneError::AlreadyLeading { team: 0 })
    );
    assert_eq!(
        auction.bid(1, Bid::Amount(70), T),
        Ok(AuctionStep::Bidding { count: 0 })
    );
    assert_eq!(
        count_out(&mut auction),
        AuctionStep::Closed(BiddingOutcome::Won {
            winner: Winner {
                team: 1,
                bid: Bid::Amount(70)
            },
            stake: 70
        })
    );
}

#[test]
fn neptune_6_2_live_only_positive_scores_bid() {
    let mut auction = Auction::new(vec![0, -20, 10]);
    assert!(!auction.may_bid(0));
    assert_eq!(
        auction.bid(0, Bid::Amount(40), T),
        Err(NeptuneError::NotPositive { team: 0, score: 0 })
    );
    assert_eq!(
        auction.bid(1, Bid::VaBank, T),
        Err(NeptuneError::NotPositive {
            team: 1,
            score: -20
        })
    );
    assert!(auction.may_bid(2));
    assert_eq!(
        auction.bid(5, Bid::VaBank, T),
        Err(NeptuneError::UnknownTeam { team: 5 })
    );
}

#[test]
fn neptune_6_4_live_after_va_bank_only_a_larger_va_bank() {
    let mut auction = Auction::new(vec![100, 300, 400]);
    auction.bid(0, Bid::Amount(40), T).unwrap();
    auction.bid(1, Bid::VaBank, T).unwrap();
    assert_eq!(
        auction.bid(2, Bid::Amount(500), T),
        Err(NeptuneError::VaBankOnly)
    );
    // 6.2: a «ва-банк» of 100 offers less than the standing 300.
    assert_eq!(
        auction.bid(0, Bid::VaBank, T),
        Err(NeptuneError::VaBankNotLarger {
            team: 0,
            worth: 100,
            standing: 300
        })
    );
    // A «ва-банк» of 400 offers more: it takes the lead.
    assert_eq!(
        auction.bid(2, Bid::VaBank, T),
        Ok(AuctionStep::Bidding { count: 0 })
    );
    assert_eq!(
        auction.bid(1, Bid::VaBank, T),
        Err(NeptuneError::VaBankAgain { team: 1 })
    );
    // 6.2 / 6.3: the last bidder offered the largest sum and wins it.
    assert_eq!(
        count_out(&mut auction),
        AuctionStep::Closed(BiddingOutcome::Won {
            winner: Winner {
                team: 2,
                bid: Bid::VaBank
            },
            stake: 400
        })
    );
    assert_eq!(auction.answer(&[2]), Ok(vec![-30, -30, 400]));
    assert_eq!(auction.scores, vec![70, 270, 800]);
}

#[test]
fn neptune_6_2_6_4_live_a_smaller_va_bank_is_refused() {
    // The old reading let a team with 10 take a question bid at 40 for 10.
    let mut auction = Auction::new(vec![500, 10, 80]);
    auction.bid(0, Bid::Amount(40), T).unwrap();
    assert_eq!(
        auction.bid(1, Bid::VaBank, T),
        Err(NeptuneError::VaBankNotLarger {
            team: 1,
            worth: 10,
            standing: 40
        })
    );
    auction.bid(2, Bid::Amount(300), T).unwrap();
    assert_eq!(
        auction.bid(2, Bid::VaBank, T),
        Err(NeptuneError::AlreadyLeading { team: 2 })
    );
    assert_eq!(
        NeptuneError::VaBankNotLarger {
            team: 2,
            worth: 80,
            standing: 300
        }
        .to_string(),
        "team 2's «ва-банк» is 80, not more than the standing bid of 300 (6.2, 6.4)"
    );
    // The refused bids left no trace: 300 stands, and wins.
    assert_eq!(auction.bidding.bids.len(), 2);
    assert_eq!(auction.bidding.va_bank_initiator, None);
}

#[test]
fn neptune_6_2_live_a_larger_va_bank_takes_the_lead_over_a_sum() {
    let mut auction = Auction::new(vec![500, 75]);
    auction.bid(0, Bid::Amount(60), T).unwrap();
    // 75 is not a multiple of ten, and need not be: the whole score.
    assert_eq!(
        auction.bid(1, Bid::VaBank, T),
        Ok(AuctionStep::Bidding { count: 0 })
    );
    assert_eq!(auction.bidding.bids[1].worth, 75);
    assert_eq!(
        auction.bid(0, Bid::Amount(200), T),
        Err(NeptuneError::VaBankOnly)
    );
    assert_eq!(
        auction.close(T),
        Ok(AuctionStep::Closed(BiddingOutcome::Won {
            winner: Winner {
                team: 1,
                bid: Bid::VaBank
            },
            stake: 75
        }))
    );
}

#[test]
fn neptune_6_3_live_equal_sums_the_earlier_arrival_keeps_the_lead() {
    let mut auction = Auction::new(vec![300, 300, 90]);
    auction.bid(2, Bid::Amount(90), T).unwrap();
    assert_eq!(
        auction.bid(0, Bid::VaBank, ServerTime(1)),
        Ok(AuctionStep::Bidding { count: 0 })
    );
    // Team 1's «ва-банк» arrives after team 0's, for the same 300.
    assert_eq!(
        auction.bid(1, Bid::VaBank, ServerTime(2)),
        Err(NeptuneError::VaBankNotLarger {
            team: 1,
            worth: 300,
            standing: 300
        })
    );
    // A «ва-банк» equal to a numeric bid does not take it either.
    let mut auction = Auction::new(vec![90, 500]);
    auction.bid(1, Bid::Amount(90), T).unwrap();
    assert_eq!(
        auction.bid(0, Bid::VaBank, T),
        Err(NeptuneError::VaBankNotLarger {
            team: 0,
            worth: 90,
            standing: 90
        })
    );
}

#[test]
fn neptune_6_4_a_sheets_winning_va_bank_is_at_least_40() {
    let question = won(0, Bid::VaBank, &[0]);
    assert_eq!(
        settle_auction_question(&[30], &question),
        Err(NeptuneError::VaBankBelowMinimum { team: 0, score: 30 })
    );
    assert_eq!(settle_auction_question(&[45], &question), Ok(vec![45]));
}

#[test]
fn neptune_6_4_a_sheets_stated_va_bank_sum_must_be_the_score_then() {
    let mut question = won(0, Bid::VaBank, &[0]);
    question.stated_stake = Some(90);
    assert_eq!(
        settle_auction_question(&[90, 10], &question),
        Ok(vec![90, -30])
    );
    assert_eq!(
        settle_auction_question(&[180, 10], &question),
        Err(NeptuneError::StakeMismatch {
            team: 0,
            stated: 90,
            stake: 180
        })
    );
}

#[test]
fn neptune_6_4_live_no_initiating_va_bank_two_questions_running() {
    let mut auction = Auction::new(vec![100, 100]);
    auction.bid(0, Bid::VaBank, T).unwrap();
    auction.close(T).unwrap();
    auction.answer(&[0]).unwrap();
    // Question 2: team 0 may not initiate «ва-банк» ...
    assert_eq!(
        auction.bid(0, Bid::VaBank, T),
        Err(NeptuneError::VaBankTwoRunning { team: 0 })
    );
    // ... but may follow one that team 1 initiated.
    auction.bid(1, Bid::VaBank, T).unwrap();
    assert_eq!(
        auction.bid(0, Bid::VaBank, T),
        Ok(AuctionStep::Bidding { count: 0 })
    );
    auction.close(T).unwrap();
    auction.answer(&[0]).unwrap();
    // Question 3: team 0 did not initiate on question 2, so it may again.
    assert_eq!(
        auction.bid(0, Bid::VaBank, T),
        Ok(AuctionStep::Bidding { count: 0 })
    );
}

#[test]
fn neptune_6_2_live_winner_over_its_score_is_excluded_and_bidding_reruns() {
    let mut auction = Auction::new(vec![50, 100]);
    auction.bid(1, Bid::Amount(40), T).unwrap();
    auction.bid(0, Bid::Amount(90), T).unwrap();
    assert_eq!(count_out(&mut auction), AuctionStep::Rerun { excluded: 0 });
    assert_eq!(
        auction.bid(0, Bid::Amount(40), T),
        Err(NeptuneError::Excluded { team: 0 })
    );
    // The rerun starts from scratch: the first bid is again at least 40.
    auction.bid(1, Bid::Amount(40), T).unwrap();
    assert_eq!(
        auction.close(T),
        Ok(AuctionStep::Closed(BiddingOutcome::Won {
            winner: Winner {
                team: 1,
                bid: Bid::Amount(40)
            },
            stake: 40
        }))
    );
    assert_eq!(auction.answer(&[]), Ok(vec![-30, -40]));
    // The exclusion lasts only for that question.
    assert!(auction.may_bid(0));
}

#[test]
fn neptune_6_3_live_host_counts_to_three_and_a_bid_restarts_the_count() {
    let mut auction = Auction::new(vec![100, 100]);
    auction.bid(0, Bid::Amount(40), T).unwrap();
    assert_eq!(
        auction.count(2, T),
        Err(NeptuneError::CountOutOfOrder {
            said: 2,
            expected: 1
        })
    );
    assert_eq!(auction.count(1, T), Ok(AuctionStep::Bidding { count: 1 }));
    assert_eq!(auction.count(2, T), Ok(AuctionStep::Bidding { count: 2 }));
    auction.bid(1, Bid::Amount(50), ServerTime(7)).unwrap();
    assert_eq!(
        auction.count(3, T),
        Err(NeptuneError::CountOutOfOrder {
            said: 3,
            expected: 1
        })
    );
    assert_eq!(auction.bidding.bids[1].at, ServerTime(7));
    assert!(matches!(count_out(&mut auction), AuctionStep::Closed(_)));
    assert_eq!(
        auction.bid(0, Bid::Amount(60), T),
        Err(NeptuneError::BiddingClosed)
    );
}

#[test]
fn neptune_6_3_live_no_bids_everyone_plays_for_30() {
    let mut auction = Auction::new(vec![0, 0]);
    assert_eq!(auction.answer(&[0]), Err(NeptuneError::BiddingOpen));
    assert_eq!(
        count_out(&mut auction),
        AuctionStep::Closed(BiddingOutcome::NoBids)
    );
    assert_eq!(auction.answer(&[0]), Ok(vec![30, -30]));
}

#[test]
fn neptune_6_1_live_auction_has_eight_questions() {
    let mut auction = Auction::new(vec![10]);
    for _ in 0..QUESTIONS {
        auction.close(T).unwrap();
        auction.answer(&[0]).unwrap();
    }
    assert!(auction.is_finished());
    assert_eq!(auction.close(T), Err(NeptuneError::AuctionOver));
    assert_eq!(auction.answer(&[]), Err(NeptuneError::AuctionOver));
    assert_eq!(auction.scores, vec![10 + 8 * 30]);
    assert_eq!(score(&[10], &auction.played), Ok(vec![240]));
}
