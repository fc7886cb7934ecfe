//! Deciding ties in the live Эрудит-квартет tournament (5.4, 5.5, 2.2):
//! the tournament stops at a tie that decides who wins or goes on, the
//! host settles it by a shoot-off at the buttons or by a lot with its
//! seed, the sheet records it and `score` replays it; a tie that decides
//! nothing is shared.

use serde_json::Value;

use super::tests::{Hall, refused};
use super::*;
use crate::ids::TeamId;
use crate::play::button::PressKind;
use crate::play::format::LiveFormat;

/// Plays group 0's game to its end: the line-ups left to the default,
/// every question read and left to the silence, except that `right`
/// names (round of the first tour, team index) pairs whose player presses
/// the round's first question and answers right (+10).
fn play_game(h: &mut Hall, right: &[(usize, usize)]) {
    loop {
        let Some(game) = h.t.game() else { return };
        let first_tour = game.tours.len() == 1;
        let at = game
            .round()
            .map(|(r, round)| (r, round.questions.len().saturating_sub(1)));
        let teams = game.teams.clone();
        match game.phase.clone() {
            Phase::BeforeLineup => h.ok(EruditCommand::OpenLineup),
            Phase::Lineup { .. } => h.ok(EruditCommand::CloseLineup),
            Phase::Playing { .. } => match h.state() {
                QuestionState::Ready => h.ok(EruditCommand::Read),
                QuestionState::Reading { .. } => h.ok(EruditCommand::EndReading),
                QuestionState::Waiting { .. } => {
                    let presser = right
                        .iter()
                        .find(|(round, _)| first_tour && at == Some((*round, 0)))
                        .map(|(_, team)| teams[*team]);
                    match presser {
                        Some(team) => {
                            assert_eq!(h.press(team.0), Some(PressKind::Won));
                            h.ok(EruditCommand::Judge { correct: true });
                        }
                        None => h.tick(5_000),
                    }
                }
                QuestionState::Answering { .. } => unreachable!("judged at once"),
                QuestionState::Closed { .. } => h.ok(EruditCommand::Next),
            },
            Phase::Finished => return,
        }
    }
}

/// A final of four (one group) whose first two teams in the draw both end
/// on 10 (tied for first) and the other two on 0 (tied for third).
fn final_tied_for_first() -> (Hall, [TeamId; 4]) {
    let mut h = Hall::started(4, 7);
    let teams: Vec<TeamId> = h.game().teams.clone();
    play_game(&mut h, &[(0, 0), (1, 1)]);
    (h, [teams[0], teams[1], teams[2], teams[3]])
}

fn place_of(h: &Hall, team: TeamId) -> String {
    let name = h.roster.name(team);
    let standings = h.standings();
    let row = standings
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["team"] == Value::String(name.clone()))
        .unwrap_or_else(|| panic!("{name} in {standings}"));
    match &row["place"] {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[test]
fn final_5_5_tie_for_first_stops_the_tournament_for_the_host() {
    let (mut h, [a, b, ..]) = final_tied_for_first();
    assert!(!h.t.finished(), "no champion while the tie stands");
    let pending = h.t.pending_tie().expect("a tie for the title");
    assert!(pending.for_title);
    let board = h.t.staff_view(&h.roster, h.at()).board;
    let tie = board.game.unwrap().tie.expect("the host sees the tie");
    assert_eq!(tie.stake, TieStake::Title);
    let tied: Vec<TeamId> = tie.teams.iter().map(|(t, _)| *t).collect();
    assert_eq!(tied, vec![a, b]);
    assert_eq!((tie.first, tie.last), (1, 2));
    // No lot was drawn by itself: both share first for now.
    assert_eq!(place_of(&h, a), place_of(&h, b));
    // Nothing else goes on until it is settled.
    assert_eq!(
        h.host(EruditCommand::StartGame { group: 0 }),
        Err(EruditPlayError::TieToSettle)
    );
    assert_eq!(
        h.host(EruditCommand::ShootOffJudge { correct: true }),
        Err(EruditPlayError::NoShootOff)
    );
}

#[test]
fn final_5_5_shoot_off_first_right_answer_at_the_buttons_wins_the_title() {
    let (mut h, [a, b, c, d]) = final_tied_for_first();
    h.ok(EruditCommand::ShootOffQuestion);
    // Only the tied teams' players may press.
    assert_eq!(h.press(c.0), None);
    assert_eq!(h.press(a.0), Some(PressKind::Won));
    assert_eq!(h.press(b.0), Some(PressKind::Late));
    h.ok(EruditCommand::ShootOffJudge { correct: false });
    // A wrong answer lets the other tied team press; a's is spent.
    assert_eq!(h.press(a.0), Some(PressKind::LockedOut));
    assert_eq!(h.press(b.0), Some(PressKind::Won));
    h.ok(EruditCommand::ShootOffJudge { correct: false });
    // Both wrong: the question is over; another follows.
    assert!(h.t.shoot_off.is_none());
    assert!(!h.t.finished());
    h.ok(EruditCommand::ShootOffQuestion);
    assert_eq!(h.press(b.0), Some(PressKind::Won));
    h.ok(EruditCommand::ShootOffJudge { correct: true });
    assert!(h.t.finished(), "the title is settled");
    assert_eq!(place_of(&h, b), "1");
    assert_eq!(place_of(&h, a), "2");
    // 2.2: the tie for third decides nothing and is shared.
    assert_eq!(place_of(&h, c), "3-4");
    assert_eq!(place_of(&h, d), "3-4");
    // The sheet records the shoot-off; `score` replays it.
    let sheet = serde_json::to_value(h.t.sheet(&h.roster)).unwrap();
    let ties = &sheet["stages"][0][0]["ties"];
    assert_eq!(ties[0]["shoot-off"].as_array().unwrap().len(), 2, "{ties}");
    assert_eq!(h.scored_sheet(), h.standings());
}

#[test]
fn final_5_5_host_lot_with_its_seed_settles_the_title_and_is_shown() {
    let (mut h, [a, b, ..]) = final_tied_for_first();
    h.ok(EruditCommand::DrawLot { seed: 424_242 });
    assert!(h.t.finished());
    let winner = if place_of(&h, a) == "1" { a } else { b };
    assert_eq!(place_of(&h, if winner == a { b } else { a }), "2");
    // The hall sees the lot with its seed and the order it gave.
    let board = h.t.display_view(&h.roster, h.at());
    let settled = &board.game.unwrap().settled;
    assert_eq!(settled.len(), 1);
    assert_eq!(settled[0].lot, Some(424_242));
    assert_eq!(settled[0].order[0].0, winner);
    let sheet = serde_json::to_value(h.t.sheet(&h.roster)).unwrap();
    assert_eq!(sheet["stages"][0][0]["ties"][0]["lot"], 424_242);
    assert_eq!(h.scored_sheet(), h.standings());
}

#[test]
fn sheet_5_5_an_unsettled_tie_for_first_is_refused_with_the_teams_named() {
    let (mut h, [a, b, ..]) = final_tied_for_first();
    h.ok(EruditCommand::DrawLot { seed: 1 });
    let error = refused(&h, |s| {
        s["stages"][0][0].as_object_mut().unwrap().remove("ties");
    });
    let (a, b) = (h.roster.name(a), h.roster.name(b));
    assert!(
        error.contains(&format!("\"{a}\"")) && error.contains(&format!("\"{b}\"")),
        "{error}"
    );
    assert!(error.contains("places 1-2"), "{error}");
    // A shoot-off answer by a team not in the tie is refused too.
    let stranger = refused(&h, |s| {
        let outsider = s["stages"][0][0]["teams"][3].clone();
        s["stages"][0][0]["ties"][0]["shoot-off"] =
            serde_json::json!([[{"team": outsider, "correct": true}]]);
    });
    assert!(
        stranger.contains("not one of the teams still tied"),
        "{stranger}"
    );
}
