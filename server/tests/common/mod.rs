//! What the CLI tests of the demo share: running `minuta-server` on a data
//! directory, running a demo to its end (as the CLI does, or in this
//! process on virtual time), reading the JSON export, and scoring each
//! game's exported scoresheet against it.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

pub mod hall;
pub mod nowhere;
pub mod pdf_text;

use minuta_shared::export::event::EventExport;
use minuta_shared::export::score::ScoreLine;

/// The server binary, never announcing itself on the network: tests must
/// not multicast outside a network namespace of their own.
pub fn server() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_minuta-server"));
    command.env("MINUTA_NO_MDNS", "1");
    command
}

/// `minuta-server ARGS --data DATA`.
pub fn run(args: &[&str], data: &Path) -> Output {
    server()
        .args(args)
        .arg("--data")
        .arg(data)
        .output()
        .unwrap()
}

/// The output's stdout, after asserting the command succeeded.
pub fn stdout_ok(output: &Output, what: &str) -> String {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{what}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

pub fn export_json(data: &Path) -> EventExport {
    let text = stdout_ok(&run(&["export", "--format", "json"], data), "export json");
    serde_json::from_str(&text).unwrap()
}

/// Runs `demo --game GAME --minute 1 --run-to-end EXTRA…` on `dir` (data in
/// `dir/data`, certificates in `dir/certs`) until it exits, at most `limit`;
/// asserts exit code 0 and returns its stdout and how long it took.
pub fn run_demo(dir: &Path, game: &str, extra: &[&str], limit: Duration) -> (String, Duration) {
    let mut child = server()
        .args(["demo", "--game", game, "--minute", "1", "--run-to-end"])
        .args(extra)
        .args(["--listen", "127.0.0.1:0"])
        .arg("--data")
        .arg(dir.join("data"))
        .arg("--certs")
        .arg(dir.join("certs"))
        .env("RUST_LOG", "minuta_server=warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > limit {
            child.kill().unwrap();
            let output = child.wait_with_output().unwrap();
            panic!(
                "the {game} demo did not end within {limit:?}; stderr:\n{}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let took = started.elapsed();
    let output = child.wait_with_output().unwrap();
    assert_eq!(
        output.status.code(),
        Some(0),
        "the {game} demo: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (String::from_utf8(output.stdout).unwrap(), took)
}

/// Every game's scoresheet (`export --format sheet --game ID` on
/// `dir/data`), scored by the binary, gives the exported live standings
/// (`json`, the JSON export); returns how many games there were.
pub fn every_sheet_scores_as_exported(dir: &Path, json: &EventExport) -> usize {
    let data = dir.join("data");
    for game in &json.games {
        let id = game.id.to_string();
        let sheet = dir.join(format!("sheet-{id}.json"));
        let out = sheet.to_str().unwrap();
        stdout_ok(
            &run(
                &["export", "--format", "sheet", "--game", &id, "--out", out],
                &data,
            ),
            "export sheet",
        );
        let scored = server().arg("score").arg(&sheet).output().unwrap();
        let scored: ScoreLine = serde_json::from_str(&stdout_ok(&scored, "score")).unwrap();
        assert_eq!(scored.format, game.format, "game {id}");
        assert_eq!(scored.standings, game.standings, "game {id}");
    }
    json.games.len()
}

/// Plays the demo of `game` with a `minute` to its end in this process, on
/// tokio's paused clock: the robots' waits, the minutes and the pauses
/// leap by whenever everything waits, so a whole evening takes the CPU its
/// commands need. Nobody joins (its QUIC socket is [`nowhere::Nowhere`]);
/// data in `dir/data`, certificates in `dir/certs`, the store committed as
/// a real one is. Returns what the autopilot host announced to the hall
/// (what `demo --run-to-end` prints) and the wall time it took; panics if
/// the programme was not played to its end within `limit` of virtual time.
pub fn play_demo_on_virtual_time(
    dir: &Path,
    game: minuta_server::demo::DemoGame,
    minute: Duration,
    limit: Duration,
) -> (Vec<String>, Duration) {
    use minuta_server::clock::ServerClock;
    use minuta_server::demo::{DemoConfig, FinishLine};

    let started = Instant::now();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .start_paused(true)
        .build()
        .unwrap();
    let news = runtime.block_on(async {
        let finish = FinishLine::new();
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let config = minuta_server::ServerConfig {
            listen: nowhere::ADDR,
            data_dir: dir.join("data"),
            cert_dir: dir.join("certs"),
            demo: Some(DemoConfig {
                minute,
                game,
                teams: game.default_teams(),
                finish_line: Some(finish.clone()),
                news: Some(tx),
                ..DemoConfig::default()
            }),
            busy_poll: false,
            net: Default::default(),
            web_port: None,
            web_bundle: None,
        };
        let wall = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_micros() as u64;
        let clock = ServerClock::anchored(wall, tokio::time::Instant::now());
        let running =
            minuta_server::start_simulated(config, std::sync::Arc::new(nowhere::Nowhere), clock)
                .await
                .unwrap();
        tokio::time::timeout(limit, finish.reached())
            .await
            .unwrap_or_else(|_| {
                panic!(
                    "the {} demo was not over after {limit:?} of virtual time",
                    game.name()
                )
            });
        running.shutdown().await;
        let mut news = Vec::new();
        while let Ok(line) = rx.try_recv() {
            news.push(line);
        }
        news
    });
    (news, started.elapsed())
}
