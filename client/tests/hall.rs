//! The hall as people see it, drawn whole (status bar, banner, screen) as
//! the app draws it: «нет связи с сервером» over every role's screen with
//! its clock standing still, «без звука» when no audio device answers, and
//! the link's errors in the person's language.

use crate::common;

use common::{Screen, minute};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::os_error::OsError;
use minuta_client::state::{AppState, ConnectionStatus, LinkError, NetEvent, reduce};
use minuta_client::views::{self, LocalState};
use minuta_shared::identity::Identity;
use minuta_shared::ids::{JudgeId, QuestionId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::clock::Phase;
use minuta_shared::time::ClockSample;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::view::{DisplayView, HostView, JuryView, TeamView, View};

/// «Время» for question 3 was given at 1 000 000 s.
const START_MS: u64 = 1_000_000_000;
const BANNER_RU: &str = "нет связи с сервером";
const BANNER_EN: &str = "no connection to the server";

fn code() -> JoinCode {
    JoinCode {
        addrs: vec!["127.0.0.1:4433".parse().unwrap()],
        fingerprint: [1; 32],
        credential: Credential::Team {
            team: TeamId(1),
            secret: "s".into(),
        },
    }
}

/// The app connected as `identity`, showing `view`, `at_ms` after «Время».
fn connected(lang: Lang, identity: Identity, view: View, at_ms: u64) -> AppState {
    let mut state = AppState::new(lang);
    state.join(code());
    state.now_us = (START_MS + at_ms) * 1000;
    let first_sample = ClockSample {
        rtt_us: 1_000,
        offset_us: 0,
    };
    reduce(
        &mut state,
        NetEvent::Connected {
            identity,
            first_sample,
        },
    );
    reduce(&mut state, NetEvent::View(Box::new(view)));
    state
}

/// The whole window, as `MinutaApp` draws it, after `frames` frames (the
/// connecting screen's spinner never settles, so frames are counted).
fn window_after(state: AppState, frames: usize) -> Harness<'static, Screen<LocalState>> {
    let screen = Screen {
        state,
        form: LocalState::default(),
        sent: Vec::new(),
    };
    let mut harness = Harness::builder()
        .with_size([1100.0, 800.0])
        // The host's tournament form has unlabelled fields of its own; this
        // file is about what is drawn over every screen.
        .with_accessibility_check(false)
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

fn window(state: AppState) -> Harness<'static, Screen<LocalState>> {
    let mut harness = window_after(state, 0);
    harness.run();
    harness
}

fn running() -> minuta_shared::play::clock::ClockView {
    minute(QuestionId(2), "3", Phase::Minute, START_MS)
}

/// One of each role's views, the clock running where the role has one.
fn every_role() -> Vec<(&'static str, Identity, View)> {
    let host = {
        let mut view = HostView {
            access: Some(common::access()),
            ..common::host_view()
        };
        let chgk = common::staff_chgk(&mut view);
        chgk.clock = running();
        view
    };
    let judge = {
        let mut view = HostView {
            ..common::host_view()
        };
        let chgk = common::staff_chgk(&mut view);
        chgk.clock = running();
        view
    };
    vec![
        (
            "team",
            Identity::Team(TeamId(1)),
            View::Team({
                let mut view = TeamView {
                    ..common::team_view()
                };
                let chgk = common::team_chgk(&mut view);
                chgk.clock = running();
                view
            }),
        ),
        ("host", Identity::Host, View::Host(host)),
        ("judge", Identity::Judge(JudgeId(1)), View::Host(judge)),
        (
            "jury",
            Identity::Jury,
            View::Jury(JuryView {
                tournament: common::TOURNAMENT.into(),
                games: Vec::new(),
            }),
        ),
        (
            "display",
            Identity::Display,
            View::Display({
                let mut view = DisplayView {
                    ..common::display_view()
                };
                let chgk = common::display_chgk(&mut view);
                chgk.clock = running();
                view
            }),
        ),
    ]
}

#[test]
fn every_role_shows_the_banner_when_the_server_goes_quiet_and_not_before() {
    for (role, identity, view) in every_role() {
        let mut harness = window(connected(Lang::Ru, identity, view, 10_000));
        assert!(
            harness.query_by_label(BANNER_RU).is_none(),
            "{role}: no banner while the server answers"
        );
        reduce(&mut harness.state_mut().state, NetEvent::Silent);
        harness.run();
        harness.get_by_label(BANNER_RU);
    }
}

#[test]
fn the_banner_stays_while_reconnecting_speaks_english_and_goes_once_back() {
    let (_, identity, view) = every_role().remove(0);
    let mut harness = window(connected(Lang::En, identity, view, 10_000));
    reduce(
        &mut harness.state_mut().state,
        NetEvent::Reconnecting {
            attempt: 1,
            error: LinkError::TimedOut,
        },
    );
    harness.run();
    harness.get_by_label(BANNER_EN);
    let first_sample = ClockSample {
        rtt_us: 1_000,
        offset_us: 0,
    };
    reduce(
        &mut harness.state_mut().state,
        NetEvent::Connected {
            identity,
            first_sample,
        },
    );
    harness.run();
    assert!(harness.query_by_label(BANNER_EN).is_none());
}

#[test]
fn the_projector_shows_the_banner_with_its_clock_stopped() {
    let (_, identity, view) = every_role().remove(4);
    let mut harness = window(connected(Lang::Ru, identity, view, 10_000));
    // 60 s minute, 10 s in: «0:50».
    harness.get_by_label("0:50");
    reduce(&mut harness.state_mut().state, NetEvent::Silent);
    for later_ms in [12_000, 30_000, 90_000] {
        harness.state_mut().state.now_us = (START_MS + later_ms) * 1000;
        harness.run();
        harness.get_by_label(BANNER_RU);
        harness.get_by_label("0:50");
    }
    // The server answers again: the clock shows its time at once.
    reduce(&mut harness.state_mut().state, NetEvent::Heard);
    harness.state_mut().state.now_us = (START_MS + 30_000) * 1000;
    harness.run();
    assert!(harness.query_by_label(BANNER_RU).is_none());
    harness.get_by_label("0:30");
}

#[test]
fn no_audio_device_is_said_in_a_small_line_unless_muted() {
    let (_, identity, view) = every_role().remove(0);
    let mut state = connected(Lang::Ru, identity, view, 10_000);
    state.audio_missing = true;
    let mut harness = window(state);
    harness.get_by_label("без звука: нет аудиоустройства");
    harness.state_mut().state.lang = Lang::En;
    harness.run();
    harness.get_by_label("no sound: no audio device");
    harness.state_mut().state.muted = true;
    harness.run();
    assert!(
        harness
            .query_by_label("no sound: no audio device")
            .is_none()
    );
}

#[test]
fn a_socket_error_while_connecting_is_said_in_russian() {
    let mut state = AppState::new(Lang::Ru);
    state.join(code());
    let error = LinkError::Socket {
        addr: "[::1]:4433".parse().unwrap(),
        error: OsError::from(std::io::Error::from(std::io::ErrorKind::AddrNotAvailable)),
    };
    reduce(&mut state, NetEvent::Reconnecting { attempt: 3, error });
    assert!(matches!(
        state.connection,
        ConnectionStatus::Reconnecting { .. }
    ));
    let harness = window_after(state, 3);
    harness.get_by_label(
        "[::1]:4433: не удаётся открыть сетевое соединение: у этого компьютера нет такого адреса",
    );
}

const STORAGE_RU: &str =
    "Сервер не может записать данные на диск (диск заполнен?): ответы и решения не подтверждаются";

#[test]
fn a_full_disk_is_said_on_the_staffs_screens_only_and_goes_once_writes_are_taken() {
    for (role, identity, view) in every_role() {
        let mut harness = window(connected(Lang::Ru, identity, view, 10_000));
        reduce(
            &mut harness.state_mut().state,
            NetEvent::StorageAlert(Some("database or disk is full".into())),
        );
        harness.run();
        let staff = matches!(identity, Identity::Host | Identity::Judge(_));
        assert_eq!(
            harness.query_by_label(STORAGE_RU).is_some(),
            staff,
            "{role}: the banner is the host's and the judges'"
        );
        if staff {
            harness.get_by_label("database or disk is full");
        }
        reduce(&mut harness.state_mut().state, NetEvent::StorageAlert(None));
        harness.run();
        assert!(harness.query_by_label(STORAGE_RU).is_none(), "{role}: gone");
    }
}
