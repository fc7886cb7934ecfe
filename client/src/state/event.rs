//! What the network task reports to the UI.

use minuta_shared::identity::Identity;
use minuta_shared::ids::GameId;
use minuta_shared::packages::media::MediaFile;
use minuta_shared::play::games::GamePatch;
use minuta_shared::roster::{Read, ReadError};
use minuta_shared::time::ClockSample;
use minuta_shared::wire::files::{FilePart, FileRefusal};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::View;

use super::{LinkError, Stopped};
use crate::os_error::FileError;

#[derive(Clone, Debug, PartialEq)]
pub enum NetEvent {
    Connecting,
    /// The handshake succeeded; `first_sample` is a rough clock offset from
    /// the Welcome's server time.
    Connected {
        identity: Identity,
        first_sample: ClockSample,
    },
    /// Nothing has come from the server for `SILENCE_LIMIT`, though the
    /// connection is not closed yet.
    Silent,
    /// The server is heard again after [`NetEvent::Silent`].
    Heard,
    Reconnecting {
        attempt: u32,
        error: LinkError,
    },
    Stopped(Stopped),
    View(Box<View>),
    /// A press changed one part of `game` (a Brain-ring fight): it replaces
    /// that part in the current view.
    Patch {
        game: GameId,
        patch: Box<GamePatch>,
    },
    Clock(ClockSample),
    /// To the staff: the server's store refuses writes (why), or takes them
    /// again (`None`); nothing is acknowledged meanwhile.
    StorageAlert(Option<String>),
    /// A picture the projector's view shows (by hash), sent once.
    Media(Box<MediaFile>),
    Ack {
        request: u64,
        result: Result<Receipt, CommandError>,
    },
    /// The file of a `LoadPackageFile` could not be read: the command never
    /// left this machine.
    FileFailed {
        request: u64,
        error: FileError,
    },
    /// `sent` of the `total` bytes of the large command `request` (a
    /// package) have gone to the server.
    Sending {
        request: u64,
        sent: u64,
        total: u64,
    },
    /// The host stopped sending `request`: the server takes none of it.
    SendingStopped {
        request: u64,
    },
    /// The server read the file of teams of `request`.
    RosterRead {
        request: u64,
        read: Result<Read, ReadError>,
    },
    /// A part of a file the host asked for.
    FilePart(Box<FilePart>),
    /// The server made no file for the host's `request`.
    FileRefused {
        request: u64,
        why: FileRefusal,
    },
    /// The connection dropped before this request's Ack arrived: whether it
    /// took effect is only known from the next view.
    Lost {
        request: u64,
    },
}
