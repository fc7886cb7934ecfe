//! The driver: the thin async loop around the sans-IO core. It feeds the
//! core commands in arrival order with their arrival stamps, wakes it at its
//! deadlines, hands every batch of resulting events to the store, and only
//! after the store's commit sends the acknowledgements and the fresh views.
//!
//! Group commit falls out of the loop's shape: commands are decided as they
//! arrive (in the order of their arrival stamps), and while one batch is
//! being made durable the events of everything decided meanwhile pile up;
//! when the commit lands they all go to the store as the next batch.
//!
//! One kind of command usually skips this loop: a Brain-ring press with
//! nothing read before it still waiting here is decided by the connection
//! task that read it (`net::press_desk`, on the core they share); its events
//! then arrive here as [`Inbound::Pressed`] to be committed, and its fight's
//! screens are sent their patch from here.

mod views;

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot, watch};
use tracing::{error, warn};

use minuta_shared::identity::Identity;
use minuta_shared::ids::GameId;
use minuta_shared::packages::media::MediaHash;
use minuta_shared::play::button::PressPatch;
use minuta_shared::play::games::GamePatch;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::close;
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::{CommandError, Receipt, ServerMsg};

use crate::clock::ServerClock;
use crate::core::short_codes::ShortCodeBudget;
use crate::core::{Audience, Core, Event};
use crate::net::press_desk::SharedCore;
use crate::net::{ConnId, Inbound, Outbound, Outbox};
use crate::people::People;
use crate::store::{StoreError, StoreWriter};

struct Conn {
    identity: Identity,
    outbound: Outbox,
    robot: bool,
    link: Option<crate::net::Link>,
    /// The pictures this projector has been sent: each goes once.
    media_sent: BTreeSet<MediaHash>,
}

/// A command read from a connection, waiting to be decided.
struct Queued {
    conn: ConnId,
    request: u64,
    command: Command,
    received_at: ServerTime,
    rtt_us: u64,
}

/// A batch on its way to disk, with the acknowledgements it holds back
/// and its events, written again if the disk refuses them.
struct InFlight {
    done: oneshot::Receiver<Result<(), StoreError>>,
    events: Vec<(u64, Event)>,
    acks: Vec<(ConnId, u64, Result<Receipt, CommandError>)>,
}

/// The store refused a batch (a full disk, an I/O error): the batch waits
/// at the head of the queue, unacknowledged, and is written again from
/// `retry_at` until the store takes it (issue 14, «disk full»).
struct Stalled {
    reason: String,
    retry_at: ServerTime,
}

/// How long a refused batch waits before it is written again.
const STORE_RETRY_EVERY: std::time::Duration = std::time::Duration::from_millis(500);

pub struct Driver {
    /// Shared with the connection tasks, which decide presses themselves
    /// (`net::press_desk`).
    core: SharedCore,
    store: StoreWriter,
    clock: ServerClock,
    conns: HashMap<ConnId, Conn>,
    next_conn: ConnId,
    /// Commands read since the last decision, in any order.
    arrived: Vec<Queued>,
    /// Decided, applied, not yet sent to the store.
    pending_events: Vec<(u64, Event)>,
    pending_acks: Vec<(ConnId, u64, Result<Receipt, CommandError>)>,
    in_flight: Option<InFlight>,
    stalled: Option<Stalled>,
    /// Connections that joined and still need their first view.
    fresh: Vec<ConnId>,
    /// The people among the connections, for the demo's robots.
    people: People,
    busy_poll: bool,
    /// When the staff's and projectors' views were last sent, and the
    /// audiences among them held back since (see [`BROAD_VIEW_EVERY`]).
    broad_sent_at: Option<ServerTime>,
    held: std::collections::BTreeSet<Audience>,
    /// How long the last staff and projector views took to build.
    broad_cost: std::time::Duration,
    /// The host or a judge changed something: they (and the projector)
    /// see it at once, whatever was sent just before.
    staff_acted: bool,
    /// Wrong short codes from every address (see `core::short_codes`).
    short_codes: ShortCodeBudget,
}

/// The staff's and the projectors' views are rebuilt at most this often
/// while changes pour in (a burst of cards, a join storm): each is large
/// (the host view holds the package and every team), one a frame per card
/// would keep the thread busy building what nobody can read that fast.
/// The first change after a quiet spell is shown at once, and so is every
/// change the host or a judge makes; Brain-ring lockouts go as fight
/// patches and are never held.
const BROAD_VIEW_EVERY: std::time::Duration = std::time::Duration::from_millis(50);

/// …or, when building them takes long (a hall of thousands of teams: the
/// host view of 10,000 is ~0.5 MB), at most once per this many times their
/// building time, so they take at most a tenth of the server's thread
/// while a join storm or a burst of cards pours in.
const BROAD_VIEW_COST_SHARE: u32 = 10;

impl Driver {
    pub fn new(core: SharedCore, store: StoreWriter, clock: ServerClock, people: People) -> Self {
        Driver {
            core,
            store,
            clock,
            conns: HashMap::new(),
            next_conn: 1,
            arrived: Vec::new(),
            pending_events: Vec::new(),
            pending_acks: Vec::new(),
            in_flight: None,
            stalled: None,
            fresh: Vec::new(),
            people,
            busy_poll: false,
            broad_sent_at: None,
            held: std::collections::BTreeSet::new(),
            broad_cost: std::time::Duration::ZERO,
            staff_acted: false,
            short_codes: ShortCodeBudget::default(),
        }
    }

    /// Whether to keep the thread polling while Brain-ring buttons are live
    /// (see [`crate::busy_poll`]).
    pub fn busy_poll(mut self, on: bool) -> Self {
        self.busy_poll = on;
        self
    }

    /// The core, for one step (see [`SharedCore::lock`]).
    fn core(&self) -> std::sync::MutexGuard<'_, Core> {
        self.core.lock()
    }

    /// Runs until `shutdown` fires or every sender of `inbound` is gone;
    /// then waits for the batch in flight so nothing acknowledged is lost.
    pub async fn run(
        mut self,
        mut inbound: mpsc::Receiver<Inbound>,
        mut shutdown: oneshot::Receiver<()>,
    ) {
        let (live, live_rx) = watch::channel(false);
        if self.busy_poll {
            tokio::spawn(crate::busy_poll::keep_polling(live_rx));
        }
        loop {
            live.send_if_modified(|was| {
                let now = self.core().buttons_live();
                std::mem::replace(was, now) != now
            });
            let now = self.clock.now();
            // Held views are sent by the flush at the end of an idle turn.
            let idle = self.in_flight.is_none() && self.pending_events.is_empty();
            let held_until = self.held_until().filter(|_| idle);
            // The autopilot takes over again: the staff must see it.
            let autopilot_back = self.people.host.resumes_at(now);
            let retry = self.stalled.as_ref().map(|s| s.retry_at);
            let deadline = self
                .core()
                .poll_timeout(now)
                .into_iter()
                .chain(held_until)
                .chain(autopilot_back)
                .chain(retry)
                .min()
                .map(|t| self.clock.instant_at(t));
            tokio::select! {
                biased;
                _ = &mut shutdown => break,
                done = wait_commit(&mut self.in_flight), if self.in_flight.is_some() => {
                    self.finish_commit(done);
                }
                msg = inbound.recv() => {
                    let Some(msg) = msg else { break };
                    if matches!(msg, Inbound::Pressed { .. }) {
                        // The press desk woke this task before its verdict
                        // was written: let the verdict's packet leave first.
                        tokio::task::yield_now().await;
                    }
                    let mut pressed = self.handle_inbound(msg);
                    // Take everything already waiting: one batch, one commit.
                    while let Ok(msg) = inbound.try_recv() {
                        pressed |= self.handle_inbound(msg);
                    }
                    pressed |= self.decide_arrived();
                    if pressed {
                        // Let the verdicts leave before the lockout is built;
                        // then the fight's screens get the fight alone.
                        tokio::task::yield_now().await;
                        let patches = self.core().take_press_patches();
                        self.send_press_patches(patches);
                        // And let the lockout leave before the commit wakes
                        // the store's thread and any views are built.
                        tokio::task::yield_now().await;
                    }
                }
                _ = tokio::time::sleep_until(deadline.unwrap_or_else(far_future)), if deadline.is_some() => {
                    // A clock signal, or held views now due (sent below).
                    // What the deadline decided is stored like a command's
                    // events (no acknowledgement waits on it), and no view
                    // shows it before its batch lands (see below).
                    let now = self.clock.now();
                    let decided = self.core().handle_timeout(now);
                    self.pending_events
                        .extend(decided.into_iter().map(|e| (now.0, e)));
                }
            }
            if self.in_flight.is_none() {
                self.start_batch();
            }
            let autopilot = self.people.host.view(self.clock.now());
            self.core().set_autopilot(autopilot);
            if self.in_flight.is_none() && self.pending_events.is_empty() {
                self.flush_views();
            }
        }
        // Presses decided at the press desk have changed the core and had
        // their verdicts sent: their events must be stored. Nothing more can
        // be sent once the channel is closed; what waits is drained.
        inbound.close();
        while let Ok(msg) = inbound.try_recv() {
            if matches!(msg, Inbound::Pressed { .. }) {
                self.handle_inbound(msg);
            }
        }
        if self.in_flight.is_some() {
            let done = wait_commit(&mut self.in_flight).await;
            self.finish_commit(done);
        }
        self.start_batch();
        if self.in_flight.is_some() {
            let done = wait_commit(&mut self.in_flight).await;
            self.finish_commit(done);
        }
        for conn in self.conns.values() {
            let _ = conn.outbound.push(Outbound::Close {
                code: close::NORMAL,
                reason: "server shutting down".into(),
            });
        }
        self.store.shutdown();
    }

    /// Takes one message from a connection; returns whether it was a press
    /// decided at the press desk (its fight's screens must see it now).
    fn handle_inbound(&mut self, msg: Inbound) -> bool {
        match msg {
            Inbound::Join {
                credential,
                outbound,
                robot,
                link,
                reply,
            } => {
                let core = self.core.clone();
                let mut core = core.lock();
                let short = matches!(credential, Credential::ShortTeam { .. });
                let now = self.clock.now();
                let checked = if short && !self.short_codes.open(now) {
                    Err(Refusal::ShortCodesPaused)
                } else {
                    core.authenticate(&credential)
                };
                if short && checked == Err(Refusal::BadSecret) {
                    self.short_codes.miss(now);
                }
                let result = checked.map(|identity| {
                    let id = self.next_conn;
                    self.next_conn += 1;
                    self.conns.insert(
                        id,
                        Conn {
                            identity,
                            outbound,
                            robot,
                            link,
                            media_sent: BTreeSet::new(),
                        },
                    );
                    core.connected(identity);
                    if identity == Identity::Jury
                        && let Some(seated) = core.jury_joined(now)
                    {
                        self.pending_events.push((now.0, seated));
                    }
                    if let (false, Identity::Team(team)) = (robot, identity) {
                        self.people.teams.joined(team);
                    }
                    self.fresh.push(id);
                    if let Some(stalled) = &self.stalled
                        && is_staff(identity)
                        && let Some(c) = self.conns.get(&id)
                    {
                        let alert = ServerMsg::StorageAlert {
                            failing: Some(stalled.reason.clone()),
                        };
                        let _ = c.outbound.push(Outbound::Msg(Arc::new(alert)));
                    }
                    (id, identity)
                });
                let _ = reply.send(result);
            }
            Inbound::Command {
                conn,
                request,
                command,
                received_at,
                rtt_us,
            } => {
                self.arrived.push(Queued {
                    conn,
                    request,
                    command,
                    received_at,
                    rtt_us,
                });
            }
            Inbound::Pressed {
                received_at,
                events,
            } => {
                self.pending_events
                    .extend(events.into_iter().map(|e| (received_at.0, e)));
                return true;
            }
            Inbound::Left { conn } => {
                if let Some(c) = self.conns.remove(&conn) {
                    self.forget(&c);
                }
            }
        }
        false
    }

    /// Decides every command that arrived, in the order of the arrival
    /// stamps (not of processing), so a press stamped after «Время» is
    /// always judged after it. Accepted commands change the state at once;
    /// their events wait for the next commit and their acknowledgements for
    /// that commit. A Brain-ring press is the exception the product needs:
    /// its verdict goes out at once, and its press log is committed right
    /// behind (DESIGN.md). Refusals change nothing and are answered at once.
    /// Returns whether a press was decided (every screen must see it now).
    fn decide_arrived(&mut self) -> bool {
        let mut arrived = std::mem::take(&mut self.arrived);
        arrived.sort_by_key(|q| q.received_at);
        let mut pressed = false;
        for q in arrived {
            let Some(conn) = self.conns.get(&q.conn) else {
                continue;
            };
            let (identity, robot) = (conn.identity, conn.robot);
            // A team's own terminal alone presses: a ломтик's press goes on
            // to the core, which finds nothing for it to press.
            if let (Command::Press { clock_offset_us }, Identity::Team(team)) =
                (&q.command, identity)
            {
                pressed = true;
                let result =
                    self.core()
                        .handle_press(team, q.received_at, q.rtt_us, *clock_offset_us);
                let result = result.map(|(receipt, events)| {
                    self.pending_events
                        .extend(events.into_iter().map(|e| (q.received_at.0, e)));
                    receipt
                });
                self.send(
                    q.conn,
                    ServerMsg::Ack {
                        request: q.request,
                        result,
                    },
                );
                continue;
            }
            // Any control a person touches on a staff screen takes over
            // from the demo's autopilot (a judge's too: the autopilot would
            // otherwise judge the same answers).
            if matches!(identity, Identity::Host | Identity::Judge(_)) && !robot {
                self.people.host.mark(q.received_at);
            }
            let decided =
                self.core()
                    .handle_command(identity, q.command, q.received_at, &mut fresh_secret);
            match decided {
                Ok((receipt, events)) if events.is_empty() => {
                    self.send(
                        q.conn,
                        ServerMsg::Ack {
                            request: q.request,
                            result: Ok(receipt),
                        },
                    );
                }
                Ok((receipt, events)) => {
                    if matches!(identity, Identity::Host | Identity::Judge(_)) {
                        self.staff_acted = true;
                    }
                    self.pending_events
                        .extend(events.into_iter().map(|e| (q.received_at.0, e)));
                    self.pending_acks.push((q.conn, q.request, Ok(receipt)));
                }
                Err(err) => self.send(
                    q.conn,
                    ServerMsg::Ack {
                        request: q.request,
                        result: Err(err),
                    },
                ),
            }
        }
        pressed
    }

    /// Sends every decided event to the store as one batch (one commit),
    /// holding back the acknowledgements until it lands.
    fn start_batch(&mut self) {
        if self.pending_events.is_empty()
            || self
                .stalled
                .as_ref()
                .is_some_and(|s| s.retry_at > self.clock.now())
        {
            return;
        }
        let events = std::mem::take(&mut self.pending_events);
        let acks = std::mem::take(&mut self.pending_acks);
        let done = self.store.append(events.clone());
        self.in_flight = Some(InFlight { done, events, acks });
    }

    fn finish_commit(&mut self, done: Result<Result<(), StoreError>, oneshot::error::RecvError>) {
        let Some(flight) = self.in_flight.take() else {
            return;
        };
        match done {
            Ok(Ok(())) => {
                if self.stalled.take().is_some() {
                    tracing::warn!("the store takes writes again: acknowledging what waited");
                    self.alert_staff(None);
                }
                for (conn, request, result) in flight.acks {
                    self.send(conn, ServerMsg::Ack { request, result });
                }
            }
            Ok(Err(StoreError::Write(reason))) => self.storage_refused(flight, reason),
            Ok(Err(e)) => self.storage_failed(e.to_string()),
            Err(_) => self.storage_failed("the store stopped".into()),
        }
    }

    /// The disk refused a batch the core has applied. Nothing of it is
    /// acknowledged; it goes back to the head of the queue (what was decided
    /// since stays behind it, in order) and is written again shortly, for as
    /// long as it takes. The staff are told, once per reason.
    fn storage_refused(&mut self, flight: InFlight, reason: String) {
        let mut events = flight.events;
        events.append(&mut self.pending_events);
        self.pending_events = events;
        let mut acks = flight.acks;
        acks.append(&mut self.pending_acks);
        self.pending_acks = acks;
        let retry_at = self.clock.now().plus(STORE_RETRY_EVERY);
        let news = self.stalled.as_ref().is_none_or(|s| s.reason != reason);
        if news {
            error!("the store refuses writes; holding every acknowledgement back: {reason}");
            self.alert_staff(Some(reason.clone()));
        }
        self.stalled = Some(Stalled { reason, retry_at });
    }

    /// Tells the host, the judges and the jury about the store.
    fn alert_staff(&mut self, failing: Option<String>) {
        let alert = Arc::new(ServerMsg::StorageAlert { failing });
        let staff: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| is_staff(c.identity))
            .map(|(id, _)| *id)
            .collect();
        for id in staff {
            self.send_arc(id, alert.clone());
        }
    }

    /// The store itself is gone (its writer stopped). Acknowledging anything
    /// now could lose accepted data, so the server stops; on restart it
    /// recovers from what was stored, and terminals resend unacknowledged
    /// actions.
    fn storage_failed(&mut self, reason: String) {
        error!("the store failed, stopping the server: {reason}");
        for conn in self.conns.values() {
            let _ = conn.outbound.push(Outbound::Close {
                code: close::NORMAL,
                reason: format!("server storage failed: {reason}"),
            });
        }
        std::process::exit(3);
    }

    fn send(&mut self, conn: ConnId, msg: ServerMsg) {
        self.send_arc(conn, Arc::new(msg));
    }

    fn send_arc(&mut self, conn: ConnId, msg: Arc<ServerMsg>) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        if c.outbound.push(Outbound::Msg(msg)).is_err() {
            // Too slow or gone: cut it off; it reconnects and gets a fresh view.
            warn!(conn, "terminal cannot keep up; disconnecting it");
            match &c.link {
                Some(link) => link.close(
                    close::NORMAL,
                    "too slow to read its messages: reconnect for a fresh view",
                ),
                None => {
                    let _ = c.outbound.push(Outbound::Close {
                        code: close::NORMAL,
                        reason: "too slow".into(),
                    });
                }
            }
            if let Some(c) = self.conns.remove(&conn) {
                self.forget(&c);
            }
        }
    }

    /// A connection is gone: its identity is one connection fewer, and a
    /// person's team is left to its robot once the grace is over.
    fn forget(&mut self, c: &Conn) {
        self.core().disconnected(c.identity);
        if let (false, Identity::Team(team)) = (c.robot, c.identity) {
            self.people.teams.left(team, self.clock.now());
        }
    }

    /// Sends what each press changed to its screens: the concerned teams
    /// first (a Brain-ring fight's two tables must stop discussing), then
    /// the projectors, then the staff, whose copy carries the press log.
    fn send_press_patches(&mut self, patches: Vec<(GameId, PressPatch<GamePatch>)>) {
        for (game, patch) in patches {
            let msg = |patch: GamePatch| {
                Arc::new(ServerMsg::Patch {
                    game,
                    patch: Box::new(patch),
                })
            };
            let teams = patch.teams.len();
            // In the order of `rank` below: the teams, the projector, the staff.
            let msgs: Vec<Arc<ServerMsg>> = patch
                .teams
                .iter()
                .map(|(_, p)| msg(p.clone()))
                .chain([msg(patch.public), msg(patch.staff)])
                .collect();
            let mut targets: Vec<(usize, ConnId)> = self
                .conns
                .iter()
                .filter_map(|(id, c)| {
                    let rank = match c.identity {
                        // A ломтик sees what its team sees of a press.
                        Identity::Team(t) | Identity::Slice(t, _) => {
                            patch.teams.iter().position(|(at, _)| *at == t)?
                        }
                        Identity::Display => teams,
                        Identity::Host | Identity::Judge(_) => teams + 1,
                        // The appeal jury follows no button.
                        Identity::Jury => return None,
                    };
                    // A connection still waiting for its first view gets the
                    // change in that view.
                    (!self.fresh.contains(id)).then_some((rank, *id))
                })
                .collect();
            targets.sort_unstable();
            for (rank, conn) in targets {
                if let Some(msg) = msgs.get(rank) {
                    self.send_arc(conn, Arc::clone(msg));
                }
            }
        }
    }
}

impl Driver {
    /// A team the host removed is still connected with the secret it had:
    /// its link ends, and a reconnection is refused at the handshake.
    fn close_removed_teams(&mut self) {
        let gone: Vec<ConnId> = {
            let core = self.core.lock();
            let removed = &core.registry().removed_teams;
            // Nothing to look for in an event that never removed a team.
            if removed.is_empty() {
                return;
            }
            self.conns
                .iter()
                .filter(|(_, c)| match c.identity {
                    // Its ломтики go with it.
                    Identity::Team(t) | Identity::Slice(t, _) => removed.contains(&t),
                    _ => false,
                })
                .map(|(id, _)| *id)
                .collect()
        };
        for id in gone {
            let Some(c) = self.conns.remove(&id) else {
                continue;
            };
            let reason = "the team was removed from the event";
            match &c.link {
                Some(link) => link.close(close::REFUSED, reason),
                None => {
                    let _ = c.outbound.push(Outbound::Close {
                        code: close::REFUSED,
                        reason: reason.into(),
                    });
                }
            }
            self.forget(&c);
        }
    }
}

/// The host, the judges and the appeal jury: told about the store's
/// troubles, which teams, their ломтики and projectors are not.
fn is_staff(identity: Identity) -> bool {
    match identity {
        Identity::Host | Identity::Judge(_) | Identity::Jury => true,
        Identity::Team(_) | Identity::Slice(..) | Identity::Display => false,
    }
}

async fn wait_commit(
    flight: &mut Option<InFlight>,
) -> Result<Result<(), StoreError>, oneshot::error::RecvError> {
    match flight {
        Some(f) => (&mut f.done).await,
        None => std::future::pending().await,
    }
}

fn far_future() -> tokio::time::Instant {
    tokio::time::Instant::now() + std::time::Duration::from_secs(86_400)
}

/// A new secret from the OS's randomness: 128 bits as 26 base-32 letters
/// (no 0/1/o/l), short enough to read aloud if a code must be typed.
pub fn fresh_secret() -> String {
    use ring::rand::SecureRandom;
    const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";
    let mut bytes = [0u8; 26];
    if ring::rand::SystemRandom::new().fill(&mut bytes).is_err() {
        // No OS randomness is a broken machine; refuse to make guessable secrets.
        error!("the operating system gave no randomness for a secret");
        std::process::exit(3);
    }
    bytes
        .iter()
        .map(|b| ALPHABET[(*b % 32) as usize] as char)
        .collect()
}
