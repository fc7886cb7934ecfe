//! The demo's Мультиигры robots played through the real core in simulated
//! time: the autopilot host, six robot teams and the АЖ take the programme
//! to its end, with late answers, partial credit and appeals on the way.

use std::time::Duration;

use minuta_shared::identity::Identity;
use minuta_shared::ids::TeamId;
use minuta_shared::play::games::{GameStaffView, GameState, GameTeamView};
use minuta_shared::play::multigames::{MultigamesGame, MultigamesStaffView};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::View;

use super::*;
use crate::core::{Core, ServerInfo};
use crate::demo::{DemoConfig, DemoGame, set_up};
use crate::secrets::fresh_secret;

const T0: ServerTime = ServerTime(1_700_000_000_000_000);
const STEP: Duration = Duration::from_millis(10);

struct Sim {
    core: Core,
    now: ServerTime,
    demo: DemoConfig,
    teams: Vec<TeamId>,
    /// Robot commands waiting for their moment: (when, who, what).
    later: Vec<(ServerTime, Identity, Command)>,
    refused: Vec<String>,
}

impl Sim {
    fn new(seed: u64) -> Sim {
        let mut core = Core::new(ServerInfo::default());
        core.initialise("h".into(), "d".into(), "j".into(), T0);
        let demo = DemoConfig {
            minute: Duration::from_secs(1),
            game: DemoGame::Multigames,
            seed,
            ..DemoConfig::default()
        };
        set_up(&mut core, &demo, T0).expect("the demo sets up");
        let teams = core.registry().team_ids();
        Sim {
            core,
            now: T0,
            demo,
            teams,
            later: Vec::new(),
            refused: Vec::new(),
        }
    }

    fn command(&mut self, who: Identity, command: Command) {
        let name = format!("{who:?} {command:?}");
        if let Err(e) = self
            .core
            .handle_command(who, command, self.now, &mut fresh_secret)
        {
            self.refused.push(format!("{name}: {e}"));
        }
    }

    fn staff(&self) -> MultigamesStaffView {
        let View::Host(host) = self.core.view_for(Identity::Host, self.now) else {
            panic!("not a host view");
        };
        host.games
            .iter()
            .find_map(|g| match &g.view {
                GameStaffView::Multigames(v) => Some(v.clone()),
                _ => None,
            })
            .expect("a Мультиигры game")
    }

    fn game(&self) -> MultigamesGame {
        let (_, slot) = self.core.games().last().expect("the Мультиигры game");
        let GameState::Multigames(g) = slot.state.clone() else {
            panic!("not a Мультиигры game")
        };
        g
    }

    /// Plays until the game is finished; the host waits one pause (as the
    /// autopilot does) between its steps.
    fn play(&mut self) {
        let pause = self.demo.scaled(Duration::from_secs(4));
        let id = self.core.games().last().expect("the Мультиигры game").0;
        let mut last_step = self.now;
        let mut decided = std::collections::BTreeSet::new();
        let mut answered = std::collections::BTreeSet::new();
        let mut appealed = std::collections::BTreeSet::new();
        let end = T0.plus(Duration::from_secs(120));
        while !self.staff().finished {
            assert!(
                self.now < end,
                "still playing after 120 s: {:?}",
                self.refused
            );
            self.now = self.now.plus(STEP);
            // No format here decides anything by a deadline alone.
            let _ = self.core.handle_timeout(self.now);
            // Teams.
            for (i, team) in self.teams.clone().into_iter().enumerate() {
                let View::Team(view) = self.core.view_for(Identity::Team(team), self.now) else {
                    panic!("not a team view");
                };
                let v = view
                    .games
                    .iter()
                    .find_map(|g| match &g.view {
                        GameTeamView::Multigames(v) => Some(v),
                        _ => None,
                    })
                    .expect("a Мультиигры game");
                let seed = self.demo.seed.wrapping_add(i as u64 * 0x9E37_79B9);
                let skill = 0.85 - 0.1 * i as f64;
                if let Some(a) = team_answer(id, v, seed, skill)
                    && answered.insert((team, a.task))
                {
                    self.later
                        .push((a.at, Identity::Team(team), answer_command(id, &a)));
                }
                if let Some((task, text)) = team_appeal(id, v, seed)
                    && appealed.insert((team, task))
                {
                    self.command(Identity::Team(team), appeal_command(id, task, text));
                }
            }
            let now = self.now;
            let (due, waiting): (Vec<_>, Vec<_>) = std::mem::take(&mut self.later)
                .into_iter()
                .partition(|(at, ..)| *at <= now);
            self.later = waiting;
            for (_, who, command) in due {
                self.command(who, command);
            }
            // The jury.
            let View::Jury(jury) = self.core.view_for(Identity::Jury, self.now) else {
                panic!("not a jury view");
            };
            let GameStaffView::Multigames(v) =
                &jury.games.last().expect("the Мультиигры game").view
            else {
                panic!("not a Мультиигры game")
            };
            for (appeal, command) in jury_decisions(id, v) {
                if decided.insert(appeal.id) {
                    self.command(Identity::Jury, command);
                }
            }
            // The host.
            if let Some((pauses, commands)) = host_steps(id, &self.staff(), Scope::All)
                && self.now.since(last_step) >= pause * pauses
            {
                last_step = self.now;
                for command in commands {
                    self.command(Identity::Host, command);
                }
            }
        }
    }
}

#[test]
fn demo_6_multigames_robots_play_the_programme_to_its_end() {
    // Arrange: the demo's store, six robot teams, a 1-s minute.
    let mut sim = Sim::new(2026);

    // Act
    sim.play();

    // Assert: every task was played and revealed; nothing the host or the
    // jury sent was refused (teams' late answers may meet a closed tour).
    let game = sim.game();
    assert!(game.finished_at.is_some());
    assert_eq!(game.tasks.len(), 12);
    assert!(game.tasks.iter().all(|t| t.revealed_at.is_some()));
    let staff_refused: Vec<_> = sim
        .refused
        .iter()
        .filter(|r| r.starts_with("Host") || r.starts_with("Jury"))
        .collect();
    assert!(staff_refused.is_empty(), "{staff_refused:?}");
    // 6: full, partial and no credit all occur; some answers came late.
    let credits: Vec<_> = game
        .tasks
        .iter()
        .flat_map(|t| t.answers.values().map(move |a| (t, a)))
        .collect();
    assert!(credits.iter().any(|(_, a)| a.late && a.credit.is_none()));
    assert!(credits.iter().any(|(t, a)| {
        a.credit
            .is_some_and(|c| c.0 > Credit::ZERO && c.0 < t.draft.points)
    }));
    assert!(
        credits
            .iter()
            .any(|(_, a)| a.credit.is_some_and(|c| c.0 == Credit::ZERO))
    );
    // 6.4–6.5: appeals were filed, and the АЖ decided every one of them,
    // upholding at least one.
    assert!(!game.appeals.is_empty());
    assert!(game.appeals.iter().all(|a| a.decision.is_some()));
    assert!(
        game.appeals
            .iter()
            .any(|a| a.decision.as_ref().is_some_and(|d| d.upheld))
    );
}

#[test]
fn demo_6_the_robots_choices_follow_the_seed() {
    // Arrange / act: the same seed twice, and another.
    let answers = |seed| {
        let mut sim = Sim::new(seed);
        sim.play();
        sim.game()
            .tasks
            .iter()
            .map(|t| {
                t.answers
                    .values()
                    .map(|a| a.text.clone())
                    .collect::<Vec<_>>()
            })
            .collect::<Vec<_>>()
    };

    // Assert
    assert_eq!(answers(7), answers(7));
    assert_ne!(answers(7), answers(8));
}

#[test]
fn demo_6_host_credits_the_author_answer_fully_and_the_partial_answer_partly() {
    // Arrange: the first task of the programme, as the host sees it.
    let sim = Sim::new(1);
    let staff = sim.staff();
    let task = &staff.tours[0].tasks[0];

    // Act / assert
    assert_eq!(credit_for(task, "спаниель,  клоун"), task.heading.points);
    assert_eq!(credit_for(task, "Спаниель"), hundredths(150));
    assert_eq!(credit_for(task, "Клоун и спаниель"), Credit::ZERO);
    assert_eq!(credit_for(task, "Не знаем"), Credit::ZERO);
}
