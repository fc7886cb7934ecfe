//! The live game's clock signals through [`LiveFormat`]: a signal that
//! passed while the server was busy is still due.

use std::time::Duration;

use super::*;
use crate::ids::TeamId;
use crate::play::format::LiveFormat;
use crate::time::ServerTime;

const T0: ServerTime = ServerTime(1_700_000_000_000_000);

fn at(ms: u64) -> ServerTime {
    T0.plus(Duration::from_millis(ms))
}

/// A game whose first Негатив question's minute started at `T0`: a minute
/// of 1 s, cards until 1.5 s.
fn minute_running() -> NeptuneMatch {
    let settings = NeptuneSettings {
        timing: NeptuneTiming {
            minute_ms: 1_000,
            grace_ms: 500,
            ..NeptuneTiming::default()
        },
        sizes: ContestSizes::shortened(1),
    };
    let mut game = NeptuneMatch::new(&settings);
    let players = (1..=4).map(|p| format!("Игрок {p}")).collect();
    for event in [
        NeptuneEvent::Registered {
            teams: vec![(TeamId(1), players)],
        },
        NeptuneEvent::ContestStarted { at: T0 },
        NeptuneEvent::Announced {
            rating: Some(10),
            at: T0,
        },
        NeptuneEvent::MinuteStarted { at: T0 },
    ] {
        game.apply(&event);
    }
    game
}

#[test]
fn neptune_a_signal_passed_while_the_server_was_busy_is_still_due() {
    // Arrange: the server last woke at 0.9 s; a command kept it busy past
    // the minute's end at 1 s.
    let mut game = minute_running();
    assert!(!LiveFormat::handle_timeout(&mut game, at(900)).any());
    let busy_until = at(1_200);

    // Act
    let due = LiveFormat::poll_timeout(&game, busy_until);

    // Assert: the end is due at once, and waking for it tells every screen;
    // then the next signal is the end of the cards' time.
    assert_eq!(due, Some(at(1_000)));
    assert!(LiveFormat::handle_timeout(&mut game, busy_until).any());
    let next = LiveFormat::poll_timeout(&game, busy_until).expect("the grace's end");
    assert!(next > at(1_500) && next < at(1_501), "{next:?}");
}
