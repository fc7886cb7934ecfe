//! A terminal as the server sees one: a QUIC connection on 127.0.0.1 that
//! pins the server's certificate (with the client's own verifier,
//! `minuta_client::shell::native::net::quic::client_config`), greets with a credential and
//! then exchanges frames on the one bidirectional stream.
//!
//! [`Link`] is the raw layer (any bytes, any envelope: for hostile tests);
//! [`Terminal`] is a greeted connection that sends commands, matches their
//! acknowledgements by request id, and keeps every view (and, on request,
//! every raw frame) it receives. Every wait is bounded by [`STEP`], so a
//! hung server fails a test with a message instead of hanging it.

use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use quinn::{Connection, ConnectionError, Endpoint, RecvStream, SendStream};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::sync::mpsc;

use minuta_client::net::tls::SERVER_NAME;
use minuta_client::shell::native::net::quic::client_config;
use minuta_shared::identity::Identity;
use minuta_shared::join_code::JoinCode;
use minuta_shared::packages::media::MediaFile;
use minuta_shared::roster::{Read, ReadError};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::{ClientMsg, Command};
use minuta_shared::wire::codec::{self, MAX_SERVER_FRAME_BYTES};
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::files::{FileRefusal, HostFile, Incoming, Took};
use minuta_shared::wire::handshake::{Credential, Hello, HelloReply, Welcome};
use minuta_shared::wire::server::{CommandError, Receipt, ServerMsg};
use minuta_shared::wire::view::{DisplayView, HostView, JuryView, TeamView, View};

use crate::views::summary;
pub use crate::views::{display_view, host_view, is_view, jury_view, team_view};
use minuta_shared::wire::view_stream::{Intake, ViewStream};
use minuta_shared::wire::{PROTOCOL_VERSION, close};

/// The longest any single wait may take before the test fails.
pub const STEP: Duration = Duration::from_secs(20);

/// Awaits `fut` for at most [`STEP`]; the error names what was awaited.
pub async fn within<T>(what: &str, fut: impl Future<Output = T>) -> Result<T> {
    within_for(STEP, what, fut).await
}

/// Awaits `fut` for at most `limit`.
pub async fn within_for<T>(limit: Duration, what: &str, fut: impl Future<Output = T>) -> Result<T> {
    tokio::time::timeout(limit, fut)
        .await
        .map_err(|_| anyhow!("timed out after {limit:?} waiting for {what}"))
}

/// A client endpoint (one UDP socket) on 127.0.0.1 with the system's
/// default socket buffers.
pub fn client_endpoint() -> Result<Endpoint> {
    client_endpoint_with_buffers(None).map(|(e, _)| e)
}

/// A client endpoint whose socket asks for `bytes` of receive and send
/// buffer (the kernel may give less: capped by `net.core.rmem_max`). Many
/// connections can share one endpoint. Returns the receive buffer granted.
pub fn client_endpoint_with_buffers(bytes: Option<usize>) -> Result<(Endpoint, usize)> {
    client_endpoint_at(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)), bytes)
}

/// As [`client_endpoint_with_buffers`], bound to `bind` (the flood bench's
/// attackers bind `0.0.0.0:0` to reach the server over a veth pair).
///
/// On a test's simulated network ([`crate::sim_net`]) the endpoint is a
/// socket of that network instead, and no buffer is granted.
pub fn client_endpoint_at(bind: SocketAddr, bytes: Option<usize>) -> Result<(Endpoint, usize)> {
    if let Some(net) = crate::sim_net::SimNet::current() {
        return Ok((net.client_endpoint()?, 0));
    }
    use socket2::{Domain, Protocol, Socket, Type};
    let socket = Socket::new(Domain::for_address(bind), Type::DGRAM, Some(Protocol::UDP))
        .context("making a UDP socket")?;
    if let Some(bytes) = bytes {
        socket
            .set_recv_buffer_size(bytes)
            .context("setting the receive buffer")?;
        socket
            .set_send_buffer_size(bytes)
            .context("setting the send buffer")?;
    }
    socket
        .bind(&bind.into())
        .with_context(|| format!("binding {bind}"))?;
    socket.set_nonblocking(true)?;
    let granted = socket.recv_buffer_size().unwrap_or(0);
    let endpoint = Endpoint::new(
        quinn::EndpointConfig::default(),
        None,
        socket.into(),
        Arc::new(quinn::TokioRuntime),
    )
    .context("making a quinn endpoint")?;
    Ok((endpoint, granted))
}

/// Opens a QUIC connection with `config`; the inner result is quinn's own
/// verdict (a certificate refused by the pin shows up there).
pub async fn quic_connect(
    endpoint: &Endpoint,
    addr: SocketAddr,
    config: quinn::ClientConfig,
) -> Result<Result<Connection, ConnectionError>> {
    let connecting = endpoint
        .connect_with(config, addr, SERVER_NAME)
        .context("starting a QUIC connection")?;
    within("the QUIC handshake", connecting).await
}

/// Tries `attempt` until it succeeds, as the app joins: after a failure it
/// waits the app's jittered backoff (`minuta_client::net::link::
/// backoff`) and tries again, until `give_up_after` has passed; an error
/// `is_final` picks out (a refused greeting) ends it at once. Returns the
/// result and how many attempts failed before it. The burst bench joins
/// its bare quinn connections through this too, so both storms retry alike.
pub async fn with_backoff<T, Fut>(
    give_up_after: Duration,
    is_final: impl Fn(&anyhow::Error) -> bool,
    mut attempt: impl FnMut() -> Fut,
) -> Result<(T, u32)>
where
    Fut: Future<Output = Result<T>>,
{
    use minuta_client::net::link::{backoff, jitter};
    let until = tokio::time::Instant::now() + give_up_after;
    let mut failed = 0u32;
    loop {
        let error = match attempt().await {
            Ok(joined) => return Ok((joined, failed)),
            Err(e) if is_final(&e) => return Err(e),
            Err(e) => e,
        };
        failed += 1;
        let pause = backoff(failed, jitter());
        if tokio::time::Instant::now() + pause >= until {
            return Err(error.context(format!("{failed} attempts to join failed")));
        }
        tokio::time::sleep(pause).await;
    }
}

/// How the server closed a connection: the application close code
/// (`wire::close`) and the reason it gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closed {
    pub code: u32,
    pub reason: String,
}

/// Waits until `conn` is closed and says how. An ending that is not an
/// application close by the server (a timeout, a reset) is an error.
pub async fn closed(conn: &Connection) -> Result<Closed> {
    match within("the server to close the connection", conn.closed()).await? {
        ConnectionError::ApplicationClosed(app) => Ok(Closed {
            code: u32::try_from(app.error_code.into_inner()).unwrap_or(u32::MAX),
            reason: String::from_utf8_lossy(&app.reason).into_owned(),
        }),
        other => bail!("the connection ended without an application close: {other}"),
    }
}

/// Reads one frame's payload from a terminal's stream (a QUIC stream, or
/// the byte stream inside a browser terminal's WebSocket); the length is
/// checked before allocating.
pub async fn read_payload<R: tokio::io::AsyncRead + Unpin>(
    recv: &mut R,
) -> Result<Vec<u8>, String> {
    use tokio::io::AsyncReadExt;
    let mut prefix = [0u8; 4];
    recv.read_exact(&mut prefix)
        .await
        .map_err(|e| e.to_string())?;
    let len = codec::check_frame_len(prefix, MAX_SERVER_FRAME_BYTES).map_err(|e| e.to_string())?;
    let mut payload = vec![0u8; len];
    recv.read_exact(&mut payload)
        .await
        .map_err(|e| e.to_string())?;
    Ok(payload)
}

/// The raw layer: a pinned QUIC connection and its one stream, before or
/// instead of a proper greeting.
pub struct Link {
    pub conn: Connection,
    pub send: SendStream,
    pub recv: RecvStream,
    endpoint: Endpoint,
    seq: u64,
}

impl Link {
    /// Connects to `addr`, pinning `fingerprint`, and opens the stream.
    /// Nothing is sent yet.
    pub async fn open(
        endpoint: &Endpoint,
        addr: SocketAddr,
        fingerprint: [u8; 32],
    ) -> Result<Link> {
        let config = client_config(fingerprint).context("the pinned client configuration")?;
        Self::open_with(endpoint, addr, config).await
    }

    /// Connects with a prepared (pinned) client configuration, which many
    /// connections may share.
    pub async fn open_with(
        endpoint: &Endpoint,
        addr: SocketAddr,
        config: quinn::ClientConfig,
    ) -> Result<Link> {
        let conn = quic_connect(endpoint, addr, config)
            .await?
            .context("the QUIC handshake with the server")?;
        let (send, recv) = within("a stream", conn.open_bi())
            .await?
            .context("opening the stream")?;
        Ok(Link {
            conn,
            send,
            recv,
            endpoint: endpoint.clone(),
            seq: 0,
        })
    }

    /// Writes bytes as they are: no framing.
    pub async fn send_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        within("writing to the stream", self.send.write_all(bytes))
            .await?
            .context("writing to the stream")
    }

    /// Writes one framed envelope exactly as given.
    pub async fn send_envelope<T: Serialize>(&mut self, envelope: &Envelope<T>) -> Result<()> {
        let frame = codec::encode_frame(envelope).context("encoding a frame")?;
        self.send_bytes(&frame).await
    }

    /// Writes `body` in a proper envelope with this link's next `seq`.
    pub async fn send<T: Serialize>(&mut self, body: T) -> Result<()> {
        let envelope = Envelope::new(self.seq, body);
        self.seq += 1;
        self.send_envelope(&envelope).await
    }

    /// Reads one whole envelope from the server.
    pub async fn read<T: DeserializeOwned>(&mut self) -> Result<Envelope<T>> {
        let payload = self.read_payload().await?;
        codec::decode(&payload).context("decoding the server's frame")
    }

    /// Reads one frame's payload from the server, as it was sent.
    pub async fn read_payload(&mut self) -> Result<Vec<u8>> {
        within("a frame from the server", read_payload(&mut self.recv))
            .await?
            .map_err(|e| match self.conn.close_reason() {
                Some(why) => anyhow!("{e}: {why}"),
                None => anyhow!(e),
            })
    }

    /// Greets with `credential` at this build's protocol version.
    pub async fn hello(&mut self, credential: Credential) -> Result<HelloReply> {
        self.send(Hello {
            protocol: PROTOCOL_VERSION,
            credential,
            client: "minuta-tests".into(),
        })
        .await?;
        let reply = self.read::<HelloReply>().await?;
        if reply.version != PROTOCOL_VERSION {
            bail!(
                "the server answered with envelope version {}",
                reply.version
            );
        }
        Ok(reply.body)
    }

    /// Waits until the server closes the connection.
    pub async fn closed(&self) -> Result<Closed> {
        closed(&self.conn).await
    }
}

/// What the reader task fills, for the terminal to read.
pub(crate) struct ReaderParts {
    inbox: mpsc::UnboundedReceiver<Arrival>,
    frames: Arc<Mutex<Vec<Vec<u8>>>>,
    traffic: Arc<(AtomicUsize, AtomicUsize)>,
    skip_views: Arc<AtomicBool>,
}

/// One thing that arrived from the server, stamped when it was read.
struct Arrival {
    at: Instant,
    /// `Ok(None)`: a view's patch out of step, a whole view to ask for.
    msg: Result<Option<ServerMsg>, String>,
}

/// The connection under a terminal: QUIC (the app) or a browser's
/// WebSocket with TLS inside ([`crate::web_terminal`]).
pub(crate) enum Peer {
    Quic(Connection),
    Web {
        closes: crate::web_terminal::CloseReport,
        /// The task reading the socket: aborted, the terminal is gone.
        reader: tokio::task::AbortHandle,
    },
}

/// A greeted connection: a host, judge, team or display terminal.
pub struct Terminal {
    pub identity: Identity,
    pub welcome: Welcome,
    peer: Peer,
    send: Box<dyn tokio::io::AsyncWrite + Send + Unpin>,
    seq: u64,
    next_request: u64,
    inbox: mpsc::UnboundedReceiver<Arrival>,
    /// Every payload received after the welcome, in order (if recording),
    /// a view's patch as the whole view it stands for.
    frames: Arc<Mutex<Vec<Vec<u8>>>>,
    /// Payloads and their bytes received after the welcome, as sent (a
    /// patch as a patch; always counted).
    traffic: Arc<(AtomicUsize, AtomicUsize)>,
    /// When set, views are counted but not decoded (see [`Terminal::skip_views`]).
    skip_views: Arc<AtomicBool>,
    latest: Option<View>,
    views: VecDeque<View>,
    acks: HashMap<u64, (Instant, Result<Receipt, CommandError>)>,
    pongs: HashMap<u64, ServerTime>,
    /// Every storage alert received, in order (`None`: writes taken again).
    alerts: Vec<Option<String>>,
    /// Pictures the server sent (`ServerMsg::Media`), in order.
    media: Vec<MediaFile>,
    /// Files asked for (`ClientMsg::Fetch`): those coming, by request, and
    /// those whole or refused.
    files: HashMap<u64, Incoming>,
    fetched: HashMap<u64, Result<(String, Vec<u8>), FileRefusal>>,
    /// Files of teams the server read (`ClientMsg::ReadRoster`), by request.
    rosters: HashMap<u64, Result<Read, ReadError>>,
    /// A view's patch did not fit: a whole view is to be asked for.
    out_of_step: bool,
    ended: Option<String>,
    /// Its own endpoint (kept open as long as the terminal lives).
    endpoint: Option<Endpoint>,
}

impl Terminal {
    /// Joins with a join code on an endpoint of its own, recording frames.
    pub async fn connect(code: &JoinCode) -> Result<Terminal> {
        let endpoint = client_endpoint()?;
        Self::connect_on(&endpoint, code, true).await
    }

    /// Joins on a shared endpoint. `record` keeps every raw frame (tests
    /// that inspect bytes); a benchmark's thousands of terminals do not.
    pub async fn connect_on(
        endpoint: &Endpoint,
        code: &JoinCode,
        record: bool,
    ) -> Result<Terminal> {
        let config = client_config(code.fingerprint).context("the pinned client configuration")?;
        Self::connect_with(endpoint, config, code, record).await
    }

    /// Joins on a shared endpoint with a shared client configuration (it
    /// must pin `code`'s fingerprint).
    pub async fn connect_with(
        endpoint: &Endpoint,
        config: quinn::ClientConfig,
        code: &JoinCode,
        record: bool,
    ) -> Result<Terminal> {
        let addr = *code
            .addrs
            .first()
            .ok_or_else(|| anyhow!("the join code has no address"))?;
        let mut link = Link::open_with(endpoint, addr, config).await?;
        match link.hello(code.credential.clone()).await? {
            HelloReply::Welcome(welcome) => Ok(Terminal::from_link(link, welcome, record)),
            HelloReply::Refused(refusal) => {
                bail!("the server refused {:?}: {refusal}", code.credential)
            }
        }
    }

    // ---- joining in a storm (issue 16): the connect path only ----

    /// Joins as [`Terminal::connect_with`] does, but tries again as the app
    /// does when a handshake or greeting fails (no answer in time, reset,
    /// refused by a full server): [`with_backoff`]. A refused greeting is
    /// final. Returns the terminal and how many attempts failed before it
    /// joined.
    pub async fn join_with_backoff(
        endpoint: &Endpoint,
        config: quinn::ClientConfig,
        code: &JoinCode,
        record: bool,
        give_up_after: Duration,
    ) -> Result<(Terminal, u32)> {
        with_backoff(
            give_up_after,
            |e| format!("{e:#}").contains("the server refused"),
            || Self::connect_with(endpoint, config.clone(), code, record),
        )
        .await
    }

    // ---- end of the storm's connect path ----

    /// Turns a greeted link into a terminal; a task reads its frames.
    pub fn from_link(link: Link, welcome: Welcome, record: bool) -> Terminal {
        let Link {
            conn,
            send,
            recv,
            endpoint,
            seq,
        } = link;
        let (_, parts) = Self::spawn_reader(recv, record);
        Self::assemble(
            Peer::Quic(conn),
            Box::new(send),
            seq,
            Some(endpoint),
            welcome,
            parts,
        )
    }

    pub(crate) fn assemble(
        peer: Peer,
        send: Box<dyn tokio::io::AsyncWrite + Send + Unpin>,
        seq: u64,
        endpoint: Option<Endpoint>,
        welcome: Welcome,
        parts: ReaderParts,
    ) -> Terminal {
        let ReaderParts {
            inbox,
            frames,
            traffic,
            skip_views,
        } = parts;
        Terminal {
            identity: welcome.identity,
            welcome,
            peer,
            send,
            seq,
            next_request: 1,
            inbox,
            frames,
            traffic,
            skip_views,
            latest: None,
            views: VecDeque::new(),
            acks: HashMap::new(),
            pongs: HashMap::new(),
            alerts: Vec::new(),
            files: HashMap::new(),
            fetched: HashMap::new(),
            rosters: HashMap::new(),
            media: Vec::new(),
            out_of_step: false,
            ended: None,
            endpoint,
        }
    }

    /// The task that reads the server's frames into the inbox.
    pub(crate) fn spawn_reader<R>(
        mut recv: R,
        record: bool,
    ) -> (tokio::task::JoinHandle<()>, ReaderParts)
    where
        R: tokio::io::AsyncRead + Send + Unpin + 'static,
    {
        let (tx, inbox) = mpsc::unbounded_channel();
        let frames: Arc<Mutex<Vec<Vec<u8>>>> = Arc::default();
        let traffic: Arc<(AtomicUsize, AtomicUsize)> = Arc::default();
        let skip_views = Arc::new(AtomicBool::new(false));
        let log = record.then(|| Arc::clone(&frames));
        let (counts, skip) = (Arc::clone(&traffic), Arc::clone(&skip_views));
        let reader = tokio::spawn(async move {
            let mut views = ViewStream::new();
            loop {
                let arrival = match read_payload(&mut recv).await {
                    Ok(payload) => {
                        let at = Instant::now();
                        counts.0.fetch_add(1, Ordering::Relaxed);
                        counts.1.fetch_add(payload.len(), Ordering::Relaxed);
                        // Patches are applied even while views are skipped
                        // (bytes only, no decoding), to stay in step.
                        let payload = match views.receive(payload) {
                            Intake::Frame(payload) => payload,
                            Intake::OutOfStep(_) => {
                                let _ = tx.send(Arrival { at, msg: Ok(None) });
                                continue;
                            }
                            Intake::Skipped => continue,
                        };
                        if skip.load(Ordering::Relaxed) && is_view(&payload) {
                            continue;
                        }
                        let msg = codec::decode::<Envelope<ServerMsg>>(&payload)
                            .map_err(|e| format!("undecodable frame from the server: {e}"))
                            .and_then(|env| {
                                if env.version == PROTOCOL_VERSION {
                                    Ok(Some(env.body))
                                } else {
                                    Err(format!("envelope version {} from the server", env.version))
                                }
                            });
                        if let Some(log) = &log {
                            log.lock()
                                .unwrap_or_else(PoisonError::into_inner)
                                .push(payload);
                        }
                        Arrival { at, msg }
                    }
                    Err(e) => Arrival {
                        at: Instant::now(),
                        msg: Err(e),
                    },
                };
                let last = arrival.msg.is_err();
                if tx.send(arrival).is_err() || last {
                    return;
                }
            }
        });
        (
            reader,
            ReaderParts {
                inbox,
                frames,
                traffic,
                skip_views,
            },
        )
    }

    /// The QUIC connection (to close it, or to wait for its close); `None`
    /// for a browser terminal.
    /// The address its datagrams leave from: on a simulated network, the
    /// cable a test may pull (`SimNet::unplug`).
    pub fn local_addr(&self) -> Option<SocketAddr> {
        self.endpoint.as_ref()?.local_addr().ok()
    }

    pub fn connection(&self) -> Option<&Connection> {
        match &self.peer {
            Peer::Quic(conn) => Some(conn),
            Peer::Web { .. } => None,
        }
    }

    /// Sends a message in a proper envelope.
    pub async fn send(&mut self, msg: ClientMsg) -> Result<()> {
        let envelope = Envelope::new(self.seq, msg);
        self.seq += 1;
        let frame = codec::encode_frame(&envelope).context("encoding a frame")?;
        self.send_raw(&frame).await
    }

    /// Writes bytes as they are, for hostile tests.
    pub async fn send_raw(&mut self, bytes: &[u8]) -> Result<()> {
        use tokio::io::AsyncWriteExt;
        within("writing to the stream", async {
            self.send.write_all(bytes).await?;
            // A QUIC stream sends as written; TLS in a WebSocket on flush.
            self.send.flush().await
        })
        .await?
        .context("writing to the stream")
    }

    /// Sends a command without waiting for its acknowledgement (pipelining);
    /// returns its request id for [`Terminal::ack`].
    pub async fn send_command(&mut self, command: Command) -> Result<u64> {
        let request = self.next_request;
        self.next_request += 1;
        self.send(ClientMsg::Command { request, command }).await?;
        Ok(request)
    }

    /// Waits for the acknowledgement of `request`.
    pub async fn ack(&mut self, request: u64) -> Result<Result<Receipt, CommandError>> {
        Ok(self.ack_timed(request).await?.1)
    }

    /// The acknowledgement of `request` if it has already arrived (the
    /// connection may be gone since): never waits.
    pub fn try_ack(&mut self, request: u64) -> Option<Result<Receipt, CommandError>> {
        self.drain();
        self.acks.remove(&request).map(|(_, result)| result)
    }

    /// Waits for the acknowledgement of `request`, with the instant it was read.
    pub async fn ack_timed(
        &mut self,
        request: u64,
    ) -> Result<(Instant, Result<Receipt, CommandError>)> {
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            if let Some(ack) = self.acks.remove(&request) {
                return Ok(ack);
            }
            self.pump(
                deadline,
                &format!("the acknowledgement of request {request}"),
            )
            .await?;
        }
    }

    /// Sends a command and waits for its acknowledgement: the server's
    /// receipt, or the rule that refused it.
    pub async fn command(&mut self, command: Command) -> Result<Result<Receipt, CommandError>> {
        let request = self.send_command(command).await?;
        self.ack(request).await
    }

    /// Asks the server for a file (issue 38) and waits for it whole: its
    /// name and bytes, or why the server made none.
    pub async fn fetch(
        &mut self,
        file: HostFile,
    ) -> Result<Result<(String, Vec<u8>), FileRefusal>> {
        let request = self.next_request;
        self.next_request += 1;
        self.send(ClientMsg::Fetch { request, file }).await?;
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            if let Some(fetched) = self.fetched.remove(&request) {
                return Ok(fetched);
            }
            self.pump(deadline, &format!("the file of request {request}"))
                .await?;
        }
    }

    /// Has the server read a file of teams, as the browser's dashboard
    /// does, and waits for what it read.
    pub async fn read_roster(
        &mut self,
        file_name: &str,
        bytes: Vec<u8>,
    ) -> Result<Result<Read, ReadError>> {
        let request = self.next_request;
        self.next_request += 1;
        let file_name = file_name.to_owned();
        self.send(ClientMsg::ReadRoster {
            request,
            file_name,
            bytes,
        })
        .await?;
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            if let Some(read) = self.rosters.remove(&request) {
                return Ok(read);
            }
            self.pump(deadline, &format!("the roster of request {request}"))
                .await?;
        }
    }

    /// Like [`Terminal::command`], but a refusal is an error.
    pub async fn ok(&mut self, command: Command) -> Result<Receipt> {
        let name = format!("{command:?}");
        let name: String = name.chars().take(80).collect();
        self.command(command)
            .await?
            .map_err(|e| anyhow!("{name} was refused: {e} ({e:?})"))
    }

    /// A clock probe: returns the server time of the answer.
    pub async fn ping(&mut self) -> Result<ServerTime> {
        let stamp = minuta_client::shell::native::net::local_now_us();
        self.send(ClientMsg::Ping {
            client_time_us: stamp,
        })
        .await?;
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            if let Some(t) = self.pongs.remove(&stamp) {
                return Ok(t);
            }
            self.pump(deadline, "a pong").await?;
        }
    }

    /// Waits for one arrival and files it.
    async fn pump(&mut self, deadline: tokio::time::Instant, what: &str) -> Result<()> {
        if std::mem::take(&mut self.out_of_step) {
            self.send(ClientMsg::WholeView).await?;
        }
        if let Some(why) = &self.ended {
            bail!(
                "{:?}: the connection ended ({why}) while waiting for {what}",
                self.identity
            );
        }
        let arrival = tokio::time::timeout_at(deadline, self.inbox.recv())
            .await
            .map_err(|_| {
                anyhow!(
                    "{:?}: timed out after {STEP:?} waiting for {what}",
                    self.identity
                )
            })?;
        match arrival {
            Some(arrival) => self.file(arrival),
            None => self.ended = Some("the reader stopped".into()),
        }
        if let Some(why) = &self.ended {
            bail!(
                "{:?}: the connection ended ({why}) while waiting for {what}",
                self.identity
            );
        }
        Ok(())
    }

    fn file(&mut self, arrival: Arrival) {
        let Ok(msg) = arrival.msg else {
            self.ended = arrival.msg.err();
            return;
        };
        let Some(msg) = msg else {
            self.out_of_step = true;
            return;
        };
        match msg {
            ServerMsg::Pong {
                client_time_us,
                server_time,
            } => {
                self.pongs.insert(client_time_us, server_time);
            }
            ServerMsg::Ack { request, result } => {
                self.acks.insert(request, (arrival.at, result));
            }
            ServerMsg::View(view) => {
                self.latest = Some((*view).clone());
                self.views.push_back(*view);
            }
            // A press's patch: the latest view with that part (a fight)
            // replaced, which is what the terminal's screen now shows.
            ServerMsg::Patch { game, patch } => {
                if let Some(latest) = self.latest.as_mut()
                    && latest.apply_patch(game, &patch)
                {
                    self.views.push_back(latest.clone());
                }
            }
            ServerMsg::StorageAlert { failing } => self.alerts.push(failing),
            ServerMsg::Media(file) => self.media.push(*file),
            ServerMsg::FilePart(part) => {
                let request = part.request;
                let incoming = self.files.entry(request).or_default();
                match incoming.take(*part) {
                    Took::Partial => {}
                    Took::Whole => {
                        if let Some(file) = self.files.remove(&request) {
                            self.fetched.insert(request, Ok((file.name, file.bytes)));
                        }
                    }
                    Took::OutOfOrder => {
                        self.files.remove(&request);
                        let why = FileRefusal::Failed("parts out of order".into());
                        self.fetched.insert(request, Err(why));
                    }
                }
            }
            ServerMsg::FileRefused { request, why } => {
                self.fetched.insert(request, Err(why));
            }
            ServerMsg::RosterRead { request, read } => {
                self.rosters.insert(request, read);
            }
            // The reader has made every patch a whole view.
            ServerMsg::ViewDelta(_) => {}
        }
    }

    /// Waits for a storage alert satisfying `pred` (issue 14, «disk full»)
    /// and returns it; earlier ones are dropped.
    pub async fn wait_alert(
        &mut self,
        what: &str,
        pred: impl Fn(&Option<String>) -> bool,
    ) -> Result<Option<String>> {
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            self.drain();
            if let Some(i) = self.alerts.iter().position(&pred) {
                let alert = self.alerts.remove(i);
                self.alerts.drain(..i);
                return Ok(alert);
            }
            self.pump(deadline, what).await?;
        }
    }

    /// Every picture the server has sent this terminal so far.
    pub fn media(&mut self) -> &[MediaFile] {
        self.drain();
        &self.media
    }

    /// Files everything that has already arrived, without waiting.
    fn drain(&mut self) {
        while let Ok(arrival) = self.inbox.try_recv() {
            self.file(arrival);
        }
    }

    /// The next view not yet taken by this method.
    pub async fn next_view(&mut self) -> Result<View> {
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            self.drain();
            if let Some(v) = self.views.pop_front() {
                return Ok(v);
            }
            self.pump(deadline, "a view").await?;
        }
    }

    /// The most recent view received so far (without waiting).
    pub fn latest_view(&mut self) -> Option<&View> {
        self.drain();
        self.latest.as_ref()
    }

    /// Waits until the terminal's current view satisfies `pred` (views
    /// replace each other, so only the latest one counts).
    pub async fn wait_view(&mut self, what: &str, pred: impl Fn(&View) -> bool) -> Result<View> {
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            self.drain();
            if let Some(v) = self.latest.as_ref().filter(|v| pred(v)) {
                let v = v.clone();
                self.views.clear();
                return Ok(v);
            }
            self.pump(deadline, what)
                .await
                .with_context(|| format!("last view: {}", summary(self.latest.as_ref())))?;
        }
    }

    pub async fn wait_host(
        &mut self,
        what: &str,
        pred: impl Fn(&HostView) -> bool,
    ) -> Result<HostView> {
        let view = self
            .wait_view(what, |v| host_view(v).is_some_and(&pred))
            .await?;
        host_view(&view)
            .cloned()
            .ok_or_else(|| anyhow!("not a host view"))
    }

    pub async fn wait_team(
        &mut self,
        what: &str,
        pred: impl Fn(&TeamView) -> bool,
    ) -> Result<TeamView> {
        let view = self
            .wait_view(what, |v| team_view(v).is_some_and(&pred))
            .await?;
        team_view(&view)
            .cloned()
            .ok_or_else(|| anyhow!("not a team view"))
    }

    pub async fn wait_jury(
        &mut self,
        what: &str,
        pred: impl Fn(&JuryView) -> bool,
    ) -> Result<JuryView> {
        let view = self
            .wait_view(what, |v| jury_view(v).is_some_and(&pred))
            .await?;
        jury_view(&view)
            .cloned()
            .ok_or_else(|| anyhow!("not a jury view"))
    }

    pub async fn wait_display(
        &mut self,
        what: &str,
        pred: impl Fn(&DisplayView) -> bool,
    ) -> Result<DisplayView> {
        let view = self
            .wait_view(what, |v| display_view(v).is_some_and(&pred))
            .await?;
        display_view(&view)
            .cloned()
            .ok_or_else(|| anyhow!("not a display view"))
    }

    /// Every payload received so far (recording terminals only), a view's
    /// patch as the payload of the whole view it stands for.
    pub fn frames(&self) -> Vec<Vec<u8>> {
        self.frames
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// How many bytes of frames (length prefixes included) have been
    /// received so far, as sent: views' patches count as patches.
    pub fn received_bytes(&self) -> usize {
        let (frames, bytes) = self.traffic();
        bytes + 4 * frames
    }

    /// How many payloads, and how many bytes in all, have been received so far.
    pub fn traffic(&self) -> (usize, usize) {
        (
            self.traffic.0.load(Ordering::Relaxed),
            self.traffic.1.load(Ordering::Relaxed),
        )
    }

    /// Stops (or resumes) decoding views: they are still read and counted
    /// but never decoded or kept. A benchmark's host and display use it, so
    /// decoding their large views does not take the CPU the server needs;
    /// a real host decodes on its own laptop.
    pub fn skip_views(&self, skip: bool) {
        self.skip_views.store(skip, Ordering::Relaxed);
    }

    /// Waits until the server closes this connection.
    pub async fn closed(&self) -> Result<Closed> {
        match &self.peer {
            Peer::Quic(conn) => closed(conn).await,
            Peer::Web { closes, .. } => crate::web_terminal::close_of(closes.clone()).await,
        }
    }

    /// Leaves as a terminal does when its laptop closes the app (a
    /// browser's socket stops being read; it ends when the terminal is
    /// dropped).
    pub fn close(&self) {
        match &self.peer {
            Peer::Quic(conn) => conn.close(quinn::VarInt::from_u32(close::NORMAL), b"bye"),
            Peer::Web { reader, .. } => reader.abort(),
        }
    }
}
