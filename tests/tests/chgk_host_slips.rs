//! The host's shortcuts against slips (issue 25) on the virtual hall
//! (`minuta_tests::virtual_hall`): the server's machine and the app's own
//! state on virtual time, no sockets. An announcement taken back before
//! «Время», and «Остальные — неверно» judging every open group in one
//! command — stored durably, so a restarted server has every verdict and
//! the reveal goes on.

use anyhow::{Result, anyhow, ensure};

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::view::QuestionStatus;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK, Verdict};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_tests::hall::{judging_of, test_timing};
use minuta_tests::sim_net::Conditions;
use minuta_tests::virtual_hall::{HOST_SECRET, VirtualHall};

const Q0: QuestionId = QuestionId(0);
const Q1: QuestionId = QuestionId(1);

fn chgk(command: ChgkCommand) -> Command {
    Command::game(EVENT_CHGK, command)
}

#[test]
fn chgk_3_an_announcement_taken_back_leaves_the_question_unplayed() -> Result<()> {
    // Arrange: question 2 announced by a press too many.
    let mut hall = VirtualHall::open(2, test_timing(), Conditions::default())?;
    let host = hall.host;
    hall.ok(host, chgk(ChgkCommand::Announce { question: Q1 }))?;

    // Act
    hall.ok(
        host,
        chgk(ChgkCommand::TakeBackAnnouncement { question: Q1 }),
    )?;

    // Assert: nothing current, question 2 unplayed; question 1 plays.
    let view = hall.host_sees("no question current", |v| {
        v.event_chgk().clock.question.is_none()
    })?;
    let status = view
        .event_chgk()
        .tours
        .iter()
        .flat_map(|t| &t.questions)
        .find(|q| q.id == Q1)
        .map(|q| q.status)
        .ok_or_else(|| anyhow!("no question 2"))?;
    ensure!(status == QuestionStatus::NotPlayed, "{status:?}");
    hall.start_question(Q0)?;
    Ok(())
}

#[test]
fn chgk_3_the_rest_wrong_is_one_command_and_survives_a_restart() -> Result<()> {
    // Arrange: three teams, three different answers; the first judged right.
    let mut hall = VirtualHall::open(3, test_timing(), Conditions::default())?;
    let host = hall.host;
    hall.start_question(Q0)?;
    for (team, text) in hall
        .teams
        .clone()
        .into_iter()
        .zip(["серп и молот", "молот", "серп"])
    {
        hall.ok(
            team,
            chgk(ChgkCommand::SubmitCard {
                question: Q0,
                text: text.into(),
            }),
        )?;
    }
    hall.wait_until_over(Q0)?;
    let view = hall.host_sees("three groups", |v| {
        judging_of(v, Q0).is_some_and(|j| j.groups.len() == 3)
    })?;
    let first = judging_of(&view, Q0)
        .and_then(|j| j.groups.iter().find(|g| g.spellings[0] == "серп и молот"))
        .map(|g| g.key.clone())
        .ok_or_else(|| anyhow!("no group «серп и молот»"))?;
    hall.ok(
        host,
        chgk(ChgkCommand::Judge {
            question: Q0,
            group: first.clone(),
            verdict: Verdict::Correct,
        }),
    )?;

    // Act: the rest wrong in one command; then the server crashes and
    // starts again on its store, and the host joins again.
    hall.ok(host, chgk(ChgkCommand::JudgeRestWrong { question: Q0 }))?;
    hall.reboot()?;
    hall.host = hall.join(Credential::Host {
        secret: HOST_SECRET.into(),
    })?;

    // Assert: every verdict is back, the first still right, and the reveal
    // is accepted.
    let view = hall.host_sees("the recovered verdicts", |v| {
        judging_of(v, Q0).is_some_and(|j| j.groups.iter().all(|g| g.verdict.is_some()))
    })?;
    let judging = judging_of(&view, Q0).ok_or_else(|| anyhow!("no judging"))?;
    for group in &judging.groups {
        let want = if group.key == first {
            Verdict::Correct
        } else {
            Verdict::Wrong
        };
        ensure!(group.verdict == Some(want), "{group:?}");
    }
    hall.ok(hall.host, chgk(ChgkCommand::Reveal { question: Q0 }))?;
    Ok(())
}
