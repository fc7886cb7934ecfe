//! The server as one sans-IO state machine, in the manner of quinn-proto's
//! `Endpoint`: the core, the connections and their audiences, the decision
//! of every command (a Brain-ring press's too), group commit, the view
//! policy and the short-code budget. It reads no clock, owns no socket and
//! no thread; the driver (`crate::driver`) or a test harness feeds it and
//! carries out what it asks for. No tokio here.
//!
//! ## The polling order
//! Each turn of the driver's loop:
//! 1. **Inputs**, each with the server time it happened at:
//!    [`Server::handle_join`] (a greeting; answered at once),
//!    [`Server::handle_inbound`] (a command read from a connection, stamped
//!    on arrival), [`Server::handle_left`] (a connection gone or cut off),
//!    [`Server::handle_committed`] (the store's answer for the batch it was
//!    given), [`Server::handle_timeout`] (the time [`Server::poll_timeout`]
//!    named has come).
//! 2. [`Server::poll_transmit`] until `None`: what must leave now. The
//!    commands that arrived are decided first, in the order of their
//!    arrival stamps: a refusal and a press's verdict are queued at once;
//!    a committed batch's acknowledgements and patches were queued by
//!    `handle_committed`.
//! 3. Let that leave (the driver yields to the connections' writers), then
//!    [`Server::queue_press_patches`] and [`Server::poll_transmit`] again:
//!    the fights' screens see the presses, and that leaves too.
//! 4. [`Server::poll_store`]: the next batch for the store when none is in
//!    flight: every event decided since the last, as one commit. Its
//!    acknowledgements wait for [`Server::handle_committed`].
//! 5. [`Server::queue_views`], then [`Server::poll_transmit`] until `None`:
//!    the views, once nothing waits for the disk (no view shows what is not
//!    durable yet), the staff's and projectors' paced.
//! 6. Sleep until [`Server::poll_timeout`] or the next input.

mod commit;
mod deciding;
mod views;

use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use minuta_shared::identity::Identity;
use minuta_shared::packages::media::MediaHash;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::ServerMsg;

use crate::core::short_codes::ShortCodeBudget;
use crate::core::{Core, Event};
use crate::people::People;

pub use commit::{Batch, StoreFailed};
use commit::{Commit, PendingAck};
use views::ViewPolicy;

/// A connection's number, unique within one server run.
pub type ConnId = u64;

/// Randomness for new secrets: the OS's in the driver, a seeded one in
/// tests.
pub type Secrets = Box<dyn FnMut() -> String + Send>;

/// How long building something took: the driver's monotonic clock, read
/// around a view's building (the view policy paces costly views by it);
/// a harness on virtual time gives zero.
pub type Stopwatch = Box<dyn Fn() -> Duration + Send>;

/// What the machine asks to be written to one connection.
#[derive(Clone, Debug)]
pub enum Transmit {
    Msg(Arc<ServerMsg>),
    /// End the connection with this application code and reason; the
    /// machine has forgotten it already.
    Close {
        code: u32,
        reason: String,
    },
}

/// One command as a connection's reader took it: stamped on arrival, with
/// the connection's round trip then (for the press log).
#[derive(Clone, Debug)]
pub struct Frame {
    pub request: u64,
    pub command: Command,
    pub rtt_us: u64,
}

struct Conn {
    identity: Identity,
    robot: bool,
    /// The pictures this projector has been sent: each goes once.
    media_sent: BTreeSet<MediaHash>,
}

/// Whose command waits to be decided.
#[derive(Clone, Copy, Debug)]
enum Sender {
    /// A connection's, answered with an acknowledgement.
    Conn(ConnId),
    /// A demo robot's ломтик (Нептун 2.3), which has no connection: decided
    /// as that identity, answered to nobody.
    Robot(Identity),
}

/// A command read, waiting to be decided.
struct Queued {
    from: Sender,
    frame: Frame,
    received_at: ServerTime,
}

pub struct Server {
    core: Core,
    conns: HashMap<ConnId, Conn>,
    next_conn: ConnId,
    /// Commands read since the last decision, in any order.
    arrived: Vec<Queued>,
    commit: Commit,
    /// What must be written, in order.
    transmits: VecDeque<(ConnId, Transmit)>,
    /// Connections that joined and still need their first view.
    fresh: Vec<ConnId>,
    views: ViewPolicy,
    /// The people among the connections, for the demo's robots.
    people: People,
    /// Wrong short codes from every address (see `core::short_codes`).
    short_codes: ShortCodeBudget,
    secrets: Secrets,
    stopwatch: Stopwatch,
    /// The time of the last input: what views are built at.
    now: ServerTime,
    /// Presses were decided whose fights' patches are not built yet.
    press_patches_due: bool,
}

impl Server {
    pub fn new(
        mut core: Core,
        people: People,
        secrets: Secrets,
        stopwatch: Stopwatch,
        now: ServerTime,
    ) -> Self {
        // What the replay left is shown by the first whole views.
        core.take_commit_patches();
        Server {
            core,
            conns: HashMap::new(),
            next_conn: 1,
            arrived: Vec::new(),
            commit: Commit::default(),
            transmits: VecDeque::new(),
            fresh: Vec::new(),
            views: ViewPolicy::default(),
            people,
            short_codes: ShortCodeBudget::default(),
            secrets,
            stopwatch,
            now,
            press_patches_due: false,
        }
    }

    /// A greeting with `credential`: the connection's number and identity,
    /// or why it is refused. A robot is a demo's, not a person at a
    /// terminal.
    pub fn handle_join(
        &mut self,
        credential: &Credential,
        robot: bool,
        now: ServerTime,
    ) -> Result<(ConnId, Identity), Refusal> {
        self.now = now;
        let short = matches!(credential, Credential::ShortTeam { .. });
        let checked = if short && !self.short_codes.open(now) {
            Err(Refusal::ShortCodesPaused)
        } else {
            self.core.authenticate(credential)
        };
        if short && checked == Err(Refusal::BadSecret) {
            self.short_codes.miss(now);
        }
        let identity = checked?;
        let id = self.next_conn;
        self.next_conn += 1;
        self.conns.insert(
            id,
            Conn {
                identity,
                robot,
                media_sent: BTreeSet::new(),
            },
        );
        self.core.connected(identity);
        if identity == Identity::Jury
            && let Some(seated) = self.core.jury_joined(now)
        {
            self.commit.push_events(now, vec![seated]);
        }
        if let (false, Identity::Team(team)) = (robot, identity) {
            self.people.teams.joined(team);
        }
        self.fresh.push(id);
        if let Some(reason) = self.commit.failing()
            && is_staff(identity)
        {
            let alert = ServerMsg::StorageAlert {
                failing: Some(reason.to_owned()),
            };
            self.send(id, Arc::new(alert));
        }
        Ok((id, identity))
    }

    /// A command `conn` sent, stamped `now` on arrival: decided at the next
    /// poll, in arrival order with everything else read by then.
    pub fn handle_inbound(&mut self, conn: ConnId, frame: Frame, now: ServerTime) {
        self.now = self.now.max(now);
        self.arrived.push(Queued {
            from: Sender::Conn(conn),
            frame,
            received_at: now,
        });
    }

    /// A demo robot's ломтик hands in `command` as `who`, at `now`.
    pub fn handle_robot(&mut self, who: Identity, command: Command, now: ServerTime) {
        self.now = self.now.max(now);
        self.arrived.push(Queued {
            from: Sender::Robot(who),
            frame: Frame {
                request: 0,
                command,
                rtt_us: 0,
            },
            received_at: now,
        });
    }

    /// `conn` is gone (it left, or could not take what was written to it).
    pub fn handle_left(&mut self, conn: ConnId, now: ServerTime) {
        self.now = self.now.max(now);
        if let Some(c) = self.conns.remove(&conn) {
            self.forget(&c);
        }
    }

    /// The time [`Server::poll_timeout`] named has come: a clock signal is
    /// decided (stored like a command's events, shown once durable), held
    /// views fall due, a refused batch may be written again.
    pub fn handle_timeout(&mut self, now: ServerTime) {
        self.now = now;
        let decided = self.core.handle_timeout(now);
        self.commit.push_events(now, decided);
        let patches = self.core.take_commit_patches();
        self.commit.push_patches(patches);
    }

    /// When [`Server::handle_timeout`] must be called, if nothing arrives
    /// before: the games' clocks, held views, the autopilot taking over
    /// again, the store's retry.
    pub fn poll_timeout(&self) -> Option<ServerTime> {
        let held = self.views.held_until().filter(|_| self.commit.idle());
        self.core
            .poll_timeout(self.now)
            .into_iter()
            .chain(held)
            .chain(self.people.host.resumes_at(self.now))
            .chain(self.commit.retry_at())
            .min()
    }

    /// What to write next, and to which connection. The commands that
    /// arrived are decided first.
    pub fn poll_transmit(&mut self) -> Option<(ConnId, Transmit)> {
        if !self.arrived.is_empty() {
            self.decide_arrived();
        }
        self.transmits.pop_front()
    }

    /// Queues the views now due, for [`Server::poll_transmit`] to hand out:
    /// only when nothing waits for the disk (no view shows what is not
    /// durable yet), and best after what was urgent has left (building the
    /// host's view of a large hall takes milliseconds).
    pub fn queue_views(&mut self) {
        let autopilot = self.people.host.view(self.now);
        self.core.set_autopilot(autopilot);
        if self.arrived.is_empty() && self.commit.idle() {
            self.flush_views();
        }
    }

    /// Whether a press may come at any moment in some game (the driver
    /// then keeps its thread polling, `crate::busy_poll`).
    pub fn buttons_live(&self) -> bool {
        self.core.buttons_live()
    }

    fn send(&mut self, conn: ConnId, msg: Arc<ServerMsg>) {
        if self.conns.contains_key(&conn) {
            self.transmits.push_back((conn, Transmit::Msg(msg)));
        }
    }

    /// Ends `conn` with `code` and `reason`, forgetting it now.
    fn close(&mut self, conn: ConnId, code: u32, reason: String) {
        if let Some(c) = self.conns.remove(&conn) {
            self.forget(&c);
            self.transmits
                .push_back((conn, Transmit::Close { code, reason }));
        }
    }

    /// A connection is gone: its identity is one connection fewer, and a
    /// person's team is left to its robot once the grace is over.
    fn forget(&mut self, c: &Conn) {
        self.core.disconnected(c.identity);
        if let (false, Identity::Team(team)) = (c.robot, c.identity) {
            self.people.teams.left(team, self.now);
        }
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
            self.send(id, Arc::clone(&alert));
        }
    }

    /// The acknowledgements a landed batch held back.
    fn acknowledge(&mut self, acks: Vec<PendingAck>) {
        for ack in acks {
            let msg = ServerMsg::Ack {
                request: ack.request,
                result: ack.result,
            };
            self.send(ack.conn, Arc::new(msg));
        }
    }
}

/// Events with the time they happened at, in the order the core applied
/// them.
type Timed = Vec<(u64, Event)>;

/// The host, the judges and the appeal jury: told about the store's
/// troubles, which teams, their ломтики and projectors are not.
fn is_staff(identity: Identity) -> bool {
    match identity {
        Identity::Host | Identity::Judge(_) | Identity::Jury => true,
        Identity::Team(_) | Identity::Slice(..) | Identity::Display => false,
    }
}

#[cfg(test)]
mod tests;
