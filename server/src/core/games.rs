//! The programme's games: adding one, dispatching a
//! command to its format, and turning what a format says it touched into
//! audiences. No format is named here: [`GameState`] dispatches.

use minuta_shared::identity::Identity;
use minuta_shared::ids::GameId;
use minuta_shared::play::format::Touched;
use minuta_shared::play::games::{Format, GameCommand, GameSettings, GameState, PlayError};
use minuta_shared::play::roster::Roster;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::server::{CommandError, Receipt};

use super::{Audience, Core, Event, registry};

/// One game of the programme.
#[derive(Clone, Debug)]
pub struct GameSlot {
    pub name: String,
    pub state: GameState,
}

impl GameSlot {
    pub fn new(name: String, settings: &GameSettings) -> Self {
        GameSlot {
            name,
            state: GameState::new(settings),
        }
    }

    pub fn format(&self) -> Format {
        self.state.format()
    }

    /// Whether the game has anything to export or print: a game with no
    /// tours (the event's own ChGK on a Мультиигры evening) has not been
    /// used.
    pub fn in_use(&self) -> bool {
        self.state.tour(0).is_some()
    }
}

impl Core {
    pub fn games(&self) -> impl Iterator<Item = (GameId, &GameSlot)> {
        self.games.iter().map(|(id, g)| (*id, g))
    }

    pub fn game(&self, game: GameId) -> Option<&GameSlot> {
        self.games.get(&game)
    }

    /// The event's teams as games see them.
    pub fn roster(&self) -> &Roster {
        &self.roster
    }

    /// A game's name as screens and exports show it: a game with no name of
    /// its own (the event's own ChGK tournament) goes by the event's.
    pub fn game_name(&self, slot: &GameSlot) -> String {
        if slot.name.is_empty() {
            self.registry.tournament.clone()
        } else {
            slot.name.clone()
        }
    }

    /// Sets up a game (added by the host, or the event's own) in step with
    /// the event's settings.
    pub(super) fn add_game(&mut self, game: GameId, name: String, settings: &GameSettings) {
        let mut slot = GameSlot::new(name, settings);
        slot.state.event_changed(&self.registry.settings);
        self.games.insert(game, slot);
    }

    pub(super) fn decide_add_game(
        &self,
        name: String,
        settings: GameSettings,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        let name = name.trim().to_owned();
        if name.is_empty() {
            return Err(CommandError::EmptyName);
        }
        if name.chars().count() > registry::MAX_NAME_CHARS {
            return Err(CommandError::TooLong {
                got: name.chars().count() as u32,
                max: registry::MAX_NAME_CHARS as u32,
            });
        }
        settings
            .validate()
            .map_err(|e| CommandError::Play(PlayError::Game(e)))?;
        let game = GameId(self.games.keys().next_back().map_or(1, |g| g.0 + 1));
        Ok((
            Receipt::GameAdded { game },
            vec![Event::GameAdded {
                game,
                name,
                settings,
            }],
        ))
    }

    pub(super) fn decide_game(
        &self,
        who: Identity,
        game: GameId,
        command: GameCommand,
        now: ServerTime,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        let slot = self.games.get(&game).ok_or(CommandError::NoSuchGame)?;
        let (receipt, events) = slot
            .state
            .decide(who, command, &self.roster, now)
            .map_err(CommandError::Play)?;
        Ok((
            Receipt::Game { game, receipt },
            events
                .into_iter()
                .map(|event| Event::Game { game, event })
                .collect(),
        ))
    }

    /// Marks the audiences a game's change concerns.
    pub(super) fn mark_touched(&mut self, touched: &Touched) {
        if touched.staff {
            self.dirty.insert(Audience::Staff);
        }
        if touched.display {
            self.dirty.insert(Audience::Display);
        }
        if touched.all_teams {
            self.dirty.insert(Audience::AllTeams);
        } else {
            self.dirty
                .extend(touched.teams.iter().map(|t| Audience::Team(*t)));
        }
    }
}
