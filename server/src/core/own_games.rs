//! The event's own games, as the exports, the programme's own slots, the
//! demos and the tests reach them by format: ChGK (game 0) and Brain-ring,
//! which every event has from its start (`event_games`, `initialise`). The
//! one place in the core that names them; everything else asks a game
//! through its format's `LiveFormat`.

use minuta_shared::ids::GameId;
use minuta_shared::play::brain_ring::RingTournament;
use minuta_shared::play::chgk::{ChgkGame, EVENT_CHGK};
use minuta_shared::play::games::InState;

use super::Core;

impl Core {
    /// A game of format `F` by its id.
    pub fn game_of<F: InState>(&self, game: GameId) -> Option<&F> {
        F::of(&self.games.get(&game)?.state)
    }

    /// The first game of format `F` (by id) and its id.
    pub fn first_game_of<F: InState>(&self) -> Option<(GameId, &F)> {
        self.games
            .iter()
            .find_map(|(id, g)| F::of(&g.state).map(|f| (*id, f)))
    }

    /// The event's own ChGK tournament (game 0).
    pub fn event_chgk(&self) -> Option<&ChgkGame> {
        self.game_of(EVENT_CHGK)
    }

    /// The event's own Brain-ring: game 1 in a store made by this release,
    /// another id in an older one (the first of its format either way).
    pub fn event_ring_id(&self) -> Option<GameId> {
        self.first_game_of::<RingTournament>().map(|(id, _)| id)
    }

    pub fn event_ring(&self) -> Option<&RingTournament> {
        self.first_game_of().map(|(_, ring)| ring)
    }
}
