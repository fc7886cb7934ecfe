//! Smoke tests of the Windows server (`scripts/build-windows.sh`'s
//! `minuta-server.exe`) under Debian's Wine: a demo played to its end and
//! its store read back, a game served to a native Linux terminal and a
//! headless Chromium, kept through a kill, and the double-click start's
//! welcome. Wine is not Windows: what these show is that the `.exe` starts,
//! serves QUIC and browsers, stores and recovers; a real Windows' firewall
//! prompt, console window and documents folder are not seen here.
//!
//! Needs the `.exe` (the README's test command builds it), Wine (`wine64`)
//! and, for the browser, Debian's `chromium` and `chromium-driver`; `.ci/run`
//! installs them.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail, ensure};
use serde::de::DeserializeOwned;

use minuta_shared::export::event::EventExport;
use minuta_shared::export::score::ScoreLine;
use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::games::GameReceipt;
use minuta_shared::wire::client::Command as GameCommand;
use minuta_shared::wire::server::Receipt;
use minuta_tests::browser::{LAPTOP, PHONE};
use minuta_tests::hall::judging_of;
use minuta_tests::page::{PAGE, Page, link, slow_minute};
use minuta_tests::server::server_binary;
use minuta_tests::wine::{Wine, windows_path};
use minuta_tests::{Hall, Terminal, TestServer};

const Q0: QuestionId = QuestionId(0);

/// One Wine server at a time: each is a heavy process on a small machine.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Runs `command` to its end, at most `limit`; its stdout, or why not.
fn run(mut command: Command, what: &str, limit: Duration) -> Result<String> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("starting {what}"))?;
    let began = Instant::now();
    while child.try_wait()?.is_none() {
        if began.elapsed() > limit {
            let _ = child.kill();
            let output = child.wait_with_output()?;
            bail!(
                "{what} did not end within {limit:?}; stderr:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = child.wait_with_output()?;
    ensure!(
        output.status.success(),
        "{what}: {}; stderr:\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).with_context(|| format!("{what}'s output"))
}

fn json<T: DeserializeOwned>(text: &str, what: &str) -> Result<T> {
    serde_json::from_str(text).with_context(|| format!("{what} is not JSON: {text}"))
}

#[test]
fn windows_a_chgk_demo_under_wine_runs_to_its_end_and_its_store_reads_the_same_natively()
-> Result<()> {
    let _one = ONE_AT_A_TIME.blocking_lock();
    // Arrange: the Windows server and a folder for its store.
    let wine = Wine::find()?;
    let dir = tempfile::tempdir()?;
    let (data, certs) = (dir.path().join("data"), dir.path().join("certs"));

    // Act: the robots play a ChGK demo to its end under Wine.
    let mut demo = wine.server();
    demo.args(["demo", "--game", "chgk", "--minute", "1", "--run-to-end"])
        .args(["--listen", "127.0.0.1:0", "--no-web"])
        .arg("--data")
        .arg(windows_path(&data))
        .arg("--certs")
        .arg(windows_path(&certs))
        .env("RUST_LOG", "minuta_server=warn");
    let said = run(demo, "the demo under Wine", Duration::from_secs(600))?;
    ensure!(
        said.contains("every game has been played to its end"),
        "{said}"
    );

    // Assert: the .exe and the native server read the same results from the
    // store the .exe wrote, and its sheet scores to its standings.
    let mut export = wine.server();
    export
        .args(["export", "--format", "json", "--data"])
        .arg(windows_path(&data));
    let mut from_windows: EventExport = json(
        &run(export, "export under Wine", Duration::from_secs(120))?,
        "the .exe's export",
    )?;
    let mut native = Command::new(server_binary()?);
    native
        .args(["export", "--format", "json", "--data"])
        .arg(&data);
    let mut from_linux: EventExport = json(
        &run(native, "the native export", Duration::from_secs(60))?,
        "the native export",
    )?;
    // Each names the build that wrote it, and the .exe may be another
    // commit's: the results are what must agree.
    for export in [&mut from_windows, &mut from_linux] {
        export.minuta_version.clear();
    }
    ensure!(
        from_windows == from_linux,
        "the two exports differ:\n{from_windows:#?}\n{from_linux:#?}"
    );
    let answered = from_windows.questions.len();
    ensure!(answered > 0, "no question was played: {from_windows:#?}");

    let sheet = dir.path().join("sheet.json");
    let mut write_sheet = wine.server();
    write_sheet
        .args(["export", "--format", "sheet", "--game", "0", "--data"])
        .arg(windows_path(&data))
        .arg("--out")
        .arg(windows_path(&sheet));
    run(
        write_sheet,
        "the sheet under Wine",
        Duration::from_secs(120),
    )?;
    let mut score = Command::new(server_binary()?);
    score.arg("score").arg(&sheet);
    let scored: ScoreLine = json(&run(score, "score", Duration::from_secs(60))?, "the score")?;
    let game = from_windows
        .games
        .iter()
        .find(|g| g.id == 0)
        .ok_or_else(|| anyhow!("no game 0 in {from_windows:#?}"))?;
    ensure!(
        scored.standings == game.standings,
        "scored {} but the live standings were {}",
        scored.standings,
        game.standings
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn windows_serve_under_wine_takes_a_linux_terminal_and_a_browser_and_keeps_their_cards()
-> Result<()> {
    let _one = ONE_AT_A_TIME.lock().await;
    // Arrange: the .exe serves a hall of two teams; the first team plays
    // from the native app's terminal, the second from a phone's browser.
    let mut hall = Hall::open(TestServer::under_wine()?, 2, slow_minute()).await?;
    let url = link(&hall.server, &hall.team_codes[1])?;
    let page = tokio::task::block_in_place(|| -> Result<Page> {
        let page = Page::open(PHONE, "wine-phone", &url)?;
        page.wait_connection("connected", PAGE)?;
        Ok(page)
    })?;
    hall.start_question(Q0).await?;

    // Act: both hand in their cards.
    let receipt = hall.teams[0]
        .ok(GameCommand::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "Линукс".into(),
            },
        ))
        .await?;
    ensure!(
        matches!(
            receipt,
            Receipt::Game {
                receipt: GameReceipt::Chgk(ChgkReceipt::Card { late: false, .. }),
                ..
            }
        ),
        "{receipt:?}"
    );
    tokio::task::block_in_place(|| -> Result<()> {
        let field = page.wait_widget("the answer field", |w| w.role.contains("TextInput"))?;
        page.type_into(&field, "Пушкин")?;
        page.hand_in_card()?;
        page.shot("receipt")?;
        Ok(())
    })?;

    // Act: the server is killed (as a laptop losing power) and restarted.
    hall.server.kill()?;
    hall.server.restart().await?;

    // Assert: the host, joining again, judges both cards; the browser is
    // back on its own.
    let mut host = Terminal::connect(&hall.server.host_code).await?;
    let (linux, browser) = (hall.team_ids[0], hall.team_ids[1]);
    host.wait_host("both cards after the restart", |v| {
        judging_of(v, Q0).is_some_and(|j| {
            let has = |team, text: &str| {
                j.groups.iter().any(|g| {
                    g.teams.contains(&team) && g.spellings.iter().any(|s| s.contains(text))
                })
            };
            has(linux, "Линукс") && has(browser, "Пушкин")
        })
    })
    .await?;
    tokio::task::block_in_place(|| -> Result<()> {
        page.wait_connection("connected", PAGE)?;
        page.shot("after-restart")?;
        Ok(())
    })?;
    drop(page);

    // Assert: the host's dashboard, from the .exe in a laptop's browser,
    // judges the phone's card.
    let host_url = link(&hall.server, &hall.server.host_code)?;
    tokio::task::block_in_place(|| -> Result<()> {
        let dashboard = Page::open(LAPTOP, "wine-host", &host_url)?;
        dashboard.wait_connection("connected", PAGE)?;
        let judging = dashboard.wait_label("Судейство")?;
        dashboard.tap(&judging)?;
        dashboard.wait_widget("the phone's card", |w| w.says("Пушкин"))?;
        dashboard.shot("judging")?;
        Ok(())
    })?;
    Ok(())
}

/// Takes lines until one contains `words`; every line taken.
fn read_until(lines: &mut impl Iterator<Item = String>, words: &str) -> Result<Vec<String>> {
    let mut seen = Vec::new();
    for line in lines.by_ref() {
        let found = line.contains(words);
        seen.push(line);
        if found {
            return Ok(seen);
        }
    }
    bail!("the output ended without «{words}»:\n{}", seen.join("\n"))
}

#[test]
fn windows_the_double_click_start_under_wine_welcomes_the_host_in_russian_and_stops_on_ctrl_c()
-> Result<()> {
    let _one = ONE_AT_A_TIME.blocking_lock();
    // Arrange: a game folder of its own; a Russian system.
    let wine = Wine::find()?;
    let dir = tempfile::tempdir()?;
    let folder = dir.path().join("Minuta");

    // Act: `start` (what no arguments do), on this machine only.
    let mut child = wine
        .server()
        .args([
            "start",
            "--listen",
            "127.0.0.1:0",
            "--no-browser",
            "--quiet-for",
            "3",
        ])
        .arg("--folder")
        .arg(windows_path(&folder))
        .env("LANG", "ru_RU.UTF-8")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .context("starting the .exe")?;
    // What it says, from both streams (the goodbye is on stderr).
    let stdout = child.stdout.take().ok_or_else(|| anyhow!("no stdout"))?;
    let stderr = child.stderr.take().ok_or_else(|| anyhow!("no stderr"))?;
    let (tx, rx) = std::sync::mpsc::channel();
    let said = tx.clone();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = said.send(line);
        }
    });
    let mut lines = std::iter::from_fn(|| rx.recv_timeout(Duration::from_secs(120)).ok());
    let welcome = read_until(&mut lines, "Остановить сервер");
    let silence = welcome
        .as_ref()
        .ok()
        .map(|_| read_until(&mut lines, "protocol=TCP"));
    // Ctrl-C (Wine turns SIGINT into the console's CTRL_C_EVENT) stops it
    // cleanly, saying so.
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .is_ok_and(|s| s.success());
    let goodbye = interrupted.then(|| read_until(&mut lines, "остановка"));
    let ended = (0..100).find_map(|_| {
        std::thread::sleep(Duration::from_millis(100));
        child.try_wait().ok().flatten()
    });
    let _ = child.kill();
    let _ = child.wait();
    let welcome = welcome?.join("\n");

    // Assert: it says where the game lives, where the host and the teams
    // go, what the firewall must let in; the store is in the folder; after
    // the quiet it says what may stand in the way.
    ensure!(
        welcome.contains("Минута: сервер игры работает."),
        "{welcome}"
    );
    ensure!(welcome.contains(&windows_path(&folder)), "{welcome}");
    ensure!(welcome.contains("/#host/"), "{welcome}");
    ensure!(welcome.contains("netsh advfirewall"), "{welcome}");
    ensure!(
        folder.join("data/minuta.sqlite3").is_file(),
        "no store in {}",
        folder.display()
    );
    ensure!(
        folder.join("certs").is_dir(),
        "no certificate in {}",
        folder.display()
    );
    let silence = silence.ok_or_else(|| anyhow!("no welcome"))??.join("\n");
    ensure!(silence.contains("ни одно устройство"), "{silence}");
    ensure!(silence.contains("UDP и TCP"), "{silence}");
    let goodbye = goodbye
        .ok_or_else(|| anyhow!("kill -INT failed"))??
        .join("\n");
    ensure!(
        goodbye.contains("остановка: всё подтверждённое сохранено"),
        "{goodbye}"
    );
    ensure!(
        ended.is_some(),
        "the .exe did not end within 10 s of Ctrl-C"
    );
    Ok(())
}

/// The `.exe`'s page is the browser terminal it carries (no folder beside it).
#[test]
fn windows_the_exe_serves_its_own_browser_terminal() -> Result<()> {
    let _one = ONE_AT_A_TIME.blocking_lock();
    let server = TestServer::under_wine()?;
    let web = server
        .web_addr
        .ok_or_else(|| anyhow!("the Wine server serves no browsers"))?;
    let page = http_get(web, "/")?;
    ensure!(page.starts_with("HTTP/1.1 200"), "{}", first_line(&page));
    ensure!(page.contains("minuta"), "not the terminal's page");
    let named = minuta_tests::page::wasm_named_in(&page)
        .ok_or_else(|| anyhow!("the page names no wasm"))?;
    let wasm = http_get(web, &format!("/{named}"))?;
    ensure!(wasm.starts_with("HTTP/1.1 200"), "{}", first_line(&wasm));
    ensure!(
        wasm.to_ascii_lowercase()
            .contains("content-type: application/wasm"),
        "{}",
        &wasm[..wasm.find("\r\n\r\n").unwrap_or(wasm.len())]
    );
    Ok(())
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

/// One plain HTTP/1.1 request; the answer as text (a binary body lossily).
fn http_get(addr: std::net::SocketAddr, path: &str) -> Result<String> {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(30)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer)?;
    Ok(String::from_utf8_lossy(&answer).into_owned())
}
