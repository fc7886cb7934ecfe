//! The game's points, always through the rules' own scoring
//! ([`crate::play::neptune::rules::NeptuneGame::score`]): the live table counts
//! every revealed question (Джокер: once its tour is revealed, 5.5); the
//! standings and the scoresheet count whole contests only, so `score` on
//! the exported sheet prints exactly the live standings.

use super::CardKey;
use super::game::{ContestPlay, NeptuneMatch, QuestionPlay};
use crate::ids::Slice;
use crate::play::neptune::rules::{
    AuctionQuestion, BiddingOutcome, BlitzBlock, Contest, JokerRound, NegativeQuestion,
    NeptuneGame, NeptuneScore, QUESTIONS_PER_BLOCK, SandwichQuestion, SisyphusQuestion,
};

impl NeptuneMatch {
    /// The entrants' indices whose on-time answer `part` of card `key(team)`
    /// was judged right.
    fn right(
        &self,
        q: &QuestionPlay,
        key: impl Fn(crate::ids::TeamId) -> CardKey,
        part: usize,
    ) -> Vec<usize> {
        self.entrants
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                q.cards.get(&key(e.team)).is_some_and(|c| {
                    !c.late && c.verdicts.get(part).copied().flatten() == Some(true)
                })
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// 5.2 (docs/rules.md): a missing or late declaration counts as 0.
    pub fn declared(&self, team: crate::ids::TeamId) -> u32 {
        self.declarations
            .get(&team)
            .filter(|d| !d.late)
            .map_or(0, |d| d.count)
    }

    /// The rules' model of what has been played: every contest started,
    /// with its revealed questions (`whole`: only contests played to the
    /// end, which is what a scoresheet holds).
    pub fn rules_game(&self, whole: bool) -> NeptuneGame {
        let mut game = NeptuneGame {
            team_count: self.entrants.len(),
            ..NeptuneGame::default()
        };
        let mut sizes = self.settings.sizes.sizes.map(|n| n as usize);
        for play in &self.played {
            let done = self.contest_done(play);
            // 5.5: Джокер's verdicts are the hall's only after the tour.
            if (whole || play.contest == Contest::Joker) && !done {
                continue;
            }
            let revealed: Vec<&QuestionPlay> = play
                .questions
                .iter()
                .filter(|q| q.revealed_at.is_some())
                .collect();
            if !whole {
                sizes[play.contest.index()] = revealed.len();
            }
            self.fill(&mut game, play, &revealed);
        }
        if whole && self.settings.sizes.is_full() {
            game.sizes = None;
        } else {
            game.sizes = Some(sizes);
        }
        game
    }

    fn fill(&self, game: &mut NeptuneGame, play: &ContestPlay, revealed: &[&QuestionPlay]) {
        let team = CardKey::team;
        match play.contest {
            Contest::Negative => {
                game.negative = Some(
                    revealed
                        .iter()
                        .map(|q| NegativeQuestion {
                            rating: q.rating.unwrap_or(1),
                            correct: self.right(q, team, 0),
                        })
                        .collect(),
                );
            }
            Contest::Sandwich => {
                game.sandwich = Some(
                    revealed
                        .iter()
                        .map(|q| SandwichQuestion {
                            top: self.right(q, |t| CardKey::slice(t, Slice::Top), 0),
                            bottom: self.right(q, |t| CardKey::slice(t, Slice::Bottom), 0),
                        })
                        .collect(),
                );
            }
            Contest::Blitz => {
                game.blitz = Some(
                    revealed
                        .iter()
                        .map(|q| BlitzBlock {
                            questions: (0..QUESTIONS_PER_BLOCK)
                                .map(|part| self.right(q, team, part))
                                .collect(),
                        })
                        .collect(),
                );
            }
            Contest::Sisyphus => {
                game.sisyphus = Some(
                    revealed
                        .iter()
                        .map(|q| SisyphusQuestion {
                            correct: self.right(q, team, 0),
                        })
                        .collect(),
                );
            }
            Contest::Joker => {
                game.joker = Some(JokerRound {
                    declared: self
                        .entrants
                        .iter()
                        .map(|e| self.declared(e.team))
                        .collect(),
                    questions: revealed.iter().map(|q| self.right(q, team, 0)).collect(),
                });
            }
            Contest::Auction => {
                game.auction = Some(
                    revealed
                        .iter()
                        .map(|q| AuctionQuestion {
                            winner: match q.sold {
                                Some(BiddingOutcome::Won { winner, .. }) => Some(winner),
                                _ => None,
                            },
                            correct: self.right(q, team, 0),
                            // The stake fixed at the bidding's end (6.4).
                            stated_stake: match q.sold {
                                Some(BiddingOutcome::Won { stake, .. }) => Some(stake),
                                _ => None,
                            },
                        })
                        .collect(),
                );
            }
        }
    }

    /// Every revealed question scored (the live table).
    pub fn running_score(&self) -> NeptuneScore {
        self.rules_game(false)
            .score()
            .unwrap_or_else(|_| self.empty_score())
    }

    /// Whole contests only (the standings and the sheet).
    pub fn whole_score(&self) -> NeptuneScore {
        self.rules_game(true)
            .score()
            .unwrap_or_else(|_| self.empty_score())
    }

    fn empty_score(&self) -> NeptuneScore {
        NeptuneScore {
            contests: Vec::new(),
            totals: vec![0; self.entrants.len()],
        }
    }

    /// 6.2: each entrant's current score, by registration index.
    pub fn running_totals(&self) -> Vec<i64> {
        self.running_score().totals
    }
}
