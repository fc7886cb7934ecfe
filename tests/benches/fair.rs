//! Fair buttons over Wi-Fi (issue 14, «Prove»):
//! `cargo bench -p minuta-tests --bench fair [-- --trials N]`.
//!
//! A laptop's Wi-Fi power saving delays the first packet after a quiet
//! spell, so arrival order could reward the table whose radio was awake.
//! Two Brain-ring tables, each behind its own relay ([`minuta_tests::relay`])
//! on 127.0.0.1: table A's relay holds A's first datagram after 2 s of
//! silence back 80 ms (a radio waking up), table B's is clean. In each
//! trial the host reads and gives «Время», the hall is quiet for 2.5 s, then
//! A presses and B presses 5 ms later: the earlier press should win.
//! Measured twice: as the app keeps a table in a live button game, pinging
//! every 0.5 s (`minuta_client::shell::native::net::heartbeat::WARM`) over QUIC with its
//! 2-s backstop keep-alive, and cold: no pings and no keep-alive (the
//! server still pings every 2 s).
//!
//! Progress goes to stdout; the last line is one JSON object:
//! `{"bench":"fair","trials":N,"earlier_wins_warm":…,"earlier_wins_cold":…,
//! "woken_warm":…,"woken_cold":…,"keep_alive_ms":2000,"ping_warm_ms":500,
//! "ping_idle_ms":1000,"keep_warm_datagrams_per_s":…,"keep_warm_bytes_per_s":…,
//! "idle_datagrams_per_s":…,"idle_bytes_per_s":…}` — how many trials the
//! earlier press won, how often the relay saw a radio wake up, and what a
//! quiet table sends on the air a second, in a live button game (warm) and
//! outside one (idle). Run without `--bench`
//! it is a smoke run of 2 trials.

use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use serde_json::json;

use minuta_client::shell::native::net::heartbeat::{IDLE, WARM};
use minuta_shared::ids::TeamId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::brain_ring::{EVENT_RING, RingCommand};
use minuta_shared::play::button::PressKind;
use minuta_shared::wire::client::Command;
use minuta_tests::bench::{Mode, at_least, finish, parse};
use minuta_tests::brain_ring::{long_format, open_friendly, untimed, verdict_of};
use minuta_tests::hall::{register_teams, set_up_tournament, team_codes, team_name, test_timing};
use minuta_tests::relay::{Impairment, Relay, Wake};
use minuta_tests::terminal::{Terminal, client_endpoint};
use minuta_tests::{TestServer, progress};

/// Fair buttons over a sleepy Wi-Fi radio, keep-alive on and off.
#[derive(clap::Parser)]
#[command(name = "fair")]
struct Args {
    /// Trials of each arm [default: 20; 2 without --bench].
    #[arg(long, value_name = "N", hide_default_value = true, value_parser = at_least::<1>)]
    #[arg(default_value_t = 2, default_value_if("bench", "true", Some("20")))]
    trials: usize,
    #[command(flatten)]
    mode: Mode,
}

fn main() -> ExitCode {
    let args: Args = parse();
    if args.mode.listing() {
        return ExitCode::SUCCESS;
    }
    let trials = args.trials;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build();
    finish("fair", runtime, run(trials))
}

/// A table's radio: asleep after 2 s without sending, 80 ms to wake.
fn sleepy() -> Impairment {
    Impairment {
        wake: Some(Wake {
            silence: Duration::from_secs(2),
            extra: Duration::from_millis(80),
        }),
        ..Impairment::default()
    }
}

/// The app's pinned client configuration, with or without its keep-alive.
fn config(code: &JoinCode, warm: bool) -> Result<quinn::ClientConfig> {
    let mut config = minuta_client::shell::native::net::quic::client_config(code.fingerprint)
        .context("the pinned client configuration")?;
    if !warm {
        let mut transport = quinn::TransportConfig::default();
        transport.keep_alive_interval(None);
        if let Ok(idle) = quinn::IdleTimeout::try_from(minuta_client::net::tls::IDLE_TIMEOUT) {
            transport.max_idle_timeout(Some(idle));
        }
        config.transport_config(Arc::new(transport));
    }
    Ok(config)
}

/// A table joining through `relay`.
async fn table(code: &JoinCode, relay: &Relay, warm: bool) -> Result<Terminal> {
    let via = JoinCode {
        addrs: vec![relay.addr],
        ..code.clone()
    };
    let endpoint = client_endpoint()?;
    Terminal::connect_with(&endpoint, config(code, warm)?, &via, false).await
}

/// One arm of the measurement: trials won by the earlier press, radios
/// woken, and table A's datagrams and bytes sent per second when idle.
struct Arm {
    earlier_wins: usize,
    woken: u64,
}

async fn arm(
    host: &mut Terminal,
    codes: &[JoinCode],
    server: &TestServer,
    fight: minuta_shared::play::brain_ring::FightId,
    trials: usize,
    warm: bool,
    start: Instant,
) -> Result<Arm> {
    let relay_a = Relay::start(server.addr, sleepy(), 1).await?;
    let relay_b = Relay::start(server.addr, Impairment::default(), 2).await?;
    let mut a = table(&codes[0], &relay_a, warm).await?;
    let mut b = table(&codes[1], &relay_b, warm).await?;
    let mut earlier_wins = 0;
    for trial in 0..trials {
        host.ok(Command::game(EVENT_RING, RingCommand::Read { fight }))
            .await?;
        host.ok(Command::game(EVENT_RING, RingCommand::Arm { fight }))
            .await?;
        // The hall thinks in silence; a terminal in a live button game
        // pings at the warm pace meanwhile (the app's heartbeat), a cold
        // one sends nothing.
        quiet(
            &mut [&mut a, &mut b],
            Duration::from_millis(2_500),
            warm.then_some(WARM),
        )
        .await?;
        let press_a = a
            .send_command(Command::Press { clock_offset_us: 0 })
            .await?;
        tokio::time::sleep(Duration::from_millis(5)).await;
        let press_b = b
            .send_command(Command::Press { clock_offset_us: 0 })
            .await?;
        let va = verdict_of(&a.ack(press_a).await?)?;
        let vb = verdict_of(&b.ack(press_b).await?)?;
        let a_won = va.kind == PressKind::Won;
        if a_won {
            earlier_wins += 1;
        }
        if !(a_won || vb.kind == PressKind::Won) {
            bail!("trial {trial}: nobody won ({va:?}, {vb:?})");
        }
        host.ok(Command::game(
            EVENT_RING,
            RingCommand::Judge {
                fight,
                correct: true,
            },
        ))
        .await?;
        progress!(
            start,
            "{} trial {}: the earlier press (A) {} by {:.1} ms",
            if warm { "warm" } else { "cold" },
            trial + 1,
            if a_won { "won" } else { "lost" },
            (vb.arrived_at.0 as f64 - va.arrived_at.0 as f64) / 1000.0
        );
    }
    Ok(Arm {
        earlier_wins,
        woken: relay_a.stats.woken.load(Ordering::Relaxed),
    })
}

/// `for_how_long` of quiet: the terminals ping every `pace` as the app
/// does (`None`: they send nothing at all).
async fn quiet(
    terminals: &mut [&mut Terminal],
    for_how_long: Duration,
    pace: Option<Duration>,
) -> Result<()> {
    let end = tokio::time::Instant::now() + for_how_long;
    let Some(pace) = pace else {
        tokio::time::sleep_until(end).await;
        return Ok(());
    };
    loop {
        let next = tokio::time::Instant::now() + pace;
        if next > end {
            tokio::time::sleep_until(end).await;
            return Ok(());
        }
        tokio::time::sleep_until(next).await;
        for t in terminals.iter_mut() {
            t.ping().await?;
        }
    }
}

/// Table A's traffic on the air over `for_s` quiet seconds, pinging every
/// `pace` as the app does: datagrams and bytes per second it sends,
/// through a counting relay.
async fn idle_cost(
    server: &TestServer,
    code: &JoinCode,
    for_s: u64,
    pace: Duration,
) -> Result<(f64, f64)> {
    let relay = Relay::start(server.addr, Impairment::default(), 3).await?;
    let mut terminal = table(code, &relay, true).await?;
    let before = (
        relay.stats.up_datagrams.load(Ordering::Relaxed),
        relay.stats.up_bytes.load(Ordering::Relaxed),
    );
    quiet(&mut [&mut terminal], Duration::from_secs(for_s), Some(pace)).await?;
    let after = (
        relay.stats.up_datagrams.load(Ordering::Relaxed),
        relay.stats.up_bytes.load(Ordering::Relaxed),
    );
    drop(terminal);
    let per_s = |d: u64| d as f64 / for_s as f64;
    Ok((per_s(after.0 - before.0), per_s(after.1 - before.1)))
}

async fn run(trials: usize) -> Result<String> {
    let start = Instant::now();
    let binary = minuta_tests::server::server_binary()?;
    let server = TestServer::child_process_of(
        &binary,
        tempfile::Builder::new().prefix("minuta-fair-").tempdir()?,
    )?;
    let mut host = Terminal::connect(&server.host_code).await?;
    set_up_tournament(&mut host, "Честные кнопки", test_timing()).await?;
    let ids: Vec<TeamId> = register_teams(&mut host, &[team_name(1), team_name(2)]).await?;
    let codes = team_codes(&mut host, &ids).await?;
    let timing = untimed();
    host.ok(Command::game(EVENT_RING, RingCommand::SetTiming { timing }))
        .await?;
    let fight = open_friendly(
        &mut host,
        [ids[0], ids[1]],
        long_format(2 * trials as u32 + 5),
    )
    .await?;
    progress!(
        start,
        "fair: {trials} trials each way, server {}",
        binary.display()
    );
    let warm = arm(&mut host, &codes, &server, fight, trials, true, start).await?;
    let cold = arm(&mut host, &codes, &server, fight, trials, false, start).await?;
    let code = codes.first().ok_or_else(|| anyhow!("no team"))?;
    let (datagrams_s, bytes_s) = idle_cost(&server, code, 5, WARM).await?;
    let (idle_datagrams_s, idle_bytes_s) = idle_cost(&server, code, 5, IDLE).await?;
    progress!(
        start,
        "earlier press won {}/{trials} warm, {}/{trials} cold; radio woken {} / {} times; keep-warm costs {datagrams_s:.1} datagrams, {bytes_s:.0} bytes a second per table, idle {idle_datagrams_s:.1} and {idle_bytes_s:.0}",
        warm.earlier_wins,
        cold.earlier_wins,
        warm.woken,
        cold.woken
    );
    Ok(json!({
        "bench": "fair",
        "trials": trials,
        "earlier_wins_warm": warm.earlier_wins,
        "earlier_wins_cold": cold.earlier_wins,
        "woken_warm": warm.woken,
        "woken_cold": cold.woken,
        "keep_alive_ms": minuta_client::net::tls::KEEP_ALIVE.as_millis() as u64,
        "ping_warm_ms": WARM.as_millis() as u64,
        "ping_idle_ms": IDLE.as_millis() as u64,
        "keep_warm_datagrams_per_s": (datagrams_s * 10.0).round() / 10.0,
        "keep_warm_bytes_per_s": bytes_s.round(),
        "idle_datagrams_per_s": (idle_datagrams_s * 10.0).round() / 10.0,
        "idle_bytes_per_s": idle_bytes_s.round(),
    })
    .to_string())
}
