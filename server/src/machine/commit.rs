//! Group commit: the events decided while one batch is on its way to disk
//! pile up and go as the next batch; a batch's acknowledgements wait for
//! its commit; a batch the disk refuses waits at the head of the queue,
//! unacknowledged, and is written again until the store takes it (issue
//! 14, «disk full»). Nothing here touches the disk: the machine hands out
//! batches ([`super::Server::poll_store`]) and is told how they ended.

use std::time::Duration;

use minuta_shared::ids::GameId;
use minuta_shared::play::format::HallPatch;
use minuta_shared::play::games::GamePatch;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::server::{CommandError, Receipt};

use super::{ConnId, Server, Timed};
use crate::core::Event;
use crate::store::StoreError;

/// How long a refused batch waits before it is written again.
const STORE_RETRY_EVERY: Duration = Duration::from_millis(500);

/// An acknowledgement held back until its batch is durable.
pub(super) struct PendingAck {
    pub conn: ConnId,
    pub request: u64,
    pub result: Result<Receipt, CommandError>,
}

/// A game's change as a patch for every screen, held with its batch.
pub(super) type Patch = (GameId, HallPatch<GamePatch>);

/// Events for the store to make durable as one commit.
pub struct Batch {
    pub events: Timed,
}

/// The store itself is gone (its writer stopped): acknowledging anything
/// now could lose accepted data, so the server must stop; on restart it
/// recovers from what was stored, and terminals resend what was not
/// acknowledged.
#[derive(Debug, thiserror::Error)]
#[error("the store failed: {0}")]
pub struct StoreFailed(pub String);

/// The store refused a batch (a full disk, an I/O error).
struct Stalled {
    reason: String,
    retry_at: ServerTime,
}

/// A batch on its way to disk, with what it holds back, written again if
/// the disk refuses it.
struct InFlight {
    events: Timed,
    acks: Vec<PendingAck>,
    patches: Vec<Patch>,
}

#[derive(Default)]
pub(super) struct Commit {
    /// Decided and applied, not yet given to the store.
    events: Timed,
    acks: Vec<PendingAck>,
    patches: Vec<Patch>,
    in_flight: Option<InFlight>,
    stalled: Option<Stalled>,
}

impl Commit {
    pub fn push_events(&mut self, at: ServerTime, events: Vec<Event>) {
        self.events.extend(events.into_iter().map(|e| (at.0, e)));
    }

    pub fn push_ack(&mut self, ack: PendingAck) {
        self.acks.push(ack);
    }

    /// Patches to send once the events decided with them are durable.
    pub fn push_patches(&mut self, patches: Vec<Patch>) {
        self.patches.extend(patches);
    }

    /// Nothing waits for the disk: views may show the state.
    pub fn idle(&self) -> bool {
        self.in_flight.is_none() && self.events.is_empty()
    }

    /// Why the store refuses writes, while it does.
    pub fn failing(&self) -> Option<&str> {
        self.stalled.as_ref().map(|s| s.reason.as_str())
    }

    /// When a refused batch is written again.
    pub fn retry_at(&self) -> Option<ServerTime> {
        self.stalled.as_ref().map(|s| s.retry_at)
    }
}

impl Server {
    /// The next batch for the store: every event decided since the last,
    /// when no batch is in flight (and a refused one's wait is over).
    pub fn poll_store(&mut self) -> Option<Batch> {
        let commit = &mut self.commit;
        if commit.in_flight.is_some() || commit.events.is_empty() {
            return None;
        }
        if commit
            .stalled
            .as_ref()
            .is_some_and(|s| s.retry_at > self.now)
        {
            return None;
        }
        let events = std::mem::take(&mut commit.events);
        let acks = std::mem::take(&mut commit.acks);
        let patches = std::mem::take(&mut commit.patches);
        commit.in_flight = Some(InFlight {
            events: events.clone(),
            acks,
            patches,
        });
        Some(Batch { events })
    }

    /// The store's answer for the batch in flight: on success its
    /// acknowledgements go out; a refusal puts it back at the head of the
    /// queue to be written again; a store that is gone stops the server.
    pub fn handle_committed(
        &mut self,
        result: Result<(), StoreError>,
        now: ServerTime,
    ) -> Result<(), StoreFailed> {
        self.now = self.now.max(now);
        let Some(flight) = self.commit.in_flight.take() else {
            return Ok(());
        };
        match result {
            Ok(()) => {
                if self.commit.stalled.take().is_some() {
                    tracing::warn!("the store takes writes again: acknowledging what waited");
                    self.alert_staff(None);
                }
                // The acknowledgements, then what the hall must see at
                // once; whole views only after (see `queue_views`).
                self.acknowledge(flight.acks);
                self.send_commit_patches(flight.patches);
                Ok(())
            }
            Err(StoreError::Write(reason)) => {
                self.refused(flight, reason);
                Ok(())
            }
            Err(e) => Err(StoreFailed(e.to_string())),
        }
    }

    /// The disk refused a batch the core has applied. Nothing of it is
    /// acknowledged; it goes back to the head of the queue (what was
    /// decided since stays behind it, in order) and is written again
    /// shortly, for as long as it takes. The staff are told, once per
    /// reason.
    fn refused(&mut self, flight: InFlight, reason: String) {
        let commit = &mut self.commit;
        let mut events = flight.events;
        events.append(&mut commit.events);
        commit.events = events;
        let mut acks = flight.acks;
        acks.append(&mut commit.acks);
        commit.acks = acks;
        let mut patches = flight.patches;
        patches.append(&mut commit.patches);
        commit.patches = patches;
        let retry_at = self.now.plus(STORE_RETRY_EVERY);
        let news = commit.stalled.as_ref().is_none_or(|s| s.reason != reason);
        commit.stalled = Some(Stalled {
            reason: reason.clone(),
            retry_at,
        });
        if news {
            tracing::error!(
                "the store refuses writes; holding every acknowledgement back: {reason}"
            );
            self.alert_staff(Some(reason));
        }
    }
}
