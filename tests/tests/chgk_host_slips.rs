//! The host's shortcuts against slips (issue 25) end to end over QUIC on a
//! simulated network, on virtual time: an announcement taken back before «Время», and
//! «Остальные — неверно» judging every open group in one command — stored
//! durably, so a restarted server has every verdict and the reveal goes on.

use anyhow::{Context, Result, anyhow, ensure};

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::view::QuestionStatus;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK, Verdict};
use minuta_shared::wire::client::Command;
use minuta_tests::hall::{Hall, judging_of};
use minuta_tests::terminal::Terminal;
use minuta_tests::{TestServer, test_timing};

const Q0: QuestionId = QuestionId(0);
const Q1: QuestionId = QuestionId(1);

fn chgk(command: ChgkCommand) -> Command {
    Command::game(EVENT_CHGK, command)
}

#[tokio::test(start_paused = true)]
async fn chgk_3_an_announcement_taken_back_leaves_the_question_unplayed() -> Result<()> {
    // Arrange: question 2 announced by a press too many.
    let mut hall = Hall::open(TestServer::simulated().await?, 2, test_timing()).await?;
    hall.host
        .ok(chgk(ChgkCommand::Announce { question: Q1 }))
        .await?;

    // Act
    hall.host
        .ok(chgk(ChgkCommand::TakeBackAnnouncement { question: Q1 }))
        .await?;

    // Assert: nothing current, question 2 unplayed; question 1 plays.
    let view = hall
        .host
        .wait_host("no question current", |v| {
            v.event_chgk().clock.question.is_none()
        })
        .await?;
    let status = view
        .event_chgk()
        .tours
        .iter()
        .flat_map(|t| &t.questions)
        .find(|q| q.id == Q1)
        .map(|q| q.status)
        .ok_or_else(|| anyhow!("no question 2"))?;
    ensure!(status == QuestionStatus::NotPlayed, "{status:?}");
    hall.start_question(Q0).await?;
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn chgk_3_the_rest_wrong_is_one_command_and_survives_a_restart() -> Result<()> {
    // Arrange: three teams, three different answers; the first judged right.
    let mut hall = Hall::open(TestServer::simulated().await?, 3, test_timing()).await?;
    hall.start_question(Q0).await?;
    for (team, text) in hall.teams.iter_mut().zip(["серп и молот", "молот", "серп"])
    {
        team.ok(chgk(ChgkCommand::SubmitCard {
            question: Q0,
            text: text.into(),
        }))
        .await?;
    }
    hall.wait_until_over(Q0).await?;
    let view = hall
        .host
        .wait_host("three groups", |v| {
            judging_of(v, Q0).is_some_and(|j| j.groups.len() == 3)
        })
        .await?;
    let first = judging_of(&view, Q0)
        .and_then(|j| j.groups.iter().find(|g| g.spellings[0] == "серп и молот"))
        .map(|g| g.key.clone())
        .ok_or_else(|| anyhow!("no group «серп и молот»"))?;
    hall.host
        .ok(chgk(ChgkCommand::Judge {
            question: Q0,
            group: first.clone(),
            verdict: Verdict::Correct,
        }))
        .await?;

    // Act: the rest wrong in one command; then the server restarts.
    hall.host
        .ok(chgk(ChgkCommand::JudgeRestWrong { question: Q0 }))
        .await?;
    hall.server
        .restart()
        .await
        .with_context(|| hall.server.log())?;
    let mut host = Terminal::connect(&hall.server.host_code).await?;

    // Assert: every verdict is back, the first still right, and the reveal
    // is accepted.
    let view = host
        .wait_host("the recovered verdicts", |v| {
            judging_of(v, Q0).is_some_and(|j| j.groups.iter().all(|g| g.verdict.is_some()))
        })
        .await?;
    let judging = judging_of(&view, Q0).ok_or_else(|| anyhow!("no judging"))?;
    for group in &judging.groups {
        let want = if group.key == first {
            Verdict::Correct
        } else {
            Verdict::Wrong
        };
        ensure!(group.verdict == Some(want), "{group:?}");
    }
    host.ok(chgk(ChgkCommand::Reveal { question: Q0 })).await?;
    Ok(())
}
