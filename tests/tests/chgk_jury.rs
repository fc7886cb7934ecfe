//! 6.5 applied to ChGK on the virtual hall (`minuta_tests::virtual_hall`):
//! the server's machine and the app's own state on virtual time, no
//! sockets. Once the appeal jury's terminal has joined, a team's спорный
//! goes to the jury — the host sees it and is refused when it tries to
//! decide; the jury reads the team's card beside the author's answer and
//! decides with a reply; until then the rating-site export writes `?` in
//! the team's mask and the answer with its спорный, and after it the
//! verdict, and the PDF protocol names the jury and the time. Beside it,
//! the host marks a team absent from the tour on the teams tab's command
//! (4.3), and the export's A follows.

use anyhow::{Result, anyhow, ensure};

use minuta_server::export::ExportFormat;
use minuta_shared::export::event::EventExport;
use minuta_shared::export::rating::{RatingResult, RatingResults};
use minuta_shared::ids::{QuestionId, TourId};
use minuta_shared::play::chgk::{
    AppealDecider, AppealKind, ChgkCommand, ChgkError, ChgkReceipt, EVENT_CHGK, Verdict,
};
use minuta_shared::play::games::{GameError, GameReceipt, GameStaffView, PlayError};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_tests::hall::{judging_of, test_timing};
use minuta_tests::sim_net::Conditions;
use minuta_tests::virtual_hall::VirtualHall;

const Q0: QuestionId = QuestionId(0);

/// The rating-site export's mask and спорные of the team named `name`.
fn rating_row(hall: &VirtualHall, name: &str) -> Result<RatingResult> {
    let rating: RatingResults = serde_json::from_str(&hall.export(ExportFormat::Rating)?)?;
    rating
        .results
        .iter()
        .find(|r| r.team.name == name)
        .cloned()
        .ok_or_else(|| anyhow!("no row for {name} in {rating:#?}"))
}

#[test]
fn chgk_6_5_a_disputed_answer_goes_to_the_jury_and_the_export_waits_for_it() -> Result<()> {
    // Arrange: three teams, and the appeal jury's terminal joins: from now
    // on the event has a jury.
    let mut hall = VirtualHall::open(3, test_timing(), Conditions::default())?;
    let host = hall.host;
    let jury = hall.join_jury()?;
    hall.host_sees("the jury seated", |v| v.event_chgk().appeal_jury)?;

    // Question 1 (answer «серп, молот.»): team 1 right, team 2 «серп и
    // молот» (judged wrong, then disputed), team 3 hands in nothing and is
    // marked absent (it did not come).
    hall.start_question(Q0)?;
    for (i, text) in [(0, "серп, молот"), (1, "серп и молот")] {
        hall.submit_card(hall.teams[i], Q0, text)??;
    }
    hall.wait_until_over(Q0)?;
    let view = hall.host_sees("both cards", |v| {
        judging_of(v, Q0).is_some_and(|j| j.groups.len() == 2)
    })?;
    let groups = judging_of(&view, Q0)
        .ok_or_else(|| anyhow!("no judging"))?
        .groups
        .clone();
    for group in groups {
        let verdict = if group.teams.contains(&hall.team_ids[0]) {
            Verdict::Correct
        } else {
            Verdict::Wrong
        };
        let judge = ChgkCommand::Judge {
            question: Q0,
            group: group.key,
            verdict,
        };
        hall.ok(host, Command::game(EVENT_CHGK, judge))?;
    }
    let absent = ChgkCommand::MarkAbsent {
        team: hall.team_ids[2],
        tour: TourId(0),
        absent: true,
    };
    hall.ok(host, Command::game(EVENT_CHGK, absent))?;
    hall.ok(
        host,
        Command::game(EVENT_CHGK, ChgkCommand::Reveal { question: Q0 }),
    )?;
    let appeal = ChgkCommand::FileAppeal {
        question: Q0,
        kind: AppealKind::AcceptMyAnswer,
        text: "«и» вместо запятой — тот же ответ".into(),
    };
    let filed = hall.ok(hall.teams[1], Command::game(EVENT_CHGK, appeal))?;
    let Receipt::Game {
        receipt: GameReceipt::Chgk(ChgkReceipt::AppealFiled { appeal }),
        ..
    } = filed
    else {
        return Err(anyhow!("not an appeal receipt: {filed:?}"));
    };

    // Before the decision: the export has `?` and the answer with its спорный.
    let before = rating_row(&hall, "Команда 2")?;
    ensure!(before.mask == "?", "{before:#?}");
    let spor = before.controversials.first();
    ensure!(
        spor.and_then(|a| a.answer.as_deref()) == Some("серп и молот")
            && spor.is_some_and(|a| a.status == "N"),
        "{before:#?}"
    );
    // A = 2 playing (team 3 marked absent), B = 1: team 1's rating is 2.
    let first: EventExport = serde_json::from_str(&hall.export(ExportFormat::Json)?)?;
    ensure!(
        first.standings.first().map(|r| r.rating) == Some(2),
        "{first:#?}"
    );

    // Act: the host tries to decide while the jury sits.
    let resolve = |upheld| {
        Command::game(
            EVENT_CHGK,
            ChgkCommand::ResolveAppeal {
                appeal,
                upheld,
                reply: "Засчитано: тот же ответ".into(),
            },
        )
    };
    let by_host = hall.command(host, resolve(true))?;

    // Assert: refused with its reason; the connection stays.
    ensure!(
        by_host
            == Err(CommandError::Play(PlayError::Game(GameError::Chgk(
                ChgkError::JuryDecides
            )))),
        "{by_host:?}"
    );
    ensure!(
        hall.terminals[host].closed.is_none(),
        "the host's link stays"
    );

    // Act: the jury sees the card and the author's answer, and decides.
    let seen = hall.jury_sees(jury, "the appeal", |v| {
        v.games.iter().any(|g| {
            g.id == EVENT_CHGK
                && matches!(&g.view, GameStaffView::Chgk(c)
                    if c.appeals.iter().any(|a| a.id == appeal))
        })
    })?;
    let chgk = seen
        .games
        .iter()
        .find_map(|g| match &g.view {
            GameStaffView::Chgk(c) if g.id == EVENT_CHGK => Some(c),
            _ => None,
        })
        .ok_or_else(|| anyhow!("no ChGK in the jury's view"))?;
    let card = &chgk.appeals[0];
    ensure!(
        card.card.as_deref() == Some("серп и молот") && card.author_answer == "серп, молот.",
        "{card:?}"
    );
    hall.ok(jury, resolve(true))?;

    // Assert: the decision is the jury's, with its time; the export has the
    // verdict.
    let view = hall.host_sees("the jury's decision", |v| {
        v.event_chgk()
            .appeals
            .iter()
            .any(|a| a.resolution.is_some())
    })?;
    let decided = view.event_chgk().appeals[0]
        .resolution
        .clone()
        .ok_or_else(|| anyhow!("undecided"))?;
    ensure!(
        decided.upheld && decided.by == AppealDecider::Jury,
        "{decided:?}"
    );
    let after = rating_row(&hall, "Команда 2")?;
    ensure!(
        after.mask == "1"
            && after
                .controversials
                .first()
                .is_some_and(|a| a.status == "A"),
        "{after:#?}"
    );
    // The protocol names who decided and when, and who was absent.
    let protocol = hall.protocol()?.plain_text();
    ensure!(
        protocol.contains("Принята. Ответ: Засчитано: тот же ответ (АЖ, ")
            && protocol.contains("Отсутствовали (4.3, не входят в A): Команда 3."),
        "{protocol}"
    );
    Ok(())
}
