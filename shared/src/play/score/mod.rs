//! `minuta-server score`: a sheet's text scored by the format it names,
//! through the registry ([`Format`]). What must not live here: a format's
//! own sheet (its folder) or what every sheet shares ([`crate::sheet`]).

use serde_json::Value;

use crate::play::games::Format;
use crate::sheet::SheetError;
use crate::sheet::teams;

/// Scores a sheet: the result as one line of JSON,
/// `{"format":…,"standings":[…]}` (plus `next_round` for brain-ring), or the
/// first error found: a structural one (a field's type, an unknown, missing
/// or repeated field or team key) before any broken rule.
pub fn score_sheet(text: &str) -> Result<String, SheetError> {
    // The format chooses the type; the text itself is read once it is known.
    let json: Value = serde_json::from_str(text)
        .map_err(|e| SheetError::new("sheet", format!("not valid JSON: {e}")))?;
    let Value::Object(root) = &json else {
        return Err(SheetError::new("sheet", "expected a JSON object"));
    };
    let name = match root.get("format") {
        Some(Value::String(name)) => name,
        Some(_) => return Err(SheetError::new("format", "expected a string")),
        None => return Err(SheetError::new("format", "missing")),
    };
    let Some(format) = Format::from_name(name) else {
        let known: Vec<&str> = Format::ALL.iter().map(|f| f.name()).collect();
        return Err(SheetError::new(
            "format",
            format!(
                "unknown format {} (expected one of {})",
                teams::quote(name),
                known.join(", ")
            ),
        ));
    };
    format.score_sheet(text)
}

#[cfg(test)]
mod prize_tie_tests;
#[cfg(test)]
mod qualifying_cut_tests;
#[cfg(test)]
pub(crate) mod tests;
