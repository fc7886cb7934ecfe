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
mod media;
mod own_games;
mod prize_ties;
mod programme;
mod projection;
mod qualification;
pub mod registry;
pub mod short_codes;
pub mod team_import;

use std::collections::{BTreeMap, BTreeSet};
use std::net::SocketAddr;

use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::packages::media::MediaHash;
use minuta_shared::play::button::{ButtonPress, PressPatch};
use minuta_shared::play::format::{HallPatch, Touched};
use minuta_shared::play::games::{GamePatch, event_games, first_added_games};
use minuta_shared::play::roster::{Roster, RosterTeam};
use minuta_shared::roster;
use minuta_shared::time::ServerTime;
use minuta_shared::tournament::prize_tie::PrizeTie;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::AutopilotView;

pub use check::{ReplayError, ReplayFailure};
pub use event::Event;
pub use games::GameSlot;
use registry::{JudgeRecord, Registry, TeamRecord, clean_players};

/// What the core needs to know about where it is reachable, for join codes.
#[derive(Clone, Debug, Default)]
pub struct ServerInfo {
    pub addrs: Vec<SocketAddr>,
    pub fingerprint: [u8; 32],
    /// The TCP port of the web page browsers join through (issue 24), for
    /// the host's web links; `None` when the web is off.
    pub web_port: Option<u16>,
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
    /// Live connections per identity; not stored, rebuilt as terminals reconnect.
    presence: BTreeMap<Identity, u32>,
    dirty: BTreeSet<Audience>,
    /// Teams whose presses alone changed a game since the last call to
    /// [`Core::take_press_patches`]: their screens get just that part.
    patched: BTreeSet<(GameId, TeamId)>,
    /// What stored changes look like on every screen, per game, since the
    /// last call to [`Core::take_commit_patches`] (an auction's bid): sent once
    /// durable, instead of whole views for the hall.
    commit_patches: BTreeMap<GameId, HallPatch<GamePatch>>,
    /// The programme's games, by id: the event's own ones from its start
    /// ([`event_games`]), then those the host adds.
    games: BTreeMap<GameId, GameSlot>,
    /// The registry's teams as games see them, kept in step with it.
    roster: Roster,
    /// The event's programme (2), once the host has laid it out.
    programme: Option<minuta_shared::programme::Programme>,
    /// Where a store written before Brain-ring was a game keeps it
    /// (`legacy.rs`); `None` for a store with no such events.
    legacy_ring: Option<legacy::LegacyRing>,
    /// The demo's autopilot host as the driver last told it (the core reads
    /// no clock, so it is told rather than works it out); not stored.
    autopilot: Option<AutopilotView>,
    /// The packages' pictures by hash, for the projectors.
    media: BTreeMap<MediaHash, media::StoredMedia>,
    /// 2.2: each game's ties at prize places as the host settled them.
    prize_ties: BTreeMap<GameId, Vec<PrizeTie<TeamId>>>,
}

impl Core {
    pub fn new(info: ServerInfo) -> Self {
        Core {
            info,
            registry: Registry::default(),
            presence: BTreeMap::new(),
            dirty: BTreeSet::new(),
            patched: BTreeSet::new(),
            commit_patches: BTreeMap::new(),
            games: BTreeMap::new(),
            roster: Roster::default(),
            programme: None,
            legacy_ring: None,
            autopilot: None,
            media: BTreeMap::new(),
            prize_ties: BTreeMap::new(),
        }
    }

    /// Rebuilds the state from stored events, in order.
    pub fn replay<'a>(&mut self, events: impl IntoIterator<Item = &'a Event>) {
        let events: Vec<&Event> = events.into_iter().collect();
        self.legacy_ring = legacy::LegacyRing::find(&events);
        for event in events {
            self.apply(event);
        }
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
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
        let mut events = vec![
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
        events.extend(
            first_added_games()
                .into_iter()
                .map(|(game, name, settings)| Event::GameAdded {
                    game,
                    name: name.to_owned(),
                    settings,
                }),
        );
        for e in &events {
            self.apply(e);
        }
        Some(events)
    }

    /// What a store written by an earlier release lacks, as the events that
    /// bring it up to date (stored before serving): the appeal jury's
    /// secret, and the event's Brain-ring as a game. Empty for a current
    /// store.
    pub fn upgrade(&mut self, jury_secret: String) -> Vec<Event> {
        if !self.registry.initialised() {
            return Vec::new();
        }
        let mut events = Vec::new();
        if self.registry.jury_secret.is_empty() {
            events.push(Event::JuryAppointed {
                secret: jury_secret,
            });
        }
        events.extend(self.ring_upgrade());
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

    /// 6.5: the appeal jury's terminal joined at `now`. The first time, the
    /// event has a jury from then on: the event to store (the driver stores
    /// it in its next batch).
    #[must_use = "the jury's first join must be stored"]
    pub fn jury_joined(&mut self, now: ServerTime) -> Option<Event> {
        if self.roster.appeal_jury {
            return None;
        }
        let event = Event::JurySeated { at: now };
        self.apply(&event);
        Some(event)
    }

    pub fn is_connected(&self, who: Identity) -> bool {
        self.presence.contains_key(&who)
    }

    /// The demo's autopilot host now (`None`: there is none); the staff see
    /// it at their next view, sent at once when it changed.
    pub fn set_autopilot(&mut self, autopilot: Option<AutopilotView>) {
        if self.autopilot != autopilot {
            self.autopilot = autopilot;
            self.dirty.insert(Audience::Staff);
        }
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
        // A removed team's link is closed only after the batch that removed
        // it, so a card of its may still arrive: stored, it would name a
        // team the replay check no longer knows and the store would not load.
        // A ломтик's too: it is part of its team.
        if let Identity::Team(team) | Identity::Slice(team, _) = who
            && !self.registry.teams.contains_key(&team)
        {
            return Err(CommandError::NoSuchTeam);
        }
        // A judge the registry does not know is nobody's staff: a verdict
        // of its, stored, would name a judge the replay check refuses.
        if let Identity::Judge(judge) = who
            && !self.registry.judges.contains_key(&judge)
        {
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
                let records = team_import::edit_records(record, &players);
                let mut events = vec![Event::TeamEdited {
                    team,
                    name: name.trim().to_owned(),
                    town: town.trim().to_owned(),
                    players,
                }];
                if record.rating_id != rating_id {
                    events.push(Event::TeamRatingId { team, rating_id });
                }
                events.extend(records);
                (Receipt::Done, events)
            }
            Command::ImportTeams { teams } => {
                let events = team_import::decide(&self.registry, &teams, fresh_secret)?;
                (Receipt::Done, events)
            }
            // 6.5: the jury left for good; the host decides from now on.
            // Nothing to take back when no jury sits.
            Command::TakeBackAppeals => {
                let events = if self.roster.appeal_jury {
                    vec![Event::JuryStoodDown { at: now }]
                } else {
                    Vec::new()
                };
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
            // Presses come by `handle_press`; one sent as a command finds
            // nothing to press.
            Command::Press { .. } => return Err(CommandError::NothingToPress),
            Command::Qualify {
                game,
                places,
                seed,
                cut,
            } => self.decide_qualify(game, places, seed, &cut, now)?,
            Command::SettleCut {
                game,
                places,
                seed,
                step,
            } => self.decide_settle_cut(game, places, seed, step, now)?,
            Command::AddGame { name, settings } => self.decide_add_game(name, settings)?,
            Command::Game { game, command } => {
                let pictures = Self::package_media(&command);
                let (receipt, events) = self.decide_game(who, game, command, now)?;
                // Stored before the questions that name them.
                let mut stored = self.media_events(pictures);
                stored.extend(events);
                (receipt, stored)
            }
            Command::SetProgramme { programme } => self.decide_programme(programme)?,
            Command::SettlePrizeTie { game, place, step } => {
                self.decide_prize_tie(game, place, step)?
            }
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
            | Event::TeamRatingId { .. }
            | Event::TeamSitePlayers { .. }
            | Event::TeamPlayerRecords { .. } => {
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
            // Games decide appeals by the roster's `appeal_jury`; their
            // staff views say who decides.
            Event::JurySeated { .. } | Event::JuryStoodDown { .. } => {
                self.roster.appeal_jury = matches!(event, Event::JurySeated { .. });
                for g in self.games.values_mut() {
                    g.state.event_changed(&self.registry.settings);
                }
                self.dirty.insert(Audience::Staff);
                return;
            }
            Event::GameAdded {
                game,
                name,
                settings,
            } => {
                // A store's Brain-ring made from its old events before the
                // event that names it as a game keeps what they did.
                if !self.games.contains_key(game) {
                    self.add_game(*game, name.clone(), settings);
                }
                if let Some(legacy) = self.legacy_ring.as_mut().filter(|l| l.game == *game) {
                    legacy.stored = true;
                }
            }
            Event::Chgk(_) | Event::Ring(_) | Event::RingInterrupted { .. } => {
                // A store from before games had ids: the event's own games.
                if let Some((game, event)) = self.legacy_game_event(event) {
                    self.apply(&Event::Game { game, event });
                }
                return;
            }
            Event::Game { game, event } => {
                let mut patched = false;
                if let Some(slot) = self.games.get_mut(game) {
                    let mut touched = slot.state.apply(event);
                    // Issue 42: a change a patch says all of reaches the
                    // hall as that patch; only the staff's views follow.
                    if let Some(patch) = slot.state.commit_patch(event, &self.roster) {
                        self.commit_patches.insert(*game, patch);
                        touched = Touched {
                            staff: touched.staff,
                            ..Touched::nobody()
                        };
                        patched = true;
                    }
                    self.mark_touched(&touched);
                }
                // The programme shows what is on: the staff and the hall
                // follow a game's progress through it (a patched change
                // moves no game along it).
                if self.programme.is_some() && !patched {
                    self.dirty.extend([Audience::Staff, Audience::Display]);
                }
                return;
            }
            Event::ProgrammeSet { programme } => {
                self.programme = Some(programme.clone());
                self.dirty.extend([Audience::Staff, Audience::Display]);
                return;
            }
            Event::PrizeTieSettled { game, tie } => {
                self.apply_prize_tie(*game, tie);
                return;
            }
            // Nobody sees a picture until the host shows it.
            Event::Media { hash, kind, bytes } => {
                self.keep_media(hash, *kind, bytes);
                return;
            }
        }
        self.dirty
            .extend([Audience::Staff, Audience::Display, Audience::AllTeams]);
    }

    /// The next instant the core wants to be woken at (a clock signal).
    pub fn poll_timeout(&self, now: ServerTime) -> Option<ServerTime> {
        self.games
            .values()
            .filter_map(|g| g.state.poll_timeout(now))
            .min()
    }

    /// A deadline passed: every screen it concerns shows the new state.
    /// What the deadline decided (the Нептун auction's count ending) comes
    /// first, as events applied here and returned: the driver stores them
    /// in its next batch, and no view shows them before that batch lands,
    /// so a restart never reopens what the deadline closed.
    #[must_use = "the events a deadline decided must be stored"]
    pub fn handle_timeout(&mut self, now: ServerTime) -> Vec<Event> {
        let mut events = Vec::new();
        for (game, slot) in &self.games {
            events.extend(
                slot.state
                    .timeout_events(now)
                    .into_iter()
                    .map(|event| Event::Game { game: *game, event }),
            );
        }
        for e in &events {
            self.apply(e);
        }
        let touched: Vec<_> = self
            .games
            .values_mut()
            .map(|g| g.state.handle_timeout(now))
            .collect();
        for t in &touched {
            self.mark_touched(t);
        }
        events
    }

    /// What the changes applied since the last call look like on every
    /// screen, per game, where a patch says it all; sent once durable.
    pub fn take_commit_patches(&mut self) -> Vec<(GameId, HallPatch<GamePatch>)> {
        std::mem::take(&mut self.commit_patches)
            .into_iter()
            .collect()
    }

    /// Audiences whose views changed since the last call.
    pub fn take_dirty(&mut self) -> BTreeSet<Audience> {
        std::mem::take(&mut self.dirty)
    }

    /// What presses changed since the last call, per game, as each
    /// audience's screens must now show it. A press changes nothing but
    /// its part of its game (a fight), so these replace whole views for it.
    /// A format without press patches gets whole views instead, after the
    /// press's record (its verdict has left already).
    pub fn take_press_patches(&mut self) -> Vec<(GameId, PressPatch<GamePatch>)> {
        let mut patches: Vec<(GameId, PressPatch<GamePatch>)> = Vec::new();
        for (game, team) in std::mem::take(&mut self.patched) {
            let Some(patch) = self
                .games
                .get(&game)
                .and_then(|g| g.state.press_patch(team, &self.roster))
            else {
                self.mark_touched(&Touched::everyone());
                continue;
            };
            // Both tables of one fight pressed: one patch serves both.
            if !patches.iter().any(|(g, p)| *g == game && *p == patch) {
                patches.push((game, patch));
            }
        }
        patches
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
                    players: players.clone(),
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
                        site_players: Vec::new(),
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
                    players: players.clone(),
                });
                if let Some(t) = self.registry.teams.get_mut(team) {
                    t.name = name.clone();
                    t.town = town.clone();
                    // The records of the names kept; what else an edit
                    // keeps follows it (`Event::TeamPlayerRecords`).
                    t.site_players = roster::records_kept(&t.players, &t.site_players, players);
                    t.players = players.clone();
                }
            }
            Event::TeamRatingId { team, rating_id } => {
                if let Some(t) = self.registry.teams.get_mut(team) {
                    t.rating_id = *rating_id;
                }
            }
            Event::TeamSitePlayers { team, players } => {
                if let Some(t) = self.registry.teams.get_mut(team) {
                    t.site_players = roster::records_of_names(&t.players, players);
                }
            }
            Event::TeamPlayerRecords { team, players } => {
                if let Some(t) = self.registry.teams.get_mut(team) {
                    t.site_players = team_import::records_in_place(&t.players, players);
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
    }

    /// A press of the button, stamped `at` on arrival: decided and applied
    /// at once by the game the team presses in now (the verdict goes out
    /// before the store commits; DESIGN.md).
    pub fn handle_press(
        &mut self,
        team: TeamId,
        at: ServerTime,
        rtt_us: u64,
        clock_offset_us: i64,
    ) -> Result<(Receipt, Vec<Event>), CommandError> {
        // A team removed in the batch before its press arrived (or never
        // registered) presses nowhere, whatever its format would say.
        if !self.roster.contains(team) {
            return Err(CommandError::NoSuchTeam);
        }
        let press = ButtonPress {
            team,
            at,
            rtt_us,
            clock_offset_us,
        };
        let (game, slot) = self
            .games
            .iter_mut()
            .find(|(_, g)| g.state.takes_press(team))
            .ok_or(CommandError::NothingToPress)?;
        let (verdict, event) = slot
            .state
            .press(press)
            .ok_or(CommandError::NothingToPress)?
            .map_err(|e| CommandError::Play(minuta_shared::play::games::PlayError::Game(e)))?;
        // Only this part of the game changed: its screens get it as a
        // patch, not as whole views (the lockout must reach them at once).
        self.patched.insert((*game, team));
        Ok((
            Receipt::Press {
                kind: verdict.kind,
                arrived_at: at,
                since_arming_us: verdict.since_arming_us,
            },
            vec![Event::Game { game: *game, event }],
        ))
    }

    /// Whether a press may come at any moment in some game.
    pub fn buttons_live(&self) -> bool {
        self.games.values().any(|g| g.state.buttons_live())
    }

    /// Issue 14.4: called once on start, after the replay and before
    /// anything else (before time is let pass). Each game settles what was
    /// in play when the server stopped (Brain-ring puts an armed question
    /// back to «reading» with a notice for the host); returns the events to
    /// store before serving.
    pub fn resume_after_restart(&mut self, now: ServerTime) -> Vec<Event> {
        let mut events = Vec::new();
        for (game, slot) in &mut self.games {
            events.extend(
                slot.state
                    .restarted(now)
                    .into_iter()
                    .map(|event| Event::Game { game: *game, event }),
            );
        }
        for e in &events {
            self.apply(e);
        }
        if !events.is_empty() {
            tracing::warn!(
                rearmed = events.len(),
                "restarted during Brain-ring questions: armed ones wait for «Время» again"
            );
        }
        events
    }
}

#[cfg(test)]
mod erudit_tests;
#[cfg(test)]
mod games_tests;
#[cfg(test)]
mod legacy_tests;
#[cfg(test)]
mod media_tests;
#[cfg(test)]
mod neptune_tests;
#[cfg(test)]
mod prize_tie_tests;
#[cfg(test)]
mod programme_tests;
#[cfg(test)]
mod qualification_tests;
#[cfg(test)]
mod slice_tests;
#[cfg(test)]
mod tests;
