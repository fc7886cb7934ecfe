//! The demo: a tournament that sets itself up on an empty store, robot teams
//! that hand in cards, solve Мультиигры tasks or press Brain-ring buttons by
//! themselves, an autopilot host that runs the questions, tasks and fights,
//! judges and reveals whenever no person has touched the host controls for
//! a while, and — for Мультиигры — a robot appeal jury (6.5). One team (by
//! default the last registered) has no robot: its join code is free for a
//! person, and a robot stands aside for any team a person joins.
//! «Эрудит-квартет» (section 5) draws eight teams into two groups of four
//! whose robot captains send line-ups and whose robot players press during
//! the reading or after it ([`erudit_robot`]), then plays the final; the
//! first group's game is scripted to end in a tie across the cut, which
//! the autopilot host settles ([`erudit_script`]). The
//! festival (section 2) puts them together: a programme of ChGK and
//! Мультиигры tours on day one, and Brain-ring and Эрудит-квартет,
//! qualified from that day, on day two. «Нептун» (sections 0–6) plays its
//! six contests, shortened, with robot captains and ломтики
//! ([`neptune_robot`]) and its host ([`neptune`]). A newcomer watches a
//! live game after one command, and can take over at any moment.
//!
//! Robots talk to the driver through the same `Inbound` messages as real
//! connections (their presses too), so they exercise the real rules, store and views. Every duration of the
//! demo — the minute or a task's time, its signals, the grace, Brain-ring's
//! 20 s and tie window, Эрудит-квартет's line-up windows and 5 s of
//! silence, the autopilot's pauses — is scaled by `--minute`
//! (60 s = the rules' own times), so a short minute plays the whole
//! programme quickly.

mod brain_ring_robot;
mod chgk;
mod erudit_demo;
mod erudit_robot;
mod erudit_script;
mod festival;
mod finish;
mod host_robot;
mod jury_robot;
mod multigames;
mod multigames_demo;
pub mod neptune;
mod neptune_demo;
mod neptune_robot;
mod plug;
mod schedule;
mod team_robot;

use std::collections::BTreeMap;
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::ids::{GameId, QuestionId, TeamId};
use minuta_shared::play::games::GameStaffView;
use minuta_shared::play::settings::{ChgkTiming, TournamentSettings};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::view::HostView;

use crate::clock::ServerClock;
use crate::core::{Core, Event};
use crate::net::Inbound;
use crate::people::People;
use plug::{Autopilot, Demo, FormatRobots, HostCast, SetUp, TeamCast, TeamHand, TeamStyle};

pub use finish::FinishLine;

/// The demo's question package, written for it.
pub const DEMO_PACKAGE: &str = include_str!("demo_package.4s");

/// The demo's Эрудит-квартет themes (`#T`, five questions each), written
/// for it: a group's game of three tours takes twelve; later games are
/// read «from paper» (the host's panel shows the theme's number alone).
pub const DEMO_ERUDIT_PACKAGE: &str = include_str!("demo_erudit.4s");

/// The demo tournament's name: a store holding another tournament is never
/// given the demo's games.
pub const DEMO_TOURNAMENT: &str = "Демо-турнир «Минута»";

/// The most teams a demo registers (and so the most robots it plays).
pub const MAX_ROBOTS: usize = 60;

const DEMO_TEAMS: [(&str, &str, [&str; 4]); 6] = [
    ("Сфинкс", "Москва", ["Анна", "Борис", "Вера", "Глеб"]),
    (
        "Понты Пилата",
        "Санкт-Петербург",
        ["Дарья", "Егор", "Жанна", "Зиновий"],
    ),
    (
        "Ёжики в тумане",
        "Казань",
        ["Ирина", "Кирилл", "Лариса", "Максим"],
    ),
    (
        "Неспроста",
        "Новосибирск",
        ["Нина", "Олег", "Полина", "Роман"],
    ),
    (
        "Гуманитарии",
        "Екатеринбург",
        ["Светлана", "Тимур", "Ульяна", "Фёдор"],
    ),
    (
        "Сборная Минуты",
        "Самара",
        ["Харитон", "Цветана", "Чеслав", "Шамиль"],
    ),
];

/// How many teams an empty store gets unless its demo says otherwise.
const DEFAULT_TEAMS: usize = DEMO_TEAMS.len();

macro_rules! demos {
    ($($(#[$meta:meta])* $variant:ident => $demo:ty),* $(,)?) => {
        /// Which game the demo plays; on the command lines (`--game`), by
        /// the same names as [`DemoGame::name`].
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
        pub enum DemoGame { $($(#[$meta])* $variant),* }

        impl DemoGame {
            pub fn name(self) -> &'static str {
                match self { $(DemoGame::$variant => <$demo as Demo>::NAME),* }
            }

            /// How many teams an empty store gets unless told.
            pub fn default_teams(self) -> usize {
                match self { $(DemoGame::$variant => <$demo as Demo>::TEAMS),* }
            }

            /// The fewest robot teams it can be played with (`--robots`).
            pub fn least_robots(self) -> usize {
                match self { $(DemoGame::$variant => <$demo as Demo>::LEAST_ROBOTS),* }
            }

            /// How many reserves the `i`-th team registers.
            fn reserves(self, i: usize) -> usize {
                match self { $(DemoGame::$variant => <$demo as Demo>::reserves(i)),* }
            }

            fn set_up(self, demo: &DemoConfig, set_up: &mut SetUp<'_>) -> Result<(), String> {
                match self { $(DemoGame::$variant => <$demo as Demo>::set_up(demo, set_up)),* }
            }

            fn autopilot(self, demo: &DemoConfig, cast: HostCast) -> Box<dyn Autopilot> {
                match self { $(DemoGame::$variant => <$demo as Demo>::autopilot(demo, cast)),* }
            }

            /// Whether the demo has been played to its end.
            fn finished(self, view: &HostView) -> bool {
                match self { $(DemoGame::$variant => <$demo as Demo>::finished(view)),* }
            }
        }
    };
}

demos! {
    /// «Что? Где? Когда?» from the demo package (section 3).
    #[default]
    Chgk => chgk::ChgkDemo,
    /// «Мультиигры» (section 6): six tours of two tasks, appeals to the АЖ.
    Multigames => multigames_demo::MultigamesDemo,
    /// «Брейн-ринг» (section 4): qualifying rounds, the play-off, the final.
    BrainRing => brain_ring_robot::RingDemo,
    /// «Эрудит-квартет» (section 5): two groups of four, then the final.
    EruditQuartet => erudit_demo::EruditDemo,
    /// The festival (section 2): ChGK and Мультиигры tours on day one,
    /// Brain-ring and Эрудит-квартет qualified from them on day two.
    Festival => festival::FestivalDemo,
    /// «Нептун» (sections 0–6): six contests, shortened, to the auction.
    Neptune => neptune_demo::NeptuneDemo,
}

macro_rules! robots {
    ($($format:ident => $robots:ty),* $(,)?) => {
        /// A robot team's hands, one per format, in the order registered.
        fn team_hands(cast: &TeamCast<'_>) -> Vec<Box<dyn TeamHand>> {
            vec![$(<$robots as FormatRobots>::hand(cast)),*]
        }

        /// The robot jury's decisions on one game's open appeals.
        fn jury_decisions(game: GameId, view: &GameStaffView) -> Vec<(u32, Command)> {
            let mut decisions = Vec::new();
            $(decisions.extend(<$robots as FormatRobots>::jury(game, view));)*
            decisions
        }

        /// The formats with robots (a test checks that every live one has).
        #[cfg(test)]
        const ROBOT_FORMATS: &[minuta_shared::play::games::Format] =
            &[$(minuta_shared::play::games::Format::$format),*];
    };
}

robots! {
    Chgk => chgk::ChgkRobots,
    Multigames => multigames_demo::MultigamesRobots,
    Ring => brain_ring_robot::RingRobots,
    Erudit => erudit_demo::EruditRobots,
    Neptune => neptune_demo::NeptuneRobots,
}

#[derive(Clone, Debug)]
pub struct DemoConfig {
    /// The ChGK minute of the demo (the rules' 60 s by default); every other
    /// duration of the demo scales with it.
    pub minute: Duration,
    /// Whether the autopilot host runs the game when no person does.
    pub autopilot: bool,
    /// Seed of the robots' choices, so a demo can be replayed.
    pub seed: u64,
    /// The game set up on an empty store.
    pub game: DemoGame,
    /// How many teams an empty store gets (1 to [`MAX_ROBOTS`]).
    pub teams: usize,
    /// How many of the event's teams robots play: the first registered.
    /// `None`: all but the last, whose join code is free for a person.
    pub robots: Option<usize>,
    /// Reached once every game of the programme has been played to its end.
    pub finish_line: Option<FinishLine>,
    /// Where the autopilot host's announcements to the hall go (a tie and
    /// how it was settled, …); `None`: printed on stdout.
    pub news: Option<tokio::sync::mpsc::UnboundedSender<String>>,
    /// Questions (Блицкриг: blocks) per Нептун contest, at most the rules'.
    pub neptune_questions: u32,
}

impl Default for DemoConfig {
    fn default() -> Self {
        DemoConfig {
            minute: Duration::from_secs(60),
            autopilot: true,
            seed: 2026,
            game: DemoGame::default(),
            teams: DEMO_TEAMS.len(),
            robots: None,
            finish_line: None,
            news: None,
            neptune_questions: neptune::DEFAULT_QUESTIONS,
        }
    }
}

impl DemoConfig {
    /// `rules` (a time the rules or a real host would take, for a 60-s
    /// minute) scaled to this demo's minute.
    pub fn scaled(&self, rules: Duration) -> Duration {
        rules.mul_f64(self.minute.as_secs_f64() / 60.0)
    }

    /// How long the autopilot host keeps still after a person's command at
    /// a staff screen: the rules' half minute at scale, and a person needs
    /// a few seconds to look whatever the minute.
    pub fn stand_aside(&self) -> Duration {
        self.scaled(Duration::from_secs(30))
            .max(Duration::from_secs(5))
    }

    /// How long a robot keeps standing aside for its team after the last
    /// person playing it left: long enough for a laptop whose Wi-Fi dropped
    /// to come back, short enough that a demo played to its end goes on.
    pub fn person_gone(&self) -> Duration {
        self.scaled(Duration::from_secs(10))
            .max(Duration::from_secs(2))
    }

    /// The minute in whole seconds (at least 1): a Мультиигры task's unit.
    fn minute_secs(&self) -> u32 {
        u32::try_from(self.minute.as_secs())
            .unwrap_or(u32::MAX)
            .max(1)
    }
}

/// A demo team's name, town and players: the six written ones, then robots;
/// `extra` more players than the four (reserves, by number).
fn demo_team(i: usize, extra: usize) -> (String, String, Vec<String>) {
    let n = i + 1;
    let (name, town, mut players): (String, String, Vec<String>) = match DEMO_TEAMS.get(i) {
        Some((name, town, players)) => (
            (*name).to_owned(),
            (*town).to_owned(),
            players.iter().map(|p| (*p).to_owned()).collect(),
        ),
        None => (
            format!("Робот {n}"),
            "Минутск".to_owned(),
            (1..=4).map(|p| format!("Игрок {n}.{p}")).collect(),
        ),
    };
    players.extend((1..=extra).map(|k| format!("Запасной {n}.{k}")));
    (name, town, players)
}

/// The demo tournament's events: on an empty store the tournament and its
/// teams, and on the demo's own store the chosen game if it lacks it (so a
/// store that played the ChGK demo can go on to play Мультиигры).
pub fn set_up(core: &mut Core, demo: &DemoConfig, now: ServerTime) -> Result<Vec<Event>, String> {
    let mut set_up = SetUp::new(core, now);
    if set_up.core().registry().teams.is_empty() {
        let minute_ms = demo.minute.as_millis() as u64;
        let settings = TournamentSettings {
            chgk: ChgkTiming {
                minute_ms,
                warning_before_end_ms: demo.scaled(Duration::from_secs(10)).as_millis() as u64,
                grace_ms: demo.scaled(Duration::from_secs(3)).as_millis() as u64,
            },
            ..TournamentSettings::default()
        };
        set_up.host(Command::SetUpTournament {
            name: DEMO_TOURNAMENT.into(),
            settings,
        })?;
        for i in 0..demo.teams.clamp(1, MAX_ROBOTS) {
            let (name, town, players) = demo_team(i, demo.game.reserves(i));
            set_up.host(Command::RegisterTeam {
                rating_id: None,
                name,
                town,
                players,
            })?;
        }
    } else if set_up.core().registry().tournament != DEMO_TOURNAMENT {
        // Somebody's real tournament: robots may play it, but no demo game
        // is added to it.
        return Ok(set_up.into_events());
    }
    demo.game.set_up(demo, &mut set_up)?;
    Ok(set_up.into_events())
}

/// What the robots need to play: credentials, and the answers they "know".
pub struct RobotCast {
    /// The teams robots play, each with how it plays.
    teams: Vec<(TeamId, Credential, TeamStyle)>,
    /// The teams no robot plays: free for people.
    free: Vec<TeamId>,
    host: Credential,
    jury: Option<Credential>,
    answers: BTreeMap<QuestionId, Answers>,
}

impl RobotCast {
    /// The teams no robot plays, in the order they registered: the last
    /// ones (robots play the first).
    pub fn free_teams(&self) -> &[TeamId] {
        &self.free
    }
}

/// A question's right answer and the alternatives the judges accept.
#[derive(Clone, Debug)]
pub(crate) struct Answers {
    pub right: String,
    pub accepted: Vec<String>,
}

/// The cast of the demo on `core`: robots for the first registered teams
/// (all but the last unless `demo.robots` says how many), the host and the
/// jury; the rest of the teams are free for people.
pub fn robot_credentials(core: &Core, demo: &DemoConfig) -> RobotCast {
    let registry = core.registry();
    let answers = chgk::known_answers(core);
    let registered = registry.teams.len();
    let robots = demo
        .robots
        .unwrap_or(registered.saturating_sub(1))
        .min(registered);
    // Each team plays as its place in the registration says (the first
    // strongest), whether or not a robot plays the teams after it.
    let (teams, free): (Vec<_>, Vec<_>) = registry
        .teams
        .values()
        .enumerate()
        .map(|(i, t)| {
            let credential = Credential::Team {
                team: t.id,
                secret: t.secret.clone(),
            };
            (i, (t.id, credential, team_style(demo, i, registered)))
        })
        .partition(|(i, _)| *i < robots);
    RobotCast {
        teams: teams.into_iter().map(|(_, t)| t).collect(),
        free: free.into_iter().map(|(_, (team, ..))| team).collect(),
        host: Credential::Host {
            secret: registry.host_secret.clone(),
        },
        // A store from before the jury has no secret until its first start
        // upgrades it (which happens before the robots are cast).
        jury: (!registry.jury_secret.is_empty()).then(|| Credential::Jury {
            secret: registry.jury_secret.clone(),
        }),
        answers,
    }
}

/// The `i`-th of `teams` robot teams: its seed, and a skill from 0.85 for
/// the first team down to 0.35 for the last, so the standings spread out.
pub(crate) fn team_style(demo: &DemoConfig, i: usize, teams: usize) -> TeamStyle {
    TeamStyle {
        seed: demo.seed.wrapping_add(i as u64 * 0x9E37_79B9),
        skill: 0.85 - 0.5 * i as f64 / teams.saturating_sub(1).max(1) as f64,
    }
}

/// Starts every robot of the cast: its teams (pressing Brain-ring buttons
/// as team terminals do, and standing
/// aside while a person plays their team), the appeal jury, and the host
/// (standing aside while a person uses the staff controls).
pub fn spawn_robots(
    demo: DemoConfig,
    cast: RobotCast,
    inbound: mpsc::Sender<Inbound>,
    clock: ServerClock,
    people: People,
) {
    let desk = team_robot::Desk { inbound };
    // Every robot team knows who the others are: the Эрудит-квартет
    // demo's scripted game gives its answers to robot teams only.
    let robots: BTreeMap<TeamId, TeamStyle> = cast
        .teams
        .iter()
        .map(|(team, _, style)| (*team, *style))
        .collect();
    for (place, (team, credential, style)) in cast.teams.into_iter().enumerate() {
        let hands = team_hands(&TeamCast {
            team,
            place,
            style,
            demo: &demo,
            robots: &robots,
            answers: &cast.answers,
        });
        tokio::spawn(team_robot::play(
            credential,
            hands,
            team_robot::Aside {
                people: people.teams.clone(),
                team,
                grace: demo.person_gone(),
            },
            desk.clone(),
            clock,
        ));
    }
    let inbound = desk.inbound;
    if let Some(jury) = cast.jury {
        tokio::spawn(jury_robot::play(
            jury,
            demo.scaled(jury_robot::DELIBERATION),
            inbound.clone(),
            clock,
        ));
    }
    // The host robot also watches for the end of the programme, so it runs
    // without the autopilot when the demo is to stop there.
    if demo.autopilot || demo.finish_line.is_some() {
        tokio::spawn(host_robot::play(
            cast.host,
            demo.game.autopilot(
                &demo,
                HostCast {
                    answers: cast.answers,
                    styles: robots,
                    seed: demo.seed,
                },
            ),
            host_robot::Pace::of(&demo),
            inbound,
            clock,
            people.host,
        ));
    }
}

/// Joins the driver as a robot; returns its connection and message queue.
async fn join(
    credential: Credential,
    inbound: &mpsc::Sender<Inbound>,
) -> Option<(crate::net::ConnId, crate::net::Outbox)> {
    let outbox = crate::net::Outbox::new();
    let (reply, answer) = tokio::sync::oneshot::channel();
    inbound
        .send(Inbound::Join {
            credential,
            outbound: outbox.clone(),
            robot: true,
            link: None,
            reply,
        })
        .await
        .ok()?;
    let (conn, _) = answer.await.ok()?.ok()?;
    Some((conn, outbox))
}

/// Sends one command as a robot, stamped on arrival by the server clock as
/// a terminal's frame is; false once the driver has stopped.
async fn send(
    inbound: &mpsc::Sender<Inbound>,
    clock: ServerClock,
    conn: crate::net::ConnId,
    request: u64,
    command: Command,
) -> bool {
    inbound
        .send(Inbound::Command {
            conn,
            frame: crate::machine::Frame {
                request,
                command,
                rtt_us: 0,
            },
            received_at: clock.now(),
        })
        .await
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ServerInfo;
    use crate::secrets::fresh_secret;
    use minuta_shared::identity::Identity;

    fn core() -> Core {
        let mut core = Core::new(ServerInfo::default());
        core.initialise("h".into(), "d".into(), "j".into(), ServerTime(1));
        core
    }

    #[test]
    fn demo_every_live_format_has_its_robots() {
        let missing: Vec<_> = minuta_shared::play::games::Format::ALL
            .iter()
            .filter(|f| f.played_by_robots() && !ROBOT_FORMATS.contains(f))
            .collect();
        assert!(missing.is_empty(), "no robots registered for {missing:?}");
    }

    #[test]
    fn demo_names_are_the_command_lines_own() {
        for game in <DemoGame as clap::ValueEnum>::value_variants() {
            assert_eq!(
                <DemoGame as clap::ValueEnum>::from_str(game.name(), false),
                Ok(*game)
            );
        }
    }

    #[test]
    fn demo_durations_scale_with_the_minute() {
        let demo = DemoConfig {
            minute: Duration::from_secs(6),
            ..DemoConfig::default()
        };
        assert_eq!(demo.scaled(Duration::from_secs(10)), Duration::from_secs(1));
        assert_eq!(
            DemoConfig::default().scaled(Duration::from_secs(3)),
            Duration::from_secs(3)
        );
    }

    #[test]
    fn demo_6_multigames_set_up_adds_six_tours_of_two_tasks() {
        // Arrange: an empty store.
        let mut core = core();
        let demo = DemoConfig {
            game: DemoGame::Multigames,
            teams: 8,
            ..DemoConfig::default()
        };

        // Act
        let events = set_up(&mut core, &demo, ServerTime(2)).expect("set up");

        // Assert: eight teams, one Мультиигры game with 6 × 2 tasks, no ChGK.
        assert!(!events.is_empty());
        assert_eq!(core.registry().teams.len(), 8);
        assert!(core.event_chgk().expect("ChGK").questions.is_empty());
        let games: Vec<_> = core.games().collect();
        assert_eq!(
            games.len(),
            3,
            "the event's ChGK and Brain-ring, and the Мультиигры"
        );
        let minuta_shared::play::games::GameState::Multigames(game) = &games[2].1.state else {
            panic!("not a Мультиигры game")
        };
        assert_eq!(game.tours.len(), 6);
        assert!(game.tours.iter().all(|t| t.tasks.len() == 2));
        // A second start adds nothing.
        assert!(
            set_up(&mut core, &demo, ServerTime(3))
                .expect("again")
                .is_empty()
        );
    }

    #[test]
    fn demo_robots_play_all_teams_but_the_last_whose_code_is_free_for_a_person() {
        // Arrange: an empty store, the demo as `minuta-server demo` sets it.
        let mut core = core();
        let demo = DemoConfig::default();
        set_up(&mut core, &demo, ServerTime(2)).expect("set up");
        let registered = core.registry().team_ids();

        // Act
        let cast = robot_credentials(&core, &demo);

        // Assert: six teams; robots for the first five, the last one free.
        assert_eq!(registered.len(), 6);
        let robots: Vec<TeamId> = cast.teams.iter().map(|(t, ..)| *t).collect();
        assert_eq!(robots, registered[..5]);
        assert_eq!(cast.free_teams(), &registered[5..]);
    }

    #[test]
    fn demo_robots_n_plays_the_first_n_teams_and_leaves_the_rest_free() {
        for (robots, teams, free) in [(3, 6, 3), (6, 6, 0), (9, 9, 0)] {
            // Arrange: `--robots N`, and the teams the CLI registers for it.
            let mut core = core();
            let demo = DemoConfig {
                teams,
                robots: Some(robots),
                ..DemoConfig::default()
            };
            set_up(&mut core, &demo, ServerTime(2)).expect("set up");

            // Act
            let cast = robot_credentials(&core, &demo);

            // Assert
            assert_eq!(cast.teams.len(), robots, "--robots {robots}");
            assert_eq!(cast.free_teams().len(), free, "--robots {robots}");
        }
    }

    #[test]
    fn demo_a_robot_plays_as_its_place_in_the_registration_says() {
        // Arrange: the same store cast with five robots and with six.
        let mut core = core();
        set_up(&mut core, &DemoConfig::default(), ServerTime(2)).expect("set up");
        let five = robot_credentials(&core, &DemoConfig::default());
        let six = DemoConfig {
            robots: Some(6),
            ..DemoConfig::default()
        };
        let six = robot_credentials(&core, &six);

        // Assert: a free team changes nobody's play.
        for ((a, _, style_a), (b, _, style_b)) in five.teams.iter().zip(&six.teams) {
            assert_eq!((a, style_a), (b, style_b));
        }
    }

    #[test]
    fn demo_sets_up_with_the_longest_minute_too() {
        for game in [
            DemoGame::Chgk,
            DemoGame::Multigames,
            DemoGame::BrainRing,
            DemoGame::EruditQuartet,
            DemoGame::Festival,
            DemoGame::Neptune,
        ] {
            // Arrange: an hour-long minute (the longest --minute).
            let mut core = core();
            let demo = DemoConfig {
                minute: Duration::from_secs(3_600),
                game,
                ..DemoConfig::default()
            };

            // Act / assert: every scaled time is within the rules' limits.
            set_up(&mut core, &demo, ServerTime(2)).expect("set up");
        }
    }

    #[test]
    fn demo_games_are_never_added_to_another_tournament() {
        // Arrange: a real tournament with a team.
        let mut core = core();
        for command in [
            Command::SetUpTournament {
                name: "Кубок города".into(),
                settings: TournamentSettings::default(),
            },
            Command::RegisterTeam {
                rating_id: None,
                name: "Команда".into(),
                town: "Город".into(),
                players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
            },
        ] {
            core.handle_command(Identity::Host, command, ServerTime(2), &mut fresh_secret)
                .expect("set up");
        }
        let demo = DemoConfig {
            game: DemoGame::Multigames,
            ..DemoConfig::default()
        };

        // Act
        let events = set_up(&mut core, &demo, ServerTime(3)).expect("set up");

        // Assert
        assert!(events.is_empty());
        assert_eq!(
            core.games().count(),
            2,
            "the event's own ChGK and Brain-ring alone"
        );
    }
}
