//! A hall ready to play: a server, its host, a projector display and N team
//! terminals, a tournament with a short test minute, and a question package.
//! The setup goes through the wire exactly as the host's dashboard does it:
//! `SetUpTournament`, `RegisterTeam` (pipelined), team join codes built from
//! the host view's `access`, `LoadPackage`. [`jury_code`] builds the appeal
//! jury's code the same way.

use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::GameReceipt;
use minuta_shared::play::settings::{ChgkTiming, TournamentSettings};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::HostView;

use crate::server::TestServer;
use crate::terminal::Terminal;

/// A 2-s minute, the 10-s signal 1 s before its end, and a 1-s grace.
pub fn test_timing() -> ChgkTiming {
    ChgkTiming {
        minute_ms: 2_000,
        warning_before_end_ms: 1_000,
        grace_ms: 1_000,
    }
}

/// The default team size (4 to 6 players) with `timing`.
pub fn settings(timing: ChgkTiming) -> TournamentSettings {
    TournamentSettings {
        chgk: timing,
        ..TournamentSettings::default()
    }
}

/// A test team's name: «Команда 1» …
pub fn team_name(i: usize) -> String {
    format!("Команда {i}")
}

/// Four players, the smallest team the default settings allow.
pub fn players(i: usize) -> Vec<String> {
    (1..=4).map(|p| format!("Игрок {i}.{p}")).collect()
}

/// A file of `tests/fixtures/packs/`.
pub fn pack(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join("packs")
        .join(name)
}

/// The package most tests play: 3 tours, 36 questions; question 0's answer
/// is «серп, молот.», question 1's «фейерверки.» (зачёт «салюты.»).
pub const PACKAGE: &str = "ovsch_boronenko_3.4s";

/// Names the tournament and sets its timing.
pub async fn set_up_tournament(host: &mut Terminal, name: &str, timing: ChgkTiming) -> Result<()> {
    host.ok(Command::SetUpTournament {
        name: name.into(),
        settings: settings(timing),
    })
    .await?;
    Ok(())
}

/// Registers teams named by `names` (pipelined: every command is sent
/// before the first acknowledgement is awaited) and returns their ids in order.
pub async fn register_teams(host: &mut Terminal, names: &[String]) -> Result<Vec<TeamId>> {
    let mut requests = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        let command = Command::RegisterTeam {
            rating_id: None,
            name: name.clone(),
            town: "Тестоград".into(),
            players: players(i + 1),
        };
        requests.push(host.send_command(command).await?);
    }
    let mut teams = Vec::with_capacity(names.len());
    for (name, request) in names.iter().zip(requests) {
        match host.ack(request).await? {
            Ok(Receipt::TeamRegistered { team }) => teams.push(team),
            other => bail!("registering «{name}»: {other:?}"),
        }
    }
    Ok(teams)
}

/// Each team's join code, built from the host view's `access` as the host
/// dashboard builds them, printed and parsed back as a person would paste it.
pub async fn team_codes(host: &mut Terminal, teams: &[TeamId]) -> Result<Vec<JoinCode>> {
    let view = host
        .wait_host("the secrets of every registered team", |v| {
            v.access
                .as_ref()
                .is_some_and(|a| teams.iter().all(|t| a.teams.iter().any(|(id, _)| id == t)))
        })
        .await?;
    let access = view
        .access
        .ok_or_else(|| anyhow!("the host view has no access"))?;
    teams
        .iter()
        .map(|team| {
            let secret = access
                .teams
                .iter()
                .find(|(id, _)| id == team)
                .map(|(_, s)| s.clone())
                .unwrap_or_default();
            let code = JoinCode {
                addrs: access.addrs.clone(),
                fingerprint: access.fingerprint,
                credential: Credential::Team {
                    team: *team,
                    secret,
                },
            };
            JoinCode::parse(&code.to_string())
                .with_context(|| format!("the join code of team {team}"))
        })
        .collect()
}

/// Loads a package from `tests/fixtures/packs/` and returns (tours, questions).
pub async fn load_package(host: &mut Terminal, file: &str) -> Result<(u32, u32)> {
    let bytes = std::fs::read(pack(file)).with_context(|| format!("reading {file}"))?;
    match host
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::LoadPackage {
                file_name: file.into(),
                bytes,
                pictures: Vec::new(),
            },
        ))
        .await?
    {
        Receipt::Game {
            game: EVENT_CHGK,
            receipt: GameReceipt::Chgk(ChgkReceipt::PackageLoaded { tours, questions }),
        } => Ok((tours, questions)),
        other => bail!("loading {file}: {other:?}"),
    }
}

/// A server with a host, a display and teams, all connected, a tournament
/// set up and [`PACKAGE`] loaded.
pub struct Hall {
    pub server: TestServer,
    pub host: Terminal,
    pub display: Terminal,
    pub teams: Vec<Terminal>,
    pub team_ids: Vec<TeamId>,
    pub team_codes: Vec<JoinCode>,
}

impl Hall {
    pub async fn open(server: TestServer, team_count: usize, timing: ChgkTiming) -> Result<Hall> {
        let mut host = Terminal::connect(&server.host_code)
            .await
            .context("the host joins")?;
        set_up_tournament(&mut host, "Кубок тестов", timing).await?;
        let names: Vec<String> = (1..=team_count).map(team_name).collect();
        let team_ids = register_teams(&mut host, &names).await?;
        let team_codes = team_codes(&mut host, &team_ids).await?;
        load_package(&mut host, PACKAGE).await?;
        let display = Terminal::connect(&server.display_code)
            .await
            .context("the display joins")?;
        let mut teams = Vec::with_capacity(team_count);
        for code in &team_codes {
            teams.push(
                Terminal::connect(code)
                    .await
                    .with_context(|| format!("team {:?} joins", code.credential))?,
            );
        }
        Ok(Hall {
            server,
            host,
            display,
            teams,
            team_ids,
            team_codes,
        })
    }

    /// The host announces question `q` and gives «Время»; returns the clock
    /// as the host sees it once the minute runs.
    pub async fn start_question(&mut self, q: QuestionId) -> Result<ClockView> {
        self.host
            .ok(Command::game(
                EVENT_CHGK,
                ChgkCommand::Announce { question: q },
            ))
            .await?;
        self.host
            .ok(Command::game(EVENT_CHGK, ChgkCommand::StartMinute))
            .await?;
        let view = self
            .host
            .wait_host("the minute to run", |v| {
                v.event_chgk().clock.question == Some(q)
                    && v.event_chgk().clock.started_at.is_some()
            })
            .await?;
        Ok(view.event_chgk().clock.clone())
    }

    /// Waits until every team terminal shows the question's grace as over.
    pub async fn wait_until_over(&mut self, q: QuestionId) -> Result<()> {
        for team in &mut self.teams {
            team.wait_team("the end of the grace", |v| {
                v.event_chgk().clock.question == Some(q)
                    && v.event_chgk().clock.phase == Phase::Over
            })
            .await?;
        }
        Ok(())
    }

    /// The index of a team in this hall.
    pub fn index_of(&self, team: TeamId) -> Option<usize> {
        self.team_ids.iter().position(|t| *t == team)
    }
}

/// What a card's receipt says, checked against the clock it was handed in on.
pub fn card_receipt(receipt: &Receipt, clock: &ClockView) -> Result<(u64, bool)> {
    let Receipt::Game {
        game: EVENT_CHGK,
        receipt:
            GameReceipt::Chgk(ChgkReceipt::Card {
                received_at,
                since_start_ms,
                late,
                ..
            }),
    } = receipt
    else {
        bail!("not a card receipt: {receipt:?}")
    };
    let started = clock
        .started_at
        .ok_or_else(|| anyhow!("the minute has not started"))?;
    let until = clock
        .accept_until
        .ok_or_else(|| anyhow!("no accept_until"))?;
    ensure!(
        *since_start_ms == received_at.since(started).as_millis() as u64,
        "since_start_ms {since_start_ms} ≠ receipt − start"
    );
    ensure!(
        *late == (*received_at > until),
        "late={late} but received at {received_at:?}, accepted until {until:?}"
    );
    Ok((*since_start_ms, *late))
}

/// The judging of question `q` in a host view.
pub fn judging_of(
    view: &HostView,
    q: QuestionId,
) -> Option<&minuta_shared::play::chgk::view::QuestionJudging> {
    view.event_chgk().judging.iter().find(|j| j.question == q)
}

/// The appeal jury's join code (6.5), built from the host view's `access`
/// and `jury_secret` as the host dashboard builds it, printed and parsed
/// back as a person would paste it.
pub async fn jury_code(host: &mut Terminal) -> Result<JoinCode> {
    let view = host
        .wait_host("the jury's secret", |v| {
            v.access.is_some() && v.jury_secret.as_deref().is_some_and(|s| !s.is_empty())
        })
        .await?;
    let (Some(access), Some(secret)) = (view.access, view.jury_secret) else {
        bail!("the host view has no access or no jury secret");
    };
    let code = JoinCode {
        addrs: access.addrs,
        fingerprint: access.fingerprint,
        credential: Credential::Jury { secret },
    };
    JoinCode::parse(&code.to_string()).context("the jury's join code")
}
