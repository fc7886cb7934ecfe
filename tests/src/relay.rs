//! A UDP relay that spoils a link the way a hall's network does (issue 14,
//! «bad networks»; netem is absent on this kernel): every datagram in each
//! direction is delayed by `delay` ± `jitter` (so datagrams overtake each
//! other), dropped with probability `loss`, and — a laptop's Wi-Fi power
//! saving — the first datagram a terminal sends after `wake.silence`
//! without sending waits `wake.extra` longer. Terminals connect to the
//! relay's address instead of the server's; each terminal gets its own
//! upstream socket, so the server sees one address per terminal. It binds
//! 127.0.0.1 only and sends nowhere else. Randomness is seeded, so a run
//! can be repeated.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use tokio::net::UdpSocket;

use minuta_shared::seed::Rng;

/// A Wi-Fi radio asleep after a quiet spell: the first datagram out pays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wake {
    pub silence: Duration,
    pub extra: Duration,
}

/// What the relay does to every datagram.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Impairment {
    pub delay: Duration,
    pub jitter: Duration,
    /// 0.0 – 1.0.
    pub loss: f64,
    /// Terminal → server only.
    pub wake: Option<Wake>,
}

impl Impairment {
    /// `5% loss, 20 ms ± 10 ms`.
    pub fn describe(&self) -> String {
        let mut text = format!(
            "{:.0}% loss, {} ms ± {} ms",
            self.loss * 100.0,
            self.delay.as_millis(),
            self.jitter.as_millis()
        );
        if let Some(w) = self.wake {
            text.push_str(&format!(
                ", +{} ms after {} ms quiet",
                w.extra.as_millis(),
                w.silence.as_millis()
            ));
        }
        text
    }
}

/// Datagrams the relay forwarded and dropped.
#[derive(Debug, Default)]
pub struct RelayStats {
    pub forwarded: AtomicU64,
    pub dropped: AtomicU64,
    pub woken: AtomicU64,
}

pub struct Relay {
    pub addr: SocketAddr,
    pub stats: Arc<RelayStats>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The relay's shared state: the dice and each terminal's last datagram.
struct Dice {
    rng: Mutex<Rng>,
    impairment: Impairment,
    stats: Arc<RelayStats>,
}

impl Dice {
    /// `None`: dropped; else how long the datagram waits.
    fn roll(&self, woke: bool) -> Option<Duration> {
        let mut rng = self.rng.lock().unwrap_or_else(PoisonError::into_inner);
        let i = &self.impairment;
        if i.loss > 0.0 && rng.unit() < i.loss {
            self.stats.dropped.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        let jitter_us = i.jitter.as_micros() as u64;
        let spread = if jitter_us == 0 {
            0
        } else {
            rng.below(2 * jitter_us + 1) as i64 - jitter_us as i64
        };
        let mut us = (i.delay.as_micros() as i64 + spread).max(0) as u64;
        if woke && let Some(w) = i.wake {
            us += w.extra.as_micros() as u64;
            self.stats.woken.fetch_add(1, Ordering::Relaxed);
        }
        self.stats.forwarded.fetch_add(1, Ordering::Relaxed);
        Some(Duration::from_micros(us))
    }
}

/// Sends `bytes` on `socket` to `to` after `wait` (at once when zero).
fn deliver(socket: Arc<UdpSocket>, bytes: Vec<u8>, to: Option<SocketAddr>, wait: Duration) {
    tokio::spawn(async move {
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        let _ = match to {
            Some(to) => socket.send_to(&bytes, to).await,
            None => socket.send(&bytes).await,
        };
    });
}

impl Relay {
    /// Listens on 127.0.0.1 and relays to `upstream` (a 127.0.0.1 server).
    pub async fn start(upstream: SocketAddr, impairment: Impairment, seed: u64) -> Result<Relay> {
        anyhow::ensure!(
            upstream.ip().is_loopback(),
            "the relay only relays to 127.0.0.1"
        );
        let listen = Arc::new(
            UdpSocket::bind("127.0.0.1:0")
                .await
                .context("binding the relay")?,
        );
        let addr = listen.local_addr()?;
        let stats = Arc::new(RelayStats::default());
        let dice = Arc::new(Dice {
            rng: Mutex::new(Rng::new(seed)),
            impairment,
            stats: Arc::clone(&stats),
        });
        let task = tokio::spawn(async move {
            // Each terminal's upstream socket and when it last sent.
            let mut peers: HashMap<SocketAddr, (Arc<UdpSocket>, Instant)> = HashMap::new();
            let mut buf = vec![0u8; 65_536];
            loop {
                let Ok((n, from)) = listen.recv_from(&mut buf).await else {
                    return;
                };
                let now = Instant::now();
                let (up, woke) = match peers.get_mut(&from) {
                    Some((up, last)) => {
                        let quiet = now.duration_since(*last);
                        *last = now;
                        let woke = dice.impairment.wake.is_some_and(|w| quiet >= w.silence);
                        (Arc::clone(up), woke)
                    }
                    None => {
                        let Ok(up) = UdpSocket::bind("127.0.0.1:0").await else {
                            continue;
                        };
                        if up.connect(upstream).await.is_err() {
                            continue;
                        }
                        let up = Arc::new(up);
                        peers.insert(from, (Arc::clone(&up), now));
                        // The way back: server → this terminal.
                        let (back, listen, dice) =
                            (Arc::clone(&up), Arc::clone(&listen), Arc::clone(&dice));
                        tokio::spawn(async move {
                            let mut buf = vec![0u8; 65_536];
                            while let Ok(n) = back.recv(&mut buf).await {
                                if let Some(wait) = dice.roll(false) {
                                    let bytes = buf.get(..n).unwrap_or_default().to_vec();
                                    deliver(Arc::clone(&listen), bytes, Some(from), wait);
                                }
                            }
                        });
                        (up, false)
                    }
                };
                if let Some(wait) = dice.roll(woke) {
                    deliver(up, buf.get(..n).unwrap_or_default().to_vec(), None, wait);
                }
            }
        });
        Ok(Relay { addr, stats, task })
    }
}
