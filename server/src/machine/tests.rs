//! Tests of the machine stepped by hand, without tokio or a clock: the
//! order of what leaves (a press's verdict before its record is durable,
//! an acknowledgement only after), arrival-stamp order, the one role
//! check, a refused batch written again.

use super::*;
use crate::core::ServerInfo;
use crate::people::People;
use crate::store::StoreError;
use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{EVENT_RING, FightId, PressKind, RingCommand};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::wire::close;
use minuta_shared::wire::server::{CommandError, Receipt};

const PACKAGE: &str = "## Тур 1\n\n? Первый вопрос.\n! Пушкин.\n";

fn at(ms: u64) -> ServerTime {
    ServerTime(1_800_000_000_000_000 + ms * 1_000)
}

/// Teams 1 and 2 in a fight whose first question is armed at 1 s; team 3
/// watches. Each team, the host and a projector are connected (their
/// first views taken), in the order: host, display, teams 1–3.
struct Hall {
    server: Server,
    host: ConnId,
    display: ConnId,
    teams: [ConnId; 3],
}

fn hall() -> Hall {
    let mut core = Core::new(ServerInfo::default());
    core.initialise("host".into(), "display".into(), "jury".into(), at(0));
    let host = |core: &mut Core, command: Command, ms: u64| {
        core.handle_command(Identity::Host, command, at(ms), &mut || "s".into())
            .expect("the host's command is accepted");
    };
    for i in 1..=3 {
        let command = Command::RegisterTeam {
            rating_id: None,
            name: format!("Команда {i}"),
            town: "Город".into(),
            players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
        };
        host(&mut core, command, 0);
    }
    let package = ChgkCommand::LoadPackage {
        file_name: "t.4s".into(),
        bytes: PACKAGE.as_bytes().to_vec(),
        pictures: Vec::new(),
    };
    host(&mut core, Command::game(EVENT_CHGK, package), 0);
    let seed = RingCommand::Seed {
        teams: vec![TeamId(1), TeamId(2)],
        seed: 0,
    };
    host(&mut core, Command::game(EVENT_RING, seed), 0);
    let start = RingCommand::StartNext { stages: 1 };
    host(&mut core, Command::game(EVENT_RING, start), 0);
    let read = RingCommand::Read { fight: FightId(1) };
    host(&mut core, Command::game(EVENT_RING, read), 0);
    let arm = RingCommand::Arm { fight: FightId(1) };
    host(&mut core, Command::game(EVENT_RING, arm), 1_000);
    let secrets: Vec<(TeamId, String)> = core
        .registry()
        .teams
        .iter()
        .map(|(id, team)| (*id, team.secret.clone()))
        .collect();
    let mut server = Server::new(
        core,
        People::default(),
        Box::new(|| "s".into()),
        Box::new(|| Duration::ZERO),
        at(1_000),
    );
    let mut join = |credential: Credential| {
        let (conn, _) = server
            .handle_join(&credential, false, at(1_000))
            .expect("joins");
        conn
    };
    let host = join(Credential::Host {
        secret: "host".into(),
    });
    let display = join(Credential::Display {
        secret: "display".into(),
    });
    let teams = [0, 1, 2].map(|i| {
        let (team, secret) = secrets[i].clone();
        join(Credential::Team { team, secret })
    });
    let mut hall = Hall {
        server,
        host,
        display,
        teams,
    };
    hall.turn();
    hall
}

impl Hall {
    /// One turn of the driver's loop with a store that takes every batch
    /// at once: what left, in order.
    fn turn(&mut self) -> Vec<(ConnId, Transmit)> {
        let mut out = self.urgent();
        self.server.queue_press_patches();
        out.extend(self.urgent());
        if self.server.poll_store().is_some() {
            self.server
                .handle_committed(Ok(()), at(1_000))
                .expect("stored");
            out.extend(self.urgent());
        }
        self.server.queue_views();
        out.extend(self.urgent());
        out
    }

    fn urgent(&mut self) -> Vec<(ConnId, Transmit)> {
        std::iter::from_fn(|| self.server.poll_transmit()).collect()
    }

    fn press(&mut self, team: usize, ms: u64) {
        let frame = Frame {
            request: 7,
            command: Command::Press {
                clock_offset_us: -3,
            },
            rtt_us: 250,
        };
        self.server.handle_inbound(self.teams[team], frame, at(ms));
    }
}

fn ack_of(out: &[(ConnId, Transmit)], conn: ConnId) -> Option<&Result<Receipt, CommandError>> {
    out.iter().find_map(|(to, t)| match t {
        Transmit::Msg(msg) if *to == conn => match &**msg {
            ServerMsg::Ack { result, .. } => Some(result),
            _ => None,
        },
        _ => None,
    })
}

fn is_view(t: &Transmit) -> bool {
    matches!(t, Transmit::Msg(msg) if matches!(**msg, ServerMsg::View(_)))
}

#[test]
fn brain_ring_a_press_verdict_leaves_before_its_record_is_durable() {
    let mut hall = hall();

    hall.press(0, 1_200);
    let verdicts = hall.urgent();
    hall.server.queue_press_patches();
    let urgent = hall.urgent();

    assert!(matches!(
        ack_of(&verdicts, hall.teams[0]),
        Some(Ok(Receipt::Press {
            kind: PressKind::Won,
            ..
        }))
    ));
    assert_eq!(verdicts.len(), 1, "the verdict leaves alone: {verdicts:?}");
    // The fight's screens get its patch right behind the verdict: both
    // teams, the projector, the host; the onlooking team nothing.
    let patched: Vec<ConnId> = urgent
        .iter()
        .filter(|(_, t)| matches!(t, Transmit::Msg(m) if matches!(**m, ServerMsg::Patch { .. })))
        .map(|(to, _)| *to)
        .collect();
    assert_eq!(
        patched,
        vec![hall.teams[0], hall.teams[1], hall.display, hall.host]
    );
    // Its press log goes to the store after; no view before it is durable.
    let batch = hall.server.poll_store().expect("the press's record");
    assert_eq!(batch.events.len(), 1);
    hall.server.queue_views();
    assert!(hall.server.poll_transmit().is_none());
}

#[test]
fn brain_ring_presses_read_out_of_order_are_judged_by_their_arrival_stamps() {
    let mut hall = hall();

    // Team 2's press was read first but stamped later.
    hall.press(1, 1_300);
    hall.press(0, 1_200);
    let out = hall.turn();

    assert!(matches!(
        ack_of(&out, hall.teams[0]),
        Some(Ok(Receipt::Press {
            kind: PressKind::Won,
            ..
        }))
    ));
    assert!(matches!(
        ack_of(&out, hall.teams[1]),
        Some(Ok(Receipt::Press { kind, .. })) if *kind != PressKind::Won
    ));
}

#[test]
fn brain_ring_a_refused_press_changes_nothing_and_stores_nothing() {
    let mut hall = hall();

    // Team 3 is not in the fight.
    hall.press(2, 1_200);
    let urgent = hall.urgent();

    assert!(matches!(
        ack_of(&urgent, hall.teams[2]),
        Some(Err(CommandError::NothingToPress))
    ));
    assert!(hall.server.poll_store().is_none());
}

#[test]
fn a_command_its_role_may_not_send_closes_that_connection_alone() {
    let mut hall = hall();
    let frame = Frame {
        request: 1,
        command: Command::game(EVENT_RING, RingCommand::Arm { fight: FightId(1) }),
        rtt_us: 0,
    };

    hall.server.handle_inbound(hall.teams[0], frame, at(1_100));
    let out = hall.turn();

    let closes: Vec<(ConnId, u32)> = out
        .iter()
        .filter_map(|(to, t)| match t {
            Transmit::Close { code, .. } => Some((*to, *code)),
            Transmit::Msg(_) => None,
        })
        .collect();
    assert_eq!(closes, vec![(hall.teams[0], close::FORBIDDEN)]);
    assert!(hall.server.poll_store().is_none());
    // The others carry on: team 2 presses and wins.
    hall.press(1, 1_200);
    assert!(matches!(
        ack_of(&hall.turn(), hall.teams[1]),
        Some(Ok(Receipt::Press {
            kind: PressKind::Won,
            ..
        }))
    ));
}

#[test]
fn an_acknowledgement_waits_for_its_batch_and_the_views_for_the_acknowledgements() {
    let mut hall = hall();
    let frame = Frame {
        request: 5,
        command: Command::RegisterTeam {
            rating_id: None,
            name: "Команда 4".into(),
            town: "Город".into(),
            players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
        },
        rtt_us: 0,
    };

    hall.server.handle_inbound(hall.host, frame, at(1_100));
    let before = hall.urgent();
    let batch = hall.server.poll_store();

    assert!(
        before.is_empty(),
        "nothing leaves before the commit: {before:?}"
    );
    assert!(batch.is_some());
    hall.server.queue_views();
    assert!(hall.server.poll_transmit().is_none(), "no view before it");
    hall.server
        .handle_committed(Ok(()), at(1_110))
        .expect("stored");
    let after = hall.urgent();
    assert!(matches!(ack_of(&after, hall.host), Some(Ok(_))));
    assert!(!after.iter().any(|(_, t)| is_view(t)), "acks alone first");
    hall.server.queue_views();
    let views: Vec<_> = std::iter::from_fn(|| hall.server.poll_transmit()).collect();
    assert!(views.iter().any(|(to, t)| *to == hall.host && is_view(t)));
}

#[test]
fn a_refused_batch_is_held_unacknowledged_and_written_again_after_half_a_second() {
    let mut hall = hall();
    hall.press(0, 1_200);
    hall.urgent();
    hall.server.poll_store().expect("a batch");

    hall.server
        .handle_committed(Err(StoreError::Write("disk full".into())), at(1_210))
        .expect("a refusal is not a failure");
    let alerts = hall.urgent();

    assert!(alerts.iter().any(|(to, t)| *to == hall.host
        && matches!(t, Transmit::Msg(m) if matches!(&**m, ServerMsg::StorageAlert { failing: Some(_) }))));
    assert!(hall.server.poll_store().is_none(), "not before the retry");
    assert_eq!(
        hall.server.poll_timeout().map(|t| t >= at(1_710)),
        Some(true)
    );
    hall.server.handle_timeout(at(1_710));
    let again = hall.server.poll_store().expect("written again");
    assert_eq!(again.events.len(), 1);
}

#[test]
fn a_store_that_is_gone_stops_the_server() {
    let mut hall = hall();
    hall.press(0, 1_200);
    hall.urgent();
    hall.server.poll_store().expect("a batch");

    let ended = hall
        .server
        .handle_committed(Err(StoreError::Closed), at(1_210));

    assert!(ended.is_err());
}
