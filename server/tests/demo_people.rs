//! People in the demo (issue 15): a person who joins as a team a robot
//! plays takes the team over — the robot hands in nothing while the person
//! is connected, and plays again once the person has been gone for the
//! grace — and a card the robot handed in first is the team's: the
//! person's second card is refused. The staff's views say whether the
//! autopilot host runs the game, and while a person does, when it is back. Played on a real server (driver,
//! store, robots) with a 1-s minute; the person and an onlooker of the
//! same team join through the driver as a terminal's connection does.

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use minuta_server::demo::{DemoConfig, DemoGame, FinishLine};
use minuta_server::machine::Frame;
use minuta_server::net::{ConnId, Inbound, Outbound, Outbox};
use minuta_server::{ServerConfig, start};
use minuta_shared::ids::{QuestionId, TeamId, TourId};
use minuta_shared::play::chgk::{ChgkCommand, ChgkError, EVENT_CHGK};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameError, PlayError};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::{CommandError, ServerMsg};
use minuta_shared::wire::view::{AutopilotView, TeamView, View};
use tokio::sync::mpsc;

/// Long enough for the whole ChGK demo with a 1-s minute on a busy box.
const LIMIT: Duration = Duration::from_secs(120);

/// Joins the driver as `credential`: a person's terminal, or (`robot`) an
/// onlooker that counts as nobody.
async fn join(
    inbound: &mpsc::Sender<Inbound>,
    credential: Credential,
    robot: bool,
) -> (ConnId, Outbox) {
    let outbound = Outbox::new();
    let (reply, answer) = tokio::sync::oneshot::channel();
    inbound
        .send(Inbound::Join {
            credential,
            outbound: outbound.clone(),
            robot,
            link: None,
            reply,
        })
        .await
        .unwrap();
    let (conn, _) = answer.await.unwrap().unwrap();
    (conn, outbound)
}

/// The next team view (or command result) the connection receives.
enum Heard {
    View(Box<TeamView>),
    Ack(Result<(), CommandError>),
}

async fn hear(outbox: &Outbox) -> Heard {
    loop {
        let Outbound::Msg(msg) = tokio::time::timeout(LIMIT, outbox.next())
            .await
            .expect("the demo goes on")
        else {
            panic!("the connection was closed")
        };
        match &*msg {
            ServerMsg::View(view) => {
                if let View::Team(view) = view.as_ref() {
                    return Heard::View(Box::new(view.clone()));
                }
            }
            ServerMsg::Ack { result, .. } => return Heard::Ack(result.clone().map(|_| ())),
            // An outbox holds whole views: patches are made on the wire.
            ServerMsg::Patch { .. }
            | ServerMsg::Pong { .. }
            | ServerMsg::StorageAlert { .. }
            | ServerMsg::Media(_)
            | ServerMsg::ViewDelta(_)
            | ServerMsg::FilePart(_)
            | ServerMsg::FileRefused { .. }
            | ServerMsg::RosterRead { .. } => {}
        }
    }
}

fn cards(view: &TeamView) -> BTreeSet<QuestionId> {
    view.event_chgk().cards.iter().map(|c| c.question).collect()
}

#[tokio::test(flavor = "current_thread")]
async fn demo_a_robot_stands_aside_while_a_person_plays_its_team_and_plays_again_after() {
    // Arrange: the ChGK demo with a 1-s minute (a robot waits 2 s after
    // the person leaves); the first team's secret, as its join code holds.
    let dir = tempfile::tempdir().unwrap();
    let demo = DemoConfig {
        minute: Duration::from_secs(1),
        game: DemoGame::Chgk,
        finish_line: Some(FinishLine::new()),
        ..DemoConfig::default()
    };
    let grace = demo.person_gone();
    let mut config = ServerConfig::local(dir.path().join("data"));
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.web_port = None;
    config.cert_dir = dir.path().join("certs");
    config.busy_poll = false;
    config.demo = Some(demo);
    let running = start(config).await.unwrap();
    let inbound = running.inbound();
    let code = &running.ready.team_codes[0].1;
    let credential = minuta_shared::join_code::JoinCode::parse(code)
        .unwrap()
        .credential;
    let Credential::Team { team, .. } = credential.clone() else {
        panic!("not a team's code")
    };
    assert_eq!(team, TeamId(1));

    // Act 1: a person joins as the team before the first question, and an
    // onlooker watches the team's cards; three questions are played.
    let (person, _person_out) = join(&inbound, credential.clone(), false).await;
    let (_, onlooker) = join(&inbound, credential.clone(), true).await;
    let mut played_by_person = BTreeSet::new();
    let mut view = loop {
        let Heard::View(view) = hear(&onlooker).await else {
            continue;
        };
        let clock = &view.event_chgk().clock;
        if let (Some(q), Phase::Minute | Phase::LastSeconds | Phase::HandIn) =
            (clock.question, clock.phase)
        {
            played_by_person.insert(q);
        }
        if played_by_person.len() == 4 && clock.phase == Phase::Announced {
            break view;
        }
    };

    // Assert 1: while the person was there the robot handed in nothing.
    assert!(cards(&view).is_empty(), "{:?}", cards(&view));

    // Act 2: the person leaves; the robot plays again after the grace.
    inbound.send(Inbound::Left { conn: person }).await.unwrap();
    let left = Instant::now();
    let (question, handed_in) = loop {
        if let Heard::View(v) = hear(&onlooker).await {
            view = v;
        }
        if let Some(card) = view.event_chgk().cards.first() {
            break (card.question, Instant::now());
        }
    };

    // Assert 2: a card of a question after the person's, not before the grace.
    assert!(!played_by_person.contains(&question), "{question:?}");
    assert!(handed_in - left >= grace, "{:?}", handed_in - left);

    // Act 3: the person is back while that card is the team's, and hands
    // in a card of their own for the same question.
    let (person, person_out) = join(&inbound, credential, false).await;
    let card = Command::game(
        EVENT_CHGK,
        ChgkCommand::SubmitCard {
            question,
            text: "Пушкин".into(),
        },
    );
    inbound
        .send(Inbound::Command {
            conn: person,
            frame: Frame {
                request: 1,
                command: card,
                rtt_us: 0,
            },
            received_at: wall_now(),
        })
        .await
        .unwrap();
    let refused = loop {
        if let Heard::Ack(result) = hear(&person_out).await {
            break result;
        }
    };

    // Assert 3: refused as a second card of the team — no double card.
    assert_eq!(
        refused,
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::CardAlreadyAccepted
        ))))
    );
    running.shutdown().await;
}

/// Server time now: the wall clock, as the server's clock reads it.
fn wall_now() -> ServerTime {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    ServerTime(since.as_micros() as u64)
}

/// The next host view the connection receives.
async fn host_view(outbox: &Outbox) -> minuta_shared::wire::view::HostView {
    loop {
        let Outbound::Msg(msg) = tokio::time::timeout(LIMIT, outbox.next())
            .await
            .expect("the server answers")
        else {
            panic!("the connection was closed")
        };
        if let ServerMsg::View(view) = &*msg
            && let View::Host(view) = view.as_ref()
        {
            return view.clone();
        }
    }
}

#[tokio::test(flavor = "current_thread")]
async fn demo_every_staff_screen_is_told_the_autopilot_runs_and_when_it_is_back_after_a_person() {
    // Arrange: the demo with its autopilot (5 s aside with a 1-s minute).
    let dir = tempfile::tempdir().unwrap();
    let demo = DemoConfig {
        minute: Duration::from_secs(1),
        ..DemoConfig::default()
    };
    let aside = demo.stand_aside();
    let mut config = ServerConfig::local(dir.path().join("data"));
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.web_port = None;
    config.cert_dir = dir.path().join("certs");
    config.busy_poll = false;
    config.demo = Some(demo);
    let running = start(config).await.unwrap();
    let inbound = running.inbound();
    let host = minuta_shared::join_code::JoinCode::parse(&running.ready.host_code)
        .unwrap()
        .credential;
    let (conn, outbox) = join(&inbound, host, false).await;

    // Assert: the autopilot runs the game.
    let first = host_view(&outbox).await;
    assert_eq!(
        first.autopilot,
        Some(AutopilotView {
            running: true,
            resumes_at: None
        })
    );

    // Act: a person touches a control (refused, as a click may be: it
    // still takes over).
    let sent = wall_now();
    inbound
        .send(Inbound::Command {
            conn,
            frame: Frame {
                request: 1,
                command: Command::game(EVENT_CHGK, ChgkCommand::CloseTour { tour: TourId(99) }),
                rtt_us: 0,
            },
            received_at: sent,
        })
        .await
        .unwrap();

    // Assert: the staff are told when the autopilot is back, then that it is.
    let aside_view = loop {
        let view = host_view(&outbox).await;
        if view.autopilot.is_some_and(|a| !a.running) {
            break view;
        }
    };
    let back = aside_view
        .autopilot
        .and_then(|a| a.resumes_at)
        .expect("when it is back");
    assert_eq!(back, sent.plus(aside));
    loop {
        let view = host_view(&outbox).await;
        if view.autopilot.is_some_and(|a| a.running) {
            break;
        }
    }
    assert!(wall_now() >= back);
    running.shutdown().await;
}
