//! The connection as the person at the terminal sees it.

use std::net::SocketAddr;

use minuta_shared::wire::close;
use minuta_shared::wire::handshake::Refusal;
use thiserror::Error;

use crate::os_error::OsError;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ConnectionStatus {
    /// Not started (the join screen).
    #[default]
    Idle,
    Connecting,
    Connected,
    /// Connected, but nothing has come from the server for a while (see
    /// `net::watchdog::SILENCE_LIMIT`): the server or the network is
    /// gone, or about to be found gone. Back to `Connected` on its next word.
    Silent,
    /// The link was lost; trying again by itself.
    Reconnecting {
        attempt: u32,
        error: LinkError,
    },
    /// Gave up for a reason retrying cannot fix.
    Stopped(Stopped),
}

/// Why the terminal stopped trying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The server refused the handshake (a wrong or stale secret, a version).
    Refused(Refusal),
    /// The server's certificate is not the one the join code pins.
    CertificateMismatch,
    /// The server closed the connection with a code that retrying cannot
    /// fix (e.g. the same code connected from another terminal).
    Closed { code: u32, reason: String },
    /// The network task could not even start.
    Failed(OsError),
    /// The user left.
    Left,
}

impl ConnectionStatus {
    pub fn is_connected(&self) -> bool {
        matches!(self, ConnectionStatus::Connected)
    }

    /// Whether the server cannot be heard now, while trying to be: the
    /// screen's last view is stale and its clocks must not count on.
    pub fn is_lost(&self) -> bool {
        matches!(
            self,
            ConnectionStatus::Silent
                | ConnectionStatus::Reconnecting { .. }
                | ConnectionStatus::Stopped(_)
        )
    }
}

/// Why the link was lost or could not be made, worth retrying. Typed so the
/// terminal says it in the person's language; the English words are for
/// the log.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LinkError {
    #[error("the join code has no address")]
    NoAddress,
    /// This machine could not open a socket (no network, no IPv6…).
    #[error("{addr}: cannot open a socket: {error}")]
    Socket { addr: SocketAddr, error: OsError },
    /// Nobody answered at this address in time.
    #[error("{addr}: no answer")]
    NoAnswer { addr: SocketAddr },
    #[error("the server did not answer the greeting")]
    NoGreeting,
    /// The server stopped answering mid-game (QUIC's idle timeout).
    #[error("the server stopped answering")]
    TimedOut,
    #[error("the server closed the stream")]
    StreamClosed,
    /// The server closed the connection with a code worth retrying after.
    #[error("{}: {reason}", close::describe(*code))]
    Closed { code: u32, reason: String },
    /// Anything else, in QUIC's or TLS's English words.
    #[error("{0}")]
    Broken(String),
}
