//! The event's programme (2) and the festival's places (2.2): laying out the
//! days, what is on now and next, and every tournament's places for every
//! team. Games are asked through [`GameState`]; the programme's ChGK tours
//! are the event's own ChGK game's, and Brain-ring is the event's own
//! tournament.

use minuta_shared::ids::{GameId, TeamId, TourId};
use minuta_shared::play::chgk::EVENT_CHGK;
use minuta_shared::play::games::{GameState, event_games};
use minuta_shared::programme::{GameKind, Programme, ProgrammeView, Slot};
use minuta_shared::tournament::festival::Prize;
use minuta_shared::tournament::{Place, rank_by};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::{FestivalRow, FestivalTable};

use super::{Core, Event};

impl Core {
    pub fn programme(&self) -> Option<&Programme> {
        self.programme.as_ref()
    }

    pub(super) fn decide_programme(
        &self,
        programme: Programme,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        // The event's own games are laid out by their own slots (a ChGK
        // tour is `Slot::ChgkTour`), never as a programme game's tour.
        let own: Vec<GameId> = event_games()
            .into_iter()
            .map(|(id, _)| id)
            .chain(self.event_ring_id())
            .collect();
        programme
            .validate(|game| {
                let added = self.games.get(&game).filter(|_| !own.contains(&game));
                added.map(|g| GameKind::of(g.format()))
            })
            .map_err(CommandError::Programme)?;
        Ok((Receipt::Done, vec![Event::ProgrammeSet { programme }]))
    }

    fn slot_done(&self, slot: &Slot) -> bool {
        match slot {
            Slot::ChgkTour { tour } => self.slot_done(&event_chgk_tour(*tour)),
            Slot::GameTour { game, tour } => self
                .games
                .get(game)
                .and_then(|g| g.state.tour(*tour))
                .is_some_and(|t| t.done),
            Slot::BrainRing => self
                .event_ring()
                .is_some_and(|r| !r.final_places().is_empty()),
        }
    }

    fn slot_title(&self, slot: &Slot) -> String {
        match slot {
            // The event's own ChGK goes by its tours' titles alone.
            Slot::ChgkTour { tour } => self
                .games
                .get(&EVENT_CHGK)
                .and_then(|g| g.state.tour(tour.0))
                .map(|t| t.title)
                .unwrap_or_default(),
            Slot::GameTour { game, tour } => match self.games.get(game) {
                Some(g) => match g.state.tour(*tour) {
                    Some(t) => format!("{}: {}", self.game_name(g), t.title),
                    None => self.game_name(g),
                },
                None => String::new(),
            },
            Slot::BrainRing => String::new(),
        }
    }

    /// The programme as the host and the hall see it.
    pub fn programme_view(&self) -> Option<ProgrammeView> {
        let programme = self.programme.as_ref()?;
        Some(programme.view(|s| self.slot_title(s), |s| self.slot_done(s)))
    }

    /// 2.2: every tournament of the event that has begun, with a place for
    /// every team in it: ChGK, each programme game, and the games teams
    /// qualify into from ChGK last (Brain-ring: its teams by its final
    /// places or table, then those that did not qualify in their ChGK
    /// order, sharing places as ChGK shares them).
    /// A club night of one ChGK tournament has no festival: empty then.
    pub fn festival_tables(&self) -> Vec<FestivalTable> {
        let own = event_games().len() + usize::from(self.event_ring_id().is_some());
        let seeded = self
            .games
            .values()
            .any(|g| g.format().qualified_from_chgk() && g.state.tour(0).is_some());
        // The event's own games alone make no festival.
        if self.programme.is_none() && self.games.len() <= own && !seeded {
            return Vec::new();
        }
        let mut games: Vec<_> = self
            .games
            .iter()
            .filter(|(_, g)| has_begun(&g.state))
            .collect();
        games.sort_by_key(|(_, g)| g.format().qualified_from_chgk());
        games
            .into_iter()
            .map(|(id, g)| {
                // 2.2: prizes follow the places the host settled in play.
                let mut places = self.settled_places(*id, g);
                if g.format().qualified_from_chgk() {
                    self.place_unqualified(&mut places);
                }
                self.table(self.game_name(g), g.format().name(), places)
            })
            .collect()
    }

    /// Teams that did not qualify follow those that did, in the ChGK order
    /// of the standings they qualified from (points, then rating).
    fn place_unqualified(&self, rows: &mut Vec<(TeamId, Place)>) {
        let above = rows.len() as u32;
        let rest: Vec<_> = self
            .qualifying_standings()
            .unwrap_or_default()
            .into_iter()
            .filter(|(team, _)| !rows.iter().any(|(t, _)| t == team))
            .collect();
        let ranked = rank_by(rest, |(_, row)| (row.points, row.rating));
        rows.extend(ranked.into_iter().map(|r| (r.item.0, r.place.after(above))));
    }

    fn table(&self, name: String, format: &str, rows: Vec<(TeamId, Place)>) -> FestivalTable {
        FestivalTable {
            name,
            format: format.to_owned(),
            rows: rows
                .into_iter()
                .map(|(team, place)| FestivalRow {
                    team,
                    name: self.registry.team_name(team),
                    place,
                    prize: Prize::for_place(place),
                })
                .collect(),
        }
    }
}

/// A game has begun once one of its tours has.
fn has_begun(state: &GameState) -> bool {
    (0..).map_while(|t| state.tour(t)).any(|t| t.started)
}

/// A tour of the event's own ChGK as a programme slot of games.
fn event_chgk_tour(tour: TourId) -> Slot {
    Slot::GameTour {
        game: EVENT_CHGK,
        tour: tour.0,
    }
}
