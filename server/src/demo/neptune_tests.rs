//! The demo's Нептун robots played through the real core in simulated
//! time: the autopilot host, five robot captains with their ломтики and a
//! team nobody plays take the six contests to the end of the auction —
//! splits chosen and left to the default, Негатив marks, right and wrong
//! cards, a missing Джокер declaration, an over-bidder excluded and a
//! «ва-банк» chain — and the game's sheet scores exactly as its live
//! standings.

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::games::{GameCommand, GameEvent, GameState};
use minuta_shared::play::games::{GameError, PlayError};
use minuta_shared::play::neptune::rules::{Bid, BiddingOutcome, Contest};
use minuta_shared::play::neptune::{NeptuneEvent, NeptuneMatch, NeptunePackage, NeptunePlayError};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::CommandError;
use minuta_shared::wire::view::{HostView, View};

use super::*;
use crate::core::{Core, Event, ServerInfo};
use crate::demo::neptune::{self, DEMO_NEPTUNE_PACKAGE, NeptuneHost};
use crate::demo::{DemoConfig, DemoGame, set_up, team_style};
use crate::secrets::fresh_secret;

const T0: ServerTime = ServerTime(1_700_000_000_000_000);
const STEP: Duration = Duration::from_millis(10);

struct Sim {
    core: Core,
    now: ServerTime,
    game: GameId,
    /// Robots play the first teams; the last has nobody at it.
    teams: Vec<TeamId>,
    robots: Vec<Captain>,
    host: NeptuneHost,
    events: Vec<Event>,
    refused: Vec<String>,
}

impl Sim {
    /// The Нептун demo's store with a 1-s minute, robots at all teams but
    /// the last, as `minuta-server demo --game neptune` casts them.
    fn new(seed: u64) -> Sim {
        let mut core = Core::new(ServerInfo::default());
        core.initialise("h".into(), "d".into(), "j".into(), T0);
        let demo = DemoConfig {
            minute: Duration::from_secs(1),
            game: DemoGame::Neptune,
            seed,
            ..DemoConfig::default()
        };
        let events = set_up(&mut core, &demo, T0).expect("the demo sets up");
        let teams = core.registry().team_ids();
        let package = NeptunePackage::parse("demo", DEMO_NEPTUNE_PACKAGE.as_bytes())
            .map(Arc::new)
            .ok();
        let joker = neptune::settings(&demo).sizes.of(Contest::Joker);
        let robots = teams
            .iter()
            .take(teams.len() - 1)
            .enumerate()
            .map(|(i, t)| {
                let style = team_style(&demo, i, teams.len());
                Captain::new(*t, i, style, demo.minute, package.clone(), joker)
            })
            .collect();
        let game = core
            .games()
            .find(|(_, g)| matches!(g.state, GameState::Neptune(_)))
            .map(|(id, _)| id)
            .expect("a Нептун game");
        Sim {
            core,
            now: T0,
            game,
            teams,
            robots,
            host: NeptuneHost::new(&demo),
            events,
            refused: Vec::new(),
        }
    }

    fn game(&self) -> &NeptuneMatch {
        match &self.core.game(self.game).expect("the game").state {
            GameState::Neptune(g) => g,
            _ => panic!("not a Нептун game"),
        }
    }

    fn host_view(&self) -> HostView {
        match self.core.view_for(Identity::Host, self.now) {
            View::Host(v) => v,
            _ => panic!("not a host view"),
        }
    }

    fn command(&mut self, who: Identity, command: Command) {
        let name = format!("{who:?} {command:?}");
        let closing = matches!(
            &command,
            Command::Game {
                command: GameCommand::Neptune(
                    minuta_shared::play::neptune::NeptuneCommand::CloseBidding
                ),
                ..
            }
        );
        match self
            .core
            .handle_command(who, command, self.now, &mut fresh_secret)
        {
            Ok((_, events)) => self.events.extend(events),
            // The server's own «три» may have come first (after the merge
            // of the count's timeout): the host's close finds it closed.
            Err(CommandError::Play(PlayError::Game(GameError::Neptune(
                NeptunePlayError::BiddingClosed,
            )))) if closing => {}
            Err(e) => self.refused.push(format!("{name}: {e}")),
        }
    }

    /// Plays until the game is finished.
    fn play(&mut self) {
        let end = T0.plus(Duration::from_secs(600));
        while !self.game().finished() {
            assert!(self.now < end, "not over after 10 min: {:?}", self.refused);
            self.now = self.now.plus(STEP);
            // The count's end is stored by the driver; here it is applied.
            let _ = self.core.handle_timeout(self.now);
            let view = self.host_view();
            let (game, staff) = neptune::staff_game(&view).expect("the game in the host's view");
            for command in self.host.steps(game, staff, &view.teams, self.now) {
                self.command(Identity::Host, command);
            }
            for i in 0..self.robots.len() {
                let team = self.teams[i];
                let View::Team(view) = self.core.view_for(Identity::Team(team), self.now) else {
                    panic!("not a team view");
                };
                let Some((game, mine)) = neptune::team_game(&view) else {
                    continue;
                };
                self.robots[i].see(mine, self.now);
                for plan in self.robots[i].due(self.now) {
                    if let Some((slice, command)) = self.robots[i].command(&plan, game, mine) {
                        let who = slice.map_or(Identity::Team(team), |s| Identity::Slice(team, s));
                        self.command(who, command);
                    }
                }
            }
        }
    }

    fn neptune_events(&self) -> impl Iterator<Item = &NeptuneEvent> {
        self.events.iter().filter_map(|e| match e {
            Event::Game {
                event: GameEvent::Neptune(n),
                ..
            } => Some(n),
            _ => None,
        })
    }
}

#[test]
fn demo_neptune_robots_play_the_six_contests_to_the_end_of_the_auction() {
    // Arrange: six teams of 4–6 players, robots at five.
    let mut sim = Sim::new(2026);
    let sizes: Vec<usize> = sim
        .core
        .roster()
        .teams
        .iter()
        .map(|t| t.players.len())
        .collect();
    assert_eq!(sizes, vec![4, 5, 6, 4, 5, 6]);

    // Act
    sim.play();

    // Assert: nothing the host, a captain or a ломтик sent was refused.
    assert!(sim.refused.is_empty(), "{:#?}", sim.refused);
    let game = sim.game();
    assert_eq!(game.played.len(), 6);
    // 2.2: splits chosen by some captains, the default for the others.
    let splits: BTreeSet<TeamId> = sim
        .neptune_events()
        .filter_map(|e| match e {
            NeptuneEvent::SplitSet { team, .. } => Some(*team),
            _ => None,
        })
        .collect();
    assert!(
        !splits.is_empty() && splits.len() < sim.teams.len(),
        "{splits:?}"
    );
    // 1.2: marks on the sheet; 2.3: ломтики's own cards; right and wrong.
    assert!(
        sim.neptune_events()
            .any(|e| matches!(e, NeptuneEvent::PhraseMarked { .. }))
    );
    let slice_cards = sim
        .neptune_events()
        .filter(|e| matches!(e, NeptuneEvent::CardHandedIn { key, .. } if key.slice.is_some()))
        .count();
    assert!(slice_cards >= 2 * 5, "{slice_cards} ломтик cards");
    let verdicts: BTreeSet<bool> = sim
        .neptune_events()
        .filter_map(|e| match e {
            NeptuneEvent::Judged { correct, .. } => Some(*correct),
            _ => None,
        })
        .collect();
    assert_eq!(verdicts.len(), 2, "right and wrong answers");
    // 5.2: a robot team's declaration is missing (and the free team's).
    assert!(!game.declarations.contains_key(&sim.teams[1]));
    assert!(game.declarations.contains_key(&sim.teams[0]));
    // 6.2: an over-bidder excluded and the bidding rerun; 6.4: a «ва-банк»
    // chain in the rerun; a question nobody bid on.
    let auction = game.auction.as_ref().expect("the auction");
    let first = &auction.log[0];
    assert!(first.iter().any(|b| b.run == 0), "{first:?}");
    let chain: Vec<_> = first
        .iter()
        .filter(|b| b.run == 1 && b.bid == Bid::VaBank)
        .collect();
    assert!(chain.len() >= 2, "{first:?}");
    // 6.2: each «ва-банк» of the chain offers more than the one before.
    assert!(
        chain.windows(2).all(|w| w[0].worth < w[1].worth),
        "{chain:?}"
    );
    let auction_play = game.played.last().expect("the auction played");
    assert!(
        auction_play
            .questions
            .iter()
            .any(|q| q.sold == Some(BiddingOutcome::NoBids))
    );
    let won = auction_play.questions[0].sold;
    assert!(
        matches!(won, Some(BiddingOutcome::Won { winner, .. }) if winner.bid == Bid::VaBank),
        "{won:?}"
    );
    // The board says so too, and the standings spread.
    let View::Host(host) = sim.core.view_for(Identity::Host, sim.now) else {
        panic!("not a host view");
    };
    let (_, staff) = neptune::staff_game(&host).expect("the game");
    assert!(staff.board.finished);
    let totals: BTreeSet<i64> = staff.board.table.iter().map(|r| r.total).collect();
    assert!(totals.len() >= 4, "{:?}", staff.board.table);

    // The jury's protocol has the game: the splits, the missing
    // declaration, the first question's bids by run with the exclusion.
    let text = crate::jury_protocol::build(&sim.core, None).plain_text();
    for expected in [
        "Нептун",
        "по умолчанию",
        "нет — считается 0",
        "Исключены без суммы на счету, торги переиграны (6.2)",
        "Ставок не было: все играют на 30.",
    ] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
    let runs: BTreeSet<&str> = text
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()) && l.ends_with("| капитан"))
        .filter_map(|l| l.split(" | ").nth(1))
        .collect();
    assert_eq!(runs, BTreeSet::from(["1", "2"]), "{text}");

    // And: the sheet `export --format sheet` writes scores, through
    // `minuta-server score`, exactly as the live standings.
    let slot = sim.core.game(sim.game).expect("the game");
    let roster = sim.core.roster();
    let sheet = slot.state.sheet(roster).to_string();
    let scored =
        minuta_shared::play::score::score_sheet(&sheet).unwrap_or_else(|e| panic!("{e}: {sheet}"));
    let scored: serde_json::Value = serde_json::from_str(&scored).expect("JSON");
    assert_eq!(scored["standings"], slot.state.standings(roster));
}

#[test]
fn demo_neptune_robots_follow_the_seed() {
    // Arrange / act: the same seed twice, and another.
    let story = |seed| {
        let mut sim = Sim::new(seed);
        sim.play();
        sim.game().whole_score().totals
    };

    // Assert
    assert_eq!(story(7), story(7));
    assert_ne!(story(7), story(8));
}
