//! Issue 14.3: a store that cannot be used never passes silently. A
//! zero-length or table-less file, a foreign or damaged one and a log whose
//! events name what does not exist are refused at start, naming the file
//! (and the event's seq); `--new` sets such a store aside — never deletes
//! it — and refuses to touch a usable one.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use minuta_server::core::event::Event;
use minuta_server::store::{self, Damage, ReplayError, SetAside, StoreError};
use minuta_server::{ServerConfig, ServerError};
use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::play::chgk::ChgkEvent;
use minuta_shared::time::ServerTime;

fn at(s: u64) -> ServerTime {
    ServerTime(1_700_000_000_000_000 + s * 1_000_000)
}

fn initialised() -> Event {
    Event::Initialised {
        host_secret: "host".into(),
        display_secret: "display".into(),
        at: at(0),
    }
}

fn team(i: u32) -> Event {
    Event::TeamRegistered {
        team: TeamId(i),
        name: format!("Команда {i}"),
        town: "Тверь".into(),
        players: vec!["Аня".into(), "Борис".into(), "Вера".into(), "Глеб".into()],
        secret: format!("secret-{i}"),
    }
}

/// A store holding exactly `events`, closed again.
fn store_of(dir: &Path, events: Vec<Event>) {
    let (writer, stored) = store::open(dir).unwrap();
    assert!(stored.is_empty());
    let rx = writer.append(events.into_iter().map(|e| (1, e)).collect());
    rx.blocking_recv().unwrap().unwrap();
    writer.shutdown();
}

fn config(dir: &Path) -> ServerConfig {
    let mut config = ServerConfig::local(dir.join("data"));
    config.listen = "127.0.0.1:0".parse().unwrap();
    config.web_port = None;
    config
}

fn start_error(dir: &Path) -> StoreError {
    match minuta_server::spawn(config(dir)) {
        Err(ServerError::Store(e)) => e,
        Err(other) => panic!("expected a store error, got {other}"),
        Ok(_) => panic!("a damaged store was served"),
    }
}

/// The database files of `dir` whose names start with `prefix` (SQLite's
/// `-wal` and `-shm` side files left out).
fn named(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.starts_with(prefix) && !n.ends_with("-wal") && !n.ends_with("-shm")
            })
        })
        .collect();
    found.sort();
    found
}

#[test]
fn a_zero_length_store_is_refused_and_left_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let path = store::db_path(&data);
    std::fs::write(&path, b"").unwrap();
    for err in [
        store::open(&data).map(|_| ()).unwrap_err(),
        store::load(&data).map(|_| ()).unwrap_err(),
        start_error(dir.path()),
    ] {
        assert!(
            matches!(&err, StoreError::Damaged { damage: Damage::ZeroLength, path: p } if p == &path),
            "{err:?}"
        );
        let line = err.to_string();
        assert!(line.contains(&path.display().to_string()), "{line}");
        assert!(
            line.contains("empty (0 bytes)") && line.contains("--new"),
            "{line}"
        );
        assert!(!line.contains('\n'), "one line: {line}");
    }
    assert_eq!(std::fs::metadata(&path).unwrap().len(), 0, "untouched");
}

#[test]
fn an_sqlite_file_without_tables_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = store::db_path(dir.path());
    // A valid SQLite header, no tables (what `sqlite3 file 'VACUUM'` makes).
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("PRAGMA user_version = 7; VACUUM;")
        .unwrap();
    assert!(std::fs::metadata(&path).unwrap().len() > 0);
    let err = store::open(dir.path()).map(|_| ()).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Damaged {
                damage: Damage::NoTables,
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("no tables"), "{err}");
}

#[test]
fn a_write_ahead_log_without_its_database_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let wal = dir.path().join("minuta.sqlite3-wal");
    std::fs::write(&wal, b"frames of a game").unwrap();
    let err = store::open(dir.path()).map(|_| ()).unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Damaged {
                damage: Damage::WalWithoutDatabase { .. },
                ..
            }
        ),
        "{err:?}"
    );
    assert!(!store::db_path(dir.path()).exists(), "no new database made");
}

#[test]
fn a_damaged_page_is_refused_as_damage() {
    let dir = tempfile::tempdir().unwrap();
    store_of(dir.path(), vec![initialised(), team(1), team(2)]);
    let path = store::db_path(dir.path());
    let mut bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() >= 8192, "at least two pages");
    // Page 2 onwards (the tables' b-trees) overwritten with garbage.
    for b in &mut bytes[4096..] {
        *b = 0xA5;
    }
    std::fs::write(&path, &bytes).unwrap();
    let err = store::open(dir.path()).map(|_| ()).unwrap_err();
    assert!(err.is_damage(), "{err:?}");
    assert!(
        err.to_string().contains(&path.display().to_string()),
        "{err}"
    );
}

#[test]
fn an_event_naming_a_team_that_does_not_exist_fails_the_load_with_its_seq() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    // Hand-crafted: team 9 was never registered.
    store_of(
        &data,
        vec![
            initialised(),
            team(1),
            Event::Chgk(ChgkEvent::CardAccepted {
                question: QuestionId(0),
                team: TeamId(9),
                text: "Пушкин".into(),
                received_at: at(5),
                late: false,
            }),
        ],
    );
    let err = start_error(dir.path());
    // No question was ever added either: the first thing it names that
    // does not exist is reported.
    match &err {
        StoreError::Replay {
            seq: 3,
            kind: "chgk_card_accepted",
            problem:
                ReplayError::Missing {
                    what: "ChGK question id",
                    id: 0,
                    ..
                },
            ..
        } => {}
        other => panic!("expected a replay error at seq 3, got {other:?}"),
    }
    let line = err.to_string();
    assert!(
        line.contains("seq 3") && line.contains("minuta.sqlite3"),
        "{line}"
    );

    // The same log with the question there: now the team is what is missing.
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let package = minuta_shared::packages::parse_package(
        "t.4s",
        "## Тур 1\n\n? Вопрос.\n! Ответ.\n".as_bytes(),
    )
    .unwrap();
    let mut events = vec![initialised(), team(1)];
    events.extend(
        minuta_shared::play::chgk::ChgkGame::default()
            .handle_load_package(&package)
            .into_iter()
            .map(Event::Chgk),
    );
    let seq = events.len() as i64 + 1;
    events.push(Event::Chgk(ChgkEvent::CardAccepted {
        question: QuestionId(0),
        team: TeamId(9),
        text: "Пушкин".into(),
        received_at: at(5),
        late: false,
    }));
    store_of(&data, events);
    match start_error(dir.path()) {
        StoreError::Replay {
            seq: s,
            problem: ReplayError::NoSuchTeam(TeamId(9)),
            ..
        } if s == seq => {}
        other => panic!("expected team 9 at seq {seq}, got {other:?}"),
    }
    // Export refuses it too, rather than printing standings of a log that
    // was not played.
    let err = minuta_server::export::export(&data, minuta_server::export::ExportFormat::Json)
        .unwrap_err();
    assert!(err.to_string().contains("team 9"), "{err}");
}

#[test]
fn a_log_that_does_not_begin_with_initialised_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    store_of(&dir.path().join("data"), vec![team(1)]);
    match start_error(dir.path()) {
        StoreError::Replay {
            seq: 1,
            problem: ReplayError::NotInitialised,
            ..
        } => {}
        other => panic!("got {other:?}"),
    }
}

#[test]
fn new_sets_a_damaged_store_aside_and_refuses_a_usable_one() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(store::db_path(&data), b"").unwrap();

    let moved = match minuta_server::set_aside_damaged_store(&data).unwrap() {
        SetAside::Moved { to, why } => {
            assert!(matches!(why, StoreError::Damaged { .. }), "{why:?}");
            to
        }
        other => panic!("expected the store moved aside, got {other:?}"),
    };
    assert_eq!(named(&data, "minuta.sqlite3.broken-"), vec![moved.clone()]);
    assert!(!store::db_path(&data).exists());

    // A new store starts, with new secrets, beside the broken one.
    let server = minuta_server::spawn(config(dir.path())).unwrap();
    server.shutdown();
    assert!(moved.exists(), "the broken file is kept");
    let events = store::load(&data).unwrap();
    assert!(matches!(events.first(), Some(Event::Initialised { .. })));

    // Now the store is usable: --new refuses to touch it.
    match minuta_server::set_aside_damaged_store(&data) {
        Err(StoreError::NotDamaged { events: n, .. }) => assert_eq!(n, events.len()),
        other => panic!("expected NotDamaged, got {other:?}"),
    }
    assert_eq!(store::load(&data).unwrap(), events);

    // A log failing the replay check is damage too, kept with its WAL name.
    let dir = tempfile::tempdir().unwrap();
    store_of(dir.path(), vec![team(1)]);
    assert!(matches!(
        minuta_server::set_aside_damaged_store(dir.path()).unwrap(),
        SetAside::Moved {
            why: StoreError::Replay { .. },
            ..
        }
    ));
    let kept = named(dir.path(), "minuta.sqlite3.broken-");
    assert_eq!(kept.len(), 1, "{kept:?}");
    // The copy still reads with SQLite: nothing was lost.
    let rows: i64 = rusqlite::Connection::open(&kept[0])
        .unwrap()
        .query_row("SELECT count(*) FROM events", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 1);
}

#[test]
fn minuta_server_serve_refuses_a_zero_length_store_and_new_starts_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(store::db_path(&data), b"").unwrap();
    let certs = dir.path().join("certs");

    let refused = common::server()
        .args(["serve", "--listen", "127.0.0.1:0", "--certs"])
        .arg(&certs)
        .arg("--data")
        .arg(&data)
        .env("RUST_LOG", "off")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    let stdout = String::from_utf8_lossy(&refused.stdout);
    assert!(!stdout.contains("host:"), "no join codes: {stdout}");
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    assert!(
        stderr.contains("minuta.sqlite3") && stderr.contains("empty") && stderr.contains("--new"),
        "{stderr}"
    );

    let mut child = common::server()
        .args(["serve", "--new", "--listen", "127.0.0.1:0", "--certs"])
        .arg(&certs)
        .arg("--data")
        .arg(&data)
        .env("RUST_LOG", "off")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let host_line = BufReader::new(stdout)
        .lines()
        .map(|l| l.unwrap())
        .find(|l| l.starts_with("host:"));
    child.kill().unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(host_line.is_some(), "the new store is served");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("--new: the store was unusable"), "{stderr}");
    assert_eq!(named(&data, "minuta.sqlite3.broken-").len(), 1);
}
