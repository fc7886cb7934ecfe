//! The Нептун demo (`minuta-server demo --game neptune … --run-to-end`)
//! with a 1-s minute, played in this process on virtual time (robots
//! alone, nobody joining): six teams of 4–6 players, robot captains and ломтики, the autopilot
//! host through the six contests (shortened) to the end of the auction. It
//! exits 0 and leaves the store; the game's scoresheet (`export --format
//! sheet --game ID`) scored by `minuta-server score` gives exactly the
//! exported live standings, and the jury's protocol has the game.

use crate::common;

use std::time::Duration;

use minuta_server::core::{Core, ServerInfo};
use minuta_server::demo::DemoGame;
use minuta_server::store;
use minuta_shared::play::games::GameState;
use minuta_shared::play::neptune::rules::{Bid, BiddingOutcome};

use common::{every_sheet_scores_as_exported, export_json};

/// The demo takes about half a minute of virtual time with a 1-s minute.
const DEMO_LIMIT: Duration = Duration::from_secs(3_600);

#[test]
fn demo_neptune_plays_the_six_contests_and_its_sheet_scores_as_exported() {
    // Arrange / act: the whole demo, then the exports.
    let dir = tempfile::tempdir().unwrap();
    let (_, took) = common::play_demo_on_virtual_time(
        dir.path(),
        DemoGame::Neptune,
        Duration::from_secs(1),
        DEMO_LIMIT,
    );
    eprintln!("the Нептун demo took {took:?} of wall time");
    let data = dir.path().join("data");
    let json = export_json(&data);

    // Assert: one game, whose sheet scores as exported.
    let games = &json.games;
    assert_eq!(games.len(), 1, "{json:#?}");
    assert_eq!(games[0].format, "neptune");
    assert_eq!(every_sheet_scores_as_exported(dir.path(), &json), 1);

    // The store: all six contests played, the auction's first question won
    // by a «ва-banк» after an over-bidder was excluded.
    let mut core = Core::new(ServerInfo::default());
    core.replay(&store::load(&data).unwrap());
    let GameState::Neptune(game) = &core
        .games()
        .find(|(_, g)| matches!(g.state, GameState::Neptune(_)))
        .expect("the Нептун game")
        .1
        .state
    else {
        unreachable!()
    };
    assert!(game.finished());
    let auction = game.auction.as_ref().expect("the auction");
    assert!(
        auction.log[0].iter().any(|b| b.run == 1),
        "{:?}",
        auction.log
    );
    let first = game.played[5].questions[0].sold;
    assert!(
        matches!(first, Some(BiddingOutcome::Won { winner, .. }) if winner.bid == Bid::VaBank),
        "{first:?}"
    );

    // The jury's protocol has the game.
    let protocol = minuta_server::export::protocol(&data).unwrap();
    let text = format!("{protocol:?}");
    assert!(
        text.contains("Нептун") && text.contains("ва-банк"),
        "{text}"
    );
}
