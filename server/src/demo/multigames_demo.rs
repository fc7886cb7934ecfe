//! «Мультиигры» registered in the demo: its game on the demo's store, the
//! autopilot host of its demo, a robot team's answers and appeals (6.4),
//! and the robot jury's decisions (6.5).

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use minuta_shared::ids::{GameId, QuestionId};
use minuta_shared::play::games::{Format, GameStaffView, InState};
use minuta_shared::play::multigames::{MultigamesGame, TaskId};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{HostView, TeamView};

use super::chgk::{Announce, chgk_steps};
use super::multigames::{
    PROGRAMME_TOURS, Scope, answer_command, appeal_command, host_steps, jury_decisions,
    team_answer, team_appeal,
};
use super::plug::{Autopilot, Demo, FormatRobots, HostCast, SetUp, Steps, TeamCast, TeamHand};
use super::{Answers, DemoConfig};

/// «Мультиигры» (section 6): six tours of two tasks, appeals to the АЖ.
pub(super) struct MultigamesDemo;

impl Demo for MultigamesDemo {
    const NAME: &'static str = "multigames";

    fn set_up(demo: &DemoConfig, set_up: &mut SetUp<'_>) -> Result<(), String> {
        add_game(demo, PROGRAMME_TOURS, set_up)
    }

    fn autopilot(_demo: &DemoConfig, cast: HostCast) -> Box<dyn Autopilot> {
        Box::new(MultigamesAutopilot {
            answers: cast.answers,
        })
    }
}

/// The Мультиигры game with the programme's first `tours` tours, unless
/// the store has one.
pub(super) fn add_game(
    demo: &DemoConfig,
    tours: usize,
    set_up: &mut SetUp<'_>,
) -> Result<(), String> {
    if set_up
        .core()
        .games()
        .any(|(_, g)| g.format() == Format::Multigames)
    {
        return Ok(());
    }
    super::multigames::set_up(demo, tours, |command| set_up.host(command))
}

/// The Мультиигры demo's host: whatever ChGK a store that played the ChGK
/// demo before left in play first, then every task, tour after tour.
struct MultigamesAutopilot {
    answers: BTreeMap<QuestionId, Answers>,
}

impl Autopilot for MultigamesAutopilot {
    fn steps(&mut self, view: &HostView, now: ServerTime) -> Option<Steps> {
        let chgk = chgk_steps(view, &self.answers, Announce::Any, now);
        if !chgk.is_empty() {
            return Some(Steps::Paced(1, chgk));
        }
        view.games.iter().find_map(|g| {
            let v = MultigamesGame::staff_of(&g.view)?;
            host_steps(g.id, v, Scope::All).map(|(pauses, c)| Steps::Paced(pauses, c))
        })
    }
}

/// Мультиигры's robots: a team's answers and appeals, and the jury.
pub(super) struct MultigamesRobots;

impl FormatRobots for MultigamesRobots {
    fn hand(cast: &TeamCast<'_>) -> Box<dyn TeamHand> {
        Box::new(Tasks {
            seed: cast.style.seed,
            skill: cast.style.skill,
            answered: BTreeSet::new(),
            appealed: BTreeSet::new(),
        })
    }

    fn jury(game: GameId, view: &GameStaffView) -> Vec<(u32, Command)> {
        let Some(view) = MultigamesGame::staff_of(view) else {
            return Vec::new();
        };
        jury_decisions(game, view)
            .into_iter()
            .map(|(appeal, command)| (appeal.id.0, command))
            .collect()
    }
}

/// A robot team at Мультиигры: it answers each started task (right,
/// partly right, in other words, or wrong; now and then after the grace)
/// and appeals a revealed credit it disagrees with (6.4), once each.
struct Tasks {
    seed: u64,
    skill: f64,
    answered: BTreeSet<(GameId, TaskId)>,
    appealed: BTreeSet<(GameId, TaskId)>,
}

impl TeamHand for Tasks {
    fn moves(&mut self, view: &TeamView, now: ServerTime) -> Vec<(Duration, Command)> {
        let mut moves = Vec::new();
        for entry in &view.games {
            let Some(game) = MultigamesGame::team_of(&entry.view) else {
                continue;
            };
            if let Some(answer) = team_answer(entry.id, game, self.seed, self.skill)
                && self.answered.insert((entry.id, answer.task))
            {
                let think = answer.at.since(now);
                moves.push((think, answer_command(entry.id, &answer)));
            }
            if let Some((task, text)) = team_appeal(entry.id, game, self.seed)
                && self.appealed.insert((entry.id, task))
            {
                moves.push((Duration::ZERO, appeal_command(entry.id, task, text)));
            }
        }
        moves
    }
}
