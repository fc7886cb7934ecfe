//! Issue 39 on the captain's line-up form (5.7): the players picked come
//! back after a reload (a fresh app and screen whose shelf kept the
//! drafts) and are forgotten once the server has the line-up, or once the
//! window closes.

use super::*;

use minuta_client::state::AppState;
use minuta_shared::wire::view::TeamView;

/// Team 1's view of the tournament as the hall stands.
fn team_view(hall: &Hall) -> TeamView {
    let mut view = common::team_view();
    view.games.push(GameEntry {
        id: GAME,
        name: String::new(),
        format: Format::Erudit,
        view: GameTeamView::Erudit(
            hall.tournament
                .team_view(TeamId(1), &hall.roster, hall.now()),
        ),
    });
    view
}

fn fresh(hall: &Hall) -> AppState {
    state_at(Lang::Ru, hall.now_ms * 1000, View::Team(team_view(hall)))
}

fn terminal(state: AppState) -> ScreenHarness<team::TeamForm> {
    screen(
        state,
        team::TeamForm::default(),
        [1100.0, 1400.0],
        common::team_terminal,
    )
}

/// The hall as it stands reaches the terminal.
fn show(harness: &mut ScreenHarness<team::TeamForm>, hall: &Hall) {
    common::show(&mut harness.state_mut().state, View::Team(team_view(hall)));
    harness.run();
}

#[test]
fn erudit_5_7_a_line_up_being_picked_comes_back_after_a_reload() {
    // Arrange: three rounds of four picked, nothing sent.
    let mut hall = Hall::started();
    hall.host(EruditCommand::OpenLineup);
    let mut harness = terminal(fresh(&hall));
    for (round, player) in ["Анна", "Борис", "Вера"].iter().enumerate() {
        click_nth(&mut harness, player, round);
    }

    // Act: the page reloads.
    let mut harness = terminal(common::reloaded(&harness, fresh(&hall)));

    // Assert: the last round's pick completes the three kept ones.
    click_nth(&mut harness, "Глеб", 3);
    common::click(&mut harness, "Отправить состав");
    let players: Vec<String> = ["Анна", "Борис", "Вера", "Глеб"].map(String::from).to_vec();
    common::assert_sent(
        &harness,
        [erudit(EruditCommand::SetLineup {
            team: None,
            players: players.clone(),
        })],
    );
    assert!(!common::no_drafts(&harness), "kept until the server has it");

    // The server takes the line-up: nothing is left to bring back.
    hall.run(
        Identity::Team(TeamId(1)),
        EruditCommand::SetLineup {
            team: None,
            players,
        },
    );
    show(&mut harness, &hall);
    assert!(common::no_drafts(&harness));
}

#[test]
fn erudit_5_7_the_picks_are_forgotten_once_the_window_closes() {
    // Arrange: two picks, nothing sent.
    let mut hall = Hall::started();
    hall.host(EruditCommand::OpenLineup);
    let mut harness = terminal(fresh(&hall));
    click_nth(&mut harness, "Анна", 0);
    click_nth(&mut harness, "Борис", 1);
    assert!(!common::no_drafts(&harness));

    // Act: the host closes the line-ups (the defaults play).
    hall.host(EruditCommand::CloseLineup);
    show(&mut harness, &hall);

    // Assert: the picks can no longer be sent; no draft.
    assert!(harness.query_by_label("Отправить состав").is_none());
    assert!(common::no_drafts(&harness));
}
