//! Эрудит-квартет through the core: a tournament added to the event, teams
//! drawn, line-ups from the captains' terminals, presses on the fast path,
//! the events stored as JSON and replayed to the same views, and a restart
//! mid-question.

use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::button::PressKind;
use minuta_shared::play::erudit::{EruditCommand as C, EruditTiming, QuestionState};
use minuta_shared::play::games::{GameCommand, GameSettings, GameStaffView, GameState};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Identity;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::View;

use super::*;

fn s(ms: u64) -> ServerTime {
    ServerTime::from_millis(1_700_000_000_000 + ms)
}

/// The first game the host adds (the event has ChGK 0 and Brain-ring 1).
const GAME: GameId = GameId(2);

struct Hall {
    core: Core,
    events: Vec<Event>,
    secrets: u32,
}

impl Hall {
    fn new(teams: u32) -> Self {
        let mut h = Hall {
            core: Core::new(ServerInfo::default()),
            events: Vec::new(),
            secrets: 0,
        };
        let init = h
            .core
            .initialise("host".into(), "display".into(), "jury".into(), s(0))
            .expect("a new store");
        h.events.extend(init);
        for i in 1..=teams {
            h.run(
                Identity::Host,
                Command::RegisterTeam {
                    rating_id: None,
                    name: format!("Команда {i}"),
                    town: "Город".into(),
                    players: (1..=4).map(|p| format!("Игрок {i}.{p}")).collect(),
                },
                s(0),
            )
            .expect("registered");
        }
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

    fn run(
        &mut self,
        who: Identity,
        command: Command,
        now: ServerTime,
    ) -> Result<Receipt, CommandError> {
        let secrets = &mut self.secrets;
        let mut fresh = || {
            *secrets += 1;
            format!("secret-{secrets}")
        };
        let (receipt, events) = self.core.handle_command(who, command, now, &mut fresh)?;
        self.events.extend(events);
        Ok(receipt)
    }

    fn game(
        &mut self,
        who: Identity,
        command: C,
        now: ServerTime,
    ) -> Result<Receipt, CommandError> {
        self.run(
            who,
            Command::Game {
                game: GAME,
                command: GameCommand::Erudit(command),
            },
            now,
        )
    }

    fn press(&mut self, team: u32, at: ServerTime) -> PressKind {
        let (receipt, events) = self
            .core
            .handle_press(TeamId(team), at, 400, 0)
            .expect("a press the game takes");
        self.events.extend(events);
        match receipt {
            Receipt::Press { kind, .. } => kind,
            other => panic!("{other:?}"),
        }
    }

    fn question(&self) -> QuestionState {
        match &self.core.game(GAME).expect("the game").state {
            GameState::Erudit(t) => {
                t.game()
                    .and_then(|g| g.question())
                    .expect("a question")
                    .state
            }
            _ => panic!("not the erudit game"),
        }
    }
}

#[test]
fn erudit_a_group_plays_through_the_core_and_replays_to_the_same_views() {
    let mut h = Hall::new(4);
    let teams = (1..=4).map(TeamId).collect();
    h.game(Identity::Host, C::Seed { teams, seed: 3 }, s(1))
        .expect("drawn");
    h.game(Identity::Host, C::StartGame { group: 0 }, s(2))
        .expect("started");
    h.game(Identity::Host, C::OpenLineup, s(3))
        .expect("line-up");
    // A captain sets the team's line-up from its terminal; the host may not
    // be impersonated, and a judge may not send it at all.
    let players: Vec<String> = (1..=4).rev().map(|p| format!("Игрок 1.{p}")).collect();
    h.game(
        Identity::Team(TeamId(1)),
        C::SetLineup {
            team: None,
            players,
        },
        s(4),
    )
    .expect("line-up set");
    assert_eq!(
        h.game(Identity::Team(TeamId(1)), C::Read, s(5)),
        Err(CommandError::Forbidden)
    );
    h.game(Identity::Host, C::CloseLineup, s(6))
        .expect("closed");
    h.game(Identity::Host, C::Read, s(7)).expect("read");
    assert_eq!(h.press(2, s(1_007)), PressKind::Won);
    assert_eq!(h.press(3, s(1_008)), PressKind::Late);
    h.game(Identity::Host, C::Judge { correct: false }, s(2_000))
        .expect("judged");
    h.game(Identity::Host, C::EndReading, s(3_000))
        .expect("read to the end");
    assert_eq!(h.press(3, s(3_500)), PressKind::Won);
    h.game(Identity::Host, C::Judge { correct: true }, s(4_000))
        .expect("judged");
    assert_eq!(
        h.question(),
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
    let mut h = Hall::new(4);
    let teams = (1..=4).map(TeamId).collect();
    h.game(Identity::Host, C::Seed { teams, seed: 3 }, s(1))
        .expect("drawn");
    h.game(Identity::Host, C::StartGame { group: 0 }, s(2))
        .expect("started");
    h.game(Identity::Host, C::OpenLineup, s(3))
        .expect("line-up");
    h.game(Identity::Host, C::CloseLineup, s(4))
        .expect("closed");
    h.game(Identity::Host, C::Read, s(5)).expect("read");
    h.game(Identity::Host, C::EndReading, s(6))
        .expect("read to the end");
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
