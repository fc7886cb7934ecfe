//! 2.2 prize places settled in play, through the core: the host's steps on
//! a ChGK tie for first place, refused while the game runs, stored, shown
//! to the staff and the hall, and the same in the live standings, the
//! sheet `score` replays and after a restart.

use minuta_shared::identity::Identity;
use minuta_shared::ids::{TeamId, TourId};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK, Verdict};
use minuta_shared::programme::{Programme, ProgrammeDay, Slot};
use minuta_shared::tournament::prize_tie::PrizeTieRefusal;
use minuta_shared::tournament::{Place, Prize};
use minuta_shared::wire::client::{Command, PrizeStep};
use minuta_shared::wire::server::CommandError;
use minuta_shared::wire::view::{PrizeTieBoard, View};
use serde_json::Value;

use super::tests::{Game, at};

const FIRST_TWO: Place = Place { first: 1, last: 2 };
const ALL_THREE: Place = Place { first: 1, last: 3 };

/// Three teams; the first question taken by «Команда 1» and «Команда 2»
/// (sharing 1-2) when `level` is false, by nobody (all three sharing 1-3)
/// when it is true.
fn played(level: bool) -> Game {
    let mut g = Game::new(3);
    g.play_minute(0, at(0));
    let answer = |team| {
        if level || team == 3 {
            "Гоголь"
        } else {
            "Пушкин"
        }
    };
    for team in 1..=3 {
        g.card(team, 0, answer(team), at(1_000)).expect("card");
    }
    if !level {
        g.judge(0, "Пушкин", Verdict::Correct, at(65_000));
    }
    g.judge(0, "Гоголь", Verdict::Wrong, at(65_000));
    g
}

fn close(g: &mut Game) {
    g.host(
        Command::game(EVENT_CHGK, ChgkCommand::CloseTour { tour: TourId(0) }),
        at(70_000),
    )
    .expect("close");
}

fn step(g: &mut Game, place: Place, step: PrizeStep) -> Result<(), CommandError> {
    g.host(
        Command::SettlePrizeTie {
            game: EVENT_CHGK,
            place,
            step,
        },
        at(80_000),
    )
    .map(|_| ())
}

fn boards(g: &Game) -> Vec<PrizeTieBoard> {
    let View::Host(host) = g.core.view_for(Identity::Host, at(80_000)) else {
        panic!("not the host's view")
    };
    let View::Display(hall) = g.core.view_for(Identity::Display, at(80_000)) else {
        panic!("not the hall's view")
    };
    assert_eq!(
        host.prize_ties, hall.prize_ties,
        "the hall sees what the host sees"
    );
    host.prize_ties
}

/// (team, place) of the live standings, and the same of `score` run on the
/// exported sheet: they must agree.
fn live_and_scored(g: &Game) -> Vec<(String, String)> {
    let slot = g.core.game(EVENT_CHGK).expect("ChGK");
    let live = g.core.game_standings(EVENT_CHGK, slot);
    let sheet = g.core.game_sheet(EVENT_CHGK, slot);
    let text = minuta_shared::play::score::score_sheet(&sheet.to_string())
        .unwrap_or_else(|e| panic!("score refused the sheet: {e}\n{sheet:#}"));
    let scored: Value = serde_json::from_str(&text).expect("json");
    assert_eq!(scored["standings"], live, "live = score(sheet)");
    live.as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["team"].as_str().unwrap_or_default().to_owned(),
                r["place"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

#[test]
fn festival_2_2_a_tie_for_first_is_played_off_once_the_game_is_over() {
    // Arrange: «Команда 1» and «Команда 2» share 1-2; the tour still open.
    let mut g = played(false);
    assert_eq!(
        step(&mut g, FIRST_TWO, PrizeStep::Shared),
        Err(CommandError::PrizeTie(PrizeTieRefusal::GameNotOver))
    );
    assert!(boards(&g).is_empty(), "no board while the game runs");
    close(&mut g);
    let open = boards(&g);
    assert_eq!(open.len(), 1);
    assert_eq!(open[0].place, FIRST_TWO);
    assert_eq!(open[0].still_tied.len(), 2);
    assert_eq!(
        live_and_scored(&g),
        pairs(&[
            ("Команда 1", "1-2"),
            ("Команда 2", "1-2"),
            ("Команда 3", "3")
        ])
    );

    // Act: a stranger to the tie is refused; a question nobody takes
    // changes nothing; then «Команда 2» alone is right.
    assert_eq!(
        step(
            &mut g,
            FIRST_TWO,
            PrizeStep::ShootOff {
                right: vec![TeamId(3)]
            }
        ),
        Err(CommandError::PrizeTie(PrizeTieRefusal::NotTied {
            team: "Команда 3".into()
        }))
    );
    step(&mut g, FIRST_TWO, PrizeStep::ShootOff { right: vec![] }).expect("question 1");
    assert!(!boards(&g)[0].settled());
    step(
        &mut g,
        FIRST_TWO,
        PrizeStep::ShootOff {
            right: vec![TeamId(2)],
        },
    )
    .expect("question 2");

    // Assert: settled, in the standings, the sheet and the hall alike.
    let settled = &boards(&g)[0];
    assert!(settled.settled());
    assert_eq!(settled.shoot_off.len(), 2);
    let won = pairs(&[("Команда 2", "1"), ("Команда 1", "2"), ("Команда 3", "3")]);
    assert_eq!(live_and_scored(&g), won);
    assert_eq!(
        step(&mut g, FIRST_TWO, PrizeStep::Lot { seed: 1 }),
        Err(CommandError::PrizeTie(PrizeTieRefusal::Settled))
    );
    // A restart: the stored steps give the same places.
    g.restart();
    assert_eq!(live_and_scored(&g), won);
    assert_eq!(
        boards(&g)[0].places[0],
        ("Команда 2".to_owned(), Place::single(1))
    );
}

#[test]
fn festival_2_2_the_festival_prizes_follow_the_places_settled_in_play() {
    // Arrange: a festival programme of the ChGK tour; 1-2 shared.
    let mut g = played(false);
    g.host(
        Command::SetProgramme {
            programme: Programme {
                days: vec![ProgrammeDay {
                    title: "Суббота".into(),
                    slots: vec![Slot::ChgkTour { tour: TourId(0) }],
                }],
            },
        },
        at(60_000),
    )
    .expect("programme");
    close(&mut g);
    let prizes = |g: &Game| -> Vec<(TeamId, Option<Prize>)> {
        let tables = g.core.festival_tables();
        tables[0].rows.iter().map(|r| (r.team, r.prize)).collect()
    };
    assert_eq!(
        prizes(&g),
        [
            (TeamId(1), Some(Prize::First)),
            (TeamId(2), Some(Prize::First)),
            (TeamId(3), Some(Prize::Third)),
        ],
        "before the shoot-off, a shared first place"
    );

    // Act
    step(
        &mut g,
        FIRST_TWO,
        PrizeStep::ShootOff {
            right: vec![TeamId(1)],
        },
    )
    .expect("shoot-off");

    // Assert
    assert_eq!(
        prizes(&g),
        [
            (TeamId(1), Some(Prize::First)),
            (TeamId(2), Some(Prize::Second)),
            (TeamId(3), Some(Prize::Third)),
        ]
    );
}

#[test]
fn festival_2_2_a_lot_settles_three_level_teams_and_a_shared_place_stays_shared() {
    // Arrange: all three level at 1-3.
    let mut g = played(true);
    close(&mut g);
    assert_eq!(
        step(&mut g, FIRST_TWO, PrizeStep::Shared),
        Err(CommandError::PrizeTie(PrizeTieRefusal::NoTie {
            place: FIRST_TWO
        }))
    );

    // Act: the host's lot.
    step(&mut g, ALL_THREE, PrizeStep::Lot { seed: 2026 }).expect("lot");

    // Assert: three places, one each, as `score` replays them.
    let mut places: Vec<String> = live_and_scored(&g).into_iter().map(|(_, p)| p).collect();
    places.sort();
    assert_eq!(places, ["1", "2", "3"]);

    // A shared prize, recorded, keeps the shared place.
    let mut shared = played(true);
    close(&mut shared);
    step(&mut shared, ALL_THREE, PrizeStep::Shared).expect("shared");
    assert!(boards(&shared)[0].settled());
    assert_eq!(
        live_and_scored(&shared),
        pairs(&[
            ("Команда 1", "1-3"),
            ("Команда 2", "1-3"),
            ("Команда 3", "1-3")
        ])
    );
}
