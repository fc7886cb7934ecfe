//! The team terminal's card and the judges' view, clicked through headless
//! with egui_kittest.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::{AppState, NetEvent, UiCommand, reduce};
use minuta_client::views::host::{HostForm, judging};
use minuta_client::views::{judge, team};
use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::play::brain_ring::{RingStage, RingTiming};
use minuta_shared::play::chgk::{Phase, Verdict};
use minuta_shared::play::settings::TournamentSettings;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{
    AnswerGroup, ClockView, HostView, LateCard, QuestionJudging, RingBoard, TeamInfo, TeamView,
    View,
};

/// 1 000 000 s after the epoch: when «Время» was given in these tests.
const START_MS: u64 = 1_000_000_000;

fn running_clock(question: QuestionId) -> ClockView {
    ClockView {
        question: Some(question),
        number: "7".into(),
        tour: None,
        phase: Phase::Minute,
        started_at: Some(ServerTime::from_millis(START_MS)),
        warning_at: Some(ServerTime::from_millis(START_MS + 50_000)),
        ends_at: Some(ServerTime::from_millis(START_MS + 60_000)),
        accept_until: Some(ServerTime::from_millis(START_MS + 63_000)),
    }
}

struct TeamScreen {
    state: AppState,
    form: team::TeamForm,
    sent: Vec<UiCommand>,
}

fn team_screen(at_ms: u64) -> Harness<'static, TeamScreen> {
    let mut state = AppState::new(Lang::Ru);
    state.now_us = (START_MS + at_ms) * 1000;
    reduce(
        &mut state,
        NetEvent::View(Box::new(View::Team(TeamView {
            tournament: "Кубок Минуты".into(),
            team: TeamId(1),
            name: "Знатоки".into(),
            clock: running_clock(QuestionId(6)),
            cards: Vec::new(),
            appeals: Vec::new(),
            standings: Vec::new(),
            ring: None,
            ring_board: None,
            games: Vec::new(),
        }))),
    );
    let screen = TeamScreen {
        state,
        form: team::TeamForm::default(),
        sent: Vec::new(),
    };
    Harness::builder().with_size([900.0, 900.0]).build_ui_state(
        |ui, screen: &mut TeamScreen| {
            let Some(view) = screen.state.team_view().cloned() else {
                return;
            };
            let asked = team::team(ui, &screen.state, &view, &mut screen.form);
            screen.sent.extend(asked);
        },
        screen,
    )
}

/// Types an answer, clicks «Сдать ответ», confirms; returns the command sent.
fn hand_in(harness: &mut Harness<'static, TeamScreen>, answer: &str) -> Command {
    harness.run();
    harness.get_by_role(Role::TextInput).focus();
    harness.run();
    harness.get_by_role(Role::TextInput).type_text(answer);
    harness.run();
    harness.get_by_label("Сдать ответ").click();
    harness.run();
    assert!(
        harness
            .query_by_label("Ответ окончателен, как на бумаге. Сдать?")
            .is_some(),
        "asks to confirm first"
    );
    assert!(
        harness.state().sent.is_empty(),
        "nothing leaves before the confirmation"
    );
    harness.get_by_label("Да, сдать").click();
    harness.run();
    let sent = std::mem::take(&mut harness.state_mut().sent);
    match sent.as_slice() {
        [UiCommand::Send(command)] => command.clone(),
        other => panic!("expected one command, got {other:?}"),
    }
}

fn acknowledge(
    harness: &mut Harness<'static, TeamScreen>,
    command: Command,
    since_start_ms: u64,
    late: bool,
) {
    let state = &mut harness.state_mut().state;
    let request = state.begin_request(command);
    // A spinner turns while the card travels: step, do not wait to settle.
    harness.run_steps(2);
    assert!(
        harness.query_by_label("отправляем…").is_some(),
        "the card shows it is on its way"
    );
    let state = &mut harness.state_mut().state;
    let receipt = Receipt::Card {
        question: QuestionId(6),
        received_at: ServerTime::from_millis(START_MS + since_start_ms),
        since_start_ms,
        late,
    };
    reduce(
        state,
        NetEvent::Ack {
            request,
            result: Ok(receipt),
        },
    );
    harness.run();
}

#[test]
fn team_hands_in_a_card_with_confirmation_and_sees_the_receipt() {
    let mut harness = team_screen(20_000);
    assert!(harness.query_by_label("Знатоки").is_some());
    assert!(harness.query_by_label("Вопрос 7").is_some());
    assert!(
        harness.query_by_label("0:40").is_some(),
        "the countdown runs on server time"
    );
    let command = hand_in(&mut harness, "Шерлок Холмс");
    assert_eq!(
        command,
        Command::SubmitCard {
            question: QuestionId(6),
            text: "Шерлок Холмс".into()
        }
    );
    acknowledge(&mut harness, command, 58_731, false);
    assert!(harness.query_by_label("принято 00:58.731").is_some());
    assert!(
        harness.query_by_label("Сдать ответ").is_none(),
        "the card is locked once accepted"
    );
    assert!(harness.query_by_role(Role::TextInput).is_none());
}

#[test]
fn a_late_card_is_shown_as_not_counted() {
    let mut harness = team_screen(64_000);
    assert!(
        harness
            .query_by_label_contains("будет опозданием")
            .is_some(),
        "warns before a late hand-in"
    );
    let command = hand_in(&mut harness, "Ватсон");
    acknowledge(&mut harness, command, 64_002, true);
    assert!(harness.query_by_label("опоздание — не засчитано").is_some());
    assert!(harness.query_by_label_contains("принято").is_none());
}

#[test]
fn cancelling_the_confirmation_sends_nothing() {
    let mut harness = team_screen(1_000);
    harness.run();
    harness.get_by_role(Role::TextInput).focus();
    harness.run();
    harness.get_by_role(Role::TextInput).type_text("Мориарти");
    harness.run();
    harness.get_by_label("Сдать ответ").click();
    harness.run();
    harness.get_by_label("Отмена").click();
    harness.run();
    assert!(harness.state().sent.is_empty());
    assert_eq!(
        harness.state().form.answer,
        "Мориарти",
        "the answer is still there to edit"
    );
}

fn host_view_with_two_groups() -> HostView {
    let question = QuestionId(3);
    HostView {
        tournament: "Кубок Минуты".into(),
        settings: TournamentSettings::default(),
        access: None,
        teams: (1..=4)
            .map(|i| TeamInfo {
                id: TeamId(i),
                name: format!("Команда {i}"),
                town: "Москва".into(),
                players: vec![],
                connected: true,
            })
            .collect(),
        judges: Vec::new(),
        displays_connected: 0,
        tours: Vec::new(),
        clock: running_clock(question),
        judging: vec![QuestionJudging {
            question,
            number: "4".into(),
            groups: vec![
                AnswerGroup {
                    key: "пушкин".into(),
                    spellings: vec!["Пушкин".into(), "пушкин.".into()],
                    teams: vec![TeamId(1), TeamId(2)],
                    verdict: None,
                },
                AnswerGroup {
                    key: "лермонтов".into(),
                    spellings: vec!["Лермонтов".into()],
                    teams: vec![TeamId(3)],
                    verdict: None,
                },
            ],
            late: vec![LateCard {
                team: TeamId(4),
                text: "Гоголь".into(),
                received_at: ServerTime(0),
                since_start_ms: 64_000,
            }],
            missing: Vec::new(),
        }],
        appeals: Vec::new(),
        standings: Vec::new(),
        judgement_log: Vec::new(),
        ring: RingBoard {
            stage: RingStage::NotSeeded,
            seeding: Vec::new(),
            fights: Vec::new(),
            standings: Vec::new(),
            final_places: Vec::new(),
            timing: RingTiming::default(),
        },
        games: Vec::new(),
        jury_secret: None,
        programme: None,
        festival: Vec::new(),
    }
}

struct JudgeScreen {
    state: AppState,
    form: HostForm,
    sent: Vec<UiCommand>,
}

#[test]
fn one_click_judges_a_whole_group_of_equal_answers() {
    let mut state = AppState::new(Lang::Ru);
    reduce(
        &mut state,
        NetEvent::View(Box::new(View::Host(host_view_with_two_groups()))),
    );
    let screen = JudgeScreen {
        state,
        form: HostForm::default(),
        sent: Vec::new(),
    };
    let mut harness = Harness::builder()
        .with_size([1000.0, 800.0])
        .build_ui_state(
            |ui, screen: &mut JudgeScreen| {
                let Some(view) = screen.state.host_view().cloned() else {
                    return;
                };
                let asked = judge::judge(ui, &screen.state, &view, &mut screen.form);
                screen.sent.extend(asked);
            },
            screen,
        );
    harness.run();
    assert!(
        harness.query_by_label("Пушкин / пушкин.").is_some(),
        "spellings of one group are shown together"
    );
    assert!(harness.query_by_label_contains("2 команды").is_some());
    assert!(
        harness
            .query_by_label_contains("Команда 4 — «Гоголь»")
            .is_some(),
        "late cards are listed apart"
    );
    let correct: Vec<_> = harness.get_all_by_label("Верно").collect();
    assert_eq!(
        correct.len(),
        2,
        "one «Верно» per group; none for the late card"
    );
    correct[1].click();
    harness.run();
    assert_eq!(
        harness.state().sent,
        vec![UiCommand::Send(Command::Judge {
            question: QuestionId(3),
            group: "лермонтов".into(),
            verdict: Verdict::Correct
        })]
    );
}

#[test]
fn the_host_judging_tab_sends_a_wrong_verdict_for_the_group() {
    let view = host_view_with_two_groups();
    let mut form = judging::JudgingForm::default();
    let mut harness = Harness::builder()
        .with_size([1000.0, 800.0])
        .build_ui_state(
            move |ui, sent: &mut Vec<UiCommand>| {
                judging::judging(ui, Lang::Ru, &view, &mut form, sent)
            },
            Vec::new(),
        );
    harness.run();
    if let Some(wrong) = harness.get_all_by_label("Неверно").next() {
        wrong.click();
    }
    harness.run();
    assert_eq!(
        harness.state(),
        &vec![UiCommand::Send(Command::Judge {
            question: QuestionId(3),
            group: "пушкин".into(),
            verdict: Verdict::Wrong
        })]
    );
}

#[test]
fn every_text_has_glyphs_in_the_bundled_fonts() {
    // egui_kittest panics on a character no bundled font can draw (a ✓
    // would show as a box on a real screen).
    let mut harness = Harness::builder()
        .with_size([2000.0, 8000.0])
        .build_ui(|ui| {
            for lang in [Lang::Ru, Lang::En] {
                for key in minuta_client::i18n::T::ALL {
                    ui.label(key.text(lang));
                }
            }
            ui.label("× · — … «» № ё Ё Щ Ъ − µ –:––");
        });
    harness.run();
}
