//! The browser's link without I/O: TLS 1.3 (rustls, pinned by the join
//! code's fingerprint as the native client is) over the WebSocket's binary
//! messages, whose boundaries mean nothing; inside it, exactly the native
//! QUIC stream's frames: the `Hello` first, then commands, pings, and the
//! server's messages as [`NetEvent`]s. The page's driver
//! (`crate::web::transport`) hands bytes in, takes bytes out and keeps the
//! timers; everything here runs natively too, so it is tested natively.

use std::collections::BTreeSet;
use std::io::{ErrorKind, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use minuta_shared::join_code::JoinCode;
use minuta_shared::time::ClockSample;
use minuta_shared::wire::PROTOCOL_VERSION;
use minuta_shared::wire::client::ClientMsg;
use minuta_shared::wire::handshake::{Hello, HelloReply};
use minuta_shared::wire::view_stream::ViewStream;
use rustls::ClientConnection;
use rustls::pki_types::ServerName;
use serde::Serialize;

use super::frames::{FrameReader, FrameWriter, Incoming, decode_payload};
use super::link::{FINAL_CLOSE_CODES, client_name, event_of};
use super::sending::{Outgoing, Sending};
use super::tls::{PinnedServer, SERVER_NAME, ws_rustls_config};
use crate::os_error::FileError;
use crate::state::{LinkError, NetCommand, NetEvent, Stopped};

/// A WebSocket close code at or above this is the server's
/// `4000 + minuta_shared::wire::close::*`.
pub const CLOSE_CODE_BASE: u16 = 4000;

/// How a session ended, as the native `connection` tells it apart: for
/// good (with the reason), or lost and worth retrying.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    Stop(Stopped),
    Lost(LinkError),
}

/// One session: a TLS client and the frames inside it.
pub struct WsSession {
    tls: ClientConnection,
    /// Set by the verifier when the server showed another certificate.
    mismatch: Arc<AtomicBool>,
    writer: FrameWriter,
    reader: FrameReader,
    views: ViewStream,
    /// When the `Hello` was written: the first clock sample's send time.
    hello_at_us: u64,
    greeted: bool,
    /// The server ended TLS (close_notify): the WebSocket's close, with
    /// the server's code and reason, is what ends the session.
    peer_closed: bool,
    /// Commands sent and not yet acknowledged: lost if the link drops.
    in_flight: BTreeSet<u64>,
    /// Large commands going in pieces.
    sending: Sending,
}

impl WsSession {
    /// Starts the handshake and queues the greeting behind it (rustls
    /// holds it until the keys are there).
    pub fn new(code: &JoinCode, now_us: u64) -> Result<WsSession, End> {
        let verifier = Arc::new(PinnedServer::new(code.fingerprint));
        let mismatch = verifier.mismatch_flag();
        let config = ws_rustls_config(verifier).map_err(lost)?;
        let name = ServerName::try_from(SERVER_NAME).map_err(lost)?;
        let mut tls = ClientConnection::new(Arc::new(config), name).map_err(lost)?;
        // rustls takes 64 KiB unsent by default and refuses the rest of a
        // write: a package's piece (a frame of 64 KiB and its header) or a
        // whole command did not fit, and the link broke. What is written
        // here is bounded already (a frame's limit, one piece at a time,
        // drained to the socket after each write).
        tls.set_buffer_limit(None);
        let mut session = WsSession {
            tls,
            mismatch,
            writer: FrameWriter::default(),
            reader: FrameReader::default(),
            views: ViewStream::new(),
            hello_at_us: now_us,
            greeted: false,
            peer_closed: false,
            in_flight: BTreeSet::new(),
            sending: Sending::default(),
        };
        session.write(Hello {
            protocol: PROTOCOL_VERSION,
            credential: code.credential.clone(),
            client: client_name(),
        })?;
        Ok(session)
    }

    /// Whether the server has welcomed this terminal.
    pub fn greeted(&self) -> bool {
        self.greeted
    }

    /// The TLS bytes to send on the WebSocket now (empty if none).
    pub fn outgoing(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        while self.tls.wants_write() {
            match self.tls.write_tls(&mut out) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
        }
        out
    }

    /// Bytes from the WebSocket, received at `now_us`: the UI's events go
    /// to `events`; an error ends the session.
    pub fn receive(
        &mut self,
        mut bytes: &[u8],
        now_us: u64,
        events: &mut Vec<NetEvent>,
    ) -> Result<(), End> {
        while !bytes.is_empty() && !self.peer_closed {
            let read = self.tls.read_tls(&mut bytes).map_err(lost)?;
            if let Err(error) = self.tls.process_new_packets() {
                return Err(self.tls_failed(error));
            }
            self.drain_plaintext()?;
            if read == 0 {
                break;
            }
        }
        self.pump(now_us, events)
    }

    /// Sends a command (a package file by path cannot be read here: the
    /// browser hands bytes over instead, as [`crate::state::UiCommand::LoadPackageBytes`]).
    pub fn perform(&mut self, command: NetCommand, events: &mut Vec<NetEvent>) -> Result<(), End> {
        match command {
            NetCommand::Command { request, command } => {
                self.in_flight.insert(request);
                let msg = ClientMsg::Command {
                    request,
                    command: *command,
                };
                // A package goes in pieces (`send_piece`), paced by the page.
                self.send_or_queue(request, msg, events)
            }
            NetCommand::LoadPackageFile { request, path, .. } => {
                let error = FileError::io(path, &std::io::Error::from(ErrorKind::Unsupported));
                events.push(NetEvent::FileFailed { request, error });
                Ok(())
            }
            NetCommand::Fetch { request, file } => self.write(ClientMsg::Fetch { request, file }),
            NetCommand::ReadRoster {
                request,
                file_name,
                bytes,
            } => {
                let msg = ClientMsg::ReadRoster {
                    request,
                    file_name,
                    bytes,
                };
                self.send_or_queue(request, msg, events)
            }
            NetCommand::CancelSending { request } => {
                let (was, dropped) = self.sending.cancel(request);
                if was {
                    self.in_flight.remove(&request);
                    events.push(NetEvent::SendingStopped { request });
                }
                match dropped {
                    Some(msg) => self.write(msg),
                    None => Ok(()),
                }
            }
            NetCommand::Leave => Ok(()),
        }
    }

    /// Writes `msg` of `request` now, or queues it in pieces when large.
    fn send_or_queue(
        &mut self,
        request: u64,
        msg: ClientMsg,
        events: &mut Vec<NetEvent>,
    ) -> Result<(), End> {
        match self.sending.queue_if_large(request, msg) {
            Outgoing::Queued(event) => {
                events.push(event);
                Ok(())
            }
            Outgoing::Now(msg) => self.write(msg),
        }
    }

    /// Whether a large command has pieces still to send.
    pub fn has_pieces(&self) -> bool {
        !self.sending.is_empty()
    }

    /// Writes the next piece of the large command on its way, if any.
    pub fn send_piece(&mut self, events: &mut Vec<NetEvent>) -> Result<(), End> {
        if let Some((piece, event)) = self.sending.next_piece() {
            self.write(piece)?;
            events.push(event);
        }
        Ok(())
    }

    /// A ping for the clock and the server's liveness.
    pub fn ping(&mut self, now_us: u64) -> Result<(), End> {
        self.write(ClientMsg::Ping {
            client_time_us: now_us,
        })
    }

    /// Says goodbye inside TLS (the WebSocket close follows).
    pub fn close(&mut self) {
        self.tls.send_close_notify();
    }

    /// The requests that will never be acknowledged now.
    pub fn take_in_flight(&mut self) -> BTreeSet<u64> {
        std::mem::take(&mut self.in_flight)
    }

    fn write<T: Serialize>(&mut self, body: T) -> Result<(), End> {
        let frame = self.writer.encode(body).map_err(lost)?;
        self.tls.writer().write_all(&frame).map_err(lost)
    }

    fn drain_plaintext(&mut self) -> Result<(), End> {
        let mut buffer = [0u8; 16 * 1024];
        loop {
            match self.tls.reader().read(&mut buffer) {
                // The server said close_notify: nothing more comes, and its
                // WebSocket close follows with the reason.
                Ok(0) => {
                    self.peer_closed = true;
                    return Ok(());
                }
                Ok(n) => self.reader.push(&buffer[..n]),
                Err(e) if e.kind() == ErrorKind::WouldBlock => return Ok(()),
                Err(e) => return Err(lost(e)),
            }
        }
    }

    /// The whole frames received so far, as events.
    fn pump(&mut self, now_us: u64, events: &mut Vec<NetEvent>) -> Result<(), End> {
        if !self.greeted {
            let Some(payload) = self.reader.next_payload().map_err(lost)? else {
                return Ok(());
            };
            match decode_payload::<HelloReply>(&payload).map_err(lost)? {
                HelloReply::Welcome(welcome) => {
                    self.greeted = true;
                    let first_sample =
                        ClockSample::from_exchange(self.hello_at_us, welcome.server_now, now_us);
                    events.push(NetEvent::Connected {
                        identity: welcome.identity,
                        first_sample,
                    });
                }
                HelloReply::Refused(refusal) => return Err(End::Stop(Stopped::Refused(refusal))),
            }
        }
        while let Some(incoming) = self.reader.next_message(&mut self.views).map_err(lost)? {
            match incoming {
                // Views out of step (a patch that does not fit): a whole one.
                Incoming::OutOfStep(why) => {
                    tracing::warn!("asking for a whole view: {why}");
                    self.write(ClientMsg::WholeView)?;
                }
                Incoming::Msg(msg) => {
                    if let Some(event) = event_of(msg, &mut self.in_flight, now_us) {
                        events.push(event);
                    }
                }
            }
        }
        Ok(())
    }

    /// A TLS failure: the wrong server stops for good, anything else is
    /// worth retrying.
    fn tls_failed(&self, error: rustls::Error) -> End {
        if self.mismatch.load(Ordering::SeqCst) {
            End::Stop(Stopped::CertificateMismatch)
        } else {
            lost(error)
        }
    }
}

/// The end a WebSocket close with `code` and `reason` means: the server's
/// `4000 + close::*` as the native QUIC close code, else a lost link.
pub fn closed(code: u16, reason: &str) -> End {
    let Some(ours) = code.checked_sub(CLOSE_CODE_BASE) else {
        return End::Lost(LinkError::StreamClosed);
    };
    let code = u32::from(ours);
    let reason = reason.to_owned();
    if FINAL_CLOSE_CODES.contains(&code) {
        End::Stop(Stopped::Closed { code, reason })
    } else {
        End::Lost(LinkError::Closed { code, reason })
    }
}

/// Anything else that broke the link, in its own words.
fn lost(error: impl std::fmt::Display) -> End {
    End::Lost(LinkError::Broken(error.to_string()))
}

#[cfg(test)]
#[path = "ws_session_tests.rs"]
mod tests;
