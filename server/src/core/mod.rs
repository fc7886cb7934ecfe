//! The sans-IO game server. It never reads a clock, touches a socket or
//! the disk: the driver hands it commands with their arrival time
//! (`handle_command`), wakes it at its deadlines (`poll_timeout`,
//! `handle_timeout`), and asks which audiences need a fresh view
//! (`take_dirty`, `view_for`). Every accepted command yields the events the
//! driver stores before acknowledging; `replay` rebuilds the state from them.

mod check;
pub mod event;
mod games;
mod legacy;
mod programme;
mod projection;
pub mod registry;
mod ring;

use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;

use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::brain_ring::{FightId, RingTournament};
use minuta_shared::play::format::{Roster, RosterTeam};
use minuta_shared::play::games::event_games;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::{Credential, Identity, Refusal};
use minuta_shared::wire::server::{CommandError, Receipt};

pub use check::{ReplayError, ReplayFailure};
pub use event::Event;
pub use games::GameSlot;
pub use projection::FightPatch;
use registry::{JudgeRecord, Registry, TeamRecord, clean_players};

/// What the core needs to know about where it is reachable, for join codes.
#[derive(Clone, Debug, Default)]
pub struct ServerInfo {
    pub addrs: Vec<SocketAddr>,
    pub fingerprint: [u8; 32],
}

/// Who needs a fresh view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Audience {
    /// The host and every judge.
    Staff,
    Display,
    Team(TeamId),
    /// Every team: a change in what the whole hall sees.
    AllTeams,
}

pub struct Core {
    info: ServerInfo,
    registry: Registry,
    ring: RingTournament,
    /// Live connections per identity; not stored, rebuilt as terminals reconnect.
    presence: BTreeMap<Identity, u32>,
    dirty: BTreeSet<Audience>,
    /// Fights changed by presses alone since the last call to
    /// [`Core::take_fight_patches`]: their screens get just the fight.
    patched: BTreeSet<FightId>,
    /// The programme's games, by id: the event's own ones from its start
    /// ([`event_games`]), then those the host adds.
    games: BTreeMap<GameId, GameSlot>,
    /// The registry's teams as games see them, kept in step with it.
    roster: Roster,
    /// The event's programme (2), once the host has laid it out.
    programme: Option<minuta_shared::programme::Programme>,
    /// Brain-ring questions found in play at the last start (issue 14.4),
    /// for the host; not stored (see `ring.rs`).
    restart_notices: Vec<minuta_shared::play::brain_ring::RingRestartNotice>,
}

impl Core {
    pub fn new(info: ServerInfo) -> Self {
        Core {
            info,
            registry: Registry::default(),
            ring: RingTournament::default(),
            presence: BTreeMap::new(),
            dirty: BTreeSet::new(),
            patched: BTreeSet::new(),
            games: BTreeMap::new(),
            roster: Roster::default(),
            programme: None,
            restart_notices: Vec::new(),
        }
    }

    /// Rebuilds the state from stored events, in order.
    pub fn replay<'a>(&mut self, events: impl IntoIterator<Item = &'a Event>) {
        for event in events {
            self.apply(event);
        }
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    pub fn ring(&self) -> &RingTournament {
        &self.ring
    }

    pub fn info(&self) -> &ServerInfo {
        &self.info
    }

    /// The first events of a new store: the host's and displays' secrets.
    pub fn initialise(
        &mut self,
        host_secret: String,
        display_secret: String,
        jury_secret: String,
        now: ServerTime,
    ) -> Option<Vec<Event>> {
        if self.registry.initialised() {
            return None;
        }
        let events = vec![
            Event::Initialised {
                host_secret,
                display_secret,
                at: now,
            },
            Event::TournamentSetUp {
                name: "Турнир".to_owned(),
                settings: Default::default(),
            },
            Event::JuryAppointed {
                secret: jury_secret,
            },
        ];
        for e in &events {
            self.apply(e);
        }
        Some(events)
    }

    /// What a store written by an earlier release lacks, as the events that
    /// bring it up to date (stored before serving): so far the appeal
    /// jury's secret. Empty for a current store.
    pub fn upgrade(&mut self, jury_secret: String) -> Vec<Event> {
        if !self.registry.initialised() || !self.registry.jury_secret.is_empty() {
            return Vec::new();
        }
        let events = vec![Event::JuryAppointed {
            secret: jury_secret,
        }];
        for e in &events {
            self.apply(e);
        }
        events
    }

    pub fn authenticate(&self, credential: &Credential) -> Result<Identity, Refusal> {
        self.registry.authenticate(credential)
    }

    pub fn connected(&mut self, who: Identity) {
        *self.presence.entry(who).or_default() += 1;
        self.dirty.insert(Audience::Staff);
    }

    pub fn disconnected(&mut self, who: Identity) {
        if let Some(n) = self.presence.get_mut(&who) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.presence.remove(&who);
            }
        }
        self.dirty.insert(Audience::Staff);
    }

    pub fn is_connected(&self, who: Identity) -> bool {
        self.presence.contains_key(&who)
    }

    /// Decides one command from `who`, received at `now`. On success the
    /// state has changed and the returned events must be stored before the
    /// receipt is sent. `fresh_secret` supplies randomness for new secrets.
    /// The role was already checked by `wire::permission::permitted`; the
    /// core checks it again, because a rule broken here would hand control
    /// to a team.
    pub fn handle_command(
        &mut self,
        who: Identity,
        command: Command,
        now: ServerTime,
        fresh_secret: &mut dyn FnMut() -> String,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        if !minuta_shared::wire::permission::permitted(who.role(), &command) {
            return Err(CommandError::Forbidden);
        }
        let (receipt, events) = self.decide(who, command, now, fresh_secret)?;
        for e in &events {
            self.apply(e);
        }
        Ok((receipt, events))
    }

    fn decide(
        &self,
        who: Identity,
        command: Command,
        now: ServerTime,
        fresh_secret: &mut dyn FnMut() -> String,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        Ok(match command {
            Command::SetUpTournament { name, settings } => {
                let name = name.trim().to_owned();
                if name.is_empty() {
                    return Err(CommandError::EmptyName);
                }
                settings.validate().map_err(CommandError::Settings)?;
                (
                    Receipt::Done,
                    vec![Event::TournamentSetUp { name, settings }],
                )
            }
            Command::RegisterTeam {
                name,
                town,
                players,
                rating_id,
            } => {
                let players = clean_players(&players);
                self.registry.validate_team(None, &name, &town, &players)?;
                let team = self.registry.next_team_id();
                let mut events = vec![Event::TeamRegistered {
                    team,
                    name: name.trim().to_owned(),
                    town: town.trim().to_owned(),
                    players,
                    secret: fresh_secret(),
                }];
                if rating_id.is_some() {
                    events.push(Event::TeamRatingId { team, rating_id });
                }
                (Receipt::TeamRegistered { team }, events)
            }
            Command::EditTeam {
                team,
                name,
                town,
                players,
                rating_id,
            } => {
                let Some(record) = self.registry.teams.get(&team) else {
                    return Err(CommandError::NoSuchTeam);
                };
                let players = clean_players(&players);
                self.registry
                    .validate_team(Some(team), &name, &town, &players)?;
                let mut events = vec![Event::TeamEdited {
                    team,
                    name: name.trim().to_owned(),
                    town: town.trim().to_owned(),
                    players,
                }];
                if record.rating_id != rating_id {
                    events.push(Event::TeamRatingId { team, rating_id });
                }
                (Receipt::Done, events)
            }
            Command::RemoveTeam { team } => {
                if !self.registry.teams.contains_key(&team) {
                    return Err(CommandError::NoSuchTeam);
                }
                if self.team_has_played(team) {
                    return Err(CommandError::TeamHasPlayed);
                }
                (Receipt::Done, vec![Event::TeamRemoved { team }])
            }
            Command::AddJudge { name } => {
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
                let judge = self.registry.next_judge_id();
                (
                    Receipt::JudgeAdded { judge },
                    vec![Event::JudgeAdded {
                        judge,
                        name,
                        secret: fresh_secret(),
                    }],
                )
            }
            ring @ (Command::RingSetTiming { .. }
            | Command::RingQualify { .. }
            | Command::RingSeed { .. }
            | Command::RingStartNext { .. }
            | Command::RingFriendly { .. }
            | Command::RingRead { .. }
            | Command::RingArm { .. }
            | Command::RingJudge { .. }
            | Command::RingDecide { .. }
            | Command::RingResolveAppeal { .. }
            | Command::RingCloseFight { .. }
            | Command::Press { .. }
            | Command::RingAppeal { .. }) => self.decide_ring(who, ring, now)?,
            Command::AddGame { name, settings } => self.decide_add_game(name, settings)?,
            Command::Game { game, command } => self.decide_game(who, game, command, now)?,
            Command::SetProgramme { programme } => self.decide_programme(programme)?,
        })
    }

    /// The only place the state changes; also marks who must see it.
    fn apply(&mut self, event: &Event) {
        match event {
            Event::Initialised {
                host_secret,
                display_secret,
                ..
            } => {
                self.registry.host_secret = host_secret.clone();
                self.registry.display_secret = display_secret.clone();
                for (game, settings) in event_games() {
                    self.add_game(game, String::new(), &settings);
                }
            }
            // The registry's teams and settings are every game's too.
            Event::TournamentSetUp { .. }
            | Event::TeamRegistered { .. }
            | Event::TeamEdited { .. }
            | Event::TeamRemoved { .. }
            | Event::TeamRatingId { .. } => {
                self.apply_to_registry(event);
                for g in self.games.values_mut() {
                    g.state.event_changed(&self.registry.settings);
                }
            }
            Event::JudgeAdded {
                judge,
                name,
                secret,
            } => {
                self.registry.judges.insert(
                    *judge,
                    JudgeRecord {
                        id: *judge,
                        name: name.clone(),
                        secret: secret.clone(),
                    },
                );
            }
            Event::JuryAppointed { secret } => {
                self.registry.jury_secret = secret.clone();
                self.dirty.insert(Audience::Staff);
                return;
            }
            Event::GameAdded {
                game,
                name,
                settings,
            } => self.add_game(*game, name.clone(), settings),
            Event::Chgk(legacy) => {
                // A store from before games had ids: its ChGK is the event's.
                let (game, event) = legacy::chgk(legacy);
                self.apply(&Event::Game { game, event });
                return;
            }
            Event::Game { game, event } => {
                if let Some(slot) = self.games.get_mut(game) {
                    let touched = slot.state.apply(event);
                    self.mark_touched(&touched);
                }
                // The programme shows what is on: the staff and the hall
                // follow a game's progress through it.
                if self.programme.is_some() {
                    self.dirty.extend([Audience::Staff, Audience::Display]);
                }
                return;
            }
            Event::ProgrammeSet { programme } => {
                self.programme = Some(programme.clone());
                self.dirty.extend([Audience::Staff, Audience::Display]);
                return;
            }
            Event::RingInterrupted {
                fight, question, ..
            } => self.apply_ring_interrupted(*fight, *question),
            Event::Ring(e) => {
                self.clear_restart_notice(e);
                self.ring.apply(e);
                // A fight's changes concern the staff, the hall's screen and
                // its two tables; the other teams' views stay as they are.
                // A fight opening or closing moves the tournament on, which
                // every team follows between its fights.
                let moves_on = matches!(
                    e,
                    minuta_shared::play::brain_ring::RingEvent::FightOpened { .. }
                        | minuta_shared::play::brain_ring::RingEvent::FightClosed { .. }
                );
                if !moves_on
                    && let Some(tables) = ring_fight_of(e)
                        .and_then(|f| self.ring.fight(f).ok())
                        .map(|f| f.tables)
                {
                    self.dirty.extend([
                        Audience::Staff,
                        Audience::Display,
                        Audience::Team(tables[0]),
                        Audience::Team(tables[1]),
                    ]);
                    return;
                }
            }
        }
        self.dirty
            .extend([Audience::Staff, Audience::Display, Audience::AllTeams]);
    }

    /// The next instant the core wants to be woken at (a clock signal).
    pub fn poll_timeout(&self, now: ServerTime) -> Option<ServerTime> {
        self.ring
            .next_deadline()
            .into_iter()
            .chain(
                self.games
                    .values()
                    .filter_map(|g| g.state.poll_timeout(now)),
            )
            .min()
    }

    /// A deadline passed: every screen it concerns shows the new state.
    pub fn handle_timeout(&mut self, now: ServerTime) {
        // A Brain-ring minute or extra time ran out: the question is over.
        if self.ring.next_deadline().is_some_and(|d| d <= now) {
            self.ring.advance(now);
            self.dirty
                .extend([Audience::Staff, Audience::Display, Audience::AllTeams]);
        }
        let touched: Vec<_> = self
            .games
            .values_mut()
            .map(|g| g.state.handle_timeout(now))
            .collect();
        for t in &touched {
            self.mark_touched(t);
        }
    }

    /// Audiences whose views changed since the last call.
    pub fn take_dirty(&mut self) -> BTreeSet<Audience> {
        std::mem::take(&mut self.dirty)
    }

    /// The fights that presses changed since the last call, each as its
    /// screens must now show it. A press changes nothing but its fight, so
    /// these replace whole views for it (see [`FightPatch`]).
    pub fn take_fight_patches(&mut self) -> Vec<FightPatch> {
        std::mem::take(&mut self.patched)
            .into_iter()
            .filter_map(|fight| self.fight_patch(fight))
            .collect()
    }
}

impl Core {
    /// The registry's part of an event: the tournament's name and settings,
    /// a team registered or edited.
    fn apply_to_registry(&mut self, event: &Event) {
        match event {
            Event::TournamentSetUp { name, settings } => {
                self.registry.tournament = name.clone();
                self.registry.settings = settings.clone();
            }
            Event::TeamRegistered {
                team,
                name,
                town,
                players,
                secret,
            } => {
                self.roster.upsert(RosterTeam {
                    id: *team,
                    name: name.clone(),
                    town: town.clone(),
                });
                self.registry.teams.insert(
                    *team,
                    TeamRecord {
                        id: *team,
                        name: name.clone(),
                        town: town.clone(),
                        players: players.clone(),
                        secret: secret.clone(),
                        rating_id: None,
                    },
                );
            }
            Event::TeamEdited {
                team,
                name,
                town,
                players,
            } => {
                self.roster.upsert(RosterTeam {
                    id: *team,
                    name: name.clone(),
                    town: town.clone(),
                });
                if let Some(t) = self.registry.teams.get_mut(team) {
                    t.name = name.clone();
                    t.town = town.clone();
                    t.players = players.clone();
                }
            }
            Event::TeamRatingId { team, rating_id } => {
                if let Some(t) = self.registry.teams.get_mut(team) {
                    t.rating_id = *rating_id;
                }
            }
            Event::TeamRemoved { team } => {
                self.roster.remove(*team);
                self.registry.teams.remove(team);
                self.registry.removed_teams.insert(*team);
            }
            _ => {}
        }
    }

    /// Whether a team is part of any result: a card, an answer or an
    /// appeal in a game, or a place in Brain-ring (drawn, seeded or in a
    /// fight — its presses are in a fight).
    pub(super) fn team_has_played(&self, team: TeamId) -> bool {
        self.games.values().any(|g| g.state.has_played(team))
            || self.ring.teams.contains(&team)
            || self.ring.fights.values().any(|f| f.tables.contains(&team))
    }
}

/// The fight an event belongs to, if any.
fn ring_fight_of(
    e: &minuta_shared::play::brain_ring::RingEvent,
) -> Option<minuta_shared::play::brain_ring::FightId> {
    use minuta_shared::play::brain_ring::RingEvent as R;
    match e {
        R::TimingSet { .. } | R::Qualified { .. } => None,
        R::FightOpened { fight, .. }
        | R::QuestionRead { fight, .. }
        | R::Armed { fight, .. }
        | R::Pressed { fight, .. }
        | R::ContestDecided { fight, .. }
        | R::Judged { fight, .. }
        | R::AppealFiled { fight, .. }
        | R::AppealResolved { fight, .. }
        | R::FightClosed { fight, .. } => Some(*fight),
    }
}

#[cfg(test)]
mod games_tests;
#[cfg(test)]
mod programme_tests;
#[cfg(test)]
mod tests;
