//! «Мультиигры» screens (section 6) clicked through headless with
//! egui_kittest: the team's task card (the sheet face down until the start,
//! the countdown, the final answer, the late flag, appeals), the host's and
//! the judges' credit, the appeal jury's decisions and the projector.

use crate::common;

use common::{ScreenHarness, acknowledge, hand_in, screen, state_at};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::UiCommand;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_client::views::{jury, team};
use minuta_shared::ids::{GameId, JudgeId, TeamId};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::games::{
    Format, GameCommand, GameDisplayView, GameReceipt, GameSettings, GameStaffView, GameTeamView,
};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    AppealDecision, AppealNo, AppealRow, Awarder, MultiStandingRow, MultigamesCommand,
    MultigamesDisplayView, MultigamesReceipt, MultigamesSettings, MultigamesStaffView,
    MultigamesTeamView, StaffAnswer, StaffTask, StaffTour, TaskAppealKind, TaskClock, TaskHeading,
    TaskId, TaskReveal, TaskStatus, TeamAnswer, TeamTask, TourNo,
};
use minuta_shared::time::ServerTime;
use minuta_shared::tournament::Place;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{
    Access, DisplayView, GameEntry, HostView, JuryView, TeamView, View,
};

/// When the host started task 2.1 in these tests (ms of server time).
const START_MS: u64 = 1_000_000_000;
/// Games the host adds get ids from 2: 0 and 1 are the event's ChGK and Brain-ring.
const GAME: GameId = GameId(2);
const TASK: TaskId = TaskId(4);

fn at(ms: u64) -> ServerTime {
    ServerTime::from_millis(START_MS + ms)
}

fn points(text: &str) -> Credit {
    Credit::parse(text).unwrap()
}

/// Task 2.1 «Ребус», 3 points, 2 minutes, as the hall knows it.
fn heading(status: TaskStatus) -> TaskHeading {
    let started = !matches!(status, TaskStatus::Waiting | TaskStatus::Announced);
    TaskHeading {
        id: TASK,
        tour: TourNo(1),
        number: "2.1".into(),
        title: "Ребус".into(),
        points: Credit::from_int(3),
        seconds: 120,
        status,
        clock: started.then(|| TaskClock {
            started_at: at(0),
            warning_at: at(110_000),
            ends_at: at(120_000),
            accept_until: at(123_000),
        }),
        withdrawn: false,
    }
}

const TEXT: &str = "Расшифруйте ребус: ПО + 100 + Л";

fn standings() -> Vec<MultiStandingRow> {
    vec![MultiStandingRow {
        team: TeamId(1),
        name: "Знатоки".into(),
        town: "Москва".into(),
        place: Place::single(1),
        points: Credit::from_int(3),
    }]
}

// ------------------------------------------------------------------ the team

fn team_game(view: MultigamesTeamView) -> TeamView {
    let mut team = common::team_view();
    team.games.push(GameEntry {
        id: GAME,
        name: "Мультиигры".into(),
        format: Format::Multigames,
        view: GameTeamView::Multigames(view),
    });
    team
}

fn task_view(status: TaskStatus) -> MultigamesTeamView {
    let started = !matches!(status, TaskStatus::Waiting | TaskStatus::Announced);
    MultigamesTeamView {
        current: Some(TeamTask {
            heading: heading(status),
            text: started.then(|| TEXT.to_owned()),
        }),
        answers: Vec::new(),
        appealable: Vec::new(),
        appeals: Vec::new(),
        appeals_allowed: true,
        standings: standings(),
    }
}

/// Team 1's terminal `ms` after the task's start.
fn team_screen(view: TeamView, ms: u64) -> ScreenHarness<team::TeamForm> {
    let state = state_at(Lang::Ru, (START_MS + ms) * 1000, View::Team(view));
    screen(
        state,
        team::TeamForm::default(),
        [1000.0, 1200.0],
        common::team_terminal,
    )
}

fn answer_command(text: &str) -> Command {
    Command::Game {
        game: GAME,
        command: GameCommand::Multigames(MultigamesCommand::Answer {
            task: TASK,
            text: text.into(),
        }),
    }
}

/// The server takes the answer `since_start_ms` after the start.
fn receive(
    harness: &mut ScreenHarness<team::TeamForm>,
    command: Command,
    since_start_ms: u64,
    late: bool,
) {
    let receipt = Receipt::Game {
        game: GAME,
        receipt: GameReceipt::Multigames(MultigamesReceipt::Answer {
            task: TASK,
            received_at: at(since_start_ms),
            since_start_ms,
            late,
        }),
    };
    acknowledge(harness, command, receipt, "answer");
}

#[test]
fn multigames_6_task_text_hidden_until_start() {
    let harness = team_screen(team_game(task_view(TaskStatus::Announced)), 0);
    assert!(harness.query_by_label("Задание 2.1 · Ребус").is_some());
    assert!(
        harness.query_by_label("время 2:00 · 3 очка").is_some(),
        "the time and points are announced before the start"
    );
    assert!(harness.query_by_label("Задание ещё не начато").is_some());
    assert!(
        harness.query_by_label(TEXT).is_none(),
        "the sheet lies face down"
    );
    assert!(
        harness.query_by_role(Role::TextInput).is_none(),
        "no answer before the start"
    );
}

#[test]
fn multigames_6_after_the_start_the_text_the_countdown_and_the_answer_field() {
    let harness = team_screen(team_game(task_view(TaskStatus::Running)), 20_000);
    assert!(harness.query_by_label(TEXT).is_some());
    assert!(
        harness.query_by_label("1:40").is_some(),
        "the countdown runs on server time"
    );
    assert!(harness.query_by_label("идёт решение").is_some());
    assert!(harness.query_by_role(Role::TextInput).is_some());
}

#[test]
fn multigames_3_6_the_grace_after_the_end_signal_is_counted_down() {
    let harness = team_screen(team_game(task_view(TaskStatus::Running)), 121_000);
    assert!(harness.query_by_label("0:00").is_some());
    assert!(
        harness
            .query_by_label("Время, сдавайте ответы · 0:02")
            .is_some(),
        "the 3-s grace shows under the end signal"
    );
}

#[test]
fn multigames_6_an_answer_leaves_after_confirmation_and_is_then_final() {
    let mut harness = team_screen(team_game(task_view(TaskStatus::Running)), 58_000);
    let command = hand_in(&mut harness, "Пастила");
    assert_eq!(command, answer_command("Пастила"));
    receive(&mut harness, command, 58_731, false);
    assert!(harness.query_by_label("принято 00:58.731").is_some());
    assert!(harness.query_by_label("«Пастила»").is_some());
    assert!(
        harness.query_by_role(Role::TextInput).is_none(),
        "the answer is final once accepted"
    );
    assert!(
        harness.state().state.toasts.is_empty(),
        "the receipt shows on the card, not as a toast"
    );
}

#[test]
fn multigames_3_6_a_late_answer_is_kept_and_flagged() {
    let mut harness = team_screen(team_game(task_view(TaskStatus::Over)), 125_000);
    assert!(
        harness
            .query_by_label_contains("будет опозданием")
            .is_some(),
        "warns before a late hand-in"
    );
    let command = hand_in(&mut harness, "Пастила");
    receive(&mut harness, command, 125_002, true);
    assert!(harness.query_by_label("опоздание — не засчитано").is_some());
    assert!(harness.query_by_label_contains("принято").is_none());
}

fn revealed_view(credit: &str) -> MultigamesTeamView {
    let mut view = task_view(TaskStatus::Revealed);
    view.answers = vec![TeamAnswer {
        task: TASK,
        number: "2.1".into(),
        title: "Ребус".into(),
        text: "Пастила".into(),
        received_at: at(58_731),
        since_start_ms: 58_731,
        late: false,
        reveal: Some(TaskReveal {
            answer: "Постель".into(),
            comment: "ПО + СТО + Л".into(),
            points: Some(points(credit)),
            max: Credit::from_int(3),
            withdrawn: false,
        }),
    }];
    view.appealable = vec![TASK];
    view
}

#[test]
fn multigames_6_after_the_reveal_the_team_sees_the_answer_and_its_credit() {
    let harness = team_screen(team_game(revealed_view("1.5")), 200_000);
    assert!(harness.query_by_label("Авторский ответ: Постель").is_some());
    assert_eq!(
        harness.query_all_by_label("1.5 из 3").count(),
        2,
        "partial credit against the task's value, on the card and in the list"
    );
}

#[test]
fn multigames_6_4_a_team_appeals_for_its_answer() {
    let mut harness = team_screen(team_game(revealed_view("0")), 200_000);
    common::click(&mut harness, "Апелляция");
    assert!(
        harness.query_by_label("на зачёт нашего ответа").is_some(),
        "an answer without full credit may be appealed for"
    );
    common::type_in(
        &mut harness,
        Role::MultilineTextInput,
        "Постель и пастила — одно слово по звучанию",
    );
    common::click(&mut harness, "Подать апелляцию");
    common::assert_sent(
        &harness,
        [Command::Game {
            game: GAME,
            command: GameCommand::Multigames(MultigamesCommand::Appeal {
                task: TASK,
                kind: TaskAppealKind::AcceptMyAnswer,
                text: "Постель и пастила — одно слово по звучанию".into(),
            }),
        }],
    );
}

#[test]
fn multigames_6_4_no_appeal_once_the_next_tour_began() {
    let mut view = revealed_view("0");
    view.appealable.clear();
    let harness = team_screen(team_game(view), 200_000);
    assert!(harness.query_by_label("Апелляция").is_none());
}

#[test]
fn multigames_6_5_the_team_reads_the_jurys_decision() {
    let mut view = revealed_view("3");
    view.appeals = vec![appeal(
        1,
        Some(AppealDecision {
            upheld: true,
            points: Some(Credit::from_int(3)),
            reply: "Засчитано по звучанию".into(),
            at: at(300_000),
            by_host: false,
        }),
    )];
    let harness = team_screen(team_game(view), 400_000);
    assert!(harness.query_by_label("принята").is_some());
    assert!(harness.query_by_label("засчитано: 3 очка").is_some());
    assert!(harness.query_by_label("— Засчитано по звучанию").is_some());
}

#[test]
fn multigames_a_game_with_nothing_for_the_team_leaves_the_chgk_screen() {
    let mut view = task_view(TaskStatus::Waiting);
    view.current = None;
    let harness = team_screen(team_game(view), 0);
    assert!(
        harness
            .query_by_label("Ждём, когда ведущий объявит вопрос.")
            .is_some()
    );
    assert!(harness.query_by_label("Мультиигры").is_none());
}

#[test]
fn multigames_6_3_the_terminal_follows_the_task_in_play_and_the_team_may_look_back() {
    let mut view = team_game(task_view(TaskStatus::Running));
    // ChGK question 7 was played ten minutes before the task began.
    let chgk_start = START_MS - 600_000;
    common::team_chgk(&mut view).clock = common::minute(
        minuta_shared::ids::QuestionId(6),
        "7",
        minuta_shared::play::clock::Phase::Over,
        chgk_start,
    );
    let mut harness = team_screen(view, 20_000);
    assert!(
        harness.query_by_label(TEXT).is_some(),
        "the task in play shows"
    );
    common::click(&mut harness, "ЧГК");
    assert!(harness.query_by_label("Вопрос 7").is_some());
    assert!(harness.query_by_label(TEXT).is_none());
    common::click(&mut harness, "Мультиигры");
    assert!(harness.query_by_label(TEXT).is_some());
}

/// Team `id`'s appeal for its answer «Пастила» to task 2.1.
fn appeal(id: u32, decision: Option<AppealDecision>) -> AppealRow {
    AppealRow {
        id: AppealNo(id),
        task: TASK,
        number: "2.1".into(),
        team: TeamId(id),
        name: format!("Команда {id}"),
        kind: TaskAppealKind::AcceptMyAnswer,
        text: format!("Апелляция команды {id}"),
        answer: Some("Пастила".into()),
        filed_at: at(300_000),
        decision,
    }
}

#[path = "multigames/staff.rs"]
mod staff;

#[path = "multigames/phone.rs"]
mod phone;

#[path = "multigames/drafts.rs"]
mod drafts;
