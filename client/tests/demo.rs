//! The demo as people see it, drawn whole as the app draws it: the
//! autopilot host's banner over every staff screen («коснитесь любой
//! кнопки, чтобы взять управление»), the seconds until it is back while a
//! person runs the game, nothing of it in a real game; and on a team's
//! terminal, a card refused because the team's card (the robot's, before
//! the person sat down) was handed in first.

use crate::common;

use common::{Screen, minute};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::state::{AppState, NetEvent, reduce};
use minuta_client::views::{self, LocalState};
use minuta_shared::identity::Identity;
use minuta_shared::ids::{JudgeId, QuestionId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::chgk::view::TeamCard;
use minuta_shared::play::chgk::{ChgkCommand, ChgkError, EVENT_CHGK};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameError, PlayError};
use minuta_shared::time::{ClockSample, ServerTime};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::CommandError;
use minuta_shared::wire::view::{AutopilotView, HostView, TeamView, View};

/// 1 000 000 s after the epoch: «Время» for question 7, and the instant
/// the tests look at the screens.
const START_MS: u64 = 1_000_000_000;

const RUNNING_RU: &str = "Автопилот ведёт игру — коснитесь любой кнопки, чтобы взять управление";
const RUNNING_EN: &str = "The autopilot is running the game — touch any button to take over";

/// The app connected as `identity`, showing `view`, `at_ms` after «Время».
fn connected(lang: Lang, identity: Identity, view: View, at_ms: u64) -> AppState {
    let mut state = AppState::new(lang);
    state.join(JoinCode {
        addrs: vec!["127.0.0.1:4433".parse().unwrap()],
        fingerprint: [1; 32],
        credential: Credential::Host { secret: "s".into() },
    });
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

/// The whole window, as `MinutaApp` draws it.
fn window(state: AppState) -> Harness<'static, Screen<LocalState>> {
    let screen = Screen {
        state,
        form: LocalState::default(),
        sent: Vec::new(),
    };
    let mut harness = Harness::builder()
        .with_size([1100.0, 800.0])
        // The host's forms have unlabelled fields of their own; this file
        // is about what is drawn over the screens.
        .with_accessibility_check(false)
        .build_ui_state(
            |ui, screen: &mut Screen<LocalState>| {
                let asked = views::root(ui, &screen.state, &mut screen.form);
                screen.ask(asked);
            },
            screen,
        );
    harness.run();
    harness
}

/// The host's view (or, without access, a judge's) of a demo whose
/// autopilot is as given.
fn staff(access: bool, autopilot: Option<AutopilotView>) -> HostView {
    HostView {
        access: access.then(common::access),
        autopilot,
        ..common::host_view()
    }
}

fn staff_screens(autopilot: Option<AutopilotView>) -> [(Identity, View); 2] {
    [
        (Identity::Host, View::Host(staff(true, autopilot))),
        (
            Identity::Judge(JudgeId(1)),
            View::Host(staff(false, autopilot)),
        ),
    ]
}

const RUNNING: AutopilotView = AutopilotView {
    running: true,
    resumes_at: None,
};

/// A person took over; the autopilot is back 27.3 s after `START_MS`.
fn aside() -> AutopilotView {
    AutopilotView {
        running: false,
        resumes_at: Some(ServerTime::from_millis(START_MS + 27_300)),
    }
}

#[test]
fn demo_every_staff_screen_says_the_autopilot_runs_the_game_in_russian_and_english() {
    for (identity, view) in staff_screens(Some(RUNNING)) {
        for (lang, text) in [(Lang::Ru, RUNNING_RU), (Lang::En, RUNNING_EN)] {
            let harness = window(connected(lang, identity, view.clone(), 0));
            assert!(
                harness.query_by_label(text).is_some(),
                "{identity:?} in {lang:?}"
            );
        }
    }
}

#[test]
fn demo_while_a_person_runs_the_game_the_staff_see_the_seconds_until_the_autopilot_is_back() {
    for (identity, view) in staff_screens(Some(aside())) {
        // Arrange / act: 27.3 s before the autopilot is back, then 1.3 s on.
        let mut harness = window(connected(Lang::Ru, identity, view.clone(), 0));

        // Assert: the whole seconds left, rounded up, and no «running».
        assert!(harness.query_by_label("Игру ведёте вы").is_some());
        assert!(
            harness
                .query_by_label("автопилот вернётся через 28 с")
                .is_some(),
            "{identity:?}"
        );
        assert!(harness.query_by_label(RUNNING_RU).is_none());
        harness.state_mut().state.now_us += 1_300_000;
        harness.run();
        assert!(
            harness
                .query_by_label("автопилот вернётся через 26 с")
                .is_some(),
            "{identity:?}"
        );

        // In English.
        let harness = window(connected(Lang::En, identity, view, 0));
        assert!(harness.query_by_label("You are running the game").is_some());
        assert!(
            harness
                .query_by_label("the autopilot takes over again in 28 s")
                .is_some(),
            "{identity:?}"
        );
    }
}

#[test]
fn demo_when_the_countdown_has_run_out_the_banner_says_the_autopilot_runs_again() {
    let (identity, view) = staff_screens(Some(aside()))[0].clone();
    let harness = window(connected(Lang::Ru, identity, view, 27_300));
    assert!(harness.query_by_label(RUNNING_RU).is_some());
    assert!(
        harness
            .query_by_label_contains("автопилот вернётся")
            .is_none()
    );
}

#[test]
fn a_real_game_has_no_autopilot_banner() {
    for (identity, view) in staff_screens(None) {
        let harness = window(connected(Lang::Ru, identity, view, 0));
        assert!(
            harness.query_by_label_contains("втопилот").is_none(),
            "{identity:?}"
        );
    }
}

/// Team 1's view 20 s after «Время» for question 7, with the card the
/// team's robot handed in at 12 s when `robot_card`.
fn team_view(robot_card: bool) -> View {
    let mut view = TeamView {
        team: TeamId(1),
        ..common::team_view()
    };
    let chgk = common::team_chgk(&mut view);
    chgk.clock = minute(QuestionId(6), "7", Phase::Minute, START_MS);
    if robot_card {
        chgk.cards.push(TeamCard {
            question: QuestionId(6),
            number: "7".into(),
            text: "Луна".into(),
            received_at: ServerTime::from_millis(START_MS + 12_000),
            since_start_ms: 12_000,
            late: false,
            reveal: None,
        });
    }
    View::Team(view)
}

/// The person's card for question 7 leaves, and the server refuses it: the
/// team's card is in already.
fn refused_second_card(state: &mut AppState) {
    let request = state.begin_request(Command::game(
        EVENT_CHGK,
        ChgkCommand::SubmitCard {
            question: QuestionId(6),
            text: "Пушкин".into(),
        },
    ));
    let error = CommandError::Play(PlayError::Game(GameError::Chgk(
        ChgkError::CardAlreadyAccepted,
    )));
    reduce(
        state,
        NetEvent::Ack {
            request,
            result: Err(error),
        },
    );
}

#[test]
fn demo_a_card_refused_because_the_team_handed_one_in_first_says_so_above_the_teams_card() {
    for (lang, text, received) in [
        (
            Lang::Ru,
            "карточка уже сдана: ответ команды принят раньше",
            "принято 00:12.000",
        ),
        (
            Lang::En,
            "the card is already handed in: the team's answer was accepted earlier",
            "accepted 00:12.000",
        ),
    ] {
        // Arrange: the robot's card is in; the person's card is refused.
        let mut state = connected(lang, Identity::Team(TeamId(1)), team_view(true), 20_000);
        refused_second_card(&mut state);

        // Act
        let harness = window(state);

        // Assert: why, and the team's card (the robot's) locked under it.
        assert!(harness.query_by_label(text).is_some(), "{lang:?}");
        assert!(harness.query_by_label("«Луна»").is_some(), "{lang:?}");
        assert!(harness.query_by_label(received).is_some(), "{lang:?}");
    }
}

#[test]
fn demo_a_refusal_that_comes_before_the_teams_card_is_seen_says_so_on_the_card() {
    // Arrange: the refusal arrives before the view with the robot's card.
    let mut state = connected(
        Lang::Ru,
        Identity::Team(TeamId(1)),
        team_view(false),
        20_000,
    );
    refused_second_card(&mut state);

    // Act
    let mut harness = window(state);

    // Assert: the card says why at once, and again once the view is in.
    let text = "карточка уже сдана: ответ команды принят раньше";
    assert!(harness.query_by_label(text).is_some());
    reduce(
        &mut harness.state_mut().state,
        NetEvent::View(Box::new(team_view(true))),
    );
    harness.run();
    assert!(harness.query_by_label(text).is_some());
    assert!(harness.query_by_label("«Луна»").is_some());
}
