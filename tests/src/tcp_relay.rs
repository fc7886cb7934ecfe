//! A TCP relay that spoils a browser's link the way a hall's Wi-Fi does
//! (netem is absent on this kernel; [`crate::relay`] is the same for
//! QUIC's datagrams): every chunk each way arrives `delay` ± `jitter` after
//! it was read, in order, and now and then one waits `stall` longer (a
//! radio that dozed, a segment that TCP had to send again). Browsers
//! connect to the relay's address instead of the server's web address. It
//! binds 127.0.0.1 only and connects nowhere else. Randomness is seeded.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::{Context, Result};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::time::Instant;

use minuta_shared::seed::Rng;

/// What the relay does to every chunk.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Spoil {
    pub delay: Duration,
    pub jitter: Duration,
    /// 0.0 – 1.0: the chance that a chunk waits `stall` longer.
    pub stall_chance: f64,
    pub stall: Duration,
}

impl Spoil {
    pub fn describe(&self) -> String {
        format!(
            "{} ms ± {} ms, {:.0} % of chunks {} ms later",
            self.delay.as_millis(),
            self.jitter.as_millis(),
            self.stall_chance * 100.0,
            self.stall.as_millis()
        )
    }
}

/// A running relay; dropping it stops accepting (open links go on until
/// either end closes).
pub struct TcpRelay {
    pub addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for TcpRelay {
    fn drop(&mut self) {
        self.task.abort();
    }
}

struct Dice {
    rng: Mutex<Rng>,
    spoil: Spoil,
}

impl Dice {
    /// How long one chunk is held.
    fn hold(&self) -> Duration {
        let mut rng = self.rng.lock().unwrap_or_else(PoisonError::into_inner);
        let jitter = self.spoil.jitter.as_micros() as u64;
        let spread = if jitter == 0 {
            0
        } else {
            rng.below(2 * jitter + 1)
        };
        let mut held =
            (self.spoil.delay + Duration::from_micros(spread)).saturating_sub(self.spoil.jitter);
        if rng.unit() < self.spoil.stall_chance {
            held += self.spoil.stall;
        }
        held
    }
}

impl TcpRelay {
    pub async fn start(upstream: SocketAddr, spoil: Spoil, seed: u64) -> Result<TcpRelay> {
        anyhow::ensure!(
            upstream.ip().is_loopback(),
            "the relay only relays to 127.0.0.1"
        );
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .context("binding the TCP relay")?;
        let addr = listener.local_addr()?;
        let dice = Arc::new(Dice {
            rng: Mutex::new(Rng::new(seed)),
            spoil,
        });
        let task = tokio::spawn(async move {
            while let Ok((down, _)) = listener.accept().await {
                let dice = Arc::clone(&dice);
                tokio::spawn(async move {
                    let Ok(up) = TcpStream::connect(upstream).await else {
                        return;
                    };
                    let _ = (down.set_nodelay(true), up.set_nodelay(true));
                    let (down_r, down_w) = down.into_split();
                    let (up_r, up_w) = up.into_split();
                    tokio::join!(
                        pump(down_r, up_w, Arc::clone(&dice)),
                        pump(up_r, down_w, dice)
                    );
                });
            }
        });
        Ok(TcpRelay { addr, task })
    }
}

/// Moves one direction: a reader stamps each chunk with when it may leave
/// (never before the one ahead of it), a writer sends it then.
async fn pump(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    dice: Arc<Dice>,
) {
    let (chunks, mut due) = mpsc::unbounded_channel::<(Instant, Vec<u8>)>();
    let reader = async move {
        let mut buf = vec![0u8; 16 * 1024];
        let mut last = Instant::now();
        while let Ok(n @ 1..) = from.read(&mut buf).await {
            last = last.max(Instant::now() + dice.hold());
            if chunks.send((last, buf[..n].to_vec())).is_err() {
                return;
            }
        }
    };
    let writer = async move {
        while let Some((at, bytes)) = due.recv().await {
            tokio::time::sleep_until(at).await;
            if to.write_all(&bytes).await.is_err() {
                return;
            }
        }
        let _ = to.shutdown().await;
    };
    tokio::join!(reader, writer);
}
