//! Short messages for the person at the terminal (toasts). Kept typed, so a
//! language switch re-renders them.

use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};

use minuta_shared::wire::files::{FileRefusal, HostFile};

use crate::os_error::FileError;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoticeKind {
    Info,
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    Done {
        command: Box<Command>,
        receipt: Receipt,
    },
    Failed {
        command: Box<Command>,
        error: CommandError,
    },
    /// A file the command needed could not be read on this machine.
    FileFailed {
        command: Box<Command>,
        error: FileError,
    },
    Lost(Box<Command>),
    /// The host stopped sending this command (a package) midway: the
    /// server took none of it.
    SendingStopped(Box<Command>),
    /// A file from the server was written to this path (the app's save
    /// dialog).
    FileSaved(std::path::PathBuf),
    /// It could not be.
    FileNotSaved(FileError),
    /// A file from the server went to the browser's downloads, by this name.
    FileDownloaded(String),
    /// The server made no such file, and why.
    FileRefused {
        file: HostFile,
        why: FileRefusal,
    },
    /// The connection broke while the file was coming (or its parts came
    /// out of order): ask again.
    FileInterrupted(HostFile),
}

/// How long a piece of good news stays on screen.
pub const INFO_SHOWN_US: u64 = 8_000_000;

#[derive(Clone, Debug, PartialEq)]
pub struct Toast {
    pub id: u64,
    /// Local time (µs) it appeared: good news fades after a while, errors
    /// stay until dismissed.
    pub at_us: u64,
    pub kind: NoticeKind,
    pub notice: Notice,
}

impl Toast {
    /// Whether it is still worth showing at local time `now_us`.
    pub fn visible_at(&self, now_us: u64) -> bool {
        self.kind == NoticeKind::Error || now_us.saturating_sub(self.at_us) < INFO_SHOWN_US
    }
}
