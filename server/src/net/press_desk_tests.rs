//! Tests of `press_desk.rs`, driven by Brain-ring presses and ChGK commands.

use super::*;
use crate::core::{Event, ServerInfo};
use minuta_shared::identity::Identity;
use minuta_shared::play::brain_ring::{EVENT_RING, FightId, PressKind, RingCommand};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};

const PACKAGE: &str = "## Тур 1\n\n? Первый вопрос.\n! Пушкин.\n";

fn at(ms: u64) -> ServerTime {
    ServerTime(1_800_000_000_000_000 + ms * 1_000)
}

/// Teams 1 and 2 in a fight whose first question is armed at 1 s;
/// team 3 watches.
fn armed_fight() -> SharedCore {
    let mut core = Core::new(ServerInfo::default());
    core.initialise("host".into(), "display".into(), "jury".into(), at(0));
    let host = |core: &mut Core, command: Command| {
        core.handle_command(Identity::Host, command, at(0), &mut || "s".into())
            .expect("the host's command is accepted");
    };
    for i in 1..=3 {
        host(
            &mut core,
            Command::RegisterTeam {
                rating_id: None,
                name: format!("Команда {i}"),
                town: "Город".into(),
                players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
            },
        );
    }
    host(
        &mut core,
        Command::game(
            EVENT_CHGK,
            ChgkCommand::LoadPackage {
                file_name: "t.4s".into(),
                bytes: PACKAGE.as_bytes().to_vec(),
                pictures: Vec::new(),
            },
        ),
    );
    host(
        &mut core,
        Command::game(
            EVENT_RING,
            RingCommand::Seed {
                teams: vec![TeamId(1), TeamId(2)],
                seed: 0,
            },
        ),
    );
    host(
        &mut core,
        Command::game(EVENT_RING, RingCommand::StartNext { stages: 1 }),
    );
    host(
        &mut core,
        Command::game(EVENT_RING, RingCommand::Read { fight: FightId(1) }),
    );
    core.handle_command(
        Identity::Host,
        Command::game(EVENT_RING, RingCommand::Arm { fight: FightId(1) }),
        at(1_000),
        &mut || "s".into(),
    )
    .expect("armed");
    SharedCore::new(core)
}

fn press_of(team: u32, ms: u64) -> Press {
    Press {
        conn: u64::from(team),
        team: TeamId(team),
        request: 7,
        received_at: at(ms),
        rtt_us: 250,
        clock_offset_us: -3,
    }
}

#[tokio::test]
async fn brain_ring_a_press_with_nothing_read_before_it_is_decided_where_it_arrives() {
    let core = armed_fight();
    let (tx, mut rx) = mpsc::channel(16);

    let at_desk = press(&core, &tx, press_of(1, 1_200)).await;

    let Ok(AtDesk::Decided(ServerMsg::Ack { request, result })) = at_desk else {
        panic!("decided at the desk");
    };
    assert_eq!(request, 7);
    assert!(matches!(
        result,
        Ok(Receipt::Press {
            kind: PressKind::Won,
            ..
        })
    ));
    // Its press log entry follows to the driver, to be committed.
    match rx.try_recv() {
        Ok(Inbound::Pressed {
            received_at,
            events,
        }) => {
            assert_eq!(received_at, at(1_200));
            assert!(matches!(events.as_slice(), [Event::Game { .. }]));
        }
        _ => panic!("the press's events go to the driver"),
    }
    assert!(rx.try_recv().is_err());
}

#[tokio::test]
async fn brain_ring_a_press_behind_a_waiting_command_is_judged_by_the_driver_in_arrival_order() {
    let core = armed_fight();
    let (tx, mut rx) = mpsc::channel(16);
    // Something read earlier still waits for the driver (here a leaving
    // terminal; a «Время» stamped earlier would be the case that matters).
    tx.send(Inbound::Left { conn: 9 })
        .await
        .expect("the channel is open");

    let at_desk = press(&core, &tx, press_of(2, 1_300)).await;

    assert!(matches!(at_desk, Ok(AtDesk::Queued)));
    assert!(matches!(rx.try_recv(), Ok(Inbound::Left { conn: 9 })));
    match rx.try_recv() {
        Ok(Inbound::Command {
            conn: 2,
            request: 7,
            command: Command::Press {
                clock_offset_us: -3,
            },
            received_at,
            rtt_us: 250,
        }) => assert_eq!(received_at, at(1_300)),
        _ => panic!("the press is queued behind it, unchanged"),
    }
    // Not decided here: the fight still waits for its first press.
    let (_, events) = core
        .lock()
        .handle_press(TeamId(1), at(1_400), 250, 0)
        .expect("team 1 may press");
    assert_eq!(events.len(), 1);
}

#[tokio::test]
async fn brain_ring_a_refused_press_changes_nothing_and_tells_the_driver_nothing() {
    let core = armed_fight();
    let (tx, mut rx) = mpsc::channel(16);

    // Team 3 is not in the fight.
    let at_desk = press(&core, &tx, press_of(3, 1_200)).await;

    let Ok(AtDesk::Decided(ServerMsg::Ack { result, .. })) = at_desk else {
        panic!("answered at the desk");
    };
    assert!(matches!(result, Err(CommandError::NothingToPress)));
    assert!(rx.try_recv().is_err());
}

#[tokio::test]
async fn a_gone_driver_is_reported_not_a_panic() {
    let core = armed_fight();
    let (tx, rx) = mpsc::channel(16);
    drop(rx);

    assert!(matches!(
        press(&core, &tx, press_of(1, 1_200)).await,
        Err(DriverGone)
    ));
}
