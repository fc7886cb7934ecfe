//! The peer's connection, whichever transport carries it: a QUIC connection
//! or a browser's WebSocket. The driver holds one per terminal to cut it
//! off (a close message would wait behind a full queue); the connection
//! task asks it for the round trip (the press log) and raises its receive
//! window at login.

use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt};

use minuta_shared::identity::Role;

use super::limits;
use super::web::web_link::WebLink;

/// One terminal's connection.
#[derive(Clone, Debug)]
pub enum Link {
    Quic(quinn::Connection),
    Web(WebLink),
}

impl Link {
    /// The connection's measured round trip now.
    pub fn rtt(&self) -> Duration {
        match self {
            Link::Quic(conn) => conn.rtt(),
            Link::Web(web) => web.rtt(),
        }
    }

    /// Ends the connection at once with an application close code
    /// (`minuta_shared::wire::close`) and a reason the peer reads.
    pub fn close(&self, code: u32, reason: &str) {
        match self {
            Link::Quic(conn) => conn.close(quinn::VarInt::from_u32(code), reason.as_bytes()),
            Link::Web(web) => web.close(code, reason),
        }
    }

    /// The peer logged in as `role`: it may now send what that role sends.
    pub(super) fn logged_in(&self, role: Role) {
        match self {
            Link::Quic(conn) => conn.set_receive_window(limits::receive_window(role).into()),
            Link::Web(web) => web.logged_in(role),
        }
    }

    /// Resolves once the peer has gone (after a refusal, the peer reads it
    /// and leaves): a QUIC peer closes its connection; a browser's stream
    /// ends, so what it still sends is read and dropped until then.
    pub(super) async fn peer_left<R: AsyncRead + Unpin>(&self, recv: &mut R) {
        match self {
            Link::Quic(conn) => {
                conn.closed().await;
            }
            Link::Web(_) => {
                let mut dropped = [0u8; 512];
                while let Ok(1..) = recv.read(&mut dropped).await {}
            }
        }
    }
}
