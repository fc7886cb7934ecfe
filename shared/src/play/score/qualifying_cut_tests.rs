//! The tie at the cut into a game (4.3, 5.2) recorded in a sheet: settled
//! as recorded, refused when unsettled or when the teams disagree.

use super::score_sheet;

fn sheet(cut: &str) -> String {
    format!(
        r#"{{"format":"brain-ring","teams":["А","Б"],"rounds":[],"qualification":{{"cut":{cut}}}}}"#
    )
}

#[test]
fn brain_ring_4_3_sheet_with_the_cut_settled_by_shoot_off_scores() {
    let text = sheet(r#"{"tied":["Б","В","А"],"places":2,"shoot_off":[["А"],["Б"]],"lot":null}"#);
    score_sheet(&text).expect("settled");
}

#[test]
fn brain_ring_4_3_sheet_with_an_unsettled_cut_is_refused_naming_the_teams() {
    let text = sheet(r#"{"tied":["Б","В","А"],"places":2,"shoot_off":[["А"]],"lot":null}"#);
    let error = score_sheet(&text).expect_err("unsettled").to_string();
    assert!(error.contains(r#""Б", "В""#), "{error}");
    assert!(error.contains("not settled"), "{error}");
}

#[test]
fn brain_ring_4_3_sheet_whose_teams_disagree_with_the_settlement_is_refused() {
    // The shoot-off put «В» through, but the sheet seeded «Б».
    let text = sheet(r#"{"tied":["Б","В","А"],"places":2,"shoot_off":[["А"],["В"]],"lot":null}"#);
    let error = score_sheet(&text).expect_err("inconsistent").to_string();
    assert!(error.contains(r#""Б" is out"#), "{error}");
}

#[test]
fn erudit_5_2_sheet_with_an_unsettled_cut_is_refused_naming_the_teams() {
    let text = r#"{"format":"erudit-quartet","teams":["А","Б","В","Г"],"seed":1,"stages":[],
        "qualification":{"cut":{"tied":["Г","Д"],"places":1,"shoot_off":[[]],"lot":null}}}"#;
    let error = score_sheet(text).expect_err("unsettled").to_string();
    assert!(error.contains(r#""Г", "Д""#), "{error}");
    assert!(error.contains("not settled"), "{error}");
}

#[test]
fn erudit_5_2_sheet_with_the_cut_settled_by_a_lot_is_replayed_from_its_seed() {
    // Lot 7 puts «Г» through, not «Д»: entrants naming «Д» disagree.
    let sheet = |fourth: &str| {
        format!(
            r#"{{"format":"erudit-quartet","teams":["А","Б","В","{fourth}"],"seed":1,"stages":[],
            "qualification":{{"cut":{{"tied":["Г","Д"],"places":1,"shoot_off":[],"lot":7}}}}}}"#
        )
    };
    let agrees = score_sheet(&sheet("Г")).expect_err("no stages").to_string();
    assert!(!agrees.contains("qualification"), "{agrees}");
    let disagrees = score_sheet(&sheet("Д"))
        .expect_err("the lot's order")
        .to_string();
    assert!(
        disagrees.contains(r#""Г" qualifies by the settlement"#),
        "{disagrees}"
    );
}

#[test]
fn brain_ring_4_3_older_sheet_without_qualification_still_scores() {
    score_sheet(r#"{"format":"brain-ring","teams":["А","Б"],"rounds":[]}"#).expect("older");
}
