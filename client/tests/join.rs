//! The join screen with the servers found in the hall, clicked through
//! headless with egui_kittest: the hall's list, the projector joining at
//! once, a team typing its short code, the pin refusing a code whose
//! certificate disagrees, and errors in the person's language. No network:
//! the hall is given as discovery would fill it.

use crate::common;

use common::{ScreenHarness, click, screen};
use egui::accesskit::Role;
use egui_kittest::kittest::Queryable;
use minuta_client::discovery::{Hall, HallEvent};
use minuta_client::i18n::Lang;
use minuta_client::state::{AppState, UiCommand};
use minuta_client::views::join::{JoinForm, join};
use minuta_shared::join_code::JoinCode;
use minuta_shared::lan::{Advert, Found, ShortCode};
use minuta_shared::wire::PROTOCOL_VERSION;
use minuta_shared::wire::handshake::Credential;

const FP: [u8; 32] = [0x42; 32];

fn found() -> Found {
    Found {
        instance: "Minuta-8GN0._minuta._udp.local.".into(),
        advert: Advert {
            tournament: "Кубок зала".into(),
            port: 4433,
            fingerprint: FP,
            protocol: PROTOCOL_VERSION,
            display_secret: "shown".into(),
        },
        addrs: vec!["192.168.1.5".parse().unwrap()],
    }
}

fn join_screen(lang: Lang, servers: Vec<Found>) -> ScreenHarness<JoinForm> {
    let mut hall = Hall {
        searching: true,
        ..Hall::default()
    };
    for server in servers {
        hall.apply(HallEvent::Found(server));
    }
    let form = JoinForm {
        hall,
        ..JoinForm::default()
    };
    screen(AppState::new(lang), form, [900.0, 800.0], join)
}

fn type_code(harness: &mut ScreenHarness<JoinForm>, text: &str) {
    harness.get_by_role(Role::MultilineTextInput).focus();
    harness.run();
    harness
        .get_by_role(Role::MultilineTextInput)
        .type_text(text);
    harness.run();
}

fn joined(harness: &ScreenHarness<JoinForm>) -> Vec<JoinCode> {
    harness
        .state()
        .sent
        .iter()
        .filter_map(|c| match c {
            UiCommand::Join(code) => Some(code.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_projector_joins_a_server_found_in_the_hall_at_once() {
    // Arrange
    let mut harness = join_screen(Lang::Ru, vec![found()]);
    harness.get_by_label("Кубок зала");

    // Act
    click(&mut harness, "Проектор");

    // Assert
    let codes = joined(&harness);
    assert_eq!(codes.len(), 1);
    assert_eq!(codes[0].fingerprint, FP);
    assert_eq!(
        codes[0].credential,
        Credential::Display {
            secret: "shown".into()
        }
    );
    assert_eq!(codes[0].addrs, ["192.168.1.5:4433".parse().unwrap()]);
}

#[test]
fn a_team_chooses_the_server_and_types_its_short_code() {
    // Arrange
    let mut harness = join_screen(Lang::Ru, vec![found()]);
    let short = ShortCode::for_team(&FP, "team-secret");

    // Act: the team half alone, in lower case.
    click(&mut harness, "Команда…");
    type_code(&mut harness, &short.team.to_lowercase());
    click(&mut harness, "Подключиться");

    // Assert
    let codes = joined(&harness);
    assert_eq!(codes.len(), 1, "{:?}", harness.state().form.error);
    assert_eq!(codes[0].fingerprint, FP);
    assert_eq!(
        codes[0].credential,
        Credential::ShortTeam {
            code: short.team.clone()
        }
    );
}

#[test]
fn a_whole_short_code_finds_its_server_without_choosing() {
    let mut harness = join_screen(Lang::En, vec![found()]);
    let short = ShortCode::for_team(&FP, "team-secret");

    type_code(&mut harness, &short.to_string());
    click(&mut harness, "Connect");

    assert_eq!(joined(&harness).len(), 1);
}

#[test]
fn a_long_code_whose_certificate_disagrees_with_the_chosen_server_is_refused() {
    // Arrange: the team chose the hall's server, then pastes a code that
    // pins another certificate.
    let mut harness = join_screen(Lang::Ru, vec![found()]);
    let other = format!("minuta://192.168.1.5:4433/team-1/s?fp={}", "77".repeat(32));

    // Act
    click(&mut harness, "Команда…");
    type_code(&mut harness, &other);
    click(&mut harness, "Подключиться");

    // Assert: refused, said in Russian; nothing joined.
    assert!(joined(&harness).is_empty());
    harness.get_by_label(
        "сертификат этого сервера не тот, что назван в коде: подключение отклонено (спросите ведущего)",
    );
}

#[test]
fn a_short_code_of_no_server_in_the_hall_says_so_in_either_language() {
    for (lang, button, said) in [
        (
            Lang::Ru,
            "Подключиться",
            "сервер Минуты с кодом «ZZZZ» в сети зала не найден (пока): проверьте код или вставьте длинный",
        ),
        (
            Lang::En,
            "Connect",
            "no Minuta server with the code «ZZZZ» has been found in the hall (yet)",
        ),
    ] {
        let mut harness = join_screen(lang, vec![found()]);
        type_code(&mut harness, "ZZZZ-1234");
        click(&mut harness, button);
        assert!(joined(&harness).is_empty());
        harness.get_by_label(said);
    }
}

#[test]
fn a_server_of_another_version_is_listed_but_cannot_be_joined() {
    let mut old = found();
    old.advert.protocol = 1;
    let harness = join_screen(Lang::Ru, vec![old]);
    harness.get_by_label("другая версия протокола (1)");
    assert!(harness.query_by_label("Проектор").is_none());
}

#[test]
fn with_discovery_off_the_screen_says_so() {
    let form = JoinForm {
        discovery_off: true,
        ..JoinForm::default()
    };
    let harness = screen(AppState::new(Lang::Ru), form, [900.0, 800.0], join);
    harness.get_by_label("Поиск серверов в зале выключен (--no-mdns): вставьте код от ведущего.");
}

#[test]
fn while_nothing_is_found_the_screen_says_it_looks() {
    let harness = join_screen(Lang::En, Vec::new());
    harness.get_by_label("Looking for servers on the hall's network… (or paste the host's code)");
}
