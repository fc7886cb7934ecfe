//! The files the host asked the server for (issue 38): each on its way,
//! part by part, and those that have come, waiting for the app to hand
//! them to the browser's downloads or the save dialog. No disk, no
//! dialogs and no network here.

use std::collections::BTreeMap;

use minuta_shared::wire::files::{FilePart, HostFile, Incoming, Took};

/// A file on its way.
#[derive(Clone, Debug, PartialEq)]
pub struct OnItsWay {
    pub file: HostFile,
    pub incoming: Incoming,
}

/// A file that has come whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CameFile {
    pub file: HostFile,
    /// The server's name for it (`<tournament>-<date>-codes.pdf`).
    pub name: String,
    pub bytes: Vec<u8>,
}

/// What a part did.
#[derive(Debug, PartialEq, Eq)]
pub enum PartTaken {
    /// The file is not whole yet, or nobody waits for it (cancelled).
    Partial,
    /// The file is whole: it waits in [`Downloads::take_come`].
    Whole,
    /// The parts did not follow each other: the file is dropped.
    Broken(HostFile),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Downloads {
    on_its_way: BTreeMap<u64, OnItsWay>,
    come: Vec<CameFile>,
}

impl Downloads {
    /// The host asked for `file` as `request`.
    pub fn begin(&mut self, request: u64, file: HostFile) {
        self.on_its_way.insert(
            request,
            OnItsWay {
                file,
                incoming: Incoming::default(),
            },
        );
    }

    /// Whether `file` is on its way, and how much of it has come (0 to 1).
    pub fn progress(&self, file: &HostFile) -> Option<f32> {
        self.on_its_way
            .values()
            .find(|d| same_button(&d.file, file))
            .map(|d| d.incoming.fraction())
    }

    /// The host no longer wants `file`: the parts still coming are dropped.
    pub fn cancel(&mut self, file: &HostFile) {
        self.on_its_way.retain(|_, d| !same_button(&d.file, file));
    }

    pub fn take_part(&mut self, part: FilePart) -> PartTaken {
        let request = part.request;
        let Some(download) = self.on_its_way.get_mut(&request) else {
            return PartTaken::Partial;
        };
        match download.incoming.take(part) {
            Took::Partial => PartTaken::Partial,
            Took::Whole => {
                if let Some(done) = self.on_its_way.remove(&request) {
                    self.come.push(CameFile {
                        file: done.file,
                        name: done.incoming.name,
                        bytes: done.incoming.bytes,
                    });
                }
                PartTaken::Whole
            }
            Took::OutOfOrder => match self.on_its_way.remove(&request) {
                Some(broken) => PartTaken::Broken(broken.file),
                None => PartTaken::Partial,
            },
        }
    }

    /// The server made no file for `request`: which file that was, if the
    /// host still waits for it.
    pub fn refused(&mut self, request: u64) -> Option<HostFile> {
        self.on_its_way.remove(&request).map(|d| d.file)
    }

    /// The connection broke: every file on its way is lost (the host asks
    /// again once connected).
    pub fn interrupted(&mut self) -> Vec<HostFile> {
        std::mem::take(&mut self.on_its_way)
            .into_values()
            .map(|d| d.file)
            .collect()
    }

    /// The files that have come since the last call.
    pub fn take_come(&mut self) -> Vec<CameFile> {
        std::mem::take(&mut self.come)
    }
}

/// Whether two files are one button's: the codes' sheet is one whatever
/// Wi-Fi the host types while it comes.
fn same_button(a: &HostFile, b: &HostFile) -> bool {
    match (a, b) {
        (HostFile::Codes { .. }, HostFile::Codes { .. }) => true,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minuta_shared::wire::files::{FILE_PART_BYTES, parts};

    #[test]
    fn a_file_in_parts_comes_whole_once_the_last_part_is_in() {
        let mut downloads = Downloads::default();
        downloads.begin(4, HostFile::Protocol);
        let bytes = vec![7u8; FILE_PART_BYTES + 10];
        let mut parts = parts(4, "cup-protocol.pdf", &bytes).into_iter();

        let first = downloads.take_part(parts.next().unwrap());
        assert_eq!(first, PartTaken::Partial);
        assert!(downloads.progress(&HostFile::Protocol).unwrap() > 0.9);
        assert!(downloads.take_come().is_empty());
        let last = downloads.take_part(parts.next().unwrap());

        assert_eq!(last, PartTaken::Whole);
        assert_eq!(downloads.progress(&HostFile::Protocol), None);
        let come = downloads.take_come();
        assert_eq!(come.len(), 1);
        assert_eq!(come[0].name, "cup-protocol.pdf");
        assert_eq!(come[0].bytes, bytes);
    }

    #[test]
    fn the_codes_stay_on_their_way_while_the_wifi_is_typed_on() {
        let mut downloads = Downloads::default();
        downloads.begin(
            1,
            HostFile::Codes {
                wifi: "Зал".into()
            },
        );
        let typed_on = HostFile::Codes {
            wifi: "Зал / 1234".into(),
        };
        assert_eq!(downloads.progress(&typed_on), Some(0.0));
        downloads.cancel(&typed_on);
        assert_eq!(downloads.progress(&typed_on), None);
    }

    #[test]
    fn a_cancelled_file_never_comes() {
        let mut downloads = Downloads::default();
        downloads.begin(1, HostFile::Backup);
        downloads.cancel(&HostFile::Backup);
        for part in parts(1, "b.sqlite3", b"data") {
            downloads.take_part(part);
        }
        assert!(downloads.take_come().is_empty());
    }

    #[test]
    fn a_broken_connection_loses_the_files_on_their_way() {
        let mut downloads = Downloads::default();
        downloads.begin(1, HostFile::Everything);
        assert_eq!(downloads.interrupted(), vec![HostFile::Everything]);
        assert_eq!(downloads.progress(&HostFile::Everything), None);
    }
}
