//! Events of stores written before games had ids, read as today's, and
//! what such a store lacks on its first start under this release. The
//! event's ChGK tournament and its Brain-ring were the only ones then, so
//! their events belong to the event's own games. Nothing new is ever
//! stored in these shapes.
//!
//! ChGK's place is fixed (game 0, made at `Initialised`). Brain-ring's is
//! not: an older store may have added games under id 1 and up, so its
//! Brain-ring takes the first id no stored game uses, and the first start
//! stores it as an added game ([`Core::upgrade`]) — where every later
//! replay finds it again.

use minuta_shared::ids::GameId;
use minuta_shared::play::brain_ring::{EVENT_RING_NAME, RingEvent};
use minuta_shared::play::chgk::EVENT_CHGK;
use minuta_shared::play::games::{Format, GameEvent, GameSettings, GameState};
use minuta_shared::play::replay::ReplayError;

use super::{Core, Event};

/// Where a store's old Brain-ring events go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LegacyRing {
    pub game: GameId,
    /// The store already names that game in a `GameAdded`.
    pub stored: bool,
}

impl LegacyRing {
    /// Looks through a whole log before it is replayed: `None` unless it
    /// has Brain-ring events from before games had ids.
    pub(super) fn find(events: &[&Event]) -> Option<LegacyRing> {
        if !events
            .iter()
            .any(|e| matches!(e, Event::Ring(_) | Event::RingInterrupted { .. }))
        {
            return None;
        }
        let stored = events.iter().find_map(|e| match e {
            Event::GameAdded {
                game,
                settings: GameSettings::Ring(_),
                ..
            } => Some(*game),
            _ => None,
        });
        let free = events
            .iter()
            .filter_map(|e| match e {
                Event::GameAdded { game, .. } => Some(game.0),
                _ => None,
            })
            .max()
            .unwrap_or(EVENT_CHGK.0)
            + 1;
        Some(LegacyRing {
            game: stored.unwrap_or(GameId(free)),
            stored: stored.is_some(),
        })
    }
}

/// An old event as the game event it is now, and whether it goes to the
/// event's ChGK (else to its Brain-ring); `None` for any other event.
fn as_game_event(event: &Event) -> Option<(bool, GameEvent)> {
    match event {
        Event::Chgk(e) => Some((true, GameEvent::Chgk(e.clone()))),
        Event::Ring(e) => Some((false, GameEvent::Ring(e.clone()))),
        Event::RingInterrupted {
            fight,
            question,
            at,
        } => Some((
            false,
            GameEvent::Ring(RingEvent::Interrupted {
                fight: *fight,
                question: *question,
                at: *at,
            }),
        )),
        Event::Initialised { .. }
        | Event::TournamentSetUp { .. }
        | Event::TeamRegistered { .. }
        | Event::TeamEdited { .. }
        | Event::JudgeAdded { .. }
        | Event::JuryAppointed { .. }
        | Event::GameAdded { .. }
        | Event::Game { .. }
        | Event::ProgrammeSet { .. }
        | Event::TeamRemoved { .. }
        | Event::TeamRatingId { .. }
        | Event::Media { .. }
        | Event::TeamSitePlayers { .. }
        | Event::TeamPlayerRecords { .. }
        | Event::JurySeated { .. }
        | Event::JuryStoodDown { .. }
        | Event::PrizeTieSettled { .. } => None,
    }
}

impl Core {
    /// An old event as the game event it is now, and its game (made here
    /// for Brain-ring if this is its first event).
    pub(super) fn legacy_game_event(&mut self, event: &Event) -> Option<(GameId, GameEvent)> {
        let (chgk, game_event) = as_game_event(event)?;
        let game = if chgk {
            EVENT_CHGK
        } else {
            self.legacy_ring_game()?
        };
        Some((game, game_event))
    }

    /// Replay validation of an old event against the game it goes to; the
    /// store's Brain-ring, not made yet at its first event, has no fight.
    pub(super) fn check_legacy(&self, event: &Event) -> Result<(), ReplayError> {
        let Some((chgk, game_event)) = as_game_event(event) else {
            return Ok(());
        };
        let game = match (chgk, self.legacy_ring) {
            (true, _) => EVENT_CHGK,
            (false, Some(legacy)) => legacy.game,
            (false, None) => return Ok(()),
        };
        match self.games.get(&game) {
            Some(slot) => slot.state.check_replay(&game_event, &self.registry),
            None if chgk => Err(ReplayError::NoSuchGame(game)),
            None => GameState::new(&GameSettings::Ring(Default::default()))
                .check_replay(&game_event, &self.registry),
        }
    }

    fn legacy_ring_game(&mut self) -> Option<GameId> {
        let legacy = self.legacy_ring?;
        if !self.games.contains_key(&legacy.game) {
            self.add_game(
                legacy.game,
                EVENT_RING_NAME.to_owned(),
                &GameSettings::Ring(Default::default()),
            );
        }
        Some(legacy.game)
    }

    /// The `GameAdded` an older store lacks for its Brain-ring: the one its
    /// old events were replayed into, or a new one when it had none.
    pub(super) fn ring_upgrade(&self) -> Option<Event> {
        let game = match self.legacy_ring {
            Some(legacy) if legacy.stored => return None,
            Some(legacy) if self.games.contains_key(&legacy.game) => legacy.game,
            _ if self.games.values().any(|g| g.format() == Format::Ring) => return None,
            _ => GameId(self.games.keys().next_back().map_or(1, |g| g.0 + 1)),
        };
        Some(Event::GameAdded {
            game,
            name: EVENT_RING_NAME.to_owned(),
            settings: GameSettings::Ring(Default::default()),
        })
    }
}
