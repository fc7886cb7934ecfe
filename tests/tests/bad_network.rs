//! A hall's bad network, simulated on virtual time (`minuta_tests::sim_net`):
//! datagrams lost, delayed and reordered between every terminal and the
//! server. QUIC carries the cards through; the server stamps each on
//! arrival, so a card that took long on the way is still judged by when it
//! arrived, and none is stored twice. The same seed replays the same losses.

use std::time::Duration;

use anyhow::{Result, anyhow, bail, ensure};

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::games::GameReceipt;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_tests::hall::{Hall, judging_of};
use minuta_tests::sim_net::{Conditions, SimNet};
use minuta_tests::{TestServer, test_timing};

const Q0: QuestionId = QuestionId(0);

/// A hall's Wi-Fi on a bad evening: 15% of datagrams lost each way, 20 ms
/// one way and up to 30 ms more, so datagrams overtake each other.
fn bad_evening(seed: u64) -> Conditions {
    Conditions {
        latency: Duration::from_millis(20),
        jitter: Duration::from_millis(30),
        loss: 0.15,
        seed,
    }
}

#[tokio::test(start_paused = true)]
async fn chgk_3_every_card_arrives_once_over_a_lossy_reordering_network() -> Result<()> {
    // Arrange: five teams joined over the bad network; «Время».
    let net = SimNet::install(bad_evening(28));
    let mut hall = Hall::open(TestServer::simulated().await?, 5, test_timing()).await?;
    hall.start_question(Q0).await?;

    // Act: every team hands in its card at once.
    let mut requests = Vec::new();
    for (i, team) in hall.teams.iter_mut().enumerate() {
        let command = Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: format!("ответ {i}"),
            },
        );
        requests.push(team.send_command(command).await?);
    }
    let mut late = Vec::new();
    for (team, request) in hall.teams.iter_mut().zip(requests) {
        match team.ack(request).await? {
            Ok(Receipt::Game {
                receipt: GameReceipt::Chgk(ChgkReceipt::Card { late: l, .. }),
                ..
            }) => late.push(l),
            other => bail!("a card was not taken: {other:?}"),
        }
    }
    hall.wait_until_over(Q0).await?;

    // Assert: the network lost datagrams, yet every card was taken on time,
    // and the host has five answers, each once.
    let traffic = net.traffic();
    ensure!(traffic.lost > 0, "nothing was lost: {traffic:?}");
    ensure!(late.iter().all(|l| !l), "a card came late: {late:?}");
    let view = hall
        .host
        .wait_host("five answers to judge", |v| {
            judging_of(v, Q0).is_some_and(|j| j.groups.len() == 5)
        })
        .await?;
    let judging = judging_of(&view, Q0).ok_or_else(|| anyhow!("no judging"))?;
    let cards: usize = judging.groups.iter().map(|g| g.teams.len()).sum();
    ensure!(cards == 5, "{cards} cards in the judging: {judging:?}");
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn a_team_whose_cable_is_pulled_gets_its_card_in_once_it_is_back() -> Result<()> {
    // Arrange: two teams; «Время».
    let net = SimNet::install(Conditions::default());
    let mut hall = Hall::open(TestServer::simulated().await?, 2, test_timing()).await?;
    hall.start_question(Q0).await?;
    let cable = hall.teams[0]
        .local_addr()
        .ok_or_else(|| anyhow!("the team's terminal has no address"))?;

    // Act: the cable is pulled, the card handed in, and the cable put back
    // half a second later, still within the minute.
    net.unplug(cable);
    let request = hall.teams[0]
        .send_command(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "серп и молот".into(),
            },
        ))
        .await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    ensure!(
        hall.teams[0].try_ack(request).is_none(),
        "acknowledged through a pulled cable"
    );
    net.plug(cable);
    let receipt = hall.teams[0].ack(request).await?;

    // Assert: QUIC resent it; the server took it when it arrived, on time.
    match receipt {
        Ok(Receipt::Game {
            receipt:
                GameReceipt::Chgk(ChgkReceipt::Card {
                    since_start_ms,
                    late,
                    ..
                }),
            ..
        }) => {
            ensure!(!late, "late");
            ensure!(
                since_start_ms >= 500,
                "stamped before the cable was back: {since_start_ms} ms"
            );
        }
        other => bail!("the card was not taken: {other:?}"),
    }
    Ok(())
}
