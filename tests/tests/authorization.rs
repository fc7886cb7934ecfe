//! Who may send what (issue 14, «Prove»): every kind of command on the wire — `Command`'s own and every game command of ChGK, Мультиигры, Brain-ring, Эрудит-квартет and Нептун — sent over QUIC on a simulated network on virtual time (and again over the browser's path on 127.0.0.1: WebSocket, TLS inside) from every role (host, judge, team, display, appeal jury). Where the rules allow it, the server answers (it may refuse by the game's rules, never as `Forbidden`) and the connection stays; where they do not, the connection is closed as `FORBIDDEN` and the store has not one event more. A team's commands name no team, so there is nothing to forge: its card lands as its own (Эрудит-квартет's line-up and Нептун's split and bid have the host's field naming the team, which a captain leaves empty; a captain naming another team is refused). The core refuses exactly the same pairs should the connection's check ever let one through.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_server::core::{Core, ServerInfo};
use minuta_shared::identity::{Identity, Role};
use minuta_shared::ids::{GameId, JudgeId, QuestionId, Slice, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::play::examples::{self, Forged};
use minuta_shared::play::games::{Format, PlayError};
use minuta_shared::play::multigames::MultigamesCommand;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::close;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::permission::permitted;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_tests::commands::{
    Params, ROLES, event_games, every_command, field_names, kind_name, kinds, kinds_on_the_wire,
    names_a_team, senders,
};
use minuta_tests::hall::{judging_of, jury_code};
use minuta_tests::{Hall, Terminal, TestServer, test_timing};

const Q0: QuestionId = QuestionId(0);

#[test]
fn every_kind_of_command_on_the_wire_is_in_the_matrix() {
    // Arrange: what serde can put on the wire, and what the matrix sends.
    let on_the_wire = kinds_on_the_wire();
    let sent: Vec<String> = every_command(&Params::default(), |_| GameId(0))
        .iter()
        .map(kind_name)
        .collect();
    let distinct: BTreeSet<String> = sent.iter().cloned().collect();

    // Assert: one command of each kind, and no kind left out. A new
    // variant fails here by name until its format's examples make it (and
    // their `senders`, an exhaustive match, does not compile until it says
    // who may send it).
    assert_eq!(distinct.len(), kinds(), "a kind is made twice: {sent:?}");
    let missing: Vec<_> = on_the_wire.difference(&distinct).collect();
    let unknown: Vec<_> = distinct.difference(&on_the_wire).collect();
    assert!(
        missing.is_empty() && unknown.is_empty(),
        "not in the matrix: {missing:?}; not on the wire: {unknown:?}"
    );
}

/// The store's event count (a reader beside the server's writer; WAL).
fn events_in(database: &Path) -> Result<i64> {
    let db =
        rusqlite::Connection::open_with_flags(database, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .context("opening the store to count its events")?;
    Ok(db.query_row("SELECT COUNT(*) FROM events", [], |row| row.get(0))?)
}

/// A judge's join code, built from the host view's `access` as the host
/// dashboard builds it.
async fn judge_code(host: &mut Terminal, judge: JudgeId) -> Result<JoinCode> {
    let view = host
        .wait_host("the judge's secret", |v| {
            v.access
                .as_ref()
                .is_some_and(|a| a.judges.iter().any(|(id, _)| *id == judge))
        })
        .await?;
    let access = view.access.ok_or_else(|| anyhow!("no access"))?;
    let secret = access
        .judges
        .iter()
        .find(|(id, _)| *id == judge)
        .map(|(_, s)| s.clone())
        .unwrap_or_default();
    Ok(JoinCode {
        addrs: access.addrs,
        fingerprint: access.fingerprint,
        credential: Credential::Judge { judge, secret },
    })
}

/// A hall with every role seated: two teams (team 1 has handed in a card,
/// so it is part of the results), a judge, the appeal jury, and a game of
/// every registered format beside the event's own games.
struct Matrix {
    hall: Hall,
    codes: Vec<(Role, JoinCode)>,
    games: Vec<(Format, GameId)>,
}

async fn matrix(server: TestServer) -> Result<Matrix> {
    let mut hall = Hall::open(server, 2, test_timing()).await?;
    hall.host
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce { question: Q0 },
        ))
        .await?;
    hall.teams[0]
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "ответ первой".into(),
            },
        ))
        .await?;
    let Receipt::JudgeAdded { judge } = hall
        .host
        .ok(Command::AddJudge {
            name: "Судья".into(),
        })
        .await?
    else {
        bail!("no judge added");
    };
    let mut games = event_games();
    for &format in Format::ALL {
        if games.iter().any(|(f, _)| *f == format) {
            continue;
        }
        let Receipt::GameAdded { game } = hall
            .host
            .ok(Command::AddGame {
                name: format.name().into(),
                settings: examples::settings(format),
            })
            .await?
        else {
            bail!("no game added");
        };
        games.push((format, game));
    }
    let codes = vec![
        (Role::Host, hall.server.host_code.clone()),
        (Role::Judge, judge_code(&mut hall.host, judge).await?),
        (Role::Team, hall.team_codes[0].clone()),
        (Role::Display, hall.server.display_code.clone()),
        (Role::Jury, jury_code(&mut hall.host).await?),
    ];
    Ok(Matrix { hall, codes, games })
}

impl Matrix {
    fn code(&self, role: Role) -> Result<&JoinCode> {
        self.codes
            .iter()
            .find(|(r, _)| *r == role)
            .map(|(_, c)| c)
            .ok_or_else(|| anyhow!("no code for {role:?}"))
    }

    fn game_of(&self, format: Format) -> GameId {
        self.games
            .iter()
            .find(|(f, _)| *f == format)
            .map(|(_, game)| *game)
            .unwrap_or_else(|| panic!("the matrix has no game of {format:?}"))
    }
}

#[tokio::test(start_paused = true)]
async fn authorization_every_role_sends_every_command_and_only_the_rules_senders_get_through()
-> Result<()> {
    // Arrange: every role seated, and one terminal each that stays.
    let mut m = matrix(TestServer::simulated().await?).await?;
    let commands = every_command(&Params::default(), |f| m.game_of(f));
    let mut seated = Vec::new();
    for role in ROLES {
        seated.push((role, Terminal::connect(m.code(role)?).await?));
    }
    // The jury's first join is stored (6.5: the event has a jury from
    // then on) in a batch of its own; an acknowledged command after it
    // means it has landed before any count below.
    m.hall
        .host
        .ok(Command::AddJudge {
            name: "Судья после рассадки".into(),
        })
        .await?;
    let (mut pairs, mut allowed, mut refused, mut accepted_where_not_allowed) = (0, 0, 0, 0);

    for command in &commands {
        let name = kind_name(command);
        let who = senders(command);

        // Act, not allowed: each other role sends it on a connection of
        // its own, which the server closes.
        let before = events_in(&m.hall.server.database())?;
        for role in ROLES.into_iter().filter(|r| !who.contains(r)) {
            pairs += 1;
            let mut intruder = Terminal::connect(m.code(role)?).await?;
            let answer = intruder.command(command.clone()).await;
            let closed = intruder.closed().await;
            match (answer, closed) {
                (Err(_), Ok(closed)) if closed.code == close::FORBIDDEN => refused += 1,
                (answer, closed) => {
                    accepted_where_not_allowed += 1;
                    eprintln!("{role:?} sent {name}: answered {answer:?}, closed {closed:?}");
                }
            }
        }
        // Whatever was decided before this judge is added is stored before
        // it is acknowledged: the store then has this one event more.
        m.hall
            .host
            .ok(Command::AddJudge {
                name: format!("Судья после {name}"),
            })
            .await?;
        let after = events_in(&m.hall.server.database())?;
        ensure!(
            after == before + 1,
            "{name} from a role that may not send it changed the store: {before} → {after} events (one is the judge)"
        );

        // Act, allowed: the seated terminal of each sender; the game's
        // rules may refuse it, the role check may not.
        for (role, terminal) in seated.iter_mut().filter(|(r, _)| who.contains(r)) {
            pairs += 1;
            allowed += 1;
            let answer = terminal
                .command(command.clone())
                .await
                .with_context(|| format!("{role:?} sending {name}"))?;
            ensure!(
                answer != Err(CommandError::Forbidden),
                "{role:?} may send {name} but was refused as forbidden"
            );
            terminal
                .ping()
                .await
                .with_context(|| format!("{role:?} after {name}"))?;
        }
    }

    // Assert.
    eprintln!(
        "authorization: {pairs} role×command pairs ({} kinds × {} roles), {allowed} allowed and answered, {refused} refused, {accepted_where_not_allowed} accepted where not allowed",
        commands.len(),
        ROLES.len()
    );
    ensure!(pairs == kinds() * ROLES.len());
    ensure!(accepted_where_not_allowed == 0);
    ensure!(refused + allowed == pairs);
    Ok(())
}

#[tokio::test]
async fn authorization_a_browser_terminal_is_held_to_the_same_matrix() -> Result<()> {
    // Arrange: every role seated over the browser's path (issue 24: the
    // WebSocket with TLS inside), one terminal each that stays.
    // On a real socket: the browsers' door is TCP.
    let m = matrix(TestServer::in_process()?).await?;
    let web = m
        .hall
        .server
        .web_addr
        .ok_or_else(|| anyhow!("the test server listens for no browser"))?;
    let commands = every_command(&Params::default(), |f| m.game_of(f));
    let mut seated = Vec::new();
    for role in ROLES {
        seated.push((
            role,
            Terminal::connect_web(web, m.code(role)?, false).await?,
        ));
    }
    let (mut pairs, mut allowed, mut refused, mut accepted_where_not_allowed) = (0, 0, 0, 0);

    for command in &commands {
        let name = kind_name(command);
        let who = senders(command);
        // Act, not allowed: closed as FORBIDDEN (WebSocket code 4004).
        for role in ROLES.into_iter().filter(|r| !who.contains(r)) {
            pairs += 1;
            let mut intruder = Terminal::connect_web(web, m.code(role)?, false).await?;
            let answer = intruder.command(command.clone()).await;
            let closed = intruder.closed().await;
            match (answer, closed) {
                (Err(_), Ok(closed)) if closed.code == close::FORBIDDEN => refused += 1,
                (answer, closed) => {
                    accepted_where_not_allowed += 1;
                    eprintln!(
                        "{role:?} sent {name} from a browser: answered {answer:?}, closed {closed:?}"
                    );
                }
            }
        }
        // Act, allowed: answered, never as forbidden.
        for (role, terminal) in seated.iter_mut().filter(|(r, _)| who.contains(r)) {
            pairs += 1;
            allowed += 1;
            let answer = terminal
                .command(command.clone())
                .await
                .with_context(|| format!("{role:?} sending {name} from a browser"))?;
            ensure!(
                answer != Err(CommandError::Forbidden),
                "{role:?} may send {name} but was refused as forbidden over the browser's path"
            );
            terminal
                .ping()
                .await
                .with_context(|| format!("{role:?} after {name} from a browser"))?;
        }
    }

    // Assert.
    eprintln!(
        "authorization over the browser's path: {pairs} pairs, {allowed} allowed, {refused} refused, {accepted_where_not_allowed} accepted where not allowed"
    );
    ensure!(pairs == kinds() * ROLES.len());
    ensure!(accepted_where_not_allowed == 0);
    ensure!(refused + allowed == pairs);
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn authorization_a_team_names_no_team_so_its_card_and_answer_land_as_its_own() -> Result<()> {
    // Arrange.
    let mut m = matrix(TestServer::simulated().await?).await?;
    let team_commands: Vec<Command> = every_command(&Params::default(), |f| m.game_of(f))
        .into_iter()
        .filter(|c| senders(c).contains(&Role::Team))
        .collect();
    let (first, second) = (m.hall.team_ids[0], m.hall.team_ids[1]);
    let multigames = m.game_of(Format::Multigames);

    // Assert: no command a team may send names a team — but for the
    // Эрудит-квартет line-up's and Нептун's split's and bid's field, which
    // is the host's and which a captain leaves empty.
    for command in &team_commands {
        ensure!(
            !names_a_team(command),
            "{} names a team: {:?}",
            kind_name(command),
            field_names(command)
        );
    }
    // A captain naming a team where only the host names one is refused,
    // as its format's examples say: by the game's rules (the connection
    // stays) or as forbidden (it is closed).
    for &format in Format::ALL {
        for (forged, refusal) in examples::forged(format, second, first) {
            let command = Command::game(m.game_of(format), forged);
            match refusal {
                Forged::Refused(error) => {
                    let answer = m.hall.teams[1].command(command).await?;
                    ensure!(
                        answer == Err(CommandError::Play(PlayError::Game(error))),
                        "{answer:?}"
                    );
                }
                Forged::Forbidden => {
                    let mut captain = Terminal::connect(&m.hall.team_codes[1]).await?;
                    let answer = captain.command(command.clone()).await;
                    let closed = captain.closed().await?;
                    ensure!(
                        answer.is_err() && closed.code == close::FORBIDDEN,
                        "{command:?}: {answer:?}, {closed:?}"
                    );
                }
            }
        }
    }

    // Act: the second team hands in a card and a Мультиигры answer.
    let task = multigames_task(&mut m).await?;
    m.hall.teams[1]
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "ответ второй".into(),
            },
        ))
        .await?;
    m.hall.teams[1]
        .ok(Command::game(
            multigames,
            MultigamesCommand::Answer {
                task,
                text: "решение второй".into(),
            },
        ))
        .await?;

    // Assert: both are the second team's, and the first team's card is
    // still its own.
    let host = m
        .hall
        .host
        .wait_host("both cards and the answer", |v| {
            judging_of(v, Q0).is_some_and(|j| j.groups.len() == 2)
                && multigames_answers(v, multigames).len() == 1
        })
        .await?;
    let groups = &judging_of(&host, Q0)
        .ok_or_else(|| anyhow!("no judging"))?
        .groups;
    let owner = |spelling: &str| {
        groups
            .iter()
            .find(|g| g.spellings.iter().any(|s| s == spelling))
            .map(|g| g.teams.clone())
    };
    ensure!(owner("ответ второй") == Some(vec![second]), "{groups:?}");
    ensure!(owner("ответ первой") == Some(vec![first]), "{groups:?}");
    let answers = multigames_answers(&host, multigames);
    ensure!(
        answers == vec![(second, "решение второй".to_owned())],
        "{answers:?}"
    );

    // A forged team id at the handshake (the first team's id with the
    // second team's secret) is refused before any command.
    let Credential::Team { secret, .. } = m.hall.team_codes[1].credential.clone() else {
        bail!("not a team code");
    };
    let forged = JoinCode {
        credential: Credential::Team {
            team: first,
            secret,
        },
        ..m.hall.team_codes[1].clone()
    };
    ensure!(Terminal::connect(&forged).await.is_err());
    Ok(())
}

/// Adds a tour and a task to the Мультиигры game and starts it.
async fn multigames_task(m: &mut Matrix) -> Result<minuta_shared::play::multigames::TaskId> {
    let game = m.game_of(Format::Multigames);
    let host = &mut m.hall.host;
    host.ok(Command::game(
        game,
        MultigamesCommand::AddTour {
            title: "Тур".into(),
        },
    ))
    .await?;
    let receipt = host
        .ok(Command::game(
            game,
            MultigamesCommand::AddTask {
                tour: minuta_shared::play::multigames::TourNo(0),
                task: minuta_shared::play::multigames::TaskDraft {
                    title: "Ребус".into(),
                    text: "Задание".into(),
                    answer: "Ответ".into(),
                    comment: String::new(),
                    points: minuta_shared::play::multigames::rules::Credit::from_int(2),
                    seconds: 60,
                },
            },
        ))
        .await?;
    let task = match receipt {
        Receipt::Game {
            receipt:
                minuta_shared::play::games::GameReceipt::Multigames(
                    minuta_shared::play::multigames::MultigamesReceipt::TaskAdded { task },
                ),
            ..
        } => task,
        other => bail!("adding a task: {other:?}"),
    };
    host.ok(Command::game(game, MultigamesCommand::Announce { task }))
        .await?;
    host.ok(Command::game(game, MultigamesCommand::Start { task }))
        .await?;
    Ok(task)
}

/// Every Мультиигры answer in a staff view: (team, text).
fn multigames_answers(
    view: &minuta_shared::wire::view::HostView,
    game: GameId,
) -> Vec<(TeamId, String)> {
    view.games
        .iter()
        .filter(|g| g.id == game)
        .filter_map(|g| match &g.view {
            minuta_shared::play::games::GameStaffView::Multigames(v) => Some(v),
            _ => None,
        })
        .flat_map(|v| &v.tours)
        .flat_map(|t| &t.tasks)
        .flat_map(|t| &t.answers)
        .map(|a| (a.team, a.text.clone()))
        .collect()
}

#[test]
fn the_core_refuses_exactly_the_pairs_the_connection_refuses() {
    // Arrange: a core with two teams and a judge, and every identity.
    let now = ServerTime(1_700_000_000_000_000);
    let mut core = Core::new(ServerInfo::default());
    core.initialise("h".into(), "d".into(), "j".into(), now);
    let mut n = 0;
    let mut secret = || {
        n += 1;
        format!("s{n}")
    };
    for name in ["Первая", "Вторая"] {
        let team = Command::RegisterTeam {
            name: name.into(),
            town: "Город".into(),
            players: (1..=4).map(|p| format!("{name} {p}")).collect(),
            rating_id: None,
        };
        let added = core.handle_command(Identity::Host, team, now, &mut secret);
        assert!(added.is_ok(), "{added:?}");
    }
    // A ломтик (Нептун 2.2) is a team's terminal: its role is the team's.
    let identities = [
        Identity::Host,
        Identity::Judge(JudgeId(1)),
        Identity::Team(TeamId(1)),
        Identity::Display,
        Identity::Jury,
        Identity::Slice(TeamId(1), Slice::Top),
    ];
    let mut pairs = 0;

    // Games the core does not have but the event's own: the role check
    // comes first all the same.
    let event = event_games();
    let game_of = |format: Format| {
        event
            .iter()
            .find(|(f, _)| *f == format)
            .map_or(GameId(2), |(_, game)| *game)
    };
    for command in every_command(&Params::default(), game_of) {
        for who in identities {
            // Act.
            let allowed = senders(&command).contains(&who.role());
            let got = core.handle_command(who, command.clone(), now, &mut secret);

            // Assert: the wire's check and the core's agree with the rules.
            pairs += 1;
            assert_eq!(
                permitted(who.role(), &command),
                allowed,
                "{who:?} {}",
                kind_name(&command)
            );
            assert_eq!(
                got == Err(CommandError::Forbidden),
                !allowed,
                "{who:?} {}: {got:?}",
                kind_name(&command)
            );
        }
    }
    assert_eq!(pairs, kinds() * identities.len());
}
