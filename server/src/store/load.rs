//! Reading the log back: every row, in seq order, each one parsed or the
//! whole load refused. A replay that silently skipped a row would rebuild a
//! different game than the one played, so there is no lenient mode.

use std::path::Path;

use std::sync::Arc;

use rusqlite::types::ValueRef;
use rusqlite::{Connection, OptionalExtension};

use super::error::StoreError;
use super::schema::sql_error;
use crate::core::event::Event;

/// One stored row, for `export` and tools that want more than the events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredEvent {
    /// Position in the log, from 1, without gaps.
    pub seq: i64,
    /// Server time (µs) of the batch the event was committed in.
    pub at_us: u64,
    /// The `kind` column as stored (informational; `event` is authoritative).
    pub kind: String,
    pub event: Event,
}

/// Reads the whole log through `conn`. `path` only names the file in errors.
pub(crate) fn read_all(conn: &Connection, path: &Path) -> Result<Vec<StoredEvent>, StoreError> {
    let fail = |e: rusqlite::Error| sql_error(path, e);
    let mut stmt = conn
        .prepare("SELECT seq, at_us, kind, body FROM events ORDER BY seq")
        .map_err(fail)?;
    let mut rows = stmt.query([]).map_err(fail)?;
    let mut out = Vec::new();
    let mut previous: Option<i64> = None;
    while let Some(row) = rows.next().map_err(fail)? {
        // `seq` is the rowid: SQLite guarantees an integer.
        let seq: i64 = row.get(0).map_err(fail)?;
        check_no_gap(previous, seq)?;
        previous = Some(seq);

        let at_us = match row.get_ref(1).map_err(fail)? {
            ValueRef::Integer(v) => {
                u64::try_from(v).map_err(|_| corrupt(seq, format!("at_us is negative ({v})")))?
            }
            other => {
                return Err(corrupt(
                    seq,
                    format!("at_us is {}, not an integer", other.data_type()),
                ));
            }
        };
        let kind = text(row.get_ref(2).map_err(fail)?, seq, "kind")?.to_owned();
        let body = text(row.get_ref(3).map_err(fail)?, seq, "body")?;
        let mut event: Event = serde_json::from_str(body)
            .map_err(|e| corrupt(seq, format!("body is not a valid {kind} event: {e}")))?;
        if let Event::Media { hash, bytes, .. } = &mut event {
            *bytes = Arc::new(media_bytes(conn, seq, &hash.0)?);
        }
        out.push(StoredEvent {
            seq,
            at_us,
            kind,
            event,
        });
    }
    Ok(out)
}

/// A `media` event's picture, from the `media` table; a store that lost it
/// is as damaged as one that lost an event.
fn media_bytes(conn: &Connection, seq: i64, hash: &str) -> Result<Vec<u8>, StoreError> {
    conn.query_row("SELECT bytes FROM media WHERE hash = ?1", [hash], |row| {
        row.get::<_, Vec<u8>>(0)
    })
    .optional()
    .map_err(|e| corrupt(seq, format!("its picture cannot be read: {e}")))?
    .ok_or_else(|| {
        corrupt(
            seq,
            format!("its picture {hash} is missing from the media table"),
        )
    })
}

/// The writer only ever appends and a rolled-back transaction consumes no
/// rowid, so a gap can only mean rows were deleted by hand: as bad as a
/// corrupt row for a replay.
fn check_no_gap(previous: Option<i64>, seq: i64) -> Result<(), StoreError> {
    let expected = match previous {
        Some(p) => p.saturating_add(1),
        None => 1,
    };
    if seq == expected {
        return Ok(());
    }
    Err(corrupt(
        seq,
        format!(
            "events are missing before it (expected seq {expected}, the log must run 1, 2, 3… without gaps)"
        ),
    ))
}

fn text<'a>(value: ValueRef<'a>, seq: i64, column: &str) -> Result<&'a str, StoreError> {
    match value {
        ValueRef::Text(bytes) => std::str::from_utf8(bytes)
            .map_err(|e| corrupt(seq, format!("{column} is not valid UTF-8: {e}"))),
        other => Err(corrupt(
            seq,
            format!("{column} is {}, not text", other.data_type()),
        )),
    }
}

fn corrupt(seq: i64, reason: String) -> StoreError {
    StoreError::Corrupt { seq, reason }
}
