//! What views ask for ([`UiCommand`]) and what the app hands the network
//! task ([`NetCommand`]).

use std::path::PathBuf;

use minuta_shared::ids::GameId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::games::Format;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::files::HostFile;

use crate::folder::Browse;
use crate::lang::Lang;

/// A view's request. Views never act themselves: the app carries these out.
// Carried out at once, one or two a frame: not worth a box.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum UiCommand {
    /// A command for the server.
    Send(Command),
    /// Read a question package from disk (off the UI thread) and load it
    /// into a game of a format that takes packages (ChGK, Brain-ring).
    LoadPackageFile(GameId, Format, PathBuf),
    /// A package file's bytes, already read (the browser's file picker or
    /// a file dropped on the page), for a game as [`UiCommand::LoadPackageFile`]:
    /// the file's name and its bytes.
    LoadPackageBytes(GameId, Format, String, Vec<u8>),
    /// Open the browser's own file picker for a game's package (the web
    /// build's «Выбрать файл…»); what is picked comes back as
    /// [`UiCommand::LoadPackageBytes`].
    PickPackageFile(GameId, Format),
    /// Connect with a join code.
    Join(JoinCode),
    /// Try again after a refusal or a closed connection.
    Retry,
    /// Disconnect and go back to the join screen.
    Leave,
    SetLanguage(Lang),
    SetMuted(bool),
    /// Put text on the clipboard (a join code).
    Copy(String),
    DismissNotice(u64),
    /// Issue 39: keep what is typed under `key` (a card's answer for its
    /// question, an appeal, a line-up: `views::kept::draft_key`) past a
    /// reload or a crash; an empty text forgets it.
    KeepDraft {
        key: String,
        text: String,
    },
    /// List a folder for the file picker `0` (its key); the app answers
    /// into the picker's memory (`views::file_picker::listed`).
    Browse(String, Browse),
    /// Start this app's server again (after it could not start) on the
    /// data folder `data`; `new`: set an unusable store aside first.
    StartServer {
        data: PathBuf,
        new: bool,
    },
    /// Issue 38: ask the server for a file made from the store; it comes
    /// in parts ([`crate::state::AppState::downloads`]) and, whole, goes to
    /// the browser's downloads or this app's save dialog.
    Fetch(HostFile),
    /// Stop waiting for a file asked for.
    CancelFetch(HostFile),
    /// Stop sending a large command (a package on its way), by its request.
    CancelSending(u64),
    /// Write a file that came from the server where the save dialog chose.
    SaveFile {
        path: PathBuf,
        bytes: Vec<u8>,
    },
    /// Open the browser's own file picker for «Импорт команд…»; what is
    /// picked comes back as [`UiCommand::TeamsFileBytes`].
    PickTeamsFile,
    /// A file of teams read by the browser (picked or dropped): its name
    /// and bytes, for the import's preview.
    TeamsFileBytes(String, Vec<u8>),
    /// Read a file of teams for «Импорт команд…»; the app answers into
    /// the import's memory (`views::host::team_import::read_done`).
    ReadTeamsFile(PathBuf),
}

/// What the network task is told to do.
#[derive(Clone, Debug, PartialEq)]
pub enum NetCommand {
    /// Boxed: commands vary a lot in size and the channel holds many.
    Command { request: u64, command: Box<Command> },
    /// Reads the file, then sends the format's package command
    /// (`Packages::load_package`) for the game as `request`.
    LoadPackageFile {
        request: u64,
        game: GameId,
        format: Format,
        path: PathBuf,
    },
    /// Have the server read a file of teams (the browser's dashboard: the
    /// spreadsheet readers stay out of the page).
    ReadRoster {
        request: u64,
        file_name: String,
        bytes: Vec<u8>,
    },
    /// Stop sending the large command `request` (a package on its way).
    CancelSending { request: u64 },
    /// Ask the server for a file (only the host may).
    Fetch { request: u64, file: HostFile },
    /// Close the connection and stop.
    Leave,
}
