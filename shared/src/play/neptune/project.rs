//! Projections: the game as the host, a team (or ломтик) and the hall see
//! it. Visibility is decided here: see the rules in `view.rs`'s header.

use std::collections::BTreeMap;

use super::game::{NeptuneMatch, QuestionPlay};
use super::view::*;
use super::{CardKey, NeptunePackage};
use crate::ids::{Slice, TeamId};
use crate::play::neptune::rules::{BiddingOutcome, Contest, QUESTION_VALUE, SisyphusRun};
use crate::play::roster::Roster;
use crate::time::ServerTime;
use crate::tournament::rank_by;

/// Questions (Блицкриг: blocks) per contest in a package.
pub fn package_counts(package: &NeptunePackage) -> [u32; 6] {
    Contest::ALL.map(|c| package.count(c) as u32)
}

/// How ChGK groups answers: case and runs of spaces aside.
fn normalise(answer: &str) -> String {
    answer
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

impl NeptuneMatch {
    /// «Команда», or a ломтик's «Команда-верх» (2.2).
    pub fn card_name(&self, key: CardKey, roster: &Roster) -> String {
        let team = roster.name(key.team);
        match key.slice {
            Some(slice) => format!("{team}-{}", slice.suffix()),
            None => team,
        }
    }

    fn table(&self, roster: &Roster) -> Vec<ScoreRow> {
        let score = self.running_score();
        let rows: Vec<(usize, i64)> = score.totals.iter().copied().enumerate().collect();
        rank_by(rows, |(_, total)| *total)
            .into_iter()
            .filter_map(|r| {
                let (i, total) = r.item;
                let team = self.entrants.get(i)?.team;
                let mut contests = [None; 6];
                for play in &self.played {
                    contests[play.contest.index()] = Some(0);
                }
                for (contest, points) in &score.contests {
                    contests[contest.index()] = points.get(i).copied();
                }
                Some(ScoreRow {
                    team,
                    name: roster.name(team),
                    contests,
                    total,
                    place: r.place,
                })
            })
            .collect()
    }

    fn question_board(&self) -> Option<QuestionBoard> {
        let play = self.current()?;
        let q = play.questions.last()?;
        let stakes = match (play.contest, q.sold) {
            (Contest::Auction, Some(outcome)) => self
                .entrants
                .iter()
                .enumerate()
                .map(|(i, e)| {
                    let stake = match outcome {
                        BiddingOutcome::Won { winner, stake } if winner.team == i => stake,
                        _ => QUESTION_VALUE,
                    };
                    (e.team, stake)
                })
                .collect(),
            _ => Vec::new(),
        };
        Some(QuestionBoard {
            contest: play.contest,
            index: play.questions.len() as u32 - 1,
            of: self.size(play.contest),
            rating: q.rating,
            stakes,
        })
    }

    /// The question's answers as the package gives them (none when the host
    /// reads from paper).
    fn texts(&self, contest: Contest, index: usize) -> Vec<super::NeptuneQuestion> {
        let Some(package) = &self.package else {
            return Vec::new();
        };
        (0..Self::answers_per_card(contest))
            .filter_map(|part| package.question(contest, index, part))
            .collect()
    }

    fn right_keys(&self, q: &QuestionPlay, part: usize) -> Vec<CardKey> {
        q.cards
            .values()
            .filter(|c| !c.late && c.verdicts.get(part).copied().flatten() == Some(true))
            .map(|c| c.key)
            .collect()
    }

    /// The last revealed question of the contest in play (Джокер: none;
    /// its answers come all together, 5.5).
    fn reveal_board(&self) -> Option<RevealBoard> {
        let play = self.current()?;
        if play.contest == Contest::Joker {
            return None;
        }
        let (index, q) = play
            .questions
            .iter()
            .enumerate()
            .rev()
            .find(|(_, q)| q.revealed_at.is_some())?;
        let texts = self.texts(play.contest, index);
        Some(RevealBoard {
            contest: play.contest,
            index: index as u32,
            // 1.4: the answer, never the «перевёртыш».
            answers: texts.iter().map(|t| t.answer.clone()).collect(),
            comments: texts.iter().map(|t| t.comment.clone()).collect(),
            right: (0..Self::answers_per_card(play.contest))
                .map(|part| self.right_keys(q, part))
                .collect(),
        })
    }

    fn joker_board(&self) -> Option<JokerBoard> {
        let play = self.played.iter().find(|p| p.contest == Contest::Joker)?;
        let topics = self
            .package
            .as_ref()
            .map(|p| p.joker.topics.clone())
            .unwrap_or_default();
        let revealed = self.contest_done(play);
        let mut board = JokerBoard {
            topics,
            declared: self.declarations.values().filter(|d| !d.late).count() as u32,
            revealed,
            ..JokerBoard::default()
        };
        // 5.5: everything else only once the tour is over.
        if revealed {
            let points = self
                .running_score()
                .contests
                .into_iter()
                .find(|(c, _)| *c == Contest::Joker)
                .map(|(_, p)| p)
                .unwrap_or_default();
            board.results = self
                .entrants
                .iter()
                .enumerate()
                .map(|(i, e)| JokerTeamResult {
                    team: e.team,
                    declared: self
                        .declarations
                        .get(&e.team)
                        .filter(|d| !d.late)
                        .map(|d| d.count),
                    taken: play
                        .questions
                        .iter()
                        .filter(|q| {
                            q.cards
                                .get(&CardKey::team(e.team))
                                .is_some_and(|c| c.right() > 0)
                        })
                        .count() as u32,
                    points: points.get(i).copied().unwrap_or(0),
                })
                .collect();
            board.questions = play
                .questions
                .iter()
                .enumerate()
                .map(|(i, q)| JokerQuestionResult {
                    answer: self
                        .texts(Contest::Joker, i)
                        .first()
                        .map(|t| t.answer.clone())
                        .unwrap_or_default(),
                    right: self.right_keys(q, 0).into_iter().map(|k| k.team).collect(),
                })
                .collect();
        }
        Some(board)
    }

    pub(super) fn auction_board(&self, roster: &Roster) -> Option<AuctionBoard> {
        let a = self.auction.as_ref()?;
        let play = self.current()?;
        let scores = a.engine.scores.clone();
        let log = a.log.last().map(Vec::as_slice).unwrap_or_default();
        let team_of = |i: usize| self.entrants.get(i).map(|e| e.team);
        let bids = log
            .iter()
            .filter(|b| b.run == a.run)
            // The sum as bid (6.2), never recomputed from a later score.
            .map(|b| BidRow {
                team: b.team,
                name: roster.name(b.team),
                bid: b.bid,
                worth: b.worth,
                at: b.at,
                by_host: b.by_host,
            })
            .collect();
        let sold = play.questions.last().and_then(|q| q.sold).map(|o| match o {
            BiddingOutcome::Won { winner, stake } => match team_of(winner.team) {
                Some(team) => Sold::To {
                    team,
                    bid: winner.bid,
                    stake,
                },
                None => Sold::NoBids,
            },
            BiddingOutcome::NoBids => Sold::NoBids,
        });
        Some(AuctionBoard {
            question: play.questions.len().saturating_sub(1) as u32,
            of: self.size(Contest::Auction),
            scores: self
                .entrants
                .iter()
                .zip(&scores)
                .map(|(e, s)| (e.team, *s))
                .collect(),
            eligible: (0..self.entrants.len())
                .filter(|i| a.engine.may_bid(*i))
                .filter_map(team_of)
                .collect(),
            excluded: a
                .engine
                .bidding
                .excluded
                .iter()
                .filter_map(|i| team_of(*i))
                .collect(),
            bids,
            count_from: a.count_from,
            count_step_ms: self.settings.timing.count_step_ms,
            previous_initiator: a.engine.previous_va_bank_initiator.and_then(team_of),
            sold,
        })
    }

    /// What the whole hall may see.
    pub fn board(&self, roster: &Roster, now: ServerTime) -> NeptuneBoard {
        let contest = self.current().map(|c| c.contest);
        NeptuneBoard {
            title: self
                .package
                .as_ref()
                .map(|p| p.title.clone())
                .unwrap_or_default(),
            contest,
            stage: self.stage(now),
            question: self.question_board(),
            reveal: self.reveal_board(),
            joker: self.joker_board(),
            auction: if contest == Some(Contest::Auction) {
                self.auction_board(roster)
            } else {
                None
            },
            slices: if self.split_fixed() {
                self.entrants
                    .iter()
                    .map(|e| {
                        let name = roster.name(e.team);
                        (
                            e.team,
                            Slice::BOTH.map(|s| format!("{name}-{}", s.suffix())),
                        )
                    })
                    .collect()
            } else {
                Vec::new()
            },
            table: self.table(roster),
            finished: self.finished(),
        }
    }

    pub fn display_view(&self, roster: &Roster, now: ServerTime) -> NeptuneBoard {
        self.board(roster, now)
    }

    fn split_view(&self, team: TeamId) -> SplitView {
        let split = self.split_of(team);
        SplitView {
            top: split.top,
            bottom: split.bottom,
            chosen: self.splits.contains_key(&team),
        }
    }

    /// A team's terminal (`slice`: one of its ломтики's).
    pub fn team_view(
        &self,
        team: TeamId,
        slice: Option<Slice>,
        roster: &Roster,
        now: ServerTime,
    ) -> NeptuneTeamView {
        let board = self.board(roster, now);
        let playing = self.entrant(team).is_some();
        let contest = self.current().map(|c| c.contest);
        let q = self.current_question().filter(|q| q.revealed_at.is_none());
        let key = match slice {
            Some(s) => CardKey::slice(team, s),
            None => CardKey::team(team),
        };
        let in_joker = contest == Some(Contest::Joker);
        // The card in play, or the one just revealed (its verdicts now
        // public; Джокер's only after the tour, 5.5).
        let shown_q = self.current_question();
        let card = shown_q.and_then(|q| q.cards.get(&key)).map(|c| OwnCard {
            answers: c.answers.clone(),
            received_at: c.received_at,
            late: c.late,
            verdicts: if shown_q.is_some_and(|q| q.revealed_at.is_some()) && !in_joker {
                c.verdicts.clone()
            } else {
                vec![None; c.answers.len()]
            },
        });
        let sandwich = contest == Some(Contest::Sandwich);
        let may_answer = playing
            && q.is_some_and(|q| !q.steps.is_empty() && !q.cards.contains_key(&key))
            && sandwich == slice.is_some()
            // After the hand-in deadline a card is still taken (kept, never
            // scored), as in ChGK, until the reveal.
            && matches!(
                board.stage,
                Stage::Minute { .. } | Stage::BetweenSteps { .. } | Stage::Judging
            );
        let sheet = match &self.package {
            Some(p) if slice.is_none() => {
                let marks = self.marks.get(&team);
                p.negative
                    .phrases
                    .iter()
                    .enumerate()
                    .map(|(i, text)| SheetPhrase {
                        text: text.clone(),
                        marked: marks.is_some_and(|m| m.contains(&(i as u32))),
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        let joker_play = self.played.iter().find(|p| p.contest == Contest::Joker);
        let joker_done = joker_play.is_some_and(|p| self.contest_done(p));
        let joker_cards = match (joker_play, slice) {
            (Some(play), None) => play
                .questions
                .iter()
                .enumerate()
                .map(|(i, q)| {
                    let c = q.cards.get(&key);
                    JokerOwnRow {
                        index: i as u32,
                        answer: c.map(|c| c.answers.join("")),
                        verdict: if joker_done {
                            Some(c.is_some_and(|c| c.right() > 0))
                        } else {
                            None
                        },
                    }
                })
                .collect(),
            _ => Vec::new(),
        };
        let run = self
            .played
            .iter()
            .find(|p| p.contest == Contest::Sisyphus)
            .filter(|_| contest == Some(Contest::Sisyphus))
            .map(|play| {
                let mut run = SisyphusRun::default();
                for q in play.questions.iter().filter(|q| q.revealed_at.is_some()) {
                    run.answer(
                        q.cards
                            .get(&CardKey::team(team))
                            .is_some_and(|c| c.right() > 0),
                    );
                }
                RunView {
                    run: run.streak,
                    // 4.3: the next right answer brings 10 more.
                    next_worth: 10 * i64::from(run.streak + 1),
                }
            });
        // The board's table has scored the game already: no second pass.
        let score = board
            .table
            .iter()
            .find(|r| r.team == team)
            .map_or(0, |r| r.total);
        let may_bid = slice.is_none()
            && board.stage == Stage::Bidding
            && self.auction.as_ref().is_some_and(|a| {
                self.index_of(team).is_some_and(|i| a.engine.may_bid(i))
                    && a.engine
                        .bidding
                        .bids
                        .last()
                        .is_none_or(|b| Some(b.team) != self.index_of(team))
            });
        let declaration = self.declarations.get(&team).map(|d| d.count);
        let may_declare = playing
            && slice.is_none()
            && in_joker
            && declaration.is_none()
            && matches!(board.stage, Stage::Topics { .. });
        NeptuneTeamView {
            team,
            slice,
            playing,
            players: self
                .entrant(team)
                .map(|e| e.players.clone())
                .unwrap_or_default(),
            split: self.split_view(team),
            split_open: playing && slice.is_none() && !self.split_fixed(),
            sheet,
            card,
            may_answer,
            answers_expected: contest.map_or(1, |c| Self::answers_per_card(c) as u32),
            declaration,
            may_declare,
            declare_max: self.size(Contest::Joker),
            joker_cards,
            run,
            score,
            may_bid,
            board,
        }
    }

    /// The host's (Нептун's) desk.
    pub fn staff_view(&self, roster: &Roster, now: ServerTime) -> NeptuneStaffView {
        let board = self.board(roster, now);
        let (reading, suggested_rating, flip) = match self.current() {
            Some(play) => {
                let stage_index = match board.stage {
                    // The next question is what the host reads next.
                    Stage::ContestOpen | Stage::Revealed | Stage::Topics { .. } => {
                        play.questions.len()
                    }
                    _ => play.questions.len().saturating_sub(1),
                };
                let negative = (play.contest == Contest::Negative)
                    .then(|| {
                        self.package
                            .as_ref()
                            .and_then(|p| p.negative.questions.get(stage_index))
                    })
                    .flatten();
                (
                    self.texts(play.contest, stage_index),
                    negative.and_then(|n| n.rating),
                    negative.map(|n| n.flip.clone()).filter(|f| !f.is_empty()),
                )
            }
            None => (Vec::new(), None, None),
        };
        let q = self.current_question();
        let cards: Vec<StaffCard> = q
            .map(|q| {
                q.cards
                    .values()
                    .map(|c| StaffCard {
                        key: c.key,
                        name: self.card_name(c.key, roster),
                        answers: c.answers.clone(),
                        received_at: c.received_at,
                        late: c.late,
                        verdicts: c.verdicts.clone(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let mut grouped: BTreeMap<(u8, String), AnswerGroup> = BTreeMap::new();
        for card in cards.iter().filter(|c| !c.late) {
            for (part, answer) in card.answers.iter().enumerate() {
                if answer.trim().is_empty() {
                    continue;
                }
                let group = grouped
                    .entry((part as u8, normalise(answer)))
                    .or_insert_with(|| AnswerGroup {
                        part: part as u8,
                        text: answer.clone(),
                        cards: Vec::new(),
                        verdict: card.verdicts.get(part).copied().flatten(),
                    });
                group.cards.push(card.key);
                if group.verdict != card.verdicts.get(part).copied().flatten() {
                    group.verdict = None;
                }
            }
        }
        NeptuneStaffView {
            next: self.host_step(&board.stage),
            settings: self.settings.clone(),
            package: self.package.as_ref().map(|p| PackageSummary {
                title: p.title.clone(),
                counts: package_counts(p),
            }),
            teams: self
                .entrants
                .iter()
                .map(|e| TeamEntry {
                    team: e.team,
                    name: roster.name(e.team),
                    players: e.players.clone(),
                    split: self.split_view(e.team),
                    declaration: self.declarations.get(&e.team).map(|d| d.count),
                })
                .collect(),
            reading,
            suggested_rating,
            flip,
            cards,
            groups: grouped.into_values().collect(),
            restart_notice: self.restart_notice,
            board,
        }
    }

    fn host_step(&self, stage: &Stage) -> HostStep {
        let auction = self
            .current()
            .is_some_and(|c| c.contest == Contest::Auction);
        match stage {
            Stage::SettingUp => HostStep::Register,
            Stage::Between { next } => HostStep::StartContest(*next),
            Stage::ContestOpen | Stage::Revealed if auction => HostStep::OpenBidding,
            Stage::ContestOpen | Stage::Revealed | Stage::Sold => HostStep::Announce,
            Stage::Topics { .. } | Stage::Minute { .. } => HostStep::Wait,
            Stage::Announced | Stage::BetweenSteps { .. } => HostStep::StartMinute,
            Stage::Judging => {
                let judged = self
                    .current_question()
                    .is_some_and(|q| q.cards.values().all(|c| c.judged()));
                if judged {
                    HostStep::Reveal
                } else {
                    HostStep::Judge
                }
            }
            Stage::Bidding => HostStep::CloseBidding,
            Stage::Finished => HostStep::Done,
        }
    }
}
