//! «Нептун» robots of the demo: a team's captain and its two ломтики, as
//! pure functions of what the team's terminal shows, so they are tested
//! without a server.
//!
//! The captain sends a split into ломтики before Сэндвич (most teams; the
//! others keep the default, 2.2), marks on its Негатив sheet the
//! «перевёртыш» of each question it took (1.2), hands in a card in each
//! minute — a Блицкриг card once the block's fourth question is read —
//! right or wrong by its skill and a seed, so the standings spread, and
//! declares in Джокер (the second team registered never does, so the hall
//! sees a missing declaration count as 0). Each ломтик hands in its own
//! Сэндвич card (2.3).
//!
//! In the auction every captain reads the same script off the board
//! ([`auction_move`]), and the one the script names bids: on the first
//! question the poorest team bids past its score and is excluded when the
//! count runs out (6.2), then in the rerun a poorer team opens «ва-банк» and
//! the richest answers with a larger one (6.2, 6.4: the largest sum wins);
//! every third question nobody bids (all play for 30); on the others two
//! or three teams raise by tens.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use minuta_shared::ids::{GameId, Slice, TeamId};
use minuta_shared::play::neptune::rules::{Bid, Contest, FIRST_BID_MIN};
use minuta_shared::play::neptune::{
    AuctionBoard, NeptuneCommand, NeptunePackage, NeptuneTeamView, Stage,
};
use minuta_shared::seed::Rng;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;

use super::plug::TeamStyle;
use super::schedule;

/// What a robot writes when it does not know.
const WRONG: [&str; 6] = ["Не знаем", "Сорок", "Медведь", "Волга", "Пропуск", "Ой"];

/// A question (Блицкриг: a block) of the game: its contest and number.
type QuestionKey = (Contest, u32);

/// A moment of an auction question's bidding: the question, how many
/// teams are out of it (a rerun), and how many bids stand.
type BidKey = (u32, usize, usize);

/// What a robot means to do at a moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Intent {
    Split {
        top: Vec<String>,
        bottom: Vec<String>,
    },
    Mark {
        phrase: u32,
    },
    /// A card: the team's (`slice: None`) or a ломтик's.
    Answer {
        question: QuestionKey,
        slice: Option<Slice>,
        answers: Vec<String>,
    },
    Declare {
        count: u32,
    },
    Bid {
        at: BidKey,
        bid: Bid,
    },
}

/// A planned action and when it is due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Planned {
    pub at: ServerTime,
    pub intent: Intent,
}

impl schedule::Due for Planned {
    fn due_at(&self) -> ServerTime {
        self.at
    }
}

/// What was decided already (each once).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Decided {
    Split,
    Mark(u32),
    /// A card for a question (its contest by index) of the team or a ломтик.
    Card((usize, u32), Option<Slice>),
    Declare,
    Bid(BidKey),
}

/// A robot team at Нептун: its captain and its ломтики.
pub(super) struct Captain {
    team: TeamId,
    /// Its place in the registration (from 0): some roles go by it.
    place: usize,
    style: TeamStyle,
    /// The demo's minute: thinking times scale with it.
    minute: Duration,
    /// The answers the robots "know" (the demo's package).
    package: Option<Arc<NeptunePackage>>,
    /// How many questions Джокер plays (the host says so with the topics).
    joker_size: u32,
    decided: BTreeSet<Decided>,
    planned: Vec<Planned>,
}

impl Captain {
    pub(super) fn new(
        team: TeamId,
        place: usize,
        style: TeamStyle,
        minute: Duration,
        package: Option<Arc<NeptunePackage>>,
        joker_size: u32,
    ) -> Self {
        Captain {
            team,
            place,
            style,
            minute,
            package,
            joker_size,
            decided: BTreeSet::new(),
            planned: Vec::new(),
        }
    }

    /// A draw for one decision, apart for each question and purpose.
    fn rng(&self, question: QuestionKey, purpose: u64) -> Rng {
        Rng::new(
            self.style.seed
                ^ ((question.0.index() as u64) << 48)
                ^ (u64::from(question.1) << 32)
                ^ purpose,
        )
    }

    /// Looks at the team's view at `now` and plans what it calls for, once.
    pub(super) fn see(&mut self, view: &NeptuneTeamView, now: ServerTime) {
        if view.team != self.team || !view.playing || view.slice.is_some() {
            return;
        }
        let plans = [
            self.split(view, now),
            self.mark(view, now),
            self.card(view, now),
            self.declare(view, now),
            self.bid(view, now),
        ];
        self.planned.extend(plans.into_iter().flatten());
        for slice in Slice::BOTH {
            if let Some(plan) = self.slice_card(view, slice, now) {
                self.planned.push(plan);
            }
        }
    }

    /// 2.2: two teams in three choose their split; the third keeps the
    /// default (the first half of its players on top).
    fn split(&mut self, view: &NeptuneTeamView, now: ServerTime) -> Option<Planned> {
        if !view.split_open || view.split.chosen || self.place % 3 == 2 {
            return None;
        }
        if !self.decided.insert(Decided::Split) || view.players.len() < 2 {
            return None;
        }
        let mut rng = self.rng((Contest::Sandwich, u32::MAX), 1);
        let mut players = view.players.clone();
        rng.shuffle(&mut players);
        let top = 1 + rng.below(players.len() as u64 - 1) as usize;
        let bottom = players.split_off(top);
        Some(Planned {
            at: now.plus(self.minute.mul_f64(0.05)),
            intent: Intent::Split {
                top: players,
                bottom,
            },
        })
    }

    /// 1.2: once a Негатив question is revealed, a team that took it marks
    /// its «перевёртыш» on the sheet (now and then it forgets).
    fn mark(&mut self, view: &NeptuneTeamView, now: ServerTime) -> Option<Planned> {
        let board = &view.board;
        let reveal = board.reveal.as_ref()?;
        if board.contest != Some(Contest::Negative) || reveal.contest != Contest::Negative {
            return None;
        }
        let took = view
            .card
            .as_ref()
            .is_some_and(|c| c.verdicts.first() == Some(&Some(true)));
        let flip = &self
            .package
            .as_ref()?
            .negative
            .questions
            .get(reveal.index as usize)?
            .flip;
        let phrase = view.sheet.iter().position(|p| &p.text == flip)? as u32;
        if !took || view.sheet[phrase as usize].marked {
            return None;
        }
        if !self.decided.insert(Decided::Mark(phrase)) {
            return None;
        }
        let remembers = self.rng((Contest::Negative, reveal.index), 2).unit() < 0.8;
        remembers.then(|| Planned {
            at: now.plus(self.minute.mul_f64(0.02)),
            intent: Intent::Mark { phrase },
        })
    }

    /// The question in play and when a card written in its minute is due:
    /// some time into the minute (Блицкриг: into the fourth question's
    /// 20 s, once the whole block is read).
    fn minute(&self, view: &NeptuneTeamView, purpose: u64) -> Option<(QuestionKey, ServerTime)> {
        let board = &view.board;
        let q = board.question.as_ref()?;
        let Stage::Minute {
            step,
            started_at,
            ends_at,
            ..
        } = board.stage
        else {
            return None;
        };
        if q.contest == Contest::Blitz && step < 4 {
            return None;
        }
        let key = (q.contest, q.index);
        let into = self.rng(key, purpose).unit();
        let at = started_at.plus(ends_at.since(started_at).mul_f64(0.2 + 0.6 * into));
        Some((key, at))
    }

    fn card(&mut self, view: &NeptuneTeamView, now: ServerTime) -> Option<Planned> {
        if !view.may_answer {
            return None;
        }
        let (key, at) = self.minute(view, 3)?;
        if !self
            .decided
            .insert(Decided::Card((key.0.index(), key.1), None))
        {
            return None;
        }
        let answers = self.answers(key, view.answers_expected as usize, 4);
        Some(Planned {
            at: at.max(now),
            intent: Intent::Answer {
                question: key,
                slice: None,
                answers,
            },
        })
    }

    /// 2.3: each ломтик writes its own Сэндвич card, on its own.
    fn slice_card(
        &mut self,
        view: &NeptuneTeamView,
        slice: Slice,
        now: ServerTime,
    ) -> Option<Planned> {
        if view.board.contest != Some(Contest::Sandwich) {
            return None;
        }
        let purpose = 5 + slice as u64;
        let (key, at) = self.minute(view, purpose)?;
        if !self
            .decided
            .insert(Decided::Card((key.0.index(), key.1), Some(slice)))
        {
            return None;
        }
        let answers = self.answers(key, 1, 8 + 4 * slice as u64);
        Some(Planned {
            at: at.max(now),
            intent: Intent::Answer {
                question: key,
                slice: Some(slice),
                answers,
            },
        })
    }

    /// A card's answers: each the package's (as a team might spell it) by
    /// the team's skill, else a wrong one.
    fn answers(&self, key: QuestionKey, parts: usize, purpose: u64) -> Vec<String> {
        let mut rng = self.rng(key, purpose);
        (0..parts)
            .map(|part| {
                let right = self
                    .package
                    .as_ref()
                    .and_then(|p| p.question(key.0, key.1 as usize, part));
                match right {
                    Some(q) if rng.unit() < 0.25 + 0.6 * self.style.skill => {
                        if rng.unit() < 0.3 {
                            q.answer.to_lowercase()
                        } else {
                            q.answer
                        }
                    }
                    _ => WRONG[rng.below(WRONG.len() as u64) as usize].to_owned(),
                }
            })
            .collect()
    }

    /// 5.2: how many questions the team takes, by its skill; the second
    /// team registered never declares.
    fn declare(&mut self, view: &NeptuneTeamView, now: ServerTime) -> Option<Planned> {
        if !view.may_declare || self.place == 1 {
            return None;
        }
        let Stage::Topics {
            started_at,
            ends_at,
            ..
        } = view.board.stage
        else {
            return None;
        };
        if !self.decided.insert(Decided::Declare) {
            return None;
        }
        let size = self.joker_size;
        let mut rng = self.rng((Contest::Joker, u32::MAX), 6);
        let guess =
            (f64::from(size) * self.style.skill * 0.9).round() as i64 + rng.below(3) as i64 - 1;
        let count = guess.clamp(0, i64::from(size)) as u32;
        let at = started_at.plus(ends_at.since(started_at).mul_f64(0.3 + 0.5 * rng.unit()));
        Some(Planned {
            at: at.max(now),
            intent: Intent::Declare { count },
        })
    }

    /// 6.3: the bid the script gives this team now, soon after the last.
    fn bid(&mut self, view: &NeptuneTeamView, now: ServerTime) -> Option<Planned> {
        if view.board.stage != Stage::Bidding || !view.may_bid {
            return None;
        }
        let auction = view.board.auction.as_ref()?;
        let (team, bid) = auction_move(auction)?;
        let at = bid_key(auction);
        if team != self.team || !self.decided.insert(Decided::Bid(at)) {
            return None;
        }
        let step = Duration::from_millis(auction.count_step_ms);
        Some(Planned {
            at: now.plus(step.mul_f64(0.3)),
            intent: Intent::Bid { at, bid },
        })
    }

    /// When the next planned action is due.
    pub(super) fn next_at(&self) -> Option<ServerTime> {
        schedule::next_at(&self.planned)
    }

    /// The planned actions due by `now`, taken off the plan.
    pub(super) fn due(&mut self, now: ServerTime) -> Vec<Planned> {
        schedule::take_due(&mut self.planned, now)
    }

    /// What to send for a due plan, if the game (as the team sees it now)
    /// still calls for it, and which ломтик sends it (`None`: the
    /// captain).
    pub(super) fn command(
        &self,
        plan: &Planned,
        game: GameId,
        view: &NeptuneTeamView,
    ) -> Option<(Option<Slice>, Command)> {
        let board = &view.board;
        let command = match &plan.intent {
            Intent::Split { top, bottom } => {
                if !view.split_open {
                    return None;
                }
                NeptuneCommand::SetSplit {
                    team: None,
                    top: top.clone(),
                    bottom: bottom.clone(),
                }
            }
            Intent::Mark { phrase } => NeptuneCommand::MarkPhrase {
                phrase: *phrase,
                marked: true,
            },
            Intent::Answer {
                question,
                slice,
                answers,
            } => {
                let q = board.question.as_ref()?;
                let open = matches!(board.stage, Stage::Minute { .. });
                if (q.contest, q.index) != *question || !open {
                    return None;
                }
                let command = NeptuneCommand::Answer {
                    answers: answers.clone(),
                    slice: *slice,
                };
                return Some((*slice, Command::game(game, command)));
            }
            Intent::Declare { count } => {
                if !view.may_declare {
                    return None;
                }
                NeptuneCommand::Declare { count: *count }
            }
            Intent::Bid { at, bid } => {
                let auction = board.auction.as_ref()?;
                if board.stage != Stage::Bidding || bid_key(auction) != *at {
                    return None;
                }
                NeptuneCommand::Bid {
                    team: None,
                    bid: *bid,
                }
            }
        };
        Some((None, Command::game(game, command)))
    }
}

fn bid_key(auction: &AuctionBoard) -> BidKey {
    (auction.question, auction.excluded.len(), auction.bids.len())
}

/// The auction script (6.2–6.4): who bids next and what, read by every
/// captain off the same board; `None` once the script lets the count run
/// out.
pub(super) fn auction_move(a: &AuctionBoard) -> Option<(TeamId, Bid)> {
    let score = |team: TeamId| {
        a.scores
            .iter()
            .find(|(t, _)| *t == team)
            .map_or(0, |(_, s)| *s)
    };
    let leader = a.standing().map(|b| b.team);
    // Who may raise now, richest first (ties: registration order).
    let mut able: Vec<(TeamId, i64)> = a
        .eligible
        .iter()
        .filter(|t| Some(**t) != leader)
        .map(|t| (*t, score(*t)))
        .collect();
    able.sort_by_key(|(t, s)| (std::cmp::Reverse(*s), *t));
    let q = a.question;
    match (q, a.excluded.is_empty(), a.bids.len()) {
        // 6.2: the poorest team bids past its score; the count runs out,
        // it cannot cover the bid and is out of the rerun.
        (0, true, 0) => {
            let (team, score) = *able.last()?;
            let over = (score.max(0) / 10 + 1) * 10;
            Some((team, Bid::Amount(over.max(i64::from(FIRST_BID_MIN)) as u32)))
        }
        (0, true, _) => None,
        // 6.4: the rerun: a «ва-банк» answered by a larger one (6.2: the
        // largest sum wins). The poorest team that has 40 and someone
        // richer behind it opens; the richest answers.
        (0, false, 0) => {
            let richest = able.first()?.1;
            let opener = able
                .iter()
                .rev()
                .find(|(_, s)| *s >= i64::from(FIRST_BID_MIN) && *s < richest)
                .or_else(|| able.first())?;
            let bid = if opener.1 >= i64::from(FIRST_BID_MIN) {
                Bid::VaBank
            } else {
                Bid::Amount(FIRST_BID_MIN)
            };
            Some((opener.0, bid))
        }
        (0, false, 1) => {
            let standing = a.standing().map_or(0, |b| b.worth);
            able.iter()
                .find(|(_, s)| *s > standing)
                .map(|(t, _)| (*t, Bid::VaBank))
        }
        (0, false, _) => None,
        // Every third question nobody bids: all play for 30 (6.6).
        (q, _, _) if q % 3 == 2 => None,
        // Two or three teams raise by tens, each within its score.
        (q, _, bids) if bids < 2 + (q as usize % 2) => {
            let next = match a.standing().map(|b| b.bid) {
                None => FIRST_BID_MIN,
                Some(Bid::Amount(n)) => n + 10 * (1 + q % 2),
                Some(Bid::VaBank) => return None,
            };
            able.sort_by_key(|(t, _)| *t);
            let turn = (q as usize + bids) % able.len().max(1);
            let len = able.len();
            able.rotate_left(turn.min(len));
            able.iter()
                .find(|(_, s)| *s >= i64::from(next))
                .map(|(t, _)| (*t, Bid::Amount(next)))
        }
        _ => None,
    }
}

#[cfg(test)]
#[path = "neptune_tests.rs"]
mod tests;
