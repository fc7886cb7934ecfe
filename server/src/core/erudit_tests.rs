//! Эрудит-квартет through the core: a tournament added to the event, teams
//! drawn, line-ups from the captains' terminals, presses on the fast path,
//! the events stored as JSON and replayed to the same views, and a restart
//! mid-question.

use minuta_shared::identity::Identity;
use minuta_shared::ids::TeamId;
use minuta_shared::play::button::PressKind;
use minuta_shared::play::erudit::{EruditCommand as C, EruditTiming, QuestionState};
use minuta_shared::play::games::{GameCommand, GameSettings, GameStaffView, GameState};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::View;

use super::games_tests::{GAME, Hall};
use super::*;

/// `ms` after the hall's start.
fn s(ms: u64) -> ServerTime {
    ServerTime::from_millis(1_700_000_000_000 + ms)
}

/// A hall of `teams` teams (four players each, «Игрок 1»…) with an
/// Эрудит-квартет tournament added as game 2.
fn erudit_hall(teams: u32) -> Hall {
    let mut h = Hall::new(teams);
    let added = h.run(
        Identity::Host,
        Command::AddGame {
            name: "Эрудит-квартет".into(),
            settings: GameSettings::Erudit(EruditTiming::default()),
        },
        s(0),
    );
    assert_eq!(added, Ok(Receipt::GameAdded { game: GAME }));
    h
}

fn erudit(
    h: &mut Hall,
    who: Identity,
    command: C,
    now: ServerTime,
) -> Result<Receipt, CommandError> {
    h.run(
        who,
        Command::Game {
            game: GAME,
            command: GameCommand::Erudit(command),
        },
        now,
    )
}

fn press(h: &mut Hall, team: u32, at: ServerTime) -> PressKind {
    let (receipt, events) = h
        .core
        .handle_press(TeamId(team), at, 400, 0)
        .expect("a press the game takes");
    h.events.extend(events);
    match receipt {
        Receipt::Press { kind, .. } => kind,
        other => panic!("{other:?}"),
    }
}

/// The question in play of the tournament in `core`.
fn question(core: &Core) -> QuestionState {
    match &core.game(GAME).expect("the game").state {
        GameState::Erudit(t) => {
            t.game()
                .and_then(|g| g.question())
                .expect("a question")
                .state
        }
        _ => panic!("not the erudit game"),
    }
}

/// Draws four teams, starts their game and closes the first line-up.
fn first_round(h: &mut Hall) {
    let teams = (1..=4).map(TeamId).collect();
    erudit(h, Identity::Host, C::Seed { teams, seed: 3 }, s(1)).expect("drawn");
    erudit(h, Identity::Host, C::StartGame { group: 0 }, s(2)).expect("started");
    erudit(h, Identity::Host, C::OpenLineup, s(3)).expect("line-up");
}

#[test]
fn erudit_a_group_plays_through_the_core_and_replays_to_the_same_views() {
    let mut h = erudit_hall(4);
    first_round(&mut h);
    // A captain sets the team's line-up from its terminal; the host may not
    // be impersonated, and a judge may not send it at all.
    let players: Vec<String> = (1..=4).rev().map(|p| format!("Игрок {p}")).collect();
    erudit(
        &mut h,
        Identity::Team(TeamId(1)),
        C::SetLineup {
            team: None,
            players,
        },
        s(4),
    )
    .expect("line-up set");
    assert_eq!(
        erudit(&mut h, Identity::Team(TeamId(1)), C::Read, s(5)),
        Err(CommandError::Forbidden)
    );
    erudit(&mut h, Identity::Host, C::CloseLineup, s(6)).expect("closed");
    erudit(&mut h, Identity::Host, C::Read, s(7)).expect("read");
    assert_eq!(press(&mut h, 2, s(1_007)), PressKind::Won);
    assert_eq!(press(&mut h, 3, s(1_008)), PressKind::Late);
    erudit(
        &mut h,
        Identity::Host,
        C::Judge { correct: false },
        s(2_000),
    )
    .expect("judged");
    erudit(&mut h, Identity::Host, C::EndReading, s(3_000)).expect("read to the end");
    assert_eq!(press(&mut h, 3, s(3_500)), PressKind::Won);
    erudit(&mut h, Identity::Host, C::Judge { correct: true }, s(4_000)).expect("judged");
    assert_eq!(
        question(&h.core),
        QuestionState::Closed {
            by: Some(TeamId(3))
        }
    );

    // The store keeps events as JSON; a replay gives every audience the
    // same view.
    let json = serde_json::to_string(&h.events).expect("to json");
    let back: Vec<Event> = serde_json::from_str(&json).expect("from json");
    let mut again = Core::new(ServerInfo::default());
    again.replay(&back);
    for who in [
        Identity::Host,
        Identity::Display,
        Identity::Team(TeamId(1)),
        Identity::Team(TeamId(3)),
    ] {
        assert_eq!(
            again.view_for(who, s(5_000)),
            h.core.view_for(who, s(5_000)),
            "{who:?}"
        );
    }
}

#[test]
fn erudit_restart_14_4_a_question_in_its_silence_is_read_again_with_a_notice() {
    let mut h = erudit_hall(4);
    first_round(&mut h);
    erudit(&mut h, Identity::Host, C::CloseLineup, s(4)).expect("closed");
    erudit(&mut h, Identity::Host, C::Read, s(5)).expect("read");
    erudit(&mut h, Identity::Host, C::EndReading, s(6)).expect("read to the end");
    // The server stops and comes back a minute later.
    let mut again = Core::new(ServerInfo::default());
    again.replay(&h.events);
    let resumed = again.resume_after_restart(s(60_000));
    assert_eq!(resumed.len(), 1);
    let state = match &again.game(GAME).expect("the game").state {
        GameState::Erudit(t) => {
            t.game()
                .and_then(|g| g.question())
                .expect("a question")
                .state
        }
        _ => panic!("not the erudit game"),
    };
    assert!(matches!(state, QuestionState::Reading { .. }));
    let host = again.view_for(Identity::Host, s(60_000));
    let View::Host(host) = host else {
        panic!("a host view")
    };
    assert!(
        host.games
            .iter()
            .any(|g| matches!(&g.view, GameStaffView::Erudit(v) if v.restart_notice))
    );
}
