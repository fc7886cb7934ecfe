//! «Брейн-ринг» played end to end over QUIC on 127.0.0.1 (issue 4, the
//! Brain-ring rules paragraph and 4.13–4.15): a host, a projector display
//! and two team terminals that are the buttons, where the subject is how a
//! real server takes real presses. A full 5-question qualifying fight with
//! a false start, a wrong answer and the other team's second chance, a
//! minute nobody presses in, and an upheld appeal, on a server that polls
//! without sleeping while the buttons are live, as a real one does; many
//! presses at once from tasks on two threads, ordered by their arrival
//! stamps alone, every one of them in the host's press log; and a press
//! stamped after «Время» that must never be judged a false start (a race
//! that needs real arrival jitter). The rules that need no real socket
//! (the projector's lockout, the «ignore early presses» setting, a press
//! outside any fight, a terminal that drops and comes back mid-fight) play
//! on the virtual hall: `brain_ring_rules.rs`.

use std::collections::BTreeMap;

use anyhow::{Context, Result, anyhow, bail, ensure};
use tokio::sync::Barrier;

use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{
    ButtonPhase, EVENT_RING, FightId, PressKind, RingAppealKind, RingCommand, RingFightView,
    RingPlayError, RingReceipt,
};
use minuta_shared::play::games::{GameError, GameReceipt, PlayError};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_tests::brain_ring::{
    RingSight, Verdict, fight_in, open_first_round, own_fight, press, ring_timing, verdict_of,
};
use minuta_tests::hall::Hall;
use minuta_tests::terminal::{Terminal, within};
use minuta_tests::{TestServer, test_timing};

/// A hall with `teams` team terminals and the short Brain-ring timing.
async fn ring_hall_on(server: TestServer, teams: usize) -> Result<Hall> {
    let mut hall = Hall::open(server, teams, test_timing()).await?;
    hall.host
        .ok(Command::game(
            EVENT_RING,
            RingCommand::SetTiming {
                timing: ring_timing(),
            },
        ))
        .await?;
    Ok(hall)
}

/// A fight in a hall: which terminal sits at which table.
struct Ring {
    hall: Hall,
    fight: FightId,
    /// `at[table]` = index of that table's terminal in `hall.teams`.
    at: [usize; 2],
    teams: [TeamId; 2],
}

impl Ring {
    /// A hall of two teams on `server` and their round-1 qualifying fight.
    async fn qualifying_on(server: TestServer) -> Result<Ring> {
        let mut hall = ring_hall_on(server, 2).await?;
        let pair = [hall.team_ids[0], hall.team_ids[1]];
        let fight = open_first_round(&mut hall.host, pair).await?;
        let at = fight.tables.map(|t| hall.index_of(t).unwrap_or(usize::MAX));
        ensure!(
            at.iter().all(|i| *i < 2),
            "tables {:?} are not the hall's teams {pair:?}",
            fight.tables
        );
        Ok(Ring {
            hall,
            fight: fight.id,
            at,
            teams: fight.tables,
        })
    }

    fn team(&mut self, table: usize) -> &mut Terminal {
        &mut self.hall.teams[self.at[table]]
    }

    async fn read(&mut self) -> Result<()> {
        self.hall
            .host
            .ok(Command::game(
                EVENT_RING,
                RingCommand::Read { fight: self.fight },
            ))
            .await
            .map(drop)
    }

    async fn arm(&mut self) -> Result<()> {
        self.hall
            .host
            .ok(Command::game(
                EVENT_RING,
                RingCommand::Arm { fight: self.fight },
            ))
            .await
            .map(drop)
    }

    async fn judge(&mut self, correct: bool) -> Result<()> {
        self.hall
            .host
            .ok(Command::game(
                EVENT_RING,
                RingCommand::Judge {
                    fight: self.fight,
                    correct,
                },
            ))
            .await
            .map(drop)
    }

    async fn press(&mut self, table: usize) -> Result<Verdict> {
        press(self.team(table)).await
    }

    /// Waits until `table`'s terminal shows question `number` of the fight
    /// with `pred` true; returns the fight as it shows it.
    async fn team_sees(
        &mut self,
        table: usize,
        what: &str,
        number: u32,
        pred: impl Fn(&RingFightView) -> bool,
    ) -> Result<RingFightView> {
        let fight = self.fight;
        let shows = |f: &RingFightView| {
            f.id == fight && f.question.as_ref().is_some_and(|q| q.number == number) && pred(f)
        };
        let view = self
            .team(table)
            .wait_team(what, |v| own_fight(v).is_some_and(&shows))
            .await?;
        own_fight(&view)
            .cloned()
            .ok_or_else(|| anyhow!("no fight in the team view"))
    }

    /// Waits until the display shows the fight with `pred` true.
    async fn display_sees(
        &mut self,
        what: &str,
        pred: impl Fn(&RingFightView) -> bool,
    ) -> Result<RingFightView> {
        let fight = self.fight;
        let view = self
            .hall
            .display
            .wait_display(what, |v| fight_in(v.ring(), fight).is_some_and(&pred))
            .await?;
        fight_in(view.ring(), fight)
            .cloned()
            .ok_or_else(|| anyhow!("no fight on the display"))
    }

    /// Waits until the host shows the fight with `pred` true.
    async fn host_sees(
        &mut self,
        what: &str,
        pred: impl Fn(&RingFightView) -> bool,
    ) -> Result<RingFightView> {
        let fight = self.fight;
        let view = self
            .hall
            .host
            .wait_host(what, |v| fight_in(v.ring(), fight).is_some_and(&pred))
            .await?;
        fight_in(view.ring(), fight)
            .cloned()
            .ok_or_else(|| anyhow!("no fight on the host's board"))
    }

    /// Reads question `number` and gives «Время»; returns once both tables
    /// see the buttons armed.
    async fn read_and_arm(&mut self, number: u32) -> Result<()> {
        self.read().await?;
        self.arm().await?;
        for table in 0..2 {
            self.team_sees(table, "the buttons armed", number, |f| {
                matches!(phase(f), Some(ButtonPhase::Armed { .. }))
            })
            .await?;
        }
        Ok(())
    }
}

fn phase(f: &RingFightView) -> Option<&ButtonPhase> {
    f.question.as_ref().map(|q| &q.phase)
}

fn is_over(f: &RingFightView, taken_by: Option<usize>) -> bool {
    phase(f) == Some(&ButtonPhase::Over { taken_by })
}

fn is_answering(f: &RingFightView, table: usize) -> bool {
    matches!(phase(f), Some(ButtonPhase::Answering { table: t, .. }) if *t == table)
}

fn ring_refusal(result: Result<Receipt, CommandError>) -> Result<RingPlayError> {
    match result {
        Err(CommandError::Play(PlayError::Game(GameError::Ring(e)))) => Ok(e),
        // A press finds no question in play in any game.
        Err(CommandError::NothingToPress) => Ok(RingPlayError::NoQuestion),
        other => bail!("expected a Brain-ring refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn brain_ring_qualifying_fight_of_five_questions_with_false_start_second_chance_silence_and_appeal()
-> Result<()> {
    // Arrange: two teams seeded by hand; round 1 is their 5-question fight,
    // on a server that polls the network without sleeping while the
    // buttons are live, as a real one does.
    let mut ring = Ring::qualifying_on(TestServer::in_process_busy_polling()?).await?;
    let (l, r) = (0, 1); // tables

    // Q1, a false start: the left table presses while the host still reads.
    ring.read().await?;
    ring.team_sees(l, "question 1 being read", 1, |f| {
        phase(f) == Some(&ButtonPhase::Reading)
    })
    .await?;
    let early = ring.press(l).await?;
    ensure!(
        early.kind == PressKind::FalseStart && early.since_arming_us.is_none(),
        "a press before «Время»: {early:?}"
    );
    ring.arm().await?;
    ring.team_sees(l, "the buttons armed", 1, |f| {
        matches!(phase(f), Some(ButtonPhase::Armed { .. }))
    })
    .await?;
    let again = ring.press(l).await?;
    let right = ring.press(r).await?;
    // Assert: the false-starter may not answer this question; the other table does.
    ensure!(
        again.kind == PressKind::LockedOut,
        "the false-starter after «Время»: {again:?}"
    );
    ensure!(right.kind == PressKind::Won, "the other table: {right:?}");
    ensure!(
        right.since_arming_us.is_some_and(|us| us >= 0),
        "µs since arming: {right:?}"
    );
    let seen = ring
        .team_sees(l, "the right table answering", 1, |f| is_answering(f, r))
        .await?;
    let q = seen
        .question
        .as_ref()
        .ok_or_else(|| anyhow!("no question"))?;
    ensure!(
        q.false_start[l] && q.locked[l] && !q.locked[r],
        "the false start on the team's screen: {q:?}"
    );
    let shown = ring
        .display_sees("the false start on the projector", |f| is_answering(f, r))
        .await?;
    ensure!(
        shown.question.as_ref().is_some_and(|q| q.false_start[l]),
        "the projector shows the false start: {shown:?}"
    );
    ring.judge(true).await?;
    let after_q1 = ring
        .team_sees(r, "question 1 taken", 1, |f| is_over(f, Some(r)))
        .await?;
    ensure!(after_q1.score == [0, 1], "after Q1: {:?}", after_q1.score);

    // Q2, a wrong answer: the other table gets its second chance and takes it.
    ring.read_and_arm(2).await?;
    ensure!(
        ring.press(l).await?.kind == PressKind::Won,
        "the left table presses first"
    );
    ring.team_sees(r, "the lockout: the left table answers", 2, |f| {
        is_answering(f, l)
    })
    .await?;
    ensure!(
        ring.press(r).await?.kind == PressKind::Late,
        "a press while the other answers is late and harmless"
    );
    ring.judge(false).await?;
    ring.team_sees(
        r,
        "the second chance",
        2,
        |f| matches!(phase(f), Some(ButtonPhase::SecondChance { table, .. }) if *table == r),
    )
    .await?;
    ensure!(
        ring.press(l).await?.kind == PressKind::LockedOut,
        "a team that answered wrong may not press again"
    );
    ensure!(
        ring.press(r).await?.kind == PressKind::Won,
        "the other table presses in its extra time"
    );
    ring.judge(true).await?;
    let after_q2 = ring
        .team_sees(l, "question 2 taken on the second chance", 2, |f| {
            is_over(f, Some(r))
        })
        .await?;
    ensure!(after_q2.score == [0, 2], "after Q2: {:?}", after_q2.score);

    // Q3, silence: nobody presses and the (2-s) minute runs out.
    ring.read_and_arm(3).await?;
    for table in [l, r] {
        ring.team_sees(table, "the minute to run out untaken", 3, |f| {
            is_over(f, None)
        })
        .await?;
    }
    ring.display_sees("question 3 over untaken", |f| {
        f.question.as_ref().is_some_and(|q| q.number == 3) && is_over(f, None)
    })
    .await?;
    ensure!(
        ring.press(l).await?.kind == PressKind::Ignored,
        "a press after time is harmless"
    );

    // Q4, an appeal: the left table answers wrong, the right one lets its
    // extra time run out, and the left table appeals that its answer was right.
    ring.read_and_arm(4).await?;
    ensure!(ring.press(l).await?.kind == PressKind::Won, "Q4 press");
    ring.judge(false).await?;
    ring.team_sees(l, "the extra time to run out", 4, |f| is_over(f, None))
        .await?;
    let fight = ring.fight;
    let filed = ring
        .team(l)
        .ok(Command::game(
            EVENT_RING,
            RingCommand::Appeal {
                fight,
                kind: RingAppealKind::AcceptOurAnswer,
                text: "«Серп и молот» — тот же ответ".into(),
            },
        ))
        .await?;
    let Receipt::Game {
        receipt: GameReceipt::Ring(RingReceipt::AppealFiled { appeal }),
        ..
    } = filed
    else {
        bail!("appeal receipt: {filed:?}")
    };
    // 4.16: the decision comes before the next question.
    let too_soon = ring_refusal(
        ring.hall
            .host
            .command(Command::game(EVENT_RING, RingCommand::Read { fight }))
            .await?,
    )?;
    ensure!(
        too_soon == RingPlayError::AppealPending,
        "reading on with an appeal pending: {too_soon:?}"
    );
    let resolve = Command::game(
        EVENT_RING,
        RingCommand::ResolveAppeal {
            fight,
            appeal,
            upheld: true,
            reply: "Засчитано".into(),
        },
    );
    ring.hall.host.ok(resolve).await?;
    let upheld = ring
        .team_sees(l, "the upheld appeal counted", 4, |f| f.score == [1, 2])
        .await?;
    ensure!(
        upheld
            .appeals
            .iter()
            .any(|a| a.id == appeal && a.resolution.as_ref().is_some_and(|(ok, _, _)| *ok)),
        "the team sees its appeal upheld: {:?}",
        upheld.appeals
    );
    // 4.13: the hall learns the decision, never the appeal's words.
    let words_hidden = |f: &RingFightView| {
        f.appeals.iter().any(|a| a.id == appeal)
            && f.appeals.iter().all(|a| {
                a.text.is_empty()
                    && a.resolution
                        .as_ref()
                        .is_some_and(|(ok, reply, _)| *ok && reply.is_empty())
            })
    };
    let projector = ring
        .display_sees("the projector's score after the appeal", |f| {
            f.score == [1, 2]
        })
        .await?;
    ensure!(
        words_hidden(&projector),
        "projector: {:?}",
        projector.appeals
    );
    let other = ring
        .team_sees(r, "the upheld appeal counted", 4, |f| f.score == [1, 2])
        .await?;
    ensure!(words_hidden(&other), "other table: {:?}", other.appeals);

    // Q5: the right table takes it and wins 3:1.
    ring.read_and_arm(5).await?;
    ensure!(ring.press(r).await?.kind == PressKind::Won, "Q5 press");
    // The press's patch gives each table its own copy of the fight.
    let answering = |f: &RingFightView| {
        f.question
            .as_ref()
            .is_some_and(|q| matches!(q.phase, ButtonPhase::Answering { table, .. } if table == r))
    };
    let own = ring
        .team_sees(l, "the right table answering Q5", 5, answering)
        .await?;
    ensure!(
        own.appeals.iter().any(|a| a.text.contains("Серп")),
        "the appellant keeps its words: {:?}",
        own.appeals
    );
    let other = ring
        .team_sees(r, "its own answer on Q5", 5, answering)
        .await?;
    ensure!(words_hidden(&other), "other table, Q5: {:?}", other.appeals);
    ring.judge(true).await?;
    let last = ring
        .host_sees("the fight decided", |f| f.score == [1, 3])
        .await?;
    ensure!(
        last.status == FightStatus::Won { winner: r },
        "status after five questions: {:?}",
        last.status
    );
    let sixth = ring_refusal(
        ring.hall
            .host
            .command(Command::game(EVENT_RING, RingCommand::Read { fight }))
            .await?,
    )?;
    ensure!(
        sixth == RingPlayError::FightOver,
        "4.5: five questions only: {sixth:?}"
    );

    // The host closes the fight: every screen shows it closed, the buttons
    // leave the teams' screens, and the qualifying table counts it (4.6).
    ring.hall
        .host
        .ok(Command::game(EVENT_RING, RingCommand::CloseFight { fight }))
        .await?;
    let closed = ring.host_sees("the fight closed", |f| f.closed).await?;
    ensure!(closed.score == [1, 3], "final score {:?}", closed.score);
    ring.display_sees("the projector shows it closed", |f| {
        f.closed && f.score == [1, 3]
    })
    .await?;
    for table in [l, r] {
        ring.team(table)
            .wait_team("the fight off the button screen", |v| {
                own_fight(v).is_none()
            })
            .await?;
    }
    let host = ring
        .hall
        .host
        .wait_host("the qualifying table", |v| !v.ring().standings.is_empty())
        .await?;
    let halves: BTreeMap<TeamId, u32> = host
        .ring()
        .standings
        .iter()
        .map(|row| (row.team, row.points_halves))
        .collect();
    ensure!(
        halves.get(&ring.teams[r]) == Some(&9) && halves.get(&ring.teams[l]) == Some(&1),
        "4.6: 3 for the win + 0.5 a question taken: {halves:?}"
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn brain_ring_simultaneous_presses_are_ordered_by_arrival_and_all_logged() -> Result<()> {
    // Arrange: each team has four terminals (four connections with its code).
    const CONNECTIONS: usize = 4;
    const PRESSES: usize = 25;
    // On real sockets: the subject is arrival order among real tasks on
    // two threads.
    let mut ring = Ring::qualifying_on(TestServer::in_process()?).await?;
    let mut buttons: Vec<(usize, Terminal)> = Vec::new();
    for table in 0..2 {
        let code = ring.hall.team_codes[ring.at[table]].clone();
        for _ in 0..CONNECTIONS {
            buttons.push((table, Terminal::connect(&code).await?));
        }
    }
    ring.read_and_arm(1).await?;
    let fight = ring.fight;
    for (_, t) in &mut buttons {
        t.wait_team("armed", |v| {
            own_fight(v).is_some_and(|f| {
                f.id == fight && matches!(phase(f), Some(ButtonPhase::Armed { .. }))
            })
        })
        .await?;
    }

    // Act: every terminal, in its own task, hammers its button (at most two
    // presses awaiting their verdicts), all starting together.
    let barrier = std::sync::Arc::new(Barrier::new(buttons.len()));
    let mut tasks = tokio::task::JoinSet::new();
    for (table, mut terminal) in buttons {
        let barrier = barrier.clone();
        tasks.spawn(async move {
            barrier.wait().await;
            let mut verdicts = Vec::with_capacity(PRESSES);
            let mut pending = std::collections::VecDeque::new();
            for _ in 0..PRESSES {
                pending.push_back(
                    terminal
                        .send_command(Command::Press { clock_offset_us: 0 })
                        .await?,
                );
                if pending.len() == 2 {
                    let request = pending
                        .pop_front()
                        .ok_or_else(|| anyhow!("no press in flight"))?;
                    verdicts.push(verdict_of(&terminal.ack(request).await?)?);
                }
            }
            for request in pending {
                verdicts.push(verdict_of(&terminal.ack(request).await?)?);
            }
            anyhow::Ok((table, verdicts, terminal))
        });
    }
    let mut verdicts: Vec<(usize, Verdict)> = Vec::new();
    let mut terminals = Vec::new();
    while let Some(done) = within("every presser", tasks.join_next()).await? {
        let (table, vs, terminal) = done.context("a pressing task")??;
        verdicts.extend(vs.into_iter().map(|v| (table, v)));
        terminals.push(terminal);
    }
    let total = verdicts.len();

    // Assert: exactly one press won, and it is the earliest arrival of all.
    let won: Vec<&(usize, Verdict)> = verdicts
        .iter()
        .filter(|(_, v)| v.kind == PressKind::Won)
        .collect();
    ensure!(
        won.len() == 1,
        "exactly one winning press, got {}",
        won.len()
    );
    let (winner, win) = *won[0];
    let earliest = verdicts
        .iter()
        .map(|(_, v)| v.arrived_at)
        .min()
        .ok_or_else(|| anyhow!("no presses"))?;
    ensure!(
        win.arrived_at == earliest,
        "the winner arrived at {:?}, the earliest press at {earliest:?}",
        win.arrived_at
    );
    // The other table's first arrival is late; everything else repeats.
    let loser = 1 - winner;
    let late: Vec<&Verdict> = verdicts
        .iter()
        .filter(|(_, v)| v.kind == PressKind::Late)
        .map(|(_, v)| v)
        .collect();
    ensure!(
        late.len() == 1,
        "one late press (the other table's first), got {}",
        late.len()
    );
    let loser_first = verdicts
        .iter()
        .filter(|(t, _)| *t == loser)
        .map(|(_, v)| v.arrived_at)
        .min();
    ensure!(
        Some(late[0].arrived_at) == loser_first,
        "the late press is the other table's earliest"
    );
    let repeated = verdicts
        .iter()
        .filter(|(_, v)| v.kind == PressKind::Repeated)
        .count();
    ensure!(
        repeated == total - 2,
        "{repeated} repeated presses of {total}"
    );

    // The host's press log holds every press, in arrival order, with its kind.
    let log = ring
        .host_sees("every press in the log", |f| f.presses.len() >= total)
        .await?;
    ensure!(
        log.presses.len() == total,
        "{} presses logged, {total} sent",
        log.presses.len()
    );
    // (PressKind has no order: sort by its name.)
    let mut logged: Vec<(u64, TeamId, String)> = log
        .presses
        .iter()
        .map(|(p, _)| (p.arrived_at.0, p.team, format!("{:?}", p.kind)))
        .collect();
    let mut acked: Vec<(u64, TeamId, String)> = verdicts
        .iter()
        .map(|(t, v)| (v.arrived_at.0, ring.teams[*t], format!("{:?}", v.kind)))
        .collect();
    ensure!(
        logged.windows(2).all(|w| w[0].0 <= w[1].0),
        "the log is in arrival order"
    );
    let first = log
        .presses
        .first()
        .map(|(p, _)| p.arrived_at.0)
        .unwrap_or_default();
    ensure!(
        log.presses
            .iter()
            .all(|(p, gap)| *gap == p.arrived_at.0 - first),
        "gaps are measured from the first press"
    );
    ensure!(
        log.presses
            .iter()
            .all(|(p, _)| p.question == 1 && p.since_arming_us.is_some_and(|us| us >= 0)),
        "all after arming"
    );
    logged.sort();
    acked.sort();
    ensure!(
        logged == acked,
        "the log and the verdicts the terminals got differ"
    );
    for table in 0..2 {
        let n = log
            .presses
            .iter()
            .filter(|(p, _)| p.team == ring.teams[table])
            .count();
        ensure!(
            n == CONNECTIONS * PRESSES,
            "table {table}: {n} presses logged"
        );
    }
    ensure!(
        is_answering(&log, winner),
        "the winner answers: {:?}",
        phase(&log)
    );
    Ok(())
}

// On real sockets and the real clock: the race it looks for (a press and
// «Время» crossing inside the server) needs real arrival jitter, which the
// simulated network's equal latencies never make.
#[tokio::test]
async fn brain_ring_a_press_stamped_after_the_arming_is_never_a_false_start() -> Result<()> {
    // Arrange: a long friendly fight between the two teams.
    const ATTEMPTS: u32 = 20;
    let mut hall = ring_hall_on(TestServer::in_process()?, 2).await?;
    let tables = [hall.team_ids[0], hall.team_ids[1]];
    let fight = minuta_tests::brain_ring::open_friendly(
        &mut hall.host,
        tables,
        minuta_tests::brain_ring::long_format(ATTEMPTS + 5),
    )
    .await?;
    let mut after_arming = 0;
    let mut judged_false_start = Vec::new();
    for number in 1..=ATTEMPTS {
        hall.host
            .ok(Command::game(EVENT_RING, RingCommand::Read { fight }))
            .await?;
        hall.teams[0]
            .wait_team("the question being read", |v| {
                own_fight(v)
                    .and_then(|f| f.question.as_ref())
                    .is_some_and(|q| q.number == number && q.phase == ButtonPhase::Reading)
            })
            .await?;

        // Act: the host sends a setting and «Время» back to back (the first
        // is still being stored when the second arrives), and the left table
        // presses the moment «Время» has left the host's terminal.
        let setting = hall
            .host
            .send_command(Command::game(
                EVENT_RING,
                RingCommand::SetTiming {
                    timing: ring_timing(),
                },
            ))
            .await?;
        let arm = hall
            .host
            .send_command(Command::game(EVENT_RING, RingCommand::Arm { fight }))
            .await?;
        let left = press(&mut hall.teams[0]).await?;
        hall.host.ack(setting).await??;
        hall.host.ack(arm).await??;
        let view = hall
            .host
            .wait_host("the arming", |v| {
                fight_in(v.ring(), fight)
                    .and_then(|f| f.question.as_ref())
                    .is_some_and(|q| q.number == number && q.armed_at.is_some())
            })
            .await?;
        let armed_at = fight_in(view.ring(), fight)
            .and_then(|f| f.question.as_ref())
            .and_then(|q| q.armed_at);
        let armed_at = armed_at.ok_or_else(|| anyhow!("question {number} not armed"))?;
        if left.arrived_at > armed_at {
            after_arming += 1;
            if left.kind == PressKind::FalseStart {
                judged_false_start.push(left.arrived_at.0 - armed_at.0);
            }
        }
        // End the question: whoever may still answer presses and is right.
        if left.kind != PressKind::Won {
            ensure!(
                press(&mut hall.teams[1]).await?.kind == PressKind::Won,
                "the right table answers question {number}"
            );
        }
        hall.host
            .ok(Command::game(
                EVENT_RING,
                RingCommand::Judge {
                    fight,
                    correct: true,
                },
            ))
            .await?;
    }

    // Assert: by the server's own stamps, no press after «Время» was a false start.
    ensure!(
        after_arming > 0,
        "no press was stamped after the arming in {ATTEMPTS} attempts: nothing was tested"
    );
    ensure!(
        judged_false_start.is_empty(),
        "{} of {after_arming} presses stamped after «Время» were judged false starts (µs after arming: {judged_false_start:?})",
        judged_false_start.len()
    );
    Ok(())
}
