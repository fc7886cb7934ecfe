//! Stores written before Brain-ring was a game of the event (schema 3 and
//! older): their `Event::Ring` and `Event::RingInterrupted` replay into a
//! Brain-ring game under an id no stored game uses, the first start stores
//! that game, and every later replay finds the same state there.

use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::brain_ring::rules::FightFormat;
use minuta_shared::play::brain_ring::{ButtonPhase, FightId, RingEvent, RingTiming};
use minuta_shared::play::games::{Format, GameSettings};
use minuta_shared::play::multigames::MultigamesSettings;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;

use super::*;

fn at(ms: u64) -> ServerTime {
    ServerTime::from_millis(1_700_000_000_000 + ms)
}

fn team(id: u32) -> Event {
    Event::TeamRegistered {
        team: TeamId(id),
        name: format!("Команда {id}"),
        town: "Город".into(),
        players: vec!["Игрок".into()],
        secret: format!("s{id}"),
    }
}

/// An old festival's log: a Мультиигры game added as game 1, Brain-ring
/// played in the old shapes, the last question interrupted by a restart.
fn old_store() -> Vec<Event> {
    let ring = |e| Event::Ring(e);
    vec![
        Event::Initialised {
            host_secret: "h".into(),
            display_secret: "d".into(),
            at: at(0),
        },
        Event::TournamentSetUp {
            name: "Фестиваль".into(),
            settings: Default::default(),
        },
        Event::JuryAppointed { secret: "j".into() },
        team(1),
        team(2),
        Event::GameAdded {
            game: GameId(1),
            name: "Мультиигры".into(),
            settings: GameSettings::Multigames(MultigamesSettings::default()),
        },
        ring(RingEvent::TimingSet {
            timing: RingTiming::default(),
        }),
        ring(RingEvent::FightOpened {
            fight: FightId(1),
            kind: minuta_shared::play::brain_ring::FightKind::Friendly,
            label: "Бой 1".into(),
            stage: 1,
            format: FightFormat::QUALIFYING,
            tables: [TeamId(1), TeamId(2)],
        }),
        ring(RingEvent::QuestionRead {
            fight: FightId(1),
            at: at(1_000),
        }),
        ring(RingEvent::Armed {
            fight: FightId(1),
            at: at(2_000),
        }),
        Event::RingInterrupted {
            fight: FightId(1),
            question: 1,
            at: at(9_000),
        },
    ]
}

#[test]
fn an_old_store_replays_its_brain_ring_into_a_game_no_stored_game_uses() {
    // Arrange
    let events = old_store();

    // Act
    let mut core = Core::new(ServerInfo::default());
    core.replay_checked(&events).expect("an old store replays");

    // Assert: Мультиигры keeps game 1; Brain-ring is game 2, with its fight
    // back to «reading» as the interruption left it.
    assert_eq!(
        core.game(GameId(1)).map(|g| g.format()),
        Some(Format::Multigames)
    );
    assert_eq!(core.event_ring_id(), Some(GameId(2)));
    let ring = core.event_ring().expect("Brain-ring");
    let fight = ring.fight(FightId(1)).expect("its fight");
    assert!(fight.is_open());
    let phase = fight.current.as_ref().map(|q| q.phase.clone());
    assert_eq!(phase, Some(ButtonPhase::Reading));
}

#[test]
fn an_old_store_gets_its_brain_ring_stored_as_a_game_once_and_replays_to_the_same_state() {
    // Arrange: the first start under this release.
    let mut events = old_store();
    let mut first = Core::new(ServerInfo::default());
    first.replay_checked(&events).expect("replays");

    // Act
    let upgrade = first.upgrade("j2".into());

    // Assert: one event names game 2 as the Brain-ring; nothing is reset.
    assert_eq!(
        upgrade,
        vec![Event::GameAdded {
            game: GameId(2),
            name: minuta_shared::play::brain_ring::EVENT_RING_NAME.into(),
            settings: GameSettings::Ring(RingTiming::default()),
        }]
    );
    assert!(first.event_ring().expect("ring").fight(FightId(1)).is_ok());
    assert!(first.upgrade("j3".into()).is_empty(), "once only");

    // A later start replays the stored upgrade to the same state, and the
    // host's next game takes the next free id.
    events.extend(upgrade);
    let mut later = Core::new(ServerInfo::default());
    later.replay_checked(&events).expect("replays again");
    assert!(later.upgrade("j4".into()).is_empty());
    assert_eq!(later.event_ring(), first.event_ring());
    let added = later.handle_command(
        Identity::Host,
        Command::AddGame {
            name: "Второй ЧГК".into(),
            settings: GameSettings::Chgk(Default::default()),
        },
        at(20_000),
        &mut || "s".into(),
    );
    assert_eq!(
        added.map(|(receipt, _)| receipt),
        Ok(Receipt::GameAdded { game: GameId(3) })
    );
}

#[test]
fn an_old_store_that_never_played_brain_ring_gets_one_after_its_games() {
    // Arrange: no Brain-ring events at all.
    let events: Vec<Event> = old_store()
        .into_iter()
        .filter(|e| !matches!(e, Event::Ring(_) | Event::RingInterrupted { .. }))
        .collect();
    let mut core = Core::new(ServerInfo::default());
    core.replay_checked(&events).expect("replays");
    assert_eq!(core.event_ring_id(), None);

    // Act
    let upgrade = core.upgrade("j2".into());

    // Assert
    assert_eq!(upgrade.len(), 1);
    assert_eq!(core.event_ring_id(), Some(GameId(2)));
}

#[test]
fn a_new_store_has_its_brain_ring_as_game_1_from_the_start() {
    let mut core = Core::new(ServerInfo::default());
    let events = core
        .initialise("h".into(), "d".into(), "j".into(), at(0))
        .expect("new");
    assert!(events.iter().any(|e| matches!(
        e,
        Event::GameAdded {
            game: GameId(1),
            settings: GameSettings::Ring(_),
            ..
        }
    )));
    assert_eq!(core.event_ring_id(), Some(GameId(1)));
    assert!(core.upgrade("j2".into()).is_empty(), "nothing to upgrade");
}
