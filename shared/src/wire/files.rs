//! The files the host takes home from the dashboard: which one it asks
//! for ([`HostFile`]), the parts the server sends it in ([`FilePart`]) and
//! why it may be refused ([`FileRefusal`]). The server makes each file from
//! the store exactly as `minuta-server export` does; this module only names
//! them. No rendering and no disk here.

use serde::{Deserialize, Serialize};

use crate::ids::GameId;

/// A file made from the store, asked for with
/// [`crate::wire::client::ClientMsg::Fetch`]. Only the host may ask.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HostFile {
    /// The join codes on paper (PDF): the teams' cards with the hall's
    /// Wi-Fi (`wifi`, printed as typed) and the staff's page.
    Codes { wifi: String },
    /// The jury's protocol for signatures (PDF).
    Protocol,
    /// The rating site's results of the event's ChGK (CSV).
    RatingResults,
    /// The rating site's roster (CSV).
    RatingRoster,
    /// The rating site's results as JSON.
    RatingJson,
    /// One game's scoresheet, as `minuta-server score` reads it.
    Sheet(GameId),
    /// The whole event as the JSON export.
    Everything,
    /// A consistent copy of the store, which `minuta-server restore` puts
    /// back for `serve` to open as it was.
    Backup,
}

impl HostFile {
    /// What the file is, for its name: `<tournament>-<date>-<this>.<ext>`.
    pub fn stem_and_extension(&self) -> (String, &'static str) {
        match self {
            HostFile::Codes { .. } => ("codes".into(), "pdf"),
            HostFile::Protocol => ("protocol".into(), "pdf"),
            HostFile::RatingResults => ("rating-results".into(), "csv"),
            HostFile::RatingRoster => ("rating-roster".into(), "csv"),
            HostFile::RatingJson => ("rating".into(), "json"),
            HostFile::Sheet(game) => (format!("game-{}-sheet", game.0), "json"),
            HostFile::Everything => ("export".into(), "json"),
            HostFile::Backup => ("backup".into(), "sqlite3"),
        }
    }
}

/// The most bytes one [`FilePart`] carries: a large backup goes in many,
/// so views keep flowing between them and the host sees its progress.
pub const FILE_PART_BYTES: usize = 256 * 1024;

/// The largest file the server makes for the dashboard (a backup of a
/// festival's store is a few MB; this is far beyond any).
pub const MAX_FILE_BYTES: u64 = 1024 * 1024 * 1024;

/// One part of a file the host asked for. Parts come in order; the file
/// is whole when `offset + bytes.len() == total`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FilePart {
    /// The `request` of the [`crate::wire::client::ClientMsg::Fetch`].
    pub request: u64,
    /// The file's name for the host's disk, made by the server.
    pub name: String,
    pub total: u64,
    pub offset: u64,
    pub bytes: Vec<u8>,
}

impl FilePart {
    /// Whether this part ends the file.
    pub fn is_last(&self) -> bool {
        self.offset + self.bytes.len() as u64 >= self.total
    }
}

/// Why the server made no file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum FileRefusal {
    /// Only the host takes files from the server.
    #[error("only the host may take files from the server")]
    Forbidden,
    #[error("there is no such game in the programme")]
    NoSuchGame,
    /// The store holds no tournament yet.
    #[error("nothing is stored yet")]
    Empty,
    /// Making the file failed; the server's words.
    #[error("{0}")]
    Failed(String),
}

/// Cuts `bytes` into the parts of the file `request`, named `name`: at
/// least one part, even for an empty file.
pub fn parts(request: u64, name: &str, bytes: &[u8]) -> Vec<FilePart> {
    let total = bytes.len() as u64;
    let mut parts: Vec<FilePart> = bytes
        .chunks(FILE_PART_BYTES)
        .enumerate()
        .map(|(i, chunk)| FilePart {
            request,
            name: name.to_owned(),
            total,
            offset: (i * FILE_PART_BYTES) as u64,
            bytes: chunk.to_vec(),
        })
        .collect();
    if parts.is_empty() {
        parts.push(FilePart {
            request,
            name: name.to_owned(),
            total: 0,
            offset: 0,
            bytes: Vec::new(),
        });
    }
    parts
}

/// A file coming in part by part, on the host's side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Incoming {
    pub name: String,
    pub total: u64,
    pub bytes: Vec<u8>,
}

/// What one more part did to an [`Incoming`] file.
#[derive(Debug, PartialEq, Eq)]
pub enum Took {
    /// More parts to come.
    Partial,
    /// The file is whole.
    Whole,
    /// The part does not follow the bytes so far (or overruns the total).
    OutOfOrder,
}

impl Incoming {
    /// Appends `part`, which must follow the bytes so far.
    pub fn take(&mut self, part: FilePart) -> Took {
        let end = part.offset.saturating_add(part.bytes.len() as u64);
        if part.offset != self.bytes.len() as u64
            || end > part.total
            || part.total > MAX_FILE_BYTES
            || (!self.bytes.is_empty() && part.total != self.total)
        {
            return Took::OutOfOrder;
        }
        self.name = part.name;
        self.total = part.total;
        self.bytes.extend_from_slice(&part.bytes);
        if end == self.total {
            Took::Whole
        } else {
            Took::Partial
        }
    }

    /// How much has come, from 0 to 1.
    pub fn fraction(&self) -> f32 {
        if self.total == 0 {
            0.0
        } else {
            self.bytes.len() as f32 / self.total as f32
        }
    }
}

/// A file name from a tournament's name and a date (`YYYY-MM-DD`): letters
/// and digits of any alphabet kept, runs of anything else made one `-`,
/// so it is valid on Windows, macOS and Linux alike.
pub fn file_name(tournament: &str, date: &str, file: &HostFile) -> String {
    let mut slug = String::new();
    for c in tournament.chars() {
        if c.is_alphanumeric() {
            slug.push(c);
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_end_matches('-').chars().take(60).collect();
    let slug = if slug.is_empty() {
        "minuta".to_owned()
    } else {
        slug
    };
    let (stem, extension) = file.stem_and_extension();
    if date.is_empty() {
        format!("{slug}-{stem}.{extension}")
    } else {
        format!("{slug}-{date}-{stem}.{extension}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_keeps_cyrillic_and_drops_what_windows_refuses() {
        let name = file_name(
            "Кубок «Весна»: 2026/27",
            "2026-12-07",
            &HostFile::Codes {
                wifi: String::new(),
            },
        );
        assert_eq!(name, "Кубок-Весна-2026-27-2026-12-07-codes.pdf");
        assert_eq!(
            file_name("", "", &HostFile::Backup),
            "minuta-backup.sqlite3"
        );
    }

    #[test]
    fn parts_put_together_give_the_file_back() {
        let bytes: Vec<u8> = (0..FILE_PART_BYTES * 2 + 17).map(|i| i as u8).collect();
        let parts = parts(7, "f.pdf", &bytes);
        assert_eq!(parts.len(), 3);
        let mut incoming = Incoming::default();
        let last = parts.len() - 1;
        for (i, part) in parts.into_iter().enumerate() {
            let took = incoming.take(part);
            assert_eq!(
                took,
                if i == last {
                    Took::Whole
                } else {
                    Took::Partial
                }
            );
        }
        assert_eq!(incoming.bytes, bytes);
        assert_eq!(incoming.name, "f.pdf");
    }

    #[test]
    fn an_empty_file_is_one_part_and_whole() {
        let parts = parts(1, "e.csv", &[]);
        assert_eq!(parts.len(), 1);
        assert!(parts[0].is_last());
        assert_eq!(Incoming::default().take(parts[0].clone()), Took::Whole);
    }

    #[test]
    fn a_part_out_of_order_is_refused() {
        let bytes = vec![1u8; FILE_PART_BYTES + 1];
        let parts = parts(1, "f", &bytes);
        let mut incoming = Incoming::default();
        assert_eq!(incoming.take(parts[1].clone()), Took::OutOfOrder);
        assert!(incoming.bytes.is_empty());
    }
}
