//! «Эрудит-квартет» registered in the demo: its game and themes on the
//! demo's store, the autopilot host of its demo, and a robot team's
//! captain and player ([`Quartet`]) at the table.

use minuta_shared::ids::Slice;
use minuta_shared::play::erudit::{EruditCommand, EruditTiming};
use minuta_shared::play::games::{Format, GameSettings};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{HostView, TeamView};

use super::erudit_robot::{EruditHost, GAME_NAME, Quartet, demo_entry, staff_game, team_game};
use super::plug::{Autopilot, Demo, FormatRobots, HostCast, SetUp, Steps, TeamCast, TeamHand};
use super::{DEMO_ERUDIT_PACKAGE, DemoConfig};

/// «Эрудит-квартет» (section 5): two groups of four, then the final.
pub(super) struct EruditDemo;

impl Demo for EruditDemo {
    const NAME: &'static str = "erudit-quartet";
    /// Two groups of four, and the final of the best (5.4).
    const TEAMS: usize = 8;

    fn set_up(demo: &DemoConfig, set_up: &mut SetUp<'_>) -> Result<(), String> {
        add_game(demo, set_up)
    }

    fn autopilot(demo: &DemoConfig, cast: HostCast) -> Box<dyn Autopilot> {
        Box::new(EruditAutopilot {
            host: EruditHost::new(demo, cast.styles),
            seed: cast.seed,
        })
    }
}

/// The Эрудит-квартет game, unless the store has one: its line-up windows
/// and silence at the demo's scale, and the demo's themes, so the host's
/// panel shows real questions.
pub(super) fn add_game(demo: &DemoConfig, set_up: &mut SetUp<'_>) -> Result<(), String> {
    if set_up
        .core()
        .games()
        .any(|(_, g)| g.format() == Format::Erudit)
    {
        return Ok(());
    }
    let minute_ms = demo.minute.as_millis() as u64;
    let receipt = set_up.host(Command::AddGame {
        name: GAME_NAME.into(),
        settings: GameSettings::Erudit(EruditTiming::scaled(minute_ms)),
    })?;
    let Receipt::GameAdded { game } = receipt else {
        return Err(format!("adding the Эрудит-квартет game: {receipt:?}"));
    };
    set_up.host(Command::game(
        game,
        EruditCommand::LoadPackage {
            file_name: "demo-erudit.4s".into(),
            bytes: DEMO_ERUDIT_PACKAGE.as_bytes().to_vec(),
        },
    ))?;
    Ok(())
}

/// The Эрудит-квартет demo's host: the draw with the demo's seed, then
/// the groups' games and the final.
struct EruditAutopilot {
    host: EruditHost,
    seed: u64,
}

impl Autopilot for EruditAutopilot {
    fn steps(&mut self, view: &HostView, now: ServerTime) -> Option<Steps> {
        let seed = self.seed;
        let (game, erudit) = staff_game(view)?;
        let entry = || demo_entry(view, game, seed);
        let commands = self.host.steps(game, erudit, &view.teams, entry, now);
        Some(Steps::Now(commands))
    }

    fn news(&mut self) -> Vec<String> {
        self.host.news()
    }
}

/// Эрудит-квартет's robots: a team's captain and player.
pub(super) struct EruditRobots;

impl FormatRobots for EruditRobots {
    fn hand(cast: &TeamCast<'_>) -> Box<dyn TeamHand> {
        Box::new(Quartet::new(
            cast.team,
            cast.style,
            cast.demo,
            cast.robots.clone(),
        ))
    }
}

impl TeamHand for Quartet {
    fn see(&mut self, view: &TeamView, now: ServerTime) {
        if let Some((_, game)) = team_game(view) {
            Quartet::see(self, game, now);
        }
    }

    fn next_at(&self) -> Option<ServerTime> {
        Quartet::next_at(self)
    }

    fn due(&mut self, view: Option<&TeamView>, now: ServerTime) -> Vec<(Option<Slice>, Command)> {
        let game = view.and_then(team_game);
        Quartet::due(self, now)
            .iter()
            .filter_map(|plan| {
                let (id, view) = game?;
                self.command(plan, id, view)
            })
            .map(|command| (None, command))
            .collect()
    }
}
