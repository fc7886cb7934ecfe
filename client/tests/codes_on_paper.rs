//! The host's access tab prints the join codes: the hall's Wi-Fi typed
//! above «Коды на бумаге (PDF)», a click, and the server is asked for the
//! sheet (what it holds is `minuta-server`'s own tests'). When the server
//! serves browsers, every code's web link is on the access and teams tabs
//! with its QR and copy button.

use crate::common;

use common::{click, screen, state_at, type_into};
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::UiCommand;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::ids::{JudgeId, TeamId};
use minuta_shared::wire::files::HostFile;
use minuta_shared::wire::view::HostView;
use minuta_shared::wire::view::{JudgeInfo, View};

#[test]
fn the_access_tab_asks_the_server_for_the_codes_with_the_wifi_typed() {
    // Arrange: two teams; the server makes the sheet from its store
    // (issue 38), the PDF `minuta-server export --format codes` makes.
    let mut view = common::host_view();
    view.teams = common::numbered_teams(2);
    view.access = Some(common::access());
    let state = state_at(Lang::Ru, 1_000_000, View::Host(view));
    let form = HostForm {
        tab: Some(HostTab::Access),
        ..HostForm::default()
    };
    let mut harness = screen(state, form, [1200.0, 1400.0], common::dashboard);

    // Act
    type_into(&mut harness, "Minuta / 12345678", "Зал / 87654321");
    click(&mut harness, "Коды на бумаге (PDF)");

    // Assert
    assert!(
        harness
            .state()
            .sent
            .contains(&UiCommand::Fetch(HostFile::Codes {
                wifi: "Зал / 87654321".into()
            })),
        "{:?}",
        harness.state().sent
    );
}

/// Two teams, a judge and the jury on a server that serves browsers on
/// port 8080, its codes on the hall's address 192.168.1.5.
fn with_the_web() -> HostView {
    let mut view = common::host_view();
    view.teams = common::numbered_teams(2);
    view.judges = vec![JudgeInfo {
        id: JudgeId(1),
        name: "Ольга".into(),
        connected: false,
    }];
    view.jury_secret = Some("jury-secret".into());
    let mut access = common::access();
    access.addrs.insert(0, "127.0.0.1:4433".parse().unwrap());
    access.teams = vec![
        (TeamId(1), "secret-1".into()),
        (TeamId(2), "secret-2".into()),
    ];
    access.judges = vec![(JudgeId(1), "judge-secret".into())];
    access.web_port = Some(8080);
    view.access = Some(access);
    view
}

fn dashboard_on(view: HostView, tab: HostTab) -> common::ScreenHarness<HostForm> {
    let state = state_at(Lang::Ru, 1_000_000, View::Host(view));
    let form = HostForm {
        tab: Some(tab),
        ..HostForm::default()
    };
    screen(state, form, [1200.0, 1400.0], common::dashboard)
}

/// `http://192.168.1.5:8080/#ROLE/SECRET?fp=…` of the fixture's server.
fn web_link(role_secret: &str) -> String {
    format!(
        "http://192.168.1.5:8080/#{role_secret}?fp={}",
        "07".repeat(32)
    )
}

fn copied(harness: &common::ScreenHarness<HostForm>) -> Vec<String> {
    harness
        .state()
        .sent
        .iter()
        .filter_map(|c| match c {
            UiCommand::Copy(text) => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_access_tab_shows_every_roles_web_link_and_the_page_for_browsers() {
    let mut harness = dashboard_on(with_the_web(), HostTab::Access);

    for link in [
        web_link("display/display-secret"),
        web_link("host/host-secret"),
        web_link("jury/jury-secret"),
    ] {
        harness.get_by_label(&link);
    }
    harness.get_by_label("Страница для браузеров");
    harness.get_by_label("http://192.168.1.5:8080");

    // The host's link copied by its own button, its QR the web link's.
    harness
        .get_all_by_label("Копировать ссылку")
        .nth(1)
        .unwrap()
        .click();
    harness.run();
    assert_eq!(copied(&harness), [web_link("host/host-secret")]);
    harness.get_all_by_label("QR").nth(1).unwrap().click();
    harness.run();
    assert!(
        harness
            .query_by_label_contains("QR открывает игру в браузере")
            .is_some()
    );
}

#[test]
fn the_teams_tab_copies_a_teams_web_link_and_shows_it_with_its_qr() {
    let mut harness = dashboard_on(with_the_web(), HostTab::Teams);
    let second = web_link("team-2/secret-2");
    assert!(harness.query_by_label(&second).is_none());

    // «Копировать ссылку» beside the second team's code and short code.
    harness
        .get_all_by_label("Копировать ссылку")
        .nth(1)
        .unwrap()
        .click();
    harness.run();
    assert_eq!(copied(&harness), std::slice::from_ref(&second));

    // «QR» opens the code, the web link and the link's QR under the row.
    harness.get_all_by_label("QR").nth(1).unwrap().click();
    harness.run();
    harness.get_by_label(&second);
    harness.get_by_label_contains("minuta://127.0.0.1:4433,192.168.1.5:4433/team-2/secret-2");
    assert!(
        harness
            .query_by_label_contains("QR открывает игру в браузере")
            .is_some()
    );
}
