//! The demos of `minuta-server demo --game brain-ring|festival …
//! --run-to-end` with a 1-s minute, played in this process on virtual time
//! (robots alone, nobody joining): robot teams at the buttons (pressing as terminals do)
//! and an autopilot host play Brain-ring's qualifying rounds, the play-off
//! and the final to a champion (4.4–4.12), and the festival plays its whole
//! programme (2): day one ChGK tours each after a Мультиигры tour (6.3),
//! day two Brain-ring and Эрудит-квартет qualified from day one (4.3, 5.2).
//! Both exit 0 and leave
//! the store; `export --format json` places every team in every tournament
//! (2.2), Brain-ring's teams that did not qualify after those that did, and
//! each game's scoresheet scored by `minuta-server score` gives exactly the
//! exported live standings.

use crate::common;

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

use minuta_server::core::{Core, ServerInfo};
use minuta_server::demo::DemoGame;
use minuta_server::store;
use minuta_shared::export::event::{ChgkStandingExport, EventExport};
use minuta_shared::play::games::GameState;
use minuta_shared::programme::{Slot, SlotStatus};

use common::{every_sheet_scores_as_exported, export_json};

/// The Brain-ring demo takes about 30 s of virtual time with a 1-s minute,
/// the festival about a minute.
const DEMO_LIMIT: Duration = Duration::from_secs(3_600);

/// Plays the demo to its end on `dir`, in this process on virtual time;
/// returns how much wall time it took.
fn run_demo(dir: &Path, game: DemoGame) -> Duration {
    common::play_demo_on_virtual_time(dir, game, Duration::from_secs(1), DEMO_LIMIT).1
}

fn replay(data: &Path) -> Core {
    let mut core = Core::new(ServerInfo::default());
    core.replay(&store::load(data).unwrap());
    core
}

/// 2.2: the festival's table of `format` places every team of `teams`
/// once, places counted from 1 with prizes for places 1–3 only; returns
/// (team, first place) in the table's order.
fn placed(json: &EventExport, format: &str, teams: &BTreeSet<String>) -> Vec<(String, u32)> {
    let table = json
        .festival
        .iter()
        .find(|t| t.format == format)
        .unwrap_or_else(|| panic!("no {format} table in {:#?}", json.festival));
    assert!(!table.name.is_empty(), "{table:#?}");
    let rows: Vec<(String, u32)> = table
        .places
        .iter()
        .map(|row| {
            let first: u32 = row.place.split('-').next().unwrap().parse().unwrap();
            let prize = match first {
                1..=3 => Some(first),
                _ => None,
            };
            assert_eq!(row.prize, prize, "{format}: {row:?}");
            (row.team.clone(), first)
        })
        .collect();
    let names: BTreeSet<String> = rows.iter().map(|(t, _)| t.clone()).collect();
    assert_eq!(&names, teams, "{format}: every team, once");
    assert_eq!(rows.len(), teams.len(), "{format}: nobody twice");
    assert_eq!(rows[0].1, 1, "{format}: {rows:?}");
    assert!(rows.windows(2).all(|w| w[0].1 <= w[1].1), "{rows:?}");
    rows
}

/// What Brain-ring left in the export: every fight closed, the kinds of
/// fight played, the presses' kinds.
fn ring_played(json: &EventExport) -> (BTreeSet<String>, BTreeSet<String>) {
    let ring = json.brain_ring.as_ref().expect("the Brain-ring section");
    assert_eq!(ring.stage, "finished", "{ring:#?}");
    assert!(ring.champion.is_some(), "{ring:#?}");
    assert!(ring.fights.iter().all(|f| f.closed));
    let kinds = ring
        .fights
        .iter()
        .map(|f| f.kind.split(" round").next().unwrap_or(&f.kind).to_owned())
        .collect();
    let presses = ring
        .fights
        .iter()
        .flat_map(|f| &f.presses)
        .map(|p| p.kind.clone())
        .collect();
    (kinds, presses)
}

/// The Brain-ring teams in seeding order.
fn seeding(json: &EventExport) -> Vec<String> {
    json.brain_ring
        .as_ref()
        .expect("the Brain-ring section")
        .seeding
        .clone()
}

/// 4.3, 5.2: no team left out of `qualified` is above one in it in the
/// ChGK standings (points, then rating).
fn best_of_the_chgk_day(json: &EventExport, qualified: &BTreeSet<String>) {
    let key = |row: &ChgkStandingExport| (row.points, row.rating);
    let rows = &json.standings;
    for out in rows.iter().filter(|r| !qualified.contains(&r.team)) {
        for r#in in rows.iter().filter(|r| qualified.contains(&r.team)) {
            assert!(key(out) <= key(r#in), "{out:?} is above {in:?}", in = r#in);
        }
    }
}

#[test]
fn demo_4_brain_ring_robots_press_their_way_through_rounds_play_off_and_final_to_a_champion() {
    // Arrange / act: six robot teams, seeded as they registered.
    let dir = tempfile::tempdir().unwrap();
    let took = run_demo(dir.path(), DemoGame::BrainRing);
    let json = export_json(&dir.path().join("data"));
    eprintln!("the Brain-ring demo took {took:?} of wall time");

    // Assert: 4.5–4.12 all played: qualifying rounds, «царь горы», the
    // final; the buttons saw first presses, late ones, false starts and
    // ties the host decided.
    let (kinds, presses) = ring_played(&json);
    let want: BTreeSet<String> = ["qualifying", "playoff", "final 1", "final 2"]
        .map(String::from)
        .into();
    assert!(want.is_subset(&kinds), "{kinds:?}");
    for kind in ["won", "false start", "contested"] {
        assert!(presses.contains(kind), "no {kind} press: {presses:?}");
    }
    let seeding = seeding(&json);
    assert_eq!(seeding.len(), 6);
    // 2.2: one tournament, every team placed; no other game.
    let teams: BTreeSet<String> = seeding.into_iter().collect();
    let places = placed(&json, "brain-ring", &teams);
    assert_eq!(
        places.iter().map(|(_, p)| *p).collect::<Vec<_>>(),
        (1..=6).collect::<Vec<_>>()
    );
    assert_eq!(json.festival.len(), 1);
    // Brain-ring is a game: its qualifying sheet scores to its table.
    assert_eq!(every_sheet_scores_as_exported(dir.path(), &json), 1);
}

#[test]
fn demo_2_festival_plays_its_programme_and_places_every_team_in_every_tournament() {
    // Arrange / act: eight robot teams, the festival's short programme.
    let dir = tempfile::tempdir().unwrap();
    let took = run_demo(dir.path(), DemoGame::Festival);
    let data = dir.path().join("data");
    let json = export_json(&data);
    eprintln!("the festival demo took {took:?} of wall time");

    // Assert: every game's sheet scores as exported.
    assert_eq!(
        every_sheet_scores_as_exported(dir.path(), &json),
        4,
        "ChGK, Мультиигры, Brain-ring and Эрудит-квартет"
    );
    let teams: BTreeSet<String> = json.standings.iter().map(|r| r.team.clone()).collect();
    assert_eq!(teams.len(), 8);

    // 2 / 6.3 / 4.3 / 5.2: the programme, laid out by the host and followed
    // slot by slot: day one Мультиигры, ChGK, Мультиигры, ChGK; day two
    // Brain-ring and Эрудит-квартет; all done.
    let core = replay(&data);
    let programme = core.programme_view().expect("a programme");
    let days: Vec<Vec<Slot>> = programme
        .days
        .iter()
        .map(|d| d.slots.iter().map(|s| s.slot).collect())
        .collect();
    assert_eq!(days.len(), 2, "{days:?}");
    assert!(matches!(
        days[0].as_slice(),
        [
            Slot::GameTour { tour: 0, .. },
            Slot::ChgkTour { .. },
            Slot::GameTour { tour: 1, .. },
            Slot::ChgkTour { .. }
        ]
    ));
    assert!(
        matches!(
            days[1].as_slice(),
            [Slot::BrainRing, Slot::GameTour { tour: 0, .. }]
        ),
        "{days:?}"
    );
    assert!(
        programme
            .days
            .iter()
            .flat_map(|d| &d.slots)
            .all(|s| s.status == SlotStatus::Done)
    );
    // Played in that order: each Мультиигры tour revealed before its ChGK
    // tour's first question was announced (6.3), and the ChGK day over
    // before the first Brain-ring press.
    let mg = core
        .games()
        .find_map(|(_, g)| match &g.state {
            GameState::Multigames(mg) => Some(mg),
            _ => None,
        })
        .expect("the Мультиигры game");
    assert!(mg.finished_at.is_some());
    let chgk = core.event_chgk().expect("the event's ChGK game");
    for (tour, chgk_tour) in chgk.tours.iter().enumerate() {
        let revealed = mg
            .tasks
            .iter()
            .filter(|t| t.tour.0 as usize == tour)
            .map(|t| t.revealed_at.expect("revealed"))
            .max()
            .expect("tasks in the tour");
        let announced = chgk_tour
            .questions
            .iter()
            .filter_map(|q| chgk.questions.iter().find(|x| x.id == *q))
            .map(|q| q.announced_at.expect("announced"))
            .min()
            .expect("questions in the tour");
        assert!(revealed < announced, "tour {tour}: 6.3");
    }
    let day_one_over = chgk.questions.iter().filter_map(|q| q.revealed_at).max();
    let first_press = core
        .event_ring()
        .expect("Brain-ring")
        .fights
        .values()
        .flat_map(|f| &f.log.presses)
        .map(|p| p.arrived_at)
        .min();
    assert!(day_one_over < first_press, "4.3: Brain-ring after day one");

    // 4.3: the best six of the ChGK day (points, then rating) qualified.
    let (kinds, presses) = ring_played(&json);
    assert!(
        kinds.contains("playoff") && kinds.contains("final 1"),
        "{kinds:?}"
    );
    assert!(presses.contains("won"));
    let qualified: BTreeSet<String> = seeding(&json).into_iter().collect();
    assert_eq!(qualified.len(), 6);
    best_of_the_chgk_day(&json, &qualified);

    // 5.2–5.5: the best four of the same standings, drawn into one group:
    // the final alone, its game of three tours played to its end.
    let GameState::Erudit(erudit) = &core
        .games()
        .find(|(_, g)| matches!(g.state, GameState::Erudit(_)))
        .expect("the Эрудит-квартет game")
        .1
        .state
    else {
        unreachable!()
    };
    assert!(erudit.finished());
    assert_eq!(erudit.stages.len(), 1);
    let quartet: BTreeSet<String> = erudit
        .entrants
        .iter()
        .map(|t| core.registry().team_name(*t))
        .collect();
    assert_eq!(quartet.len(), 4);
    best_of_the_chgk_day(&json, &quartet);
    let ring_ended = core
        .event_ring()
        .expect("Brain-ring")
        .fights
        .values()
        .flat_map(|f| &f.log.presses)
        .map(|p| p.arrived_at)
        .max();
    let first_quartet_press = erudit
        .stages
        .iter()
        .flatten()
        .filter_map(|g| g.game.as_ref())
        .flat_map(|g| &g.tours)
        .flat_map(|t| &t.rounds)
        .flat_map(|r| &r.questions)
        .flat_map(|q| &q.presses)
        .map(|p| p.at)
        .min();
    assert!(ring_ended < first_quartet_press, "the programme's order");

    // 2.2: every tournament places every team; Brain-ring's teams that did
    // not qualify come after all that did.
    let formats: Vec<&str> = json.festival.iter().map(|t| t.format.as_str()).collect();
    assert_eq!(
        formats,
        ["chgk", "multigames", "brain-ring", "erudit-quartet"]
    );
    placed(&json, "chgk", &teams);
    placed(&json, "multigames", &teams);
    let quartet_places = placed(&json, "erudit-quartet", &teams);
    let (top, rest) = quartet_places.split_at(4);
    assert!(
        top.iter().all(|(t, _)| quartet.contains(t)),
        "{quartet_places:?}"
    );
    assert!(rest.iter().all(|(t, p)| !quartet.contains(t) && *p > 4));
    let ring = placed(&json, "brain-ring", &teams);
    let (top, rest) = ring.split_at(6);
    assert!(top.iter().all(|(t, _)| qualified.contains(t)), "{ring:?}");
    assert!(rest.iter().all(|(t, p)| !qualified.contains(t) && *p > 6));
    assert_eq!(
        top.iter().map(|(_, p)| *p).collect::<Vec<_>>(),
        (1..=6).collect::<Vec<_>>(),
        "Brain-ring's final places are never shared"
    );
}
