//! Issue 39 on the ChGK terminal: what a team writes — its card, an
//! appeal (4.13) — comes back after a reload (a fresh app and screen whose
//! shelf kept the drafts) and is forgotten once the server has it, or once
//! the team cancels it.

use crate::common;

use common::{ScreenHarness, acknowledge, hand_in, minute, screen, state_at};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::AppState;
use minuta_client::views::team::TeamForm;
use minuta_shared::ids::{AppealId, QuestionId, TeamId};
use minuta_shared::play::chgk::view::{AppealView, CardReveal, TeamCard};
use minuta_shared::play::chgk::{AppealKind, ChgkCommand, ChgkReceipt, EVENT_CHGK, Verdict};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::GameReceipt;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{TeamView, View};

/// «Время» for question 7, ms of server time.
const START_MS: u64 = 1_000_000_000;
const APPEAL: &str = "Наш ответ по сути совпадает с авторским";

/// Team 1 during question 7's minute, question 5 revealed and judged wrong.
fn team_view() -> TeamView {
    let mut view = common::team_view();
    let chgk = common::team_chgk(&mut view);
    chgk.clock = minute(QuestionId(6), "7", Phase::Minute, START_MS);
    chgk.cards = vec![TeamCard {
        question: QuestionId(4),
        number: "5".into(),
        text: "Холмс".into(),
        received_at: ServerTime::from_millis(START_MS - 100_000),
        since_start_ms: 41_250,
        late: false,
        reveal: Some(CardReveal {
            author_answer: "Шерлок Холмс".into(),
            accepted: None,
            comment: None,
            verdict: Some(Verdict::Wrong),
            withdrawn: false,
        }),
    }];
    view
}

/// The app 20 s into the minute, showing `view`.
fn fresh(view: TeamView) -> AppState {
    state_at(Lang::Ru, (START_MS + 20_000) * 1000, View::Team(view))
}

fn terminal(state: AppState) -> ScreenHarness<TeamForm> {
    screen(
        state,
        TeamForm::default(),
        [900.0, 1200.0],
        common::team_terminal,
    )
}

#[test]
fn chgk_39_a_card_is_forgotten_once_the_server_takes_it() {
    // Arrange: the card typed, handed in and kept until the server answers.
    let mut harness = terminal(fresh(team_view()));
    let command = hand_in(&mut harness, "Королёв");
    assert!(!common::no_drafts(&harness), "kept while on its way");

    // Act: the server takes it.
    let receipt = Receipt::Game {
        game: EVENT_CHGK,
        receipt: GameReceipt::Chgk(ChgkReceipt::Card {
            question: QuestionId(6),
            received_at: ServerTime::from_millis(START_MS + 21_000),
            since_start_ms: 21_000,
            late: false,
        }),
    };
    acknowledge(&mut harness, command, receipt, "card");

    // Assert: nothing is left to bring back.
    assert!(common::no_drafts(&harness));
}

#[test]
fn chgk_4_13_an_appeal_being_written_comes_back_after_a_reload() {
    // Arrange: an appeal for the team's answer to question 5, being written.
    let mut harness = terminal(fresh(team_view()));
    common::click(&mut harness, "Апелляция");
    common::click(&mut harness, "на зачёт нашего ответа");
    common::type_in(&mut harness, Role::MultilineTextInput, APPEAL);

    // Act: the page reloads.
    let mut harness = terminal(common::reloaded(&harness, fresh(team_view())));

    // Assert: the form is open again with the text and its kind.
    let field = harness.get_by_role(Role::MultilineTextInput);
    assert_eq!(field.value().as_deref(), Some(APPEAL));
    common::click(&mut harness, "Подать апелляцию");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_CHGK,
            ChgkCommand::FileAppeal {
                question: QuestionId(4),
                kind: AppealKind::AcceptMyAnswer,
                text: APPEAL.into(),
            },
        )],
    );
    assert!(
        !common::no_drafts(&harness),
        "kept until the server lists the appeal"
    );
}

#[test]
fn chgk_4_13_a_filed_appeal_is_forgotten_once_the_server_lists_it() {
    // Arrange: the appeal filed, not yet listed.
    let mut harness = terminal(fresh(team_view()));
    common::click(&mut harness, "Апелляция");
    common::type_in(&mut harness, Role::MultilineTextInput, APPEAL);
    common::click(&mut harness, "Подать апелляцию");

    // Act: the server's view lists it.
    let mut view = team_view();
    common::team_chgk(&mut view).appeals = vec![AppealView {
        id: AppealId(1),
        team: TeamId(1),
        team_name: "Знатоки".into(),
        question: QuestionId(4),
        number: "5".into(),
        kind: AppealKind::WithdrawQuestion,
        text: APPEAL.into(),
        filed_at: ServerTime::from_millis(START_MS + 20_500),
        card: Some("Холмс".into()),
        author_answer: "Шерлок Холмс".into(),
        accepted: None,
        resolution: None,
    }];
    common::show(&mut harness.state_mut().state, View::Team(view.clone()));
    harness.run();

    // Assert: no draft, and a reload opens no form.
    assert!(common::no_drafts(&harness));
    let harness = terminal(common::reloaded(&harness, fresh(view)));
    assert!(harness.query_by_role(Role::MultilineTextInput).is_none());
}

#[test]
fn chgk_4_13_a_cancelled_appeal_is_forgotten() {
    let mut harness = terminal(fresh(team_view()));
    common::click(&mut harness, "Апелляция");
    common::type_in(&mut harness, Role::MultilineTextInput, APPEAL);
    assert!(!common::no_drafts(&harness));
    common::click(&mut harness, "Отмена");
    assert!(common::no_drafts(&harness));
}
