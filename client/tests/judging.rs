//! Judging a 40-team ChGK evening fast and without slips (issue 25): the
//! answer groups with their teams, long answers wrapped, the keyboard and
//! «Остальные — неверно», the count of presses per question, and the game
//! tab's guards — a second press before skipping an unplayed question, the
//! announcement taken back, buttons that stay put during the minute.

use crate::common;

use common::{ScreenHarness, click, minute, screen, state_at};
use egui::{Event, Key, Rect};
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::UiCommand;
use minuta_client::views::chgk::staff::ChgkTab;
use minuta_client::views::games::EventTab;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::ids::{QuestionId, TeamId, TourId};
use minuta_shared::packages::Question;
use minuta_shared::play::chgk::view::{
    AnswerGroup, QuestionJudging, QuestionStatus, QuestionView, TourView,
};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK, Verdict};
use minuta_shared::play::clock::Phase;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{HostView, View};

/// 1 000 000 s after the epoch: when «Время» was given in these tests.
const START_MS: u64 = 1_000_000_000;
/// Long after the grace: judging time.
const JUDGING_US: u64 = (START_MS + 120_000) * 1000;

/// Question 4 of tour 1, its minute over, and `groups` distinct answers
/// from 40 teams (group `i` from teams 2i+1 and 2i+2).
fn forty_teams_judging(groups: u32, judged: bool) -> HostView {
    let question = QuestionId(3);
    let mut view = HostView {
        teams: common::numbered_teams(40),
        ..common::host_view()
    };
    let chgk = common::staff_chgk(&mut view);
    chgk.clock = minute(question, "4", Phase::Over, START_MS);
    chgk.tours = vec![TourView {
        id: TourId(0),
        title: "Тур 1".into(),
        closed: false,
        absent: Vec::new(),
        questions: vec![QuestionView {
            id: question,
            number: "4".into(),
            content: Question {
                text: "Кто написал «Онегина»?".into(),
                answer: "Пушкин".into(),
                ..Question::default()
            },
            status: QuestionStatus::Played,
            withdrawn: false,
        }],
    }];
    chgk.judging = vec![QuestionJudging {
        question,
        number: "4".into(),
        groups: (0..groups)
            .map(|i| AnswerGroup {
                key: format!("ответ {i}"),
                spellings: vec![format!("Ответ {i}")],
                teams: vec![TeamId(2 * i + 1), TeamId(2 * i + 2)],
                verdict: judged.then_some(Verdict::Wrong),
            })
            .collect(),
        late: Vec::new(),
        missing: Vec::new(),
        passes: Vec::new(),
    }];
    view
}

fn dashboard(lang: Lang, view: HostView, tab: HostTab, size: [f32; 2]) -> ScreenHarness<HostForm> {
    let state = state_at(lang, JUDGING_US, View::Host(view));
    let form = HostForm {
        tab: Some(tab),
        ..HostForm::default()
    };
    screen(state, form, size, common::dashboard)
}

/// One key press: a letter or digit as the keyboard types it.
fn type_key(harness: &mut ScreenHarness<HostForm>, text: &str) {
    harness.event(Event::Text(text.into()));
    harness.run();
}

fn press(harness: &mut ScreenHarness<HostForm>, key: Key) {
    harness.key_press(key);
    harness.run();
}

fn judged(question: u32, group: u32, verdict: Verdict) -> UiCommand {
    UiCommand::Send(Command::game(
        EVENT_CHGK,
        ChgkCommand::Judge {
            question: QuestionId(question),
            group: format!("ответ {group}"),
            verdict,
        },
    ))
}

fn reveal() -> UiCommand {
    UiCommand::Send(Command::game(
        EVENT_CHGK,
        ChgkCommand::Reveal {
            question: QuestionId(3),
        },
    ))
}

/// The server's answer to the verdicts: every group judged.
fn all_judged(harness: &mut ScreenHarness<HostForm>) {
    common::show(
        &mut harness.state_mut().state,
        View::Host(forty_teams_judging(20, true)),
    );
    harness.run();
}

#[test]
fn chgk_3_twenty_groups_are_judged_and_revealed_with_at_most_24_presses() {
    // Arrange: 20 answer groups, nothing judged, the judging tab open.
    let mut harness = dashboard(
        Lang::Ru,
        forty_teams_judging(20, false),
        HostTab::Own(EventTab::Chgk(ChgkTab::Judging)),
        [1280.0, 720.0],
    );
    let mut presses = 0;

    // Act: «Н» for every group (the row below comes next by itself), then
    // the game tab and Enter once the server has every verdict.
    for _ in 0..20 {
        type_key(&mut harness, "н");
        presses += 1;
    }
    all_judged(&mut harness);
    click(&mut harness, "Игра");
    presses += 1;
    press(&mut harness, Key::Enter);
    presses += 1;

    // Assert
    let mut want: Vec<UiCommand> = (0..20).map(|g| judged(3, g, Verdict::Wrong)).collect();
    want.push(reveal());
    assert_eq!(harness.state().sent, want);
    assert_eq!(presses, 22);
    assert!(presses <= 24);
}

#[test]
fn chgk_3_three_right_answers_by_keys_then_the_rest_wrong_in_one_click() {
    // Arrange
    let mut harness = dashboard(
        Lang::Ru,
        forty_teams_judging(20, false),
        HostTab::Own(EventTab::Chgk(ChgkTab::Judging)),
        [1280.0, 720.0],
    );
    let mut presses = 0;

    // Act: groups 0, 4 and 9 are right; «Остальные — неверно» the rest.
    type_key(&mut harness, "В");
    for _ in 0..3 {
        press(&mut harness, Key::ArrowDown);
    }
    type_key(&mut harness, "1");
    for _ in 0..4 {
        press(&mut harness, Key::ArrowDown);
    }
    type_key(&mut harness, "в");
    presses += 1 + 3 + 1 + 4 + 1;
    click(&mut harness, "Остальные — неверно");
    presses += 1;
    all_judged(&mut harness);
    click(&mut harness, "Игра");
    press(&mut harness, Key::Enter);
    presses += 2;

    // Assert
    assert_eq!(
        harness.state().sent,
        vec![
            judged(3, 0, Verdict::Correct),
            judged(3, 4, Verdict::Correct),
            judged(3, 9, Verdict::Correct),
            UiCommand::Send(Command::game(
                EVENT_CHGK,
                ChgkCommand::JudgeRestWrong {
                    question: QuestionId(3)
                },
            )),
            reveal(),
        ]
    );
    assert_eq!(presses, 13);
}

#[test]
fn chgk_3_enter_does_not_reveal_while_a_group_is_unjudged() {
    let mut harness = dashboard(
        Lang::En,
        forty_teams_judging(20, false),
        HostTab::Own(EventTab::Chgk(ChgkTab::Game)),
        [1280.0, 720.0],
    );
    press(&mut harness, Key::Enter);
    assert!(harness.state().sent.is_empty());
}

/// The rectangle of the one widget labelled `label`.
fn rect_of<S>(harness: &egui_kittest::Harness<'_, S>, label: &str) -> Rect {
    harness.get_by_label(label).rect()
}

#[test]
fn chgk_3_each_group_shows_its_teams_and_a_long_answer_wraps_unclipped() {
    // Arrange: «Пушкин» from two teams and a long answer from one.
    let long = "Александр Сергеевич Пушкин, автор романа в стихах «Евгений Онегин» и поэмы «Медный всадник»";
    let mut view = forty_teams_judging(2, false);
    let groups = &mut common::staff_chgk(&mut view).judging[0].groups;
    groups[0].spellings = vec!["Пушкин".into()];
    groups[1].spellings = vec![long.into()];
    groups[1].teams = vec![TeamId(3)];

    for lang in [Lang::Ru, Lang::En] {
        // Act
        let harness = dashboard(
            lang,
            view.clone(),
            HostTab::Own(EventTab::Chgk(ChgkTab::Judging)),
            [1280.0, 720.0],
        );

        // Assert: the count and the names; the long answer on several lines,
        // inside the window, above the teams line under it.
        let count = if lang == Lang::Ru {
            "2 команды"
        } else {
            "2 teams"
        };
        assert!(harness.query_by_label(count).is_some(), "{lang:?}");
        assert!(harness.query_by_label("Команда 1, Команда 2").is_some());
        let pushkin = rect_of(&harness, "Пушкин");
        let teams = rect_of(&harness, "Команда 1, Команда 2");
        assert!(
            pushkin.bottom() <= teams.top() + 0.5,
            "the teams line is under the answer, not over its descenders"
        );
        let wrapped = rect_of(&harness, long);
        assert!(
            wrapped.height() > 2.0 * pushkin.height() - 1.0,
            "a long answer wraps"
        );
        assert!(wrapped.right() <= 1280.0 && wrapped.left() >= 0.0);
        let below = rect_of(&harness, "Команда 3");
        assert!(
            wrapped.bottom() <= below.top() + 0.5,
            "nothing of it is hidden under its teams line"
        );
        assert!(
            teams.bottom() <= wrapped.top(),
            "rows do not overlap: {teams:?} {wrapped:?}"
        );
    }
}

#[test]
fn chgk_3_a_verdict_leaves_the_rows_where_they_were() {
    // Arrange: the judging tab before and after the server's answer to
    // a verdict on the first group.
    let before = forty_teams_judging(5, false);
    let mut after = before.clone();
    common::staff_chgk(&mut after).judging[0].groups[0].verdict = Some(Verdict::Correct);
    let mut harness = dashboard(
        Lang::Ru,
        before,
        HostTab::Own(EventTab::Chgk(ChgkTab::Judging)),
        [1280.0, 720.0],
    );
    let row = rect_of(&harness, "Ответ 0");

    // Act
    common::show(&mut harness.state_mut().state, View::Host(after));
    harness.run();

    // Assert
    assert_eq!(rect_of(&harness, "Ответ 0"), row);
}

// ------------------------------------------------------------ the game tab

/// Tour 1 of three questions; question 1 announced, its minute not given.
fn announced() -> HostView {
    let mut view = forty_teams_judging(0, false);
    let chgk = common::staff_chgk(&mut view);
    chgk.judging.clear();
    let question = |i: u32, status| QuestionView {
        id: QuestionId(i),
        number: (i + 1).to_string(),
        content: Question {
            text: format!("Вопрос номер {}", i + 1),
            answer: "Пушкин".into(),
            ..Question::default()
        },
        status,
        withdrawn: false,
    };
    chgk.tours[0].questions = vec![
        question(0, QuestionStatus::Announced),
        question(1, QuestionStatus::NotPlayed),
        question(2, QuestionStatus::NotPlayed),
    ];
    chgk.clock = minute(QuestionId(0), "1", Phase::Announced, START_MS);
    chgk.clock.started_at = None;
    chgk.clock.warning_at = None;
    chgk.clock.ends_at = None;
    chgk.clock.accept_until = None;
    view
}

#[test]
fn chgk_3_next_question_asks_first_when_the_announced_one_had_no_minute() {
    let mut harness = dashboard(
        Lang::Ru,
        announced(),
        HostTab::Own(EventTab::Chgk(ChgkTab::Game)),
        [1280.0, 720.0],
    );

    // A double click on «Следующий вопрос» sends nothing …
    click(&mut harness, "Следующий вопрос (2)");
    assert!(
        harness.state().sent.is_empty(),
        "nothing without a second press"
    );
    assert!(
        harness
            .query_by_label("Вопрос 1 объявлен, но не сыгран. Всё равно следующий?")
            .is_some()
    );
    click(&mut harness, "Нет, остаться");
    assert!(harness.state().sent.is_empty());

    // … the confirmation does.
    click(&mut harness, "Следующий вопрос (2)");
    click(&mut harness, "Да, следующий (2)");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce {
                question: QuestionId(1),
            },
        )],
    );
}

#[test]
fn chgk_3_the_host_takes_back_an_announcement_before_time() {
    let mut harness = dashboard(
        Lang::En,
        announced(),
        HostTab::Own(EventTab::Chgk(ChgkTab::Game)),
        [1280.0, 720.0],
    );
    click(&mut harness, "Take back the announcement");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::TakeBackAnnouncement {
                question: QuestionId(0),
            },
        )],
    );
}

#[test]
fn chgk_3_the_minute_buttons_stay_put_while_the_missing_teams_line_changes() {
    // Arrange: the minute of question 4 running; first every team but one
    // has no card, then every team has one.
    let mut running = announced();
    {
        let chgk = common::staff_chgk(&mut running);
        chgk.clock = minute(QuestionId(0), "1", Phase::Minute, START_MS);
        chgk.judging = vec![QuestionJudging {
            question: QuestionId(0),
            number: "1".into(),
            groups: Vec::new(),
            late: Vec::new(),
            missing: (2..=40).map(TeamId).collect(),
            passes: Vec::new(),
        }];
    }
    let mut all_in = running.clone();
    common::staff_chgk(&mut all_in).judging[0].missing.clear();
    let state = state_at(Lang::Ru, (START_MS + 20_000) * 1000, View::Host(running));
    let form = HostForm {
        tab: Some(HostTab::Own(EventTab::Chgk(ChgkTab::Game))),
        ..HostForm::default()
    };
    let mut harness = screen(state, form, [1280.0, 720.0], common::dashboard);
    let time = rect_of(&harness, "Время");
    let projector = rect_of(&harness, "показать вопрос на экране");

    // Act
    common::show(&mut harness.state_mut().state, View::Host(all_in));
    harness.run();

    // Assert
    assert_eq!(rect_of(&harness, "Время"), time);
    assert_eq!(rect_of(&harness, "показать вопрос на экране"), projector);
}

#[test]
fn chgk_4_3_a_pass_counts_among_the_cards_in_and_the_host_sees_who_passed() {
    // Arrange: the minute of question 1; team 1 answered, team 2 handed in
    // a «пропуск», the other 38 have no card yet.
    let mut view = announced();
    {
        let chgk = common::staff_chgk(&mut view);
        chgk.clock = minute(QuestionId(0), "1", Phase::Minute, START_MS);
        chgk.judging = vec![QuestionJudging {
            question: QuestionId(0),
            number: "1".into(),
            groups: vec![AnswerGroup {
                key: "пушкин".into(),
                spellings: vec!["Пушкин".into()],
                teams: vec![TeamId(1)],
                verdict: None,
            }],
            late: Vec::new(),
            missing: (3..=40).map(TeamId).collect(),
            passes: vec![TeamId(2)],
        }];
    }

    // Act
    let harness = dashboard(
        Lang::Ru,
        view,
        HostTab::Own(EventTab::Chgk(ChgkTab::Game)),
        [1280.0, 720.0],
    );

    // Assert: two cards in of 40, and the pass named.
    harness.get_by_label_contains("Сдано карточек: 2 из 40");
    harness.get_by_label_contains("Пропуск: Команда 2");
}
