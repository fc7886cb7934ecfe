//! Spy terminals (issue 14, «Prove», leakage): the demo plays a whole game of each live format — ChGK, Мультиигры, Brain-ring, Эрудит-квартет, Нептун — with its robot teams, autopilot host and robot appeal jury, in this process on 127.0.0.1, while spies listen: a robot team's own join code, the projector's and the appeal jury's (over QUIC, and the team's and the projector's again over the browser's path: WebSocket, TLS inside). Every frame they receive is kept, stamped on arrival, and checked against what the store holds at the end: no spy ever receives a secret but its own (the host's, the projector's, the jury's, another team's, a judge's); the team never receives another team's card, answer or appeal text, another team's appeal, a Brain-ring press log, or another team's Эрудит-квартет line-up while the window is open; the projector never a card, answer or appeal text, an appeal, a press log or a line-up in its window; and neither receives a question's answer, «зачёт», comment or text, or a Мультиигры task's text, answer or comment, in a frame that arrived before the server stamped the command that reveals (or starts) it — nor ever an Эрудит-квартет question's text, nor its answer or comment before the question closed (by a right answer, every team's wrong one, or the silence: the moment found by replaying the game with its deadlines); nor ever a Нептун question's text, its answer or comment before its reveal (Джокер's before the tour ended), another team's card, Джокер's declarations, results or verdicts before the tour ended, or a «перевёртыш» (1.4).

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_server::core::{Core, Event, ServerInfo};
use minuta_server::demo::{DemoConfig, DemoGame, FinishLine};
use minuta_server::{ServerConfig, store};
use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::brain_ring::{RingEvent, RingFightView, RingTeamView};
use minuta_shared::play::chgk::ChgkEvent;
use minuta_shared::play::erudit::{EruditTournament, GameBoard, PhaseView, QuestionState};
use minuta_shared::play::games::{
    GameDisplayView, GameEvent, GamePatch, GameSettings, GameStaffView, GameTeamView,
};
use minuta_shared::play::multigames::MultigamesEvent;
use minuta_shared::play::neptune::NeptuneEvent;
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::codec;
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::View;
use minuta_tests::sim_net::SimNet;
use minuta_tests::spy::{Frame, Spy};
use minuta_tests::spy::{neptune_leaks, neptune_shown, neptune_team_leaks, quartet_leaks};
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
        // Package texts by (format, id) until their reveal is found.
        let mut questions: Vec<(u32, Vec<String>)> = Vec::new();
        let mut tasks: Vec<(u32, String, Vec<String>)> = Vec::new();
        let revealed_at = |at: &ServerTime| Some(*at);
        for event in events {
            let Event::Game { event, .. } = event else {
                continue;
            };
            match event {
                GameEvent::Chgk(ChgkEvent::QuestionAdded {
                    question, content, ..
                }) => {
                    let mut texts = vec![content.text.clone(), content.answer.clone()];
                    texts.extend(content.accepted.clone());
                    texts.extend(content.comment.clone());
                    questions.push((question.0, texts));
                }
                GameEvent::Chgk(ChgkEvent::Revealed { question, at }) => {
                    if let Some(i) = questions.iter().position(|(q, _)| *q == question.0) {
                        let (_, texts) = questions.remove(i);
                        truth
                            .hidden
                            .extend(texts.into_iter().map(|t| (t, revealed_at(at))));
                    }
                }
                GameEvent::Chgk(ChgkEvent::CardAccepted { team, text, .. })
                | GameEvent::Chgk(ChgkEvent::AppealFiled { team, text, .. })
                | GameEvent::Multigames(MultigamesEvent::AnswerAccepted { team, text, .. })
                | GameEvent::Multigames(MultigamesEvent::AppealFiled { team, text, .. })
                | GameEvent::Ring(RingEvent::AppealFiled { team, text, .. }) => {
                    truth.texts.push((*team, text.clone()));
                }
                GameEvent::Neptune(NeptuneEvent::CardHandedIn { key, answers, .. }) => {
                    truth
                        .texts
                        .extend(answers.iter().map(|a| (key.team, a.clone())));
                }
                GameEvent::Multigames(MultigamesEvent::TaskAdded { task, draft, .. }) => {
                    tasks.push((
                        task.0,
                        draft.text.clone(),
                        vec![draft.answer.clone(), draft.comment.clone()],
                    ));
                }
                GameEvent::Multigames(MultigamesEvent::Started { task, at }) => {
                    if let Some((_, text, _)) = tasks.iter_mut().find(|(t, _, _)| *t == task.0) {
                        truth.hidden.push((std::mem::take(text), revealed_at(at)));
                    }
                }
                GameEvent::Multigames(MultigamesEvent::Revealed { task, at }) => {
                    if let Some(i) = tasks.iter().position(|(t, _, _)| *t == task.0) {
                        let (_, _, texts) = tasks.remove(i);
                        truth
                            .hidden
                            .extend(texts.into_iter().map(|t| (t, revealed_at(at))));
                    }
                }
                _ => {}
            }
        }
        let (erudit, titles) = erudit_hidden(events);
        truth.hidden.extend(erudit);
        let (neptune, sheet) = neptune_shown(events);
        truth.hidden.extend(neptune);
        truth.sheet = sheet;
        // Never revealed: hidden for the whole game.
        for (_, texts) in questions {
            truth.hidden.extend(texts.into_iter().map(|t| (t, None)));
        }
        for (_, text, texts) in tasks {
            truth.hidden.push((text, None));
            truth.hidden.extend(texts.into_iter().map(|t| (t, None)));
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
        match &game.view {
            GameStaffView::Chgk(c) => {
                for tour in &c.tours {
                    names.insert(tour.title.clone());
                    names.extend(tour.questions.iter().map(|q| q.number.clone()));
                }
            }
            GameStaffView::Multigames(m) => {
                for tour in &m.tours {
                    names.insert(tour.title.clone());
                    for task in &tour.tasks {
                        names.extend([task.heading.number.clone(), task.heading.title.clone()]);
                    }
                }
            }
            GameStaffView::Ring(r) => {
                for fight in &r.board.fights {
                    names.insert(fight.label.clone());
                    names.extend(fight.names.iter().cloned());
                }
            }
            // The themes' titles come from the package (`erudit_hidden`);
            // a theme read «from paper» is named by its number.
            GameStaffView::Erudit(_) => {
                names.extend((1..=4).map(|r| format!("Тема {r}")));
            }
            // The package's title, Джокер's topics and the sheet are
            // every team's (1.2, 5.2); a contest is named by its title.
            // «Своя игра» (test-only): its theme is on every screen.
            GameStaffView::OwnGame(board) => {
                names.insert(board.theme.clone());
            }
            GameStaffView::Neptune(v) => {
                names.insert(v.board.title.clone());
                names.extend(
                    Contest::ALL.map(|c| minuta_shared::play::neptune::contest_title(c).to_owned()),
                );
            }
        }
    }
    for (_, slot) in core.games() {
        if let minuta_shared::play::games::GameState::Neptune(g) = &slot.state
            && let Some(package) = &g.package
        {
            names.extend(package.negative.phrases.iter().cloned());
            names.extend(package.joker.topics.iter().cloned());
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

/// A fight as a team or the hall may see it: no press log, and another
/// team's appeal only as a fact (a screen says a question was withdrawn
/// or taken on appeal), without its words or the jury's reply.
fn fight_leaks(fight: &RingFightView, own: Option<TeamId>) -> Option<String> {
    if !fight.presses.is_empty() {
        return Some(format!("fight {:?}: the press log", fight.id));
    }
    fight
        .appeals
        .iter()
        .filter(|a| Some(a.team) != own)
        .find(|a| !a.text.is_empty() || a.resolution.as_ref().is_some_and(|r| !r.1.is_empty()))
        .map(|a| {
            format!(
                "fight {:?}: the words of team {}'s appeal",
                fight.id, a.team
            )
        })
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
                    match &game.view {
                        GameTeamView::Chgk(c) => {
                            found.extend(
                                c.appeals
                                    .iter()
                                    .filter(|a| a.team != me)
                                    .map(|a| format!("ChGK: team {}'s appeal", a.team)),
                            );
                            found.extend(
                                c.cards
                                    .iter()
                                    .filter(|c| !own.contains(c.text.as_str()))
                                    .map(|c| format!("ChGK: a card not its own: {:?}", c.text)),
                            );
                        }
                        GameTeamView::Multigames(m) => {
                            found.extend(
                                m.appeals
                                    .iter()
                                    .filter(|a| a.team != me)
                                    .map(|a| format!("Мультиигры: team {}'s appeal", a.team)),
                            );
                            found.extend(
                                m.answers
                                    .iter()
                                    .filter(|a| !own.contains(a.text.as_str()))
                                    .map(|a| {
                                        format!("Мультиигры: an answer not its own: {:?}", a.text)
                                    }),
                            );
                        }
                        GameTeamView::Ring(RingTeamView { fight, board }) => {
                            let fights = fight
                                .iter()
                                .chain(board.iter().flat_map(|b| b.fights.iter()));
                            found.extend(fights.filter_map(|f| fight_leaks(f, own_team)));
                        }
                        GameTeamView::Erudit(e) => {
                            found.extend(
                                e.board.game.iter().flat_map(|b| quartet_leaks(b, own_team)),
                            );
                        }
                        // «Своя игра» shows one board to all: nothing secret.
                        GameTeamView::OwnGame(_) => {}
                        GameTeamView::Neptune(n) => {
                            found.extend(neptune_team_leaks(n, me));
                            found.extend(
                                n.card
                                    .iter()
                                    .flat_map(|c| &c.answers)
                                    .filter(|a| !own.contains(a.as_str()))
                                    .map(|a| format!("Нептун: a card not its own: {a:?}")),
                            );
                        }
                    }
                }
            }
            other => found.push(format!("a view for another audience: {}", kind(other))),
        },
        (Identity::Display, ServerMsg::View(view)) => match view.as_ref() {
            View::Display(d) => {
                for game in &d.games {
                    match &game.view {
                        GameDisplayView::Ring(board) => {
                            found.extend(board.fights.iter().filter_map(|f| fight_leaks(f, None)));
                        }
                        GameDisplayView::Erudit(board) => {
                            found.extend(board.game.iter().flat_map(|b| quartet_leaks(b, None)));
                        }
                        GameDisplayView::Neptune(board) => {
                            found.extend(neptune_leaks(board, sheet));
                        }
                        _ => {}
                    }
                }
            }
            other => found.push(format!("a view for another audience: {}", kind(other))),
        },
        (Identity::Jury, ServerMsg::View(view)) if !matches!(view.as_ref(), View::Jury(_)) => {
            found.push(format!("a view for another audience: {}", kind(view)));
        }
        (Identity::Team(_) | Identity::Display, ServerMsg::Patch { patch, .. }) => {
            match patch.as_ref() {
                GamePatch::Ring(fight) => found.extend(fight_leaks(fight, own_team)),
                GamePatch::Erudit(board) => found.extend(quartet_leaks(board, own_team)),
                _ => {}
            }
        }
        // A package's picture goes to projectors alone.
        (who, ServerMsg::Media(file)) if who != Identity::Display => {
            found.push(format!("a picture's bytes ({})", file.hash.short()));
        }
        _ => {}
    }
    found
}

/// Эрудит-квартет's package texts and when a team or the hall may see
/// them: a question's text never, its answer and comment from the moment
/// the question closed — found by replaying each game's events, passing
/// its deadlines (a silence's end) at their own instants — and every
/// theme's title, which is public.
fn erudit_hidden(events: &[Event]) -> (Vec<(String, Option<ServerTime>)>, Vec<String>) {
    /// A question by stage, group, tour, round and number.
    type Key = (usize, usize, usize, usize, usize);
    fn closed_now(
        t: &EruditTournament,
        at: ServerTime,
        closed: &mut std::collections::BTreeMap<Key, ServerTime>,
    ) {
        for (s, groups) in t.stages.iter().enumerate() {
            for (g, group) in groups.iter().enumerate() {
                let Some(game) = &group.game else { continue };
                for (tour_no, tour) in game.tours.iter().enumerate() {
                    for (r, round) in tour.rounds.iter().enumerate() {
                        for (n, q) in round.questions.iter().enumerate() {
                            if matches!(q.state, QuestionState::Closed { .. }) {
                                closed.entry((s, g, tour_no, r, n)).or_insert(at);
                            }
                        }
                    }
                }
            }
        }
    }
    let mut games: std::collections::BTreeMap<
        GameId,
        (
            EruditTournament,
            std::collections::BTreeMap<Key, ServerTime>,
        ),
    > = Default::default();
    for event in events {
        match event {
            Event::GameAdded {
                game,
                settings: GameSettings::Erudit(timing),
                ..
            } => {
                let t = EruditTournament {
                    timing: timing.clone(),
                    ..EruditTournament::default()
                };
                games.insert(*game, (t, Default::default()));
            }
            Event::Game {
                game,
                event: GameEvent::Erudit(e),
            } => {
                let Some((t, closed)) = games.get_mut(game) else {
                    continue;
                };
                let at = e.at();
                if let (Some(at), Some(deadline)) = (at, t.next_deadline())
                    && deadline <= at
                {
                    t.advance(deadline);
                    closed_now(t, deadline, closed);
                }
                t.apply_event(e);
                if let Some(at) = at {
                    closed_now(t, at, closed);
                }
            }
            _ => {}
        }
    }
    let mut hidden = Vec::new();
    let mut titles = Vec::new();
    for (t, closed) in games.values() {
        // Which question of the pool each played question was.
        let mut shown_at = std::collections::BTreeMap::<(usize, usize), ServerTime>::new();
        for (&(s, g, tour_no, r, n), &at) in closed {
            let theme = t.stages[s][g]
                .game
                .as_ref()
                .and_then(|game| game.tours.get(tour_no))
                .and_then(|tour| tour.themes.get(r).copied().flatten());
            if let Some(theme) = theme {
                shown_at.insert((theme as usize, n), at);
            }
        }
        for (i, theme) in t.themes.iter().enumerate() {
            titles.push(theme.title.clone());
            for (n, q) in theme.questions.iter().enumerate() {
                let at = shown_at.get(&(i, n)).copied();
                hidden.push((q.text.clone(), None));
                hidden.push((q.answer.clone(), at));
                hidden.extend(q.comment.clone().map(|c| (c, at)));
            }
        }
    }
    (hidden, titles)
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

/// Every format's demo at once, spied on over `path`, checked against its
/// store. Эрудит-квартет draws the first four of its six teams, the team
/// spy among them, into one group: the final.
async fn every_demo_spied(path: Path, minute: Duration) -> Result<()> {
    // Arrange and act: the five demos at once.
    let started = Instant::now();
    let (chgk, multigames, ring, erudit, neptune) = tokio::join!(
        spy_on_demo(DemoGame::Chgk, minute, path),
        spy_on_demo(DemoGame::Multigames, minute, path),
        spy_on_demo(DemoGame::BrainRing, minute, path),
        spy_on_demo(DemoGame::EruditQuartet, minute, path),
        spy_on_demo(DemoGame::Neptune, minute, path),
    );

    // Assert: each spy of each game, against that game's store.
    let (mut frames, mut spies, mut games, mut found) = (0, 0, 0, Vec::new());
    let mut texts = 0;
    for played in [chgk, multigames, ring, erudit, neptune] {
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
        game: DemoGame::Chgk,
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

/// The Эрудит-квартет checks catch what they look for: a question's text,
/// its answer before it closed, and another team's line-up in its window.
#[test]
fn leakage_the_quartet_checks_find_a_planted_leak() {
    use minuta_shared::play::erudit::rules::TourKind;
    use minuta_shared::play::erudit::{QuartetRow, QuestionBoard, TourBoard};

    // Arrange: a team's clean board in a line-up window, then a question.
    let (me, other) = (TeamId(2), TeamId(1));
    let row = |team: TeamId| QuartetRow {
        team,
        name: format!("Команда {team}"),
        points: 0,
        players: Vec::new(),
        on: None,
    };
    let lineup = GameBoard {
        stage: 0,
        group: 0,
        teams: vec![row(other), row(me)],
        tour: Some(TourBoard {
            number: 0,
            kind: TourKind::Open,
            themes: vec![None; 4],
            lineups: vec![vec![None, Some("Свой".into())]; 4],
        }),
        phase: PhaseView::Lineup {
            kind: TourKind::Open,
            deadline: ServerTime::from_millis(1_000),
            first_round: 0,
            rounds: 4,
            submitted: vec![true, true],
        },
        question: None,
        tie: None,
        settled: Vec::new(),
    };
    let question = |state, text: Option<&str>, answer: Option<&str>| GameBoard {
        phase: PhaseView::Playing { round: 0 },
        question: Some(QuestionBoard {
            round: 0,
            number: 0,
            value: 10,
            theme: None,
            state,
            text: text.map(String::from),
            answer: answer.map(String::from),
            comment: None,
            presses: Vec::new(),
            attempts: Vec::new(),
        }),
        ..lineup.clone()
    };
    let reading = QuestionState::Reading {
        since: ServerTime::from_millis(0),
    };

    // Act / assert: clean boards pass; each planted leak is found once.
    let closed = question(QuestionState::Closed { by: None }, None, Some("Ответ"));
    assert!(quartet_leaks(&lineup, Some(me)).is_empty());
    assert!(quartet_leaks(&closed, Some(me)).is_empty());
    let mut foreign = lineup.clone();
    if let Some(tour) = foreign.tour.as_mut() {
        tour.lineups[0][0] = Some("Чужой".into());
    }
    for planted in [
        foreign,
        question(reading, Some("Текст вопроса"), None),
        question(reading, None, Some("Ответ")),
    ] {
        assert_eq!(quartet_leaks(&planted, Some(me)).len(), 1, "{planted:?}");
    }
}
