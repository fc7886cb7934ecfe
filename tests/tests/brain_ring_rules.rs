//! «Брейн-ринг» on the virtual hall (`minuta_tests::virtual_hall`): the
//! server's machine and the app's own state, on virtual time, no sockets.
//! A projector that sees the lockout but never the press log; the «ignore
//! early presses» setting; a press outside any fight; a terminal that
//! drops and comes back mid-fight. Each runs in milliseconds of CPU.

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_shared::identity::Identity;
use minuta_shared::play::brain_ring::rules::FightFormat;
use minuta_shared::play::brain_ring::{
    ButtonPhase, EVENT_RING, EarlyPress, FightId, PressKind, RingCommand, RingFightView,
    RingPlayError, RingTiming,
};
use minuta_shared::play::games::{GameError, PlayError};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::{CommandError, Receipt, ServerMsg};
use minuta_shared::wire::view::View;
use minuta_tests::brain_ring::{RingSight, Verdict, fight_in, own_fight, ring_timing};
use minuta_tests::hall::test_timing;
use minuta_tests::sim_net::Conditions;
use minuta_tests::virtual_hall::{HOST_SECRET, TerminalId, VirtualHall};

/// Two teams at the tables of their round-1 qualifying fight.
struct Ring {
    hall: VirtualHall,
    fight: FightId,
    /// `at[table]` = that table's terminal.
    at: [TerminalId; 2],
}

impl Ring {
    fn qualifying(timing: RingTiming) -> Result<Ring> {
        let mut hall = VirtualHall::open(2, test_timing(), Conditions::default())?;
        let host = hall.host;
        hall.ok(
            host,
            Command::game(EVENT_RING, RingCommand::SetTiming { timing }),
        )?;
        let teams = [hall.team_ids[0], hall.team_ids[1]];
        let seed = RingCommand::Seed {
            teams: teams.to_vec(),
            seed: 0,
        };
        hall.ok(host, Command::game(EVENT_RING, seed))?;
        let start = RingCommand::StartNext { stages: 1 };
        hall.ok(host, Command::game(EVENT_RING, start))?;
        let open = |f: &RingFightView| !f.closed && teams.iter().all(|t| f.tables.contains(t));
        let view = hall.host_sees("the round-1 fight", |v| v.ring().fights.iter().any(open))?;
        let fight = view
            .ring()
            .fights
            .iter()
            .find(|f| open(f))
            .ok_or_else(|| anyhow!("no open fight"))?;
        let at = fight.tables.map(|table| {
            let i = hall.team_ids.iter().position(|t| *t == table);
            hall.teams[i.unwrap_or_default()]
        });
        Ok(Ring {
            fight: fight.id,
            hall,
            at,
        })
    }

    fn host(&mut self, command: RingCommand) -> Result<()> {
        let host = self.hall.host;
        self.hall
            .ok(host, Command::game(EVENT_RING, command))
            .map(drop)
    }

    fn press(&mut self, table: usize) -> Result<Verdict> {
        self.hall.press(self.at[table])
    }

    /// Runs until terminal `t` shows the fight with `pred` true.
    fn sees(
        &mut self,
        t: TerminalId,
        what: &str,
        pred: impl Fn(&RingFightView) -> bool,
    ) -> Result<RingFightView> {
        self.hall.fight_sees(t, self.fight, what, pred)
    }

    /// Reads the next question and gives «Время»; returns once both tables
    /// see the buttons armed.
    fn read_and_arm(&mut self) -> Result<()> {
        self.host(RingCommand::Read { fight: self.fight })?;
        self.host(RingCommand::Arm { fight: self.fight })?;
        for table in 0..2 {
            self.sees(self.at[table], "the buttons armed", |f| {
                matches!(phase(f), Some(ButtonPhase::Armed { .. }))
            })?;
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

#[test]
fn brain_ring_display_sees_the_lockout_but_never_the_press_log() -> Result<()> {
    // Arrange
    let mut ring = Ring::qualifying(ring_timing())?;
    ring.read_and_arm()?;

    // Act: the right table presses first, the left one a moment later.
    ensure!(ring.press(1)?.kind == PressKind::Won, "right presses");
    ensure!(ring.press(0)?.kind == PressKind::Late, "left is late");

    // Assert: the projector shows who answers; the host has both presses.
    let display = ring.hall.display;
    let shown = ring.sees(display, "the lockout on the projector", |f| {
        is_answering(f, 1)
    })?;
    ensure!(
        shown.presses.is_empty(),
        "the projector got a press log: {:?}",
        shown.presses
    );
    let host = ring.hall.host;
    ring.sees(host, "both presses in the host's log", |f| {
        f.presses.len() == 2
    })?;
    ring.sees(ring.at[0], "the lockout on the left table", |f| {
        is_answering(f, 1)
    })?;
    // Not one message the display or a team ever received carried a press.
    for t in [display, ring.at[0], ring.at[1]] {
        let screen = &ring.hall.terminals[t];
        for msg in &screen.received {
            let fights: Vec<&RingFightView> = match &**msg {
                ServerMsg::View(v) => match v.as_ref() {
                    View::Display(d) => d.ring().fights.iter().collect(),
                    View::Team(v) => own_fight(v).into_iter().collect(),
                    View::Host(_) | View::Jury(_) => {
                        bail!("{:?} got a staff view", screen.identity)
                    }
                },
                _ => Vec::new(),
            };
            ensure!(
                fights.iter().all(|f| f.presses.is_empty()),
                "{:?} received a press log",
                screen.identity
            );
        }
        // Patches too: what reached its screen holds no press.
        let shown = screen.state.view.as_ref();
        let fights: Vec<&RingFightView> = match shown {
            Some(View::Display(d)) => d.ring().fights.iter().collect(),
            Some(View::Team(v)) => own_fight(v).into_iter().collect(),
            _ => Vec::new(),
        };
        ensure!(fights.iter().all(|f| f.presses.is_empty()));
    }
    Ok(())
}

#[test]
fn brain_ring_early_presses_can_be_ignored_by_setting() -> Result<()> {
    // Arrange: the house rule «ignore early presses».
    let mut ring = Ring::qualifying(RingTiming {
        early_press: EarlyPress::Ignored,
        ..ring_timing()
    })?;
    ring.host(RingCommand::Read { fight: ring.fight })?;
    ring.sees(ring.at[0], "question 1 being read", |f| {
        phase(f) == Some(&ButtonPhase::Reading)
    })?;

    // Act
    let early = ring.press(0)?;
    ring.host(RingCommand::Arm { fight: ring.fight })?;
    ring.sees(ring.at[0], "armed", |f| {
        matches!(phase(f), Some(ButtonPhase::Armed { .. }))
    })?;
    let after = ring.press(0)?;

    // Assert: logged and shown as a false start, but the team may still answer.
    ensure!(early.kind == PressKind::FalseStart, "{early:?}");
    ensure!(
        after.kind == PressKind::Won,
        "an ignored early press does not lock the team out: {after:?}"
    );
    let display = ring.hall.display;
    let shown = ring.sees(display, "the false start shown", |f| is_answering(f, 0))?;
    ensure!(
        shown
            .question
            .as_ref()
            .is_some_and(|q| q.false_start[0] && !q.locked[0]),
        "{shown:?}"
    );
    Ok(())
}

#[test]
fn brain_ring_press_by_a_team_outside_any_fight_is_refused() -> Result<()> {
    // Arrange: three teams; the first two fight, the third watches.
    let mut hall = VirtualHall::open(3, test_timing(), Conditions::default())?;
    let friendly = RingCommand::Friendly {
        tables: [hall.team_ids[0], hall.team_ids[1]],
        format: FightFormat::QUALIFYING,
    };
    hall.ok(hall.host, Command::game(EVENT_RING, friendly))?;

    // Act
    let watcher = hall.teams[2];
    let result = hall.command(watcher, Command::Press { clock_offset_us: 0 })?;

    // Assert: refused, and the terminal stays connected for the next press.
    let refusal = match result {
        Err(CommandError::Play(PlayError::Game(GameError::Ring(e)))) => e,
        Err(CommandError::NothingToPress) => RingPlayError::NoQuestion,
        other => bail!("expected a Brain-ring refusal, got {other:?}"),
    };
    ensure!(refusal == RingPlayError::NoQuestion, "{refusal:?}");
    ensure!(
        hall.terminals[watcher].closed.is_none(),
        "the spectator is still connected"
    );
    ensure!(matches!(
        hall.terminals[watcher].identity,
        Identity::Team(_)
    ));
    let again = hall.command(watcher, Command::Press { clock_offset_us: 0 })?;
    ensure!(again.is_err(), "answered again: {again:?}");
    ensure!(
        !matches!(again, Ok(Receipt::Press { .. })),
        "a second press is answered, not dropped"
    );
    Ok(())
}

#[test]
fn brain_ring_a_fight_between_questions_sends_its_tables_nothing() -> Result<()> {
    // Arrange: a fight set up, its tables' screens up to date.
    let mut ring = Ring::qualifying(ring_timing())?;
    let table = ring.at[0];
    let before = ring.hall.terminals[table].received.len();

    // Act: ten quiet seconds.
    ring.hall.advance(std::time::Duration::from_secs(10));

    // Assert: not one message (a table's radio may sleep).
    let idle = &ring.hall.terminals[table].received[before..];
    ensure!(idle.is_empty(), "{} messages while idle", idle.len());
    Ok(())
}

/// The first whole view `t` received.
fn first_view(hall: &VirtualHall, t: TerminalId) -> Result<View> {
    hall.terminals[t]
        .received
        .iter()
        .find_map(|msg| match &**msg {
            ServerMsg::View(view) => Some((**view).clone()),
            _ => None,
        })
        .ok_or_else(|| anyhow!("terminal {t} received no view"))
}

#[test]
fn brain_ring_terminal_that_reconnects_mid_fight_gets_the_current_state_first() -> Result<()> {
    // Arrange: question 1 armed; the left table presses and answers.
    let mut ring = Ring::qualifying(ring_timing())?;
    ring.read_and_arm()?;
    ensure!(ring.press(0)?.kind == PressKind::Won, "left presses");

    // Act: the right table's laptop drops off the network and rejoins.
    let Identity::Team(team) = ring.hall.terminals[ring.at[1]].identity else {
        bail!("the right table is not a team's terminal")
    };
    let access = ring
        .hall
        .host_sees("the teams' secrets", |v| v.access.is_some())?
        .access
        .ok_or_else(|| anyhow!("no access"))?;
    let secret = access
        .teams
        .into_iter()
        .find_map(|(t, secret)| (t == team).then_some(secret))
        .ok_or_else(|| anyhow!("no secret of team {team}"))?;
    ring.hall.leave(ring.at[1]);
    ring.at[1] = ring
        .hall
        .join(Credential::Team { team, secret })
        .context("the right table rejoins")?;
    let first = first_view(&ring.hall, ring.at[1])?;

    // Assert: its very first view shows the fight as it stands.
    let View::Team(team) = &first else {
        bail!("not a team view: {first:?}")
    };
    let fight =
        own_fight(team).ok_or_else(|| anyhow!("the first view after rejoining has no fight"))?;
    ensure!(
        fight.id == ring.fight && fight.question.as_ref().is_some_and(|q| q.number == 1),
        "{fight:?}"
    );
    ensure!(
        is_answering(fight, 0),
        "the rejoined terminal sees the left table answering: {:?}",
        phase(fight)
    );

    // ... and it is a working button again: the left answer is wrong, the
    // rejoined table takes its second chance.
    let question_1 = |f: &RingFightView| f.question.as_ref().is_some_and(|q| q.number == 1);
    ring.host(RingCommand::Judge {
        fight: ring.fight,
        correct: false,
    })?;
    ring.sees(ring.at[1], "the second chance after rejoining", |f| {
        question_1(f) && matches!(phase(f), Some(ButtonPhase::SecondChance { table: 1, .. }))
    })?;
    ensure!(
        ring.press(1)?.kind == PressKind::Won,
        "the rejoined table presses"
    );
    ring.host(RingCommand::Judge {
        fight: ring.fight,
        correct: true,
    })?;
    ring.sees(ring.at[1], "question 1 taken", |f| {
        question_1(f) && is_over(f, Some(1)) && f.score == [0, 1]
    })?;

    // A host that rejoins sees the press log of the question at once.
    ring.hall.leave(ring.hall.host);
    ring.hall.host = ring.hall.join(Credential::Host {
        secret: HOST_SECRET.into(),
    })?;
    let View::Host(host) = first_view(&ring.hall, ring.hall.host)? else {
        bail!("not a host view")
    };
    let board = fight_in(host.ring(), ring.fight)
        .ok_or_else(|| anyhow!("no fight on the rejoined host's board"))?;
    let kinds: Vec<PressKind> = board.presses.iter().map(|(p, _)| p.kind).collect();
    ensure!(
        kinds == [PressKind::Won, PressKind::Won],
        "the rejoined host's press log: {kinds:?}"
    );
    Ok(())
}
