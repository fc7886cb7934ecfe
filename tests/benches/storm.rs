//! Hostile connections: `cargo bench -p minuta-tests --bench storm`.
//!
//! A real `minuta-server` process on 127.0.0.1 and what issue 14 (items 1
//! and 2) threw at it, with the server's resident memory (`VmRSS` of
//! /proc/<pid>/status) before, during and after:
//!
//! 1. N connections (default 150) that complete the QUIC handshake and never
//!    log in: each leaves a greeting half-sent on its stream, opens every
//!    further stream the server grants and fills it, and sends datagrams if
//!    the server takes any. Then they close. R rounds (default 2): memory
//!    the allocator keeps after the first should be reused by the second.
//! 2. M Initial packets (default 3,000) that never finish a handshake, sent
//!    from one raw UDP socket: a quinn client makes them (each with its own
//!    connection id) towards a socket of ours, which captures them and then
//!    sends them to the server, never answering what comes back.
//!
//! Then a real host terminal still joins and answers a ping. Last, the cost
//! of the Retry on loopback: a host's connect-and-greet time against an
//! in-process server that never asks for a Retry and one that always does.
//!
//! Progress goes to stdout; the last line is one JSON object:
//! `{"bench":"storm","unauth_conns":N,"rss_calm_kib":…,"rss_peak_kib":…,
//! "rss_after_kib":…,"rss_after_each_round_kib":[…],"half_open":M,"half_open_retries":…,
//! "rss_half_open_peak_kib":…,"rss_half_open_after_kib":…,
//! "connect_ms_no_retry":…,"connect_ms_retry":…}`. `*_peak_kib` is read
//! while the storm's connections are open, `*_after_kib` once the server has
//! let them go: `--settle S` seconds after the connections closed (default
//! 3), `--half-open-settle H` after the half-open Initials (default 11:
//! past the server's 10-s handshake timeout). `MINUTA_SERVER_BIN=/path/to/minuta-server` measures
//! another build (an older one, for a before/after).
//!
//! Options (after `--`): `--unauth N`, `--rounds R`, `--half-open M`,
//! `--settle S`, `--half-open-settle H`.
//! Nothing is asserted: the figures are printed for a person to judge. Run
//! without `--bench` (by `cargo test --benches` or `--all-targets`) it is a
//! quick smoke run: 10 connections, 100 Initials, 1 s settle.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};

use minuta_client::shell::native::net::quic::client_config;
use minuta_server::net::NetLimits;
use minuta_shared::wire::handshake::HelloReply;
use minuta_tests::bench::{Mode, finish, parse};
use minuta_tests::hostile::{capture_initials, long_type, raw_socket, unauthenticated};
use minuta_tests::terminal::{Link, client_endpoint, client_endpoint_with_buffers, within_for};
use minuta_tests::{Terminal, TestServer, progress};

/// Hostile connections: the server's memory under a storm of them.
#[derive(clap::Parser)]
#[command(name = "storm")]
struct Args {
    /// Unauthenticated connections in each round [default: 150; 10 without
    /// --bench].
    #[arg(long, value_name = "N", hide_default_value = true)]
    #[arg(default_value_t = 10, default_value_if("bench", "true", Some("150")))]
    unauth: usize,
    /// Rounds of the storm [default: 2; 1 without --bench].
    #[arg(long, value_name = "R", hide_default_value = true)]
    #[arg(default_value_t = 1, default_value_if("bench", "true", Some("2")))]
    rounds: usize,
    /// Half-open Initials [default: 3000; 100 without --bench].
    #[arg(long, value_name = "M", hide_default_value = true)]
    #[arg(default_value_t = 100, default_value_if("bench", "true", Some("3000")))]
    half_open: usize,
    /// Seconds after the connections closed before the RSS is read
    /// [default: 3; 1 without --bench].
    #[arg(long = "settle", value_name = "S", hide_default_value = true)]
    #[arg(default_value_t = 1, default_value_if("bench", "true", Some("3")))]
    settle_s: u64,
    /// Seconds after the half-open Initials before the RSS is read (past
    /// the server's 10-s handshake timeout) [default: 11; 1 without --bench].
    #[arg(long = "half-open-settle", value_name = "H", hide_default_value = true)]
    #[arg(default_value_t = 1, default_value_if("bench", "true", Some("11")))]
    half_open_settle_s: u64,
    #[command(flatten)]
    mode: Mode,
}

fn main() -> ExitCode {
    let args: Args = parse();
    if args.mode.listing() {
        return ExitCode::SUCCESS;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build();
    finish("storm", runtime, run(args))
}

fn rss_kib(server: &TestServer) -> Result<u64> {
    server
        .memory_kib()
        .map(|(rss, _)| rss)
        .ok_or_else(|| anyhow!("cannot read the server's memory"))
}

async fn run(args: Args) -> Result<String> {
    let start = Instant::now();
    let server = TestServer::child_process()?;
    let addr = server.addr;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let calm = rss_kib(&server)?;
    progress!(start, "server at {addr}, calm: {calm} KiB");

    // ---- 1. handshaken, never logged in (in rounds: is the memory reused?)
    let (endpoint, _) = client_endpoint_with_buffers(Some(4 << 20))?;
    let config = client_config(server.fingerprint)?;
    let (mut peak, mut after_rounds) = (calm, Vec::new());
    let mut streams = 0usize;
    for round in 1..=args.rounds {
        let mut attacks = tokio::task::JoinSet::new();
        for _ in 0..args.unauth {
            attacks.spawn(unauthenticated(endpoint.clone(), addr, config.clone()));
        }
        let mut held = Vec::new();
        let mut datagrams = 0usize;
        while let Some(done) = attacks.join_next().await {
            let (conn, extra_streams, sent_datagrams) = done.context("an attack task")??;
            streams += extra_streams.len();
            datagrams += sent_datagrams;
            held.push((conn, extra_streams));
        }
        // Let the server take in what the flow control allows.
        tokio::time::sleep(Duration::from_secs(1)).await;
        let open = rss_kib(&server)?;
        peak = peak.max(open);
        progress!(
            start,
            "round {round}: {} unauthenticated connections open ({streams} extra streams granted in all, {datagrams} datagrams sent): {open} KiB",
            held.len()
        );
        for (conn, _) in &held {
            conn.close(0u8.into(), b"storm over");
        }
        drop(held);
        within_for(
            Duration::from_secs(5),
            "the storm's close",
            endpoint.wait_idle(),
        )
        .await?;
        tokio::time::sleep(Duration::from_secs(args.settle_s)).await;
        let after = rss_kib(&server)?;
        progress!(
            start,
            "round {round}: {}s after they closed: {after} KiB",
            args.settle_s
        );
        after_rounds.push(after);
    }
    let after = after_rounds.last().copied().unwrap_or(calm);

    // ---- 2. half-open handshakes
    let (sent, retries, answers, half_peak, half_after) =
        half_open(&server, args.half_open, args.half_open_settle_s, start).await?;

    // ---- the server still serves
    let joined = Instant::now();
    let mut host = Terminal::connect(&server.host_code).await?;
    host.ping().await?;
    progress!(
        start,
        "a host joined and answered a ping in {:.1} ms",
        joined.elapsed().as_secs_f64() * 1e3
    );

    // ---- 3. the Retry's cost
    let no_retry = connect_ms(usize::MAX, 50).await?;
    let retry = connect_ms(0, 50).await?;
    progress!(
        start,
        "connect and greet on loopback: {no_retry:.2} ms without a Retry, {retry:.2} ms with one"
    );

    Ok(serde_json::json!({
        "bench": "storm",
        "unauth_conns": args.unauth,
        "extra_streams_granted": streams,
        "rss_calm_kib": calm,
        "rss_peak_kib": peak,
        "rss_after_kib": after,
        "rss_after_each_round_kib": after_rounds,
        "half_open": sent,
        "half_open_answers": answers,
        "half_open_retries": retries,
        "rss_half_open_peak_kib": half_peak,
        "rss_half_open_after_kib": half_after,
        "connect_ms_no_retry": (no_retry * 100.0).round() / 100.0,
        "connect_ms_retry": (retry * 100.0).round() / 100.0,
    })
    .to_string())
}

/// Sends `count` captured Initial packets to the server from one raw
/// socket and never answers. Returns (Initials sent, Retry packets seen,
/// datagrams answered, RSS while they are open, RSS `settle_s` after).
async fn half_open(
    server: &TestServer,
    count: usize,
    settle_s: u64,
    start: Instant,
) -> Result<(usize, usize, usize, u64, u64)> {
    let raw = raw_socket(SocketAddr::from(([127, 0, 0, 1], 0)))?;
    let capture_at = raw.local_addr()?;
    let initials = capture_initials(&raw, capture_at, server.fingerprint, count).await?;
    progress!(start, "captured {} Initial packets", initials.len());
    let count = initials.len();

    // Count what the server answers (and keep the socket drained).
    let retries = Arc::new(AtomicUsize::new(0));
    let answers = Arc::new(AtomicUsize::new(0));
    let addr = server.addr;
    let counter = {
        let (raw, retries, answers) =
            (Arc::clone(&raw), Arc::clone(&retries), Arc::clone(&answers));
        tokio::spawn(async move {
            let mut buf = vec![0u8; 2048];
            while let Ok((n, from)) = raw.recv_from(&mut buf).await {
                if from != addr {
                    continue;
                }
                answers.fetch_add(1, Ordering::Relaxed);
                if long_type(&buf[..n]) == Some(3) {
                    retries.fetch_add(1, Ordering::Relaxed);
                }
            }
        })
    };
    // Paced so the server's socket buffer does not simply drop them.
    for chunk in initials.chunks(25) {
        for datagram in chunk {
            raw.send_to(datagram, addr).await?;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let peak = rss_kib(server)?;
    progress!(
        start,
        "{count} half-open handshakes sent: {peak} KiB; {} datagrams answered, {} of them Retry",
        answers.load(Ordering::Relaxed),
        retries.load(Ordering::Relaxed)
    );
    tokio::time::sleep(Duration::from_secs(settle_s)).await;
    let after = rss_kib(server)?;
    progress!(start, "{settle_s}s later: {after} KiB");
    counter.abort();
    Ok((
        count,
        retries.load(Ordering::Relaxed),
        answers.load(Ordering::Relaxed),
        peak,
        after,
    ))
}

/// The mean time for a host to connect and be welcomed, over `n` in a row,
/// against an in-process server that asks for a Retry from `retry_above`
/// handshakes in flight on.
async fn connect_ms(retry_above: usize, n: usize) -> Result<f64> {
    let server = TestServer::in_process_with_limits(NetLimits {
        retry_above,
        ..NetLimits::default()
    })?;
    let endpoint = client_endpoint()?;
    let config = client_config(server.fingerprint)?;
    let mut total = Duration::ZERO;
    for _ in 0..n {
        let began = Instant::now();
        let mut link = Link::open_with(&endpoint, server.addr, config.clone()).await?;
        let reply = link.hello(server.host_code.credential.clone()).await?;
        total += began.elapsed();
        if !matches!(reply, HelloReply::Welcome(_)) {
            bail!("the host was refused: {reply:?}");
        }
        link.conn.close(0u8.into(), b"");
    }
    Ok(total.as_secs_f64() * 1e3 / n as f64)
}
