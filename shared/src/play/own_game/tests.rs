//! «Своя игра» as the house rules read: presses, judging, the window that
//! closes a question, and the sheet that scores what live play did.

use crate::identity::Identity;
use crate::ids::TeamId;
use crate::play::button::{ButtonPress, PressKind};
use crate::play::format::{Buttons, OwnEvents};
use crate::play::format::{LiveFormat, Results};
use crate::play::roster::Roster;
use crate::time::ServerTime;

use super::{OwnGame, OwnGameCommand as C, OwnGameError, OwnGameSettings};

fn ms(n: u64) -> ServerTime {
    ServerTime::from_millis(n)
}

fn run(
    game: &mut OwnGame,
    roster: &Roster,
    command: C,
    now: ServerTime,
) -> Result<(), OwnGameError> {
    let (_, events) = LiveFormat::decide(game, Identity::Host, command, roster, now)?;
    for e in &events {
        LiveFormat::apply(game, e);
    }
    Ok(())
}

fn press(game: &mut OwnGame, team: u32, at: ServerTime) -> PressKind {
    let (verdict, _) = buttons()
        .press(
            game,
            ButtonPress {
                team: TeamId(team),
                at,
                rtt_us: 0,
                clock_offset_us: 0,
            },
        )
        .unwrap()
        .unwrap();
    verdict.kind
}

fn points(game: &OwnGame, roster: &Roster) -> Vec<i64> {
    game.points(roster).into_iter().map(|(_, p)| p).collect()
}

#[test]
fn house_rule_first_press_after_time_answers_and_a_right_answer_takes_the_price() {
    let roster = Roster::numbered(3);
    let mut game = OwnGame::new(&OwnGameSettings::default());
    run(&mut game, &roster, C::Choose { question: 1 }, ms(0)).unwrap();
    run(&mut game, &roster, C::Arm, ms(1_000)).unwrap();

    assert_eq!(press(&mut game, 2, ms(1_200)), PressKind::Won);
    assert_eq!(press(&mut game, 1, ms(1_201)), PressKind::Late);
    run(&mut game, &roster, C::Judge { right: true }, ms(5_000)).unwrap();

    assert_eq!(points(&game, &roster), vec![0, 20, 0]);
    assert!(game.open().is_none());
}

#[test]
fn house_rule_a_press_before_time_puts_the_team_out_of_the_question() {
    let roster = Roster::numbered(2);
    let mut game = OwnGame::new(&OwnGameSettings::default());
    run(&mut game, &roster, C::Choose { question: 0 }, ms(0)).unwrap();

    assert_eq!(press(&mut game, 1, ms(500)), PressKind::FalseStart);
    run(&mut game, &roster, C::Arm, ms(1_000)).unwrap();

    assert_eq!(press(&mut game, 1, ms(1_100)), PressKind::LockedOut);
    assert_eq!(press(&mut game, 2, ms(1_150)), PressKind::Won);
}

#[test]
fn house_rule_a_wrong_answer_loses_the_price_and_opens_the_buttons_to_the_others() {
    let roster = Roster::numbered(3);
    let mut game = OwnGame::new(&OwnGameSettings::default());
    run(&mut game, &roster, C::Choose { question: 4 }, ms(0)).unwrap();
    run(&mut game, &roster, C::Arm, ms(1_000)).unwrap();
    press(&mut game, 1, ms(1_100));
    run(&mut game, &roster, C::Judge { right: false }, ms(3_000)).unwrap();

    assert_eq!(press(&mut game, 1, ms(3_100)), PressKind::LockedOut);
    assert_eq!(press(&mut game, 3, ms(3_200)), PressKind::Won);
    run(&mut game, &roster, C::Judge { right: false }, ms(4_000)).unwrap();
    press(&mut game, 2, ms(4_100));
    run(&mut game, &roster, C::Judge { right: false }, ms(5_000)).unwrap();

    // Everyone out: the question is over.
    assert_eq!(points(&game, &roster), vec![-50, -50, -50]);
    assert!(game.open().is_none());
}

#[test]
fn house_rule_the_buttons_close_the_question_when_nobody_presses_in_time() {
    let roster = Roster::numbered(2);
    let mut game = OwnGame::new(&OwnGameSettings::default());
    run(&mut game, &roster, C::Choose { question: 0 }, ms(0)).unwrap();
    run(&mut game, &roster, C::Arm, ms(1_000)).unwrap();

    assert_eq!(game.poll_timeout(ms(1_000)), Some(ms(11_000)));
    assert!(own_events().timeout_events(&game, ms(10_999)).is_empty());
    let events = own_events().timeout_events(&game, ms(11_000));
    for e in &events {
        LiveFormat::apply(&mut game, e);
    }

    assert!(game.open().is_none());
    assert_eq!(game.played().get(&0).map(Vec::len), Some(0));
}

#[test]
fn a_played_question_cannot_be_chosen_again_nor_a_second_one_opened() {
    let roster = Roster::numbered(2);
    let mut game = OwnGame::new(&OwnGameSettings::default());
    run(&mut game, &roster, C::Choose { question: 0 }, ms(0)).unwrap();

    assert_eq!(
        run(&mut game, &roster, C::Choose { question: 1 }, ms(1)),
        Err(OwnGameError::QuestionOpen)
    );
    run(&mut game, &roster, C::Close, ms(2)).unwrap();
    assert_eq!(
        run(&mut game, &roster, C::Choose { question: 0 }, ms(3)),
        Err(OwnGameError::Played(0))
    );
    assert_eq!(
        run(&mut game, &roster, C::Choose { question: 9 }, ms(3)),
        Err(OwnGameError::NoSuchQuestion(9))
    );
}

#[test]
fn the_sheet_of_a_played_game_scores_as_its_live_standings() {
    let roster = Roster::numbered(3);
    let mut game = OwnGame::new(&OwnGameSettings::default());
    for (q, answers) in [(0u32, vec![(2, true)]), (3, vec![(1, false), (3, true)])] {
        run(&mut game, &roster, C::Choose { question: q }, ms(0)).unwrap();
        run(&mut game, &roster, C::Arm, ms(1)).unwrap();
        for (team, right) in answers {
            press(&mut game, team, ms(2));
            run(&mut game, &roster, C::Judge { right }, ms(3)).unwrap();
        }
    }

    let sheet = serde_json::to_string(&game.sheet(&roster)).unwrap();
    let scored: serde_json::Value =
        serde_json::from_str(&crate::play::score::score_sheet(&sheet).unwrap()).unwrap();

    assert_eq!(
        scored["standings"],
        serde_json::to_value(Results::standings(&game, &roster)).unwrap()
    );
    assert_eq!(scored["standings"][0]["team"], "Команда 3");
    assert_eq!(scored["standings"][0]["points"], 40);
}

#[test]
fn a_sheet_with_an_answer_after_the_right_one_is_refused_with_its_path() {
    let text = r#"{"format":"own-game","teams":["А","Б"],"theme":"Т",
        "questions":[{"price":10,"tries":[{"team":"А","right":true},{"team":"Б","right":false}]}]}"#;

    let error = crate::play::score::score_sheet(text).unwrap_err();

    assert_eq!(error.path, "questions[0].tries[1]");
}

#[test]
fn a_sheet_field_of_the_wrong_type_is_named_by_its_path() {
    let text = r#"{"format":"own-game","teams":["А"],"theme":"Т",
        "questions":[{"price":"ten","tries":[]}]}"#;

    let error = crate::play::score::score_sheet(text).unwrap_err();

    assert_eq!(error.path, "questions[0].price");
}

#[test]
fn house_rule_a_restart_with_the_buttons_open_shuts_them_until_time_again() {
    let roster = Roster::numbered(2);
    let mut game = OwnGame::new(&OwnGameSettings::default());
    run(&mut game, &roster, C::Choose { question: 0 }, ms(0)).unwrap();
    run(&mut game, &roster, C::Arm, ms(1_000)).unwrap();

    let events = own_events().restarted(&mut game, ms(5_000));
    for e in &events {
        LiveFormat::apply(&mut game, e);
    }

    assert_eq!(events.len(), 1);
    assert_eq!(game.poll_timeout(ms(5_000)), None);
    assert_eq!(press(&mut game, 1, ms(5_100)), PressKind::FalseStart);
    run(&mut game, &roster, C::Arm, ms(6_000)).unwrap();
    assert_eq!(press(&mut game, 2, ms(6_100)), PressKind::Won);
}

fn buttons() -> &'static dyn Buttons<OwnGame> {
    <OwnGame as LiveFormat>::BUTTONS.expect("every team has a button")
}

fn own_events() -> &'static dyn OwnEvents<OwnGame> {
    <OwnGame as LiveFormat>::OWN_EVENTS.expect("the buttons' window closes")
}
