//! Scoresheets: a game typed in as JSON (when laptops fail, or for a jury's
//! audit), validated against the rules and scored exactly as live play
//! would. Here lives what every format's sheet shares: reading a sheet's
//! text (the path of a bad field from `serde_path_to_error`), its numbers,
//! teams, prize ties and qualifying cut, and writing the result. What must
//! not live here: a format's own sheet type and scoring (its folder,
//! `play/<format>/sheet/`) or the choice among formats (`play/score/`).

pub mod error;
pub(crate) mod number;
pub(crate) mod output;
pub mod prize_ties;
pub(crate) mod teams;

pub use error::SheetError;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_path_to_error::{Path, Segment};

/// A format's sheet type: read by serde, checked against the rules and
/// scored exactly as live play would.
pub trait Scoresheet: Serialize + DeserializeOwned {
    /// The sheet's result, or the first broken rule.
    fn score(&self) -> Result<output::Scored, SheetError>;

    /// `minuta-server score` for a sheet of this format (`text`, already
    /// known to be a JSON object naming it): the result as one line of
    /// JSON, or the first error found.
    fn score_text(text: &str) -> Result<String, SheetError> {
        write(&read::<Self>(text)?.score()?)
    }
}

/// A scored sheet as `score` prints it: one line of JSON.
pub(crate) fn write(result: &impl Serialize) -> Result<String, SheetError> {
    serde_json::to_string(result)
        .map_err(|e| SheetError::new("sheet", format!("cannot write the result: {e}")))
}

/// Reads a sheet's text as its format's type; a structural error names the
/// field it is at.
pub(crate) fn read<T: DeserializeOwned>(text: &str) -> Result<T, SheetError> {
    let mut json = serde_json::Deserializer::from_str(text);
    let sheet = serde_path_to_error::deserialize(&mut json).map_err(|e| {
        let path = show_path(e.path());
        structural(&path, e.inner())
    })?;
    json.end()
        .map_err(|e| SheetError::new("sheet", format!("not valid JSON: {e}")))?;
    Ok(sheet)
}

/// The fields whose entries are keyed by a team's name: their keys are
/// written `["name"]` in a path, any other object's as `.field`.
const TEAM_KEYED: [&str; 3] = ["players", "points", "declared"];

/// A path as the sheet's messages write it: `auction[3].bid`,
/// `joker.declared["Наяды"]`; the empty path is the whole `sheet`.
fn show_path(path: &Path) -> String {
    let mut out = String::new();
    let mut field: Option<&str> = None;
    for segment in path {
        match segment {
            Segment::Seq { index } => {
                out.push_str(&format!("[{index}]"));
                field = None;
            }
            Segment::Map { key } | Segment::Enum { variant: key } => {
                if field.is_some_and(|f| TEAM_KEYED.contains(&f)) {
                    out.push_str(&format!("[{}]", teams::quote(key)));
                    field = None;
                } else {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(key);
                    field = Some(key);
                }
            }
            Segment::Unknown => {
                out.push('?');
                field = None;
            }
        }
    }
    if out.is_empty() { "sheet".into() } else { out }
}

/// A serde error at `path` in the sheet's own words: a missing, unknown or
/// repeated field named in the path, a wrong type as what was expected.
/// serde's derive words these four as read here (``missing field `x` ``,
/// ``unknown field `x`, expected … ``, ``duplicate field `x` ``,
/// `invalid type: …, expected …`); the sheet tests pin every rewording, so
/// a change of wording fails them rather than the sheets. Anything else (the sheet's
/// own number, bid and tour-type messages) is kept as it is.
fn structural(path: &str, error: &serde_json::Error) -> SheetError {
    let text = error.to_string();
    // The sheet's messages name fields, not lines.
    let suffix = format!(" at line {} column {}", error.line(), error.column());
    let message = text.strip_suffix(&suffix).unwrap_or(&text);
    let field = |name: &str| {
        if path == "sheet" {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        }
    };
    if let Some(name) = backticked(message, "missing field `") {
        return SheetError::new(&field(name), "missing");
    }
    if let Some(name) = backticked(message, "duplicate field `") {
        return SheetError::new(&field(name), "field given twice");
    }
    if let Some(rest) = message.strip_prefix("unknown field `") {
        // The path ends with the unknown field already.
        let expected = rest
            .rfind("`, expected ")
            .map_or("", |at| &rest[at + "`, expected ".len()..]);
        let names: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
        return SheetError::new(
            path,
            format!("unknown field (expected {})", names.join(", ")),
        );
    }
    if let Some(rest) = message.strip_prefix("invalid type: ")
        && let Some(at) = rest.rfind(", expected ")
    {
        let expected = match &rest[at + ", expected ".len()..] {
            "a boolean" => "true or false",
            "a sequence" => "an array",
            "a map" => "an object",
            struct_name if struct_name.starts_with("struct ") => "an object",
            other => other,
        };
        return SheetError::new(path, format!("expected {expected}"));
    }
    SheetError::new(path, message)
}

/// The name in ``prefix`name` `` (serde's messages quote names so).
fn backticked<'a>(message: &'a str, prefix: &str) -> Option<&'a str> {
    message.strip_prefix(prefix)?.strip_suffix('`')
}
