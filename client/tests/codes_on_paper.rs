//! The host's access tab prints the join codes: the hall's Wi-Fi typed
//! beside «Сохранить коды для печати (PDF)», a click, and the app is asked
//! to write the sheet — a card per team with its code and short code as the
//! server gives them, the staff's codes apart — which renders as a PDF.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{click, screen, state_at, type_into};
use minuta_client::i18n::Lang;
use minuta_client::state::UiCommand;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::ids::{JudgeId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::lan::ShortCode;
use minuta_shared::wire::handshake::Credential;
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
