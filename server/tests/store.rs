//! The durable store through its public API: round trips, group commit,
//! refusal of corrupt, foreign and future files, reading while writing.

use std::path::Path;

use minuta_server::core::event::Event;
use minuta_server::store::{self, SchemaProblem, StoreError, StoreWriter};
use minuta_shared::ids::TeamId;
use minuta_shared::time::ServerTime;
use rusqlite::Connection;
use tokio::sync::oneshot;

type Ack = oneshot::Receiver<Result<(), StoreError>>;

fn initialised() -> Event {
    Event::Initialised {
        host_secret: "host-secret".into(),
        display_secret: "display-secret".into(),
        at: ServerTime(1_700_000_000_000_000),
    }
}

fn team(i: u32) -> Event {
    Event::TeamRegistered {
        team: TeamId(i),
        name: format!("Команда «{i}»"),
        town: "Нижний Новгород".into(),
        players: vec!["Аня".into(), "Борис".into(), "Вера".into(), "Глеб".into()],
        secret: format!("secret-{i}"),
    }
}

/// Waits from a plain thread; a dropped sender counts as `Closed`, as
/// `StoreWriter::append` documents.
fn wait(rx: Ack) -> Result<(), StoreError> {
    rx.blocking_recv().unwrap_or(Err(StoreError::Closed))
}

fn raw(dir: &Path) -> Connection {
    Connection::open(store::db_path(dir)).unwrap()
}

/// A store holding `initialised()` then `team(1..=n)`, closed again.
fn store_with_teams(dir: &Path, n: u32) {
    let (writer, events) = store::open(dir).unwrap();
    assert!(events.is_empty());
    let mut batch = vec![(1, initialised())];
    batch.extend((1..=n).map(|i| (u64::from(i) + 1, team(i))));
    wait(writer.append(batch)).unwrap();
    writer.shutdown();
}

#[test]
fn round_trip_append_then_reopen_gives_the_same_events_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("nested").join("data"); // created by open
    let (writer, events) = store::open(&data_dir).unwrap();
    assert!(events.is_empty());
    let expected: Vec<Event> = std::iter::once(initialised())
        .chain((1..=20).map(team))
        .collect();
    let first = writer.append(vec![(10, expected[0].clone()), (10, expected[1].clone())]);
    let rest: Vec<Ack> = expected[2..]
        .iter()
        .map(|e| writer.append(vec![(20, e.clone())]))
        .collect();
    wait(first).unwrap();
    for rx in rest {
        wait(rx).unwrap();
    }
    writer.shutdown();

    let (writer, events) = store::open(&data_dir).unwrap();
    assert_eq!(events, expected);
    // Appending after a reopen continues the same log.
    wait(writer.append(vec![(30, team(21))])).unwrap();
    writer.shutdown();
    let records = store::load_records(&data_dir).unwrap();
    assert_eq!(records.len(), 22);
    assert!(
        records
            .iter()
            .enumerate()
            .all(|(i, r)| r.seq == i as i64 + 1)
    );
    assert_eq!(
        (
            records[0].at_us,
            records[1].at_us,
            records[2].at_us,
            records[21].at_us
        ),
        (10, 10, 20, 30)
    );
    assert_eq!(records[0].kind, "initialised");
    assert_eq!(records[21].event, team(21));
}

#[test]
fn a_burst_of_500_batches_takes_far_fewer_commits() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = store::open(dir.path()).unwrap();
    // Queued from one thread in a tight loop: the writer can take the first
    // batch alone, but while it fsyncs the rest pile up and go together.
    let receivers: Vec<Ack> = (1..=500)
        .map(|i| writer.append(vec![(u64::from(i), team(i))]))
        .collect();
    for rx in receivers {
        wait(rx).unwrap();
    }
    let stats = writer.stats();
    println!("burst of 500 batches: {stats:?}");
    assert_eq!(stats.batches, 500);
    assert_eq!(stats.events, 500);
    assert_eq!(stats.failed_commits, 0);
    assert!(stats.commits < stats.batches, "{stats:?}");
    writer.shutdown();
    let expected: Vec<Event> = (1..=500).map(team).collect();
    assert_eq!(store::load(dir.path()).unwrap(), expected);
}

#[test]
fn batches_queued_behind_a_lock_share_at_most_two_commits() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = store::open(dir.path()).unwrap();
    // Hold the write lock (well within the writer's busy timeout) so that
    // all 500 batches are queued before the writer can commit anything: at
    // most the first batch goes alone, everything else in one transaction.
    let blocker = raw(dir.path());
    blocker.execute_batch("BEGIN IMMEDIATE").unwrap();
    let receivers: Vec<Ack> = (1..=500)
        .map(|i| writer.append(vec![(u64::from(i), team(i))]))
        .collect();
    blocker.execute_batch("ROLLBACK").unwrap();
    for rx in receivers {
        wait(rx).unwrap();
    }
    let stats = writer.stats();
    println!("500 batches queued behind a lock: {stats:?}");
    assert_eq!(stats.batches, 500);
    assert!(stats.commits <= 2, "{stats:?}");
    writer.shutdown();
    assert_eq!(store::load(dir.path()).unwrap().len(), 500);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_appends_from_many_tasks_are_all_stored_in_each_tasks_order() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = store::open(dir.path()).unwrap();
    const TASKS: u32 = 50;
    const EACH: u32 = 10;
    let mut handles = Vec::new();
    for t in 0..TASKS {
        let writer: StoreWriter = writer.clone();
        handles.push(tokio::spawn(async move {
            for k in 0..EACH {
                // Like a connection handler: acknowledge, then take the next.
                writer
                    .append(vec![(0, team(t * 1000 + k))])
                    .await
                    .unwrap()
                    .unwrap();
            }
        }));
    }
    for h in handles {
        h.await.unwrap();
    }
    let stats = writer.stats();
    println!("{TASKS} tasks x {EACH} appends: {stats:?}");
    assert_eq!(stats.batches, u64::from(TASKS * EACH));
    assert!(stats.commits <= stats.batches);
    let w = writer.clone();
    tokio::task::spawn_blocking(move || w.shutdown())
        .await
        .unwrap();

    let events = store::load(dir.path()).unwrap();
    assert_eq!(events.len(), (TASKS * EACH) as usize);
    for t in 0..TASKS {
        let mine: Vec<u32> = events
            .iter()
            .filter_map(|e| match e {
                Event::TeamRegistered { team, .. } if team.0 / 1000 == t => Some(team.0 % 1000),
                _ => None,
            })
            .collect();
        assert_eq!(mine, (0..EACH).collect::<Vec<_>>(), "task {t}");
    }
}

#[test]
fn shutdown_commits_everything_queued_and_later_appends_are_closed() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = store::open(dir.path()).unwrap();
    let receivers: Vec<Ack> = (1..=100)
        .map(|i| writer.append(vec![(1, team(i))]))
        .collect();
    let clone = writer.clone();
    writer.shutdown();
    for mut rx in receivers {
        // Already answered: shutdown returned only after the last commit.
        assert!(matches!(rx.try_recv(), Ok(Ok(()))));
    }
    assert!(matches!(
        wait(clone.append(vec![(2, team(101))])),
        Err(StoreError::Closed)
    ));
    clone.shutdown(); // idempotent
    assert_eq!(store::load(dir.path()).unwrap().len(), 100);
}

#[test]
fn an_empty_batch_is_a_flush_barrier() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = store::open(dir.path()).unwrap();
    let a = writer.append(vec![(1, team(1))]);
    wait(writer.append(Vec::new())).unwrap();
    let mut a = a;
    assert!(matches!(a.try_recv(), Ok(Ok(()))));
    writer.shutdown();
}

#[test]
fn rows_are_json_a_jury_can_read_with_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    store_with_teams(dir.path(), 1);
    let conn = raw(dir.path());
    let (kind, at_us, body): (String, i64, String) = conn
        .query_row(
            "SELECT kind, at_us, body FROM events WHERE seq = 2",
            [],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .unwrap();
    assert_eq!((kind.as_str(), at_us), ("team_registered", 2));
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(json["TeamRegistered"]["town"], "Нижний Новгород");
    let version: String = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(version, store::SCHEMA_VERSION.to_string());
    let written_by: String = conn
        .query_row("SELECT value FROM meta WHERE key = 'written_by'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(written_by.starts_with("minuta-server "), "{written_by}");
    let index: i64 = conn
        .query_row(
            "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert!(index >= 1, "an index on kind");
}

#[test]
fn a_corrupt_row_is_reported_with_its_seq() {
    let corruptions = [
        ("body", "'not json at all'", "not a valid"),
        ("body", r#"'{"NoSuchEvent":{}}'"#, "not a valid"),
        ("body", "X'FF00FF'", "not text"),
        ("body", "CAST(X'C328' AS TEXT)", "UTF-8"),
        ("at_us", "-5", "negative"),
    ];
    for (column, value, why) in corruptions {
        let dir = tempfile::tempdir().unwrap();
        store_with_teams(dir.path(), 3);
        raw(dir.path())
            .execute(
                &format!("UPDATE events SET {column} = {value} WHERE seq = 3"),
                [],
            )
            .unwrap();
        for result in [
            store::load(dir.path()).map(|_| ()),
            store::open(dir.path()).map(|(w, _)| w.shutdown()),
        ] {
            match result {
                Err(StoreError::Corrupt { seq: 3, reason }) => {
                    assert!(reason.contains(why), "{value}: {reason}")
                }
                other => panic!("{value}: expected Corrupt at seq 3, got {other:?}"),
            }
        }
    }
}

#[test]
fn a_deleted_row_is_reported_as_missing_not_skipped() {
    let dir = tempfile::tempdir().unwrap();
    store_with_teams(dir.path(), 3);
    raw(dir.path())
        .execute("DELETE FROM events WHERE seq = 2", [])
        .unwrap();
    let err = store::load(dir.path()).unwrap_err();
    assert!(matches!(err, StoreError::Corrupt { seq: 3, .. }), "{err}");
    assert!(err.to_string().contains("missing"), "{err}");
}

#[test]
fn a_store_with_a_future_schema_version_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    store_with_teams(dir.path(), 1);
    raw(dir.path())
        .execute(
            "UPDATE meta SET value = ?1 WHERE key = 'schema_version'",
            [(store::SCHEMA_VERSION + 1).to_string()],
        )
        .unwrap();
    let path = store::db_path(dir.path());
    for err in [
        store::open(dir.path()).map(|_| ()).unwrap_err(),
        store::load(dir.path()).unwrap_err(),
    ] {
        match &err {
            StoreError::Schema {
                path: p,
                problem:
                    SchemaProblem::TooNew {
                        found,
                        supported,
                        written_by: Some(_),
                    },
            } => {
                assert_eq!(p, &path);
                assert_eq!(
                    (*found, *supported),
                    (store::SCHEMA_VERSION + 1, store::SCHEMA_VERSION)
                );
            }
            other => panic!("expected TooNew, got {other:?}"),
        }
        assert!(
            err.to_string().contains(&path.display().to_string()),
            "{err}"
        );
        assert!(
            err.to_string().contains("written by minuta-server"),
            "names the release that wrote it: {err}"
        );
    }
    let count: i64 = raw(dir.path())
        .query_row("SELECT count(*) FROM events", [], |r| r.get(0))
        .unwrap();
    assert_eq!(count, 2);
}

#[test]
fn a_store_of_the_previous_release_is_migrated_on_its_first_start() {
    let dir = tempfile::tempdir().unwrap();
    store_with_teams(dir.path(), 2);
    // As the previous release wrote it: schema 1, no written_by.
    let conn = raw(dir.path());
    conn.execute(
        "UPDATE meta SET value = '1' WHERE key = 'schema_version'",
        [],
    )
    .unwrap();
    conn.execute("DELETE FROM meta WHERE key = 'written_by'", [])
        .unwrap();
    // Nor had it a table for pictures.
    conn.execute("DROP TABLE media", []).unwrap();
    drop(conn);
    // An export reads it as it is, and changes nothing.
    assert_eq!(store::load(dir.path()).unwrap().len(), 3);
    let (writer, events) = store::open(dir.path()).unwrap();
    writer.shutdown();
    assert_eq!(events.len(), 3, "every event reads as before");
    let version: String = raw(dir.path())
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(version, store::SCHEMA_VERSION.to_string());
    let pictures: i64 = raw(dir.path())
        .query_row("SELECT count(*) FROM media", [], |r| r.get(0))
        .unwrap();
    assert_eq!(pictures, 0, "the media table is made on migration");
}

#[test]
fn a_file_that_is_not_a_minuta_store_is_refused_and_left_untouched() {
    // Not SQLite at all.
    let dir = tempfile::tempdir().unwrap();
    let path = store::db_path(dir.path());
    let text = "Это не база данных, а протокол игры.\n".repeat(40);
    std::fs::write(&path, &text).unwrap();
    for err in [
        store::open(dir.path()).map(|_| ()).unwrap_err(),
        store::load(dir.path()).unwrap_err(),
    ] {
        assert!(
            matches!(
                &err,
                StoreError::Schema {
                    problem: SchemaProblem::NotMinuta(_),
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(
            err.to_string().contains(&path.display().to_string()),
            "{err}"
        );
    }
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);

    // Another application's SQLite database.
    let dir = tempfile::tempdir().unwrap();
    let path = store::db_path(dir.path());
    Connection::open(&path)
        .unwrap()
        .execute_batch("CREATE TABLE users(name TEXT)")
        .unwrap();
    let err = store::open(dir.path()).map(|_| ()).unwrap_err();
    assert!(
        matches!(
            &err,
            StoreError::Schema {
                problem: SchemaProblem::NotMinuta(_),
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("users"), "{err}");
    let mode: String = raw(dir.path())
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(
        mode, "delete",
        "journal mode of a foreign file must not be changed"
    );
}

#[test]
fn load_works_while_a_writer_has_the_store_open() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = store::open(dir.path()).unwrap();
    wait(writer.append(vec![(1, initialised()), (1, team(1))])).unwrap();
    assert_eq!(
        store::load(dir.path()).unwrap(),
        vec![initialised(), team(1)]
    );
    wait(writer.append(vec![(2, team(2))])).unwrap();
    assert_eq!(store::load(dir.path()).unwrap().len(), 3);
    // The reader did not get in the writer's way.
    wait(writer.append(vec![(3, team(3))])).unwrap();
    writer.shutdown();
    // And after the server stopped (WAL checkpointed, side files gone).
    assert_eq!(store::load(dir.path()).unwrap().len(), 4);
}

#[test]
fn load_of_a_missing_store_is_an_error_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("nowhere");
    let err = store::load(&data_dir).unwrap_err();
    assert!(matches!(err, StoreError::Open { .. }), "{err:?}");
    assert!(err.to_string().contains("minuta.sqlite3"), "{err}");
    assert!(!data_dir.exists());
}

mod prop {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]
        /// Whatever text a team types (control characters, quotes, emoji)
        /// comes back exactly.
        #[test]
        fn any_text_round_trips(names in proptest::collection::vec(any::<String>(), 1..8), at in any::<u32>()) {
            let dir = tempfile::tempdir().unwrap();
            let (writer, _) = store::open(dir.path()).unwrap();
            let events: Vec<Event> = names
                .iter()
                .enumerate()
                .map(|(i, n)| Event::TeamEdited { team: TeamId(i as u32), name: n.clone(), town: n.repeat(2), players: vec![n.clone()] })
                .collect();
            wait(writer.append(events.iter().map(|e| (u64::from(at), e.clone())).collect())).unwrap();
            writer.shutdown();
            prop_assert_eq!(store::load(dir.path()).unwrap(), events);
        }
    }
}
