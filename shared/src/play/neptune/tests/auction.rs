//! Нептун's Аукцион (6.1–6.7) driven as the core drives it: the scores it
//! starts from, the bids checked at the server, the count, 6.2's exclusion
//! and rerun, «ва-банк» by the largest sum (6.2, 6.4) with its sum fixed
//! when made, the host's bid by hand and a restart during the bidding.

use super::*;

/// Teams at 100, 50, 0 points when the auction starts (Сизиф right answers).
fn auction_hall() -> Hall {
    let mut h = Hall::new(3, negative_only());
    h.skip_to(Contest::Sisyphus);
    h.ok(NeptuneCommand::StartContest);
    h.question(None, &[(1, "y0"), (2, "y0")], "y0");
    h.question(None, &[(1, "y1"), (2, "y1")], "y1");
    // Team 1: 10+20 = 30; team 2: 30; one more for team 1 via Джокер.
    h.ok(NeptuneCommand::StartContest);
    h.team(1, NeptuneCommand::Declare { count: 2 }).unwrap();
    h.team(2, NeptuneCommand::Declare { count: 0 }).unwrap();
    h.team(3, NeptuneCommand::Declare { count: 0 }).unwrap();
    h.wait(STEP + GRACE + 1);
    h.question(None, &[(1, "j0"), (2, "j0")], "j0");
    h.question(None, &[(1, "j1")], "j1");
    h.ok(NeptuneCommand::StartContest);
    h
}

#[test]
fn neptune_6_2_scores_at_the_auction_start() {
    let h = auction_hall();
    // Team 1: Сизиф 30 + Джокер 60; team 2: 30 + 10; team 3: 0.
    assert_eq!((h.total(1), h.total(2), h.total(3)), (90, 40, 0));
}

#[test]
fn neptune_6_4_bids_are_checked_at_the_server() {
    let mut h = auction_hall();
    assert_eq!(
        h.bid(1, Bid::Amount(40)),
        Err(NeptunePlayError::BiddingClosed)
    );
    h.ok(NeptuneCommand::OpenBidding);
    let cases = [
        (3, Bid::Amount(40), BidRefusal::NotPositive { score: 0 }),
        (1, Bid::Amount(35), BidRefusal::NotMultipleOfTen { bid: 35 }),
        (1, Bid::Amount(30), BidRefusal::FirstBidTooLow { bid: 30 }),
    ];
    for (team, bid, refusal) in cases {
        let err = h.bid(team, bid).unwrap_err();
        assert_eq!(err, NeptunePlayError::Bid(refusal));
    }
    h.bid(1, Bid::Amount(40)).unwrap();
    assert_eq!(
        h.bid(1, Bid::Amount(50)),
        Err(NeptunePlayError::Bid(BidRefusal::AlreadyLeading))
    );
    assert_eq!(
        h.bid(2, Bid::Amount(40)),
        Err(NeptunePlayError::Bid(BidRefusal::RaiseTooSmall {
            bid: 40,
            previous: 40
        }))
    );
    // A team's own terminal cannot bid for another; a ломтик cannot bid.
    assert_eq!(
        h.team(
            2,
            NeptuneCommand::Bid {
                team: Some(TeamId(1)),
                bid: Bid::Amount(60)
            }
        ),
        Err(NeptunePlayError::NotATeam)
    );
}

#[test]
fn neptune_6_3_the_server_counts_to_three_each_bid_restarting_it() {
    let mut h = auction_hall();
    h.ok(NeptuneCommand::OpenBidding);
    h.wait(COUNT * 2 + 500);
    let board = h.g.board(&h.roster, h.at()).auction.unwrap();
    assert_eq!(board.count_at(h.at()), 2);
    h.bid(2, Bid::Amount(40)).unwrap();
    let board = h.g.board(&h.roster, h.at()).auction.unwrap();
    assert_eq!(board.count_at(h.at()), 0);
    assert_eq!(board.standing().unwrap().team, TeamId(2));
    h.wait(COUNT * 3 - 1);
    assert_eq!(h.stage(), Stage::Bidding);
    h.wait(1);
    // «три»: sold to the last bidder.
    assert_eq!(h.stage(), Stage::Sold);
    assert_eq!(
        h.bid(1, Bid::Amount(50)),
        Err(NeptunePlayError::BiddingClosed)
    );
    let sold = h.g.board(&h.roster, h.at()).auction.unwrap().sold;
    assert_eq!(
        sold,
        Some(Sold::To {
            team: TeamId(2),
            bid: Bid::Amount(40),
            stake: 40
        })
    );
    // 6.5–6.7: the winner plays for its bid, the others for 30.
    h.question(None, &[(1, "a0"), (2, "нет")], "a0");
    assert_eq!(h.contest(1, Contest::Auction), Some(30));
    assert_eq!(h.contest(2, Contest::Auction), Some(-40));
    assert_eq!(h.contest(3, Contest::Auction), Some(-30));
}

#[test]
fn neptune_6_2_a_winner_over_its_score_is_excluded_and_the_bidding_reruns() {
    let mut h = auction_hall();
    h.ok(NeptuneCommand::OpenBidding);
    h.bid(1, Bid::Amount(40)).unwrap();
    // Team 2 has 40 points and bids 100 (more than it has).
    h.bid(2, Bid::Amount(100)).unwrap();
    h.wait(COUNT * 3);
    let board = h.g.board(&h.roster, h.at()).auction.unwrap();
    assert_eq!(board.excluded, vec![TeamId(2)]);
    assert!(board.bids.is_empty());
    assert_eq!(h.stage(), Stage::Bidding);
    assert_eq!(
        h.bid(2, Bid::Amount(40)),
        Err(NeptunePlayError::Bid(BidRefusal::Excluded))
    );
    // The rerun starts again from 40.
    h.bid(1, Bid::Amount(40)).unwrap();
    h.wait(COUNT * 3);
    assert!(matches!(
        h.g.board(&h.roster, h.at()).auction.unwrap().sold,
        Some(Sold::To {
            team: TeamId(1),
            ..
        })
    ));
}

#[test]
fn neptune_6_4_va_bank_chains_only_by_larger_sums_and_an_opening_needs_40() {
    let mut h = auction_hall();
    h.ok(NeptuneCommand::OpenBidding);
    // Team 2 (40 points) opens with «ва-банк»: 40 is the first bid's minimum.
    h.bid(2, Bid::VaBank).unwrap();
    assert_eq!(
        h.bid(1, Bid::Amount(100)),
        Err(NeptunePlayError::Bid(BidRefusal::VaBankOnly))
    );
    // Team 1's «ва-банк» is 90, more than 40: it takes the lead (6.2).
    h.bid(1, Bid::VaBank).unwrap();
    assert_eq!(
        h.bid(2, Bid::VaBank),
        Err(NeptunePlayError::Bid(BidRefusal::VaBankAgain))
    );
    h.wait(COUNT * 3);
    assert_eq!(
        h.g.board(&h.roster, h.at()).auction.unwrap().sold,
        Some(Sold::To {
            team: TeamId(1),
            bid: Bid::VaBank,
            stake: 90
        })
    );
    h.question(None, &[(1, "a0"), (2, "a0")], "a0");
    assert_eq!(h.total(1), 180);
    assert_eq!(h.total(2), 70);
    // 6.4: team 2 initiated «ва-банк» on question 1: not on question 2.
    h.ok(NeptuneCommand::OpenBidding);
    assert_eq!(
        h.bid(2, Bid::VaBank),
        Err(NeptunePlayError::Bid(BidRefusal::VaBankTwoRunning))
    );
}

#[test]
fn neptune_6_2_6_4_a_smaller_va_bank_is_refused_with_its_sum() {
    let mut h = auction_hall();
    h.ok(NeptuneCommand::OpenBidding);
    h.bid(1, Bid::Amount(60)).unwrap();
    // Team 2's «ва-банк» is its 40 points: less than the standing 60.
    assert_eq!(
        h.bid(2, Bid::VaBank),
        Err(NeptunePlayError::Bid(BidRefusal::VaBankNotLarger {
            worth: 40,
            standing: 60
        }))
    );
    let board = h.g.board(&h.roster, h.at()).auction.unwrap();
    assert_eq!(board.bids.len(), 1);
}

#[test]
fn neptune_6_4_a_va_banks_sum_is_fixed_when_made_and_stays_after_scoring() {
    let mut h = auction_hall();
    h.ok(NeptuneCommand::OpenBidding);
    h.bid(2, Bid::Amount(40)).unwrap();
    h.bid(1, Bid::VaBank).unwrap();
    let worth = |h: &Hall| -> Vec<i64> {
        let board = h.g.board(&h.roster, h.at()).auction.unwrap();
        board.bids.iter().map(|b| b.worth).collect()
    };
    assert_eq!(worth(&h), vec![40, 90]);
    h.wait(COUNT * 3);
    // Team 1 is right and doubles its score to 180 ...
    h.question(None, &[(1, "a0")], "a0");
    assert_eq!(h.total(1), 180);
    // ... and every screen still shows the «ва-банк» it made: 90.
    assert_eq!(worth(&h), vec![40, 90]);
    let staff = h.g.staff_view(&h.roster, h.at());
    let rows = &staff.board.auction.as_ref().unwrap().bids;
    assert_eq!(
        rows.iter().map(|b| b.worth).collect::<Vec<_>>(),
        vec![40, 90]
    );
    assert_eq!(
        h.g.board(&h.roster, h.at()).auction.unwrap().sold,
        Some(Sold::To {
            team: TeamId(1),
            bid: Bid::VaBank,
            stake: 90
        })
    );
}

#[test]
fn neptune_6_4_an_opening_va_bank_below_40_is_refused() {
    let mut h = auction_hall();
    // Team 2 at 40 is fine; bring it to 10 first: it loses 30 on question 1.
    h.ok(NeptuneCommand::OpenBidding);
    h.wait(COUNT * 3);
    h.question(None, &[(1, "a0")], "a0");
    assert_eq!(h.total(2), 10);
    h.ok(NeptuneCommand::OpenBidding);
    assert_eq!(
        h.bid(2, Bid::VaBank),
        Err(NeptunePlayError::Bid(BidRefusal::VaBankBelowMinimum {
            score: 10
        }))
    );
    // After an opening bid, its «ва-банк» of 10 is a follow-up, not a first
    // bid, and offers less than the standing 40 (6.2).
    h.bid(1, Bid::Amount(40)).unwrap();
    assert_eq!(
        h.bid(2, Bid::VaBank),
        Err(NeptunePlayError::Bid(BidRefusal::VaBankNotLarger {
            worth: 10,
            standing: 40
        }))
    );
}

#[test]
fn neptune_6_the_host_lets_a_bid_in_by_hand_and_a_restart_recounts() {
    let mut h = auction_hall();
    h.ok(NeptuneCommand::OpenBidding);
    h.host(NeptuneCommand::Bid {
        team: Some(TeamId(2)),
        bid: Bid::Amount(40),
    })
    .unwrap();
    let standing = h.g.board(&h.roster, h.at()).auction.unwrap().bids[0].clone();
    assert!(standing.by_host);
    h.wait(COUNT * 2);
    // The server is killed and comes back: the standing bid, a fresh count.
    let now = h.at();
    let own_events = <NeptuneMatch as LiveFormat>::OWN_EVENTS.expect("a restart's events");
    let restart = own_events.restarted(&mut h.g, now);
    assert_eq!(restart.len(), 1);
    for e in &restart {
        h.g.apply(e);
    }
    let board = h.g.board(&h.roster, h.at()).auction.unwrap();
    assert_eq!(board.count_at(h.at()), 0);
    assert_eq!(board.standing().unwrap().team, TeamId(2));
    assert!(h.g.staff_view(&h.roster, h.at()).restart_notice);
}

#[test]
fn neptune_6_3_a_bids_patch_makes_every_screen_what_a_whole_view_would_show() {
    // Arrange: bidding open, every screen as it was before each bid.
    let mut h = auction_hall();
    h.ok(NeptuneCommand::OpenBidding);
    for (team, amount) in [(1, 40), (2, 50), (1, 60)] {
        let staff_before = h.g.staff_view(&h.roster, h.at());
        let display_before = h.g.board(&h.roster, h.at());
        let teams_before: Vec<NeptuneTeamView> = (1..=3).map(|t| h.view(t)).collect();

        // Act: the bid, and its patch as the core takes it after applying.
        let (_, events) =
            h.g.decide(
                Identity::Team(TeamId(team)),
                NeptuneCommand::Bid {
                    team: None,
                    bid: Bid::Amount(amount),
                },
                &h.roster,
                h.at(),
            )
            .unwrap();
        for e in &events {
            h.g.apply(e);
        }
        let patch = patches().commit_patch(&h.g, &events[0], &h.roster).unwrap();

        // Assert: each screen patched is the screen projected anew.
        let mut staff = staff_before;
        assert!(patches().patch_staff(&mut staff, &patch.staff));
        assert_eq!(staff.board, h.g.staff_view(&h.roster, h.at()).board);
        let mut display = display_before;
        assert!(patches().patch_display(&mut display, &patch.public));
        assert_eq!(display, h.g.board(&h.roster, h.at()));
        for (t, mut view) in (1..=3).zip(teams_before) {
            assert!(patches().patch_team(&mut view, &patch.public));
            assert_eq!(view, h.view(t), "team {t} after {amount}");
        }
        h.wait(100);
    }
}

#[test]
fn neptune_6_3_only_a_bid_goes_as_a_patch() {
    // Opening the bidding changes whole screens: no patch says it.
    let mut h = auction_hall();
    h.ok(NeptuneCommand::OpenBidding);
    let opened = NeptuneEvent::BiddingOpened { at: h.at() };
    assert!(patches().commit_patch(&h.g, &opened, &h.roster).is_none());
}

/// Нептун's screen patches (issue 42).
fn patches() -> &'static dyn crate::play::format::Patches<NeptuneMatch> {
    <NeptuneMatch as LiveFormat>::PATCHES.expect("Нептун patches its screens")
}
