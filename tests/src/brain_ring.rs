//! Brain-ring helpers for the end-to-end tests (`tests/tests/brain_ring.rs`)
//! and the `press` and `order` benchmarks: a short test timing, opening a
//! fight over the wire as the host's dashboard does, finding a fight in the
//! views, pressing the button — and [`StampedTerminal`], a terminal for
//! benchmarks whose reader stamps every frame the moment it is whole and
//! hands it on undecoded, so decoding a big host view never delays the stamp
//! of another terminal's frame.

use std::collections::VecDeque;
use std::time::Instant;

use anyhow::{Context, Result, anyhow, bail};
use quinn::{Endpoint, SendStream};
use tokio::sync::mpsc;

use minuta_shared::identity::Identity;
use minuta_shared::ids::TeamId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::brain_ring::rules::FightFormat;
use minuta_shared::play::brain_ring::{
    ButtonPhase, EVENT_RING, EarlyPress, FightId, PressKind, RingBoard, RingCommand, RingFightView,
    RingTiming,
};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::PROTOCOL_VERSION;
use minuta_shared::wire::client::{ClientMsg, Command};
use minuta_shared::wire::codec;
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::handshake::HelloReply;
use minuta_shared::wire::server::{CommandError, Receipt, ServerMsg};
use minuta_shared::wire::view::{DisplayView, HostView, TeamView, View};
use minuta_shared::wire::view_stream::{Intake, ViewStream};

use crate::terminal::{Link, STEP, Terminal, read_payload};

/// A 2-s minute and a 1-s second chance; strict order (no tie window); a
/// false start loses the question (the default).
pub fn ring_timing() -> RingTiming {
    RingTiming {
        minute_ms: 2_000,
        second_chance_ms: 1_000,
        tie_window_us: 0,
        early_press: EarlyPress::LosesTheQuestion,
    }
}

/// Ten minutes for the minute and the extra time, strict order: a
/// benchmark's questions never run out of time between its steps.
pub fn untimed() -> RingTiming {
    RingTiming {
        minute_ms: 600_000,
        second_chance_ms: 600_000,
        tie_window_us: 0,
        early_press: EarlyPress::LosesTheQuestion,
    }
}

/// A friendly fight long enough for a benchmark's hundreds of questions.
pub fn long_format(questions: u32) -> FightFormat {
    FightFormat {
        questions,
        sudden_death: false,
    }
}

/// The press's verdict as the pressing terminal receives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verdict {
    pub kind: PressKind,
    pub arrived_at: ServerTime,
    pub since_arming_us: Option<i64>,
}

/// The verdict in a receipt, or an error naming what came instead.
pub fn verdict_of(result: &Result<Receipt, CommandError>) -> Result<Verdict> {
    match result {
        Ok(Receipt::Press {
            kind,
            arrived_at,
            since_arming_us,
        }) => Ok(Verdict {
            kind: *kind,
            arrived_at: *arrived_at,
            since_arming_us: *since_arming_us,
        }),
        other => bail!("a press was answered with {other:?}"),
    }
}

/// Presses the button once and waits for the server's verdict.
pub async fn press(team: &mut Terminal) -> Result<Verdict> {
    let result = team.command(Command::Press { clock_offset_us: 0 }).await?;
    verdict_of(&result)
}

/// A fight on a board (host or display view).
pub fn fight_in(board: &RingBoard, fight: FightId) -> Option<&RingFightView> {
    board.fights.iter().find(|f| f.id == fight)
}

/// The event's Brain-ring as a staff or hall view shows it (an empty
/// board while the view has none).
pub trait RingSight {
    fn ring(&self) -> &RingBoard;
}

static NO_BOARD: std::sync::LazyLock<RingBoard> = std::sync::LazyLock::new(RingBoard::default);

impl RingSight for HostView {
    fn ring(&self) -> &RingBoard {
        self.event_ring().map_or(&NO_BOARD, |(_, r)| &r.board)
    }
}

impl RingSight for DisplayView {
    fn ring(&self) -> &RingBoard {
        self.event_ring().map_or(&NO_BOARD, |(_, r)| r)
    }
}

/// The fight a team plays now, as its terminal shows it.
pub fn own_fight(view: &TeamView) -> Option<&RingFightView> {
    view.ring_fight().map(|(_, f)| f)
}

/// The button phase of a fight's current question.
pub fn phase(fight: &RingFightView) -> Option<&ButtonPhase> {
    fight.question.as_ref().map(|q| &q.phase)
}

/// The fight a view shows: a team's own fight, or `fight` on a board.
pub fn fight_of_view(view: &View, fight: FightId) -> Option<&RingFightView> {
    match view {
        View::Team(t) => own_fight(t).filter(|f| f.id == fight),
        View::Host(h) => fight_in(h.ring(), fight),
        View::Display(d) => fight_in(d.ring(), fight),
        // The appeal jury follows no Brain-ring fight.
        View::Jury(_) => None,
    }
}

/// Whether the view shows question `number` of `fight` being answered by `table`.
pub fn shows_answering(view: &View, fight: FightId, number: u32, table: usize) -> bool {
    fight_of_view(view, fight).is_some_and(|f| is_answering(f, number, table))
}

/// Whether question `number` of the fight is being answered by `table`.
pub fn is_answering(fight: &RingFightView, number: u32, table: usize) -> bool {
    fight.question.as_ref().is_some_and(|q| {
        q.number == number
            && matches!(q.phase, ButtonPhase::Answering { table: t, .. } if t == table)
    })
}

/// The host seeds `teams` by hand and opens round 1: returns the open fight
/// with both teams in it, as the host's view shows it.
pub async fn open_first_round(host: &mut Terminal, teams: [TeamId; 2]) -> Result<RingFightView> {
    host.ok(Command::game(
        EVENT_RING,
        RingCommand::Seed {
            teams: teams.to_vec(),
            seed: 0,
        },
    ))
    .await?;
    host.ok(Command::game(
        EVENT_RING,
        RingCommand::StartNext { stages: 1 },
    ))
    .await?;
    let view = host
        .wait_host("the round-1 fight", |v| {
            v.ring()
                .fights
                .iter()
                .any(|f| !f.closed && teams.iter().all(|t| f.tables.contains(t)))
        })
        .await?;
    view.ring()
        .fights
        .iter()
        .find(|f| !f.closed && teams.iter().all(|t| f.tables.contains(t)))
        .cloned()
        .ok_or_else(|| anyhow!("no open fight of {teams:?}"))
}

/// A friendly fight between `tables` (outside the tournament flow).
pub async fn open_friendly(
    host: &mut Terminal,
    tables: [TeamId; 2],
    format: FightFormat,
) -> Result<FightId> {
    host.ok(Command::game(
        EVENT_RING,
        RingCommand::Friendly { tables, format },
    ))
    .await?;
    let view = host
        .wait_host("the friendly fight", |v| {
            v.ring()
                .fights
                .iter()
                .any(|f| !f.closed && f.tables == tables)
        })
        .await?;
    view.ring()
        .fights
        .iter()
        .find(|f| !f.closed && f.tables == tables)
        .map(|f| f.id)
        .ok_or_else(|| anyhow!("no friendly fight"))
}

/// One frame from the server, stamped when its last byte was read.
pub struct Stamped {
    pub at: Instant,
    pub payload: Vec<u8>,
}

impl Stamped {
    pub fn decode(&self) -> Result<ServerMsg> {
        let env: Envelope<ServerMsg> =
            codec::decode(&self.payload).context("decoding a server frame")?;
        if env.version != PROTOCOL_VERSION {
            bail!("envelope version {} from the server", env.version);
        }
        Ok(env.body)
    }

    /// Whether this frame is a pong or an acknowledgement, read from its
    /// header alone: waiting for one must not decode every view before it
    /// (a host's view is tens of KB), or the bench's own decoding would
    /// sit between the last frame of a step and the next press.
    fn is_pong_or_ack(&self) -> bool {
        // `ServerMsg::Pong` and `ServerMsg::Ack` are its first two variants.
        const PONG: u32 = 0;
        const ACK: u32 = 1;
        matches!(codec::peek_variant(&self.payload), Some(PONG | ACK) | None)
    }
}

/// A greeted connection for benchmarks: its reader task stamps each frame
/// as soon as it is whole and queues it raw; the owner decodes later.
pub struct StampedTerminal {
    pub identity: Identity,
    conn: quinn::Connection,
    send: SendStream,
    seq: u64,
    next_request: u64,
    pings: u64,
    inbox: mpsc::UnboundedReceiver<Result<Stamped, String>>,
    /// Frames taken from the inbox but not consumed yet.
    held: VecDeque<Stamped>,
    endpoint: Endpoint,
}

impl StampedTerminal {
    /// Joins with `code` on `endpoint`.
    pub async fn connect_on(endpoint: &Endpoint, code: &JoinCode) -> Result<StampedTerminal> {
        let addr = *code
            .addrs
            .first()
            .ok_or_else(|| anyhow!("the join code has no address"))?;
        let mut link = Link::open(endpoint, addr, code.fingerprint).await?;
        let identity = match link.hello(code.credential.clone()).await? {
            HelloReply::Welcome(welcome) => welcome.identity,
            HelloReply::Refused(refusal) => {
                bail!("the server refused {:?}: {refusal}", code.credential)
            }
        };
        let Link {
            conn,
            send,
            mut recv,
            ..
        } = link;
        let (tx, inbox) = mpsc::unbounded_channel();
        tokio::spawn(async move {
            // Views' patches become whole views here, before any stamp is
            // read by a bench; one out of step (never on one QUIC stream)
            // ends the terminal.
            let mut views = ViewStream::new();
            loop {
                let item = read_payload(&mut recv).await.and_then(|payload| {
                    let at = Instant::now();
                    match views.receive(payload) {
                        Intake::Frame(payload) => Ok(Some(Stamped { at, payload })),
                        Intake::Skipped => Ok(None),
                        Intake::OutOfStep(why) => Err(format!("a view's patch out of step: {why}")),
                    }
                });
                let item = match item {
                    Ok(None) => continue,
                    Ok(Some(stamped)) => Ok(stamped),
                    Err(e) => Err(e),
                };
                let last = item.is_err();
                if tx.send(item).is_err() || last {
                    return;
                }
            }
        });
        Ok(StampedTerminal {
            identity,
            conn,
            send,
            seq: 1,
            next_request: 1,
            pings: 0,
            inbox,
            held: VecDeque::new(),
            endpoint: endpoint.clone(),
        })
    }

    /// Joins on an endpoint (one UDP socket) of its own.
    pub async fn connect(code: &JoinCode) -> Result<StampedTerminal> {
        let endpoint = crate::terminal::client_endpoint()?;
        Self::connect_on(&endpoint, code).await
    }

    /// Sends a command; returns its request id and the instant just before
    /// the frame was written.
    pub async fn send_command(&mut self, command: Command) -> Result<(u64, Instant)> {
        let request = self.next_request;
        self.next_request += 1;
        let frame = codec::encode_frame(&Envelope::new(
            self.seq,
            ClientMsg::Command { request, command },
        ))?;
        self.seq += 1;
        let at = Instant::now();
        self.send
            .write_all(&frame)
            .await
            .context("writing a command")?;
        Ok((request, at))
    }

    /// Sends a clock probe; returns its token for [`StampedTerminal::wait_pong`].
    pub async fn send_ping(&mut self) -> Result<u64> {
        self.pings += 1;
        let token = self.pings;
        let frame = codec::encode_frame(&Envelope::new(
            self.seq,
            ClientMsg::Ping {
                client_time_us: token,
            },
        ))?;
        self.seq += 1;
        self.send
            .write_all(&frame)
            .await
            .context("writing a ping")?;
        Ok(token)
    }

    /// Waits for the pong of `token`, dropping every frame before it. The
    /// server answers a ping through the same queue as its views, so once
    /// the pong is here, every view sent before the ping arrived has been
    /// read: a barrier that needs no sleeping.
    pub async fn wait_pong(&mut self, token: u64) -> Result<ServerTime> {
        loop {
            let frame = self.next_frame().await.context("waiting for a pong")?;
            if !frame.is_pong_or_ack() {
                continue;
            }
            if let ServerMsg::Pong {
                client_time_us,
                server_time,
            } = frame.decode()?
                && client_time_us == token
            {
                return Ok(server_time);
            }
        }
    }

    /// The next frame (held ones first), waiting at most until `deadline`.
    pub async fn next_frame_until(
        &mut self,
        deadline: tokio::time::Instant,
    ) -> Result<Option<Stamped>> {
        if let Some(f) = self.held.pop_front() {
            return Ok(Some(f));
        }
        match tokio::time::timeout_at(deadline, self.inbox.recv()).await {
            Err(_) => Ok(None),
            Ok(Some(Ok(f))) => Ok(Some(f)),
            Ok(Some(Err(e))) => bail!("{:?}: the connection ended: {e}", self.identity),
            Ok(None) => bail!("{:?}: the reader stopped", self.identity),
        }
    }

    /// The next frame, within [`STEP`].
    pub async fn next_frame(&mut self) -> Result<Stamped> {
        let deadline = tokio::time::Instant::now() + STEP;
        self.next_frame_until(deadline)
            .await?
            .ok_or_else(|| anyhow!("{:?}: no frame within {STEP:?}", self.identity))
    }

    /// Puts a frame back at the front (it will be the next one taken).
    pub fn hold(&mut self, frame: Stamped) {
        self.held.push_front(frame);
    }

    /// Drops every frame already received, without waiting; returns how many.
    pub fn discard_ready(&mut self) -> Result<usize> {
        let mut n = self.held.len();
        self.held.clear();
        while let Ok(item) = self.inbox.try_recv() {
            item.map_err(|e| anyhow!("{:?}: the connection ended: {e}", self.identity))?;
            n += 1;
        }
        Ok(n)
    }

    /// Waits for the acknowledgement of `request`: when it arrived and what
    /// it says. Views received meanwhile are dropped.
    pub async fn ack(&mut self, request: u64) -> Result<(Instant, Result<Receipt, CommandError>)> {
        loop {
            let frame = self.next_frame().await?;
            if !frame.is_pong_or_ack() {
                continue;
            }
            if let ServerMsg::Ack { request: r, result } = frame.decode()?
                && r == request
            {
                return Ok((frame.at, result));
            }
        }
    }

    /// Sends a command and waits for its acknowledgement; a refusal is an error.
    pub async fn ok(&mut self, command: Command) -> Result<Receipt> {
        let name: String = format!("{command:?}").chars().take(80).collect();
        let (request, _) = self.send_command(command).await?;
        self.ack(request)
            .await?
            .1
            .map_err(|e| anyhow!("{name} was refused: {e}"))
    }

    /// The first view (in arrival order) that satisfies `pred`, with its
    /// arrival stamp. Earlier frames are dropped.
    pub async fn first_view(
        &mut self,
        what: &str,
        pred: impl Fn(&View) -> bool,
    ) -> Result<(Instant, View)> {
        loop {
            let frame = self
                .next_frame()
                .await
                .with_context(|| format!("waiting for {what}"))?;
            if let ServerMsg::View(view) = frame.decode()?
                && pred(&view)
            {
                return Ok((frame.at, *view));
            }
        }
    }

    /// This terminal's UDP address (to find its packets in a capture).
    pub fn local_addr(&self) -> Result<std::net::SocketAddr> {
        Ok(self.endpoint.local_addr()?)
    }

    /// Leaves as a terminal does when its laptop closes the app.
    pub fn close(&self) {
        self.conn.close(
            quinn::VarInt::from_u32(minuta_shared::wire::close::NORMAL),
            b"bye",
        );
    }
}
