//! One task per connection: the handshake that binds an identity, then a
//! reader that frames, size-limits, decodes and role-checks every message,
//! and a writer that sends the driver's messages in order. Any violation
//! closes this connection alone, with a close code and a reason; the server
//! and every other terminal carry on.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot};
use tracing::{debug, info};

use minuta_shared::wire::client::{ClientMsg, Command};
use minuta_shared::wire::codec::{self, CodecError, MAX_FRAME_BYTES, MAX_TERMINAL_FRAME_BYTES};
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::handshake::{Hello, HelloReply, Identity, Refusal, Role, Welcome};
use minuta_shared::wire::permission::permitted;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::{PROTOCOL_VERSION, close};

use super::press_desk::{self, AtDesk, Press, SharedCore};
use super::{Inbound, Outbound, Outbox};
use crate::clock::ServerClock;

/// A terminal that connects but says nothing is dropped after this.
const HELLO_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a connection ends, as a close code and a reason for the peer.
struct Violation {
    code: u32,
    reason: String,
}

impl Violation {
    fn new(code: u32, reason: impl Into<String>) -> Self {
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

/// Reads one frame: the length is checked against `limit` before any
/// buffer is allocated. `Ok(None)` when the peer finished its stream.
async fn read_frame(
    recv: &mut quinn::RecvStream,
    limit: usize,
) -> Result<Option<Vec<u8>>, Violation> {
    let mut prefix = [0u8; 4];
    match recv.read_exact(&mut prefix).await {
        Ok(()) => {}
        Err(quinn::ReadExactError::FinishedEarly(0)) => return Ok(None),
        Err(quinn::ReadExactError::FinishedEarly(_)) => {
            return Err(Violation::new(
                close::MALFORMED,
                "the stream ended inside a frame's length",
            ));
        }
        Err(quinn::ReadExactError::ReadError(e)) => {
            return Err(Violation::new(close::NORMAL, e.to_string()));
        }
    }
    let len = codec::check_frame_len(prefix, limit)?;
    let mut payload = vec![0u8; len];
    recv.read_exact(&mut payload).await.map_err(|e| match e {
        quinn::ReadExactError::FinishedEarly(_) => {
            Violation::new(close::MALFORMED, "the stream ended inside a frame")
        }
        quinn::ReadExactError::ReadError(e) => Violation::new(close::NORMAL, e.to_string()),
    })?;
    Ok(Some(payload))
}

async fn write_msg<T: serde::Serialize>(
    send: &mut quinn::SendStream,
    seq: u64,
    body: &T,
) -> Result<(), Violation> {
    let frame = codec::encode_frame(&Envelope {
        version: PROTOCOL_VERSION,
        seq,
        body,
    })?;
    send.write_all(&frame)
        .await
        .map_err(|e| Violation::new(close::NORMAL, e.to_string()))
}

/// Serves one incoming connection until it ends.
pub async fn serve(
    incoming: quinn::Incoming,
    driver: mpsc::Sender<Inbound>,
    core: SharedCore,
    clock: ServerClock,
) {
    let remote = incoming.remote_address();
    let conn = match incoming.await {
        Ok(conn) => conn,
        Err(e) => {
            debug!(%remote, "handshake failed: {e}");
            return;
        }
    };
    if let Err(v) = run(&conn, driver, core, clock).await {
        if v.code != close::NORMAL {
            info!(%remote, code = v.code, "closing connection: {}", v.reason);
        }
        conn.close(quinn::VarInt::from_u32(v.code), v.reason.as_bytes());
    }
}

async fn run(
    conn: &quinn::Connection,
    driver: mpsc::Sender<Inbound>,
    core: SharedCore,
    clock: ServerClock,
) -> Result<(), Violation> {
    let (mut send, mut recv) = tokio::time::timeout(HELLO_TIMEOUT, conn.accept_bi())
        .await
        .map_err(|_| Violation::new(close::REFUSED, "no greeting within 10 s"))?
        .map_err(|e| Violation::new(close::NORMAL, e.to_string()))?;

    // ---- handshake
    let payload = tokio::time::timeout(
        HELLO_TIMEOUT,
        read_frame(&mut recv, MAX_TERMINAL_FRAME_BYTES),
    )
    .await
    .map_err(|_| Violation::new(close::REFUSED, "no greeting within 10 s"))??
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
    let outbox = Outbox::new();
    let joined = match hello {
        Ok(hello) => {
            let (reply, answer) = oneshot::channel();
            let join = Inbound::Join {
                credential: hello.credential,
                outbound: outbox.clone(),
                robot: false,
                link: Some(conn.clone()),
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
            let _ = write_msg(&mut send, 0, &HelloReply::Refused(refusal.clone())).await;
            let _ = send.finish();
            let _ = tokio::time::timeout(Duration::from_millis(500), conn.closed()).await;
            return Err(Violation::new(close::REFUSED, refusal.to_string()));
        }
    };
    let welcome = HelloReply::Welcome(Welcome {
        protocol: PROTOCOL_VERSION,
        identity,
        server_now: clock.now(),
    });
    let result = async {
        write_msg(&mut send, 0, &welcome).await?;
        // ---- the writer: everything for this terminal, in order
        let writer = async {
            let mut seq = 1u64;
            loop {
                match outbox.next().await {
                    Outbound::Msg(msg) => {
                        write_msg(&mut send, seq, &*msg).await?;
                        seq += 1;
                    }
                    Outbound::Close { code, reason } => return Err(Violation::new(code, reason)),
                }
            }
        };
        let reader = read_loop(
            conn, &mut recv, identity, conn_id, &driver, &core, &outbox, clock,
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
async fn read_loop(
    link: &quinn::Connection,
    recv: &mut quinn::RecvStream,
    identity: Identity,
    conn: u64,
    driver: &mpsc::Sender<Inbound>,
    core: &SharedCore,
    outbound: &Outbox,
    clock: ServerClock,
) -> Result<(), Violation> {
    let too_slow = || Violation::new(close::NORMAL, "terminal too slow to read its messages");
    let gone = || Violation::new(close::NORMAL, "server shutting down");
    let limit = frame_limit(identity.role());
    loop {
        let Some(payload) = read_frame(recv, limit).await? else {
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
        match env.body {
            ClientMsg::Ping { client_time_us } => {
                let pong = ServerMsg::Pong {
                    client_time_us,
                    server_time: clock.now(),
                };
                outbound
                    .push(Outbound::Msg(Arc::new(pong)))
                    .map_err(|_| too_slow())?;
            }
            ClientMsg::Command { request, command } => {
                if !permitted(identity.role(), &command) {
                    return Err(Violation::new(
                        close::FORBIDDEN,
                        format!(
                            "{:?} may not send {}",
                            identity.role(),
                            command_name(&command)
                        ),
                    ));
                }
                let rtt_us = link.rtt().as_micros() as u64;
                if let (Command::Press { clock_offset_us }, Identity::Team(team)) =
                    (&command, identity)
                {
                    let press = Press {
                        conn,
                        team,
                        request,
                        received_at,
                        rtt_us,
                        clock_offset_us: *clock_offset_us,
                    };
                    let at_desk = press_desk::press(core, driver, press)
                        .await
                        .map_err(|_| gone())?;
                    if let AtDesk::Decided(verdict) = at_desk {
                        outbound
                            .push(Outbound::Msg(Arc::new(verdict)))
                            .map_err(|_| too_slow())?;
                    }
                    continue;
                }
                let inbound = Inbound::Command {
                    conn,
                    request,
                    command,
                    received_at,
                    rtt_us,
                };
                driver.send(inbound).await.map_err(|_| gone())?;
            }
        }
    }
}

/// The command's name without its contents (which may be a team's answer):
/// `RingArm`, or for a game's `Chgk::SubmitCard in game 0`.
fn command_name(command: &minuta_shared::wire::client::Command) -> String {
    /// The first word of a value's debug form: its variant's name.
    fn head(debug: &str) -> &str {
        debug.split([' ', '{', '(', ')']).next().unwrap_or_default()
    }
    match command {
        minuta_shared::wire::client::Command::Game { game, command } => {
            let debug = format!("{command:?}");
            let (format, inner) = debug.split_once('(').unwrap_or((&debug, ""));
            format!("{format}::{} in game {game}", head(inner))
        }
        other => head(&format!("{other:?}")).to_owned(),
    }
}
