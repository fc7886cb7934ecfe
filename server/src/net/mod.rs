//! The network edge: the QUIC endpoint and the browsers' door ([`web`]),
//! one task per connection that frames, size-limits and decodes what
//! arrives (whichever transport: [`Link`]; the server machine checks each
//! command's role), and the messages those tasks exchange with the driver.
//! No game rules live here.

pub mod connection;
pub mod endpoint;
pub mod gate;
pub mod limits;
pub mod link;
pub mod outbox;
pub mod plain_udp;
pub mod tls;
pub mod web;

pub use limits::NetLimits;
pub use link::Link;
pub use outbox::{OUTBOX_LIMIT, Outbox, OutboxFull};

use std::sync::Arc;

use tokio::sync::oneshot;

use minuta_shared::identity::Identity;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;

use crate::machine::Frame;
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::ServerMsg;

/// Makes the files the host asks for (`crate::files::FileDesk`): the
/// network edge carries them and knows nothing of how they are made.
pub trait MakesHostFiles: Send + Sync {
    /// The file and its name for the host's disk, or why there is none.
    fn make(
        &self,
        file: &minuta_shared::wire::files::HostFile,
    ) -> Result<(String, Vec<u8>), minuta_shared::wire::files::FileRefusal>;
}

/// The server's maker of the host's files, shared by every connection.
pub type HostFiles = Arc<dyn MakesHostFiles>;

pub use crate::machine::ConnId;

/// From a connection (or a demo robot) to the driver.
// Moved through a channel once each; boxing would add an allocation per frame.
#[allow(clippy::large_enum_variant)]
pub enum Inbound {
    /// A handshake to authenticate; on success the connection is registered
    /// and its views go to `outbound`.
    Join {
        credential: Credential,
        outbound: Outbox,
        /// A demo robot, not a person at a terminal.
        robot: bool,
        /// The peer's connection, so the driver can cut off a terminal
        /// whose queue is full (a close message would wait behind that
        /// queue). None for a demo robot.
        link: Option<Link>,
        reply: oneshot::Sender<Result<(ConnId, Identity), Refusal>>,
    },
    /// A command, stamped with its arrival time, and the connection's
    /// measured round trip then (for the press log). The server checks
    /// its role.
    Command {
        conn: ConnId,
        frame: Frame,
        received_at: ServerTime,
    },
    /// A demo robot's ломтик (Нептун), which has no connection, hands in
    /// a card as `who`.
    Robot {
        who: Identity,
        command: Command,
        received_at: ServerTime,
    },
    Left {
        conn: ConnId,
    },
}

/// From the driver (or the connection's own reader) to a connection's writer.
#[derive(Clone, Debug)]
pub enum Outbound {
    Msg(Arc<ServerMsg>),
    /// The terminal asked for a whole view (`ClientMsg::WholeView`): the
    /// writer sends the last view it sent, whole.
    WholeView,
    /// Close the connection with an application code and a reason.
    Close {
        code: u32,
        reason: String,
    },
}
