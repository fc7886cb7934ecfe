//! Issue 39 on the Brain-ring button: an appeal being written (4.13) comes
//! back after a reload (a fresh app and screen whose shelf kept the
//! drafts) and is forgotten once the server lists it, or once the next
//! question is read.

use super::*;

use minuta_client::state::AppState;
use minuta_shared::play::brain_ring::{RingAppeal, RingAppealKind};

const APPEAL: &str = "Вопрос некорректен: рек с таким названием две";

/// Question 4 over, taken by the other table.
fn over() -> RingFightView {
    fight(ButtonPhase::Over { taken_by: Some(1) })
}

/// Team 1's app during `fight`, `ms` after «Время».
fn fresh(fight: RingFightView, ms: u64) -> AppState {
    let mut view = common::team_view();
    common::team_ring(&mut view).fight = Some(fight);
    state_at(Lang::Ru, ARMED + ms * 1000, View::Team(view))
}

fn terminal(state: AppState) -> ScreenHarness<team::TeamForm> {
    screen(
        state,
        team::TeamForm::default(),
        [1000.0, 900.0],
        common::team_terminal,
    )
}

/// `fight` reaches the terminal.
fn show(harness: &mut ScreenHarness<team::TeamForm>, fight: RingFightView) {
    let mut view = common::team_view();
    common::team_ring(&mut view).fight = Some(fight);
    common::show(&mut harness.state_mut().state, View::Team(view));
    harness.run();
}

#[test]
fn brain_ring_4_13_an_appeal_being_written_comes_back_after_a_reload() {
    // Arrange: an appeal on question 4, being written.
    let mut harness = terminal(fresh(over(), 30_000));
    common::click(&mut harness, "Подать апелляцию…");
    common::type_in(&mut harness, Role::MultilineTextInput, APPEAL);

    // Act: the page reloads.
    let mut harness = terminal(common::reloaded(&harness, fresh(over(), 31_000)));

    // Assert: the form is open again with its text, and files it.
    let field = harness.get_by_role(Role::MultilineTextInput);
    assert_eq!(field.value().as_deref(), Some(APPEAL));
    common::click(&mut harness, "Подать апелляцию");
    common::assert_sent(
        &harness,
        [Command::game(
            EVENT_RING,
            RingCommand::Appeal {
                fight: FIGHT,
                kind: RingAppealKind::QuestionIncorrect,
                text: APPEAL.into(),
            },
        )],
    );
    assert!(
        !common::no_drafts(&harness),
        "kept until the server lists the appeal"
    );

    // The server lists it: nothing is left to bring back.
    let mut listed = over();
    listed.appeals = vec![RingAppeal {
        id: 1,
        question: 4,
        team: TeamId(1),
        kind: RingAppealKind::QuestionIncorrect,
        text: APPEAL.into(),
        filed_at: at_ms(32_000),
        resolution: None,
    }];
    show(&mut harness, listed);
    assert!(common::no_drafts(&harness));
}

#[test]
fn brain_ring_4_13_an_appeal_s_draft_goes_when_the_next_question_is_read() {
    // Arrange: an appeal on question 4, being written.
    let mut harness = terminal(fresh(over(), 30_000));
    common::click(&mut harness, "Подать апелляцию…");
    common::type_in(&mut harness, Role::MultilineTextInput, APPEAL);
    assert!(!common::no_drafts(&harness));

    // Act: question 5 is read; its button armed.
    let mut next = fight(armed());
    if let Some(q) = &mut next.question {
        q.number = 5;
    }
    show(&mut harness, next);

    // Assert: the appeal on question 4 can no longer be filed; no draft.
    assert!(harness.query_by_role(Role::MultilineTextInput).is_none());
    assert!(common::no_drafts(&harness));
}
