//! The file on disk: opening connections, the pragmas that make commits
//! durable, and the schema (created on first open, checked on every open).
//!
//! Order matters when opening: the schema check is a pure read and runs
//! before anything is written (even `journal_mode`, which is persistent), so a
//! file that turns out to be someone else's database is left untouched.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::types::Value;
use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior};

use super::error::{Damage, SchemaProblem, StoreError};

/// The database file inside the data directory.
pub const FILE_NAME: &str = "minuta.sqlite3";

/// Held (flock) by the one process allowed to append; see [`lock_data_dir`].
pub(crate) const LOCK_FILE_NAME: &str = "minuta.lock";

/// The schema this server writes and understands. 2: the events of the
/// programme's games, the programme and the appeal jury (a version-1 store
/// holds none of them and is migrated on its first read-write open). 3: the
/// event's ChGK tournament is a game like any other, its events stored as
/// the game's (an older store's ChGK events read as that game's). 4: so is
/// its Brain-ring (an older store's Brain-ring events read as a game's,
/// and its first start stores that game; `core/legacy.rs`). 5: the packages'
/// pictures, once per SHA-256, in a `media` table that `media` events name
/// (created on the first read-write open of an older store). 6: what the
/// rating site knows of a team's players (`team_site_players` events, from
/// an imported roster); an older store's players stay names as entered.
/// 7: players are people, one record per player in the team's order
/// (`team_player_records` events, so namesakes stay two); an older store's
/// `team_site_players` are still read, each name given its record.
pub const SCHEMA_VERSION: i64 = 7;

/// Who wrote the store last, kept in `meta.written_by` so a server too old
/// for it can say which release to install.
const WRITTEN_BY: &str = concat!("minuta-server ", env!("CARGO_PKG_VERSION"));

/// How long a statement waits for a lock held by another connection (a jury's
/// sqlite3 shell, an `export`) before giving up, and how long `open` waits for
/// a previous writer in this process to release the data directory.
pub(crate) const BUSY_TIMEOUT: Duration = Duration::from_secs(5);

/// The whole schema, created in one transaction. `seq` is the rowid, so it
/// is assigned in commit order, and a rolled-back transaction leaves no gap.
const CREATE_SCHEMA: &str = "
    CREATE TABLE events(
        seq   INTEGER PRIMARY KEY,
        kind  TEXT NOT NULL,
        at_us INTEGER NOT NULL,
        body  TEXT NOT NULL
    );
    CREATE INDEX events_kind ON events(kind);
    CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);
    CREATE TABLE media(
        hash  TEXT PRIMARY KEY,
        mime  TEXT NOT NULL,
        bytes BLOB NOT NULL
    );
";

/// The table a version-5 store keeps pictures in; made on migration.
const CREATE_MEDIA: &str = "
    CREATE TABLE IF NOT EXISTS media(
        hash  TEXT PRIMARY KEY,
        mime  TEXT NOT NULL,
        bytes BLOB NOT NULL
    );
";

pub(crate) fn db_path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

/// How the writer's connection is opened. The flags are a seam for tests:
/// they run as root, whom file permissions do not stop, so a read-only store
/// is simulated with `SQLITE_OPEN_READ_ONLY` (which is also what SQLite
/// falls back to, silently, for a file it may not write).
#[derive(Clone, Copy, Debug)]
pub(crate) struct OpenOptions {
    pub busy_timeout: Duration,
    pub flags: OpenFlags,
}

impl Default for OpenOptions {
    fn default() -> Self {
        OpenOptions {
            busy_timeout: BUSY_TIMEOUT,
            flags: OpenFlags::default(),
        }
    }
}

/// The write-ahead log beside the database file.
pub(crate) fn wal_path(path: &Path) -> PathBuf {
    side_file(path, "-wal")
}

/// `<path><suffix>`, as SQLite names its side files.
pub(crate) fn side_file(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Whether the database file is there, refusing what must not be opened
/// at all (issue 14.3): a zero-length file (SQLite would happily make a new
/// store of it, with new secrets, and a truncated festival would vanish
/// without a word), or a write-ahead log without its database.
pub(crate) fn check_present(path: &Path) -> Result<bool, StoreError> {
    let wal_len = std::fs::metadata(wal_path(path)).map_or(0, |m| m.len());
    match std::fs::metadata(path) {
        Ok(meta) if meta.len() == 0 && wal_len == 0 => {
            Err(StoreError::damaged(path, Damage::ZeroLength))
        }
        Ok(_) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if wal_len > 0 {
                return Err(StoreError::damaged(
                    path,
                    Damage::WalWithoutDatabase {
                        wal: wal_path(path).display().to_string(),
                    },
                ));
            }
            Ok(false)
        }
        Err(e) => Err(StoreError::open(path, e)),
    }
}

/// Opens the read-write connection the writer thread will own: creates the
/// file and schema if missing, refuses foreign, damaged or newer files and
/// read-only ones, and switches on WAL + synchronous=FULL (verified, not
/// assumed). `existed` is [`check_present`]'s answer: a file that was there
/// must already be a Minuta store, never an empty one made anew.
pub(crate) fn open_rw(
    path: &Path,
    options: OpenOptions,
    existed: bool,
) -> Result<Connection, StoreError> {
    let mut conn =
        Connection::open_with_flags(path, options.flags).map_err(|e| sql_error(path, e))?;
    configure(&conn, path, options.busy_timeout)?;
    // SQLite opens a file it may not write read-only without a word; the
    // first command would then fail after the join codes were printed.
    if conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(true) {
        return Err(StoreError::ReadOnly {
            path: path.to_path_buf(),
            reason: "SQLite could only open it for reading".into(),
        });
    }
    // Per connection, not stored in the file: FULL makes every WAL commit
    // fsync before it returns, which is what "durable before acknowledged"
    // rests on. NORMAL (the usual WAL pairing) could lose the last commits
    // on power loss.
    conn.pragma_update(None, "synchronous", "FULL")
        .map_err(|e| sql_error(path, e))?;

    let found = inspect(&conn, path)?;
    if existed && found == Found::Empty {
        return Err(StoreError::damaged(path, Damage::NoTables));
    }
    // Only now, knowing the file is ours (or empty), change it. WAL lets
    // `load` (export, a jury's sqlite3 shell) read while the server writes.
    let mode: String = conn
        .pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get(0))
        .map_err(|e| sql_error(path, e))?;
    if !mode.eq_ignore_ascii_case("wal") {
        return Err(StoreError::open(
            path,
            format!(
                "SQLite refused WAL mode (journal_mode is {mode}); is the data directory on a network filesystem?"
            ),
        ));
    }

    if found == Found::Empty {
        create_schema(&mut conn, path)?;
    } else {
        migrate(&mut conn, path)?;
    }
    // Both committed a write just now (`written_by`); this proves it on the
    // very connection the writer will use, and says so clearly if not.
    prove_writable(&mut conn, path)?;
    Ok(conn)
}

/// Commits a write (the `written_by` row, unchanged in value) so that a
/// store that cannot be written is refused before anyone is served, with a
/// message that says so rather than a bare SQLite error at the first card.
pub(crate) fn prove_writable(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let write = |conn: &mut Connection| -> rusqlite::Result<()> {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO meta(key, value) VALUES ('written_by', ?1)
             ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            [WRITTEN_BY],
        )?;
        tx.commit()
    };
    write(conn).map_err(|e| writable_error(path, e))
}

/// A failed write while opening: read-only files and filesystems named as
/// such; anything else as it came.
fn writable_error(path: &Path, e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen | ErrorCode::PermissionDenied) => {
            StoreError::ReadOnly {
                path: path.to_path_buf(),
                reason: e.to_string(),
            }
        }
        _ => sql_error(path, e),
    }
}

/// Brings a store of an earlier schema up to this one, in one transaction
/// ([`prove_writable`] then records who wrote it). Versions 1 → 2 → 3 → 4
/// change no table: their events all read as they did; only the version
/// moves, so that an older server refuses the store once newer events may
/// be in it. 4 → 5 adds the `media` table; 5 → 6 and 6 → 7 change no
/// table.
fn migrate(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let fail = |e: rusqlite::Error| writable_error(path, e);
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(fail)?;
    let version = schema_version(&tx, path)?;
    if version < SCHEMA_VERSION {
        tracing::info!(from = version, to = SCHEMA_VERSION, path = %path.display(), "migrating the store");
        tx.execute_batch(CREATE_MEDIA).map_err(fail)?;
        tx.execute(
            "UPDATE meta SET value = ?1 WHERE key = 'schema_version'",
            [SCHEMA_VERSION.to_string()],
        )
        .map_err(fail)?;
    }
    tx.commit().map_err(fail)
}

/// `meta.written_by`, when the store has it.
fn written_by(conn: &Connection) -> Option<String> {
    conn.query_row(
        "SELECT value FROM meta WHERE key = 'written_by'",
        [],
        |row| row.get::<_, String>(0),
    )
    .ok()
}

/// Opens a read-only connection for `load`: never creates or changes
/// anything, so it is safe while a server is writing (WAL) and on a copy a
/// jury hands over.
pub(crate) fn open_ro(path: &Path, busy_timeout: Duration) -> Result<Connection, StoreError> {
    // SQLite would report a missing file as a vague "unable to open";
    // the OS error says exactly what is wrong.
    std::fs::metadata(path).map_err(|e| StoreError::open(path, e))?;
    check_present(path)?;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let conn = Connection::open_with_flags(path, flags).map_err(|e| sql_error(path, e))?;
    configure(&conn, path, busy_timeout)?;
    minuta_or_refused(conn, path)
}

/// Opens the file as SQLite's «immutable» (`immutable=1`): read without
/// locks and without the `-shm`/`-wal` side files, so nothing is written
/// even beside it. Only for a file nobody writes and whose write-ahead log
/// is empty (SQLite ignores the log of an immutable file).
pub(crate) fn open_immutable(path: &Path) -> Result<Connection, StoreError> {
    std::fs::metadata(path).map_err(|e| StoreError::open(path, e))?;
    check_present(path)?;
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_URI
        | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let uri = format!("{}?immutable=1", file_uri(path)?);
    let conn = Connection::open_with_flags(uri, flags).map_err(|e| sql_error(path, e))?;
    minuta_or_refused(conn, path)
}

/// `file:` and the absolute path, with what a URI gives a meaning to
/// (`%`, `?`, `#`) escaped.
fn file_uri(path: &Path) -> Result<String, StoreError> {
    let absolute = std::path::absolute(path).map_err(|e| StoreError::open(path, e))?;
    let text = absolute.to_string_lossy().replace('\\', "/");
    let mut uri = String::from(if text.starts_with('/') {
        "file:"
    } else {
        "file:/"
    });
    for c in text.chars() {
        match c {
            '%' => uri.push_str("%25"),
            '?' => uri.push_str("%3f"),
            '#' => uri.push_str("%23"),
            c => uri.push(c),
        }
    }
    Ok(uri)
}

fn minuta_or_refused(conn: Connection, path: &Path) -> Result<Connection, StoreError> {
    match inspect(&conn, path)? {
        Found::Minuta => Ok(conn),
        Found::Empty => Err(StoreError::damaged(path, Damage::NoTables)),
    }
}

fn configure(conn: &Connection, path: &Path, busy_timeout: Duration) -> Result<(), StoreError> {
    // rusqlite panics on timeouts beyond i32 milliseconds; no caller needs
    // more than a minute.
    let timeout = busy_timeout.min(Duration::from_secs(60));
    conn.busy_timeout(timeout).map_err(|e| sql_error(path, e))
}

/// An SQLite error while opening, with "this is not a database at all"
/// (which SQLite reports on the first read of the header) made a schema error.
pub(crate) fn sql_error(path: &Path, e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => {
            StoreError::not_minuta(path, "the file is not an SQLite database")
        }
        Some(ErrorCode::DatabaseCorrupt) => {
            StoreError::damaged(path, Damage::Malformed(e.to_string()))
        }
        _ => StoreError::open(path, e),
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Found {
    /// No tables at all: a file we just created (or an empty one).
    Empty,
    /// A Minuta store of a version this server reads.
    Minuta,
}

/// Decides what the file is, reading only.
fn inspect(conn: &Connection, path: &Path) -> Result<Found, StoreError> {
    let tables = table_names(conn).map_err(|e| sql_error(path, e))?;
    if tables.is_empty() {
        return Ok(Found::Empty);
    }
    if !tables.iter().any(|t| t == "meta") {
        return Err(StoreError::not_minuta(
            path,
            format!("it has tables ({}) but no meta table", tables.join(", ")),
        ));
    }
    let version = schema_version(conn, path)?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::Schema {
            path: path.to_path_buf(),
            problem: SchemaProblem::TooNew {
                found: version,
                supported: SCHEMA_VERSION,
                written_by: written_by(conn),
            },
        });
    }
    if version < 1 {
        return Err(StoreError::not_minuta(
            path,
            format!("unknown schema_version {version}"),
        ));
    }
    if !tables.iter().any(|t| t == "events") {
        return Err(StoreError::not_minuta(path, "it has no events table"));
    }
    Ok(Found::Minuta)
}

fn table_names(conn: &Connection) -> rusqlite::Result<Vec<String>> {
    let mut stmt =
        conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")?;
    let names = stmt.query_map([], |row| row.get::<_, String>(0))?;
    names.collect()
}

/// Reads `meta.schema_version`, accepting it stored as text (as we write
/// it) or as an integer (as a hand-edited file might have it).
fn schema_version(conn: &Connection, path: &Path) -> Result<i64, StoreError> {
    let value: Option<Value> = conn
        .query_row(
            "SELECT value FROM meta WHERE key = 'schema_version'",
            [],
            |row| row.get(0),
        )
        .map(Some)
        .or_else(|e| match e {
            rusqlite::Error::QueryReturnedNoRows => Ok(None),
            other => Err(other),
        })
        .map_err(|e| {
            StoreError::not_minuta(path, format!("cannot read meta.schema_version: {e}"))
        })?;
    match value {
        Some(Value::Integer(v)) => Ok(v),
        Some(Value::Text(t)) => t.trim().parse().map_err(|_| {
            StoreError::not_minuta(path, format!("meta.schema_version is {t:?}, not a number"))
        }),
        Some(other) => Err(StoreError::not_minuta(
            path,
            format!("meta.schema_version is {other:?}"),
        )),
        None => Err(StoreError::not_minuta(path, "meta has no schema_version")),
    }
}

fn create_schema(conn: &mut Connection, path: &Path) -> Result<(), StoreError> {
    let fail = |e: rusqlite::Error| writable_error(path, e);
    // IMMEDIATE takes the write lock first, and the emptiness check is
    // repeated under it, so a concurrent opener cannot make us create tables
    // twice or on top of its own.
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(fail)?;
    if inspect(&tx, path)? == Found::Empty {
        tx.execute_batch(CREATE_SCHEMA).map_err(fail)?;
        tx.execute(
            "INSERT INTO meta(key, value) VALUES ('schema_version', ?1)",
            [SCHEMA_VERSION.to_string()],
        )
        .map_err(fail)?;
        tx.execute(
            "INSERT INTO meta(key, value) VALUES ('written_by', ?1)",
            [WRITTEN_BY],
        )
        .map_err(fail)?;
    }
    tx.commit().map_err(fail)
}

/// Takes an exclusive advisory lock on `<data_dir>/minuta.lock`, held for as
/// long as the returned file lives (the writer thread owns it). Two servers
/// appending to one log would interleave two games into one history, so the
/// second is refused. Retries until `wait` runs out because a writer that
/// was just dropped in this process releases the lock a moment later, when
/// its thread has finished committing.
pub(crate) fn lock_data_dir(data_dir: &Path, wait: Duration) -> Result<File, StoreError> {
    let path = data_dir.join(LOCK_FILE_NAME);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| StoreError::open(&path, e))?;
    let started = Instant::now();
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(std::fs::TryLockError::WouldBlock) => {
                if started.elapsed() >= wait {
                    return Err(StoreError::open(
                        &path,
                        "another minuta-server (or another open store in this process) is using this data directory",
                    ));
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            // Some filesystems cannot lock at all; refusing to run there would
            // be worse than running unguarded.
            Err(std::fs::TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {
                tracing::warn!(path = %path.display(), "file locking unsupported; not guarding against a second server");
                return Ok(file);
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(StoreError::open(&path, e)),
        }
    }
}
