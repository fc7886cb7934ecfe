//! «Что? Где? Когда?» (section 3) on the virtual hall
//! (`minuta_tests::virtual_hall`): the server's machine and the app's own
//! state on virtual time, no sockets. Cards before «Время», in the minute
//! and after the grace; a card final once accepted; what the host, the
//! projector and the late team see.

use anyhow::{Result, anyhow, bail, ensure};

use minuta_server::core::Event;
use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::play::chgk::{ChgkCommand, ChgkError, ChgkEvent, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameError, GameEvent, GameReceipt, PlayError};
use minuta_shared::text::normalise_answer;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_tests::hall::{card_receipt, judging_of, test_timing};
use minuta_tests::sim_net::Conditions;
use minuta_tests::virtual_hall::VirtualHall;

const Q0: QuestionId = QuestionId(0);

#[test]
fn chgk_3_card_after_grace_is_late_but_kept() -> Result<()> {
    // Arrange: five teams, a 2-s minute with a 1-s grace, on a hall's
    // Wi-Fi that loses one message in twenty.
    let net = Conditions {
        loss: 0.05,
        ..Conditions::default()
    };
    let mut hall = VirtualHall::open(5, test_timing(), net)?;
    let [t1, t2, t3, t4, t5] = [0, 1, 2, 3, 4].map(|i| hall.team_ids[i]);
    let teams = hall.teams.clone();
    let host = hall.host;

    // Act: a card while the question is only announced, two during the
    // minute, one after the grace; the fifth team hands in nothing.
    let announce = ChgkCommand::Announce { question: Q0 };
    hall.ok(host, Command::game(EVENT_CHGK, announce))?;
    let early = hall
        .submit_card(teams[0], Q0, "Серп, молот")?
        .map_err(|e| anyhow!("the early card: {e}"))?;
    hall.ok(host, Command::game(EVENT_CHGK, ChgkCommand::StartMinute))?;
    let clock = hall
        .host_sees("the minute", |v| v.event_chgk().clock.started_at.is_some())?
        .event_chgk()
        .clock
        .clone();
    let on_time = hall.submit_card(teams[1], Q0, "серп и молот")??;
    let on_time_2 = hall.submit_card(teams[2], Q0, "молот, серп")??;
    hall.team_sees(teams[3], "the grace to end", |v| {
        v.event_chgk().clock.phase == Phase::Over
    })?;
    let late = hall.submit_card(teams[3], Q0, "Серп и молот!")??;

    // Assert: the receipts. A card before «Время» counts at 0 ms.
    let Receipt::Game {
        game: EVENT_CHGK,
        receipt:
            GameReceipt::Chgk(ChgkReceipt::Card {
                since_start_ms: 0,
                late: false,
                question: Q0,
                ..
            }),
    } = early
    else {
        bail!("early card: {early:?}")
    };
    let (_, late_flag) = card_receipt(&on_time, &clock)?;
    ensure!(!late_flag, "a card in the minute is on time: {on_time:?}");
    ensure!(!card_receipt(&on_time_2, &clock)?.1, "{on_time_2:?}");
    let (late_ms, late_flag) = card_receipt(&late, &clock)?;
    ensure!(late_flag, "a card after the grace is late: {late:?}");
    ensure!(
        late_ms > 3_000,
        "late card at {late_ms} ms, after a 2-s minute and 1-s grace"
    );

    // A card is final once accepted, as on paper; a late card too.
    let accepted = Err(CommandError::Play(PlayError::Game(GameError::Chgk(
        ChgkError::CardAlreadyAccepted,
    ))));
    let again = hall.submit_card(teams[1], Q0, "другой ответ")?;
    ensure!(again == accepted, "a second card: {again:?}");
    let again = hall.submit_card(teams[3], Q0, "другой ответ")?;
    ensure!(again == accepted, "a second late card: {again:?}");

    // The host sees the late card apart, with its time, and who is missing.
    let view = hall.host_sees("all four cards", |v| {
        judging_of(v, Q0).is_some_and(|j| j.late.len() == 1 && j.missing.len() == 1)
    })?;
    let judging = judging_of(&view, Q0).ok_or_else(|| anyhow!("no judging for Q0"))?;
    ensure!(
        judging.late.len() == 1
            && judging.late[0].team == t4
            && judging.late[0].text == "Серп и молот!",
        "{:?}",
        judging.late
    );
    ensure!(
        judging.late[0].since_start_ms == late_ms,
        "the host sees the late card's time"
    );
    ensure!(
        judging.missing == vec![t5],
        "missing: {:?}",
        judging.missing
    );
    let grouped: Vec<TeamId> = judging
        .groups
        .iter()
        .flat_map(|g| g.teams.clone())
        .collect();
    ensure!(
        grouped.len() == 3 && [t1, t2, t3].iter().all(|t| grouped.contains(t)),
        "groups: {:?}",
        judging.groups
    );
    // «Серп, молот» and «серп и молот» are different answers; both exist as groups.
    ensure!(
        judging
            .groups
            .iter()
            .any(|g| g.key == normalise_answer("Серп, молот") && g.teams == vec![t1]),
        "{:?}",
        judging.groups
    );

    // The display counts the cards handed in on time, never what they say.
    let display = hall.display_sees("three cards in", |v| v.event_chgk().cards_in == 3)?;
    ensure!(display.event_chgk().teams == 5, "{display:?}");

    // The late team sees its own card, flagged late.
    let own = hall.team_sees(teams[3], "its late card", |v| {
        !v.event_chgk().cards.is_empty()
    })?;
    ensure!(
        own.event_chgk().cards.len() == 1
            && own.event_chgk().cards[0].late
            && own.event_chgk().cards[0].text == "Серп и молот!",
        "{:?}",
        own.event_chgk().cards
    );

    // Every acknowledged card is in the store, and the store replays.
    let stored = hall
        .stored()
        .iter()
        .filter(|(_, e)| {
            matches!(
                e,
                Event::Game {
                    event: GameEvent::Chgk(ChgkEvent::CardAccepted { question: Q0, .. }),
                    ..
                }
            )
        })
        .count();
    ensure!(stored == 4, "{stored} cards stored");
    hall.restart()?;
    Ok(())
}
