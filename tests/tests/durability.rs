//! Durability and reconnection over real QUIC on 127.0.0.1: a `minuta-server` process killed with SIGKILL in the middle of a question and restarted on the same data loses no acknowledged card and resumes the question's clock by the wall clock; a terminal that reconnects gets the current view.

use std::collections::BTreeMap;

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::play::chgk::{ChgkCommand, ChgkError, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameError, GameReceipt, PlayError};
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_tests::hall::judging_of;
use minuta_tests::{Hall, Terminal, TestServer, test_timing};

const Q0: QuestionId = QuestionId(0);

/// A 6-s minute with the signal at 3 s: long enough that a restart lands
/// inside the minute, short enough to see the restarted server signal.
fn restart_timing() -> ChgkTiming {
    ChgkTiming {
        minute_ms: 6_000,
        warning_before_end_ms: 3_000,
        grace_ms: 1_000,
    }
}

#[tokio::test]
async fn store_5_a_server_killed_mid_question_loses_no_acknowledged_card_and_resumes_the_clock()
-> Result<()> {
    // Arrange: a real server process, six teams, the minute running.
    let mut hall = Hall::open(TestServer::child_process()?, 6, restart_timing()).await?;
    let clock = hall.start_question(Q0).await?;
    let ids = hall.team_ids.clone();

    // Four teams hand in cards at once and get their receipts; a fifth card
    // is in flight when the server dies; the sixth team waits.
    let mut requests = Vec::new();
    for i in 0..4 {
        requests.push(
            hall.teams[i]
                .send_command(Command::game(
                    EVENT_CHGK,
                    ChgkCommand::SubmitCard {
                        question: Q0,
                        text: format!("ответ команды {}", i + 1),
                    },
                ))
                .await?,
        );
    }
    let mut acked: BTreeMap<TeamId, (ServerTime, u64)> = BTreeMap::new();
    for (i, request) in requests.into_iter().enumerate() {
        match hall.teams[i].ack(request).await? {
            Ok(Receipt::Game {
                game: EVENT_CHGK,
                receipt:
                    GameReceipt::Chgk(ChgkReceipt::Card {
                        received_at,
                        since_start_ms,
                        late: false,
                        ..
                    }),
            }) => {
                acked.insert(ids[i], (received_at, since_start_ms));
            }
            other => bail!("team {}'s card: {other:?}", i + 1),
        }
    }
    hall.teams[4]
        .send_command(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "ответ команды 5".into(),
            },
        ))
        .await?;

    // Act: SIGKILL, then the same binary on the same data and port.
    hall.server.kill()?;
    hall.server
        .restart()
        .await
        .with_context(|| hall.server.log())?;

    // Assert: the host's first view after the restart holds every
    // acknowledged card and the same clock, still running.
    let mut host = Terminal::connect(&hall.server.host_code).await?;
    let view = host.wait_host("the recovered state", |_| true).await?;
    ensure!(
        view.event_chgk().clock.question == Some(Q0),
        "{:?}",
        view.event_chgk().clock
    );
    ensure!(
        view.event_chgk().clock.started_at == clock.started_at
            && view.event_chgk().clock.ends_at == clock.ends_at,
        "{:?} vs {clock:?}",
        view.event_chgk().clock
    );
    ensure!(
        matches!(
            view.event_chgk().clock.phase,
            Phase::Minute | Phase::LastSeconds
        ),
        "the minute still runs: {:?}",
        view.event_chgk().clock
    );
    let judging = judging_of(&view, Q0).ok_or_else(|| anyhow!("no judging for the question"))?;
    for (i, team) in ids.iter().enumerate().take(4) {
        let group = judging.groups.iter().find(|g| g.teams.contains(team));
        let text = format!("ответ команды {}", i + 1);
        ensure!(
            group.is_some_and(|g| g.spellings.contains(&text)),
            "team {}'s acknowledged card is lost: {:?}",
            i + 1,
            judging
        );
    }

    // Each team that reconnects sees its card with the receipt it was given.
    for (i, code) in hall.team_codes.iter().enumerate().take(4) {
        let mut team = Terminal::connect(code).await?;
        let view = team.wait_team("the recovered view", |_| true).await?;
        let (received_at, since) = acked[&ids[i]];
        let card = view
            .event_chgk()
            .cards
            .first()
            .ok_or_else(|| anyhow!("team {} has no card after the restart", i + 1))?;
        ensure!(
            card.received_at == received_at && card.since_start_ms == since && !card.late,
            "{card:?}"
        );
        ensure!(
            view.event_chgk().clock.ends_at == clock.ends_at,
            "{:?}",
            view.event_chgk().clock
        );
    }

    // The card in flight was either stored or can be handed in again.
    let mut team5 = Terminal::connect(&hall.team_codes[4]).await?;
    let again = team5
        .command(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "ответ команды 5".into(),
            },
        ))
        .await?;
    ensure!(
        matches!(
            again,
            Ok(Receipt::Game {
                game: EVENT_CHGK,
                receipt: GameReceipt::Chgk(ChgkReceipt::Card { late: false, .. })
            }) | Err(CommandError::Play(PlayError::Game(GameError::Chgk(
                ChgkError::CardAlreadyAccepted
            ))))
        ),
        "{again:?}"
    );

    // The clock resumed by the wall clock: a card now counts at its true
    // time on the same stopwatch, and the restarted server gives the signal.
    let mut team6 = Terminal::connect(&hall.team_codes[5]).await?;
    let receipt = team6
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "ответ команды 6".into(),
            },
        ))
        .await?;
    let Receipt::Game {
        game: EVENT_CHGK,
        receipt:
            GameReceipt::Chgk(ChgkReceipt::Card {
                since_start_ms,
                late: false,
                ..
            }),
    } = receipt
    else {
        bail!("{receipt:?}")
    };
    let before = acked.values().map(|(_, since)| *since).max().unwrap_or(0);
    ensure!(
        since_start_ms > before,
        "the stopwatch went on: {since_start_ms} ms after {before} ms"
    );
    team6
        .wait_team("the 10-seconds signal from the restarted server", |v| {
            v.event_chgk().clock.phase == Phase::LastSeconds
        })
        .await?;
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn reconnect_a_terminal_that_reconnects_gets_the_current_view() -> Result<()> {
    // Arrange: a card handed in; team 1 and the display leave.
    let mut hall = Hall::open(TestServer::simulated().await?, 5, test_timing()).await?;
    let clock = hall.start_question(Q0).await?;
    let receipt = hall.teams[0]
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "серп и молот".into(),
            },
        ))
        .await?;
    hall.teams[1]
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "кувалда".into(),
            },
        ))
        .await?;
    let team1 = hall.team_ids[0];
    hall.teams[0].close();
    hall.display.close();
    hall.host
        .wait_host("team 1 shown as gone", |v| {
            v.teams.iter().any(|t| t.id == team1 && !t.connected) && v.displays_connected == 0
        })
        .await?;

    // Act: both join again with the same codes.
    let mut team = Terminal::connect(&hall.team_codes[0]).await?;
    let mut display = Terminal::connect(&hall.server.display_code).await?;

    // Assert: the first view each receives is the current one.
    let first = team.next_view().await?;
    let view = minuta_tests::terminal::team_view(&first)
        .ok_or_else(|| anyhow!("not a team view: {first:?}"))?;
    let Receipt::Game {
        game: EVENT_CHGK,
        receipt: GameReceipt::Chgk(ChgkReceipt::Card { received_at, .. }),
    } = receipt
    else {
        bail!("{receipt:?}")
    };
    ensure!(
        view.team == team1 && view.event_chgk().cards.len() == 1,
        "{view:?}"
    );
    ensure!(
        view.event_chgk().cards[0].text == "серп и молот"
            && view.event_chgk().cards[0].received_at == received_at,
        "{:?}",
        view.event_chgk().cards
    );
    ensure!(
        view.event_chgk().clock.question == Some(Q0)
            && view.event_chgk().clock.ends_at == clock.ends_at,
        "{:?}",
        view.event_chgk().clock
    );
    let first = display.next_view().await?;
    let view = minuta_tests::terminal::display_view(&first)
        .ok_or_else(|| anyhow!("not a display view: {first:?}"))?;
    ensure!(
        view.event_chgk().cards_in == 2 && view.event_chgk().clock.ends_at == clock.ends_at,
        "{view:?}"
    );
    hall.host
        .wait_host("team 1 shown as back", |v| {
            v.teams.iter().any(|t| t.id == team1 && t.connected) && v.displays_connected == 1
        })
        .await?;

    // The card stays final across the reconnect.
    let again = team
        .command(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "другое".into(),
            },
        ))
        .await?;
    ensure!(
        again
            == Err(CommandError::Play(PlayError::Game(GameError::Chgk(
                ChgkError::CardAlreadyAccepted
            )))),
        "{again:?}"
    );
    Ok(())
}
