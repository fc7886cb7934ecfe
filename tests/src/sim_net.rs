//! A simulated network for tests on tokio's paused clock
//! (`#[tokio::test(start_paused = true)]`): UDP sockets in memory, handed
//! to quinn as its `AsyncUdpSocket`, so the real server (its driver, its
//! connection tasks, its gate) and any number of test terminals speak real
//! QUIC and TLS to each other inside one thread, with datagrams delayed,
//! reordered and lost as [`Conditions`] say, by a seeded generator.
//!
//! Time is tokio's: while every task waits, the paused clock leaps to the
//! next timer (a datagram's arrival, a deadline, a keep-alive), so a test of
//! a 20-s question takes the CPU it needs and no wall time. Nothing here
//! sleeps on a real clock or touches a real socket.
//!
//! The test's thread has one network at a time ([`SimNet::install`]): the
//! harness's terminals ([`crate::terminal::client_endpoint`]) and
//! [`crate::TestServer::simulated`] find it there, so a test moves onto it
//! by changing how its server starts, not every join. What must not live
//! here: anything about Minuta's protocol; this is only UDP.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::fmt;
use std::io::{self, IoSliceMut};
use std::net::{Ipv4Addr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::task::{Context, Poll, Waker};
use std::time::Duration;

use anyhow::{Context as _, Result};
use quinn::udp::{RecvMeta, Transmit};
use quinn::{AsyncUdpSocket, Endpoint, UdpPoller};
use tokio::sync::Notify;
use tokio::time::Instant;

use minuta_shared::seed::Rng;

/// What the network does to every datagram, in each direction alike.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Conditions {
    /// One-way delay.
    pub latency: Duration,
    /// Up to this much more, drawn for each datagram: datagrams sent closer
    /// together than it may overtake each other.
    pub jitter: Duration,
    /// The share of datagrams lost, from 0 to 1.
    pub loss: f64,
    /// The generator's seed for jitter and loss: a failing run is replayed
    /// exactly by the same seed.
    pub seed: u64,
}

impl Default for Conditions {
    /// A hall's Wi-Fi on a good evening: 1 ms each way, nothing lost.
    fn default() -> Self {
        Conditions {
            latency: Duration::from_millis(1),
            jitter: Duration::ZERO,
            loss: 0.0,
            seed: 1,
        }
    }
}

/// How many datagrams the network carried.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    pub sent: u64,
    pub delivered: u64,
    pub lost: u64,
    /// Dropped at an unplugged address (see [`SimNet::unplug`]).
    pub cut: u64,
}

/// The network: cheap to clone; every clone is the same network.
#[derive(Clone)]
pub struct SimNet {
    shared: Arc<Shared>,
}

struct Shared {
    state: Mutex<State>,
    /// The wall clock (µs since the Unix epoch) when the network was made,
    /// and the virtual instant it was made at.
    epoch: (u64, Instant),
    /// Wakes the wire when a datagram is sent.
    sent: Notify,
}

struct State {
    conditions: Conditions,
    rng: Rng,
    sockets: HashMap<SocketAddr, Weak<Mailbox>>,
    unplugged: HashSet<SocketAddr>,
    /// Datagrams on their way, by (arrival, order sent).
    in_transit: BTreeMap<(Instant, u64), Datagram>,
    sent_count: u64,
    next_port: u16,
    traffic: Traffic,
}

struct Datagram {
    from: SocketAddr,
    to: SocketAddr,
    bytes: Vec<u8>,
}

thread_local! {
    static CURRENT: RefCell<Option<SimNet>> = const { RefCell::new(None) };
}

impl SimNet {
    /// A new network under `conditions`, now this thread's (replacing any
    /// other). Must be called inside a tokio runtime: its wire is a task.
    pub fn install(conditions: Conditions) -> SimNet {
        let net = SimNet {
            shared: Arc::new(Shared {
                state: Mutex::new(State {
                    conditions,
                    rng: Rng::new(conditions.seed),
                    sockets: HashMap::new(),
                    unplugged: HashSet::new(),
                    in_transit: BTreeMap::new(),
                    sent_count: 0,
                    next_port: 40_000,
                    traffic: Traffic::default(),
                }),
                sent: Notify::new(),
                epoch: (
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_micros() as u64),
                    Instant::now(),
                ),
            }),
        };
        tokio::spawn(wire(Arc::clone(&net.shared)));
        CURRENT.with(|c| *c.borrow_mut() = Some(net.clone()));
        net
    }

    /// This thread's network, if a test installed one.
    pub fn current() -> Option<SimNet> {
        CURRENT.with(|c| c.borrow().clone())
    }

    /// This thread's network, installed with the default conditions if
    /// there is none yet.
    pub fn current_or_default() -> SimNet {
        Self::current().unwrap_or_else(|| Self::install(Conditions::default()))
    }

    fn state(&self) -> MutexGuard<'_, State> {
        lock(&self.shared.state)
    }

    /// A socket on a fresh address (127.0.0.1, a port of its own).
    pub fn socket(&self) -> Arc<SimSocket> {
        let addr = {
            let mut state = self.state();
            state.next_port = state.next_port.wrapping_add(1).max(40_000);
            SocketAddr::from((Ipv4Addr::LOCALHOST, state.next_port))
        };
        self.socket_at(addr)
    }

    /// A socket at `addr`, which is plugged in again: a server restarted
    /// on its old address takes the datagrams sent there from now on.
    pub fn socket_at(&self, addr: SocketAddr) -> Arc<SimSocket> {
        let mailbox = Arc::new(Mailbox::default());
        let mut state = self.state();
        state.sockets.insert(addr, Arc::downgrade(&mailbox));
        state.unplugged.remove(&addr);
        SimSocket {
            addr,
            net: self.clone(),
            mailbox,
        }
        .into()
    }

    /// A client endpoint on a fresh socket.
    pub fn client_endpoint(&self) -> Result<Endpoint> {
        Endpoint::new_with_abstract_socket(
            quinn::EndpointConfig::default(),
            None,
            self.socket(),
            Arc::new(quinn::TokioRuntime),
        )
        .context("making a quinn endpoint on the simulated network")
    }

    /// Pulls `addr`'s cable: nothing it sends leaves, nothing sent to it
    /// arrives (what is on its way is lost too), until a socket is made at
    /// `addr` again or [`SimNet::plug`] puts it back.
    pub fn unplug(&self, addr: SocketAddr) {
        let mut state = self.state();
        state.unplugged.insert(addr);
        let before = state.in_transit.len();
        state
            .in_transit
            .retain(|_, d| d.to != addr && d.from != addr);
        state.traffic.cut += (before - state.in_transit.len()) as u64;
    }

    /// Puts `addr`'s cable back.
    pub fn plug(&self, addr: SocketAddr) {
        self.state().unplugged.remove(&addr);
    }

    /// Changes what the network does to datagrams sent from now on.
    pub fn set_conditions(&self, conditions: Conditions) {
        let mut state = self.state();
        state.conditions = conditions;
        state.rng = Rng::new(conditions.seed);
    }

    /// A server clock on this network's virtual time: every server started
    /// on it (again, after a crash) reads the same time line.
    pub fn server_clock(&self) -> minuta_server::clock::ServerClock {
        let (wall_us, at) = self.shared.epoch;
        minuta_server::clock::ServerClock::anchored(wall_us, at)
    }

    /// What the network has carried so far.
    pub fn traffic(&self) -> Traffic {
        self.state().traffic
    }

    fn send(&self, from: SocketAddr, to: SocketAddr, bytes: &[u8]) {
        let mut state = self.state();
        state.traffic.sent += 1;
        if state.unplugged.contains(&from) || state.unplugged.contains(&to) {
            state.traffic.cut += 1;
            return;
        }
        let Conditions {
            latency,
            jitter,
            loss,
            ..
        } = state.conditions;
        if loss > 0.0 && state.rng.unit() < loss {
            state.traffic.lost += 1;
            return;
        }
        let extra = if jitter.is_zero() {
            Duration::ZERO
        } else {
            jitter.mul_f64(state.rng.unit())
        };
        let order = state.sent_count;
        state.sent_count += 1;
        state.in_transit.insert(
            (Instant::now() + latency + extra, order),
            Datagram {
                from,
                to,
                bytes: bytes.to_vec(),
            },
        );
        drop(state);
        self.shared.sent.notify_one();
    }
}

/// The wire: delivers each datagram at its arrival time, in the order
/// sent among those arriving at the same instant. It lives as long as the
/// test's runtime.
async fn wire(net: Arc<Shared>) {
    loop {
        let next = {
            let mut state = lock(&net.state);
            let now = Instant::now();
            while let Some(entry) = state.in_transit.first_entry() {
                if entry.key().0 > now {
                    break;
                }
                let datagram = entry.remove();
                let mailbox = state.sockets.get(&datagram.to).and_then(Weak::upgrade);
                match mailbox {
                    Some(mailbox) => {
                        state.traffic.delivered += 1;
                        mailbox.deliver(datagram.from, datagram.bytes);
                    }
                    // Nobody there: dropped, as UDP is.
                    None => state.traffic.cut += 1,
                }
            }
            state.in_transit.keys().next().map(|(at, _)| *at)
        };
        match next {
            Some(at) => {
                tokio::select! {
                    _ = tokio::time::sleep_until(at) => {}
                    _ = net.sent.notified() => {}
                }
            }
            None => net.sent.notified().await,
        }
    }
}

/// One socket's received datagrams and the task waiting for them.
#[derive(Default)]
struct Mailbox {
    inbox: Mutex<Inbox>,
}

#[derive(Default)]
struct Inbox {
    datagrams: VecDeque<(SocketAddr, Vec<u8>)>,
    waiting: Option<Waker>,
}

impl Mailbox {
    fn deliver(&self, from: SocketAddr, bytes: Vec<u8>) {
        let mut inbox = lock(&self.inbox);
        inbox.datagrams.push_back((from, bytes));
        if let Some(waker) = inbox.waiting.take() {
            waker.wake();
        }
    }
}

/// A UDP socket on the simulated network.
pub struct SimSocket {
    addr: SocketAddr,
    net: SimNet,
    mailbox: Arc<Mailbox>,
}

impl fmt::Debug for SimSocket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SimSocket({})", self.addr)
    }
}

/// A simulated socket can always take a datagram (the network has no
/// queue limit; loss is [`Conditions::loss`]).
#[derive(Debug)]
struct AlwaysWritable;

impl UdpPoller for AlwaysWritable {
    fn poll_writable(self: Pin<&mut Self>, _cx: &mut Context) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

impl AsyncUdpSocket for SimSocket {
    fn create_io_poller(self: Arc<Self>) -> Pin<Box<dyn UdpPoller>> {
        Box::pin(AlwaysWritable)
    }

    fn try_send(&self, transmit: &Transmit) -> io::Result<()> {
        // max_transmit_segments is 1 (the default): one datagram a call.
        self.net
            .send(self.addr, transmit.destination, transmit.contents);
        Ok(())
    }

    fn poll_recv(
        &self,
        cx: &mut Context,
        bufs: &mut [IoSliceMut<'_>],
        meta: &mut [RecvMeta],
    ) -> Poll<io::Result<usize>> {
        let mut inbox = lock(&self.mailbox.inbox);
        let mut filled = 0;
        for (buf, slot) in bufs.iter_mut().zip(meta.iter_mut()) {
            let Some((from, bytes)) = inbox.datagrams.pop_front() else {
                break;
            };
            let len = bytes.len().min(buf.len());
            buf[..len].copy_from_slice(&bytes[..len]);
            *slot = RecvMeta {
                addr: from,
                len,
                stride: len,
                ecn: None,
                dst_ip: None,
            };
            filled += 1;
        }
        if filled > 0 {
            return Poll::Ready(Ok(filled));
        }
        inbox.waiting = Some(cx.waker().clone());
        Poll::Pending
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        Ok(self.addr)
    }
}

/// The network's locks guard plain bookkeeping; a panic while holding one
/// is a failed test already.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock()
        .unwrap_or_else(|poisoned| panic!("a simulated network's lock was poisoned: {poisoned}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn transmit(to: SocketAddr, contents: &[u8]) -> Transmit<'_> {
        Transmit {
            destination: to,
            ecn: None,
            contents,
            segment_size: None,
            src_ip: None,
        }
    }

    async fn receive(socket: &SimSocket) -> (SocketAddr, Vec<u8>) {
        let mut buf = [0u8; 64];
        let mut meta = [RecvMeta::default()];
        std::future::poll_fn(|cx| {
            let mut bufs = [IoSliceMut::new(&mut buf)];
            socket.poll_recv(cx, &mut bufs, &mut meta)
        })
        .await
        .expect("a datagram");
        (meta[0].addr, buf[..meta[0].len].to_vec())
    }

    #[tokio::test(start_paused = true)]
    async fn a_datagram_arrives_after_the_latency_on_virtual_time() {
        let net = SimNet::install(Conditions {
            latency: Duration::from_millis(30),
            ..Conditions::default()
        });
        let (a, b) = (net.socket(), net.socket());
        let sent_at = Instant::now();

        a.try_send(&transmit(b.addr, b"hello")).unwrap();
        let (from, bytes) = receive(&b).await;

        assert_eq!((from, bytes.as_slice()), (a.addr, &b"hello"[..]));
        assert_eq!(sent_at.elapsed(), Duration::from_millis(30));
    }

    #[tokio::test(start_paused = true)]
    async fn without_jitter_datagrams_keep_their_order() {
        let net = SimNet::install(Conditions::default());
        let (a, b) = (net.socket(), net.socket());

        for i in 0..20u8 {
            a.try_send(&transmit(b.addr, &[i])).unwrap();
        }
        let mut got = Vec::new();
        for _ in 0..20 {
            got.push(receive(&b).await.1[0]);
        }

        assert_eq!(got, (0..20).collect::<Vec<u8>>());
    }

    #[tokio::test(start_paused = true)]
    async fn loss_and_jitter_follow_the_seed() {
        let conditions = Conditions {
            latency: Duration::from_millis(5),
            jitter: Duration::from_millis(20),
            loss: 0.3,
            seed: 7,
        };
        let mut runs = Vec::new();
        for _ in 0..2 {
            let net = SimNet::install(conditions);
            let (a, b) = (net.socket(), net.socket());
            for i in 0..100u8 {
                a.try_send(&transmit(b.addr, &[i])).unwrap();
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            let mut got = Vec::new();
            let inbox = std::mem::take(&mut lock(&b.mailbox.inbox).datagrams);
            got.extend(inbox.into_iter().map(|(_, bytes)| bytes[0]));
            runs.push((got, net.traffic()));
        }

        let (got, traffic) = &runs[0];
        assert_eq!(runs[0], runs[1], "the same seed, the same network");
        assert!(traffic.lost > 10 && traffic.lost < 50, "{traffic:?}");
        assert_eq!(got.len() as u64, traffic.delivered);
        assert!(got.windows(2).any(|w| w[0] > w[1]), "jitter reorders");
    }

    #[tokio::test(start_paused = true)]
    async fn an_unplugged_address_neither_sends_nor_receives() {
        let net = SimNet::install(Conditions::default());
        let (a, b) = (net.socket(), net.socket());

        a.try_send(&transmit(b.addr, b"before")).unwrap();
        net.unplug(b.addr);
        a.try_send(&transmit(b.addr, b"during")).unwrap();
        b.try_send(&transmit(a.addr, b"from b")).unwrap();
        tokio::time::sleep(Duration::from_millis(10)).await;
        net.plug(b.addr);
        a.try_send(&transmit(b.addr, b"after")).unwrap();

        assert_eq!(receive(&b).await.1, b"after");
        assert_eq!(net.traffic().cut, 3);
    }
}
