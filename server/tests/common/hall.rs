//! A hall driven through the core as the driver drives it, for the export
//! tests: every event kept with its instant, then stored in a real store.
//! Each test module adds the steps of its own game in an `impl Hall` of its
//! own; the modules share one binary, so their steps' names differ.

use std::path::Path;
use std::time::Duration;

use minuta_server::core::event::Event;
use minuta_server::core::{Core, ServerInfo};
use minuta_server::store;
use minuta_shared::identity::Identity;
use minuta_shared::ids::TeamId;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;

/// 2023-11-14 22:13:20 UTC.
pub const T0_US: u64 = 1_700_000_000_000_000;

pub struct Hall {
    pub core: Core,
    /// Every event so far with the instant it was made at, not yet stored.
    pub events: Vec<(u64, Event)>,
    pub now: ServerTime,
    secrets: u32,
}

impl Hall {
    /// A new store's first events, at [`T0_US`].
    pub fn new() -> Self {
        let mut hall = Hall {
            core: Core::new(ServerInfo::default()),
            events: Vec::new(),
            now: ServerTime(T0_US),
            secrets: 0,
        };
        let init = hall
            .core
            .initialise("host".into(), "display".into(), "jury".into(), hall.now)
            .unwrap();
        hall.events.extend(init.into_iter().map(|e| (T0_US, e)));
        hall
    }

    /// `command` from `who`, now; it must be accepted.
    pub fn act(&mut self, who: Identity, command: Command) {
        let secrets = &mut self.secrets;
        let mut fresh = || {
            *secrets += 1;
            format!("secret-{secrets}")
        };
        let (_, events) = self
            .core
            .handle_command(who, command, self.now, &mut fresh)
            .unwrap();
        self.events
            .extend(events.into_iter().map(|e| (self.now.0, e)));
    }

    pub fn host(&mut self, command: Command) {
        self.act(Identity::Host, command);
    }

    /// `command` to the event's ChGK from `who`, now.
    pub fn chgk(&mut self, who: Identity, command: ChgkCommand) {
        self.act(who, Command::game(EVENT_CHGK, command));
    }

    /// Lets `ms` pass, waking the core at its deadlines as the driver would.
    pub fn wait(&mut self, ms: u64) {
        self.now = self.now.plus(Duration::from_millis(ms));
        let decided = self.core.handle_timeout(self.now);
        self.events
            .extend(decided.into_iter().map(|e| (self.now.0, e)));
    }

    /// `team`'s button, with the link's round trip and clock offset.
    pub fn press_with(&mut self, team: TeamId, rtt_us: u64, offset_us: i64) {
        let (_, events) = self
            .core
            .handle_press(team, self.now, rtt_us, offset_us)
            .unwrap();
        self.events
            .extend(events.into_iter().map(|e| (self.now.0, e)));
    }

    /// Stores every event not stored yet.
    pub fn store_into(&mut self, writer: &store::StoreWriter) {
        let batch = std::mem::take(&mut self.events);
        writer.append(batch).blocking_recv().unwrap().unwrap();
    }

    /// A store in `dir` holding the whole event.
    pub fn store(mut self, dir: &Path) {
        let (writer, _) = store::open(dir).unwrap();
        self.store_into(&writer);
        writer.shutdown();
    }
}

impl Default for Hall {
    fn default() -> Self {
        Hall::new()
    }
}
