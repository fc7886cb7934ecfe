//! The documents `minuta-server export` writes, as plain serde types: the
//! server builds them and serialises them, and tests read the files back
//! through the same types. One file per document. What must not live here:
//! building a document from a game (each format's `export` does that) or
//! any file format other than the document's own JSON shape.
//!
//! A document's structs list their fields in the order the file has them
//! (alphabetical where the file always had its keys sorted), so the bytes
//! written stay what they were.

pub mod brain_ring;
pub mod event;
pub mod rating;
pub mod rating_cells;
pub mod score;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

/// A number a reader takes as is: written whole when it is (`3`), with its
/// fraction otherwise (`4.5`) — Brain-ring points (4.6), a shared place's
/// mean on the rating site.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum WholeOrHalf {
    Whole(u64),
    Half(f64),
}

impl WholeOrHalf {
    /// `halves / 2`: whole when `halves` is even.
    pub fn from_halves(halves: u64) -> Self {
        if halves.is_multiple_of(2) {
            WholeOrHalf::Whole(halves / 2)
        } else {
            WholeOrHalf::Half(halves as f64 / 2.0)
        }
    }
}

/// A document as its file's text: pretty JSON with a final line break.
pub fn pretty(document: &impl serde::Serialize) -> String {
    // Plain data with string keys: serialising it cannot fail.
    let text = serde_json::to_string_pretty(document).unwrap_or_default();
    format!("{text}\n")
}
