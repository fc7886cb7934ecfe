//! ChGK's appeals before the appeal jury (6.5) and who plays a tour (4.3),
//! clicked through headless with egui_kittest: the jury's desk for a ChGK
//! appeal, the host's appeals tab while the jury sits, the team's
//! «Пропуск», and the teams tab's attendance boxes.

use crate::common;

use common::{ScreenHarness, acknowledge, click, minute, screen, state_at};
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::UiCommand;
use minuta_client::views::chgk::staff::ChgkTab;
use minuta_client::views::games::EventTab;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_client::views::jury;
use minuta_client::views::team::TeamForm;
use minuta_shared::ids::{AppealId, QuestionId, TeamId, TourId};
use minuta_shared::play::chgk::view::{AppealResolution, AppealView, TourView};
use minuta_shared::play::chgk::{
    AppealDecider, AppealKind, ChgkCommand, ChgkReceipt, ChgkStaffView, EVENT_CHGK,
};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameReceipt, GameStaffView};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{HostView, JuryView, View};

/// When «Время» was given in these tests (ms of server time).
const START_MS: u64 = 1_000_000_000;

/// Appeal 1 of «Знатоки» on question 7, a спорный: decided or not.
fn disputed(id: u32, resolution: Option<AppealResolution>) -> AppealView {
    AppealView {
        id: AppealId(id),
        team: TeamId(1),
        team_name: "Знатоки".into(),
        question: QuestionId(6),
        number: "7".into(),
        kind: AppealKind::AcceptMyAnswer,
        text: format!("Апелляция {id}: это тот же ответ"),
        filed_at: ServerTime::from_millis(START_MS + 90_000),
        card: Some("А. С. Пушкин".into()),
        author_answer: "Пушкин".into(),
        accepted: Some("Александр Пушкин".into()),
        resolution,
    }
}

/// A ChGK staff view with an open спорный and one the jury rejected.
fn appeals(appeal_jury: bool) -> ChgkStaffView {
    let rejected = AppealResolution {
        upheld: false,
        reply: "Не тот Пушкин".into(),
        at: ServerTime::from_millis(START_MS + 100_000),
        by: AppealDecider::Jury,
    };
    ChgkStaffView {
        appeals: vec![disputed(1, Some(rejected)), disputed(2, None)],
        appeal_jury,
        ..ChgkStaffView::default()
    }
}

fn decide(upheld: bool) -> UiCommand {
    UiCommand::Send(Command::game(
        EVENT_CHGK,
        ChgkCommand::ResolveAppeal {
            appeal: AppealId(2),
            upheld,
            reply: String::new(),
        },
    ))
}

fn jury_screen(chgk: ChgkStaffView) -> ScreenHarness<jury::JuryForm> {
    let mut game = common::event_chgk(GameStaffView::Chgk(chgk));
    game.name = "Кубок Минуты".into();
    // The event's ChGK comes to the jury once it has tours.
    if let GameStaffView::Chgk(chgk) = &mut game.view {
        chgk.tours = vec![tour(Vec::new())];
    }
    let view = View::Jury(JuryView {
        tournament: common::TOURNAMENT.into(),
        games: vec![game],
    });
    let state = state_at(Lang::Ru, (START_MS + 200_000) * 1000, view);
    screen(
        state,
        jury::JuryForm::default(),
        [1000.0, 1200.0],
        common::jury_terminal,
    )
}

fn tour(absent: Vec<TeamId>) -> TourView {
    TourView {
        id: TourId(0),
        title: "Тур 1".into(),
        closed: false,
        absent,
        questions: Vec::new(),
    }
}

#[test]
fn chgk_6_5_the_jury_reads_the_card_beside_the_authors_answer_and_upholds() {
    // Arrange.
    let mut harness = jury_screen(appeals(true));
    assert!(harness.query_by_label("ждут решения: 1").is_some());
    assert_eq!(
        harness.query_all_by_label("«А. С. Пушкин»").count(),
        2,
        "the team's card on each appeal"
    );
    assert_eq!(
        harness.query_all_by_label("Пушкин").count(),
        2,
        "the author's answer on each appeal"
    );
    assert!(
        harness
            .query_by_label("«Апелляция 2: это тот же ответ»")
            .is_some()
    );
    assert!(
        harness.query_by_label_contains("АЖ, ").is_some(),
        "a decision says who took it and when"
    );

    // Act: the open one has the buttons.
    let uphold: Vec<_> = harness.get_all_by_label("Принять").collect();
    assert_eq!(uphold.len(), 1, "a decided appeal has no buttons");
    uphold[0].click();
    harness.run();

    // Assert.
    assert_eq!(harness.state().sent, vec![decide(true)]);
}

fn host_appeals(chgk: ChgkStaffView) -> ScreenHarness<HostForm> {
    let mut view = common::host_view();
    *common::staff_chgk(&mut view) = chgk;
    let state = state_at(Lang::Ru, START_MS * 1000, View::Host(view));
    let form = HostForm {
        tab: Some(HostTab::Own(EventTab::Chgk(ChgkTab::Appeals))),
        ..HostForm::default()
    };
    screen(state, form, [1200.0, 900.0], common::dashboard)
}

#[test]
fn chgk_6_5_while_the_jury_sits_the_host_sees_the_appeals_without_buttons() {
    let harness = host_appeals(appeals(true));
    assert!(
        harness
            .query_by_label_contains("рассматривает апелляционное жюри")
            .is_some()
    );
    assert!(harness.query_by_label("на рассмотрении").is_some());
    assert!(harness.query_by_label("Принять").is_none());
    assert!(harness.query_by_label("Отклонить").is_none());
}

#[test]
fn chgk_6_5_a_jury_gone_for_good_the_host_takes_the_appeals_back() {
    let mut harness = host_appeals(appeals(true));
    click(&mut harness, "АЖ ушло: апелляции решает ведущий");
    assert_eq!(
        harness.state().sent,
        vec![UiCommand::Send(Command::TakeBackAppeals)]
    );
}

#[test]
fn chgk_4_14_with_no_jury_the_host_decides() {
    let mut harness = host_appeals(appeals(false));
    click(&mut harness, "Отклонить");
    assert_eq!(harness.state().sent, vec![decide(false)]);
}

/// Team 1's terminal 20 s into question 7's minute.
fn team_screen() -> ScreenHarness<TeamForm> {
    let mut view = common::team_view();
    common::team_chgk(&mut view).clock = minute(QuestionId(6), "7", Phase::Minute, START_MS);
    let state = state_at(Lang::Ru, (START_MS + 20_000) * 1000, View::Team(view));
    screen(
        state,
        TeamForm::default(),
        [900.0, 900.0],
        common::team_terminal,
    )
}

#[test]
fn chgk_4_3_the_team_hands_in_a_pass_deliberately_and_sees_its_receipt() {
    // Arrange.
    let mut harness = team_screen();

    // Act: «Пропуск», then its confirmation.
    click(&mut harness, "Пропуск");
    assert!(
        harness.state().sent.is_empty(),
        "nothing goes before the confirmation"
    );
    assert!(
        harness
            .query_by_label_contains("Сдать пустую карточку?")
            .is_some()
    );
    click(&mut harness, "Да, пропуск");

    // Assert: an empty card goes, and its receipt reads «пропуск».
    let command = Command::game(
        EVENT_CHGK,
        ChgkCommand::SubmitCard {
            question: QuestionId(6),
            text: String::new(),
        },
    );
    common::assert_sent(&harness, [command.clone()]);
    let receipt = Receipt::Game {
        game: EVENT_CHGK,
        receipt: GameReceipt::Chgk(ChgkReceipt::Card {
            question: QuestionId(6),
            received_at: ServerTime::from_millis(START_MS + 20_000),
            since_start_ms: 20_000,
            late: false,
        }),
    };
    acknowledge(&mut harness, command, receipt, "the pass");
    assert!(harness.query_by_label("«пропуск»").is_some());
    assert!(harness.query_by_label("принято 00:20.000").is_some());
}

#[test]
fn chgk_4_3_cancelling_a_pass_sends_nothing() {
    let mut harness = team_screen();
    click(&mut harness, "Пропуск");
    click(&mut harness, "Отмена");
    assert!(harness.state().sent.is_empty());
    assert!(harness.query_by_label("Пропуск").is_some());
}

/// The host's teams tab with two teams and the ChGK's first tour, where
/// team 2 is marked absent.
fn teams_tab() -> ScreenHarness<HostForm> {
    let mut view = HostView {
        teams: common::numbered_teams(2),
        ..common::host_view()
    };
    common::staff_chgk(&mut view).tours = vec![tour(vec![TeamId(2)])];
    let state = state_at(Lang::Ru, START_MS * 1000, View::Host(view));
    let form = HostForm {
        tab: Some(HostTab::Teams),
        ..HostForm::default()
    };
    screen(state, form, [1400.0, 900.0], common::dashboard)
}

fn mark(team: u32, absent: bool) -> Command {
    Command::game(
        EVENT_CHGK,
        ChgkCommand::MarkAbsent {
            team: TeamId(team),
            tour: TourId(0),
            absent,
        },
    )
}

#[test]
fn chgk_4_3_the_host_marks_a_team_absent_from_a_tour_and_back() {
    // Arrange: team 1's attendance.
    let mut harness = teams_tab();
    harness.get_all_by_label("Явка").next().unwrap().click();
    harness.run();

    // Act: untick «Тур 1: играет».
    click(&mut harness, "Тур 1: играет");

    // Assert: team 1 is marked absent from tour 1.
    common::assert_sent(&harness, [mark(1, true)]);
}

#[test]
fn chgk_4_3_a_team_marked_absent_is_ticked_back_in() {
    let mut harness = teams_tab();
    harness.get_all_by_label("Явка").nth(1).unwrap().click();
    harness.run();
    click(&mut harness, "Тур 1: играет");
    common::assert_sent(&harness, [mark(2, false)]);
}
