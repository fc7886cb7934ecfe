//! The desktop's link: one QUIC connection to the server, run by a task on
//! its own tokio runtime in a background thread ([`connection`], its pings
//! [`heartbeat`], its frames and configuration [`quic`]). The UI hands it
//! `NetCommand`s through a channel and receives `NetEvent`s through
//! [`EventSink`], so it never blocks on the network. What must not live
//! here: what the browser's link shares (`crate::net`).

pub mod connection;
pub mod heartbeat;
pub mod quic;

use minuta_shared::join_code::JoinCode;
use tokio::sync::mpsc as tokio_mpsc;

use crate::net::{EventSink, NetError};
use crate::state::{NetCommand, NetEvent, Stopped};

/// The UI's handle on one running connection. Dropping it tells the task to
/// close the connection and end.
pub struct NetHandle {
    commands: tokio_mpsc::UnboundedSender<NetCommand>,
}

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

impl Drop for NetHandle {
    fn drop(&mut self) {
        // The task may have ended already; then there is nothing to close.
        let _ = self.commands.send(NetCommand::Leave);
    }
}

/// This machine's clock in µs since the Unix epoch: the local side of every
/// clock-offset sample.
pub fn local_now_us() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| u64::try_from(d.as_micros()).unwrap_or(u64::MAX))
        .unwrap_or(0)
}
