//! `minuta-server demo … --run-to-end`: the demo plays its whole programme
//! with a 1-s minute and exits 0, leaving the store; `export --format json`
//! then lists each game's live standings, and each game's scoresheet
//! (`export --format sheet --game ID`) scored by `minuta-server score`
//! gives exactly those standings. Bad demo arguments are refused with one
//! line and exit code 2.

use crate::common;

use std::path::Path;
use std::time::Duration;

use minuta_server::core::{Core, ServerInfo};
use minuta_server::store;
use minuta_shared::export::event::GameExport;
use minuta_shared::export::score::ScoreLine;
use minuta_shared::ids::GameId;
use minuta_shared::play::games::GameState;
use minuta_shared::play::multigames::Awarder;
use serde_json::Value;

use common::{export_json, run, server, stdout_ok};

/// A demo with a 1-s minute takes about 20 s; this leaves room for a busy box.
const DEMO_LIMIT: Duration = Duration::from_secs(150);

/// Runs the demo to its end on `dir`; returns its stdout.
fn run_demo(dir: &Path, game: &str) -> String {
    common::run_demo(dir, game, &[], DEMO_LIMIT).0
}

#[test]
fn demo_6_multigames_runs_to_its_end_and_every_sheet_scores_as_exported() {
    // Arrange / act: the whole Мультиигры demo, then the exports.
    let dir = tempfile::tempdir().unwrap();
    let printed = run_demo(dir.path(), "multigames");
    let data = dir.path().join("data");
    let json = export_json(&data);

    // Assert: it said so, and the store holds one finished game.
    assert!(
        printed.contains("demo: every game has been played to its end"),
        "{printed}"
    );
    assert_eq!(json.games.len(), 1, "{json:#?}");
    for game in &json.games {
        assert_eq!(game.format, "multigames");
        assert_eq!(game.name, "Мультиигры");
        let sheet = sheet_scores_as_exported(dir.path(), &data, game);
        // 6.2: six tours, two tasks each in the demo's programme.
        let tours = sheet["tours"].as_array().unwrap();
        assert_eq!(tours.len(), 6, "{sheet:#}");
        assert!(
            tours
                .iter()
                .all(|t| t["tasks"].as_array().unwrap().len() == 2)
        );
        assert_eq!(game.standings.as_array().unwrap().len(), 6);
    }

    // The store itself: late answers kept and unscored, partial credit, and
    // appeals every one of which the АЖ decided (6.4–6.5).
    let mut core = Core::new(ServerInfo::default());
    core.replay(&store::load(&data).unwrap());
    let GameState::Multigames(game) = &core.game(GameId(2)).unwrap().state else {
        panic!("not a Мультиигры game")
    };
    assert!(game.finished_at.is_some());
    let answers: Vec<_> = game
        .tasks
        .iter()
        .flat_map(|t| t.answers.values().map(move |a| (t, a)))
        .collect();
    assert!(answers.iter().any(|(_, a)| a.late && a.credit.is_none()));
    assert!(answers.iter().any(|(t, a)| {
        a.credit
            .is_some_and(|(c, _, _)| c.atto > 0 && c < t.draft.points)
    }));
    assert!(!game.appeals.is_empty());
    assert!(game.appeals.iter().all(|a| a.decision.is_some()));
    assert!(
        answers
            .iter()
            .any(|(_, a)| a.credit.is_some_and(|(_, by, _)| by == Awarder::Jury))
    );
}

#[test]
fn demo_3_chgk_runs_to_its_end_once_every_tour_is_closed() {
    // Arrange / act
    let dir = tempfile::tempdir().unwrap();
    let printed = run_demo(dir.path(), "chgk");
    let json = export_json(&dir.path().join("data"));

    // Assert: every question of the demo package played; no other game.
    assert!(printed.contains("played to its end"), "{printed}");
    // The last team has no robot: its code is printed as free for a
    // person, and with nobody at it the team handed in no card.
    assert!(
        printed
            .contains("свободная команда для человека (free team for a person): «Сборная Минуты»"),
        "{printed}"
    );
    // Each code's web link under it, on the port the page is served at
    // (a free one of its own here: the test asks for port 0).
    let (_, site) = printed
        .split_once("В браузере: web-ссылка кода, или http://127.0.0.1:")
        .unwrap();
    let port: String = site.chars().take_while(char::is_ascii_digit).collect();
    let free = printed.split("«Сборная Минуты»").last().unwrap();
    let web = format!("    в браузере (in a browser): http://127.0.0.1:{port}/#team-");
    assert!(free.contains(&web), "{web}\n{printed}");
    assert!(
        printed.contains(&format!("http://127.0.0.1:{port}/#host/")),
        "{printed}"
    );
    let free = json
        .standings
        .iter()
        .find(|r| r.team == "Сборная Минуты")
        .unwrap();
    assert_eq!(free.points, 0, "{free:?}");
    assert_eq!(json.questions.len(), 12, "{json:#?}");
    assert_eq!(json.standings.len(), 6);
    // The event's ChGK is game 0: its sheet scores to its live standings.
    let games = &json.games;
    assert_eq!(games.len(), 1, "{json:#?}");
    assert_eq!(games[0].format, "chgk");
    assert_eq!(games[0].id, 0);
    assert_eq!(games[0].name, json.tournament);
    let sheet = sheet_scores_as_exported(dir.path(), &dir.path().join("data"), &games[0]);
    assert_eq!(
        sheet["questions"].as_array().unwrap().len(),
        12,
        "{sheet:#}"
    );
    let places: Vec<&str> = json.standings.iter().map(|r| r.place.as_str()).collect();
    let scored: Vec<&str> = games[0]
        .standings
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["place"].as_str().unwrap())
        .collect();
    assert_eq!(
        places, scored,
        "the export's ChGK table and the game's standings agree"
    );
}

/// Writes `game`'s scoresheet with `export --format sheet`, scores it with
/// `score`, asserts the standings are the exported live ones, and returns
/// the sheet.
fn sheet_scores_as_exported(
    dir: &std::path::Path,
    data: &std::path::Path,
    game: &GameExport,
) -> Value {
    let id = game.id.to_string();
    let sheet_path = dir.join(format!("sheet-{id}.json"));
    let out = sheet_path.to_str().unwrap();
    stdout_ok(
        &run(
            &["export", "--format", "sheet", "--game", &id, "--out", out],
            data,
        ),
        "export sheet",
    );
    let sheet: Value =
        serde_json::from_str(&std::fs::read_to_string(&sheet_path).unwrap()).unwrap();
    let scored = server().arg("score").arg(&sheet_path).output().unwrap();
    let scored: ScoreLine = serde_json::from_str(&stdout_ok(&scored, "score")).unwrap();
    assert_eq!(scored.format, game.format);
    assert_eq!(scored.standings, game.standings, "game {id}");
    sheet
}

#[test]
fn demo_refuses_a_minute_robots_or_game_it_cannot_play() {
    let dir = tempfile::tempdir().unwrap();
    for (args, names) in [
        (vec!["--minute", "0"], "--minute"),
        (vec!["--minute", "3601"], "--minute"),
        (vec!["--robots", "0"], "--robots"),
        (vec!["--robots", "61"], "--robots"),
        (vec!["--game", "brain-ring", "--robots", "1"], "--robots"),
        (vec!["--game", "festival", "--robots", "1"], "--robots"),
        (vec!["--game", "tic-tac-toe"], "--game"),
        (
            vec!["--game", "neptune", "--neptune-questions", "0"],
            "--neptune-questions",
        ),
        (
            vec!["--game", "neptune", "--neptune-questions", "13"],
            "--neptune-questions",
        ),
    ] {
        // Act
        let output = server()
            .arg("demo")
            .args(&args)
            .args(["--listen", "127.0.0.1:0", "--data"])
            .arg(dir.path().join("data"))
            .output()
            .unwrap();

        // Assert: refused before anything starts, naming the argument.
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(names), "{args:?}: {stderr}");
        assert!(!dir.path().join("data").exists(), "{args:?} made a store");
    }
}
