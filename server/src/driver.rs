//! The driver: the thin async loop around the sans-IO [`Server`] machine,
//! and the only code of the game's path that reads the clock. It takes what
//! the connections read, the store's answers and the clock's deadlines,
//! hands each to the machine, and writes what the machine polls out: to a
//! connection's outbox, to the store. The order of the calls is the
//! machine's (see `crate::machine`).

use std::collections::HashMap;

use tokio::sync::{mpsc, oneshot, watch};
use tracing::{error, warn};

use minuta_shared::wire::close;

use crate::clock::ServerClock;
use crate::machine::{ConnId, Server, StoreFailed, Transmit};
use crate::net::{Inbound, Link, Outbound, Outbox};
use crate::store::{StoreError, StoreWriter};

/// Where a connection's messages go.
struct Wire {
    outbox: Outbox,
    /// The peer's connection, to cut off a terminal whose queue is full (a
    /// close message would wait behind that queue). None for a robot.
    link: Option<Link>,
}

/// The store's answer for the batch in flight.
type Committing = oneshot::Receiver<Result<(), StoreError>>;

pub struct Driver {
    server: Server,
    store: StoreWriter,
    clock: ServerClock,
    wires: HashMap<ConnId, Wire>,
    committing: Option<Committing>,
    busy_poll: bool,
}

impl Driver {
    pub fn new(server: Server, store: StoreWriter, clock: ServerClock) -> Self {
        Driver {
            server,
            store,
            clock,
            wires: HashMap::new(),
            committing: None,
            busy_poll: false,
        }
    }

    /// Whether to keep the thread polling while Brain-ring buttons are live
    /// (see [`crate::busy_poll`]).
    pub fn busy_poll(mut self, on: bool) -> Self {
        self.busy_poll = on;
        self
    }

    /// Runs until `shutdown` fires or every sender of `inbound` is gone;
    /// then stores what was decided so nothing acknowledged is lost.
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
                let now = self.server.buttons_live();
                std::mem::replace(was, now) != now
            });
            let deadline = self.server.poll_timeout().map(|t| self.clock.instant_at(t));
            tokio::select! {
                biased;
                _ = &mut shutdown => break,
                done = wait(&mut self.committing), if self.committing.is_some() => {
                    self.committing = None;
                    self.committed(done);
                }
                msg = inbound.recv() => {
                    let Some(msg) = msg else { break };
                    self.take(msg);
                    // Everything already waiting: one decision, one commit.
                    while let Ok(msg) = inbound.try_recv() {
                        self.take(msg);
                    }
                }
                _ = tokio::time::sleep_until(deadline.unwrap_or_else(far_future)), if deadline.is_some() => {
                    self.server.handle_timeout(self.clock.now());
                }
            }
            // Verdicts, refusals and acknowledgements leave first, then
            // the fights' lockouts, each before anything costlier is done.
            if self.transmit() {
                tokio::task::yield_now().await;
            }
            self.server.queue_press_patches();
            if self.transmit() {
                tokio::task::yield_now().await;
            }
            self.commit();
            self.server.queue_views();
            self.transmit();
        }
        inbound.close();
        // What was read is decided; what was decided is stored.
        self.transmit();
        while self.committing.is_some() || self.commit() {
            let done = wait(&mut self.committing).await;
            self.committing = None;
            self.committed(done);
            self.transmit();
        }
        for wire in self.wires.values() {
            let _ = wire.outbox.push(Outbound::Close {
                code: close::NORMAL,
                reason: "server shutting down".into(),
            });
        }
        self.store.shutdown();
    }

    /// Hands one message from a connection or a robot to the machine.
    fn take(&mut self, msg: Inbound) {
        let now = self.clock.now();
        match msg {
            Inbound::Join {
                credential,
                outbound,
                robot,
                link,
                reply,
            } => {
                let joined = self.server.handle_join(&credential, robot, now);
                if let Ok((conn, _)) = joined {
                    let wire = Wire {
                        outbox: outbound,
                        link,
                    };
                    self.wires.insert(conn, wire);
                }
                let _ = reply.send(joined);
            }
            Inbound::Command {
                conn,
                frame,
                received_at,
            } => self.server.handle_inbound(conn, frame, received_at),
            Inbound::Robot {
                who,
                command,
                received_at,
            } => self.server.handle_robot(who, command, received_at),
            Inbound::Left { conn } => {
                self.wires.remove(&conn);
                self.server.handle_left(conn, now);
            }
        }
    }

    /// Writes everything the machine has to send; true if anything was.
    fn transmit(&mut self) -> bool {
        let mut wrote = false;
        while let Some((conn, transmit)) = self.server.poll_transmit() {
            wrote = true;
            let Some(wire) = self.wires.get(&conn) else {
                continue;
            };
            let out = match transmit {
                Transmit::Msg(msg) => Outbound::Msg(msg),
                Transmit::Close { code, reason } => {
                    if let Some(wire) = self.wires.remove(&conn) {
                        close_wire(&wire, code, reason);
                    }
                    continue;
                }
            };
            if wire.outbox.push(out).is_err() {
                // Too slow or gone: cut it off; it reconnects for a fresh view.
                warn!(conn, "terminal cannot keep up; disconnecting it");
                let reason = "too slow to read its messages: reconnect for a fresh view";
                if let Some(wire) = self.wires.remove(&conn) {
                    close_wire(&wire, close::NORMAL, reason.into());
                }
                self.server.handle_left(conn, self.clock.now());
            }
        }
        wrote
    }

    /// Gives the store the next batch, if one is due; true if it did.
    fn commit(&mut self) -> bool {
        if self.committing.is_some() {
            return false;
        }
        let Some(batch) = self.server.poll_store() else {
            return false;
        };
        self.committing = Some(self.store.append(batch.events));
        true
    }

    fn committed(&mut self, done: Result<Result<(), StoreError>, oneshot::error::RecvError>) {
        let result = done.unwrap_or(Err(StoreError::Closed));
        if let Err(StoreFailed(reason)) = self.server.handle_committed(result, self.clock.now()) {
            self.storage_failed(reason);
        }
    }

    /// The store itself is gone: acknowledging anything now could lose
    /// accepted data, so the server stops; on restart it recovers from what
    /// was stored, and terminals resend what was not acknowledged.
    fn storage_failed(&mut self, reason: String) {
        error!("the store failed, stopping the server: {reason}");
        for wire in self.wires.values() {
            let _ = wire.outbox.push(Outbound::Close {
                code: close::NORMAL,
                reason: format!("server storage failed: {reason}"),
            });
        }
        std::process::exit(3);
    }
}

/// Ends a connection: behind what it was sent (its writer closes it with
/// the code), or at once if its queue is full.
fn close_wire(wire: &Wire, code: u32, reason: String) {
    let close = Outbound::Close {
        code,
        reason: reason.clone(),
    };
    if wire.outbox.push(close).is_ok() {
        return;
    }
    if let Some(link) = &wire.link {
        link.close(code, &reason);
    }
}

async fn wait(
    committing: &mut Option<Committing>,
) -> Result<Result<(), StoreError>, oneshot::error::RecvError> {
    match committing {
        Some(done) => done.await,
        None => std::future::pending().await,
    }
}

fn far_future() -> tokio::time::Instant {
    tokio::time::Instant::now() + std::time::Duration::from_secs(86_400)
}
