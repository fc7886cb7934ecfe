//! The rating site's files through the CLI (docs/running-a-game.md, «Rating site»):
//! `teams import` previews, applies all or nothing and a second time
//! changes nothing; a store of the previous release takes an import and
//! keeps its names; and from a played ChGK demo the three exports
//! (`rating-csv`, `rating-roster`, `rating-json`) come out whole, the
//! roster importing back into the same teams and players.

use crate::common;

use std::path::Path;
use std::time::Duration;

use minuta_server::core::{Core, ServerInfo};
use minuta_server::store;
use minuta_shared::export::rating::{RatingMember, RatingResults};
use minuta_shared::export::rating_cells::RatingCells;
use minuta_shared::roster::PlayerFlag;

use common::{run, server, stdout_ok};

/// Two teams of four as the rating site gives its roster (CSV, no header).
const ROSTER: &str = include_str!("../../shared/tests/fixtures/roster.csv");

/// `minuta-server teams import FILE --data DATA [--apply]` in English.
fn import(file: &Path, data: &Path, apply: bool) -> std::process::Output {
    let mut command = server();
    command
        .args(["teams", "import"])
        .arg(file)
        .arg("--data")
        .arg(data)
        .env("LANG", "C.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    if apply {
        command.arg("--apply");
    }
    command.output().unwrap()
}

fn events(data: &Path) -> usize {
    store::load(data).unwrap().len()
}

fn core_of(data: &Path) -> Core {
    let mut core = Core::new(ServerInfo::default());
    core.replay(&store::load(data).unwrap());
    core
}

#[test]
fn teams_import_previews_then_applies_and_a_second_import_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (file, data) = (dir.path().join("roster.csv"), dir.path().join("data"));
    std::fs::write(&file, ROSTER).unwrap();

    // The preview alone changes nothing, not even a store made.
    let preview = stdout_ok(&import(&file, &data, false), "preview");
    assert!(preview.contains("New (2):"), "{preview}");
    assert!(
        preview.contains("«Знатоки» (Москва; id 101): Иванов Иван (К), Петров Пётр (Б)"),
        "{preview}"
    );
    assert!(
        preview.contains("To import, run again with --apply."),
        "{preview}"
    );
    assert!(!store::db_path(&data).exists());

    let applied = stdout_ok(&import(&file, &data, true), "apply");
    assert!(applied.contains("Imported."), "{applied}");
    let stored = events(&data);
    let core = core_of(&data);
    let znatoki = core.registry().teams.values().next().unwrap();
    assert_eq!(znatoki.rating_id, Some(101));
    assert_eq!(znatoki.players[0], "Иванов Иван");
    assert_eq!(znatoki.site_players[0].patronymic, "Иванович");
    assert_eq!(znatoki.site_players[3].flag, Some(PlayerFlag::Legionnaire));

    // The same file again: unchanged, nothing stored.
    let again = stdout_ok(&import(&file, &data, true), "again");
    assert!(again.contains("Unchanged (2):"), "{again}");
    assert!(again.contains("The import changes nothing."), "{again}");
    assert_eq!(events(&data), stored);
}

#[test]
fn a_file_with_one_bad_row_imports_nothing_and_says_the_line_in_the_persons_language() {
    let dir = tempfile::tempdir().unwrap();
    let (file, data) = (dir.path().join("roster.csv"), dir.path().join("data"));
    std::fs::write(&file, ROSTER).unwrap();
    stdout_ok(&import(&file, &data, true), "first import");
    let stored = events(&data);

    // A new team, and a player moved; but line 6 has two captains.
    let bad = format!(
        "{}303,Новички,Омск,Б,6001,Орлов,Олег,\n",
        ROSTER.replace("202,Ёжики,Тверь,Б,5012", "202,Ёжики,Тверь,К,5012")
    );
    std::fs::write(&file, bad).unwrap();
    let output = import(&file, &data, true);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("line 6: a second captain (К) in team «Ёжики»"),
        "{stderr}"
    );
    assert!(stderr.contains("Nothing was imported"), "{stderr}");
    assert_eq!(events(&data), stored, "all or nothing");

    // In Russian where the locale is Russian.
    let output = server()
        .args(["teams", "import"])
        .arg(&file)
        .arg("--data")
        .arg(&data)
        .env("LANG", "ru_RU.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("строка 6: второй капитан (К) в команде «Ёжики»"),
        "{stdout}"
    );
    assert!(stdout.contains("Новые (1):"), "{stdout}");

    // A file that is no file of teams: one line, exit 2.
    std::fs::write(&file, b"").unwrap();
    let output = import(&file, &data, false);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8(output.stderr)
            .unwrap()
            .contains("the file is empty")
    );
}

#[test]
fn the_rosters_xlsx_fixture_is_read_and_its_bad_row_told_by_its_row() {
    let dir = tempfile::tempdir().unwrap();
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tests/fixtures/roster.xlsx");
    let output = import(&fixture, &dir.path().join("data"), false);
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(stdout.contains("the rating site's roster"), "{stdout}");
    assert!(stdout.contains("line 8: flag «Х»"), "{stdout}");
}

/// Issue 38: a team with two Борис Семёнов, a captain and a base player.
const NAMESAKES: &str = "\
50126,Южные кони,Москва,К,102154,Семёнов,Борис,Сергеевич
50126,Южные кони,Москва,Б,102179,Семёнов,Борис,Ильич
50126,Южные кони,Москва,Б,102200,Орлова,Вера,Павловна
50126,Южные кони,Москва,Л,102201,Зайцев,Олег,
";

#[test]
fn namesakes_stay_two_players_from_the_roster_through_the_store_every_export_and_back() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    let (file, data) = (dir.path().join("roster.csv"), dir.path().join("data"));
    std::fs::write(&file, NAMESAKES).unwrap();

    // Act: imported, then — the server stopped — exported from the store.
    let applied = stdout_ok(&import(&file, &data, true), "apply");
    let export =
        |format: &str, data: &Path| stdout_ok(&run(&["export", "--format", format], data), format);
    let roster = export("rating-roster", &data);
    let json = export("rating", &data);

    // Assert: the preview, every screen and every file tell them apart.
    assert!(
        applied.contains(
            "«Южные кони» (Москва; id 50126): Семёнов Борис С. (К), Семёнов Борис И. (Б), \
             Орлова Вера (Б), Зайцев Олег (Л)"
        ),
        "{applied}"
    );
    let core = core_of(&data);
    let team = core.registry().teams.values().next().unwrap();
    assert_eq!(team.players[..2], ["Семёнов Борис С.", "Семёнов Борис И."]);
    assert_eq!(roster, NAMESAKES);
    let members: RatingResults = serde_json::from_str(&json).unwrap();
    let ids: Vec<Option<u32>> = members.results[0]
        .team_members
        .iter()
        .map(|m| match m {
            RatingMember::Site { player, .. } => player.id,
            RatingMember::Typed { .. } => None,
        })
        .collect();
    assert_eq!(ids, [102154, 102179, 102200, 102201].map(Some));

    // The same file again changes nothing; each export, imported into a
    // new store, gives the same people with the same ids and flags.
    let stored = events(&data);
    let again = stdout_ok(&import(&file, &data, true), "again");
    assert!(again.contains("The import changes nothing."), "{again}");
    assert_eq!(events(&data), stored);
    for (name, text) in [("roster.csv", &roster), ("rating.json", &json)] {
        let (file, fresh) = (
            dir.path().join(name),
            dir.path().join(format!("from-{name}")),
        );
        std::fs::write(&file, text).unwrap();
        stdout_ok(&import(&file, &fresh, true), name);
        assert_eq!(export("rating-roster", &fresh), NAMESAKES, "{name}");
    }
}

#[test]
fn a_schema_6_store_of_namesakes_keeps_both_people_and_the_roster_tells_them_apart() {
    // Arrange: a store as the previous release left it after importing
    // the namesakes: the one name twice, the records found by names, the
    // old event shape, schema 6.
    let dir = tempfile::tempdir().unwrap();
    let (file, data) = (dir.path().join("teams.csv"), dir.path().join("data"));
    std::fs::write(&file, "Старожилы,Казань,Аня Б,Борис В,Вера Г,Глеб Д\n").unwrap();
    stdout_ok(&import(&file, &data, true), "a store begun");
    let previous = [
        r#"{"TeamRegistered":{"team":2,"name":"Южные кони","town":"Москва","players":["Семёнов Борис","Семёнов Борис","Орлова Вера","Зайцев Олег"],"secret":"s9"}}"#,
        r#"{"TeamRatingId":{"team":2,"rating_id":50126}}"#,
        r#"{"TeamSitePlayers":{"team":2,"players":[
            {"id":102154,"surname":"Семёнов","name":"Борис","patronymic":"Сергеевич","flag":"Captain"},
            {"id":102179,"surname":"Семёнов","name":"Борис","patronymic":"Ильич","flag":"Base"},
            {"id":102200,"surname":"Орлова","name":"Вера","patronymic":"Павловна","flag":"Base"},
            {"id":102201,"surname":"Зайцев","name":"Олег","patronymic":"","flag":"Legionnaire"}]}}"#,
    ];
    let (writer, _) = store::open(&data).unwrap();
    let old: Vec<(u64, minuta_server::core::Event)> = previous
        .iter()
        .map(|json| (5, serde_json::from_str(json).unwrap()))
        .collect();
    writer.append(old).blocking_recv().unwrap().unwrap();
    writer.shutdown();
    let conn = rusqlite::Connection::open(store::db_path(&data)).unwrap();
    conn.execute(
        "UPDATE meta SET value = '6' WHERE key = 'schema_version'",
        [],
    )
    .unwrap();
    drop(conn);

    // Act: exported as it is; then the roster imported over it.
    let before = stdout_ok(
        &run(&["export", "--format", "rating-roster"], &data),
        "export",
    );
    std::fs::write(&file, NAMESAKES).unwrap();
    let applied = stdout_ok(&import(&file, &data, true), "the roster over the old store");

    // Assert: both people with their ids from the start; the import only
    // tells their names apart, and the store is of this release now.
    assert!(before.ends_with(NAMESAKES), "{before}");
    assert!(applied.contains("Changed (1):"), "{applied}");
    let core = core_of(&data);
    let team = core.registry().teams.values().nth(1).unwrap();
    assert_eq!(team.players[..2], ["Семёнов Борис С.", "Семёнов Борис И."]);
    let after = stdout_ok(
        &run(&["export", "--format", "rating-roster"], &data),
        "export",
    );
    assert_eq!(after, before);
    let version: String = rusqlite::Connection::open(store::db_path(&data))
        .unwrap()
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(version, store::SCHEMA_VERSION.to_string());
}

#[test]
fn a_store_of_the_previous_release_keeps_its_names_and_takes_an_import() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // A store as the previous release left it: a team typed by hand,
    // schema 5.
    let file = dir.path().join("teams.csv");
    std::fs::write(&file, "Старожилы,Казань,Аня Б,Борис В,Вера Г,Глеб Д\n").unwrap();
    stdout_ok(&import(&file, &data, true), "a plain team");
    let conn = rusqlite::Connection::open(store::db_path(&data)).unwrap();
    conn.execute(
        "UPDATE meta SET value = '5' WHERE key = 'schema_version'",
        [],
    )
    .unwrap();
    drop(conn);

    std::fs::write(&file, ROSTER).unwrap();
    stdout_ok(&import(&file, &data, true), "the roster over the old store");
    let core = core_of(&data);
    let teams: Vec<_> = core.registry().teams.values().collect();
    assert_eq!(teams.len(), 3);
    assert_eq!(teams[0].players, ["Аня Б", "Борис В", "Вера Г", "Глеб Д"]);
    assert!(teams[0].site_players.is_empty(), "names stay as entered");
    assert_eq!(teams[1].site_players.len(), 4);
    let version: String = rusqlite::Connection::open(store::db_path(&data))
        .unwrap()
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(version, store::SCHEMA_VERSION.to_string());
}

#[test]
fn a_played_demo_gives_the_three_rating_files_and_its_roster_imports_back() {
    let dir = tempfile::tempdir().unwrap();
    // The ChGK demo played to its end in process on virtual time.
    common::play_demo_on_virtual_time(
        dir.path(),
        minuta_server::demo::DemoGame::Chgk,
        Duration::from_secs(1),
        Duration::from_secs(3_600),
    );
    let data = dir.path().join("data");
    let export =
        |format: &str, data: &Path| stdout_ok(&run(&["export", "--format", format], data), format);
    let core = core_of(&data);
    let teams = core.registry().teams.len();
    assert!(teams >= 2);

    // rating-csv: a row per team per tour; cells 1, 0 or blank.
    let csv = export("rating-csv", &data);
    let rows: Vec<Vec<&str>> = csv.lines().map(|l| l.split(',').collect()).collect();
    assert!(!rows.is_empty());
    assert_eq!(rows.len() % teams, 0, "{csv}");
    let tours = rows.len() / teams;
    for row in &rows {
        assert!(row.len() > 4, "{row:?}");
        let tour: usize = row[3].parse().unwrap();
        assert!((1..=tours).contains(&tour), "{row:?}");
        assert!(
            row[4..].iter().all(|c| ["1", "0", ""].contains(c)),
            "{row:?}"
        );
    }
    assert!(rows.iter().any(|r| r[4..].contains(&"1")));

    // rating-json: every played question of every team.
    // Reading it checks the keys run "1", "2", … in order.
    let json: RatingCells = serde_json::from_str(&export("rating-json", &data)).unwrap();
    assert_eq!(json.teams.len(), teams);
    let questions: usize = rows.iter().take(tours).map(|r| r.len() - 4).sum();
    for team in &json.teams {
        assert_eq!(team.questions.0.len(), questions, "{team:?}");
    }

    // rating-roster: imported into a new store, the same teams and players.
    let roster = export("rating-roster", &data);
    let file = dir.path().join("roster.csv");
    std::fs::write(&file, &roster).unwrap();
    let fresh = dir.path().join("fresh");
    stdout_ok(
        &import(&file, &fresh, true),
        "import of the exported roster",
    );
    assert_eq!(export("rating-roster", &fresh), roster);
    let again = core_of(&fresh);
    let names = |core: &Core| -> Vec<(String, String, Vec<String>)> {
        core.registry()
            .teams
            .values()
            .filter(|t| !t.players.is_empty())
            .map(|t| (t.name.clone(), t.town.clone(), t.players.clone()))
            .collect()
    };
    assert_eq!(names(&again), names(&core));
}
