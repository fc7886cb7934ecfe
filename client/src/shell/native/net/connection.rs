//! One terminal's connection, kept alive forever: try each address of the
//! join code in turn, greet, then exchange frames and ping to measure the
//! clock offset (every 0.5 s while a button game is live, else every
//! second: [`super::heartbeat`]). A server gone quiet shows as lost within 2 s
//! ([`crate::net::watchdog`]), before QUIC gives up on it. A lost link is retried with jittered backoff while the
//! UI shows «переподключение…» and keeps the last view; a refusal, a wrong
//! certificate or a violation close stops for good, with the reason.

use std::collections::{BTreeSet, VecDeque};
use std::net::{Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use minuta_shared::ids::GameId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::packages::media::{PackageFile, pictures_named};
use minuta_shared::play::games::Format;
use minuta_shared::time::ClockSample;
use minuta_shared::wire::PROTOCOL_VERSION;
use minuta_shared::wire::client::{ClientMsg, Command};
use minuta_shared::wire::close;
use minuta_shared::wire::codec::MAX_FRAME_BYTES;
use minuta_shared::wire::handshake::{Hello, HelloReply};
use minuta_shared::wire::view_stream::ViewStream;
use tokio::sync::{mpsc, watch};

use super::heartbeat::Heartbeat;
use super::local_now_us;
use super::quic::{self, QuicError, pinned_client_config, read_frame, read_message};
use crate::net::EventSink;
use crate::net::frames::{FrameWriter, Incoming};
use crate::net::link::{FINAL_CLOSE_CODES, buttons_live, client_name, event_of, lose};
// Where tests and benches have always found them.
pub use crate::net::link::{backoff, jitter};
use crate::net::sending::{Outgoing, Sending};
use crate::net::tls::SERVER_NAME;
use crate::net::watchdog::{self, Watchdog};
use crate::os_error::FileError;
use crate::state::{LinkError, NetCommand, NetEvent, Stopped};

/// How long one address may take to answer before the next is tried.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(4);
/// How long the server may take to answer the greeting.
const HELLO_TIMEOUT: Duration = Duration::from_secs(5);
/// How one session ended.
enum SessionEnd {
    Left,
    Stop(Stopped),
    Lost {
        error: LinkError,
        was_connected: bool,
    },
}

/// Runs until the UI leaves or the server says stop.
pub async fn run(
    code: JoinCode,
    mut commands: mpsc::UnboundedReceiver<NetCommand>,
    events: EventSink,
    busy_poll: bool,
) {
    let mut queued = VecDeque::new();
    let mut attempt = 0u32;
    events.send(NetEvent::Connecting);
    loop {
        match session(&code, &mut commands, &mut queued, &events, busy_poll).await {
            SessionEnd::Left => {
                events.send(NetEvent::Stopped(Stopped::Left));
                return;
            }
            SessionEnd::Stop(why) => {
                for command in queued.drain(..) {
                    lose(&events, &command);
                }
                events.send(NetEvent::Stopped(why));
                return;
            }
            SessionEnd::Lost {
                error,
                was_connected,
            } => {
                attempt = if was_connected {
                    1
                } else {
                    attempt.saturating_add(1)
                };
                events.send(NetEvent::Reconnecting { attempt, error });
                let pause = tokio::time::sleep(backoff(attempt, jitter()));
                tokio::pin!(pause);
                loop {
                    tokio::select! {
                        _ = &mut pause => break,
                        command = commands.recv() => match command {
                            None | Some(NetCommand::Leave) => {
                                events.send(NetEvent::Stopped(Stopped::Left));
                                return;
                            }
                            Some(other) => queued.push_back(other),
                        },
                    }
                }
            }
        }
    }
}

enum ConnectFailure {
    CertificateMismatch,
    Failed(LinkError),
}

struct Link {
    /// Kept so the socket lives as long as the connection.
    _endpoint: quinn::Endpoint,
    connection: quinn::Connection,
}

async fn session(
    code: &JoinCode,
    commands: &mut mpsc::UnboundedReceiver<NetCommand>,
    queued: &mut VecDeque<NetCommand>,
    events: &EventSink,
    busy_poll: bool,
) -> SessionEnd {
    let connect = connect_any(code);
    tokio::pin!(connect);
    let link = loop {
        tokio::select! {
            result = &mut connect => break result,
            command = commands.recv() => match command {
                None | Some(NetCommand::Leave) => return SessionEnd::Left,
                Some(other) => queued.push_back(other),
            },
        }
    };
    let link = match link {
        Ok(link) => link,
        Err(ConnectFailure::CertificateMismatch) => {
            return SessionEnd::Stop(Stopped::CertificateMismatch);
        }
        Err(ConnectFailure::Failed(error)) => {
            return SessionEnd::Lost {
                error,
                was_connected: false,
            };
        }
    };
    let end = converse(&link, code, commands, queued, events, busy_poll).await;
    link.connection
        .close(quinn::VarInt::from_u32(close::NORMAL), b"bye");
    end
}

/// Tries every address of the code in turn.
async fn connect_any(code: &JoinCode) -> Result<Link, ConnectFailure> {
    let (config, mismatch) = pinned_client_config(code.fingerprint)
        .map_err(|e| ConnectFailure::Failed(LinkError::Broken(e.to_string())))?;
    let mut last_error = LinkError::NoAddress;
    for addr in &code.addrs {
        match connect_one(*addr, config.clone(), &mismatch).await {
            Ok(link) => return Ok(link),
            Err(ConnectFailure::CertificateMismatch) => {
                return Err(ConnectFailure::CertificateMismatch);
            }
            Err(ConnectFailure::Failed(error)) => last_error = error,
        }
    }
    Err(ConnectFailure::Failed(last_error))
}

async fn connect_one(
    addr: SocketAddr,
    config: quinn::ClientConfig,
    mismatch: &Arc<AtomicBool>,
) -> Result<Link, ConnectFailure> {
    let bind: SocketAddr = if addr.is_ipv6() {
        (Ipv6Addr::UNSPECIFIED, 0).into()
    } else {
        (Ipv4Addr::UNSPECIFIED, 0).into()
    };
    let endpoint = quinn::Endpoint::client(bind).map_err(|e| {
        ConnectFailure::Failed(LinkError::Socket {
            addr,
            error: e.into(),
        })
    })?;
    let connecting = endpoint
        .connect_with(config, addr, SERVER_NAME)
        .map_err(|e| ConnectFailure::Failed(LinkError::Broken(format!("{addr}: {e}"))))?;
    match tokio::time::timeout(CONNECT_TIMEOUT, connecting).await {
        Ok(Ok(connection)) => Ok(Link {
            _endpoint: endpoint,
            connection,
        }),
        Ok(Err(error)) => {
            if mismatch.load(Ordering::SeqCst) {
                Err(ConnectFailure::CertificateMismatch)
            } else if matches!(error, quinn::ConnectionError::TimedOut) {
                Err(ConnectFailure::Failed(LinkError::NoAnswer { addr }))
            } else {
                Err(ConnectFailure::Failed(LinkError::Broken(format!(
                    "{addr}: {error}"
                ))))
            }
        }
        Err(_) => Err(ConnectFailure::Failed(LinkError::NoAnswer { addr })),
    }
}

/// Greets the server, then relays frames both ways until the link ends.
async fn converse(
    link: &Link,
    code: &JoinCode,
    commands: &mut mpsc::UnboundedReceiver<NetCommand>,
    queued: &mut VecDeque<NetCommand>,
    events: &EventSink,
    busy_poll: bool,
) -> SessionEnd {
    let connection = &link.connection;
    let (mut send, mut recv) = match connection.open_bi().await {
        Ok(streams) => streams,
        Err(error) => return lost(connection, broken(error), false),
    };
    let mut writer = FrameWriter::default();
    let hello = Hello {
        protocol: PROTOCOL_VERSION,
        credential: code.credential.clone(),
        client: client_name(),
    };
    let t0 = local_now_us();
    if let Err(error) = quic::write(&mut writer, &mut send, hello).await {
        return lost(connection, broken(error), false);
    }
    let reply = match tokio::time::timeout(HELLO_TIMEOUT, read_frame::<HelloReply>(&mut recv)).await
    {
        Ok(Ok(reply)) => reply,
        Ok(Err(error)) => return lost(connection, broken(error), false),
        Err(_) => return lost(connection, LinkError::NoGreeting, false),
    };
    let welcome = match reply {
        HelloReply::Welcome(welcome) => welcome,
        HelloReply::Refused(refusal) => return SessionEnd::Stop(Stopped::Refused(refusal)),
    };
    let first_sample = ClockSample::from_exchange(t0, welcome.server_now, local_now_us());
    events.send(NetEvent::Connected {
        identity: welcome.identity,
        first_sample,
    });

    // A separate reader keeps frame reads whole: a read cut off half-way by
    // `select!` would desynchronise the stream.
    let (frames_tx, mut frames) = mpsc::channel::<Result<Incoming, QuicError>>(64);
    let reader = tokio::spawn(async move {
        let mut views = ViewStream::new();
        loop {
            let frame = read_message(&mut recv, &mut views).await;
            let failed = frame.is_err();
            if frames_tx.send(frame).await.is_err() || failed {
                return;
            }
        }
    });

    // A team's network thread stays awake while its fight has a question
    // in play, so a press leaves the laptop the moment it is made.
    let (live, live_rx) = watch::channel(false);
    // The polling is the server's (`minuta_server::busy_poll`): a terminal
    // built without it lets its thread sleep.
    #[cfg(feature = "embedded-server")]
    if busy_poll && matches!(welcome.identity, minuta_shared::identity::Identity::Team(_)) {
        tokio::spawn(minuta_server::busy_poll::keep_polling(live_rx));
    }
    #[cfg(not(feature = "embedded-server"))]
    let _ = (busy_poll, live_rx);

    let mut in_flight = BTreeSet::new();
    let mut sending = Sending::default();
    let mut outcome = None;
    while let Some(command) = queued.pop_front() {
        let performed = perform(
            command,
            &mut writer,
            &mut send,
            &mut in_flight,
            &mut sending,
            events,
        );
        if let Err(error) = performed.await {
            outcome = Some(broken(error));
            break;
        }
    }
    let mut beat = Heartbeat::new(std::time::Instant::now());
    let mut watch = tokio::time::interval(watchdog::CHECK_EVERY);
    watch.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut dog = Watchdog::new(
        quic::frames_heard(&connection.stats()),
        std::time::Instant::now(),
    );
    let end = loop {
        if let Some(error) = outcome.take() {
            break lost(connection, error, true);
        }
        tokio::select! {
            frame = frames.recv() => match frame {
                // Views out of step (a patch that does not fit): a whole one.
                Some(Ok(Incoming::OutOfStep(why))) => {
                    tracing::warn!("asking for a whole view: {why}");
                    if let Err(error) = quic::write(&mut writer, &mut send, ClientMsg::WholeView).await {
                        outcome = Some(broken(error));
                    }
                }
                Some(Ok(Incoming::Msg(msg))) => {
                    if let Some(now) = buttons_live(&msg) {
                        live.send_if_modified(|was| std::mem::replace(was, now) != now);
                        beat.set_live(now);
                    }
                    deliver(msg, &mut in_flight, events)
                }
                Some(Err(error)) => break lost(connection, broken(error), true),
                None => break lost(connection, LinkError::StreamClosed, true),
            },
            command = commands.recv() => match command {
                None | Some(NetCommand::Leave) => break SessionEnd::Left,
                Some(command) => {
                    let performed = perform(
                        command,
                        &mut writer,
                        &mut send,
                        &mut in_flight,
                        &mut sending,
                        events,
                    );
                    if let Err(error) = performed.await {
                        outcome = Some(broken(error));
                    }
                }
            },
            // The next piece of a large command, when one is on its way.
            () = std::future::ready(()), if !sending.is_empty() => {
                if let Some((piece, event)) = sending.next_piece() {
                    match quic::write(&mut writer, &mut send, piece).await {
                        Ok(()) => events.send(event),
                        Err(error) => outcome = Some(broken(error)),
                    }
                }
            }
            _ = watch.tick() => {
                let frames = quic::frames_heard(&connection.stats());
                if let Some(event) = dog.check(frames, std::time::Instant::now()) {
                    events.send(event);
                }
            }
            _ = tokio::time::sleep_until(tokio::time::Instant::from_std(beat.due())) => {
                beat.sent(std::time::Instant::now());
                let ping = ClientMsg::Ping { client_time_us: local_now_us() };
                if let Err(error) = quic::write(&mut writer, &mut send, ping).await {
                    outcome = Some(broken(error));
                }
            }
        }
    };
    reader.abort();
    for request in in_flight {
        events.send(NetEvent::Lost { request });
    }
    end
}

/// Sends one command (reading a package file first if asked).
async fn perform(
    command: NetCommand,
    writer: &mut FrameWriter,
    send: &mut quinn::SendStream,
    in_flight: &mut BTreeSet<u64>,
    sending: &mut Sending,
    events: &EventSink,
) -> Result<(), QuicError> {
    // The message, and its request; a command's waits for its Ack.
    let (request, msg) = match command {
        NetCommand::Command { request, command } => {
            in_flight.insert(request);
            let command = *command;
            (request, ClientMsg::Command { request, command })
        }
        NetCommand::LoadPackageFile {
            request,
            game,
            format,
            path,
        } => match read_package(game, format, &path).await {
            Ok(command) => {
                in_flight.insert(request);
                (request, ClientMsg::Command { request, command })
            }
            Err(error) => {
                events.send(NetEvent::FileFailed { request, error });
                return Ok(());
            }
        },
        NetCommand::Fetch { request, file } => {
            return quic::write(writer, send, ClientMsg::Fetch { request, file }).await;
        }
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
            (request, msg)
        }
        NetCommand::CancelSending { request } => {
            let (was, dropped) = sending.cancel(request);
            if was {
                in_flight.remove(&request);
                events.send(NetEvent::SendingStopped { request });
            }
            return match dropped {
                Some(msg) => quic::write(writer, send, msg).await,
                None => Ok(()),
            };
        }
        NetCommand::Leave => return Ok(()),
    };
    // A package goes in pieces, between which the rest goes on.
    match sending.queue_if_large(request, msg) {
        Outgoing::Queued(event) => {
            events.send(event);
            Ok(())
        }
        Outgoing::Now(msg) => quic::write(writer, send, msg).await,
    }
}

/// Reads a package file for a game's package command (ChGK's
/// `LoadPackage`, Brain-ring's), refusing one too large to send before
/// reading it.
pub async fn read_package(game: GameId, format: Format, path: &Path) -> Result<Command, FileError> {
    let meta = tokio::fs::metadata(path)
        .await
        .map_err(|e| FileError::io(path, &e))?;
    if meta.is_dir() {
        // Reading a folder fails with an OS error no kinder than this.
        return Err(FileError::io(
            path,
            &std::io::Error::from(std::io::ErrorKind::IsADirectory),
        ));
    }
    // Leave room for the envelope around the bytes.
    let limit = (MAX_FRAME_BYTES - 64 * 1024) as u64;
    if meta.len() > limit {
        return Err(FileError::TooLarge {
            path: path.to_path_buf(),
            size: meta.len(),
            limit,
        });
    }
    let bytes = tokio::fs::read(path)
        .await
        .map_err(|e| FileError::io(path, &e))?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string());
    let pictures = package_pictures(path, &bytes, limit.saturating_sub(meta.len())).await;
    let command = format
        .load_package(file_name, bytes, pictures)
        .ok_or_else(|| FileError::NoPackages {
            path: path.to_path_buf(),
        })?;
    Ok(Command::Game { game, command })
}

/// The pictures a `.4s` text names as «(pic: NAME)», read from the
/// package's folder while they fit in `room` bytes of the frame. A picture
/// that is not there, or does not fit, is simply not sent: the package's
/// notes then tell the host which one the projector will not show.
async fn package_pictures(path: &Path, bytes: &[u8], mut room: u64) -> Vec<PackageFile> {
    // A .siq carries its own pictures.
    if bytes.starts_with(b"PK") {
        return Vec::new();
    }
    let Some(folder) = path.parent() else {
        return Vec::new();
    };
    let mut pictures = Vec::new();
    for name in pictures_named(&String::from_utf8_lossy(bytes)) {
        let picture = folder.join(&name);
        let Ok(meta) = tokio::fs::metadata(&picture).await else {
            continue;
        };
        if !meta.is_file() || meta.len() > room {
            continue;
        }
        if let Ok(bytes) = tokio::fs::read(&picture).await {
            room = room.saturating_sub(bytes.len() as u64 + 64);
            pictures.push(PackageFile { name, bytes });
        }
    }
    pictures
}

/// Classifies a lost link by the server's close code, if it sent one.
fn lost(connection: &quinn::Connection, error: LinkError, was_connected: bool) -> SessionEnd {
    if let Some(quinn::ConnectionError::ApplicationClosed(closed)) = connection.close_reason() {
        let code = u32::try_from(closed.error_code.into_inner()).unwrap_or(u32::MAX);
        let reason = String::from_utf8_lossy(&closed.reason).into_owned();
        if FINAL_CLOSE_CODES.contains(&code) {
            return SessionEnd::Stop(Stopped::Closed { code, reason });
        }
        return SessionEnd::Lost {
            error: LinkError::Closed { code, reason },
            was_connected,
        };
    }
    let error = match connection.close_reason() {
        Some(quinn::ConnectionError::TimedOut) => LinkError::TimedOut,
        Some(reason) => broken(reason),
        None => error,
    };
    SessionEnd::Lost {
        error,
        was_connected,
    }
}

/// Delivers a server's message to the UI, as [`event_of`] makes it at
/// this machine's time.
fn deliver(
    msg: minuta_shared::wire::server::ServerMsg,
    in_flight: &mut BTreeSet<u64>,
    events: &EventSink,
) {
    if let Some(event) = event_of(msg, in_flight, local_now_us()) {
        events.send(event);
    }
}

/// Anything else that broke the link, in its own words.
fn broken(error: impl std::fmt::Display) -> LinkError {
    LinkError::Broken(error.to_string())
}
