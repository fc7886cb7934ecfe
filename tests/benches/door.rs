//! The browsers' door under load: `cargo bench -p minuta-tests --bench door`.
//!
//! A server in this process on its own thread, on 127.0.0.1:
//!
//! (a) R slow readers (default 64) each ask for a 10 MiB `minuta_bg.wasm`
//!     and read nothing; the process's resident memory is read before and
//!     while they wait: `rss_per_reader_kb` (target ≤ 1,024), beside the
//!     baseline of what each cost when every request read its own copy
//!     (the file's size): `rss_ratio` is the one over the other;
//! (b) S strangers (default 150) upgrade to a WebSocket and stall in TLS
//!     (each is opened again as the server lets it go), while a fresh
//!     terminal logs in every second, browser and QUIC in turn (default
//!     20): `fresh_login_p99_ms` (target ≤ 1,000) and `fresh_failed`
//!     (target 0), beside the same logins with no strangers:
//!     `calm_login_p99_ms`; and what a stalled stranger costs in resident
//!     memory, `rss_per_stranger_kb` (its client's side, in this process,
//!     included);
//!
//! (c) a hall of W terminals (default 50, four in five of them browsers)
//!     joins at once through relays that spoil the links as a poor Wi-Fi
//!     does (netem is absent on this kernel: 3 % of QUIC's datagrams lost,
//!     every chunk each way 50 ± 30 ms, 2 % of the browsers' chunks 300 ms
//!     later still): `wifi_join_p99_ms`, beside `wifi_floor_ms`, the
//!     relays' own delay of one round trip (100 ms).
//!
//! The last line is one JSON object: `{"bench":"door","readers":…,
//! "file_bytes":…,"rss_per_reader_kb":…,"rss_ratio":…,"strangers":…,
//! "fresh":…,"fresh_login_p99_ms":…,"fresh_failed":…,
//! "calm_login_p99_ms":…,"rss_per_stranger_kb":…,"wifi_terminals":…,"wifi_join_p99_ms":…,
//! "wifi_retried":…,"wifi_failed":…,"wifi_floor_ms":…}`. Without `--bench` it is a smoke
//! run of 8 readers, 20 strangers, 4 logins and 10 terminals.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow};
use tokio::io::AsyncWriteExt;

use minuta_server::{ServerConfig, ServerHandle};
use minuta_shared::join_code::JoinCode;
use minuta_tests::bench::{Mode, finish, parse};
use minuta_tests::hall::{self, register_teams, set_up_tournament, team_codes};
use minuta_tests::stats::{percentile, sorted};
use minuta_tests::web_terminal::Strangers;
use minuta_tests::wifi::PoorWifi;
use minuta_tests::{Terminal, TestServer, test_timing, within};

#[derive(clap::Parser)]
#[command(name = "door")]
struct Options {
    /// Slow readers of the wasm [default: 64; 8 without --bench].
    #[arg(long, value_name = "R", hide_default_value = true)]
    #[arg(default_value_t = 8, default_value_if("bench", "true", Some("64")))]
    readers: usize,
    /// Stalled strangers [default: 150; 20 without --bench].
    #[arg(long, value_name = "S", hide_default_value = true)]
    #[arg(default_value_t = 20, default_value_if("bench", "true", Some("150")))]
    strangers: usize,
    /// Terminals joining over a poor Wi-Fi [default: 50; 10 without --bench].
    #[arg(long, value_name = "W", hide_default_value = true)]
    #[arg(default_value_t = 10, default_value_if("bench", "true", Some("50")))]
    wifi: usize,
    /// Fresh logins, one a second [default: 20; 4 without --bench].
    #[arg(long, value_name = "N", hide_default_value = true)]
    #[arg(default_value_t = 4, default_value_if("bench", "true", Some("20")))]
    fresh: usize,
    #[command(flatten)]
    mode: Mode,
}

const FILE_BYTES: usize = 10 << 20;

/// This process's resident memory, KiB.
fn rss_kib() -> Result<u64> {
    let status = std::fs::read_to_string("/proc/self/status")?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| anyhow!("no VmRSS in /proc/self/status"))
}

fn server(dir: &std::path::Path) -> Result<(ServerHandle, SocketAddr, JoinCode)> {
    let bundle = dir.join("bundle");
    std::fs::create_dir_all(&bundle)?;
    // Incompressible, as a wasm nearly is.
    let mut wasm = vec![0u8; FILE_BYTES];
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for b in wasm.iter_mut() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
    std::fs::write(bundle.join("minuta_bg.wasm"), wasm)?;
    std::fs::write(bundle.join("index.html"), "<p>door</p>")?;
    let mut config = ServerConfig::local(dir.join("data"));
    config.listen = "127.0.0.1:0".parse()?;
    config.web_port = Some(0);
    config.web_bundle = Some(bundle);
    config.busy_poll = false;
    let handle = minuta_server::spawn(config).context("starting the server")?;
    let web = handle
        .ready
        .web_addr
        .ok_or_else(|| anyhow!("the server listens for no browser"))?;
    let code = JoinCode::parse(&handle.ready.display_code).context("the display's code")?;
    Ok((handle, web, code))
}

/// (a): resident KiB per slow reader.
async fn slow_readers(web: SocketAddr, readers: usize) -> Result<f64> {
    // Warm: the file read once, as the first browser would.
    let _ = minuta_tests::web_terminal::get(web, "/minuta_bg.wasm", &[]).await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = rss_kib()?;
    let mut held = Vec::new();
    for _ in 0..readers {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.set_recv_buffer_size(4096)?;
        let mut tcp = socket.connect(web).await?;
        tcp.write_all(b"GET /minuta_bg.wasm HTTP/1.1\r\nHost: x\r\n\r\n")
            .await?;
        held.push(tcp);
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let during = rss_kib()?;
    drop(held);
    Ok(during.saturating_sub(before) as f64 / readers as f64)
}

/// One fresh login, browser or QUIC: how long it took.
async fn login(web: SocketAddr, code: &JoinCode, browser: bool) -> Result<Duration> {
    let started = Instant::now();
    let mut terminal = if browser {
        Terminal::connect_web(web, code, false).await?
    } else {
        Terminal::connect(code).await?
    };
    terminal.ping().await?;
    Ok(started.elapsed())
}

/// (b): fresh logins, one a second, browser and QUIC in turn: (sorted ms,
/// failures).
async fn fresh_logins(web: SocketAddr, code: &JoinCode, n: usize) -> (Vec<f64>, usize) {
    let mut took = Vec::new();
    let mut failed = 0;
    for i in 0..n {
        let at = Instant::now();
        match within("a fresh login", login(web, code, i % 2 == 0)).await {
            Ok(Ok(d)) => took.push(d.as_secs_f64() * 1e3),
            Ok(Err(e)) | Err(e) => {
                eprintln!("door: a fresh login failed: {e:#}");
                failed += 1;
            }
        }
        tokio::time::sleep(Duration::from_secs(1).saturating_sub(at.elapsed())).await;
    }
    (sorted(took), failed)
}

/// (c): W terminals join at once over the spoilt links, each tried again
/// at once if a try fails, as the app does (three tries): (sorted ms,
/// joins that needed another try, joins that failed).
async fn wifi_join(o: &Options) -> Result<(Vec<f64>, usize, usize)> {
    let server = TestServer::in_process()?;
    let web = server
        .web_addr
        .ok_or_else(|| anyhow!("the server listens for no browser"))?;
    let mut host = Terminal::connect(&server.host_code).await?;
    set_up_tournament(&mut host, "Кубок плохого Wi-Fi", test_timing()).await?;
    let names: Vec<String> = (1..=o.wifi).map(hall::team_name).collect();
    let teams = register_teams(&mut host, &names).await?;
    let codes = team_codes(&mut host, &teams).await?;
    host.skip_views(true);
    let wifi = Arc::new(PoorWifi::start(server.addr, web, 50).await?);
    let browsers = o.wifi * 4 / 5;
    let mut joins = tokio::task::JoinSet::new();
    for (i, code) in codes.into_iter().enumerate() {
        let wifi = Arc::clone(&wifi);
        joins.spawn(async move {
            let started = Instant::now();
            let (t, tries) = wifi.join(i < browsers, &code).await?;
            anyhow::Ok((started.elapsed(), tries, t))
        });
    }
    let (mut took, mut failed, mut kept) = (Vec::new(), 0, Vec::new());
    let mut retried = 0;
    while let Some(joined) = joins.join_next().await {
        match joined? {
            Ok((d, tries, t)) => {
                took.push(d.as_secs_f64() * 1e3);
                retried += usize::from(tries > 1);
                kept.push(t);
            }
            Err(e) => {
                eprintln!("door: a terminal did not join over the Wi-Fi: {e:?}");
                failed += 1;
            }
        }
    }
    Ok((sorted(took), retried, failed))
}

async fn run(o: Options) -> Result<String> {
    let dir = tempfile::tempdir()?;
    let (_server, web, code) = server(dir.path())?;

    let per_reader_kb = slow_readers(web, o.readers).await?;
    let baseline_kb = FILE_BYTES as f64 / 1024.0;
    println!(
        "door (a): {} slow readers of a {} MiB wasm: {per_reader_kb:.0} KiB resident each \
         (a copy per request: {baseline_kb:.0} KiB; ratio {:.4})",
        o.readers,
        FILE_BYTES >> 20,
        per_reader_kb / baseline_kb
    );

    let (calm, calm_failed) = fresh_logins(web, &code, o.fresh.min(6)).await;
    let before = rss_kib()?;
    let strangers = Strangers::stall(web, o.strangers);
    tokio::time::sleep(Duration::from_secs(1)).await;
    // Each stranger costs this process twice: its client side too.
    let per_stranger_kb = rss_kib()?.saturating_sub(before) as f64 / o.strangers as f64;
    let (fresh, failed) = fresh_logins(web, &code, o.fresh).await;
    drop(strangers);
    let calm_p99 = percentile(&calm, 0.99);
    let fresh_p99 = percentile(&fresh, 0.99);
    println!(
        "door (b): {} fresh logins beside {} stalled strangers: p99 {fresh_p99:.1} ms, {failed} failed \
         (calm: p99 {calm_p99:.1} ms, {calm_failed} failed; ratio {:.2})",
        o.fresh,
        o.strangers,
        fresh_p99 / calm_p99
    );
    println!(
        "door (b): a stalled stranger costs {per_stranger_kb:.0} KiB resident, \
         its client's side in this process included"
    );
    let (wifi, wifi_retried, wifi_failed) = wifi_join(&o).await?;
    let wifi_p99 = percentile(&wifi, 0.99);
    println!(
        "door (c): {} terminals join at once over a poor Wi-Fi: p50 {:.0} ms, p99 {wifi_p99:.0} ms, \
         {wifi_retried} tried again, {wifi_failed} failed (the relays' own round trip: 100 ms; ratio {:.1})",
        o.wifi,
        percentile(&wifi, 0.5),
        wifi_p99 / 100.0
    );
    Ok(serde_json::json!({
        "bench": "door",
        "readers": o.readers,
        "file_bytes": FILE_BYTES,
        "rss_per_reader_kb": (per_reader_kb * 10.0).round() / 10.0,
        "rss_ratio": per_reader_kb / baseline_kb,
        "strangers": o.strangers,
        "fresh": o.fresh,
        "fresh_login_p99_ms": (fresh_p99 * 10.0).round() / 10.0,
        "fresh_failed": failed,
        "calm_login_p99_ms": (calm_p99 * 10.0).round() / 10.0,
        "rss_per_stranger_kb": per_stranger_kb.round(),
        "wifi_terminals": o.wifi,
        "wifi_join_p99_ms": wifi_p99.round(),
        "wifi_retried": wifi_retried,
        "wifi_failed": wifi_failed,
        "wifi_floor_ms": 100,
    })
    .to_string())
}

fn main() -> ExitCode {
    let o: Options = parse();
    if o.mode.listing() {
        return ExitCode::SUCCESS;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build();
    finish("door", runtime, run(o))
}
