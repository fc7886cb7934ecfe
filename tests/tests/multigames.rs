//! «Мультиигры» (section 6) played end to end over QUIC on virtual time:
//! the host adds the game, a tour and a task; the task's text reaches the
//! teams only at the start; answers on time and after the grace (kept,
//! flagged, never credited); partial credit, the reveal, and a team seeing
//! its own credit and never another team's answer; an appeal for the
//! team's answer decided by the appeal jury (6.4–6.5) with full credit, and
//! the standings following; and every role kept to its own commands.

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_shared::identity::Identity;
use minuta_shared::ids::GameId;
use minuta_shared::play::games::{
    GameCommand, GameError, GameReceipt, GameSettings, GameStaffView, GameTeamView, PlayError,
};
use minuta_shared::play::multigames::{
    AppealNo, Awarder, MultigamesCommand as M, MultigamesPlayError, MultigamesReceipt,
    MultigamesSettings, MultigamesStaffView, MultigamesTeamView, TaskAppealKind, TaskDraft, TaskId,
    TaskStatus, TourNo,
};
use minuta_shared::rules::multigames::Credit;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::close;
use minuta_shared::wire::handshake::{Credential, HelloReply, Refusal};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::{HostView, TeamView};
use minuta_tests::hall::{Hall, jury_code};
use minuta_tests::terminal::client_endpoint;
use minuta_tests::{Link, Terminal, TestServer, test_timing};

const TEXT: &str = "Разгадайте ребусы: «100Л» и «7Я».";
const ON_TIME: &str = "Стол";
const LATE: &str = "Стол, семья (поздно)";
const THIRD: &str = "Шкаф, дверь";

fn credit(text: &str) -> Result<Credit> {
    Credit::parse(text).ok_or_else(|| anyhow!("not a credit: {text}"))
}

fn game(game: GameId, command: M) -> Command {
    Command::Game {
        game,
        command: GameCommand::Multigames(command),
    }
}

fn staff(view: &HostView, id: GameId) -> Option<&MultigamesStaffView> {
    view.games.iter().find(|g| g.id == id).map(|g| {
        let GameStaffView::Multigames(v) = &g.view else {
            panic!("not a Мультиигры game")
        };
        v
    })
}

fn own(view: &TeamView, id: GameId) -> Option<&MultigamesTeamView> {
    view.games.iter().find(|g| g.id == id).map(|g| {
        let GameTeamView::Multigames(v) = &g.view else {
            panic!("not a Мультиигры game")
        };
        v
    })
}

fn refusal(error: MultigamesPlayError) -> CommandError {
    CommandError::Play(PlayError::Game(GameError::Multigames(error)))
}

/// A team's game view as JSON text, to show what it could ever display.
fn json(view: &MultigamesTeamView) -> Result<String> {
    serde_json::to_string(view).context("a team view as JSON")
}

/// The host adds «Мультиигры» (a 1-s grace), one tour and one task of 3
/// points and 2 s.
async fn set_up(host: &mut Terminal) -> Result<(GameId, TaskId)> {
    let settings = MultigamesSettings {
        appeals: true,
        grace_ms: 1_000,
        warning_before_end_ms: 1_000,
    };
    let Receipt::GameAdded { game: id } = host
        .ok(Command::AddGame {
            name: "Мультиигры".into(),
            settings: GameSettings::Multigames(settings),
        })
        .await?
    else {
        bail!("no game added");
    };
    let receipt = host
        .ok(game(
            id,
            M::AddTour {
                title: "Ребусы".into(),
            },
        ))
        .await?;
    let Receipt::Game {
        receipt: GameReceipt::Multigames(MultigamesReceipt::TourAdded { tour: TourNo(0) }),
        ..
    } = receipt
    else {
        bail!("no tour added: {receipt:?}");
    };
    let receipt = host
        .ok(game(
            id,
            M::AddTask {
                tour: TourNo(0),
                task: TaskDraft {
                    title: "Ребусы с числами".into(),
                    text: TEXT.into(),
                    answer: "Стол, семья".into(),
                    comment: "Сто + Л, семь + Я.".into(),
                    points: credit("3")?,
                    seconds: 2,
                },
            },
        ))
        .await?;
    let Receipt::Game {
        receipt: GameReceipt::Multigames(MultigamesReceipt::TaskAdded { task }),
        ..
    } = receipt
    else {
        bail!("no task added: {receipt:?}");
    };
    Ok((id, task))
}

async fn answer(team: &mut Terminal, id: GameId, task: TaskId, text: &str) -> Result<(u64, bool)> {
    match team
        .ok(game(
            id,
            M::Answer {
                task,
                text: text.into(),
            },
        ))
        .await?
    {
        Receipt::Game {
            receipt:
                GameReceipt::Multigames(MultigamesReceipt::Answer {
                    since_start_ms,
                    late,
                    ..
                }),
            ..
        } => Ok((since_start_ms, late)),
        other => bail!("not an answer receipt: {other:?}"),
    }
}

/// A team's points in a standings list.
fn points_of(
    rows: &[minuta_shared::play::multigames::MultiStandingRow],
    name: &str,
) -> Option<Credit> {
    rows.iter().find(|r| r.name == name).map(|r| r.points)
}

#[tokio::test(start_paused = true)]
async fn multigames_6_task_late_answer_partial_credit_and_jury_appeal() -> Result<()> {
    // Arrange: three teams and the game.
    let mut hall = Hall::open(TestServer::simulated().await?, 3, test_timing()).await?;
    let (id, task) = set_up(&mut hall.host).await?;
    let [t1, t2, t3] = [0, 1, 2].map(|i| hall.team_ids[i]);

    // Act / assert: announced — the number, time and points, never the text.
    hall.host.ok(game(id, M::Announce { task })).await?;
    let before = hall.teams[0]
        .wait_team("the announced task", |v| {
            own(v, id).is_some_and(|g| {
                g.current
                    .as_ref()
                    .is_some_and(|c| c.heading.status == TaskStatus::Announced)
            })
        })
        .await?;
    let before = own(&before, id).ok_or_else(|| anyhow!("no game"))?;
    let current = before.current.as_ref().ok_or_else(|| anyhow!("no task"))?;
    ensure!(current.text.is_none(), "{current:?}");
    ensure!(current.heading.seconds == 2 && current.heading.points == credit("3")?);
    ensure!(
        !json(before)?.contains("100Л"),
        "the text leaked: {before:?}"
    );
    // An answer before the start is refused.
    let early = hall.teams[0]
        .command(game(
            id,
            M::Answer {
                task,
                text: ON_TIME.into(),
            },
        ))
        .await?;
    ensure!(
        early == Err(refusal(MultigamesPlayError::NotStarted(task))),
        "{early:?}"
    );

    // Started: the sheet is turned over on every terminal.
    hall.host.ok(game(id, M::Start { task })).await?;
    let started = hall.teams[0]
        .wait_team("the task's text", |v| {
            own(v, id).is_some_and(|g| g.current.as_ref().is_some_and(|c| c.text.is_some()))
        })
        .await?;
    let started = own(&started, id).ok_or_else(|| anyhow!("no game"))?;
    ensure!(
        started.current.as_ref().and_then(|c| c.text.as_deref()) == Some(TEXT),
        "{started:?}"
    );

    // One team on time, one after the grace (2 s + 1 s), one more on time.
    let (_, late_flag) = answer(&mut hall.teams[0], id, task, ON_TIME).await?;
    ensure!(!late_flag, "an answer within the time is on time");
    answer(&mut hall.teams[2], id, task, THIRD).await?;
    hall.teams[1]
        .wait_team("the grace to end", |v| {
            own(v, id).is_some_and(|g| {
                g.current
                    .as_ref()
                    .is_some_and(|c| c.heading.status == TaskStatus::Over)
            })
        })
        .await?;
    let (late_ms, late_flag) = answer(&mut hall.teams[1], id, task, LATE).await?;
    ensure!(
        late_flag && late_ms > 3_000,
        "late at {late_ms} ms: {late_flag}"
    );

    // The staff see the late answer flagged; crediting it is refused.
    let host = hall
        .host
        .wait_host("three answers", |v| {
            staff(v, id).is_some_and(|g| g.tours[0].tasks[0].answers.len() == 3)
        })
        .await?;
    let answers = &staff(&host, id).ok_or_else(|| anyhow!("no game"))?.tours[0].tasks[0].answers;
    let late = answers
        .iter()
        .find(|a| a.team == t2)
        .ok_or_else(|| anyhow!("no late answer"))?;
    ensure!(
        late.late && late.text == LATE && late.since_start_ms == late_ms,
        "{late:?}"
    );
    ensure!(
        answers.iter().filter(|a| a.late).count() == 1,
        "{answers:?}"
    );
    let award_late = hall
        .host
        .command(game(
            id,
            M::Award {
                task,
                team: t2,
                points: credit("3")?,
            },
        ))
        .await?;
    ensure!(
        award_late == Err(refusal(MultigamesPlayError::LateAnswer)),
        "{award_late:?}"
    );

    // Partial credit (1.5 of 3), none for the third team, then the reveal.
    for (team, points) in [(t1, "1.5"), (t3, "0")] {
        hall.host
            .ok(game(
                id,
                M::Award {
                    task,
                    team,
                    points: credit(points)?,
                },
            ))
            .await?;
    }
    hall.host.ok(game(id, M::Reveal { task })).await?;

    // The team sees its own answer and credit, never another team's answer.
    let revealed = hall.teams[0]
        .wait_team("the reveal", |v| {
            own(v, id).is_some_and(|g| g.answers.iter().any(|a| a.reveal.is_some()))
        })
        .await?;
    let mine = own(&revealed, id).ok_or_else(|| anyhow!("no game"))?;
    ensure!(
        mine.answers.len() == 1 && mine.answers[0].text == ON_TIME,
        "{mine:?}"
    );
    let reveal = mine.answers[0]
        .reveal
        .as_ref()
        .ok_or_else(|| anyhow!("no reveal"))?;
    ensure!(reveal.points == Some(credit("1.5")?) && reveal.max == credit("3")?);
    let seen = json(mine)?;
    ensure!(
        !seen.contains(LATE) && !seen.contains(THIRD),
        "another team's answer: {seen}"
    );
    ensure!(mine.appealable == vec![task], "{mine:?}");
    ensure!(points_of(&mine.standings, "Команда 1") == Some(credit("1.5")?));

    // 6.4: the team appeals for its answer.
    let receipt = hall.teams[0]
        .ok(game(
            id,
            M::Appeal {
                task,
                kind: TaskAppealKind::AcceptMyAnswer,
                text: "«Стол» — половина ответа, но вторая часть следует из первой".into(),
            },
        ))
        .await?;
    let Receipt::Game {
        receipt: GameReceipt::Multigames(MultigamesReceipt::AppealFiled { appeal }),
        ..
    } = receipt
    else {
        bail!("no appeal filed: {receipt:?}");
    };
    ensure!(appeal == AppealNo(1));

    // 6.5: the jury joins with its own code and decides: upheld, full credit.
    let code = jury_code(&mut hall.host).await?;
    let mut jury = Terminal::connect(&code).await.context("the jury joins")?;
    ensure!(jury.identity == Identity::Jury, "{:?}", jury.identity);
    let jury_view = jury
        .wait_jury("the appeal", |v| {
            v.games.iter().any(|g| {
                let GameStaffView::Multigames(m) = &g.view else {
                    return false;
                };
                m.appeals.iter().any(|a| a.id == appeal)
            })
        })
        .await?;
    let GameStaffView::Multigames(m) = &jury_view.games.last().expect("the Мультиигры game").view
    else {
        panic!("not a Мультиигры game")
    };
    ensure!(
        m.appeals[0].answer.as_deref() == Some(ON_TIME) && m.appeals[0].team == t1,
        "the jury weighs the team's own answer: {:?}",
        m.appeals
    );
    jury.ok(game(
        id,
        M::DecideAppeal {
            appeal,
            upheld: true,
            points: None,
            reply: "Засчитано".into(),
        },
    ))
    .await?;

    // The standings follow, for the staff and for the team.
    let host = hall
        .host
        .wait_host("the decided appeal", |v| {
            staff(v, id).is_some_and(|g| {
                !g.appeals.is_empty() && g.appeals.iter().all(|a| a.decision.is_some())
            })
        })
        .await?;
    let board = staff(&host, id).ok_or_else(|| anyhow!("no game"))?;
    ensure!(
        points_of(&board.standings, "Команда 1") == Some(credit("3")?),
        "{:?}",
        board.standings
    );
    ensure!(
        board.tours[0].tasks[0]
            .answers
            .iter()
            .any(|a| a.team == t1 && a.by == Some(Awarder::Jury)),
        "credited by the jury"
    );
    let after = hall.teams[0]
        .wait_team("the jury's credit", |v| {
            own(v, id).is_some_and(|g| {
                points_of(&g.standings, "Команда 1") == Some(credit("3").unwrap_or_default())
            })
        })
        .await?;
    let after = own(&after, id).ok_or_else(|| anyhow!("no game"))?;
    ensure!(
        after.appeals.len() == 1 && after.appeals[0].decision.as_ref().is_some_and(|d| d.upheld),
        "{:?}",
        after.appeals
    );
    ensure!(after.answers[0].reveal.as_ref().and_then(|r| r.points) == Some(credit("3")?));
    Ok(())
}

/// Sends `command` from `terminal` and checks the server closes it as
/// forbidden, naming the role. The terminal first exchanges a ping, as a
/// real one does before anyone can press a button: a connection closed
/// before its first exchange is sometimes reset rather than closed (a
/// quirk of the QUIC edge, reported separately).
async fn forbidden(terminal: &mut Terminal, role: &str, command: Command) -> Result<()> {
    let name = format!("{command:?}");
    terminal.ping().await?;
    terminal.send_command(command).await?;
    let closed = terminal
        .closed()
        .await
        .with_context(|| format!("{role} sending {name}"))?;
    ensure!(
        closed.code == close::FORBIDDEN && closed.reason.contains(role),
        "{role}: {closed:?}"
    );
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn multigames_6_5_only_the_jury_decides_and_the_jury_only_decides() -> Result<()> {
    // Arrange: a game with a revealed task and a team's appeal.
    let mut hall = Hall::open(TestServer::simulated().await?, 2, test_timing()).await?;
    let (id, task) = set_up(&mut hall.host).await?;
    hall.host.ok(game(id, M::Announce { task })).await?;
    hall.host.ok(game(id, M::Start { task })).await?;
    answer(&mut hall.teams[0], id, task, ON_TIME).await?;
    hall.host
        .wait_host("the grace to end", |v| {
            staff(v, id).is_some_and(|g| g.tours[0].tasks[0].heading.status == TaskStatus::Over)
        })
        .await?;
    let t1 = hall.team_ids[0];
    hall.host
        .ok(game(
            id,
            M::Award {
                task,
                team: t1,
                points: credit("1")?,
            },
        ))
        .await?;
    hall.host.ok(game(id, M::Reveal { task })).await?;
    hall.teams[0]
        .ok(game(
            id,
            M::Appeal {
                task,
                kind: TaskAppealKind::AcceptMyAnswer,
                text: "Просим засчитать".into(),
            },
        ))
        .await?;
    let decide = || {
        game(
            id,
            M::DecideAppeal {
                appeal: AppealNo(1),
                upheld: true,
                points: None,
                reply: String::new(),
            },
        )
    };
    let code = jury_code(&mut hall.host).await?;

    // Act / assert: the jury may not add a game, announce or credit.
    let mut jury = Terminal::connect(&code).await?;
    forbidden(
        &mut jury,
        "Jury",
        Command::AddGame {
            name: "Ещё одна".into(),
            settings: GameSettings::Multigames(MultigamesSettings::default()),
        },
    )
    .await?;
    let mut jury = Terminal::connect(&code).await?;
    forbidden(&mut jury, "Jury", game(id, M::Announce { task })).await?;
    let mut jury = Terminal::connect(&code).await?;
    forbidden(
        &mut jury,
        "Jury",
        game(
            id,
            M::Award {
                task,
                team: t1,
                points: credit("3")?,
            },
        ),
    )
    .await?;
    // A team may not decide its own appeal, nor the host in the jury's
    // place while the jury sits (it joined above): the game refuses him.
    forbidden(&mut hall.teams[0], "Team", decide()).await?;
    let refused = hall.host.command(decide()).await?;
    ensure!(
        matches!(
            refused,
            Err(CommandError::Play(PlayError::Game(GameError::Multigames(
                MultigamesPlayError::Forbidden
            ))))
        ),
        "the host deciding while the jury sits: {refused:?}"
    );
    // The jury's secret opens no other role: offered as the host's, refused.
    let Credential::Jury { secret } = code.credential.clone() else {
        bail!("not a jury code: {code}");
    };
    let mut link = Link::open(
        &client_endpoint()?,
        hall.server.addr,
        hall.server.fingerprint,
    )
    .await?;
    let reply = link.hello(Credential::Host { secret }).await?;
    ensure!(
        reply == HelloReply::Refused(Refusal::BadSecret),
        "the jury as host: {reply:?}"
    );

    // Nothing was decided; the jury's own decision goes through.
    let host = hall
        .host
        .wait_host("the open appeal", |v| {
            staff(v, id).is_some_and(|g| g.appeals.len() == 1)
        })
        .await?;
    let board = staff(&host, id).ok_or_else(|| anyhow!("no game"))?;
    ensure!(board.appeals[0].decision.is_none(), "{:?}", board.appeals);
    ensure!(board.tours[0].tasks[0].heading.status == TaskStatus::Revealed);
    let mut jury = Terminal::connect(&code).await?;
    jury.ok(decide()).await?;
    let again = jury.command(decide()).await?;
    ensure!(
        again == Err(refusal(MultigamesPlayError::AppealDecided)),
        "{again:?}"
    );
    Ok(())
}
