//! File and OS errors kept typed until they are shown: the OS words its
//! errors in English («No such file or directory (os error 2)»), so the
//! interface keeps the kind and the path and says them in the person's
//! language ([`crate::i18n::io`]). The English text stays for the log.

use std::io::{self, ErrorKind};
use std::path::PathBuf;

use thiserror::Error;

/// One OS error: its kind (what the interface names), its number and the
/// OS's own English words (for what no kind describes).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{detail}")]
pub struct OsError {
    pub kind: ErrorKind,
    pub code: Option<i32>,
    pub detail: String,
}

impl From<&io::Error> for OsError {
    fn from(error: &io::Error) -> Self {
        OsError {
            kind: error.kind(),
            code: error.raw_os_error(),
            detail: error.to_string(),
        }
    }
}

impl From<io::Error> for OsError {
    fn from(error: io::Error) -> Self {
        OsError::from(&error)
    }
}

/// Why a file the person chose could not be used.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FileError {
    #[error("{}: {error}", path.display())]
    Io { path: PathBuf, error: OsError },
    #[error("{}: {size} bytes, at most {limit}", path.display())]
    TooLarge {
        path: PathBuf,
        size: u64,
        limit: u64,
    },
    /// The game's format takes no question package.
    #[error("{}: this game takes no question package", path.display())]
    NoPackages { path: PathBuf },
}

impl FileError {
    pub fn io(path: impl Into<PathBuf>, error: &io::Error) -> Self {
        FileError::Io {
            path: path.into(),
            error: error.into(),
        }
    }
}
