//! What the benchmark binaries (`tests/benches/*.rs`) share besides their
//! percentiles ([`crate::stats`]): their command line ([`parse`], the
//! options every bench has, [`Mode`], and those of the floors, [`Floors`]),
//! progress lines with the seconds since the
//! start, the end of `main` that runs the benchmark and prints its last
//! line (one JSON object) or its error, and the round trips to compare
//! with: raw UDP ([`udp_baseline`]) and a bare quinn stream
//! with the server's settings ([`quic_baseline`]); and the durable floor,
//! an fsync on the store's own file system ([`fsync_baseline`]).

use std::future::Future;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};

use crate::stats::sorted;
use crate::terminal::client_endpoint;

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// Parses a bench's command line (its clap arguments `A`, with [`Mode`]
/// flattened in): `--help`, and clap's error (exit 2) for anything it does
/// not know. An option given twice counts as given last.
pub fn parse<A: clap::Parser>() -> A {
    parse_from(std::env::args_os()).unwrap_or_else(|e| e.exit())
}

fn parse_from<A: clap::Parser>(
    args: impl IntoIterator<Item = std::ffi::OsString>,
) -> Result<A, clap::Error> {
    let command = A::command().args_override_self(true);
    // Its usage names the bench, not its executable's hashed file name.
    let name = command.get_name().to_owned();
    let mut command = command.bin_name(name);
    let mut matches = command.try_get_matches_from_mut(args)?;
    A::from_arg_matches_mut(&mut matches).map_err(|e| e.format(&mut command))
}

/// What every bench binary is given besides its own options: `--bench`,
/// which `cargo bench` passes (without it, as `cargo test --benches` and
/// `--all-targets` run bench targets, a bench is a quick smoke run or does
/// nothing), and what `cargo test -- …` passes on to every target.
///
/// A bench's option whose default is smaller in a smoke run takes the
/// smoke run's as its default and the bench's with
/// `default_value_if("bench", "true", …)`.
#[derive(clap::Args, Clone, Debug)]
pub struct Mode {
    /// The full benchmark (`cargo bench` passes it); without it, a smoke run
    /// or nothing.
    #[arg(long)]
    pub bench: bool,
    #[command(flatten)]
    harness: Harness,
}

impl Mode {
    /// Whether libtest's `--list` was asked for (`cargo test -- --list`,
    /// test runners): a bench has no tests to list, so it does nothing.
    pub fn listing(&self) -> bool {
        self.harness.list
    }

    /// For a bench without a smoke run: whether to do nothing, listing, or
    /// run without `--bench` (then it says how to run it).
    pub fn idle(&self, name: &str) -> bool {
        if !self.bench && !self.listing() {
            println!(
                "{name}: a benchmark; run it with `cargo bench -p minuta-tests --bench {name}`"
            );
        }
        !self.bench || self.listing()
    }
}

/// libtest's options, which `cargo test -- …` passes to every target, bench
/// targets (`harness = false`) too, and a name filter (`cargo bench NAME`):
/// accepted, so such a run is not refused, and hidden; only `--list` is
/// heeded.
#[derive(clap::Args, Clone, Debug)]
struct Harness {
    #[arg(long, hide = true)]
    list: bool,
    #[arg(long, hide = true)]
    test: bool,
    #[arg(long, hide = true)]
    nocapture: bool,
    #[arg(long, hide = true)]
    no_capture: bool,
    #[arg(long, hide = true)]
    show_output: bool,
    #[arg(short, long, hide = true)]
    quiet: bool,
    #[arg(long, hide = true)]
    exact: bool,
    #[arg(long, hide = true)]
    ignored: bool,
    #[arg(long, hide = true)]
    include_ignored: bool,
    #[arg(long, hide = true)]
    test_threads: Option<String>,
    #[arg(long, hide = true)]
    skip: Vec<String>,
    #[arg(long, hide = true)]
    format: Option<String>,
    #[arg(long, hide = true)]
    color: Option<String>,
    #[arg(long, hide = true)]
    logfile: Option<String>,
    #[arg(short = 'Z', hide = true)]
    unstable: Vec<String>,
    #[arg(hide = true)]
    filters: Vec<String>,
}

/// The floors' samples, for the benches that measure both (`ack`, `bid`).
#[derive(clap::Args, Clone, Debug)]
pub struct Floors {
    /// Raw UDP round trips measured (at least 100).
    #[arg(long, value_name = "S", default_value_t = 5_000, value_parser = raise_to::<100>)]
    pub udp_samples: usize,
    /// fsyncs measured (at least 100).
    #[arg(long, value_name = "F", default_value_t = 500, value_parser = raise_to::<100>)]
    pub fsync_samples: usize,
}

/// A whole number, raised to `MIN` if it is less (a clap value parser).
pub fn raise_to<const MIN: usize>(s: &str) -> Result<usize, std::num::ParseIntError> {
    Ok(s.parse::<usize>()?.max(MIN))
}

/// A whole number, at least `MIN` (a clap value parser).
pub fn at_least<const MIN: usize>(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(n) if n >= MIN => Ok(n),
        Ok(_) => Err(format!("at least {MIN}")),
        Err(e) => Err(e.to_string()),
    }
}

/// Milliseconds, as a whole number (a clap value parser).
pub fn millis(s: &str) -> Result<Duration, std::num::ParseIntError> {
    Ok(Duration::from_millis(s.parse()?))
}

/// Seconds, as a whole number (a clap value parser).
pub fn seconds(s: &str) -> Result<Duration, std::num::ParseIntError> {
    Ok(Duration::from_secs(s.parse()?))
}

/// A progress line on stdout: seconds since `$start` (an `Instant`), then
/// the text; flushed at once, so a long run shows where it is.
#[macro_export]
macro_rules! progress {
    ($start:expr, $($arg:tt)*) => {{
        println!("[{:7.2} s] {}", $start.elapsed().as_secs_f64(), format!($($arg)*));
        let _ = std::io::Write::flush(&mut std::io::stdout());
    }};
}

/// Runs the benchmark `run` on `runtime` and reports: its result line on
/// stdout (success), or `name: error` on stderr (failure).
pub fn finish(
    name: &str,
    runtime: std::io::Result<tokio::runtime::Runtime>,
    run: impl Future<Output = anyhow::Result<String>>,
) -> ExitCode {
    let runtime = match runtime {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("{name}: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{name}: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs an echo on a thread of its own with its own single-threaded
/// runtime, as the server process runs apart from the terminals; with
/// `polling`, the thread keeps polling between round trips, as the server's
/// does while a question is in play.
pub fn on_own_thread<F, Fut>(polling: bool, echo: F) -> std::thread::JoinHandle<Result<()>>
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = Result<()>>,
{
    std::thread::spawn(move || {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?
            .block_on(async move {
                let (_polling, live) = tokio::sync::watch::channel(true);
                if polling {
                    tokio::spawn(minuta_server::busy_poll::keep_polling(live));
                }
                echo().await
            })
    })
}

/// Waits `pause`; not at all when it is zero (a zero-length tokio sleep
/// still waits for the timer's next millisecond tick). With `poll`, this
/// thread keeps polling meanwhile, as a team terminal's does while a
/// question is in play.
pub async fn quiet(pause: Duration, poll: bool) {
    if pause.is_zero() {
        return;
    }
    let polling = poll.then(|| {
        let (polling, live) = tokio::sync::watch::channel(true);
        tokio::spawn(minuta_server::busy_poll::keep_polling(live));
        polling
    });
    tokio::time::sleep(pause).await;
    drop(polling);
}

/// Raw UDP round trips of 32 bytes on loopback: an echo on its own thread
/// with its own single-threaded runtime; `pause` between samples (zero:
/// back to back, after 1,000 unmeasured ones; otherwise both threads keep
/// polling through the pause, as the server and the terminals do while the
/// buttons are armed). Returns sorted µs.
pub async fn udp_baseline(samples: usize, pause: Duration) -> Result<Vec<f64>> {
    let echo = std::net::UdpSocket::bind("127.0.0.1:0").context("binding the echo socket")?;
    echo.set_nonblocking(true)?;
    let addr = echo.local_addr()?;
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let thread = on_own_thread(!pause.is_zero(), move || async move {
        let socket = tokio::net::UdpSocket::from_std(echo)?;
        let mut buf = [0u8; 64];
        let mut stop = stop_rx;
        loop {
            tokio::select! {
                _ = &mut stop => return Ok(()),
                got = socket.recv_from(&mut buf) => {
                    let (n, from) = got?;
                    socket.send_to(&buf[..n], from).await?;
                }
            }
        }
    });
    let client = tokio::net::UdpSocket::bind("127.0.0.1:0").await?;
    client.connect(addr).await?;
    let payload = [7u8; 32];
    let mut buf = [0u8; 64];
    let mut out = Vec::with_capacity(samples);
    let warmup = if pause.is_zero() { 1_000 } else { 0 };
    for i in 0..samples + warmup {
        quiet(pause, true).await;
        let t0 = Instant::now();
        client.send(&payload).await?;
        let n = tokio::time::timeout(Duration::from_secs(1), client.recv(&mut buf))
            .await
            .context("the echo answers")??;
        let rtt = t0.elapsed();
        if n != payload.len() {
            bail!("the echo sent {n} bytes");
        }
        if i >= warmup {
            out.push(us(rtt));
        }
    }
    let _ = stop_tx.send(());
    thread
        .join()
        .map_err(|_| anyhow!("the echo thread panicked"))??;
    Ok(sorted(out))
}

/// The QUIC floor: a 32-byte round trip on one bidirectional quinn stream
/// (the server's TLS and transport settings, the echo on its own thread
/// with a single-threaded runtime), without any of Minuta's code between;
/// `pause` as for [`udp_baseline`].
pub async fn quic_baseline(samples: usize, pause: Duration) -> Result<Vec<f64>> {
    let dir = tempfile::tempdir().context("a temporary certificate directory")?;
    let identity = minuta_server::net::tls::load_or_create(dir.path())?;
    let config = minuta_server::net::tls::quinn_server_config(&identity)?;
    let fingerprint = identity.fingerprint;
    let server = minuta_server::net::endpoint::bind("127.0.0.1:0".parse()?, config);
    let (addr_tx, addr_rx) = tokio::sync::oneshot::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let thread = on_own_thread(!pause.is_zero(), move || async move {
        let endpoint = {
            let _guard = tokio::runtime::Handle::current().enter();
            server?
        };
        let _ = addr_tx.send(endpoint.local_addr()?);
        let incoming = endpoint
            .accept()
            .await
            .ok_or_else(|| anyhow!("no connection"))?;
        let conn = incoming.await?;
        let (mut send, mut recv) = conn.accept_bi().await?;
        let mut buf = [0u8; 32];
        let mut stop = stop_rx;
        loop {
            tokio::select! {
                _ = &mut stop => return Ok(()),
                got = recv.read_exact(&mut buf) => {
                    if got.is_err() { return Ok(()); }
                    send.write_all(&buf).await?;
                }
            }
        }
    });
    let addr = addr_rx.await.context("the echo's address")?;
    let endpoint = client_endpoint()?;
    let mut link = crate::terminal::Link::open(&endpoint, addr, fingerprint).await?;
    let payload = [7u8; 32];
    let mut out = Vec::with_capacity(samples);
    let warmup = if pause.is_zero() { 1_000 } else { 10 };
    for i in 0..samples + warmup {
        quiet(pause, true).await;
        let t0 = Instant::now();
        link.send_bytes(&payload).await?;
        let mut buf = [0u8; 32];
        tokio::time::timeout(Duration::from_secs(1), link.recv.read_exact(&mut buf))
            .await
            .context("the QUIC echo answers")??;
        if i >= warmup {
            out.push(us(t0.elapsed()));
        }
    }
    let _ = stop_tx.send(());
    drop(link);
    thread
        .join()
        .map_err(|_| anyhow!("the echo thread panicked"))??;
    Ok(sorted(out))
}

/// The durable floor: `samples` fsyncs of a file in `dir` (the server's
/// data directory, so the same file system and disk as its store), each
/// after appending one 4 KiB page, as a WAL commit of a few events does.
/// The file is removed afterwards. Returns sorted µs.
pub fn fsync_baseline(dir: &std::path::Path, samples: usize) -> Result<Vec<f64>> {
    use std::io::Write;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join("fsync-baseline");
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(true)
        .write(true)
        .open(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    let page = [0x5au8; 4096];
    let mut out = Vec::with_capacity(samples);
    for _ in 0..samples {
        file.write_all(&page)?;
        let t0 = Instant::now();
        file.sync_all()?;
        out.push(us(t0.elapsed()));
    }
    drop(file);
    std::fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
    Ok(sorted(out))
}

/// A durable action's floor and its ratio: `seen_p99 / (fsync_p99 +
/// udp_p99)`, rounded to two decimals (the issue's `floor_ratio`).
pub fn floor_ratio(seen_p99: f64, fsync_p99: f64, udp_p99: f64) -> f64 {
    (seen_p99 / (fsync_p99 + udp_p99) * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bench's command line: an option with a smaller smoke default, the
    /// floors, the mode.
    #[derive(clap::Parser, Debug)]
    struct Bench {
        #[arg(
            long,
            default_value_t = 2,
            default_value_if("bench", "true", Some("20"))
        )]
        teams: usize,
        #[command(flatten)]
        floors: Floors,
        #[command(flatten)]
        mode: Mode,
    }

    fn bench(args: &[&str]) -> Result<Bench, clap::Error> {
        parse_from(["bench"].iter().chain(args).map(Into::into))
    }

    #[test]
    fn a_smoke_run_without_bench_and_the_full_run_with_it() {
        let smoke = bench(&[]).unwrap();
        assert!(!smoke.mode.bench);
        assert_eq!(
            (
                smoke.teams,
                smoke.floors.udp_samples,
                smoke.floors.fsync_samples
            ),
            (2, 5_000, 500)
        );
        // `cargo bench` puts `--bench` last, the docs' commands first.
        assert_eq!(bench(&["--bench"]).unwrap().teams, 20);
        assert_eq!(bench(&["--teams", "7", "--bench"]).unwrap().teams, 7);
        assert_eq!(bench(&["--bench", "--teams=7"]).unwrap().teams, 7);
        assert_eq!(bench(&["--teams", "7"]).unwrap().teams, 7);
    }

    #[test]
    fn the_last_of_a_repeated_option_counts_and_floors_are_raised() {
        let args = bench(&["--teams", "3", "--teams", "4", "--bench", "--bench"]).unwrap();
        assert_eq!(args.teams, 4);
        assert_eq!(
            bench(&["--udp-samples", "5"]).unwrap().floors.udp_samples,
            100
        );
    }

    #[test]
    fn what_cargo_test_passes_on_is_accepted() {
        let args = bench(&[
            "--nocapture",
            "--test-threads",
            "1",
            "-q",
            "--format",
            "json",
            "-Z",
            "unstable-options",
            "--skip",
            "x",
            "--exact",
            "a_filter",
        ])
        .unwrap();
        assert!(!args.mode.bench && !args.mode.listing());
        assert!(
            bench(&["--list", "--format", "terse"])
                .unwrap()
                .mode
                .listing()
        );
    }

    #[test]
    fn anything_else_is_clap_s_error() {
        let unknown = bench(&["--bench", "--terminals", "5"]).unwrap_err();
        assert_eq!(unknown.kind(), clap::error::ErrorKind::UnknownArgument);
        let bad = bench(&["--teams", "many"]).unwrap_err();
        assert_eq!(bad.kind(), clap::error::ErrorKind::ValueValidation);
        assert_eq!(
            bench(&["--help"]).unwrap_err().kind(),
            clap::error::ErrorKind::DisplayHelp
        );
    }
}
