//! The durable store: the server's event log in one embedded SQLite file,
//! `<data_dir>/minuta.sqlite3`. Every accepted action's events are committed
//! (WAL, `synchronous=FULL`, so fsynced) before its sender is acknowledged
//! — except a Brain-ring press, whose verdict leaves first and whose record
//! follows in the next commit (docs/durability.md) — and on start the whole
//! log is read back, in order, for the core to replay. A file that is there
//! but unusable (empty, foreign, damaged, read-only) is refused, never
//! replaced.
//! Rows are plain JSON in a `body` column so a jury can audit a game with the
//! sqlite3 shell.
//!
//! What lives here: opening and checking the file (`schema.rs`), the group
//! commit writer (`writer.rs`: one transaction and one fsync for every
//! batch queued meanwhile; a plain thread in production, or — for tests on
//! virtual time, `open_inline` — the same commit run inside `append` on the
//! caller's thread, so a paused clock never waits on another thread),
//! loading (`load.rs`, read-only opening in `reading.rs`), setting a damaged
//! store aside for `--new` (`set_aside.rs`), a consistent backup of a
//! running store and starting from one (`backup.rs`) and the error type
//! (`error.rs`). What must not: game rules or any interpretation of events
//! (the store only moves `Event`s in and out, unchanged and in order), and
//! any dependence on a tokio runtime: the writer is a plain thread, and the
//! tokio oneshot it hands back is only a notification that works from sync
//! and async code alike.

mod backup;
mod error;
mod load;
mod reading;
mod schema;
mod set_aside;
mod writer;

#[cfg(test)]
mod tests;

pub use backup::{BackupError, FileStep, RestoreProblem, backup, restore};
pub use error::{Damage, ReplayError, SchemaProblem, StoreError};
pub use load::StoredEvent;
pub use schema::{FILE_NAME, SCHEMA_VERSION};
pub use set_aside::{SetAside, set_aside};
use std::path::{Path, PathBuf};
pub use writer::{StoreStats, StoreWriter};

pub(crate) use schema::OpenOptions;

use crate::core::event::Event;

/// Namespace for the store's entry points, for callers who prefer
/// `Store::open(dir)` to `store::open(dir)`; both are the same functions.
pub struct Store;

impl Store {
    pub fn open(data_dir: &Path) -> Result<(StoreWriter, Vec<Event>), StoreError> {
        open(data_dir)
    }

    pub fn load(data_dir: &Path) -> Result<Vec<Event>, StoreError> {
        load(data_dir)
    }

    pub fn load_records(data_dir: &Path) -> Result<Vec<StoredEvent>, StoreError> {
        load_records(data_dir)
    }

    pub fn db_path(data_dir: &Path) -> PathBuf {
        db_path(data_dir)
    }
}

/// The database file of a data directory: `<data_dir>/minuta.sqlite3`.
pub fn db_path(data_dir: &Path) -> PathBuf {
    schema::db_path(data_dir)
}

/// Opens the store of `data_dir` for appending, creating the directory and
/// the database if missing, and returns the writer together with every event
/// stored so far, in seq order. Only one writer per data directory at a time
/// (a second `open` waits a few seconds for the first to stop, then fails).
///
/// A data directory without a store file gets a new store; a file that is
/// there but is not a usable store (zero bytes, no tables, not SQLite,
/// damaged) is refused with [`StoreError::Damaged`] or
/// [`StoreError::Schema`], and one that cannot be written with
/// [`StoreError::ReadOnly`], before the caller serves anyone.
pub fn open(data_dir: &Path) -> Result<(StoreWriter, Vec<Event>), StoreError> {
    open_with(data_dir, OpenOptions::default())
}

/// As [`open`], with a writer that commits on the caller's thread instead
/// of its own ([`StoreWriter::inline`]): for a server on a test's paused
/// clock, whose runtime must never wait idle on another thread.
pub fn open_inline(data_dir: &Path) -> Result<(StoreWriter, Vec<Event>), StoreError> {
    open_for(data_dir, OpenOptions::default(), StoreWriter::inline)
}

/// `open` with a chosen busy timeout (also the wait for the directory lock),
/// so tests can provoke lock failures without waiting seconds, and chosen
/// SQLite flags, so tests can open the store read-only (see [`OpenOptions`]).
pub(crate) fn open_with(
    data_dir: &Path,
    options: OpenOptions,
) -> Result<(StoreWriter, Vec<Event>), StoreError> {
    open_for(data_dir, options, StoreWriter::spawn)
}

/// A writer made from the open connection, the directory's lock and the path.
type MakeWriter =
    fn(rusqlite::Connection, std::fs::File, PathBuf) -> Result<StoreWriter, StoreError>;

fn open_for(
    data_dir: &Path,
    options: OpenOptions,
    writer: MakeWriter,
) -> Result<(StoreWriter, Vec<Event>), StoreError> {
    std::fs::create_dir_all(data_dir).map_err(|e| StoreError::open(data_dir, e))?;
    let lock = schema::lock_data_dir(data_dir, options.busy_timeout)?;
    let path = schema::db_path(data_dir);
    let existed = schema::check_present(&path)?;
    let conn = schema::open_rw(&path, options, existed)?;
    let events: Vec<Event> = load::read_all(&conn, &path)?
        .into_iter()
        .map(|r| r.event)
        .collect();
    tracing::info!(path = %path.display(), events = events.len(), "store opened");
    Ok((writer(conn, lock, path)?, events))
}

/// Reads every stored event, in seq order, without changing anything (for
/// `minuta-server export`). Works while a server has the store open: WAL
/// readers see the last committed state and never block the writer; and
/// on read-only media, writing nothing beside the file (`reading.rs`).
pub fn load(data_dir: &Path) -> Result<Vec<Event>, StoreError> {
    Ok(load_records(data_dir)?
        .into_iter()
        .map(|r| r.event)
        .collect())
}

/// Like [`load()`], with each event's seq, `at_us` and `kind` columns.
pub fn load_records(data_dir: &Path) -> Result<Vec<StoredEvent>, StoreError> {
    let path = schema::db_path(data_dir);
    let reading = reading::open_for_reading(data_dir)?;
    load::read_all(&reading.conn, &path)
}
