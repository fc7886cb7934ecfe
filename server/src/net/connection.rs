//! One task per connection: the handshake that binds an identity, then a
//! reader that frames, size-limits and decodes every message (the server
//! machine checks each command's role),
//! and a writer that sends the driver's messages in order. Any violation
//! closes this connection alone, with a close code and a reason; the server
//! and every other terminal carry on.
//!
//! The same [`run`] serves a QUIC terminal (its one bidirectional stream,
//! [`serve`]) and a browser's (the TLS stream inside its WebSocket,
//! `web::session`): both are a byte stream each way, and the [`Link`] is
//! what differs (round trip, receive window, how to close).

use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tracing::{debug, info};

use minuta_shared::identity::{Identity, Role};
use minuta_shared::wire::client::ClientMsg;
use minuta_shared::wire::codec::{
    self, CodecError, MAX_FRAME_BYTES, MAX_HELLO_FRAME_BYTES, MAX_TERMINAL_FRAME_BYTES,
};
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::files::{HostFile, parts};
use minuta_shared::wire::handshake::{Hello, HelloReply, Refusal, Welcome};
use minuta_shared::wire::pieces::Assembly;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view_stream::ViewSender;
use minuta_shared::wire::{PROTOCOL_VERSION, close};

use super::gate::Handshaking;
use super::limits::NetLimits;
use super::link::Link;
use super::web::socket::StreamViolation;
use super::{HostFiles, Inbound, Outbound, Outbox};
use crate::clock::ServerClock;
use crate::machine::Frame;

/// A frame's payload buffer starts at most this large and grows with what
/// actually arrives: a peer announcing a 4 MiB package and sending ten
/// bytes holds tens of KB, not 4 MiB.
const FIRST_CHUNK_CAPACITY: usize = 16 * 1024;

/// Why a connection ends, as a close code and a reason for the peer.
pub(super) struct Violation {
    pub(super) code: u32,
    pub(super) reason: String,
}

impl Violation {
    pub(super) fn new(code: u32, reason: impl Into<String>) -> Self {
        Violation {
            code,
            reason: reason.into(),
        }
    }
}

impl From<CodecError> for Violation {
    fn from(e: CodecError) -> Self {
        let code = match e {
            CodecError::Oversized { .. } => close::OVERSIZED,
            _ => close::MALFORMED,
        };
        Violation::new(code, e.to_string())
    }
}

/// The largest frame a role may send after the handshake: only the host
/// sends question packages.
fn frame_limit(role: Role) -> usize {
    match role {
        Role::Host => MAX_FRAME_BYTES,
        Role::Judge | Role::Team | Role::Display | Role::Jury => MAX_TERMINAL_FRAME_BYTES,
    }
}

/// By when a frame must be whole.
#[derive(Clone, Copy)]
enum Deadline {
    /// The whole frame, first byte included, by then (the greeting).
    At(Instant),
    /// No limit for the first byte (a terminal may be idle between frames);
    /// once it has come, the rest within this.
    AfterFirstByte(Duration),
}

/// Reads one frame: the length is checked against `limit` before its
/// payload is read, and the payload's buffer grows with what arrives.
/// `Ok(None)` when the peer finished its stream between frames; `late()`
/// when `deadline` passes.
async fn read_frame<R: AsyncRead + Unpin>(
    recv: &mut R,
    limit: usize,
    deadline: Deadline,
    late: impl Fn() -> Violation,
) -> Result<Option<Vec<u8>>, Violation> {
    let mut first = [0u8; 1];
    let begun = match deadline {
        Deadline::At(by) => tokio::time::timeout_at(by, recv.read(&mut first))
            .await
            .map_err(|_| late())?,
        Deadline::AfterFirstByte(_) => recv.read(&mut first).await,
    };
    match begun {
        Ok(1..) => {}
        Ok(0) => return Ok(None),
        Err(e) => return Err(read_failed(e)),
    }
    let by = match deadline {
        Deadline::At(by) => by,
        Deadline::AfterFirstByte(rest) => Instant::now() + rest,
    };
    tokio::time::timeout_at(by, read_rest(recv, first[0], limit))
        .await
        .map_err(|_| late())?
        .map(Some)
}

/// A read that failed: a browser's WebSocket names its own violation (a
/// text message, one over the limit) and bytes that are not TLS are
/// malformed; anything else is the peer gone (QUIC's errors are all that).
fn read_failed(e: std::io::Error) -> Violation {
    if let Some(v) = e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<StreamViolation>())
    {
        return Violation::new(v.code, v.reason.clone());
    }
    match e.kind() {
        std::io::ErrorKind::InvalidData => Violation::new(close::MALFORMED, e.to_string()),
        _ => Violation::new(close::NORMAL, e.to_string()),
    }
}

/// The rest of a frame whose first byte was `first`.
async fn read_rest<R: AsyncRead + Unpin>(
    recv: &mut R,
    first: u8,
    limit: usize,
) -> Result<Vec<u8>, Violation> {
    let mut prefix = [first, 0, 0, 0];
    recv.read_exact(&mut prefix[1..])
        .await
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => {
                Violation::new(close::MALFORMED, "the stream ended inside a frame's length")
            }
            _ => read_failed(e),
        })?;
    let len = codec::check_frame_len(prefix, limit)?;
    let mut payload = Vec::with_capacity(len.min(FIRST_CHUNK_CAPACITY));
    while payload.len() < len {
        let missing = len - payload.len();
        if payload.len() == payload.capacity() {
            // Doubling, but never past the announced length.
            payload.reserve_exact(missing.min(payload.capacity().max(FIRST_CHUNK_CAPACITY)));
        }
        let room = (payload.capacity() - payload.len()).min(missing);
        let read = (&mut *recv)
            .take(room as u64)
            .read_buf(&mut payload)
            .await
            .map_err(read_failed)?;
        if read == 0 {
            return Err(Violation::new(
                close::MALFORMED,
                "the stream ended inside a frame",
            ));
        }
    }
    Ok(payload)
}

/// Writes one whole frame and pushes it out (a QUIC stream sends as it is
/// written; a TLS stream in a WebSocket sends on flush).
async fn write_frame<W: AsyncWrite + Unpin>(send: &mut W, frame: &[u8]) -> Result<(), Violation> {
    send.write_all(frame)
        .await
        .map_err(|e| Violation::new(close::NORMAL, e.to_string()))?;
    send.flush()
        .await
        .map_err(|e| Violation::new(close::NORMAL, e.to_string()))
}

/// A write that must be done within `within`, or the terminal is taken to
/// have stopped reading.
async fn in_time(
    within: Duration,
    write: impl std::future::Future<Output = Result<(), Violation>>,
) -> Result<(), Violation> {
    tokio::time::timeout(within, write).await.map_err(|_| {
        Violation::new(
            close::STALLED,
            format!(
                "a message to the terminal could not leave within {} s: it stopped reading",
                within.as_secs_f64()
            ),
        )
    })?
}

async fn write_payload<W: AsyncWrite + Unpin>(
    send: &mut W,
    payload: &[u8],
) -> Result<(), Violation> {
    write_frame(send, &codec::frame(payload)?).await
}

async fn write_msg<W: AsyncWrite + Unpin, T: serde::Serialize>(
    send: &mut W,
    seq: u64,
    body: &T,
) -> Result<(), Violation> {
    let frame = codec::encode_frame(&Envelope {
        version: PROTOCOL_VERSION,
        seq,
        body,
    })?;
    write_frame(send, &frame).await
}

/// What a connection's session needs besides its byte streams.
pub(super) struct Session {
    pub(super) link: Link,
    /// Its place among the connections not yet logged in.
    pub(super) handshaking: Handshaking,
    pub(super) driver: mpsc::Sender<Inbound>,
    pub(super) clock: ServerClock,
    pub(super) limits: NetLimits,
    /// Makes the files the host asks for.
    pub(super) files: HostFiles,
    /// By when the whole greeting must have come ...
    pub(super) greeted_by: Instant,
    /// ... which is this long after the connection came (for the reason).
    pub(super) greeting_within: Duration,
}

/// Serves one connection the gate let in and the accept loop accepted
/// (`connecting`: its handshake under way), until it ends.
#[allow(clippy::too_many_arguments)] // the server's parts, each kept once
pub async fn serve(
    connecting: quinn::Connecting,
    remote: std::net::SocketAddr,
    handshaking: Handshaking,
    driver: mpsc::Sender<Inbound>,
    clock: ServerClock,
    limits: NetLimits,
    files: HostFiles,
) {
    // Dropping an unfinished handshake closes it and frees its state.
    let conn = match tokio::time::timeout(limits.handshake_timeout, connecting).await {
        Ok(Ok(conn)) => conn,
        Ok(Err(e)) => {
            debug!(%remote, "handshake failed: {e}");
            return;
        }
        Err(_) => {
            debug!(%remote, "handshake timed out");
            return;
        }
    };
    // ---- until login: a connection that breaks its greeting is a strike
    // against its address (see `gate`)
    let greeted_by = Instant::now() + limits.hello_timeout;
    let opened = tokio::time::timeout_at(greeted_by, conn.accept_bi())
        .await
        .map_err(|_| no_greeting(limits.hello_timeout))
        .and_then(|accepted| accepted.map_err(|e| Violation::new(close::NORMAL, e.to_string())));
    let (mut send, mut recv) = match opened {
        Ok(stream) => stream,
        Err(v) => {
            if v.code != close::NORMAL {
                handshaking.strike(&limits);
                info!(%remote, code = v.code, "closing connection: {}", v.reason);
            }
            close_for(&conn, None, v, limits.close_grace).await;
            return;
        }
    };
    // The one stream is open; the peer gets no credit for another (one it
    // filled would only sit in the server's memory, never read).
    conn.set_max_concurrent_bi_streams(0u8.into());
    let session = Session {
        link: Link::Quic(conn.clone()),
        handshaking,
        driver,
        clock,
        limits,
        files,
        greeted_by,
        greeting_within: limits.hello_timeout,
    };
    if let Err(v) = run(session, &mut recv, &mut send).await {
        if v.code != close::NORMAL {
            info!(%remote, code = v.code, "closing connection: {}", v.reason);
        }
        close_for(&conn, Some(&mut send), v, limits.close_grace).await;
    }
}

/// The greeting did not come in time.
fn no_greeting(within: Duration) -> Violation {
    Violation::new(
        close::REFUSED,
        format!("no greeting within {} s", within.as_secs_f64()),
    )
}

/// Closes `conn` with `v`'s code and reason so that the peer learns them.
///
/// quinn sends the close frame at once unless something else the peer must
/// acknowledge is still queued (a view being sent): then the close packet
/// waits for room in the congestion window, and a closed connection no
/// longer reads acknowledgements, so that room never comes; the close is
/// never sent and the peer ends up timing out or reset. So a violator's
/// stream is reset first (which drops the queued view), and the close
/// follows once the reset has left, which the still-open connection
/// manages as soon as the peer acknowledges what was in flight (bounded by
/// `grace`, for a peer that acknowledges nothing).
async fn close_for(
    conn: &quinn::Connection,
    send: Option<&mut quinn::SendStream>,
    v: Violation,
    grace: Duration,
) {
    // A refusal's reply was written and finished: it must not be dropped.
    let abandon = !matches!(v.code, close::NORMAL | close::REFUSED);
    if let (true, Some(send)) = (abandon, send) {
        let sent_before = conn.stats().frame_tx.reset_stream;
        if send.reset(quinn::VarInt::from_u32(v.code)).is_ok() {
            let _ = tokio::time::timeout(grace, async {
                while conn.stats().frame_tx.reset_stream == sent_before
                    && conn.close_reason().is_none()
                {
                    // quinn tells nothing when a frame leaves; its counters do.
                    tokio::time::sleep(Duration::from_millis(1)).await;
                }
            })
            .await;
        }
    }
    conn.close(quinn::VarInt::from_u32(v.code), v.reason.as_bytes());
}

/// One connection's life once its byte streams are open: the greeting,
/// then the reader and the writer until one of them ends it. The caller
/// closes the link with the violation returned.
pub(super) async fn run<R, W>(session: Session, recv: &mut R, send: &mut W) -> Result<(), Violation>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let Session {
        link,
        handshaking,
        driver,
        clock,
        limits,
        files,
        greeted_by,
        greeting_within,
    } = session;
    let limits = &limits;
    let greeting = async {
        // ---- handshake
        let payload = read_frame(
            recv,
            MAX_HELLO_FRAME_BYTES,
            Deadline::At(greeted_by),
            || no_greeting(greeting_within),
        )
        .await?
        .ok_or_else(|| Violation::new(close::NORMAL, "left before greeting"))?;
        let hello = match codec::peek_version(&payload) {
            Some(v) if v != PROTOCOL_VERSION => Err(Refusal::VersionMismatch {
                server: PROTOCOL_VERSION,
                client: v,
            }),
            _ => match codec::decode::<Envelope<Hello>>(&payload) {
                Ok(env) if env.body.protocol != PROTOCOL_VERSION => Err(Refusal::VersionMismatch {
                    server: PROTOCOL_VERSION,
                    client: env.body.protocol,
                }),
                Ok(env) => Ok(env.body),
                Err(_) => Err(Refusal::NotAHello),
            },
        };
        drop(payload);
        let outbox = Outbox::new();
        let joined = match hello {
            Ok(hello) => {
                let (reply, answer) = oneshot::channel();
                let join = Inbound::Join {
                    credential: hello.credential,
                    outbound: outbox.clone(),
                    robot: false,
                    link: Some(link.clone()),
                    reply,
                };
                driver
                    .send(join)
                    .await
                    .map_err(|_| Violation::new(close::NORMAL, "server shutting down"))?;
                answer
                    .await
                    .map_err(|_| Violation::new(close::NORMAL, "server shutting down"))?
            }
            Err(refusal) => Err(refusal),
        };
        let (conn_id, identity) = match joined {
            Ok(joined) => joined,
            Err(refusal) => {
                // Tell the terminal why in a frame it can decode, then close
                // with the same words as the reason.
                let _ = write_msg(send, 0, &HelloReply::Refused(refusal.clone())).await;
                let _ = send.shutdown().await;
                let _ =
                    tokio::time::timeout(Duration::from_millis(500), link.peer_left(recv)).await;
                return Err(Violation::new(close::REFUSED, refusal.to_string()));
            }
        };
        Ok((conn_id, identity, outbox))
    }
    .await;
    let (conn_id, identity, outbox) = match greeting {
        Ok(greeted) => greeted,
        Err(v) => {
            if v.code != close::NORMAL {
                handshaking.strike(limits);
            }
            return Err(v);
        }
    };
    // Logged in: the peer may now send what its role sends, and no longer
    // counts among the strangers the gate bounds.
    link.logged_in(identity.role());
    drop(handshaking);
    let welcome = HelloReply::Welcome(Welcome {
        protocol: PROTOCOL_VERSION,
        identity,
        server_now: clock.now(),
    });
    let result = async {
        in_time(limits.write_timeout, write_msg(send, 0, &welcome)).await?;
        // ---- the writer: everything for this terminal, in order; a
        // terminal that takes none of a message for the write timeout
        // (it stopped reading) is closed, its place freed
        let writer = async {
            let mut seq = 1u64;
            // The last view written, for the next to go as a patch of it.
            // The patch is made here, as the view leaves, so a view that
            // superseded others in the outbox is patched against what the
            // terminal actually received.
            let mut views = ViewSender::new();
            let by = limits.write_timeout;
            loop {
                match outbox.next().await {
                    Outbound::Msg(msg) => {
                        match &*msg {
                            ServerMsg::View(view) => {
                                let payload = views.payload(seq, view)?;
                                in_time(by, write_payload(send, &payload)).await?
                            }
                            other => in_time(by, write_msg(send, seq, other)).await?,
                        }
                        seq += 1;
                    }
                    Outbound::WholeView => {
                        if let Some(payload) = views.again(seq) {
                            in_time(by, write_payload(send, &payload?)).await?;
                            seq += 1;
                        }
                    }
                    Outbound::Close { code, reason } => return Err(Violation::new(code, reason)),
                }
            }
        };
        let reader = read_loop(
            &link,
            recv,
            identity,
            conn_id,
            &driver,
            &outbox,
            &files,
            clock,
            limits.frame_timeout,
        );
        // The reader first: whatever it queues (a verdict, a pong) the
        // writer then takes in the same turn, without waking this task again.
        tokio::select! {
            biased;
            r = reader => r,
            r = writer => r,
        }
    }
    .await;
    let _ = driver.send(Inbound::Left { conn: conn_id }).await;
    result
}

#[allow(clippy::too_many_arguments)] // one connection's parts, each used once
async fn read_loop<R: AsyncRead + Unpin>(
    link: &Link,
    recv: &mut R,
    identity: Identity,
    conn: u64,
    driver: &mpsc::Sender<Inbound>,
    outbound: &Outbox,
    files: &HostFiles,
    clock: ServerClock,
    frame_timeout: Duration,
) -> Result<(), Violation> {
    let too_slow = || Violation::new(close::NORMAL, "terminal too slow to read its messages");
    let gone = || Violation::new(close::NORMAL, "server shutting down");
    let limit = frame_limit(identity.role());
    let stalled = || {
        Violation::new(
            close::STALLED,
            format!(
                "a message was begun but not finished within {} s",
                frame_timeout.as_secs_f64()
            ),
        )
    };
    let mut pieces = Assembly::default();
    loop {
        let wait = Deadline::AfterFirstByte(frame_timeout);
        let Some(payload) = read_frame(recv, limit, wait, stalled).await? else {
            return Err(Violation::new(close::NORMAL, "terminal left"));
        };
        // The arrival stamp: taken as soon as the frame is whole, before
        // any queueing, so it alone decides lateness.
        let received_at = clock.now();
        let env: Envelope<ClientMsg> = codec::decode(&payload)?;
        if env.version != PROTOCOL_VERSION {
            return Err(Violation::new(
                close::VERSION,
                format!("envelope version {} after the handshake", env.version),
            ));
        }
        // A large message in pieces (only the host's): taken once whole.
        let msg = match env.body {
            ClientMsg::Piece { total, bytes } => {
                host_only(identity, "pieces of a message")?;
                match pieces.take(total, bytes) {
                    Ok(Some(msg)) => msg,
                    Ok(None) => continue,
                    Err(e) => return Err(Violation::new(close::MALFORMED, e.to_string())),
                }
            }
            ClientMsg::PiecesDropped => {
                host_only(identity, "pieces of a message")?;
                pieces.drop_pieces();
                continue;
            }
            other => other,
        };
        match msg {
            // `Assembly::take` refuses a piece inside pieces.
            ClientMsg::Piece { .. } | ClientMsg::PiecesDropped => {
                return Err(Violation::new(close::MALFORMED, "a piece inside pieces"));
            }
            ClientMsg::Ping { client_time_us } => {
                let pong = ServerMsg::Pong {
                    client_time_us,
                    server_time: clock.now(),
                };
                outbound
                    .push(Outbound::Msg(Arc::new(pong)))
                    .map_err(|_| too_slow())?;
            }
            // Its views are out of step: the writer sends the last one whole.
            ClientMsg::WholeView => outbound.push(Outbound::WholeView).map_err(|_| too_slow())?,
            // Issue 38: the browser's dashboard has its file of teams read
            // here, off the reader.
            ClientMsg::ReadRoster {
                request,
                file_name,
                bytes,
            } => {
                host_only(identity, "files of teams")?;
                let outbound = outbound.clone();
                tokio::task::spawn_blocking(move || {
                    let read = minuta_shared::roster::read(&file_name, &bytes);
                    let answer = ServerMsg::RosterRead { request, read };
                    // A full outbox: the host is being cut off anyway.
                    let _ = outbound.push(Outbound::Msg(Arc::new(answer)));
                });
            }
            // Issue 38: the host's files, and nobody else's.
            ClientMsg::Fetch { request, file } => {
                host_only(identity, "files from the server")?;
                fetch(Arc::clone(files), request, file, outbound.clone());
            }
            ClientMsg::Command { request, command } => {
                let frame = Frame {
                    request,
                    command,
                    rtt_us: link.rtt().as_micros() as u64,
                };
                let inbound = Inbound::Command {
                    conn,
                    frame,
                    received_at,
                };
                driver.send(inbound).await.map_err(|_| gone())?;
            }
        }
    }
}

/// Closes the connection of any role but the host's, which alone sends
/// `what`.
fn host_only(identity: Identity, what: &str) -> Result<(), Violation> {
    if identity.role() == Role::Host {
        return Ok(());
    }
    Err(Violation::new(
        close::FORBIDDEN,
        format!("{:?} may not send {what}", identity.role()),
    ))
}

/// Makes the file on a blocking thread (a PDF or a replay of the store
/// takes a while; the reader goes on meanwhile) and queues its parts.
fn fetch(files: HostFiles, request: u64, file: HostFile, outbound: Outbox) {
    tokio::task::spawn_blocking(move || {
        let messages: Vec<ServerMsg> = match files.make(&file) {
            Ok((name, bytes)) => parts(request, &name, &bytes)
                .into_iter()
                .map(|part| ServerMsg::FilePart(Box::new(part)))
                .collect(),
            Err(why) => {
                info!("the host's file {file:?} was not made: {why}");
                vec![ServerMsg::FileRefused { request, why }]
            }
        };
        for message in messages {
            // A full outbox is a terminal that stopped reading: the driver
            // cuts it off, and the rest of the file has nowhere to go.
            if outbound.push(Outbound::Msg(Arc::new(message))).is_err() {
                break;
            }
        }
    });
}
