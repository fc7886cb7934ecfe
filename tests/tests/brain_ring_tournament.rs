//! A whole «Брейн-ринг» tournament (4.3–4.12) played end to end on the
//! virtual hall (`minuta_tests::virtual_hall`: the server's machine and the
//! app's own state, on virtual time, no sockets), driven exactly as the
//! host dashboard drives it: a host, a projector display and the team
//! terminals that are the buttons. Twelve teams play five ChGK questions;
//! `RingQualify` takes the ten best by points, then rating (4.3) and seeds
//! them (4.4); six qualifying rounds (4.5–4.8) are started with
//! `RingStartNext` — five fights at once on two stages, each with its own
//! clock — and played question by question with presses and the host's
//! verdicts; the table after every round is checked key by key (4.6–4.7)
//! and every pairing for rematches (4.8); the top five play «царь горы»
//! (4.9–4.11) with a sudden death; the final is fought over three fights of
//! seven questions with the tables swapped after each (4.12), one of them
//! decided in sudden death. A second tournament of six
//! teams is seeded by hand (`RingSeed`): five rounds in which everyone meets
//! everyone once, and a final won 2:0 that ends after its second fight.
//! Every fight's outcome is scripted (who takes which question), so every
//! pairing, table and the champion are known in advance: they were worked
//! out from the rules' text, outside the engine, and checked by hand. At
//! the end the projector shows the champion and the table; no message the
//! projector or a team ever received carried the press log, and no team
//! ever saw a fight it did not play.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_shared::identity::Identity;
use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::play::brain_ring::RingStandingRow;
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{
    ButtonPhase, EVENT_RING, FightId, PressKind, RingCommand, RingFightView, RingPlayError,
    RingStage, RingTiming,
};
use minuta_shared::play::games::{GameError, GamePatch, PlayError};
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::wire::client::{Command, CutDecision};
use minuta_shared::wire::server::{CommandError, ServerMsg};
use minuta_shared::wire::view::{HostView, View};
use minuta_tests::brain_ring::{RingSight, fight_in, own_fight};
use minuta_tests::sim_net::Conditions;
use minuta_tests::virtual_hall::{TerminalId, VirtualHall};

// ------------------------------------------------------------------ the script

/// How one question of a fight ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Q {
    /// The team at this table presses first and answers right.
    Taken(usize),
    /// Nobody takes it: table 0 presses and answers wrong, table 1 presses
    /// in its 20 s and answers wrong too.
    Nobody,
}

impl Q {
    fn taken_by(self) -> Option<usize> {
        match self {
            Q::Taken(table) => Some(table),
            Q::Nobody => None,
        }
    }
}

/// A fight of `questions` questions ending `x:y` (by table): the two tables
/// take theirs in turn, the ones nobody takes come last.
fn ending(x: u32, y: u32, questions: u32) -> Vec<Q> {
    let (mut left, mut right) = (x, y);
    let mut qs = Vec::new();
    while left + right > 0 {
        if left > 0 {
            qs.push(Q::Taken(0));
            left -= 1;
        }
        if right > 0 {
            qs.push(Q::Taken(1));
            right -= 1;
        }
    }
    while qs.len() < questions as usize {
        qs.push(Q::Nobody);
    }
    qs
}

/// A qualifying round as it must go. Teams are named by their seed (4.4:
/// 1 is the best-seeded team).
struct Round {
    /// The pairs 4.4/4.8 must give, higher place first (table 0), and the
    /// score each fight is played to (by table).
    fights: &'static [(usize, usize, u32, u32)],
    /// The table after the round, best first (4.7): seed, points (4.6),
    /// questions taken minus questions conceded, questions taken.
    table: &'static [(usize, &'static str, i64, u32)],
}

/// Ten teams, six rounds. The better-seeded team never loses: it wins 3:2
/// against the next seed or two, 4:1 against seeds 3–4 places below, 3:1
/// against seeds 5–6 below, draws 1:1 seven below, wins 4:1 and 4:0 against
/// the seeds eight and nine below. Where the rules' keys decide:
/// round 1 — every winner level on the first three keys: the seeding (4.7's
/// fourth key before round 1); round 2 — 3, 7, 4, 8 level on three keys:
/// their places after round 1; round 3 — 6 above 2 on questions taken
/// (key 3); round 4 — 4 above 7 on the place after round 3 (key 4), 8 above 5
/// on the difference (key 2); round 6 — 4 above 3 on questions taken, which
/// decides 4th and 5th place and so who opens the play-off. 4.8: in round 5
/// the leader has met 3, 2 and 4 and plays 7; rounds 5 and 6 need the
/// search to step back — the greedy choice (round 5: 5–9; round 6: 3–7)
/// would leave only pairs below that have met already.
const TEN_TEAMS: [Round; 6] = [
    Round {
        fights: &[
            (1, 2, 3, 2),
            (3, 4, 3, 2),
            (5, 6, 3, 2),
            (7, 8, 3, 2),
            (9, 10, 3, 2),
        ],
        table: &[
            (1, "4.5", 1, 3),
            (3, "4.5", 1, 3),
            (5, "4.5", 1, 3),
            (7, "4.5", 1, 3),
            (9, "4.5", 1, 3),
            (2, "1", -1, 2),
            (4, "1", -1, 2),
            (6, "1", -1, 2),
            (8, "1", -1, 2),
            (10, "1", -1, 2),
        ],
    },
    Round {
        fights: &[
            (1, 3, 3, 2),
            (5, 7, 3, 2),
            (9, 2, 1, 1),
            (4, 6, 3, 2),
            (8, 10, 3, 2),
        ],
        table: &[
            (1, "9", 2, 6),
            (5, "9", 2, 6),
            (9, "6", 1, 4),
            (3, "5.5", 0, 5),
            (7, "5.5", 0, 5),
            (4, "5.5", 0, 5),
            (8, "5.5", 0, 5),
            (2, "2.5", -1, 3),
            (6, "2", -2, 4),
            (10, "2", -2, 4),
        ],
    },
    Round {
        fights: &[
            (1, 5, 4, 1),
            (9, 3, 1, 3),
            (7, 4, 1, 4),
            (8, 2, 1, 3),
            (6, 10, 4, 1),
        ],
        table: &[
            (1, "14", 5, 10),
            (4, "10.5", 3, 9),
            (3, "10", 2, 8),
            (5, "9.5", -1, 7),
            (6, "7", 1, 8),
            (2, "7", 1, 6),
            (9, "6.5", -1, 5),
            (8, "6", -2, 6),
            (7, "6", -3, 6),
            (10, "2.5", -5, 5),
        ],
    },
    Round {
        fights: &[
            (1, 4, 4, 1),
            (3, 5, 3, 2),
            (6, 2, 1, 4),
            (9, 8, 2, 3),
            (7, 10, 4, 1),
        ],
        table: &[
            (1, "19", 8, 14),
            (3, "14.5", 3, 11),
            (2, "12", 4, 10),
            (4, "11", 0, 10),
            (7, "11", 0, 10),
            (8, "10.5", -1, 9),
            (5, "10.5", -2, 9),
            (6, "7.5", -2, 9),
            (9, "7.5", -2, 7),
            (10, "3", -8, 6),
        ],
    },
    Round {
        fights: &[
            (1, 7, 3, 1),
            (3, 2, 2, 3),
            (4, 8, 4, 1),
            (5, 10, 3, 1),
            (6, 9, 4, 1),
        ],
        table: &[
            (1, "23.5", 10, 17),
            (2, "16.5", 5, 13),
            (4, "16", 3, 14),
            (3, "15.5", 2, 13),
            (5, "15", 0, 12),
            (6, "12.5", 1, 13),
            (7, "11.5", -2, 11),
            (8, "11", -4, 10),
            (9, "8", -5, 8),
            (10, "3.5", -10, 7),
        ],
    },
    Round {
        fights: &[
            (1, 6, 3, 1),
            (2, 4, 3, 2),
            (3, 10, 1, 1),
            (5, 8, 4, 1),
            (7, 9, 3, 2),
        ],
        table: &[
            (1, "28", 12, 20),
            (2, "21", 6, 16),
            (5, "20", 3, 16),
            (4, "17", 2, 16),
            (3, "17", 2, 14),
            (7, "16", -1, 14),
            (6, "13", -1, 14),
            (8, "11.5", -7, 11),
            (9, "9", -6, 10),
            (10, "5", -10, 8),
        ],
    },
];

/// Six teams, five rounds (n − 1: everyone meets everyone once). The
/// better-seeded team never loses: 3:2 against the next seed, 1:1 two
/// below, 4:1 three below, 5:0 four below, 4:0 five below. Keys: round 2 —
/// 2 above 1 on the difference, 1 above 3 on the place after round 1;
/// round 4 — 2 above 1 on questions taken, 4 above 5 on the place after
/// round 3. 4.8: round 3 steps back — 2–3 then 1–5 would leave 4–6, who met.
const SIX_TEAMS: [Round; 5] = [
    Round {
        fights: &[(1, 2, 3, 2), (3, 4, 3, 2), (5, 6, 3, 2)],
        table: &[
            (1, "4.5", 1, 3),
            (3, "4.5", 1, 3),
            (5, "4.5", 1, 3),
            (2, "1", -1, 2),
            (4, "1", -1, 2),
            (6, "1", -1, 2),
        ],
    },
    Round {
        fights: &[(1, 3, 1, 1), (5, 2, 1, 4), (4, 6, 1, 1)],
        table: &[
            (2, "6", 2, 6),
            (1, "6", 1, 4),
            (3, "6", 1, 4),
            (5, "5", -2, 4),
            (4, "2.5", -1, 3),
            (6, "2.5", -1, 3),
        ],
    },
    Round {
        fights: &[(2, 3, 3, 2), (1, 6, 4, 0), (5, 4, 2, 3)],
        table: &[
            (1, "11", 5, 8),
            (2, "10.5", 3, 9),
            (3, "7", 0, 6),
            (4, "7", 0, 6),
            (5, "6", -3, 6),
            (6, "2.5", -5, 3),
        ],
    },
    Round {
        fights: &[(1, 4, 4, 1), (2, 6, 5, 0), (3, 5, 1, 1)],
        table: &[
            (2, "16", 8, 14),
            (1, "16", 8, 12),
            (3, "8.5", 0, 7),
            (4, "7.5", -3, 7),
            (5, "7.5", -3, 7),
            (6, "2.5", -10, 3),
        ],
    },
    Round {
        fights: &[(2, 4, 1, 1), (1, 5, 5, 0), (3, 6, 4, 1)],
        table: &[
            (1, "21.5", 13, 17),
            (2, "17.5", 8, 15),
            (3, "13.5", 3, 11),
            (4, "9", -3, 8),
            (5, "7.5", -8, 7),
            (6, "3", -13, 4),
        ],
    },
];

/// The ChGK day of the first tournament: twelve teams, the first five
/// questions of the package (all in tour 1, so the table after three tours
/// that seeds round 1 is the same table). For each team (by its number,
/// «Команда N») the questions (0-based) it answered right, in the order of
/// the table. A = 12 teams play, so a question's rating (4.3) is 13 − B:
/// question 0 is taken by 5 teams (8), 1 by 6 (7), 2 by 4 (9), 3 by 10 (3),
/// 4 by 8 (5). Points, rating: 6 — 5, 32; 11 — 4, 24; 2 — 4, 23; 9 — 3, 17;
/// 4 — 3, 16; 12 — 3, 15; 1 — 2, 17 (below three teams of 3 points and a
/// lower rating: points first); 7 — 2, 12; 10 — 2, 11; 3 — 2, 10; 8 — 2, 8
/// (level with 3 on points: the rating leaves it 11th, outside the ten);
/// 5 — 1, 3.
const CHGK_DAY: [(usize, &[u32], u32, i64); 12] = [
    (6, &[0, 1, 2, 3, 4], 5, 32),
    (11, &[1, 2, 3, 4], 4, 24),
    (2, &[0, 1, 3, 4], 4, 23),
    (9, &[2, 3, 4], 3, 17),
    (4, &[0, 3, 4], 3, 16),
    (12, &[1, 3, 4], 3, 15),
    (1, &[0, 2], 2, 17),
    (7, &[1, 4], 2, 12),
    (10, &[0, 3], 2, 11),
    (3, &[1, 3], 2, 10),
    (8, &[3, 4], 2, 8),
    (5, &[3], 1, 3),
];

/// The authors' answers of the package's first five questions.
const ANSWERS: [&str; 5] = [
    "Серп, молот",
    "Фейерверки",
    "Братья Гримм",
    "Респираторы",
    "Лейкоциты, эритроциты",
];

/// A ChGK minute short enough for a test: every card is handed in before
/// «Время» (allowed from the announcement), so its length does not matter.
fn quick_chgk() -> ChgkTiming {
    ChgkTiming {
        minute_ms: 400,
        warning_before_end_ms: 200,
        grace_ms: 200,
    }
}

/// The rules' Brain-ring clock: a minute, then 20 s for the other team.
/// Long enough that no question ever runs out while the test plays it.
fn rules_timing() -> RingTiming {
    RingTiming {
        minute_ms: 60_000,
        second_chance_ms: 20_000,
        ..RingTiming::default()
    }
}

// ------------------------------------------------------------------ the hall

/// A fight being played: which teams sit where and how its questions end.
struct Fighting {
    fight: FightId,
    tables: [TeamId; 2],
    questions: Vec<Q>,
    played: usize,
}

impl Fighting {
    /// The score after the first `n` questions.
    fn score_after(&self, n: usize) -> [u32; 2] {
        let mut score = [0, 0];
        for q in &self.questions[..n] {
            if let Q::Taken(table) = q {
                score[*table] += 1;
            }
        }
        score
    }
}

/// A line of a Brain-ring table as the test compares it: team, points,
/// difference, questions taken.
type Line = (TeamId, String, i64, u32);

fn points(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        format!("{}", halves / 2)
    } else {
        format!("{}.5", halves / 2)
    }
}

fn lines(rows: &[RingStandingRow]) -> Vec<Line> {
    rows.iter()
        .map(|r| (r.team, points(r.points_halves), r.difference, r.taken))
        .collect()
}

/// A Brain-ring tournament in a hall: the qualified teams by seed, the
/// pairs that have met and the table after the last round.
struct Tournament {
    hall: VirtualHall,
    /// Seed n (from 1) is `seeds[n - 1]`.
    seeds: Vec<TeamId>,
    met: BTreeSet<(TeamId, TeamId)>,
    /// The order after the previous round (before round 1: the seeding).
    previous: Vec<TeamId>,
}

impl Tournament {
    fn new(hall: VirtualHall, seeds: Vec<TeamId>) -> Tournament {
        Tournament {
            hall,
            previous: seeds.clone(),
            seeds,
            met: BTreeSet::new(),
        }
    }

    fn seed(&self, n: usize) -> TeamId {
        self.seeds[n - 1]
    }

    fn seed_of(&self, team: TeamId) -> usize {
        self.seeds
            .iter()
            .position(|t| *t == team)
            .map_or(0, |i| i + 1)
    }

    fn terminal(&self, team: TeamId) -> Result<TerminalId> {
        self.hall.terminal_of(team)
    }

    fn host(&mut self, command: Command) -> Result<()> {
        self.hall.ok(self.hall.host, command).map(drop)
    }

    /// The host's refusal of `command`, which must be a Brain-ring rule.
    fn refused(&mut self, command: Command) -> Result<RingPlayError> {
        match self.hall.command(self.hall.host, command)? {
            Err(CommandError::Play(PlayError::Game(GameError::Ring(e)))) => Ok(e),
            other => bail!("expected a Brain-ring refusal, got {other:?}"),
        }
    }

    /// A fight as the host sees it now.
    fn host_fight(&mut self, fight: FightId) -> Result<RingFightView> {
        let view = self.hall.host_sees("the fight on the host's board", |v| {
            fight_in(v.ring(), fight).is_some()
        })?;
        fight_in(view.ring(), fight)
            .cloned()
            .ok_or_else(|| anyhow!("fight {fight} is not on the board"))
    }

    /// Waits until the host's board shows `stage`.
    fn stage_is(&mut self, stage: &RingStage) -> Result<()> {
        self.hall
            .host_sees(&format!("the stage {stage:?}"), |v| {
                v.ring().stage == *stage
            })
            .map(drop)
    }

    /// `RingStartNext` on two stages; the fights it opens must be `pairs`
    /// (in order) labelled `label(i)`. Every team of them then sees its own
    /// fight, and only it, on its terminal.
    fn start_next(
        &mut self,
        pairs: &[[TeamId; 2]],
        label: impl Fn(usize) -> String,
    ) -> Result<Vec<RingFightView>> {
        self.host(Command::game(
            EVENT_RING,
            RingCommand::StartNext { stages: 2 },
        ))?;
        let view = self.hall.host_sees("the fights opened", |v| {
            v.ring().fights.iter().filter(|f| !f.closed).count() == pairs.len()
        })?;
        let mut opened: Vec<RingFightView> = view
            .ring()
            .fights
            .iter()
            .filter(|f| !f.closed)
            .cloned()
            .collect();
        opened.sort_by_key(|f| f.id);
        let tables: Vec<[TeamId; 2]> = opened.iter().map(|f| f.tables).collect();
        ensure!(tables == pairs, "opened {tables:?}, expected {pairs:?}");
        for (i, f) in opened.iter().enumerate() {
            ensure!(
                f.label == label(i + 1),
                "fight {} is labelled {:?}, expected {:?}",
                f.id,
                f.label,
                label(i + 1)
            );
            ensure!(
                f.question.is_none() && f.score == [0, 0] && f.presses.is_empty(),
                "a new fight: {f:?}"
            );
        }
        for f in &opened {
            for team in f.tables {
                let id = f.id;
                let t = self.terminal(team)?;
                let seen = self.hall.team_sees(t, "its own fight", |v| {
                    own_fight(v).is_some_and(|r| r.id == id)
                })?;
                let own = own_fight(&seen).map(|r| r.tables);
                ensure!(
                    own == Some(f.tables) && seen.team == team,
                    "team {team} is shown {own:?}"
                );
            }
        }
        Ok(opened)
    }

    /// The team presses the button; it must be its turn to answer.
    fn press_to_answer(&mut self, team: TeamId) -> Result<()> {
        let t = self.terminal(team)?;
        let verdict = self.hall.press(t)?;
        ensure!(
            verdict.kind == PressKind::Won,
            "team {team} pressed to answer: {verdict:?}"
        );
        Ok(())
    }

    fn judge(&mut self, fight: FightId, correct: bool) -> Result<()> {
        self.host(Command::game(
            EVENT_RING,
            RingCommand::Judge { fight, correct },
        ))
    }

    /// Plays the fights question by question, all at once: the host reads
    /// the next question in every fight, gives «Время» in every fight, then
    /// the presses and verdicts follow, fight after fight — until each
    /// fight has played its first `until` questions.
    fn play(&mut self, fights: &mut [Fighting], until: usize) -> Result<()> {
        loop {
            let now: Vec<usize> = (0..fights.len())
                .filter(|i| fights[*i].played < until.min(fights[*i].questions.len()))
                .collect();
            if now.is_empty() {
                return Ok(());
            }
            for i in &now {
                self.host(Command::game(
                    EVENT_RING,
                    RingCommand::Read {
                        fight: fights[*i].fight,
                    },
                ))?;
            }
            for i in &now {
                self.host(Command::game(
                    EVENT_RING,
                    RingCommand::Arm {
                        fight: fights[*i].fight,
                    },
                ))?;
            }
            if now.len() > 1 && now.iter().all(|i| fights[*i].played == 0) {
                self.each_fight_has_its_own_clock(fights)?;
            }
            for i in &now {
                let f = &fights[*i];
                let (fight, tables) = (f.fight, f.tables);
                match f.questions[f.played] {
                    Q::Taken(table) => {
                        self.press_to_answer(tables[table])?;
                        self.judge(fight, true)?;
                    }
                    Q::Nobody => {
                        self.press_to_answer(tables[0])?;
                        self.judge(fight, false)?;
                        self.press_to_answer(tables[1])?;
                        self.judge(fight, false)?;
                    }
                }
            }
            for i in &now {
                fights[*i].played += 1;
            }
            // Every fight's question is over as scripted, the score with it,
            // and the host has the question's presses (one, or two when both
            // answered wrong) in its log.
            let expected: Vec<(FightId, u32, Option<usize>, [u32; 2])> = now
                .iter()
                .map(|i| {
                    let f = &fights[*i];
                    (
                        f.fight,
                        f.played as u32,
                        f.questions[f.played - 1].taken_by(),
                        f.score_after(f.played),
                    )
                })
                .collect();
            self.hall.host_sees("the questions over as scripted", |v| {
                expected.iter().all(|(fight, number, taken_by, score)| {
                    fight_in(v.ring(), *fight).is_some_and(|f| {
                        f.score == *score
                            && f.presses.len() == if taken_by.is_some() { 1 } else { 2 }
                            && f.question.as_ref().is_some_and(|q| {
                                q.number == *number
                                    && q.phase
                                        == ButtonPhase::Over {
                                            taken_by: *taken_by,
                                        }
                            })
                    })
                })
            })?;
        }
    }

    /// The fights were armed one after another: each has its own minute,
    /// from its own «Время».
    fn each_fight_has_its_own_clock(&mut self, fights: &[Fighting]) -> Result<()> {
        let ids: Vec<FightId> = fights.iter().map(|f| f.fight).collect();
        let armed = |f: &RingFightView| match f.question.as_ref().map(|q| &q.phase) {
            Some(ButtonPhase::Armed { armed_at, deadline }) => Some((*armed_at, *deadline)),
            _ => None,
        };
        let view = self.hall.host_sees("every fight armed", |v| {
            ids.iter()
                .all(|id| fight_in(v.ring(), *id).and_then(armed).is_some())
        })?;
        let clocks: Vec<_> = ids
            .iter()
            .filter_map(|id| fight_in(view.ring(), *id).and_then(armed))
            .collect();
        let minute = Duration::from_millis(rules_timing().minute_ms);
        ensure!(
            clocks
                .iter()
                .all(|(at, deadline)| *deadline == at.plus(minute)),
            "each minute runs from its own «Время»: {clocks:?}"
        );
        ensure!(
            clocks.windows(2).all(|w| w[0].0 < w[1].0),
            "the fights were armed one after another, each on its own clock: {clocks:?}"
        );
        Ok(())
    }

    fn close(&mut self, fights: &[Fighting]) -> Result<()> {
        for f in fights {
            self.host(Command::game(
                EVENT_RING,
                RingCommand::CloseFight { fight: f.fight },
            ))?;
        }
        let ids: Vec<FightId> = fights.iter().map(|f| f.fight).collect();
        self.hall.host_sees("the fights closed", |v| {
            ids.iter()
                .all(|id| fight_in(v.ring(), *id).is_some_and(|f| f.closed))
        })?;
        // The buttons leave the teams' screens with the fight.
        for team in fights.iter().flat_map(|f| f.tables) {
            let t = self.terminal(team)?;
            self.hall
                .team_sees(t, "no fight after the close", |v| own_fight(v).is_none())?;
        }
        Ok(())
    }

    /// Plays qualifying round `number` as `round` says, and checks the
    /// pairs before it and the table after it.
    fn qualifying_round(&mut self, number: u32, round: &Round) -> Result<()> {
        let pairs: Vec<[TeamId; 2]> = round
            .fights
            .iter()
            .map(|&(a, b, _, _)| [self.seed(a), self.seed(b)])
            .collect();
        // 4.8: nobody plays twice in a round, nobody meets a team again.
        let mut playing = BTreeSet::new();
        for [a, b] in &pairs {
            ensure!(
                playing.insert(*a) && playing.insert(*b),
                "round {number}: a team plays twice"
            );
            ensure!(
                !self.met.contains(&((*a).min(*b), (*a).max(*b))),
                "round {number}: seeds {} and {} have met already (4.8)",
                self.seed_of(*a),
                self.seed_of(*b)
            );
        }
        ensure!(playing.len() == self.seeds.len(), "everyone plays");

        // Arrange: the host's board proposes the round's pairs (4.4 / 4.8).
        let proposed_now = |v: &HostView| {
            let stage = &v.ring().stage;
            matches!(stage, RingStage::Qualifying { round, open: 0, .. } if *round == number)
        };
        let view = self
            .hall
            .host_sees(&format!("round {number} to be proposed"), proposed_now)?;
        let RingStage::Qualifying {
            pairs: proposed, ..
        } = &view.ring().stage
        else {
            bail!("not a qualifying stage: {:?}", view.ring().stage)
        };
        ensure!(
            *proposed == pairs,
            "round {number}: proposed {:?}, the rules give {:?} (by seed)",
            self.by_seed(proposed),
            self.by_seed(&pairs)
        );

        // Act: five fights at once on two stages, then every question.
        let opened = self.start_next(&pairs, |i| format!("Круг {number}, бой {i}"))?;
        let stages: Vec<u32> = opened.iter().map(|f| f.stage).collect();
        let alternate: Vec<u32> = (0..opened.len() as u32).map(|i| i % 2 + 1).collect();
        ensure!(
            stages == alternate,
            "fights spread over stages 1 and 2: {stages:?}"
        );
        let mut fights: Vec<Fighting> = opened
            .iter()
            .zip(round.fights)
            .map(|(f, &(_, _, x, y))| Fighting {
                fight: f.id,
                tables: f.tables,
                questions: ending(x, y, 5),
                played: 0,
            })
            .collect();
        self.play(&mut fights, 5)?;

        // Assert: 4.5 — five questions and the fight is decided; a draw
        // stands (no sudden death in qualifying).
        for (f, &(_, _, x, y)) in fights.iter().zip(round.fights) {
            let seen = self.host_fight(f.fight)?;
            let status = match x.cmp(&y) {
                std::cmp::Ordering::Greater => FightStatus::Won { winner: 0 },
                std::cmp::Ordering::Less => FightStatus::Won { winner: 1 },
                std::cmp::Ordering::Equal => FightStatus::Drawn,
            };
            ensure!(
                seen.status == status && seen.score == [x, y],
                "round {number}, fight {}: {:?} {:?}",
                f.fight,
                seen.score,
                seen.status
            );
            let sixth = self.refused(Command::game(
                EVENT_RING,
                RingCommand::Read { fight: f.fight },
            ))?;
            ensure!(
                sixth == RingPlayError::FightOver,
                "4.5: a sixth question in a qualifying fight: {sixth:?}"
            );
        }
        self.close(&fights)?;
        for [a, b] in &pairs {
            self.met.insert(((*a).min(*b), (*a).max(*b)));
        }
        self.table_is(number, round.table)
    }

    /// Seeds of pairs, for messages.
    fn by_seed(&self, pairs: &[[TeamId; 2]]) -> Vec<[usize; 2]> {
        pairs.iter().map(|p| p.map(|t| self.seed_of(t))).collect()
    }

    /// The table after round `number` on the host's board and the
    /// projector: exactly `expected`, ordered by the keys of 4.7.
    fn table_is(
        &mut self,
        number: u32,
        expected: &[(usize, &'static str, i64, u32)],
    ) -> Result<()> {
        let n = number;
        let view = self
            .hall
            .host_sees(&format!("the table after round {n}"), |v| {
                !v.ring().standings.is_empty() && v.ring().standings.iter().all(|r| r.fights == n)
            })?;
        let rows = &view.ring().standings;
        let want: Vec<Line> = expected
            .iter()
            .map(|&(seed, pts, diff, taken)| (self.seed(seed), pts.to_owned(), diff, taken))
            .collect();
        let got = lines(rows);
        ensure!(
            got == want,
            "the table after round {n} (seed, points, difference, taken):\n got  {:?}\n want {:?}",
            self.by_seed_lines(&got),
            self.by_seed_lines(&want)
        );
        // 4.7: points, then the difference, then questions taken, then the
        // higher place after the previous round: never a shared place.
        let before: BTreeMap<TeamId, usize> = self
            .previous
            .iter()
            .enumerate()
            .map(|(i, t)| (*t, i))
            .collect();
        for (i, pair) in rows.windows(2).enumerate() {
            let key = |r: &RingStandingRow| (r.points_halves, r.difference, r.taken);
            let (upper, lower) = (&pair[0], &pair[1]);
            ensure!(
                key(upper) > key(lower)
                    || (key(upper) == key(lower)
                        && before.get(&upper.team) < before.get(&lower.team)),
                "round {n}: place {} is not above place {} by 4.7",
                i + 1,
                i + 2
            );
        }
        let places: Vec<String> = rows.iter().map(|r| r.place.to_string()).collect();
        let strict: Vec<String> = (1..=rows.len()).map(|p| p.to_string()).collect();
        ensure!(places == strict, "places after round {n}: {places:?}");
        self.previous = rows.iter().map(|r| r.team).collect();
        // The hall sees the same table.
        let want_rows = got.clone();
        self.hall
            .display_sees(&format!("the projector's table after round {n}"), |v| {
                lines(&v.ring().standings) == want_rows
            })?;
        Ok(())
    }

    fn by_seed_lines(&self, lines: &[Line]) -> Vec<(usize, String, i64, u32)> {
        lines
            .iter()
            .map(|(t, p, d, k)| (self.seed_of(*t), p.clone(), *d, *k))
            .collect()
    }

    /// Starts the one fight of a play-off or final step: the board must
    /// show `stage`; the fight opens as `label` with `tables`.
    fn one_fight(
        &mut self,
        stage: RingStage,
        label: &str,
        tables: [TeamId; 2],
        questions: Vec<Q>,
    ) -> Result<Fighting> {
        self.stage_is(&stage)?;
        let opened = self.start_next(&[tables], |_| label.to_owned())?;
        let f = opened
            .first()
            .ok_or_else(|| anyhow!("no fight opened for {stage:?}"))?;
        ensure!(f.stage == 1, "{label} on stage {}", f.stage);
        Ok(Fighting {
            fight: f.id,
            tables,
            questions,
            played: 0,
        })
    }

    /// Plays a fight to its end and closes it; `winner` is the table.
    fn play_out(&mut self, mut fight: Fighting, winner: usize) -> Result<RingFightView> {
        let all = fight.questions.len();
        self.play(std::slice::from_mut(&mut fight), all)?;
        let seen = self.host_fight(fight.fight)?;
        ensure!(
            seen.status == FightStatus::Won { winner },
            "{}: {:?} {:?}",
            seen.label,
            seen.score,
            seen.status
        );
        let more = self.refused(Command::game(
            EVENT_RING,
            RingCommand::Read { fight: fight.fight },
        ))?;
        ensure!(
            more == RingPlayError::FightOver,
            "{}: a question after the fight is decided: {more:?}",
            seen.label
        );
        self.close(std::slice::from_ref(&fight))?;
        Ok(seen)
    }

    /// Plays a fight's regulation questions to a draw: it goes on in sudden
    /// death (4.10 / 4.12) and cannot be closed. Returns it for the rest.
    fn regulation_ends_level(
        &mut self,
        mut fight: Fighting,
        regulation: usize,
    ) -> Result<Fighting> {
        self.play(std::slice::from_mut(&mut fight), regulation)?;
        let seen = self.host_fight(fight.fight)?;
        ensure!(
            seen.score[0] == seen.score[1]
                && seen.status
                    == FightStatus::InProgress {
                        next_question: regulation as u32 + 1,
                        sudden_death: true
                    },
            "{} level after {regulation}: {:?} {:?}",
            seen.label,
            seen.score,
            seen.status
        );
        let close = self.refused(Command::game(
            EVENT_RING,
            RingCommand::CloseFight { fight: fight.fight },
        ))?;
        ensure!(
            close == RingPlayError::NotOver,
            "{}: closing a drawn fight: {close:?}",
            seen.label
        );
        Ok(fight)
    }
}

// ------------------------------------------------------------------ the screens

/// Every message the projector and the teams received: the projector
/// never got a press log; a team only ever saw its own fight, without the
/// log. Returns how many fight pictures the teams received (to show the
/// check was not vacuous).
fn screens_kept_their_place(hall: &VirtualHall) -> Result<usize> {
    for msg in &hall.terminals[hall.display].received {
        let fights: Vec<RingFightView> = match &**msg {
            ServerMsg::View(view) => match view.as_ref() {
                View::Display(d) => d.ring().fights.clone(),
                other => bail!("the projector got another view: {other:?}"),
            },
            ServerMsg::Patch { patch, .. } => match patch.as_ref() {
                GamePatch::Ring(f) => vec![f.clone()],
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        ensure!(
            fights.iter().all(|f| f.presses.is_empty()),
            "the projector received a press log"
        );
    }
    let mut seen = 0;
    for (&at, team) in hall.teams.iter().zip(&hall.team_ids) {
        let terminal = &hall.terminals[at];
        ensure!(terminal.identity == Identity::Team(*team));
        for msg in &terminal.received {
            let fight = match &**msg {
                ServerMsg::View(view) => match view.as_ref() {
                    View::Team(t) => {
                        ensure!(t.team == *team, "team {team} got team {}'s view", t.team);
                        own_fight(t).cloned()
                    }
                    other => bail!("team {team} got another view: {other:?}"),
                },
                ServerMsg::Patch { patch, .. } => match patch.as_ref() {
                    GamePatch::Ring(f) => Some(f.clone()),
                    _ => None,
                },
                _ => None,
            };
            if let Some(f) = fight {
                seen += 1;
                ensure!(
                    f.tables.contains(team),
                    "team {team} was shown fight {} of {:?}",
                    f.id,
                    f.tables
                );
                ensure!(f.presses.is_empty(), "team {team} received a press log");
            }
        }
    }
    Ok(seen)
}

// ------------------------------------------------------------------ ChGK

// ------------------------------------------------------------------ the tests

#[test]
fn brain_ring_4_3_to_4_12_a_whole_tournament_from_qualification_to_the_final() -> Result<()> {
    // Arrange: twelve teams play the ChGK day (3, 4.3).
    let mut hall = VirtualHall::open(12, quick_chgk(), Conditions::default())?;
    let team = |hall: &VirtualHall, number: usize| hall.team_ids[number - 1];
    for q in 0..5 {
        let right: BTreeSet<usize> = CHGK_DAY
            .iter()
            .filter(|(_, qs, _, _)| qs.contains(&q))
            .map(|(number, _, _, _)| number - 1)
            .collect();
        hall.play_question(QuestionId(q), ANSWERS[q as usize], "не знаем", |i| {
            right.contains(&i)
        })?;
    }
    let chgk_table: Vec<(TeamId, u32, i64)> = CHGK_DAY
        .iter()
        .map(|&(number, _, pts, rating)| (team(&hall, number), pts, rating))
        .collect();
    let host = hall
        .host_sees("the ChGK table", |v| {
            v.event_chgk()
                .standings
                .iter()
                .map(|r| (r.team, r.points, r.rating))
                .collect::<Vec<_>>()
                == chgk_table
        })
        .context("4.3: points, then the rating (A + 1) − B")?;
    ensure!(
        host.ring().stage == RingStage::NotSeeded,
        "{:?}",
        host.ring().stage
    );

    // Act: the host qualifies ten teams (4.3) with a recorded lot; an odd
    // number cannot be paired (4.8).
    let odd = hall.command(
        hall.host,
        Command::Qualify {
            game: EVENT_RING,
            places: 11,
            seed: 2024,
            cut: CutDecision::default(),
        },
    )?;
    ensure!(
        matches!(
            odd,
            Err(CommandError::Play(PlayError::Game(GameError::Ring(
                RingPlayError::CannotPair { teams: 11 }
            ))))
        ),
        "eleven qualified teams: {odd:?}"
    );
    hall.ok(
        hall.host,
        Command::Qualify {
            game: EVENT_RING,
            places: 10,
            seed: 2024,
            cut: CutDecision::default(),
        },
    )?;
    hall.ok(
        hall.host,
        Command::game(
            EVENT_RING,
            RingCommand::SetTiming {
                timing: rules_timing(),
            },
        ),
    )?;

    // Assert: the ten best by points, then rating, seeded by the same
    // table (4.4); team 8, level with team 3 on points, is out on rating.
    let seeding: Vec<TeamId> = chgk_table.iter().take(10).map(|(t, _, _)| *t).collect();
    let view = hall.host_sees("the seeding", |v| !v.ring().seeding.is_empty())?;
    ensure!(
        view.ring().seeding == seeding,
        "4.3/4.4 seeding {:?}, expected {seeding:?}",
        view.ring().seeding
    );
    ensure!(
        !view.ring().seeding.contains(&team(&hall, 8))
            && !view.ring().seeding.contains(&team(&hall, 5)),
        "teams 8 and 5 did not qualify"
    );
    let spectators = [team(&hall, 8), team(&hall, 5)];
    let mut ring = Tournament::new(hall, seeding);

    // Six qualifying rounds (4.4–4.9).
    for (i, round) in TEN_TEAMS.iter().enumerate() {
        ring.qualifying_round(i as u32 + 1, round)?;
        if i == 0 {
            // The seeding is fixed once the tournament has started.
            let again = ring.hall.command(
                ring.hall.host,
                Command::Qualify {
                    game: EVENT_RING,
                    places: 10,
                    seed: 1,
                    cut: CutDecision::default(),
                },
            )?;
            ensure!(
                matches!(
                    again,
                    Err(CommandError::Play(PlayError::Game(GameError::Ring(
                        RingPlayError::Tournament(_)
                    ))))
                ),
                "qualifying again after round 1: {again:?}"
            );
        }
    }
    // 4.8 over six rounds: 30 different pairs.
    ensure!(ring.met.len() == 30, "{} pairs met", ring.met.len());

    // 4.9–4.11: places 1–5 play «царь горы»: 1st seed1, 2nd seed2, 3rd
    // seed5, 4th seed4, 5th seed3 (below seed 4 on questions taken).
    let (s1, s2, s3, s4, s5) = (
        ring.seed(1),
        ring.seed(2),
        ring.seed(3),
        ring.seed(4),
        ring.seed(5),
    );
    // 5th plays 4th: level 2:2 after five, nobody takes the sixth, the
    // climber (5th) takes the seventh.
    let mut questions = ending(2, 2, 5);
    questions.extend([Q::Nobody, Q::Taken(1)]);
    let first = ring.one_fight(
        RingStage::Playoff {
            teams: [s4, s3],
            open: false,
        },
        "Плей-офф",
        [s4, s3],
        questions,
    )?;
    let first = ring.regulation_ends_level(first, 5)?;
    let fought = ring.play_out(first, 1)?;
    ensure!(
        fought.score == [2, 3],
        "4.10 sudden death: {:?}",
        fought.score
    );
    // The winner plays the 3rd, and wins again.
    let second = ring.one_fight(
        RingStage::Playoff {
            teams: [s5, s3],
            open: false,
        },
        "Плей-офф",
        [s5, s3],
        ending(1, 3, 5),
    )?;
    ring.play_out(second, 1)?;
    // Then the 2nd, who stops the climb.
    let third = ring.one_fight(
        RingStage::Playoff {
            teams: [s2, s3],
            open: false,
        },
        "Плей-офф",
        [s2, s3],
        ending(4, 1, 5),
    )?;
    ring.play_out(third, 0)?;

    // 4.12: the final, 1st against the ladder's winner; three fights of
    // seven, tables swapped after each, two wins take it.
    let f1 = ring.one_fight(
        RingStage::Final {
            number: 1,
            tables: [s1, s2],
            open: false,
        },
        "Финал, бой 1",
        [s1, s2],
        ending(4, 3, 7),
    )?;
    let f1 = ring.play_out(f1, 0)?;
    let mut questions = ending(3, 3, 7);
    questions.push(Q::Taken(0));
    let f2 = ring.one_fight(
        RingStage::Final {
            number: 2,
            tables: [s2, s1],
            open: false,
        },
        "Финал, бой 2",
        [s2, s1],
        questions,
    )?;
    let f2 = ring.regulation_ends_level(f2, 7)?;
    let f2 = ring.play_out(f2, 0)?;
    let f3 = ring.one_fight(
        RingStage::Final {
            number: 3,
            tables: [s1, s2],
            open: false,
        },
        "Финал, бой 3",
        [s1, s2],
        ending(2, 4, 7),
    )?;
    let f3 = ring.play_out(f3, 1)?;
    ensure!(
        [f1.score, f2.score, f3.score] == [[4, 3], [4, 3], [2, 4]],
        "the final's scores"
    );

    // Assert: the champion is the 2nd seed, two fights to one.
    let finished = RingStage::Finished { champion: s2 };
    ring.stage_is(&finished)?;
    let after = ring.refused(Command::game(
        EVENT_RING,
        RingCommand::StartNext { stages: 2 },
    ))?;
    ensure!(
        matches!(after, RingPlayError::Tournament(_)),
        "a step after the final: {after:?}"
    );
    let shown = ring
        .hall
        .display_sees("the champion on the projector", |v| {
            v.ring().stage == finished
        })?;
    let final_table: Vec<Line> = TEN_TEAMS[5]
        .table
        .iter()
        .map(|&(seed, pts, diff, taken)| (ring.seed(seed), pts.to_owned(), diff, taken))
        .collect();
    ensure!(
        lines(&shown.ring().standings) == final_table,
        "the projector's qualifying table"
    );
    ensure!(
        shown.ring().fights.len() == 30 + 3 + 3 && shown.ring().fights.iter().all(|f| f.closed),
        "the projector lists every fight, all closed"
    );
    let finals: Vec<([TeamId; 2], [u32; 2], FightStatus)> = shown
        .ring()
        .fights
        .iter()
        .filter(|f| f.label.starts_with("Финал"))
        .map(|f| (f.tables, f.score, f.status))
        .collect();
    ensure!(
        finals
            == [
                ([s1, s2], [2, 4], FightStatus::Won { winner: 1 }),
                ([s2, s1], [4, 3], FightStatus::Won { winner: 0 }),
                ([s1, s2], [4, 3], FightStatus::Won { winner: 0 }),
            ],
        "the final on the projector (newest first): {finals:?}"
    );
    let ladder: Vec<([TeamId; 2], [u32; 2])> = shown
        .ring()
        .fights
        .iter()
        .filter(|f| f.label == "Плей-офф")
        .map(|f| (f.tables, f.score))
        .collect();
    ensure!(
        ladder == [([s2, s3], [4, 1]), ([s5, s3], [1, 3]), ([s4, s3], [2, 3])],
        "«царь горы» on the projector (newest first): {ladder:?}"
    );
    // 2.2: the final places: the final's two, the ladder's losers (the
    // last out 3rd, the first out 5th), then the qualifying table's rest.
    let mut places = vec![s2, s1, s3, s5, s4];
    places.extend(final_table.iter().skip(5).map(|line| line.0));
    let shown_places: Vec<(u32, TeamId)> = shown
        .ring()
        .final_places
        .iter()
        .map(|row| (row.place, row.team))
        .collect();
    ensure!(
        shown_places
            == places
                .into_iter()
                .zip(1u32..)
                .map(|(t, p)| (p, t))
                .collect::<Vec<_>>(),
        "the final places on the projector: {shown_places:?}"
    );
    let pictures = screens_kept_their_place(&ring.hall)?;
    ensure!(pictures > 0, "the teams never saw a fight");
    for team in spectators {
        let seen = ring.hall.terminals[ring.terminal(team)?].state.view.clone();
        ensure!(
            matches!(&seen, Some(View::Team(t)) if own_fight(t).is_none()),
            "a team that did not qualify has no fight: {seen:?}"
        );
    }
    Ok(())
}

#[test]
fn brain_ring_4_4_to_4_12_six_teams_seeded_by_hand_meet_everyone_once_and_a_2_0_final_ends_early()
-> Result<()> {
    // Arrange: six teams, seeded by hand in an order of the host's own.
    let mut hall = VirtualHall::open(6, quick_chgk(), Conditions::default())?;
    let seeding: Vec<TeamId> = [3, 5, 1, 6, 2, 4]
        .iter()
        .map(|n| hall.team_ids[n - 1])
        .collect();
    hall.ok(
        hall.host,
        Command::game(
            EVENT_RING,
            RingCommand::Seed {
                teams: seeding.clone(),
                seed: 0,
            },
        ),
    )?;
    hall.ok(
        hall.host,
        Command::game(
            EVENT_RING,
            RingCommand::SetTiming {
                timing: rules_timing(),
            },
        ),
    )?;
    let view = hall.host_sees("the seeding", |v| !v.ring().seeding.is_empty())?;
    ensure!(view.ring().seeding == seeding, "{:?}", view.ring().seeding);
    let mut ring = Tournament::new(hall, seeding);

    // Act: five rounds — with six teams, as many as they can play without
    // a rematch (n − 1) — and nothing more.
    for (i, round) in SIX_TEAMS.iter().enumerate() {
        ring.qualifying_round(i as u32 + 1, round)?;
    }
    ensure!(
        ring.met.len() == 15,
        "everyone met everyone once: {}",
        ring.met.len()
    );

    // The play-off: this time the better-placed team wins every fight.
    let s: Vec<TeamId> = (1..=6).map(|n| ring.seed(n)).collect();
    for (teams, score) in [
        ([s[3], s[4]], (3, 1)),
        ([s[2], s[3]], (3, 2)),
        ([s[1], s[2]], (4, 1)),
    ] {
        let fight = ring.one_fight(
            RingStage::Playoff { teams, open: false },
            "Плей-офф",
            teams,
            ending(score.0, score.1, 5),
        )?;
        ring.play_out(fight, 0)?;
    }
    // The final: the 1st wins at table 1, then, tables swapped, at table 2.
    let f1 = ring.one_fight(
        RingStage::Final {
            number: 1,
            tables: [s[0], s[1]],
            open: false,
        },
        "Финал, бой 1",
        [s[0], s[1]],
        ending(4, 2, 7),
    )?;
    ring.play_out(f1, 0)?;
    let f2 = ring.one_fight(
        RingStage::Final {
            number: 2,
            tables: [s[1], s[0]],
            open: false,
        },
        "Финал, бой 2",
        [s[1], s[0]],
        ending(3, 4, 7),
    )?;
    ring.play_out(f2, 1)?;

    // Assert: two wins end the final: no third fight.
    let finished = RingStage::Finished { champion: s[0] };
    ring.stage_is(&finished)?;
    let third = ring.refused(Command::game(
        EVENT_RING,
        RingCommand::StartNext { stages: 1 },
    ))?;
    ensure!(
        matches!(third, RingPlayError::Tournament(_)),
        "a third final fight after 2:0: {third:?}"
    );
    let shown = ring
        .hall
        .display_sees("the champion on the projector", |v| {
            v.ring().stage == finished
        })?;
    ensure!(
        shown.ring().fights.len() == 15 + 3 + 2,
        "{} fights on the projector",
        shown.ring().fights.len()
    );
    let pictures = screens_kept_their_place(&ring.hall)?;
    ensure!(pictures > 0, "the teams never saw a fight");
    Ok(())
}
