//! `minuta-server export`: the standings rebuilt from the durable store, as
//! JSON or CSV, for the rating site, the jury or a spreadsheet. It replays
//! the stored events exactly as a restart does, so the export and the live
//! standings cannot disagree.

use std::path::Path;

use serde_json::json;
use thiserror::Error;

use crate::core::{Core, ServerInfo};
use crate::store;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    Json,
    Csv,
}

#[derive(Debug, Error)]
pub enum ExportError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("{0} holds no Minuta tournament (no events stored)")]
    Empty(String),
}

/// The final standings: every played question counts, as judged (3; 4.3).
pub fn export(data_dir: &Path, format: ExportFormat) -> Result<String, ExportError> {
    let events = store::load(data_dir)?;
    if events.is_empty() {
        return Err(ExportError::Empty(data_dir.display().to_string()));
    }
    let mut core = Core::new(ServerInfo::default());
    core.replay(&events);
    Ok(match format {
        ExportFormat::Json => to_json(&core),
        ExportFormat::Csv => to_csv(&core),
    })
}

fn to_json(core: &Core) -> String {
    let chgk = core.chgk();
    let questions: Vec<_> = chgk
        .questions
        .iter()
        .filter(|q| q.played())
        .map(|q| {
            json!({
                "number": q.number,
                "answer": q.content.answer,
                "withdrawn": q.withdrawn,
                "correct": q.cards.keys().filter(|t| q.is_correct(**t)).count(),
                "late_cards": q.cards.values().filter(|c| c.late).count(),
            })
        })
        .collect();
    let standings: Vec<_> = core
        .staff_standings()
        .into_iter()
        .map(|r| {
            json!({
                "place": r.place.to_string(),
                "team": r.name,
                "town": r.town,
                "points": r.points,
                "rating": r.rating,
                "mask": r.mask,
            })
        })
        .collect();
    let out = json!({
        "tournament": core.registry().tournament,
        "format": "chgk",
        "teams": core.registry().teams.len(),
        "questions": questions,
        "standings": standings,
    });
    format!("{out:#}\n")
}

fn to_csv(core: &Core) -> String {
    let mut out = String::from("place,team,town,points,rating,mask\n");
    for r in core.staff_standings() {
        let row = [
            r.place.to_string(),
            r.name,
            r.town,
            r.points.to_string(),
            r.rating.to_string(),
            r.mask,
        ];
        let cells: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// RFC 4180 quoting; a leading `=`, `+`, `-` or `@` is prefixed with `'` so
/// a spreadsheet never runs a team name as a formula.
fn csv_cell(s: &str) -> String {
    let guarded = if s.starts_with(['=', '+', '-', '@']) && s.parse::<f64>().is_err() {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_cells_are_quoted_and_formula_safe() {
        assert_eq!(csv_cell("Сфинкс"), "Сфинкс");
        assert_eq!(csv_cell("a,b"), "\"a,b\"");
        assert_eq!(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell("=cmd()"), "'=cmd()");
        assert_eq!(csv_cell("-3"), "-3");
    }
}
