//! The Brain-ring button's latency: `cargo bench -p minuta-tests --bench press [-- --terminals N]`.
//!
//! In one run:
//! 1. the baseline: a raw UDP round trip on loopback (32 bytes) between a
//!    tokio UDP echo on its own thread and a client, both on single-threaded
//!    runtimes, as the server process and a terminal are; for reference, the
//!    same round trip over one quinn stream with the server's TLS and
//!    transport settings (the floor any QUIC press can reach), and later a
//!    Minuta ping → pong (the press's path, answered without the driver);
//! 2. the server's core in this process, without any network: what one
//!    press costs it (the decision, then every terminal's view built and
//!    encoded as the driver and the connection writers do);
//! 3. a real `minuta-server` process (the release build) with a host, a
//!    projector display and N team terminals (default 100) connected, each on
//!    its own UDP socket, and a ChGK package loaded as on a tournament day.
//!    Teams 1 and 2 play a long friendly fight while the others watch.
//!    Question after question the host reads, gives «Время», one table
//!    presses (and wins), the host judges it wrong, the other table presses
//!    in its second chance (and wins), the host judges it right. For every
//!    press: **verdict** = from writing the press's frame to reading its
//!    `Ack` on the pressing terminal; **lockout (all)** = until the last of
//!    every other terminal that the server sends something has read it: the
//!    other table, the host and the display must show the pressing table
//!    answering; a watching team's screen shows nothing of the fight, so for
//!    it the first view after the press counts, and one that gets none
//!    within 20 ms is not waited for (the progress lines say how many did).
//!
//! Every frame is stamped by its terminal's reader task the moment it is
//! whole and decoded later, so decoding a large host view never delays the
//! stamp of another terminal's frame (all terminals share this process's one
//! thread: a single-threaded runtime, on a 2-core machine). Between steps
//! the fight's terminals (host, display, the two tables) ping and wait for
//! their pongs, which the server queues behind the views it has sent, so
//! each press starts from a quiet fight. The barrier reads only each
//! frame's header (decoding the host's 57 KB views there put half a
//! millisecond of this process's own work between the hall going quiet and
//! the press, and on a virtual machine every quiet µs makes the next round
//! trip slower, raw UDP's included: see `--pause-ms`). The watching teams behave as real
//! team terminals do meanwhile: each pings once a second at its own phase
//! and reads whatever comes (a barrier ping to all of them before every
//! press made the whole hall answer at once right before it, and
//! acknowledge 25 ms later, which no hall does). Progress lines also break
//! the figures down: the way up (write → the server's stamp, by the wall
//! clocks both sides read), the way back, the lockout per audience, the
//! server's CPU time per question.
//!
//! Progress goes to stdout; the last line is one JSON object:
//! `{"bench":"press","terminals":N,"udp_rtt_p50_us":…,"udp_rtt_p99_us":…,
//! "verdict_p50_us":…,"verdict_p99_us":…,"p50_ratio":…,"p99_ratio":…,
//! "quic_rtt_p50_us":…,"verdict_to_quic_p50_ratio":…,"lockout_all_p99_us":…}`
//! (`p*_ratio` = verdict / raw UDP round trip; `verdict_to_quic_p50_ratio`
//! = verdict p50 / the bare quinn stream's round trip p50).
//! A hall: the two tables, the host and the projector are laptops of their
//! own, and so are the watching teams (on a thread of their own here that
//! never polls busily). A table's laptop keeps its network thread polling
//! while its fight has a question in play (`minuta_server::busy_poll`), on
//! a core of its own; here every terminal shares the server's two cores, so
//! by default the terminals' thread sleeps between frames (issue 16.5: on
//! this 2-core machine, shared with three builds, a polling terminal thread
//! and the polling server thread took both cores and the press's p99 was
//! 16–20 ms; with neither polling, 0.22 ms). `--hot-terminals` keeps the
//! terminals' thread polling while the fight is played, like the UDP
//! baseline's loop, which never sleeps; `--server-sleeps` runs the server
//! with `--no-busy-poll`.
//! Options: `--terminals N`, `--presses P` (measured presses, default 200),
//! `--udp-samples S` (default 20,000), `--pause-ms MS` (the buttons stay
//! armed, the hall quiet, this long before each press; default 0; with a
//! pause the UDP and QUIC round trips are measured again after the same
//! pause, both sides polling through it),
//! `--trace FILE` (one line per press: the presser's UDP port, wall-clock µs
//! of the write, the server's stamp, wall-clock µs of reading the ack, then
//! port and wall-clock µs of reading the lockout for the other table, the
//! host and the display — to match against a packet capture). Nothing is
//! asserted. Built as a test (without cargo bench's `--bench` flag) it does
//! nothing.

use std::process::ExitCode;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, anyhow, bail};

use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{EVENT_RING, FightId, PressKind, RingCommand};
use minuta_shared::play::games::GamePatch;
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::View;
use minuta_tests::bench::{
    Mode, at_least, finish, millis, parse, quic_baseline, quiet, raise_to, udp_baseline,
};
use minuta_tests::brain_ring::{
    Stamped, StampedTerminal, is_answering, long_format, open_friendly, own_fight, shows_answering,
    untimed, verdict_of,
};
use minuta_tests::hall::{
    PACKAGE, load_package, register_teams, set_up_tournament, team_codes, team_name,
};
use minuta_tests::press_hall::{CoreCost, Watchers, core_cost};
use minuta_tests::stats::{percentile, sorted, summary};
use minuta_tests::terminal::{Terminal, client_endpoint};
use minuta_tests::{TestServer, progress};

/// The Brain-ring button's latency against raw UDP and a bare QUIC stream.
#[derive(clap::Parser)]
#[command(name = "press")]
struct Args {
    /// Team terminals, the two tables among them (at least 2).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = at_least::<2>)]
    terminals: usize,
    /// Measured presses.
    #[arg(long, value_name = "P", default_value_t = 200)]
    presses: usize,
    /// Raw UDP round trips measured (at least 100).
    #[arg(long, value_name = "S", default_value_t = 20_000, value_parser = raise_to::<100>)]
    udp_samples: usize,
    /// Writes one line per measured press (for matching with a packet capture).
    #[arg(long, value_name = "FILE")]
    trace: Option<std::path::PathBuf>,
    /// How long the buttons stay armed (quiet) before the press, in ms.
    #[arg(long = "pause-ms", value_name = "MS", default_value = "0", value_parser = millis)]
    pause: Duration,
    /// Keep the terminals' thread polling during the fight, as each table's
    /// laptop does on a core of its own (here it takes the server's).
    #[arg(long, overrides_with = "cold_terminals")]
    hot_terminals: bool,
    /// The terminals' thread sleeps between frames: the default since
    /// issue 16.5, kept for older command lines.
    #[arg(long, overrides_with = "hot_terminals", hide = true)]
    cold_terminals: bool,
    /// Run the server with `--no-busy-poll`: its thread sleeps between
    /// packets, also while the buttons are armed.
    #[arg(long)]
    server_sleeps: bool,
    #[command(flatten)]
    mode: Mode,
}

impl Args {
    /// Whether the terminals' thread polls during the fight: the last of
    /// `--hot-terminals` and `--cold-terminals` counts.
    fn hot(&self) -> bool {
        self.hot_terminals && !self.cold_terminals
    }
}

fn main() -> ExitCode {
    let args: Args = parse();
    // `cargo test --benches` runs bench targets without `--bench`: do nothing.
    if args.mode.idle("press") {
        return ExitCode::SUCCESS;
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    finish("press", runtime, run(&args))
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// The terminals of the hall: `all[0]` the host, `all[1]` the display,
/// `all[2 + i]` team i (teams 0 and 1 sit at tables 0 and 1).
const HOST: usize = 0;
const DISPLAY: usize = 1;
const TEAMS: usize = 2;

/// Waits until every terminal has read everything the server sent it
/// before this call: a ping to each, then each one's pong (see
/// [`StampedTerminal::wait_pong`]); whatever came before is dropped.
async fn settle(all: &mut [StampedTerminal]) -> Result<()> {
    let mut tokens = Vec::with_capacity(all.len());
    for t in all.iter_mut() {
        tokens.push(t.send_ping().await?);
    }
    for (t, token) in all.iter_mut().zip(tokens) {
        t.wait_pong(token).await?;
    }
    Ok(())
}

/// A host command on the stamped host terminal, then [`settle`]: the
/// views it caused have reached everyone (the driver queues them before the
/// host's acknowledgement can be written).
async fn step(all: &mut [StampedTerminal], command: Command) -> Result<()> {
    all[HOST].ok(command).await?;
    settle(all).await
}

/// One measured press.
struct Sample {
    verdict_us: f64,
    lockout_all_us: f64,
    lockout_fight_us: f64,
    /// From writing the frame to the server's arrival stamp (µs, by the wall clock).
    uplink_us: f64,
    /// From the server's arrival stamp to reading the ack.
    stamp_to_ack_us: f64,
    spectators_seen: usize,
    /// For `--trace`: the presser's UDP port, wall-clock µs of the write,
    /// the server's stamp, wall-clock µs of reading the ack; then for the
    /// other table, the host and the display: UDP port and wall-clock µs of
    /// reading the lockout.
    trace: String,
    /// Per audience: the other table, the host, the display, the last watching team.
    other_table_us: f64,
    host_us: f64,
    display_us: f64,
    watchers_us: f64,
}

/// Maps this process's monotonic instants to server time (µs since the
/// epoch): the server's clock is the wall clock at its start plus monotonic
/// time since, and so is this.
struct WallClock {
    wall_us: f64,
    at: Instant,
}

impl WallClock {
    fn now() -> Self {
        let wall_us = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs_f64() * 1e6)
            .unwrap_or(0.0);
        WallClock {
            wall_us,
            at: Instant::now(),
        }
    }

    fn of(&self, i: Instant) -> f64 {
        self.wall_us + i.saturating_duration_since(self.at).as_secs_f64() * 1e6
            - self.at.saturating_duration_since(i).as_secs_f64() * 1e6
    }
}

/// Team at `table` presses question `number` of `fight`; it must win.
async fn measure(
    all: &mut [StampedTerminal],
    watchers: &Watchers,
    fight: FightId,
    number: u32,
    table: usize,
    wall: &WallClock,
) -> Result<Sample> {
    let presser = TEAMS + table;
    let (request, sent) = all[presser]
        .send_command(Command::Press { clock_offset_us: 0 })
        .await?;
    let (acked, result) = all[presser].ack(request).await?;
    let verdict = verdict_of(&result)?;
    if verdict.kind != PressKind::Won {
        bail!("question {number}: table {table} pressed and got {verdict:?}");
    }
    // Take the first frame after the press from every other terminal
    // before decoding anything, so decoding delays no stamp.
    // The fight's audiences (host, display, the other table) must get a
    // view; a watching team's screen shows nothing of the fight, so a server
    // may well send it nothing: it gets 20 ms after the others.
    let mut firsts: Vec<Option<Stamped>> = (0..all.len()).map(|_| None).collect();
    for i in [HOST, DISPLAY, TEAMS + 1 - table] {
        firsts[i] = Some(all[i].next_frame().await?);
    }
    let mut read: Vec<String> = Vec::new();
    let watchers_deadline = tokio::time::Instant::now() + Duration::from_millis(20);
    tokio::time::sleep_until(watchers_deadline).await;
    let (mut lockout_all, mut lockout_fight, mut spectators_seen) = (0f64, 0f64, 0);
    let (mut other_table_us, mut host_us, mut display_us, mut watchers_us) =
        (0f64, 0f64, 0f64, 0f64);
    for at in watchers.first_between(sent, watchers_deadline.into_std()) {
        let d = us(at.saturating_duration_since(sent));
        spectators_seen += 1;
        watchers_us = watchers_us.max(d);
        lockout_all = lockout_all.max(d);
    }
    for (i, first) in firsts.into_iter().enumerate() {
        let Some(mut frame) = first else { continue };
        loop {
            match frame.decode()? {
                ServerMsg::View(view) => {
                    if shows_answering(&view, fight, number, table) {
                        break;
                    }
                    if let View::Team(t) = view.as_ref()
                        && own_fight(t).is_none()
                    {
                        bail!("table {} has no fight in its view", i - TEAMS);
                    }
                }
                ServerMsg::Patch { patch, .. }
                    if matches!(&*patch, GamePatch::Ring(f)
                        if f.id == fight && is_answering(f, number, table)) =>
                {
                    break;
                }
                _ => {}
            }
            frame = all[i].next_frame().await?;
        }
        let d = us(frame.at.saturating_duration_since(sent));
        read.push(format!(
            "{} {:.0}",
            all[i].local_addr()?.port(),
            wall.of(frame.at)
        ));
        lockout_all = lockout_all.max(d);
        lockout_fight = lockout_fight.max(d);
        match i {
            HOST => host_us = d,
            DISPLAY => display_us = d,
            _ => other_table_us = d,
        }
    }
    let stamp = verdict.arrived_at.0 as f64;
    Ok(Sample {
        verdict_us: us(acked.saturating_duration_since(sent)),
        lockout_all_us: lockout_all,
        lockout_fight_us: lockout_fight,
        uplink_us: stamp - wall.of(sent),
        stamp_to_ack_us: wall.of(acked) - stamp,
        spectators_seen,
        trace: format!(
            "{} {:.0} {} {:.0} {}",
            all[presser].local_addr()?.port(),
            wall.of(sent),
            verdict.arrived_at.0,
            wall.of(acked),
            read.join(" ")
        ),
        other_table_us,
        host_us,
        display_us,
        watchers_us,
    })
}

/// A script in `dir` that runs `binary` with `--no-busy-poll` added (`exec`:
/// the same process id, so its memory and CPU can still be read).
fn sleeping_server(binary: &std::path::Path, dir: &std::path::Path) -> Result<std::path::PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join("minuta-server-no-busy-poll");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nexec '{}' \"$@\" --no-busy-poll\n",
            binary.display()
        ),
    )
    .context("writing the server's wrapper script")?;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))?;
    Ok(script)
}

/// A process's user + system CPU time so far, in clock ticks (/proc/<pid>/stat).
fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command (which may contain spaces) in parentheses.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 here.
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// Clock ticks per second (USER_HZ): 100 on Linux.
fn ticks_per_second() -> f64 {
    100.0
}

/// The size of the next view each kind of terminal receives (bytes).
async fn view_sizes(
    all: &mut [StampedTerminal],
    watchers: &Watchers,
) -> Result<(usize, usize, usize, usize)> {
    let host = all[HOST].next_frame().await?.payload.len();
    let display = all[DISPLAY].next_frame().await?.payload.len();
    let table = all[TEAMS].next_frame().await?.payload.len();
    // A watching team's screen shows nothing of the fight, so the server
    // may send it nothing at all: 0 then.
    tokio::time::sleep(Duration::from_millis(200)).await;
    Ok((host, display, table, watchers.last_size()))
}

async fn run(args: &Args) -> Result<String> {
    let start = Instant::now();
    let n = args.terminals;
    progress!(
        start,
        "press: {n} team terminals + host + display, {} measured presses",
        args.presses
    );

    // (1) The baseline.
    let udp = udp_baseline(args.udp_samples, Duration::ZERO).await?;
    progress!(
        start,
        "{}",
        summary(
            &format!("raw UDP round trip, 32 bytes, {} samples", udp.len()),
            &udp
        )
    );
    let quic = quic_baseline(args.udp_samples / 4, Duration::ZERO).await?;
    progress!(
        start,
        "{}",
        summary(
            &format!(
                "raw QUIC stream round trip, 32 bytes, {} samples",
                quic.len()
            ),
            &quic
        )
    );
    if !args.pause.is_zero() {
        // The presses come after a pause: so do these, for comparison. Both
        // sides keep polling, yet on a virtual machine the first round trip
        // after even a millisecond's quiet is slower than back to back.
        let cold = udp_baseline(200, args.pause).await?;
        progress!(
            start,
            "{}",
            summary(
                &format!(
                    "raw UDP round trip after {:?} quiet (both polling), 200 samples",
                    args.pause
                ),
                &cold
            )
        );
        let cold = quic_baseline(200, args.pause).await?;
        progress!(
            start,
            "{}",
            summary(
                &format!(
                    "raw QUIC stream round trip after {:?} quiet (both polling), 200 samples",
                    args.pause
                ),
                &cold
            )
        );
    }

    // (2) The core's own work per press, without the network.
    let CoreCost {
        decide,
        views_all,
        views_fight,
        host_bytes,
    } = core_cost(n, args.presses)?;
    progress!(
        start,
        "{}",
        summary("core, per press: the decision", &decide)
    );
    progress!(
        start,
        "{}",
        summary(
            &format!(
                "core, per press: build + encode all {} views (host view {host_bytes} B)",
                n + 2
            ),
            &views_all
        )
    );
    progress!(
        start,
        "{}",
        summary(
            "core, per press: build + encode only the 4 views that show the fight",
            &views_fight
        )
    );

    // (3) The server: the release binary as a child process on 127.0.0.1.
    let dir = tempfile::Builder::new().prefix("minuta-press-").tempdir()?;
    let binary = if args.server_sleeps {
        sleeping_server(&minuta_tests::server::server_binary()?, dir.path())?
    } else {
        minuta_tests::server::server_binary()?
    };
    let mut server = TestServer::child_process_of(&binary, dir)?;
    let pid = server.pid().ok_or_else(|| anyhow!("no server process"))?;
    progress!(
        start,
        "server {} (pid {pid}) listens on {}",
        binary.display(),
        server.addr
    );

    // The host sets the hall up (with a ChGK package loaded, as in a real
    // tournament's evening) and opens a long friendly fight of teams 1 and 2.
    let warmup = 5u32;
    let questions = warmup + (args.presses as u32).div_ceil(2);
    let (codes, fight) = {
        let mut host = Terminal::connect(&server.host_code).await?;
        set_up_tournament(
            &mut host,
            "Бенчмарк кнопки",
            ChgkTiming {
                minute_ms: 60_000,
                warning_before_end_ms: 10_000,
                grace_ms: 3_000,
            },
        )
        .await?;
        let names: Vec<String> = (1..=n).map(team_name).collect();
        let ids: Vec<TeamId> = register_teams(&mut host, &names).await?;
        let codes = team_codes(&mut host, &ids).await?;
        load_package(&mut host, PACKAGE).await?;
        let timing = untimed();
        host.ok(Command::game(EVENT_RING, RingCommand::SetTiming { timing }))
            .await?;
        let fight = open_friendly(&mut host, [ids[0], ids[1]], long_format(questions + 5)).await?;
        host.close();
        (codes, fight)
    };

    // Everyone joins, each on a UDP socket of its own.
    let t = Instant::now();
    let mut all: Vec<StampedTerminal> = Vec::with_capacity(n + 2);
    all.push(StampedTerminal::connect_on(&client_endpoint()?, &server.host_code).await?);
    all.push(StampedTerminal::connect_on(&client_endpoint()?, &server.display_code).await?);
    for code in &codes[..2] {
        all.push(StampedTerminal::connect_on(&client_endpoint()?, code).await?);
    }
    // `all` holds the fight's terminals (host, display, the two tables);
    // the watching teams ping and read on a thread of their own.
    let watchers = Watchers::start(codes[2..].to_vec()).await?;
    settle(&mut all).await?;
    progress!(
        start,
        "{} terminals connected in {:.2} s",
        all.len() + watchers.count,
        t.elapsed().as_secs_f64()
    );
    progress!(
        start,
        "{} watching teams on a thread of their own that never polls busily: each pings once a second, as a team terminal does",
        watchers.count
    );

    // A Minuta ping: the same network path as a press, answered by the
    // connection's own task without the driver (how much the driver adds).
    let mut pings = Vec::with_capacity(1_000);
    for _ in 0..1_000 {
        let t0 = Instant::now();
        let token = all[TEAMS].send_ping().await?;
        all[TEAMS].wait_pong(token).await?;
        pings.push(us(t0.elapsed()));
    }
    let pings = sorted(pings);
    progress!(
        start,
        "{}",
        summary(
            "Minuta ping → pong, a table's terminal, 1000 samples",
            &pings
        )
    );

    // With `--hot-terminals` the terminals' network thread polls while the
    // fight is played, as a table's laptop does on a core of its own
    // (minuta_server::busy_poll); by default it sleeps between frames.
    let (hot, hot_rx) = tokio::sync::watch::channel(args.hot());
    tokio::spawn(minuta_server::busy_poll::keep_polling(hot_rx));
    progress!(
        start,
        "terminals: {}",
        if args.hot() {
            "their thread polls while the fight is played (--hot-terminals)"
        } else {
            "their thread sleeps between frames (their laptops' polling would take the server's cores here)"
        }
    );
    let wall = WallClock::now();
    let cpu_before = cpu_ticks(pid);
    let mut samples: Vec<Sample> = Vec::with_capacity(args.presses);
    let mut sizes = None;
    for number in 1..=questions {
        let first = (number as usize) % 2;
        step(
            &mut all,
            Command::game(EVENT_RING, RingCommand::Read { fight }),
        )
        .await?;
        step(
            &mut all,
            Command::game(EVENT_RING, RingCommand::Arm { fight }),
        )
        .await?;
        // The hall's thread polls or not as `hot` says.
        quiet(args.pause, false).await;
        let a = measure(&mut all, &watchers, fight, number, first, &wall).await?;
        settle(&mut all).await?;
        step(
            &mut all,
            Command::game(
                EVENT_RING,
                RingCommand::Judge {
                    fight,
                    correct: false,
                },
            ),
        )
        .await?;
        // The hall's thread polls or not as `hot` says.
        quiet(args.pause, false).await;
        let b = measure(&mut all, &watchers, fight, number, 1 - first, &wall).await?;
        settle(&mut all).await?;
        all[HOST]
            .ok(Command::game(
                EVENT_RING,
                RingCommand::Judge {
                    fight,
                    correct: true,
                },
            ))
            .await?;
        if sizes.is_none() && number == warmup {
            sizes = Some(view_sizes(&mut all, &watchers).await?);
        }
        settle(&mut all).await?;
        if number > warmup {
            samples.extend([a, b]);
        }
        if number % 25 == 0 {
            progress!(start, "question {number}/{questions}");
        }
    }
    hot.send_replace(false);
    if let Some((host, display, table, watcher)) = sizes {
        progress!(
            start,
            "view sizes: host {host} B, display {display} B, a table's {table} B, a watching team's {watcher} B"
        );
    }

    if let Some(path) = &args.trace {
        let lines: Vec<String> = samples.iter().map(|s| s.trace.clone()).collect();
        std::fs::write(path, lines.join("\n") + "\n")
            .with_context(|| format!("writing {}", path.display()))?;
        progress!(start, "trace: one line per press in {}", path.display());
    }
    let verdict = sorted(samples.iter().map(|s| s.verdict_us).collect());
    let lockout_all = sorted(samples.iter().map(|s| s.lockout_all_us).collect());
    let lockout_fight = sorted(samples.iter().map(|s| s.lockout_fight_us).collect());
    let uplink = sorted(samples.iter().map(|s| s.uplink_us).collect());
    let stamp_to_ack = sorted(samples.iter().map(|s| s.stamp_to_ack_us).collect());
    let seen = samples.iter().map(|s| s.spectators_seen).min().unwrap_or(0);
    progress!(
        start,
        "{}",
        summary(
            &format!("press → verdict ({} presses)", verdict.len()),
            &verdict
        )
    );
    progress!(
        start,
        "{}",
        summary(
            "  of which press written → server's arrival stamp (wall clocks)",
            &uplink
        )
    );
    progress!(
        start,
        "{}",
        summary(
            "  of which server's arrival stamp → verdict read",
            &stamp_to_ack
        )
    );
    progress!(
        start,
        "{}",
        summary(
            &format!(
                "press → lockout read by all {} others",
                all.len() - 1 + watchers.count
            ),
            &lockout_all
        )
    );
    progress!(
        start,
        "{}",
        summary(
            "press → lockout read by the other table, the host and the display",
            &lockout_fight
        )
    );
    let by = |f: fn(&Sample) -> f64| sorted(samples.iter().map(f).collect());
    progress!(
        start,
        "{}",
        summary(
            "  lockout read by the other table",
            &by(|s| s.other_table_us)
        )
    );
    progress!(
        start,
        "{}",
        summary("  lockout read by the host", &by(|s| s.host_us))
    );
    progress!(
        start,
        "{}",
        summary("  lockout read by the display", &by(|s| s.display_us))
    );
    progress!(
        start,
        "{}",
        summary(
            "  a view read by the last watching team",
            &by(|s| s.watchers_us)
        )
    );
    if let (Some(before), Some(after)) = (cpu_before, cpu_ticks(pid)) {
        let per_question =
            (after - before) as f64 * 1e6 / ticks_per_second() / f64::from(questions);
        progress!(
            start,
            "server CPU per question (2 presses, 5 host commands, their views): {:.0} µs",
            per_question
        );
    }
    let seen_max = samples.iter().map(|s| s.spectators_seen).max().unwrap_or(0);
    progress!(
        start,
        "watching teams that received a view after a press: min {seen} / max {seen_max} of {} (lockout (all) counts those that did)",
        n - 2
    );
    if let Some((rss, hwm)) = server.memory_kib() {
        progress!(
            start,
            "server memory: VmRSS {} MiB, VmHWM {} MiB",
            rss / 1024,
            hwm / 1024
        );
    }
    watchers.stop()?;
    for t in &all {
        t.close();
    }
    drop(all);
    server.kill()?;
    progress!(start, "server stopped");

    let (u50, u99) = (percentile(&udp, 0.5), percentile(&udp, 0.99));
    let q50 = percentile(&quic, 0.5);
    let (v50, v99) = (percentile(&verdict, 0.5), percentile(&verdict, 0.99));
    Ok(format!(
        "{{\"bench\":\"press\",\"terminals\":{n},\"udp_rtt_p50_us\":{},\"udp_rtt_p99_us\":{},\"verdict_p50_us\":{},\"verdict_p99_us\":{},\"p50_ratio\":{},\"p99_ratio\":{},\"quic_rtt_p50_us\":{},\"verdict_to_quic_p50_ratio\":{},\"lockout_all_p99_us\":{}}}",
        round1(u50),
        round1(u99),
        round1(v50),
        round1(v99),
        round2(v50 / u50),
        round2(v99 / u99),
        round1(q50),
        round2(v50 / q50),
        round1(percentile(&lockout_all, 0.99)),
    ))
}
