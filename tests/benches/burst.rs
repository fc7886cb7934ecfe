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
//! "server_cpu_share_join":…}`. `ack_*` is the
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
//! The join storm: every team terminal starts its handshake at the same
//! instant. One whose handshake or greeting fails (no answer within the
//! app's 4-s idle timeout, a reset) tries again after the app's jittered
//! backoff (`minuta_client::net::connection::backoff`), as the app does;
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
//! stops trying to join after S seconds, default 60).
//! Nothing here is asserted: the figures are printed for a person to judge.
//! Run without `--bench` (by `cargo test --benches` or `--all-targets`) it
//! is a quick smoke run with 20 terminals and a 2-s minute.

use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use tokio::sync::{Barrier, mpsc, watch};

use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::games::GameReceipt;
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_tests::bench::{Mode, at_least, finish, parse, raise_to, seconds};
use minuta_tests::hall::{load_package, players, set_up_tournament, team_codes, team_name};
use minuta_tests::stats::percentile;
use minuta_tests::terminal::{Terminal, client_endpoint_with_buffers, within_for};
use minuta_tests::{STEP, TestServer, progress};

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
        }
    }
}

fn main() -> ExitCode {
    let options: Options = parse();
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

/// CPU time (user + system) of this process, from `/proc/self/stat`.
fn own_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    Some((fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?) / 100.0)
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
    let mut endpoints = Vec::new();
    for _ in 0..args.sockets {
        let (endpoint, granted) = client_endpoint_with_buffers(Some(args.buffer))?;
        progress!(
            start,
            "client socket receive buffer: asked {} KiB, granted {} KiB",
            args.buffer / 1024,
            granted / 1024
        );
        endpoints.push(endpoint);
    }
    let t = Instant::now();
    let (_, host_bytes_before) = host.traffic();
    let server_cpu_before = server.cpu_seconds();
    let mut joins = tokio::task::JoinSet::new();
    let config = idle_terminal_config(server.fingerprint)?;
    for (i, code) in codes.into_iter().enumerate() {
        let endpoint = endpoints[i % endpoints.len()].clone();
        let config = config.clone();
        // A terminal whose handshake or greeting fails tries again after
        // the app's jittered backoff, as the app does (issue 16).
        let give_up_after = args.give_up_after;
        joins.spawn(async move {
            (
                i,
                Terminal::join_with_backoff(&endpoint, config, &code, false, give_up_after).await,
            )
        });
    }
    let mut teams: Vec<Option<Terminal>> = (0..n).map(|_| None).collect();
    let mut connect_errors = Vec::new();
    let (mut retried, mut retries) = (0usize, 0u64);
    let mut joined_at: Vec<f64> = Vec::with_capacity(n);
    while let Some(joined) =
        within_for(PHASE, "every terminal to connect", joins.join_next()).await?
    {
        let (i, result) = joined.context("a connecting task")?;
        match result {
            Ok((terminal, failed)) => {
                teams[i] = Some(terminal);
                joined_at.push(t.elapsed().as_secs_f64());
                if failed > 0 {
                    retried += 1;
                    retries += u64::from(failed);
                }
            }
            Err(e) => connect_errors.push(format!("team {}: {e:#}", i + 1)),
        }
    }
    let connect_all_s = t.elapsed().as_secs_f64();
    let connected = teams.iter().filter(|t| t.is_some()).count();
    let failed_to_connect = n - connected;
    // The host's frames during the join storm: what every join cost the
    // host's laptop and the hall's network (views, patches, acks).
    let host_bytes_during_join = host.traffic().1 - host_bytes_before;
    let server_cpu_join = match (server_cpu_before, server.cpu_seconds()) {
        (Some(a), Some(b)) => b - a,
        _ => f64::NAN,
    };
    progress!(
        start,
        "{connected}/{n} terminals connected in {connect_all_s:.3} s ({retried} after a failed attempt, {retries} failed attempts in all); half in by {:.3} s, 90% by {:.3} s",
        percentile(&joined_at, 0.5),
        percentile(&joined_at, 0.9)
    );
    progress!(
        start,
        "during the join: the host received {:.1} MB, the server used {server_cpu_join:.2} s of CPU in {connect_all_s:.2} s",
        host_bytes_during_join as f64 / 1e6
    );
    if !connect_errors.is_empty() {
        let mut kinds: std::collections::BTreeMap<String, usize> =
            std::collections::BTreeMap::new();
        for e in &connect_errors {
            let kind = e.split_once(": ").map_or(e.as_str(), |(_, k)| k);
            *kinds.entry(kind.to_owned()).or_default() += 1;
        }
        progress!(start, "{} failed to connect:", connect_errors.len());
        for (kind, count) in kinds {
            progress!(start, "  {count} × {kind}");
        }
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
    for (i, team) in teams.into_iter().enumerate() {
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
                    let command = Command::game(
                        EVENT_CHGK,
                        ChgkCommand::SubmitCard {
                            question: Q0,
                            text: format!("ответ {}", i + 1),
                        },
                    );
                    let sent_at = Instant::now();
                    match team.send_command(command).await {
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
    drop(server);

    // Built by hand so the keys keep the documented order.
    let number = |x: f64| serde_json::Value::from(round3(x));
    Ok(format!(
        "{{\"bench\":\"burst\",\"terminals\":{n},\"connect_all_s\":{},\"ack_p50_ms\":{},\"ack_p99_ms\":{},\"sent\":{sent},\"stored\":{stored},\"server_rss_mb\":{},\"failed_to_connect\":{failed_to_connect},\"host_bytes_during_join\":{host_bytes_during_join},\"server_cpu_ms_per_card\":{},\"server_cpu_share_burst\":{},\"server_cpu_share_join\":{}}}",
        number(connect_all_s),
        number(percentile(&latencies, 0.50)),
        number(percentile(&latencies, 0.99)),
        number(hwm_kib as f64 / 1024.0),
        number(cpu_per_card_ms.unwrap_or(f64::NAN)),
        number(server_cpu_share.unwrap_or(f64::NAN)),
        number(server_cpu_join / connect_all_s),
    ))
}

/// The app's pinned configuration, as a hall of idle terminals loads the
/// server: the app pings every second outside a button game
/// (`minuta_client::net::heartbeat::IDLE`) and hears a pong; these
/// terminals, which run no app, send QUIC's keep-alive at that pace
/// instead — the same datagrams each way, without the pong the server
/// would build (so the idle hall here costs the server a little less than
/// the app's would).
fn idle_terminal_config(fingerprint: [u8; 32]) -> Result<quinn::ClientConfig> {
    let mut config = minuta_client::net::tls::client_config(fingerprint)
        .context("the pinned client configuration")?;
    let mut transport = quinn::TransportConfig::default();
    transport.keep_alive_interval(Some(minuta_client::net::heartbeat::IDLE));
    if let Ok(idle) = quinn::IdleTimeout::try_from(minuta_client::net::tls::IDLE_TIMEOUT) {
        transport.max_idle_timeout(Some(idle));
    }
    config.transport_config(Arc::new(transport));
    Ok(config)
}
