//! The first sheet of an .xlsx file as rows of text, each with its row
//! number as the spreadsheet shows it, through calamine. A number cell
//! that is whole (an id) reads without «.0». What the cells mean is
//! `parse.rs`'s.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};

use super::problem::ReadError;

pub fn rows(bytes: &[u8]) -> Result<Vec<(u32, Vec<String>)>, ReadError> {
    let mut book: Xlsx<_> =
        Xlsx::new(Cursor::new(bytes)).map_err(|e| ReadError::Xlsx(e.to_string()))?;
    let range = match book.worksheet_range_at(0) {
        Some(range) => range.map_err(|e| ReadError::Xlsx(e.to_string()))?,
        None => return Err(ReadError::Empty),
    };
    let first_row = range.start().map_or(0, |(row, _)| row);
    let first_column = range.start().map_or(0, |(_, column)| column) as usize;
    Ok(range
        .rows()
        .enumerate()
        .map(|(i, cells)| {
            // A sheet whose data starts in column C still has its columns
            // counted from A, as the roster's columns are.
            let mut row = vec![String::new(); first_column];
            row.extend(cells.iter().map(text));
            (first_row + i as u32 + 1, row)
        })
        .filter(|(_, row)| row.iter().any(|c| !c.trim().is_empty()))
        .collect())
}

fn text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        other => other.to_string(),
    }
}
