//! «Своя игра», the test-only format, played end to end over real QUIC on
//! 127.0.0.1 against a real `minuta-server` process: the proof that a
//! format plugs in through its own two folders and the registries' lines
//! alone (issue: a format is two folders and two lines). A host opens
//! questions and judges, three teams press; a false start puts a team out
//! of its question, the first press after «Время» answers, a wrong answer
//! opens the buttons to the others, and a question nobody presses on is
//! closed by its deadline. A server killed with the buttons open comes
//! back from its store with them shut. The server is then stopped, the game's sheet
//! exported and scored by `minuta-server score`, which must give exactly
//! the standings the live game exported.

use std::process::Command as Process;

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_shared::export::event::EventExport;
use minuta_shared::export::score::ScoreLine;
use minuta_shared::ids::GameId;
use minuta_shared::play::button::PressKind;
use minuta_shared::play::games::{GameDisplayView, GameSettings, GameStaffView, GameTeamView};
use minuta_shared::play::own_game::{
    CellState, OwnGameBoard, OwnGameCommand, OwnGameSettings, OwnGameTeamView,
};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::View;
use minuta_tests::brain_ring::press;
use minuta_tests::server::server_binary;
use minuta_tests::{Hall, Terminal, TestServer, test_timing};

fn board_of(view: &View, game: GameId) -> Option<&OwnGameBoard> {
    match view {
        View::Host(v) => v
            .games
            .iter()
            .find(|g| g.id == game)
            .and_then(|g| match &g.view {
                GameStaffView::OwnGame(board) => Some(board),
                _ => None,
            }),
        View::Display(v) => v
            .games
            .iter()
            .find(|g| g.id == game)
            .and_then(|g| match &g.view {
                GameDisplayView::OwnGame(board) => Some(board),
                _ => None,
            }),
        View::Team(v) => v
            .games
            .iter()
            .find(|g| g.id == game)
            .and_then(|g| match &g.view {
                GameTeamView::OwnGame(OwnGameTeamView { board, .. }) => Some(board),
                _ => None,
            }),
        View::Jury(_) => None,
    }
}

async fn host(hall: &mut Hall, game: GameId, command: OwnGameCommand) -> Result<()> {
    hall.host
        .ok(Command::game(game, command.clone()))
        .await
        .with_context(|| format!("the host's {command:?}"))?;
    Ok(())
}

/// Waits until `terminal`'s view of the board satisfies `pred`.
async fn until(
    terminal: &mut Terminal,
    game: GameId,
    what: &str,
    pred: impl Fn(&OwnGameBoard) -> bool,
) -> Result<OwnGameBoard> {
    let view = terminal
        .wait_view(what, |v| board_of(v, game).is_some_and(&pred))
        .await?;
    board_of(&view, game)
        .cloned()
        .ok_or_else(|| anyhow!("{what}: no board"))
}

fn run(mut command: Process, what: &str) -> Result<String> {
    let out = command
        .output()
        .with_context(|| format!("running {what}"))?;
    ensure!(
        out.status.success(),
        "{what} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).with_context(|| format!("{what} wrote no UTF-8"))
}

#[tokio::test]
async fn own_game_plugged_in_by_its_folders_plays_over_quic_and_scores_as_it_played() -> Result<()>
{
    // Arrange: three teams, and «Своя игра» with a one-second window.
    let mut hall = Hall::open(TestServer::child_process()?, 3, test_timing()).await?;
    let Receipt::GameAdded { game } = hall
        .host
        .ok(Command::AddGame {
            name: "Своя игра".into(),
            settings: GameSettings::OwnGame(OwnGameSettings {
                theme: "Реки".into(),
                prices: vec![10, 20, 30],
                press_seconds: 1,
            }),
        })
        .await?
    else {
        bail!("no game added");
    };

    // Act and assert, question 1 (10): team 1 presses before «Время» and is
    // out; team 2 is first after it and is right.
    host(&mut hall, game, OwnGameCommand::Choose { question: 0 }).await?;
    until(&mut hall.teams[0], game, "question 1 open", |b| {
        b.question.is_some()
    })
    .await?;
    ensure!(press(&mut hall.teams[0]).await?.kind == PressKind::FalseStart);
    host(&mut hall, game, OwnGameCommand::Arm).await?;
    ensure!(press(&mut hall.teams[0]).await?.kind == PressKind::LockedOut);
    ensure!(press(&mut hall.teams[1]).await?.kind == PressKind::Won);
    ensure!(press(&mut hall.teams[2]).await?.kind == PressKind::Late);
    let answering = until(&mut hall.display, game, "team 2 answering", |b| {
        b.question.as_ref().is_some_and(|q| q.answering.is_some())
    })
    .await?;
    ensure!(
        answering
            .question
            .as_ref()
            .and_then(|q| q.answering.as_ref())
            .map(|a| a.team)
            == Some(hall.team_ids[1])
    );
    host(&mut hall, game, OwnGameCommand::Judge { right: true }).await?;

    // Question 2 (20), opened with the buttons, then the server killed and
    // started again on its store: the board comes back with its points,
    // the question open and its buttons shut until the host's «Время».
    host(&mut hall, game, OwnGameCommand::Choose { question: 1 }).await?;
    host(&mut hall, game, OwnGameCommand::Arm).await?;
    until(&mut hall.host, game, "question 2 armed", |b| {
        b.question.as_ref().is_some_and(|q| q.open_until.is_some())
    })
    .await?;
    hall.server.kill()?;
    hall.server
        .restart()
        .await
        .with_context(|| hall.server.log())?;
    hall.host = Terminal::connect(&hall.server.host_code).await?;
    for (i, code) in hall.team_codes.clone().iter().enumerate() {
        hall.teams[i] = Terminal::connect(code).await?;
    }
    let back = until(&mut hall.host, game, "the board after the restart", |b| {
        b.question.as_ref().is_some_and(|q| q.question == 1)
    })
    .await?;
    let points: Vec<i64> = back.scores.iter().map(|s| s.points).collect();
    ensure!(
        points == vec![0, 10, 0],
        "points after the restart {points:?}"
    );
    ensure!(
        back.question
            .as_ref()
            .is_some_and(|q| q.open_until.is_none()),
        "the buttons are shut after a restart: {back:?}"
    );

    // Team 3 is wrong (−20); the buttons open again and team 1 is right
    // (+20).
    host(&mut hall, game, OwnGameCommand::Arm).await?;
    until(&mut hall.teams[2], game, "question 2 armed", |b| {
        b.question.as_ref().is_some_and(|q| q.open_until.is_some())
    })
    .await?;
    ensure!(press(&mut hall.teams[2]).await?.kind == PressKind::Won);
    host(&mut hall, game, OwnGameCommand::Judge { right: false }).await?;
    ensure!(press(&mut hall.teams[2]).await?.kind == PressKind::LockedOut);
    ensure!(press(&mut hall.teams[0]).await?.kind == PressKind::Won);
    host(&mut hall, game, OwnGameCommand::Judge { right: true }).await?;

    // Question 3 (30): nobody presses; the server's deadline closes it.
    host(&mut hall, game, OwnGameCommand::Choose { question: 2 }).await?;
    host(&mut hall, game, OwnGameCommand::Arm).await?;
    let over = until(&mut hall.host, game, "the game over", |b| b.finished).await?;
    ensure!(
        matches!(over.cells[2].state, CellState::Taken { by: None }),
        "{over:?}"
    );
    let points: Vec<i64> = over.scores.iter().map(|s| s.points).collect();
    ensure!(points == vec![20, 10, -20], "live points {points:?}");

    // The sheet: exported from the store once the server has stopped,
    // scored by `score`, equal to the standings the export gives.
    hall.server.kill()?;
    let data = hall.server.data_dir();
    let binary = server_binary()?;
    let mut json = Process::new(&binary);
    json.args(["export", "--format", "json", "--data"])
        .arg(&data);
    let exported: EventExport = serde_json::from_str(&run(json, "export json")?)?;
    let live = exported
        .games
        .iter()
        .find(|g| g.id == game.0)
        .map(|g| g.standings.clone())
        .ok_or_else(|| anyhow!("no game {game} in {exported:#?}"))?;
    let dir = tempfile::tempdir()?;
    let sheet = dir.path().join("own-game.json");
    let mut export = Process::new(&binary);
    export
        .args([
            "export",
            "--format",
            "sheet",
            "--game",
            &game.0.to_string(),
            "--data",
        ])
        .arg(&data)
        .arg("--out")
        .arg(&sheet);
    run(export, "export sheet")?;
    let mut score = Process::new(&binary);
    score.arg("score").arg(&sheet);
    let scored: ScoreLine = serde_json::from_str(&run(score, "score")?)?;

    ensure!(scored.format == "own-game", "{scored:?}");
    ensure!(
        scored.standings == live,
        "score {} ≠ live {live}",
        scored.standings
    );
    ensure!(scored.standings[0]["points"] == 20, "{scored:?}");
    Ok(())
}
