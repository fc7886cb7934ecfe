//! reduce() when the server goes quiet or away (the banner and the frozen
//! clock) and when a chosen file cannot be read.

#![allow(clippy::unwrap_used)]

use minuta_shared::play::chgk::ChgkReceipt;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::play::games::GameReceipt;
use std::path::PathBuf;

use minuta_shared::identity::Identity;
use minuta_shared::time::{ClockSample, ServerTime};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{DisplayView, View};

use super::*;
use crate::i18n::{self, Lang};
use crate::os_error::FileError;

const SECOND: u64 = 1_000_000;

/// A projector connected at 100 s (local), its server 2 ms ahead.
fn projector() -> AppState {
    let mut state = AppState::new(Lang::Ru);
    state.now_us = 100 * SECOND;
    reduce(
        &mut state,
        NetEvent::Connected {
            identity: Identity::Display,
            first_sample: ClockSample {
                rtt_us: 1_000,
                offset_us: 2_000,
            },
        },
    );
    reduce(
        &mut state,
        NetEvent::View(Box::new(View::Display(DisplayView {
            tournament: "Кубок".into(),
            games: Vec::new(),
            programme: None,
            prize_ties: Vec::new(),
        }))),
    );
    state
}

#[test]
fn a_silent_server_raises_the_banner_and_stops_the_clock_where_it_was() {
    let mut state = projector();
    assert!(!state.link_lost());
    state.now_us = 101 * SECOND;
    assert_eq!(state.server_now(), ServerTime(101 * SECOND + 2_000));

    reduce(&mut state, NetEvent::Silent);
    assert_eq!(state.connection, ConnectionStatus::Silent);
    assert!(state.link_lost(), "the banner is up");
    let frozen = state.server_now();
    assert_eq!(frozen, ServerTime(101 * SECOND + 2_000));
    state.now_us = 105 * SECOND;
    assert_eq!(state.server_now(), frozen, "the clock does not count on");

    // QUIC gives up later: still lost, still frozen where it first stopped.
    reduce(
        &mut state,
        NetEvent::Reconnecting {
            attempt: 1,
            error: LinkError::TimedOut,
        },
    );
    assert!(state.link_lost());
    state.now_us = 110 * SECOND;
    assert_eq!(state.server_now(), frozen);
    assert!(state.view.is_some(), "the last view stays under the banner");

    // Back: the banner goes and the clock shows the server's time again.
    reduce(
        &mut state,
        NetEvent::Connected {
            identity: Identity::Display,
            first_sample: ClockSample {
                rtt_us: 1_000,
                offset_us: 2_000,
            },
        },
    );
    assert!(!state.link_lost());
    assert_eq!(state.server_now(), ServerTime(110 * SECOND + 2_000));
}

#[test]
fn the_server_heard_again_lowers_the_banner_without_reconnecting() {
    let mut state = projector();
    state.now_us = 101 * SECOND;
    reduce(&mut state, NetEvent::Silent);
    assert!(state.link_lost());
    state.now_us = 102 * SECOND;
    reduce(&mut state, NetEvent::Heard);
    assert!(state.connection.is_connected());
    assert!(!state.link_lost());
    assert_eq!(state.server_now(), ServerTime(102 * SECOND + 2_000));
}

#[test]
fn silence_or_a_word_before_connecting_changes_nothing() {
    let mut state = AppState::new(Lang::Ru);
    reduce(&mut state, NetEvent::Connecting);
    reduce(&mut state, NetEvent::Silent);
    assert_eq!(state.connection, ConnectionStatus::Connecting);
    reduce(&mut state, NetEvent::Heard);
    assert_eq!(state.connection, ConnectionStatus::Connecting);
    assert!(
        !state.link_lost(),
        "no view, no banner: the screen says «подключение…»"
    );
}

#[test]
fn a_file_that_cannot_be_read_is_said_in_the_persons_language() {
    let mut state = AppState::new(Lang::Ru);
    state.identity = Some(Identity::Host);
    let path = PathBuf::from("/nowhere/пакет.txt");
    let request = state.begin_request(Command::game(
        EVENT_CHGK,
        ChgkCommand::LoadPackage {
            file_name: "пакет.txt".into(),
            bytes: Vec::new(),
            pictures: Vec::new(),
        },
    ));
    let error = FileError::io(&path, &std::fs::read(&path).unwrap_err());
    reduce(&mut state, NetEvent::FileFailed { request, error });
    assert!(state.pending.is_empty());
    let text = i18n::notice(Lang::Ru, &state.toasts[0].notice);
    assert_eq!(
        text,
        "загрузка пакета: /nowhere/пакет.txt: нет такого файла или папки"
    );
    assert!(!text.contains("os error"), "{text}");
    let text = i18n::notice(Lang::En, &state.toasts[0].notice);
    assert_eq!(
        text,
        "package loading: /nowhere/пакет.txt: no such file or directory"
    );

    // A package loaded afterwards makes the message stale.
    let request = state.begin_request(Command::game(
        EVENT_CHGK,
        ChgkCommand::LoadPackage {
            file_name: "пакет.txt".into(),
            bytes: Vec::new(),
            pictures: Vec::new(),
        },
    ));
    reduce(
        &mut state,
        NetEvent::Ack {
            request,
            result: Ok(Receipt::Game {
                game: EVENT_CHGK,
                receipt: GameReceipt::Chgk(ChgkReceipt::PackageLoaded {
                    tours: 1,
                    questions: 12,
                }),
            }),
        },
    );
    assert!(
        !state
            .toasts
            .iter()
            .any(|t| matches!(t.notice, Notice::FileFailed { .. }))
    );
}
