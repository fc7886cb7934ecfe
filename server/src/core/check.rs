//! Replay validation (issue 14.3): before a stored event is applied on
//! restart, everything it names — a team, a judge, a question, a tour, an
//! appeal, a fight, a game — must have been made by the events before it.
//! `apply` stays infallible and fast for live handling, where the core made
//! the event itself from its own state; only a replayed log, which anyone
//! with the sqlite3 shell can edit, is checked, and a damaged one fails the
//! load with the event's seq instead of being replayed without complaint.

use minuta_shared::ids::{GameId, JudgeId, TeamId};
use minuta_shared::play::replay::Known;
pub use minuta_shared::play::replay::ReplayError;
use minuta_shared::programme::Slot;

use super::registry::Registry;
use super::{Core, Event};

/// A replay refused at the event at `index` (from 0; its store seq is
/// `index + 1`, the log having no gaps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayFailure {
    pub index: usize,
    pub kind: &'static str,
    pub problem: ReplayError,
}

impl Core {
    /// Rebuilds the state from stored events, in order, checking each one
    /// ([`Core::check`]) before applying it. Stops at the first event that
    /// names what does not exist; the state is then partial and must not be
    /// served.
    pub fn replay_checked<'a>(
        &mut self,
        events: impl IntoIterator<Item = &'a Event>,
    ) -> Result<(), ReplayFailure> {
        let events: Vec<&Event> = events.into_iter().collect();
        self.legacy_ring = super::legacy::LegacyRing::find(&events);
        for (index, event) in events.into_iter().enumerate() {
            self.check(event).map_err(|problem| ReplayFailure {
                index,
                kind: event.kind(),
                problem,
            })?;
            self.apply(event);
        }
        Ok(())
    }

    /// Whether `event` may be applied to the state as it is: everything it
    /// names exists. Changes nothing.
    pub fn check(&self, event: &Event) -> Result<(), ReplayError> {
        let initialised = self.registry.initialised();
        match event {
            Event::Initialised { .. } if initialised => Err(ReplayError::InitialisedAgain),
            Event::Initialised { .. } => Ok(()),
            _ if !initialised => Err(ReplayError::NotInitialised),
            Event::TournamentSetUp { .. }
            | Event::TeamRegistered { .. }
            | Event::JudgeAdded { .. }
            | Event::JuryAppointed { .. }
            | Event::JurySeated { .. }
            | Event::JuryStoodDown { .. }
            | Event::Media { .. } => Ok(()),
            Event::TeamEdited { team, .. }
            | Event::TeamRemoved { team }
            | Event::TeamRatingId { team, .. }
            | Event::TeamSitePlayers { team, .. }
            | Event::TeamPlayerRecords { team, .. } => self.registry.team_exists(*team),
            // A store from before games had ids: its events go to the
            // event's own games (`legacy.rs`).
            Event::Chgk(_) | Event::Ring(_) | Event::RingInterrupted { .. } => {
                self.check_legacy(event)
            }
            Event::GameAdded { game, .. } => {
                let legacy = self.legacy_ring.is_some_and(|l| l.game == *game);
                if self.games.contains_key(game) && !legacy {
                    Err(ReplayError::Exists {
                        what: "game",
                        id: game.0,
                    })
                } else {
                    Ok(())
                }
            }
            Event::Game { game, event } => match self.games.get(game) {
                Some(slot) => slot.state.check_replay(event, &self.registry),
                None => Err(ReplayError::NoSuchGame(*game)),
            },
            Event::PrizeTieSettled { game, .. } => self.game_exists(*game),
            Event::ProgrammeSet { programme } => {
                for slot in programme.days.iter().flat_map(|d| &d.slots) {
                    if let Slot::GameTour { game, .. } = slot {
                        self.game_exists(*game)?;
                    }
                }
                Ok(())
            }
        }
    }

    fn game_exists(&self, game: GameId) -> Result<(), ReplayError> {
        if self.games.contains_key(&game) {
            Ok(())
        } else {
            Err(ReplayError::NoSuchGame(game))
        }
    }
}

impl Known for Registry {
    fn team(&self, team: TeamId) -> bool {
        self.teams.contains_key(&team)
    }

    fn judge(&self, judge: JudgeId) -> bool {
        self.judges.contains_key(&judge)
    }
}
