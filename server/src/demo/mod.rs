//! The demo: a tournament that sets itself up on an empty store, robot teams
//! that hand in cards by themselves, and an autopilot host that runs the
//! questions, judges and reveals whenever no person has touched the host
//! controls for a while — so a newcomer watches a live game after one
//! command, and can take over at any moment.
//!
//! Robots talk to the driver through the same `Inbound` messages as real
//! connections, so they exercise the real rules, store and views.

mod host_robot;
mod team_robot;

use std::collections::BTreeMap;
use std::time::Duration;

use tokio::sync::mpsc;

use minuta_shared::ids::QuestionId;
use minuta_shared::play::settings::{ChgkTiming, TournamentSettings};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::{Credential, Identity};

use crate::clock::ServerClock;
use crate::core::{Core, Event};
use crate::driver::HumanHost;
use crate::driver::fresh_secret;
use crate::net::Inbound;

/// The demo's question package, written for it.
pub const DEMO_PACKAGE: &str = include_str!("demo_package.4s");

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

#[derive(Clone, Debug)]
pub struct DemoConfig {
    /// The ChGK minute of the demo (the rules' 60 s by default).
    pub minute: Duration,
    /// Whether the autopilot host runs the game when no person does.
    pub autopilot: bool,
    /// Seed of the robots' choices, so a demo can be replayed.
    pub seed: u64,
}

impl Default for DemoConfig {
    fn default() -> Self {
        DemoConfig {
            minute: Duration::from_secs(60),
            autopilot: true,
            seed: 2026,
        }
    }
}

/// The demo tournament's events, if the store holds no teams yet.
pub fn set_up(core: &mut Core, demo: &DemoConfig, now: ServerTime) -> Result<Vec<Event>, String> {
    if !core.registry().teams.is_empty() {
        return Ok(Vec::new());
    }
    let minute_ms = demo.minute.as_millis() as u64;
    let settings = TournamentSettings {
        chgk: ChgkTiming {
            minute_ms,
            warning_before_end_ms: 10_000.min(minute_ms / 2),
            grace_ms: 3_000,
        },
        ..TournamentSettings::default()
    };
    let mut commands = vec![Command::SetUpTournament {
        name: "Демо-турнир «Минута»".into(),
        settings,
    }];
    for (name, town, players) in DEMO_TEAMS {
        commands.push(Command::RegisterTeam {
            name: name.into(),
            town: town.into(),
            players: players.iter().map(|p| (*p).to_owned()).collect(),
        });
    }
    commands.push(Command::LoadPackage {
        file_name: "demo.4s".into(),
        bytes: DEMO_PACKAGE.as_bytes().to_vec(),
    });
    let mut events = Vec::new();
    for command in commands {
        let (_, new) = core
            .handle_command(Identity::Host, command, now, &mut fresh_secret)
            .map_err(|e| e.to_string())?;
        events.extend(new);
    }
    Ok(events)
}

/// What the robots need to play: credentials, and the answers they "know".
pub struct RobotCast {
    teams: Vec<Credential>,
    host: Credential,
    answers: BTreeMap<QuestionId, Answers>,
}

/// A question's right answer and the alternatives the judges accept.
#[derive(Clone, Debug)]
pub(crate) struct Answers {
    pub right: String,
    pub accepted: Vec<String>,
}

pub fn robot_credentials(core: &Core, _demo: &DemoConfig) -> RobotCast {
    let registry = core.registry();
    let answers = core
        .chgk()
        .questions
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
    RobotCast {
        teams: registry
            .teams
            .values()
            .map(|t| Credential::Team {
                team: t.id,
                secret: t.secret.clone(),
            })
            .collect(),
        host: Credential::Host {
            secret: registry.host_secret.clone(),
        },
        answers,
    }
}

pub fn spawn_robots(
    demo: DemoConfig,
    cast: RobotCast,
    inbound: mpsc::Sender<Inbound>,
    clock: ServerClock,
    human: HumanHost,
) {
    for (i, credential) in cast.teams.into_iter().enumerate() {
        let seed = demo.seed.wrapping_add(i as u64 * 0x9E37_79B9);
        // Stronger and weaker teams, so the standings spread out.
        let skill = 0.85 - 0.1 * i as f64;
        tokio::spawn(team_robot::play(
            credential,
            cast.answers.clone(),
            seed,
            skill,
            inbound.clone(),
            clock,
        ));
    }
    if demo.autopilot {
        tokio::spawn(host_robot::play(
            cast.host,
            cast.answers,
            inbound,
            clock,
            human,
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
