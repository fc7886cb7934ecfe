//! Issue 39 on a team's Нептун terminal: the split being made (2.2), a
//! card being written, the number picked for Джокер (5.2) and a sum being
//! typed in the auction (6.4) come back after a reload (a fresh app and
//! screen whose shelf kept the drafts) and are forgotten once the server
//! has them, or once what they were for is over.

use super::*;

use egui::accesskit::Role;

/// A terminal whose view the test changes, as the server's views arrive.
type Terminal = ScreenHarness<(NeptuneForm, NeptuneTeamView)>;

/// A new page: the app as it starts, at the hall's time.
fn fresh(hall: &Hall) -> AppState {
    let mut state = AppState::new(hall.lang);
    state.now_us = hall.now_ms * 1000;
    state
}

/// Team 1's terminal in `state`, the hall's view of it drawn as the format
/// draws it.
fn terminal(hall: &Hall, state: AppState) -> Terminal {
    let view = hall.team_view(1, None);
    screen(
        state,
        (NeptuneForm::default(), view),
        [1200.0, 1800.0],
        |ui, state, (form, view)| {
            let mut out = Vec::new();
            let game = Game { id: GAME, name: "" };
            Neptune::team(ui, state, game, view, form, &mut out);
            out
        },
    )
}

/// The page reloads in the hall as it stands.
fn reload(hall: &Hall, harness: &Terminal) -> Terminal {
    terminal(hall, common::reloaded(harness, fresh(hall)))
}

/// The hall's view as it stands reaches the terminal.
fn show(hall: &Hall, harness: &mut Terminal) {
    harness.state_mut().form.1 = hall.team_view(1, None);
    harness.run();
}

/// What the screen sent leaves for the server, as the app sends it.
fn send_all(harness: &mut Terminal) -> Vec<u64> {
    let sent = std::mem::take(&mut harness.state_mut().sent);
    sent.into_iter()
        .map(|command| match command {
            minuta_client::state::UiCommand::Send(command) => {
                harness.state_mut().state.begin_request(command)
            }
            other => panic!("expected a command for the server, got {other:?}"),
        })
        .collect()
}

#[test]
fn neptune_2_2_a_split_being_made_comes_back_after_a_reload() {
    // Arrange: Вера moved to the bottom ломтик, not sent.
    let mut hall = Hall::registered();
    let mut harness = terminal(&hall, fresh(&hall));
    common::click(&mut harness, "Вера");

    // Act: the page reloads.
    let mut harness = reload(&hall, &harness);

    // Assert: the split sent is the one being made. The frame that sends
    // it, then the app takes it on its way, as the shell does at once.
    harness.get_by_label("Отправить разбивку").click();
    harness.step();
    let (top, bottom) = (
        vec!["Анна".to_owned(), "Борис".to_owned()],
        vec!["Вера".to_owned(), "Глеб".to_owned(), "Дина".to_owned()],
    );
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::SetSplit {
            team: None,
            top: top.clone(),
            bottom: bottom.clone(),
        })],
    );
    // On its way, it stays kept; once the server has it, it goes.
    let requests = send_all(&mut harness);
    harness.run();
    assert!(!common::no_drafts(&harness), "kept while on its way");
    let split = NeptuneCommand::SetSplit {
        team: None,
        top,
        bottom,
    };
    hall.team(1, split);
    for request in requests {
        let receipt = minuta_shared::wire::server::Receipt::Done;
        common::answer(&mut harness.state_mut().state, request, Ok(receipt));
    }
    show(&hall, &mut harness);
    assert!(common::no_drafts(&harness));
}

#[test]
fn neptune_39_a_card_being_written_comes_back_after_a_reload() {
    // Arrange: Негатив's question in its minute, the answer typed.
    let mut hall = Hall::registered();
    hall.host(NeptuneCommand::StartContest);
    hall.host(NeptuneCommand::Announce { rating: Some(50) });
    hall.host(NeptuneCommand::StartMinute);
    let mut harness = terminal(&hall, fresh(&hall));
    common::type_into(&mut harness, "Ваш ответ", "Луна");

    // Act: the page reloads.
    let mut harness = reload(&hall, &harness);

    // Assert: the answer is back, and goes once the server has the card.
    let field = harness.get_by_role(Role::TextInput);
    assert_eq!(field.value().as_deref(), Some("Луна"));
    common::click(&mut harness, "Сдать карточку");
    harness.get_by_label("Да, сдать").click();
    // The card's spinner turns while it travels: step, do not settle.
    harness.run_steps(2);
    assert!(!common::no_drafts(&harness), "kept while on its way");
    hall.team(
        1,
        NeptuneCommand::Answer {
            answers: vec!["Луна".into()],
            slice: None,
        },
    );
    show(&hall, &mut harness);
    assert!(common::no_drafts(&harness));
}

#[test]
fn neptune_5_2_the_number_picked_comes_back_after_a_reload() {
    // Arrange: Джокер's topics up (a tour of one question), «1» picked,
    // not declared.
    let mut hall = Hall::registered();
    for contest in [
        Contest::Negative,
        Contest::Sandwich,
        Contest::Blitz,
        Contest::Sisyphus,
    ] {
        hall.host(NeptuneCommand::StartContest);
        hall.play_question(contest, &[]);
    }
    hall.host(NeptuneCommand::StartContest);
    let mut harness = terminal(&hall, fresh(&hall));
    // The first «1» on the screen is the choice; the table's come below.
    harness.get_all_by_label("1").next().expect("«1»").click();
    harness.run();

    // Act: the page reloads.
    let mut harness = reload(&hall, &harness);

    // Assert: the declaration offered is the number picked; once the
    // server has it, the pick goes.
    common::click(&mut harness, "Сдать заявку: 1");
    common::assert_sent(&harness, [neptune(NeptuneCommand::Declare { count: 1 })]);
    hall.team(1, NeptuneCommand::Declare { count: 1 });
    show(&hall, &mut harness);
    assert!(common::no_drafts(&harness));
}

#[test]
fn neptune_6_4_a_sum_being_typed_comes_back_after_a_reload() {
    // Arrange: the bidding open, 50 typed, not bid.
    let hall = Hall::bidding();
    let mut harness = terminal(&hall, fresh(&hall));
    common::type_in(&mut harness, Role::TextInput, "50");

    // Act: the page reloads.
    let mut harness = reload(&hall, &harness);

    // Assert: the sum is back; bid, the field and its draft empty.
    let field = harness.get_by_role(Role::TextInput);
    assert_eq!(field.value().as_deref(), Some("50"));
    common::click(&mut harness, "Поставить");
    common::assert_sent(
        &harness,
        [neptune(NeptuneCommand::Bid {
            team: None,
            bid: Bid::Amount(50),
        })],
    );
    assert!(common::no_drafts(&harness));
}

#[test]
fn neptune_6_3_a_sum_typed_is_forgotten_once_the_bidding_closes() {
    // Arrange: the bidding open, 50 typed, not bid.
    let mut hall = Hall::bidding();
    let mut harness = terminal(&hall, fresh(&hall));
    common::type_in(&mut harness, Role::TextInput, "50");
    assert!(!common::no_drafts(&harness));

    // Act: the host ends the count (6.3).
    hall.host(NeptuneCommand::CloseBidding);
    show(&hall, &mut harness);

    // Assert: the sum can no longer be bid; no draft.
    assert!(common::no_drafts(&harness));
}
