//! A single card in a calm hall: `cargo bench -p minuta-tests --bench ack
//! [-- --teams T --questions Q]`.
//!
//! What a card costs when nothing else happens: the durable floor of one
//! action. In one run:
//! 1. the baselines: a raw UDP round trip on loopback (32 bytes, as `bid`
//!    and `press` measure it) and an fsync of a 4 KiB append in the
//!    server's data directory (the store's own file system);
//! 2. a real `minuta-server` process (the bench build) with a host, a
//!    projector and T team terminals (default 20), the package of the
//!    tests loaded, a 3-s minute.
//!
//! Question after question (default 10) the host announces it and gives
//! «Время»; then the teams hand in their card **one at a time**: one
//! terminal writes its card, waits for the acknowledgement, the hall is
//! quiet for `--pause-ms` (default 20), the next team writes. So only one
//! card is ever in flight: each pays a commit of its own (an fsync), its
//! acknowledgement, and the views after it. **ack** = from writing the
//! card's frame to reading its acknowledgement (stamped when the frame is
//! read). Every card must be accepted in time.
//!
//! Progress goes to stdout; the last line is one JSON object:
//! `{"bench":"ack","cards":N,"udp_rtt_p99_us":…,"fsync_p50_us":…,
//! "fsync_p99_us":…,"ack_p50_us":…,"ack_p99_us":…,"floor_ratio":…}`
//! (floor_ratio = ack p99 / (fsync p99 + UDP round trip p99); the issue's
//! target ≤ 3), then `"bare_quinn_ack_p50_us":…,"bare_quinn_ack_p99_us":…,
//! "ratio_bare_p99":…}`: the transport's floor, the same frames one at a
//! time over as many connections to a bare quinn server (the real server's
//! certificate and settings, `minuta_tests::bare`) that fsyncs each in the
//! same directory before its acknowledgement. Options: `--teams T`,
//! `--questions Q` (at most the package's 36), `--pause-ms P`,
//! `--udp-samples S` (default 5,000), `--fsync-samples F` (default 500),
//! `--no-bare`. Built as a test (without cargo bench's `--bench` flag) it
//! does nothing.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::games::GameReceipt;
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::wire::client::{ClientMsg, Command};
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::server::{Receipt, ServerMsg};
use minuta_tests::bare::{self, BareServer, one_at_a_time};
use minuta_tests::bench::{
    Floors, Mode, finish, floor_ratio, fsync_baseline, millis, parse, raise_to, udp_baseline,
};
use minuta_tests::hall::Hall;
use minuta_tests::stats::{percentile, sorted, summary};
use minuta_tests::{TestServer, progress};

/// A single card in a calm hall: the durable floor of one action.
#[derive(clap::Parser)]
#[command(name = "ack")]
struct Args {
    /// Team terminals.
    #[arg(long, value_name = "T", default_value_t = 20, value_parser = raise_to::<1>)]
    teams: usize,
    /// Questions, each with every team's card (at most the package's 36).
    #[arg(long, value_name = "Q", default_value_t = 10, value_parser = questions)]
    questions: u32,
    /// How long the hall is quiet between two cards, in milliseconds.
    #[arg(long = "pause-ms", value_name = "P", default_value = "20", value_parser = millis)]
    pause: Duration,
    #[command(flatten)]
    floors: Floors,
    #[command(flatten)]
    mode: Mode,
    /// No bare quinn run (no transport floor, no `ratio_bare_p99`).
    #[arg(long)]
    no_bare: bool,
    /// Serve as the bare quinn fan-out server (the bench starts itself so):
    /// prints its address and serves until killed.
    #[arg(long, hide = true, num_args = 5,
          value_names = ["ADDR", "CERT_DIR", "DATA_DIR", "ACK_BYTES", "FAN_BYTES"])]
    bare_fanout_server: Option<Vec<String>>,
}

/// 1 to the package's 36 questions.
fn questions(s: &str) -> Result<u32, std::num::ParseIntError> {
    Ok(s.parse::<u64>()?.clamp(1, 36) as u32)
}

fn main() -> ExitCode {
    let args: Args = parse();
    if let Some(serve) = &args.bare_fanout_server {
        return bare::serve_fanout(serve);
    }
    // `cargo test --benches` runs bench targets without `--bench`: do nothing.
    if args.mode.idle("ack") {
        return ExitCode::SUCCESS;
    }
    // The terminals share one thread, as in `bid` and `press`.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    finish("ack", runtime, run(args))
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// `at` (an instant of this process) in server time, by `clock`.
fn server_time_of(
    clock: &minuta_server::clock::ServerClock,
    at: Instant,
) -> minuta_shared::time::ServerTime {
    let now = clock.now();
    let ago = Instant::now().saturating_duration_since(at);
    minuta_shared::time::ServerTime(now.0.saturating_sub(ago.as_micros() as u64))
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

async fn run(args: Args) -> Result<String> {
    let start = Instant::now();
    let udp = udp_baseline(args.floors.udp_samples, Duration::ZERO).await?;
    progress!(start, "{}", summary("raw UDP round trip, 32 bytes", &udp));
    let dir = tempfile::Builder::new().prefix("minuta-ack-").tempdir()?;
    // The store's own file system: the directory the server is given.
    let fsync = fsync_baseline(&dir.path().join("data"), args.floors.fsync_samples)?;
    progress!(
        start,
        "{}",
        summary("fsync of a 4 KiB append, the store's file system", &fsync)
    );

    let binary = minuta_tests::server::server_binary()?;
    let server = TestServer::child_process_of(&binary, dir)?;
    // A minute long enough for every team's card one at a time, and short
    // enough that the questions follow each other quickly.
    let timing = ChgkTiming {
        minute_ms: 3_000,
        warning_before_end_ms: 1_000,
        grace_ms: 1_000,
    };
    let mut hall = Hall::open(server, args.teams, timing).await?;
    progress!(
        start,
        "{} teams, the host and the projector joined; the package is loaded",
        args.teams
    );

    let clock = minuta_server::clock::ServerClock::start();
    let (mut acks, mut up, mut back) = (Vec::new(), Vec::new(), Vec::new());
    // What a card and its acknowledgement weigh, for the bare run.
    let (mut card_bytes, mut ack_bytes) = (0, 0);
    for q in 0..args.questions {
        let question = QuestionId(q);
        hall.start_question(question).await?;
        for (i, team) in hall.teams.iter_mut().enumerate() {
            tokio::time::sleep(args.pause).await;
            let card = Command::game(
                EVENT_CHGK,
                ChgkCommand::SubmitCard {
                    question,
                    text: format!("ответ {}", i + 1),
                },
            );
            card_bytes = minuta_shared::wire::codec::encode_frame(&Envelope::new(
                0,
                ClientMsg::Command {
                    request: 0,
                    command: card.clone(),
                },
            ))?
            .len();
            let written = Instant::now();
            let request = team.send_command(card).await?;
            let (read, result) = team.ack_timed(request).await?;
            ack_bytes = minuta_shared::wire::codec::encode_frame(&Envelope::new(
                0,
                ServerMsg::Ack {
                    request,
                    result: result.clone(),
                },
            ))?
            .len();
            match result {
                Ok(Receipt::Game {
                    game: EVENT_CHGK,
                    receipt:
                        GameReceipt::Chgk(ChgkReceipt::Card {
                            late: false,
                            received_at,
                            ..
                        }),
                }) => {
                    acks.push(us(read.duration_since(written)));
                    // The way up and the way back by this process's reading
                    // of the server's clock (built alike, as in `bid`).
                    up.push(us(received_at.since(server_time_of(&clock, written))));
                    back.push(us(server_time_of(&clock, read).since(received_at)));
                }
                other => bail!("question {q}: team {}'s card: {other:?}", i + 1),
            }
        }
        hall.wait_until_over(question).await?;
        progress!(
            start,
            "question {}: {} cards acknowledged so far",
            q + 1,
            acks.len()
        );
    }

    let acks = sorted(acks);
    progress!(
        start,
        "{}",
        summary("a single card → its acknowledgement", &acks)
    );
    progress!(
        start,
        "{}",
        summary(
            "  of which the way up: write → the server's stamp",
            &sorted(up)
        )
    );
    progress!(
        start,
        "{}",
        summary(
            "  and the way back: stamp → the acknowledgement read (decided, committed, sent)",
            &sorted(back)
        )
    );
    let (fsync_p50, fsync_p99) = (percentile(&fsync, 0.5), percentile(&fsync, 0.99));
    let udp_p99 = percentile(&udp, 0.99);
    let (a50, a99) = (percentile(&acks, 0.5), percentile(&acks, 0.99));
    let floor = floor_ratio(a99, fsync_p99, udp_p99);
    progress!(
        start,
        "floor: fsync p99 {fsync_p99:.1} µs + UDP round trip p99 {udp_p99:.1} µs; ack p99 is {floor}× it (target ≤ 3)"
    );

    // The transport's floor: the same single frames, one at a time, to a
    // bare quinn server that makes each durable (an fsync in the same
    // directory) and acknowledges it, then writes a small frame to every
    // connection, as the views after a card.
    let (bare50, bare99) = if args.no_bare {
        (f64::NAN, f64::NAN)
    } else {
        let (fingerprint, cert_dir) = (hall.server.fingerprint, hall.server.cert_dir());
        let data = hall.server.data_dir().join("bare");
        let teams = hall.teams.len();
        drop(hall.teams);
        drop(hall.host);
        drop(hall.display);
        let bare = BareServer::start(
            "--bare-fanout-server",
            &[
                cert_dir.as_os_str(),
                data.as_os_str(),
                ack_bytes.to_string().as_ref(),
                "64".as_ref(),
            ],
        )
        .await?;
        let bare_acks = one_at_a_time(
            &bare,
            fingerprint,
            teams,
            acks.len(),
            card_bytes,
            args.pause,
        )
        .await?;
        progress!(
            start,
            "{}",
            summary(
                &format!(
                    "bare quinn (pid {}): a frame of {card_bytes} bytes → its {ack_bytes}-byte acknowledgement after an fsync",
                    bare.pid()
                ),
                &bare_acks
            )
        );
        (percentile(&bare_acks, 0.5), percentile(&bare_acks, 0.99))
    };
    let ratio_bare = (a99 / bare99 * 100.0).round() / 100.0;
    progress!(
        start,
        "minuta against bare quinn: ack p99 {a99:.0} / {bare99:.0} µs = {ratio_bare}×"
    );
    let number = |x: f64| serde_json::Value::from(round1(x));
    Ok(format!(
        "{{\"bench\":\"ack\",\"cards\":{},\"udp_rtt_p99_us\":{},\"fsync_p50_us\":{},\"fsync_p99_us\":{},\"ack_p50_us\":{},\"ack_p99_us\":{},\"floor_ratio\":{floor},\"bare_quinn_ack_p50_us\":{},\"bare_quinn_ack_p99_us\":{},\"ratio_bare_p99\":{}}}",
        acks.len(),
        round1(udp_p99),
        round1(fsync_p50),
        round1(fsync_p99),
        round1(a50),
        round1(a99),
        number(bare50),
        number(bare99),
        number(ratio_bare),
    ))
}
