//! 2.2 ties at prize places on the host's dashboard and the projector: the
//! host plays the place off by ticking the teams right and recording the
//! question, draws a lot, or records a shared place; the hall reads the
//! tie and the places it gave.

use crate::common;

use common::{ScreenHarness, assert_sent, click, host_view, projector, screen, state_at};
use egui_kittest::kittest::Queryable;
use minuta_client::i18n::Lang;
use minuta_client::views::host::HostForm;
use minuta_shared::ids::TeamId;
use minuta_shared::play::chgk::EVENT_CHGK;
use minuta_shared::play::games::Format;
use minuta_shared::tournament::Place;
use minuta_shared::wire::client::{Command, PrizeStep};
use minuta_shared::wire::view::{PrizeTieBoard, View};

const FIRST_TWO: Place = Place { first: 1, last: 2 };

/// «Южные кони» and «Наяды» share first place in the event's ChGK; one
/// shoot-off question nobody took so far.
fn open_tie() -> PrizeTieBoard {
    let tied = vec![
        (TeamId(1), "Южные кони".to_owned()),
        (TeamId(2), "Наяды".to_owned()),
    ];
    PrizeTieBoard {
        game: EVENT_CHGK,
        game_name: String::new(),
        format: Format::Chgk,
        place: FIRST_TWO,
        tied: tied.clone(),
        shoot_off: vec![Vec::new()],
        lot: None,
        shared: false,
        still_tied: tied,
        still_place: Some(FIRST_TWO),
        places: vec![
            ("Южные кони".into(), FIRST_TWO),
            ("Наяды".into(), FIRST_TWO),
        ],
    }
}

fn settled_tie() -> PrizeTieBoard {
    PrizeTieBoard {
        shoot_off: vec![Vec::new(), vec!["Наяды".into()]],
        still_tied: Vec::new(),
        still_place: None,
        places: vec![
            ("Наяды".into(), Place::single(1)),
            ("Южные кони".into(), Place::single(2)),
        ],
        ..open_tie()
    }
}

fn dashboard(board: PrizeTieBoard, lang: Lang) -> ScreenHarness<HostForm> {
    let mut view = host_view();
    view.prize_ties = vec![board];
    let state = state_at(lang, 1_000_000_000_000, View::Host(view));
    screen(
        state,
        HostForm::default(),
        [1280.0, 900.0],
        common::dashboard,
    )
}

#[test]
fn festival_2_2_the_host_records_a_shoot_off_question_by_clicking() {
    // Arrange
    let mut harness = dashboard(open_tie(), Lang::Ru);
    assert!(harness.query_by_label("Ничья за призовое место").is_some());
    assert!(
        harness
            .query_by_label("«Что? Где? Когда?»: «Южные кони», «Наяды» делят 1-2 место")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("Вопрос перестрелки № 1: верных ответов нет")
            .is_some()
    );

    // Act: «Наяды» right on question 2.
    click(&mut harness, "Наяды");
    click(&mut harness, "Записать вопрос перестрелки");

    // Assert
    assert_sent(
        &harness,
        [Command::SettlePrizeTie {
            game: EVENT_CHGK,
            place: FIRST_TWO,
            step: PrizeStep::ShootOff {
                right: vec![TeamId(2)],
            },
        }],
    );
}

#[test]
fn festival_2_2_the_host_may_record_the_place_as_shared() {
    let mut harness = dashboard(open_tie(), Lang::Ru);
    click(&mut harness, "Место делится (общий приз)");
    assert_sent(
        &harness,
        [Command::SettlePrizeTie {
            game: EVENT_CHGK,
            place: FIRST_TWO,
            step: PrizeStep::Shared,
        }],
    );
}

#[test]
fn festival_2_2_a_settled_tie_folds_away_and_the_hall_reads_its_places() {
    // The host: no controls, one heading for what is settled.
    let harness = dashboard(settled_tie(), Lang::Ru);
    assert!(
        harness
            .query_by_label("Записать вопрос перестрелки")
            .is_none()
    );
    assert!(
        harness
            .query_by_label("Призовые места разыграны (1)")
            .is_some()
    );

    // The hall.
    let mut view = common::display_view();
    view.prize_ties = vec![settled_tie()];
    let hall = projector(Lang::Ru, 1_000_000_000_000, view, [1280.0, 720.0]);
    assert!(
        hall.query_by_label("Вопрос перестрелки № 2: верно — «Наяды»")
            .is_some()
    );
    assert!(
        hall.query_by_label("1 — «Наяды»; 2 — «Южные кони» (перестрелка, вопросов: 2)")
            .is_some()
    );

    // In English.
    let mut view = common::display_view();
    view.prize_ties = vec![open_tie()];
    let hall = projector(Lang::En, 1_000_000_000_000, view, [1280.0, 720.0]);
    assert!(
        hall.query_by_label("Playing off place 1-2: «Южные кони», «Наяды»")
            .is_some()
    );
}
