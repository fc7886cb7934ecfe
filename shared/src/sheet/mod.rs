//! Scoresheets: a game typed in as JSON (when laptops fail, or for a jury's
//! audit), validated against the rules and scored exactly as live play
//! would. [`score_sheet`] is what `minuta-server score FILE` prints.

mod brain_ring;
mod chgk;
mod erudit;
mod erudit_tournament;
mod json;
mod multigames;
pub(crate) mod neptune;
pub(crate) mod output;
mod qualifying_cut;
mod teams;

use json::Node;

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

/// The formats a sheet may have.
const FORMATS: [&str; 5] = [
    "chgk",
    "brain-ring",
    "erudit-quartet",
    "multigames",
    "neptune",
];

/// Scores a sheet: the result as one line of JSON,
/// `{"format":…,"standings":[…]}` (plus `next_round` for brain-ring), or the
/// first error found.
pub fn score_sheet(text: &str) -> Result<String, SheetError> {
    let json = json::parse(text)?;
    let root = Node::root(&json);
    let json::Json::Object(entries) = &json else {
        return Err(root.err("expected a JSON object"));
    };
    let format_node = entries
        .iter()
        .find(|(k, _)| k == "format")
        .map(|(_, json)| Node {
            json,
            path: "format".into(),
        })
        .ok_or_else(|| SheetError::new("format", "missing"))?;
    let format = format_node.str()?;
    let result = match format {
        "chgk" => chgk::score(&root)?,
        "brain-ring" => brain_ring::score(&root)?,
        // A sheet with `stages` is a whole tournament, else one game.
        "erudit-quartet" if entries.iter().any(|(k, _)| k == "stages") => {
            erudit_tournament::score(&root)?
        }
        "erudit-quartet" => erudit::score(&root)?,
        "multigames" => multigames::score(&root)?,
        "neptune" => neptune::score(&root)?,
        other => {
            return Err(format_node.err(format!(
                "unknown format {} (expected one of {})",
                serde_json::to_string(other).unwrap_or_default(),
                FORMATS.join(", ")
            )));
        }
    };
    serde_json::to_string(&result)
        .map_err(|e| SheetError::new("sheet", format!("cannot write the result: {e}")))
}

#[cfg(test)]
mod tests;
