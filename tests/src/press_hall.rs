//! The press bench's hall (`tests/benches/press.rs`): the watching teams,
//! which in a hall are other laptops idle while another fight is played
//! (on a thread of their own here), and what one press costs the server's
//! core without any network.

use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};

use minuta_shared::join_code::JoinCode;
use minuta_shared::play::brain_ring::{EVENT_RING, FightId, RingCommand};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view::View;

use crate::brain_ring::{StampedTerminal, long_format};
use crate::hall::{PACKAGE, team_name};
use crate::stats::sorted;
use crate::terminal::client_endpoint;

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// The watching teams' terminals: each on a task of its own that behaves
/// as a real team terminal does while another fight is played: it pings
/// the server once a second (the app's idle pace, `heartbeat::IDLE`, each at
/// its own phase) and reads whatever comes. Every frame that is not a pong
/// is recorded, so a press can tell whether it reached the watchers.
///
/// They are not part of [`settle`]: a barrier ping to every watcher before
/// each press would make the whole hall answer at once right before it (and
/// each terminal acknowledge the pong 25 ms later, QUIC's ACK delay), which
/// no hall does while it watches another fight.
pub struct Watchers {
    /// (watcher index, arrival, payload size) of every frame but pongs.
    seen: std::sync::Arc<std::sync::Mutex<Vec<(usize, Instant, usize)>>>,
    stop: tokio::sync::oneshot::Sender<()>,
    thread: std::thread::JoinHandle<Result<()>>,
    pub count: usize,
}

impl Watchers {
    /// Connects the watching teams on a thread of their own, with its own
    /// single-threaded runtime that never polls busily: in a hall they are
    /// other laptops, idle while another fight is played, and their
    /// pinging must not run on (or keep awake) the thread that stamps the
    /// fight's frames. Returns once all of them are connected.
    pub async fn start(codes: Vec<JoinCode>) -> Result<Watchers> {
        type Seen = std::sync::Arc<std::sync::Mutex<Vec<(usize, Instant, usize)>>>;
        let seen: Seen = std::sync::Arc::default();
        let count = codes.len();
        let (ready_tx, ready_rx) = tokio::sync::oneshot::channel::<()>();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let log = std::sync::Arc::clone(&seen);
        let thread = std::thread::spawn(move || -> Result<()> {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?
                .block_on(async move {
                    let mut terminals = Vec::with_capacity(codes.len());
                    for code in &codes {
                        terminals
                            .push(StampedTerminal::connect_on(&client_endpoint()?, code).await?);
                    }
                    let _ = ready_tx.send(());
                    let mut tasks: tokio::task::JoinSet<Result<()>> = tokio::task::JoinSet::new();
                    for (i, mut t) in terminals.into_iter().enumerate() {
                        let seen = std::sync::Arc::clone(&log);
                        let phase =
                            Duration::from_micros((i as u64 * 1_000_000) / count.max(1) as u64);
                        tasks.spawn(async move {
                            let mut next_ping = tokio::time::Instant::now() + phase;
                            loop {
                                match t.next_frame_until(next_ping).await? {
                                    Some(frame) => {
                                        if !matches!(frame.decode()?, ServerMsg::Pong { .. }) {
                                            let mut seen =
                                                seen.lock().map_err(|_| anyhow!("poisoned"))?;
                                            seen.push((i, frame.at, frame.payload.len()));
                                        }
                                    }
                                    None => {
                                        t.send_ping().await?;
                                        next_ping += Duration::from_secs(1);
                                    }
                                }
                            }
                        });
                    }
                    tokio::select! {
                        _ = stop_rx => Ok(()),
                        Some(ended) = tasks.join_next() => match ended {
                            Ok(Err(e)) => Err(e.context("a watching terminal")),
                            Ok(Ok(())) => Ok(()),
                            Err(e) => bail!("a watching terminal: {e}"),
                        },
                    }
                })
        });
        if ready_rx.await.is_err() {
            return match thread.join() {
                Ok(Err(e)) => Err(e.context("the watching teams joining")),
                _ => bail!("the watching teams' thread ended before they joined"),
            };
        }
        Ok(Watchers {
            seen,
            stop: stop_tx,
            thread,
            count,
        })
    }

    /// For each watcher, the first frame (not a pong) it read in `from..to`.
    pub fn first_between(&self, from: Instant, to: Instant) -> Vec<Instant> {
        let seen = self.seen.lock().map(|s| s.clone()).unwrap_or_default();
        let mut first: std::collections::BTreeMap<usize, Instant> = Default::default();
        for (i, at, _) in seen {
            if at >= from && at < to {
                let e = first.entry(i).or_insert(at);
                *e = (*e).min(at);
            }
        }
        first.into_values().collect()
    }

    /// The size of the last frame (not a pong) a watcher read, or 0.
    pub fn last_size(&self) -> usize {
        self.seen
            .lock()
            .ok()
            .and_then(|s| s.last().map(|(_, _, n)| *n))
            .unwrap_or(0)
    }

    /// Stops them; an error in any watcher (a closed connection) is reported.
    pub fn stop(self) -> Result<()> {
        let _ = self.stop.send(());
        self.thread
            .join()
            .map_err(|_| anyhow!("the watching teams' thread panicked"))?
    }
}

/// [`core_cost`]'s figures: sorted µs per press, and the host view's size.
pub struct CoreCost {
    pub decide: Vec<f64>,
    pub views_all: Vec<f64>,
    pub views_fight: Vec<f64>,
    pub host_bytes: usize,
}

/// What one press costs the server's core, without the network: the
/// decision, then every terminal's view built and encoded as `flush_views`
/// and the connection writers do (the host's, the display's, each team's).
pub fn core_cost(n: usize, presses: usize) -> Result<CoreCost> {
    use minuta_server::core::{Core, ServerInfo};
    use minuta_shared::identity::Identity;
    use minuta_shared::time::ServerTime;
    use minuta_shared::wire::codec;
    use minuta_shared::wire::envelope::Envelope;

    let mut core = Core::new(ServerInfo::default());
    let mut now = ServerTime(1_800_000_000_000_000);
    let mut secrets = 0u32;
    let mut fresh = || {
        secrets += 1;
        format!("secret-{secrets}")
    };
    core.initialise("host".into(), "display".into(), "jury".into(), now);
    let mut host = |core: &mut Core, command: Command, now: ServerTime| {
        core.handle_command(Identity::Host, command, now, &mut fresh)
            .map(|(receipt, _)| receipt)
            .map_err(|e| anyhow!("{e}"))
    };
    let mut teams = Vec::with_capacity(n);
    for i in 1..=n {
        let command = Command::RegisterTeam {
            rating_id: None,
            name: team_name(i),
            town: "Бенчград".into(),
            players: crate::hall::players(i),
        };
        match host(&mut core, command, now)? {
            minuta_shared::wire::server::Receipt::TeamRegistered { team } => teams.push(team),
            other => bail!("registering: {other:?}"),
        }
    }
    let bytes = std::fs::read(crate::hall::pack(PACKAGE))?;
    host(
        &mut core,
        Command::game(
            EVENT_CHGK,
            ChgkCommand::LoadPackage {
                file_name: PACKAGE.into(),
                bytes,
                pictures: Vec::new(),
            },
        ),
        now,
    )?;
    let fight = FightId(1);
    host(
        &mut core,
        Command::game(
            EVENT_RING,
            RingCommand::Friendly {
                tables: [teams[0], teams[1]],
                format: long_format(presses as u32 + 5),
            },
        ),
        now,
    )?;
    let (mut decide, mut all, mut fight_only, mut host_bytes) =
        (Vec::new(), Vec::new(), Vec::new(), 0);
    let encode = |view: View| -> Result<usize> {
        Ok(codec::encode_frame(&Envelope::new(7, ServerMsg::View(Box::new(view))))?.len())
    };
    for i in 0..presses {
        now = ServerTime(now.0 + 1_000_000);
        host(
            &mut core,
            Command::game(EVENT_RING, RingCommand::Read { fight }),
            now,
        )?;
        host(
            &mut core,
            Command::game(EVENT_RING, RingCommand::Arm { fight }),
            now,
        )?;
        core.take_dirty();
        now = ServerTime(now.0 + 1_000);
        let t0 = Instant::now();
        core.handle_press(teams[i % 2], now, 50, 0)
            .map_err(|e| anyhow!("{e}"))?;
        let t1 = Instant::now();
        // As flush_views: one view per identity (the hall's standings are
        // built once, inside the game).
        host_bytes = encode(View::Host(core.staff_view(now, true)))?;
        encode(View::Display(core.display_view(now)))?;
        for team in &teams {
            encode(View::Team(core.team_view(*team, now)))?;
        }
        let t2 = Instant::now();
        encode(View::Host(core.staff_view(now, true)))?;
        encode(View::Display(core.display_view(now)))?;
        for team in &teams[..2] {
            encode(View::Team(core.team_view(*team, now)))?;
        }
        let t3 = Instant::now();
        decide.push(us(t1 - t0));
        all.push(us(t2 - t1));
        fight_only.push(us(t3 - t2));
        host(
            &mut core,
            Command::game(
                EVENT_RING,
                RingCommand::Judge {
                    fight,
                    correct: true,
                },
            ),
            now,
        )?;
    }
    Ok(CoreCost {
        decide: sorted(decide),
        views_all: sorted(all),
        views_fight: sorted(fight_only),
        host_bytes,
    })
}
