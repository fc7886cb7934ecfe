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
}

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
    #[error("not a Minuta store: {0}")]
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

    pub(crate) fn not_minuta(path: &std::path::Path, why: impl Into<String>) -> Self {
        StoreError::Schema {
            path: path.to_path_buf(),
            problem: SchemaProblem::NotMinuta(why.into()),
        }
    }
}
