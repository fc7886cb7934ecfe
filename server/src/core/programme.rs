//! The event's programme (2) and the festival's places (2.2): laying out the
//! days, what is on now and next, and every tournament's places for every
//! team. Games of plug-in formats are asked through [`GameState`]; ChGK and
//! Brain-ring are the event's own tournaments.

use minuta_shared::ids::TeamId;
use minuta_shared::play::games::GameState;
use minuta_shared::programme::{GameKind, Programme, ProgrammeView, Slot};
use minuta_shared::rules::chgk::ChgkRow;
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
        programme
            .validate(|game| {
                self.games.get(&game).map(|g| {
                    if g.format().before_chgk_tours() {
                        GameKind::BeforeChgkTours
                    } else {
                        GameKind::Other
                    }
                })
            })
            .map_err(CommandError::Programme)?;
        Ok((Receipt::Done, vec![Event::ProgrammeSet { programme }]))
    }

    fn slot_done(&self, slot: &Slot) -> bool {
        match slot {
            Slot::ChgkTour { tour } => self.chgk.tours.get(tour.0 as usize).is_some_and(|t| {
                t.closed_at.is_some()
                    || (!t.questions.is_empty()
                        && t.questions.iter().all(|q| {
                            self.chgk
                                .question(*q)
                                .is_ok_and(|q| q.revealed_at.is_some() || q.withdrawn)
                        }))
            }),
            Slot::GameTour { game, tour } => self
                .games
                .get(game)
                .and_then(|g| g.state.tour(*tour))
                .is_some_and(|t| t.done),
            Slot::BrainRing => !self.ring.final_places().is_empty(),
        }
    }

    fn slot_title(&self, slot: &Slot) -> String {
        match slot {
            Slot::ChgkTour { tour } => self
                .chgk
                .tours
                .get(tour.0 as usize)
                .map(|t| t.title.clone())
                .unwrap_or_default(),
            Slot::GameTour { game, tour } => match self.games.get(game) {
                Some(g) => match g.state.tour(*tour) {
                    Some(t) => format!("{}: {}", g.name, t.title),
                    None => g.name.clone(),
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
    /// every team in it: ChGK, each programme game, and Brain-ring (its
    /// teams by its final places or table, then those that did not qualify
    /// in their ChGK order, sharing places as ChGK shares them).
    /// A club night of one ChGK tournament has no festival: empty then.
    pub fn festival_tables(&self) -> Vec<FestivalTable> {
        let mut out = Vec::new();
        if self.programme.is_none() && self.games.is_empty() && self.ring.teams.is_empty() {
            return out;
        }
        let chgk_played = self.chgk.questions.iter().any(|q| q.played());
        if chgk_played {
            let rows = self
                .staff_standings()
                .into_iter()
                .map(|r| (r.team, r.place))
                .collect();
            out.push(self.table(self.registry.tournament.clone(), "chgk", rows));
        }
        for g in self.games.values() {
            if has_begun(&g.state) {
                out.push(self.table(
                    g.name.clone(),
                    g.format().name(),
                    g.state.places(&self.roster),
                ));
            }
        }
        if !self.ring.teams.is_empty() {
            out.push(self.table(String::new(), "brain-ring", self.ring_places()));
        }
        out
    }

    fn ring_places(&self) -> Vec<(TeamId, Place)> {
        let finals = self.ring.final_places();
        let mut rows: Vec<(TeamId, Place)> = if finals.is_empty() {
            self.ring
                .standings()
                .into_iter()
                .map(|(team, row)| (team, row.place))
                .collect()
        } else {
            finals
                .into_iter()
                .map(|(team, place)| (team, Place::single(place)))
                .collect()
        };
        let above = rows.len() as u32;
        // Teams that did not qualify follow, in the ChGK order of the
        // standings they qualified from (points, then rating).
        let rest: Vec<_> = self
            .qualifying_standings()
            .into_iter()
            .filter(|(team, _)| !self.ring.teams.contains(team))
            .collect();
        let ranked = rank_by(rest, |(_, row)| (row.points, row.rating));
        rows.extend(ranked.into_iter().map(|r| (r.item.0, r.place.after(above))));
        rows
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

/// A game has begun once its first tour has.
fn has_begun(state: &GameState) -> bool {
    state.tour(0).is_some_and(|t| t.started)
}

impl Core {
    /// 4.3: the ChGK standings Brain-ring qualifies from — the tours of the
    /// days before Brain-ring's when the programme has it, else every tour.
    pub(super) fn qualifying_standings(&self) -> Vec<(TeamId, ChgkRow)> {
        let teams = self.registry.team_ids();
        match self
            .programme
            .as_ref()
            .and_then(|p| p.brain_ring_qualifying_tours())
        {
            Some(tours) => self.chgk.standings(&teams, |q| tours.contains(&q.tour)),
            None => self.chgk.standings(&teams, |_| true),
        }
    }
}
