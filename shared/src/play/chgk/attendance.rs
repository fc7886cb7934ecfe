//! 4.3: who plays each tour — every registered team but those the host
//! marked absent (a team that did not come, or left) — and the host's
//! marking. A is counted from this, never from who handed in cards.

use super::game::ChgkGame;
use super::{ChgkError, ChgkEvent};
use crate::ids::{TeamId, TourId};
use crate::play::roster::Roster;

impl ChgkGame {
    /// Whether a team plays a tour: it is not marked absent from it, or it
    /// handed in a card in it all the same (it came late). The caller
    /// passes registered teams only. 4.3: once the tour is closed, exactly
    /// the teams that played it then — a team registered later did not
    /// play it, and its A no longer moves.
    pub fn plays(&self, team: TeamId, tour: TourId) -> bool {
        if let Some(playing) = self
            .tours
            .get(tour.0 as usize)
            .and_then(|t| t.playing_at_close.as_ref())
        {
            return playing.contains(&team);
        }
        !self.absent.get(&tour).is_some_and(|a| a.contains(&team))
            || self.tours.get(tour.0 as usize).is_some_and(|t| {
                t.questions
                    .iter()
                    .filter_map(|q| self.question(*q).ok())
                    .any(|q| q.cards.contains_key(&team))
            })
    }

    /// The host marks a registered team absent from a tour, or present
    /// again, at any time until the tour is closed (then its results are
    /// final). A team that handed in a card in the tour played it and is
    /// not marked absent: a team that left mid-tour is absent from the
    /// next tours (docs/rules.md, 4.3).
    pub fn handle_mark_absent(
        &self,
        roster: &Roster,
        team: TeamId,
        tour: TourId,
        absent: bool,
    ) -> Result<ChgkEvent, ChgkError> {
        if !roster.contains(team) {
            return Err(ChgkError::NoSuchTeam);
        }
        let t = self.tour(tour)?;
        if t.closed_at.is_some() {
            return Err(ChgkError::TourClosed);
        }
        let has_card = t
            .questions
            .iter()
            .filter_map(|q| self.question(*q).ok())
            .any(|q| q.cards.contains_key(&team));
        if absent && has_card {
            return Err(ChgkError::PlayedTheTour);
        }
        Ok(ChgkEvent::AbsenceMarked { team, tour, absent })
    }
}

impl ChgkGame {
    /// 4.3: whether the team counts in the A of a tour already closed. Such
    /// a team is part of that tour's result even without a card: removing
    /// it would change every rating of the tour after the fact.
    pub fn counted_in_a_closed_tour(&self, team: TeamId) -> bool {
        self.tours
            .iter()
            .filter_map(|t| t.playing_at_close.as_ref())
            .any(|playing| playing.contains(&team))
    }
}
