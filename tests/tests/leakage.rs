//! Spy terminals (issue 14, «Prove», leakage): the demo plays a whole game of each live format — ChGK, Мультиигры, Brain-ring, Эрудит-квартет, Нептун — with its robot teams, autopilot host and robot appeal jury, in this process on 127.0.0.1, while spies listen: a robot team's own join code, the projector's and the appeal jury's (over QUIC, and the team's and the projector's again over the browser's path: WebSocket, TLS inside). Every frame they receive is kept, stamped on arrival, and checked against what the store holds at the end: no spy ever receives a secret but its own (the host's, the projector's, the jury's, another team's, a judge's); the team never receives another team's card, answer or appeal text, another team's appeal, a Brain-ring press log, or another team's Эрудит-квартет line-up while the window is open; the projector never a card, answer or appeal text, an appeal, a press log or a line-up in its window; and neither receives a question's answer, «зачёт», comment or text, or a Мультиигры task's text, answer or comment, in a frame that arrived before the server stamped the command that reveals (or starts) it — nor ever an Эрудит-квартет question's text, nor its answer or comment before the question closed (by a right answer, every team's wrong one, or the silence: the moment found by replaying the game with its deadlines); nor ever a Нептун question's text, its answer or comment before its reveal (Джокер's before the tour ended), another team's card, Джокер's declarations, results or verdicts before the tour ended, or a «перевёртыш» (1.4).

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail, ensure};
use futures_util::future::join_all;

use minuta_server::core::{Core, Event, ServerInfo};
use minuta_server::demo::{DemoConfig, DemoGame, FinishLine};
use minuta_server::{ServerConfig, store};
use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::examples;
use minuta_shared::play::games::{GameEvent, GameSettings};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::codec;
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::View;
use minuta_tests::sim_net::SimNet;
use minuta_tests::spy::{Frame, Spy};
use minuta_tests::terminal::within_for;

/// The longest a demo may take on a loaded two-core machine.
const DEMO_LIMIT: Duration = Duration::from_secs(150);

/// The longest a demo at the rules' own pace may take in virtual time (a
/// whole evening).
const VIRTUAL_DEMO_LIMIT: Duration = Duration::from_secs(6 * 3600);

/// A frame counts as received before a reveal only if it arrived this much
/// before the server stamped the revealing command (the spy's clock and
/// the server's are built alike in one process; this covers their
/// readings of the wall clock at start).
const MARGIN: Duration = Duration::from_millis(10);

/// What one spy received in one game.
struct Recording {
    game: DemoGame,
    identity: Identity,
    frames: Vec<Frame>,
}

/// Which way the spies listen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    /// Over QUIC, the server on the test's simulated network, on virtual
    /// time: the demo at the rules' own pace costs no wall time.
    Quic,
    /// Over the browser's path (WebSocket, TLS inside) to a server on
    /// 127.0.0.1 on its own thread, on the real clock.
    Web,
}

/// A demo server for `path`, with its join codes.
enum DemoServer {
    Simulated(Box<minuta_server::Running>),
    Threaded(Box<minuta_server::ServerHandle>),
}

/// Plays the demo of `game` to its end with a `minute`, spied on by a
/// robot team (the second registered), the projector and the appeal jury,
/// over `path`; returns what they received and the store's events.
async fn spy_on_demo(
    game: DemoGame,
    minute: Duration,
    path: Path,
) -> Result<(Vec<Recording>, Vec<Event>)> {
    let dir = tempfile::Builder::new()
        .prefix("minuta-leakage-")
        .tempdir()?;
    let finish = FinishLine::new();
    let config = ServerConfig {
        listen: "127.0.0.1:0".parse()?,
        data_dir: dir.path().join("data"),
        cert_dir: dir.path().join("certs"),
        demo: Some(DemoConfig {
            minute,
            game,
            finish_line: Some(finish.clone()),
            ..DemoConfig::default()
        }),
        busy_poll: false,
        net: Default::default(),
        web_port: Some(0),
        web_bundle: None,
    };
    let (server, ready) = match path {
        Path::Quic => {
            let net = SimNet::current_or_default();
            let running = minuta_server::start_simulated(config, net.socket(), net.server_clock())
                .await
                .context("starting the demo")?;
            let ready = running.ready.clone();
            (DemoServer::Simulated(Box::new(running)), ready)
        }
        Path::Web => {
            let handle = tokio::task::spawn_blocking(move || minuta_server::spawn(config))
                .await?
                .context("starting the demo")?;
            let ready = handle.ready.clone();
            (DemoServer::Threaded(Box::new(handle)), ready)
        }
    };
    let team_code = ready
        .team_codes
        .get(1)
        .map(|(_, code)| code.clone())
        .ok_or_else(|| anyhow!("the demo has fewer than two teams"))?;
    let mut spies = Vec::new();
    match path {
        Path::Quic => {
            for code in [&team_code, &ready.display_code, &ready.jury_code] {
                spies.push(Spy::join(&JoinCode::parse(code)?).await?);
            }
        }
        // The team and the projector over the browser's path (issue 24).
        Path::Web => {
            let web = ready
                .web_addr
                .ok_or_else(|| anyhow!("the demo listens for no browser"))?;
            for code in [&team_code, &ready.display_code] {
                spies.push(Spy::join_web(web, &JoinCode::parse(code)?).await?);
            }
        }
    }

    let limit = match path {
        Path::Quic => VIRTUAL_DEMO_LIMIT,
        Path::Web => DEMO_LIMIT,
    };
    within_for(limit, "the demo's end", finish.reached()).await?;

    // Every spy listened to the end.
    for spy in &spies {
        ensure!(
            spy.close_reason().is_none(),
            "{game:?}: the {:?} spy was cut off: {:?}",
            spy.identity,
            spy.close_reason()
        );
    }
    match server {
        DemoServer::Simulated(running) => running.shutdown().await,
        DemoServer::Threaded(handle) => {
            tokio::task::spawn_blocking(move || handle.shutdown()).await?
        }
    }
    let recordings = spies
        .iter()
        .map(|spy| Recording {
            game,
            identity: spy.identity,
            frames: spy.frames(),
        })
        .collect();
    spies.iter().for_each(Spy::leave);
    let events = store::load(&dir.path().join("data")).context("loading the demo's store")?;
    Ok((recordings, events))
}

/// What the store says was secret, and until when.
#[derive(Default)]
struct Truth {
    /// Every secret with the identity it belongs to.
    secrets: Vec<(Identity, String)>,
    /// Every text a team handed in: cards, answers, appeals.
    texts: Vec<(TeamId, String)>,
    /// Package texts and when they are shown: a question's answer, «зачёт»,
    /// comment and text at its reveal; a task's text at its start, its
    /// answer and comment at its reveal (`None`: never in this game).
    hidden: Vec<(String, Option<ServerTime>)>,
    /// Names anyone may see: teams, towns, players, the tournament.
    public: BTreeSet<String>,
    /// Нептун's sheet (1.2): a «перевёртыш» is one of these.
    sheet: Vec<String>,
}

impl Truth {
    fn of(events: &[Event]) -> Result<Truth> {
        let mut core = Core::new(ServerInfo::default());
        core.replay_checked(events)
            .map_err(|f| anyhow!("the demo's store does not replay: {f:?}"))?;
        let registry = core.registry();
        let mut truth = Truth::default();
        truth.secrets.extend([
            (Identity::Host, registry.host_secret.clone()),
            (Identity::Display, registry.display_secret.clone()),
            (Identity::Jury, registry.jury_secret.clone()),
        ]);
        truth.secrets.extend(
            registry
                .teams
                .values()
                .map(|t| (Identity::Team(t.id), t.secret.clone())),
        );
        truth.secrets.extend(
            registry
                .judges
                .values()
                .map(|j| (Identity::Judge(j.id), j.secret.clone())),
        );
        // Each game's events, by the game they were stored for, read by
        // its format's examples.
        let mut games =
            std::collections::BTreeMap::<GameId, (Option<GameSettings>, Vec<GameEvent>)>::new();
        for event in events {
            match event {
                Event::GameAdded { game, settings, .. } => {
                    let (added, _) = games.entry(*game).or_default();
                    added.get_or_insert_with(|| settings.clone());
                }
                Event::Game { game, event } => {
                    games.entry(*game).or_default().1.push(event.clone());
                }
                _ => {}
            }
        }
        let mut titles = Vec::new();
        for (game, (added, played)) in &games {
            // The event's own games are never added: their format's
            // example settings stand in.
            let Some(settings) = added.clone().or_else(|| {
                core.game(*game)
                    .map(|slot| examples::settings(slot.state.format()))
            }) else {
                continue;
            };
            let reveals = examples::reveals(&settings, played);
            truth.texts.extend(reveals.texts);
            truth.hidden.extend(reveals.hidden);
            truth.sheet.extend(reveals.sheet);
            titles.extend(reveals.public);
        }
        // The same words in two places («60.» one question's answer and
        // another's «зачёт») are shown by the earlier reveal.
        let mut earliest = std::collections::BTreeMap::<String, Option<ServerTime>>::new();
        for (text, shown) in std::mem::take(&mut truth.hidden) {
            let entry = earliest.entry(text).or_insert(shown);
            *entry = match (*entry, shown) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        // Names are public: a team may well answer «Москва» or
        // «Брейн-ринг», or write «6» for question 6.
        let mut public = public_names(&core);
        public.extend(titles);
        truth.hidden = earliest
            .into_iter()
            .filter(|(t, _)| t.trim().chars().count() >= 2 && !public.contains(t))
            .collect();
        truth.public = public;
        Ok(truth)
    }

    /// Texts of other teams that `spy` never wrote itself (the robots
    /// share a few words), and that are no name and no package text (those
    /// are checked by the time of their reveal); every team's for a
    /// display or the jury.
    fn foreign_texts(&self, spy: Identity) -> BTreeSet<&str> {
        let me = match spy {
            Identity::Team(t) => Some(t),
            _ => None,
        };
        let own = me.map(|t| self.own_texts(t)).unwrap_or_default();
        self.texts
            .iter()
            .filter(|(team, _)| Some(*team) != me)
            .map(|(_, s)| s.as_str())
            .filter(|s| !own.contains(s) && !self.public.contains(*s))
            .filter(|s| !self.hidden.iter().any(|(h, _)| h == s))
            .collect()
    }

    /// The texts `team` handed in itself.
    fn own_texts(&self, team: TeamId) -> BTreeSet<&str> {
        self.texts
            .iter()
            .filter(|(t, _)| *t == team)
            .map(|(_, s)| s.as_str())
            .collect()
    }
}

/// Every name any screen shows: the tournament, teams, towns, players,
/// games, tours, question and task numbers and titles, fights, the
/// programme's days and slots.
fn public_names(core: &Core) -> BTreeSet<String> {
    let View::Host(staff) = core.view_for(Identity::Host, ServerTime(0)) else {
        return BTreeSet::new();
    };
    let mut names: BTreeSet<String> = BTreeSet::from([staff.tournament.clone()]);
    for team in &staff.teams {
        names.extend([team.name.clone(), team.town.clone()]);
        names.extend(team.players.iter().cloned());
    }
    for game in &staff.games {
        names.insert(game.name.clone());
        if let Some(slot) = core.game(game.id) {
            names.extend(examples::public_names(&slot.state, &game.view));
        }
    }
    for day in staff.programme.iter().flat_map(|p| &p.days) {
        names.insert(day.title.clone());
        names.extend(day.slots.iter().map(|s| s.title.clone()));
    }
    names
}

/// Whether a message's debug form holds `text` as a whole string field
/// (the debug form quotes and escapes every string the same way).
fn holds(debug: &str, text: &str) -> bool {
    debug.contains(&format!("{text:?}"))
}

/// What a frame shows that its spy may not see, structurally: a view of
/// another audience, another team's appeal or card, a press log; Нептун's
/// checks know the sheet (`sheet`).
fn structural_leaks(
    identity: Identity,
    msg: &ServerMsg,
    own: &BTreeSet<&str>,
    sheet: &[String],
) -> Vec<String> {
    let mut found = Vec::new();
    let own_team = match identity {
        Identity::Team(t) => Some(t),
        _ => None,
    };
    match (identity, msg) {
        (Identity::Team(me), ServerMsg::View(view)) => match view.as_ref() {
            View::Team(v) if v.team == me => {
                for game in &v.games {
                    found.extend(examples::team_leaks(&game.view, me, own));
                }
            }
            other => found.push(format!("a view for another audience: {}", kind(other))),
        },
        (Identity::Display, ServerMsg::View(view)) => match view.as_ref() {
            View::Display(d) => {
                for game in &d.games {
                    found.extend(examples::display_leaks(&game.view, sheet));
                }
            }
            other => found.push(format!("a view for another audience: {}", kind(other))),
        },
        (Identity::Jury, ServerMsg::View(view)) if !matches!(view.as_ref(), View::Jury(_)) => {
            found.push(format!("a view for another audience: {}", kind(view)));
        }
        (Identity::Team(_) | Identity::Display, ServerMsg::Patch { patch, .. }) => {
            found.extend(examples::patch_leaks(patch, own_team));
        }
        // A package's picture goes to projectors alone.
        (who, ServerMsg::Media(file)) if who != Identity::Display => {
            found.push(format!("a picture's bytes ({})", file.hash.short()));
        }
        _ => {}
    }
    found
}

fn kind(view: &View) -> &'static str {
    match view {
        View::Host(_) => "host",
        View::Team(_) => "team",
        View::Display(_) => "display",
        View::Jury(_) => "jury",
    }
}

/// Everything in one spy's frames that it should not have received.
fn leaks(recording: &Recording, truth: &Truth) -> Vec<String> {
    let identity = recording.identity;
    let own_team = match identity {
        Identity::Team(t) => Some(t),
        _ => None,
    };
    let own = own_team.map(|t| truth.own_texts(t)).unwrap_or_default();
    let secrets: Vec<&str> = truth
        .secrets
        .iter()
        .filter(|(who, s)| *who != identity && !s.is_empty())
        .map(|(_, s)| s.as_str())
        .collect();
    let foreign = truth.foreign_texts(identity);
    let mut found = Vec::new();
    for (index, frame) in recording.frames.iter().enumerate() {
        let at = |what: String| format!("{:?} frame {index}: {what}", identity);
        if let Some(secret) = secrets
            .iter()
            .find(|s| frame.payload.windows(s.len()).any(|w| w == s.as_bytes()))
        {
            found.push(at(format!("a secret not its own ({} bytes)", secret.len())));
        }
        let msg = match codec::decode::<Envelope<ServerMsg>>(&frame.payload) {
            Ok(envelope) => envelope.body,
            Err(e) => {
                found.push(at(format!("undecodable: {e}")));
                continue;
            }
        };
        found.extend(
            structural_leaks(identity, &msg, &own, &truth.sheet)
                .into_iter()
                .map(&at),
        );
        if identity == Identity::Jury {
            // The jury weighs appeals against every answer (6.5).
            continue;
        }
        let debug = format!("{msg:?}");
        found.extend(
            foreign
                .iter()
                .filter(|text| holds(&debug, text))
                .map(|text| at(format!("another team's text {text:?}"))),
        );
        let before =
            |shown: &Option<ServerTime>| shown.is_none_or(|shown| frame.at.plus(MARGIN) < shown);
        found.extend(
            truth
                .hidden
                .iter()
                .filter(|(text, shown)| before(shown) && !own.contains(text.as_str()))
                .filter(|(text, _)| holds(&debug, text))
                .map(|(text, _)| at(format!("{text:?} before its reveal"))),
        );
    }
    found
}

#[tokio::test(start_paused = true)]
async fn leakage_quic_spies_on_a_whole_demo_of_every_format_at_the_rules_pace_see_nothing_foreign()
-> Result<()> {
    // The rules' 60-s minute: on virtual time a whole evening of five
    // demos costs only the CPU its frames take.
    every_demo_spied(Path::Quic, DemoConfig::default().minute).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leakage_browser_spies_on_a_whole_demo_of_every_format_see_nothing_foreign() -> Result<()> {
    // Real sockets and the real clock (the browser's door is TCP): a
    // short minute; Мультиигры tasks last whole seconds whatever it is.
    every_demo_spied(Path::Web, Duration::from_millis(300)).await
}

/// The demos spied on: every one but the festival, which plays the same
/// formats' demos again over two days.
fn spied_demos() -> Vec<DemoGame> {
    <DemoGame as clap::ValueEnum>::value_variants()
        .iter()
        .copied()
        .filter(|game| *game != DemoGame::Festival)
        .collect()
}

/// Every format's demo at once, spied on over `path`, checked against its
/// store. Эрудит-квартет draws the first four of its six teams, the team
/// spy among them, into one group: the final.
async fn every_demo_spied(path: Path, minute: Duration) -> Result<()> {
    // Arrange and act: the demos at once.
    let started = Instant::now();
    let played = join_all(
        spied_demos()
            .into_iter()
            .map(|game| spy_on_demo(game, minute, path)),
    )
    .await;

    // Assert: each spy of each game, against that game's store.
    let (mut frames, mut spies, mut games, mut found) = (0, 0, 0, Vec::new());
    let mut texts = 0;
    for played in played {
        let (recordings, events) = played?;
        let truth = Truth::of(&events)?;
        games += 1;
        texts += truth.texts.len();
        for recording in &recordings {
            spies += 1;
            frames += recording.frames.len();
            ensure!(
                recording.frames.len() > 10,
                "{:?} {:?} received only {} frames",
                recording.game,
                recording.identity,
                recording.frames.len()
            );
            found.extend(
                leaks(recording, &truth)
                    .into_iter()
                    .map(|l| format!("{:?}: {l}", recording.game)),
            );
        }
        let team_spy = recordings
            .iter()
            .map(|r| r.identity)
            .find(|i| matches!(i, Identity::Team(_)))
            .ok_or_else(|| anyhow!("no team spy"))?;
        eprintln!(
            "leakage: {:?}: {} frames to the team, the projector and the jury; {} texts handed in ({} distinct words of other teams the team spy never wrote), {} package texts timed by their reveal",
            recordings[0].game,
            recordings.iter().map(|r| r.frames.len()).sum::<usize>(),
            truth.texts.len(),
            truth.foreign_texts(team_spy).len(),
            truth.hidden.len()
        );
    }
    eprintln!(
        "leakage ({path:?}): {frames} frames from {spies} spies over {games} games ({texts} team texts) in {:.0} s of wall time: {} foreign answers or secrets before reveal",
        started.elapsed().as_secs_f64(),
        found.len()
    );
    if !found.is_empty() {
        let shown: Vec<&String> = found.iter().take(20).collect();
        bail!("{} leaks, the first: {shown:#?}", found.len());
    }
    Ok(())
}

/// The checks catch what they look for: a team's view with another team's
/// card text, a secret, and an answer before its reveal are all found.
#[test]
fn leakage_the_checks_find_a_planted_leak() -> Result<()> {
    // Arrange: a truth with one foreign text, one secret and one answer
    // revealed at t = 1 s.
    let me = TeamId(2);
    let truth = Truth {
        secrets: vec![(Identity::Host, "секрет-хоста".into())],
        texts: vec![(TeamId(1), "чужой ответ".into()), (me, "свой ответ".into())],
        hidden: vec![("Ответ автора".into(), Some(ServerTime::from_millis(1_000)))],
        public: BTreeSet::new(),
        sheet: Vec::new(),
    };
    let frame = |at_ms: u64, text: &str| -> Result<Frame> {
        let msg = ServerMsg::Ack {
            request: 1,
            result: Err(minuta_shared::wire::server::CommandError::Storage(
                text.into(),
            )),
        };
        Ok(Frame {
            at: ServerTime::from_millis(at_ms),
            payload: codec::encode(&Envelope::new(1, msg))?,
        })
    };
    let recording = |frames| Recording {
        game: DemoGame::default(),
        identity: Identity::Team(me),
        frames,
    };

    // Act and assert.
    let clean = recording(vec![frame(0, "свой ответ")?, frame(2_000, "Ответ автора")?]);
    assert!(
        leaks(&clean, &truth).is_empty(),
        "{:?}",
        leaks(&clean, &truth)
    );
    for planted in [
        frame(0, "чужой ответ")?,
        frame(0, "секрет-хоста")?,
        frame(500, "Ответ автора")?,
    ] {
        let found = leaks(&recording(vec![planted]), &truth);
        assert_eq!(found.len(), 1, "{found:?}");
    }
    Ok(())
}
