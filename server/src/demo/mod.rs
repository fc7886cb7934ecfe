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
//! connections, and press their buttons through the same press desk, so
//! they exercise the real rules, store and views. Every duration of the
//! demo — the minute or a task's time, its signals, the grace, Brain-ring's
//! 20 s and tie window, Эрудит-квартет's line-up windows and 5 s of
//! silence, the autopilot's pauses — is scaled by `--minute`
//! (60 s = the rules' own times), so a short minute plays the whole
//! programme quickly.

mod brain_ring_robot;
mod erudit_robot;
mod erudit_script;
mod festival;
mod finish;
mod host_robot;
mod host_steps;
mod jury_robot;
mod multigames;
pub mod neptune;
mod neptune_robot;
mod schedule;
mod team_robot;

use std::collections::BTreeMap;
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::identity::Identity;
use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::play::brain_ring::RingCommand;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::play::erudit::{EruditCommand, EruditTiming};
use minuta_shared::play::games::{Format, GameSettings};
use minuta_shared::play::settings::{ChgkTiming, TournamentSettings};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::Receipt;

use crate::clock::ServerClock;
use crate::core::{Core, Event};
use crate::driver::fresh_secret;
use crate::net::Inbound;
use crate::net::press_desk::SharedCore;
use crate::people::People;
use brain_ring_robot::TeamStyle;

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

/// How many teams the Эрудит-квартет demo's empty store gets: two groups
/// of four, and the final of the best (5.4).
const ERUDIT_TEAMS: usize = 8;

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

/// Which game the demo plays; on the command lines (`--game`), by the
/// same names as [`DemoGame::name`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum DemoGame {
    /// «Что? Где? Когда?» from the demo package (section 3).
    #[default]
    Chgk,
    /// «Мультиигры» (section 6): six tours of two tasks, appeals to the АЖ.
    Multigames,
    /// «Брейн-ринг» (section 4): qualifying rounds, the play-off, the final.
    BrainRing,
    /// «Эрудит-квартет» (section 5): two groups of four, then the final.
    EruditQuartet,
    /// The festival (section 2): ChGK and Мультиигры tours on day one,
    /// Brain-ring and Эрудит-квартет qualified from them on day two.
    Festival,
    /// «Нептун» (sections 0–6): six contests, shortened, to the auction.
    Neptune,
}

impl DemoGame {
    pub fn name(self) -> &'static str {
        match self {
            DemoGame::Chgk => "chgk",
            DemoGame::Multigames => "multigames",
            DemoGame::BrainRing => "brain-ring",
            DemoGame::EruditQuartet => "erudit-quartet",
            DemoGame::Festival => "festival",
            DemoGame::Neptune => "neptune",
        }
    }

    /// How many teams an empty store gets unless told.
    pub fn default_teams(self) -> usize {
        match self {
            DemoGame::Festival => festival::TEAMS,
            DemoGame::EruditQuartet => ERUDIT_TEAMS,
            _ => DEMO_TEAMS.len(),
        }
    }
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
            game: DemoGame::Chgk,
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
    let mut events = Vec::new();
    let mut host = |core: &mut Core, command: Command| -> Result<Receipt, String> {
        let (receipt, new) = core
            .handle_command(Identity::Host, command, now, &mut fresh_secret)
            .map_err(|e| e.to_string())?;
        events.extend(new);
        Ok(receipt)
    };
    if core.registry().teams.is_empty() {
        let minute_ms = demo.minute.as_millis() as u64;
        let settings = TournamentSettings {
            chgk: ChgkTiming {
                minute_ms,
                warning_before_end_ms: demo.scaled(Duration::from_secs(10)).as_millis() as u64,
                grace_ms: demo.scaled(Duration::from_secs(3)).as_millis() as u64,
            },
            ..TournamentSettings::default()
        };
        host(
            core,
            Command::SetUpTournament {
                name: DEMO_TOURNAMENT.into(),
                settings,
            },
        )?;
        for i in 0..demo.teams.clamp(1, MAX_ROBOTS) {
            // Нептун's teams have 4 to 6 players (0.2), so its ломтики differ.
            let extra = if demo.game == DemoGame::Neptune {
                i % 3
            } else {
                0
            };
            let (name, town, players) = demo_team(i, extra);
            host(
                core,
                Command::RegisterTeam {
                    rating_id: None,
                    name,
                    town,
                    players,
                },
            )?;
        }
    } else if core.registry().tournament != DEMO_TOURNAMENT {
        // Somebody's real tournament: robots may play it, but no demo game
        // is added to it.
        return Ok(events);
    }
    let chgk = matches!(demo.game, DemoGame::Chgk | DemoGame::Festival);
    if chgk && core.event_chgk().is_some_and(|c| c.questions.is_empty()) {
        host(
            core,
            Command::game(
                EVENT_CHGK,
                ChgkCommand::LoadPackage {
                    file_name: "demo.4s".into(),
                    bytes: DEMO_PACKAGE.as_bytes().to_vec(),
                    pictures: Vec::new(),
                },
            ),
        )?;
    }
    let tours = match demo.game {
        DemoGame::Multigames => Some(multigames::PROGRAMME_TOURS),
        DemoGame::Festival => Some(festival::MULTIGAMES_TOURS),
        DemoGame::Chgk | DemoGame::BrainRing | DemoGame::EruditQuartet | DemoGame::Neptune => None,
    };
    if let Some(tours) = tours
        && !core.games().any(|(_, g)| g.format() == Format::Multigames)
    {
        multigames::set_up(demo, tours, |command| host(core, command))?;
    }
    if matches!(demo.game, DemoGame::EruditQuartet | DemoGame::Festival)
        && !core.games().any(|(_, g)| g.format() == Format::Erudit)
    {
        set_up_erudit(demo, |command| host(core, command))?;
    }
    if demo.game == DemoGame::Neptune && !core.games().any(|(_, g)| g.format() == Format::Neptune) {
        neptune::set_up(demo, |command| host(core, command))?;
    }
    if matches!(demo.game, DemoGame::BrainRing | DemoGame::Festival) {
        // The clock at the demo's scale, until the first fight.
        let timing = brain_ring_robot::timing(demo);
        let ring = core
            .event_ring_id()
            .zip(core.event_ring())
            .filter(|(_, r)| r.fights.is_empty() && r.timing != timing);
        if let Some((game, _)) = ring {
            host(core, Command::game(game, RingCommand::SetTiming { timing }))?;
        }
        // The host's panel shows the package's questions while they last
        // (then the host reads from paper, as without a package).
        let empty = core
            .event_ring_id()
            .zip(core.event_ring())
            .filter(|(_, r)| r.questions.is_empty());
        if let Some((game, _)) = empty {
            host(
                core,
                Command::game(
                    game,
                    RingCommand::LoadPackage {
                        file_name: "demo.4s".into(),
                        bytes: DEMO_PACKAGE.as_bytes().to_vec(),
                    },
                ),
            )?;
        }
    }
    Ok(events)
}

/// The Эрудит-квартет game: its line-up windows and silence at the demo's
/// scale, and the demo's themes, so the host's panel shows real questions.
fn set_up_erudit(
    demo: &DemoConfig,
    mut host: impl FnMut(Command) -> Result<Receipt, String>,
) -> Result<(), String> {
    let minute_ms = demo.minute.as_millis() as u64;
    let receipt = host(Command::AddGame {
        name: erudit_robot::GAME_NAME.into(),
        settings: GameSettings::Erudit(EruditTiming::scaled(minute_ms)),
    })?;
    let Receipt::GameAdded { game } = receipt else {
        return Err(format!("adding the Эрудит-квартет game: {receipt:?}"));
    };
    host(Command::game(
        game,
        EruditCommand::LoadPackage {
            file_name: "demo-erudit.4s".into(),
            bytes: DEMO_ERUDIT_PACKAGE.as_bytes().to_vec(),
        },
    ))?;
    Ok(())
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
    let answers = core
        .event_chgk()
        .map(|c| c.questions.as_slice())
        .unwrap_or_default()
        .iter()
        .map(|q| {
            let accepted = q
                .content
                .accepted
                .as_deref()
                .unwrap_or_default()
                .split([';', '\n'])
                .map(|s| s.trim().trim_end_matches('.').to_owned())
                .filter(|s| !s.is_empty())
                .collect();
            let right = q.content.answer.trim().trim_end_matches('.').to_owned();
            (q.id, Answers { right, accepted })
        })
        .collect();
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
/// through the press desk of `core`, as team terminals do, and standing
/// aside while a person plays their team), the appeal jury, and the host
/// (standing aside while a person uses the staff controls).
pub fn spawn_robots(
    demo: DemoConfig,
    cast: RobotCast,
    inbound: mpsc::Sender<Inbound>,
    core: SharedCore,
    clock: ServerClock,
    people: People,
) {
    let mut styles = BTreeMap::new();
    let desk = team_robot::Desk { inbound, core };
    // The answers Нептун's robots know, and how many Джокер questions.
    let package = minuta_shared::play::neptune::NeptunePackage::parse(
        "demo_neptune.json",
        neptune::DEMO_NEPTUNE_PACKAGE.as_bytes(),
    )
    .ok()
    .map(std::sync::Arc::new);
    let joker = neptune::settings(&demo)
        .sizes
        .of(minuta_shared::rules::neptune::Contest::Joker);
    // Every robot team knows who the others are: the Эрудит-квартет
    // demo's scripted game gives its answers to robot teams only.
    let robots: BTreeMap<TeamId, TeamStyle> = cast
        .teams
        .iter()
        .map(|(team, _, style)| (*team, *style))
        .collect();
    for (place, (team, credential, style)) in cast.teams.into_iter().enumerate() {
        styles.insert(team, style);
        tokio::spawn(team_robot::play(
            credential,
            cast.answers.clone(),
            team_robot::Style {
                seed: style.seed,
                skill: style.skill,
                scale: demo.scaled(Duration::from_secs(60)),
            },
            Some(team_robot::Hands {
                ring: brain_ring_robot::Buttons::new(team, style, &demo),
                quartet: erudit_robot::Quartet::new(team, style, &demo, robots.clone()),
                neptune: neptune_robot::Captain::new(
                    team,
                    place,
                    style,
                    demo.minute,
                    package.clone(),
                    joker,
                ),
            }),
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
            host_robot::Autopilot::new(&demo, cast.answers, styles),
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
            request,
            command,
            received_at: clock.now(),
            rtt_us: 0,
        })
        .await
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::ServerInfo;

    fn core() -> Core {
        let mut core = Core::new(ServerInfo::default());
        core.initialise("h".into(), "d".into(), "j".into(), ServerTime(1));
        core
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
