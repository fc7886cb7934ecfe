//! The game as `minuta-server score` takes it (the `neptune` sheet: whole
//! contests only, with `sizes` when the game was shortened) and its
//! standings as `score` prints them.

use super::{
    AuctionItem, Correct, Declaration, JokerItem, NegativeItem, NeptuneSheet, SandwichItem,
    SheetBid, Sizes,
};
use crate::play::format::LiveFormat;
use crate::play::neptune::game::NeptuneMatch;
use crate::play::neptune::rules::{Bid, NeptuneGame, Winner};
use crate::play::roster::Roster;
use crate::sheet::number::Count;
use crate::sheet::output::OrderedMap;
use crate::sheet::teams::TeamMap;

fn names(list: &[usize], teams: &[String]) -> Vec<String> {
    list.iter().filter_map(|i| teams.get(*i)).cloned().collect()
}

fn correct(list: &[usize], teams: &[String]) -> Correct {
    Correct {
        correct: names(list, teams),
    }
}

impl NeptuneMatch {
    fn team_names(&self, roster: &Roster) -> Vec<String> {
        self.entrants.iter().map(|e| roster.name(e.team)).collect()
    }

    pub fn standings_table(&self, roster: &Roster) -> Vec<OrderedMap> {
        let names = self.team_names(roster);
        crate::play::neptune::sheet::standings(&names, &self.whole_score())
    }

    /// The whole contests played, with the sizes of a shortened game.
    pub(crate) fn scoresheet(&self, roster: &Roster) -> NeptuneSheet {
        let teams = self.team_names(roster);
        let game = self.rules_game(true);
        contests(
            &game,
            &teams,
            NeptuneSheet {
                format: <NeptuneMatch as LiveFormat>::FORMAT.to_owned(),
                teams: teams.clone(),
                sizes: game.sizes.map(Sizes::new),
                negative: None,
                sandwich: None,
                blitz: None,
                sisyphus: None,
                joker: None,
                auction: None,
                prize_ties: Vec::new(),
            },
        )
    }
}

/// The sheet with the contests `game` has played.
fn contests(game: &NeptuneGame, teams: &[String], sheet: NeptuneSheet) -> NeptuneSheet {
    NeptuneSheet {
        negative: game.negative.as_ref().map(|qs| {
            qs.iter()
                .map(|q| NegativeItem {
                    rating: Count(q.rating),
                    correct: names(&q.correct, teams),
                })
                .collect()
        }),
        sandwich: game.sandwich.as_ref().map(|qs| {
            qs.iter()
                .map(|q| SandwichItem {
                    top: names(&q.top, teams),
                    bottom: names(&q.bottom, teams),
                })
                .collect()
        }),
        blitz: game.blitz.as_ref().map(|blocks| {
            blocks
                .iter()
                .map(|b| b.questions.iter().map(|q| correct(q, teams)).collect())
                .collect()
        }),
        sisyphus: game
            .sisyphus
            .as_ref()
            .map(|qs| qs.iter().map(|q| correct(&q.correct, teams)).collect()),
        joker: game.joker.as_ref().map(|round| JokerItem {
            declared: TeamMap(
                round
                    .declared
                    .iter()
                    .enumerate()
                    .filter_map(|(i, d)| Some((teams.get(i)?.clone(), Declaration(*d))))
                    .collect(),
            ),
            questions: round.questions.iter().map(|q| correct(q, teams)).collect(),
        }),
        auction: game.auction.as_ref().map(|qs| {
            qs.iter()
                .map(|q| {
                    let winner = q.winner.map(|Winner { team, bid }| (team, bid));
                    AuctionItem {
                        winner: winner.and_then(|(team, _)| teams.get(team).cloned()),
                        bid: winner.map(|(_, bid)| SheetBid(bid)),
                        // 6.4: a «ва-банк» with the sum it was made for.
                        stake: match winner {
                            Some((_, Bid::VaBank)) => q
                                .stated_stake
                                .map(|s| Count(u32::try_from(s).unwrap_or(u32::MAX))),
                            _ => None,
                        },
                        correct: names(&q.correct, teams),
                    }
                })
                .collect()
        }),
        ..sheet
    }
}
