//! Qualification between the event's games (4.3–4.4, 5.2): the event's own
//! ChGK tournament's standings seed a game nobody enters otherwise
//! (Brain-ring). The core knows which standings qualify; the game's format
//! says what seeding it takes ([`GameState::qualified`]).

use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::brain_ring::RingTournament;
use minuta_shared::play::chgk::{ChgkGame, EVENT_CHGK};
use minuta_shared::play::games::{Format, GameState};
use minuta_shared::rules::brain_ring::{CutSettlement, RingError, qualify, seeding_order};
use minuta_shared::rules::chgk::ChgkRow;
use minuta_shared::seed::Seed;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::CutDecision;
use minuta_shared::wire::handshake::Identity;
use minuta_shared::wire::server::{CommandError, Receipt};

use super::{Core, Event};

/// How many ChGK tours seed round 1 (4.4: «после трех туров»).
const SEEDING_TOURS: usize = 3;

/// Brain-ring qualifies from the event's own ChGK game (4.3); a store
/// always has it, so its absence is a damaged store's.
fn no_chgk() -> CommandError {
    CommandError::Qualification("the event has no ChGK tournament to qualify from".to_owned())
}

impl Core {
    /// The event's own ChGK tournament, whose standings Brain-ring
    /// qualifies from (4.3) and whose results the export details.
    pub fn event_chgk(&self) -> Option<&ChgkGame> {
        match &self.games.get(&EVENT_CHGK)?.state {
            GameState::Chgk(chgk) => Some(chgk),
            _ => None,
        }
    }

    /// The event's Brain-ring: its first game of that format (game 1 in a
    /// store made by this release; another id in an older one).
    pub fn event_ring_id(&self) -> Option<GameId> {
        self.games
            .iter()
            .find(|(_, g)| g.format() == Format::Ring)
            .map(|(id, _)| *id)
    }

    pub fn event_ring(&self) -> Option<&RingTournament> {
        match &self.games.get(&self.event_ring_id()?)?.state {
            GameState::Ring(ring) => Some(ring),
            _ => None,
        }
    }

    /// 4.3: the ChGK standings Brain-ring qualifies from — the tours of the
    /// days before Brain-ring's when the programme has it, else every tour.
    pub(super) fn qualifying_standings(&self) -> Option<Vec<(TeamId, ChgkRow)>> {
        let teams = self.registry.team_ids();
        let chgk = self.event_chgk()?;
        Some(
            match self
                .programme
                .as_ref()
                .and_then(|p| p.brain_ring_qualifying_tours())
            {
                Some(tours) => chgk.standings(&teams, |q| tours.contains(&q.tour)),
                None => chgk.standings(&teams, |_| true),
            },
        )
    }

    /// 4.3–4.4: the `places` best ChGK teams (points, then rating; a tie
    /// across the cut settled by the host's `cut`, else refused naming the
    /// tied teams), seeded by the table after three tours (its full ties
    /// by a lot with `seed`), handed to `game` as its format's seeding
    /// command.
    pub(super) fn decide_qualify(
        &self,
        game: GameId,
        places: u32,
        seed: u64,
        cut: &CutDecision,
        now: ServerTime,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        let slot = self.games.get(&game).ok_or(CommandError::NoSuchGame)?;
        let teams = self.registry.team_ids();
        let all = self.qualifying_standings().ok_or_else(no_chgk)?;
        let rows: Vec<_> = all.iter().map(|(_, row)| row.clone()).collect();
        let index = |t: &TeamId| teams.iter().position(|x| x == t);
        let mut shoot_off = Vec::with_capacity(cut.shoot_off.len());
        for question in &cut.shoot_off {
            shoot_off.push(
                question
                    .iter()
                    .map(|t| index(t).ok_or(CommandError::NoSuchTeam))
                    .collect::<Result<Vec<usize>, _>>()?,
            );
        }
        let settlement = CutSettlement {
            shoot_off,
            lot: cut.lot,
        };
        let named = |i: usize| {
            let id = teams.get(i).copied().unwrap_or(TeamId(i as u32));
            (id, self.roster.name(id))
        };
        let qualified = qualify(&rows, places as usize, &settlement).map_err(|e| match e {
            RingError::CutTie { teams, places } => CommandError::TieAtTheCut {
                teams: teams.into_iter().map(named).collect(),
                places: places as u32,
            },
            RingError::NotTied { question, team } => CommandError::Qualification(format!(
                "shoot-off question {}: «{}» is not one of the teams still tied",
                question + 1,
                named(team).1
            )),
            other => CommandError::Qualification(other.to_string()),
        })?;
        let chgk = self.event_chgk().ok_or_else(no_chgk)?;
        let first_tours: Vec<_> = chgk
            .tours
            .iter()
            .take(SEEDING_TOURS)
            .map(|t| t.id)
            .collect();
        let early = chgk.standings(&teams, |q| first_tours.contains(&q.tour));
        let early_rows: Vec<_> = early.iter().map(|(_, row)| row.clone()).collect();
        let seeded: Vec<TeamId> = seeding_order(&qualified.teams, &early_rows, Seed(seed))
            .iter()
            .filter_map(|i| teams.get(*i).copied())
            .collect();
        let command = slot.state.qualified(seeded, seed).ok_or_else(|| {
            CommandError::Qualification(format!(
                "game {game} is not one teams qualify into from ChGK"
            ))
        })?;
        let (_, events) = self.decide_game(Identity::Host, game, command, now)?;
        Ok((Receipt::Done, events))
    }
}
