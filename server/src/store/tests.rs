//! Tests that need the store's insides: the writer connection's pragmas,
//! short busy timeouts to provoke failed commits, the data-directory lock.
//! Public-API behaviour is tested in `server/tests/store.rs`.

// Tests may panic on the unexpected: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use minuta_shared::ids::TeamId;
use rusqlite::Connection;

use super::*;

fn team(i: u32) -> Event {
    Event::TeamRegistered {
        team: TeamId(i),
        name: format!("Команда {i}"),
        town: "Казань".into(),
        players: vec!["Аня".into(), "Борис".into()],
        secret: format!("s{i}"),
    }
}

/// Options with a short busy timeout, to provoke lock failures quickly.
fn quick(ms: u64) -> OpenOptions {
    OpenOptions {
        busy_timeout: Duration::from_millis(ms),
        ..OpenOptions::default()
    }
}

fn wait(rx: tokio::sync::oneshot::Receiver<Result<(), StoreError>>) -> Result<(), StoreError> {
    rx.blocking_recv().unwrap_or(Err(StoreError::Closed))
}

#[test]
fn wal_and_synchronous_full_are_in_effect_on_the_writer_connection() {
    let dir = tempfile::tempdir().unwrap();
    let path = schema::db_path(dir.path());
    // The very function `open` hands to the writer thread.
    let conn = schema::open_rw(&path, OpenOptions::default(), false).unwrap();
    let mode: String = conn
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    let sync: i64 = conn
        .pragma_query_value(None, "synchronous", |r| r.get(0))
        .unwrap();
    let busy: i64 = conn
        .pragma_query_value(None, "busy_timeout", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    assert_eq!(sync, 2, "2 = FULL");
    assert_eq!(busy, 5000);
    drop(conn);

    // And through the real `open`: WAL is persistent, so an independent
    // connection sees it in the file.
    let (writer, _) = open(dir.path()).unwrap();
    let other = Connection::open(&path).unwrap();
    let mode: String = other
        .pragma_query_value(None, "journal_mode", |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
    writer.shutdown();
}

#[test]
fn a_failed_commit_fails_every_batch_in_it_and_the_writer_recovers() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = open_with(dir.path(), quick(150)).unwrap();

    // Another connection holds the write lock longer than the busy timeout.
    let blocker = Connection::open(writer.path()).unwrap();
    blocker.execute_batch("BEGIN IMMEDIATE").unwrap();
    let receivers: Vec<_> = (1..=5)
        .map(|i| writer.append(vec![(i.into(), team(i))]))
        .collect();
    for rx in receivers {
        match wait(rx) {
            Err(StoreError::Write(msg)) => assert!(msg.contains("locked"), "{msg}"),
            other => panic!("expected a write error, got {other:?}"),
        }
    }
    let stats = writer.stats();
    assert_eq!(stats.commits, 0);
    assert_eq!(stats.batches, 0);
    assert!((1..=5).contains(&stats.failed_commits), "{stats:?}");

    // The lock goes away: the same writer stores later batches.
    blocker.execute_batch("ROLLBACK").unwrap();
    wait(writer.append(vec![(6, team(6))])).unwrap();
    writer.shutdown();
    // Nothing of the failed batches was stored, and seq has no gap.
    let records = load_records(dir.path()).unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].seq, 1);
    assert_eq!(records[0].event, team(6));
}

#[test]
fn a_second_writer_on_the_same_directory_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (first, _) = open_with(dir.path(), quick(100)).unwrap();
    match open_with(dir.path(), quick(100)) {
        Err(e @ StoreError::Open { .. }) => assert!(e.to_string().contains("minuta.lock"), "{e}"),
        other => panic!("expected Open error, got {:?}", other.map(|_| ())),
    }
    wait(first.append(vec![(1, team(1))])).unwrap();
    // Dropping without shutdown releases the directory once the thread ends;
    // `open` waits for that instead of failing.
    drop(first);
    let (second, events) = open(dir.path()).unwrap();
    assert_eq!(events, vec![team(1)]);
    second.shutdown();
}

#[test]
fn an_unstorable_batch_fails_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = open(dir.path()).unwrap();
    let good1 = writer.append(vec![(1, team(1))]);
    let bad = writer.append(vec![(2, team(2)), (u64::MAX, team(3))]);
    let good2 = writer.append(vec![(4, team(4))]);
    assert!(matches!(wait(bad), Err(StoreError::Write(_))));
    wait(good1).unwrap();
    wait(good2).unwrap();
    writer.shutdown();
    assert_eq!(load(dir.path()).unwrap(), vec![team(1), team(4)]);
}

/// Issue 14.3: a store that cannot be written is refused when it is opened,
/// before any join code is printed, not at the first command. Tests run as
/// root, whom permission bits do not stop, so the seam is the writer
/// connection's SQLite flags: `SQLITE_OPEN_READ_ONLY` is exactly what
/// SQLite falls back to for a file (or filesystem) it may not write.
#[test]
fn a_store_that_cannot_be_written_is_refused_at_open() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = open(dir.path()).unwrap();
    wait(writer.append(vec![(1, team(1))])).unwrap();
    writer.shutdown();

    let read_only = OpenOptions {
        flags: rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
        ..OpenOptions::default()
    };
    match open_with(dir.path(), read_only) {
        Err(e @ StoreError::ReadOnly { .. }) => {
            let line = e.to_string();
            assert!(
                line.contains("minuta.sqlite3") && line.contains("read-only"),
                "{line}"
            );
            assert!(!e.is_damage(), "a read-only store is never set aside");
        }
        other => panic!("expected ReadOnly, got {:?}", other.map(|_| ())),
    }
    // Nothing changed: it opens normally once writable.
    let (writer, events) = open(dir.path()).unwrap();
    assert_eq!(events, vec![team(1)]);
    writer.shutdown();
}

/// The write that proves a store writable is refused by SQLite when the
/// connection turns read-only after opening (`PRAGMA query_only`, the
/// in-process stand-in for a filesystem remounted read-only), and named so.
#[test]
fn the_write_probe_names_a_refused_write_read_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = schema::db_path(dir.path());
    let mut conn = schema::open_rw(&path, OpenOptions::default(), false).unwrap();
    conn.execute_batch("PRAGMA query_only = ON").unwrap();
    match schema::prove_writable(&mut conn, &path) {
        Err(StoreError::ReadOnly { reason, .. }) => {
            assert!(reason.contains("readonly"), "{reason}")
        }
        other => panic!("expected ReadOnly, got {other:?}"),
    }
}

#[test]
fn a_picture_is_stored_once_by_hash_and_its_bytes_come_back_on_load() {
    use minuta_shared::packages::media::{MediaHash, MediaKind};
    use std::sync::Arc;
    // Arrange: two packages bring the same picture.
    let dir = tempfile::tempdir().unwrap();
    let bytes = b"\x89PNG\r\n\x1a\npicture".to_vec();
    let picture = Event::Media {
        hash: MediaHash::of(&bytes),
        kind: MediaKind::Png,
        bytes: Arc::new(bytes.clone()),
    };
    let (writer, _) = open(dir.path()).unwrap();

    // Act
    wait(writer.append(vec![(1, picture.clone()), (2, picture.clone())])).unwrap();
    writer.shutdown();

    // Assert: one row of bytes, named by its hash; the events' JSON holds
    // no bytes; the load puts them back.
    let conn = Connection::open(schema::db_path(dir.path())).unwrap();
    let rows: i64 = conn
        .query_row("SELECT count(*) FROM media", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 1);
    let body: String = conn
        .query_row("SELECT body FROM events WHERE kind = 'media'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(
        body.len() < 200 && body.contains(&MediaHash::of(&bytes).0),
        "{body}"
    );
    let events = load(dir.path()).unwrap();
    assert_eq!(events, vec![picture.clone(), picture]);

    // A store whose picture was deleted by hand is refused, not half read.
    conn.execute("DELETE FROM media", []).unwrap();
    drop(conn);
    assert!(matches!(
        load(dir.path()),
        Err(StoreError::Corrupt { seq: 1, .. })
    ));
}

/// The writer checkpoints the WAL itself (SQLite's automatic checkpoint is
/// off on its connection, so no acknowledgement waits for one): commit after
/// commit, the database file takes the WAL's pages, as it did with the
/// automatic checkpoint, and the WAL does not grow without bound.
#[test]
fn the_writer_checkpoints_the_wal_between_commits() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = open(dir.path()).unwrap();
    let path = writer.path().to_path_buf();
    let size = |p: &std::path::Path| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0);
    let initial = size(&path);
    let mut grown_after = None;
    for i in 1..=1_024u32 {
        let mut event = team(i);
        if let Event::TeamRegistered { town, .. } = &mut event {
            // About 2 KB a row, so the checkpointed pages show in the file.
            *town = "Казань ".repeat(150);
        }
        wait(writer.append(vec![(i.into(), event)])).unwrap();
        if size(&path) > initial + 256 * 1024 {
            grown_after = Some(i);
            break;
        }
    }
    let grown_after = grown_after.expect("no checkpoint in 1,024 commits");
    // The writer's checkpoint comes after 256 commits, in a quiet moment.
    assert!(
        grown_after <= 600,
        "first checkpoint after {grown_after} commits"
    );
    let wal = std::path::PathBuf::from(format!("{}-wal", path.display()));
    assert!(size(&wal) < 8 << 20, "the WAL is {} bytes", size(&wal));
    writer.shutdown();
    let events = load(dir.path()).unwrap();
    assert_eq!(
        events.len() as u32,
        grown_after,
        "every committed event reads back"
    );
}

#[test]
fn the_inline_writer_has_stored_a_batch_when_append_returns() {
    // Arrange: a store opened for a server on a test's paused clock.
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = open_inline(dir.path()).unwrap();

    // Act: two appends, their receivers not yet awaited.
    let mut first = writer.append(vec![(1, team(1))]);
    let mut second = writer.append(vec![(2, team(2)), (3, team(3))]);

    // Assert: both are answered already, stored in order, one commit each;
    // and the directory is free again once the writer shuts down.
    assert!(matches!(first.try_recv(), Ok(Ok(()))));
    assert!(matches!(second.try_recv(), Ok(Ok(()))));
    assert_eq!(writer.stats().commits, 2);
    assert_eq!(load(dir.path()).unwrap(), vec![team(1), team(2), team(3)]);
    writer.shutdown();
    assert!(matches!(
        writer.append(vec![(4, team(4))]).try_recv(),
        Ok(Err(StoreError::Closed))
    ));
    let (_, events) = open(dir.path()).unwrap();
    assert_eq!(events.len(), 3);
}
