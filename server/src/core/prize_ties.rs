//! 2.2 prize places settled in play, for every game of the programme: the
//! host's steps (`Command::SettlePrizeTie`), their record
//! (`Event::PrizeTieSettled`), and the places, standings, sheets and
//! festival prizes that follow them. Format-neutral: a game's places and
//! standings come from its format; no format's rules live here.

use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::seed::Seed;
use minuta_shared::sheet::prize_ties::{settle_standings_json, sheet_prize_ties};
use minuta_shared::tournament::Place;
use minuta_shared::tournament::prize_tie::{
    PrizeSettlement, PrizeTie, PrizeTieRefusal, prize_ties_in, records, settle_so_far,
    settled_places,
};
use minuta_shared::wire::client::PrizeStep;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::PrizeTieBoard;
use serde_json::Value;

use super::event::Event;
use super::{Audience, Core, GameSlot};

impl Core {
    /// 2.2: one step of settling the tie at `place` of `game`'s table: the
    /// game must be over, the tie must decide a prize and not be settled,
    /// and a shoot-off's right answers must be teams still tied.
    pub(super) fn decide_prize_tie(
        &self,
        game: GameId,
        place: Place,
        step: PrizeStep,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        let refused = |why| Err(CommandError::PrizeTie(why));
        let slot = self
            .games
            .get(&game)
            .filter(|g| g.in_use())
            .ok_or(CommandError::NoSuchGame)?;
        if !slot.state.finished() {
            return refused(PrizeTieRefusal::GameNotOver);
        }
        let raw = slot.state.places(&self.roster);
        let Some((place, tied)) = prize_ties_in(&raw).into_iter().find(|(p, _)| *p == place) else {
            return refused(PrizeTieRefusal::NoTie { place });
        };
        let mut tie = self
            .recorded_tie(game, place, &tied)
            .cloned()
            .unwrap_or(PrizeTie {
                place,
                tied,
                settlement: PrizeSettlement::default(),
            });
        let still = settle_so_far(&tie.tied, place, &tie.settlement)
            .ok()
            .and_then(|so_far| so_far.still_tied);
        let Some((_, still)) = still else {
            return refused(PrizeTieRefusal::Settled);
        };
        match step {
            PrizeStep::ShootOff { right } => {
                if let Some(team) = right.iter().find(|t| !still.contains(t)) {
                    return refused(PrizeTieRefusal::NotTied {
                        team: self.registry.team_name(*team),
                    });
                }
                tie.settlement.shoot_off.push(right);
            }
            PrizeStep::Lot { seed } => tie.settlement.lot = Some(Seed(seed)),
            PrizeStep::Shared => tie.settlement.shared = true,
        }
        Ok((Receipt::Done, vec![Event::PrizeTieSettled { game, tie }]))
    }

    /// The record of the tie at `place` among `teams` of `game`, if the
    /// host has taken a step on it.
    fn recorded_tie(
        &self,
        game: GameId,
        place: Place,
        teams: &[TeamId],
    ) -> Option<&PrizeTie<TeamId>> {
        self.prize_ties
            .get(&game)?
            .iter()
            .find(|t| records(t, place, teams))
    }

    /// The stored step: the tie's record replaces the one before it.
    pub(super) fn apply_prize_tie(&mut self, game: GameId, tie: &PrizeTie<TeamId>) {
        let ties = self.prize_ties.entry(game).or_default();
        match ties.iter_mut().find(|t| records(t, tie.place, &tie.tied)) {
            Some(old) => *old = tie.clone(),
            None => ties.push(tie.clone()),
        }
        self.dirty
            .extend([Audience::Staff, Audience::Display, Audience::AllTeams]);
    }

    /// 2.2: `slot`'s places with its prize ties settled as recorded.
    pub(super) fn settled_places(&self, game: GameId, slot: &GameSlot) -> Vec<(TeamId, Place)> {
        let raw = slot.state.places(&self.roster);
        match self.prize_ties.get(&game) {
            Some(ties) => settled_places(&raw, ties).unwrap_or(raw),
            None => raw,
        }
    }

    /// The game's recorded ties with the teams' names (as sheets write them).
    pub(crate) fn named_ties(&self, game: GameId) -> Vec<PrizeTie<String>> {
        let name = |t: &TeamId| self.registry.team_name(*t);
        self.prize_ties
            .get(&game)
            .into_iter()
            .flatten()
            .map(|tie| PrizeTie {
                place: tie.place,
                tied: tie.tied.iter().map(name).collect(),
                settlement: PrizeSettlement {
                    shoot_off: tie
                        .settlement
                        .shoot_off
                        .iter()
                        .map(|q| q.iter().map(name).collect())
                        .collect(),
                    lot: tie.settlement.lot,
                    shared: tie.settlement.shared,
                },
            })
            .collect()
    }

    /// The game's standings exactly as `score` prints them for
    /// [`Core::game_sheet`]: the format's table with the prize ties
    /// settled as recorded.
    pub fn game_standings(&self, game: GameId, slot: &GameSlot) -> Value {
        let mut standings = slot.state.standings(&self.roster);
        self.settle_standings(game, &mut standings);
        standings
    }

    /// A table of `game` as JSON rows (`team`, `place`) with its prize
    /// ties settled as recorded.
    pub fn settle_standings(&self, game: GameId, standings: &mut Value) {
        settle_standings_json(standings, &self.named_ties(game));
    }

    /// The game's scoresheet: the format's, with the prize ties its table
    /// still holds (`prize_ties`, 2.2) for `score` to replay.
    pub fn game_sheet(&self, game: GameId, slot: &GameSlot) -> Value {
        let mut sheet = slot.state.sheet(&self.roster);
        let standings = slot.state.standings(&self.roster);
        if let Some(ties) = sheet_prize_ties(&standings, &self.named_ties(game))
            && let Some(obj) = sheet.as_object_mut()
        {
            obj.insert("prize_ties".into(), ties);
        }
        sheet
    }

    /// 2.2: every tie at a prize place of a game that is over, with the
    /// host's steps so far: what the host settles and the hall watches.
    pub fn prize_tie_boards(&self) -> Vec<PrizeTieBoard> {
        let mut boards = Vec::new();
        for (game, slot) in self.games.iter().filter(|(_, g)| g.in_use()) {
            if !slot.state.finished() {
                continue;
            }
            let raw = slot.state.places(&self.roster);
            for (place, tied) in prize_ties_in(&raw) {
                let settlement = self
                    .recorded_tie(*game, place, &tied)
                    .map(|t| t.settlement.clone())
                    .unwrap_or_default();
                let Ok(so_far) = settle_so_far(&tied, place, &settlement) else {
                    continue;
                };
                let name = |t: &TeamId| self.registry.team_name(*t);
                let named = |list: &[TeamId]| list.iter().map(|t| (*t, name(t))).collect();
                let (still_place, still_tied) = match &so_far.still_tied {
                    Some((at, teams)) => (Some(*at), named(teams)),
                    None => (None, Vec::new()),
                };
                let mut places = so_far.places.clone();
                places.sort_by_key(|(_, p)| p.first);
                boards.push(PrizeTieBoard {
                    game: *game,
                    game_name: slot.name.clone(),
                    format: slot.format(),
                    place,
                    tied: named(&tied),
                    shoot_off: settlement
                        .shoot_off
                        .iter()
                        .map(|q| q.iter().map(name).collect())
                        .collect(),
                    lot: settlement.lot.map(|s| s.0),
                    shared: settlement.shared,
                    still_tied,
                    still_place,
                    places: places.iter().map(|(t, p)| (name(t), *p)).collect(),
                });
            }
        }
        boards
    }
}
