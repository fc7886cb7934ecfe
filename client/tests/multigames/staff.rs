//! The staff's «Мультиигры» screens: the host's programme and credit, a
//! judge's page, the appeal jury's desk and the projector.

use super::*;

// ------------------------------------------------------------------ the staff

fn answer(team: u32, name: &str, text: &str, ms: u64, late: bool) -> StaffAnswer {
    StaffAnswer {
        team: TeamId(team),
        name: name.into(),
        text: text.into(),
        received_at: at(ms),
        since_start_ms: ms,
        late,
        points: None,
        by: None,
    }
}

/// Task 2.1 over, three answers in (the third late), nothing credited yet.
fn staff_view() -> MultigamesStaffView {
    MultigamesStaffView {
        settings: MultigamesSettings::default(),
        tours: vec![
            StaffTour {
                tour: TourNo(0),
                title: "Разминка".into(),
                tasks: Vec::new(),
            },
            StaffTour {
                tour: TourNo(1),
                title: "Ребусы".into(),
                tasks: vec![StaffTask {
                    heading: heading(TaskStatus::Over),
                    text: TEXT.into(),
                    answer: "Постель".into(),
                    comment: "ПО + СТО + Л".into(),
                    answers: vec![
                        answer(1, "Знатоки", "Постель", 58_731, false),
                        answer(2, "Эрудиты", "Пастила", 90_000, false),
                        answer(3, "Умники", "Портфель", 125_000, true),
                    ],
                    missing: vec![TeamId(4)],
                }],
            },
        ],
        current: Some(TASK),
        appeals: Vec::new(),
        standings: Vec::new(),
        finished: false,
        appeal_jury: true,
    }
}

fn staff_game(view: MultigamesStaffView) -> Vec<GameEntry<GameStaffView>> {
    vec![GameEntry {
        id: GAME,
        name: "Мультиигры".into(),
        format: Format::Multigames,
        view: GameStaffView::Multigames(view),
    }]
}

fn host_view(games: Vec<GameEntry<GameStaffView>>, access: Option<Access>) -> HostView {
    HostView {
        access,
        teams: common::teams([
            (1, "Знатоки"),
            (2, "Эрудиты"),
            (3, "Умники"),
            (4, "Мудрецы"),
        ]),
        displays_connected: 1,
        games,
        jury_secret: Some("jury-secret".into()),
        ..common::host_view()
    }
}

/// The dashboard on `tab`, or a judge's terminal when the view has no access.
fn host_screen(view: HostView, tab: Option<HostTab>, ms: u64) -> ScreenHarness<HostForm> {
    let state = state_at(Lang::Ru, (START_MS + ms) * 1000, View::Host(view));
    let form = HostForm {
        tab,
        ..HostForm::default()
    };
    screen(state, form, [1400.0, 1600.0], |ui, state, form| {
        let host = state.host_view().is_some_and(|v| v.access.is_some());
        if host {
            common::dashboard(ui, state, form)
        } else {
            common::judge_terminal(ui, state, form)
        }
    })
}

fn award(team: u32, credit: &str) -> UiCommand {
    UiCommand::Send(Command::Game {
        game: GAME,
        command: GameCommand::Multigames(MultigamesCommand::Award {
            task: TASK,
            team: TeamId(team),
            points: points(credit),
        }),
    })
}

const TAB: Option<HostTab> = Some(HostTab::Games(Format::Multigames));

#[test]
fn multigames_6_the_host_credits_an_answer_in_full_with_one_click() {
    let mut harness = host_screen(
        host_view(staff_game(staff_view()), Some(common::access())),
        TAB,
        130_000,
    );
    let full: Vec<_> = harness.get_all_by_label("Зачёт (3)").collect();
    assert_eq!(
        full.len(),
        2,
        "one per on-time answer; none for the late one"
    );
    full[0].click();
    harness.run();
    assert_eq!(harness.state().sent, vec![award(1, "3")]);
}

#[test]
fn multigames_6_partial_credit_by_button_or_typed_with_a_comma() {
    let mut harness = host_screen(
        host_view(staff_game(staff_view()), Some(common::access())),
        TAB,
        130_000,
    );
    let partial: Vec<_> = harness.get_all_by_label("Частично (1.5)").collect();
    partial[1].click();
    harness.run();
    assert_eq!(harness.state().sent, vec![award(2, "1.5")]);
    harness.state_mut().sent.clear();
    // A credit field per answer.
    common::type_into(&mut harness, "0.75", "0,75");
    harness
        .get_all_by_label("Начислить")
        .next()
        .unwrap()
        .click();
    harness.run();
    assert_eq!(harness.state().sent, vec![award(1, "0.75")]);
}

#[test]
fn multigames_3_6_late_answers_are_listed_apart_and_never_credited() {
    let harness = host_screen(
        host_view(staff_game(staff_view()), Some(common::access())),
        TAB,
        130_000,
    );
    assert!(
        harness
            .query_by_label("Опоздавшие ответы (не засчитываются)")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("Умники — «Портфель» (02:05.000)")
            .is_some()
    );
    assert!(harness.query_by_label("Не сдали: Мудрецы").is_some());
}

#[test]
fn multigames_6_the_answer_is_revealed_only_once_every_answer_is_credited() {
    let mut harness = host_screen(
        host_view(staff_game(staff_view()), Some(common::access())),
        TAB,
        130_000,
    );
    assert!(
        harness
            .query_by_label("Сначала оцените все ответы, сданные вовремя.")
            .is_some()
    );
    common::click(&mut harness, "Показать ответ");
    assert!(harness.state().sent.is_empty());
    let mut view = staff_view();
    for a in &mut view.tours[1].tasks[0].answers {
        a.points = Some(Credit::from_int(3));
        a.by = Some(Awarder::Host);
    }
    let mut harness = host_screen(
        host_view(staff_game(view), Some(common::access())),
        TAB,
        130_000,
    );
    common::click(&mut harness, "Показать ответ");
    common::assert_sent(
        &harness,
        [Command::Game {
            game: GAME,
            command: GameCommand::Multigames(MultigamesCommand::Reveal { task: TASK }),
        }],
    );
}

#[test]
fn multigames_6_the_host_adds_a_game_with_one_click() {
    let mut harness = host_screen(host_view(Vec::new(), Some(common::access())), TAB, 0);
    assert!(
        harness
            .query_by_label("Игр этого формата пока нет: добавьте игру.")
            .is_some()
    );
    common::click(&mut harness, "Добавить игру");
    common::assert_sent(
        &harness,
        [Command::AddGame {
            name: "Мультиигры".into(),
            settings: GameSettings::Multigames(MultigamesSettings::default()),
        }],
    );
}

#[test]
fn multigames_6_5_the_access_tab_gives_the_jury_its_code() {
    let harness = host_screen(
        host_view(Vec::new(), Some(common::access())),
        Some(HostTab::Access),
        0,
    );
    assert!(
        harness
            .query_by_label("Код апелляционного жюри (АЖ)")
            .is_some()
    );
    assert!(
        harness
            .query_by_label_contains("minuta://192.168.1.5:4433/jury/jury-secret")
            .is_some()
    );
}

#[test]
fn multigames_6_a_judge_credits_on_the_games_page() {
    let mut view = host_view(staff_game(staff_view()), None);
    view.jury_secret = None;
    view.judges = vec![minuta_shared::wire::view::JudgeInfo {
        id: JudgeId(2),
        name: "Иванов".into(),
        connected: true,
    }];
    let mut harness = host_screen(view, None, 130_000);
    common::click(&mut harness, "Мультиигры");
    harness
        .get_all_by_label("Незачёт (0)")
        .nth(1)
        .unwrap()
        .click();
    harness.run();
    assert_eq!(harness.state().sent, vec![award(2, "0")]);
}

// ------------------------------------------------------------------ the jury

fn jury_screen(view: MultigamesStaffView) -> ScreenHarness<jury::JuryForm> {
    let view = View::Jury(JuryView {
        tournament: common::TOURNAMENT.into(),
        games: staff_game(view),
    });
    let state = state_at(Lang::Ru, (START_MS + 400_000) * 1000, view);
    screen(
        state,
        jury::JuryForm::default(),
        [1000.0, 1200.0],
        common::jury_terminal,
    )
}

fn appeals_view() -> MultigamesStaffView {
    let mut view = staff_view();
    let mut pending = appeal(2, None);
    pending.answer = Some("Постила".into());
    view.appeals = vec![
        appeal(
            1,
            Some(AppealDecision {
                upheld: false,
                points: None,
                reply: "Ответ не совпадает".into(),
                at: at(350_000),
                by_host: false,
            }),
        ),
        pending,
    ];
    view
}

fn decide(upheld: bool, credit: Option<&str>) -> UiCommand {
    UiCommand::Send(Command::Game {
        game: GAME,
        command: GameCommand::Multigames(MultigamesCommand::DecideAppeal {
            appeal: AppealNo(2),
            upheld,
            points: credit.map(points),
            reply: String::new(),
        }),
    })
}

#[test]
fn multigames_6_5_the_jury_upholds_a_pending_appeal() {
    let mut harness = jury_screen(appeals_view());
    assert!(harness.query_by_label("1 ждут решения").is_some());
    assert!(harness.query_by_label("«Апелляция команды 2»").is_some());
    assert!(
        harness.query_by_label("«Постила»").is_some(),
        "the team's answer beside the author's"
    );
    assert_eq!(
        harness.query_all_by_label("Постель").count(),
        2,
        "the author's answer on each card"
    );
    let uphold: Vec<_> = harness.get_all_by_label("Удовлетворить").collect();
    assert_eq!(uphold.len(), 1, "a decided appeal has no buttons");
    uphold[0].click();
    harness.run();
    assert_eq!(harness.state().sent, vec![decide(true, None)]);
}

#[test]
fn multigames_6_5_an_upheld_appeal_for_the_answer_may_give_partial_credit() {
    let mut harness = jury_screen(appeals_view());
    // The reply first, then the credit.
    harness
        .get_all_by_role(Role::TextInput)
        .nth(1)
        .unwrap()
        .focus();
    harness.run();
    harness
        .get_all_by_role(Role::TextInput)
        .nth(1)
        .unwrap()
        .type_text("1,5");
    harness.run();
    common::click(&mut harness, "Удовлетворить");
    assert_eq!(harness.state().sent, vec![decide(true, Some("1.5"))]);
}

#[test]
fn multigames_6_5_the_jury_rejects_an_appeal() {
    let mut harness = jury_screen(appeals_view());
    common::click(&mut harness, "Отклонить");
    assert_eq!(harness.state().sent, vec![decide(false, None)]);
}

// ------------------------------------------------------------------ the projector

/// The projector's view with task 2.1 as `current` and task 1.3 revealed
/// ten minutes before it; the ChGK clock as given.
fn projector(clock: ClockView, current: TaskHeading) -> DisplayView {
    let mut revealed = heading(TaskStatus::Revealed);
    revealed.id = TaskId(3);
    revealed.number = "1.3".into();
    revealed.title = "Кроссворд".into();
    revealed.clock = revealed.clock.map(|mut c| {
        c.started_at = ServerTime::from_millis(START_MS - 600_000);
        c
    });
    let mut view = DisplayView {
        games: vec![GameEntry {
            id: GAME,
            name: "Мультиигры".into(),
            format: Format::Multigames,
            view: GameDisplayView::Multigames(MultigamesDisplayView {
                current: Some(current),
                answers_in: 5,
                teams: 12,
                last_revealed: Some((
                    revealed,
                    TaskReveal {
                        answer: "Аргонавт".into(),
                        comment: "По горизонтали".into(),
                        points: None,
                        max: Credit::from_int(3),
                        withdrawn: false,
                    },
                )),
                standings: standings(),
                announced: Vec::new(),
            }),
        }],
        ..common::display_view()
    };
    let chgk = common::display_chgk(&mut view);
    chgk.clock = clock;
    chgk.teams = 12;
    view
}

fn projector_screen(view: DisplayView, ms: u64) -> egui_kittest::Harness<'static> {
    common::projector(Lang::Ru, (START_MS + ms) * 1000, view, [1280.0, 1000.0])
}

#[test]
fn multigames_6_the_projector_shows_the_countdown_how_many_answered_and_the_last_answer() {
    let harness = projector_screen(
        projector(ClockView::default(), heading(TaskStatus::Running)),
        20_000,
    );
    assert!(harness.query_by_label("Задание 2.1 · Ребус").is_some());
    assert!(harness.query_by_label("1:40").is_some());
    assert!(harness.query_by_label("Сдали: 5 из 12").is_some());
    assert!(harness.query_by_label("Задание 1.3 · Кроссворд").is_some());
    assert!(harness.query_by_label("Ответ: Аргонавт").is_some());
    assert!(harness.query_by_label("Знатоки").is_some(), "the standings");
    assert!(
        harness.query_by_label(TEXT).is_none(),
        "the projector never shows a task's text or answers"
    );
}

#[test]
fn multigames_the_projector_gives_the_screen_back_to_a_chgk_question_announced_later() {
    let view = projector(
        ClockView {
            question: Some(minuta_shared::ids::QuestionId(6)),
            number: "7".into(),
            phase: minuta_shared::play::clock::Phase::Announced,
            ..ClockView::default()
        },
        heading(TaskStatus::Revealed),
    );
    let harness = projector_screen(view, 300_000);
    assert!(harness.query_by_label("Вопрос 7").is_some());
    assert!(harness.query_by_label("Сдали: 5 из 12").is_none());
}
