//! The file desk: the files the host takes from the dashboard (issue 38),
//! made from the store by the very functions `minuta-server export` runs,
//! so the bytes are the same as the command line's. A connection task asks
//! it on a blocking thread and sends the parts over the host's own
//! connection; nothing here is reachable by URL. What must not live here:
//! who may ask (the connection decides, by role) or any rendering of its own.

use std::path::{Path, PathBuf};

use minuta_shared::ids::GameId;
use minuta_shared::jury_protocol::iso_date;
use minuta_shared::wire::files::{FileRefusal, HostFile, file_name};

use crate::codes_pdf::{CodesOptions, export_codes};
use crate::core::event::Event;
use crate::export::{ExportError, ExportFormat, export, export_pdf, replayed};

/// Where the files are made from: the server's store and certificate.
#[derive(Clone, Debug)]
pub struct FileDesk {
    data_dir: PathBuf,
    cert_dir: PathBuf,
}

impl FileDesk {
    pub fn new(data_dir: PathBuf, cert_dir: PathBuf) -> Self {
        FileDesk { data_dir, cert_dir }
    }

    /// The file `file` of the store as it is now, and its name for the
    /// host's disk (`<tournament>-<date>-<what>.<ext>`).
    pub fn make(&self, file: &HostFile) -> Result<(String, Vec<u8>), FileRefusal> {
        let name = self.name_of(file)?;
        let dir = self.data_dir.as_path();
        let bytes = match file {
            HostFile::Codes { wifi } => {
                let wifi = wifi.trim();
                let options = CodesOptions {
                    wifi: (!wifi.is_empty()).then(|| wifi.to_owned()),
                    ..CodesOptions::default()
                };
                export_codes(dir, &self.cert_dir, options).map_err(failed)?
            }
            HostFile::Protocol => export_pdf(dir).map_err(refusal)?,
            HostFile::RatingResults => text(dir, ExportFormat::RatingCsv)?,
            HostFile::RatingRoster => text(dir, ExportFormat::RatingRoster)?,
            HostFile::RatingJson => text(dir, ExportFormat::RatingJson)?,
            HostFile::Sheet(game) => text(dir, ExportFormat::Sheet(*game))?,
            HostFile::Everything => text(dir, ExportFormat::Json)?,
            HostFile::Backup => crate::store::backup(dir).map_err(failed)?,
        };
        Ok((name, bytes))
    }

    /// The tournament's name and the day its store began.
    fn name_of(&self, file: &HostFile) -> Result<String, FileRefusal> {
        let (core, events) = replayed(&self.data_dir).map_err(refusal)?;
        let date = events
            .iter()
            .find_map(|e| match e {
                Event::Initialised { at, .. } => Some(*at),
                _ => None,
            })
            .filter(|at| at.0 != 0)
            .map(iso_date)
            .unwrap_or_default();
        if let HostFile::Sheet(game) = file {
            in_programme(&core, *game)?;
        }
        Ok(file_name(&core.registry().tournament, &date, file))
    }

    /// The store's folder, as `minuta-server export --data` names it.
    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }
}

impl crate::net::MakesHostFiles for FileDesk {
    fn make(&self, file: &HostFile) -> Result<(String, Vec<u8>), FileRefusal> {
        FileDesk::make(self, file)
    }
}

fn in_programme(core: &crate::core::Core, game: GameId) -> Result<(), FileRefusal> {
    match core.game(game) {
        Some(slot) if slot.in_use() => Ok(()),
        _ => Err(FileRefusal::NoSuchGame),
    }
}

fn text(dir: &Path, format: ExportFormat) -> Result<Vec<u8>, FileRefusal> {
    export(dir, format).map(String::into_bytes).map_err(refusal)
}

fn refusal(error: ExportError) -> FileRefusal {
    match error {
        ExportError::Empty(_) => FileRefusal::Empty,
        ExportError::NoSuchGame { .. } => FileRefusal::NoSuchGame,
        ExportError::Store(_) | ExportError::Pdf(_) => failed(error),
    }
}

fn failed(error: impl std::fmt::Display) -> FileRefusal {
    FileRefusal::Failed(error.to_string())
}
