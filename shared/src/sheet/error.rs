//! Why a scoresheet was refused: the path of the offending field and the
//! reason, on one line. Nothing that reads or scores a sheet lives here.

/// A sheet that breaks a rule or the format. Displays as one line,
/// `path: reason`, e.g. `auction[3].bid: 35 is not a multiple of 10`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{path}: {reason}")]
pub struct SheetError {
    /// The offending field: `.`-separated fields, `[i]` for list items
    /// (0-based), `["name"]` for entries keyed by a team.
    pub path: String,
    pub reason: String,
}

impl SheetError {
    pub(crate) fn new(path: &str, reason: impl Into<String>) -> Self {
        // One line, whatever the input held.
        let reason: String = reason.into().replace(['\n', '\r'], " ");
        SheetError {
            path: path.replace(['\n', '\r'], " "),
            reason,
        }
    }
}
