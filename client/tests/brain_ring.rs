//! «Брейн-ринг» screens clicked through headless with egui_kittest: the
//! team's button (click and space bar, the immediate feedback, the verdict)
//! and its screen between fights here; the host's fight panel and the
//! tournament's steps in [`staff`]; the projector's board, and a second
//! Brain-ring beside the event's own on every screen, in [`hall`].

use crate::common;

use common::{ScreenHarness, screen, state_at};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use minuta_client::i18n::Lang;
use minuta_client::state::{NetEvent, UiCommand, reduce};
use minuta_client::views::brain_ring::RingTab;
use minuta_client::views::brain_ring::staff::RingStaffForm;
use minuta_client::views::games::{EventTab, GameForm};
use minuta_client::views::host::{HostForm, HostTab};
use minuta_client::views::team;
use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{
    ButtonPhase, ButtonQuestion, EVENT_RING, FightId, FightKind, Press, PressKind, RingBoard,
    RingCommand, RingFightView, RingPlaceRow, RingQuestionText, RingStage, RingStandingRow,
    RingTiming,
};
use minuta_shared::play::cut::CutBoard;
use minuta_shared::time::{ClockSample, ServerTime};
use minuta_shared::tournament::Place;
use minuta_shared::wire::client::{Command, CutDecision, CutStep};
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{DisplayView, HostView, View};

/// When «Время» was given in these tests (µs of server time).
const ARMED: u64 = 1_000_000_000_000;
const FIGHT: FightId = FightId(3);

fn at_ms(ms: u64) -> ServerTime {
    ServerTime(ARMED + ms * 1000)
}

fn question(phase: ButtonPhase) -> ButtonQuestion {
    ButtonQuestion {
        number: 4,
        phase,
        locked: [false; 2],
        false_start: [false; 2],
        pressed: [false; 2],
        armed_at: Some(ServerTime(ARMED)),
    }
}

fn armed() -> ButtonPhase {
    ButtonPhase::Armed {
        armed_at: ServerTime(ARMED),
        deadline: at_ms(60_000),
    }
}

fn fight(phase: ButtonPhase) -> RingFightView {
    RingFightView {
        id: FIGHT,
        label: "Круг 1, бой 2".into(),
        kind: FightKind::Qualifying { round: 1 },
        ordinal: 2,
        format: minuta_shared::play::brain_ring::rules::FightFormat::QUALIFYING,
        stage: 1,
        tables: [TeamId(1), TeamId(2)],
        names: ["Знатоки".into(), "Эрудиты".into()],
        score: [2, 1],
        status: FightStatus::InProgress {
            next_question: 4,
            sudden_death: false,
        },
        question: Some(question(phase)),
        closed: false,
        presses: Vec::new(),
        appeals: Vec::new(),
        text: None,
    }
}

fn press(team: u32, table: usize, gap_us: u64, kind: PressKind) -> (Press, u64) {
    let arrived = ARMED + 1_234_000 + gap_us;
    (
        Press {
            question: 4,
            team: TeamId(team),
            table,
            arrived_at: ServerTime(arrived),
            since_arming_us: Some((arrived - ARMED) as i64),
            rtt_us: 420,
            clock_offset_us: -1_500,
            kind,
        },
        gap_us,
    )
}

// ------------------------------------------------------------------ the team

/// Team 1's terminal during `fight`, `ms` after «Время».
fn team_screen(fight: RingFightView, ms: u64) -> ScreenHarness<team::TeamForm> {
    team_screen_with(Some(fight), None, ms)
}

/// Team 1's terminal with its open fight (if any) and its Brain-ring board.
fn team_screen_with(
    fight: Option<RingFightView>,
    ring_board: Option<RingBoard>,
    ms: u64,
) -> ScreenHarness<team::TeamForm> {
    let mut view = common::team_view();
    let ring = common::team_ring(&mut view);
    ring.fight = fight;
    ring.board = ring_board;
    let view = View::Team(view);
    screen(
        state_at(Lang::Ru, ARMED + ms * 1000, view),
        team::TeamForm::default(),
        [1000.0, 900.0],
        common::team_terminal,
    )
}

/// What the app does with a view's commands: presses leave as requests.
fn send_all(harness: &mut ScreenHarness<team::TeamForm>) -> Vec<u64> {
    let sent = std::mem::take(&mut harness.state_mut().sent);
    sent.into_iter()
        .map(|command| match command {
            UiCommand::Send(command) => harness.state_mut().state.begin_request(command),
            other => panic!("expected a command for the server, got {other:?}"),
        })
        .collect()
}

fn verdict(harness: &mut ScreenHarness<team::TeamForm>, request: u64, receipt: Receipt) {
    common::answer(&mut harness.state_mut().state, request, Ok(receipt));
    harness.run();
}

#[test]
fn clicking_the_big_button_presses_and_the_verdict_follows() {
    let mut harness = team_screen(fight(armed()), 20_000);
    // The terminal's best clock offset travels with the press.
    reduce(
        &mut harness.state_mut().state,
        NetEvent::Clock(ClockSample {
            rtt_us: 300,
            offset_us: 1_500,
        }),
    );
    harness.state_mut().state.now_us -= 1_500;
    harness.run();
    assert!(harness.query_by_label("Время! Жмите").is_some());
    assert!(
        harness.query_by_label("0:40").is_some(),
        "the minute counts down on server time"
    );
    assert!(harness.query_by_label("Знатоки").is_some());
    assert!(harness.query_by_label("Стол 1 · вы").is_some());
    common::click(&mut harness, "Нажать");
    common::assert_sent(
        &harness,
        [Command::Press {
            clock_offset_us: 1_500,
        }],
    );
    let requests = send_all(&mut harness);
    harness.run();
    assert!(
        harness
            .state()
            .state
            .button
            .is_flashing(harness.state().state.now_us),
        "the button lights up before the server says anything"
    );
    assert!(
        harness
            .query_by_label("нажато — ждём ответа сервера…")
            .is_some()
    );
    verdict(
        &mut harness,
        requests[0],
        Receipt::Press {
            kind: PressKind::Won,
            arrived_at: at_ms(1_234),
            since_arming_us: Some(1_234_000),
        },
    );
    assert!(
        harness
            .query_by_label("Вы отвечаете! Нажатие через 1.234 с после «Время»")
            .is_some()
    );
    assert!(
        harness.state().state.toasts.is_empty(),
        "the verdict shows on the button, not as a toast"
    );
}

#[test]
fn the_fight_is_named_in_the_terminal_s_language() {
    let mut harness = team_screen(fight(armed()), 1_000);
    assert!(harness.query_by_label("Круг 1, бой 2").is_some());
    harness.state_mut().state.lang = Lang::En;
    harness.run();
    assert!(harness.query_by_label("Round 1, fight 2").is_some());
    assert!(harness.query_by_label("Круг 1, бой 2").is_none());
}

#[test]
fn brain_ring_4_10_the_last_regulation_question_is_not_sudden_death_once_over() {
    use minuta_client::views::brain_ring::question_line;
    use minuta_shared::play::brain_ring::rules::FightFormat;
    let drawn_after_five = |phase| {
        let mut f = fight(phase);
        f.format = FightFormat::PLAYOFF;
        f.status = FightStatus::InProgress {
            next_question: 6,
            sudden_death: true,
        };
        f
    };
    let mut fifth = drawn_after_five(ButtonPhase::Over { taken_by: None });
    if let Some(q) = &mut fifth.question {
        q.number = 5;
    }
    assert_eq!(question_line(Lang::Ru, &fifth).as_deref(), Some("Вопрос 5"));
    let mut sixth = drawn_after_five(ButtonPhase::Reading);
    if let Some(q) = &mut sixth.question {
        q.number = 6;
    }
    assert_eq!(
        question_line(Lang::Ru, &sixth).as_deref(),
        Some("Вопрос 6 — до первого взятого")
    );
}

#[test]
fn the_space_bar_presses_the_button() {
    let mut harness = team_screen(fight(armed()), 5_000);
    harness.run();
    harness.key_press(egui::Key::Space);
    harness.run();
    common::assert_sent(&harness, [Command::Press { clock_offset_us: 0 }]);
}

#[test]
fn a_repeated_press_keeps_the_verdict_that_mattered() {
    let mut harness = team_screen(fight(armed()), 5_000);
    harness.run();
    harness.key_press(egui::Key::Space);
    harness.run();
    common::click(&mut harness, "Нажать");
    let requests = send_all(&mut harness);
    assert_eq!(requests.len(), 2, "each press goes; the server sorts them");
    verdict(
        &mut harness,
        requests[0],
        Receipt::Press {
            kind: PressKind::Won,
            arrived_at: at_ms(5_000),
            since_arming_us: Some(5_000_000),
        },
    );
    verdict(
        &mut harness,
        requests[1],
        Receipt::Press {
            kind: PressKind::Repeated,
            arrived_at: at_ms(5_100),
            since_arming_us: Some(5_100_000),
        },
    );
    assert!(harness.query_by_label_contains("Вы отвечаете!").is_some());
    assert!(harness.query_by_label("Нажатие уже учтено").is_none());
}

#[test]
fn a_late_press_says_how_much_faster_the_opponents_were() {
    let answering = ButtonPhase::Answering {
        table: 1,
        pressed_at: at_ms(2_000),
    };
    let mut harness = team_screen(fight(answering), 2_050);
    harness.run();
    assert!(harness.query_by_label("Отвечает «Эрудиты»").is_some());
    common::click(&mut harness, "Нажать");
    let requests = send_all(&mut harness);
    verdict(
        &mut harness,
        requests[0],
        Receipt::Press {
            kind: PressKind::Late,
            arrived_at: ServerTime(at_ms(2_000).0 + 37_400),
            since_arming_us: Some(2_037_400),
        },
    );
    assert!(
        harness
            .query_by_label("Соперник был быстрее на 0.037 с")
            .is_some()
    );
}

#[test]
fn a_false_start_is_shown_as_the_lost_question() {
    let mut reading = fight(ButtonPhase::Reading);
    if let Some(q) = &mut reading.question {
        q.false_start = [true, false];
        q.locked = [true, false];
    }
    let mut harness = team_screen(reading, 0);
    harness.run();
    assert!(
        harness
            .get_all_by_label("Фальстарт — вопрос потерян")
            .next()
            .is_some()
    );
    assert!(
        harness.query_by_label("фальстарт").is_some(),
        "the table is marked too"
    );
    // Issue 39: the red button says why it takes no press.
    assert!(
        harness
            .query_by_label("Фальстарт: кнопка закрыта")
            .is_some()
    );
    assert!(harness.query_by_label("Нажать").is_none());
}

#[test]
fn in_the_final_the_team_sits_where_its_table_is() {
    let mut swapped = fight(ButtonPhase::Reading);
    swapped.tables = [TeamId(2), TeamId(1)];
    swapped.names = ["Эрудиты".into(), "Знатоки".into()];
    let mut harness = team_screen(swapped, 0);
    harness.run();
    assert!(harness.query_by_label("Стол 2 · вы").is_some());
    assert!(harness.query_by_label("Стол 1").is_some());
}

#[test]
fn an_appeal_is_written_without_the_space_bar_pressing() {
    let mut over = fight(ButtonPhase::Over { taken_by: Some(1) });
    over.score = [2, 2];
    let mut harness = team_screen(over, 30_000);
    harness.run();
    common::click(&mut harness, "Подать апелляцию…");
    harness.get_by_role(Role::MultilineTextInput).focus();
    harness.run();
    harness
        .get_by_role(Role::MultilineTextInput)
        .type_text("Вопрос");
    harness.key_press(egui::Key::Space);
    harness
        .get_by_role(Role::MultilineTextInput)
        .type_text(" некорректен");
    harness.run();
    assert!(
        harness.state().sent.is_empty(),
        "a space in the appeal's text is not a press"
    );
    common::click(&mut harness, "Подать апелляцию");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_RING,
            RingCommand::Appeal {
                fight: FIGHT,
                kind: minuta_shared::play::brain_ring::RingAppealKind::QuestionIncorrect,
                text: "Вопрос некорректен".into(),
            },
        )],
    );
}

#[test]
fn after_a_wrong_answer_the_other_table_sees_its_twenty_seconds() {
    let second_chance = ButtonPhase::SecondChance {
        table: 0,
        opened_at: at_ms(10_000),
        deadline: at_ms(30_000),
    };
    let mut rival_wrong = fight(second_chance);
    if let Some(q) = &mut rival_wrong.question {
        q.locked = [false, true];
    }
    let mut harness = team_screen(rival_wrong, 12_500);
    harness.run();
    assert!(harness.query_by_label("20 секунд: ваш шанс").is_some());
    assert!(harness.query_by_label("0:18").is_some());
    assert!(harness.query_by_label("без права ответа").is_some());
}

#[test]
fn an_upheld_appeal_is_what_the_team_reads_after_the_question() {
    let mut over = fight(ButtonPhase::Over { taken_by: None });
    over.score = [3, 1];
    over.appeals = vec![minuta_shared::play::brain_ring::RingAppeal {
        id: 1,
        question: 4,
        team: TeamId(1),
        kind: minuta_shared::play::brain_ring::RingAppealKind::AcceptOurAnswer,
        text: "Гарибальди".into(),
        filed_at: at_ms(40_000),
        resolution: Some((true, "Засчитано".into(), at_ms(45_000))),
    }];
    let mut harness = team_screen(over, 50_000);
    harness.run();
    assert!(
        harness
            .query_by_label("Апелляция принята — вопрос ваш!")
            .is_some()
    );
    assert!(harness.query_by_label("Вопрос никто не взял").is_none());
}

#[test]
fn between_fights_the_team_follows_the_tournament_to_its_final_place() {
    let mut lost = fight(ButtonPhase::Over { taken_by: Some(1) });
    lost.kind = FightKind::Final { number: 1 };
    lost.ordinal = 1;
    lost.score = [2, 4];
    lost.status = FightStatus::Won { winner: 1 };
    lost.closed = true;
    let ring = finished(
        vec![lost],
        RingStandingRow {
            team: TeamId(1),
            name: "Знатоки".into(),
            place: Place::single(1),
            points_halves: 20,
            difference: 5,
            taken: 15,
            fights: 5,
        },
    );
    let harness = team_screen_with(None, Some(ring), 0);
    assert!(harness.query_by_label("Чемпион: «Эрудиты»").is_some());
    assert!(harness.query_by_label("Итоговое место: 2").is_some());
    assert!(
        harness
            .query_by_label("Финал по победам: «Знатоки» 0 — 1 «Эрудиты»")
            .is_some(),
        "4.12: the final's series in wins"
    );
    assert!(harness.query_by_label("Ваши бои").is_some());
    assert!(harness.query_by_label("Финал, бой 1").is_some());
    assert!(harness.query_by_label("Бой проигран").is_some());
    assert!(harness.query_by_label("Итоговые места").is_some());
    assert!(
        harness
            .query_by_label("Ждём, когда ведущий объявит вопрос")
            .is_none(),
        "not the ChGK screen"
    );
}

#[test]
fn the_team_reads_the_fight_result_once_it_is_decided() {
    let mut won = fight(ButtonPhase::Over { taken_by: Some(1) });
    won.score = [3, 2];
    won.status = FightStatus::Won { winner: 0 };
    let mut harness = team_screen(won, 70_000);
    harness.run();
    assert!(harness.query_by_label("Вы выиграли бой!").is_some());
    assert!(harness.query_by_label("Победа: «Знатоки»").is_some());
}

/// A Brain-ring board with `fights` and nothing else.
fn board(fights: Vec<RingFightView>) -> RingBoard {
    RingBoard {
        fights,
        ..RingBoard::default()
    }
}

/// The tournament over after `fights`: «Эрудиты» champions, «Знатоки»
/// second, `standing` the qualifying table.
fn finished(fights: Vec<RingFightView>, standing: RingStandingRow) -> RingBoard {
    let place = |place: u32, team: u32, name: &str| RingPlaceRow {
        place,
        team: TeamId(team),
        name: name.into(),
    };
    RingBoard {
        stage: RingStage::Finished {
            champion: TeamId(2),
        },
        standings: vec![standing],
        final_places: vec![place(1, 2, "Эрудиты"), place(2, 1, "Знатоки")],
        ..board(fights)
    }
}

#[path = "brain_ring/staff.rs"]
mod staff;

#[path = "brain_ring/hall.rs"]
mod hall;

#[path = "brain_ring/phone.rs"]
mod phone;

#[path = "brain_ring/drafts.rs"]
mod drafts;
