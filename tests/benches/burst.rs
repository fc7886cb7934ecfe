//! The deadline burst: `cargo bench -p minuta-tests --bench burst [-- --terminals N]`.
//!
//! A real `minuta-server` process (the release build) and N simulated team
//! terminals (default 2,000) over QUIC on 127.0.0.1, all connected at once,
//! all handing in one card within the same second before the deadline. The
//! host registers the teams with pipelined `RegisterTeam` commands and reads
//! their secrets from its view; a host and a display stay connected through
//! the burst, as in a hall.
//!
//! Progress goes to stdout line by line; the last line is one JSON object:
//! `{"bench":"burst","terminals":N,"connect_all_s":…,"ack_p50_ms":…,
//! "ack_p99_ms":…,"sent":…,"stored":…,"server_rss_mb":…,
//! "failed_to_connect":…,"host_bytes_during_join":…,
//! "server_cpu_ms_per_card":…,"server_cpu_share_burst":…,
//! "server_cpu_share_join":…,"bare_quinn_connect_all_s":…,
//! "bare_quinn_ack_p50_ms":…,"bare_quinn_ack_p99_ms":…,
//! "bare_quinn_failed":…,"ratio_p99":…,"ratio_connect":…}`. `ack_*` is the
//! time from writing a card's frame to reading its acknowledgement;
//! `stored` is `SELECT count(*) FROM events WHERE kind='chgk_card_accepted'`
//! on the SQLite file after the server is killed; `server_rss_mb` is the
//! server's peak resident memory (`VmHWM` of /proc/<pid>/status);
//! `failed_to_connect` counts terminals not in after `--give-up` seconds;
//! `host_bytes_during_join` is the bytes of every frame the host terminal
//! read while the teams joined; `server_cpu_ms_per_card` is the server
//! process's CPU time (user + system, /proc, 10-ms ticks) from the release
//! to the last acknowledgement, per acknowledged card, and
//! `server_cpu_share_burst` that CPU over the same wall time (1.0 = one
//! core): below 1 with cards still waiting, the server was not given a
//! whole core (the terminals share its two); `server_cpu_share_join` the
//! same over the join storm. To give the server a core of its own, pin
//! it and the bench apart: `MINUTA_SERVER_BIN` naming a script that runs
//! `exec taskset -c 0 …/minuta-server "$@"`, and the bench under
//! `taskset -c 1`.
//!
//! The transport's floor, in the same run: once `minuta-server` is killed,
//! the same N connections join a bare quinn echo server and hand in the
//! same bytes. It is this bench's own binary started again as a process of
//! its own (`--bare-echo-server ADDR CERT_DIR`, a current-thread runtime as
//! the server's) with the server's certificate, TLS and transport settings
//! and UDP socket (`minuta_server::net::tls::quinn_server_config`,
//! `net::endpoint::bind`); it echoes every frame of each connection's one
//! bidirectional stream. The terminals' side is the same too: the same
//! client sockets, configuration, storm and backoff. A bare connection is
//! in once its handshake is done (a terminal once the server has welcomed
//! its greeting); as long after the last one got in as the real burst came
//! after its last terminal, every connection writes its terminal's card
//! frame at the same instant.
//! `bare_quinn_connect_all_s` and `bare_quinn_ack_*` are measured as
//! `connect_all_s` and `ack_*` are (the ack: until the echo is read back
//! whole); `bare_quinn_failed` counts the connections that never had
//! their echo (gave up joining, or were lost before or in the burst: a
//! bare server admits every handshake at once, and one swamped past the
//! terminals' 4-s idle timeout loses connections it had let in, so its
//! figures are then no floor); `ratio_p99` is `ack_p99_ms` over
//! `bare_quinn_ack_p99_ms`, `ratio_connect` `connect_all_s` over
//! `bare_quinn_connect_all_s` (issue 42's targets: both ≤ 1.5). With
//! `--no-bare` these six are `null`.
//!
//! The join storm: every team terminal starts its handshake at the same
//! instant. One whose handshake or greeting fails (no answer within the
//! app's 4-s idle timeout, a reset) tries again after the app's jittered
//! backoff (`minuta_client::net::link::backoff`), as the app does;
//! the progress lines say how many did.
//!
//! The minute is 10 s (`--minute S`); every terminal waits until it sees the
//! minute run, then all send their card at the same instant, 1 s before the
//! end signal by the server's clock, so the burst meets the signal's views
//! to every terminal, as at a real deadline.
//!
//! Options (after `--`): `--terminals N`, `--sockets K` (client UDP sockets
//! the terminals share, default one per 500 terminals), `--buffer BYTES` (their receive/send
//! buffer, default 4 MiB), `--workers W` (client runtime threads, default 2),
//! `--window W` (RegisterTeam commands in flight, default 512; 0 = all at
//! once — more than the server's per-terminal queue of 1,024 messages can
//! overflow it when a whole batch of acknowledgements lands at once), `--no-staff`
//! (no host or display connected during the join storm and the burst, to
//! tell the cost of their large views apart), `--give-up S` (a terminal
//! stops trying to join after S seconds, default 60), `--no-bare` (no bare
//! quinn run, so no floor).
//! Nothing here is asserted: the figures are printed for a person to judge.
//! Run without `--bench` (by `cargo test --benches` or `--all-targets`) it
//! is a quick smoke run with 20 terminals and a 2-s minute, its floor too.

use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use tokio::sync::{Barrier, mpsc, watch};
use tokio::task::JoinSet;

use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::games::GameReceipt;
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::wire::client::{ClientMsg, Command};
use minuta_shared::wire::codec::{self, MAX_TERMINAL_FRAME_BYTES};
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_tests::bare::{BareServer, serve_process};
use minuta_tests::bench::{Mode, at_least, finish, parse, raise_to, seconds};
use minuta_tests::hall::{load_package, players, set_up_tournament, team_codes, team_name};
use minuta_tests::server::cpu_seconds_of;
use minuta_tests::stats::percentile;
use minuta_tests::terminal::{
    Terminal, client_endpoint_with_buffers, with_backoff, within, within_for,
};
use minuta_tests::{Link, STEP, TestServer, progress};

const Q0: QuestionId = QuestionId(0);

/// Terminals in a smoke run (run as a test, without `--bench`).
const SMOKE_TERMINALS: usize = 20;

/// The longest any phase may take before the bench gives up.
const PHASE: Duration = Duration::from_secs(180);

struct Args {
    terminals: usize,
    sockets: usize,
    buffer: usize,
    workers: usize,
    window: usize,
    /// No host or display connected while the terminals join and hand in
    /// (to tell the cost of their views apart).
    no_staff: bool,
    /// The length of the minute; the cards go in during its last second.
    minute_s: u64,
    /// A terminal that has not joined after this long gives up (counted in
    /// `failed_to_connect`).
    give_up_after: Duration,
    /// No bare quinn run (no floor, no ratios).
    no_bare: bool,
}

/// The deadline burst: terminals join at once, then hand in their cards in
/// the same second.
#[derive(clap::Parser)]
#[command(name = "burst")]
struct Options {
    /// Team terminals [default: 2000; 20 without --bench].
    #[arg(long, value_name = "N", value_parser = at_least::<1>)]
    terminals: Option<usize>,
    /// Client UDP sockets the terminals share [default: one per 500
    /// terminals].
    #[arg(long, value_name = "K", value_parser = raise_to::<1>)]
    sockets: Option<usize>,
    /// The sockets' receive and send buffer, in bytes.
    #[arg(long, value_name = "BYTES", default_value_t = 4 * 1024 * 1024)]
    buffer: usize,
    /// Client runtime threads.
    #[arg(long, value_name = "W", default_value_t = 2, value_parser = raise_to::<1>)]
    workers: usize,
    /// RegisterTeam commands in flight (0: all at once).
    #[arg(long, value_name = "W", default_value_t = 512)]
    window: usize,
    /// No host or display connected during the join storm and the burst.
    #[arg(long)]
    no_staff: bool,
    /// The minute's length in seconds, at least 2 [default: 10; 2 in a
    /// smoke run without --terminals].
    #[arg(long, value_name = "S", value_parser = raise_to::<2>)]
    minute: Option<usize>,
    /// A terminal stops trying to join after this many seconds.
    #[arg(long, value_name = "S", default_value = "60", value_parser = seconds)]
    give_up: Duration,
    /// No bare quinn run: no transport floor and no ratios.
    #[arg(long)]
    no_bare: bool,
    /// Serve as the bare quinn echo server on ADDR with the certificate in
    /// CERT_DIR (the bench starts itself so): prints its address and
    /// serves until killed.
    #[arg(long, hide = true, num_args = 2, value_names = ["ADDR", "CERT_DIR"])]
    bare_echo_server: Option<Vec<String>>,
    #[command(flatten)]
    mode: Mode,
}

impl Options {
    fn args(self) -> Args {
        // `cargo bench` passes `--bench`; without it (`cargo test --benches`,
        // `--all-targets`) this is a quick smoke run, not the 2,000-terminal burst.
        let smoke = !self.mode.bench && self.terminals.is_none();
        let terminals = match self.terminals {
            Some(n) => n,
            None if smoke => SMOKE_TERMINALS,
            None => 2_000,
        };
        let minute_s = self.minute.unwrap_or(if smoke { 2 } else { 10 });
        Args {
            terminals,
            // In a hall every laptop has a socket of its own; one socket for ten
            // thousand terminals overflows its buffer in the join storm.
            sockets: self.sockets.unwrap_or(terminals.div_ceil(500)),
            buffer: self.buffer,
            workers: self.workers,
            window: self.window,
            no_staff: self.no_staff,
            minute_s: minute_s as u64,
            give_up_after: self.give_up,
            no_bare: self.no_bare,
        }
    }
}

fn main() -> ExitCode {
    let options: Options = parse();
    if let Some(serve) = &options.bare_echo_server {
        return serve_bare_echo(serve);
    }
    if options.mode.listing() {
        return ExitCode::SUCCESS;
    }
    let args = options.args();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.workers)
        .enable_all()
        .build();
    finish("burst", runtime, run(&args))
}

/// CPU time (user + system) of this process.
fn own_cpu_seconds() -> Option<f64> {
    cpu_seconds_of(std::process::id())
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// What one team terminal did in the burst.
struct Outcome {
    sent_at: Option<Instant>,
    ack: Option<(Instant, Result<Receipt, CommandError>)>,
    error: Option<String>,
    /// Kept alive until every team is done, so no one leaves mid-burst.
    _terminal: Option<Terminal>,
}

async fn run(args: &Args) -> Result<String> {
    let start = Instant::now();
    let n = args.terminals;
    progress!(
        start,
        "burst: {n} team terminals, {} client socket(s), {} client threads",
        args.sockets,
        args.workers
    );

    // The server: the release binary as a child process on 127.0.0.1.
    let binary = minuta_tests::server::server_binary()?;
    let server = TestServer::child_process_of(
        &binary,
        tempfile::Builder::new().prefix("minuta-burst-").tempdir()?,
    )?;
    let pid = server.pid().ok_or_else(|| anyhow!("no server process"))?;
    progress!(
        start,
        "server {} (pid {pid}) listens on {}",
        binary.display(),
        server.addr
    );

    // The host sets up the tournament and registers every team, pipelined.
    let mut host = Terminal::connect(&server.host_code).await?;
    let minute_ms = args.minute_s.saturating_mul(1000);
    let timing = ChgkTiming {
        minute_ms,
        warning_before_end_ms: (minute_ms / 2).min(10_000),
        grace_ms: 3_000,
    };
    set_up_tournament(&mut host, "Бенчмарк", timing).await?;
    let t = Instant::now();
    let window = if args.window == 0 { n } else { args.window };
    let mut ids: Vec<TeamId> = Vec::with_capacity(n);
    let mut pending = std::collections::VecDeque::new();
    let mut next = 1;
    while ids.len() < n {
        while next <= n && pending.len() < window {
            let command = Command::RegisterTeam {
                rating_id: None,
                name: team_name(next),
                town: "Бенчград".into(),
                players: players(next),
            };
            pending.push_back(host.send_command(command).await?);
            next += 1;
        }
        let request = pending
            .pop_front()
            .ok_or_else(|| anyhow!("no registration in flight"))?;
        match host
            .ack(request)
            .await
            .context("registering teams (was the host cut off?)")?
        {
            Ok(Receipt::TeamRegistered { team }) => ids.push(team),
            other => bail!("RegisterTeam: {other:?}"),
        }
    }
    progress!(
        start,
        "registered {} teams in {:.2} s (window {window})",
        ids.len(),
        t.elapsed().as_secs_f64()
    );
    let report = |phase: &str, host: &Terminal| {
        let (frames, bytes) = host.traffic();
        format!(
            "{phase}: CPU so far: server {:.2} s, this bench {:.2} s; the host has received {frames} frames, {:.1} MB",
            server.cpu_seconds().unwrap_or(f64::NAN),
            own_cpu_seconds().unwrap_or(f64::NAN),
            bytes as f64 / 1e6
        )
    };
    progress!(start, "{}", report("after registration", &host));
    let codes: Vec<JoinCode> = team_codes(&mut host, &ids).await?;
    load_package(&mut host, "smalltest.4s").await?;
    // From here on the host's and the display's views are counted, not
    // decoded: on their own laptops that work would not take this CPU.
    host.skip_views(true);
    let mut display = if args.no_staff {
        host.close();
        None
    } else {
        let display = Terminal::connect(&server.display_code).await?;
        display.skip_views(true);
        Some(display)
    };

    // Every team terminal connects at once; they share the client sockets.
    let endpoints = client_sockets(args, start)?;
    let (_, host_bytes_before) = host.traffic();
    let server_cpu_before = server.cpu_seconds();
    let config = idle_terminal_config(server.fingerprint)?;
    let give_up_after = args.give_up_after;
    let storm =
        join_storm(n, |i| {
            let endpoint = endpoints[i % endpoints.len()].clone();
            let config = config.clone();
            let code = codes[i].clone();
            // A terminal whose handshake or greeting fails tries again after
            // the app's jittered backoff, as the app does (issue 16).
            async move {
                Terminal::join_with_backoff(&endpoint, config, &code, false, give_up_after).await
            }
        })
        .await?;
    let all_in = Instant::now();
    let connect_all_s = storm.connect_all_s;
    let connected = storm.connected();
    let failed_to_connect = n - connected;
    // The host's frames during the join storm: what every join cost the
    // host's laptop and the hall's network (views, patches, acks).
    let host_bytes_during_join = host.traffic().1 - host_bytes_before;
    let server_cpu_join = match (server_cpu_before, server.cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => f64::NAN,
    };
    progress!(start, "{}", storm.summary());
    progress!(
        start,
        "during the join: the host received {:.1} MB, the server used {server_cpu_join:.2} s of CPU in {connect_all_s:.2} s",
        host_bytes_during_join as f64 / 1e6
    );
    storm.report_failures(start);
    if !storm.errors.is_empty() {
        let log = server.log();
        let warnings: Vec<&str> = log
            .lines()
            .filter(|l| l.contains("WARN") || l.contains("ERROR"))
            .collect();
        progress!(
            start,
            "the server logged {} warnings; the last: {:?}",
            warnings.len(),
            warnings.iter().rev().take(3).collect::<Vec<_>>()
        );
    }
    progress!(start, "{}", report("after connecting", &host));
    if let Some((rss, hwm)) = server.memory_kib() {
        progress!(
            start,
            "server memory with everyone connected: VmRSS {} MiB, VmHWM {} MiB",
            rss / 1024,
            hwm / 1024
        );
    }

    // «Время»: every terminal waits to see the minute run, then all hand in
    // their card at the same moment.
    if args.no_staff {
        host = Terminal::connect(&server.host_code).await?;
    }
    host.ok(Command::game(
        EVENT_CHGK,
        ChgkCommand::Announce { question: Q0 },
    ))
    .await?;
    host.ok(Command::game(EVENT_CHGK, ChgkCommand::StartMinute))
        .await?;
    if args.no_staff {
        host.close();
    }
    // The clock as a host terminal that joins now sees it.
    let mut clock_host = Terminal::connect(&server.host_code).await?;
    let clock = clock_host
        .wait_host("the running minute", |v| {
            v.event_chgk().clock.ends_at.is_some()
        })
        .await?
        .event_chgk()
        .clock
        .clone();
    let ends_at = clock
        .ends_at
        .ok_or_else(|| anyhow!("no end of the minute"))?;
    let barrier = Arc::new(Barrier::new(connected + 1));
    let (go_tx, go_rx) = watch::channel::<Option<Instant>>(None);
    let (done_tx, mut done_rx) = mpsc::unbounded_channel::<Outcome>();
    for (i, team) in storm.joined.into_iter().enumerate() {
        let Some(mut team) = team else { continue };
        let barrier = Arc::clone(&barrier);
        let mut go = go_rx.clone();
        let done = done_tx.clone();
        tokio::spawn(async move {
            let seen = team
                .wait_team("the minute", |v| {
                    v.event_chgk().clock.question == Some(Q0)
                        && v.event_chgk().clock.started_at.is_some()
                })
                .await;
            barrier.wait().await;
            let release = go.wait_for(Option::is_some).await.map(|t| *t);
            let mut outcome = Outcome {
                sent_at: None,
                ack: None,
                error: None,
                _terminal: None,
            };
            match (seen, release) {
                (Err(e), _) => outcome.error = Some(format!("{e:#}")),
                (_, Err(e)) => outcome.error = Some(format!("no release: {e}")),
                (Ok(_), Ok(release)) => {
                    if let Some(release) = release {
                        tokio::time::sleep_until(release.into()).await;
                    }
                    let sent_at = Instant::now();
                    match team.send_command(card(i)).await {
                        Ok(request) => {
                            outcome.sent_at = Some(sent_at);
                            match team.ack_timed(request).await {
                                Ok(ack) => outcome.ack = Some(ack),
                                Err(e) => outcome.error = Some(format!("{e:#}")),
                            }
                        }
                        Err(e) => outcome.error = Some(format!("{e:#}")),
                    }
                }
            }
            outcome._terminal = Some(team);
            let _ = done.send(outcome);
        });
    }
    drop(done_tx);
    let t = Instant::now();
    within_for(PHASE, "every terminal to see the minute", barrier.wait()).await?;
    progress!(
        start,
        "all {connected} terminals saw «Время» within {:.3} s",
        t.elapsed().as_secs_f64()
    );
    // The release: 1 s before the end signal, by the server's clock.
    let server_now = clock_host.ping().await?;
    let here = Instant::now();
    let lead = Duration::from_secs(1);
    let until_release = server_now.until(ends_at).saturating_sub(lead);
    if until_release.is_zero() {
        progress!(
            start,
            "less than {lead:?} of the minute is left: the burst starts now"
        );
    } else {
        progress!(
            start,
            "the burst starts in {:.3} s, {lead:?} before the end signal",
            until_release.as_secs_f64()
        );
    }
    let release = here + until_release;
    // The bare run's hall waits as long between its last connection and
    // its burst: a join storm leaves work behind (a bare server's queue
    // of late handshakes), so both bursts meet it equally drained.
    let hall_wait = release.saturating_duration_since(all_in);
    let _ = go_tx.send(Some(release));
    drop(clock_host);

    // The server's own CPU: over the second before the release (the hall
    // idle: keep-alives only), then from the release to the last
    // acknowledgement (the burst), to give the burst's CPU per card.
    let idle_from = release
        .checked_sub(Duration::from_secs(1))
        .filter(|t| *t > Instant::now());
    let idle_cpu = match idle_from {
        Some(from) => {
            tokio::time::sleep_until(from.into()).await;
            let before = server.cpu_seconds();
            tokio::time::sleep_until(release.into()).await;
            before
                .zip(server.cpu_seconds())
                .map(|(a, b)| (b - a) / release.duration_since(from).as_secs_f64())
        }
        None => None,
    };
    tokio::time::sleep_until(release.into()).await;
    let (cpu_at_release, own_at_release) = (server.cpu_seconds(), own_cpu_seconds());

    let mut outcomes = Vec::with_capacity(connected);
    while let Some(outcome) =
        within_for(PHASE + STEP, "the acknowledgements", done_rx.recv()).await?
    {
        outcomes.push(outcome);
    }
    let burst_wall = Instant::now().duration_since(release).as_secs_f64();
    let burst_cpu = cpu_at_release.zip(server.cpu_seconds()).map(|(a, b)| b - a);
    let own_burst_cpu = own_at_release.zip(own_cpu_seconds()).map(|(a, b)| b - a);
    let sent = outcomes.iter().filter(|o| o.sent_at.is_some()).count();
    let mut latencies: Vec<f64> = outcomes
        .iter()
        .filter_map(|o| match (&o.sent_at, &o.ack) {
            (Some(sent), Some((acked, Ok(_)))) => {
                Some(acked.duration_since(*sent).as_secs_f64() * 1000.0)
            }
            _ => None,
        })
        .collect();
    latencies.sort_by(f64::total_cmp);
    let first_send = outcomes.iter().filter_map(|o| o.sent_at).min();
    let last_send = outcomes.iter().filter_map(|o| o.sent_at).max();
    let late = outcomes
        .iter()
        .filter(|o| {
            matches!(
                o.ack,
                Some((
                    _,
                    Ok(Receipt::Game {
                        game: EVENT_CHGK,
                        receipt: GameReceipt::Chgk(ChgkReceipt::Card { late: true, .. })
                    })
                ))
            )
        })
        .count();
    let refused: Vec<&CommandError> = outcomes
        .iter()
        .filter_map(|o| o.ack.as_ref().and_then(|a| a.1.as_ref().err()))
        .collect();
    let errors: Vec<&String> = outcomes.iter().filter_map(|o| o.error.as_ref()).collect();
    if let (Some(a), Some(b)) = (first_send, last_send) {
        progress!(
            start,
            "{sent} cards sent within {:.3} s",
            b.duration_since(a).as_secs_f64()
        );
    }
    progress!(
        start,
        "{} acknowledged ({late} late, {} refused, {} errors); ack p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        refused.len(),
        errors.len(),
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.90),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or(f64::NAN)
    );
    let cards = latencies.len().max(1) as f64;
    let cpu_per_card_ms = burst_cpu.map(|c| c / cards * 1000.0);
    let server_cpu_share = burst_cpu.map(|c| c / burst_wall);
    progress!(
        start,
        "the burst: the server used {:.2} s of CPU in {burst_wall:.3} s ({:.0}% of a core), {:.3} ms per card; this bench {:.2} s; the idle hall just before it: {:.0}% of a core (keep-alives)",
        burst_cpu.unwrap_or(f64::NAN),
        server_cpu_share.unwrap_or(f64::NAN) * 100.0,
        cpu_per_card_ms.unwrap_or(f64::NAN),
        own_burst_cpu.unwrap_or(f64::NAN),
        idle_cpu.unwrap_or(f64::NAN) * 100.0,
    );
    if let Some(e) = refused.first() {
        progress!(start, "e.g. refused: {e}");
    }
    if let Some(e) = errors.first() {
        progress!(start, "e.g. error: {e}");
    }
    let received: Vec<u64> = outcomes
        .iter()
        .filter_map(|o| match &o.ack {
            Some((
                _,
                Ok(Receipt::Game {
                    game: EVENT_CHGK,
                    receipt: GameReceipt::Chgk(ChgkReceipt::Card { received_at, .. }),
                }),
            )) => Some(received_at.0),
            _ => None,
        })
        .collect();
    if let (Some(first), Some(last), Some(ends)) =
        (received.iter().min(), received.iter().max(), clock.ends_at)
    {
        progress!(
            start,
            "server receipt times span {:.3} s; the last card came {:.3} s before the end of the minute",
            (last - first) as f64 / 1e6,
            (ends.0 as f64 - *last as f64) / 1e6
        );
    }

    progress!(start, "{}", report("after the burst", &host));

    // Memory, then kill the server and count what it stored.
    let (rss_kib, hwm_kib) = server
        .memory_kib()
        .ok_or_else(|| anyhow!("cannot read /proc/{pid}/status"))?;
    progress!(
        start,
        "server memory after the burst: VmRSS {} MiB, peak VmHWM {} MiB ({:.1} KiB per terminal)",
        rss_kib / 1024,
        hwm_kib / 1024,
        hwm_kib as f64 / n as f64
    );
    drop(outcomes);
    drop(host);
    if let Some(display) = display.as_mut() {
        display.ping().await?;
    }
    drop(display);
    let database = server.database();
    let mut server = server;
    server.kill()?;
    let db = rusqlite::Connection::open(&database)
        .with_context(|| format!("opening {}", database.display()))?;
    let stored: i64 = db.query_row(
        "SELECT count(*) FROM events WHERE kind='chgk_card_accepted'",
        [],
        |row| row.get(0),
    )?;
    progress!(
        start,
        "server killed; {stored} cards stored in {}",
        database.display()
    );
    drop(db);
    drop(endpoints);

    // The transport's floor, with the killed server's certificate.
    let floor = if args.no_bare {
        None
    } else {
        Some(bare_quinn(args, &server.cert_dir(), config, hall_wait, start).await?)
    };
    drop(server);
    let ack_p99 = percentile(&latencies, 0.99);
    // NaN (null in the JSON line) without the bare run.
    let (bare_connect_all_s, bare_p50, bare_p99) =
        floor.as_ref().map_or((f64::NAN, f64::NAN, f64::NAN), |f| {
            (
                f.connect_all_s,
                percentile(&f.latencies, 0.50),
                percentile(&f.latencies, 0.99),
            )
        });
    let bare_failed = floor.as_ref().map(|f| f.failed);
    let ratio_p99 = ack_p99 / bare_p99;
    let ratio_connect = connect_all_s / bare_connect_all_s;
    if let Some(failed) = bare_failed {
        let caveat = if failed > 0 {
            format!("; but {failed} bare connections had no echo: no floor at this size")
        } else {
            String::new()
        };
        progress!(
            start,
            "minuta against bare quinn: ack p99 {ack_p99:.2} / {bare_p99:.2} ms = {ratio_p99:.2}× (target ≤ 1.5), connect all {connect_all_s:.3} / {bare_connect_all_s:.3} s = {ratio_connect:.2}× (target ≤ 1.5){caveat}"
        );
    }

    // Built by hand so the keys keep the documented order.
    let number = |x: f64| serde_json::Value::from(round3(x));
    Ok(format!(
        "{{\"bench\":\"burst\",\"terminals\":{n},\"connect_all_s\":{},\"ack_p50_ms\":{},\"ack_p99_ms\":{},\"sent\":{sent},\"stored\":{stored},\"server_rss_mb\":{},\"failed_to_connect\":{failed_to_connect},\"host_bytes_during_join\":{host_bytes_during_join},\"server_cpu_ms_per_card\":{},\"server_cpu_share_burst\":{},\"server_cpu_share_join\":{},\"bare_quinn_connect_all_s\":{},\"bare_quinn_ack_p50_ms\":{},\"bare_quinn_ack_p99_ms\":{},\"bare_quinn_failed\":{},\"ratio_p99\":{},\"ratio_connect\":{}}}",
        number(connect_all_s),
        number(percentile(&latencies, 0.50)),
        number(ack_p99),
        number(hwm_kib as f64 / 1024.0),
        number(cpu_per_card_ms.unwrap_or(f64::NAN)),
        number(server_cpu_share.unwrap_or(f64::NAN)),
        number(server_cpu_join / connect_all_s),
        number(bare_connect_all_s),
        number(bare_p50),
        number(bare_p99),
        serde_json::Value::from(bare_failed),
        number(ratio_p99),
        number(ratio_connect),
    ))
}

/// Team terminal `i`'s card (numbered from 0).
fn card(i: usize) -> Command {
    Command::game(
        EVENT_CHGK,
        ChgkCommand::SubmitCard {
            question: Q0,
            text: format!("ответ {}", i + 1),
        },
    )
}

/// Team terminal `i`'s card frame as its bytes go on the wire: its first
/// message after the greeting (envelope 1, request 1, as [`Terminal`]
/// numbers them). The bare run echoes these, so its frames are the same
/// size as the real burst's.
fn card_frame(i: usize) -> Result<Vec<u8>> {
    let message = ClientMsg::Command {
        request: 1,
        command: card(i),
    };
    codec::encode_frame(&Envelope::new(1, message)).context("encoding a card's frame")
}

/// The client UDP sockets the terminals share (`--sockets`, `--buffer`).
fn client_sockets(args: &Args, start: Instant) -> Result<Vec<quinn::Endpoint>> {
    let mut endpoints = Vec::with_capacity(args.sockets);
    let mut granted = usize::MAX;
    for _ in 0..args.sockets {
        let (endpoint, got) = client_endpoint_with_buffers(Some(args.buffer))?;
        granted = granted.min(got);
        endpoints.push(endpoint);
    }
    progress!(
        start,
        "{} client socket(s), receive buffer: asked {} KiB, granted {} KiB (the least of them)",
        endpoints.len(),
        args.buffer / 1024,
        granted / 1024
    );
    Ok(endpoints)
}

/// A join storm's outcome.
struct Storm<T> {
    /// By terminal: its connection, or `None` if it gave up.
    joined: Vec<Option<T>>,
    /// From the start of the storm until the last one was in (or gave up).
    connect_all_s: f64,
    /// When each got in, seconds from the start, in order.
    joined_at: Vec<f64>,
    /// How many got in after a failed attempt, and the failed attempts.
    retried: usize,
    retries: u64,
    /// Why each that gave up did, as `team K: why`.
    errors: Vec<String>,
}

/// Starts `join(i)` for every terminal `i` at the same instant, each in a
/// task of its own (retrying on its own: [`with_backoff`]), and waits for
/// them all. The real run and the bare one both join through this.
async fn join_storm<T, F>(n: usize, join: impl Fn(usize) -> F) -> Result<Storm<T>>
where
    T: Send + 'static,
    F: Future<Output = Result<(T, u32)>> + Send + 'static,
{
    let t = Instant::now();
    let mut joins = JoinSet::new();
    for i in 0..n {
        let joining = join(i);
        joins.spawn(async move { (i, joining.await) });
    }
    let mut storm = Storm {
        joined: (0..n).map(|_| None).collect(),
        connect_all_s: f64::NAN,
        joined_at: Vec::with_capacity(n),
        retried: 0,
        retries: 0,
        errors: Vec::new(),
    };
    while let Some(joined) =
        within_for(PHASE, "every terminal to connect", joins.join_next()).await?
    {
        let (i, result) = joined.context("a connecting task")?;
        match result {
            Ok((connection, failed)) => {
                storm.joined[i] = Some(connection);
                storm.joined_at.push(t.elapsed().as_secs_f64());
                if failed > 0 {
                    storm.retried += 1;
                    storm.retries += u64::from(failed);
                }
            }
            Err(e) => storm.errors.push(format!("team {}: {e:#}", i + 1)),
        }
    }
    storm.connect_all_s = t.elapsed().as_secs_f64();
    Ok(storm)
}

impl<T> Storm<T> {
    fn connected(&self) -> usize {
        self.joined_at.len()
    }

    /// Its progress line: how many got in, how fast, how many retried.
    fn summary(&self) -> String {
        format!(
            "{}/{} terminals connected in {:.3} s ({} after a failed attempt, {} failed attempts in all); half in by {:.3} s, 90% by {:.3} s",
            self.connected(),
            self.joined.len(),
            self.connect_all_s,
            self.retried,
            self.retries,
            percentile(&self.joined_at, 0.5),
            percentile(&self.joined_at, 0.9)
        )
    }

    /// Progress lines counting why those that gave up did (none if all
    /// got in).
    fn report_failures(&self, start: Instant) {
        let kinds = self
            .errors
            .iter()
            .map(|e| e.split_once(": ").map_or(e.as_str(), |(_, k)| k));
        report_kinds(start, "failed to connect", kinds);
    }
}

/// Progress lines counting errors by kind, under `heading` (none if there
/// are none).
fn report_kinds<'a>(start: Instant, heading: &str, errors: impl Iterator<Item = &'a str>) {
    let mut kinds: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for kind in errors {
        *kinds.entry(kind).or_default() += 1;
    }
    if kinds.is_empty() {
        return;
    }
    progress!(start, "{} {heading}:", kinds.values().sum::<usize>());
    for (kind, count) in kinds {
        progress!(start, "  {count} × {kind}");
    }
}

/// What the bare quinn run measured.
struct Floor {
    connect_all_s: f64,
    /// Connections that never had their echo: they gave up joining, or
    /// were lost before or in the burst.
    failed: usize,
    /// Each echo's round trip, ms, sorted.
    latencies: Vec<f64>,
}

/// The transport's floor: the same N connections, client sockets,
/// configuration, storm and backoff against a bare quinn echo server
/// ([`BareServer`], with the real server's certificate from `cert_dir`);
/// `hall_wait` after the last connection got in (keep-alives only), every
/// connection writes its terminal's card frame at the same instant and
/// reads it back.
async fn bare_quinn(
    args: &Args,
    cert_dir: &Path,
    config: quinn::ClientConfig,
    hall_wait: Duration,
    start: Instant,
) -> Result<Floor> {
    let n = args.terminals;
    let server = BareServer::start("--bare-echo-server", &[cert_dir.as_os_str()]).await?;
    progress!(
        start,
        "bare quinn: echo server (pid {}) listens on {}",
        server.pid(),
        server.addr
    );
    let frames = (0..n).map(card_frame).collect::<Result<Vec<_>>>()?;
    let endpoints = client_sockets(args, start)?;
    let (cpu_before, own_before) = (server.cpu_seconds(), own_cpu_seconds());
    let (addr, give_up_after) = (server.addr, args.give_up_after);
    let storm = join_storm(n, |i| {
        let endpoint = endpoints[i % endpoints.len()].clone();
        let config = config.clone();
        async move {
            // No error is final: a bare server refuses no one.
            with_backoff(
                give_up_after,
                |_| false,
                || Link::open_with(&endpoint, addr, config.clone()),
            )
            .await
        }
    })
    .await?;
    let connect_all_s = storm.connect_all_s;
    let join_cpu = cpu_before.zip(server.cpu_seconds()).map(|(a, b)| b - a);
    let own_join_cpu = own_before.zip(own_cpu_seconds()).map(|(a, b)| b - a);
    progress!(start, "bare quinn: {}", storm.summary());
    storm.report_failures(start);
    progress!(
        start,
        "bare quinn, during the join: the server used {:.2} s of CPU in {connect_all_s:.2} s, this bench {:.2} s",
        join_cpu.unwrap_or(f64::NAN),
        own_join_cpu.unwrap_or(f64::NAN)
    );

    let release = Instant::now() + hall_wait;
    progress!(
        start,
        "bare quinn: the burst starts in {:.3} s, as long after the last connection as the real one",
        hall_wait.as_secs_f64()
    );
    // Watched to tell the connections that died between getting in and
    // the burst (a server too busy to answer their keep-alives within the
    // 4-s idle timeout) from those the burst itself lost.
    let watched: Vec<quinn::Connection> = storm
        .joined
        .iter()
        .flatten()
        .map(|link| link.conn.clone())
        .collect();
    let mut echoes = JoinSet::new();
    for (link, frame) in storm.joined.into_iter().zip(frames) {
        let Some(mut link) = link else { continue };
        echoes.spawn(async move {
            tokio::time::sleep_until(release.into()).await;
            let sent_at = Instant::now();
            let echoed = echo(&mut link, &frame)
                .await
                .map(|()| sent_at.elapsed().as_secs_f64() * 1000.0);
            (sent_at, echoed, link)
        });
    }
    tokio::time::sleep_until(release.into()).await;
    let (cpu_at_release, own_at_release) = (server.cpu_seconds(), own_cpu_seconds());
    let lost: Vec<quinn::ConnectionError> = watched
        .iter()
        .filter_map(quinn::Connection::close_reason)
        .collect();
    drop(watched);
    if let Some(why) = lost.first() {
        progress!(
            start,
            "bare quinn: {} connections lost between getting in and the burst, e.g. {why}",
            lost.len()
        );
    }
    let mut latencies = Vec::with_capacity(n);
    let mut sent: Vec<Instant> = Vec::with_capacity(n);
    let mut errors = Vec::new();
    // Every connection stays open until the last echo is in, so no close
    // meets the burst.
    let mut links = Vec::with_capacity(n);
    while let Some(done) = within_for(PHASE + STEP, "the echoes", echoes.join_next()).await? {
        let (sent_at, echoed, link) = done.context("an echoing task")?;
        sent.push(sent_at);
        match echoed {
            Ok(ms) => latencies.push(ms),
            Err(e) => errors.push(format!("{e:#}")),
        }
        links.push(link);
    }
    let burst_wall = release.elapsed().as_secs_f64();
    let burst_cpu = cpu_at_release.zip(server.cpu_seconds()).map(|(a, b)| b - a);
    let own_burst_cpu = own_at_release.zip(own_cpu_seconds()).map(|(a, b)| b - a);
    latencies.sort_by(f64::total_cmp);
    if let (Some(first), Some(last)) = (sent.iter().min(), sent.iter().max()) {
        progress!(
            start,
            "bare quinn: {} frames written within {:.3} s",
            sent.len(),
            last.duration_since(*first).as_secs_f64()
        );
    }
    progress!(
        start,
        "bare quinn: {} echoed ({} errors); ack p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        errors.len(),
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.90),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or(f64::NAN)
    );
    progress!(
        start,
        "bare quinn, the burst: the server used {:.2} s of CPU in {burst_wall:.3} s ({:.0}% of a core), {:.3} ms per echo; this bench {:.2} s",
        burst_cpu.unwrap_or(f64::NAN),
        burst_cpu.map_or(f64::NAN, |c| c / burst_wall * 100.0),
        burst_cpu.map_or(f64::NAN, |c| c / latencies.len().max(1) as f64 * 1000.0),
        own_burst_cpu.unwrap_or(f64::NAN)
    );
    report_kinds(
        start,
        "bare quinn echoes failed",
        errors.iter().map(String::as_str),
    );
    drop(links);
    Ok(Floor {
        connect_all_s,
        failed: n - latencies.len(),
        latencies,
    })
}

/// Writes `frame` on the link's stream and reads it back whole.
async fn echo(link: &mut Link, frame: &[u8]) -> Result<()> {
    link.send_bytes(frame).await?;
    let mut back = vec![0u8; frame.len()];
    within("the echo", link.recv.read_exact(&mut back))
        .await?
        .context("reading the echo")?;
    if back != frame {
        bail!("the echo is not the frame sent");
    }
    Ok(())
}

/// The bare echo server's process (`--bare-echo-server ADDR CERT_DIR`).
fn serve_bare_echo(args: &[String]) -> ExitCode {
    let usage = "--bare-echo-server takes ADDR and CERT_DIR";
    serve_process("burst: bare echo server", usage, args, |listen, rest| {
        let [cert_dir] = rest else {
            bail!("{} arguments after ADDR", rest.len());
        };
        Ok(bare_echo_server(listen, Path::new(cert_dir)))
    })
}

/// The bare quinn echo server: the real server's certificate, TLS and
/// transport settings (`net::tls::quinn_server_config`) and UDP socket
/// (`net::endpoint::bind`: the same enlarged buffers), and nothing of
/// Minuta's between: every connection is accepted, and every frame its one
/// bidirectional stream brings is written back as it came. Prints the
/// address it listens on, then serves.
async fn bare_echo_server(listen: SocketAddr, cert_dir: &Path) -> Result<()> {
    let identity = minuta_server::net::tls::load_or_create(cert_dir)?;
    let config = minuta_server::net::tls::quinn_server_config(&identity)?;
    let endpoint = minuta_server::net::endpoint::bind(listen, config)?;
    println!("{}", endpoint.local_addr()?);
    std::io::Write::flush(&mut std::io::stdout())?;
    while let Some(incoming) = endpoint.accept().await {
        tokio::spawn(async move {
            let Ok(conn) = incoming.await else { return };
            let Ok((mut send, mut recv)) = conn.accept_bi().await else {
                return;
            };
            // Frame by frame, by the codec's length prefix, as the server
            // reads a terminal's stream; until the connection ends.
            loop {
                let mut prefix = [0u8; 4];
                if recv.read_exact(&mut prefix).await.is_err() {
                    return;
                }
                let Ok(len) = codec::check_frame_len(prefix, MAX_TERMINAL_FRAME_BYTES) else {
                    return;
                };
                let mut frame = vec![0u8; 4 + len];
                frame[..4].copy_from_slice(&prefix);
                if recv.read_exact(&mut frame[4..]).await.is_err()
                    || send.write_all(&frame).await.is_err()
                {
                    return;
                }
            }
        });
    }
    Ok(())
}

/// The app's pinned configuration, as a hall of idle terminals loads the
/// server: the app pings every second outside a button game
/// (`minuta_client::shell::native::net::heartbeat::IDLE`) and hears a pong; these
/// terminals, which run no app, send QUIC's keep-alive at that pace
/// instead — the same datagrams each way, without the pong the server
/// would build (so the idle hall here costs the server a little less than
/// the app's would).
fn idle_terminal_config(fingerprint: [u8; 32]) -> Result<quinn::ClientConfig> {
    let mut config = minuta_client::shell::native::net::quic::client_config(fingerprint)
        .context("the pinned client configuration")?;
    let mut transport = quinn::TransportConfig::default();
    transport.keep_alive_interval(Some(minuta_client::shell::native::net::heartbeat::IDLE));
    if let Ok(idle) = quinn::IdleTimeout::try_from(minuta_client::net::tls::IDLE_TIMEOUT) {
        transport.max_idle_timeout(Some(idle));
    }
    config.transport_config(Arc::new(transport));
    Ok(config)
}
