//! 4.3 (and 5.2 as 4.3): a tie across the qualification cut stops for the
//! host, naming the tied teams and the places at stake, and is settled by
//! a shoot-off on the tied teams' cards or by the host's lot.

use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{EVENT_RING, RingBoard, RingStage};
use minuta_shared::play::chgk::Verdict;
use minuta_shared::play::cut::QualifyingCut;
use minuta_shared::play::format::LiveFormat;
use minuta_shared::play::games::{GameDisplayView, GameStaffView};
use minuta_shared::wire::client::{Command, CutDecision, CutStep};
use minuta_shared::wire::server::{CommandError, Receipt};

use super::tests::{Game, at};

/// Four teams; teams 1, 2 and 3 took the one question (level on points
/// and rating), team 4 did not.
fn three_level() -> Game {
    let mut g = Game::new(4);
    g.play_minute(0, at(0));
    for team in 1..=3 {
        g.card(team, 0, "Пушкин", at(1_000)).unwrap();
    }
    g.card(4, 0, "Лермонтов", at(1_000)).unwrap();
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    g.judge(0, "Лермонтов", Verdict::Wrong, at(64_000));
    g
}

fn qualify(g: &mut Game, cut: CutDecision) -> Result<Receipt, CommandError> {
    g.host(
        Command::Qualify {
            game: EVENT_RING,
            places: 2,
            seed: 1,
            cut,
        },
        at(70_000),
    )
}

fn tie(teams: &[u32], places: u32) -> CommandError {
    CommandError::TieAtTheCut {
        teams: teams
            .iter()
            .map(|&t| (TeamId(t), format!("Команда {t}")))
            .collect(),
        places,
    }
}

fn seeded(g: &Game) -> Vec<TeamId> {
    let RingStage::Qualifying { pairs, .. } = g.core.event_ring().expect("Brain-ring").stage()
    else {
        panic!("not seeded")
    };
    let mut teams = pairs[0].to_vec();
    teams.sort();
    teams
}

#[test]
fn brain_ring_4_3_tie_at_the_cut_stops_for_the_host_naming_the_teams() {
    let mut g = three_level();
    assert_eq!(
        qualify(&mut g, CutDecision::default()),
        Err(tie(&[1, 2, 3], 2))
    );
    assert!(matches!(
        g.core.event_ring().expect("Brain-ring").stage(),
        RingStage::NotSeeded
    ));
}

#[test]
fn brain_ring_4_3_shoot_off_on_cards_repeated_until_the_tie_breaks() {
    let mut g = three_level();
    let t = |ids: &[u32]| ids.iter().map(|&i| TeamId(i)).collect::<Vec<_>>();
    // All three right: nothing changes. Team 3 alone right: it goes on;
    // teams 1 and 2 still level for the last place.
    let partly = CutDecision {
        shoot_off: vec![t(&[1, 2, 3]), t(&[3])],
        lot: None,
    };
    assert_eq!(qualify(&mut g, partly), Err(tie(&[1, 2], 1)));
    let settled = CutDecision {
        shoot_off: vec![t(&[1, 2, 3]), t(&[3]), t(&[2])],
        lot: None,
    };
    assert_eq!(qualify(&mut g, settled), Ok(Receipt::Done));
    assert_eq!(seeded(&g), t(&[2, 3]));
}

#[test]
fn brain_ring_4_3_the_hosts_lot_with_its_seed_settles_the_cut() {
    let mut g = three_level();
    let lot = CutDecision {
        shoot_off: Vec::new(),
        lot: Some(2026),
    };
    assert_eq!(qualify(&mut g, lot), Ok(Receipt::Done));
    let teams = seeded(&g);
    assert_eq!(teams.len(), 2);
    assert!(teams.iter().all(|t| (1..=3).contains(&t.0)), "{teams:?}");
}

fn settle(g: &mut Game, step: CutStep) -> Result<Receipt, CommandError> {
    g.host(
        Command::SettleCut {
            game: EVENT_RING,
            places: 2,
            seed: 1,
            step,
        },
        at(80_000),
    )
}

fn right(ids: &[u32]) -> CutStep {
    CutStep::ShootOff {
        right: ids.iter().map(|&i| TeamId(i)).collect(),
    }
}

fn recorded(g: &Game) -> QualifyingCut {
    g.core
        .event_ring()
        .expect("Brain-ring")
        .cut
        .clone()
        .expect("a recorded cut")
}

/// The Brain-ring board the projector shows.
fn hall_board(g: &Game) -> RingBoard {
    let view = g.core.display_view(at(90_000));
    view.games
        .into_iter()
        .find_map(|entry| match entry.view {
            GameDisplayView::Ring(board) => Some(board),
            _ => None,
        })
        .expect("Brain-ring on the projector")
}

#[test]
fn brain_ring_4_3_shoot_off_question_stored_replayed_and_the_next_breaks_the_tie() {
    let mut g = three_level();
    assert_eq!(
        qualify(&mut g, CutDecision::default()),
        Err(tie(&[1, 2, 3], 2))
    );
    // Question 1: team 3 alone right — it goes on; 1 and 2 still level.
    assert_eq!(settle(&mut g, right(&[3])), Ok(Receipt::Done));
    let cut = recorded(&g);
    assert_eq!(cut.tied, vec![TeamId(1), TeamId(2), TeamId(3)]);
    assert_eq!(cut.shoot_off, vec![vec![TeamId(3)]]);
    assert_eq!(cut.still_tied, vec![TeamId(1), TeamId(2)]);
    assert_eq!(cut.left, 1);
    // Every staff screen sees the shoot-off so far.
    let staff = g.core.staff_view(at(80_000), false);
    let board = staff
        .games
        .iter()
        .find_map(|entry| match &entry.view {
            GameStaffView::Ring(ring) => ring.board.cut.clone(),
            _ => None,
        })
        .expect("the cut on a judge's screen");
    assert_eq!(board.shoot_off, vec![vec!["Команда 3".to_owned()]]);

    // The server starts again: the shoot-off is still there.
    g.restart();
    assert_eq!(recorded(&g), cut);
    // «Отобрать» again goes on from the recorded shoot-off.
    assert_eq!(
        qualify(&mut g, CutDecision::default()),
        Err(tie(&[1, 2], 1))
    );
    // Question 2: team 2 right — the tie is broken, the teams qualify.
    assert_eq!(settle(&mut g, right(&[2])), Ok(Receipt::Done));
    assert_eq!(seeded(&g), vec![TeamId(2), TeamId(3)]);
    let settled = recorded(&g);
    assert!(settled.settled());
    assert_eq!(settled.shoot_off, vec![vec![TeamId(3)], vec![TeamId(2)]]);
    // A further question is refused: the tie is settled.
    assert!(matches!(
        settle(&mut g, right(&[1])),
        Err(CommandError::Qualification(_))
    ));
}

#[test]
fn brain_ring_4_3_shoot_off_naming_a_team_not_tied_is_refused_and_not_stored() {
    let mut g = three_level();
    assert!(matches!(
        settle(&mut g, right(&[4])),
        Err(CommandError::Qualification(_))
    ));
    assert_eq!(g.core.event_ring().expect("Brain-ring").cut, None);
}

#[test]
fn brain_ring_4_3_lot_seed_stored_and_shown_on_the_projector() {
    let mut g = three_level();
    assert_eq!(
        settle(&mut g, CutStep::Lot { seed: 2026 }),
        Ok(Receipt::Done)
    );
    let cut = recorded(&g);
    assert_eq!(cut.lot, Some(2026));
    assert_eq!(cut.lot_order.len(), 3);
    // The first two drawn took the two places.
    let mut first_two = cut.lot_order[..2].to_vec();
    first_two.sort();
    assert_eq!(seeded(&g), first_two);
    g.restart();
    let board = hall_board(&g).cut.expect("the lot on the projector");
    assert_eq!(board.lot, Some(2026));
    assert_eq!(
        board.lot_order,
        cut.lot_order
            .iter()
            .map(|t| format!("Команда {}", t.0))
            .collect::<Vec<_>>()
    );
}

#[test]
fn brain_ring_4_3_sheet_records_how_the_cut_was_settled_and_scores() {
    let mut g = three_level();
    settle(&mut g, right(&[3])).unwrap();
    settle(&mut g, right(&[2])).unwrap();
    let ring = g.core.event_ring().expect("Brain-ring");
    let sheet = serde_json::to_value(LiveFormat::sheet(ring, g.core.roster())).unwrap();
    assert_eq!(
        sheet["qualification"]["cut"],
        serde_json::json!({
            "tied": ["Команда 1", "Команда 2", "Команда 3"],
            "places": 2,
            "shoot_off": [["Команда 3"], ["Команда 2"]],
            "lot": null,
        })
    );
    minuta_shared::play::score::score_sheet(&sheet.to_string()).expect("the sheet scores");
}

#[test]
fn erudit_5_2_shoot_off_at_the_cut_stored_replayed_and_the_lot_settles_it() {
    use minuta_shared::play::erudit::EruditTiming;
    use minuta_shared::play::games::GameSettings;
    // Five teams: team 1 alone right, teams 2–5 level for the 3 places left.
    let mut g = Game::new(5);
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    for team in 2..=5 {
        g.card(team, 0, "Лермонтов", at(1_000)).unwrap();
    }
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    g.judge(0, "Лермонтов", Verdict::Wrong, at(64_000));
    let Ok(Receipt::GameAdded { game }) = g.host(
        Command::AddGame {
            name: "Эрудит-квартет".into(),
            settings: GameSettings::Erudit(EruditTiming::default()),
        },
        at(65_000),
    ) else {
        panic!("game added")
    };
    let step = |g: &mut Game, step: CutStep| {
        g.host(
            Command::SettleCut {
                game,
                places: 4,
                seed: 3,
                step,
            },
            at(70_000),
        )
    };
    let recorded = |g: &Game| {
        g.core
            .game(game)
            .and_then(|slot| slot.state.qualifying_cut().cloned())
            .expect("a recorded cut")
    };
    // Question 1: nobody right — still four level for three places.
    assert_eq!(step(&mut g, right(&[])), Ok(Receipt::Done));
    g.restart();
    assert_eq!(recorded(&g).shoot_off, vec![Vec::<TeamId>::new()]);
    assert_eq!(recorded(&g).still_tied.len(), 4);
    // The host's lot settles it: kept with its seed and order.
    assert_eq!(step(&mut g, CutStep::Lot { seed: 11 }), Ok(Receipt::Done));
    let cut = recorded(&g);
    assert!(cut.settled());
    assert_eq!((cut.lot, cut.lot_order.len()), (Some(11), 4));
}

#[test]
fn brain_ring_4_4_the_seeding_lot_is_recorded_and_shown_on_the_projector() {
    // Arrange: four teams; 1 and 2 right, 3 and 4 wrong: two full ties in
    // the seeding table, none at the cut (all four qualify).
    let mut g = Game::new(4);
    g.play_minute(0, at(0));
    for (team, answer) in [(1, "Пушкин"), (2, "Пушкин"), (3, "Гоголь"), (4, "Гоголь")]
    {
        g.card(team, 0, answer, at(1_000)).unwrap();
    }
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    g.judge(0, "Гоголь", Verdict::Wrong, at(64_000));

    // Act: «Отобрать» with the host's seed.
    let qualify = Command::Qualify {
        game: EVENT_RING,
        places: 4,
        seed: 2026,
        cut: CutDecision::default(),
    };
    assert_eq!(g.host(qualify, at(70_000)), Ok(Receipt::Done));

    // Assert: the seed and each tied group's drawn order are stored, in
    // the seeding's order; no tie at the cut.
    let cut = recorded(&g);
    assert_eq!(cut.seed, 2026);
    assert!(!cut.cut_tied());
    assert_eq!(cut.seeding_lot.len(), 2);
    let mut top = cut.seeding_lot[0].clone();
    top.sort();
    assert_eq!(top, [TeamId(1), TeamId(2)]);
    let ring = g.core.event_ring().expect("Brain-ring");
    let order: Vec<TeamId> = cut.seeding_lot.concat();
    assert_eq!(ring.teams, order, "the seeding is the lot's order");
    // The sheet carries no cut and still scores; a replay shows the same.
    let sheet = serde_json::to_value(LiveFormat::sheet(ring, g.core.roster())).unwrap();
    assert!(sheet.get("qualification").is_none_or(|q| q.is_null()));
    minuta_shared::play::score::score_sheet(&sheet.to_string()).expect("the sheet scores");
    g.restart();
    let board = hall_board(&g)
        .cut
        .expect("the seeding lot on the projector");
    assert_eq!(board.seed, 2026);
    assert_eq!(board.seeding_lot.len(), 2);
    assert!(board.tied.is_empty());
}
