//! The door: which connection attempts the server spends state on (QUIC
//! ones, and browsers' WebSockets: [`Gate::admit_web`]).
//!
//! Browsers' sessions not yet logged in are counted apart from QUIC's
//! (`NetLimits::web_handshakes`, per address `web_handshakes_per_address`)
//! and teach the room nothing: a WebSocket that upgrades and then stalls
//! in its TLS costs the server no handshake work, so it says nothing of
//! the server's load, and it must not narrow the room QUIC terminals come
//! in by. Past the bound in all the *oldest* of them is let go to make
//! room (its session is told to close): so strangers that stall, however
//! many, never keep out a browser that completes its handshake, and hold
//! a place at most for `web_handshake_timeout`.
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
//! How many may be on their way in at once is also learnt from how fast
//! they get in (the *room*, between [`ROOM_FLOOR`] and `max_handshakes`):
//! in a join storm a server that has more handshakes under way than it can
//! finish before the terminals' 4-s idle timeout wastes every one of them,
//! and each terminal comes back for another (10,000 terminals at once: most
//! failed, again and again). Past the room an attempt is ignored, which
//! costs nothing: the terminal resends its Initial a second later, and
//! after its timeout tries again after a jittered backoff. A connection
//! that got in quickly widens the room by one; one that took longer than
//! [`SLOW`] (or never got in) narrows it by a quarter, at most once per
//! [`CUT_EVERY`].
//!
//! An address that completes handshakes only to break the greeting (a
//! frame over the limit, garbage, nothing in time) makes the server pay a
//! TLS handshake each time; after `strikes_to_block` of them its attempts
//! are ignored for `block_for`. Only handshaken connections strike (their
//! address is proven, so a forged one cannot get another blocked), and the
//! server's own machine (loopback) is never counted per address.

use std::collections::{BTreeMap, HashMap};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

// tokio's instant: the server's own time, virtual in tests on a paused clock.
use tokio::time::Instant;

use tokio::sync::Notify;
use tracing::{debug, info};

use super::limits::NetLimits;

/// At most this many addresses' strikes are remembered; when full, expired
/// ones are forgotten, and a new address is not counted until room comes
/// (an attacker with more addresses than this is bounded by the rest).
const MAX_STRUCK_ADDRESSES: usize = 4_096;

/// The room at the start: enough for a hall's laptops arriving over a
/// Wi-Fi's round trips, little enough for a loaded server to finish them all
/// in time.
pub const ROOM_START: usize = 128;
/// The room never narrows below this: joining always goes on.
pub const ROOM_FLOOR: usize = 16;
/// A connection in within this widens the room.
pub const FAST: Duration = Duration::from_secs(1);
/// A connection that took longer than this to get in, or left without,
/// narrows it: half the terminals' idle timeout.
pub const SLOW: Duration = Duration::from_secs(2);
/// The room narrows at most this often (one overload is felt by many
/// connections at once).
pub const CUT_EVERY: Duration = Duration::from_millis(500);

/// Counts connections not yet logged in; shared by the accept loop and the
/// connection tasks (each holds a [`Handshaking`] until it logs in or ends).
#[derive(Clone, Debug, Default)]
pub struct Gate {
    in_flight: Arc<AtomicUsize>,
    addresses: Arc<Mutex<Addresses>>,
    /// Anything came from another machine (a QUIC attempt, a browser's
    /// TCP connection): a hall whose firewall lets nothing in never sets it.
    elsewhere: Arc<AtomicBool>,
}

/// One connection not yet logged in; dropping it (logged in, failed,
/// timed out) frees its place.
#[derive(Debug)]
pub struct Handshaking {
    addresses: Arc<Mutex<Addresses>>,
    ip: IpAddr,
    seat: Seat,
}

/// Where a connection not yet logged in is counted.
#[derive(Debug)]
enum Seat {
    /// Among QUIC's, which teach the room.
    Quic {
        in_flight: Arc<AtomicUsize>,
        admitted_at: Instant,
    },
    /// Among browsers' sessions, by its number in the web book; told by
    /// `evicted` when it is let go to make room.
    Web { id: u64, evicted: Arc<Notify> },
}

impl Handshaking {
    /// Its connection completed the handshake and then broke its greeting:
    /// a strike against its address (see the module).
    pub fn strike(self, limits: &NetLimits) {
        lock(&self.addresses).strike(self.ip, limits, Instant::now());
    }

    /// Resolves when this browser session is let go to make room for a
    /// newer one (never, for a QUIC connection).
    pub fn evicted(&self) -> impl std::future::Future<Output = ()> + use<> {
        let evicted = match &self.seat {
            Seat::Web { evicted, .. } => Some(Arc::clone(evicted)),
            Seat::Quic { .. } => None,
        };
        async move {
            match evicted {
                Some(evicted) => evicted.notified().await,
                None => std::future::pending().await,
            }
        }
    }
}

impl Drop for Handshaking {
    fn drop(&mut self) {
        let now = Instant::now();
        let mut addresses = lock(&self.addresses);
        match &self.seat {
            Seat::Quic {
                in_flight,
                admitted_at,
            } => {
                in_flight.fetch_sub(1, Ordering::Relaxed);
                addresses.leave(self.ip);
                addresses
                    .room
                    .learn(now.saturating_duration_since(*admitted_at), now);
            }
            // An evicted one has already left the book.
            Seat::Web { id, .. } => addresses.web.leave(*id),
        }
    }
}

/// Browsers' sessions not yet logged in (see the module).
#[derive(Debug, Default)]
struct WebBook {
    /// By number, oldest first: the address and how to tell it to go.
    waiting: BTreeMap<u64, (IpAddr, Arc<Notify>)>,
    by_address: HashMap<IpAddr, usize>,
    next: u64,
}

impl WebBook {
    fn leave(&mut self, id: u64) {
        let Some((ip, _)) = self.waiting.remove(&id) else {
            return;
        };
        if let Some(n) = self.by_address.get_mut(&ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.by_address.remove(&ip);
            }
        }
    }

    /// Lets the oldest go (its session is told, and closes).
    fn evict_oldest(&mut self) {
        if let Some((&id, (_, evicted))) = self.waiting.iter().next() {
            evicted.notify_one();
            self.leave(id);
        }
    }

    /// Takes a place for a session from `ip`, making room in all by
    /// letting the oldest go; `None` when `ip` has its share already.
    fn enter(&mut self, ip: IpAddr, limits: &NetLimits) -> Option<(u64, Arc<Notify>)> {
        let here = self.by_address.get(&ip).copied().unwrap_or(0);
        if !ip.is_loopback() && here >= limits.web_handshakes_per_address {
            return None;
        }
        while !self.waiting.is_empty() && self.waiting.len() >= limits.web_handshakes.max(1) {
            self.evict_oldest();
        }
        let id = self.next;
        self.next += 1;
        let evicted = Arc::new(Notify::new());
        self.waiting.insert(id, (ip, Arc::clone(&evicted)));
        *self.by_address.entry(ip).or_default() += 1;
        Some((id, evicted))
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

/// Per-address bookkeeping, and the room.
#[derive(Debug, Default)]
struct Addresses {
    /// Connections not yet logged in, by address (no entry at zero).
    in_flight: HashMap<IpAddr, usize>,
    strikes: HashMap<IpAddr, Strikes>,
    room: Room,
    web: WebBook,
}

/// How many connections may be on their way in at once (see the module).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Room {
    size: usize,
    /// `max_handshakes`: the room never grows past it.
    cap: usize,
    last_cut: Option<Instant>,
}

impl Default for Room {
    fn default() -> Self {
        Room {
            size: ROOM_START,
            cap: NetLimits::default().max_handshakes,
            last_cut: None,
        }
    }
}

impl Room {
    /// A connection left the count `took` after it was let in.
    fn learn(&mut self, took: Duration, now: Instant) {
        if took <= FAST {
            self.size = (self.size + 1).min(self.cap);
        } else if took > SLOW
            && self
                .last_cut
                .is_none_or(|at| now.saturating_duration_since(at) >= CUT_EVERY)
        {
            self.size = (self.size - self.size / 4).max(ROOM_FLOOR);
            self.last_cut = Some(now);
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Strikes {
    count: u32,
    /// When the current window of strikes began.
    since: Instant,
    blocked_until: Option<Instant>,
}

fn lock(addresses: &Mutex<Addresses>) -> MutexGuard<'_, Addresses> {
    crate::sync::lock(addresses, "the gate's addresses")
}

impl Addresses {
    fn blocked(&self, ip: IpAddr, now: Instant) -> bool {
        !ip.is_loopback()
            && self
                .strikes
                .get(&ip)
                .and_then(|s| s.blocked_until)
                .is_some_and(|until| now < until)
    }

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
        if self.blocked(ip, now) {
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
        if total >= limits.max_handshakes.min(self.room.size) {
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

    /// Notes where a connection attempt came from (see [`Gate::reached_from_elsewhere`]).
    pub fn note_contact(&self, ip: IpAddr) {
        if !ip.to_canonical().is_loopback() {
            self.elsewhere.store(true, Ordering::Relaxed);
        }
    }

    /// Whether anything has reached the server from another machine.
    pub fn reached_from_elsewhere(&self) -> bool {
        self.elsewhere.load(Ordering::Relaxed)
    }

    /// How many connections have not logged in yet.
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::Relaxed)
    }

    /// Lets a browser's WebSocket in (its TLS handshake still to come)
    /// with its place among the browsers' sessions not yet logged in (see
    /// the module): an address past its share, or one blocked for broken
    /// greetings, is turned away (the page retries); past the bound in all
    /// the oldest waiting session is let go instead.
    pub fn admit_web(&self, ip: IpAddr, limits: &NetLimits) -> Result<Handshaking, Turned> {
        let ip = ip.to_canonical();
        let mut addresses = lock(&self.addresses);
        if addresses.blocked(ip, Instant::now()) {
            return Err(Turned::Blocked);
        }
        let (id, evicted) = addresses.web.enter(ip, limits).ok_or(Turned::Ignored)?;
        Ok(Handshaking {
            addresses: Arc::clone(&self.addresses),
            ip,
            seat: Seat::Web { id, evicted },
        })
    }

    /// How many browsers' sessions have not logged in yet.
    pub fn web_in_flight(&self) -> usize {
        lock(&self.addresses).web.waiting.len()
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
        self.note_contact(ip);
        let mut addresses = lock(&self.addresses);
        addresses.room.cap = limits.max_handshakes.max(ROOM_FLOOR);
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
                        addresses: Arc::clone(&self.addresses),
                        ip,
                        seat: Seat::Quic {
                            in_flight: Arc::clone(&self.in_flight),
                            admitted_at: Instant::now(),
                        },
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

    #[test]
    fn only_another_machine_counts_as_reaching_the_server() {
        let gate = Gate::new();
        gate.note_contact(LOCAL);
        gate.note_contact("::1".parse().unwrap());
        gate.note_contact("::ffff:127.0.0.1".parse().unwrap());
        assert!(!gate.reached_from_elsewhere());
        gate.clone().note_contact(STRANGER);
        assert!(gate.reached_from_elsewhere());
    }

    fn decide(a: &Addresses, ip: IpAddr, validated: bool, total: usize, now: Instant) -> Decision {
        a.decide(ip, validated, !validated, total, &NetLimits::default(), now)
    }

    /// Bookkeeping whose room has grown to its cap (a server that lets
    /// terminals in quickly).
    fn wide() -> Addresses {
        let mut a = Addresses::default();
        a.room.size = a.room.cap;
        a
    }

    #[test]
    fn the_room_widens_with_quick_logins_and_narrows_with_slow_ones() {
        let t0 = Instant::now();
        let mut room = Room::default();
        for _ in 0..10 {
            room.learn(Duration::from_millis(5), t0);
        }
        assert_eq!(room.size, ROOM_START + 10);
        // Many slow ones at once: one cut per CUT_EVERY.
        for _ in 0..50 {
            room.learn(SLOW + Duration::from_millis(1), t0);
        }
        assert_eq!(room.size, ROOM_START + 10 - (ROOM_START + 10) / 4);
        let mut now = t0;
        for _ in 0..100 {
            now += CUT_EVERY;
            room.learn(Duration::from_secs(10), now);
        }
        assert_eq!(room.size, ROOM_FLOOR);
        // Between fast and slow: no change.
        room.learn(FAST + Duration::from_millis(1), now + CUT_EVERY);
        assert_eq!(room.size, ROOM_FLOOR);
        for _ in 0..10_000 {
            room.learn(Duration::ZERO, now);
        }
        assert_eq!(room.size, room.cap);
    }

    #[test]
    fn past_the_room_attempts_are_ignored_even_proven_ones() {
        let now = Instant::now();
        let mut a = Addresses::default();
        a.room.size = 20;
        assert_eq!(decide(&a, LOCAL, false, 19, now), Decision::Admit);
        assert_eq!(decide(&a, LOCAL, false, 20, now), Decision::Ignore);
        assert_eq!(decide(&a, OTHER, true, 20, now), Decision::Ignore);
    }

    #[test]
    fn one_address_is_retried_past_its_own_share_and_loopback_never() {
        let limits = NetLimits::default();
        let now = Instant::now();
        let mut a = wide();
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

    fn web_limits() -> NetLimits {
        NetLimits {
            web_handshakes: 4,
            web_handshakes_per_address: 2,
            ..NetLimits::default()
        }
    }

    #[tokio::test]
    async fn stalled_browser_sessions_never_take_a_quic_terminals_place_nor_narrow_the_room() {
        let limits = web_limits();
        let gate = Gate::new();
        let stalled: Vec<_> = (0..4)
            .map(|_| gate.admit_web(LOCAL, &limits).unwrap())
            .collect();
        assert_eq!(gate.web_in_flight(), 4);
        assert_eq!(gate.in_flight(), 0, "QUIC's count is untouched");
        let room = lock(&gate.addresses).room;
        tokio::time::pause();
        tokio::time::advance(Duration::from_secs(10)).await;
        drop(stalled);
        assert_eq!(gate.web_in_flight(), 0);
        assert_eq!(
            lock(&gate.addresses).room,
            room,
            "they taught the room nothing"
        );
    }

    #[tokio::test]
    async fn past_the_bound_the_oldest_waiting_browser_session_makes_room() {
        let limits = web_limits();
        let gate = Gate::new();
        let oldest = gate.admit_web(LOCAL, &limits).unwrap();
        let told = oldest.evicted();
        let others: Vec<_> = (0..3)
            .map(|_| gate.admit_web(LOCAL, &limits).unwrap())
            .collect();
        // A fifth arrives: in, and the oldest is told to go.
        let fresh = gate.admit_web(LOCAL, &limits).unwrap();
        tokio::time::timeout(Duration::from_secs(1), told)
            .await
            .expect("the oldest was told to go");
        assert_eq!(gate.web_in_flight(), 4);
        // Its leaving later frees nothing twice.
        drop(oldest);
        assert_eq!(gate.web_in_flight(), 4);
        drop((others, fresh));
        assert_eq!(gate.web_in_flight(), 0);
    }

    #[test]
    fn one_address_holds_at_most_its_share_of_waiting_browser_sessions() {
        let limits = web_limits();
        let gate = Gate::new();
        let a = gate.admit_web(STRANGER, &limits).unwrap();
        let _b = gate.admit_web(STRANGER, &limits).unwrap();
        assert_eq!(
            gate.admit_web(STRANGER, &limits).unwrap_err(),
            Turned::Ignored
        );
        // Others, and the server's own machine, still come in.
        let _c = gate.admit_web(OTHER, &limits).unwrap();
        let _d = gate.admit_web(LOCAL, &limits).unwrap();
        drop(a);
        assert!(gate.admit_web(STRANGER, &limits).is_ok());
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
