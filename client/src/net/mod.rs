//! The network side of the app: one QUIC connection to the server, run by a
//! task on its own tokio runtime in a background thread. The UI hands it
//! [`NetCommand`]s through a channel and receives [`NetEvent`]s through
//! another, each followed by a repaint request, so the UI never blocks on
//! the network.
//!
//! [`tls`] pins the server's certificate; [`frames`] reads and writes
//! size-limited frames; [`connection`] connects, greets, pings (when:
//! `heartbeat`), reconnects;
//! [`watchdog`] notices a server gone quiet; [`link`] is what both
//! transports share (backoff, close codes, delivering messages);
//! [`sending`] paces a large command in pieces;
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
