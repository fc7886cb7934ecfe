//! The door: which QUIC connection attempts the server spends state on.
//!
//! Accepting an attempt costs a TLS handshake's state (~36 KB measured) and
//! its CPU, then a connection's, until it logs in or is dropped; an Initial
//! packet costs its sender nothing and its source address may be forged. So
//! the gate counts the connections not yet logged in (handshaking or not
//! yet greeted), in all and per address. Once many are (`NetLimits::
//! retry_above` in all, `retry_above_per_address` from one address), an
//! address that has not proved it receives our packets gets a QUIC Retry (a
//! stateless token: a real terminal answers within one round trip, a flood
//! never does), and beyond a hard bound even proven addresses are ignored
//! for now (a real terminal resends its Initial a moment later). So
//! strangers can hold at most `max_handshakes` connections' worth of
//! memory, each for at most the handshake and greeting timeouts, and one
//! address that does not answer a Retry at most `retry_above_per_address`.
//!
//! An address that completes handshakes only to break the greeting (a
//! frame over the limit, garbage, nothing in time) makes the server pay a
//! TLS handshake each time; after `strikes_to_block` of them its attempts
//! are ignored for `block_for`. Only handshaken connections strike (their
//! address is proven, so a forged one cannot get another blocked), and the
//! server's own machine (loopback) is never counted per address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use tracing::{debug, info};

use super::limits::NetLimits;

/// At most this many addresses' strikes are remembered; when full, expired
/// ones are forgotten, and a new address is not counted until room comes
/// (an attacker with more addresses than this is bounded by the rest).
const MAX_STRUCK_ADDRESSES: usize = 4_096;

/// Counts connections not yet logged in; shared by the accept loop and the
/// connection tasks (each holds a [`Handshaking`] until it logs in or ends).
#[derive(Clone, Debug, Default)]
pub struct Gate {
    in_flight: Arc<AtomicUsize>,
    addresses: Arc<Mutex<Addresses>>,
}

/// One connection not yet logged in; dropping it (logged in, failed,
/// timed out) frees its place.
#[derive(Debug)]
pub struct Handshaking {
    in_flight: Arc<AtomicUsize>,
    addresses: Arc<Mutex<Addresses>>,
    ip: IpAddr,
}

impl Handshaking {
    /// Its connection completed the handshake and then broke its greeting:
    /// a strike against its address (see the module).
    pub fn strike(self, limits: &NetLimits) {
        lock(&self.addresses).strike(self.ip, limits, Instant::now());
    }
}

impl Drop for Handshaking {
    fn drop(&mut self) {
        self.in_flight.fetch_sub(1, Ordering::Relaxed);
        lock(&self.addresses).leave(self.ip);
    }
}

/// What the gate did with an attempt.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turned {
    /// Answered with a Retry: no state kept.
    Retried,
    /// Dropped without an answer: too many connections not yet logged in.
    Ignored,
    /// Dropped without an answer: its address broke too many greetings.
    Blocked,
}

/// The gate's verdict on one attempt (decided without touching quinn).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Decision {
    Admit,
    Retry,
    Ignore,
    Block,
}

/// Per-address bookkeeping.
#[derive(Debug, Default)]
struct Addresses {
    /// Connections not yet logged in, by address (no entry at zero).
    in_flight: HashMap<IpAddr, usize>,
    strikes: HashMap<IpAddr, Strikes>,
}

#[derive(Debug, Clone, Copy)]
struct Strikes {
    count: u32,
    /// When the current window of strikes began.
    since: Instant,
    blocked_until: Option<Instant>,
}

fn lock(addresses: &Mutex<Addresses>) -> MutexGuard<'_, Addresses> {
    // The bookkeeping stays consistent across a panic elsewhere: each
    // change is one map operation.
    addresses.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Addresses {
    /// `total` is the count of connections not yet logged in, in all.
    fn decide(
        &self,
        ip: IpAddr,
        validated: bool,
        may_retry: bool,
        total: usize,
        limits: &NetLimits,
        now: Instant,
    ) -> Decision {
        let counted = !ip.is_loopback();
        if counted
            && self
                .strikes
                .get(&ip)
                .and_then(|s| s.blocked_until)
                .is_some_and(|until| now < until)
        {
            return Decision::Block;
        }
        let from_here = self.in_flight.get(&ip).copied().unwrap_or(0);
        let busy =
            total >= limits.retry_above || (counted && from_here >= limits.retry_above_per_address);
        // `may_retry` is false only for an attempt that already carries a
        // retry token (then it is validated too).
        if busy && !validated && may_retry {
            return Decision::Retry;
        }
        if total >= limits.max_handshakes {
            return Decision::Ignore;
        }
        Decision::Admit
    }

    fn enter(&mut self, ip: IpAddr) {
        *self.in_flight.entry(ip).or_default() += 1;
    }

    fn leave(&mut self, ip: IpAddr) {
        if let Some(n) = self.in_flight.get_mut(&ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.in_flight.remove(&ip);
            }
        }
    }

    fn strike(&mut self, ip: IpAddr, limits: &NetLimits, now: Instant) {
        if limits.strikes_to_block == 0 || ip.is_loopback() {
            return;
        }
        if self.strikes.len() >= MAX_STRUCK_ADDRESSES && !self.strikes.contains_key(&ip) {
            self.strikes.retain(|_, s| {
                s.blocked_until.is_some_and(|until| now < until)
                    || now.duration_since(s.since) < limits.strike_window
            });
            if self.strikes.len() >= MAX_STRUCK_ADDRESSES {
                return;
            }
        }
        let s = self.strikes.entry(ip).or_insert(Strikes {
            count: 0,
            since: now,
            blocked_until: None,
        });
        if now.duration_since(s.since) >= limits.strike_window {
            s.count = 0;
            s.since = now;
        }
        s.count += 1;
        if s.count >= limits.strikes_to_block {
            info!(
                %ip,
                strikes = s.count,
                "ignoring the address for {} s: it broke its greeting again and again",
                limits.block_for.as_secs_f64()
            );
            s.blocked_until = Some(now + limits.block_for);
            s.count = 0;
            s.since = now;
        }
    }
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
        let remote = incoming.remote_address();
        let ip = remote.ip().to_canonical();
        let mut addresses = lock(&self.addresses);
        let decision = addresses.decide(
            ip,
            incoming.remote_address_validated(),
            incoming.may_retry(),
            self.in_flight(),
            limits,
            Instant::now(),
        );
        match decision {
            Decision::Admit => {
                addresses.enter(ip);
                self.in_flight.fetch_add(1, Ordering::Relaxed);
                Ok((
                    incoming,
                    Handshaking {
                        in_flight: Arc::clone(&self.in_flight),
                        addresses: Arc::clone(&self.addresses),
                        ip,
                    },
                ))
            }
            Decision::Retry => match incoming.retry() {
                Ok(()) => Err(Turned::Retried),
                Err(e) => {
                    debug!(%remote, "cannot answer with a retry: {e}");
                    e.into_incoming().ignore();
                    Err(Turned::Ignored)
                }
            },
            Decision::Ignore => {
                incoming.ignore();
                Err(Turned::Ignored)
            }
            Decision::Block => {
                incoming.ignore();
                Err(Turned::Blocked)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;
    use std::time::Duration;

    use super::*;

    const STRANGER: IpAddr = IpAddr::V4(Ipv4Addr::new(192, 0, 2, 7));
    const OTHER: IpAddr = IpAddr::V4(Ipv4Addr::new(192, 0, 2, 8));
    const LOCAL: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

    fn decide(a: &Addresses, ip: IpAddr, validated: bool, total: usize, now: Instant) -> Decision {
        a.decide(ip, validated, !validated, total, &NetLimits::default(), now)
    }

    #[test]
    fn one_address_is_retried_past_its_own_share_and_loopback_never() {
        let limits = NetLimits::default();
        let now = Instant::now();
        let mut a = Addresses::default();
        for _ in 0..limits.retry_above_per_address {
            assert_eq!(decide(&a, STRANGER, false, 0, now), Decision::Admit);
            a.enter(STRANGER);
            a.enter(LOCAL);
        }
        let total = 2 * limits.retry_above_per_address;
        assert_eq!(decide(&a, STRANGER, false, total, now), Decision::Retry);
        // Proven by a Retry: let in; other addresses and loopback too.
        assert_eq!(decide(&a, STRANGER, true, total, now), Decision::Admit);
        assert_eq!(decide(&a, OTHER, false, total, now), Decision::Admit);
        assert_eq!(decide(&a, LOCAL, false, total, now), Decision::Admit);
        // Its connections leave: its share is back.
        for _ in 0..limits.retry_above_per_address {
            a.leave(STRANGER);
        }
        assert_eq!(decide(&a, STRANGER, false, total, now), Decision::Admit);
        assert!(!a.in_flight.contains_key(&STRANGER));
        // The bounds in all still hold for everyone.
        assert_eq!(
            decide(&a, LOCAL, false, limits.retry_above, now),
            Decision::Retry
        );
        assert_eq!(
            decide(&a, LOCAL, true, limits.max_handshakes, now),
            Decision::Ignore
        );
    }

    #[test]
    fn broken_greetings_block_their_address_for_a_while_only() {
        let limits = NetLimits::default();
        let t0 = Instant::now();
        let mut a = Addresses::default();
        for i in 1..limits.strikes_to_block {
            a.strike(STRANGER, &limits, t0);
            a.strike(LOCAL, &limits, t0);
            assert_eq!(decide(&a, STRANGER, true, 0, t0), Decision::Admit, "{i}");
        }
        a.strike(STRANGER, &limits, t0);
        assert_eq!(decide(&a, STRANGER, true, 0, t0), Decision::Block);
        let later = t0 + limits.block_for - Duration::from_millis(1);
        assert_eq!(decide(&a, STRANGER, true, 0, later), Decision::Block);
        assert_eq!(decide(&a, OTHER, false, 0, t0), Decision::Admit);
        assert_eq!(decide(&a, LOCAL, false, 0, t0), Decision::Admit);
        let after = t0 + limits.block_for;
        assert_eq!(decide(&a, STRANGER, true, 0, after), Decision::Admit);
    }

    #[test]
    fn strikes_spread_wider_than_the_window_never_block() {
        let limits = NetLimits::default();
        let mut now = Instant::now();
        let mut a = Addresses::default();
        for _ in 0..3 * limits.strikes_to_block {
            a.strike(STRANGER, &limits, now);
            assert_eq!(decide(&a, STRANGER, true, 0, now), Decision::Admit);
            // Just over the window for the strikes to block, spread out.
            now += limits.strike_window / (limits.strikes_to_block - 1) + Duration::from_millis(1);
        }
    }

    #[test]
    fn the_strike_book_is_bounded() {
        let limits = NetLimits::default();
        let now = Instant::now();
        let mut a = Addresses::default();
        for i in 0..(MAX_STRUCK_ADDRESSES as u32 + 100) {
            a.strike(IpAddr::V4(Ipv4Addr::from(0x0a00_0000 + i)), &limits, now);
        }
        assert_eq!(a.strikes.len(), MAX_STRUCK_ADDRESSES);
        // Once their window has passed, room comes again.
        a.strike(STRANGER, &limits, now + limits.strike_window);
        assert!(a.strikes.len() <= 1);
    }
}
