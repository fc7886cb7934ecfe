//! A spy terminal: greets with a join code like any terminal, then sends
//! nothing and records every frame the server sends it, each stamped on
//! arrival in server time (a [`ServerClock`] of its own, built as the
//! server's is: the wall clock at start plus monotonic time, so in one
//! process the two agree to microseconds). A leakage test compares the
//! stamps with the times the store gives each reveal. What must not live
//! here: any format's checks (each is in its folder's `examples.rs`).

use std::sync::{Arc, Mutex, PoisonError};

use anyhow::{Result, anyhow, bail};
use tokio::io::AsyncRead;

use minuta_server::clock::ServerClock;
use minuta_shared::identity::Identity;
use minuta_shared::join_code::JoinCode;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::handshake::HelloReply;
use minuta_shared::wire::view_stream::{Intake, ViewStream};

use crate::terminal::{Link, client_endpoint, read_payload};

/// One frame as it arrived: when, and its payload (an `Envelope<ServerMsg>`).
#[derive(Clone, Debug)]
pub struct Frame {
    pub at: ServerTime,
    pub payload: Vec<u8>,
}

/// A greeted connection that only listens.
pub struct Spy {
    pub identity: Identity,
    frames: Arc<Mutex<Vec<Frame>>>,
    peer: Peer,
}

/// The spy's connection: QUIC, or a browser terminal's WebSocket with TLS
/// inside ([`crate::web_terminal`]).
enum Peer {
    Quic {
        conn: quinn::Connection,
        _send: quinn::SendStream,
        _endpoint: quinn::Endpoint,
    },
    Web {
        closes: crate::web_terminal::CloseReport,
        _send: tokio::io::WriteHalf<crate::web_terminal::WebTls>,
        reader: tokio::task::AbortHandle,
    },
}

impl Spy {
    /// Joins with `code` and starts recording.
    pub async fn join(code: &JoinCode) -> Result<Spy> {
        let endpoint = client_endpoint()?;
        let addr = *code
            .addrs
            .first()
            .ok_or_else(|| anyhow!("the join code has no address"))?;
        let mut link = Link::open(&endpoint, addr, code.fingerprint).await?;
        let identity = match link.hello(code.credential.clone()).await? {
            HelloReply::Welcome(welcome) => welcome.identity,
            HelloReply::Refused(refusal) => bail!("the spy was refused: {refusal}"),
        };
        // The send half stays open: finishing it is how a terminal leaves.
        let Link {
            conn, send, recv, ..
        } = link;
        let frames: Arc<Mutex<Vec<Frame>>> = Arc::default();
        tokio::spawn(record(recv, spy_clock(), Arc::clone(&frames)));
        Ok(Spy {
            identity,
            frames,
            peer: Peer::Quic {
                conn,
                _send: send,
                _endpoint: endpoint,
            },
        })
    }

    /// Joins with `code` over the browser's path (the server's web
    /// address `web`) and starts recording.
    pub async fn join_web(web: std::net::SocketAddr, code: &JoinCode) -> Result<Spy> {
        let mut link = crate::web_terminal::WebLink::open(web, code.fingerprint).await?;
        let identity = match link.hello(code.credential.clone()).await? {
            HelloReply::Welcome(welcome) => welcome.identity,
            HelloReply::Refused(refusal) => bail!("the spy was refused: {refusal}"),
        };
        let crate::web_terminal::WebLink {
            recv, send, closes, ..
        } = link;
        let frames: Arc<Mutex<Vec<Frame>>> = Arc::default();
        let reader = tokio::spawn(record(recv, spy_clock(), Arc::clone(&frames)));
        Ok(Spy {
            identity,
            frames,
            peer: Peer::Web {
                closes,
                _send: send,
                reader: reader.abort_handle(),
            },
        })
    }

    /// Every frame received so far, in order.
    pub fn frames(&self) -> Vec<Frame> {
        self.frames
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Why the connection ended, if it has.
    pub fn close_reason(&self) -> Option<String> {
        match &self.peer {
            Peer::Quic { conn, .. } => conn.close_reason().map(|e| e.to_string()),
            Peer::Web { closes, .. } => closes
                .borrow()
                .as_ref()
                .map(|(code, reason)| format!("WebSocket closed with {code}: {reason}")),
        }
    }

    /// Leaves as a terminal does.
    pub fn leave(&self) {
        match &self.peer {
            Peer::Quic { conn, .. } => conn.close(0u32.into(), b"bye"),
            Peer::Web { reader, .. } => reader.abort(),
        }
    }
}

/// The spy's clock, built as the server's: on a simulated network the
/// network's (the servers' own time line), else one of its own.
fn spy_clock() -> ServerClock {
    crate::sim_net::SimNet::current().map_or_else(ServerClock::start, |net| net.server_clock())
}

/// Reads whole frames until the stream ends, stamping each on arrival. A
/// view's patch is recorded as the whole view it stands for: what a patch
/// shows is what that view shows.
async fn record<R: AsyncRead + Unpin>(
    mut recv: R,
    clock: ServerClock,
    frames: Arc<Mutex<Vec<Frame>>>,
) {
    let mut views = ViewStream::new();
    while let Ok(payload) = read_payload(&mut recv).await {
        let at = clock.now();
        // A patch out of step never happens on one QUIC stream; it would
        // show as a view missing from the record.
        let Intake::Frame(payload) = views.receive(payload) else {
            continue;
        };
        frames
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(Frame { at, payload });
    }
}
