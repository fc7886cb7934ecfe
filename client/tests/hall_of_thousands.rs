//! The host's screens in a hall of 10,000 teams (issue 16): long lists lay
//! out only the rows on screen, and a team is found by the search box.
//! Frame times are measured by `cargo bench -p minuta-client --bench
//! host_frame`, not here.

use crate::common;

use common::{ScreenHarness, click, screen, state_at};
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::views::brain_ring::RingTab;
use minuta_client::views::chgk::staff::ChgkTab;
use minuta_client::views::games::EventTab;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::ids::TeamId;
use minuta_shared::play::chgk::view::StandingRow;
use minuta_shared::tournament::Place;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{HostView, View};

const HALL: u32 = 10_000;

/// The host's dashboard on `tab` for a hall of 10,000 registered teams,
/// with their join codes and the ChGK table of all of them.
fn hall_on(tab: HostTab) -> ScreenHarness<HostForm> {
    let mut view: HostView = common::host_view();
    view.teams = common::numbered_teams(HALL);
    let mut access = common::access();
    access.teams = (1..=HALL)
        .map(|i| (TeamId(i), format!("secret-{i}")))
        .collect();
    view.access = Some(access);
    common::staff_chgk(&mut view).standings = (1..=HALL)
        .map(|i| StandingRow {
            team: TeamId(i),
            name: format!("Команда {i}"),
            town: "Москва".into(),
            place: Place::single(i),
            points: 0,
            rating: 0,
            mask: String::new(),
        })
        .collect();
    let state = state_at(Lang::Ru, 1_000_000_000_000, View::Host(view));
    let form = HostForm {
        tab: Some(tab),
        ..HostForm::default()
    };
    screen(state, form, [1200.0, 900.0], common::dashboard)
}

/// Types into the field labelled `label`.
fn type_into_labelled(harness: &mut ScreenHarness<HostForm>, label: &str, text: &str) {
    harness.get_by_label(label).focus();
    harness.run();
    harness.get_by_label(label).type_text(text);
    harness.run();
}

#[test]
fn the_teams_tab_of_a_hall_of_thousands_lays_out_only_a_screenful() {
    let harness = hall_on(HostTab::Teams);
    let rows = harness.get_all_by_label("Изменить").count();
    assert!(rows > 5, "the first teams are listed ({rows})");
    assert!(
        rows < 100,
        "only the rows on screen are laid out, not {rows}"
    );
    assert!(harness.query_by_label("1. Команда 1").is_some());
    assert!(harness.query_by_label("10000. Команда 10000").is_none());
}

#[test]
fn the_host_finds_a_team_among_thousands_and_edits_it() {
    // Arrange.
    let mut harness = hall_on(HostTab::Teams);

    // Act: search for team 9876 and open its form.
    type_into_labelled(&mut harness, "Найти команду", "9876");
    assert!(harness.query_by_label("9876. Команда 9876").is_some());
    assert_eq!(harness.get_all_by_label("Изменить").count(), 1);
    click(&mut harness, "Изменить");
    type_into_labelled(&mut harness, "Город", "-на-Дону");
    click(&mut harness, "Сохранить");

    // Assert.
    common::assert_sent(
        &harness,
        [Command::EditTeam {
            team: TeamId(9876),
            name: "Команда 9876".into(),
            town: "Москва-на-Дону".into(),
            players: vec![],
            rating_id: None,
        }],
    );
}

#[test]
fn a_team_s_join_code_and_qr_open_under_its_row() {
    let mut harness = hall_on(HostTab::Teams);
    type_into_labelled(&mut harness, "Найти команду", "9999");
    assert!(
        harness
            .query_by_label_contains("/team-9999/secret-9999")
            .is_none()
    );
    click(&mut harness, "QR");
    assert!(
        harness
            .query_by_label_contains("/team-9999/secret-9999")
            .is_some()
    );
}

#[test]
fn a_search_that_matches_nobody_says_so() {
    let mut harness = hall_on(HostTab::Teams);
    type_into_labelled(&mut harness, "Найти команду", "Знатоки");
    assert!(harness.query_by_label("Нет такой команды").is_some());
}

#[test]
fn the_standings_of_a_hall_of_thousands_lay_out_only_a_screenful() {
    let harness = hall_on(HostTab::Own(EventTab::Chgk(ChgkTab::Standings)));
    assert!(harness.query_by_label("Команда 1").is_some());
    assert!(harness.query_by_label("Команда 10000").is_none());
}

#[test]
fn brain_ring_seeding_by_hand_offers_the_first_teams_and_a_search() {
    // Arrange.
    let mut harness = hall_on(HostTab::Own(EventTab::Ring(RingTab::Tournament)));
    assert!(
        harness
            .query_by_label("и ещё 9940 команд — уточните поиск")
            .is_some()
    );

    // Act: find team 7777 and pick it.
    type_into_labelled(&mut harness, "Найти команду", "7777");
    click(&mut harness, "Команда 7777");

    // Assert: picked, it leaves the offer.
    assert!(harness.query_by_label("1. Команда 7777").is_some());
    assert!(harness.query_by_label("Команда 7777").is_none());
}
