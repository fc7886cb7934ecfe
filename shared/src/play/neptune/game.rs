//! A Нептун game's state: the registered teams, the contests played so far
//! with their questions and cards, the splits, marks and declarations, and
//! the live auction. Events are the only mutation ([`NeptuneMatch::apply`]);
//! what is on at an instant is derived from stored instants, never ticked.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::view::Stage;
use super::{AnswerCard, CardKey, NeptuneEvent, NeptunePackage, NeptuneSettings};
use crate::ids::{Slice, TeamId};
use crate::play::format::Touched;
use crate::play::neptune::rules::{
    Auction, AuctionStep, Bid, BiddingOutcome, Contest, QUESTIONS_PER_BLOCK,
};
use crate::time::ServerTime;

/// A team registered for the game, with its players as registered then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    pub team: TeamId,
    pub players: Vec<String>,
}

/// 2.2: who plays in which ломтик.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Split {
    pub top: Vec<String>,
    pub bottom: Vec<String>,
}

impl Split {
    /// A team that chose nothing: the first half of its players (rounded
    /// up) on top, the rest below (docs/rules.md, 2.2).
    pub fn default_for(players: &[String]) -> Split {
        let half = players.len().div_ceil(2);
        Split {
            top: players[..half].to_vec(),
            bottom: players[half..].to_vec(),
        }
    }
}

/// 5.2: a team's declaration card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declaration {
    pub count: u32,
    pub at: ServerTime,
    /// Came after the deadline: kept, not counted (docs/rules.md, 5.2).
    pub late: bool,
}

/// One question (Блицкриг: one block) as played.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuestionPlay {
    /// 1.3: Негатив's announced rating.
    pub rating: Option<u32>,
    /// When it went up (Аукцион: after its bidding).
    pub announced_at: Option<ServerTime>,
    /// When each discussion started: one minute, or (Блицкриг) each of
    /// the block's four 20-s steps.
    pub steps: Vec<ServerTime>,
    pub cards: BTreeMap<CardKey, AnswerCard>,
    pub revealed_at: Option<ServerTime>,
    /// Аукцион: how the bidding before it ended (6.2–6.4).
    pub sold: Option<BiddingOutcome>,
}

/// A contest as played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContestPlay {
    pub contest: Contest,
    pub started_at: ServerTime,
    pub questions: Vec<QuestionPlay>,
}

/// A bid as the hall heard it, in server arrival order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoggedBid {
    pub team: TeamId,
    pub bid: Bid,
    pub at: ServerTime,
    pub by_host: bool,
    /// The sum it offered, fixed when it was made (6.2; «ва-банк»: the
    /// team's score then), so no later score changes what it was.
    pub worth: i64,
    /// The bidding run it belongs to (a rerun after 6.2's exclusion starts
    /// the next).
    pub run: u32,
}

/// 6: the auction live: the rules' engine (teams by their registration
/// index), where the count runs from, and every bid ever accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveAuction {
    pub engine: Auction,
    /// The scores the auction started from (the other five contests).
    pub start: Vec<i64>,
    /// 6.3: the count runs from the last bid (or the opening, a rerun, a
    /// restart); `None` while no bidding is open.
    pub count_from: Option<ServerTime>,
    pub run: u32,
    /// Every bid of the auction, per question, in arrival order.
    pub log: Vec<Vec<LoggedBid>>,
}

/// A Нептун game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeptuneMatch {
    pub settings: NeptuneSettings,
    pub package: Option<NeptunePackage>,
    pub entrants: Vec<Entrant>,
    pub splits: BTreeMap<TeamId, Split>,
    pub marks: BTreeMap<TeamId, BTreeSet<u32>>,
    pub declarations: BTreeMap<TeamId, Declaration>,
    pub played: Vec<ContestPlay>,
    pub auction: Option<LiveAuction>,
    /// Issue 14: the server started again during the bidding.
    pub restart_notice: bool,
    /// The last instant `handle_timeout` was called at (not stored: only
    /// which screens to refresh depends on it).
    pub signalled: ServerTime,
}

impl NeptuneMatch {
    pub fn new(settings: &NeptuneSettings) -> Self {
        NeptuneMatch {
            settings: settings.clone(),
            package: None,
            entrants: Vec::new(),
            splits: BTreeMap::new(),
            marks: BTreeMap::new(),
            declarations: BTreeMap::new(),
            played: Vec::new(),
            auction: None,
            restart_notice: false,
            signalled: ServerTime::ZERO,
        }
    }

    // ---- what is where ----

    pub fn entrant(&self, team: TeamId) -> Option<&Entrant> {
        self.entrants.iter().find(|e| e.team == team)
    }

    /// The team's index for the rules' engines (registration order).
    pub fn index_of(&self, team: TeamId) -> Option<usize> {
        self.entrants.iter().position(|e| e.team == team)
    }

    pub fn size(&self, contest: Contest) -> u32 {
        self.settings.sizes.of(contest)
    }

    /// The contest in play or the last one played.
    pub fn current(&self) -> Option<&ContestPlay> {
        self.played.last()
    }

    pub fn current_question(&self) -> Option<&QuestionPlay> {
        self.current()?.questions.last()
    }

    pub fn contest_done(&self, play: &ContestPlay) -> bool {
        play.questions.len() as u32 >= self.size(play.contest)
            && play.questions.iter().all(|q| q.revealed_at.is_some())
    }

    /// The contest to start next, `None` once all six have started.
    pub fn next_contest(&self) -> Option<Contest> {
        Contest::ALL.get(self.played.len()).copied()
    }

    pub fn finished(&self) -> bool {
        self.played.len() == Contest::ALL.len()
            && self.current().is_some_and(|c| self.contest_done(c))
    }

    pub fn started(&self) -> bool {
        !self.played.is_empty()
    }

    /// 2.2: the split in force for `team`: chosen, or the default.
    pub fn split_of(&self, team: TeamId) -> Split {
        self.splits.get(&team).cloned().unwrap_or_else(|| {
            self.entrant(team)
                .map(|e| Split::default_for(&e.players))
                .unwrap_or_default()
        })
    }

    /// 2.2: the split is fixed once Сэндвич has started.
    pub fn split_fixed(&self) -> bool {
        self.played.len() > Contest::Sandwich.index()
    }

    /// Who hands in cards in `contest`: each team, or each ломтик (2.3).
    pub fn card_keys(&self, contest: Contest) -> Vec<CardKey> {
        self.entrants
            .iter()
            .flat_map(|e| {
                if contest == Contest::Sandwich {
                    Slice::BOTH
                        .iter()
                        .map(|s| CardKey::slice(e.team, *s))
                        .collect::<Vec<_>>()
                } else {
                    vec![CardKey::team(e.team)]
                }
            })
            .collect()
    }

    /// How many answers a card of `contest` has (3.3: a block's four).
    pub fn answers_per_card(contest: Contest) -> usize {
        if contest == Contest::Blitz {
            QUESTIONS_PER_BLOCK
        } else {
            1
        }
    }

    // ---- the clock ----

    fn ms(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    /// When the discussion of `question` ends (Блицкриг: the last step
    /// read so far) and until when cards are taken; `None` before it starts.
    /// For a block, cards are taken without limit until its fourth step.
    pub fn deadlines(
        &self,
        contest: Contest,
        question: &QuestionPlay,
    ) -> Option<(ServerTime, ServerTime)> {
        let t = &self.settings.timing;
        let last = *question.steps.last()?;
        if contest == Contest::Blitz {
            let ends = last.plus(Self::ms(t.blitz_step_ms));
            if question.steps.len() < QUESTIONS_PER_BLOCK {
                return Some((ends, ServerTime(u64::MAX)));
            }
            return Some((ends, ends.plus(Self::ms(t.grace_ms))));
        }
        let ends = last.plus(Self::ms(t.minute_ms));
        Some((ends, ends.plus(Self::ms(t.grace_ms))))
    }

    /// 5.2: the Джокер topics window: its end and the declarations' deadline.
    pub fn topics_deadlines(&self) -> Option<(ServerTime, ServerTime, ServerTime)> {
        let play = self.current().filter(|c| c.contest == Contest::Joker)?;
        let t = &self.settings.timing;
        let ends = play.started_at.plus(Self::ms(t.joker_topics_ms));
        Some((play.started_at, ends, ends.plus(Self::ms(t.grace_ms))))
    }

    /// 6.3: when the running count says «три».
    pub fn count_ends_at(&self) -> Option<ServerTime> {
        let auction = self.auction.as_ref()?;
        let from = auction.count_from?;
        let q = self.current_question()?;
        if q.sold.is_some() {
            return None;
        }
        Some(from.plus(Self::ms(
            self.settings.timing.count_step_ms.saturating_mul(3),
        )))
    }

    /// What is on at `now`.
    pub fn stage(&self, now: ServerTime) -> Stage {
        let Some(play) = self.current() else {
            return if self.entrants.is_empty() {
                Stage::SettingUp
            } else {
                Stage::Between {
                    next: Contest::Negative,
                }
            };
        };
        if self.contest_done(play) {
            return match self.next_contest() {
                Some(next) => Stage::Between { next },
                None => Stage::Finished,
            };
        }
        let Some(q) = play.questions.last() else {
            if let Some((started_at, ends_at, accept_until)) = self.topics_deadlines()
                && now <= accept_until
            {
                return Stage::Topics {
                    started_at,
                    ends_at,
                    accept_until,
                };
            }
            return Stage::ContestOpen;
        };
        if q.revealed_at.is_some() {
            return Stage::Revealed;
        }
        if play.contest == Contest::Auction {
            if q.sold.is_none() {
                return Stage::Bidding;
            }
            if q.announced_at.is_none() {
                return Stage::Sold;
            }
        }
        let Some((ends_at, accept_until)) = self.deadlines(play.contest, q) else {
            return Stage::Announced;
        };
        let step = q.steps.len() as u8;
        let started_at = q.steps.last().copied().unwrap_or(ServerTime::ZERO);
        if play.contest == Contest::Blitz && (step as usize) < QUESTIONS_PER_BLOCK {
            return if now <= ends_at {
                Stage::Minute {
                    step,
                    started_at,
                    ends_at,
                    accept_until: ends_at,
                }
            } else {
                Stage::BetweenSteps { step }
            };
        }
        if now <= accept_until {
            Stage::Minute {
                step,
                started_at,
                ends_at,
                accept_until,
            }
        } else {
            Stage::Judging
        }
    }

    /// Every instant after `now` at which what screens show changes.
    pub fn next_signal(&self, now: ServerTime) -> Option<ServerTime> {
        let mut signals = Vec::new();
        if let Some(play) = self.current()
            && let Some(q) = play.questions.last()
            && q.revealed_at.is_none()
            && let Some((ends, until)) = self.deadlines(play.contest, q)
        {
            signals.push(ends);
            if until != ServerTime(u64::MAX) {
                signals.push(until.plus(Duration::from_micros(1)));
            } else {
                // 3.2: a Блицкриг step's card is taken up to `ends` itself;
                // «between steps» begins a microsecond later, and so must
                // the wake-up that tells every screen.
                signals.push(ends.plus(Duration::from_micros(1)));
            }
        }
        if let Some((_, ends, until)) = self.topics_deadlines()
            && self.current().is_some_and(|c| c.questions.is_empty())
        {
            signals.extend([ends, until.plus(Duration::from_micros(1))]);
        }
        if let (Some(end), Some(from)) = (
            self.count_ends_at(),
            self.auction.as_ref().and_then(|a| a.count_from),
        ) {
            let step = Self::ms(self.settings.timing.count_step_ms);
            signals.extend([from.plus(step), from.plus(step * 2), end]);
        }
        signals.into_iter().filter(|t| *t > now).min()
    }

    // ---- the only mutation ----

    pub fn apply(&mut self, event: &NeptuneEvent) -> Touched {
        use NeptuneEvent as E;
        match event {
            E::PackageLoaded { package } => {
                self.package = Some(package.clone());
                Touched::everyone()
            }
            E::SettingsSet { settings } => {
                self.settings = settings.clone();
                Touched::everyone()
            }
            E::Registered { teams } => {
                self.entrants = teams
                    .iter()
                    .map(|(team, players)| Entrant {
                        team: *team,
                        players: players.clone(),
                    })
                    .collect();
                self.splits.retain(|t, _| teams.iter().any(|(x, _)| x == t));
                Touched::everyone()
            }
            E::ContestStarted { at } => {
                let Some(contest) = self.next_contest() else {
                    return Touched::nobody();
                };
                if contest == Contest::Auction {
                    let start = self.running_totals();
                    self.auction = Some(LiveAuction {
                        engine: Auction::new(start.clone()),
                        start,
                        count_from: None,
                        run: 0,
                        log: Vec::new(),
                    });
                }
                self.played.push(ContestPlay {
                    contest,
                    started_at: *at,
                    questions: Vec::new(),
                });
                Touched::everyone()
            }
            E::Announced { rating, at } => {
                let is_auction = self
                    .current()
                    .is_some_and(|c| c.contest == Contest::Auction);
                let Some(play) = self.played.last_mut() else {
                    return Touched::nobody();
                };
                if is_auction {
                    if let Some(q) = play.questions.last_mut() {
                        q.announced_at = Some(*at);
                    }
                } else {
                    play.questions.push(QuestionPlay {
                        rating: *rating,
                        announced_at: Some(*at),
                        ..QuestionPlay::default()
                    });
                }
                Touched::everyone()
            }
            E::MinuteStarted { at } => {
                if let Some(q) = self.played.last_mut().and_then(|p| p.questions.last_mut()) {
                    q.steps.push(*at);
                }
                Touched::everyone()
            }
            E::CardHandedIn {
                key,
                answers,
                at,
                late,
            } => {
                if let Some(q) = self.played.last_mut().and_then(|p| p.questions.last_mut()) {
                    q.cards
                        .insert(*key, AnswerCard::new(*key, answers.clone(), *at, *late));
                }
                Touched {
                    staff: true,
                    teams: vec![key.team],
                    ..Touched::default()
                }
            }
            E::Judged {
                cards,
                part,
                correct,
            } => {
                if let Some(q) = self.played.last_mut().and_then(|p| p.questions.last_mut()) {
                    for key in cards {
                        if let Some(v) = q
                            .cards
                            .get_mut(key)
                            .and_then(|c| c.verdicts.get_mut(usize::from(*part)))
                        {
                            *v = Some(*correct);
                        }
                    }
                }
                // Before the reveal a verdict is the host's alone.
                Touched::staff()
            }
            E::Revealed { at } => {
                let contest = self.current().map(|c| c.contest);
                if let Some(q) = self.played.last_mut().and_then(|p| p.questions.last_mut()) {
                    q.revealed_at = Some(*at);
                }
                if contest == Some(Contest::Auction) {
                    let right = self.right_teams_now();
                    if let Some(a) = self.auction.as_mut() {
                        // Decided against the same engine: cannot fail.
                        let _ = a.engine.answer(&right);
                        a.count_from = None;
                    }
                }
                Touched::everyone()
            }
            E::SplitSet { team, top, bottom } => {
                self.splits.insert(
                    *team,
                    Split {
                        top: top.clone(),
                        bottom: bottom.clone(),
                    },
                );
                Touched {
                    staff: true,
                    teams: vec![*team],
                    ..Touched::default()
                }
            }
            E::Declared {
                team,
                count,
                at,
                late,
            } => {
                self.declarations.insert(
                    *team,
                    Declaration {
                        count: *count,
                        at: *at,
                        late: *late,
                    },
                );
                // The hall sees how many have declared, not what.
                Touched::everyone()
            }
            E::PhraseMarked {
                team,
                phrase,
                marked,
            } => {
                let marks = self.marks.entry(*team).or_default();
                if *marked {
                    marks.insert(*phrase);
                } else {
                    marks.remove(phrase);
                }
                Touched {
                    teams: vec![*team],
                    ..Touched::default()
                }
            }
            E::BiddingOpened { at } => {
                if let Some(play) = self.played.last_mut() {
                    play.questions.push(QuestionPlay::default());
                }
                if let Some(a) = self.auction.as_mut() {
                    a.count_from = Some(*at);
                    a.log.push(Vec::new());
                }
                Touched::everyone()
            }
            E::BidPlaced {
                team,
                bid,
                at,
                by_host,
            } => {
                let index = self.index_of(*team);
                if let (Some(a), Some(index)) = (self.auction.as_mut(), index) {
                    // Decided against the same engine: cannot fail.
                    let _ = a.engine.bid(index, *bid, *at);
                    let worth = match bid {
                        Bid::Amount(n) => i64::from(*n),
                        Bid::VaBank => a.engine.scores.get(index).copied().unwrap_or(0),
                    };
                    a.count_from = Some(*at);
                    let run = a.run;
                    if let Some(log) = a.log.last_mut() {
                        log.push(LoggedBid {
                            team: *team,
                            bid: *bid,
                            at: *at,
                            by_host: *by_host,
                            worth,
                            run,
                        });
                    }
                }
                Touched::everyone()
            }
            E::CountEnded { at } => {
                let Some(a) = self.auction.as_mut() else {
                    return Touched::nobody();
                };
                match a.engine.close(*at) {
                    // 6.2: the winner could not cover its bid: the bidding
                    // starts again without it, its count from now.
                    Ok(AuctionStep::Rerun { .. }) => {
                        a.run += 1;
                        a.count_from = Some(*at);
                    }
                    Ok(AuctionStep::Closed(outcome)) => {
                        a.count_from = None;
                        if let Some(q) = self.played.last_mut().and_then(|p| p.questions.last_mut())
                        {
                            q.sold = Some(outcome);
                        }
                    }
                    _ => {}
                }
                Touched::everyone()
            }
            E::CountRestarted { at } => {
                if let Some(a) = self.auction.as_mut()
                    && a.count_from.is_some()
                {
                    a.count_from = Some(*at);
                    self.restart_notice = true;
                }
                Touched::everyone()
            }
        }
    }

    /// The entrants' indices whose on-time card for the question in play
    /// was judged right (Аукцион: 6.6).
    fn right_teams_now(&self) -> Vec<usize> {
        let Some(q) = self.current_question() else {
            return Vec::new();
        };
        self.entrants
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                q.cards
                    .get(&CardKey::team(e.team))
                    .is_some_and(|c| c.right() > 0)
            })
            .map(|(i, _)| i)
            .collect()
    }
}
