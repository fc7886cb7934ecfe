//! `--new` (issue 14.3): a store that cannot be used is moved aside, never
//! deleted, so that a new one can be made in its place; a usable store is
//! never touched. The file keeps its SQLite side files beside it under the
//! same new name (`minuta.sqlite3.broken-<UTC time>` and its `-wal`,
//! `-shm`), so a jury can still open the copy with the sqlite3 shell.

use std::path::{Path, PathBuf};

use rusqlite::Connection;

use super::error::StoreError;
use super::load::{StoredEvent, read_all};
use super::schema::{self, BUSY_TIMEOUT};

/// What [`set_aside`] did.
#[derive(Debug)]
pub enum SetAside {
    /// There was no store file (or an empty Minuta store holding no event):
    /// the next `open` makes the new store anyway.
    Nothing,
    /// The store was unusable for `why`; it now lies at `to`.
    Moved { to: PathBuf, why: StoreError },
}

/// Moves the store of `data_dir` aside if it is unusable, so that the next
/// [`super::open`] starts a new one. Usable means: it opens, every row
/// reads, and `replay` (the core's validating replay, which the store does
/// not know) accepts the events. A usable store with events is refused with
/// [`StoreError::NotDamaged`]; a store some other server holds, a read-only
/// one or one of a newer schema gives that error and stays where it is.
pub fn set_aside(
    data_dir: &Path,
    replay: impl FnOnce(&[StoredEvent]) -> Result<(), StoreError>,
) -> Result<SetAside, StoreError> {
    if !data_dir.exists() {
        return Ok(SetAside::Nothing);
    }
    // No server may be appending to the file being moved.
    let _lock = schema::lock_data_dir(data_dir, BUSY_TIMEOUT)?;
    let path = schema::db_path(data_dir);
    let verdict = match schema::check_present(&path) {
        Ok(false) => return Ok(SetAside::Nothing),
        Ok(true) => schema::open_ro(&path, BUSY_TIMEOUT)
            .and_then(|conn| read_all(&conn, &path))
            .and_then(|records| {
                replay(&records)?;
                Ok(records.len())
            }),
        Err(e) => Err(e),
    };
    match verdict {
        Ok(0) => Ok(SetAside::Nothing),
        Ok(events) => Err(StoreError::NotDamaged { path, events }),
        Err(why) if why.is_damage() => {
            let to = move_aside(&path)?;
            tracing::warn!(from = %path.display(), to = %to.display(), error = %why, "set the damaged store aside");
            Ok(SetAside::Moved { to, why })
        }
        Err(other) => Err(other),
    }
}

/// Renames the database and its side files to `<name>.broken-<UTC time>`
/// (with `-wal`, `-shm` after it), picking a name that is not taken.
fn move_aside(path: &Path) -> Result<PathBuf, StoreError> {
    let stamp = utc_stamp(path)?;
    let mut to = schema::side_file(path, &format!(".broken-{stamp}"));
    let mut n = 1;
    while to.exists() || schema::wal_path(&to).exists() {
        n += 1;
        to = schema::side_file(path, &format!(".broken-{stamp}-{n}"));
    }
    // The side files first: should a rename fail midway, the database is
    // still where the next start looks, and is refused again, not replaced.
    for suffix in ["-wal", "-shm"] {
        let side = schema::side_file(path, suffix);
        if side.exists() {
            let target = schema::side_file(&to, suffix);
            std::fs::rename(&side, &target).map_err(|e| StoreError::open(&side, e))?;
        }
    }
    if path.exists() {
        std::fs::rename(path, &to).map_err(|e| StoreError::open(path, e))?;
    }
    Ok(to)
}

/// The time now as `20260314T184501Z`, by SQLite's own calendar (no date
/// arithmetic of our own to get wrong).
fn utc_stamp(path: &Path) -> Result<String, StoreError> {
    Connection::open_in_memory()
        .and_then(|c| c.query_row("SELECT strftime('%Y%m%dT%H%M%SZ', 'now')", [], |r| r.get(0)))
        .map_err(|e| StoreError::open(path, e))
}
