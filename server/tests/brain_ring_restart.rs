//! Issue 14.4: a Brain-ring press's verdict leaves before its record is
//! committed, so a stop in those few ms can lose the record. Here the store
//! holds a fight up to «Время» and the press that won is missing, as after
//! such a crash; the server started on it (long after the minute would have
//! run out) puts the question back to «reading», stores that, and tells the
//! host, who gives «Время» again for a full minute.

use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

use minuta_server::core::{Core, Event, ServerInfo};
use minuta_server::store;
use minuta_shared::identity::Identity;
use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{
    ButtonPhase, EVENT_RING, FightId, PressKind, RingCommand, RingEvent, RingRestartNotice,
};
use minuta_shared::play::games::GameEvent;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::View;

const FIGHT: FightId = FightId(1);

fn wall_now() -> ServerTime {
    ServerTime(
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_micros() as u64,
    )
}

fn host(core: &mut Core, events: &mut Vec<Event>, command: Command, at: ServerTime) {
    let (_, new) = core
        .handle_command(Identity::Host, command, at, &mut || "secret".into())
        .expect("the host's command is accepted");
    events.extend(new);
}

/// Every event of a fight played up to a won press: two teams, a friendly
/// fight, question 1 read and armed at `armed`, team 1 pressing 3 s later.
fn played_up_to_a_press(armed: ServerTime) -> Vec<Event> {
    let start = ServerTime(armed.0 - 60_000_000);
    let mut core = Core::new(ServerInfo::default());
    let mut events = core
        .initialise("host".into(), "display".into(), "jury".into(), start)
        .unwrap();
    for name in ["Знатоки", "Эрудиты"] {
        host(
            &mut core,
            &mut events,
            Command::RegisterTeam {
                rating_id: None,
                name: name.into(),
                town: "Казань".into(),
                players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
            },
            start,
        );
    }
    host(
        &mut core,
        &mut events,
        Command::game(
            EVENT_RING,
            RingCommand::Friendly {
                tables: [TeamId(1), TeamId(2)],
                format: minuta_shared::play::brain_ring::rules::FightFormat::QUALIFYING,
            },
        ),
        start,
    );
    host(
        &mut core,
        &mut events,
        Command::game(EVENT_RING, RingCommand::Read { fight: FIGHT }),
        start,
    );
    host(
        &mut core,
        &mut events,
        Command::game(EVENT_RING, RingCommand::Arm { fight: FIGHT }),
        armed,
    );
    let (receipt, pressed) = core
        .handle_press(TeamId(1), ServerTime(armed.0 + 3_000_000), 400, 0)
        .unwrap();
    assert!(matches!(
        receipt,
        Receipt::Press {
            kind: PressKind::Won,
            ..
        }
    ));
    events.extend(pressed);
    events
}

fn store_of(dir: &Path, events: Vec<Event>) {
    let (writer, stored) = store::open(dir).unwrap();
    assert!(stored.is_empty());
    let rx = writer.append(events.into_iter().map(|e| (1, e)).collect());
    rx.blocking_recv().unwrap().unwrap();
    writer.shutdown();
}

fn phase(core: &Core) -> ButtonPhase {
    core.event_ring()
        .expect("Brain-ring")
        .fight(FIGHT)
        .unwrap()
        .current
        .clone()
        .unwrap()
        .phase
}

fn notices(core: &Core, now: ServerTime) -> Vec<RingRestartNotice> {
    match core.view_for(Identity::Host, now) {
        View::Host(h) => h.event_ring().expect("Brain-ring").1.restarts.clone(),
        other => panic!("the host gets a host view, not {other:?}"),
    }
}

/// A stored event of the event's Brain-ring, as a pattern.
macro_rules! ring_event {
    ($pattern:pat) => {
        Event::Game {
            event: GameEvent::Ring($pattern),
            ..
        }
    };
}

#[test]
fn brain_ring_a_press_lost_in_a_crash_leaves_the_question_open_again_for_the_host() {
    // Armed two minutes ago: the minute ran out while the server was down.
    let armed = ServerTime(wall_now().0 - 120_000_000);
    let mut events = played_up_to_a_press(armed);
    let lost = events.pop().unwrap();
    assert!(matches!(lost, ring_event!(RingEvent::Pressed { .. })));
    assert!(matches!(
        events.last(),
        Some(ring_event!(RingEvent::Armed { .. }))
    ));
    let dir = tempfile::tempdir().unwrap();
    store_of(dir.path(), events.clone());

    // The restart, at the core: replay, then resume before time passes.
    let stored = store::load(dir.path()).unwrap();
    let mut core = Core::new(ServerInfo::default());
    minuta_server::replay_stored(&mut core, &stored, &store::db_path(dir.path())).unwrap();
    let now = wall_now();
    let resumed = core.resume_after_restart(now);
    assert_eq!(
        resumed,
        vec![Event::Game {
            game: EVENT_RING,
            event: GameEvent::Ring(RingEvent::Interrupted {
                fight: FIGHT,
                question: 1,
                at: now,
            }),
        }]
    );
    assert!(core.handle_timeout(now).is_empty());
    let fight = core.event_ring().expect("Brain-ring").fight(FIGHT).unwrap();
    assert_eq!(phase(&core), ButtonPhase::Reading, "not over untaken");
    assert!(fight.outcomes.is_empty(), "question 1 is not counted");
    assert_eq!(fight.count().score, [0, 0]);
    assert_eq!(
        notices(&core, now),
        vec![RingRestartNotice {
            fight: FIGHT,
            question: 1,
            rearm: true,
        }]
    );
    // The host re-arms: a full minute from now, and the notice goes.
    let (_, rearmed) = core
        .handle_command(
            Identity::Host,
            Command::game(EVENT_RING, RingCommand::Arm { fight: FIGHT }),
            now,
            &mut || "s".into(),
        )
        .unwrap();
    assert_eq!(rearmed.len(), 1);
    match phase(&core) {
        ButtonPhase::Armed { deadline, .. } => {
            assert_eq!(deadline, ServerTime(now.0 + 60_000_000))
        }
        other => panic!("armed again, not {other:?}"),
    }
    assert!(notices(&core, now).is_empty());
    // The same team presses again and answers.
    let (receipt, _) = core
        .handle_press(TeamId(1), ServerTime(now.0 + 2_000_000), 400, 0)
        .unwrap();
    assert!(matches!(
        receipt,
        Receipt::Press {
            kind: PressKind::Won,
            ..
        }
    ));
}

#[test]
fn brain_ring_the_server_stores_the_interruption_so_every_later_replay_agrees() {
    let armed = ServerTime(wall_now().0 - 120_000_000);
    let mut events = played_up_to_a_press(armed);
    events.pop();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    store_of(&data, events.clone());

    let mut config = minuta_server::ServerConfig::local(data.clone());
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.web_port = None;
    minuta_server::spawn(config.clone()).unwrap().shutdown();
    let after_first = store::load(&data).unwrap();
    assert_eq!(after_first.len(), events.len() + 1);
    assert!(matches!(
        after_first.last(),
        Some(ring_event!(RingEvent::Interrupted {
            fight: FIGHT,
            question: 1,
            ..
        }))
    ));

    // A second start finds the question being read: nothing more to store,
    // the host is told again (the question is still in play).
    minuta_server::spawn(config).unwrap().shutdown();
    let after_second = store::load(&data).unwrap();
    assert_eq!(after_second, after_first);
    let mut core = Core::new(ServerInfo::default());
    minuta_server::replay_stored(&mut core, &after_second, &store::db_path(&data)).unwrap();
    let now = wall_now();
    assert!(core.resume_after_restart(now).is_empty());
    assert!(core.handle_timeout(now).is_empty());
    assert_eq!(phase(&core), ButtonPhase::Reading);
    assert_eq!(
        notices(&core, now),
        vec![RingRestartNotice {
            fight: FIGHT,
            question: 1,
            rearm: false,
        }]
    );
}
