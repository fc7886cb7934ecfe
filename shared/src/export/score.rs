//! The line `minuta-server score` prints, `{"format":…,"standings":[…]}`,
//! as a reader takes it. What writes it is `sheet::output::Scored`, which
//! keeps each format's own row order; this type only reads it back (for
//! tests and tools comparing it with the export's `games`).

use serde::Deserialize;
use serde_json::Value;

/// The scored result of one sheet.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct ScoreLine {
    /// The sheet's format: `chgk`, `brain-ring`, `multigames`, …
    pub format: String,
    /// The standings: each format's own rows, exactly as the export's
    /// [`super::event::GameExport::standings`] has them.
    pub standings: Value,
    /// Brain-ring's next round of pairs (none when the sheet has none).
    #[serde(default)]
    pub next_round: Option<Value>,
}
