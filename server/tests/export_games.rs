//! `minuta-server export` and the programme's games: the JSON's `games`
//! (id, name, format, live standings), `--format sheet --game ID` (the
//! game's scoresheet, which `score` turns into the same standings), and
//! the refusals — a sheet without `--game`, `--game` with csv or json, a game
//! not in the programme — each one line on stderr, nothing on stdout, exit
//! code ≠ 0. The store is written through the core, as the driver does.

use crate::common;

use std::path::Path;
use std::process::{Command as Process, Output};

use minuta_shared::export::event::{
    EventExport, FestivalPlaceExport, FestivalTableExport, GameExport,
};
use minuta_shared::export::score::ScoreLine;
use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::games::{GameCommand, GameSettings};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    MultigamesCommand as M, MultigamesSettings, TaskDraft, TaskId, TourNo,
};
use minuta_shared::wire::client::Command;
use serde_json::{Value, json};

use common::hall::Hall;

impl Hall {
    /// A new store with `teams` registered.
    fn with_teams(teams: &[&str]) -> Self {
        let mut hall = Hall::new();
        for name in teams {
            hall.host(Command::RegisterTeam {
                rating_id: None,
                name: (*name).into(),
                town: "Город".into(),
                players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
            });
        }
        hall
    }

    fn game(&mut self, who: Identity, command: M) {
        self.act(
            who,
            Command::Game {
                game: GameId(2),
                command: GameCommand::Multigames(command),
            },
        );
    }
}

fn credit(text: &str) -> Credit {
    Credit::parse(text).unwrap()
}

/// «Мультиигры» with one task of 3 points: Альфа gets 1.5, Бета 3, Гамма
/// nothing handed in.
fn played_store(dir: &Path) {
    played_store_with(dir, ["1.5", "3"]);
}

/// As [`played_store`], with Альфа's and Бета's credits.
fn played_store_with(dir: &Path, credits: [&str; 2]) {
    let mut hall = Hall::with_teams(&["Альфа", "Бета", "Гамма"]);
    hall.act(
        Identity::Host,
        Command::AddGame {
            name: "Мультиигры".into(),
            settings: GameSettings::Multigames(MultigamesSettings::default()),
        },
    );
    hall.game(
        Identity::Host,
        M::AddTour {
            title: "Ребусы".into(),
        },
    );
    hall.game(
        Identity::Host,
        M::AddTask {
            tour: TourNo(0),
            task: TaskDraft {
                title: "Ребус".into(),
                text: "«100Л» и «7Я»".into(),
                answer: "Стол, семья".into(),
                comment: String::new(),
                points: credit("3"),
                seconds: 60,
            },
        },
    );
    let task = TaskId(0);
    hall.game(Identity::Host, M::Announce { task });
    hall.game(Identity::Host, M::Start { task });
    hall.wait(10_000);
    for (team, text) in [(1, "Стол"), (2, "Стол, семья")] {
        hall.game(
            Identity::Team(TeamId(team)),
            M::Answer {
                task,
                text: text.into(),
            },
        );
    }
    hall.wait(60_000);
    for (team, points) in [(1, credits[0]), (2, credits[1])] {
        hall.game(
            Identity::Host,
            M::Award {
                task,
                team: TeamId(team),
                points: credit(points),
            },
        );
    }
    hall.game(Identity::Host, M::Reveal { task });
    hall.store(dir);
}

fn export(data: &Path, args: &[&str]) -> Output {
    Process::new(env!("CARGO_BIN_EXE_minuta-server"))
        .arg("export")
        .arg("--data")
        .arg(data)
        .args(args)
        .output()
        .unwrap()
}

fn ok(output: &Output) -> String {
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// A refusal: exit code ≠ 0, nothing on stdout, one line on stderr.
fn refused(output: &Output) -> String {
    assert_ne!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty(), "{:?}", output.stdout);
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr
}

#[test]
fn export_6_json_lists_each_game_with_its_live_standings() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    played_store(dir.path());

    // Act
    let json: EventExport = serde_json::from_str(&ok(&export(dir.path(), &[]))).unwrap();

    // Assert: today's fields stay; the game is listed with its standings.
    assert_eq!(json.format, "chgk");
    assert_eq!(json.teams, 3);
    assert_eq!(
        json.games,
        [GameExport {
            id: 2,
            name: "Мультиигры".into(),
            format: "multigames".into(),
            standings: json!([
                {"team": "Бета", "place": "1", "points": 3},
                {"team": "Альфа", "place": "2", "points": 1.5},
                {"team": "Гамма", "place": "3", "points": 0},
            ]),
        }]
    );
}

#[test]
fn export_6_sheet_of_a_game_scores_to_its_exported_standings() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    played_store(dir.path());
    let json: EventExport = serde_json::from_str(&ok(&export(dir.path(), &[]))).unwrap();

    // Act: the sheet to a file, then `score` on it.
    let sheet = dir.path().join("sheet.json");
    let out = sheet.to_str().unwrap();
    ok(&export(
        dir.path(),
        &["--format", "sheet", "--game", "2", "--out", out],
    ));
    let scored = Process::new(env!("CARGO_BIN_EXE_minuta-server"))
        .arg("score")
        .arg(&sheet)
        .output()
        .unwrap();

    // Assert: pretty JSON of the multigames sheet; the same standings.
    let text = std::fs::read_to_string(&sheet).unwrap();
    assert!(text.lines().count() > 5, "pretty: {text}");
    let parsed: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(parsed["format"], "multigames");
    assert_eq!(parsed["teams"], json!(["Альфа", "Бета", "Гамма"]));
    let scored: ScoreLine = serde_json::from_str(&ok(&scored)).unwrap();
    assert_eq!(scored.standings, json.games[0].standings);
}

#[test]
fn export_sheet_without_game_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    played_store(dir.path());

    let stderr = refused(&export(dir.path(), &["--format", "sheet"]));

    assert!(stderr.contains("--game"), "{stderr}");
}

#[test]
fn export_game_with_csv_or_json_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    played_store(dir.path());

    for format in ["csv", "json"] {
        let stderr = refused(&export(dir.path(), &["--format", format, "--game", "1"]));

        assert!(stderr.contains("--game is for --format sheet"), "{stderr}");
    }
}

#[test]
fn export_sheet_of_an_unknown_game_names_the_games_there_are() {
    let dir = tempfile::tempdir().unwrap();
    played_store(dir.path());

    let stderr = refused(&export(dir.path(), &["--format", "sheet", "--game", "7"]));

    assert!(stderr.contains("no game 7"), "{stderr}");
    assert!(stderr.contains("2 «Мультиигры»"), "{stderr}");
}

#[test]
fn export_sheet_from_a_store_without_games_says_it_has_none() {
    // Arrange: teams, no game.
    let dir = tempfile::tempdir().unwrap();
    Hall::with_teams(&["Альфа"]).store(dir.path());

    // Act
    let stderr = refused(&export(dir.path(), &["--format", "sheet", "--game", "1"]));

    // Assert
    assert!(
        stderr.contains("no game 1") && stderr.contains("it has none"),
        "{stderr}"
    );
}

#[test]
fn export_2_2_festival_places_every_team_of_every_tournament_with_prizes() {
    // Arrange: Альфа and Бета level on 1.5 points; Гамма handed in nothing.
    let dir = tempfile::tempdir().unwrap();
    played_store_with(dir.path(), ["1.5", "1.5"]);

    // Act
    let json: EventExport = serde_json::from_str(&ok(&export(dir.path(), &[]))).unwrap();

    // Assert: one tournament begun (no ChGK played, no Brain-ring); level
    // teams share 1st–2nd and both take the first prize; 3rd is a prize.
    let place = |team: &str, place: &str, prize| FestivalPlaceExport {
        team: team.into(),
        place: place.into(),
        prize: Some(prize),
    };
    assert_eq!(
        json.festival,
        [FestivalTableExport {
            name: "Мультиигры".into(),
            format: "multigames".into(),
            places: vec![
                place("Альфа", "1-2", 1),
                place("Бета", "1-2", 1),
                place("Гамма", "3", 3),
            ],
        }]
    );
}

#[test]
fn export_2_2_a_store_without_a_festival_has_an_empty_festival() {
    // Arrange: teams only, nothing played.
    let dir = tempfile::tempdir().unwrap();
    Hall::with_teams(&["Альфа", "Бета"]).store(dir.path());

    // Act
    let json: EventExport = serde_json::from_str(&ok(&export(dir.path(), &[]))).unwrap();

    // Assert
    assert!(json.festival.is_empty(), "{:?}", json.festival);
}
