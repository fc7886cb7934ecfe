//! Why `minuta host` / `minuta demo` could not start its server, kept for
//! the window that says so (the person may never see a terminal): the
//! reason in their words, what would help, and the data folder tried. The
//! words are made where the error is known (the native shell's server,
//! which also says which [`Advice`] fits which of its errors); here is
//! what the window holds.

use std::path::PathBuf;

/// What the window offers besides the reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Another server holds the folder: stop it, or choose another folder.
    FolderHeld,
    /// The folder cannot be written (read-only media, no rights): choose
    /// another folder.
    OtherFolder,
    /// The store is damaged or not a Minuta store: set it aside and begin a
    /// new one (`--new`), or choose another folder.
    SetAside,
    /// A newer Minuta wrote the store: use that version, or another folder.
    NewerMinuta,
    /// The port is taken: another `--listen`.
    OtherPort,
    /// `--new` refused a usable store: start without it.
    WithoutNew,
    /// Nothing specific: the reason says it.
    Retry,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartFailure {
    /// In the person's language, with the paths.
    pub reason: String,
    pub advice: Advice,
    /// The data folder the server was started on.
    pub data: PathBuf,
}
