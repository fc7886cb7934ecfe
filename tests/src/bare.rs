//! Bare quinn servers, the transport's floor beside the benches (issue 42):
//! the bench binary started again as a server of nothing but quinn with
//! the real server's certificate, TLS and transport settings and UDP
//! socket ([`BareServer`]), and the fan-out a bid's patch makes, done bare
//! ([`serve_fanout`]; [`fanout_rounds`] as `bid` plays it,
//! [`one_at_a_time`] as `ack` does): every message made durable by a group
//! fsync, acknowledged to its sender, then one small frame sent to every
//! connection. `burst`'s bare echo runs through [`serve_process`] too. What must not live here: anything of Minuta's
//! between the socket and the disk (no core, no views, no codec of ours).

use std::collections::HashMap;
use std::future::Future;
use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{ExitCode, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use tokio::sync::mpsc;

use minuta_shared::seed::Rng;

use crate::server::{STARTUP, cpu_seconds_of};
use crate::terminal::{Link, client_endpoint, within_for};

/// A bare server's process: this bench's own binary started again with a
/// flag of its own. Killed when dropped.
pub struct BareServer {
    child: std::process::Child,
    pub addr: SocketAddr,
}

impl BareServer {
    /// Starts `flag ADDR args…` on a free port of 127.0.0.1 and waits for
    /// the address it prints.
    pub async fn start(flag: &str, args: &[&std::ffi::OsStr]) -> Result<BareServer> {
        let me = std::env::current_exe().context("finding this bench's binary")?;
        let mut child = std::process::Command::new(me)
            .arg(flag)
            .arg("127.0.0.1:0")
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .with_context(|| format!("starting the bare server ({flag})"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| anyhow!("the bare server has no stdout"))?;
        let said = async {
            let line = within_for(
                STARTUP,
                "the bare server's address",
                tokio::task::spawn_blocking(move || {
                    use std::io::BufRead;
                    let mut line = String::new();
                    std::io::BufReader::new(stdout)
                        .read_line(&mut line)
                        .map(|_| line)
                }),
            )
            .await???;
            line.trim()
                .parse::<SocketAddr>()
                .with_context(|| format!("the bare server said {line:?}"))
        };
        match said.await {
            Ok(addr) => Ok(BareServer { child, addr }),
            Err(e) => {
                let _ = stop(&mut child);
                Err(e)
            }
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn cpu_seconds(&self) -> Option<f64> {
        cpu_seconds_of(self.pid())
    }
}

fn stop(child: &mut std::process::Child) -> std::io::Result<()> {
    child.kill()?;
    child.wait().map(|_| ())
}

impl Drop for BareServer {
    fn drop(&mut self) {
        let _ = stop(&mut self.child);
    }
}

/// A frame of the bare fan-out: `[u32 length][kind][u64 number][padding]`.
const UP: u8 = 1;
const ACK: u8 = 2;
const FAN: u8 = 3;
/// A ping, answered at once with a pong: the bid bench's barrier.
const PING: u8 = 4;
const PONG: u8 = 5;
const HEADER: usize = 4 + 1 + 8;

fn frame(kind: u8, number: u64, bytes: usize) -> Vec<u8> {
    let len = bytes.max(HEADER);
    let mut out = vec![0u8; len];
    out[..4].copy_from_slice(&((len - 4) as u32).to_be_bytes());
    out[4] = kind;
    out[5..13].copy_from_slice(&number.to_be_bytes());
    out
}

/// Reads one frame's kind and number (its padding is read and dropped).
async fn read_frame(recv: &mut quinn::RecvStream) -> Result<(u8, u64)> {
    let mut prefix = [0u8; 4];
    recv.read_exact(&mut prefix).await?;
    let len = u32::from_be_bytes(prefix) as usize;
    if !(HEADER - 4..=1 << 20).contains(&len) {
        bail!("a bare frame of {len} bytes");
    }
    let mut body = vec![0u8; len];
    recv.read_exact(&mut body).await?;
    let mut number = [0u8; 8];
    number.copy_from_slice(&body[1..9]);
    Ok((body[0], u64::from_be_bytes(number)))
}

/// A bare server's process: `serve(listen, args)` on a current-thread
/// runtime, as `minuta-server` runs on (server/src/main.rs), until it is
/// killed; `args` are what follows ADDR, `usage` says what they should be.
pub fn serve_process<'a, F>(
    what: &str,
    usage: &str,
    args: &'a [String],
    serve: impl FnOnce(SocketAddr, &'a [String]) -> Result<F>,
) -> ExitCode
where
    F: Future<Output = Result<()>>,
{
    let served = (|| {
        let [listen, rest @ ..] = args else {
            bail!("{usage}");
        };
        let listen: SocketAddr = listen
            .parse()
            .with_context(|| format!("the address {listen:?}"))?;
        let server = serve(listen, rest).context(usage.to_owned())?;
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .context("starting the runtime")?
            .block_on(server)
    })();
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{what}: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The bare fan-out server's process (`--bare-fanout-server ADDR CERT_DIR
/// DATA_DIR ACK_BYTES FAN_BYTES`).
pub fn serve_fanout(args: &[String]) -> ExitCode {
    let usage = "--bare-fanout-server takes ADDR CERT_DIR DATA_DIR ACK_BYTES FAN_BYTES";
    serve_process("bare fan-out server", usage, args, |listen, rest| {
        let [cert_dir, data_dir, ack, fan] = rest else {
            bail!("{} arguments after ADDR", rest.len());
        };
        let sizes = (
            ack.parse().with_context(|| format!("ACK_BYTES {ack:?}"))?,
            fan.parse().with_context(|| format!("FAN_BYTES {fan:?}"))?,
        );
        Ok(fanout_server(
            listen,
            Path::new(cert_dir),
            Path::new(data_dir),
            sizes,
        ))
    })
}

enum Inbound {
    Joined(usize, quinn::SendStream),
    Up(usize),
    Ping(usize),
}

/// Every connection's one stream is read by a task of its own; one loop
/// takes whatever has arrived, appends it to a file and fsyncs once (a
/// group commit), acknowledges each message to its sender, then writes one
/// frame numbered by the last message to every connection — the least a
/// server must do to show a bid's restarted count on every screen.
async fn fanout_server(
    listen: SocketAddr,
    cert_dir: &Path,
    data_dir: &Path,
    (ack_bytes, fan_bytes): (usize, usize),
) -> Result<()> {
    let identity = minuta_server::net::tls::load_or_create(cert_dir)?;
    let config = minuta_server::net::tls::quinn_server_config(&identity)?;
    let endpoint = minuta_server::net::endpoint::bind(listen, config)?;
    std::fs::create_dir_all(data_dir)?;
    let mut log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(data_dir.join("bare-fanout.log"))?;
    println!("{}", endpoint.local_addr()?);
    std::io::stdout().flush()?;
    let (tx, mut rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut next = 0usize;
        while let Some(incoming) = endpoint.accept().await {
            let (tx, id) = (tx.clone(), next);
            next += 1;
            tokio::spawn(async move {
                let Ok(conn) = incoming.await else { return };
                let Ok((send, mut recv)) = conn.accept_bi().await else {
                    return;
                };
                if tx.send(Inbound::Joined(id, send)).is_err() {
                    return;
                }
                // The opening frame (kind 0) is no message of a round.
                while let Ok((kind, _)) = read_frame(&mut recv).await {
                    let inbound = match kind {
                        UP => Inbound::Up(id),
                        PING => Inbound::Ping(id),
                        _ => continue,
                    };
                    if tx.send(inbound).is_err() {
                        return;
                    }
                }
            });
        }
    });
    let mut sends: HashMap<usize, quinn::SendStream> = HashMap::new();
    let mut number = 0u64;
    while let Some(first) = rx.recv().await {
        let (mut ups, mut pings) = (Vec::new(), Vec::new());
        let mut take = |inbound| match inbound {
            Inbound::Joined(id, send) => {
                sends.insert(id, send);
            }
            Inbound::Up(id) => ups.push(id),
            Inbound::Ping(id) => pings.push(id),
        };
        take(first);
        while let Ok(more) = rx.try_recv() {
            take(more);
        }
        for id in pings {
            if let Some(send) = sends.get_mut(&id) {
                send.write_all(&frame(PONG, 0, HEADER)).await?;
            }
        }
        if ups.is_empty() {
            continue;
        }
        log.write_all(&vec![0x5a; 64 * ups.len()])?;
        log.sync_data()?;
        for id in ups {
            number += 1;
            if let Some(send) = sends.get_mut(&id) {
                send.write_all(&frame(ACK, number, ack_bytes)).await?;
            }
        }
        let fan = frame(FAN, number, fan_bytes);
        for send in sends.values_mut() {
            send.write_all(&fan).await?;
        }
    }
    Ok(())
}

/// Every connection pings and waits for its pong, as the bid bench's
/// terminals do before and after each round (so the two servers' CPU per
/// round counts the same exchanges); frames of a round still on their way
/// are dropped.
async fn barrier(
    sends: &mut [quinn::SendStream],
    rx: &mut mpsc::UnboundedReceiver<Read>,
) -> Result<()> {
    for send in sends.iter_mut() {
        send.write_all(&frame(PING, 0, HEADER)).await?;
    }
    let mut ponged = vec![false; sends.len()];
    while !ponged.iter().all(|p| *p) {
        let (i, _, kind, _) = next(rx).await?;
        if kind == PONG {
            ponged[i] = true;
        }
    }
    Ok(())
}

/// The bare fan-out's figures, from the same rounds as the bench's.
pub struct Fanout {
    /// Write → a frame numbered by it or later read on every connection,
    /// µs, sorted; one per message.
    pub seen_us: Vec<f64>,
    /// The bare server's CPU over the rounds, seconds.
    pub server_cpu_s: Option<f64>,
}

/// `n` connections to the bare fan-out server, each on its own UDP socket;
/// `rounds` times, after a quiet 70 ms and a barrier, all write a frame of
/// `up_bytes` at once in a seeded order, and after 60 ms another barrier
/// (the bid bench's rounds).
pub async fn fanout_rounds(
    server: &BareServer,
    fingerprint: [u8; 32],
    n: usize,
    rounds: usize,
    up_bytes: usize,
) -> Result<Fanout> {
    let mut hall = BareHall::connect(server, fingerprint, n).await?;
    let (sends, rx) = (&mut hall.sends, &mut hall.rx);
    let up = frame(UP, 0, up_bytes);
    let mut rng = Rng::new(2026);
    let mut seen_us = Vec::with_capacity(n * rounds);
    let cpu_before = server.cpu_seconds();
    for _ in 0..rounds {
        tokio::time::sleep(Duration::from_millis(70)).await;
        barrier(sends, rx).await?;
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        let mut written = vec![Instant::now(); n];
        for &i in &order {
            written[i] = Instant::now();
            sends[i].write_all(&up).await?;
        }
        // Each message's number (its ack), and each connection's fan-out
        // frames of this round.
        let mut numbers: Vec<Option<u64>> = vec![None; n];
        let mut fans: Vec<Vec<(Instant, u64)>> = vec![Vec::new(); n];
        let done = |numbers: &[Option<u64>], fans: &[Vec<(Instant, u64)>]| {
            let last = numbers.iter().flatten().max();
            numbers.iter().all(Option::is_some)
                && fans
                    .iter()
                    .all(|f| f.last().is_some_and(|(_, k)| Some(k) >= last))
        };
        while !done(&numbers, &fans) {
            let (i, at, kind, number) = next(rx).await?;
            match kind {
                ACK => numbers[i] = Some(number),
                FAN => fans[i].push((at, number)),
                other => bail!("a bare frame of kind {other}"),
            }
        }
        for (i, number) in numbers.iter().enumerate() {
            let number = number.unwrap_or(u64::MAX);
            let last_seen = fans
                .iter()
                .filter_map(|f| f.iter().find(|(_, k)| *k >= number).map(|(at, _)| *at))
                .max();
            if let Some(at) = last_seen {
                seen_us.push(at.saturating_duration_since(written[i]).as_secs_f64() * 1e6);
            }
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
        barrier(sends, rx).await?;
    }
    let server_cpu_s = cpu_before.zip(server.cpu_seconds()).map(|(a, b)| b - a);
    hall.close();
    seen_us.sort_by(f64::total_cmp);
    Ok(Fanout {
        seen_us,
        server_cpu_s,
    })
}

/// `n` connections to the bare fan-out server; `cards` times, one after
/// the other in turn, a connection writes a frame of `up_bytes` after a
/// quiet `pause` and waits for its acknowledgement (the ack bench's single
/// cards). Returns write → acknowledgement read, µs, sorted.
pub async fn one_at_a_time(
    server: &BareServer,
    fingerprint: [u8; 32],
    n: usize,
    cards: usize,
    up_bytes: usize,
    pause: Duration,
) -> Result<Vec<f64>> {
    let mut hall = BareHall::connect(server, fingerprint, n).await?;
    let up = frame(UP, 0, up_bytes);
    let mut acks = Vec::with_capacity(cards);
    for card in 0..cards {
        tokio::time::sleep(pause).await;
        let i = card % n;
        let written = Instant::now();
        hall.sends[i].write_all(&up).await?;
        loop {
            let (from, at, kind, _) = next(&mut hall.rx).await?;
            if from == i && kind == ACK {
                acks.push(at.saturating_duration_since(written).as_secs_f64() * 1e6);
                break;
            }
        }
    }
    hall.close();
    acks.sort_by(f64::total_cmp);
    Ok(acks)
}

/// What a connection read: which, when, the frame's kind and number.
type Read = (usize, Instant, u8, u64);

async fn next(rx: &mut mpsc::UnboundedReceiver<Read>) -> Result<Read> {
    within_for(Duration::from_secs(10), "a bare frame", rx.recv())
        .await?
        .ok_or_else(|| anyhow!("the bare server's connections ended"))
}

/// The bench's side of a bare run: `n` connections, each on its own UDP
/// socket as the bench's terminals are, and every frame they read, stamped
/// by a reader task of each.
struct BareHall {
    sends: Vec<quinn::SendStream>,
    rx: mpsc::UnboundedReceiver<Read>,
    conns: Vec<(quinn::Connection, quinn::Endpoint)>,
}

impl BareHall {
    async fn connect(server: &BareServer, fingerprint: [u8; 32], n: usize) -> Result<BareHall> {
        let (tx, rx) = mpsc::unbounded_channel::<Read>();
        let mut sends = Vec::with_capacity(n);
        let mut conns = Vec::with_capacity(n);
        for i in 0..n {
            let endpoint = client_endpoint()?;
            let Link {
                conn,
                mut send,
                mut recv,
                ..
            } = Link::open(&endpoint, server.addr, fingerprint).await?;
            // The stream is opened on the server's side by its first bytes: a
            // frame the server reads as nothing of a round's.
            send.write_all(&frame(0, 0, HEADER)).await?;
            let tx = tx.clone();
            tokio::spawn(async move {
                while let Ok((kind, number)) = read_frame(&mut recv).await {
                    if tx.send((i, Instant::now(), kind, number)).is_err() {
                        return;
                    }
                }
            });
            sends.push(send);
            conns.push((conn, endpoint));
        }
        Ok(BareHall { sends, rx, conns })
    }

    fn close(self) {
        for (conn, endpoint) in self.conns {
            conn.close(0u32.into(), b"done");
            endpoint.close(0u32.into(), b"done");
        }
    }
}
