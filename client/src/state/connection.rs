//! The connection as the person at the terminal sees it.

use minuta_shared::wire::handshake::Refusal;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ConnectionStatus {
    /// Not started (the join screen).
    #[default]
    Idle,
    Connecting,
    Connected,
    /// The link was lost; trying again by itself.
    Reconnecting {
        attempt: u32,
        error: String,
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
    Failed(String),
    /// The user left.
    Left,
}

impl ConnectionStatus {
    pub fn is_connected(&self) -> bool {
        matches!(self, ConnectionStatus::Connected)
    }
}
