//! The door: which QUIC connection attempts the server spends state on.
//!
//! Accepting an attempt costs a TLS handshake's state (~36 KB measured),
//! then a connection's, until it logs in or is dropped; an Initial packet
//! costs its sender nothing and its source address may be forged. So the
//! gate counts the connections not yet logged in (handshaking or not yet
//! greeted). Once many are (`NetLimits::retry_above`), an address that
//! has not proved it receives our packets gets a QUIC Retry (a stateless
//! token: a real terminal answers within one round trip, a flood never
//! does), and beyond
//! a hard bound even proven addresses are ignored for now (a real terminal
//! resends its Initial a moment later). So strangers can hold at most
//! `max_handshakes` connections' worth of memory, each for at most the
//! handshake and greeting timeouts.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tracing::debug;

use super::limits::NetLimits;

/// Counts connections not yet logged in; shared by the accept loop and the
/// connection tasks (each holds a [`Handshaking`] until it logs in or ends).
#[derive(Clone, Debug, Default)]
pub struct Gate {
    in_flight: Arc<AtomicUsize>,
}

/// One connection not yet logged in; dropping it (logged in, failed,
/// timed out) frees its place.
#[derive(Debug)]
pub struct Handshaking {
    in_flight: Arc<AtomicUsize>,
}

impl Drop for Handshaking {
    fn drop(&mut self) {
        self.in_flight.fetch_sub(1, Ordering::Relaxed);
    }
}

/// What the gate did with an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turned {
    /// Answered with a Retry: no state kept.
    Retried,
    /// Dropped without an answer: too many connections not yet logged in.
    Ignored,
}

impl Gate {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many connections have not logged in yet.
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::Relaxed)
    }

    /// Lets `incoming` in (it still has to be accepted) with its place in
    /// the count, or turns it away statelessly.
    pub fn admit(
        &self,
        incoming: quinn::Incoming,
        limits: &NetLimits,
    ) -> Result<(quinn::Incoming, Handshaking), Turned> {
        let in_flight = self.in_flight();
        if in_flight >= limits.retry_above && !incoming.remote_address_validated() {
            let remote = incoming.remote_address();
            // `may_retry` is false only for an attempt that already carries
            // a retry token (then it is validated, and not here).
            if incoming.may_retry() {
                return match incoming.retry() {
                    Ok(()) => Err(Turned::Retried),
                    Err(e) => {
                        debug!(%remote, "cannot answer with a retry: {e}");
                        e.into_incoming().ignore();
                        Err(Turned::Ignored)
                    }
                };
            }
        }
        if in_flight >= limits.max_handshakes {
            incoming.ignore();
            return Err(Turned::Ignored);
        }
        self.in_flight.fetch_add(1, Ordering::Relaxed);
        Ok((
            incoming,
            Handshaking {
                in_flight: Arc::clone(&self.in_flight),
            },
        ))
    }
}
