//! 4.3 (and 5.2 as 4.3): a tie across the qualification cut stops for the
//! host, naming the tied teams and the places at stake, and is settled by
//! a shoot-off on the tied teams' cards or by the host's lot.

use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::{EVENT_RING, RingStage};
use minuta_shared::play::chgk::Verdict;
use minuta_shared::wire::client::{Command, CutDecision};
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
