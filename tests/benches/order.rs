//! Who pressed first: `cargo bench -p minuta-tests --bench order [-- --trials N]`.
//!
//! A real `minuta-server` process (the release build) on 127.0.0.1, a host
//! and two team terminals in a long friendly fight. Each team terminal runs
//! on its own OS thread with its own single-threaded runtime and its own UDP
//! socket, as two laptops would. For each gap of 0.1, 0.5, 1 and 5 ms and
//! each trial (default 200 per gap): the host reads and arms the buttons;
//! the earlier team writes its press at an agreed instant (its thread sleeps
//! to just before it, then spins), lets its connection put the packet on the
//! wire and publishes that instant; the later team spins until that instant
//! plus the gap and writes its own. So the earlier press has surely left
//! first, by at least the gap, however the threads were scheduled on a busy
//! machine. The acks say who won; the host judges the winner right, which
//! ends the question. The earlier table alternates between trials.
//!
//! Measured per trial: the send gap (between the two presses' writes, one
//! monotonic clock: when the two people pressed) and the server's arrival
//! gap (between the two arrival stamps in the acks). **Jitter** =
//! |arrival gap − send gap|: how much the whole way from a terminal's write
//! to the server's stamp (client runtime, kernel, server) shifts one press
//! against the other. The fairness
//! target: the earlier press wins every trial whose gap exceeds the jitter.
//!
//! Last line: `{"bench":"order","gaps_ms":[0.1,0.5,1,5],"earlier_won":[…],
//! "jitter_p99_ms":…}`. Nothing is asserted. Built as a test (without cargo
//! bench's `--bench` flag) it does nothing.

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use tokio::sync::{mpsc, oneshot};

use minuta_shared::ids::TeamId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::brain_ring::{EVENT_RING, PressKind, RingCommand};
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::wire::client::Command;
use minuta_tests::bench::{Mode, finish, parse, raise_to};
use minuta_tests::brain_ring::{
    StampedTerminal, Verdict, long_format, open_friendly, untimed, verdict_of,
};
use minuta_tests::hall::{register_teams, set_up_tournament, team_codes, team_name};
use minuta_tests::stats::{percentile, sorted};
use minuta_tests::terminal::Terminal;
use minuta_tests::{TestServer, progress};

const GAPS_MS: [f64; 4] = [0.1, 0.5, 1.0, 5.0];

/// How long before its instant a presser stops sleeping and starts spinning.
const SPIN: Duration = Duration::from_micros(300);

/// Who pressed first, at gaps of 0.1, 0.5, 1 and 5 ms.
#[derive(clap::Parser)]
#[command(name = "order")]
struct Args {
    /// Trials at each gap.
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = raise_to::<1>)]
    trials: usize,
    #[command(flatten)]
    mode: Mode,
}

fn main() -> ExitCode {
    let args: Args = parse();
    // `cargo test --benches` runs bench targets without `--bench`: do nothing.
    if args.mode.idle("order") {
        return ExitCode::SUCCESS;
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    finish("order", runtime, run(args.trials))
}

/// The instant the earlier press left, for the later presser: nanoseconds
/// since [`base`] plus one (0 = not yet).
type Handoff = Arc<AtomicU64>;

fn base() -> Instant {
    static BASE: OnceLock<Instant> = OnceLock::new();
    *BASE.get_or_init(Instant::now)
}

fn mark(handoff: &Handoff, at: Instant) {
    let nanos =
        u64::try_from(at.saturating_duration_since(base()).as_nanos()).unwrap_or(u64::MAX - 1);
    handoff.store(nanos + 1, Ordering::Release);
}

fn marked(handoff: &Handoff) -> Option<Instant> {
    match handoff.load(Ordering::Acquire) {
        0 => None,
        n => Some(base() + Duration::from_nanos(n - 1)),
    }
}

/// Which of a trial's two presses.
enum Turn {
    /// Press at `at`; once the packet is out, publish when.
    First { at: Instant, handoff: Handoff },
    /// Press `gap` after the first press left (and not before `at`).
    Second {
        at: Instant,
        handoff: Handoff,
        gap: Duration,
    },
}

/// What a presser reports.
struct Pressed {
    /// Just before the press was written.
    written: Instant,
    /// The first press: once its connection had sent it (the second: as `written`).
    left: Instant,
    verdict: Verdict,
}

struct PressOrder {
    turn: Turn,
    reply: oneshot::Sender<Result<Pressed>>,
}

/// Waits until `at`: a tokio sleep to 2 ms before, a thread sleep to
/// [`SPIN`] before, then a spin. Blocks this presser's own runtime only.
async fn until(at: Instant) {
    if let Some(early) = at.checked_sub(Duration::from_millis(2)) {
        tokio::time::sleep_until(tokio::time::Instant::from_std(early)).await;
    }
    if let Some(spin_from) = at.checked_sub(SPIN) {
        std::thread::sleep(spin_from.saturating_duration_since(Instant::now()));
    }
    while Instant::now() < at {
        std::hint::spin_loop();
    }
}

/// Presses once as `turn` says and waits for the verdict.
async fn press_once(team: &mut StampedTerminal, turn: Turn) -> Result<Pressed> {
    // Views that came meanwhile are not needed: drop them rather than
    // decode them after the press.
    team.discard_ready()?;
    let press = Command::Press { clock_offset_us: 0 };
    let (request, written, left) = match turn {
        Turn::First { at, handoff } => {
            until(at).await;
            let (request, written) = team.send_command(press).await?;
            // Let this runtime's connection driver put the packet on the
            // wire before saying it left.
            tokio::task::yield_now().await;
            let left = Instant::now();
            mark(&handoff, left);
            (request, written, left)
        }
        Turn::Second { at, handoff, gap } => {
            until(at).await;
            let give_up = Instant::now() + Duration::from_millis(100);
            let after = loop {
                if let Some(first) = marked(&handoff) {
                    break first + gap;
                }
                if Instant::now() > give_up {
                    bail!("the first press did not leave within 100 ms");
                }
                std::hint::spin_loop();
            };
            while Instant::now() < after {
                std::hint::spin_loop();
            }
            let (request, written) = team.send_command(press).await?;
            (request, written, written)
        }
    };
    let (_, result) = team.ack(request).await?;
    Ok(Pressed {
        written,
        left,
        verdict: verdict_of(&result)?,
    })
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
                let outcome = press_once(&mut team, order.turn).await;
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

fn order(
    presser: &mpsc::UnboundedSender<PressOrder>,
    turn: Turn,
) -> Result<oneshot::Receiver<Result<Pressed>>> {
    let (reply, answer) = oneshot::channel();
    presser
        .send(PressOrder { turn, reply })
        .map_err(|_| anyhow!("a presser thread is gone"))?;
    Ok(answer)
}

/// One trial's outcome (µs; gaps are later − earlier).
struct Trial {
    earlier_won: bool,
    send_gap_us: f64,
    intended_us: f64,
    arrival_gap_us: f64,
    first_send_us: f64,
}

impl Trial {
    fn jitter_us(&self) -> f64 {
        (self.arrival_gap_us - self.send_gap_us).abs()
    }

    /// The same from the instant the earlier press's packet had left its
    /// terminal: the server's and the kernel's share of the jitter.
    fn jitter_after_departure_us(&self) -> f64 {
        (self.arrival_gap_us - (self.send_gap_us - self.first_send_us)).abs()
    }
}

async fn run(trials: usize) -> Result<String> {
    let start = Instant::now();
    base();
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
    let chgk = ChgkTiming {
        minute_ms: 60_000,
        warning_before_end_ms: 10_000,
        grace_ms: 3_000,
    };
    set_up_tournament(&mut host, "Бенчмарк порядка", chgk).await?;
    let ids: Vec<TeamId> = register_teams(&mut host, &[team_name(1), team_name(2)]).await?;
    let codes = team_codes(&mut host, &ids).await?;
    let timing = untimed();
    host.ok(Command::game(EVENT_RING, RingCommand::SetTiming { timing }))
        .await?;
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
        let mut of_gap = Vec::with_capacity(trials);
        for i in 0..trials {
            let earlier = i % 2;
            host.ok(Command::game(EVENT_RING, RingCommand::Read { fight }))
                .await?;
            // The arm is applied before its acknowledgement: both presses
            // come after it.
            host.ok(Command::game(EVENT_RING, RingCommand::Arm { fight }))
                .await?;
            let at = Instant::now() + Duration::from_millis(4);
            let handoff = Handoff::default();
            let first = order(
                &pressers[earlier],
                Turn::First {
                    at,
                    handoff: handoff.clone(),
                },
            )?;
            let second = order(
                &pressers[1 - earlier],
                Turn::Second {
                    at: at + gap,
                    handoff,
                    gap,
                },
            )?;
            let e = first
                .await
                .map_err(|_| anyhow!("no answer from a presser"))??;
            let l = second
                .await
                .map_err(|_| anyhow!("no answer from a presser"))??;
            let earlier_won = match (e.verdict.kind, l.verdict.kind) {
                (PressKind::Won, PressKind::Late) => true,
                (PressKind::Late, PressKind::Won) => false,
                other => bail!("gap {gap_ms} ms, trial {i}: verdicts {other:?}"),
            };
            of_gap.push(Trial {
                earlier_won,
                send_gap_us: (l.written - e.written).as_secs_f64() * 1e6,
                intended_us: gap_ms * 1000.0,
                arrival_gap_us: l.verdict.arrived_at.0 as f64 - e.verdict.arrived_at.0 as f64,
                first_send_us: (e.left - e.written).as_secs_f64() * 1e6,
            });
            host.ok(Command::game(
                EVENT_RING,
                RingCommand::Judge {
                    fight,
                    correct: true,
                },
            ))
            .await?;
        }
        let won = of_gap.iter().filter(|t| t.earlier_won).count();
        let jitter = sorted(of_gap.iter().map(Trial::jitter_us).collect());
        let overshoot = sorted(
            of_gap
                .iter()
                .map(|t| t.send_gap_us - t.intended_us)
                .collect(),
        );
        let arrival = sorted(of_gap.iter().map(|t| t.arrival_gap_us).collect());
        progress!(
            start,
            "gap {gap_ms} ms: earlier won {won}/{trials}; server arrival gap p1 {:.0} / p50 {:.0} / p99 {:.0} µs; \
             jitter p50 {:.0} / p99 {:.0} / max {:.0} µs; send gap over the intended p50 {:.1} / p99 {:.1} µs",
            percentile(&arrival, 0.01),
            percentile(&arrival, 0.5),
            percentile(&arrival, 0.99),
            percentile(&jitter, 0.5),
            percentile(&jitter, 0.99),
            jitter.last().copied().unwrap_or(f64::NAN),
            percentile(&overshoot, 0.5),
            percentile(&overshoot, 0.99),
        );
        let lost: Vec<String> = of_gap
            .iter()
            .filter(|t| !t.earlier_won)
            .take(10)
            .map(|t| {
                format!(
                    "sent +{:.0} / arrived {:+.0}",
                    t.send_gap_us, t.arrival_gap_us
                )
            })
            .collect();
        if !lost.is_empty() {
            progress!(
                start,
                "  trials the later press won (µs): {}",
                lost.join(", ")
            );
        }
        results.push(of_gap);
    }

    let jitter = sorted(results.iter().flatten().map(Trial::jitter_us).collect());
    let jitter_p99_us = percentile(&jitter, 0.99);
    let first_send = sorted(results.iter().flatten().map(|t| t.first_send_us).collect());
    let departed = sorted(
        results
            .iter()
            .flatten()
            .map(Trial::jitter_after_departure_us)
            .collect(),
    );
    progress!(
        start,
        "all {} trials: jitter (from the writes) p50 {:.0} µs, p99 {:.0} µs; of which the earlier press's write → sent \
         p50 {:.0} µs, p99 {:.0} µs; jitter from the earlier packet's departure p50 {:.0} µs, p99 {:.0} µs",
        jitter.len(),
        percentile(&jitter, 0.5),
        jitter_p99_us,
        percentile(&first_send, 0.5),
        percentile(&first_send, 0.99),
        percentile(&departed, 0.5),
        percentile(&departed, 0.99),
    );
    for (gap_ms, r) in GAPS_MS.iter().zip(&results) {
        let lost = r.iter().filter(|t| !t.earlier_won).count();
        if gap_ms * 1000.0 > jitter_p99_us && lost > 0 {
            progress!(
                start,
                "gap {gap_ms} ms exceeds the jitter's p99, yet the later press won {lost} times"
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
            let won = r.iter().filter(|t| t.earlier_won).count() as f64 / r.len().max(1) as f64;
            format!("{}", (won * 1000.0).round() / 1000.0)
        })
        .collect();
    Ok(format!(
        "{{\"bench\":\"order\",\"gaps_ms\":[0.1,0.5,1,5],\"earlier_won\":[{}],\"jitter_p99_ms\":{}}}",
        fractions.join(","),
        (jitter_p99_us).round() / 1000.0
    ))
}
