//! Bad networks (issue 14, «Prove»):
//! `cargo bench -p minuta-tests --bench badnet [-- --teams N]`.
//!
//! A real `minuta-server` process (the release build) and N team terminals
//! (default 30), every one of them behind the spoiling UDP relay
//! ([`minuta_tests::relay`]) on 127.0.0.1, for each setting in turn: a calm
//! link, 5% loss with 20 ms ± 10 ms, and 10% loss with 50 ms ± 25 ms. Per
//! setting each terminal first syncs its clock the way the app does (eight
//! pings, the best round trip's offset — the server runs on this machine,
//! so the true offset is 0 and the error is the offset itself); then the
//! host starts a question, and each team hands in its card at a moment
//! spread over the minute by its own synced clock, a third of them in the
//! last half second before «Время, сдавайте ответы». Every card sent before
//! that signal must be accepted, and none counted late.
//!
//! Progress goes to stdout; the last line is one JSON object:
//! `{"bench":"badnet","teams":N,"settings":[{"link":…,"join_retries":…,"clock_err_p50_ms":…,
//! "clock_err_max_ms":…,"sent":…,"accepted":…,"late":…,"ack_p50_ms":…,
//! "ack_p99_ms":…,"dropped":…,"forwarded":…},…]}`. It fails (exit 1) if a
//! card sent in time was refused or counted late. Run without `--bench` it
//! is a smoke run: 6 teams, the spoiled setting only.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use serde_json::{Value, json};

use minuta_shared::ids::QuestionId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::GameReceipt;
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::seed::Rng;
use minuta_shared::time::{ClockFilter, ClockSample};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_tests::bench::{Mode, at_least, finish, parse};
use minuta_tests::hall::{
    PACKAGE, load_package, register_teams, set_up_tournament, team_codes, team_name,
};
use minuta_tests::relay::{Impairment, Relay};
use minuta_tests::stats::percentile;
use minuta_tests::terminal::Terminal;
use minuta_tests::{TestServer, progress};

/// Cards over bad networks: a calm link, 5% and 10% loss with jitter.
#[derive(clap::Parser)]
#[command(name = "badnet")]
struct Args {
    /// Team terminals, each behind its own relay [default: 30; 6 without
    /// --bench].
    #[arg(long, value_name = "N", hide_default_value = true, value_parser = at_least::<1>)]
    #[arg(default_value_t = 6, default_value_if("bench", "true", Some("30")))]
    teams: usize,
    #[command(flatten)]
    mode: Mode,
}

fn main() -> ExitCode {
    let args: Args = parse();
    if args.mode.listing() {
        return ExitCode::SUCCESS;
    }
    let (bench, teams) = (args.mode.bench, args.teams);
    let settings = if bench {
        vec![
            Impairment::default(),
            spoiled(5.0, 20, 10),
            spoiled(10.0, 50, 25),
        ]
    } else {
        vec![spoiled(5.0, 20, 10)]
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build();
    finish("badnet", runtime, run(teams, settings))
}

fn spoiled(loss_percent: f64, delay_ms: u64, jitter_ms: u64) -> Impairment {
    Impairment {
        delay: Duration::from_millis(delay_ms),
        jitter: Duration::from_millis(jitter_ms),
        loss: loss_percent / 100.0,
        wake: None,
    }
}

/// A 6-s minute (the cards are spread over it) and the rules' 3-s grace.
fn timing() -> ChgkTiming {
    ChgkTiming {
        minute_ms: 6_000,
        warning_before_end_ms: 3_000,
        grace_ms: 3_000,
    }
}

/// The app's clock sync: eight pings, the best round trip's sample.
async fn sync_clock(t: &mut Terminal) -> Result<ClockSample> {
    let mut filter = ClockFilter::default();
    for _ in 0..8 {
        let t0 = minuta_client::shell::native::net::local_now_us();
        let server = t.ping().await?;
        let t1 = minuta_client::shell::native::net::local_now_us();
        filter.add(ClockSample::from_exchange(t0, server, t1));
    }
    filter.best().ok_or_else(|| anyhow!("no clock sample"))
}

/// What one team did in a setting.
struct Outcome {
    clock_err_us: u64,
    ack_ms: f64,
    accepted: bool,
    late: bool,
}

async fn run(teams: usize, settings: Vec<Impairment>) -> Result<String> {
    let start = Instant::now();
    let binary = minuta_tests::server::server_binary()?;
    let server = TestServer::child_process_of(
        &binary,
        tempfile::Builder::new()
            .prefix("minuta-badnet-")
            .tempdir()?,
    )?;
    let mut host = Terminal::connect(&server.host_code).await?;
    set_up_tournament(&mut host, "Плохая сеть", timing()).await?;
    let names: Vec<String> = (1..=teams).map(team_name).collect();
    let ids = register_teams(&mut host, &names).await?;
    let codes = team_codes(&mut host, &ids).await?;
    load_package(&mut host, PACKAGE).await?;
    progress!(start, "badnet: {teams} teams, server {}", binary.display());

    let mut results: Vec<Value> = Vec::new();
    let mut failures = Vec::new();
    for (s, impairment) in settings.iter().enumerate() {
        let link = impairment.describe();
        let relay = Relay::start(server.addr, *impairment, 7 + s as u64).await?;
        let mut joins = Vec::new();
        for code in &codes {
            let code = JoinCode {
                addrs: vec![relay.addr],
                ..code.clone()
            };
            joins.push(tokio::spawn(async move {
                // As the app does: a join that fails is tried again.
                let mut retries = 0u32;
                let mut t = loop {
                    match Terminal::connect(&code).await {
                        Ok(t) => break t,
                        Err(e) if retries < 5 => {
                            retries += 1;
                            eprintln!("badnet: a join failed ({e:#}); trying again");
                            tokio::time::sleep(Duration::from_millis(200 * u64::from(retries)))
                                .await;
                        }
                        Err(e) => return Err(e.context("a team joining through the relay")),
                    }
                };
                let clock = sync_clock(&mut t).await.context("a team's clock sync")?;
                anyhow::Ok((t, clock, retries))
            }));
        }
        let mut terminals = Vec::new();
        let mut join_retries = 0;
        for join in joins {
            let (t, clock, retries) = join.await.context("a join")??;
            join_retries += retries;
            terminals.push((t, clock));
        }
        progress!(
            start,
            "{link}: {} teams joined through the relay",
            terminals.len()
        );

        let q = QuestionId(s as u32);
        host.ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce { question: q },
        ))
        .await?;
        host.ok(Command::game(EVENT_CHGK, ChgkCommand::StartMinute))
            .await?;
        let clock = host
            .wait_host("the minute", |v| {
                v.event_chgk().clock.question == Some(q) && v.event_chgk().clock.ends_at.is_some()
            })
            .await?
            .event_chgk()
            .clock
            .clone();
        let (Some(started), Some(ends)) = (clock.started_at, clock.ends_at) else {
            bail!("the minute has no end");
        };
        let mut rng = Rng::new(100 + s as u64);
        let mut tasks = Vec::new();
        for (i, (mut t, sample)) in terminals.into_iter().enumerate() {
            // A third in the last half second before the end signal, the
            // rest anywhere in the minute after its first second.
            let span = ends.0.saturating_sub(started.0);
            let at = if i % 3 == 0 {
                ends.0 - 500_000 + rng.below(400_000)
            } else {
                started.0 + 1_000_000 + rng.below(span.saturating_sub(1_600_000))
            };
            let text = format!("ответ {}", i + 1);
            tasks.push(tokio::spawn(async move {
                // When the card goes, by this terminal's synced clock.
                let local_at = (at as i128 - i128::from(sample.offset_us)).max(0) as u64;
                let now = minuta_client::shell::native::net::local_now_us();
                if local_at > now {
                    tokio::time::sleep(Duration::from_micros(local_at - now)).await;
                }
                let sent = Instant::now();
                let result = t
                    .command(Command::game(
                        EVENT_CHGK,
                        ChgkCommand::SubmitCard { question: q, text },
                    ))
                    .await
                    .context("a team hands in its card")?;
                let ack_ms = sent.elapsed().as_secs_f64() * 1000.0;
                let (accepted, late) = match result {
                    Ok(Receipt::Game {
                        receipt: GameReceipt::Chgk(ChgkReceipt::Card { late, .. }),
                        ..
                    }) => (true, late),
                    _ => (false, false),
                };
                anyhow::Ok(Outcome {
                    clock_err_us: sample.offset_us.unsigned_abs(),
                    ack_ms,
                    accepted,
                    late,
                })
            }));
        }
        let mut outcomes = Vec::new();
        for task in tasks {
            outcomes.push(task.await.context("a team")??);
        }
        let sent = outcomes.len();
        let accepted = outcomes.iter().filter(|o| o.accepted).count();
        let late = outcomes.iter().filter(|o| o.late).count();
        let mut clock_ms: Vec<f64> = outcomes
            .iter()
            .map(|o| o.clock_err_us as f64 / 1000.0)
            .collect();
        clock_ms.sort_by(f64::total_cmp);
        let mut acks: Vec<f64> = outcomes.iter().map(|o| o.ack_ms).collect();
        acks.sort_by(f64::total_cmp);
        let round1 = |x: f64| (x * 10.0).round() / 10.0;
        let stats = &relay.stats;
        let line = json!({
            "link": link,
            "join_retries": join_retries,
            "clock_err_p50_ms": round1(percentile(&clock_ms, 0.5)),
            "clock_err_max_ms": round1(clock_ms.last().copied().unwrap_or(0.0)),
            "sent": sent,
            "accepted": accepted,
            "late": late,
            "ack_p50_ms": round1(percentile(&acks, 0.5)),
            "ack_p99_ms": round1(percentile(&acks, 0.99)),
            "dropped": stats.dropped.load(std::sync::atomic::Ordering::Relaxed),
            "forwarded": stats.forwarded.load(std::sync::atomic::Ordering::Relaxed),
        });
        progress!(start, "{link}: {line}");
        if accepted != sent || late > 0 {
            failures.push(format!(
                "{link}: {accepted} of {sent} accepted, {late} late"
            ));
        }
        results.push(line);
        // The question's grace ends before the next setting's question.
        host.wait_host("the question to be over", |v| {
            v.event_chgk().clock.question == Some(q) && v.event_chgk().clock.phase == Phase::Over
        })
        .await?;
    }
    if !failures.is_empty() {
        bail!("cards sent in time were lost: {}", failures.join("; "));
    }
    Ok(json!({"bench": "badnet", "teams": teams, "settings": results}).to_string())
}
