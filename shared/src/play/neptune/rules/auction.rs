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
mod tests;
