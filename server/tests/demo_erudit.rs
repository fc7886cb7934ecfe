//! The Эрудит-квартет demo (`minuta-server demo --game erudit-quartet …
//! --run-to-end`) with a 1-s minute, played in this process on virtual time
//! (the demo's robots alone, nobody joining): eight teams drawn blind with the demo's seed into two groups of
//! four (5.3), robot captains' line-ups and robot players at the buttons
//! (the preamble, 5.7–5.10), then the final of the best of each group
//! (5.4). It exits 0 and leaves the store; `export --format json` places
//! every team, and the game's scoresheet (`export --format sheet --game
//! ID`) scored by `minuta-server score` gives exactly the exported live
//! standings. The first group's game is scripted to end with its 2nd and
//! 3rd equal on points (5.4, 5.5): the demo meets that deciding tie every
//! time, the autopilot host settles it in play, the demo prints it, and the
//! sheet records it.

use crate::common;

use std::collections::BTreeSet;
use std::time::Duration;

use minuta_server::core::{Core, ServerInfo};
use minuta_server::demo::DemoGame;
use minuta_server::store;
use minuta_shared::export::event::FestivalPlaceExport;
use minuta_shared::play::button::PressKind;
use minuta_shared::play::games::GameState;

use common::{every_sheet_scores_as_exported, export_json};

/// The demo takes about 80 s of virtual time with a 1-s minute (180
/// questions), and a few seconds of wall time.
const DEMO_LIMIT: Duration = Duration::from_secs(3_600);

#[test]
fn demo_5_erudit_quartet_plays_two_groups_and_the_final_and_its_sheet_scores_as_exported() {
    // Arrange / act: the whole demo, then the exports.
    let dir = tempfile::tempdir().unwrap();
    let (news, took) = common::play_demo_on_virtual_time(
        dir.path(),
        DemoGame::EruditQuartet,
        Duration::from_secs(1),
        DEMO_LIMIT,
    );
    eprintln!("the Эрудит-квартет demo took {took:?} of wall time");
    let printed = news.join("\n");
    let data = dir.path().join("data");
    let json = export_json(&data);

    // Assert: one game, whose sheet scores as exported.
    let games = &json.games;
    assert_eq!(games.len(), 1, "{json:#?}");
    assert_eq!(games[0].format, "erudit-quartet");
    assert_eq!(every_sheet_scores_as_exported(dir.path(), &json), 1);

    // 5.4, 5.5: the first group's game ended tied across the cut; the
    // host settled it by a shoot-off (a lot only after three questions
    // without a right answer), the demo said so, and the sheet records it.
    let id = games[0].id;
    let sheet: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join(format!("sheet-{id}.json"))).unwrap(),
    )
    .unwrap();
    let ties = sheet["stages"][0][0]["ties"]
        .as_array()
        .expect("the group's ties");
    assert_eq!(ties.len(), 1, "{sheet:#}");
    let tie = &ties[0];
    assert_eq!(tie["teams"].as_array().unwrap().len(), 2, "{tie:#}");
    let shoot_off = tie["shoot-off"].as_array().unwrap();
    assert!(!shoot_off.is_empty(), "no shoot-off question: {tie:#}");
    let answered_right = shoot_off
        .iter()
        .flat_map(|q| q.as_array().unwrap())
        .any(|a| a["correct"] == true);
    assert!(
        answered_right || (shoot_off.len() == 3 && tie["lot"].is_u64()),
        "settled neither by a right answer nor by the lot: {tie:#}"
    );
    assert!(
        printed.contains("demo: Эрудит-квартет, этап 1, группа 1: ничья за места 2–3"),
        "{printed}"
    );
    assert!(printed.contains("решена: перестрелка"), "{printed}");

    // The store: the draw's seed recorded, two groups then the final,
    // every game played to its end, with the demo's themes read.
    let mut core = Core::new(ServerInfo::default());
    core.replay(&store::load(&data).unwrap());
    let GameState::Erudit(t) = &core
        .games()
        .find(|(_, g)| matches!(g.state, GameState::Erudit(_)))
        .expect("the Эрудит-квартет game")
        .1
        .state
    else {
        unreachable!()
    };
    assert!(t.finished());
    assert_eq!(t.seed, 2026);
    let shape: Vec<usize> = t.stages.iter().map(Vec::len).collect();
    assert_eq!(shape, [2, 1]);
    assert_eq!(t.themes.len(), 12);
    let presses: BTreeSet<(bool, bool)> = t
        .stages
        .iter()
        .flatten()
        .filter_map(|g| g.game.as_ref())
        .flat_map(|g| &g.tours)
        .flat_map(|t| &t.rounds)
        .flat_map(|r| &r.questions)
        .flat_map(|q| &q.presses)
        .filter(|p| p.kind == PressKind::Won)
        .map(|p| {
            (
                p.interrupted_after_ms.is_some(),
                p.after_reading_ms.is_some(),
            )
        })
        .collect();
    assert_eq!(
        presses,
        BTreeSet::from([(true, false), (false, true)]),
        "presses that cut the reading short and presses after it"
    );

    // 2.2: every team placed, the finalists first.
    let places = json
        .festival
        .iter()
        .find(|t| t.format == "erudit-quartet")
        .expect("the tournament's places");
    let rows = &places.places;
    assert_eq!(rows.len(), 8, "{places:#?}");
    let first =
        |r: &FestivalPlaceExport| -> u32 { r.place.split('-').next().unwrap().parse().unwrap() };
    assert!(rows[..4].iter().all(|r| first(r) <= 4), "{places:#?}");
    assert!(rows[4..].iter().all(|r| first(r) > 4), "{places:#?}");
}
