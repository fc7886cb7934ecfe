//! What both links to the server share, without I/O or a platform: the UI
//! hands a link `NetCommand`s and receives [`NetEvent`]s through an
//! [`EventSink`], each followed by a repaint request, so the UI never blocks
//! on the network. The links themselves are the shells': the desktop's QUIC
//! connection (`crate::shell::native::net`), the browser's WebSocket
//! (`crate::web::transport`).
//!
//! [`tls`] pins the server's certificate; [`frames`] encodes and checks
//! size-limited frames; [`watchdog`] notices a server gone quiet; [`link`]
//! is what both transports share (backoff, close codes, a message as the
//! UI's event); [`sending`] paces a large command in pieces;
//! [`ws_session`] is the browser's link without I/O (TLS over the
//! WebSocket's bytes), driven by `crate::web::transport`.

pub mod frames;
pub mod link;
pub mod sending;
pub mod tls;
pub mod watchdog;
pub mod ws_session;

use std::sync::Arc;
use std::sync::mpsc;

use thiserror::Error;

use crate::state::NetEvent;

#[derive(Debug, Error)]
pub enum NetError {
    #[error("cannot start the network thread: {0}")]
    Thread(#[from] std::io::Error),
}

/// Where the network task reports: a channel to the UI and a way to wake it.
#[derive(Clone)]
pub struct EventSink {
    tx: mpsc::Sender<NetEvent>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl EventSink {
    pub fn new(tx: mpsc::Sender<NetEvent>, wake: Arc<dyn Fn() + Send + Sync>) -> Self {
        EventSink { tx, wake }
    }

    /// Delivers an event; a UI that has gone away is not an error. A clock
    /// sample (one a second, from the pings) changes nothing on screen by
    /// itself: it waits for the next frame instead of drawing one, so an
    /// idle terminal stays idle.
    pub fn send(&self, event: NetEvent) {
        let wake = !matches!(event, NetEvent::Clock(_));
        if self.tx.send(event).is_ok() && wake {
            (self.wake)();
        }
    }
}
