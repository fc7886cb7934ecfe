//! The kill -9 campaign (issue 14, «Prove»):
//! `cargo bench -p minuta-tests --bench kill [-- --kills N --teams T]`.
//!
//! A real `minuta-server` process (the release build) and T team terminals
//! (default 120) over QUIC on 127.0.0.1. N rounds (default 50), each: the
//! host announces the next question and starts the minute; every team sends
//! its card at once; 0–6 ms after the first card leaves the server is
//! killed with SIGKILL, with most cards still in flight; it is started again on the
//! same store; every terminal joins again and sends once more each card it
//! has no acknowledgement for, as the app does. Then the store is read:
//! every card acknowledged before the kill or after it must be there, and
//! no card twice; `PRAGMA integrity_check` must say `ok`. Beside the cards a
//! Brain-ring fight runs: each round its question is read, armed and
//! pressed, and the host's judgement is sent with the burst; every
//! judgement acknowledged before a kill must be in the store after it. And
//! a Нептун auction's bidding stays open through the whole campaign: each
//! round six captains bid at once with the burst (each bid over the last
//! round's), and every bid acknowledged must be in the store exactly once
//! after the kill; after each restart the bidding is still open with the
//! standing bid of the store and a fresh count (6.3).
//!
//! Progress goes to stdout; the last line is one JSON object:
//! `{"bench":"kill","kills":N,"teams":T,"in_flight_min":…,"in_flight_avg":…,
//! "acked":…,"lost":0,"duplicated":0,"integrity_ok":N,"judgements_acked":…,
//! "judgements_lost":0,"bids_acked":…,"bids_lost":0,"bids_duplicated":0,
//! "recounts":N}`. `in_flight_*` is
//! the number of cards sent but not acknowledged when each kill landed.
//! The bench fails (exit 1) if anything was lost or duplicated.
//! Run without `--bench` (by `cargo test --benches` or `--all-targets`) it
//! is a quick smoke run: 3 kills, 12 teams.

use std::collections::{BTreeMap, BTreeSet};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use serde_json::Value;

use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::brain_ring::{ButtonPhase, EVENT_RING, FightId, RingCommand};
use minuta_shared::play::button::PressKind;
use minuta_shared::play::chgk::{ChgkCommand, ChgkError, EVENT_CHGK};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::GameStaffView;
use minuta_shared::play::games::{GameError, PlayError};
use minuta_shared::play::neptune::rules::Bid;
use minuta_shared::play::neptune::{NeptuneCommand, NeptunePlayError, Stage};
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::seed::Rng;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::CommandError;
use minuta_tests::auction;
use minuta_tests::bench::{Mode, at_least, finish, parse};
use minuta_tests::brain_ring::{
    RingSight, fight_in, long_format, open_friendly, phase, untimed, verdict_of,
};
use minuta_tests::hall::{
    PACKAGE, load_package, register_teams, set_up_tournament, team_codes, team_name,
};
use minuta_tests::terminal::Terminal;
use minuta_tests::{TestServer, progress};

/// The kill -9 campaign: nothing acknowledged may be lost.
#[derive(clap::Parser)]
#[command(name = "kill")]
struct Args {
    /// Kills, one a round [default: 50; 3 without --bench].
    #[arg(long, value_name = "N", hide_default_value = true, value_parser = at_least::<1>)]
    #[arg(default_value_t = 3, default_value_if("bench", "true", Some("50")))]
    kills: usize,
    /// Team terminals [default: 120; 12 without --bench].
    #[arg(long, value_name = "T", hide_default_value = true, value_parser = at_least::<1>)]
    #[arg(default_value_t = 12, default_value_if("bench", "true", Some("120")))]
    teams: usize,
    /// The seed of the run's random choices (when each kill lands, the
    /// order of the bids).
    #[arg(long, default_value_t = 14)]
    seed: u64,
    #[command(flatten)]
    mode: Mode,
}

fn main() -> ExitCode {
    let args: Args = parse();
    if args.mode.listing() {
        return ExitCode::SUCCESS;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build();
    finish("kill", runtime, run(&args))
}

/// A 2-s minute: each round's cards go in at its start; the next round
/// waits for the question (and its grace) to be over.
fn timing() -> ChgkTiming {
    ChgkTiming {
        minute_ms: 2_000,
        warning_before_end_ms: 1_000,
        grace_ms: 1_000,
    }
}

fn card(question: QuestionId, team: usize) -> Command {
    Command::game(
        EVENT_CHGK,
        ChgkCommand::SubmitCard {
            question,
            text: format!("ответ {} на {}", team_name(team + 1), question.0),
        },
    )
}

/// The refusal of a card the store already holds: a resend after a lost
/// acknowledgement.
fn already_stored(e: &CommandError) -> bool {
    matches!(
        e,
        CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::CardAlreadyAccepted
        )))
    )
}

/// The auction's captains: the first six teams (Нептун's hall).
const CAPTAINS: usize = 6;

/// Captain `k`'s bid in round `round`: above everything of earlier rounds
/// (whose bids reach at most `round·1000 + 60`), rising with `k`; sent in
/// any order, those that arrive after a higher one are refused (6.4).
fn bid_amount(round: usize, k: usize) -> u32 {
    (round as u32 + 1) * 1000 + 10 * (k as u32 + 1)
}

fn bid(game: minuta_shared::ids::GameId, amount: u32) -> Command {
    Command::game(
        game,
        NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(amount),
        },
    )
}

/// A refusal that says the bid was not taken (another rose above it).
fn bid_refused(e: &CommandError) -> bool {
    matches!(
        e,
        CommandError::Play(PlayError::Game(GameError::Neptune(NeptunePlayError::Bid(
            _
        ))))
    )
}

/// Every stored bid as (team, amount).
fn stored_bids(db: &std::path::Path) -> Result<Vec<(u32, u32)>> {
    let conn = rusqlite::Connection::open_with_flags(
        db,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let mut statement = conn.prepare("SELECT body FROM events WHERE kind = 'game'")?;
    let bodies = statement.query_map([], |r| r.get::<_, String>(0))?;
    let mut bids = Vec::new();
    for body in bodies {
        let json: Value = serde_json::from_str(&body?)?;
        bids.extend(find_bid(&json));
    }
    Ok(bids)
}

/// The `BidPlaced` object's team and amount, wherever it is nested.
fn find_bid(json: &Value) -> Option<(u32, u32)> {
    match json {
        Value::Object(map) => {
            if let Some(bid) = map.get("BidPlaced") {
                let team = bid.get("team")?.as_u64()? as u32;
                let amount = bid.get("bid")?.get("Amount")?.as_u64()? as u32;
                return Some((team, amount));
            }
            map.values().find_map(find_bid)
        }
        _ => None,
    }
}

/// Brain-ring judgements in the store.
fn stored_judgements(db: &std::path::Path) -> Result<usize> {
    let conn = rusqlite::Connection::open_with_flags(
        db,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let n: i64 = conn.query_row(
        "SELECT count(*) FROM events WHERE kind = 'ring_judged'",
        [],
        |r| r.get(0),
    )?;
    Ok(n as usize)
}

/// Brings the fight's current question to its end after a restart: the
/// judgement or the press the kill took is given again.
async fn settle_fight(host: &mut Terminal, presser: &mut Terminal, fight: FightId) -> Result<()> {
    let of = |v: &minuta_shared::wire::view::HostView| {
        fight_in(v.ring(), fight).and_then(phase).cloned()
    };
    let mut acted_on: Option<std::mem::Discriminant<ButtonPhase>> = None;
    for _ in 0..8 {
        // The view after the last step (a step changes the phase).
        let view = host
            .wait_host("the fight after a step", |v| {
                fight_in(v.ring(), fight).is_some()
                    && acted_on
                        .is_none_or(|d| of(v).is_none_or(|p| std::mem::discriminant(&p) != d))
            })
            .await?;
        let now = of(&view);
        acted_on = now.as_ref().map(std::mem::discriminant);
        let judge = RingCommand::Judge {
            fight,
            correct: true,
        };
        match now {
            None | Some(ButtonPhase::Over { .. }) => return Ok(()),
            Some(ButtonPhase::Answering { .. } | ButtonPhase::SecondChance { .. }) => {
                let _ = host.command(Command::game(EVENT_RING, judge)).await?;
            }
            Some(ButtonPhase::Reading) => {
                host.ok(Command::game(EVENT_RING, RingCommand::Arm { fight }))
                    .await?;
            }
            Some(ButtonPhase::Armed { .. }) => {
                let _ = presser
                    .command(Command::Press { clock_offset_us: 0 })
                    .await?;
            }
            Some(ButtonPhase::Contested { first, .. }) => {
                let decide = RingCommand::Decide {
                    fight,
                    table: u8::try_from(first).unwrap_or(0),
                };
                host.ok(Command::game(EVENT_RING, decide)).await?;
            }
        }
    }
    bail!("the fight's question did not end after a restart")
}

/// Every stored card as (team, question), and the integrity check's word.
fn stored_cards(db: &std::path::Path) -> Result<(Vec<(u32, u32)>, String)> {
    let conn = rusqlite::Connection::open_with_flags(
        db,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let mut statement =
        conn.prepare("SELECT body FROM events WHERE kind = 'chgk_card_accepted'")?;
    let bodies = statement.query_map([], |r| r.get::<_, String>(0))?;
    let mut cards = Vec::new();
    for body in bodies {
        let json: Value = serde_json::from_str(&body?)?;
        let card =
            find_card(&json).ok_or_else(|| anyhow!("a card event without a card: {json}"))?;
        cards.push(card);
    }
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
    Ok((cards, integrity))
}

/// The `CardAccepted` object's team and question, wherever it is nested.
fn find_card(json: &Value) -> Option<(u32, u32)> {
    match json {
        Value::Object(map) => {
            if let Some(card) = map.get("CardAccepted") {
                let team = card.get("team")?.as_u64()? as u32;
                let question = card.get("question")?.as_u64()? as u32;
                return Some((team, question));
            }
            map.values().find_map(find_card)
        }
        _ => None,
    }
}

/// SIGKILL to the server process, from any task (the test server's own
/// `kill` then reaps it).
fn sigkill(pid: u32) -> Result<()> {
    let pid = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
        .ok_or_else(|| anyhow!("pid {pid}"))?;
    rustix::process::kill_process(pid, rustix::process::Signal::KILL)
        .with_context(|| format!("SIGKILL to {pid:?}"))
}

async fn connect_all(codes: &[JoinCode]) -> Result<Vec<Terminal>> {
    let mut joins = Vec::with_capacity(codes.len());
    for code in codes {
        let code = code.clone();
        joins.push(tokio::spawn(async move { Terminal::connect(&code).await }));
    }
    let mut terminals = Vec::with_capacity(codes.len());
    for join in joins {
        terminals.push(join.await.context("a join task")??);
    }
    Ok(terminals)
}

async fn run(args: &Args) -> Result<String> {
    let start = Instant::now();
    let mut rng = Rng::new(args.seed);
    let binary = minuta_tests::server::server_binary()?;
    let mut server = TestServer::child_process_of(
        &binary,
        tempfile::Builder::new().prefix("minuta-kill-").tempdir()?,
    )?;
    progress!(
        start,
        "kill: {} kills, {} teams, server {}",
        args.kills,
        args.teams,
        binary.display()
    );

    let mut host = Terminal::connect(&server.host_code).await?;
    set_up_tournament(&mut host, "Кампания kill -9", timing()).await?;
    let names: Vec<String> = (1..=args.teams).map(team_name).collect();
    let ids: Vec<TeamId> = register_teams(&mut host, &names).await?;
    let codes = team_codes(&mut host, &ids).await?;
    // Enough questions for every round: the package holds 36.
    let mut questions = 0;
    while (questions as usize) < args.kills {
        questions += load_package(&mut host, PACKAGE).await?.1;
    }
    // A Brain-ring fight between the first two teams runs beside the
    // cards: each round a question is read, armed, pressed and judged, the
    // judgement sent just before the kill.
    let timing = untimed();
    host.ok(Command::game(EVENT_RING, RingCommand::SetTiming { timing }))
        .await?;
    let fight = open_friendly(
        &mut host,
        [ids[0], ids[1]],
        long_format(args.kills as u32 + 5),
    )
    .await?;
    let mut teams = connect_all(&codes).await?;
    // A Нептун game of the first six teams, brought to its auction's
    // bidding, which stays open (its count is minutes long).
    let captains = CAPTAINS.min(ids.len());
    let neptune = auction::add_game(&mut host, &ids[..captains], auction::settings()).await?;
    auction::to_the_auction(
        &mut host,
        neptune,
        &ids[..captains],
        &mut teams[..captains],
        50,
    )
    .await?;
    progress!(
        start,
        "{} teams joined; {questions} questions loaded; a Brain-ring fight open; a Нептун auction bidding",
        teams.len()
    );
    let mut bids_acked: BTreeSet<(u32, u32)> = BTreeSet::new();
    let mut recounts = 0usize;
    let mut judged_acked = 0usize;
    let mut judgements_lost = 0usize;

    // (team, question) of every card acknowledged, from either side of a kill.
    let mut acked: BTreeSet<(u32, u32)> = BTreeSet::new();
    let mut in_flight: Vec<usize> = Vec::new();
    let mut integrity_ok = 0;
    for round in 0..args.kills {
        let q = QuestionId(round as u32);
        host.ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce { question: q },
        ))
        .await?;
        host.ok(Command::game(EVENT_CHGK, ChgkCommand::StartMinute))
            .await?;
        for t in teams.iter_mut() {
            t.wait_team("the minute", |v| v.event_chgk().clock.question == Some(q))
                .await?;
        }
        // The fight's question: read, armed, pressed (alternating tables,
        // so the fight stays level); its judgement goes with the burst.
        let presser = round % 2;
        host.ok(Command::game(EVENT_RING, RingCommand::Read { fight }))
            .await?;
        host.ok(Command::game(EVENT_RING, RingCommand::Arm { fight }))
            .await?;
        let pressed = teams[presser]
            .command(Command::Press { clock_offset_us: 0 })
            .await?;
        let verdict = verdict_of(&pressed)?;
        if verdict.kind != PressKind::Won {
            bail!("round {round}: the lone press was {:?}", verdict.kind);
        }
        // Every card at once; SIGKILL lands 0–6 ms after the first is
        // sent, while the rest are still going out or being committed.
        let pid = server.pid().ok_or_else(|| anyhow!("no server process"))?;
        let after = Duration::from_micros(rng.below(6_000));
        let killer = tokio::spawn(async move {
            tokio::time::sleep(after).await;
            sigkill(pid)
        });
        let judge = host
            .send_command(Command::game(
                EVENT_RING,
                RingCommand::Judge {
                    fight,
                    correct: true,
                },
            ))
            .await
            .ok();
        let mut requests = Vec::with_capacity(teams.len());
        // The captains' bids go out first, in a shuffled order, then the
        // cards.
        let mut order: Vec<usize> = (0..captains).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut bid_requests = Vec::with_capacity(captains);
        for &k in &order {
            let sent = teams[k]
                .send_command(bid(neptune, bid_amount(round, k)))
                .await
                .ok();
            bid_requests.push((k, sent));
        }
        for (i, t) in teams.iter_mut().enumerate() {
            // A terminal whose link the kill already broke sends nothing.
            requests.push(t.send_command(card(q, i)).await.ok());
        }
        killer.await.context("the killer task")??;
        server.kill()?;
        let mut unacked = Vec::new();
        for (i, (t, request)) in teams.iter_mut().zip(&requests).enumerate() {
            let Some(request) = request else {
                unacked.push(i);
                continue;
            };
            match t.try_ack(*request) {
                Some(Ok(_)) => {
                    acked.insert((ids[i].0, q.0));
                }
                Some(Err(e)) => bail!("round {round}: a card was refused: {e}"),
                None => unacked.push(i),
            }
        }
        in_flight.push(unacked.len());
        let mut bids_unacked = Vec::new();
        for (k, request) in bid_requests {
            match request.and_then(|r| teams[k].try_ack(r)) {
                Some(Ok(_)) => {
                    bids_acked.insert((ids[k].0, bid_amount(round, k)));
                }
                Some(Err(e)) if bid_refused(&e) => {}
                Some(Err(e)) => bail!("round {round}: a bid was refused: {e}"),
                None => bids_unacked.push(k),
            }
        }
        if judge
            .and_then(|j| host.try_ack(j))
            .is_some_and(|r| r.is_ok())
        {
            judged_acked += 1;
        }

        // Back up; every terminal joins again and resends what it lacks.
        server.restart().await?;
        // Every judgement acknowledged so far is stored, before anything is
        // given again.
        let judged_stored = stored_judgements(&server.database())?;
        judgements_lost = judgements_lost.max(judged_acked.saturating_sub(judged_stored));
        host = Terminal::connect(&server.host_code).await?;
        teams = connect_all(&codes).await?;
        settle_fight(&mut host, &mut teams[presser], fight).await?;
        // 6.3: the bidding is open again with the stored standing bid and
        // a fresh count; then the captains resend what they lack.
        let stored = stored_bids(&server.database())?;
        let top = stored.iter().map(|(_, amount)| *amount).max();
        let view = host
            .wait_host("the auction after a restart", |v| {
                v.games.iter().any(|g| g.id == neptune)
            })
            .await?;
        let board = view
            .games
            .iter()
            .find(|g| g.id == neptune)
            .and_then(|g| match &g.view {
                GameStaffView::Neptune(n) => Some(n.board.clone()),
                _ => None,
            })
            .ok_or_else(|| anyhow!("no Нептун game after the restart"))?;
        let standing = board
            .auction
            .as_ref()
            .and_then(|a| a.standing())
            .and_then(|b| match b.bid {
                Bid::Amount(n) => Some(n),
                Bid::VaBank => None,
            });
        if board.stage != Stage::Bidding || standing != top {
            bail!(
                "round {round}: after the restart the bidding is {:?} with {standing:?} standing; the store's last bid is {top:?}",
                board.stage
            );
        }
        // The count runs from the restart, not from the standing bid.
        let auction = board.auction.as_ref();
        let last_at = auction.and_then(|a| a.standing()).map(|b| b.at);
        if auction.and_then(|a| a.count_from) > last_at {
            recounts += 1;
        }
        for &k in &bids_unacked {
            // A refusal now (another rose above it, or it was stored and is
            // the standing bid) is no loss: it was never acknowledged.
            if teams[k]
                .command(bid(neptune, bid_amount(round, k)))
                .await?
                .is_ok()
            {
                bids_acked.insert((ids[k].0, bid_amount(round, k)));
            }
        }
        for &i in &unacked {
            match teams[i].command(card(q, i)).await? {
                Ok(_) => {
                    acked.insert((ids[i].0, q.0));
                }
                Err(e) if already_stored(&e) => {
                    acked.insert((ids[i].0, q.0));
                }
                // After the restart the question may be over: the card was
                // never stored, and was never acknowledged — not a loss.
                Err(_) => {}
            }
        }
        let (cards, integrity) = stored_cards(&server.database())?;
        if integrity == "ok" {
            integrity_ok += 1;
        }
        let mut seen: BTreeMap<(u32, u32), usize> = BTreeMap::new();
        for c in &cards {
            *seen.entry(*c).or_default() += 1;
        }
        let lost = acked.iter().filter(|c| !seen.contains_key(c)).count();
        let duplicated = seen.values().filter(|n| **n > 1).count();
        let bids = stored_bids(&server.database())?;
        let bid_set: BTreeSet<(u32, u32)> = bids.iter().copied().collect();
        let bids_lost = bids_acked.difference(&bid_set).count();
        let bids_duplicated = bids.len() - bid_set.len();
        if bids_lost > 0 || bids_duplicated > 0 {
            bail!(
                "kill {}: {bids_lost} acknowledged bids lost, {bids_duplicated} duplicated",
                round + 1
            );
        }
        progress!(
            start,
            "kill {}: {} of {} cards in flight at the kill; {} stored in all, {lost} lost, {duplicated} duplicated, integrity {integrity}; bids: {} in flight, {} acknowledged in all, {} stored",
            round + 1,
            unacked.len(),
            teams.len(),
            cards.len(),
            bids_unacked.len(),
            bids_acked.len(),
            bids.len()
        );
        if lost > 0 || duplicated > 0 || integrity != "ok" || judgements_lost > 0 {
            bail!(
                "kill {}: {lost} acknowledged cards lost, {duplicated} duplicated, {judgements_lost} acknowledged judgements lost, integrity {integrity}",
                round + 1
            );
        }
        // The next question waits for this one to be over.
        host.wait_host("the question to be over", |v| {
            v.event_chgk().clock.phase == Phase::Over || v.event_chgk().clock.question != Some(q)
        })
        .await?;
    }
    let (cards, _) = stored_cards(&server.database())?;
    let stored: BTreeSet<(u32, u32)> = cards.iter().copied().collect();
    let bids = stored_bids(&server.database())?;
    let bid_set: BTreeSet<(u32, u32)> = bids.iter().copied().collect();
    let bids_lost = bids_acked.difference(&bid_set).count();
    let bids_duplicated = bids.len() - bid_set.len();
    let lost = acked.difference(&stored).count();
    let duplicated = cards.len() - stored.len();
    let in_flight_min = in_flight.iter().copied().min().unwrap_or(0);
    let in_flight_avg = in_flight.iter().sum::<usize>() as f64 / in_flight.len().max(1) as f64;
    progress!(
        start,
        "{} kills: {} cards acknowledged, {} stored, {lost} lost, {duplicated} duplicated; integrity ok {integrity_ok} of {}",
        args.kills,
        acked.len(),
        cards.len(),
        args.kills
    );
    if lost > 0 || duplicated > 0 {
        bail!("{lost} acknowledged cards lost, {duplicated} duplicated");
    }
    Ok(serde_json::json!({
        "bench": "kill",
        "kills": args.kills,
        "teams": args.teams,
        "in_flight_min": in_flight_min,
        "in_flight_avg": (in_flight_avg * 10.0).round() / 10.0,
        "acked": acked.len(),
        "stored": cards.len(),
        "lost": lost,
        "duplicated": duplicated,
        "integrity_ok": integrity_ok,
        "judgements_acked": judged_acked,
        "judgements_lost": judgements_lost,
        "bids_acked": bids_acked.len(),
        "bids_lost": bids_lost,
        "bids_duplicated": bids_duplicated,
        "recounts": recounts,
    })
    .to_string())
}
