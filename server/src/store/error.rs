//! The store's one error type. Every variant names what went wrong precisely
//! enough for an operator to act on it: which file, which row, which version.

use std::path::PathBuf;
use std::sync::Arc;

/// Anything that can make opening, loading or appending fail.
///
/// `Clone` so that one failed commit can be reported to every batch that was
/// in it; that is also why sources are held in an `Arc`.
#[derive(Clone, Debug, thiserror::Error)]
pub enum StoreError {
    /// The file (or its directory) could not be created, opened or configured.
    #[error("cannot open the Minuta store {}: {source}", path.display())]
    Open {
        path: PathBuf,
        #[source]
        source: Arc<dyn std::error::Error + Send + Sync>,
    },
    /// The file opened, but it is not a store this server can use.
    #[error("{}: {problem}", path.display())]
    Schema {
        path: PathBuf,
        problem: SchemaProblem,
    },
    /// A stored row could not be turned back into an event. Never skipped:
    /// replaying a log with a hole in it would rebuild a different game.
    #[error("stored event seq {seq} is corrupt: {reason}")]
    Corrupt { seq: i64, reason: String },
    /// Encoding or committing a batch failed; nothing of that batch is stored.
    #[error("writing to the store failed: {0}")]
    Write(String),
    /// The writer has stopped (shut down, or its connection became unusable);
    /// nothing more will be stored.
    #[error("the store writer has stopped")]
    Closed,
    /// The file is there but holds no tournament a server could continue
    /// (issue 14.3): refused at start rather than silently replaced by a new
    /// tournament with new secrets. `--new` sets it aside.
    #[error(
        "{}: {damage}; refusing to start on it (start with --new to set it aside and begin a new store)",
        path.display()
    )]
    Damaged { path: PathBuf, damage: Damage },
    /// A stored event names a team, question, fight, game or judge that the
    /// events before it never made: the log is not one this server wrote.
    #[error(
        "{}: stored event seq {seq} ({kind}) {problem}; refusing to replay it (start with --new to set the store aside and begin a new one)",
        path.display()
    )]
    Replay {
        path: PathBuf,
        seq: i64,
        kind: &'static str,
        problem: ReplayError,
    },
    /// The store cannot be written: refused before anyone is served, so no
    /// join code is printed for a server that would die at the first command.
    #[error("{}: the store is read-only ({reason}); make the file and its directory writable, or use another --data", path.display())]
    ReadOnly { path: PathBuf, reason: String },
    /// `--new` was given for a store that is fine: it is never set aside
    /// silently; the operator moves it away by hand to start over.
    #[error(
        "{}: --new refused: this is a usable store with {events} events; start without --new to continue it, or move it away yourself to begin a new tournament",
        path.display()
    )]
    NotDamaged { path: PathBuf, events: usize },
}

/// What is wrong with a store file that is present but unusable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Damage {
    /// Zero bytes: typically a truncated copy or a failed disk.
    #[error("the file is empty (0 bytes)")]
    ZeroLength,
    /// An SQLite database without a single table.
    #[error("the file is an SQLite database with no tables (no meta, no events)")]
    NoTables,
    /// The write-ahead log without its database: the events may be in the
    /// log, and a new database beside it would mix the two.
    #[error("the database file is missing but its write-ahead log {wal} is there")]
    WalWithoutDatabase { wal: String },
    /// SQLite reports the file itself as damaged.
    #[error("SQLite reports the file as damaged: {0}")]
    Malformed(String),
}

/// What a stored event names that does not exist when it is replayed
/// ([`crate::core::Core::check`]).
pub use crate::core::ReplayError;

/// Why an opened file is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SchemaProblem {
    /// Written by a newer Minuta: this server would misread it, so it must not
    /// touch it (and certainly not append to it).
    #[error(
        "store schema_version {found}{} is newer than this server supports ({supported}); use that minuta-server or a newer one",
        written_by.as_ref().map(|w| format!(" (written by {w})")).unwrap_or_default()
    )]
    TooNew {
        found: i64,
        supported: i64,
        written_by: Option<String>,
    },
    /// Not a Minuta store at all (another SQLite database, or not SQLite).
    #[error("not a Minuta store: {0} (starting with --new sets it aside and begins a new store)")]
    NotMinuta(String),
}

impl StoreError {
    pub(crate) fn open(
        path: &std::path::Path,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Self {
        StoreError::Open {
            path: path.to_path_buf(),
            source: Arc::from(source.into()),
        }
    }

    /// Whether the store is unusable as it lies on disk (damaged, foreign,
    /// corrupt or unreplayable), so that `--new` may set it aside. A lock
    /// held by another server, a read-only file or a newer schema are not
    /// damage: setting such a store aside would lose a good tournament.
    pub fn is_damage(&self) -> bool {
        matches!(
            self,
            StoreError::Damaged { .. }
                | StoreError::Corrupt { .. }
                | StoreError::Replay { .. }
                | StoreError::Schema {
                    problem: SchemaProblem::NotMinuta(_),
                    ..
                }
        )
    }

    pub(crate) fn damaged(path: &std::path::Path, damage: Damage) -> Self {
        StoreError::Damaged {
            path: path.to_path_buf(),
            damage,
        }
    }

    pub(crate) fn not_minuta(path: &std::path::Path, why: impl Into<String>) -> Self {
        StoreError::Schema {
            path: path.to_path_buf(),
            problem: SchemaProblem::NotMinuta(why.into()),
        }
    }
}
