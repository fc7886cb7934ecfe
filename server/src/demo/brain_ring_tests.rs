//! The demo's Brain-ring robots played through the real core in simulated
//! time: robot teams at their buttons and the autopilot host take a seeded
//! field through the qualifying rounds, «царь горы» and the final to a
//! champion (4.4–4.12), with false starts, late presses, ties the host
//! decides and appeals it answers (4.13–4.16) on the way.

use std::collections::BTreeMap;
use std::time::Duration;

use minuta_shared::identity::Identity;
use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{
    EVENT_RING, FightAudience, FightKind, PressKind, RingCommand, RingEvent, RingFightView,
    RingStage,
};
use minuta_shared::play::games::GameEvent;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;

use super::*;
use crate::core::{Core, Event, ServerInfo};
use crate::demo::{DemoConfig, DemoGame, set_up, team_style};
use crate::secrets::fresh_secret;

const T0: ServerTime = ServerTime(1_700_000_000_000_000);
const STEP: Duration = Duration::from_millis(5);

struct Sim {
    core: Core,
    now: ServerTime,
    teams: Vec<TeamId>,
    buttons: Vec<Buttons>,
    host: RingHost,
    /// Every event, to read the tournament's story afterwards.
    events: Vec<Event>,
    refused: Vec<String>,
}

impl Sim {
    fn new(seed: u64, teams: usize) -> Sim {
        let mut core = Core::new(ServerInfo::default());
        core.initialise("h".into(), "d".into(), "j".into(), T0);
        let demo = DemoConfig {
            minute: Duration::from_secs(1),
            game: DemoGame::BrainRing,
            seed,
            teams,
            ..DemoConfig::default()
        };
        set_up(&mut core, &demo, T0).expect("the demo sets up");
        let teams = core.registry().team_ids();
        let styles: BTreeMap<TeamId, TeamStyle> = teams
            .iter()
            .enumerate()
            .map(|(i, t)| (*t, team_style(&demo, i, teams.len())))
            .collect();
        let buttons = teams
            .iter()
            .map(|t| Buttons::new(*t, styles[t], &demo))
            .collect();
        Sim {
            core,
            now: T0,
            buttons,
            host: RingHost::new(&demo, styles),
            teams,
            events: Vec::new(),
            refused: Vec::new(),
        }
    }

    fn command(&mut self, who: Identity, command: Command) {
        let name = format!("{who:?} {command:?}");
        match self
            .core
            .handle_command(who, command, self.now, &mut fresh_secret)
        {
            Ok((_, events)) => self.events.extend(events),
            Err(e) => self.refused.push(format!("{name}: {e}")),
        }
    }

    /// The team's fight as its terminal shows it.
    fn fight_of(&self, team: TeamId) -> Option<RingFightView> {
        let ring = self.core.event_ring().expect("Brain-ring");
        let f = ring.open_fight_of(team)?;
        let names = f.tables.map(|t| self.core.registry().team_name(t));
        Some(f.view(names, ring.ordinal(f), FightAudience::Table(team)))
    }

    /// Plays until the champion is known, seeding the teams by hand.
    fn play(&mut self) {
        let end = T0.plus(Duration::from_secs(1_200));
        while !matches!(
            self.core.event_ring().expect("Brain-ring").stage(),
            RingStage::Finished { .. }
        ) {
            assert!(
                self.now < end,
                "no champion after 20 min: {:?}",
                self.refused
            );
            self.now = self.now.plus(STEP);
            let decided = self.core.handle_timeout(self.now);
            self.events.extend(decided);
            // The host.
            let board = self
                .core
                .event_ring()
                .expect("Brain-ring")
                .board(self.core.roster(), FightAudience::Staff);
            let teams = self.teams.clone();
            let entry = || {
                Some(Command::game(
                    EVENT_RING,
                    RingCommand::Seed { teams, seed: 0 },
                ))
            };
            for command in self.host.steps(EVENT_RING, &board, entry, self.now) {
                self.command(Identity::Host, command);
            }
            // The teams.
            for i in 0..self.teams.len() {
                let team = self.teams[i];
                if let Some(fight) = self.fight_of(team) {
                    self.buttons[i].see(&fight, self.now);
                }
                for plan in self.buttons[i].due(self.now) {
                    let fight = self.fight_of(team);
                    match self.buttons[i].command(&plan, EVENT_RING, fight.as_ref()) {
                        Some(Command::Press { clock_offset_us }) => {
                            match self.core.handle_press(team, self.now, 0, clock_offset_us) {
                                Ok((_, events)) => self.events.extend(events),
                                Err(e) => self.refused.push(format!("press {team}: {e}")),
                            }
                        }
                        Some(command) => self.command(Identity::Team(team), command),
                        None => {}
                    }
                }
            }
        }
    }

    fn ring_events(&self) -> impl Iterator<Item = &RingEvent> {
        self.events.iter().filter_map(|e| match e {
            Event::Game {
                event: GameEvent::Ring(r),
                ..
            } => Some(r),
            _ => None,
        })
    }
}

#[test]
fn demo_4_ring_robots_play_a_seeded_field_to_a_champion() {
    // Arrange: six robot teams seeded as they registered, a 1-s minute.
    let mut sim = Sim::new(2026, 6);

    // Act
    sim.play();

    // Assert: 4.5–4.12: qualifying rounds, the play-off and the final.
    let ring = sim.core.event_ring().expect("Brain-ring");
    assert_eq!(ring.teams, sim.teams);
    let kinds: Vec<FightKind> = ring.fights.values().map(|f| f.kind).collect();
    assert!(kinds.contains(&FightKind::Qualifying { round: 2 }));
    assert!(kinds.contains(&FightKind::Playoff));
    assert!(kinds.contains(&FightKind::Final { number: 2 }));
    assert!(ring.fights.values().all(|f| f.closed_at.is_some()));
    assert_eq!(ring.final_places().len(), 6);
    // Nothing the host sent was refused, and no press was turned away.
    assert!(sim.refused.is_empty(), "{:?}", sim.refused);
    // The buttons: first presses, late ones, false starts, ties.
    let presses: Vec<PressKind> = ring
        .fights
        .values()
        .flat_map(|f| &f.log.presses)
        .map(|p| p.kind)
        .collect();
    for kind in [
        PressKind::Won,
        PressKind::Late,
        PressKind::FalseStart,
        PressKind::Contested,
    ] {
        assert!(presses.contains(&kind), "no {kind:?} press");
    }
    // 4.13–4.16: appeals filed and every one decided; ties decided.
    let story: Vec<&RingEvent> = sim.ring_events().collect();
    assert!(
        story
            .iter()
            .any(|e| matches!(e, RingEvent::AppealFiled { .. }))
    );
    assert!(
        ring.fights
            .values()
            .flat_map(|f| &f.appeals)
            .all(|a| a.resolution.is_some())
    );
    assert!(
        story
            .iter()
            .any(|e| matches!(e, RingEvent::ContestDecided { .. }))
    );
}

#[test]
fn demo_4_the_ring_robots_follow_the_seed() {
    // Arrange / act: the same seed twice, and another.
    let places = |seed| {
        let mut sim = Sim::new(seed, 6);
        sim.play();
        let ring = sim.core.event_ring().expect("Brain-ring");
        let scores: Vec<[u32; 2]> = ring.fights.values().map(|f| f.count().score).collect();
        (ring.final_places(), scores)
    };

    // Assert
    assert_eq!(places(7), places(7));
    assert_ne!(places(7), places(8));
}

#[test]
fn demo_4_the_host_hears_the_answer_the_team_gives() {
    // Arrange: a fight's question being answered at table 1.
    let style = TeamStyle {
        seed: 99,
        skill: 0.6,
    };
    let demo = DemoConfig::default();
    let host = RingHost::new(&demo, BTreeMap::from([(TeamId(2), style)]));
    let mut sim = Sim::new(1, 2);
    sim.command(
        Identity::Host,
        Command::game(
            EVENT_RING,
            RingCommand::Seed {
                teams: vec![TeamId(1), TeamId(2)],
                seed: 0,
            },
        ),
    );
    sim.command(
        Identity::Host,
        Command::game(EVENT_RING, RingCommand::StartNext { stages: 1 }),
    );
    let fight = sim
        .core
        .event_ring()
        .expect("Brain-ring")
        .fights
        .keys()
        .next()
        .copied()
        .expect("a fight");
    sim.command(
        Identity::Host,
        Command::game(EVENT_RING, RingCommand::Read { fight }),
    );
    sim.command(
        Identity::Host,
        Command::game(EVENT_RING, RingCommand::Arm { fight }),
    );
    sim.core
        .handle_press(TeamId(2), sim.now, 0, 0)
        .expect("the press");
    let board = sim
        .core
        .event_ring()
        .expect("Brain-ring")
        .board(sim.core.roster(), FightAudience::Staff);
    let f = board.fights.iter().find(|f| f.id == fight).expect("shown");

    // Act
    let step = host.fight_step(EVENT_RING, f).map(|(command, _)| command);

    // Assert: the verdict is what the team's answer is.
    assert_eq!(
        step,
        Some(Command::game(
            EVENT_RING,
            RingCommand::Judge {
                fight,
                correct: answers_right(style, fight, 1),
            }
        ))
    );
}

#[test]
fn demo_4_3_the_field_is_even_and_a_festival_leaves_a_quarter_out() {
    assert_eq!(field(6, false), 6);
    assert_eq!(field(7, false), 6);
    assert_eq!(field(8, true), 6);
    assert_eq!(field(12, true), 8);
    assert_eq!(field(60, false), MAX_FIELD);
    assert_eq!(field(2, true), 2);
    assert_eq!(field(3, true), 2);
}

#[test]
fn demo_4_the_ring_clock_scales_with_the_minute_within_the_rules_limits() {
    for (minute, want) in [
        (1, (1_000, 333, 5_000)),
        (60, (60_000, 20_000, 300_000)),
        (3_600, (3_600_000, 1_200_000, 1_000_000)),
    ] {
        let demo = DemoConfig {
            minute: Duration::from_secs(minute),
            ..DemoConfig::default()
        };
        let t = timing(&demo);
        assert_eq!((t.minute_ms, t.second_chance_ms, t.tie_window_us), want);
        assert_eq!(t.validate(), Ok(()));
    }
}

/// The Brain-ring demo's six teams, the first `connected` of them with
/// a terminal connected (a robot's or a person's), and the last too if
/// `last` (a person took the free team).
fn hall(connected: usize, last: bool) -> HostView {
    let mut core = Core::new(ServerInfo::default());
    core.initialise("h".into(), "d".into(), "j".into(), T0);
    let demo = DemoConfig {
        game: DemoGame::BrainRing,
        ..DemoConfig::default()
    };
    set_up(&mut core, &demo, T0).expect("set up");
    let teams = core.registry().team_ids();
    let mut there: Vec<TeamId> = teams.iter().take(connected).copied().collect();
    if last && let Some(t) = teams.last() {
        there.push(*t);
    }
    for team in there {
        core.connected(Identity::Team(team));
    }
    let minuta_shared::wire::view::View::Host(view) = core.view_for(Identity::Host, T0) else {
        panic!("not a host view");
    };
    view
}

fn seeded(view: &HostView) -> Vec<u32> {
    match ring_entry(view, 7, false) {
        Some(Command::Game { command, .. }) => match command {
            minuta_shared::play::games::GameCommand::Ring(RingCommand::Seed { teams, .. }) => {
                teams.iter().map(|t| t.0).collect()
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
}

#[test]
fn demo_4_the_host_seeds_the_teams_in_the_hall_and_one_free_team_to_make_them_even() {
    // Five robots and the free team nobody joined: all six, the free
    // one to make the field even.
    assert_eq!(seeded(&hall(5, false)), vec![1, 2, 3, 4, 5, 6]);
    // Four robots and nobody at the two free teams: the four alone.
    assert_eq!(seeded(&hall(4, false)), vec![1, 2, 3, 4]);
    // Three robots and a person at the last team: those four.
    assert_eq!(seeded(&hall(3, true)), vec![1, 2, 3, 6]);
    // Two robots and a person: one free team joins them.
    assert_eq!(seeded(&hall(2, true)), vec![1, 2, 6, 3]);
    // One robot alone: a free team makes the pair.
    assert_eq!(seeded(&hall(1, false)), vec![1, 2]);
    assert_eq!(ring_entry(&hall(0, false), 7, false), None);
}
