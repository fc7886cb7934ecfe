//! «Мультиигры» (section 6) on the virtual hall
//! (`minuta_tests::virtual_hall`): the server's machine and the app's own
//! state on virtual time, no sockets. The host adds the game, a tour and a
//! task; the task's text reaches the teams only at the start; answers on
//! time and after the grace (kept, flagged, never credited); partial
//! credit, the reveal, and a team seeing its own credit and never another
//! team's answer; an appeal for the team's answer decided by the appeal
//! jury (6.4–6.5) with full credit, and the standings following; and every
//! role kept to its own commands.

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_shared::identity::Identity;
use minuta_shared::ids::GameId;
use minuta_shared::play::games::{
    GameCommand, GameError, GameReceipt, GameSettings, GameStaffView, GameTeamView, PlayError,
};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    AppealNo, Awarder, MultigamesCommand as M, MultigamesPlayError, MultigamesReceipt,
    MultigamesSettings, MultigamesStaffView, MultigamesTeamView, TaskAppealKind, TaskDraft, TaskId,
    TaskStatus, TourNo,
};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::close;
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::{HostView, TeamView};
use minuta_tests::sim_net::Conditions;
use minuta_tests::test_timing;
use minuta_tests::virtual_hall::{TerminalId, VirtualHall};

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
fn set_up(hall: &mut VirtualHall) -> Result<(GameId, TaskId)> {
    let settings = MultigamesSettings {
        appeals: true,
        grace_ms: 1_000,
        warning_before_end_ms: 1_000,
    };
    let id = hall.add_game("Мультиигры", GameSettings::Multigames(settings))?;
    let host = hall.host;
    let receipt = hall.ok(
        host,
        game(
            id,
            M::AddTour {
                title: "Ребусы".into(),
            },
        ),
    )?;
    let Receipt::Game {
        receipt: GameReceipt::Multigames(MultigamesReceipt::TourAdded { tour: TourNo(0) }),
        ..
    } = receipt
    else {
        bail!("no tour added: {receipt:?}");
    };
    let receipt = hall.ok(
        host,
        game(
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
        ),
    )?;
    let Receipt::Game {
        receipt: GameReceipt::Multigames(MultigamesReceipt::TaskAdded { task }),
        ..
    } = receipt
    else {
        bail!("no task added: {receipt:?}");
    };
    Ok((id, task))
}

fn answer(
    hall: &mut VirtualHall,
    team: TerminalId,
    id: GameId,
    task: TaskId,
    text: &str,
) -> Result<(u64, bool)> {
    let command = game(
        id,
        M::Answer {
            task,
            text: text.into(),
        },
    );
    match hall.ok(team, command)? {
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

/// The appeal jury's secret (6.5), as the host's dashboard shows it in
/// the jury's code.
fn jury_secret(hall: &mut VirtualHall) -> Result<String> {
    let view = hall.host_sees("the jury's secret", |v| {
        v.jury_secret.as_deref().is_some_and(|s| !s.is_empty())
    })?;
    view.jury_secret
        .ok_or_else(|| anyhow!("the host view has no jury secret"))
}

#[test]
fn multigames_6_task_late_answer_partial_credit_and_jury_appeal() -> Result<()> {
    // Arrange: three teams and the game.
    let mut hall = VirtualHall::open(3, test_timing(), Conditions::default())?;
    let (id, task) = set_up(&mut hall)?;
    let [t1, t2, t3] = [0, 1, 2].map(|i| hall.team_ids[i]);
    let teams = hall.teams.clone();
    let host = hall.host;

    // Act / assert: announced — the number, time and points, never the text.
    hall.ok(host, game(id, M::Announce { task }))?;
    let before = hall.team_sees(teams[0], "the announced task", |v| {
        own(v, id).is_some_and(|g| {
            g.current
                .as_ref()
                .is_some_and(|c| c.heading.status == TaskStatus::Announced)
        })
    })?;
    let before = own(&before, id).ok_or_else(|| anyhow!("no game"))?;
    let current = before.current.as_ref().ok_or_else(|| anyhow!("no task"))?;
    ensure!(current.text.is_none(), "{current:?}");
    ensure!(current.heading.seconds == 2 && current.heading.points == credit("3")?);
    ensure!(
        !json(before)?.contains("100Л"),
        "the text leaked: {before:?}"
    );
    // An answer before the start is refused.
    let early = hall.command(
        teams[0],
        game(
            id,
            M::Answer {
                task,
                text: ON_TIME.into(),
            },
        ),
    )?;
    ensure!(
        early == Err(refusal(MultigamesPlayError::NotStarted(task))),
        "{early:?}"
    );

    // Started: the sheet is turned over on every terminal.
    hall.ok(host, game(id, M::Start { task }))?;
    let started = hall.team_sees(teams[0], "the task's text", |v| {
        own(v, id).is_some_and(|g| g.current.as_ref().is_some_and(|c| c.text.is_some()))
    })?;
    let started = own(&started, id).ok_or_else(|| anyhow!("no game"))?;
    ensure!(
        started.current.as_ref().and_then(|c| c.text.as_deref()) == Some(TEXT),
        "{started:?}"
    );

    // One team on time, one after the grace (2 s + 1 s), one more on time.
    let (_, late_flag) = answer(&mut hall, teams[0], id, task, ON_TIME)?;
    ensure!(!late_flag, "an answer within the time is on time");
    answer(&mut hall, teams[2], id, task, THIRD)?;
    hall.team_sees(teams[1], "the grace to end", |v| {
        own(v, id).is_some_and(|g| {
            g.current
                .as_ref()
                .is_some_and(|c| c.heading.status == TaskStatus::Over)
        })
    })?;
    let (late_ms, late_flag) = answer(&mut hall, teams[1], id, task, LATE)?;
    ensure!(
        late_flag && late_ms > 3_000,
        "late at {late_ms} ms: {late_flag}"
    );

    // The staff see the late answer flagged; crediting it is refused.
    let view = hall.host_sees("three answers", |v| {
        staff(v, id).is_some_and(|g| g.tours[0].tasks[0].answers.len() == 3)
    })?;
    let answers = &staff(&view, id).ok_or_else(|| anyhow!("no game"))?.tours[0].tasks[0].answers;
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
    let award_late = hall.command(
        host,
        game(
            id,
            M::Award {
                task,
                team: t2,
                points: credit("3")?,
            },
        ),
    )?;
    ensure!(
        award_late == Err(refusal(MultigamesPlayError::LateAnswer)),
        "{award_late:?}"
    );

    // Partial credit (1.5 of 3), none for the third team, then the reveal.
    for (team, points) in [(t1, "1.5"), (t3, "0")] {
        hall.ok(
            host,
            game(
                id,
                M::Award {
                    task,
                    team,
                    points: credit(points)?,
                },
            ),
        )?;
    }
    hall.ok(host, game(id, M::Reveal { task }))?;

    // The team sees its own answer and credit, never another team's answer.
    let revealed = hall.team_sees(teams[0], "the reveal", |v| {
        own(v, id).is_some_and(|g| g.answers.iter().any(|a| a.reveal.is_some()))
    })?;
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
    let receipt = hall.ok(
        teams[0],
        game(
            id,
            M::Appeal {
                task,
                kind: TaskAppealKind::AcceptMyAnswer,
                text: "«Стол» — половина ответа, но вторая часть следует из первой".into(),
            },
        ),
    )?;
    let Receipt::Game {
        receipt: GameReceipt::Multigames(MultigamesReceipt::AppealFiled { appeal }),
        ..
    } = receipt
    else {
        bail!("no appeal filed: {receipt:?}");
    };
    ensure!(appeal == AppealNo(1));

    // 6.5: the jury joins with its own code and decides: upheld, full credit.
    let secret = jury_secret(&mut hall)?;
    let jury = hall
        .join(Credential::Jury { secret })
        .context("the jury joins")?;
    let identity = hall.terminals[jury].identity;
    ensure!(identity == Identity::Jury, "{identity:?}");
    hall.until("the appeal", |h| {
        h.terminals[jury].state.jury_view().is_some_and(|v| {
            v.games.iter().any(|g| {
                let GameStaffView::Multigames(m) = &g.view else {
                    return false;
                };
                m.appeals.iter().any(|a| a.id == appeal)
            })
        })
    })?;
    let jury_view = hall.terminals[jury]
        .state
        .jury_view()
        .cloned()
        .ok_or_else(|| anyhow!("no jury view"))?;
    let GameStaffView::Multigames(m) = &jury_view.games.last().expect("the Мультиигры game").view
    else {
        panic!("not a Мультиигры game")
    };
    ensure!(
        m.appeals[0].answer.as_deref() == Some(ON_TIME) && m.appeals[0].team == t1,
        "the jury weighs the team's own answer: {:?}",
        m.appeals
    );
    hall.ok(
        jury,
        game(
            id,
            M::DecideAppeal {
                appeal,
                upheld: true,
                points: None,
                reply: "Засчитано".into(),
            },
        ),
    )?;

    // The standings follow, for the staff and for the team.
    let view = hall.host_sees("the decided appeal", |v| {
        staff(v, id).is_some_and(|g| {
            !g.appeals.is_empty() && g.appeals.iter().all(|a| a.decision.is_some())
        })
    })?;
    let board = staff(&view, id).ok_or_else(|| anyhow!("no game"))?;
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
    let after = hall.team_sees(teams[0], "the jury's credit", |v| {
        own(v, id).is_some_and(|g| {
            points_of(&g.standings, "Команда 1") == Some(credit("3").unwrap_or_default())
        })
    })?;
    let after = own(&after, id).ok_or_else(|| anyhow!("no game"))?;
    ensure!(
        after.appeals.len() == 1 && after.appeals[0].decision.as_ref().is_some_and(|d| d.upheld),
        "{:?}",
        after.appeals
    );
    ensure!(after.answers[0].reveal.as_ref().and_then(|r| r.points) == Some(credit("3")?));
    Ok(())
}

/// Sends `command` from terminal `t` and checks the server closes it as
/// forbidden, naming the role.
fn forbidden(hall: &mut VirtualHall, t: TerminalId, role: &str, command: Command) -> Result<()> {
    let name = format!("{command:?}");
    hall.send(t, command);
    hall.until(&format!("{role} sending {name} closed"), |h| {
        h.terminals[t].closed.is_some()
    })?;
    let closed = hall.terminals[t].closed.clone();
    ensure!(
        closed
            .as_ref()
            .is_some_and(|(code, reason)| *code == close::FORBIDDEN && reason.contains(role)),
        "{role}: {closed:?}"
    );
    Ok(())
}

#[test]
fn multigames_6_5_only_the_jury_decides_and_the_jury_only_decides() -> Result<()> {
    // Arrange: a game with a revealed task and a team's appeal.
    let mut hall = VirtualHall::open(2, test_timing(), Conditions::default())?;
    let (id, task) = set_up(&mut hall)?;
    let host = hall.host;
    let team = hall.teams[0];
    hall.ok(host, game(id, M::Announce { task }))?;
    hall.ok(host, game(id, M::Start { task }))?;
    answer(&mut hall, team, id, task, ON_TIME)?;
    hall.host_sees("the grace to end", |v| {
        staff(v, id).is_some_and(|g| g.tours[0].tasks[0].heading.status == TaskStatus::Over)
    })?;
    let t1 = hall.team_ids[0];
    hall.ok(
        host,
        game(
            id,
            M::Award {
                task,
                team: t1,
                points: credit("1")?,
            },
        ),
    )?;
    hall.ok(host, game(id, M::Reveal { task }))?;
    hall.ok(
        team,
        game(
            id,
            M::Appeal {
                task,
                kind: TaskAppealKind::AcceptMyAnswer,
                text: "Просим засчитать".into(),
            },
        ),
    )?;
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
    let secret = jury_secret(&mut hall)?;
    let as_jury = || Credential::Jury {
        secret: secret.clone(),
    };

    // Act / assert: the jury may not add a game, announce or credit.
    let jury = hall.join(as_jury())?;
    forbidden(
        &mut hall,
        jury,
        "Jury",
        Command::AddGame {
            name: "Ещё одна".into(),
            settings: GameSettings::Multigames(MultigamesSettings::default()),
        },
    )?;
    let jury = hall.join(as_jury())?;
    forbidden(&mut hall, jury, "Jury", game(id, M::Announce { task }))?;
    let jury = hall.join(as_jury())?;
    forbidden(
        &mut hall,
        jury,
        "Jury",
        game(
            id,
            M::Award {
                task,
                team: t1,
                points: credit("3")?,
            },
        ),
    )?;
    // A team may not decide its own appeal, nor the host in the jury's
    // place while the jury sits (it joined above): the game refuses him.
    forbidden(&mut hall, team, "Team", decide())?;
    let refused = hall.command(host, decide())?;
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
    let now = hall.now();
    let reply = hall
        .server
        .handle_join(
            &Credential::Host {
                secret: secret.clone(),
            },
            false,
            now,
        )
        .map(|(_, identity)| identity);
    ensure!(
        reply == Err(Refusal::BadSecret),
        "the jury as host: {reply:?}"
    );

    // Nothing was decided; the jury's own decision goes through.
    let view = hall.host_sees("the open appeal", |v| {
        staff(v, id).is_some_and(|g| g.appeals.len() == 1)
    })?;
    let board = staff(&view, id).ok_or_else(|| anyhow!("no game"))?;
    ensure!(board.appeals[0].decision.is_none(), "{:?}", board.appeals);
    ensure!(board.tours[0].tasks[0].heading.status == TaskStatus::Revealed);
    let jury = hall.join(as_jury())?;
    hall.ok(jury, decide())?;
    let again = hall.command(jury, decide())?;
    ensure!(
        again == Err(refusal(MultigamesPlayError::AppealDecided)),
        "{again:?}"
    );
    Ok(())
}
