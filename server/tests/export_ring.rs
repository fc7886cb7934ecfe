//! `minuta-server export` with Brain-ring: a small tournament played through
//! the core (two teams: one qualifying fight, then the final), stored in a
//! real store, exported as JSON and CSV — the table, the final places, every
//! fight and the press log the jury reads.

use crate::common;

use std::path::Path;

use minuta_server::export::{ExportFormat, export};
use minuta_server::store;
use minuta_shared::export::WholeOrHalf;
use minuta_shared::export::brain_ring::{
    RingExport, RingFinalPlaceExport, RingPressExport, RingQuestionExport, RingTableRowExport,
};
use minuta_shared::export::event::EventExport;
use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{EVENT_RING, FightId, RingCommand};
use minuta_shared::wire::client::Command;

use common::hall::{Hall, T0_US};

const ALPHA: &str = "Альфа";
/// A comma, so the CSV must quote it.
const BETA: &str = "Бета, вторая";

/// Team 1 (Альфа) presses with this round trip and clock offset, team 2 with the other.
const RTT_US: [u64; 2] = [1_200, 800];
const OFFSET_US: [i64; 2] = [15, -40];

impl Hall {
    /// Альфа and Бета registered.
    fn with_the_teams() -> Self {
        let mut hall = Hall::new();
        for name in [ALPHA, BETA] {
            hall.host(Command::RegisterTeam {
                rating_id: None,
                name: name.into(),
                town: "Город".into(),
                players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
            });
        }
        hall
    }

    fn ring_press(&mut self, team: u32) {
        let i = team as usize - 1;
        self.press_with(TeamId(team), RTT_US[i], OFFSET_US[i]);
    }

    fn judge(&mut self, fight: u32, correct: bool) {
        self.host(Command::game(
            EVENT_RING,
            RingCommand::Judge {
                fight: FightId(fight),
                correct,
            },
        ));
    }

    /// One question: read, «Время», then `presser` presses and is judged
    /// right (`Some`), or each team in turn answers wrong (`None`).
    fn ring_question(&mut self, fight: u32, presser: Option<u32>) {
        let f = FightId(fight);
        self.host(Command::game(EVENT_RING, RingCommand::Read { fight: f }));
        self.wait(1_000);
        self.host(Command::game(EVENT_RING, RingCommand::Arm { fight: f }));
        self.wait(300);
        match presser {
            Some(team) => {
                self.ring_press(team);
                self.wait(2_000);
                self.judge(fight, true);
            }
            None => {
                self.ring_press(1);
                self.wait(2_000);
                self.judge(fight, false);
                self.wait(500);
                self.ring_press(2);
                self.wait(2_000);
                self.judge(fight, false);
            }
        }
        self.wait(1_000);
    }

    fn close(&mut self, fight: u32) {
        self.host(Command::game(
            EVENT_RING,
            RingCommand::CloseFight {
                fight: FightId(fight),
            },
        ));
    }
}

/// Seeds the two teams and plays the qualifying fight (3:1 to Альфа). Its
/// first question: Бета false-starts, is locked out, Альфа answers.
fn qualifying(hall: &mut Hall) {
    hall.host(Command::game(
        EVENT_RING,
        RingCommand::Seed {
            teams: vec![TeamId(1), TeamId(2)],
            seed: 0,
        },
    ));
    hall.host(Command::game(
        EVENT_RING,
        RingCommand::StartNext { stages: 1 },
    ));
    hall.host(Command::game(
        EVENT_RING,
        RingCommand::Read { fight: FightId(1) },
    ));
    hall.wait(500);
    hall.ring_press(2); // false start, 500 ms before «Время»
    hall.wait(500);
    hall.host(Command::game(
        EVENT_RING,
        RingCommand::Arm { fight: FightId(1) },
    ));
    hall.wait(100);
    hall.ring_press(2); // locked out by its false start
    hall.wait(100);
    hall.ring_press(1); // the first to count: answers
    hall.wait(2_000);
    hall.judge(1, true);
    hall.wait(1_000);
    // Question 2: Альфа answers wrong, Бета takes it on the second chance.
    hall.host(Command::game(
        EVENT_RING,
        RingCommand::Read { fight: FightId(1) },
    ));
    hall.wait(1_000);
    hall.host(Command::game(
        EVENT_RING,
        RingCommand::Arm { fight: FightId(1) },
    ));
    hall.wait(300);
    hall.ring_press(1);
    hall.wait(2_000);
    hall.judge(1, false);
    hall.wait(500);
    hall.ring_press(2);
    hall.wait(2_000);
    hall.judge(1, true);
    hall.wait(1_000);
    hall.ring_question(1, Some(1));
    hall.ring_question(1, Some(1));
    hall.ring_question(1, None);
    hall.close(1);
}

/// The final: two fights of 7, Альфа takes every question.
fn final_series(hall: &mut Hall) {
    for fight in [2, 3] {
        hall.host(Command::game(
            EVENT_RING,
            RingCommand::StartNext { stages: 1 },
        ));
        for _ in 0..7 {
            hall.ring_question(fight, Some(1));
        }
        hall.close(fight);
    }
}

fn export_json(dir: &Path) -> EventExport {
    serde_json::from_str(&export(dir, ExportFormat::Json).unwrap()).unwrap()
}

/// The export's Brain-ring section.
fn ring_of(json: &EventExport) -> &RingExport {
    json.brain_ring.as_ref().expect("the Brain-ring section")
}

#[test]
fn export_without_brain_ring_stays_chgk_only() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = store::open(dir.path()).unwrap();
    let mut hall = Hall::with_the_teams();
    hall.store_into(&writer);
    writer.shutdown();

    let json = export_json(dir.path());
    assert!(json.brain_ring.is_none(), "{json:#?}");
    let csv = export(dir.path(), ExportFormat::Csv).unwrap();
    assert_eq!(
        csv,
        "place,team,town,points,rating,mask\n1-2,Альфа,Город,0,0,\n1-2,\"Бета, вторая\",Город,0,0,\n"
    );
}

#[test]
fn export_brain_ring_table_fights_press_log_and_final_places() {
    let dir = tempfile::tempdir().unwrap();
    let (writer, _) = store::open(dir.path()).unwrap();
    let mut hall = Hall::with_the_teams();
    qualifying(&mut hall);
    hall.store_into(&writer);

    // Mid-tournament (the store still open, as under a running server):
    // the table, no champion, no final places yet.
    let json = export_json(dir.path());
    let ring = ring_of(&json);
    assert_eq!(ring.stage, "final 1 (not started)", "{ring:#?}");
    assert_eq!(ring.champion, None);
    assert_eq!(ring.final_places, []);
    assert_eq!(ring.seeding, [ALPHA, BETA]);
    // 4.3: no tie at the cut, nothing settled.
    assert_eq!(ring.cut, None);
    let csv = export(dir.path(), ExportFormat::Csv).unwrap();
    assert!(
        csv.ends_with(
            "\nbrain_ring_place,team,points,difference,taken,fights\n\
             1,Альфа,4.5,2,3,1\n2,\"Бета, вторая\",0.5,-2,1,1\n"
        ),
        "{csv}"
    );
    assert!(!csv.contains("brain_ring_final_place"), "{csv}");

    final_series(&mut hall);
    hall.store_into(&writer);
    writer.shutdown();

    let json = export_json(dir.path());
    // The ChGK part is as it was.
    assert_eq!(json.format, "chgk");
    assert_eq!(json.standings.len(), 2);
    let ring = ring_of(&json);
    assert_eq!(ring.stage, "finished", "{ring:#?}");
    assert_eq!(ring.champion.as_deref(), Some(ALPHA));
    let final_place = |place, team: &str| RingFinalPlaceExport {
        place,
        team: team.into(),
    };
    assert_eq!(
        ring.final_places,
        [final_place(1, ALPHA), final_place(2, BETA)]
    );
    let row = |place: &str, team: &str, halves, difference, taken| RingTableRowExport {
        place: place.into(),
        team: team.into(),
        points: WholeOrHalf::from_halves(halves),
        difference,
        taken,
        fights: 1,
    };
    assert_eq!(
        ring.table,
        [row("1", ALPHA, 9, 2, 3), row("2", BETA, 1, -2, 1)]
    );
    // 4.6: the half points as the file writes them.
    assert_eq!(ring.table[0].points, WholeOrHalf::Half(4.5));
    assert_eq!(ring.table[1].points, WholeOrHalf::Half(0.5));

    let fights = &ring.fights;
    assert_eq!(fights.len(), 3);
    let q = &fights[0];
    assert_eq!(q.id, 1);
    assert_eq!(q.label, "Круг 1, бой 1");
    assert_eq!(q.kind, "qualifying round 1");
    assert_eq!(q.stage, 1);
    assert_eq!(q.teams, [ALPHA, BETA]);
    assert_eq!(q.score, [3, 1]);
    assert_eq!(q.result, ALPHA);
    assert!(q.closed);
    let question = |number, outcome: &str, taken_by: Option<&str>| RingQuestionExport {
        number,
        outcome: outcome.into(),
        taken_by: taken_by.map(str::to_owned),
    };
    assert_eq!(
        q.questions,
        [
            question(1, "taken", Some(ALPHA)),
            question(2, "taken", Some(BETA)),
            question(3, "taken", Some(ALPHA)),
            question(4, "taken", Some(ALPHA)),
            question(5, "not taken", None),
        ]
    );
    // The press log: every press, in arrival order, with its evidence.
    let presses = &q.presses;
    assert_eq!(presses.len(), 3 + 2 + 1 + 1 + 2, "{presses:#?}");
    let read_at = T0_US;
    assert_eq!(
        presses[0],
        RingPressExport {
            question: 1,
            team: BETA.into(),
            table: 2,
            // Not armed yet when it arrived: no offset from arming; 0.6 s
            // before the first press after «Время».
            arrived_at_us: read_at + 500_000,
            since_arming_us: None,
            gap_us: Some(-600_000),
            rtt_us: 800,
            clock_offset_us: -40,
            kind: "false start".into(),
        }
    );
    assert_eq!(presses[1].kind, "locked out");
    assert_eq!(presses[1].since_arming_us, Some(100_000));
    assert_eq!(
        presses[2],
        RingPressExport {
            question: 1,
            team: ALPHA.into(),
            table: 1,
            arrived_at_us: read_at + 1_200_000,
            since_arming_us: Some(200_000),
            // 0.1 s after the first press after «Время» (Бета's, locked out).
            gap_us: Some(100_000),
            rtt_us: 1_200,
            clock_offset_us: 15,
            kind: "won".into(),
        }
    );
    assert_eq!(presses[4].team, BETA);
    assert_eq!(presses[4].question, 2);
    assert_eq!(presses[4].kind, "won");
    assert_eq!(q.appeals, []);

    assert_eq!(fights[1].kind, "final 1");
    assert_eq!(fights[1].teams, [ALPHA, BETA]);
    assert_eq!(fights[1].score, [7, 0]);
    // 4.12: the finalists change tables.
    assert_eq!(fights[2].kind, "final 2");
    assert_eq!(fights[2].teams, [BETA, ALPHA]);
    assert_eq!(fights[2].score, [0, 7]);
    assert_eq!(fights[2].result, ALPHA);
    assert_eq!(fights[2].presses.len(), 7);

    // CSV: the ChGK rows exactly as before, then the Brain-ring section.
    let csv = export(dir.path(), ExportFormat::Csv).unwrap();
    assert_eq!(
        csv,
        "place,team,town,points,rating,mask\n\
         1-2,Альфа,Город,0,0,\n\
         1-2,\"Бета, вторая\",Город,0,0,\n\
         \n\
         brain_ring_place,team,points,difference,taken,fights\n\
         1,Альфа,4.5,2,3,1\n\
         2,\"Бета, вторая\",0.5,-2,1,1\n\
         \n\
         brain_ring_final_place,team\n\
         1,Альфа\n\
         2,\"Бета, вторая\"\n"
    );

    // The binary writes the same.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_minuta-server"))
        .args(["export", "--format", "csv", "--data"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), csv);
}
