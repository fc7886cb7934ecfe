//! The team terminal's card and the judges' view, clicked through headless
//! with egui_kittest.

use crate::common;

use common::{ScreenHarness, acknowledge, click, hand_in, minute, screen, state_at};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use minuta_client::i18n::Lang;
use minuta_client::state::UiCommand;
use minuta_client::views::chgk::judging;
use minuta_client::views::chgk::staff::ChgkTab;
use minuta_client::views::games::EventTab;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_client::views::team::TeamForm;
use minuta_shared::ids::{QuestionId, TeamId, TourId};
use minuta_shared::packages::Question;
use minuta_shared::play::chgk::ChgkReceipt;
use minuta_shared::play::chgk::Verdict;
use minuta_shared::play::chgk::view::{
    AnswerGroup, DisplayHandout, DisplayReveal, LateCard, QuestionJudging, QuestionStatus,
    QuestionView, TourView,
};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::GameReceipt;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{HostView, TeamView, View};

/// 1 000 000 s after the epoch: when «Время» was given in these tests.
const START_MS: u64 = 1_000_000_000;

fn running_clock(question: QuestionId) -> ClockView {
    minute(question, "7", Phase::Minute, START_MS)
}

/// Team 1's terminal `at_ms` after «Время» for question 7.
fn team_screen(at_ms: u64) -> ScreenHarness<TeamForm> {
    let view = View::Team({
        let mut view = TeamView {
            ..common::team_view()
        };
        let chgk = common::team_chgk(&mut view);
        chgk.clock = running_clock(QuestionId(6));
        view
    });
    let state = state_at(Lang::Ru, (START_MS + at_ms) * 1000, view);
    screen(
        state,
        TeamForm::default(),
        [900.0, 900.0],
        common::team_terminal,
    )
}

/// The server takes the card `since_start_ms` after «Время».
fn receive(
    harness: &mut ScreenHarness<TeamForm>,
    command: Command,
    since_start_ms: u64,
    late: bool,
) {
    let receipt = Receipt::Game {
        game: EVENT_CHGK,
        receipt: GameReceipt::Chgk(ChgkReceipt::Card {
            question: QuestionId(6),
            received_at: ServerTime::from_millis(START_MS + since_start_ms),
            since_start_ms,
            late,
        }),
    };
    acknowledge(harness, command, receipt, "card");
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
        Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: QuestionId(6),
                text: "Шерлок Холмс".into()
            }
        )
    );
    receive(&mut harness, command, 58_731, false);
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
    receive(&mut harness, command, 64_002, true);
    assert!(harness.query_by_label("опоздание — не засчитано").is_some());
    assert!(harness.query_by_label_contains("принято").is_none());
}

#[test]
fn cancelling_the_confirmation_sends_nothing() {
    let mut harness = team_screen(1_000);
    common::type_in(&mut harness, Role::TextInput, "Мориарти");
    common::click(&mut harness, "Сдать ответ");
    common::click(&mut harness, "Отмена");
    assert!(harness.state().sent.is_empty());
    let field = harness.get_by_role(Role::TextInput);
    assert_eq!(
        field.accesskit_node().value().as_deref(),
        Some("Мориарти"),
        "the answer is still there to edit"
    );
}

fn host_view_with_two_groups() -> HostView {
    let question = QuestionId(3);
    {
        let mut view = HostView {
            teams: common::numbered_teams(4),
            ..common::host_view()
        };
        let chgk = common::staff_chgk(&mut view);
        chgk.clock = running_clock(question);
        chgk.judging = vec![QuestionJudging {
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
            passes: Vec::new(),
        }];
        view
    }
}

#[test]
fn one_click_judges_a_whole_group_of_equal_answers() {
    let state = state_at(Lang::Ru, 0, View::Host(host_view_with_two_groups()));
    let mut harness = screen(
        state,
        HostForm::default(),
        [1000.0, 800.0],
        common::judge_terminal,
    );
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
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::Judge {
                question: QuestionId(3),
                group: "лермонтов".into(),
                verdict: Verdict::Correct,
            },
        )],
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
                judging::judging(
                    ui,
                    Lang::Ru,
                    &view,
                    EVENT_CHGK,
                    view.event_chgk(),
                    &mut form,
                    sent,
                )
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
        &vec![UiCommand::Send(Command::game(
            EVENT_CHGK,
            ChgkCommand::Judge {
                question: QuestionId(3),
                group: "пушкин".into(),
                verdict: Verdict::Wrong
            }
        ))]
    );
}

/// Tour 1 «Разминка» of three questions, none played.
fn host_view_with_a_tour() -> HostView {
    let question = |i: u32, text: &str| QuestionView {
        id: QuestionId(i),
        number: (i + 1).to_string(),
        content: Question {
            text: text.into(),
            answer: "Пушкин".into(),
            ..Question::default()
        },
        status: QuestionStatus::NotPlayed,
        withdrawn: false,
    };
    {
        let mut view = HostView {
            teams: common::numbered_teams(4),
            ..common::host_view()
        };
        let chgk = common::staff_chgk(&mut view);
        chgk.tours = vec![TourView {
            id: TourId(0),
            title: "Разминка".into(),
            closed: false,
            absent: Vec::new(),
            questions: vec![
                question(0, "Кто написал «Евгения Онегина»?"),
                question(1, "Кто написал «Медного всадника»?"),
                question(2, "Кто написал «Капитанскую дочку»?"),
            ],
        }];
        view
    }
}

#[test]
fn the_host_announces_a_question_picked_out_of_order_on_the_game_tab() {
    let state = state_at(
        Lang::Ru,
        START_MS * 1000,
        View::Host(host_view_with_a_tour()),
    );
    let form = HostForm {
        tab: Some(HostTab::Own(EventTab::Chgk(ChgkTab::Game))),
        ..HostForm::default()
    };
    // Every settle checks that each control has an accessible name.
    let mut harness = screen(state, form, [1200.0, 900.0], common::dashboard);
    assert!(
        harness.query_by_label("Следующий вопрос (1)").is_some(),
        "the next question in order is offered first"
    );
    click(&mut harness, "Вопрос вне очереди");
    click(&mut harness, "3 — Кто написал «Капитанскую дочку»?");
    click(&mut harness, "Объявить");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce {
                question: QuestionId(2),
            },
        )],
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
                for key in minuta_client::views::erudit::words::Et::ALL {
                    ui.label(key.text(lang));
                }
                for key in minuta_client::i18n::judging::Jt::ALL {
                    ui.label(key.text(lang));
                }
                for key in minuta_client::views::chgk::words::Ct::ALL {
                    ui.label(key.text(lang));
                }
                for key in minuta_client::i18n::tie::Tt::ALL {
                    ui.label(key.text(lang));
                }
                for key in minuta_client::views::brain_ring::words::Rt::ALL {
                    ui.label(key.text(lang));
                }
            }
            ui.label("× · — … «» № ё Ё Щ Ъ − µ –:––");
        });
    harness.run();
}

#[test]
fn a_second_chgk_tournament_runs_from_its_own_tab_and_commands_name_it() {
    // Arrange: the event's ChGK and «Второй ЧГК» (game 2) with the same tour.
    let mut view = host_view_with_a_tour();
    let second = common::staff_chgk(&mut view).clone();
    view.games.push(minuta_shared::wire::view::GameEntry {
        id: minuta_shared::ids::GameId(2),
        name: "Второй ЧГК".into(),
        format: minuta_shared::play::games::Format::Chgk,
        view: minuta_shared::play::games::GameStaffView::Chgk(second),
    });
    let mut harness = dashboard_on(
        Lang::Ru,
        view,
        HostTab::Games(minuta_shared::play::games::Format::Chgk),
        [1400.0, 900.0],
    );

    // Act: the game's own «Игра» tab announces its next question.
    click(&mut harness, "Следующий вопрос (1)");

    // Assert
    common::assert_sent(
        &harness,
        [Command::game(
            minuta_shared::ids::GameId(2),
            ChgkCommand::Announce {
                question: QuestionId(0),
            },
        )],
    );
}

/// The projector after the host revealed question 7 «Пушкин».
fn projector_after_the_reveal(text: Option<&str>) -> minuta_shared::wire::view::DisplayView {
    let mut view = common::display_view();
    let chgk = common::display_chgk(&mut view);
    chgk.clock = minute(QuestionId(6), "7", Phase::Over, START_MS);
    chgk.revealed = Some(DisplayReveal {
        question: QuestionId(6),
        number: "7".into(),
        text: text.map(Into::into),
        answer: "Пушкин".into(),
        accepted: Some("А. С. Пушкин".into()),
        comment: Some("Роман в стихах.".into()),
        withdrawn: false,
    });
    view
}

#[test]
fn chgk_3_the_projector_shows_the_answer_and_comment_after_the_reveal() {
    // Arrange: question 7 revealed, its text kept off the screen.
    let view = projector_after_the_reveal(None);

    // Act: the projector draws it, in Russian and in English.
    let ru = common::projector(
        Lang::Ru,
        (START_MS + 70_000) * 1000,
        view.clone(),
        [1280.0, 900.0],
    );
    let en = common::projector(Lang::En, (START_MS + 70_000) * 1000, view, [1280.0, 900.0]);

    // Assert: the answer, what else counts and the comment, read large.
    assert!(ru.query_by_label("Вопрос 7").is_some());
    assert!(ru.query_by_label("Ответ: Пушкин").is_some());
    assert!(ru.query_by_label("Зачёт: А. С. Пушкин").is_some());
    assert!(ru.query_by_label("Комментарий: Роман в стихах.").is_some());
    assert!(en.query_by_label("Question 7").is_some());
    assert!(en.query_by_label("Answer: Пушкин").is_some());
    assert!(en.query_by_label("Accepted: А. С. Пушкин").is_some());
    assert!(en.query_by_label("Comment: Роман в стихах.").is_some());
}

#[test]
fn chgk_3_the_projector_shows_the_question_text_when_the_host_chose_it() {
    let view = projector_after_the_reveal(Some("Кто написал «Онегина»?"));
    let harness = common::projector(Lang::Ru, (START_MS + 70_000) * 1000, view, [1280.0, 900.0]);
    assert!(harness.query_by_label("Кто написал «Онегина»?").is_some());
    assert!(harness.query_by_label("Ответ: Пушкин").is_some());
}

#[test]
fn chgk_3_the_host_ticks_the_question_onto_the_projector() {
    let mut harness = dashboard_on(
        Lang::En,
        host_view_with_a_tour(),
        HostTab::Own(EventTab::Chgk(ChgkTab::Game)),
        [1200.0, 900.0],
    );
    click(&mut harness, "show the question on the projector");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::ShowQuestionOnProjector { on: true },
        )],
    );
}

/// The host's dashboard on `tab`, showing `view`, in a window of `size`.
fn dashboard_on(
    lang: Lang,
    view: HostView,
    tab: HostTab,
    size: [f32; 2],
) -> ScreenHarness<HostForm> {
    let state = state_at(lang, START_MS * 1000, View::Host(view));
    let form = HostForm {
        tab: Some(tab),
        ..HostForm::default()
    };
    screen(state, form, size, common::dashboard)
}

/// The host's teams tab with «Команда 1» and «Команда 2».
fn teams_tab(lang: Lang) -> ScreenHarness<HostForm> {
    let mut view = common::host_view();
    view.teams = common::numbered_teams(2);
    view.teams[0].players = vec!["Аня".into(), "Боря".into()];
    dashboard_on(lang, view, HostTab::Teams, [1200.0, 900.0])
}

#[test]
fn the_host_edits_a_team_from_its_row() {
    // Arrange.
    let mut harness = teams_tab(Lang::Ru);

    // Act: «Изменить» on the first team, a longer name, «Сохранить».
    harness.get_all_by_label("Изменить").next().unwrap().click();
    harness.run();
    harness.get_by_label("Название").focus();
    harness.run();
    harness.get_by_label("Название").type_text(" плюс");
    harness.run();
    harness.get_by_label("ID на сайте рейтинга").focus();
    harness.run();
    harness
        .get_by_label("ID на сайте рейтинга")
        .type_text("12345");
    harness.run();
    click(&mut harness, "Сохранить");

    // Assert: the whole team as the form holds it.
    common::assert_sent(
        &harness,
        [Command::EditTeam {
            rating_id: Some(12345),
            team: TeamId(1),
            name: "Команда 1 плюс".into(),
            town: "Москва".into(),
            players: vec!["Аня".into(), "Боря".into()],
        }],
    );
}

#[test]
fn the_host_removes_a_team_only_after_confirming() {
    // Arrange.
    let mut harness = teams_tab(Lang::En);

    // Act: «Remove» on the second team asks first.
    harness.get_all_by_label("Remove").nth(1).unwrap().click();
    harness.run();
    assert!(
        harness
            .query_by_label("Remove the team «Команда 2»? Its code will stop working.")
            .is_some()
    );
    assert!(harness.state().sent.is_empty(), "nothing before the answer");
    click(&mut harness, "Yes, remove");

    // Assert.
    common::assert_sent(&harness, [Command::RemoveTeam { team: TeamId(2) }]);
}

#[test]
fn a_team_that_has_played_cannot_be_removed_from_the_dashboard() {
    let mut view = common::host_view();
    view.teams = common::numbered_teams(1);
    view.teams[0].played = true;
    let mut harness = dashboard_on(Lang::Ru, view, HostTab::Teams, [1200.0, 900.0]);
    click(&mut harness, "Удалить");
    assert!(harness.state().sent.is_empty());
    assert!(harness.query_by_label_contains("Удалить команду").is_none());
}

#[test]
fn another_chgk_tournament_is_added_from_the_set_up_menu_and_then_has_its_tab() {
    // Arrange: only the event's own ChGK; its tabs are the dashboard's.
    let mut harness = dashboard_on(
        Lang::Ru,
        host_view_with_a_tour(),
        HostTab::Own(EventTab::Chgk(ChgkTab::Game)),
        [1400.0, 900.0],
    );
    assert!(
        harness.query_by_label("Что? Где? Когда?").is_none(),
        "no ChGK tab on the bar for the event's own tournament"
    );

    // Act: «Подготовка» → «Ещё турнир ЧГК» → «Добавить игру».
    click(&mut harness, "Подготовка");
    click(&mut harness, "Ещё турнир ЧГК");
    click(&mut harness, "Добавить игру");

    // Assert
    common::assert_sent(
        &harness,
        [Command::AddGame {
            name: "Что? Где? Когда?".into(),
            settings: minuta_shared::play::games::GameSettings::Chgk(Default::default()),
        }],
    );
}

#[test]
fn the_standings_tab_draws_the_leaders_race_from_their_masks() {
    use minuta_shared::play::chgk::view::StandingRow;
    use minuta_shared::tournament::Place;

    let mut view = host_view_with_a_tour();
    common::staff_chgk(&mut view).standings = (1..=6)
        .map(|i| StandingRow {
            team: TeamId(i),
            name: format!("Команда {i}"),
            town: "Москва".into(),
            place: Place::single(i),
            points: 7 - i,
            rating: 10,
            mask: "1".repeat(7 - i as usize) + &"0".repeat(i as usize),
        })
        .collect();
    let harness = dashboard_on(
        Lang::Ru,
        view,
        HostTab::Own(EventTab::Chgk(ChgkTab::Standings)),
        [1400.0, 1200.0],
    );
    assert!(harness.query_by_label("Гонка лидеров").is_some());
}

#[test]
fn between_questions_the_projector_shows_the_leaders_race() {
    use minuta_shared::play::chgk::view::StandingRow;
    use minuta_shared::tournament::Place;

    let mut view = common::display_view();
    let chgk = common::display_chgk(&mut view);
    chgk.standings = (1..=3)
        .map(|i| StandingRow {
            team: TeamId(i),
            name: format!("Команда {i}"),
            town: "Москва".into(),
            place: Place::single(i),
            points: 4 - i,
            rating: 10,
            mask: "1".repeat(4 - i as usize) + &"0".repeat(i as usize - 1),
        })
        .collect();
    let idle = common::projector(Lang::Ru, START_MS * 1000, view.clone(), [1280.0, 1400.0]);
    assert!(idle.query_by_label("Гонка лидеров").is_some());

    // While a question is played the clock has the screen.
    common::display_chgk(&mut view).clock = running_clock(QuestionId(3));
    let playing = common::projector(Lang::Ru, (START_MS + 10_000) * 1000, view, [1280.0, 1400.0]);
    assert!(playing.query_by_label("Гонка лидеров").is_none());
}

/// The host's game tab with question 1 in its minute; it has a handout.
fn host_view_with_a_handout() -> HostView {
    let mut view = host_view_with_a_tour();
    let chgk = common::staff_chgk(&mut view);
    chgk.tours[0].questions[0].content.handout = Some("Карта Бородинского поля".into());
    chgk.tours[0].questions[0].status = QuestionStatus::Announced;
    chgk.clock = minute(QuestionId(0), "1", Phase::Minute, START_MS);
    view
}

#[test]
fn chgk_3_the_host_sends_the_handout_to_the_projector_and_takes_it_down() {
    // Arrange / act: the handout goes up.
    let mut harness = dashboard_on(
        Lang::Ru,
        host_view_with_a_handout(),
        HostTab::Own(EventTab::Chgk(ChgkTab::Game)),
        [1200.0, 900.0],
    );
    click(&mut harness, "Раздатку на экран");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::ShowHandout {
                question: Some(QuestionId(0)),
            },
        )],
    );

    // Once it is up, the same place takes it down.
    let mut view = host_view_with_a_handout();
    common::staff_chgk(&mut view).handout_shown = Some(QuestionId(0));
    let mut harness = dashboard_on(
        Lang::Ru,
        view,
        HostTab::Own(EventTab::Chgk(ChgkTab::Game)),
        [1200.0, 900.0],
    );
    click(&mut harness, "Убрать раздатку с экрана");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::ShowHandout { question: None },
        )],
    );
}

#[test]
fn chgk_3_the_projector_shows_a_handout_full_screen() {
    let mut view = common::display_view();
    let chgk = common::display_chgk(&mut view);
    chgk.clock = minute(QuestionId(0), "1", Phase::Minute, START_MS);
    chgk.handout = Some(DisplayHandout {
        number: "1".into(),
        text: "Карта Бородинского поля".into(),
    });
    let harness = common::projector(Lang::Ru, (START_MS + 5_000) * 1000, view, [1280.0, 900.0]);
    assert!(harness.query_by_label("Карта Бородинского поля").is_some());
    assert!(
        harness
            .query_by_label("Вопрос 1 · Раздаточный материал")
            .is_some()
    );
}

/// The access tab and the teams tab show each team's short code, the one
/// the server accepts (its first half from the certificate's fingerprint).
#[test]
fn the_host_sees_each_teams_short_code_beside_its_long_one() {
    // Arrange: two teams with their secrets in the access.
    let mut view = common::host_view();
    view.teams = common::numbered_teams(2);
    let mut access = common::access();
    access.teams = vec![
        (TeamId(1), "secret-1".into()),
        (TeamId(2), "secret-2".into()),
    ];
    view.access = Some(access.clone());
    let short = |secret: &str| {
        minuta_shared::lan::ShortCode::for_team(&access.fingerprint, secret).to_string()
    };

    // Act
    let access_tab = dashboard_on(Lang::Ru, view.clone(), HostTab::Access, [1200.0, 1400.0]);
    let teams_tab = dashboard_on(Lang::Ru, view, HostTab::Teams, [1200.0, 1400.0]);

    // Assert
    access_tab.get_by_label("Короткие коды команд");
    access_tab.get_by_label(&format!("Команда 2 — {}", short("secret-2")));
    teams_tab.get_by_label(&short("secret-1"));
    teams_tab.get_by_label(&short("secret-2"));
}

#[test]
fn chgk_3_the_host_sets_the_minute_on_the_tournament_tab() {
    // Arrange: the tournament tab, with the rules' timing.
    let view = common::host_view();
    let mut harness = dashboard_on(Lang::Ru, view.clone(), HostTab::Tournament, [1200.0, 900.0]);
    assert!(harness.query_by_label("Минута обсуждения").is_some());
    assert!(
        harness
            .query_by_label_contains("По правилам: 60 с")
            .is_some(),
        "the rules beside the timing"
    );

    // Act: the minute shortened to 50 s (the players' range first, then
    // the minute, the signal and the hand-in).
    harness
        .get_all_by_role(Role::SpinButton)
        .nth(2)
        .unwrap()
        .set_value_accesskit(50.0);
    harness.run();
    click(&mut harness, "Сохранить");

    // Assert
    let mut settings = view.settings.clone();
    settings.chgk.minute_ms = 50_000;
    common::assert_sent(
        &harness,
        [Command::SetUpTournament {
            name: view.tournament.clone(),
            settings,
        }],
    );
}

#[test]
fn the_host_sees_which_minuta_it_is_in_the_bars_corner() {
    // Arrange, act: the dashboard in a window 1200 px wide.
    let harness = teams_tab(Lang::Ru);

    // Assert: «0.1.0 (abc1234)» at the top bar's right end.
    let label = harness.get_by_label(minuta_shared::version::long());
    let rect = label.rect();
    assert!(rect.max.x > 1150.0, "not at the right end: {rect:?}");
    assert!(rect.min.y < 40.0, "not in the top bar: {rect:?}");
}
