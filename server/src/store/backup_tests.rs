//! Tests of `backup.rs`: a copy taken while a writer is live restores to
//! exactly the events stored, a restore refuses what a server could not
//! serve and never replaces a store, and no temporary file is left behind.

// Tests may panic on the unexpected: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

use minuta_shared::ids::TeamId;
use minuta_shared::packages::media::{MediaHash, MediaKind};
use rusqlite::Connection;

use super::*;
use crate::core::event::Event;
use crate::store::{SCHEMA_VERSION, StoreWriter, load, open};

fn team(i: u32) -> Event {
    Event::TeamRegistered {
        team: TeamId(i),
        name: format!("Команда {i}"),
        town: "Казань".into(),
        players: vec!["Аня".into(), "Борис".into()],
        secret: format!("s{i}"),
    }
}

fn picture() -> Event {
    let bytes = b"\x89PNG\r\n\x1a\npicture of the handout".to_vec();
    Event::Media {
        hash: MediaHash::of(&bytes),
        kind: MediaKind::Png,
        bytes: Arc::new(bytes),
    }
}

fn append(writer: &StoreWriter, events: Vec<Event>) {
    let batch = events.into_iter().map(|e| (1_000, e)).collect();
    writer
        .append(batch)
        .blocking_recv()
        .unwrap_or(Err(StoreError::Closed))
        .unwrap();
}

/// A store in `dir` holding `events`, its writer still open (as a server's).
fn live_store(dir: &Path, events: &[Event]) -> StoreWriter {
    let (writer, _) = open(dir).unwrap();
    for event in events {
        append(&writer, vec![event.clone()]);
    }
    writer
}

/// The names in a folder.
fn names(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

/// A backup of a store holding `events`, written to `file`.
fn backup_file(events: &[Event], file: &Path) {
    let dir = tempfile::tempdir().unwrap();
    let writer = live_store(dir.path(), events);
    std::fs::write(file, backup(dir.path()).unwrap()).unwrap();
    writer.shutdown();
}

fn restore_problem(result: Result<(), BackupError>) -> RestoreProblem {
    match result {
        Err(BackupError::NotRestorable { problem, .. }) => problem,
        other => panic!("expected NotRestorable, got {other:?}"),
    }
}

#[test]
fn a_backup_of_a_live_store_restores_to_exactly_its_events() {
    // Arrange: a server's store, its writer open, a picture among the events.
    let live = tempfile::tempdir().unwrap();
    let mut events: Vec<Event> = (1..=40).map(team).collect();
    events.insert(7, picture());
    let writer = live_store(live.path(), &events);
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("evening.minuta-backup");
    let restored = elsewhere.path().join("restored-data");

    // Act
    let bytes = backup(live.path()).unwrap();
    std::fs::write(&file, &bytes).unwrap();
    restore(&file, &restored).unwrap();

    // Assert: the same events, pictures' bytes included; one file, no log
    // needed beside it; and a server can go on appending to it.
    assert!(bytes.starts_with(b"SQLite format 3\0"));
    // The file format's read and write versions: 1, a rollback-journal
    // database that is whole on its own (2 would be WAL mode).
    assert_eq!(bytes[18..20], [1, 1]);
    assert_eq!(load(&restored).unwrap(), events);
    assert_eq!(load(&restored).unwrap(), load(live.path()).unwrap());
    assert!(!restored.join("minuta.sqlite3-wal").exists());
    writer.shutdown();
    let (again, replayed) = open(&restored).unwrap();
    assert_eq!(replayed, events);
    append(&again, vec![team(41)]);
    again.shutdown();
    assert_eq!(load(&restored).unwrap().len(), events.len() + 1);
}

#[test]
fn a_backup_taken_while_events_are_being_appended_is_a_committed_prefix() {
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    // Arrange: a writer appending batches of two on its own thread until
    // told to stop, so every backup below is taken mid-write.
    let live = tempfile::tempdir().unwrap();
    let writer = live_store(live.path(), &[team(1)]);
    let stop = Arc::new(AtomicBool::new(false));
    let batches = Arc::new(AtomicU32::new(0));
    let appending = std::thread::spawn({
        let (stop, batches) = (stop.clone(), batches.clone());
        move || {
            let mut i = 2;
            while !stop.load(Ordering::Relaxed) {
                append(&writer, vec![team(i), team(100_000 + i)]);
                batches.fetch_add(1, Ordering::Relaxed);
                i += 1;
            }
            writer
        }
    });
    let elsewhere = tempfile::tempdir().unwrap();

    // Act: backups while it writes, each restored into a folder of its own.
    let mut restored = Vec::new();
    for n in 0..4 {
        while batches.load(Ordering::Relaxed) < 10 * (n + 1) {
            std::thread::yield_now();
        }
        let file = elsewhere.path().join(format!("backup-{n}"));
        std::fs::write(&file, backup(live.path()).unwrap()).unwrap();
        let dir = elsewhere.path().join(format!("data-{n}"));
        restore(&file, &dir).unwrap();
        restored.push(load(&dir).unwrap());
    }
    stop.store(true, Ordering::Relaxed);
    appending.join().unwrap().shutdown();

    // Assert: each copy is the log as committed at some moment — whole
    // batches, in order, nothing from outside it — and later copies hold
    // more of it.
    let all = load(live.path()).unwrap();
    let mut previous = 0;
    for (n, events) in restored.iter().enumerate() {
        assert!(events.len() > 20 * (n + 1), "copy {n}: {}", events.len());
        assert_eq!(events.len() % 2, 1, "copy {n}: a batch was cut in two");
        assert_eq!(events[..], all[..events.len()], "copy {n}");
        assert!(events.len() >= previous);
        previous = events.len();
    }
}

#[test]
fn backup_leaves_no_temporary_file_in_the_data_folder() {
    // Arrange
    let live = tempfile::tempdir().unwrap();
    let writer = live_store(live.path(), &[team(1), team(2)]);
    let before = names(live.path());

    // Act
    let bytes = backup(live.path()).unwrap();

    // Assert
    assert!(!bytes.is_empty());
    assert_eq!(names(live.path()), before);
    writer.shutdown();
}

#[test]
fn a_backup_of_a_folder_without_a_store_fails_and_leaves_nothing() {
    // Arrange
    let empty = tempfile::tempdir().unwrap();

    // Act
    let result = backup(empty.path());

    // Assert: the store's own error, naming the file; nothing made.
    match result {
        Err(e @ BackupError::Store(_)) => assert!(e.to_string().contains("minuta.sqlite3"), "{e}"),
        other => panic!("expected the store's error, got {other:?}"),
    }
    assert!(names(empty.path()).is_empty());
}

#[test]
fn a_temporary_file_is_removed_when_dropped_unless_placed() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    let dropped = TempFile::create(dir.path(), "backup", FileStep::MakeBackupFile).unwrap();
    let mut kept = TempFile::create(dir.path(), "restore", FileStep::WriteStore).unwrap();
    let (dropped_path, kept_path) = (dropped.path.clone(), kept.path.clone());
    assert_ne!(dropped_path, kept_path);
    assert!(dropped_path.exists() && kept_path.exists());

    // Act
    drop(dropped);
    kept.placed();
    drop(kept);

    // Assert
    assert!(!dropped_path.exists());
    assert!(kept_path.exists());
}

#[test]
fn restore_refuses_a_file_that_is_not_sqlite_and_creates_nothing() {
    // Arrange
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("protocol.pdf");
    std::fs::write(&file, b"%PDF-1.7\n% not a store at all\n").unwrap();
    let data = elsewhere.path().join("new-data");

    // Act
    let result = restore(&file, &data);

    // Assert
    let line = match &result {
        Err(e) => e.to_string(),
        Ok(()) => String::new(),
    };
    assert_eq!(restore_problem(result), RestoreProblem::NotSqlite);
    assert!(
        line.contains("protocol.pdf") && line.contains("not an SQLite database"),
        "{line}"
    );
    assert!(!data.exists());
}

#[test]
fn restore_refuses_an_empty_file() {
    // Arrange
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("truncated");
    std::fs::write(&file, b"").unwrap();
    let data = elsewhere.path().join("new-data");

    // Act
    let result = restore(&file, &data);

    // Assert
    assert_eq!(
        restore_problem(result),
        RestoreProblem::Damaged(Damage::ZeroLength)
    );
    assert!(!data.exists());
}

#[test]
fn restore_refuses_another_programs_sqlite_database() {
    // Arrange
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("address-book.sqlite");
    let foreign = Connection::open(&file).unwrap();
    foreign
        .execute_batch("CREATE TABLE people(name TEXT); INSERT INTO people VALUES ('Аня');")
        .unwrap();
    drop(foreign);
    let data = elsewhere.path().join("new-data");

    // Act
    let result = restore(&file, &data);

    // Assert
    match restore_problem(result) {
        RestoreProblem::NotMinuta(why) => assert!(why.contains("people"), "{why}"),
        other => panic!("expected NotMinuta, got {other:?}"),
    }
    assert!(!data.exists());
}

#[test]
fn restore_refuses_a_store_of_a_newer_schema() {
    // Arrange: a real backup whose schema_version says a newer Minuta wrote it.
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("from-the-future");
    backup_file(&[team(1)], &file);
    let edit = Connection::open(&file).unwrap();
    edit.execute(
        "UPDATE meta SET value = ?1 WHERE key = 'schema_version'",
        [(SCHEMA_VERSION + 1).to_string()],
    )
    .unwrap();
    drop(edit);
    let data = elsewhere.path().join("new-data");

    // Act
    let result = restore(&file, &data);

    // Assert
    match restore_problem(result) {
        RestoreProblem::TooNew {
            found, supported, ..
        } => assert_eq!((found, supported), (SCHEMA_VERSION + 1, SCHEMA_VERSION)),
        other => panic!("expected TooNew, got {other:?}"),
    }
    assert!(!data.exists());
}

#[test]
fn restore_refuses_a_store_whose_events_do_not_read() {
    // Arrange: a backup with a row edited by hand into nonsense.
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("edited");
    backup_file(&[team(1), team(2)], &file);
    let edit = Connection::open(&file).unwrap();
    edit.execute("UPDATE events SET body = 'not json' WHERE seq = 2", [])
        .unwrap();
    drop(edit);
    let data = elsewhere.path().join("new-data");

    // Act
    let result = restore(&file, &data);

    // Assert
    assert!(matches!(
        restore_problem(result),
        RestoreProblem::Corrupt { seq: 2, .. }
    ));
    assert!(!data.exists());
}

#[test]
fn restore_refuses_a_store_file_whose_write_ahead_log_holds_events() {
    // Arrange: a live server's file, as if copied without its log.
    let live = tempfile::tempdir().unwrap();
    let writer = live_store(live.path(), &[team(1)]);
    let file = schema::db_path(live.path());
    assert!(std::fs::metadata(schema::wal_path(&file)).unwrap().len() > 0);
    let elsewhere = tempfile::tempdir().unwrap();
    let data = elsewhere.path().join("new-data");

    // Act
    let result = restore(&file, &data);

    // Assert
    assert!(matches!(
        restore_problem(result),
        RestoreProblem::WalBeside { .. }
    ));
    assert!(!data.exists());
    writer.shutdown();
}

#[test]
fn restore_never_replaces_a_store_already_in_the_data_folder() {
    // Arrange: a data folder with a tournament in it, and a good backup.
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("backup");
    backup_file(&[team(7)], &file);
    let data = tempfile::tempdir().unwrap();
    let writer = live_store(data.path(), &[team(1), team(2)]);
    writer.shutdown();
    let store = schema::db_path(data.path());
    let bytes_before = std::fs::read(&store).unwrap();
    let names_before = names(data.path());

    // Act
    let result = restore(&file, data.path());

    // Assert: refused, naming the store; not a byte or a name changed.
    match result {
        Err(e @ BackupError::StoreThere { .. }) => {
            let line = e.to_string();
            assert!(
                line.contains(&store.display().to_string()) && line.contains("already holds"),
                "{line}"
            );
        }
        other => panic!("expected StoreThere, got {other:?}"),
    }
    assert_eq!(std::fs::read(&store).unwrap(), bytes_before);
    assert_eq!(names(data.path()), names_before);
    assert_eq!(load(data.path()).unwrap(), vec![team(1), team(2)]);
}

#[test]
fn restore_refuses_a_folder_holding_only_a_stores_write_ahead_log() {
    // Arrange: the log of a store whose database file is gone.
    let elsewhere = tempfile::tempdir().unwrap();
    let file = elsewhere.path().join("backup");
    backup_file(&[team(7)], &file);
    let data = tempfile::tempdir().unwrap();
    let wal = schema::wal_path(&schema::db_path(data.path()));
    std::fs::write(&wal, b"frames of another store").unwrap();

    // Act
    let result = restore(&file, data.path());

    // Assert
    assert!(matches!(result, Err(BackupError::StoreThere { path }) if path == wal));
    assert!(!schema::db_path(data.path()).exists());
}
