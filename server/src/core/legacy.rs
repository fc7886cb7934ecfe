//! Events of stores written before games had ids, read as today's: the
//! event's ChGK tournament was the only one, so its events belong to the
//! event's own ChGK game. Nothing new is ever stored in these shapes.

use minuta_shared::ids::GameId;
use minuta_shared::play::chgk::{ChgkEvent, EVENT_CHGK};
use minuta_shared::play::games::GameEvent;

/// A stored `Event::Chgk` as the game event it is now.
pub(super) fn chgk(event: &ChgkEvent) -> (GameId, GameEvent) {
    (EVENT_CHGK, GameEvent::Chgk(event.clone()))
}
