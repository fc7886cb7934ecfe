//! A bounded, structured fuzz of decode and dispatch (issue 14, «Prove», hostile clients), for `cargo test`: arbitrary bytes and structured-but-wrong envelopes (another version, a flipped byte, a cut, a huge length claimed inside, a variant index out of range) through the one codec with its size limit — never a panic, always a typed error, and whatever decodes encodes back to itself; and generated commands of every kind (and commands decoded from random bytes) from every identity, a forged team and an unknown judge among them, through `Core::handle_command` and the press path's `Core::handle_press` on a core in mid-game — never a panic, a refused command leaves every view as it was, and the events of the accepted ones replay, checked as a store's are, to the same state. Counts are printed; the seed is fixed so CI is repeatable (`MINUTA_FUZZ_SEED=N` picks another, `MINUTA_FUZZ_CASES=N` scales the runs).

use std::cell::Cell;
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

use minuta_server::core::{Core, Event, ServerInfo};
use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, JudgeId, Slice, TeamId};
use minuta_shared::play::examples;
use minuta_shared::play::games::Format;
use minuta_shared::play::settings::{ChgkTiming, TournamentSettings};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::{ClientMsg, Command};
use minuta_shared::wire::codec::{
    self, CodecError, MAX_FRAME_BYTES, MAX_HELLO_FRAME_BYTES, MAX_TERMINAL_FRAME_BYTES,
};
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::handshake::{Hello, HelloReply};
use minuta_shared::wire::server::{CommandError, Receipt, ServerMsg};
use minuta_tests::commands::{Params, command, event_games, kinds, senders};

/// A run's number of cases, scaled by `MINUTA_FUZZ_CASES` (the default
/// keeps each run to a second or two of a debug build on two cores).
fn cases(default: u32) -> u32 {
    std::env::var("MINUTA_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// A runner with a fixed seed (or `MINUTA_FUZZ_SEED`), no failure files,
/// and shrinking bounded so a failure is reported quickly.
fn runner(cases: u32) -> TestRunner {
    let seed = std::env::var("MINUTA_FUZZ_SEED")
        .ok()
        .and_then(|n| n.parse::<u64>().ok())
        .unwrap_or(2026);
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 2_000,
        ..Config::default()
    };
    TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
}

/// Runs `test` over `strategy`; a failure (a panic included) fails the
/// test with the smallest input proptest found.
fn run<S: Strategy>(cases: u32, strategy: S, test: impl Fn(S::Value) -> Result<(), TestCaseError>) {
    let result = runner(cases).run(&strategy, test);
    if let Err(failure) = result {
        panic!("{failure}");
    }
}

/// A codec refusal is one of its typed errors for bad input (never the
/// encoder's).
fn typed_refusal(error: &CodecError) -> bool {
    matches!(
        error,
        CodecError::Malformed(_) | CodecError::Trailing(_) | CodecError::Oversized { .. }
    )
}

/// Decodes `payload` as `T`; whatever decodes must survive encoding and
/// decoding again unchanged (nothing half-read or reinterpreted).
fn decode_as<T>(payload: &[u8]) -> Result<bool, TestCaseError>
where
    T: serde::de::DeserializeOwned + serde::Serialize + PartialEq + std::fmt::Debug,
{
    match codec::decode::<T>(payload) {
        Ok(value) => {
            let again = codec::encode(&value).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let back =
                codec::decode::<T>(&again).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(back, value, "decoded, but does not survive a round trip");
            Ok(true)
        }
        Err(error) => {
            prop_assert!(typed_refusal(&error), "{:?}", error);
            Ok(false)
        }
    }
}

/// Everything a peer's frame goes through before any rule sees it: the
/// length check at each limit, the version and variant peeks, and decoding
/// as each message either side reads. Returns whether it decoded as a
/// client's message.
fn through_the_codec(payload: &[u8]) -> Result<bool, TestCaseError> {
    for limit in [
        MAX_HELLO_FRAME_BYTES,
        MAX_TERMINAL_FRAME_BYTES,
        MAX_FRAME_BYTES,
    ] {
        let mut prefix = [0u8; 4];
        let n = payload.len().min(4);
        prefix[..n].copy_from_slice(&payload[..n]);
        if let Ok(len) = codec::check_frame_len(prefix, limit) {
            prop_assert!(len <= limit);
        }
    }
    let _ = codec::peek_version(payload);
    let _ = codec::peek_variant(payload);
    decode_as::<Envelope<Hello>>(payload)?;
    decode_as::<Envelope<HelloReply>>(payload)?;
    decode_as::<Envelope<ServerMsg>>(payload)?;
    decode_as::<Envelope<ClientMsg>>(payload)
}

#[test]
fn fuzz_arbitrary_bytes_never_panic_the_codec_and_are_refused_with_a_typed_error() {
    let (count, decoded) = (Cell::new(0u32), Cell::new(0u32));
    let started = Instant::now();

    run(
        cases(30_000),
        prop::collection::vec(any::<u8>(), 0..300),
        |bytes| {
            count.set(count.get() + 1);
            if through_the_codec(&bytes)? {
                decoded.set(decoded.get() + 1);
            }
            Ok(())
        },
    );

    eprintln!(
        "fuzz: {} arbitrary byte strings through the codec in {:.1} s ({} decoded as a client message), 0 panics",
        count.get(),
        started.elapsed().as_secs_f64(),
        decoded.get()
    );
}

/// A small text: empty, a word, Cyrillic, a control character, or longer
/// than any limit the rules set.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("x".to_owned()),
        Just("Пушкин".to_owned()),
        Just("  \u{0}\t".to_owned()),
        Just("ж".repeat(5_000)),
        "\\PC{0,12}",
    ]
}

fn params() -> impl Strategy<Value = Params> {
    (0u32..5, 0u32..5, any::<bool>(), text(), any::<u64>()).prop_map(|(a, b, flag, text, big)| {
        Params {
            a,
            b,
            flag,
            text,
            big,
        }
    })
}

/// The games of [`mid_game`] (`games`): each format's own game, or (now
/// and then) a game of another format or none at all.
fn game_of(games: &[(Format, GameId)], wrong: Option<u32>) -> impl Fn(Format) -> GameId {
    let games = games.to_vec();
    move |format| match wrong {
        Some(id) => GameId(id),
        None => games
            .iter()
            .find(|(f, _)| *f == format)
            .map_or(GameId(u32::MAX), |(_, game)| *game),
    }
}

/// A command of any kind, mostly for the game of its format in `games`.
fn any_command(games: &[(Format, GameId)]) -> impl Strategy<Value = Command> + use<> {
    let games = games.to_vec();
    let wrong_game = prop_oneof![4 => Just(None), 1 => (0u32..5).prop_map(Some)];
    (0..kinds(), params(), wrong_game)
        .prop_map(move |(kind, p, wrong)| command(kind, &p, game_of(&games, wrong)))
}

/// How a valid frame is spoilt.
#[derive(Clone, Debug)]
enum Spoil {
    /// The envelope says another protocol version.
    Version(u16),
    /// One byte changed.
    Flip { at: usize, xor: u8 },
    /// Cut short.
    Cut { at: usize },
    /// A huge length (a varint `0xFD` + u64) put in, as a collection's or
    /// string's length would be.
    HugeLength { at: usize, len: u64 },
    /// A variant index written where the body's begins.
    Variant(u8),
    /// Bytes added at the end.
    Trailing(Vec<u8>),
}

fn spoil() -> impl Strategy<Value = Spoil> {
    prop_oneof![
        any::<u16>().prop_map(Spoil::Version),
        (any::<usize>(), 1u8..=255).prop_map(|(at, xor)| Spoil::Flip { at, xor }),
        any::<usize>().prop_map(|at| Spoil::Cut { at }),
        (any::<usize>(), (1u64 << 20)..u64::MAX)
            .prop_map(|(at, len)| Spoil::HugeLength { at, len }),
        (3u8..=255).prop_map(Spoil::Variant),
        prop::collection::vec(any::<u8>(), 1..8).prop_map(Spoil::Trailing),
    ]
}

fn spoilt(mut payload: Vec<u8>, spoil: &Spoil) -> Vec<u8> {
    let len = payload.len().max(1);
    match spoil {
        Spoil::Version(v) => {
            let rest = payload.split_off(1.min(payload.len()));
            let mut out = codec::encode(v).unwrap_or_default();
            out.extend(rest);
            out
        }
        Spoil::Flip { at, xor } => {
            if let Some(b) = payload.get_mut(at % len) {
                *b ^= xor;
            }
            payload
        }
        Spoil::Cut { at } => {
            payload.truncate(at % len);
            payload
        }
        Spoil::HugeLength { at, len: claim } => {
            let at = at % len;
            let mut huge = vec![0xFD];
            huge.extend_from_slice(&claim.to_le_bytes());
            payload.splice(at.min(payload.len())..at.min(payload.len()), huge);
            payload
        }
        Spoil::Variant(index) => {
            // version (1 byte for 6), seq 0, then ClientMsg's variant.
            if let Some(b) = payload.get_mut(2) {
                *b = *index;
            }
            payload
        }
        Spoil::Trailing(extra) => {
            payload.extend_from_slice(extra);
            payload
        }
    }
}

#[test]
fn fuzz_spoilt_envelopes_of_every_command_never_panic_the_codec() {
    let (count, decoded) = (Cell::new(0u32), Cell::new(0u32));
    let started = Instant::now();
    let (games, _, _) = mid_game();

    run(
        cases(15_000),
        (any_command(&games), any::<u64>(), spoil()),
        |(command, request, spoil)| {
            let envelope = Envelope::new(0, ClientMsg::Command { request, command });
            let payload =
                codec::encode(&envelope).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let bad = spoilt(payload, &spoil);
            count.set(count.get() + 1);
            if through_the_codec(&bad)? {
                decoded.set(decoded.get() + 1);
            }
            // A huge claim is refused by the size limit, never allocated.
            if let Spoil::HugeLength { len, .. } = spoil
                && len > MAX_FRAME_BYTES as u64 * 4
            {
                prop_assert!(codec::decode::<Envelope<ClientMsg>>(&bad).is_err());
            }
            Ok(())
        },
    );

    eprintln!(
        "fuzz: {} spoilt envelopes (version, flipped byte, cut, huge length, variant index, trailing bytes) in {:.1} s ({} still decoded, and survive a round trip), 0 panics",
        count.get(),
        started.elapsed().as_secs_f64(),
        decoded.get()
    );
}

// ---- dispatch

const T0: ServerTime = ServerTime(1_700_000_000_000_000);

/// Who may knock: every role; a team the host removed (its link is closed
/// only after the batch that removed it, so a command of its may still
/// arrive); a judge that does not exist and a team id nobody registered (a
/// connection can never be either, as the handshake refuses them; the core
/// must not panic on them all the same); a team's ломтики (Нептун 2.2), one
/// of a team nobody registered.
const IDENTITIES: [Identity; 13] = [
    Identity::Host,
    Identity::Judge(JudgeId(1)),
    Identity::Judge(JudgeId(9)),
    Identity::Team(TeamId(1)),
    Identity::Team(TeamId(2)),
    Identity::Team(TeamId(3)),
    Identity::Team(TeamId(4)),
    Identity::Team(TeamId(99)),
    Identity::Display,
    Identity::Jury,
    Identity::Slice(TeamId(1), Slice::Top),
    Identity::Slice(TeamId(2), Slice::Bottom),
    Identity::Slice(TeamId(99), Slice::Top),
];

/// A core in mid-game, its games by format and the events that made it:
/// three teams (a fourth removed) and a judge, two-second ChGK minutes,
/// and a game of every registered format (the event's own, or added)
/// brought to mid-play as its format's examples say.
fn mid_game() -> (Vec<(Format, GameId)>, Core, Vec<Event>) {
    let mut core = Core::new(ServerInfo::default());
    let mut events = core
        .initialise("хост".into(), "табло".into(), "жюри".into(), T0)
        .unwrap_or_default();
    let mut n = 0;
    let mut secret = move || {
        n += 1;
        format!("секрет-{n}")
    };
    let minute = ChgkTiming {
        minute_ms: 2_000,
        warning_before_end_ms: 1_000,
        grace_ms: 500,
    };
    let mut script: Vec<(Identity, Command)> = vec![(
        Identity::Host,
        Command::SetUpTournament {
            name: "Кубок фаззинга".into(),
            settings: TournamentSettings {
                chgk: minute,
                ..TournamentSettings::default()
            },
        },
    )];
    for name in ["Первая", "Вторая", "Третья", "Четвёртая"] {
        script.push((
            Identity::Host,
            Command::RegisterTeam {
                name: name.into(),
                town: "Город".into(),
                players: (1..=4).map(|p| format!("{name} {p}")).collect(),
                rating_id: None,
            },
        ));
    }
    script.push((Identity::Host, Command::RemoveTeam { team: TeamId(4) }));
    script.push((
        Identity::Host,
        Command::AddJudge {
            name: "Судья".into(),
        },
    ));
    let mut play = |who: Identity, command: Command| {
        let what = format!("{who:?} {command:?}");
        match core.handle_command(who, command, T0, &mut secret) {
            Ok((receipt, new)) => {
                events.extend(new);
                receipt
            }
            Err(e) => panic!("setting up the fuzz's game: {what}: {e}"),
        }
    };
    for (who, command) in script {
        play(who, command);
    }
    let mut games = event_games();
    for &format in Format::ALL {
        let mid = examples::mid_game(format);
        let game = match games.iter().find(|(f, _)| *f == format) {
            Some((_, game)) => *game,
            None => {
                let added = Command::AddGame {
                    name: format.name().into(),
                    settings: mid.settings,
                };
                let Receipt::GameAdded { game } = play(Identity::Host, added) else {
                    panic!("no {format:?} game added");
                };
                games.push((format, game));
                game
            }
        };
        for (who, command) in mid.script {
            play(who, Command::game(game, command));
        }
    }
    (games, core, events)
}

/// One thing that happens to the core.
// Generated, used once and dropped, like the commands it carries.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
enum Step {
    /// A command, `after_ms` after the last step, from `IDENTITIES[who]`,
    /// or (`by_rules`) from the `who`-th identity whose role may send it,
    /// so that most commands get past the role check to the game's rules.
    Send {
        who: usize,
        by_rules: bool,
        command: Command,
        after_ms: u64,
    },
    /// A team presses the button (the press path).
    Press {
        team: u32,
        offset_us: i64,
        after_ms: u64,
    },
}

fn step(games: &[(Format, GameId)]) -> impl Strategy<Value = Step> + use<> {
    // Commands decoded from a spoilt encoding (when it still decodes):
    // shapes the builder would not make, such as ids far out of range.
    let decoded = (any_command(games), spoil()).prop_map(|(command, spoil)| {
        let bytes = codec::encode(&command).unwrap_or_default();
        codec::decode::<Command>(&spoilt(bytes, &spoil)).unwrap_or(command)
    });
    let command = prop_oneof![3 => any_command(games), 1 => decoded];
    prop_oneof![
        8 => (0..IDENTITIES.len(), prop::bool::weighted(0.75), command, 0u64..700).prop_map(
            |(who, by_rules, command, after_ms)| Step::Send { who, by_rules, command, after_ms }
        ),
        1 => (0u32..5, any::<i64>(), 0u64..700).prop_map(|(team, offset_us, after_ms)| Step::Press { team, offset_us, after_ms }),
    ]
}

/// Every view of `core` at `now`, for comparing states.
fn views(core: &Core, now: ServerTime) -> Vec<minuta_shared::wire::view::View> {
    IDENTITIES
        .iter()
        .map(|who| core.view_for(*who, now))
        .collect()
}

#[derive(Default)]
struct Tally {
    cases: Cell<u32>,
    commands: Cell<u32>,
    refused: Cell<u32>,
    forbidden: Cell<u32>,
    accepted: Cell<u32>,
    presses: Cell<u32>,
}

fn add(cell: &Cell<u32>) {
    cell.set(cell.get() + 1);
}

#[test]
fn fuzz_dispatch_of_any_command_from_anyone_never_panics_and_a_refusal_changes_nothing() {
    let tally = Tally::default();
    let started = Instant::now();
    let (games, _, setup) = mid_game();

    run(
        cases(300),
        prop::collection::vec(step(&games), 1..16),
        |steps| {
            add(&tally.cases);
            let (_, mut core, mut events) = mid_game();
            let mut now = T0;
            let mut n = 0;
            let mut secret = || {
                n += 1;
                format!("новый-{n}")
            };
            for step in steps {
                let after_ms = match &step {
                    Step::Send { after_ms, .. } | Step::Press { after_ms, .. } => *after_ms,
                };
                now = now.plus(Duration::from_millis(after_ms));
                events.extend(core.handle_timeout(now));
                let before = views(&core, now);
                let (decided, what) = match step {
                    Step::Send {
                        who,
                        by_rules,
                        command,
                        ..
                    } => {
                        add(&tally.commands);
                        let may: Vec<Identity> = IDENTITIES
                            .into_iter()
                            .filter(|i| !by_rules || senders(&command).contains(&i.role()))
                            .collect();
                        let who = may[who % may.len()];
                        let what = format!("{who:?} {command:?}");
                        (core.handle_command(who, command, now, &mut secret), what)
                    }
                    Step::Press {
                        team, offset_us, ..
                    } => {
                        add(&tally.presses);
                        let what = format!("team {team} presses");
                        (core.handle_press(TeamId(team), now, 300, offset_us), what)
                    }
                };
                match decided {
                    Ok((_, new)) => {
                        add(&tally.accepted);
                        events.extend(new);
                    }
                    Err(error) => {
                        add(&tally.refused);
                        if error == CommandError::Forbidden {
                            add(&tally.forbidden);
                        }
                        prop_assert!(
                            views(&core, now) == before,
                            "refused ({}), but a view changed: {}",
                            error,
                            what
                        );
                    }
                }
            }
            // What was accepted is what a store would hold: it passes the
            // replay check and rebuilds the same state.
            let mut replayed = Core::new(ServerInfo::default());
            if let Err(failure) = replayed.replay_checked(&events) {
                return Err(TestCaseError::fail(format!(
                    "the accepted events would not load from a store: {failure:?}"
                )));
            }
            // Brought to the live core's instant: what the live one decided at
            // it is among the events already.
            let _ = replayed.handle_timeout(now);
            prop_assert!(
                views(&replayed, now) == views(&core, now),
                "the replayed state differs from the live one"
            );
            Ok(())
        },
    );

    eprintln!(
        "fuzz: {} games in mid-play took {} generated commands from {} identities and {} presses in {:.1} s: {} accepted (replayed to the same state), {} refused ({} as forbidden) with every view unchanged, 0 panics ({} setup events each)",
        tally.cases.get(),
        tally.commands.get(),
        IDENTITIES.len(),
        tally.presses.get(),
        started.elapsed().as_secs_f64(),
        tally.accepted.get(),
        tally.refused.get(),
        tally.forbidden.get(),
        setup.len()
    );
}
