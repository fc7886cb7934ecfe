//! Who pressed first: `cargo bench -p minuta-tests --bench order [-- --trials N]`.
//!
//! A real `minuta-server` process (the release build) on 127.0.0.1, a host
//! and two team terminals in a long friendly fight. Each team terminal runs
//! on its own OS thread with its own single-threaded runtime and its own UDP
//! socket, as two laptops would. For each gap of 0.1, 0.5, 1 and 5 ms and
//! each trial (default 200 per gap): the host reads and arms the buttons;
//! the earlier team writes its press at an agreed instant T and the later
//! team at T + gap (each thread sleeps to just before its instant and then
//! spins, so the write happens within a few µs of it); the acks say who won;
//! the host judges the winner right, which ends the question. The earlier
//! table alternates between trials.
//!
//! Measured per trial: the send gap actually achieved (between the two
//! writes, one monotonic clock), and the server's arrival gap (between the
//! two arrival stamps in the acks). **Jitter** = |arrival gap − send gap|:
//! how much the path from a terminal's write to the server's stamp shifts
//! one press against the other. The fairness target: the earlier press wins
//! every trial whose gap exceeds the jitter.
//!
//! Last line: `{"bench":"order","gaps_ms":[0.1,0.5,1,5],"earlier_won":[…],
//! "jitter_p99_ms":…}`. Nothing is asserted. Built as a test (without cargo
//! bench's `--bench` flag) it does nothing.

use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use tokio::sync::{mpsc, oneshot};

use minuta_shared::ids::TeamId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::brain_ring::{EarlyPress, PressKind, RingTiming};
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::wire::client::Command;
use minuta_tests::TestServer;
use minuta_tests::hall::{register_teams, set_up_tournament, team_codes, team_name};
use minuta_tests::ring::{StampedTerminal, Verdict, long_format, open_friendly, verdict_of};
use minuta_tests::terminal::Terminal;

const GAPS_MS: [f64; 4] = [0.1, 0.5, 1.0, 5.0];

/// How long before its instant a presser stops sleeping and starts spinning.
const SPIN: Duration = Duration::from_micros(300);

macro_rules! progress {
    ($start:expr, $($arg:tt)*) => {{
        println!("[{:7.2} s] {}", $start.elapsed().as_secs_f64(), format!($($arg)*));
        let _ = std::io::stdout().flush();
    }};
}

fn parse_trials() -> Result<usize> {
    let mut trials = 200;
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--trials" => {
                let v = it.next().ok_or_else(|| anyhow!("--trials needs a value"))?;
                trials = v.parse().with_context(|| format!("--trials {v}"))?;
            }
            "--bench" => {}
            other if other.starts_with("--") => bail!("unknown option {other}"),
            _ => {}
        }
    }
    Ok(trials.max(1))
}

fn main() -> ExitCode {
    // `cargo test --benches` runs bench targets without `--bench`: do nothing.
    if !std::env::args().any(|a| a == "--bench") {
        println!("order: a benchmark; run it with `cargo bench -p minuta-tests --bench order`");
        return ExitCode::SUCCESS;
    }
    let trials = match parse_trials() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("order: {e:#}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("order: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(trials)) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("order: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Percentile by nearest rank of sorted values.
fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = (p * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// "Press at this instant"; the answer is when the frame was written and the verdict.
struct PressOrder {
    at: Instant,
    reply: oneshot::Sender<Result<(Instant, Verdict)>>,
}

/// Waits until `at`: a tokio sleep to 2 ms before, a thread sleep to [`SPIN`]
/// before, then a spin. Blocks this presser's own runtime only.
async fn until(at: Instant) {
    if let Some(early) = at.checked_sub(Duration::from_millis(2)) {
        tokio::time::sleep_until(tokio::time::Instant::from_std(early)).await;
    }
    if let Some(d) = at
        .checked_sub(SPIN)
        .map(|t| t.saturating_duration_since(Instant::now()))
    {
        std::thread::sleep(d);
    }
    while Instant::now() < at {
        std::hint::spin_loop();
    }
}

/// A team terminal on its own thread and runtime; it presses when told.
fn presser(
    code: JoinCode,
) -> Result<(
    mpsc::UnboundedSender<PressOrder>,
    std::thread::JoinHandle<Result<()>>,
)> {
    let (tx, mut rx) = mpsc::unbounded_channel::<PressOrder>();
    let (ready_tx, ready_rx) = std::sync::mpsc::channel::<Result<()>>();
    let thread = std::thread::spawn(move || -> Result<()> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()?;
        rt.block_on(async move {
            let mut team = match StampedTerminal::connect(&code).await {
                Ok(t) => {
                    let _ = ready_tx.send(Ok(()));
                    t
                }
                Err(e) => {
                    let _ = ready_tx.send(Err(anyhow!("{e:#}")));
                    return Err(e);
                }
            };
            while let Some(order) = rx.recv().await {
                // Views that came meanwhile are not needed: drop them
                // rather than decode them after the press.
                let outcome = async {
                    team.discard_ready()?;
                    until(order.at).await;
                    let (request, sent) = team
                        .send_command(Command::Press { clock_offset_us: 0 })
                        .await?;
                    let (_, result) = team.ack(request).await?;
                    Ok((sent, verdict_of(&result)?))
                }
                .await;
                let _ = order.reply.send(outcome);
            }
            team.close();
            Ok(())
        })
    });
    ready_rx
        .recv()
        .map_err(|_| anyhow!("the presser thread ended"))??;
    Ok((tx, thread))
}

async fn press_at(
    presser: &mpsc::UnboundedSender<PressOrder>,
    at: Instant,
) -> Result<oneshot::Receiver<Result<(Instant, Verdict)>>> {
    let (reply, answer) = oneshot::channel();
    presser
        .send(PressOrder { at, reply })
        .map_err(|_| anyhow!("a presser thread is gone"))?;
    Ok(answer)
}

/// One trial's outcome.
struct Trial {
    earlier_won: bool,
    /// Achieved send gap, intended gap, server arrival gap (µs, later − earlier).
    send_gap_us: f64,
    intended_us: f64,
    arrival_gap_us: f64,
}

async fn run(trials: usize) -> Result<String> {
    let start = Instant::now();
    progress!(start, "order: gaps {GAPS_MS:?} ms, {trials} trials each");
    let binary = minuta_tests::server::server_binary()?;
    let dir = tempfile::Builder::new().prefix("minuta-order-").tempdir()?;
    let mut server = TestServer::child_process_of(&binary, dir)?;
    progress!(
        start,
        "server {} (pid {:?}) listens on {}",
        binary.display(),
        server.pid(),
        server.addr
    );

    let mut host = Terminal::connect(&server.host_code).await?;
    set_up_tournament(
        &mut host,
        "Бенчмарк порядка",
        ChgkTiming {
            minute_ms: 60_000,
            warning_before_end_ms: 10_000,
            grace_ms: 3_000,
        },
    )
    .await?;
    let ids: Vec<TeamId> = register_teams(&mut host, &[team_name(1), team_name(2)]).await?;
    let codes = team_codes(&mut host, &ids).await?;
    let timing = RingTiming {
        minute_ms: 600_000,
        second_chance_ms: 600_000,
        tie_window_us: 0,
        early_press: EarlyPress::LosesTheQuestion,
    };
    host.ok(Command::RingSetTiming { timing }).await?;
    let total = (trials * GAPS_MS.len()) as u32;
    let fight = open_friendly(&mut host, [ids[0], ids[1]], long_format(total + 10)).await?;
    // Table 0 is team 1, table 1 team 2.
    let (p0, thread0) = presser(codes[0].clone())?;
    let (p1, thread1) = presser(codes[1].clone())?;
    let pressers = [p0, p1];
    progress!(
        start,
        "two team terminals on their own threads; fight {fight}"
    );

    let mut results: Vec<Vec<Trial>> = Vec::new();
    for gap_ms in GAPS_MS {
        let gap = Duration::from_secs_f64(gap_ms / 1000.0);
        let mut trials_of_gap = Vec::with_capacity(trials);
        for i in 0..trials {
            let earlier = i % 2;
            host.ok(Command::RingRead { fight }).await?;
            host.ok(Command::RingArm { fight }).await?;
            // The arm is applied before its acknowledgement: both presses
            // come after it.
            let t = Instant::now() + Duration::from_millis(4);
            let first = press_at(&pressers[earlier], t).await?;
            let second = press_at(&pressers[1 - earlier], t + gap).await?;
            let (sent_e, v_e) = first
                .await
                .map_err(|_| anyhow!("no answer from a presser"))??;
            let (sent_l, v_l) = second
                .await
                .map_err(|_| anyhow!("no answer from a presser"))??;
            let earlier_won = match (v_e.kind, v_l.kind) {
                (PressKind::Won, PressKind::Late) => true,
                (PressKind::Late, PressKind::Won) => false,
                other => bail!("gap {gap_ms} ms, trial {i}: verdicts {other:?}"),
            };
            trials_of_gap.push(Trial {
                earlier_won,
                send_gap_us: sent_l.saturating_duration_since(sent_e).as_secs_f64() * 1e6
                    - sent_e.saturating_duration_since(sent_l).as_secs_f64() * 1e6,
                intended_us: gap_ms * 1000.0,
                arrival_gap_us: v_l.arrived_at.0 as f64 - v_e.arrived_at.0 as f64,
            });
            host.ok(Command::RingJudge {
                fight,
                correct: true,
            })
            .await?;
        }
        let won = trials_of_gap.iter().filter(|t| t.earlier_won).count();
        let mut jit: Vec<f64> = trials_of_gap
            .iter()
            .map(|t| (t.arrival_gap_us - t.send_gap_us).abs())
            .collect();
        jit.sort_by(f64::total_cmp);
        let mut prec: Vec<f64> = trials_of_gap
            .iter()
            .map(|t| (t.send_gap_us - t.intended_us).abs())
            .collect();
        prec.sort_by(f64::total_cmp);
        let mut arrival: Vec<f64> = trials_of_gap.iter().map(|t| t.arrival_gap_us).collect();
        arrival.sort_by(f64::total_cmp);
        progress!(
            start,
            "gap {gap_ms} ms: earlier won {won}/{trials}; arrival gap p1 {:.1} / p50 {:.1} / p99 {:.1} µs; |arrival − send gap| p50 {:.1} p99 {:.1} max {:.1} µs; |send − intended gap| p99 {:.1} µs",
            percentile(&arrival, 0.01),
            percentile(&arrival, 0.5),
            percentile(&arrival, 0.99),
            percentile(&jit, 0.5),
            percentile(&jit, 0.99),
            jit.last().copied().unwrap_or(f64::NAN),
            percentile(&prec, 0.99),
        );
        let lost: Vec<String> = trials_of_gap
            .iter()
            .filter(|t| !t.earlier_won)
            .take(12)
            .map(|t| format!("send {:.0}/arrive {:.0}", t.send_gap_us, t.arrival_gap_us))
            .collect();
        if !lost.is_empty() {
            progress!(start, "  gap {gap_ms} ms, trials the later press won (µs): {}", lost.join(", "));
        }
        results.push(trials_of_gap);
    }

    let mut jitter: Vec<f64> = results
        .iter()
        .flatten()
        .map(|t| (t.arrival_gap_us - t.send_gap_us).abs())
        .collect();
    jitter.sort_by(f64::total_cmp);
    let jitter_p99_ms = percentile(&jitter, 0.99) / 1000.0;
    let mut precision: Vec<f64> = results
        .iter()
        .flatten()
        .map(|t| (t.send_gap_us - t.intended_us).abs())
        .collect();
    precision.sort_by(f64::total_cmp);
    progress!(
        start,
        "all {} trials: jitter |arrival − send gap| p50 {:.1} µs, p99 {:.1} µs; send-gap precision |send − intended| p99 {:.1} µs",
        jitter.len(),
        percentile(&jitter, 0.5),
        percentile(&jitter, 0.99),
        percentile(&precision, 0.99)
    );
    for (gap_ms, r) in GAPS_MS.iter().zip(&results) {
        let lost: Vec<&Trial> = r.iter().filter(|t| !t.earlier_won).collect();
        if gap_ms / 1000.0 * 1e6 > percentile(&jitter, 0.99) && !lost.is_empty() {
            progress!(
                start,
                "gap {gap_ms} ms exceeds the jitter p99, yet the later press won {} times",
                lost.len()
            );
        }
    }

    drop(pressers);
    for thread in [thread0, thread1] {
        thread
            .join()
            .map_err(|_| anyhow!("a presser thread panicked"))??;
    }
    host.close();
    drop(host);
    server.kill()?;
    progress!(start, "server stopped");

    let fractions: Vec<String> = results
        .iter()
        .map(|r| {
            let f = r.iter().filter(|t| t.earlier_won).count() as f64 / r.len().max(1) as f64;
            format!("{}", (f * 1000.0).round() / 1000.0)
        })
        .collect();
    Ok(format!(
        "{{\"bench\":\"order\",\"gaps_ms\":[0.1,0.5,1,5],\"earlier_won\":[{}],\"jitter_p99_ms\":{}}}",
        fractions.join(","),
        (jitter_p99_ms * 1000.0).round() / 1000.0
    ))
}
