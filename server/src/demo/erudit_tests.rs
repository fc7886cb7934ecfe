//! The demo's Эрудит-квартет robots played through the real core in
//! simulated time: robot captains and players and the autopilot host take
//! eight teams through two groups' games and the final (5.3–5.10), with
//! line-ups sent and left to the default, readings cut short by a press,
//! answers after the reading, questions the silence closes and a wrong
//! answer followed by another team's on the way.

use std::collections::BTreeMap;
use std::time::Duration;

use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::button::PressKind;
use minuta_shared::play::erudit::{EruditEvent, EruditTournament, QuestionState};
use minuta_shared::play::format::{LiveFormat, Results};
use minuta_shared::play::games::{GameEvent, GameState};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::{HostView, View};

use super::*;
use crate::core::{Core, Event, ServerInfo};
use crate::demo::{DemoConfig, DemoGame, set_up, team_style};
use crate::secrets::fresh_secret;

const T0: ServerTime = ServerTime(1_700_000_000_000_000);
const STEP: Duration = Duration::from_millis(5);

struct Sim {
    core: Core,
    now: ServerTime,
    game: GameId,
    teams: Vec<TeamId>,
    /// The teams robots play (the others nobody plays).
    robots: Vec<Quartet>,
    host: EruditHost,
    seed: u64,
    events: Vec<Event>,
    refused: Vec<String>,
}

impl Sim {
    /// The Эрудит-квартет demo's store with a 1-s minute; robots play the
    /// first `robots` teams, and the rest have nobody at their terminals.
    fn new(seed: u64, robots: usize) -> Sim {
        let mut core = Core::new(ServerInfo::default());
        core.initialise("h".into(), "d".into(), "j".into(), T0);
        let demo = DemoConfig {
            minute: Duration::from_secs(1),
            game: DemoGame::EruditQuartet,
            seed,
            teams: DemoGame::EruditQuartet.default_teams(),
            ..DemoConfig::default()
        };
        set_up(&mut core, &demo, T0).expect("the demo sets up");
        let teams = core.registry().team_ids();
        let styles: BTreeMap<TeamId, TeamStyle> = teams
            .iter()
            .enumerate()
            .map(|(i, t)| (*t, team_style(&demo, i, teams.len())))
            .collect();
        for team in teams.iter().take(robots) {
            core.connected(Identity::Team(*team));
        }
        // The host knows the teams robots play, as the demo's does.
        let styles: BTreeMap<TeamId, TeamStyle> =
            teams.iter().take(robots).map(|t| (*t, styles[t])).collect();
        let quartets = teams
            .iter()
            .take(robots)
            .map(|t| Quartet::new(*t, styles[t], &demo, styles.clone()))
            .collect();
        let game = core
            .games()
            .find(|(_, g)| matches!(g.state, GameState::Erudit(_)))
            .map(|(id, _)| id)
            .expect("an Эрудит-квартет game");
        Sim {
            core,
            now: T0,
            game,
            teams,
            robots: quartets,
            host: EruditHost::new(&demo, styles),
            seed,
            events: Vec::new(),
            refused: Vec::new(),
        }
    }

    fn tournament(&self) -> &EruditTournament {
        match &self.core.game(self.game).expect("the game").state {
            GameState::Erudit(t) => t,
            _ => panic!("not an Эрудит-квартет game"),
        }
    }

    fn host_view(&self) -> HostView {
        match self.core.view_for(Identity::Host, self.now) {
            View::Host(v) => v,
            _ => panic!("not a host view"),
        }
    }

    fn team_view(&self, team: TeamId) -> minuta_shared::wire::view::TeamView {
        match self.core.view_for(Identity::Team(team), self.now) {
            View::Team(v) => v,
            _ => panic!("not a team view"),
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

    /// Plays until the final is over.
    fn play(&mut self) {
        let end = T0.plus(Duration::from_secs(3_600));
        while !self.tournament().finished() {
            assert!(self.now < end, "no final after an hour: {:?}", self.refused);
            self.now = self.now.plus(STEP);
            let decided = self.core.handle_timeout(self.now);
            self.events.extend(decided);
            // The host.
            let view = self.host_view();
            let (game, erudit) = staff_game(&view).expect("the game in the host's view");
            let entry = || demo_entry(&view, game, self.seed);
            let steps = self.host.steps(game, erudit, &view.teams, entry, self.now);
            for command in steps {
                self.command(Identity::Host, command);
            }
            // The robot teams.
            for i in 0..self.robots.len() {
                let team = self.teams[i];
                let view = self.team_view(team);
                let Some((game, erudit)) = team_game(&view) else {
                    continue;
                };
                self.robots[i].see(erudit, self.now);
                for plan in self.robots[i].due(self.now) {
                    match self.robots[i].command(&plan, game, erudit) {
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

    fn erudit_events(&self) -> impl Iterator<Item = &EruditEvent> {
        self.events.iter().filter_map(|e| match e {
            Event::Game {
                event: GameEvent::Erudit(r),
                ..
            } => Some(r),
            _ => None,
        })
    }
}

#[test]
fn demo_5_erudit_robots_play_two_groups_and_the_final() {
    // Arrange: eight teams, robots at seven; the last has nobody.
    let mut sim = Sim::new(2026, 7);

    // Act
    sim.play();

    // Assert: 5.3–5.5: two groups drawn with the demo's seed, then the
    // final; every game of three tours played to its end; nothing the
    // robots or the host sent was refused.
    assert!(sim.refused.is_empty(), "{:#?}", sim.refused);
    let t = sim.tournament();
    assert_eq!(t.seed, 2026);
    assert_eq!(t.stages.len(), 2);
    assert_eq!(t.stages[0].len(), 2);
    assert_eq!(t.stages[1].len(), 1);
    assert!(t.stages.iter().flatten().all(|g| g.finished()));
    // The presses: readings cut short, presses after the reading, a press
    // after another team's wrong answer.
    let games: Vec<_> = t
        .stages
        .iter()
        .flatten()
        .filter_map(|g| g.game.as_ref())
        .collect();
    let questions: Vec<_> = games
        .iter()
        .flat_map(|g| &g.tours)
        .flat_map(|t| &t.rounds)
        .flat_map(|r| &r.questions)
        .collect();
    assert_eq!(questions.len(), 3 * 3 * 4 * 5);
    let won = |q: &&minuta_shared::play::erudit::QuestionLive| {
        q.presses
            .iter()
            .filter(|p| p.kind == PressKind::Won)
            .map(|p| {
                (
                    p.interrupted_after_ms.is_some(),
                    p.after_reading_ms.is_some(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert!(questions.iter().any(|q| won(q).contains(&(true, false))));
    assert!(questions.iter().any(|q| won(q).contains(&(false, true))));
    // The preamble's silence: nobody pressed, the question closed itself.
    let silent = questions
        .iter()
        .filter(|q| q.presses.is_empty() && q.state == QuestionState::Closed { by: None })
        .count();
    assert!(silent > 0, "no question closed by the silence");
    // A wrong answer, then another team's right one.
    assert!(questions.iter().any(|q| {
        q.attempts.len() >= 2
            && !q.attempts[0].correct
            && q.attempts.last().is_some_and(|a| a.correct)
    }));
    // 5.7: captains sent line-ups, and some were left to the default.
    let sent = sim
        .erudit_events()
        .filter(|e| matches!(e, EruditEvent::LineupSet { .. }))
        .count();
    let windows = sim
        .erudit_events()
        .filter(|e| matches!(e, EruditEvent::LineupOpened { .. }))
        .count();
    // Each game: the open and closed tours' windows and four semi-open ones.
    assert_eq!(windows, 3 * 6);
    assert!(sent > 0 && sent < windows * 4, "{sent} of {}", windows * 4);
}

#[test]
fn demo_5_the_erudit_robots_follow_the_seed() {
    // Arrange / act: the same seed twice, and another.
    let story = |seed| {
        let mut sim = Sim::new(seed, 7);
        sim.play();
        (sim.tournament().stages.clone(), sim.now)
    };

    // Assert
    assert_eq!(story(7), story(7));
    assert_ne!(story(7).0, story(8).0);
}

#[test]
fn demo_5_3_the_demo_draws_the_most_teams_that_make_groups_of_four() {
    assert_eq!(field(8, false), Some(8));
    assert_eq!(field(7, false), Some(4));
    assert_eq!(field(20, false), Some(16));
    assert_eq!(field(3, false), None);
    // A festival leaves a quarter out first: 8 → 6 → four qualify.
    assert_eq!(field(8, true), Some(4));
    assert_eq!(field(12, true), Some(8));
}

#[test]
fn demo_5_the_erudit_clock_scales_with_the_minute() {
    let demo = |s| DemoConfig {
        minute: Duration::from_secs(s),
        ..DemoConfig::default()
    };
    assert_eq!(
        EruditPace::of(&demo(60)).read,
        Duration::from_secs(6),
        "a 60-s minute: the rules' own times"
    );
    assert_eq!(EruditPace::of(&demo(6)).answer, Duration::from_millis(300));
}

#[test]
fn demo_5_4_5_5_erudit_robots_meet_a_tie_and_the_host_settles_it() {
    // Arrange: the demo's seed, robots at seven: the first group's game
    // is scripted to end tied across the cut.
    let mut sim = Sim::new(2026, 7);

    // Act
    sim.play();

    // Assert: 5.4, 5.5: a deciding tie stopped the tournament, the host
    // settled it (shoot-off questions at the buttons, a lot after three),
    // and the sheet records it and scores exactly the live standings.
    assert!(sim.refused.is_empty(), "{:#?}", sim.refused);
    let t = sim.tournament();
    let ties: Vec<_> = t.stages.iter().flatten().flat_map(|g| &g.ties).collect();
    assert!(!ties.is_empty(), "the demo met no deciding tie");
    assert!(
        t.stages[0][0].ties.iter().any(|s| s.teams.len() == 2),
        "the scripted first group ends with two teams tied"
    );
    assert!(t.pending_tie().is_none());
    assert!(
        sim.erudit_events()
            .any(|e| matches!(e, EruditEvent::ShootOffOpened { .. })),
        "no shoot-off question"
    );
    let roster = sim.core.roster().clone();
    let sheet = serde_json::to_string(&LiveFormat::sheet(t, &roster)).unwrap();
    let scored = minuta_shared::play::score::score_sheet(&sheet).expect("the sheet scores");
    let scored: serde_json::Value = serde_json::from_str(&scored).unwrap();
    assert_eq!(
        scored["standings"],
        serde_json::to_value(Results::standings(t, &roster)).unwrap()
    );
}
