//! Tests of `outbox.rs`, with a Brain-ring fight's patches as the load.

use super::*;
use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{EVENT_RING, FightId, FightKind, RingFightView};
use minuta_shared::play::games::GamePatch;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::server::{Receipt, ServerMsg};
use minuta_shared::wire::view::{DisplayView, View};

fn view(number: u32) -> Outbound {
    Outbound::Msg(Arc::new(ServerMsg::View(Box::new(View::Display(
        DisplayView {
            tournament: number.to_string(),
            games: Vec::new(),
            programme: None,
            prize_ties: Vec::new(),
        },
    )))))
}

fn ack(request: u64) -> Outbound {
    Outbound::Msg(Arc::new(ServerMsg::Ack {
        request,
        result: Ok(Receipt::Done),
    }))
}

fn pong(t: u64) -> Outbound {
    Outbound::Msg(Arc::new(ServerMsg::Pong {
        client_time_us: t,
        server_time: ServerTime(t),
    }))
}

fn patch() -> Outbound {
    let fight = RingFightView {
        id: FightId(1),
        label: "Бой 1".into(),
        kind: FightKind::Friendly,
        ordinal: 1,
        format: minuta_shared::play::brain_ring::rules::FightFormat::QUALIFYING,
        stage: 1,
        tables: [TeamId(1), TeamId(2)],
        names: ["А".into(), "Б".into()],
        score: [0, 0],
        status: FightStatus::InProgress {
            next_question: 1,
            sudden_death: false,
        },
        question: None,
        closed: false,
        presses: Vec::new(),
        appeals: Vec::new(),
        text: None,
    };
    Outbound::Msg(Arc::new(ServerMsg::Patch {
        game: EVENT_RING,
        patch: Box::new(GamePatch::Ring(fight)),
    }))
}

fn drain(outbox: &Outbox) -> Vec<String> {
    let mut seen = Vec::new();
    while let Some(out) = outbox.lock().pop_front() {
        seen.push(match out {
            Outbound::Msg(msg) => match &*msg {
                ServerMsg::View(v) => match v.as_ref() {
                    View::Display(d) => format!("view {}", d.tournament),
                    _ => "view".into(),
                },
                ServerMsg::Ack { request, .. } => format!("ack {request}"),
                ServerMsg::Pong { client_time_us, .. } => format!("pong {client_time_us}"),
                ServerMsg::Patch { .. } => "fight".into(),
                ServerMsg::StorageAlert { .. } => "alert".into(),
                ServerMsg::Media(_) => "media".into(),
                ServerMsg::ViewDelta(_) => "delta".into(),
                ServerMsg::FilePart(part) => format!("part {}", part.offset),
                ServerMsg::FileRefused { request, .. } => format!("refused {request}"),
                ServerMsg::RosterRead { request, .. } => format!("roster {request}"),
            },
            Outbound::WholeView => "whole".into(),
            Outbound::Close { .. } => "close".into(),
        });
    }
    seen
}

#[test]
fn a_new_view_replaces_waiting_views_and_patches_but_keeps_acks_in_order() {
    let outbox = Outbox::new();
    for out in [view(1), ack(1), patch(), pong(7), view(2), ack(2), patch()] {
        outbox.push(out).unwrap();
    }
    outbox.push(view(3)).unwrap();
    assert_eq!(drain(&outbox), ["ack 1", "pong 7", "ack 2", "view 3"]);
}

/// Issue 38: a file's parts are never dropped for a newer view, or the
/// host's file would come with a hole.
#[test]
fn a_new_view_keeps_a_files_parts_waiting_in_order() {
    let outbox = Outbox::new();
    let bytes = vec![1u8; minuta_shared::wire::files::FILE_PART_BYTES + 1];
    let mut parts = minuta_shared::wire::files::parts(9, "f.pdf", &bytes).into_iter();
    let mut part = || {
        Outbound::Msg(Arc::new(ServerMsg::FilePart(Box::new(
            parts.next().unwrap(),
        ))))
    };
    for out in [view(1), part(), view(2), part()] {
        outbox.push(out).unwrap();
    }
    outbox.push(view(3)).unwrap();
    assert_eq!(drain(&outbox), ["part 0", "part 262144", "view 3"]);
}

#[test]
fn a_terminal_that_reads_nothing_is_refused_after_the_limit_not_before() {
    let outbox = Outbox::new();
    for request in 0..OUTBOX_LIMIT as u64 - 1 {
        outbox.push(ack(request)).unwrap();
        // Views never add up: each replaces the last.
        outbox.push(view(request as u32)).unwrap();
    }
    assert_eq!(outbox.len(), OUTBOX_LIMIT);
    assert_eq!(outbox.push(ack(0)), Err(OutboxFull));
}

#[tokio::test]
async fn the_writer_wakes_for_a_message_pushed_while_it_waits() {
    let outbox = Outbox::new();
    let writer = outbox.clone();
    let waiting = tokio::spawn(async move { writer.next().await });
    tokio::task::yield_now().await;
    outbox.push(ack(5)).unwrap();
    let got = waiting.await.unwrap();
    assert!(matches!(got, Outbound::Msg(m) if matches!(*m, ServerMsg::Ack { request: 5, .. })));
}
