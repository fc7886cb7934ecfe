//! The auction's bidding (Нептун 6.3) under a hall of captains bidding at
//! once: `cargo bench -p minuta-tests --bench bid [-- --captains N]`.
//!
//! In one run:
//! 1. the baselines: a raw UDP round trip on loopback (32 bytes) between a
//!    tokio UDP echo on its own thread and a client, as `press` measures it;
//!    and an fsync of a 4 KiB append in the server's data directory (the
//!    store's own file system), the durable floor;
//! 2. a real `minuta-server` process (the bench build) with a host, a
//!    projector and N captains' terminals (default 20), each on its own UDP
//!    socket; a Нептун game shortened to one question a contest is played
//!    to its auction (every team right in Негатив, so every score is
//!    positive and every team may bid), whose count is a minute a step, so
//!    it never ends between rounds (the host would close it by hand).
//!
//! Then round after round every captain bids at once — captain `i` bids
//! `base + 10·(i+1)`, `base` the standing bid, the captains writing in a
//! seeded order of their own each round. The server takes the bids in its
//! arrival order: each that raises the standing one is accepted (the count
//! starts again from it), each that does not is refused (a raise too small,
//! or the team already leading), so which are accepted is decided by the
//! arrival order alone. For every accepted bid: **restart seen** = from
//! writing its frame until every captain's terminal has read a view whose
//! auction board's count runs from that bid or a later one (`count_from` ≥
//! its server time: a bid overtaken in the same batch restarted the count,
//! which restarted again). The projector's and the host's views are paced
//! (at most one every 50 ms while changes pour in: the driver's
//! `BROAD_VIEW_EVERY`), so they are reported apart. **Arrival order
//! kept**: the accepted bids' places (their receipts) follow their server
//! times, their amounts rise in that order, every refused raise names as
//! the standing bid one that was accepted before it, and the host's board
//! lists the bids in exactly that order.
//!
//! Every frame is stamped by its terminal's reader task the moment it is
//! whole and decoded only after the round (as in `press`). Progress goes
//! to stdout; the last line is one JSON object:
//! `{"bench":"bid","captains":N,"udp_rtt_p99_us":…,"restart_seen_p50_us":…,
//! "restart_seen_p99_us":…,"p99_ratio":…,"fsync_p99_us":…,"floor_ratio":…,
//! "arrival_order_kept":true,…}` (p99_ratio = restart seen / raw UDP round
//! trip, at p99; floor_ratio = restart seen p99 / (fsync p99 + UDP round
//! trip p99), the target ≤ 3), ending with
//! `"server_cpu_ms_per_round":…,"bare_quinn_seen_p50_us":…,
//! "bare_quinn_seen_p99_us":…,"ratio_bare_p99":…}`: the transport's floor
//! for the same traffic. The bench starts itself again as a bare quinn
//! server (`minuta_tests::bare`: the real server's certificate, TLS,
//! transport settings and socket, nothing of Minuta's) that makes each
//! batch of frames durable with one fsync in the same directory,
//! acknowledges each to its sender and writes one frame, as large as the
//! mean patch the captains read, to every connection; the same N
//! connections play the same rounds (barriers, seeded orders), and **bare
//! seen** is write → a fan-out frame numbered by it or later read on every
//! connection, for every frame (the bare server accepts them all).
//! Options: `--captains N`, `--rounds R` (default 40), `--udp-samples S`
//! (default 5,000), `--fsync-samples F` (default 500), `--no-bare`. Built
//! as a test (without cargo bench's `--bench` flag) it does nothing.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail, ensure};

use minuta_shared::ids::TeamId;
use minuta_shared::play::games::{
    GameDisplayView, GameError, GamePatch, GameReceipt, GameSettings, GameStaffView, GameTeamView,
    PlayError,
};
use minuta_shared::play::neptune::rules::Bid;
use minuta_shared::play::neptune::{
    AuctionBoard, BidRefusal, CardKey, NeptuneCommand as C, NeptunePlayError, NeptuneReceipt,
};
use minuta_shared::seed::Rng;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt, ServerMsg};
use minuta_shared::wire::view::View;
use minuta_tests::auction;
use minuta_tests::bare::{self, BareServer, fanout_rounds};
use minuta_tests::bench::{
    Floors, Mode, at_least, finish, floor_ratio, fsync_baseline, parse, raise_to, udp_baseline,
};
use minuta_tests::brain_ring::{Stamped, StampedTerminal};
use minuta_tests::hall::{register_teams, set_up_tournament, team_codes, team_name, test_timing};
use minuta_tests::stats::{percentile, sorted, summary};
use minuta_tests::terminal::Terminal;
use minuta_tests::{TestServer, progress};

/// Нептун's auction: captains bid at once.
#[derive(clap::Parser)]
#[command(name = "bid")]
struct Args {
    /// Captains bidding at once (at least 2: a bidding needs two).
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = at_least::<2>)]
    captains: usize,
    /// Rounds of bids.
    #[arg(long, value_name = "R", default_value_t = 40, value_parser = raise_to::<1>)]
    rounds: usize,
    #[command(flatten)]
    floors: Floors,
    #[command(flatten)]
    mode: Mode,
    /// No bare quinn fan-out run (no transport floor, no `ratio_bare_p99`).
    #[arg(long)]
    no_bare: bool,
    /// Serve as the bare quinn fan-out server (the bench starts itself so):
    /// prints its address and serves until killed.
    #[arg(long, hide = true, num_args = 5,
          value_names = ["ADDR", "CERT_DIR", "DATA_DIR", "ACK_BYTES", "FAN_BYTES"])]
    bare_fanout_server: Option<Vec<String>>,
}

fn main() -> ExitCode {
    let args: Args = parse();
    if let Some(serve) = &args.bare_fanout_server {
        return bare::serve_fanout(serve);
    }
    // `cargo test --benches` runs bench targets without `--bench`: do nothing.
    if args.mode.idle("bid") {
        return ExitCode::SUCCESS;
    }
    // The terminals share one thread, as in `press`.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build();
    finish("bid", runtime, run(args))
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// `ServerMsg`'s variants as their index on the wire.
const PONG: u32 = 0;
const ACK: u32 = 1;
const PATCH: u32 = 3;

/// The frames' weights the bare run sends: a captain's bid, its
/// acknowledgement, and the mean patch the captains read.
struct Sizes {
    up: usize,
    ack: usize,
    patch: usize,
}

impl Sizes {
    fn of_bid(game: minuta_shared::ids::GameId, (bytes, patches): (usize, usize)) -> Result<Sizes> {
        use minuta_shared::wire::client::ClientMsg;
        use minuta_shared::wire::codec::encode_frame;
        use minuta_shared::wire::envelope::Envelope;
        let bid = C::Bid {
            team: None,
            bid: Bid::Amount(1_000),
        };
        let up = encode_frame(&Envelope::new(
            1_000,
            ClientMsg::Command {
                request: 1_000,
                command: Command::game(game, bid),
            },
        ))?;
        let ack = encode_frame(&Envelope::new(
            1_000,
            ServerMsg::Ack {
                request: 1_000,
                result: Ok(Receipt::Game {
                    game,
                    receipt: GameReceipt::Neptune(NeptuneReceipt::Bid {
                        place: 100,
                        at: ServerTime(1_800_000_000_000_000),
                    }),
                }),
            },
        ))?;
        ensure!(patches > 0, "the captains read no patch");
        Ok(Sizes {
            up: up.len(),
            ack: ack.len(),
            patch: bytes / patches + 4,
        })
    }
}

/// Reads `terminal`'s frames, keeping them, until one of variant `kind`
/// for which `matches` holds (decoded: an ack or a pong is small).
async fn read_until(
    terminal: &mut StampedTerminal,
    kept: &mut Vec<Stamped>,
    kind: u32,
    matches: impl Fn(&ServerMsg) -> bool,
) -> Result<ServerMsg> {
    loop {
        let frame = terminal.next_frame().await?;
        if minuta_shared::wire::codec::peek_variant(&frame.payload) == Some(kind) {
            let msg = frame.decode()?;
            if matches(&msg) {
                return Ok(msg);
            }
        }
        kept.push(frame);
    }
}

/// Every terminal's frames up to its pong: everything the server sent it
/// before the ping arrived.
async fn barrier(terminals: &mut [&mut StampedTerminal], kept: &mut [Vec<Stamped>]) -> Result<()> {
    let mut tokens = Vec::with_capacity(terminals.len());
    for t in terminals.iter_mut() {
        tokens.push(t.send_ping().await?);
    }
    for ((t, token), kept) in terminals.iter_mut().zip(tokens).zip(kept.iter_mut()) {
        read_until(
            t,
            kept,
            PONG,
            |m| matches!(m, ServerMsg::Pong { client_time_us, .. } if *client_time_us == token),
        )
        .await?;
    }
    Ok(())
}

/// The auction board a view shows, if any.
/// The auction desk a message shows: a whole view's, or a bid's patch
/// (issue 42: sent the moment the bid is durable, instead of whole views).
fn auction_in(msg: &ServerMsg) -> Option<&AuctionBoard> {
    match msg {
        ServerMsg::View(view) => auction_of(view),
        ServerMsg::Patch { patch, .. } => match patch.as_ref() {
            GamePatch::Neptune(board) => Some(board),
            _ => None,
        },
        _ => None,
    }
}

fn auction_of(view: &View) -> Option<&AuctionBoard> {
    match view {
        View::Team(t) => t.games.iter().find_map(|g| match &g.view {
            GameTeamView::Neptune(v) => v.board.auction.as_ref(),
            _ => None,
        }),
        View::Display(d) => d.games.iter().find_map(|g| match &g.view {
            GameDisplayView::Neptune(b) => b.auction.as_ref(),
            _ => None,
        }),
        View::Host(h) => h.games.iter().find_map(|g| match &g.view {
            GameStaffView::Neptune(v) => v.board.auction.as_ref(),
            _ => None,
        }),
        View::Jury(_) => None,
    }
}

/// When a terminal first read a view whose count runs from `at` or later.
fn first_seen(frames: &[(Instant, Option<ServerTime>)], at: ServerTime) -> Option<Instant> {
    frames
        .iter()
        .find(|(_, from)| from.is_some_and(|f| f >= at))
        .map(|(t, _)| *t)
}

/// The views among `frames`, decoded: when each arrived and where its
/// count runs from.
fn counts(frames: &[Stamped]) -> Result<Vec<(Instant, Option<ServerTime>)>> {
    let mut out = Vec::new();
    for frame in frames {
        if let Some(board) = auction_in(&frame.decode()?) {
            out.push((frame.at, board.count_from));
        }
    }
    Ok(out)
}

/// The server's core in this process, without any network: what one round
/// costs it — deciding every captain's bid, then building and encoding
/// every terminal's view once (as the driver does after the commit), the
/// rounds in the same seeded orders as the hall's. Returns the µs of
/// each, per round.
fn core_cost(n: usize, rounds: usize) -> Result<(Vec<f64>, Vec<f64>)> {
    use minuta_server::core::{Core, ServerInfo};
    use minuta_shared::identity::Identity;
    let mut now = ServerTime(1_800_000_000_000_000);
    let mut core = Core::new(ServerInfo::default());
    core.initialise("h".into(), "d".into(), "j".into(), now);
    // Secrets are never asked for here: one will do.
    let run = |core: &mut Core, who: Identity, command: Command, now: ServerTime| {
        core.handle_command(who, command, now, &mut || "s".to_owned())
    };
    let mut teams = Vec::new();
    for i in 1..=n {
        let team = Command::RegisterTeam {
            name: team_name(i),
            town: "Город".into(),
            players: (1..=4).map(|p| format!("Игрок {i}.{p}")).collect(),
            rating_id: None,
        };
        match run(&mut core, Identity::Host, team, now) {
            Ok((Receipt::TeamRegistered { team }, _)) => teams.push(team),
            other => bail!("registering: {other:?}"),
        }
    }
    let added = Command::AddGame {
        name: "Нептун".into(),
        settings: GameSettings::Neptune(auction::settings()),
    };
    let Ok((Receipt::GameAdded { game }, _)) = run(&mut core, Identity::Host, added, now) else {
        bail!("no game added");
    };
    let host = |core: &mut Core, c: C, at: ServerTime| {
        run(core, Identity::Host, Command::game(game, c), at)
            .map(|_| ())
            .map_err(|e| anyhow!("{e}"))
    };
    host(
        &mut core,
        C::Register {
            teams: teams.clone(),
        },
        now,
    )?;
    let later = |t: ServerTime, ms: u64| t.plus(Duration::from_millis(ms));
    for contest in 0..5 {
        host(&mut core, C::StartContest, now)?;
        if contest == 4 {
            now = later(now, 200);
        }
        let rating = (contest == 0).then_some(10);
        host(&mut core, C::Announce { rating }, now)?;
        for _ in 0..if contest == 2 { 4 } else { 1 } {
            host(&mut core, C::StartMinute, now)?;
            now = later(now, 60);
        }
        if contest == 0 {
            for &team in &teams {
                let card = C::Answer {
                    answers: vec!["ответ".into()],
                    slice: None,
                };
                run(
                    &mut core,
                    Identity::Team(team),
                    Command::game(game, card),
                    now,
                )
                .map_err(|e| anyhow!("{e}"))?;
            }
        }
        now = later(now, 250);
        if contest == 0 {
            let cards = teams.iter().map(|t| CardKey::team(*t)).collect();
            let judge = C::Judge {
                cards,
                part: 0,
                correct: true,
            };
            host(&mut core, judge, now)?;
        }
        host(&mut core, C::Reveal, now)?;
    }
    host(&mut core, C::StartContest, now)?;
    host(&mut core, C::OpenBidding, now)?;
    let audiences: Vec<Identity> = teams
        .iter()
        .map(|t| Identity::Team(*t))
        .chain([Identity::Display, Identity::Host])
        .collect();
    let (mut decide, mut views) = (Vec::new(), Vec::new());
    let mut standing = 30;
    // The rounds of the hall's bench: the same seeded orders.
    let mut rng = Rng::new(2026);
    for round in 0..rounds {
        now = later(now, 100);
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        let started = Instant::now();
        for &i in &order {
            let bid = C::Bid {
                team: None,
                bid: Bid::Amount(standing + 10 * (i as u32 + 1)),
            };
            // Refusals are part of the round: every captain bids.
            let who = Identity::Team(teams[i]);
            let _ = run(&mut core, who, Command::game(game, bid), now);
        }
        decide.push(us(started.elapsed()));
        standing += 10 * n as u32;
        let started = Instant::now();
        let _ = core.take_dirty();
        let mut bytes = 0;
        for who in &audiences {
            let view = ServerMsg::View(Box::new(core.view_for(*who, now)));
            bytes += minuta_shared::wire::codec::encode(&view)?.len();
        }
        views.push(us(started.elapsed()));
        ensure!(bytes > 0 || round > 0, "no views");
    }
    Ok((sorted(decide), sorted(views)))
}

/// `at` (an instant of this process) in server time, by `clock`.
fn server_time_of(clock: &minuta_server::clock::ServerClock, at: Instant) -> ServerTime {
    let now = clock.now();
    let ago = Instant::now().saturating_duration_since(at);
    ServerTime(now.0.saturating_sub(ago.as_micros() as u64))
}

/// An accepted bid: who, how much, when written, its receipt.
#[derive(Clone, Copy, Debug)]
struct Accepted {
    team: TeamId,
    amount: u32,
    written: Instant,
    place: u32,
    at: ServerTime,
}

async fn run(args: Args) -> Result<String> {
    let start = Instant::now();
    let n = args.captains;
    let udp = udp_baseline(args.floors.udp_samples, Duration::ZERO).await?;
    progress!(start, "{}", summary("raw UDP round trip, 32 bytes", &udp));
    let (decide, views) = core_cost(n, args.rounds)?;
    progress!(
        start,
        "{}",
        summary(&format!("the core deciding a round of {n} bids"), &decide)
    );
    progress!(
        start,
        "{}",
        summary(
            &format!("the core building and encoding {} views after it", n + 2),
            &views
        )
    );

    let dir = tempfile::Builder::new().prefix("minuta-bid-").tempdir()?;
    // The store's own file system: the directory the server is given.
    let fsync = fsync_baseline(&dir.path().join("data"), args.floors.fsync_samples)?;
    progress!(
        start,
        "{}",
        summary("fsync of a 4 KiB append, the store's file system", &fsync)
    );
    let binary = minuta_tests::server::server_binary()?;
    let server = TestServer::child_process_of(&binary, dir)?;
    let mut h = Terminal::connect(&server.host_code).await?;
    set_up_tournament(&mut h, "Аукцион", test_timing()).await?;
    let names: Vec<String> = (1..=n).map(team_name).collect();
    let teams = register_teams(&mut h, &names).await?;
    let codes = team_codes(&mut h, &teams).await?;
    let game = auction::add_game(&mut h, &teams, auction::settings()).await?;
    let mut captains = Vec::with_capacity(n);
    for code in &codes {
        captains.push(StampedTerminal::connect(code).await?);
    }
    let mut display = StampedTerminal::connect(&server.display_code).await?;
    let mut staff = StampedTerminal::connect(&server.host_code).await?;
    auction::negative_minute(&mut h, game, 10).await?;
    for captain in captains.iter_mut() {
        captain.ok(auction::negative_card(game)).await?;
    }
    auction::rest_to_the_bidding(&mut h, game, &teams).await?;
    // The set-up's host terminal would decode every big view meanwhile.
    h.skip_views(true);
    progress!(
        start,
        "{n} captains, the projector and the host joined; the auction's bidding is open"
    );

    let mut rng = Rng::new(2026);
    let mut standing: u32 = 30;
    let mut leader: Option<TeamId> = None;
    let mut accepted: Vec<Accepted> = Vec::new();
    let (mut seen, mut projector, mut host_seen) = (Vec::new(), Vec::new(), Vec::new());
    let mut broken: Vec<String> = Vec::new();
    let clock = minuta_server::clock::ServerClock::start();
    let (mut up, mut back) = (Vec::new(), Vec::new());
    let mut refused = 0usize;
    let mut last_board: Option<AuctionBoard> = None;
    // What the frames weigh, for the bare run to send the same.
    let mut patch_bytes = (0usize, 0usize);
    let cpu_before = server.cpu_seconds();
    for round in 0..args.rounds {
        // A quiet spell, so the projector's and the host's view of this
        // round is not held back by the last round's (50 ms pacing).
        tokio::time::sleep(Duration::from_millis(70)).await;
        let mut all: Vec<&mut StampedTerminal> = captains.iter_mut().collect();
        all.push(&mut display);
        all.push(&mut staff);
        let mut dropped: Vec<Vec<Stamped>> = (0..all.len()).map(|_| Vec::new()).collect();
        barrier(&mut all, &mut dropped).await?;
        drop(all);
        // Every captain bids at once, in this round's order.
        let mut order: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut order);
        let mut written = vec![(0u64, Instant::now()); n];
        for &i in &order {
            let amount = standing + 10 * (i as u32 + 1);
            let bid = C::Bid {
                team: None,
                bid: Bid::Amount(amount),
            };
            written[i] = captains[i].send_command(Command::game(game, bid)).await?;
        }
        // The acknowledgements, keeping every other frame.
        let mut kept: Vec<Vec<Stamped>> = (0..n + 2).map(|_| Vec::new()).collect();
        let mut round_accepted = Vec::new();
        let mut standings_named = Vec::new();
        for i in 0..n {
            let request = written[i].0;
            let ack = read_until(
                &mut captains[i],
                &mut kept[i],
                ACK,
                |m| matches!(m, ServerMsg::Ack { request: r, .. } if *r == request),
            )
            .await?;
            let ServerMsg::Ack { result, .. } = ack else {
                bail!("not an ack");
            };
            let amount = standing + 10 * (i as u32 + 1);
            match result {
                Ok(Receipt::Game {
                    receipt: GameReceipt::Neptune(NeptuneReceipt::Bid { place, at }),
                    ..
                }) => round_accepted.push(Accepted {
                    team: teams[i],
                    amount,
                    written: written[i].1,
                    place,
                    at,
                }),
                Err(CommandError::Play(PlayError::Game(GameError::Neptune(
                    NeptunePlayError::Bid(why),
                )))) => {
                    refused += 1;
                    match why {
                        // The standing bid it did not raise was accepted
                        // before it, in this round or the last.
                        BidRefusal::RaiseTooSmall { bid, previous } => {
                            ensure!(bid == amount && bid <= previous, "{why:?}");
                            standings_named.push(previous);
                        }
                        BidRefusal::AlreadyLeading => {}
                        other => bail!("round {round}: captain {i} refused: {other}"),
                    }
                }
                other => bail!("round {round}: captain {i}: {other:?}"),
            }
        }
        // Then every terminal's views up to now: the projector's and the
        // host's too, which may be held back up to 50 ms (their stamps say
        // when they came; waiting here delays no stamp).
        tokio::time::sleep(Duration::from_millis(60)).await;
        let mut all: Vec<&mut StampedTerminal> = captains.iter_mut().collect();
        all.push(&mut display);
        all.push(&mut staff);
        barrier(&mut all, &mut kept).await?;
        drop(all);
        round_accepted.sort_by_key(|b| b.place);
        // 6.3 as Minuta reads it: the arrival order decides.
        let mut previous = (standing, ServerTime::ZERO);
        for b in &round_accepted {
            if b.amount <= previous.0 || b.at < previous.1 {
                broken.push(format!("round {round}: place {} out of order", b.place));
            }
            previous = (b.amount, b.at);
        }
        let standings: Vec<u32> = std::iter::once(standing)
            .chain(round_accepted.iter().map(|b| b.amount))
            .collect();
        if let Some(p) = standings_named.iter().find(|p| !standings.contains(p)) {
            broken.push(format!(
                "round {round}: a refusal named {p}, never standing"
            ));
        }
        if round_accepted
            .first()
            .is_some_and(|b| Some(b.team) == leader)
        {
            broken.push(format!("round {round}: the leader raised its own bid"));
        }
        let views: Vec<Vec<(Instant, Option<ServerTime>)>> =
            kept.iter().map(|k| counts(k)).collect::<Result<_>>()?;
        for frame in kept.iter().take(n).flatten() {
            if minuta_shared::wire::codec::peek_variant(&frame.payload) == Some(PATCH) {
                patch_bytes = (patch_bytes.0 + frame.payload.len(), patch_bytes.1 + 1);
            }
        }
        // The host's board as the round left it.
        if let Some(board) = kept[n + 1].iter().rev().find_map(|f| match f.decode() {
            Ok(msg) => auction_in(&msg).cloned(),
            Err(_) => None,
        }) {
            last_board = Some(board);
        }
        for b in &round_accepted {
            let mut last = b.written;
            for (t, frames) in views.iter().enumerate().take(n) {
                let when = first_seen(frames, b.at).ok_or_else(|| {
                    anyhow!("round {round}: captain {t} never saw bid {}", b.place)
                })?;
                last = last.max(when);
            }
            seen.push(us(last - b.written));
            // The way up and the way back, by this process's reading of
            // the server's clock (built alike: wall clock at start plus
            // monotonic time, so the two agree to microseconds).
            let stamped = server_time_of(&clock, b.written);
            up.push(us(b.at.since(stamped)));
            back.push(us(server_time_of(&clock, last).since(b.at)));
            for (list, frames) in [(&mut projector, &views[n]), (&mut host_seen, &views[n + 1])] {
                let when = first_seen(frames, b.at).ok_or_else(|| {
                    anyhow!("round {round}: a paced screen never saw bid {}", b.place)
                })?;
                list.push(us(when - b.written));
            }
        }
        if let Some(last) = round_accepted.last() {
            standing = last.amount;
            leader = Some(last.team);
        }
        accepted.extend(round_accepted);
        if (round + 1) % 10 == 0 {
            progress!(
                start,
                "round {}: {} bids accepted so far, {refused} refused; standing {standing}",
                round + 1,
                accepted.len()
            );
        }
    }

    let server_cpu_s = cpu_before.zip(server.cpu_seconds()).map(|(a, b)| b - a);
    // The host's board lists this run's bids in the order accepted (its
    // last view, once the 50 ms pacing has let it go).
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut kept = vec![Vec::new()];
    barrier(&mut [&mut staff], &mut kept).await?;
    if let Some(board) = kept[0].iter().rev().find_map(|f| match f.decode() {
        Ok(msg) => auction_in(&msg).cloned(),
        Err(_) => None,
    }) {
        last_board = Some(board);
    }
    let last_board = last_board.ok_or_else(|| anyhow!("no auction board on the host's screen"))?;
    let logged: Vec<(TeamId, Bid, ServerTime)> = last_board
        .bids
        .iter()
        .map(|b| (b.team, b.bid, b.at))
        .collect();
    let mut by_time = accepted.clone();
    by_time.sort_by_key(|b| (b.at, b.place));
    let expected: Vec<(TeamId, Bid, ServerTime)> = by_time
        .iter()
        .map(|b| (b.team, Bid::Amount(b.amount), b.at))
        .collect();
    if logged != expected {
        broken.push(format!(
            "the host's board lists {} bids, not the {} accepted in their order",
            logged.len(),
            expected.len()
        ));
    }
    let order_kept = broken.is_empty();
    for why in broken.iter().take(5) {
        progress!(start, "arrival order broken: {why}");
    }

    let seen = sorted(seen);
    let projector = sorted(projector);
    let host_seen = sorted(host_seen);
    progress!(
        start,
        "{} rounds: {} bids accepted, {refused} refused (too small or already leading)",
        args.rounds,
        accepted.len()
    );
    progress!(
        start,
        "{}",
        summary(
            &format!("bid → count restarted on all {n} captains' terminals"),
            &seen
        )
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
            "  and the way back: stamp → the last captain's view (commit, views built and sent)",
            &sorted(back)
        )
    );
    progress!(
        start,
        "{}",
        summary(
            "bid → count restarted on the projector (paced views)",
            &projector
        )
    );
    progress!(
        start,
        "{}",
        summary(
            "bid → count restarted on the host's screen (paced views)",
            &host_seen
        )
    );
    progress!(
        start,
        "arrival order kept: {order_kept} (places follow server times, amounts rise, the board's log in that order)"
    );
    let udp_p99 = percentile(&udp, 0.99);
    let (s50, s99) = (percentile(&seen, 0.5), percentile(&seen, 0.99));
    let ratio = (s99 / udp_p99 * 100.0).round() / 100.0;
    let fsync_p99 = percentile(&fsync, 0.99);
    let floor = floor_ratio(s99, fsync_p99, udp_p99);
    progress!(
        start,
        "floor: fsync p99 {:.1} µs + UDP round trip p99 {:.1} µs; restart seen p99 is {floor}× it (target ≤ 3)",
        fsync_p99,
        udp_p99
    );
    let per_round = |cpu: Option<f64>| cpu.map_or(f64::NAN, |s| s * 1e3 / args.rounds as f64);
    progress!(
        start,
        "minuta-server's CPU over the rounds: {:.2} ms a round",
        per_round(server_cpu_s)
    );

    // The transport's floor: the same rounds against a bare quinn server
    // that does only what a bid's restarted count needs.
    let (bare50, bare99) = if args.no_bare {
        (f64::NAN, f64::NAN)
    } else {
        drop((captains, display, staff, h));
        let sizes = Sizes::of_bid(game, patch_bytes)?;
        let data = server.data_dir().join("bare");
        let bare = BareServer::start(
            "--bare-fanout-server",
            &[
                server.cert_dir().as_os_str(),
                data.as_os_str(),
                sizes.ack.to_string().as_ref(),
                sizes.patch.to_string().as_ref(),
            ],
        )
        .await?;
        progress!(
            start,
            "bare quinn fan-out (pid {}): frames of {} bytes up, {} back, {} to every captain (this run's mean patch)",
            bare.pid(),
            sizes.up,
            sizes.ack,
            sizes.patch
        );
        let fanout = fanout_rounds(&bare, server.fingerprint, n, args.rounds, sizes.up).await?;
        progress!(
            start,
            "{}",
            summary(
                &format!(
                    "bare quinn: write → its fan-out read on all {n} connections (every message)"
                ),
                &fanout.seen_us
            )
        );
        progress!(
            start,
            "the bare server's CPU over the rounds: {:.2} ms a round",
            per_round(fanout.server_cpu_s)
        );
        (
            percentile(&fanout.seen_us, 0.5),
            percentile(&fanout.seen_us, 0.99),
        )
    };
    let ratio_bare = (s99 / bare99 * 100.0).round() / 100.0;
    progress!(
        start,
        "minuta against bare quinn: restart seen p99 {s99:.0} / {bare99:.0} µs = {ratio_bare}×"
    );
    let number = |x: f64| serde_json::Value::from(round1(x));
    Ok(format!(
        "{{\"bench\":\"bid\",\"captains\":{n},\"udp_rtt_p99_us\":{},\"restart_seen_p50_us\":{},\"restart_seen_p99_us\":{},\"p99_ratio\":{ratio},\"fsync_p99_us\":{},\"floor_ratio\":{floor},\"arrival_order_kept\":{order_kept},\"server_cpu_ms_per_round\":{},\"bare_quinn_seen_p50_us\":{},\"bare_quinn_seen_p99_us\":{},\"ratio_bare_p99\":{}}}",
        round1(udp_p99),
        round1(s50),
        round1(s99),
        round1(fsync_p99),
        number(per_round(server_cpu_s)),
        number(bare50),
        number(bare99),
        number(ratio_bare),
    ))
}
