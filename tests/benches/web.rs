//! The browser terminal's path: `cargo bench -p minuta-tests --bench web`.
//!
//! Terminals simulated natively that speak exactly what a browser terminal
//! speaks (`minuta_tests::web_terminal`: the WebSocket at `/ws`, TLS 1.3
//! pinned by the fingerprint inside it, the envelope frames), not a
//! browser, against a server in this process on its own thread (polling
//! while buttons are live, as a real server does):
//!
//! (a) a Brain-ring press → its verdict from a browser terminal, N
//!     questions of a long friendly fight, against a bare WebSocket echo
//!     round trip (tokio-tungstenite, 64 bytes, an echo on a thread of its
//!     own) measured in the same run: `p50_ratio` is verdict p50 / echo p50;
//! (b) T terminals join over the web path (at most 64 joining at once, as
//!     the gate's room lets strangers in) and hand in one ChGK card each at
//!     the same instant: the acknowledgement's p99, and `stored` counted in
//!     the store afterwards (`chgk_card_accepted` events).
//!
//! (c) a phone's first load on a busy hall's Wi-Fi (issue 39): headless
//!     Chromium throttled to 5 Mbit/s each way and 40 ms more per round
//!     trip opens a team's link with an empty cache, to the ChGK card's
//!     answer field on its screen; then the page reloaded (the files
//!     named by their contents come from the cache). The page asks for
//!     gzip only, as a phone on the hall's `http://192.168…` does
//!     (127.0.0.1 is a secure origin to Chromium, which would take the
//!     Brotli). The floor
//!     is the bytes it took at 5 Mbit/s plus the three round trips of the
//!     page → script → wasm chain; `slow_link_ratio` is the first load
//!     over that floor. Measured when the bundle and Chromium are here,
//!     else these fields are null.
//!
//! The last line is one JSON object: `{"bench":"web","terminals":…,
//! "ws_rtt_p50_us":…,"verdict_p50_us":…,"verdict_p99_us":…,"p50_ratio":…,
//! "burst_ack_p99_ms":…,"sent":…,"stored":…,"bundle_bytes_compressed":…,
//! "bundle_bytes_brotli":…,"slow_link_first_load_ms":…,
//! "slow_link_first_load_bytes":…,"slow_link_floor_ms":…,
//! "slow_link_ratio":…,"slow_link_reload_ms":…,"slow_link_reload_bytes":…}`;
//! `bundle_bytes_compressed` is the size of `target/web/*.gz` (what a
//! browser on the hall's plain `http://` is sent), `bundle_bytes_brotli`
//! of `*.br` (HTTPS browsers), if built, else 0. Options: `--terminals T`
//! (default 500), `--presses N` (default 300). Run without `--bench` it is
//! a smoke run of 20 terminals and 20 presses.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Barrier, Semaphore};
use tokio_tungstenite::tungstenite::{Bytes, Message};

use minuta_shared::ids::QuestionId;
use minuta_shared::play::brain_ring::{ButtonPhase, EVENT_RING, PressKind, RingCommand};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::wire::client::Command;
use minuta_tests::bench::{Mode, finish, on_own_thread, parse};
use minuta_tests::brain_ring::{long_format, open_friendly, own_fight, ring_timing, verdict_of};
use minuta_tests::browser::{Browser, PHONE};
use minuta_tests::hall::{self, load_package, register_teams, set_up_tournament, team_codes};
use minuta_tests::page::{PAGE, Page, link, slow_minute};
use minuta_tests::progress;
use minuta_tests::stats::{percentile, sorted, summary};
use minuta_tests::web_terminal::websocket;
use minuta_tests::{Hall, Terminal, TestServer, test_timing};

const Q0: QuestionId = QuestionId(0);

/// The browser terminal's path: press to verdict, and a burst of cards.
#[derive(clap::Parser)]
#[command(name = "web")]
struct Options {
    /// Web terminals handing in a card at once [default: 500; 20 without
    /// --bench].
    #[arg(long, value_name = "T", hide_default_value = true)]
    #[arg(default_value_t = 20, default_value_if("bench", "true", Some("500")))]
    terminals: usize,
    /// Presses measured [default: 300; 20 without --bench].
    #[arg(long, value_name = "N", hide_default_value = true)]
    #[arg(default_value_t = 20, default_value_if("bench", "true", Some("300")))]
    presses: usize,
    #[command(flatten)]
    mode: Mode,
}

/// Round trips of a 64-byte binary message to a bare WebSocket echo on a
/// thread of its own (sorted µs).
async fn ws_echo_baseline(samples: usize) -> Result<Vec<f64>> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")?;
    listener.set_nonblocking(true)?;
    let addr = listener.local_addr()?;
    let _echo = on_own_thread(true, move || async move {
        let listener = tokio::net::TcpListener::from_std(listener)?;
        let (tcp, _) = listener.accept().await?;
        tcp.set_nodelay(true)?;
        let mut ws = tokio_tungstenite::accept_async(tcp).await?;
        while let Some(Ok(msg)) = ws.next().await {
            if msg.is_binary() {
                ws.send(msg).await?;
            }
        }
        Ok(())
    });
    let mut ws = websocket(addr).await?;
    let payload = Bytes::from(vec![7u8; 64]);
    let mut rtts = Vec::with_capacity(samples);
    for i in 0..samples + 200 {
        let sent = Instant::now();
        ws.send(Message::Binary(payload.clone())).await?;
        loop {
            match ws.next().await {
                Some(Ok(Message::Binary(_))) => break,
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(e.into()),
                None => bail!("the echo ended"),
            }
        }
        // The first 200 warm up.
        if i >= 200 {
            rtts.push(sent.elapsed().as_secs_f64() * 1e6);
        }
    }
    Ok(sorted(rtts))
}

/// (a): presses from a browser terminal in a long friendly fight.
async fn press_verdicts(
    host: &mut Terminal,
    web: SocketAddr,
    codes: &[minuta_shared::join_code::JoinCode],
    ids: [minuta_shared::ids::TeamId; 2],
    presses: usize,
) -> Result<Vec<f64>> {
    host.ok(Command::game(
        EVENT_RING,
        RingCommand::SetTiming {
            timing: ring_timing(),
        },
    ))
    .await?;
    let questions = u32::try_from(presses + 5)?;
    let fight = open_friendly(host, ids, long_format(questions)).await?;
    // From here the host's large views are read but not decoded (a real
    // host decodes on its own laptop, not on the server's cores); its
    // waits are acknowledgements.
    host.skip_views(true);
    let mut button = Terminal::connect_web(web, &codes[0], false).await?;
    let mut verdicts = Vec::with_capacity(presses);
    for number in 1..=presses {
        let number = u32::try_from(number)?;
        host.ok(Command::game(EVENT_RING, RingCommand::Read { fight }))
            .await?;
        host.ok(Command::game(EVENT_RING, RingCommand::Arm { fight }))
            .await?;
        button
            .wait_team("armed", |v| {
                own_fight(v).is_some_and(|f| {
                    f.question.as_ref().is_some_and(|q| {
                        q.number == number && matches!(q.phase, ButtonPhase::Armed { .. })
                    })
                })
            })
            .await?;
        let sent = Instant::now();
        let request = button
            .send_command(Command::Press { clock_offset_us: 0 })
            .await?;
        let (at, result) = button.ack_timed(request).await?;
        let verdict = verdict_of(&result)?;
        if verdict.kind != PressKind::Won {
            bail!("press {number}: {verdict:?}");
        }
        verdicts.push(at.duration_since(sent).as_secs_f64() * 1e6);
        host.ok(Command::game(
            EVENT_RING,
            RingCommand::Judge {
                fight,
                correct: true,
            },
        ))
        .await?;
    }
    Ok(sorted(verdicts))
}

/// The size of the built bundle's files precompressed as `extension`
/// (`gz`, `br`), if any.
fn bundle_bytes(extension: &str) -> u64 {
    let dir = minuta_server::default_web_bundle();
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok())
                .filter(|e| e.path().extension().is_some_and(|x| x == extension))
                .filter_map(|e| e.metadata().ok())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

/// The hall's Wi-Fi as a phone meets it on a busy evening.
const SLOW_LINK_BITS: u64 = 5_000_000;
const SLOW_LINK_LATENCY: Duration = Duration::from_millis(40);

/// (c): a phone's first load and reload of its team's link on a slow link.
struct SlowLink {
    first_ms: f64,
    first_bytes: u64,
    floor_ms: f64,
    reload_ms: f64,
    reload_bytes: u64,
}

async fn slow_link() -> Result<Option<SlowLink>> {
    if let Err(e) = minuta_tests::page::bundle_present() {
        eprintln!("web: no slow-link load measured: {e}");
        return Ok(None);
    }
    if let Err(e) = minuta_tests::browser::programs() {
        eprintln!("web: no slow-link load measured: {e}");
        return Ok(None);
    }
    let mut hall = Hall::open(TestServer::in_process()?, 2, slow_minute()).await?;
    hall.start_question(Q0).await?;
    let url = link(&hall.server, &hall.team_codes[0])?;
    let measured = tokio::task::block_in_place(|| -> Result<SlowLink> {
        let browser = Browser::start(PHONE)?;
        browser.slow_link(SLOW_LINK_LATENCY, SLOW_LINK_BITS)?;
        browser.accept_encoding("gzip, deflate")?;
        let page = Page {
            browser,
            name: "slow-link",
        };
        let to_the_card = |page: &Page, load: &dyn Fn() -> Result<()>| -> Result<f64> {
            let began = Instant::now();
            load()?;
            page.wait_connection("connected", PAGE)?;
            page.wait_widget("the answer field", |w| w.role.contains("TextInput"))?;
            Ok(began.elapsed().as_secs_f64() * 1e3)
        };
        let first_ms = to_the_card(&page, &|| page.browser.goto(&url))?;
        let first_bytes = page.browser.bytes_transferred()?;
        page.shot("first-load")?;
        let reload_ms = to_the_card(&page, &|| page.browser.reload())?;
        let reload_bytes = page.browser.bytes_transferred()?;
        let rtt_ms = 2.0 * SLOW_LINK_LATENCY.as_secs_f64() * 1e3;
        let floor_ms = first_bytes as f64 * 8.0 / SLOW_LINK_BITS as f64 * 1e3 + 3.0 * rtt_ms;
        Ok(SlowLink {
            first_ms,
            first_bytes,
            floor_ms,
            reload_ms,
            reload_bytes,
        })
    })?;
    drop(hall);
    Ok(Some(measured))
}

/// A measured figure as JSON: the number, or null when not measured.
fn figure<T: std::fmt::Display>(value: Option<T>) -> String {
    value.map_or_else(|| "null".to_owned(), |v| v.to_string())
}

async fn run(o: Options) -> Result<String> {
    let start = Instant::now();
    let echo = ws_echo_baseline(o.presses.max(200)).await?;
    progress!(start, "{}", summary("bare WebSocket echo", &echo));

    let server = TestServer::in_process_busy_polling()?;
    let web = server
        .web_addr
        .ok_or_else(|| anyhow!("the server listens for no browser"))?;
    let mut host = Terminal::connect(&server.host_code).await?;
    set_up_tournament(
        &mut host,
        "Кубок браузеров",
        minuta_shared::play::settings::ChgkTiming {
            minute_ms: 60_000,
            ..test_timing()
        },
    )
    .await?;
    // (a) with the two teams of the fight only, so a press is not queued
    // behind a large host view of every team.
    let names: Vec<String> = (1..=o.terminals.max(2)).map(hall::team_name).collect();
    let pair = register_teams(&mut host, &names[..2]).await?;
    let pair_codes = team_codes(&mut host, &pair).await?;
    load_package(&mut host, hall::PACKAGE).await?;
    let verdicts =
        press_verdicts(&mut host, web, &pair_codes, [pair[0], pair[1]], o.presses).await?;
    progress!(start, "{}", summary("press → verdict (web)", &verdicts));

    host.skip_views(false);
    let mut ids = pair;
    ids.extend(register_teams(&mut host, &names[2..]).await?);
    let codes = team_codes(&mut host, &ids).await?;
    host.skip_views(true);
    progress!(start, "{} teams registered", ids.len());

    // (b) the burst.
    let joining = Arc::new(Semaphore::new(64));
    let mut joins = tokio::task::JoinSet::new();
    for code in codes.into_iter().take(o.terminals) {
        let joining = Arc::clone(&joining);
        joins.spawn(async move {
            let _turn = joining.acquire().await?;
            let mut tries = 0;
            loop {
                match Terminal::connect_web(web, &code, false).await {
                    Ok(t) => {
                        t.skip_views(true);
                        return anyhow::Ok(t);
                    }
                    Err(e) if tries < 20 => {
                        tries += 1;
                        tokio::time::sleep(Duration::from_millis(50 * tries)).await;
                        let _ = e;
                    }
                    Err(e) => return Err(e.context("joining over the web")),
                }
            }
        });
    }
    let mut terminals = Vec::with_capacity(o.terminals);
    while let Some(joined) = joins.join_next().await {
        terminals.push(joined??);
    }
    progress!(start, "{} browser terminals joined", terminals.len());
    host.ok(Command::game(
        EVENT_CHGK,
        ChgkCommand::Announce { question: Q0 },
    ))
    .await?;
    host.ok(Command::game(EVENT_CHGK, ChgkCommand::StartMinute))
        .await?;
    let barrier = Arc::new(Barrier::new(terminals.len()));
    let mut cards = tokio::task::JoinSet::new();
    for (i, mut t) in terminals.into_iter().enumerate() {
        let barrier = Arc::clone(&barrier);
        cards.spawn(async move {
            barrier.wait().await;
            let sent = Instant::now();
            let request = t
                .send_command(Command::game(
                    EVENT_CHGK,
                    ChgkCommand::SubmitCard {
                        question: Q0,
                        text: format!("ответ {i}"),
                    },
                ))
                .await?;
            let (at, result) = t.ack_timed(request).await?;
            anyhow::Ok((
                at.duration_since(sent).as_secs_f64() * 1e3,
                result.is_ok(),
                t,
            ))
        });
    }
    let (mut acks, mut sent, mut kept) = (Vec::new(), 0usize, Vec::new());
    while let Some(done) = cards.join_next().await {
        let (ms, ok, t) = done??;
        sent += 1;
        if ok {
            acks.push(ms);
        }
        kept.push(t);
    }
    let acks = sorted(acks);
    progress!(
        start,
        "burst: {sent} cards, {} acknowledged, ack p50 {:.1} ms, p99 {:.1} ms",
        acks.len(),
        percentile(&acks, 0.5),
        percentile(&acks, 0.99)
    );
    drop(kept);
    // Every acknowledged card is durable: a reader beside the writer (WAL).
    let stored = server.stored_events("chgk_card_accepted")?;
    drop(host);
    drop(server);
    let ws_p50 = percentile(&echo, 0.5);
    let verdict_p50 = percentile(&verdicts, 0.5);

    // (c) a phone on a slow link.
    let slow = slow_link().await?;
    if let Some(s) = &slow {
        progress!(
            start,
            "slow link (5 Mbit/s, +40 ms): first load to the card {:.0} ms for {} bytes (floor {:.0} ms, ×{:.2}); reload {:.0} ms for {} bytes",
            s.first_ms,
            s.first_bytes,
            s.floor_ms,
            s.first_ms / s.floor_ms,
            s.reload_ms,
            s.reload_bytes
        );
    }
    let field = |f: fn(&SlowLink) -> String| figure(slow.as_ref().map(f));
    Ok(format!(
        "{{\"bench\":\"web\",\"terminals\":{},\"ws_rtt_p50_us\":{:.1},\"verdict_p50_us\":{:.1},\"verdict_p99_us\":{:.1},\"p50_ratio\":{:.2},\"burst_ack_p99_ms\":{:.1},\"sent\":{sent},\"stored\":{stored},\"bundle_bytes_compressed\":{},\"bundle_bytes_brotli\":{},\"slow_link_first_load_ms\":{},\"slow_link_first_load_bytes\":{},\"slow_link_floor_ms\":{},\"slow_link_ratio\":{},\"slow_link_reload_ms\":{},\"slow_link_reload_bytes\":{}}}",
        o.terminals,
        ws_p50,
        verdict_p50,
        percentile(&verdicts, 0.99),
        verdict_p50 / ws_p50,
        percentile(&acks, 0.99),
        bundle_bytes("gz"),
        bundle_bytes("br"),
        field(|s| format!("{:.0}", s.first_ms)),
        field(|s| s.first_bytes.to_string()),
        field(|s| format!("{:.0}", s.floor_ms)),
        field(|s| format!("{:.2}", s.first_ms / s.floor_ms)),
        field(|s| format!("{:.0}", s.reload_ms)),
        field(|s| s.reload_bytes.to_string()),
    ))
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
    finish("web", runtime, run(o))
}
