//! Failures said in the window, not in a terminal: `minuta host` on a data
//! folder another server holds opens a window with the reason and the way
//! out (another folder, or `--new` for a damaged store), in the person's
//! language; a terminal whose server stays silent for 30 s says so in large
//! type with what to check — on the app's own clock, given to the state as
//! each frame gives it, never a sleep.

use crate::common;

use std::path::PathBuf;

use common::{Screen, click, type_in};
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::{
    Advice, AppState, LinkError, NetEvent, SILENCE_ADVICE_US, StartFailure, UiCommand, reduce,
};
use minuta_client::views::{self, LocalState};
use minuta_shared::ids::TeamId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::wire::handshake::Credential;

fn window_after(state: AppState, frames: usize) -> Harness<'static, Screen<LocalState>> {
    let screen = Screen {
        state,
        form: LocalState::default(),
        sent: Vec::new(),
    };
    let mut harness = Harness::builder()
        .with_size([1100.0, 800.0])
        .build_ui_state(
            |ui, screen: &mut Screen<LocalState>| {
                let asked = views::root(ui, &screen.state, &mut screen.form);
                screen.ask(asked);
            },
            screen,
        );
    harness.run_steps(frames);
    harness
}

fn started(harness: &Harness<'static, Screen<LocalState>>) -> Vec<(PathBuf, bool)> {
    harness
        .state()
        .sent
        .iter()
        .filter_map(|c| match c {
            UiCommand::StartServer { data, new } => Some((data.clone(), *new)),
            _ => None,
        })
        .collect()
}

/// What `minuta host` does when its server cannot start: the failure of a
/// real server started on a folder this test's store holds.
fn held_folder_failure(lang: Lang, data: PathBuf) -> StartFailure {
    let mut config = minuta_server::ServerConfig::local(data.clone());
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.web_port = None;
    let error = minuta_server::spawn(config)
        .err()
        .expect("the folder is held");
    StartFailure {
        reason: minuta_client::shell::native::server::words::server_error(lang, &error),
        advice: Advice::of(&error),
        data,
    }
}

fn failed(failure: StartFailure, lang: Lang) -> Harness<'static, Screen<LocalState>> {
    let mut state = AppState::new(lang);
    state.embedded_server = true;
    state.start_failure = Some(failure);
    let mut harness = window_after(state, 0);
    harness.run();
    harness
}

#[test]
fn a_data_folder_another_server_holds_opens_a_window_saying_so_in_russian() {
    // Arrange: another server's store holds the folder.
    let dir = tempfile::tempdir().unwrap();
    let (_other, _) = minuta_server::store::open(dir.path()).unwrap();
    let failure = held_folder_failure(Lang::Ru, dir.path().to_path_buf());

    // Act
    let mut harness = failed(failure, Lang::Ru);

    // Assert: the reason, what to do, and another folder to start with.
    harness.get_by_label("Сервер игры не запустился");
    let reason = format!(
        "Папку данных {} уже использует другой сервер Минуты",
        dir.path().display()
    );
    harness.get_by_label(&reason);
    harness.get_by_label_contains("выберите другую папку данных ниже");
    assert!(
        harness
            .query_by_label("Отложить испорченное хранилище и начать новое")
            .is_none()
    );
    let other = dir.path().join("other");
    type_in(&mut harness, Role::TextInput, "/other");
    click(&mut harness, "Запустить с этой папкой");
    assert_eq!(started(&harness), vec![(other, false)]);
}

#[test]
fn a_damaged_store_offers_to_set_it_aside_in_english() {
    let failure = StartFailure {
        reason: "minuta-data/minuta.sqlite3: the file is empty (0 bytes)".into(),
        advice: Advice::SetAside,
        data: PathBuf::from("minuta-data"),
    };

    let mut harness = failed(failure, Lang::En);

    harness.get_by_label("The game's server did not start");
    harness.get_by_label_contains("--new");
    click(
        &mut harness,
        "Set the damaged store aside and begin a new one",
    );
    assert_eq!(
        started(&harness),
        vec![(PathBuf::from("minuta-data"), true)]
    );
}

fn code() -> JoinCode {
    JoinCode {
        addrs: vec!["192.168.1.10:4433".parse().unwrap()],
        fingerprint: [1; 32],
        credential: Credential::Team {
            team: TeamId(1),
            secret: "s".into(),
        },
    }
}

const T0_US: u64 = 1_700_000_000_000_000;
const SILENCE_RU: &str = "Сервер не отвечает уже 30 секунд";

/// A terminal that began connecting at `T0_US` and has heard nothing.
fn trying_since_t0(lang: Lang) -> AppState {
    let mut state = AppState::new(lang);
    state.join(code());
    state.now_us = T0_US;
    reduce(&mut state, NetEvent::Connecting);
    reduce(
        &mut state,
        NetEvent::Reconnecting {
            attempt: 3,
            error: LinkError::NoAnswer {
                addr: "192.168.1.10:4433".parse().unwrap(),
            },
        },
    );
    state
}

#[test]
fn a_server_silent_for_thirty_seconds_is_said_in_large_type_with_advice() {
    // 29.9 s: still only «переподключение…».
    let mut state = trying_since_t0(Lang::Ru);
    state.now_us = T0_US + SILENCE_ADVICE_US - 100_000;
    let harness = window_after(state, 3);
    assert!(harness.query_by_label(SILENCE_RU).is_none());

    // 30 s.
    let mut state = trying_since_t0(Lang::Ru);
    state.now_us = T0_US + SILENCE_ADVICE_US;
    let harness = window_after(state, 3);
    harness.get_by_label(SILENCE_RU);
    harness.get_by_label_contains("Запущен ли сервер?");
    harness.get_by_label_contains("в той же сети");
    harness.get_by_label_contains("Тот ли это код?");
}

#[test]
fn the_silence_advice_goes_once_the_server_answers() {
    let mut state = trying_since_t0(Lang::En);
    state.now_us = T0_US + 2 * SILENCE_ADVICE_US;
    assert!(state.silent_too_long());

    reduce(
        &mut state,
        NetEvent::Connected {
            identity: minuta_shared::identity::Identity::Team(TeamId(1)),
            first_sample: minuta_shared::time::ClockSample {
                rtt_us: 1_000,
                offset_us: 0,
            },
        },
    );

    assert!(!state.silent_too_long());
    // Silent again later: counted from then, not from the first attempt.
    reduce(&mut state, NetEvent::Silent);
    state.now_us += SILENCE_ADVICE_US - 1;
    assert!(!state.silent_too_long());
    state.now_us += 1;
    assert!(state.silent_too_long());
}

#[test]
fn a_code_the_server_refuses_stops_retrying_and_says_why() {
    // Arrange: a real server on 127.0.0.1, and its host code with a wrong
    // secret (a code from last week's game on this laptop).
    let dir = tempfile::tempdir().unwrap();
    let mut config = minuta_server::ServerConfig::local(dir.path().to_path_buf());
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.web_port = None;
    let server = minuta_server::spawn(config).unwrap();
    let mut code = JoinCode::parse(&server.ready.host_code).unwrap();
    code.credential = Credential::Host {
        secret: "last-weeks-secret".into(),
    };
    let (tx, rx) = std::sync::mpsc::channel();
    let sink = minuta_client::net::EventSink::new(tx, std::sync::Arc::new(|| {}));

    // Act
    let _net = minuta_client::shell::native::net::NetHandle::start(code, sink, false).unwrap();
    let mut events = Vec::new();
    let stopped = loop {
        let event = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .expect("the terminal stops within 20 s");
        if let NetEvent::Stopped(why) = &event {
            break why.clone();
        }
        events.push(event);
    };

    // Assert: refused once, never retried, said in the person's words.
    assert_eq!(
        stopped,
        minuta_client::state::Stopped::Refused(minuta_shared::wire::handshake::Refusal::BadSecret)
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, NetEvent::Reconnecting { .. })),
        "{events:?}"
    );
    let mut state = AppState::new(Lang::Ru);
    state.join(code_of(&server.ready.host_code));
    reduce(&mut state, NetEvent::Stopped(stopped));
    let harness = window_after(state, 2);
    assert!(
        harness
            .get_all_by_label_contains("секрет в коде не подходит к этому серверу")
            .count()
            >= 1
    );
    harness.get_by_label("Повторить");
    server.shutdown();
}

fn code_of(text: &str) -> JoinCode {
    JoinCode::parse(text).unwrap()
}
