//! The host's access tab prints the join codes: the hall's Wi-Fi typed
//! beside «Сохранить коды для печати (PDF)», a click, and the app is asked
//! to write the sheet — a card per team with its code and short code as the
//! server gives them, the staff's codes apart — which renders as a PDF.
//! When the server serves browsers, every code's web link is on the access
//! and teams tabs with its QR and copy button, and in the sheet's QR codes.

use crate::common;

use common::{click, screen, state_at, type_into};
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::UiCommand;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::ids::{JudgeId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::lan::ShortCode;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::view::HostView;
use minuta_shared::wire::view::{JudgeInfo, View};

#[test]
fn the_access_tab_saves_a_card_per_team_and_the_staffs_codes_apart() {
    // Arrange: two teams, a judge and the jury.
    let mut view = common::host_view();
    view.teams = common::numbered_teams(2);
    view.judges = vec![JudgeInfo {
        id: JudgeId(1),
        name: "Ольга".into(),
        connected: false,
    }];
    view.jury_secret = Some("jury-secret".into());
    let mut access = common::access();
    access.teams = vec![
        (TeamId(1), "secret-1".into()),
        (TeamId(2), "secret-2".into()),
    ];
    access.judges = vec![(JudgeId(1), "judge-secret".into())];
    view.access = Some(access.clone());
    let state = state_at(Lang::Ru, 1_000_000, View::Host(view));
    let form = HostForm {
        tab: Some(HostTab::Access),
        ..HostForm::default()
    };
    let mut harness = screen(state, form, [1200.0, 1400.0], common::dashboard);

    // Act
    type_into(&mut harness, "Minuta / 12345678", "Зал / 87654321");
    click(&mut harness, "Сохранить коды для печати (PDF)");

    // Assert
    let sheet = harness
        .state()
        .sent
        .iter()
        .find_map(|c| match c {
            UiCommand::SaveCodesPdf { path, sheet } => {
                assert_eq!(path.to_str(), Some("minuta-codes.pdf"));
                Some(sheet.clone())
            }
            _ => None,
        })
        .expect("the sheet is asked to be saved");
    assert_eq!(sheet.wifi.as_deref(), Some("Зал / 87654321"));
    assert_eq!(sheet.teams.len(), 2);
    let second = &sheet.teams[1];
    assert_eq!(second.name, "Команда 2");
    assert_eq!(
        second.short_code,
        ShortCode::for_team(&access.fingerprint, "secret-2").to_string()
    );
    let code = JoinCode::parse(&second.link).unwrap();
    assert_eq!(
        code.credential,
        Credential::Team {
            team: TeamId(2),
            secret: "secret-2".into()
        }
    );
    let roles: Vec<&str> = sheet.staff.iter().map(|s| s.role.as_str()).collect();
    assert_eq!(
        roles,
        [
            "Проектор (экран зала)",
            "Ведущий",
            "Судья: Ольга",
            "Апелляционное жюри"
        ]
    );
    let pdf = minuta_server::codes_pdf::render(&sheet).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
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

#[test]
fn the_sheet_s_qr_codes_are_the_web_links_when_the_server_serves_browsers() {
    let mut harness = dashboard_on(with_the_web(), HostTab::Access);

    click(&mut harness, "Сохранить коды для печати (PDF)");

    let sheet = harness
        .state()
        .sent
        .iter()
        .find_map(|c| match c {
            UiCommand::SaveCodesPdf { sheet, .. } => Some(sheet.clone()),
            _ => None,
        })
        .expect("the sheet is asked to be saved");
    assert_eq!(sheet.teams[1].link, web_link("team-2/secret-2"));
    assert_eq!(
        sheet.teams[1].site.as_deref(),
        Some("http://192.168.1.5:8080")
    );
    let links: Vec<&str> = sheet.staff.iter().map(|s| s.link.as_str()).collect();
    assert_eq!(
        links,
        [
            web_link("display/display-secret"),
            web_link("host/host-secret"),
            web_link("judge-1/judge-secret"),
            web_link("jury/jury-secret"),
        ]
    );
    assert!(
        sheet.staff[1]
            .code
            .starts_with("minuta://127.0.0.1:4433,192.168.1.5:4433/host/")
    );
    let pdf = minuta_server::codes_pdf::render(&sheet).unwrap();
    assert!(pdf.starts_with(b"%PDF-"));
}
