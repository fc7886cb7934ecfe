//! A join at the cost of a handshake: `cargo bench -p minuta-tests --bench
//! join [-- --terminals N]`.
//!
//! The server's cost of one terminal joining, in instructions (valgrind's
//! callgrind: repeatable on a shared machine, where time is not), against a
//! bare quinn server with the same certificate, TLS and transport settings
//! (`minuta_server::net::tls`, `net::endpoint::bind`) and the same client,
//! accepting the same number of handshakes and answering one stream each.
//! In one run:
//! 1. the bare server: this bench's own binary run again under callgrind
//!    (`--bare-server DIR`, a current-thread runtime like the server's); one
//!    link opened and answered first (the counters are then zeroed with
//!    `callgrind_control -z`, so start-up is not counted); then N links
//!    opened one after the other, each sending a 32-byte greeting on a
//!    bidirectional stream and reading a 600-byte answer (a team view's
//!    size); then `callgrind_control -d` and the instructions (Ir) of the
//!    dump / N;
//! 2. `minuta-server` under callgrind the same way: the host registers N
//!    teams and leaves, the projector stays (its keep-alives let
//!    callgrind_control reach a server that would otherwise sleep; the
//!    bare server has its first link for the same), zero, then N team
//!    terminals join one after the other, each until its first view;
//!    dump, Ir / N;
//! 3. memory: `minuta-server` without valgrind, M teams registered
//!    (`--rss-terminals M`, default 1,000: a few hundred KiB of allocator
//!    noise would swamp N = 200), VmRSS before and after the M terminals
//!    joined (and read their first view): the difference / M.
//!
//! Last line: `{"bench":"join","terminals":N,
//! "server_instructions_per_join":…,"bare_quinn_instructions_per_join":…,
//! "ratio":…,"rss_kib_per_terminal":…,"rss_terminals":M}` (the issue's
//! targets: ratio ≤ 2, ≤ 40 KiB a terminal).
//! Needs `valgrind` (with `callgrind_control`) on the PATH. Built as a
//! test (without cargo bench's `--bench` flag) it does nothing.

use std::path::{Path, PathBuf};
use std::process::{Command as Process, ExitCode, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};

use minuta_tests::bench::{Mode, at_least, finish, parse};
use minuta_tests::hall::{register_teams, set_up_tournament, team_codes, team_name, test_timing};
use minuta_tests::terminal::{Link, Terminal, client_endpoint};
use minuta_tests::{TestServer, progress};

/// The bare server's answer: about a team terminal's first view.
const ANSWER: usize = 600;

/// A join at the cost of a handshake: the server's instructions per join
/// against a bare quinn server's, and its memory per terminal.
#[derive(clap::Parser)]
#[command(name = "join")]
struct Args {
    /// Terminals joining under callgrind.
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = at_least::<1>)]
    terminals: usize,
    /// Terminals joining for the memory per terminal.
    #[arg(long, value_name = "M", default_value_t = 1_000, value_parser = at_least::<1>)]
    rss_terminals: usize,
    /// Run as the bare quinn server, with its certificate in DIR.
    #[arg(long, value_name = "DIR", hide = true)]
    bare_server: Option<PathBuf>,
    #[command(flatten)]
    mode: Mode,
}

fn main() -> ExitCode {
    let args: Args = parse();
    if let Some(dir) = args.bare_server {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build();
        return match runtime.map(|rt| rt.block_on(bare_server(dir))) {
            Ok(Ok(())) => ExitCode::SUCCESS,
            Ok(Err(e)) => {
                eprintln!("join: bare server: {e:#}");
                ExitCode::FAILURE
            }
            Err(e) => {
                eprintln!("join: bare server runtime: {e}");
                ExitCode::FAILURE
            }
        };
    }
    // `cargo test --benches` runs bench targets without `--bench`: do nothing.
    if args.mode.idle("join") {
        return ExitCode::SUCCESS;
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    finish("join", runtime, run(args.terminals, args.rss_terminals))
}

/// The bare quinn server: the server's TLS identity and transport, each
/// connection's first bidirectional stream answered once, the connection
/// kept until the client closes it. Prints its address and fingerprint.
async fn bare_server(dir: PathBuf) -> Result<()> {
    let identity = minuta_server::net::tls::load_or_create(&dir)?;
    let config = minuta_server::net::tls::quinn_server_config(&identity)?;
    let endpoint = minuta_server::net::endpoint::bind("127.0.0.1:0".parse()?, config)?;
    let hex: String = identity
        .fingerprint
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    println!("bare {} {hex}", endpoint.local_addr()?);
    while let Some(incoming) = endpoint.accept().await {
        tokio::spawn(async move {
            let Ok(conn) = incoming.await else { return };
            let Ok((mut send, mut recv)) = conn.accept_bi().await else {
                return;
            };
            let mut greeting = [0u8; 32];
            if recv.read_exact(&mut greeting).await.is_err() {
                return;
            }
            if send.write_all(&[7u8; ANSWER]).await.is_err() {
                return;
            }
            let _ = conn.closed().await;
        });
    }
    Ok(())
}

/// Instructions (Ir) in the newest callgrind dump under `dir`.
fn dumped_instructions(dir: &Path) -> Result<u64> {
    let mut newest: Option<(std::time::SystemTime, PathBuf)> = None;
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let is_dump = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("cg.out") && n.ends_with(".1"));
        if !is_dump {
            continue;
        }
        let modified = std::fs::metadata(&path)?.modified()?;
        if newest.as_ref().is_none_or(|(t, _)| modified > *t) {
            newest = Some((modified, path));
        }
    }
    let (_, path) = newest.ok_or_else(|| anyhow!("no callgrind dump in {}", dir.display()))?;
    // `MINUTA_JOIN_KEEP=DIR` keeps a copy of each dump for callgrind_annotate.
    if let (Some(keep), Some(name)) = (std::env::var_os("MINUTA_JOIN_KEEP"), path.file_name()) {
        let _ = std::fs::copy(&path, Path::new(&keep).join(name));
    }
    let text = std::fs::read_to_string(&path)?;
    text.lines()
        .find_map(|l| {
            l.strip_prefix("summary:")
                .or_else(|| l.strip_prefix("totals:"))
        })
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| anyhow!("no totals in {}", path.display()))
}

/// `callgrind_control -z|-d pid`: zero or dump the counters.
fn callgrind_control(flag: &str, pid: u32) -> Result<()> {
    let status = Process::new("callgrind_control")
        .arg(flag)
        .arg(pid.to_string())
        .stdout(Stdio::null())
        .status()
        .context("running callgrind_control")?;
    if !status.success() {
        bail!("callgrind_control {flag} {pid}: {status}");
    }
    Ok(())
}

/// A script that runs `binary` under callgrind, dumps in `dir`.
fn under_callgrind(dir: &Path, binary: &Path) -> Result<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    let script = dir.join("callgrind.sh");
    std::fs::write(
        &script,
        format!(
            "#!/bin/sh\nexec valgrind --tool=callgrind -q --callgrind-out-file={}/cg.out.%p {} \"$@\"\n",
            dir.display(),
            binary.display()
        ),
    )?;
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))?;
    Ok(script)
}

async fn teams_of(
    server: &TestServer,
    n: usize,
) -> Result<Vec<minuta_shared::join_code::JoinCode>> {
    let mut host = Terminal::connect(&server.host_code).await?;
    set_up_tournament(&mut host, "Вход", test_timing()).await?;
    let names: Vec<String> = (1..=n).map(team_name).collect();
    let teams = register_teams(&mut host, &names).await?;
    let codes = team_codes(&mut host, &teams).await?;
    host.close();
    Ok(codes)
}

/// Joins every code in turn, each until its first view; returns them.
async fn join_all(codes: &[minuta_shared::join_code::JoinCode]) -> Result<Vec<Terminal>> {
    let mut joined = Vec::with_capacity(codes.len());
    for code in codes {
        let mut t = Terminal::connect(code).await?;
        t.next_view().await?;
        joined.push(t);
    }
    Ok(joined)
}

async fn run(n: usize, m: usize) -> Result<String> {
    let start = Instant::now();
    let work = tempfile::Builder::new().prefix("minuta-join-").tempdir()?;

    // 1. The bare quinn server under callgrind.
    let me = std::env::current_exe()?;
    let bare_dir = work.path().join("bare");
    std::fs::create_dir_all(&bare_dir)?;
    let mut bare = Process::new(under_callgrind(&bare_dir, &me)?)
        .arg("--bare-server")
        .arg(&bare_dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("starting the bare server under valgrind")?;
    let bare_pid = bare.id();
    let stdout = bare.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
    let line = tokio::task::spawn_blocking(move || {
        use std::io::BufRead;
        let mut line = String::new();
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .map(|_| line)
    })
    .await??;
    let mut parts = line.split_whitespace().skip(1);
    let addr: std::net::SocketAddr = parts
        .next()
        .ok_or_else(|| anyhow!("the bare server said {line:?}"))?
        .parse()?;
    let hex = parts.next().ok_or_else(|| anyhow!("no fingerprint"))?;
    let mut fingerprint = [0u8; 32];
    for (i, byte) in fingerprint.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2).unwrap_or("zz"), 16)?;
    }
    let endpoint = client_endpoint()?;
    let open = |endpoint: quinn::Endpoint| async move {
        let mut link = Link::open(&endpoint, addr, fingerprint).await?;
        link.send_bytes(&[1u8; 32]).await?;
        let mut answer = [0u8; ANSWER];
        link.recv.read_exact(&mut answer).await?;
        anyhow::Ok(link)
    };
    let warm = open(endpoint.clone()).await?;
    callgrind_control("-z", bare_pid)?;
    let t = Instant::now();
    let mut links = Vec::with_capacity(n);
    for _ in 0..n {
        links.push(open(endpoint.clone()).await?);
    }
    let bare_join_s = t.elapsed().as_secs_f64();
    callgrind_control("-d", bare_pid)?;
    let bare_ir = dumped_instructions(&bare_dir)?;
    progress!(
        start,
        "bare quinn server: {n} handshakes and streams in {bare_join_s:.1} s under callgrind, {bare_ir} instructions, {} a connection",
        bare_ir / n as u64
    );
    drop(links);
    drop(warm);
    let _ = bare.kill();
    let _ = bare.wait();

    // 2. minuta-server under callgrind.
    let binary = minuta_tests::server::server_binary()?;
    let cg_dir = work.path().join("minuta");
    std::fs::create_dir_all(&cg_dir)?;
    let script = under_callgrind(&cg_dir, &binary)?;
    let server = TestServer::child_process_of(
        &script,
        tempfile::Builder::new()
            .prefix("minuta-join-cg-")
            .tempdir()?,
    )?;
    let pid = server.pid().ok_or_else(|| anyhow!("no server process"))?;
    let codes = teams_of(&server, n).await?;
    let display = Terminal::connect(&server.display_code).await?;
    // Let the host's leaving settle before the counters start.
    tokio::time::sleep(Duration::from_millis(500)).await;
    callgrind_control("-z", pid)?;
    let t = Instant::now();
    let joined = join_all(&codes).await?;
    let join_s = t.elapsed().as_secs_f64();
    callgrind_control("-d", pid)?;
    let server_ir = dumped_instructions(&cg_dir)?;
    progress!(
        start,
        "minuta-server: {n} terminals joined (each to its first view) in {join_s:.1} s under callgrind, {server_ir} instructions, {} a join",
        server_ir / n as u64
    );
    drop(joined);
    drop(display);
    drop(server);

    // 3. Memory, without valgrind.
    let server = TestServer::child_process_of(
        &binary,
        tempfile::Builder::new()
            .prefix("minuta-join-rss-")
            .tempdir()?,
    )?;
    let codes = teams_of(&server, m).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (before, _) = server
        .memory_kib()
        .ok_or_else(|| anyhow!("no /proc status"))?;
    let joined = join_all(&codes).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (after, _) = server
        .memory_kib()
        .ok_or_else(|| anyhow!("no /proc status"))?;
    let rss_per = after.saturating_sub(before) as f64 / m as f64;
    progress!(
        start,
        "memory: VmRSS {before} KiB with {m} teams registered, {after} KiB with them joined: {rss_per:.1} KiB a terminal"
    );
    drop(joined);
    drop(server);

    let per_join = server_ir as f64 / n as f64;
    let bare_per = bare_ir as f64 / n as f64;
    let ratio = (per_join / bare_per * 100.0).round() / 100.0;
    Ok(format!(
        "{{\"bench\":\"join\",\"terminals\":{n},\"server_instructions_per_join\":{},\"bare_quinn_instructions_per_join\":{},\"ratio\":{ratio},\"rss_kib_per_terminal\":{},\"rss_terminals\":{m}}}",
        per_join.round(),
        bare_per.round(),
        (rss_per * 10.0).round() / 10.0
    ))
}
