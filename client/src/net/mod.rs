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

#[cfg(not(target_arch = "wasm32"))]
pub mod connection;
pub mod frames;
#[cfg(not(target_arch = "wasm32"))]
pub mod heartbeat;
pub mod link;
pub mod sending;
pub mod tls;
pub mod watchdog;
pub mod ws_session;

use std::sync::Arc;
use std::sync::mpsc;

use thiserror::Error;

use crate::state::NetEvent;
#[cfg(not(target_arch = "wasm32"))]
use crate::state::{NetCommand, Stopped};
#[cfg(not(target_arch = "wasm32"))]
use minuta_shared::join_code::JoinCode;
#[cfg(not(target_arch = "wasm32"))]
use tokio::sync::mpsc as tokio_mpsc;

/// The browser's handle on its link: the same API as the native one.
#[cfg(target_arch = "wasm32")]
pub use crate::web::transport::NetHandle;

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

/// The UI's handle on one running connection. Dropping it tells the task to
/// close the connection and end.
#[cfg(not(target_arch = "wasm32"))]
pub struct NetHandle {
    commands: tokio_mpsc::UnboundedSender<NetCommand>,
}

#[cfg(not(target_arch = "wasm32"))]
impl NetHandle {
    /// Starts connecting with `code` on a new background thread with its own
    /// single-threaded runtime (STACK.md: stable tails on 2 cores). With
    /// `busy_poll`, a team's thread keeps polling while its fight has a
    /// question in play.
    pub fn start(
        code: JoinCode,
        events: EventSink,
        busy_poll: bool,
    ) -> Result<NetHandle, NetError> {
        let (commands, rx) = tokio_mpsc::unbounded_channel();
        std::thread::Builder::new()
            .name("minuta-net".into())
            .spawn(move || {
                let runtime = match tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                {
                    Ok(runtime) => runtime,
                    Err(err) => {
                        events.send(NetEvent::Stopped(Stopped::Failed(err.into())));
                        return;
                    }
                };
                runtime.block_on(connection::run(code, rx, events, busy_poll));
            })?;
        Ok(NetHandle { commands })
    }

    /// Hands a command to the task; `false` if the task has ended.
    pub fn send(&self, command: NetCommand) -> bool {
        self.commands.send(command).is_ok()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Drop for NetHandle {
    fn drop(&mut self) {
        // The task may have ended already; then there is nothing to close.
        let _ = self.commands.send(NetCommand::Leave);
    }
}

/// This machine's clock in µs since the Unix epoch: the local side of every
/// clock-offset sample.
#[cfg(not(target_arch = "wasm32"))]
pub fn local_now_us() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_micros()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}

/// The browser's clock (std's panics there): the page's time origin plus
/// `performance.now()`, finer than `Date.now()`'s milliseconds where the
/// browser allows, so clock samples keep what precision there is.
#[cfg(target_arch = "wasm32")]
pub fn local_now_us() -> u64 {
    let ms = web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.time_origin() + p.now())
        .unwrap_or_else(js_sys::Date::now);
    if ms.is_finite() && ms > 0.0 {
        (ms * 1000.0) as u64
    } else {
        0
    }
}
