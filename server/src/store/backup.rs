//! A backup of the store and starting from one: [`backup`] makes a
//! consistent, self-contained copy of `<data_dir>/minuta.sqlite3` while a
//! server may be writing it, [`restore`] puts such a copy into a data
//! directory that has no store yet, and [`BackupError`] says why either
//! could not be done.
//!
//! The copy is SQLite's `VACUUM INTO` run on the read-only connection
//! `export` uses (`reading.rs`): one read transaction, so one committed
//! state, never a half-written batch, and never a lock the writer waits on;
//! the result is a single file in rollback-journal mode, no `-wal` needed.
//! It is written to a temporary file beside the store (the same disk),
//! read back and deleted on every path; on read-only media, where nothing
//! can be made beside the store, in the system's temporary folder.
//!
//! A restore checks the file as a server would open it (`schema.rs`: not
//! SQLite, another program's database, a newer schema, damage) and reads
//! every event (`load.rs`) before anything is created; it never replaces a
//! store, and the file lands under its final name only by a rename of a
//! complete, fsynced copy. What must not live here: anything that knows
//! what the events mean (a store whose events do not replay is refused
//! when it is served, as any store is).

use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use rusqlite::Connection;

use super::error::{Damage, SchemaProblem, StoreError};
use super::schema::{self, BUSY_TIMEOUT};
use super::{load, reading};

/// The first 16 bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// Why a backup could not be made or restored.
///
/// Its own type rather than more [`StoreError`] variants: `StoreError` is
/// matched exhaustively where a server's start failure is explained (the
/// app's words for it), and none of these is a reason a server fails to
/// start. `Clone` as `StoreError` is.
#[derive(Clone, Debug, thiserror::Error)]
pub enum BackupError {
    /// Opening or reading the store failed: the store's own error.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The data directory already holds a store (or what is left of one, its
    /// write-ahead log): a restore never replaces one.
    #[error(
        "{}: restore refused: the data folder already holds a Minuta store; nothing was changed (restore into a new folder with --data, or move this store away yourself first)",
        path.display()
    )]
    StoreThere { path: PathBuf },
    /// The file to restore is not a store this server could serve; nothing
    /// was created or copied.
    #[error("{}: cannot restore it: {problem}; nothing was changed", path.display())]
    NotRestorable {
        path: PathBuf,
        problem: RestoreProblem,
    },
    /// A file could not be made, read, written, moved or flushed.
    #[error("{}: cannot {step}: {source}", path.display())]
    File {
        path: PathBuf,
        step: FileStep,
        #[source]
        source: Arc<dyn std::error::Error + Send + Sync>,
    },
}

/// What is wrong with a file given to [`restore`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreProblem {
    /// Not an SQLite database at all (a backup is one).
    #[error(
        "it is not an SQLite database, so not a Minuta backup (make one with `minuta-server export --format backup --out FILE`)"
    )]
    NotSqlite,
    /// An SQLite database, but another program's.
    #[error("it is not a Minuta store: {0}")]
    NotMinuta(String),
    /// Written by a newer Minuta: this server would misread it.
    #[error(
        "its store schema_version {found}{} is newer than this server supports ({supported}); restore it with that minuta-server or a newer one",
        written_by.as_ref().map(|w| format!(" (written by {w})")).unwrap_or_default()
    )]
    TooNew {
        found: i64,
        supported: i64,
        written_by: Option<String>,
    },
    /// Empty, without tables, or damaged as SQLite sees it.
    #[error("{0}")]
    Damaged(Damage),
    /// A row that cannot be read back as an event.
    #[error("stored event seq {seq} is corrupt: {reason}")]
    Corrupt { seq: i64, reason: String },
    /// A write-ahead log lies beside the file: events may be in it, and
    /// the file alone would lose them.
    #[error(
        "its write-ahead log {wal} lies beside it, so the file alone is not the whole store (a server may be writing it); make a backup of that data folder with `minuta-server export --format backup` and restore that"
    )]
    WalBeside { wal: String },
}

/// What was being done with a file when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileStep {
    /// Making the temporary file a backup is copied into.
    MakeBackupFile,
    /// SQLite's `VACUUM INTO` from the store (the path is the store's).
    CopyStore,
    /// Reading the finished copy back.
    ReadBackupFile,
    /// Opening or reading the file given to restore.
    ReadBackup,
    /// Creating the data directory to restore into.
    CreateDataDir,
    /// Writing (and flushing) the copy inside the data directory.
    WriteStore,
    /// Renaming the flushed copy to `minuta.sqlite3`.
    PlaceStore,
    /// Flushing the data directory, so the rename survives a power cut.
    SyncDataDir,
}

impl std::fmt::Display for FileStep {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FileStep::MakeBackupFile => "create a temporary file for the backup",
            FileStep::CopyStore => "copy the store into a backup",
            FileStep::ReadBackupFile => "read the backup's temporary file",
            FileStep::ReadBackup => "read the backup",
            FileStep::CreateDataDir => "create the data folder",
            FileStep::WriteStore => "write the restored store",
            FileStep::PlaceStore => "rename the restored store into place",
            FileStep::SyncDataDir => "flush the data folder to disk",
        })
    }
}

impl BackupError {
    fn file(
        path: &Path,
        step: FileStep,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Self {
        BackupError::File {
            path: path.to_path_buf(),
            step,
            source: Arc::from(source.into()),
        }
    }

    fn refused(path: &Path, problem: RestoreProblem) -> Self {
        BackupError::NotRestorable {
            path: path.to_path_buf(),
            problem,
        }
    }
}

/// A consistent copy of the store of `data_dir`, as the bytes of one
/// self-contained SQLite file: the last committed state when it was taken,
/// the pictures included. Safe while a server is running on the directory
/// and writing (it reads as `export` does, and never blocks the writer).
/// The temporary file it goes through is gone when this returns, whether
/// it succeeded or not.
pub fn backup(data_dir: &Path) -> Result<Vec<u8>, BackupError> {
    let store = schema::db_path(data_dir);
    let reading = reading::open_for_reading(data_dir)?;
    let temp = TempFile::for_backup(data_dir)?;
    let into = temp.sql_name()?;
    reading
        .conn
        .execute("VACUUM INTO ?1", [into])
        .map_err(|e| BackupError::file(&store, FileStep::CopyStore, e))?;
    // The read snapshot is no longer needed: let the writer checkpoint past it.
    drop(reading);
    std::fs::read(&temp.path)
        .map_err(|e| BackupError::file(&temp.path, FileStep::ReadBackupFile, e))
}

/// Makes `backup_file` (a [`backup`], or a stopped server's
/// `minuta.sqlite3`) the store of `data_dir`, creating the directory if
/// missing. Refused, with nothing created or changed, when the file is not
/// a store this server can serve (not SQLite, another program's database,
/// a newer schema, damaged, an event that does not read) or when
/// `data_dir` already holds a store. The copy is written under a temporary
/// name, fsynced, then renamed to `minuta.sqlite3`.
pub fn restore(backup_file: &Path, data_dir: &Path) -> Result<(), BackupError> {
    let target = schema::db_path(data_dir);
    refuse_a_store_there(&target)?;
    check_restorable(backup_file)?;

    std::fs::create_dir_all(data_dir)
        .map_err(|e| BackupError::file(data_dir, FileStep::CreateDataDir, e))?;
    // No server may start here and make a store of its own meanwhile.
    let _lock = schema::lock_data_dir(data_dir, BUSY_TIMEOUT)?;
    refuse_a_store_there(&target)?;

    let mut source = File::open(backup_file)
        .map_err(|e| BackupError::file(backup_file, FileStep::ReadBackup, e))?;
    let mut temp = TempFile::create(data_dir, "restore", FileStep::WriteStore)?;
    if let Some(file) = temp.file.as_mut() {
        copy_and_sync(&mut source, file)
            .map_err(|e| BackupError::file(&temp.path, FileStep::WriteStore, e))?;
    }
    temp.close();
    std::fs::rename(&temp.path, &target)
        .map_err(|e| BackupError::file(&target, FileStep::PlaceStore, e))?;
    temp.placed();
    sync_dir(data_dir).map_err(|e| BackupError::file(data_dir, FileStep::SyncDataDir, e))?;
    tracing::info!(from = %backup_file.display(), to = %target.display(), "store restored");
    Ok(())
}

/// A store, or the write-ahead log or rollback journal of one, at `target`.
fn refuse_a_store_there(target: &Path) -> Result<(), BackupError> {
    for suffix in ["", "-wal", "-journal"] {
        let path = schema::side_file(target, suffix);
        if std::fs::symlink_metadata(&path).is_ok() {
            return Err(BackupError::StoreThere { path });
        }
    }
    Ok(())
}

/// Whether `file` is a store this server could open and read to its end,
/// found without writing anything (not even SQLite's side files).
fn check_restorable(file: &Path) -> Result<(), BackupError> {
    let unreadable = |e: std::io::Error| BackupError::file(file, FileStep::ReadBackup, e);
    let mut opened = File::open(file).map_err(unreadable)?;
    let len = opened.metadata().map_err(unreadable)?.len();
    if len == 0 {
        return Err(BackupError::refused(
            file,
            RestoreProblem::Damaged(Damage::ZeroLength),
        ));
    }
    let mut head = [0u8; 16];
    match opened.read_exact(&mut head) {
        Ok(()) if &head == SQLITE_MAGIC => {}
        Ok(()) => return Err(BackupError::refused(file, RestoreProblem::NotSqlite)),
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            return Err(BackupError::refused(file, RestoreProblem::NotSqlite));
        }
        Err(e) => return Err(unreadable(e)),
    }
    drop(opened);
    let wal = schema::wal_path(file);
    if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
        return Err(BackupError::refused(
            file,
            RestoreProblem::WalBeside {
                wal: wal.display().to_string(),
            },
        ));
    }
    let conn = schema::open_immutable(file).map_err(|e| refusal(file, e))?;
    quick_check(&conn, file)?;
    load::read_all(&conn, file).map_err(|e| refusal(file, e))?;
    Ok(())
}

/// SQLite's own check of the file's pages and indexes.
fn quick_check(conn: &Connection, file: &Path) -> Result<(), BackupError> {
    let verdict: String = conn
        .query_row("PRAGMA quick_check", [], |row| row.get(0))
        .map_err(|e| refusal(file, schema::sql_error(file, e)))?;
    if verdict == "ok" {
        return Ok(());
    }
    Err(BackupError::refused(
        file,
        RestoreProblem::Damaged(Damage::Malformed(verdict)),
    ))
}

/// The store's refusal of `file` said as a restore's; what is not about
/// the file (it could not be read at all) stays the store's error.
fn refusal(file: &Path, error: StoreError) -> BackupError {
    let problem = match error {
        StoreError::Schema {
            problem:
                SchemaProblem::TooNew {
                    found,
                    supported,
                    written_by,
                },
            ..
        } => RestoreProblem::TooNew {
            found,
            supported,
            written_by,
        },
        StoreError::Schema {
            problem: SchemaProblem::NotMinuta(why),
            ..
        } => RestoreProblem::NotMinuta(why),
        StoreError::Damaged { damage, .. } => RestoreProblem::Damaged(damage),
        StoreError::Corrupt { seq, reason } => RestoreProblem::Corrupt { seq, reason },
        other => return BackupError::Store(other),
    };
    BackupError::refused(file, problem)
}

fn copy_and_sync(source: &mut File, target: &mut File) -> std::io::Result<()> {
    std::io::copy(source, target)?;
    target.flush()?;
    target.sync_all()
}

/// Flushes a directory's entries (the rename into it). Windows cannot open
/// a directory as a file; NTFS journals the rename itself.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// A file of this process's own, `minuta.sqlite3.<purpose>-<pid>-<nanos>-<n>.tmp`,
/// removed (with any SQLite side file of it) when dropped unless
/// [`TempFile::placed`] says it was renamed to where it belongs.
struct TempFile {
    path: PathBuf,
    /// Open while it is written; closed before it is renamed or removed
    /// (Windows renames and removes no file that is open).
    file: Option<File>,
    placed: bool,
}

impl TempFile {
    /// A new, empty file in `dir`, never one that was there before; `step`
    /// names a failure to make it.
    fn create(dir: &Path, purpose: &str, step: FileStep) -> Result<TempFile, BackupError> {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let name = format!(
            "{}.{purpose}-{}-{nanos}-{n}.tmp",
            schema::FILE_NAME,
            std::process::id()
        );
        let path = dir.join(name);
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
            .map_err(|e| BackupError::file(&path, step, e))?;
        Ok(TempFile {
            path,
            file: Some(file),
            placed: false,
        })
    }

    /// An empty file for `VACUUM INTO` (which fills an empty file, and
    /// opens it itself): in `data_dir`, or — where nothing can be made
    /// there (read-only media) — in the system's temporary folder.
    fn for_backup(data_dir: &Path) -> Result<TempFile, BackupError> {
        let step = FileStep::MakeBackupFile;
        let mut temp = TempFile::create(data_dir, "backup", step).or_else(|beside| {
            TempFile::create(&std::env::temp_dir(), "backup", step).map_err(|_| beside)
        })?;
        temp.close();
        Ok(temp)
    }

    /// The file's name as `VACUUM INTO` takes it: absolute (so no
    /// connection's URI handling could read it as `file:`), and text.
    fn sql_name(&self) -> Result<String, BackupError> {
        let absolute = std::path::absolute(&self.path)
            .map_err(|e| BackupError::file(&self.path, FileStep::MakeBackupFile, e))?;
        absolute.to_str().map(str::to_owned).ok_or_else(|| {
            BackupError::file(
                &self.path,
                FileStep::MakeBackupFile,
                "the path is not valid Unicode, which SQLite needs",
            )
        })
    }

    fn close(&mut self) {
        self.file = None;
    }

    /// It has been renamed to its final name: nothing to remove.
    fn placed(&mut self) {
        self.placed = true;
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        self.close();
        if self.placed {
            return;
        }
        for suffix in ["", "-journal", "-wal", "-shm"] {
            // Already gone, or never made: either way not there.
            let _ = std::fs::remove_file(schema::side_file(&self.path, suffix));
        }
    }
}

#[cfg(test)]
#[path = "backup_tests.rs"]
mod tests;
