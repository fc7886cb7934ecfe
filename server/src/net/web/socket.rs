//! A WebSocket as a byte stream each way: the concatenated binary payloads
//! it receives are what [`WsBytes`] reads, and every write leaves as one
//! binary message. The browser's TLS runs over exactly this (message
//! boundaries mean nothing), so the server's TLS reads and writes it too.
//!
//! What the stream must not do is let a peer park memory: a WebSocket
//! message is buffered whole before it is handed over, so [`Metered`] lets
//! the WebSocket read only as many bytes from the socket as the peer's
//! *window* allows beyond what has been consumed (a QUIC receive window by
//! another name): a stranger gets [`PRE_LOGIN_WINDOW`], login raises it to
//! what the role sends ([`window`]). A message that does not fit stalls,
//! and the greeting's or the frame's timeout closes the connection.
//!
//! What a message may announce is bounded as well, before anything is
//! reserved for it: [`Metered`] reads every WebSocket frame header itself,
//! and a frame (or a message of several) past [`PRE_LOGIN_MAX_FRAME`]
//! before login, or past the role's [`max_frame`] after, closes the
//! connection as oversized at once (the WebSocket library reserves what a
//! header announces: a 14-byte header announcing 4 MiB cost 2 MB a
//! stranger). A message begun must be finished within the frame timeout,
//! and a stranger must have logged in by its deadline, or it is closed
//! with its code and reason ([`Guard`]).
//!
//! The server side also pings every [`PING_EVERY`] to measure the round
//! trip (the press log's `rtt_us`); the browser answers pings itself. A
//! peer that answers none for the frame timeout (it stopped reading, or
//! its connection is wedged) is closed as stalled.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use futures_util::task::AtomicWaker;
use futures_util::{Sink, Stream};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Interval, Sleep};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::protocol::frame::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Bytes, Error as WsError, Message};

use minuta_shared::identity::Role;

use super::frames::{FrameScan, violation};
pub use super::frames::{PRE_LOGIN_MAX_FRAME, StreamViolation};
use minuta_shared::wire::close;
use minuta_shared::wire::codec::{
    MAX_FRAME_BYTES, MAX_HELLO_FRAME_BYTES, MAX_TERMINAL_FRAME_BYTES,
};

/// The WebSocket close code of `wire::close` code `code`: the private-use
/// range starts at 4000.
pub const CLOSE_CODE_BASE: u16 = 4000;

/// A close reason is cut to this many bytes (a close frame holds 123), at a
/// character boundary.
pub const MAX_CLOSE_REASON_BYTES: usize = 120;

/// What TLS adds around a frame of the largest size, and more: 16 KiB
/// records with 22 bytes each, the handshake's own messages.
pub const TLS_ALLOWANCE: usize = 64 * 1024;

/// The largest WebSocket message taken from anyone: the largest frame (a
/// host's package) and its TLS. The window bounds a stranger far lower.
pub const MAX_MESSAGE_BYTES: usize = MAX_FRAME_BYTES + TLS_ALLOWANCE;

/// A WebSocket frame's header is at most this long (with the mask).
const FRAME_HEADER_BYTES: u64 = 14;

/// A stranger's window: its TLS handshake and a whole greeting, twice.
pub const PRE_LOGIN_WINDOW: u64 = 2 * (MAX_HELLO_FRAME_BYTES as u64 + 4) + 32 * 1024;

/// The largest WebSocket message a peer logged in as `role` may announce:
/// its largest frame and its TLS (the window holds two).
pub fn max_frame(role: Role) -> u64 {
    let frame = match role {
        Role::Host => MAX_FRAME_BYTES,
        Role::Judge | Role::Team | Role::Display | Role::Jury => MAX_TERMINAL_FRAME_BYTES,
    };
    frame as u64 + 4 + TLS_ALLOWANCE as u64
}

/// How often the server pings a browser to measure the round trip.
pub const PING_EVERY: Duration = Duration::from_millis(500);

/// The window of a peer logged in as `role`: its largest frame, with TLS.
pub fn window(role: Role) -> u64 {
    let frame = match role {
        Role::Host => MAX_FRAME_BYTES,
        Role::Judge | Role::Team | Role::Display | Role::Jury => MAX_TERMINAL_FRAME_BYTES,
    };
    2 * (frame as u64 + 4) + TLS_ALLOWANCE as u64
}

/// The WebSocket's own bounds: no message or frame above
/// [`MAX_MESSAGE_BYTES`], small read chunks (every connection holds its
/// read buffer from the start: 4 KiB rather than 16 took a stalled
/// stranger from 51 to 32 KiB resident, both sides counted, in the `door`
/// bench), masked frames only from a client.
pub fn ws_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .write_buffer_size(16 * 1024)
        .max_write_buffer_size(2 * MAX_MESSAGE_BYTES)
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES))
}

/// How many bytes the peer may have sent in all, shared by [`Metered`]
/// (which reads) and [`WsBytes`] (which consumes and grants); and the
/// largest message it may announce, which login raises.
#[derive(Debug)]
pub struct Credit {
    allowed: AtomicU64,
    window: AtomicU64,
    max_frame: AtomicU64,
    logged_in: AtomicBool,
    waker: AtomicWaker,
}

impl Credit {
    /// A stranger's credit: `window` bytes, messages of at most
    /// [`PRE_LOGIN_MAX_FRAME`] (where its frames are checked at all).
    pub fn new(window: u64) -> Arc<Credit> {
        Arc::new(Credit {
            allowed: AtomicU64::new(window),
            window: AtomicU64::new(window),
            max_frame: AtomicU64::new(PRE_LOGIN_MAX_FRAME),
            logged_in: AtomicBool::new(false),
            waker: AtomicWaker::new(),
        })
    }

    /// The peer logged in as `role`: its window and its largest message
    /// are the role's, and the login deadline is over.
    pub fn log_in(&self, role: Role) {
        self.max_frame.fetch_max(max_frame(role), Ordering::AcqRel);
        self.logged_in.store(true, Ordering::Release);
        self.widen(window(role));
    }

    /// `bytes` were consumed: as many more may come.
    fn grant(&self, bytes: u64) {
        self.allowed.fetch_add(bytes, Ordering::AcqRel);
        self.waker.wake();
    }

    /// Widens the window to `window` (never narrows it).
    pub fn widen(&self, window: u64) {
        let old = self.window.fetch_max(window, Ordering::AcqRel);
        if window > old {
            self.grant(window - old);
        }
    }
}

/// A socket that gives its reader no more than the [`Credit`] allows.
pub struct Metered<S> {
    inner: S,
    credit: Arc<Credit>,
    read: u64,
    /// The server's checks of what the peer sends (a client has none).
    guard: Option<Guarded>,
}

/// The deadlines a server holds a browser's socket to (see the module).
#[derive(Clone, Copy, Debug)]
pub struct Guard {
    /// A message begun must be whole within this.
    pub frame_timeout: Duration,
    /// The peer must have logged in by then ...
    pub login_by: Instant,
    /// ... which was this long after it came (for the reason given).
    pub login_within: Duration,
}

/// A stranger let go to make room (the gate's eviction): resolves when it
/// must go.
pub type LetGo = Pin<Box<dyn std::future::Future<Output = ()> + Send>>;

/// A guard at work: the frames seen so far and the timer.
struct Guarded {
    guard: Guard,
    frames: FrameScan,
    /// When the message now being received began.
    begun_at: Option<Instant>,
    timer: Pin<Box<Sleep>>,
    let_go: LetGo,
}

impl<S> Metered<S> {
    /// A client's socket: metered, nothing checked.
    pub fn new(inner: S, credit: Arc<Credit>) -> Self {
        Metered {
            inner,
            credit,
            read: 0,
            guard: None,
        }
    }

    /// A server's socket: metered, its frames checked, and ended when
    /// `let_go` resolves before login (see the module).
    pub fn guarded(inner: S, credit: Arc<Credit>, guard: Guard, let_go: LetGo) -> Self {
        Metered {
            inner,
            credit,
            read: 0,
            guard: Some(Guarded {
                guard,
                frames: FrameScan::default(),
                begun_at: None,
                timer: Box::pin(tokio::time::sleep_until(guard.login_by)),
                let_go,
            }),
        }
    }

    /// The socket itself (a test writes raw frames on it).
    pub fn get_mut(&mut self) -> &mut S {
        &mut self.inner
    }

    /// Bytes `got` were read: checked against the announced sizes.
    fn scan(&mut self, got: &[u8]) -> io::Result<()> {
        let Some(guarded) = self.guard.as_mut() else {
            return Ok(());
        };
        let max = self.credit.max_frame.load(Ordering::Acquire);
        guarded.frames.feed(got, max)?;
        if guarded.frames.inside() {
            guarded.begun_at.get_or_insert_with(Instant::now);
        } else {
            guarded.begun_at = None;
        }
        Ok(())
    }

    /// Nothing to read now: an error if a deadline has passed, else
    /// pending, with the timer set for the next deadline.
    fn wait(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let logged_in = self.credit.logged_in.load(Ordering::Acquire);
        let Some(guarded) = self.guard.as_mut() else {
            return Poll::Pending;
        };
        if !logged_in && guarded.let_go.as_mut().poll(cx).is_ready() {
            return Poll::Ready(Err(violation(
                close::REFUSED,
                "too many connections on their way in: this one waited longest",
            )));
        }
        let login = (!logged_in).then_some(guarded.guard.login_by);
        let message = guarded.begun_at.map(|at| at + guarded.guard.frame_timeout);
        let deadline = match (login, message) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => return Poll::Pending,
        };
        if guarded.timer.deadline() != deadline {
            guarded.timer.as_mut().reset(deadline);
        }
        if guarded.timer.as_mut().poll(cx).is_pending() {
            return Poll::Pending;
        }
        if login == Some(deadline) {
            return Poll::Ready(Err(violation(
                close::REFUSED,
                format!(
                    "no TLS handshake and greeting within {} s",
                    guarded.guard.login_within.as_secs_f64()
                ),
            )));
        }
        Poll::Ready(Err(violation(
            close::STALLED,
            format!(
                "a WebSocket message was begun but not finished within {} s",
                guarded.guard.frame_timeout.as_secs_f64()
            ),
        )))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Metered<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let mut left = this
            .credit
            .allowed
            .load(Ordering::Acquire)
            .saturating_sub(this.read);
        if left == 0 {
            this.credit.waker.register(cx.waker());
            left = this
                .credit
                .allowed
                .load(Ordering::Acquire)
                .saturating_sub(this.read);
            if left == 0 {
                return this.wait(cx);
            }
        }
        if left >= buf.remaining() as u64 {
            let before = buf.filled().len();
            match Pin::new(&mut this.inner).poll_read(cx, buf) {
                Poll::Pending => return this.wait(cx),
                Poll::Ready(result) => result?,
            }
            let got = buf.filled().len() - before;
            this.read += got as u64;
            this.scan(&buf.filled()[before..])?;
            return Poll::Ready(Ok(()));
        }
        // Less credit than room: read into a buffer of the credit's size.
        let mut part = vec![0u8; left as usize];
        let mut limited = ReadBuf::new(&mut part);
        match Pin::new(&mut this.inner).poll_read(cx, &mut limited) {
            Poll::Pending => return this.wait(cx),
            Poll::Ready(result) => result?,
        }
        let got = limited.filled().len();
        this.read += got as u64;
        this.scan(&part[..got])?;
        buf.put_slice(&part[..got]);
        Poll::Ready(Ok(()))
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Metered<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

fn ws_io_error(e: WsError) -> io::Error {
    match e {
        WsError::Io(e) => e,
        WsError::Capacity(e) => violation(close::OVERSIZED, format!("WebSocket: {e}")),
        WsError::ConnectionClosed | WsError::AlreadyClosed => {
            io::Error::new(io::ErrorKind::BrokenPipe, "the WebSocket is closed")
        }
        other => violation(close::MALFORMED, format!("WebSocket: {other}")),
    }
}

/// The round trip measured by the pings, shared with the link.
#[derive(Debug, Default)]
pub struct RoundTrip {
    micros: AtomicU64,
}

impl RoundTrip {
    pub fn get(&self) -> Duration {
        Duration::from_micros(self.micros.load(Ordering::Relaxed))
    }
}

/// The pinging side's state.
struct Pinger {
    every: Interval,
    due: bool,
    next: u64,
    /// The ping awaiting its pong, and when it left.
    out: Option<(u64, Instant)>,
    rtt: Arc<RoundTrip>,
    /// When the peer last answered a ping (or the pinging began).
    answered_at: Instant,
    /// A peer that answers none for this long is closed as stalled.
    answer_within: Option<Duration>,
}

/// A WebSocket's binary messages as a byte stream (see the module).
pub struct WsBytes<S> {
    ws: WebSocketStream<Metered<S>>,
    credit: Arc<Credit>,
    /// Received and not yet read.
    pending: Bytes,
    ended: bool,
    pinger: Option<Pinger>,
    /// Told the peer's close code and reason (1006 with none: it just went).
    peer_close: Option<tokio::sync::watch::Sender<Option<(u16, String)>>>,
}

impl<S: AsyncRead + AsyncWrite + Unpin> WsBytes<S> {
    /// A stream over `ws`, whose socket is metered by `credit`; with
    /// `rtt`, it pings to measure the round trip.
    pub fn new(
        ws: WebSocketStream<Metered<S>>,
        credit: Arc<Credit>,
        rtt: Option<Arc<RoundTrip>>,
    ) -> Self {
        WsBytes {
            ws,
            credit,
            pending: Bytes::new(),
            ended: false,
            pinger: rtt.map(|rtt| Pinger {
                every: tokio::time::interval(PING_EVERY),
                due: false,
                next: 0,
                out: None,
                rtt,
                answered_at: Instant::now(),
                answer_within: None,
            }),
            peer_close: None,
        }
    }

    /// A peer that answers no ping for `within` (it stopped reading, or its
    /// socket is wedged) ends the stream as stalled.
    pub fn answer_pings_within(mut self, within: Duration) -> Self {
        if let Some(pinger) = self.pinger.as_mut() {
            pinger.answer_within = Some(within);
        }
        self
    }

    /// Reports how the peer closed the WebSocket (a client's view of the
    /// server's close code).
    pub fn report_close(mut self, to: tokio::sync::watch::Sender<Option<(u16, String)>>) -> Self {
        self.peer_close = Some(to);
        self
    }

    fn peer_closed(&mut self, how: Option<(u16, String)>) {
        self.ended = true;
        if let Some(report) = &self.peer_close {
            let how = how.unwrap_or((1006, String::new()));
            report.send_if_modified(|seen| {
                let first = seen.is_none();
                if first {
                    *seen = Some(how);
                }
                first
            });
        }
    }

    /// Sends a ping if one is due and the socket takes it; an error when
    /// the peer has answered none for too long.
    fn poll_ping(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        let Some(pinger) = self.pinger.as_mut() else {
            return Ok(());
        };
        while pinger.every.poll_tick(cx).is_ready() {
            pinger.due = true;
        }
        if let Some(within) = pinger.answer_within
            && pinger.answered_at.elapsed() > within
        {
            return Err(violation(
                close::STALLED,
                format!(
                    "no answer to the server's pings for {} s",
                    within.as_secs_f64()
                ),
            ));
        }
        if !pinger.due {
            return Ok(());
        }
        if let Poll::Ready(Ok(())) = Pin::new(&mut self.ws).poll_ready(cx) {
            pinger.next += 1;
            let id = pinger.next;
            let ping = Message::Ping(Bytes::copy_from_slice(&id.to_le_bytes()));
            if Pin::new(&mut self.ws).start_send(ping).is_ok() {
                pinger.due = false;
                pinger.out = Some((id, Instant::now()));
                let _ = Pin::new(&mut self.ws).poll_flush(cx);
            }
        }
        Ok(())
    }

    fn pong(&mut self, payload: &[u8]) {
        let Some(pinger) = self.pinger.as_mut() else {
            return;
        };
        // Any answer shows the peer reads, even one to an earlier ping.
        pinger.answered_at = Instant::now();
        if let (Some((id, sent)), Ok(bytes)) = (pinger.out, <[u8; 8]>::try_from(payload))
            && u64::from_le_bytes(bytes) == id
        {
            pinger.out = None;
            let micros = u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX);
            pinger.rtt.micros.store(micros, Ordering::Relaxed);
        }
    }

    /// The WebSocket itself (a test writes raw frames under it).
    pub fn get_mut(&mut self) -> &mut WebSocketStream<Metered<S>> {
        &mut self.ws
    }

    /// Closes the WebSocket with `wire::close` code `code` (as 4000 + code)
    /// and `reason`, and waits up to `grace` for the peer's answer.
    pub async fn close(mut self, code: u32, reason: &str, grace: Duration) {
        use futures_util::{SinkExt, StreamExt};
        let frame = CloseFrame {
            code: CloseCode::from(close_code(code)),
            reason: truncate(reason, MAX_CLOSE_REASON_BYTES).to_owned().into(),
        };
        let _ = tokio::time::timeout(grace, async {
            if self.ws.send(Message::Close(Some(frame))).await.is_ok() {
                // Read on until the peer's close (or the end), so the
                // socket is not torn down under the close frame.
                while let Some(Ok(_)) = self.ws.next().await {}
            }
        })
        .await;
    }
}

/// 4000 + `code`, saturating.
pub fn close_code(code: u32) -> u16 {
    u16::try_from(code)
        .ok()
        .and_then(|c| c.checked_add(CLOSE_CODE_BASE))
        .unwrap_or(u16::MAX)
}

/// `text` cut to at most `max` bytes at a character boundary.
pub fn truncate(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for WsBytes<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        this.poll_ping(cx)?;
        loop {
            if !this.pending.is_empty() {
                let n = this.pending.len().min(buf.remaining());
                buf.put_slice(&this.pending.split_to(n));
                return Poll::Ready(Ok(()));
            }
            if this.ended {
                return Poll::Ready(Ok(()));
            }
            let msg = match ready!(Pin::new(&mut this.ws).poll_next(cx)) {
                None => None,
                Some(Err(WsError::ConnectionClosed | WsError::AlreadyClosed)) => None,
                Some(Err(e)) => {
                    this.peer_closed(None);
                    return Poll::Ready(Err(ws_io_error(e)));
                }
                Some(Ok(msg)) => Some(msg),
            };
            let Some(msg) = msg else {
                this.peer_closed(None);
                continue;
            };
            match msg {
                Message::Binary(bytes) => {
                    this.credit.grant(bytes.len() as u64 + FRAME_HEADER_BYTES);
                    this.pending = bytes;
                }
                Message::Text(_) => {
                    return Poll::Ready(Err(violation(
                        close::MALFORMED,
                        "a text message: only binary messages are taken",
                    )));
                }
                Message::Ping(payload) => {
                    this.credit.grant(payload.len() as u64 + FRAME_HEADER_BYTES);
                }
                Message::Pong(payload) => {
                    this.credit.grant(payload.len() as u64 + FRAME_HEADER_BYTES);
                    this.pong(&payload);
                }
                Message::Close(frame) => {
                    this.peer_closed(Some(frame.map_or((1005, String::new()), |f| {
                        (u16::from(f.code), f.reason.as_str().to_owned())
                    })))
                }
                Message::Frame(frame) => {
                    this.credit
                        .grant(frame.payload().len() as u64 + FRAME_HEADER_BYTES);
                }
            }
        }
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for WsBytes<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.poll_write_vectored(cx, &[io::IoSlice::new(buf)])
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let len: usize = bufs.iter().map(|b| b.len()).sum();
        if len == 0 {
            return Poll::Ready(Ok(0));
        }
        ready!(Pin::new(&mut this.ws).poll_ready(cx)).map_err(ws_io_error)?;
        let mut message = Vec::with_capacity(len);
        for b in bufs {
            message.extend_from_slice(b);
        }
        Pin::new(&mut this.ws)
            .start_send(Message::Binary(message.into()))
            .map_err(ws_io_error)?;
        Poll::Ready(Ok(len))
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().ws)
            .poll_flush(cx)
            .map_err(ws_io_error)
    }

    /// Only flushes: the WebSocket's close, with its code, is
    /// [`WsBytes::close`].
    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.poll_flush(cx)
    }
}

#[cfg(test)]
#[path = "socket_tests.rs"]
mod tests;
