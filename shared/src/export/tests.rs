//! Every export document read back through its own type: the same value
//! and the same bytes; the documents once built with `json!` keep its
//! sorted keys.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::json;

use super::WholeOrHalf;
use super::brain_ring::{
    RingAppealExport, RingCutExport, RingExport, RingFightExport, RingFinalPlaceExport,
    RingPressExport, RingQuestionExport, RingTableRowExport,
};
use super::event::{
    ChgkQuestionExport, ChgkStandingExport, EventExport, FestivalPlaceExport, FestivalTableExport,
    GameExport,
};
use super::rating::{
    RatingAppeal, RatingMember, RatingPlayer, RatingResult, RatingResults, RatingTeam, RatingTown,
    TypedPlayer,
};
use super::rating_cells::{QuestionCells, RatingCell, RatingCells, TeamCells};

/// Writes `document` as the server does, reads it back, writes it again.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(
    document: &T,
) -> String {
    let text = serde_json::to_string_pretty(document).expect("written");
    let read: T = serde_json::from_str(&text).expect("read back");
    assert_eq!(&read, document);
    assert_eq!(serde_json::to_string_pretty(&read).expect("again"), text);
    text
}

/// The bytes `json!` would have written: its objects sort their keys.
fn as_json_macro_wrote<T: Serialize>(document: &T) -> String {
    let value = serde_json::to_value(document).expect("a value");
    format!("{value:#}")
}

fn ring() -> RingExport {
    RingExport {
        champion: None,
        cut: Some(RingCutExport {
            lot: None,
            lot_order: Vec::new(),
            places: 1,
            shoot_off: vec![vec!["Альфа".into()]],
            still_tied: Vec::new(),
            tied: vec!["Альфа".into(), "Бета".into()],
        }),
        fights: vec![RingFightExport {
            appeals: vec![RingAppealExport {
                filed_at_us: 5,
                id: 1,
                kind: "accept our answer".into(),
                question: 2,
                reply: None,
                resolved_at_us: None,
                team: "Бета".into(),
                text: "засчитайте".into(),
                upheld: None,
            }],
            closed: false,
            closed_at_us: None,
            id: 1,
            kind: "qualifying round 1".into(),
            label: "Круг 1, бой 1".into(),
            presses: vec![RingPressExport {
                arrived_at_us: 1_500_000,
                clock_offset_us: -40,
                gap_us: Some(-600_000),
                kind: "false start".into(),
                question: 1,
                rtt_us: 800,
                since_arming_us: None,
                table: 2,
                team: "Бета".into(),
            }],
            questions: vec![
                RingQuestionExport {
                    number: 1,
                    outcome: "taken".into(),
                    taken_by: Some("Альфа".into()),
                },
                RingQuestionExport {
                    number: 2,
                    outcome: "not taken".into(),
                    taken_by: None,
                },
            ],
            result: "open".into(),
            score: [1, 0],
            stage: 1,
            teams: ["Альфа".into(), "Бета".into()],
        }],
        final_places: vec![RingFinalPlaceExport {
            place: 1,
            team: "Альфа".into(),
        }],
        seeding: vec!["Альфа".into(), "Бета".into()],
        stage: "qualifying round 1".into(),
        table: vec![
            RingTableRowExport {
                difference: 1,
                fights: 1,
                place: "1".into(),
                points: WholeOrHalf::from_halves(9),
                taken: 1,
                team: "Альфа".into(),
            },
            RingTableRowExport {
                difference: -1,
                fights: 1,
                place: "2".into(),
                points: WholeOrHalf::from_halves(2),
                taken: 0,
                team: "Бета".into(),
            },
        ],
    }
}

fn event(brain_ring: Option<RingExport>) -> EventExport {
    EventExport {
        brain_ring,
        festival: vec![FestivalTableExport {
            format: "multigames".into(),
            name: "Мультиигры".into(),
            places: vec![
                FestivalPlaceExport {
                    place: "1-2".into(),
                    prize: Some(1),
                    team: "Альфа".into(),
                },
                FestivalPlaceExport {
                    place: "4".into(),
                    prize: None,
                    team: "Гамма".into(),
                },
            ],
        }],
        format: "chgk".into(),
        games: vec![GameExport {
            format: "multigames".into(),
            id: 3,
            name: "Мультиигры".into(),
            standings: json!([{"team": "Альфа", "place": "1", "points": 4.5}]),
        }],
        minuta_version: "0.1.0 (abc1234)".into(),
        questions: vec![ChgkQuestionExport {
            answer: "Пушкин".into(),
            correct: 1,
            late_cards: 0,
            number: "1".into(),
            withdrawn: false,
        }],
        standings: vec![ChgkStandingExport {
            mask: "1X?".into(),
            place: "1".into(),
            points: 1,
            rating: 42,
            team: "Альфа".into(),
            town: "Город".into(),
        }],
        teams: 2,
        tournament: "Кубок".into(),
    }
}

#[test]
fn the_event_export_reads_back_with_the_bytes_json_wrote() {
    for document in [event(None), event(Some(ring()))] {
        let text = round_trip(&document);
        assert_eq!(text, as_json_macro_wrote(&document));
    }
    // No Brain-ring: no key at all, not `null`.
    let text = round_trip(&event(None));
    assert!(!text.contains("brain_ring"), "{text}");
    let text = round_trip(&event(Some(ring())));
    // 4.6: half points with their fraction, whole ones without.
    assert!(text.contains("\"points\": 4.5,"), "{text}");
    assert!(text.contains("\"points\": 1,"), "{text}");
    assert!(text.contains("\"champion\": null,"), "{text}");
}

fn rating() -> RatingResults {
    let result = |place: &str, position| RatingResult {
        appeals: Vec::new(),
        controversials: vec![RatingAppeal {
            answer: Some("Пушкинъ".into()),
            appeal: "засчитайте".into(),
            comment: String::new(),
            number: Some("3".into()),
            question_number: Some(3),
            status: "N".into(),
        }],
        mask: "101".into(),
        mask_by_tour: vec!["10".into(), "1".into()],
        place: place.into(),
        position,
        questions_total: 2,
        team: RatingTeam {
            id: Some(123),
            name: "Альфа".into(),
            town: RatingTown {
                name: "Город".into(),
            },
        },
        team_members: vec![
            RatingMember::Site {
                flag: None,
                player: RatingPlayer {
                    id: Some(7),
                    name: "Иван".into(),
                    patronymic: String::new(),
                    surname: "Иванов".into(),
                },
            },
            RatingMember::Typed {
                player: TypedPlayer {
                    name: "Пётр".into(),
                },
            },
        ],
    };
    RatingResults {
        question_qty: vec![2, 1],
        results: vec![
            result("2-3", WholeOrHalf::from_halves(5)),
            result("2-4", WholeOrHalf::from_halves(6)),
        ],
        tournament: "Кубок".into(),
    }
}

#[test]
fn the_rating_results_read_back_with_the_bytes_json_wrote() {
    let document = rating();
    let text = round_trip(&document);
    assert_eq!(text, as_json_macro_wrote(&document));
    // A shared place's mean: 2.5 with its half, 3 whole.
    assert!(text.contains("\"position\": 2.5,"), "{text}");
    assert!(text.contains("\"position\": 3,"), "{text}");
    // A member typed by hand has no flag at all; one from the site a null.
    assert!(text.contains("\"flag\": null,"), "{text}");
    assert_eq!(text.matches("\"flag\"").count(), 2, "{text}");
}

#[test]
fn the_rating_cells_read_back_keyed_in_play_order() {
    let mut cells = vec![
        RatingCell::Taken,
        RatingCell::NotTaken,
        RatingCell::Blank,
        RatingCell::Disputed("Пушкинъ".into()),
    ];
    cells.extend(std::iter::repeat_n(RatingCell::Taken, 8));
    let document = RatingCells {
        teams: vec![
            TeamCells {
                id: Some(5),
                questions: QuestionCells(cells),
            },
            TeamCells {
                id: None,
                questions: QuestionCells::default(),
            },
        ],
    };
    let text = round_trip(&document);
    assert!(
        text.contains(
            "\"1\": 1,\n        \"2\": 0,\n        \"3\": null,\n        \"4\": \"Пушкинъ\","
        ),
        "{text}"
    );
    // "10" after "9", not after "1".
    assert!(text.find("\"9\"") < text.find("\"10\""), "{text}");
    let out_of_order = r#"{"teams":[{"id":null,"questions":{"2":1}}]}"#;
    assert!(serde_json::from_str::<RatingCells>(out_of_order).is_err());
}
