//! Аукцион (6.1–6.7): eight questions worth 30; before each, live bidding
//! for the right to play it for more. The bidding is a state machine driven
//! by the teams' bids and the host's count to three (6.3); time is passed in
//! with each action and only recorded, never read.

use serde::{Deserialize, Serialize};

use super::{NeptuneError, check_teams, in_question};
use crate::time::ServerTime;

/// 6.1: eight questions ...
pub const QUESTIONS: usize = 8;
/// ... worth 30; 6.6: everyone but the winner of the bidding plays for 30.
pub const QUESTION_VALUE: i64 = 30;
/// 6.4: the first bid is at least 40.
pub const FIRST_BID_MIN: u32 = 40;
/// 6.4: bids go in tens.
const BID_STEP: u32 = 10;
/// 6.3: the host counts to three after each bid.
const COUNT_TO: u8 = 3;

/// A bid: a sum of points, or «ва-банк» (the team's whole current score).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Bid {
    Amount(u32),
    VaBank,
}

/// The winner of a question's bidding and its last bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Winner {
    pub team: usize,
    pub bid: Bid,
}

/// One played auction question, as a scoresheet records it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionQuestion {
    /// None when nobody bid (or nobody could).
    pub winner: Option<Winner>,
    pub correct: Vec<usize>,
    /// The winner's stake as the hall heard it (a «ва-банк»: its sum, fixed
    /// when it was made); when given, it must be what the rules make of the
    /// bid and the current score.
    #[serde(default)]
    pub stated_stake: Option<i64>,
}

/// 6.2 / 6.4: the stake the winner plays for, given the current scores;
/// refuses a winning bid the rules could not have produced.
pub fn winner_stake(scores: &[i64], winner: &Winner) -> Result<i64, NeptuneError> {
    let score = *scores
        .get(winner.team)
        .ok_or(NeptuneError::UnknownTeam { team: winner.team })?;
    if let Bid::Amount(bid) = winner.bid {
        // 6.4: bids are multiples of ten, and the first is at least 40, so
        // every bid is.
        if bid % BID_STEP != 0 {
            return Err(NeptuneError::NotMultipleOfTen { bid });
        }
        if bid < FIRST_BID_MIN {
            return Err(NeptuneError::FirstBidTooLow { bid });
        }
    }
    // 6.2: only teams with a score above zero take part in the bidding.
    if score <= 0 {
        return Err(NeptuneError::NotPositive {
            team: winner.team,
            score,
        });
    }
    match winner.bid {
        // 6.2: a winner without the sum on its account is excluded and the
        // bidding rerun, so a winning bid never exceeds the score.
        Bid::Amount(bid) if i64::from(bid) > score => Err(NeptuneError::BidOverScore {
            team: winner.team,
            bid,
            score,
        }),
        Bid::Amount(bid) => Ok(i64::from(bid)),
        // 6.4: a winning «ва-банк» either opened the bidding (so it is at
        // least 40) or offered more than a standing bid (itself at least
        // 40, 6.2): below 40 it could not have won.
        Bid::VaBank if score < i64::from(FIRST_BID_MIN) => Err(NeptuneError::VaBankBelowMinimum {
            team: winner.team,
            score,
        }),
        // 6.4: «ва-банк» stakes the whole current score.
        Bid::VaBank => Ok(score),
    }
}

/// 6.6–6.7: the change in every team's score after one question: right
/// gains the stake, wrong or no answer loses it; the winner's stake is its
/// bid, everyone else's is 30.
pub fn settle_auction_question(
    scores: &[i64],
    question: &AuctionQuestion,
) -> Result<Vec<i64>, NeptuneError> {
    let winner = match &question.winner {
        Some(winner) => {
            let stake = winner_stake(scores, winner)?;
            match question.stated_stake {
                Some(stated) if stated != stake => {
                    return Err(NeptuneError::StakeMismatch {
                        team: winner.team,
                        stated,
                        stake,
                    });
                }
                _ => Some((winner.team, stake)),
            }
        }
        None => None,
    };
    let right = check_teams(scores.len(), &question.correct)?;
    Ok(right
        .into_iter()
        .enumerate()
        .map(|(team, is_right)| {
            let stake = match winner {
                Some((winner, stake)) if winner == team => stake,
                _ => QUESTION_VALUE,
            };
            if is_right { stake } else { -stake }
        })
        .collect())
}

/// The auction's points for each team; `start` is each team's total over the
/// contests before it, the current score then moves with every question.
pub fn score(start: &[i64], questions: &[AuctionQuestion]) -> Result<Vec<i64>, NeptuneError> {
    let mut scores = start.to_vec();
    for (q, question) in questions.iter().enumerate() {
        let deltas = settle_auction_question(&scores, question).map_err(in_question(q))?;
        for (score, delta) in scores.iter_mut().zip(deltas) {
            *score = score.saturating_add(delta);
        }
    }
    Ok(scores
        .iter()
        .zip(start)
        .map(|(now, before)| now.saturating_sub(*before))
        .collect())
}

/// A bid as placed during live bidding, with the time it was heard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlacedBid {
    pub team: usize,
    pub bid: Bid,
    pub at: ServerTime,
    /// The sum it offers (6.2), fixed when it is made: a number's own, a
    /// «ва-банк»'s the team's whole score at that moment.
    pub worth: i64,
}

/// How a question's bidding ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BiddingOutcome {
    /// The last bidder won and plays for `stake`.
    Won { winner: Winner, stake: i64 },
    /// Nobody bid: every team plays for 30.
    NoBids,
}

/// The bidding before one question.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bidding {
    /// 6.2: teams that won this question's bidding without the sum to cover
    /// it; they may not bid again on this question.
    pub excluded: Vec<usize>,
    /// This run's bids, in the order the host took them (6.3).
    pub bids: Vec<PlacedBid>,
    /// The host's count since the last bid (6.3): 0, 1, 2.
    pub count: u8,
    pub last_count_at: Option<ServerTime>,
    /// The team that played the first «ва-банк» on this question.
    pub va_bank_initiator: Option<usize>,
    pub outcome: Option<BiddingOutcome>,
}

/// What the auction expects next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AuctionStep {
    /// Bidding is open; the host's count stands at `count`.
    Bidding { count: u8 },
    /// 6.2: the winner could not cover its bid: it is out of this question's
    /// bidding, which starts again.
    Rerun { excluded: usize },
    /// Bidding closed: ask the question.
    Closed(BiddingOutcome),
    /// All eight questions are played.
    Finished,
}

/// The whole auction, live.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    /// 0-based index of the current question.
    pub question: usize,
    /// Every team's current score (all earlier contests and questions).
    pub scores: Vec<i64>,
    /// 6.4: who initiated «ва-банк» on the previous question.
    pub previous_va_bank_initiator: Option<usize>,
    pub bidding: Bidding,
    pub played: Vec<AuctionQuestion>,
}

impl Auction {
    /// Starts the auction with every team's score after the other contests.
    pub fn new(scores: Vec<i64>) -> Self {
        Auction {
            question: 0,
            scores,
            previous_va_bank_initiator: None,
            bidding: Bidding::default(),
            played: Vec::new(),
        }
    }

    pub fn is_finished(&self) -> bool {
        self.question >= QUESTIONS
    }

    /// 6.2: may `team` bid now?
    pub fn may_bid(&self, team: usize) -> bool {
        self.scores.get(team).is_some_and(|&score| score > 0)
            && !self.bidding.excluded.contains(&team)
    }

    /// A team raises its hand and names a bid.
    pub fn bid(
        &mut self,
        team: usize,
        bid: Bid,
        at: ServerTime,
    ) -> Result<AuctionStep, NeptuneError> {
        self.check_open()?;
        let score = *self
            .scores
            .get(team)
            .ok_or(NeptuneError::UnknownTeam { team })?;
        // 6.2: a team excluded on this question stays out of its reruns.
        if self.bidding.excluded.contains(&team) {
            return Err(NeptuneError::Excluded { team });
        }
        // 6.2: only teams with a score above zero bid.
        if score <= 0 {
            return Err(NeptuneError::NotPositive { team, score });
        }
        let last = self.bidding.bids.last().copied();
        if last.is_some_and(|last| last.team == team) {
            return Err(NeptuneError::AlreadyLeading { team });
        }
        let va_bank_played = self.bidding.va_bank_initiator.is_some();
        let worth = match bid {
            Bid::Amount(amount) => i64::from(amount),
            // 6.4: «ва-банк» offers the team's whole current score.
            Bid::VaBank => score,
        };
        match bid {
            Bid::VaBank if va_bank_played => {
                if self
                    .bidding
                    .bids
                    .iter()
                    .any(|b| b.team == team && b.bid == Bid::VaBank)
                {
                    return Err(NeptuneError::VaBankAgain { team });
                }
                check_va_bank_larger(team, worth, last)?;
            }
            // 6.4: «Первая ставка в торгах равна как минимум 40» — an
            // opening «ва-банк» is the first bid too (docs/rules.md).
            Bid::VaBank if last.is_none() && score < i64::from(FIRST_BID_MIN) => {
                return Err(NeptuneError::VaBankBelowMinimum { team, score });
            }
            Bid::VaBank => {
                // 6.4: no initiating «ва-банк» two questions running.
                if self.previous_va_bank_initiator == Some(team) {
                    return Err(NeptuneError::VaBankTwoRunning { team });
                }
                check_va_bank_larger(team, worth, last)?;
                self.bidding.va_bank_initiator = Some(team);
            }
            // 6.4: after «ва-банк» only «ва-банк».
            Bid::Amount(_) if va_bank_played => return Err(NeptuneError::VaBankOnly),
            Bid::Amount(amount) => check_amount(amount, last.map(|l| l.bid))?,
        }
        self.bidding.bids.push(PlacedBid {
            team,
            bid,
            at,
            worth,
        });
        // 6.3: every bid restarts the host's count.
        self.bidding.count = 0;
        Ok(AuctionStep::Bidding { count: 0 })
    }

    /// The host counts aloud: `said` must be the next number (1, 2, 3); «три»
    /// with nobody raising a hand closes the bidding (6.3).
    pub fn count(&mut self, said: u8, at: ServerTime) -> Result<AuctionStep, NeptuneError> {
        self.check_open()?;
        let expected = self.bidding.count + 1;
        if said != expected {
            return Err(NeptuneError::CountOutOfOrder { said, expected });
        }
        self.bidding.count = said;
        self.bidding.last_count_at = Some(at);
        if said >= COUNT_TO {
            Ok(self.close_bidding())
        } else {
            Ok(AuctionStep::Bidding { count: said })
        }
    }

    /// The host closes the bidding at once (as if «три» was said).
    pub fn close(&mut self, at: ServerTime) -> Result<AuctionStep, NeptuneError> {
        self.check_open()?;
        self.bidding.count = COUNT_TO;
        self.bidding.last_count_at = Some(at);
        Ok(self.close_bidding())
    }

    /// 6.5–6.7: the answers to the question after the bidding closed; returns
    /// each team's change of score and moves to the next question.
    pub fn answer(&mut self, correct: &[usize]) -> Result<Vec<i64>, NeptuneError> {
        if self.is_finished() {
            return Err(NeptuneError::AuctionOver);
        }
        let winner = match self.bidding.outcome {
            None => return Err(NeptuneError::BiddingOpen),
            Some(BiddingOutcome::Won { winner, .. }) => Some(winner),
            Some(BiddingOutcome::NoBids) => None,
        };
        let stated_stake = match self.bidding.outcome {
            Some(BiddingOutcome::Won { stake, .. }) => Some(stake),
            _ => None,
        };
        let question = AuctionQuestion {
            winner,
            correct: correct.to_vec(),
            stated_stake,
        };
        let deltas = settle_auction_question(&self.scores, &question)?;
        for (score, delta) in self.scores.iter_mut().zip(&deltas) {
            *score = score.saturating_add(*delta);
        }
        self.played.push(question);
        self.previous_va_bank_initiator = self.bidding.va_bank_initiator;
        self.bidding = Bidding::default();
        self.question += 1;
        Ok(deltas)
    }

    fn check_open(&self) -> Result<(), NeptuneError> {
        if self.is_finished() {
            return Err(NeptuneError::AuctionOver);
        }
        if self.bidding.outcome.is_some() {
            return Err(NeptuneError::BiddingClosed);
        }
        Ok(())
    }

    /// 6.3: the last bidder wins — every accepted bid offered more than the
    /// one before, so the last is the largest sum (6.2); unless it cannot
    /// cover its bid.
    fn close_bidding(&mut self) -> AuctionStep {
        let Some(last) = self.bidding.bids.last().copied() else {
            self.bidding.outcome = Some(BiddingOutcome::NoBids);
            return AuctionStep::Closed(BiddingOutcome::NoBids);
        };
        let score = self.scores.get(last.team).copied().unwrap_or(0);
        // The sum fixed when the bid was made (a «ва-банк»: the score then,
        // which nothing changes during the bidding).
        let stake = last.worth;
        if stake > score {
            // 6.2: the bidding is rerun without this team.
            self.bidding.excluded.push(last.team);
            self.bidding.bids.clear();
            self.bidding.count = 0;
            return AuctionStep::Rerun {
                excluded: last.team,
            };
        }
        let outcome = BiddingOutcome::Won {
            winner: Winner {
                team: last.team,
                bid: last.bid,
            },
            stake,
        };
        self.bidding.outcome = Some(outcome);
        AuctionStep::Closed(outcome)
    }
}

/// 6.2 / 6.4: a «ва-банк» is a bid like any other: it must offer more than
/// the standing bid (numeric or another «ва-банк»); at equal sums the
/// earlier arrival keeps the lead (6.3, docs/rules.md). The tens rule does
/// not bind it: the team's score is what it is.
fn check_va_bank_larger(
    team: usize,
    worth: i64,
    standing: Option<PlacedBid>,
) -> Result<(), NeptuneError> {
    match standing {
        Some(standing) if worth <= standing.worth => Err(NeptuneError::VaBankNotLarger {
            team,
            worth,
            standing: standing.worth,
        }),
        _ => Ok(()),
    }
}

/// 6.4: the first bid is at least 40 and a multiple of ten; each next bid
/// is higher than the last by a multiple of ten.
fn check_amount(amount: u32, previous: Option<Bid>) -> Result<(), NeptuneError> {
    if !amount.is_multiple_of(BID_STEP) {
        return Err(NeptuneError::NotMultipleOfTen { bid: amount });
    }
    match previous {
        None if amount < FIRST_BID_MIN => Err(NeptuneError::FirstBidTooLow { bid: amount }),
        Some(Bid::Amount(previous)) if amount <= previous => Err(NeptuneError::RaiseTooSmall {
            bid: amount,
            previous,
        }),
        // A numeric bid after «ва-банк» was refused before this point.
        Some(Bid::VaBank) => Err(NeptuneError::VaBankOnly),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
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
}
