//! The Brain-ring tournament and its fights driven by events with a virtual
//! clock: every transition of 4.1–4.16 and the button.

use super::*;
use crate::play::brain_ring::rules::FightStatus;
use crate::play::brain_ring::{ButtonPhase, EarlyPress, FightAudience, RingStage};

fn t(ms: u64) -> ServerTime {
    ServerTime(1_000_000_000 + ms * 1000)
}

struct Ring {
    tournament: RingTournament,
    clock: u64,
}

impl Ring {
    fn seeded(teams: u32) -> Self {
        let mut tournament = RingTournament::default();
        tournament.apply(&RingEvent::Qualified {
            teams: (1..=teams).map(TeamId).collect(),
            seed: 7,
        });
        Ring {
            tournament,
            clock: 0,
        }
    }

    fn tick(&mut self, ms: u64) -> ServerTime {
        self.clock += ms;
        t(self.clock)
    }

    fn apply(&mut self, e: RingEvent) -> Option<PressKind> {
        self.tournament.apply(&e)
    }

    fn start_next(&mut self) -> Vec<FightId> {
        let events = self.tournament.handle_start_next(2).unwrap();
        let ids = events
            .iter()
            .filter_map(|e| match e {
                RingEvent::FightOpened { fight, .. } => Some(*fight),
                _ => None,
            })
            .collect();
        for e in events {
            self.apply(e);
        }
        ids
    }

    /// One question: read, arm, `table` presses and is judged `correct`.
    fn question(&mut self, fight: FightId, taken_by: Option<Table>) {
        let at = self.tick(1_000);
        self.apply(RingEvent::QuestionRead { fight, at });
        let at = self.tick(5_000);
        self.apply(RingEvent::Armed { fight, at });
        match taken_by {
            Some(table) => {
                let team = self.tournament.fight(fight).unwrap().tables[table];
                let at = self.tick(3_000);
                assert_eq!(
                    self.apply(RingEvent::Pressed {
                        fight,
                        team,
                        at,
                        rtt_us: 200,
                        clock_offset_us: 0
                    }),
                    Some(PressKind::Won)
                );
                let at = self.tick(2_000);
                self.apply(RingEvent::Judged {
                    fight,
                    correct: true,
                    at,
                });
            }
            None => {
                self.tick(61_000);
                self.tournament.advance(t(self.clock));
            }
        }
    }

    /// Plays a fight to the score `a:b` (by table), then closes it.
    fn play(&mut self, fight: FightId, a: u32, b: u32) {
        for _ in 0..a {
            self.question(fight, Some(0));
        }
        for _ in 0..b {
            self.question(fight, Some(1));
        }
        while matches!(
            self.tournament.fight(fight).unwrap().status(),
            FightStatus::InProgress {
                sudden_death: false,
                ..
            }
        ) {
            self.question(fight, None);
        }
        let at = self.tick(1_000);
        self.apply(RingEvent::FightClosed { fight, at });
    }
}

#[test]
fn brain_ring_4_6_a_3_2_fight_scores_4_5_and_1() {
    let mut ring = Ring::seeded(2);
    let ids = ring.start_next();
    ring.play(ids[0], 3, 2);
    let table = ring.tournament.standings();
    assert_eq!(table[0].0, TeamId(1));
    assert_eq!(table[0].1.points.as_f64(), 4.5);
    assert_eq!(table[1].1.points.as_f64(), 1.0);
}

#[test]
fn brain_ring_4_4_round_one_pairs_by_seeding_and_4_8_later_rounds_avoid_rematches() {
    let mut ring = Ring::seeded(4);
    let RingStage::Qualifying {
        round: 1, pairs, ..
    } = ring.tournament.stage()
    else {
        panic!()
    };
    assert_eq!(pairs, vec![[TeamId(1), TeamId(2)], [TeamId(3), TeamId(4)]]);
    let ids = ring.start_next();
    assert_eq!(
        ring.tournament.fight(ids[1]).unwrap().stage,
        2,
        "fights spread over the stages"
    );
    ring.play(ids[0], 3, 0); // 1 beats 2
    ring.play(ids[1], 3, 0); // 3 beats 4
    let RingStage::Qualifying {
        round: 2,
        pairs,
        open: 0,
    } = ring.tournament.stage()
    else {
        panic!()
    };
    // 1 and 3 lead; 1 has met 2 already.
    assert_eq!(pairs, vec![[TeamId(1), TeamId(3)], [TeamId(2), TeamId(4)]]);
}

/// Plays the open round: each `(a, b, score_a, score_b)` by team number.
fn play_round(ring: &mut Ring, results: &[(u32, u32, u32, u32)]) {
    let ids = ring.start_next();
    assert_eq!(ids.len(), results.len(), "one fight per pair");
    for id in ids {
        let tables = ring.tournament.fight(id).unwrap().tables;
        let &(a, _, sa, sb) = results
            .iter()
            .find(|(a, b, ..)| {
                tables == [TeamId(*a), TeamId(*b)] || tables == [TeamId(*b), TeamId(*a)]
            })
            .unwrap_or_else(|| panic!("unexpected pair {tables:?}"));
        if tables[0] == TeamId(a) {
            ring.play(id, sa, sb);
        } else {
            ring.play(id, sb, sa);
        }
    }
}

#[test]
fn brain_ring_4_8_when_no_round_without_rematches_exists_the_play_off_follows() {
    // Six teams may play five rounds, but these results leave no pairing
    // for round 4 in which nobody meets an old rival.
    let mut ring = Ring::seeded(6);
    play_round(&mut ring, &[(1, 2, 2, 2), (3, 4, 2, 2), (5, 6, 2, 2)]);
    play_round(&mut ring, &[(1, 3, 3, 1), (2, 5, 4, 0), (4, 6, 3, 1)]);
    play_round(&mut ring, &[(2, 4, 3, 1), (1, 6, 3, 0), (3, 5, 3, 1)]);
    let stage = ring.tournament.stage();
    let RingStage::Playoff { teams, open: false } = stage else {
        panic!("the play-off follows, not {stage:?}")
    };
    let table: Vec<TeamId> = ring.tournament.standings().iter().map(|r| r.0).collect();
    assert_eq!(
        teams,
        [table[3], table[4]],
        "4th and 5th open the play-off (4.11)"
    );
    let ids = ring.start_next();
    assert_eq!(ids.len(), 1);
    assert_eq!(
        ring.tournament.fight(ids[0]).unwrap().kind,
        FightKind::Playoff
    );
}

#[test]
fn brain_ring_a_round_cannot_start_while_fights_are_open() {
    let mut ring = Ring::seeded(4);
    ring.start_next();
    assert!(matches!(
        ring.tournament.handle_start_next(1),
        Err(RingPlayError::Tournament(_))
    ));
}

#[test]
fn brain_ring_4_9_to_4_12_the_whole_tournament_from_qualification_to_the_champion() {
    let mut ring = Ring::seeded(6);
    // 6 teams: 5 rounds (everyone meets everyone once), the higher seed wins.
    for _ in 0..5 {
        let ids = ring.start_next();
        assert_eq!(ids.len(), 3);
        for id in ids {
            ring.play(id, 3, 1);
        }
    }
    // «Царь горы»: 5th plays 4th first.
    let RingStage::Playoff { teams, open: false } = ring.tournament.stage() else {
        panic!("{:?}", ring.tournament.stage())
    };
    let table: Vec<TeamId> = ring
        .tournament
        .standings()
        .iter()
        .map(|(t, _)| *t)
        .collect();
    assert_eq!(teams, [table[3], table[4]]);
    for _ in 0..3 {
        let ids = ring.start_next();
        assert_eq!(
            ring.tournament.fight(ids[0]).unwrap().format,
            FightFormat::PLAYOFF
        );
        ring.play(ids[0], 1, 3); // the climber (table 1) wins each time
    }
    let RingStage::Final {
        number: 1,
        tables,
        open: false,
    } = ring.tournament.stage()
    else {
        panic!()
    };
    assert_eq!(tables[0], table[0]);
    // 4.12: three fights of 7, tables change after each; two wins take it.
    let first = ring.start_next()[0];
    assert_eq!(
        ring.tournament.fight(first).unwrap().format,
        FightFormat::FINAL
    );
    ring.play(first, 4, 3);
    let RingStage::Final {
        number: 2,
        tables: swapped,
        ..
    } = ring.tournament.stage()
    else {
        panic!()
    };
    assert_eq!(swapped, [tables[1], tables[0]]);
    assert!(ring.tournament.final_places().is_empty(), "not decided yet");
    let second = ring.start_next()[0];
    ring.play(second, 3, 4); // table 1 is now the first finalist: it wins again
    assert_eq!(
        ring.tournament.stage(),
        RingStage::Finished {
            champion: tables[0]
        }
    );
    // 2.2: the final's two, the play-off's losers (the last out is 3rd),
    // then the rest of the qualifying table.
    assert_eq!(
        ring.tournament.final_places(),
        vec![
            (table[0], 1),
            (table[4], 2),
            (table[1], 3),
            (table[2], 4),
            (table[3], 5),
            (table[5], 6),
        ]
    );
}

#[test]
fn brain_ring_4_10_a_drawn_play_off_fight_goes_to_sudden_death() {
    let mut ring = Ring::seeded(2);
    let fight = ring
        .tournament
        .handle_friendly([TeamId(1), TeamId(2)], FightFormat::PLAYOFF)
        .unwrap();
    ring.apply(fight);
    let id = FightId(1);
    for table in [0, 1, 0, 1] {
        ring.question(id, Some(table));
    }
    ring.question(id, None);
    assert_eq!(
        ring.tournament.fight(id).unwrap().status(),
        FightStatus::InProgress {
            next_question: 6,
            sudden_death: true
        }
    );
    ring.question(id, None);
    ring.question(id, Some(1));
    assert_eq!(
        ring.tournament.fight(id).unwrap().status(),
        FightStatus::Won { winner: 1 }
    );
    assert_eq!(ring.tournament.fight(id).unwrap().winner(), Some(TeamId(2)));
}

#[test]
fn brain_ring_a_wrong_answer_then_the_rival_takes_it_in_the_20_seconds() {
    let mut ring = Ring::seeded(2);
    ring.start_next();
    let id = FightId(1);
    ring.apply(RingEvent::QuestionRead {
        fight: id,
        at: t(0),
    });
    ring.apply(RingEvent::Armed {
        fight: id,
        at: t(1_000),
    });
    ring.apply(RingEvent::Pressed {
        fight: id,
        team: TeamId(1),
        at: t(2_000),
        rtt_us: 1,
        clock_offset_us: 0,
    });
    ring.apply(RingEvent::Judged {
        fight: id,
        correct: false,
        at: t(3_000),
    });
    let q = ring.tournament.fight(id).unwrap().current.clone().unwrap();
    assert_eq!(
        q.phase,
        ButtonPhase::SecondChance {
            table: 1,
            opened_at: t(3_000),
            deadline: t(23_000)
        }
    );
    assert_eq!(
        ring.tournament.next_deadline(),
        Some(ServerTime(t(23_000).0 + 1))
    );
    let kind = ring.apply(RingEvent::Pressed {
        fight: id,
        team: TeamId(2),
        at: t(20_000),
        rtt_us: 1,
        clock_offset_us: 0,
    });
    assert_eq!(kind, Some(PressKind::Won));
    ring.apply(RingEvent::Judged {
        fight: id,
        correct: true,
        at: t(21_000),
    });
    assert_eq!(ring.tournament.fight(id).unwrap().count().score, [0, 1]);
}

#[test]
fn brain_ring_every_press_is_logged_with_its_evidence() {
    let mut ring = Ring::seeded(2);
    ring.start_next();
    let id = FightId(1);
    ring.apply(RingEvent::QuestionRead {
        fight: id,
        at: t(0),
    });
    ring.apply(RingEvent::Pressed {
        fight: id,
        team: TeamId(2),
        at: t(500),
        rtt_us: 310,
        clock_offset_us: -42,
    });
    ring.apply(RingEvent::Armed {
        fight: id,
        at: t(1_000),
    });
    ring.apply(RingEvent::Pressed {
        fight: id,
        team: TeamId(1),
        at: t(1_200),
        rtt_us: 250,
        clock_offset_us: 7,
    });
    ring.apply(RingEvent::Pressed {
        fight: id,
        team: TeamId(2),
        at: ServerTime(t(1_200).0 + 37_000),
        rtt_us: 300,
        clock_offset_us: 0,
    });
    ring.apply(RingEvent::Pressed {
        fight: id,
        team: TeamId(1),
        at: t(1_300),
        rtt_us: 250,
        clock_offset_us: 7,
    });
    let fight = ring.tournament.fight(id).unwrap();
    let kinds: Vec<PressKind> = fight.log.presses.iter().map(|p| p.kind).collect();
    assert_eq!(
        kinds,
        vec![
            PressKind::FalseStart,
            PressKind::Won,
            PressKind::LockedOut,
            PressKind::Repeated
        ]
    );
    let first = &fight.log.presses[0];
    assert_eq!(
        (first.since_arming_us, first.rtt_us, first.clock_offset_us),
        (None, 310, -42)
    );
    assert_eq!(fight.log.presses[1].since_arming_us, Some(200_000));
    let view = fight.view(["A".into(), "B".into()], 1, FightAudience::Staff);
    let gaps: Vec<u64> = view.presses.iter().map(|(_, gap)| *gap).collect();
    // Gaps count from the first press after «Время»; the false start is before it.
    assert_eq!(gaps, vec![0, 0, 37_000, 100_000]);
}

#[test]
fn brain_ring_early_presses_ignored_by_setting_keep_the_right_to_answer() {
    let mut ring = Ring::seeded(2);
    ring.apply(RingEvent::TimingSet {
        timing: RingTiming {
            early_press: EarlyPress::Ignored,
            ..RingTiming::default()
        },
    });
    ring.start_next();
    let id = FightId(1);
    ring.apply(RingEvent::QuestionRead {
        fight: id,
        at: t(0),
    });
    ring.apply(RingEvent::Pressed {
        fight: id,
        team: TeamId(1),
        at: t(500),
        rtt_us: 1,
        clock_offset_us: 0,
    });
    ring.apply(RingEvent::Armed {
        fight: id,
        at: t(1_000),
    });
    let kind = ring.apply(RingEvent::Pressed {
        fight: id,
        team: TeamId(1),
        at: t(1_100),
        rtt_us: 1,
        clock_offset_us: 0,
    });
    assert_eq!(kind, Some(PressKind::Won));
}

#[test]
fn brain_ring_4_13_to_4_16_appeals_before_the_next_question() {
    let mut ring = Ring::seeded(2);
    ring.start_next();
    let id = FightId(1);
    // Q1: team 1 answers wrong, team 2 takes it.
    ring.apply(RingEvent::QuestionRead {
        fight: id,
        at: t(0),
    });
    ring.apply(RingEvent::Armed {
        fight: id,
        at: t(1_000),
    });
    ring.apply(RingEvent::Pressed {
        fight: id,
        team: TeamId(1),
        at: t(2_000),
        rtt_us: 1,
        clock_offset_us: 0,
    });
    assert_eq!(
        ring.tournament
            .check_appeal(id, TeamId(1), RingAppealKind::AcceptOurAnswer),
        Err(RingPlayError::AppealTooLate)
    );
    ring.apply(RingEvent::Judged {
        fight: id,
        correct: false,
        at: t(3_000),
    });
    ring.apply(RingEvent::Pressed {
        fight: id,
        team: TeamId(2),
        at: t(4_000),
        rtt_us: 1,
        clock_offset_us: 0,
    });
    ring.apply(RingEvent::Judged {
        fight: id,
        correct: true,
        at: t(5_000),
    });
    assert_eq!(ring.tournament.fight(id).unwrap().count().score, [0, 1]);
    // 4.15: team 1 says its answer was right; team 2, which took it, cannot.
    assert_eq!(
        ring.tournament
            .check_appeal(id, TeamId(2), RingAppealKind::AcceptOurAnswer),
        Err(RingPlayError::NobodyAnswering)
    );
    assert_eq!(
        ring.tournament
            .check_appeal(id, TeamId(1), RingAppealKind::AcceptOurAnswer),
        Ok(1)
    );
    ring.apply(RingEvent::AppealFiled {
        fight: id,
        team: TeamId(1),
        kind: RingAppealKind::AcceptOurAnswer,
        text: "синоним".into(),
        at: t(6_000),
    });
    // 4.16: no next question before the decision.
    assert_eq!(
        ring.tournament.fight(id).unwrap().check_read(),
        Err(RingPlayError::AppealPending)
    );
    ring.apply(RingEvent::AppealResolved {
        fight: id,
        appeal: 1,
        upheld: true,
        reply: "принято".into(),
        at: t(7_000),
    });
    assert_eq!(ring.tournament.fight(id).unwrap().count().score, [1, 0]);
    // 4.14: Q2 taken by team 1, then withdrawn on team 2's appeal and replaced.
    ring.question(id, Some(0));
    assert_eq!(ring.tournament.fight(id).unwrap().count().score, [2, 0]);
    ring.apply(RingEvent::AppealFiled {
        fight: id,
        team: TeamId(2),
        kind: RingAppealKind::QuestionIncorrect,
        text: "два ответа".into(),
        at: t(200_000),
    });
    ring.apply(RingEvent::AppealResolved {
        fight: id,
        appeal: 2,
        upheld: true,
        reply: "снят".into(),
        at: t(201_000),
    });
    let fight = ring.tournament.fight(id).unwrap();
    assert_eq!(fight.count().score, [1, 0]);
    assert_eq!(
        fight.status(),
        FightStatus::InProgress {
            next_question: 2,
            sudden_death: false
        }
    );
    ring.apply(RingEvent::QuestionRead {
        fight: id,
        at: t(202_000),
    });
    assert_eq!(
        ring.tournament
            .fight(id)
            .unwrap()
            .current
            .as_ref()
            .unwrap()
            .number,
        3,
        "the replacement is read third"
    );
}

#[test]
fn brain_ring_a_fight_closes_only_when_decided() {
    let mut ring = Ring::seeded(2);
    ring.start_next();
    let id = FightId(1);
    ring.question(id, Some(0));
    assert_eq!(
        ring.tournament.fight(id).unwrap().check_close(),
        Err(RingPlayError::NotOver)
    );
    for _ in 0..4 {
        ring.question(id, None);
    }
    assert_eq!(ring.tournament.fight(id).unwrap().check_close(), Ok(()));
}
