//! Reading a store without changing anything, for `minuta-server export`:
//! beside a running server (a WAL reader, as before), and from read-only
//! media — a stick, a copied folder mounted read-only — where SQLite's
//! ordinary read-only open would need to make its `-shm` file and cannot.
//!
//! The choice: a server holds the directory → read alongside it; nobody
//! does and the write-ahead log is empty → open the file «immutable»
//! (nothing written, not even side files); nobody does but the log holds
//! events (a server killed, its folder copied) → read it in place, and if
//! that cannot be done, from a private copy of the file and its log. What
//! must not live here: any write to the store's folder.

use std::fs::File;
use std::path::{Path, PathBuf};

use rusqlite::Connection;

use super::StoreError;
use super::schema::{self, BUSY_TIMEOUT, LOCK_FILE_NAME};

/// A connection that only reads, with what must live as long as it.
pub(crate) struct Reading {
    pub conn: Connection,
    /// Held shared so that no server starts appending mid-read.
    _lock: Option<File>,
    _copy: Option<PrivateCopy>,
}

/// Opens the store of `data_dir` for reading only.
pub(crate) fn open_for_reading(data_dir: &Path) -> Result<Reading, StoreError> {
    let path = schema::db_path(data_dir);
    let lock = match quiet_lock(data_dir) {
        Quiet::Held(lock) => Some(lock),
        Quiet::ServerRunning => {
            return Ok(Reading {
                conn: schema::open_ro(&path, BUSY_TIMEOUT)?,
                _lock: None,
                _copy: None,
            });
        }
        Quiet::NoLockFile => None,
    };
    let wal = schema::wal_path(&path);
    let wal_len = std::fs::metadata(&wal).map_or(0, |m| m.len());
    if wal_len == 0 {
        return Ok(Reading {
            conn: schema::open_immutable(&path)?,
            _lock: lock,
            _copy: None,
        });
    }
    match schema::open_ro(&path, BUSY_TIMEOUT) {
        Ok(conn) => Ok(Reading {
            conn,
            _lock: lock,
            _copy: None,
        }),
        Err(in_place) => {
            let Ok(copy) = PrivateCopy::of(&path, &wal) else {
                return Err(in_place);
            };
            let conn = schema::open_ro(&copy.db, BUSY_TIMEOUT).map_err(|_| in_place)?;
            Ok(Reading {
                conn,
                _lock: lock,
                _copy: Some(copy),
            })
        }
    }
}

enum Quiet {
    /// No server holds the directory; this shared lock keeps it so.
    Held(File),
    ServerRunning,
    /// No server ever ran here (or its lock file was removed).
    NoLockFile,
}

/// Whether a server holds the directory's lock, found without writing: the
/// lock file opened for reading, a shared lock tried on it.
fn quiet_lock(data_dir: &Path) -> Quiet {
    let Ok(file) = File::open(data_dir.join(LOCK_FILE_NAME)) else {
        return Quiet::NoLockFile;
    };
    match file.try_lock_shared() {
        Ok(()) => Quiet::Held(file),
        // Busy, or a filesystem that cannot lock: read as beside a server.
        Err(_) => Quiet::ServerRunning,
    }
}

/// The store file and its log copied into a folder of this process's own,
/// removed when dropped.
struct PrivateCopy {
    dir: PathBuf,
    db: PathBuf,
}

impl PrivateCopy {
    fn of(db: &Path, wal: &Path) -> std::io::Result<PrivateCopy> {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir =
            std::env::temp_dir().join(format!("minuta-export-{}-{nanos}", std::process::id()));
        std::fs::create_dir(&dir)?;
        let copy = PrivateCopy {
            db: dir.join(schema::FILE_NAME),
            dir,
        };
        std::fs::copy(db, &copy.db)?;
        std::fs::copy(wal, schema::wal_path(&copy.db))?;
        Ok(copy)
    }
}

impl Drop for PrivateCopy {
    fn drop(&mut self) {
        // A copy left behind in the temporary folder harms nothing.
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
