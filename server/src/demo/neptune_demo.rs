//! «Нептун» registered in the demo: its game on the demo's store, the
//! autopilot host of its demo, and a robot team's captain and ломтики
//! ([`Captain`]).

use std::sync::{Arc, OnceLock};

use minuta_shared::ids::Slice;
use minuta_shared::play::games::Format;
use minuta_shared::play::neptune::NeptunePackage;
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{HostView, TeamView};

use super::DemoConfig;
use super::neptune::{DEMO_NEPTUNE_PACKAGE, NeptuneHost, settings, staff_game, team_game};
use super::neptune_robot::Captain;
use super::plug::{Autopilot, Demo, FormatRobots, HostCast, SetUp, Steps, TeamCast, TeamHand};

/// «Нептун» (sections 0–6): six contests, shortened, to the auction.
pub(super) struct NeptuneDemo;

impl Demo for NeptuneDemo {
    const NAME: &'static str = "neptune";

    /// 0.2: a team has 4 to 6 players, so its ломтики differ.
    fn reserves(i: usize) -> usize {
        i % 3
    }

    fn set_up(demo: &DemoConfig, set_up: &mut SetUp<'_>) -> Result<(), String> {
        if set_up
            .core()
            .games()
            .any(|(_, g)| g.format() == Format::Neptune)
        {
            return Ok(());
        }
        super::neptune::set_up(demo, |command| set_up.host(command))
    }

    fn autopilot(demo: &DemoConfig, _cast: HostCast) -> Box<dyn Autopilot> {
        Box::new(NeptuneAutopilot {
            host: NeptuneHost::new(demo),
        })
    }
}

/// The Нептун demo's host: its contests and auction.
struct NeptuneAutopilot {
    host: NeptuneHost,
}

impl Autopilot for NeptuneAutopilot {
    fn steps(&mut self, view: &HostView, now: ServerTime) -> Option<Steps> {
        let (game, neptune) = staff_game(view)?;
        let commands = self.host.steps(game, neptune, &view.teams, now);
        Some(Steps::Now(commands))
    }
}

/// Нептун's robots: a team's captain and its ломтики.
pub(super) struct NeptuneRobots;

impl FormatRobots for NeptuneRobots {
    fn hand(cast: &TeamCast<'_>) -> Box<dyn TeamHand> {
        // The answers the robots know (the package, read once for all
        // teams), and how many Джокер questions.
        static PACKAGE: OnceLock<Option<Arc<NeptunePackage>>> = OnceLock::new();
        let package = PACKAGE.get_or_init(|| {
            NeptunePackage::parse("demo_neptune.json", DEMO_NEPTUNE_PACKAGE.as_bytes())
                .ok()
                .map(Arc::new)
        });
        let joker = settings(cast.demo).sizes.of(Contest::Joker);
        Box::new(Captain::new(
            cast.team,
            cast.place,
            cast.style,
            cast.demo.minute,
            package.clone(),
            joker,
        ))
    }
}

impl TeamHand for Captain {
    fn see(&mut self, view: &TeamView, now: ServerTime) {
        if let Some((_, game)) = team_game(view) {
            Captain::see(self, game, now);
        }
    }

    fn next_at(&self) -> Option<ServerTime> {
        Captain::next_at(self)
    }

    fn due(&mut self, view: Option<&TeamView>, now: ServerTime) -> Vec<(Option<Slice>, Command)> {
        let game = view.and_then(team_game);
        Captain::due(self, now)
            .iter()
            .filter_map(|plan| {
                let (id, view) = game?;
                self.command(plan, id, view)
            })
            .collect()
    }
}
