//! The host's «Брейн-ринг» tab: the fight panel (read, «Время», judge,
//! contested presses, the press log with its gaps, appeals, restart
//! notices) and the tournament's steps (qualification, seeding, rounds,
//! the final, a friendly fight, the button's timing).

use super::*;

/// The host's view with «Знатоки» and «Эрудиты» and `fight` in the
/// event's own Brain-ring.
pub(crate) fn host_view(fight: RingFightView) -> HostView {
    let mut view = HostView {
        teams: common::teams([(1, "Знатоки"), (2, "Эрудиты")]),
        displays_connected: 1,
        ..common::host_view()
    };
    *ring(&mut view) = board(vec![fight]);
    view
}

/// The event's own Brain-ring's board in the host's view.
pub(crate) fn ring(view: &mut HostView) -> &mut RingBoard {
    &mut common::staff_ring(view).board
}

/// What the dashboard's tab of the event's own Brain-ring remembers.
fn staff_form(harness: &mut ScreenHarness<HostForm>) -> &mut RingStaffForm {
    match harness.state_mut().form.games.forms.get_mut(EVENT_RING) {
        Some(GameForm::Ring(form)) => &mut form.staff,
        other => panic!("the Brain-ring tab's form: {other:?}"),
    }
}

/// A command of the event's own Brain-ring.
pub(crate) fn event_ring(command: RingCommand) -> Command {
    Command::game(EVENT_RING, command)
}

fn host_screen(fight: RingFightView, ms: u64) -> ScreenHarness<HostForm> {
    host_screen_on(host_view(fight), ms)
}

/// The dashboard on the «Брейн-ринг» tab, `ms` after «Время».
pub(crate) fn host_screen_on(view: HostView, ms: u64) -> ScreenHarness<HostForm> {
    let form = HostForm {
        tab: Some(HostTab::Own(EventTab::Ring(RingTab::Tournament))),
        ..HostForm::default()
    };
    let state = state_at(Lang::Ru, ARMED + ms * 1000, View::Host(view));
    screen(state, form, [1200.0, 1400.0], common::dashboard)
}

#[test]
fn the_host_judges_the_answer_right_with_one_click() {
    let answering = ButtonPhase::Answering {
        table: 0,
        pressed_at: at_ms(1_234),
    };
    let mut harness = host_screen(fight(answering), 3_000);
    assert!(harness.query_by_label("Отвечает «Знатоки»").is_some());
    common::click(&mut harness, "Верно");
    common::assert_sent(
        &harness,
        [event_ring(RingCommand::Judge {
            fight: FIGHT,
            correct: true,
        })],
    );
}

/// Issue 14.4: after a restart that found the question armed, the host
/// reads what happened and that «Время» is needed again; the notice goes
/// with the host's next action in the fight (the server drops it).
#[test]
fn after_a_restart_the_host_is_told_the_press_may_be_lost_and_to_re_arm() {
    use minuta_shared::play::brain_ring::RingRestartNotice;
    let mut reading = fight(ButtonPhase::Reading);
    reading.question = Some(ButtonQuestion {
        armed_at: None,
        ..question(ButtonPhase::Reading)
    });
    let mut view = host_view(reading.clone());
    common::staff_ring(&mut view).restarts = vec![RingRestartNotice {
        fight: FIGHT,
        question: 4,
        rearm: true,
    }];
    for (lang, expected) in [
        (Lang::Ru, "Сервер перезапускался во время вопроса 4"),
        (Lang::En, "The server restarted during question 4"),
    ] {
        let form = HostForm {
            tab: Some(HostTab::Own(EventTab::Ring(RingTab::Tournament))),
            ..HostForm::default()
        };
        let state = state_at(lang, ARMED, View::Host(view.clone()));
        let mut harness = screen(state, form, [1200.0, 1400.0], common::dashboard);
        harness.run();
        assert!(
            harness.query_by_label_contains(expected).is_some(),
            "the restart notice is shown: {expected}"
        );
        if lang == Lang::Ru {
            for words in [
                "могло не сохраниться",
                "вопрос снова открыт",
                "дайте «Время» заново",
            ] {
                assert!(harness.query_by_label_contains(words).is_some(), "{words}");
            }
            // «Время» is there to give: the buttons wait for it.
            common::click(&mut harness, "Время");
            common::assert_sent(&harness, [event_ring(RingCommand::Arm { fight: FIGHT })]);
        }
    }
    // Without a notice, nothing of it is shown.
    let mut harness = host_screen(reading, 0);
    harness.run();
    assert!(harness.query_by_label_contains("перезапускался").is_none());
}

#[test]
fn time_arms_the_buttons_once_the_question_is_read() {
    let mut harness = host_screen(fight(ButtonPhase::Reading), 0);
    assert!(harness.query_by_label("Читается вопрос").is_some());
    common::click(&mut harness, "Верно");
    assert!(
        harness.state().sent.is_empty(),
        "nobody answers yet: «Верно» does nothing"
    );
    common::click(&mut harness, "Время");
    common::assert_sent(&harness, [event_ring(RingCommand::Arm { fight: FIGHT })]);
}

#[test]
fn the_press_log_shows_the_order_with_gaps() {
    let mut answering = fight(ButtonPhase::Answering {
        table: 0,
        pressed_at: ServerTime(ARMED + 1_234_000),
    });
    answering.presses = vec![
        press(1, 0, 0, PressKind::Won),
        press(2, 1, 37_400, PressKind::Late),
        press(1, 0, 90_000, PressKind::Repeated),
    ];
    let harness = host_screen(answering, 3_000);
    assert!(harness.query_by_label("Журнал нажатий").is_some());
    assert!(harness.query_by_label("+0.000 с").is_some());
    assert!(harness.query_by_label("+0.037 с").is_some());
    assert!(harness.query_by_label("+0.090 с").is_some());
    assert!(harness.query_by_label("отвечает").is_some());
    assert!(harness.query_by_label("позже").is_some());
    assert!(
        harness.query_by_label("+1.271 с").is_some(),
        "the late press's time from «Время»"
    );
    assert_eq!(harness.get_all_by_label("0.4 мс").count(), 3, "the RTT");
    assert_eq!(
        harness.get_all_by_label("−1.5 мс").count(),
        3,
        "the clock offset"
    );
}

#[test]
fn a_contested_press_is_decided_by_the_host() {
    let contested = ButtonPhase::Contested {
        first: 0,
        gap_us: 1_200,
        pressed_at: at_ms(1_000),
    };
    let mut harness = host_screen(fight(contested), 3_000);
    assert!(
        harness
            .query_by_label("Нажатия почти одновременно: разрыв +0.001 с")
            .is_some()
    );
    common::click(&mut harness, "Отвечает стол 2 («Эрудиты»)");
    common::assert_sent(
        &harness,
        [event_ring(RingCommand::Decide {
            fight: FIGHT,
            table: 1,
        })],
    );
}

#[test]
fn an_appeal_holds_up_the_next_question_until_decided() {
    let mut over = fight(ButtonPhase::Over { taken_by: Some(0) });
    over.appeals = vec![minuta_shared::play::brain_ring::RingAppeal {
        id: 1,
        question: 4,
        team: TeamId(2),
        kind: minuta_shared::play::brain_ring::RingAppealKind::AcceptOurAnswer,
        text: "Наш ответ точнее авторского".into(),
        filed_at: at_ms(40_000),
        resolution: None,
    }];
    let mut harness = host_screen(over, 45_000);
    assert!(
        harness
            .query_by_label("Сначала решите апелляции (4.16).")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("Брейн-ринг (1) • Апелляции: 1")
            .is_some(),
        "the pending appeal shows on the tab from anywhere"
    );
    common::click(&mut harness, "Читаю вопрос");
    assert!(harness.state().sent.is_empty(), "4.16: decide first");
    common::click(&mut harness, "Принять");
    common::assert_sent(
        &harness,
        [event_ring(RingCommand::ResolveAppeal {
            fight: FIGHT,
            appeal: 1,
            upheld: true,
            reply: String::new(),
        })],
    );
}

/// Six registered teams and no fights yet.
fn tournament_view(stage: RingStage) -> HostView {
    let mut view = host_view(fight(ButtonPhase::Reading));
    view.teams = common::numbered_teams(6);
    ring(&mut view).fights.clear();
    ring(&mut view).stage = stage;
    view
}

#[test]
fn the_host_qualifies_the_top_teams_from_the_chgk_table() {
    let mut harness = host_screen_on(tournament_view(RingStage::NotSeeded), 0);
    assert!(
        harness
            .query_by_label("Команды для брейн-ринга ещё не отобраны.")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("В таблице ЧГК пока ни у кого нет очков: отбор пройдёт жребием. Сначала сыграйте ЧГК или посейте команды вручную.")
            .is_some(),
        "no ChGK played: the host is told the lot would decide"
    );
    common::click(&mut harness, "Отобрать");
    let seed = ARMED % 1_000_000;
    common::assert_sent(
        &harness,
        [Command::Qualify {
            game: EVENT_RING,
            places: 6,
            seed,
            cut: CutDecision::default(),
        }],
    );
}

#[test]
fn the_host_seeds_by_hand_in_the_order_clicked() {
    let mut harness = host_screen_on(tournament_view(RingStage::NotSeeded), 0);
    for name in ["Команда 3", "Команда 1"] {
        common::click(&mut harness, name);
    }
    common::click(&mut harness, "Посеять");
    common::assert_sent(
        &harness,
        [event_ring(RingCommand::Seed {
            teams: vec![TeamId(3), TeamId(1)],
            seed: 0,
        })],
    );
}

#[test]
fn the_host_starts_a_round_over_two_stages() {
    let stage = RingStage::Qualifying {
        round: 1,
        pairs: vec![[TeamId(1), TeamId(4)], [TeamId(2), TeamId(5)]],
        open: 0,
    };
    let mut view = tournament_view(stage);
    ring(&mut view).seeding = (1..=6).map(TeamId).collect();
    let mut harness = host_screen_on(view, 0);
    assert!(
        harness.query_by_label("Команда 1").is_some(),
        "the round's pairs are listed"
    );
    staff_form(&mut harness).setup.stages = 2;
    harness.run();
    common::click(&mut harness, "Начать круг 1");
    common::assert_sent(&harness, [event_ring(RingCommand::StartNext { stages: 2 })]);
}

#[test]
fn the_host_starts_a_friendly_fight_in_the_final_format() {
    let mut harness = host_screen_on(tournament_view(RingStage::NotSeeded), 0);
    staff_form(&mut harness).setup.friendly = [Some(TeamId(2)), Some(TeamId(5))];
    harness.run();
    common::click(
        &mut harness,
        "финальный: 7 вопросов, затем до первого взятого",
    );
    common::click(&mut harness, "Начать товарищеский бой");
    common::assert_sent(
        &harness,
        [event_ring(RingCommand::Friendly {
            tables: [TeamId(2), TeamId(5)],
            format: minuta_shared::play::brain_ring::rules::FightFormat::FINAL,
        })],
    );
}

#[test]
fn the_host_lets_early_presses_be_ignored() {
    let mut harness = host_screen_on(tournament_view(RingStage::NotSeeded), 0);
    common::click(&mut harness, "Время и правила кнопки");
    common::click(
        &mut harness,
        "Игнорировать ранние нажатия (фальстарт не лишает права ответа)",
    );
    common::click(&mut harness, "Сохранить");
    common::assert_sent(
        &harness,
        [event_ring(RingCommand::SetTiming {
            timing: RingTiming {
                early_press: minuta_shared::play::brain_ring::EarlyPress::Ignored,
                ..RingTiming::default()
            },
        })],
    );
}

#[test]
fn the_host_switches_between_fights_on_two_stages() {
    let mut first = fight(ButtonPhase::Reading);
    let mut second = fight(ButtonPhase::Answering {
        table: 1,
        pressed_at: at_ms(900),
    });
    first.id = FightId(1);
    second.id = FightId(2);
    second.stage = 2;
    second.names = ["Неспроста".into(), "Гуманитарии".into()];
    second.tables = [TeamId(3), TeamId(4)];
    let mut view = host_view(first);
    ring(&mut view).fights.push(second);
    let mut harness = host_screen_on(view, 2_000);
    assert!(
        harness.query_by_label("Читается вопрос").is_some(),
        "stage 1's fight first"
    );
    common::click(&mut harness, "Площадка 2 · Неспроста — Гуманитарии 2:1 •");
    assert!(harness.query_by_label("Отвечает «Гуманитарии»").is_some());
    common::click(&mut harness, "Неверно");
    common::assert_sent(
        &harness,
        [event_ring(RingCommand::Judge {
            fight: FightId(2),
            correct: false,
        })],
    );
}

#[test]
fn the_host_starts_the_next_fight_of_the_final() {
    let stage = RingStage::Final {
        number: 2,
        tables: [TeamId(4), TeamId(1)],
        open: false,
    };
    let mut view = tournament_view(stage);
    ring(&mut view).seeding = (1..=6).map(TeamId).collect();
    let mut harness = host_screen_on(view, 0);
    assert!(
        harness
            .query_by_label("Финал, бой 2: «Команда 4» — «Команда 1» (стол 1 — стол 2)")
            .is_some()
    );
    common::click(&mut harness, "Начать бой");
    common::assert_sent(&harness, [event_ring(RingCommand::StartNext { stages: 1 })]);
}

/// The package question the server gave fight `FIGHT`'s question in play.
pub(crate) fn package_question(text: &str) -> RingQuestionText {
    RingQuestionText {
        number: 7,
        text: text.into(),
        handout: None,
        answer: "Пушкин".into(),
        accepted: Some("Александр Сергеевич".into()),
        comment: Some("Об этом писал Тынянов.".into()),
    }
}

#[test]
fn issue_15_the_host_panel_shows_the_question_in_play_and_its_answer() {
    // Arrange: the host reads question 7 of the package.
    let mut reading = fight(ButtonPhase::Reading);
    reading.text = Some(package_question("Кто написал «Евгения Онегина»?"));

    // Act
    let harness = host_screen(reading, 0);

    // Assert
    assert!(
        harness
            .query_by_label("7. Кто написал «Евгения Онегина»?")
            .is_some()
    );
    assert!(harness.query_by_label("Ответ: Пушкин").is_some());
    assert!(
        harness
            .query_by_label("Зачёт: Александр Сергеевич")
            .is_some()
    );
}

#[test]
fn the_host_loads_brain_ring_questions_from_a_package_file() {
    let mut harness = host_screen(fight(ButtonPhase::Reading), 0);
    common::click(&mut harness, "Вопросы брейн-ринга");
    assert!(
        harness
            .query_by_label_contains("без пакета ведущий читает с листа")
            .is_some()
    );
}

/// The server refused «Отобрать»: `teams` level at the cut for `places`.
fn tie_at_the_cut(harness: &mut ScreenHarness<HostForm>, teams: &[u32], places: u32) {
    use minuta_client::state::{Notice, NoticeKind, Toast};
    use minuta_shared::wire::server::CommandError;
    let refused = Command::Qualify {
        game: EVENT_RING,
        places: 2,
        seed: 5,
        cut: CutDecision::default(),
    };
    let error = CommandError::TieAtTheCut {
        teams: teams
            .iter()
            .map(|&t| (TeamId(t), format!("Команда {t}")))
            .collect(),
        places,
    };
    harness.state_mut().state.toasts.push(Toast {
        id: 1,
        at_us: ARMED,
        kind: NoticeKind::Error,
        notice: Notice::Failed {
            command: Box::new(refused),
            error,
        },
    });
    harness.run();
}

#[test]
fn brain_ring_4_3_the_host_records_a_shoot_off_on_cards_at_the_cut() {
    let mut harness = host_screen_on(tournament_view(RingStage::NotSeeded), 0);
    tie_at_the_cut(&mut harness, &[1, 2, 3], 2);
    assert!(harness.query_by_label("Ничья на границе отбора").is_some());
    assert!(
        harness
            .query_by_label("Команд, равных по очкам и рейтингу: 3; разыгрываются мест: 2 (4.3).")
            .is_some(),
        "the tied teams and the places at stake are named"
    );
    harness
        .get_all_by_label("Команда 3")
        .find(|n| n.accesskit_node().role() == Role::CheckBox)
        .expect("a tick for «Команда 3»")
        .click();
    harness.run();
    common::click(&mut harness, "Записать вопрос перестрелки");
    common::assert_sent(
        &harness,
        [Command::SettleCut {
            game: EVENT_RING,
            places: 2,
            seed: 5,
            step: CutStep::ShootOff {
                right: vec![TeamId(3)],
            },
        }],
    );
}

/// The tie at the cut as the server recorded it: question 1 went to
/// «Команда 3»; «Команда 1» and «Команда 2» still level for 1 place.
fn recorded_tie() -> CutBoard {
    let named = |t: u32| (TeamId(t), format!("Команда {t}"));
    CutBoard {
        places: 2,
        seed: 5,
        tied: vec![named(1), named(2), named(3)],
        contested: 2,
        shoot_off: vec![vec!["Команда 3".to_owned()]],
        still_tied: vec![named(1), named(2)],
        left: 1,
        ..CutBoard::default()
    }
}

#[test]
fn brain_ring_4_3_the_shoot_off_so_far_comes_from_the_view_on_any_staff_screen() {
    // Arrange: no refusal on this screen (another screen, or a restart):
    // the shoot-off so far is the server's.
    let mut view = tournament_view(RingStage::NotSeeded);
    ring(&mut view).cut = Some(recorded_tie());
    let mut harness = host_screen_on(view, 0);

    // Assert: the question recorded, and the next one to record.
    assert!(
        harness
            .query_by_label("Вопрос перестрелки № 1: верно — «Команда 3»")
            .is_some()
    );
    assert!(harness.query_by_label("Вопрос перестрелки № 2").is_some());

    // Act: «Команда 2» right on question 2.
    harness
        .get_all_by_label("Команда 2")
        .find(|n| n.accesskit_node().role() == Role::CheckBox)
        .expect("a tick for «Команда 2»")
        .click();
    harness.run();
    common::click(&mut harness, "Записать вопрос перестрелки");
    common::assert_sent(
        &harness,
        [Command::SettleCut {
            game: EVENT_RING,
            places: 2,
            seed: 5,
            step: CutStep::ShootOff {
                right: vec![TeamId(2)],
            },
        }],
    );
}

#[test]
fn brain_ring_4_3_the_host_draws_the_lot_at_the_cut_with_its_seed() {
    let mut harness = host_screen_on(tournament_view(RingStage::NotSeeded), 0);
    tie_at_the_cut(&mut harness, &[1, 2, 3], 2);
    common::click(&mut harness, "Бросить жребий");
    common::assert_sent(
        &harness,
        [Command::SettleCut {
            game: EVENT_RING,
            places: 2,
            seed: 5,
            step: CutStep::Lot {
                seed: ARMED % 1_000_000,
            },
        }],
    );
}

#[test]
fn a_fight_in_play_opens_the_dashboard_on_the_brain_ring_tab_over_chgk() {
    // Arrange: the event's ChGK has a tour, and a Brain-ring fight is open.
    let mut view = host_view(fight(armed()));
    common::staff_chgk(&mut view).tours = vec![minuta_shared::play::chgk::view::TourView {
        id: minuta_shared::ids::TourId(0),
        title: "Тур 1".into(),
        closed: false,
        absent: Vec::new(),
        questions: Vec::new(),
    }];
    let state = state_at(Lang::Ru, ARMED + 1_000, View::Host(view));

    // Act
    let harness = screen(
        state,
        HostForm::default(),
        [1280.0, 720.0],
        common::dashboard,
    );

    // Assert: the tab counts the open fight.
    assert_eq!(
        harness.state().form.tab,
        Some(HostTab::Own(EventTab::Ring(RingTab::Tournament)))
    );
    assert!(harness.query_by_label("Брейн-ринг (1)").is_some());
}
