//! Prize ties (2.2) recorded in a sheet and replayed by `score`: a
//! shoot-off, a lot or a shared place, and a tie the table lacks refused.

use serde_json::{Value, json};

use super::score_sheet;

/// A ChGK sheet: «А» and «Б» right on both questions, «В» on none, «Г»
/// on the first: «А» and «Б» share 1-2, «В» is fourth.
fn chgk(prize_ties: Value) -> Value {
    json!({"format": "chgk", "teams": ["А", "Б", "В", "Г"],
        "questions": [{"correct": ["А", "Б", "Г"]}, {"correct": ["А", "Б"]}],
        "prize_ties": prize_ties})
}

fn places(sheet: &Value) -> Vec<(String, String)> {
    let text = score_sheet(&sheet.to_string()).unwrap_or_else(|e| panic!("refused: {e}"));
    let out: Value = serde_json::from_str(&text).expect("json");
    out["standings"]
        .as_array()
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

fn refused(sheet: &Value) -> String {
    match score_sheet(&sheet.to_string()) {
        Ok(out) => panic!("accepted: {out}"),
        Err(e) => e.to_string(),
    }
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

#[test]
fn sheet_2_2_a_sheet_without_prize_ties_scores_the_tie_as_shared() {
    assert_eq!(
        places(&chgk(json!([]))),
        pairs(&[("А", "1-2"), ("Б", "1-2"), ("Г", "3"), ("В", "4")])
    );
}

#[test]
fn sheet_2_2_a_recorded_shoot_off_replays_in_score() {
    // Arrange: the shoot-off's first question nobody took, the second «Б».
    let sheet = chgk(json!([{"place": "1-2", "tied": ["А", "Б"], "shoot_off": [[], ["Б"]]}]));

    // Act, assert: «Б» first, «А» second, the rows in that order.
    assert_eq!(
        places(&sheet),
        pairs(&[("Б", "1"), ("А", "2"), ("Г", "3"), ("В", "4")])
    );
}

#[test]
fn sheet_2_2_a_recorded_lot_and_a_shared_place_replay_in_score() {
    let lot = places(&chgk(
        json!([{"place": "1-2", "tied": ["Б", "А"], "lot": 7}]),
    ));
    let mut top: Vec<&str> = lot[..2].iter().map(|(_, p)| p.as_str()).collect();
    top.sort_unstable();
    assert_eq!(top, ["1", "2"]);
    assert_eq!(
        lot,
        places(&chgk(
            json!([{"place": "1-2", "tied": ["Б", "А"], "lot": 7}])
        )),
        "the same seed, the same order"
    );
    assert_eq!(
        places(&chgk(
            json!([{"place": "1-2", "tied": ["А", "Б"], "shared": true}])
        )),
        pairs(&[("А", "1-2"), ("Б", "1-2"), ("Г", "3"), ("В", "4")])
    );
}

#[test]
fn sheet_2_2_a_prize_tie_the_table_does_not_have_is_refused_by_name() {
    let table = [
        (
            json!([{"place": "2-3", "tied": ["А", "Б"]}]),
            "prize_ties[0]: the table has no tie for the prize place 2-3 of \"А\", \"Б\"",
        ),
        (
            json!([{"place": "1-2", "tied": ["А", "Я"]}]),
            "prize_ties[0].tied: \"Я\" is not a team of the table",
        ),
        (
            json!([{"place": "1-2", "tied": ["А", "Б"], "shoot_off": [["Г"]]}]),
            "prize_ties[0].shoot_off[0]: \"Г\" is not one of the teams still tied",
        ),
        (
            json!([{"place": "первое", "tied": ["А", "Б"]}]),
            "prize_ties[0].place: \"первое\" is not a place (expected like \"2\" or \"2-3\")",
        ),
    ];
    for (ties, want) in table {
        assert_eq!(refused(&chgk(ties)), want);
    }
}
