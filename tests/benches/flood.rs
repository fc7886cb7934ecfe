//! Floods from another network namespace (issue 14, «Prove»):
//! `cargo bench -p minuta-tests --bench flood` (as root: it makes network
//! namespaces), or on the dev build
//! `cargo test -p minuta-tests --bench flood -- --bench`.
//!
//! Two network namespaces of its own (the pid in their names) joined by a
//! veth pair: 10.213.X.1 on the server's side, 10.213.X.2 on the
//! attacker's (and 10.213.X.10–13, one address for each kind of flood). A real `minuta-server` process listens on every interface of
//! the server's namespace; a host and N team terminals (default 30) join it
//! there over 127.0.0.1. The host plays ChGK questions back to back (a 3-s
//! minute, 1 s of grace); every team hands in its card for the question in
//! play every 100–300 ms (the first one accepted and stored, the rest
//! refused as already handed in: every one is acknowledged) and times the
//! acknowledgement. After a calm phase the attackers come, one kind at a
//! time, from the other namespace over the veth:
//!
//! - **junk**: random UDP datagrams of random sizes at a fixed rate, a third
//!   of them shaped as short-header packets and a third as v1 Initials of
//!   random ids (so the server derives keys and fails to decrypt them);
//! - **oversized**: connections that complete the handshake and send a
//!   frame whose length is beyond the greeting's limit (the largest `u32`,
//!   one byte over the greeting limit, one over the package limit), again
//!   and again; the server must close each as `OVERSIZED`;
//! - **stream**: connections that complete the handshake, never log in,
//!   leave a greeting half-sent, try to open and fill more streams and send
//!   datagrams ([`unauthenticated_link`]); closed ones are replaced;
//! - **handshake**: real Initial packets, captured off the wire once, sent
//!   at a fixed rate from many source ports and never answered; past the
//!   gate's threshold the server must answer with a Retry.
//!
//! Each attacker is this binary again, run under `ip netns exec` with a
//! hidden `--role attacker`; the server's side is `--role inner`. The
//! namespaces are removed at the end, also on an error (and, at the next
//! start, any left by a run that was killed).
//!
//! Progress goes to stdout; the last line is one JSON object:
//! `{"bench":"flood","teams":N,"ack_p99_calm_ms":…,"ack_p99_junk_ms":…,
//! "ack_p99_oversized_ms":…,"ack_p99_stream_ms":…,"ack_p99_handshake_ms":…,
//! "worst_ratio":…,"rss_calm_kib":…,"rss_peak_kib":…,"rss_after_60s_kib":…,
//! "rss_after_ratio":…,…}` and, after those, each phase's p50, sample and
//! failure counts, each attacker's own counts, and `targets_hold`: every
//! flood's ack p99 at most 2× the calm one, and the RSS `--settle` seconds
//! after the last flood at most 1.2× the calm one (read at the end of the
//! calm phase). Nothing is asserted: the figures are for a person to judge
//! (the machine is shared; the legitimate terminals, the attackers and the
//! server share its cores).
//!
//! Options (after `--`): `--teams N`, `--calm S`, `--flood S` (each kind),
//! `--gap S` (after each flood, still measured as load but in no phase),
//! `--settle S` (after the last flood, default 60), `--kinds
//! junk,oversized,stream,handshake`, `--junk-rate R` (datagrams a second),
//! `--oversized-conns C` and `--stream-conns C` (at once),
//! `--handshake-rate R` (Initials a second), `--initials M` (distinct ones
//! captured). `MINUTA_SERVER_BIN=/path/to/minuta-server` measures another
//! build. Run without `--bench` (by `cargo test --benches` or
//! `--all-targets`) it is a smoke run of a few seconds: 4 teams, 1 s per
//! phase, light floods, 1 s settle; where network namespaces cannot be
//! made (not root) it says so and exits 0.

use std::io::{BufRead, BufReader, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use serde_json::{Value, json};
use tokio::net::UdpSocket;
use tokio::sync::mpsc;

use minuta_client::shell::native::net::quic::client_config;
use minuta_shared::ids::QuestionId;
use minuta_shared::join_code::{JoinCode, fingerprint_hex, parse_fingerprint};
use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::games::GameReceipt;
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::seed::Rng;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::close;
use minuta_shared::wire::codec::{MAX_FRAME_BYTES, MAX_HELLO_FRAME_BYTES};
use minuta_shared::wire::server::Receipt;
use minuta_tests::bench::{Mode, finish, parse, raise_to};
use minuta_tests::hall::{
    PACKAGE, load_package, register_teams, set_up_tournament, team_codes, team_name,
};
use minuta_tests::hostile::{capture_initials, long_type, raw_socket, unauthenticated_link};
use minuta_tests::stats::{percentile, sorted};
use minuta_tests::terminal::{Link, client_endpoint_at};
use minuta_tests::{Terminal, TestServer, progress};

/// What a flood sends; each is run by its own attacker process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Junk,
    Oversized,
    Stream,
    Handshake,
}

const KINDS: [Kind; 4] = [Kind::Junk, Kind::Oversized, Kind::Stream, Kind::Handshake];

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Junk => "junk",
            Kind::Oversized => "oversized",
            Kind::Stream => "stream",
            Kind::Handshake => "handshake",
        }
    }

    fn parse(name: &str) -> Result<Kind> {
        KINDS
            .into_iter()
            .find(|k| k.name() == name)
            .ok_or_else(|| anyhow!("unknown flood kind «{name}»"))
    }
}

/// Which process this is: the server's side in its namespace, or an
/// attacker in the other (the outer process has none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Role {
    Inner,
    Attacker,
}

/// Floods from another network namespace, as root. A default after `;` is
/// a smoke run's (without --bench).
#[derive(Clone, Debug, clap::Parser)]
#[command(name = "flood")]
struct Options {
    /// Team terminals in the hall [default: 30; 4].
    #[arg(long, value_name = "N", hide_default_value = true, value_parser = raise_to::<1>)]
    #[arg(default_value_t = 4, default_value_if("bench", "true", Some("30")))]
    teams: usize,
    /// Seconds of the calm phase [default: 10; 1].
    #[arg(long = "calm", value_name = "S", hide_default_value = true, value_parser = secs)]
    #[arg(default_value_t = 1.0, default_value_if("bench", "true", Some("10")))]
    calm_s: f64,
    /// Seconds of each kind of flood [default: 10; 1].
    #[arg(long = "flood", value_name = "S", hide_default_value = true, value_parser = secs)]
    #[arg(default_value_t = 1.0, default_value_if("bench", "true", Some("10")))]
    flood_s: f64,
    /// Seconds after each flood, still measured as load but in no phase
    /// [default: 5; 0.5].
    #[arg(long = "gap", value_name = "S", hide_default_value = true, value_parser = secs)]
    #[arg(default_value_t = 0.5, default_value_if("bench", "true", Some("5")))]
    gap_s: f64,
    /// Seconds after the last flood before the RSS is read [default: 60; 1].
    #[arg(long = "settle", value_name = "S", hide_default_value = true, value_parser = secs)]
    #[arg(default_value_t = 1.0, default_value_if("bench", "true", Some("60")))]
    settle_s: f64,
    /// The kinds of flood, in turn.
    #[arg(long, value_name = "KINDS", value_parser = kinds)]
    #[arg(default_value = "junk,oversized,stream,handshake")]
    kinds: ::std::vec::Vec<Kind>,
    /// Junk datagrams a second [default: 20000; 2000].
    #[arg(long, value_name = "R", hide_default_value = true)]
    #[arg(
        default_value_t = 2000,
        default_value_if("bench", "true", Some("20000"))
    )]
    junk_rate: u64,
    /// Oversized-frame connections at once [default: 16; 2].
    #[arg(long, value_name = "C", hide_default_value = true)]
    #[arg(default_value_t = 2, default_value_if("bench", "true", Some("16")))]
    oversized_conns: usize,
    /// Stream-abusing connections at once [default: 150; 10].
    #[arg(long, value_name = "C", hide_default_value = true)]
    #[arg(default_value_t = 10, default_value_if("bench", "true", Some("150")))]
    stream_conns: usize,
    /// Initials a second [default: 2000; 200].
    #[arg(long, value_name = "R", hide_default_value = true)]
    #[arg(default_value_t = 200, default_value_if("bench", "true", Some("2000")))]
    handshake_rate: u64,
    /// Distinct Initials captured [default: 4000; 100].
    #[arg(long, value_name = "M", hide_default_value = true, value_parser = raise_to::<1>)]
    #[arg(default_value_t = 100, default_value_if("bench", "true", Some("4000")))]
    initials: usize,
    #[command(flatten)]
    mode: Mode,
    // Hidden: which process this is and what it needs to know.
    #[arg(long, hide = true, value_enum)]
    role: Option<Role>,
    #[arg(long, hide = true)]
    attacker_ns: Option<String>,
    #[arg(long, hide = true)]
    server_ip: Option<IpAddr>,
    #[arg(long, hide = true, value_parser = Kind::parse)]
    kind: Option<Kind>,
    #[arg(long, hide = true)]
    target: Option<SocketAddr>,
    #[arg(long, hide = true, value_parser = parse_fingerprint)]
    fingerprint: Option<[u8; 32]>,
    #[arg(long, hide = true)]
    source: Option<IpAddr>,
}

/// Seconds, not negative (a clap value parser).
fn secs(v: &str) -> Result<f64, String> {
    v.parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| format!("seconds, not «{v}»"))
}

/// Kinds of flood, separated by commas (a clap value parser).
fn kinds(v: &str) -> Result<Vec<Kind>> {
    v.split(',')
        .filter(|k| !k.is_empty())
        .map(Kind::parse)
        .collect()
}

fn main() -> ExitCode {
    let options: Options = parse();
    if options.mode.listing() {
        return ExitCode::SUCCESS;
    }
    match options.role {
        // The server's side is given the same command line, and more.
        None => outer(&std::env::args_os().skip(1).collect::<Vec<_>>(), &options),
        Some(Role::Inner) => {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build();
            finish("flood", runtime, inner(options))
        }
        // One thread: an attacker takes at most one of the machine's cores.
        Some(Role::Attacker) => {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build();
            match runtime {
                Ok(rt) => match rt.block_on(attacker(options)) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => {
                        eprintln!("flood attacker: {e:#}");
                        ExitCode::FAILURE
                    }
                },
                Err(e) => {
                    eprintln!("flood attacker: cannot start the runtime: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The outer process: namespaces, then the server's side inside them.

/// Runs `ip` with `args`; an error says what failed and what `ip` printed.
fn ip(args: &[&str]) -> Result<()> {
    let out = Process::new("ip")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .with_context(|| format!("running ip {}", args.join(" ")))?;
    if !out.status.success() {
        bail!(
            "ip {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
    Ok(())
}

/// The address the `i`-th kind of flood comes from, beside the server's
/// in its subnet.
fn attacker_source(server_ip: Ipv4Addr, i: usize) -> Ipv4Addr {
    let [a, b, c, _] = server_ip.octets();
    Ipv4Addr::new(a, b, c, 10 + i as u8)
}

/// Namespace names carry this prefix and the pid of the run that made them.
const NS_PREFIX: &str = "minuta-flood-";

/// The two namespaces and the veth pair between them; dropping it deletes
/// them (deleting a namespace deletes its end of the pair, and the pair
/// goes with it).
struct Namespaces {
    server: String,
    attacker: String,
    server_ip: Ipv4Addr,
    /// The veth end still in this namespace before it is moved, if made.
    root_link: Option<String>,
    made: Vec<String>,
}

impl Namespaces {
    fn make() -> Result<Namespaces> {
        let pid = std::process::id();
        // The third octet only tells runs apart in `ip addr`: each pair of
        // namespaces has its own routing, so equal subnets do not clash.
        let x = (pid % 250 + 1) as u8;
        let mut ns = Namespaces {
            server: format!("{NS_PREFIX}s-{pid}"),
            attacker: format!("{NS_PREFIX}a-{pid}"),
            server_ip: Ipv4Addr::new(10, 213, x, 1),
            root_link: None,
            made: Vec::new(),
        };
        let attacker_ip = Ipv4Addr::new(10, 213, x, 2);
        // Interface names are at most 15 bytes.
        let (veth_s, veth_a) = (format!("mfs{pid}"), format!("mfa{pid}"));
        for name in [ns.server.clone(), ns.attacker.clone()] {
            ip(&["netns", "add", &name])?;
            ns.made.push(name);
        }
        ip(&[
            "link", "add", &veth_s, "type", "veth", "peer", "name", &veth_a,
        ])?;
        ns.root_link = Some(veth_s.clone());
        ip(&["link", "set", &veth_s, "netns", &ns.server])?;
        ip(&["link", "set", &veth_a, "netns", &ns.attacker])?;
        ns.root_link = None;
        for (name, link, addr) in [
            (&ns.server, &veth_s, ns.server_ip),
            (&ns.attacker, &veth_a, attacker_ip),
        ] {
            ip(&[
                "-n",
                name,
                "addr",
                "add",
                &format!("{addr}/24"),
                "dev",
                link,
            ])?;
            ip(&["-n", name, "link", "set", link, "up"])?;
            ip(&["-n", name, "link", "set", "lo", "up"])?;
        }
        // Each kind of flood comes from an address of its own, so that
        // what the server holds against one (a blocked address) does not
        // spare the next.
        for i in 0..KINDS.len() {
            let addr = format!("{}/24", attacker_source(ns.server_ip, i));
            ip(&["-n", &ns.attacker, "addr", "add", &addr, "dev", &veth_a])?;
        }
        Ok(ns)
    }
}

impl Drop for Namespaces {
    fn drop(&mut self) {
        if let Some(link) = self.root_link.take() {
            let _ = ip(&["link", "del", &link]);
        }
        for name in self.made.drain(..).rev() {
            if let Err(e) = ip(&["netns", "del", &name]) {
                eprintln!("flood: could not remove namespace {name}: {e:#}");
            }
        }
    }
}

/// Deletes namespaces left by earlier runs that were killed before they
/// could clean up (their pid is gone).
fn remove_stale_namespaces() {
    let Ok(out) = Process::new("ip").args(["netns", "list"]).output() else {
        return;
    };
    for line in String::from_utf8_lossy(&out.stdout).lines() {
        let Some(name) = line.split_whitespace().next() else {
            continue;
        };
        let Some(pid) = name
            .strip_prefix(NS_PREFIX)
            .and_then(|rest| rest.get(2..))
            .and_then(|pid| pid.parse::<u32>().ok())
        else {
            continue;
        };
        if !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = ip(&["netns", "del", name]);
        }
    }
}

fn outer(argv: &[std::ffi::OsString], options: &Options) -> ExitCode {
    match outer_run(argv, options) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("flood: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn outer_run(argv: &[std::ffi::OsString], options: &Options) -> Result<ExitCode> {
    // Built (if stale) here, where the registry and the target directory
    // are as cargo left them, and handed to the server's side.
    let binary = minuta_tests::server::server_binary()?;
    let exe = std::env::current_exe().context("finding this bench's executable")?;
    remove_stale_namespaces();
    let ns = match Namespaces::make() {
        Ok(ns) => ns,
        Err(e) if !options.mode.bench => {
            println!("flood: skipped, network namespaces cannot be made here ({e:#}); run as root");
            return Ok(ExitCode::SUCCESS);
        }
        Err(e) => return Err(e.context("making the network namespaces (run as root)")),
    };
    let status = Process::new("ip")
        .args(["netns", "exec", &ns.server])
        .arg(&exe)
        .args(argv)
        .args(["--role", "inner", "--attacker-ns", &ns.attacker])
        .args(["--server-ip", &ns.server_ip.to_string()])
        .env("MINUTA_SERVER_BIN", &binary)
        .stdin(Stdio::null())
        .status()
        .context("running the server's side in its namespace")?;
    drop(ns);
    Ok(if status.success() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

// ---------------------------------------------------------------------------
// The server's side: server, hall, legitimate load, attackers in turn.

/// The legit hall's minute: short, so questions (and stored cards) keep coming.
fn timing() -> ChgkTiming {
    ChgkTiming {
        minute_ms: 3_000,
        warning_before_end_ms: 1_000,
        grace_ms: 1_000,
    }
}

/// One acknowledgement a team waited for, or a wait that failed.
#[derive(Clone, Copy)]
struct Sample {
    sent: Instant,
    ms: f64,
    /// The card was accepted (and so stored before the acknowledgement).
    accepted: bool,
    failed: bool,
}

/// What the legitimate terminals share with the phases.
#[derive(Clone, Default)]
struct Load {
    samples: Arc<Mutex<Vec<Sample>>>,
    stop: Arc<AtomicBool>,
    /// The question in play (`u32::MAX`: none yet).
    question: Arc<AtomicU32>,
    reconnects: Arc<AtomicUsize>,
}

impl Load {
    fn push(&self, s: Sample) {
        self.samples
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(s);
    }

    fn between(&self, from: Instant, to: Instant) -> Vec<Sample> {
        self.samples
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .iter()
            .filter(|s| s.sent >= from && s.sent < to)
            .copied()
            .collect()
    }
}

/// `VmRSS` of a process in KiB.
fn rss_kib(pid: u32) -> Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .with_context(|| format!("reading /proc/{pid}/status"))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| anyhow!("no VmRSS for {pid}"))
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// CPU seconds over a wall-clock span, in % of one core.
fn percent(cpu_s: f64, wall: Duration) -> f64 {
    (cpu_s / wall.as_secs_f64() * 100.0).round()
}

/// A phase's figures: p50 and p99 of the acknowledgements sent in it.
struct PhaseFigures {
    p50: f64,
    p99: f64,
    n: usize,
    accepted: usize,
    failed: usize,
    /// The server's CPU over the phase, in % of one core.
    server_cpu: f64,
}

fn figures(samples: &[Sample]) -> PhaseFigures {
    let ok: Vec<f64> = sorted(samples.iter().filter(|s| !s.failed).map(|s| s.ms).collect());
    PhaseFigures {
        p50: round1(percentile(&ok, 0.5)),
        p99: round1(percentile(&ok, 0.99)),
        n: ok.len(),
        accepted: samples.iter().filter(|s| s.accepted).count(),
        failed: samples.iter().filter(|s| s.failed).count(),
        server_cpu: f64::NAN,
    }
}

async fn inner(o: Options) -> Result<String> {
    let start = Instant::now();
    let server_ip = o.server_ip.ok_or_else(|| anyhow!("--server-ip missing"))?;
    let attacker_ns = o
        .attacker_ns
        .clone()
        .ok_or_else(|| anyhow!("--attacker-ns missing"))?;
    let binary = minuta_tests::server::server_binary()?;
    let server = TestServer::child_process_at(
        &binary,
        tempfile::Builder::new().prefix("minuta-flood-").tempdir()?,
        SocketAddr::from((Ipv4Addr::UNSPECIFIED, 0)),
    )?;
    let pid = server
        .pid()
        .ok_or_else(|| anyhow!("the server has no pid"))?;
    let port = server.addr.port();
    // The hall joins over loopback, the attackers over the veth.
    let local = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let target = SocketAddr::new(server_ip, port);
    let here = |code: &JoinCode| JoinCode {
        addrs: vec![local],
        ..code.clone()
    };

    let mut host = Terminal::connect(&here(&server.host_code)).await?;
    set_up_tournament(&mut host, "Потоп", timing()).await?;
    let names: Vec<String> = (1..=o.teams).map(team_name).collect();
    let ids = register_teams(&mut host, &names).await?;
    let codes: Vec<JoinCode> = team_codes(&mut host, &ids)
        .await?
        .iter()
        .map(here)
        .collect();
    let (_, questions) = load_package(&mut host, PACKAGE).await?;
    // The benchmark's terminals do not decode views: their CPU is the
    // server's (one machine), and only acknowledgements are timed.
    host.skip_views(true);
    let mut teams = Vec::with_capacity(codes.len());
    for code in &codes {
        let t = Terminal::connect(code).await.context("a team joins")?;
        t.skip_views(true);
        teams.push(t);
    }
    progress!(
        start,
        "flood: server (pid {pid}) on {target} and {local}, {} teams joined, server {}",
        teams.len(),
        binary.display()
    );

    // RSS, sampled throughout: the peak is the largest sample.
    let rss_samples: Arc<Mutex<Vec<(Instant, u64)>>> = Arc::default();
    let sampler = {
        let rss_samples = Arc::clone(&rss_samples);
        tokio::spawn(async move {
            while let Ok(kib) = rss_kib(pid) {
                rss_samples
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push((Instant::now(), kib));
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };

    let load = Load {
        question: Arc::new(AtomicU32::new(u32::MAX)),
        ..Load::default()
    };
    let host_task = tokio::spawn(host_loop(host, load.clone(), questions));
    let mut team_tasks = Vec::new();
    for (i, (t, code)) in teams.into_iter().zip(codes).enumerate() {
        team_tasks.push(tokio::spawn(team_loop(i, t, code, load.clone())));
    }

    // Warm-up: the first question's cards (and the first commits) are no phase's.
    tokio::time::sleep(Duration::from_secs_f64(o.calm_s.min(2.0))).await;
    let pid_text = pid.to_string();
    let cpu = || cpu_seconds(&pid_text).unwrap_or(f64::NAN);
    let calm_from = Instant::now();
    let cpu_from = cpu();
    tokio::time::sleep(Duration::from_secs_f64(o.calm_s)).await;
    let calm_to = Instant::now();
    let rss_calm = rss_kib(pid)?;
    let mut calm = figures(&load.between(calm_from, calm_to));
    calm.server_cpu = percent(cpu() - cpu_from, calm_to - calm_from);
    progress!(
        start,
        "calm: ack p50 {} ms, p99 {} ms ({} acks, {} cards accepted), server CPU {}%, RSS {rss_calm} KiB",
        calm.p50,
        calm.p99,
        calm.n,
        calm.accepted,
        calm.server_cpu
    );

    let exe = std::env::current_exe().context("finding this bench's executable")?;
    let mut phases: Vec<(Kind, PhaseFigures, Value, u64)> = Vec::new();
    let mut last_flood_end = calm_to;
    for &kind in &o.kinds {
        let source = match server_ip {
            IpAddr::V4(v4) => {
                let i = KINDS.iter().position(|k| *k == kind).unwrap_or(0);
                IpAddr::V4(attacker_source(v4, i))
            }
            IpAddr::V6(_) => bail!("the server's address is IPv4"),
        };
        let mut attack = Attack::spawn(
            &exe,
            &attacker_ns,
            kind,
            target,
            source,
            server.fingerprint,
            &o,
        )?;
        attack
            .ready()
            .await
            .with_context(|| format!("the {} attacker getting ready", kind.name()))?;
        let from = Instant::now();
        let cpu_from = cpu();
        let summary = attack
            .summary(Duration::from_secs_f64(o.flood_s + 60.0))
            .await
            .with_context(|| format!("the {} attacker", kind.name()))?;
        let to = Instant::now();
        last_flood_end = to;
        let peak = peak_between(&rss_samples, from, to);
        let mut f = figures(&load.between(from, to));
        f.server_cpu = percent(cpu() - cpu_from, to - from);
        progress!(
            start,
            "{}: ack p50 {} ms, p99 {} ms ({:.2}× calm; {} acks, {} failed), server CPU {}%, RSS peak {peak} KiB; attacker: {summary}",
            kind.name(),
            f.p50,
            f.p99,
            f.p99 / calm.p99,
            f.n,
            f.failed,
            f.server_cpu
        );
        phases.push((kind, f, summary, peak));
        tokio::time::sleep(Duration::from_secs_f64(o.gap_s)).await;
    }

    // The hall goes quiet (terminals stay connected); the memory settles.
    load.stop.store(true, Ordering::Relaxed);
    let mut terminals = Vec::new();
    match host_task.await.context("the host")? {
        Ok(host) => terminals.push(host),
        Err(e) => return Err(e.context("the host's question loop")),
    }
    for task in team_tasks {
        terminals.push(task.await.context("a team")??);
    }
    let settle_until = last_flood_end + Duration::from_secs_f64(o.settle_s);
    tokio::time::sleep_until(settle_until.into()).await;
    let rss_after = rss_kib(pid)?;
    sampler.abort();
    let rss_peak = peak_between(&rss_samples, calm_to, last_flood_end).max(rss_calm);
    progress!(
        start,
        "{:.0} s after the last flood: RSS {rss_after} KiB (calm {rss_calm}, peak {rss_peak})",
        o.settle_s
    );
    for t in &terminals {
        t.close();
    }

    let ratio = |p99: f64| round2(p99 / calm.p99);
    let worst_ratio = phases
        .iter()
        .map(|(_, f, _, _)| ratio(f.p99))
        .fold(0.0f64, f64::max);
    let rss_after_ratio = round2(rss_after as f64 / rss_calm as f64);
    let targets_hold = worst_ratio <= 2.0 && rss_after_ratio <= 1.2;
    progress!(
        start,
        "targets (ack p99 ≤ 2× calm, RSS after ≤ 1.2× calm): {}",
        if targets_hold { "hold" } else { "do not hold" }
    );

    // In this order: the figures the issue names first (a JSON map would sort them).
    let mut line: Vec<String> = Vec::new();
    let mut put = |key: &str, value: Value| line.push(format!("{}:{value}", Value::from(key)));
    put("bench", json!("flood"));
    put("teams", json!(o.teams));
    put("ack_p99_calm_ms", json!(calm.p99));
    for (kind, f, _, _) in &phases {
        put(&format!("ack_p99_{}_ms", kind.name()), json!(f.p99));
    }
    put("worst_ratio", json!(worst_ratio));
    put("rss_calm_kib", json!(rss_calm));
    put("rss_peak_kib", json!(rss_peak));
    put("rss_after_60s_kib", json!(rss_after));
    put("rss_after_ratio", json!(rss_after_ratio));
    put("targets_hold", json!(targets_hold));
    put("settle_s", json!(o.settle_s));
    put("ack_p50_calm_ms", json!(calm.p50));
    put("acks_calm", json!(calm.n));
    put("server_cpu_calm_pct", json!(calm.server_cpu));
    for (kind, f, summary, peak) in &phases {
        let k = kind.name();
        put(&format!("ack_p50_{k}_ms"), json!(f.p50));
        put(&format!("ratio_{k}"), json!(ratio(f.p99)));
        put(&format!("acks_{k}"), json!(f.n));
        put(&format!("acks_failed_{k}"), json!(f.failed));
        put(&format!("server_cpu_{k}_pct"), json!(f.server_cpu));
        put(&format!("rss_peak_{k}_kib"), json!(peak));
        put(&format!("attack_{k}"), summary.clone());
    }
    put("reconnects", json!(load.reconnects.load(Ordering::Relaxed)));
    Ok(format!("{{{}}}", line.join(",")))
}

fn peak_between(samples: &Mutex<Vec<(Instant, u64)>>, from: Instant, to: Instant) -> u64 {
    samples
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .iter()
        .filter(|(at, _)| *at >= from && *at <= to)
        .map(|(_, kib)| *kib)
        .max()
        .unwrap_or(0)
}

/// The host plays questions back to back until told to stop (or the
/// package runs out: the cards are then refused, still acknowledged).
async fn host_loop(mut host: Terminal, load: Load, questions: u32) -> Result<Terminal> {
    let t = timing();
    for q in 0..questions {
        if load.stop.load(Ordering::Relaxed) {
            break;
        }
        let question = QuestionId(q);
        // The previous question's grace may still be running.
        let mut tries = 0;
        loop {
            match host
                .command(Command::game(
                    EVENT_CHGK,
                    ChgkCommand::Announce { question },
                ))
                .await?
            {
                Ok(_) => break,
                Err(e) if tries < 100 => {
                    tries += 1;
                    if tries == 100 {
                        eprintln!("flood: announcing question {q} refused: {e}");
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => bail!("announcing question {q}: {e}"),
            }
        }
        host.ok(Command::game(EVENT_CHGK, ChgkCommand::StartMinute))
            .await?;
        load.question.store(q, Ordering::Relaxed);
        let over = Instant::now() + Duration::from_millis(t.minute_ms + t.grace_ms + 200);
        while Instant::now() < over && !load.stop.load(Ordering::Relaxed) {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    Ok(host)
}

/// A team hands in its card for the question in play every 100–300 ms and
/// times each acknowledgement; a connection that fails joins again, as
/// the app does.
async fn team_loop(i: usize, mut t: Terminal, code: JoinCode, load: Load) -> Result<Terminal> {
    let mut rng = Rng::new(1_000 + i as u64);
    while !load.stop.load(Ordering::Relaxed) {
        tokio::time::sleep(Duration::from_millis(100 + rng.below(200))).await;
        let q = load.question.load(Ordering::Relaxed);
        if q == u32::MAX {
            continue;
        }
        let sent = Instant::now();
        let card = Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: QuestionId(q),
                text: format!("ответ {}", i + 1),
            },
        );
        match t.command(card).await {
            Ok(result) => load.push(Sample {
                sent,
                ms: sent.elapsed().as_secs_f64() * 1e3,
                accepted: matches!(
                    result,
                    Ok(Receipt::Game {
                        receipt: GameReceipt::Chgk(ChgkReceipt::Card { .. }),
                        ..
                    })
                ),
                failed: false,
            }),
            Err(e) => {
                load.push(Sample {
                    sent,
                    ms: sent.elapsed().as_secs_f64() * 1e3,
                    accepted: false,
                    failed: true,
                });
                eprintln!("flood: team {}: {e:#}; joining again", i + 1);
                t = rejoin(&code).await?;
                t.skip_views(true);
                load.reconnects.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    Ok(t)
}

async fn rejoin(code: &JoinCode) -> Result<Terminal> {
    let mut tries = 0u64;
    loop {
        match Terminal::connect(code).await {
            Ok(t) => return Ok(t),
            Err(e) if tries < 5 => {
                tries += 1;
                eprintln!("flood: a join failed ({e:#}); trying again");
                tokio::time::sleep(Duration::from_millis(200 * tries)).await;
            }
            Err(e) => return Err(e.context("a team joining again")),
        }
    }
}

/// An attacker process in the other namespace; killed if dropped early.
struct Attack {
    child: Option<Child>,
    lines: mpsc::UnboundedReceiver<String>,
}

impl Attack {
    fn spawn(
        exe: &PathBuf,
        namespace: &str,
        kind: Kind,
        target: SocketAddr,
        source: IpAddr,
        fingerprint: [u8; 32],
        o: &Options,
    ) -> Result<Attack> {
        let mut child = Process::new("ip")
            .args(["netns", "exec", namespace])
            .arg(exe)
            .args(["--role", "attacker", "--kind", kind.name()])
            .args(["--target", &target.to_string()])
            .args(["--fingerprint", &fingerprint_hex(&fingerprint)])
            .args(["--source", &source.to_string()])
            .args(["--flood", &o.flood_s.to_string()])
            .args(["--junk-rate", &o.junk_rate.to_string()])
            .args(["--oversized-conns", &o.oversized_conns.to_string()])
            .args(["--stream-conns", &o.stream_conns.to_string()])
            .args(["--handshake-rate", &o.handshake_rate.to_string()])
            .args(["--initials", &o.initials.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .context("starting an attacker")?;
        let stdout = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
        let (tx, lines) = mpsc::unbounded_channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                let _ = tx.send(line);
            }
        });
        Ok(Attack {
            child: Some(child),
            lines,
        })
    }

    /// Waits for the attacker's «ready» (its preparation, such as capturing
    /// Initials, is no part of the flood).
    async fn ready(&mut self) -> Result<()> {
        loop {
            let line = tokio::time::timeout(Duration::from_secs(60), self.lines.recv())
                .await
                .map_err(|_| anyhow!("not ready within 60 s"))?
                .ok_or_else(|| anyhow!("it ended before it was ready"))?;
            if line == "ready" {
                return Ok(());
            }
        }
    }

    /// Waits for the attacker to finish and returns its summary (its last line).
    async fn summary(&mut self, limit: Duration) -> Result<Value> {
        let mut last = None;
        let read = tokio::time::timeout(limit, async {
            while let Some(line) = self.lines.recv().await {
                last = Some(line);
            }
        })
        .await;
        if read.is_err() {
            bail!("still running after {limit:?}");
        }
        let mut child = self
            .child
            .take()
            .ok_or_else(|| anyhow!("no attacker process"))?;
        let status = tokio::task::spawn_blocking(move || child.wait())
            .await
            .context("waiting for an attacker")??;
        if !status.success() {
            bail!("it failed: {status}");
        }
        let last = last.ok_or_else(|| anyhow!("it printed no summary"))?;
        serde_json::from_str(&last).with_context(|| format!("its summary «{last}»"))
    }
}

impl Drop for Attack {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

// ---------------------------------------------------------------------------
// The attackers, each in the attacker's namespace.

async fn attacker(o: Options) -> Result<()> {
    let kind = o.kind.ok_or_else(|| anyhow!("--kind missing"))?;
    let target = o.target.ok_or_else(|| anyhow!("--target missing"))?;
    let fingerprint = o
        .fingerprint
        .ok_or_else(|| anyhow!("--fingerprint missing"))?;
    let secs = Duration::from_secs_f64(o.flood_s);
    let from = anywhere(o.source);
    let summary = match kind {
        Kind::Junk => junk(from, target, secs, o.junk_rate).await?,
        Kind::Oversized => oversized(from, target, fingerprint, secs, o.oversized_conns).await?,
        Kind::Stream => stream(from, target, fingerprint, secs, o.stream_conns).await?,
        Kind::Handshake => {
            handshake(
                from,
                target,
                fingerprint,
                secs,
                o.handshake_rate,
                o.initials,
            )
            .await?
        }
    };
    // What the attacker itself cost the machine it shares with the server.
    let mut summary = summary;
    if let (Value::Object(fields), Some(cpu)) = (&mut summary, cpu_seconds("self")) {
        fields.insert("cpu_s".into(), json!(round2(cpu)));
    }
    println!("{summary}");
    Ok(())
}

/// CPU time (user and system) of a process so far, from `/proc/<pid>/stat`
/// (100 ticks a second, as on every Linux this runs on).
fn cpu_seconds(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Tells the server's side the flood begins now.
fn say_ready() {
    println!("ready");
    let _ = std::io::stdout().flush();
}

/// Any port of the attacker's own address (`--source`), or of any address
/// of its namespace.
fn anywhere(source: Option<IpAddr>) -> SocketAddr {
    SocketAddr::new(source.unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED)), 0)
}

/// What came back to a socket from the server: datagrams, and Retry packets.
#[derive(Default)]
struct Answers {
    datagrams: AtomicUsize,
    retries: AtomicUsize,
}

/// Counts (and drains) what the server sends to `socket`, until aborted.
fn count_answers(
    socket: Arc<UdpSocket>,
    from: SocketAddr,
    answers: Arc<Answers>,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut buf = vec![0u8; 2048];
        while let Ok((n, peer)) = socket.recv_from(&mut buf).await {
            if peer != from {
                continue;
            }
            answers.datagrams.fetch_add(1, Ordering::Relaxed);
            if long_type(&buf[..n]) == Some(3) {
                answers.retries.fetch_add(1, Ordering::Relaxed);
            }
        }
    })
}

/// Sends `rate` datagrams a second for `secs`, in 5-ms ticks: `make(i)`
/// gives the i-th datagram and which of `sockets` sends it. Returns (sent,
/// dropped here because a socket's buffer was full).
async fn paced<'a>(
    sockets: &[Arc<UdpSocket>],
    target: SocketAddr,
    secs: Duration,
    rate: u64,
    mut make: impl FnMut(u64) -> (usize, &'a [u8]),
) -> (u64, u64) {
    let tick = Duration::from_millis(5);
    let per_tick = (rate as f64 * tick.as_secs_f64()).max(1.0);
    let mut interval = tokio::time::interval(tick);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    let began = tokio::time::Instant::now();
    let (mut sent, mut dropped, mut owed) = (0u64, 0u64, 0.0f64);
    let mut i = 0u64;
    while began.elapsed() < secs {
        interval.tick().await;
        owed += per_tick;
        while owed >= 1.0 {
            owed -= 1.0;
            let (from, datagram) = make(i);
            let Some(socket) = sockets.get(from % sockets.len().max(1)) else {
                break;
            };
            match socket.try_send_to(datagram, target) {
                Ok(_) => sent += 1,
                Err(_) => dropped += 1,
            }
            i += 1;
        }
    }
    (sent, dropped)
}

/// One junk datagram: random bytes; a short header (fixed bit set, random
/// id and payload); or a v1 Initial of random ids and garbage payload,
/// padded as a client's must be (the server derives its keys from the id
/// and fails to decrypt it).
fn junk_datagram(rng: &mut Rng, i: u64) -> Vec<u8> {
    let mut random = |len: usize| -> Vec<u8> { (0..len).map(|_| rng.next_u64() as u8).collect() };
    match i % 3 {
        0 => {
            let len = 1 + (random(2).iter().fold(0usize, |a, b| a * 256 + *b as usize) % 1472);
            random(len)
        }
        1 => {
            let len = 21 + (random(2).iter().fold(0usize, |a, b| a * 256 + *b as usize) % 1452);
            let mut d = random(len);
            d[0] = 0x40 | (d[0] & 0x3f);
            d
        }
        _ => {
            let head = random(4);
            let len = 1200 + (usize::from(head[0]) * 256 + usize::from(head[1])) % 273;
            let dcid_len = 8 + usize::from(head[2]) % 13;
            let scid_len = usize::from(head[3]) % 21;
            let mut d = vec![0xc0 | (head[0] & 0x0f)];
            d.extend_from_slice(&1u32.to_be_bytes());
            d.push(dcid_len as u8);
            d.extend(random(dcid_len));
            d.push(scid_len as u8);
            d.extend(random(scid_len));
            // No token; the rest of the datagram as the packet's length
            // (a 2-byte varint).
            d.push(0);
            let rest = len.saturating_sub(d.len() + 2);
            d.push(0x40 | (rest >> 8) as u8);
            d.push(rest as u8);
            d.extend(random(rest));
            d
        }
    }
}

/// How many distinct junk datagrams are sent, over and over.
const JUNK_POOL: u64 = 8_192;

async fn junk(from: SocketAddr, target: SocketAddr, secs: Duration, rate: u64) -> Result<Value> {
    let answers = Arc::new(Answers::default());
    let mut sockets = Vec::new();
    let mut readers = Vec::new();
    for _ in 0..8 {
        let socket = raw_socket(from)?;
        readers.push(count_answers(
            Arc::clone(&socket),
            target,
            Arc::clone(&answers),
        ));
        sockets.push(socket);
    }
    // Made beforehand, so the flood costs this process its sends only
    // (it shares the machine's cores with the server).
    let mut rng = Rng::new(u64::from(std::process::id()));
    let pool: Vec<Vec<u8>> = (0..JUNK_POOL).map(|i| junk_datagram(&mut rng, i)).collect();
    say_ready();
    let (sent, dropped) = paced(&sockets, target, secs, rate, |i| {
        (i as usize, pool[(i % JUNK_POOL) as usize].as_slice())
    })
    .await;
    // Whatever the server still answers to the last of them.
    tokio::time::sleep(Duration::from_millis(200)).await;
    for r in readers {
        r.abort();
    }
    Ok(json!({
        "sent": sent,
        "rate_per_s": (sent as f64 / secs.as_secs_f64()).round(),
        "dropped_here": dropped,
        "answered": answers.datagrams.load(Ordering::Relaxed),
    }))
}

/// Connections that complete the handshake and announce a frame beyond the
/// greeting's limit, again and again.
async fn oversized(
    from: SocketAddr,
    target: SocketAddr,
    fingerprint: [u8; 32],
    secs: Duration,
    conns: usize,
) -> Result<Value> {
    let config = client_config(fingerprint)?;
    let mut endpoints = Vec::new();
    for _ in 0..4 {
        endpoints.push(client_endpoint_at(from, Some(1 << 20))?.0);
    }
    let counts: Arc<[AtomicU64; 5]> = Arc::default();
    const CONNECTED: usize = 0;
    const CLOSED_OVERSIZED: usize = 1;
    const CLOSED_OTHERWISE: usize = 2;
    const UNANSWERED: usize = 3;
    const FAILED: usize = 4;
    let deadline = tokio::time::Instant::now() + secs;
    say_ready();
    let mut workers = tokio::task::JoinSet::new();
    for w in 0..conns.max(1) {
        let (endpoint, config, counts) = (
            endpoints[w % endpoints.len()].clone(),
            config.clone(),
            Arc::clone(&counts),
        );
        workers.spawn(async move {
            let mut i = w;
            while tokio::time::Instant::now() < deadline {
                let link = tokio::time::timeout_at(
                    deadline,
                    Link::open_with(&endpoint, target, config.clone()),
                )
                .await;
                let mut link = match link {
                    Err(_) => break,
                    Ok(Err(_)) => {
                        counts[FAILED].fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        continue;
                    }
                    Ok(Ok(link)) => link,
                };
                counts[CONNECTED].fetch_add(1, Ordering::Relaxed);
                let len: u32 = match i % 3 {
                    0 => u32::MAX,
                    1 => MAX_HELLO_FRAME_BYTES as u32 + 1,
                    _ => MAX_FRAME_BYTES as u32 + 1,
                };
                i += 1;
                let mut frame = len.to_le_bytes().to_vec();
                frame.resize(4 + 1000, 0x5a);
                // The server may close before all of it is taken.
                let _ = link.send_bytes(&frame).await;
                let how = tokio::time::timeout(Duration::from_secs(5), link.conn.closed()).await;
                let slot = match how {
                    Ok(quinn::ConnectionError::ApplicationClosed(app))
                        if app.error_code.into_inner() == u64::from(close::OVERSIZED) =>
                    {
                        CLOSED_OVERSIZED
                    }
                    Ok(_) => CLOSED_OTHERWISE,
                    Err(_) => {
                        link.conn.close(0u8.into(), b"");
                        UNANSWERED
                    }
                };
                counts[slot].fetch_add(1, Ordering::Relaxed);
            }
        });
    }
    while workers.join_next().await.is_some() {}
    for e in &endpoints {
        let _ = tokio::time::timeout(Duration::from_secs(2), e.wait_idle()).await;
    }
    let n = |i: usize| counts[i].load(Ordering::Relaxed);
    Ok(json!({
        "connections": n(CONNECTED),
        "per_s": (n(CONNECTED) as f64 / secs.as_secs_f64()).round(),
        "closed_oversized": n(CLOSED_OVERSIZED),
        "closed_otherwise": n(CLOSED_OTHERWISE),
        "unanswered": n(UNANSWERED),
        "failed_handshakes": n(FAILED),
    }))
}

/// `conns` connections at once that never log in, their greeting half-sent
/// (as `storm`'s, but the stream kept open), each replaced when the server
/// closes it, until the flood's end.
async fn stream(
    from: SocketAddr,
    target: SocketAddr,
    fingerprint: [u8; 32],
    secs: Duration,
    conns: usize,
) -> Result<Value> {
    let config = client_config(fingerprint)?;
    let endpoint = client_endpoint_at(from, Some(4 << 20))?.0;
    let opened = Arc::new(AtomicU64::new(0));
    let streams = Arc::new(AtomicU64::new(0));
    let datagrams = Arc::new(AtomicU64::new(0));
    let closed_by_server = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let reasons: Arc<Mutex<std::collections::BTreeMap<String, u64>>> = Arc::default();
    let deadline = tokio::time::Instant::now() + secs;
    say_ready();
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..conns.max(1) {
        let (endpoint, config) = (endpoint.clone(), config.clone());
        let (opened, streams, datagrams, closed_by_server, failed, reasons) = (
            Arc::clone(&opened),
            Arc::clone(&streams),
            Arc::clone(&datagrams),
            Arc::clone(&closed_by_server),
            Arc::clone(&failed),
            Arc::clone(&reasons),
        );
        workers.spawn(async move {
            while tokio::time::Instant::now() < deadline {
                let attempt = tokio::time::timeout_at(
                    deadline,
                    unauthenticated_link(endpoint.clone(), target, config.clone()),
                )
                .await;
                match attempt {
                    Err(_) => break,
                    Ok(Err(_)) => {
                        failed.fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                    Ok(Ok((link, extra, sent))) => {
                        let conn = &link.conn;
                        opened.fetch_add(1, Ordering::Relaxed);
                        streams.fetch_add(extra.len() as u64, Ordering::Relaxed);
                        datagrams.fetch_add(sent as u64, Ordering::Relaxed);
                        tokio::select! {
                            why = conn.closed() => {
                                closed_by_server.fetch_add(1, Ordering::Relaxed);
                                *reasons
                                    .lock()
                                    .unwrap_or_else(PoisonError::into_inner)
                                    .entry(why.to_string())
                                    .or_default() += 1;
                            }
                            _ = tokio::time::sleep_until(deadline) => {
                                conn.close(0u8.into(), b"flood over");
                            }
                        }
                    }
                }
            }
        });
    }
    while workers.join_next().await.is_some() {}
    let _ = tokio::time::timeout(Duration::from_secs(3), endpoint.wait_idle()).await;
    let n = |a: &AtomicU64| a.load(Ordering::Relaxed);
    Ok(json!({
        "connections": n(&opened),
        "extra_streams_granted": n(&streams),
        "datagrams_sent": n(&datagrams),
        "closed_by_server": n(&closed_by_server),
        "close_reasons": *reasons.lock().unwrap_or_else(PoisonError::into_inner),
        "failed": n(&failed),
    }))
}

/// Captured Initials at `rate` a second from 32 source ports, never
/// answered; each pass over them shifts which port sends which.
async fn handshake(
    from: SocketAddr,
    target: SocketAddr,
    fingerprint: [u8; 32],
    secs: Duration,
    rate: u64,
    count: usize,
) -> Result<Value> {
    let raw = raw_socket(anywhere(None))?;
    // The maker's attempts reach the capturing socket over loopback.
    let capture_at = SocketAddr::from((Ipv4Addr::LOCALHOST, raw.local_addr()?.port()));
    let initials = capture_initials(&raw, capture_at, fingerprint, count).await?;
    drop(raw);
    let answers = Arc::new(Answers::default());
    let mut sockets = Vec::new();
    let mut readers = Vec::new();
    for _ in 0..32 {
        let socket = raw_socket(from)?;
        readers.push(count_answers(
            Arc::clone(&socket),
            target,
            Arc::clone(&answers),
        ));
        sockets.push(socket);
    }
    let len = initials.len() as u64;
    say_ready();
    // Each pass over the Initials sends each from the next port along.
    let (sent, dropped) = paced(&sockets, target, secs, rate, |i| {
        let (pass, k) = (i / len, (i % len) as usize);
        (k + pass as usize, initials[k].as_slice())
    })
    .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    for r in readers {
        r.abort();
    }
    Ok(json!({
        "distinct": initials.len(),
        "sent": sent,
        "rate_per_s": (sent as f64 / secs.as_secs_f64()).round(),
        "dropped_here": dropped,
        "answered": answers.datagrams.load(Ordering::Relaxed),
        "retries": answers.retries.load(Ordering::Relaxed),
    }))
}
