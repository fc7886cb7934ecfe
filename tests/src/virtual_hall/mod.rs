//! A hall on virtual time, in the manner of quinn's `Pair`: the server's
//! sans-IO machine (`minuta_server::machine::Server`), an in-memory store,
//! and terminals that are the app's own state (`AppState`, fed by the same
//! `net::link::event_of` and `state::reduce` as the app's links), with every
//! message delivered after the [`Conditions`]' delay, jitter and losses
//! drawn by a seeded generator. No tokio, no socket, no clock: the hall's
//! time leaps from one delivery or deadline to the next, so a game of
//! minutes runs in milliseconds, and a failing run is replayed by its seed.
//!
//! The store commits after [`VirtualHall::commit_latency`]; what it holds
//! can be replayed into a fresh core ([`VirtualHall::restart`]), as the
//! server does on start, and exported as `minuta-server export` would
//! ([`VirtualHall::export`]). What must not live here: QUIC, TLS or framing
//! (the few real-socket tests keep those), or anything a format decides.
//! Beside it: a crash and restart (`reboot`), the appeal jury (`jury`),
//! and the steps of one format's play (`chgk`, `brain_ring`, `games`).

mod brain_ring;
mod chgk;
mod games;
mod jury;
mod reboot;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};

use minuta_client::lang::Lang;
use minuta_client::net::link::event_of;
use minuta_client::state::{AppState, NetEvent, reduce};
use minuta_server::core::{Core, Event, ServerInfo};
use minuta_server::export::{ExportFormat, export_core};
use minuta_server::machine::{ConnId, Frame, Server, Transmit};
use minuta_server::people::People;
use minuta_shared::identity::Identity;
use minuta_shared::ids::TeamId;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::seed::Rng;
use minuta_shared::time::{ClockSample, ServerTime};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::{CommandError, Receipt, ServerMsg};
use minuta_shared::wire::view::{DisplayView, HostView, TeamView, View};

use crate::hall::{PACKAGE, pack, players, settings, team_name};
use crate::sim_net::Conditions;

/// A terminal's place in the hall.
pub type TerminalId = usize;

/// The secrets of a virtual hall's staff.
pub const HOST_SECRET: &str = "host";
pub const DISPLAY_SECRET: &str = "display";
pub const JURY_SECRET: &str = "jury";

/// How long a lost message waits before it is sent again (QUIC's probe
/// timeout on a quiet link is of this order); each loss adds one.
const RESEND_AFTER: Duration = Duration::from_millis(200);

/// How long [`VirtualHall::until`] waits, in the hall's time, at most.
const PATIENCE: Duration = Duration::from_secs(600);

/// One terminal: the app's state, and what it received.
pub struct VirtualTerminal {
    pub state: AppState,
    pub identity: Identity,
    conn: Option<ConnId>,
    in_flight: BTreeSet<u64>,
    /// Every message this terminal received, in order (the leakage checks).
    pub received: Vec<Arc<ServerMsg>>,
    /// Its link's close code and reason, once the server ended it.
    pub closed: Option<(u32, String)>,
    /// The acknowledgements it received, by request.
    acks: BTreeMap<u64, Result<Receipt, CommandError>>,
    /// When its last message each way arrives: a stream keeps its order.
    last_up: ServerTime,
    last_down: ServerTime,
}

/// What is on its way.
enum Delivery {
    Up(TerminalId, Box<Frame>),
    Down(TerminalId, Transmit),
}

pub struct VirtualHall {
    pub server: Server,
    now: ServerTime,
    net: Conditions,
    rng: Rng,
    /// Deliveries by (arrival time, order of sending).
    wire: BTreeMap<(ServerTime, u64), Delivery>,
    sent: u64,
    pub terminals: Vec<VirtualTerminal>,
    /// The store: what it made durable, and the batch on its way.
    stored: Vec<(u64, Event)>,
    committing: Option<(ServerTime, Vec<(u64, Event)>)>,
    /// How long a commit takes.
    pub commit_latency: Duration,
    pub host: TerminalId,
    pub display: TerminalId,
    pub teams: Vec<TerminalId>,
    pub team_ids: Vec<TeamId>,
}

/// The server's machine on `core`: its new secrets numbered after
/// `secrets` («secret1», …), its views costing no time.
fn machine(core: Core, secrets: &'static str, now: ServerTime) -> Server {
    let mut n = 0u64;
    let fresh = Box::new(move || {
        n += 1;
        format!("{secrets}{n}")
    });
    Server::new(
        core,
        People::default(),
        fresh,
        Box::new(|| Duration::ZERO),
        now,
    )
}

/// The hall's clock starts here (2027-01-15 in µs since the epoch).
fn start() -> ServerTime {
    ServerTime(1_800_000_000_000_000)
}

impl VirtualHall {
    /// A server with an empty event and `net`; nobody connected.
    pub fn empty(net: Conditions) -> Self {
        let now = start();
        let mut core = Core::new(ServerInfo::default());
        let mut stored = Vec::new();
        if let Some(init) = core.initialise(
            HOST_SECRET.into(),
            DISPLAY_SECRET.into(),
            JURY_SECRET.into(),
            now,
        ) {
            stored.extend(init.into_iter().map(|e| (now.0, e)));
        }
        VirtualHall {
            server: machine(core, "secret", now),
            now,
            net,
            rng: Rng::new(net.seed),
            wire: BTreeMap::new(),
            sent: 0,
            terminals: Vec::new(),
            stored,
            committing: None,
            commit_latency: Duration::from_millis(2),
            host: 0,
            display: 0,
            teams: Vec::new(),
            team_ids: Vec::new(),
        }
    }

    /// A hall ready to play, set up through the host's terminal as the
    /// dashboard does it: a tournament with `timing`, `teams` teams
    /// registered and each at its own terminal, a projector, and the
    /// package most tests play ([`PACKAGE`]) loaded.
    pub fn open(teams: usize, timing: ChgkTiming, net: Conditions) -> Result<Self> {
        let mut hall = Self::empty(net);
        hall.host = hall.join(Credential::Host {
            secret: HOST_SECRET.into(),
        })?;
        hall.display = hall.join(Credential::Display {
            secret: DISPLAY_SECRET.into(),
        })?;
        hall.ok(
            hall.host,
            Command::SetUpTournament {
                name: "Кубок тестов".into(),
                settings: settings(timing),
            },
        )?;
        for i in 1..=teams {
            let command = Command::RegisterTeam {
                rating_id: None,
                name: team_name(i),
                town: "Тестоград".into(),
                players: players(i),
            };
            match hall.ok(hall.host, command)? {
                Receipt::TeamRegistered { team } => hall.team_ids.push(team),
                other => bail!("registering team {i}: {other:?}"),
            }
        }
        let ids = hall.team_ids.clone();
        let view = hall.host_sees("every team's secret", |v| {
            v.access
                .as_ref()
                .is_some_and(|a| ids.iter().all(|t| a.teams.iter().any(|(id, _)| id == t)))
        })?;
        let access = view.access.ok_or_else(|| anyhow!("no access"))?;
        let file = PACKAGE;
        let bytes = std::fs::read(pack(file)).with_context(|| format!("reading {file}"))?;
        let package = ChgkCommand::LoadPackage {
            file_name: file.into(),
            bytes,
            pictures: Vec::new(),
        };
        hall.ok(hall.host, Command::game(EVENT_CHGK, package))?;
        for (team, secret) in access.teams {
            let t = hall.join(Credential::Team { team, secret })?;
            hall.teams.push(t);
        }
        Ok(hall)
    }

    /// The hall's time now.
    pub fn now(&self) -> ServerTime {
        self.now
    }

    /// A terminal greets the server with `credential` (the greeting's own
    /// round trip is not simulated) and takes its first view.
    pub fn join(&mut self, credential: Credential) -> Result<TerminalId> {
        let (conn, identity) = self
            .server
            .handle_join(&credential, false, self.now)
            .map_err(|refusal| anyhow!("refused: {refusal}"))?;
        let mut state = AppState::new(Lang::Ru);
        let first_sample = ClockSample::from_exchange(self.now.0, self.now, self.now.0);
        reduce(
            &mut state,
            NetEvent::Connected {
                identity,
                first_sample,
            },
        );
        self.terminals.push(VirtualTerminal {
            state,
            identity,
            conn: Some(conn),
            in_flight: BTreeSet::new(),
            received: Vec::new(),
            closed: None,
            acks: BTreeMap::new(),
            last_up: self.now,
            last_down: self.now,
        });
        self.turn();
        let t = self.terminals.len() - 1;
        self.until("the first view", |h| h.terminals[t].state.view.is_some())?;
        Ok(t)
    }

    /// `t`'s link is gone (a laptop off the Wi-Fi, the app closed): the
    /// server forgets the connection now; a terminal that comes back
    /// [`VirtualHall::join`]s again as a new one.
    pub fn leave(&mut self, t: TerminalId) {
        if let Some(conn) = self.terminals[t].conn.take() {
            self.server.handle_left(conn, self.now);
        }
        self.turn();
    }

    /// `t` sends `command` as the app does (`AppState::begin_request`);
    /// returns its request number.
    pub fn send(&mut self, t: TerminalId, command: Command) -> u64 {
        let request = self.terminals[t].state.begin_request(command.clone());
        self.terminals[t].in_flight.insert(request);
        let frame = Frame {
            request,
            command,
            rtt_us: 2 * self.net.latency.as_micros() as u64,
        };
        let at = self.arrival(t, true);
        self.put(at, Delivery::Up(t, Box::new(frame)));
        request
    }

    /// Runs until `t` has the acknowledgement of `request`.
    pub fn ack(&mut self, t: TerminalId, request: u64) -> Result<Result<Receipt, CommandError>> {
        self.until(&format!("the acknowledgement of request {request}"), |h| {
            h.terminals[t].acks.contains_key(&request)
        })?;
        self.terminals[t]
            .acks
            .remove(&request)
            .ok_or_else(|| anyhow!("no acknowledgement"))
    }

    /// Sends `command` from `t` and runs until it is acknowledged.
    pub fn command(
        &mut self,
        t: TerminalId,
        command: Command,
    ) -> Result<Result<Receipt, CommandError>> {
        let request = self.send(t, command);
        self.ack(t, request)
    }

    /// Like [`VirtualHall::command`], failing unless it was accepted.
    pub fn ok(&mut self, t: TerminalId, command: Command) -> Result<Receipt> {
        let name = format!("{command:?}");
        self.command(t, command)?
            .map_err(|e| anyhow!("{name} refused: {e}"))
    }

    /// Runs the hall until `done` holds, at most [`PATIENCE`] of its time.
    pub fn until(&mut self, what: &str, done: impl Fn(&Self) -> bool) -> Result<()> {
        let limit = self.now.plus(PATIENCE);
        while !done(self) {
            let Some(next) = self.next_at() else {
                bail!("waiting for {what}: nothing more will happen");
            };
            if next > limit {
                bail!("waiting for {what}: not within {PATIENCE:?}");
            }
            self.step(next);
        }
        Ok(())
    }

    /// Lets `d` of the hall's time pass.
    pub fn advance(&mut self, d: Duration) {
        let to = self.now.plus(d);
        while let Some(next) = self.next_at().filter(|next| *next <= to) {
            self.step(next);
        }
        self.now = to;
    }

    /// Runs until the host's view satisfies `done`, and returns it.
    pub fn host_sees(&mut self, what: &str, done: impl Fn(&HostView) -> bool) -> Result<HostView> {
        let host = self.host;
        self.until(what, |h| {
            h.terminals[host].state.host_view().is_some_and(&done)
        })?;
        self.terminals[host]
            .state
            .host_view()
            .cloned()
            .ok_or_else(|| anyhow!("no host view"))
    }

    /// Runs until `t`'s team view satisfies `done`, and returns it.
    pub fn team_sees(
        &mut self,
        t: TerminalId,
        what: &str,
        done: impl Fn(&TeamView) -> bool,
    ) -> Result<TeamView> {
        self.until(what, |h| {
            h.terminals[t].state.team_view().is_some_and(&done)
        })?;
        self.terminals[t]
            .state
            .team_view()
            .cloned()
            .ok_or_else(|| anyhow!("no team view"))
    }

    /// Runs until the projector's view satisfies `done`, and returns it.
    pub fn display_sees(
        &mut self,
        what: &str,
        done: impl Fn(&DisplayView) -> bool,
    ) -> Result<DisplayView> {
        self.until(what, |h| h.display_view().is_some_and(&done))?;
        self.display_view()
            .cloned()
            .ok_or_else(|| anyhow!("no display view"))
    }

    fn display_view(&self) -> Option<&DisplayView> {
        match &self.terminals[self.display].state.view {
            Some(View::Display(v)) => Some(v),
            _ => None,
        }
    }

    /// What the store made durable, in order.
    pub fn stored(&self) -> &[(u64, Event)] {
        &self.stored
    }

    /// A fresh core replayed from what the store holds, as a restarted
    /// server's is: what every acknowledged action left behind.
    pub fn restart(&self) -> Result<Core> {
        let mut core = Core::new(ServerInfo::default());
        let events: Vec<Event> = self.stored.iter().map(|(_, e)| e.clone()).collect();
        core.replay_checked(&events)
            .map_err(|f| anyhow!("the store does not replay at {}: {}", f.index, f.problem))?;
        Ok(core)
    }

    /// What `minuta-server export --format …` writes from this hall's
    /// store: its events replayed into a fresh core, as the command does.
    pub fn export(&self, format: ExportFormat) -> Result<String> {
        let core = self.restart()?;
        export_core(&core, format, "the virtual hall's store").map_err(|e| anyhow!("{e}"))
    }

    /// When the next thing happens: a delivery, the store's commit, a
    /// deadline of the server's.
    fn next_at(&self) -> Option<ServerTime> {
        let delivery = self.wire.keys().next().map(|(at, _)| *at);
        let commit = self.committing.as_ref().map(|(at, _)| *at);
        let deadline = self.server.poll_timeout();
        [delivery, commit, deadline].into_iter().flatten().min()
    }

    /// Moves the hall's time to `at` and does what is due then.
    fn step(&mut self, at: ServerTime) {
        self.now = self.now.max(at);
        let now = self.now;
        if let Some((due, _)) = &self.committing
            && *due <= now
            && let Some((_, batch)) = self.committing.take()
        {
            self.stored.extend(batch);
            // An in-memory store never refuses a batch.
            let _ = self.server.handle_committed(Ok(()), now);
        }
        let due: Vec<(ServerTime, u64)> = self
            .wire
            .range(..=(now, u64::MAX))
            .map(|(k, _)| *k)
            .collect();
        for key in due {
            if let Some(delivery) = self.wire.remove(&key) {
                self.deliver(delivery);
            }
        }
        if self.server.poll_timeout().is_some_and(|t| t <= now) {
            self.server.handle_timeout(now);
        }
        self.turn();
    }

    fn deliver(&mut self, delivery: Delivery) {
        match delivery {
            Delivery::Up(t, frame) => {
                if let Some(conn) = self.terminals[t].conn {
                    // Stamped on arrival, as the connection's reader does.
                    self.server.handle_inbound(conn, *frame, self.now);
                }
            }
            Delivery::Down(t, Transmit::Msg(msg)) => {
                let terminal = &mut self.terminals[t];
                terminal.received.push(Arc::clone(&msg));
                let event = event_of((*msg).clone(), &mut terminal.in_flight, self.now.0);
                if let Some(NetEvent::Ack { request, result }) = &event {
                    terminal.acks.insert(*request, result.clone());
                }
                if let Some(event) = event {
                    reduce(&mut terminal.state, event);
                }
            }
            Delivery::Down(t, Transmit::Close { code, reason }) => {
                let terminal = &mut self.terminals[t];
                terminal.conn = None;
                terminal.closed = Some((code, reason));
            }
        }
    }

    /// One turn of the driver's loop (the order `machine`'s module gives).
    fn turn(&mut self) {
        self.transmit();
        self.server.queue_press_patches();
        self.transmit();
        if self.committing.is_none()
            && let Some(batch) = self.server.poll_store()
        {
            let due = self.now.plus(self.commit_latency);
            self.committing = Some((due, batch.events));
        }
        self.server.queue_views();
        self.transmit();
    }

    fn transmit(&mut self) {
        while let Some((conn, transmit)) = self.server.poll_transmit() {
            let Some(t) = self.terminals.iter().position(|x| x.conn == Some(conn)) else {
                continue;
            };
            let at = self.arrival(t, false);
            self.put(at, Delivery::Down(t, transmit));
        }
    }

    /// When a message `t` sends (`up`) or is sent now arrives: the
    /// latency, a draw of jitter, a resend per loss, and never before the
    /// stream's previous message.
    fn arrival(&mut self, t: TerminalId, up: bool) -> ServerTime {
        let jitter_us = self.net.jitter.as_micros() as u64;
        let mut at = self.now.plus(self.net.latency);
        if jitter_us > 0 {
            at = ServerTime(at.0 + self.rng.below(jitter_us + 1));
        }
        while self.net.loss > 0.0 && (self.rng.below(1_000_000) as f64) < self.net.loss * 1e6 {
            at = at.plus(RESEND_AFTER);
        }
        let terminal = &mut self.terminals[t];
        let last = if up {
            &mut terminal.last_up
        } else {
            &mut terminal.last_down
        };
        *last = (*last).max(at);
        *last
    }

    fn put(&mut self, at: ServerTime, delivery: Delivery) {
        self.sent += 1;
        self.wire.insert((at, self.sent), delivery);
    }
}
