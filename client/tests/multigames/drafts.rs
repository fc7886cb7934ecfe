//! Issue 39 on a team's Мультиигры terminal: the task's answer and an
//! appeal (6.4) being written come back after a reload (a fresh app and
//! screen whose shelf kept the drafts) and are forgotten once the server
//! has them, or once the next tour closes the appeal.

use super::*;

use minuta_client::state::AppState;

const APPEAL: &str = "Постель и пастила — одно слово по звучанию";

/// The app `ms` after the task's start, showing `view`.
fn fresh(view: MultigamesTeamView, ms: u64) -> AppState {
    state_at(
        Lang::Ru,
        (START_MS + ms) * 1000,
        View::Team(team_game(view)),
    )
}

fn terminal(state: AppState) -> ScreenHarness<team::TeamForm> {
    screen(
        state,
        team::TeamForm::default(),
        [1000.0, 1200.0],
        common::team_terminal,
    )
}

#[test]
fn multigames_39_an_answer_comes_back_after_a_reload_and_goes_once_taken() {
    // Arrange: the answer typed, not handed in.
    let view = || task_view(TaskStatus::Running);
    let mut harness = terminal(fresh(view(), 30_000));
    common::type_in(&mut harness, Role::TextInput, "Пастила");

    // Act: the page reloads.
    let mut harness = terminal(common::reloaded(&harness, fresh(view(), 31_000)));

    // Assert: the answer is back; handed in and taken, it is forgotten.
    let field = harness.get_by_role(Role::TextInput);
    assert_eq!(field.value().as_deref(), Some("Пастила"));
    common::click(&mut harness, "Сдать ответ");
    common::click(&mut harness, "Да, сдать");
    let command = answer_command("Пастила");
    common::assert_sent(&harness, [command.clone()]);
    harness.state_mut().sent.clear();
    receive(&mut harness, command, 32_000, false);
    assert!(common::no_drafts(&harness));
}

#[test]
fn multigames_6_4_an_appeal_being_written_comes_back_after_a_reload() {
    // Arrange: an appeal for the team's answer, being written.
    let mut harness = terminal(fresh(revealed_view("0"), 200_000));
    common::click(&mut harness, "Апелляция");
    common::type_in(&mut harness, Role::MultilineTextInput, APPEAL);

    // Act: the page reloads.
    let mut harness = terminal(common::reloaded(
        &harness,
        fresh(revealed_view("0"), 201_000),
    ));

    // Assert: the form is open again with its text, and files it.
    let field = harness.get_by_role(Role::MultilineTextInput);
    assert_eq!(field.value().as_deref(), Some(APPEAL));
    common::click(&mut harness, "Подать апелляцию");
    common::assert_sent(
        &harness,
        [Command::Game {
            game: GAME,
            command: GameCommand::Multigames(MultigamesCommand::Appeal {
                task: TASK,
                kind: TaskAppealKind::AcceptMyAnswer,
                text: APPEAL.into(),
            }),
        }],
    );
    assert!(
        !common::no_drafts(&harness),
        "kept until the server lists the appeal"
    );

    // The server lists it: nothing is left to bring back.
    let mut listed = revealed_view("0");
    listed.appeals = vec![appeal(1, None)];
    common::show(
        &mut harness.state_mut().state,
        View::Team(team_game(listed)),
    );
    harness.run();
    assert!(common::no_drafts(&harness));
}

#[test]
fn multigames_6_4_an_appeal_s_draft_goes_when_the_next_tour_begins() {
    // Arrange: an appeal being written.
    let mut harness = terminal(fresh(revealed_view("0"), 200_000));
    common::click(&mut harness, "Апелляция");
    common::type_in(&mut harness, Role::MultilineTextInput, APPEAL);

    // Act: the next tour begins (6.4: no more appeals on this one).
    let mut closed = revealed_view("0");
    closed.appealable.clear();
    common::show(
        &mut harness.state_mut().state,
        View::Team(team_game(closed)),
    );
    harness.run();

    // Assert: the form is gone, and so is its draft.
    assert!(harness.query_by_role(Role::MultilineTextInput).is_none());
    assert!(common::no_drafts(&harness));
}
