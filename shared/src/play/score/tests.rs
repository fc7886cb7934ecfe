//! Sheet tests: each format scored as the rules say, and every bad sheet
//! refused with the path of the offending field.

use std::fmt::Debug;

use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::score_sheet;
use crate::sheet::read;

/// The property every sheet the live game writes has: serialised, read
/// back as `score` reads it, and serialised again, it is the same sheet and
/// the same text. Each live format's tests check it on the games they play.
pub(crate) fn round_trip<T>(sheet: &T) -> Result<(), String>
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    let text = serde_json::to_string(sheet).map_err(|e| e.to_string())?;
    let back: T = read(&text).map_err(|e| format!("{e}: {text}"))?;
    let again = serde_json::to_string(&back).map_err(|e| e.to_string())?;
    if back != *sheet {
        return Err(format!("read back as {back:?}, written as {sheet:?}"));
    }
    if again != text {
        return Err(format!("written again as {again}, first as {text}"));
    }
    Ok(())
}

fn scored(sheet: &Value) -> Value {
    let text = score_sheet(&sheet.to_string()).unwrap_or_else(|e| panic!("sheet refused: {e}"));
    serde_json::from_str(&text).unwrap()
}

fn refused(sheet: &Value) -> String {
    match score_sheet(&sheet.to_string()) {
        Ok(out) => panic!("sheet accepted: {out}"),
        Err(e) => e.to_string(),
    }
}

/// (team, place, points) of each row.
fn table(out: &Value) -> Vec<(String, String, Value)> {
    out["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["team"].as_str().unwrap().to_owned(),
                r["place"].as_str().unwrap().to_owned(),
                r["points"].clone(),
            )
        })
        .collect()
}

fn row(team: &str, place: &str, points: Value) -> (String, String, Value) {
    (team.to_owned(), place.to_owned(), points)
}

// ---------- chgk ----------

#[test]
fn sheet_chgk_3_points_4_3_rating_and_mask() {
    let out = scored(&json!({"format":"chgk","teams":["A","B","C"],"questions":[
        {"correct":["A","B"],"removed":false},{"correct":["C"]},{"correct":["A"],"removed":true}]}));
    assert_eq!(out["format"], "chgk");
    // A = 3 teams: question 1 (A, B right) rates 2, question 2 (C alone) 3;
    // question 3 is withdrawn. C leads on rating; A and B share 2-3.
    assert_eq!(
        table(&out),
        vec![
            row("C", "1", json!(1)),
            row("A", "2-3", json!(1)),
            row("B", "2-3", json!(1))
        ]
    );
    let rows = out["standings"].as_array().unwrap();
    assert_eq!(rows[0]["rating"], 3);
    assert_eq!(rows[1]["rating"], 2);
    assert_eq!(rows[1]["mask"], "10X");
    assert_eq!(rows[0]["mask"], "01X");
    assert!(out.get("next_round").is_none());
}

#[test]
fn sheet_chgk_4_3_absent_teams_do_not_count_in_a() {
    // D is absent from both questions: A = 3, so A alone right rates 3.
    let out = scored(
        &json!({"format":"chgk","teams":["A","B","C","D"],"questions":[
        {"correct":["A"],"absent":["D"]},{"correct":["B","C"],"absent":["D"]}]}),
    );
    let rows = out["standings"].as_array().unwrap();
    assert_eq!(rows[0]["team"], "A");
    assert_eq!(rows[0]["rating"], 3);
    assert_eq!(rows[1]["rating"], 2);
}

#[test]
fn sheet_chgk_4_3_a_team_right_on_a_question_is_not_absent() {
    let err = refused(&json!({"format":"chgk","teams":["A","B"],"questions":[
        {"correct":["A"],"absent":["A"]}]}));
    assert_eq!(
        err,
        "questions[0].absent: \"A\" answered right, so it played: it cannot be absent (4.3)"
    );
}

// ---------- brain-ring ----------

#[test]
fn sheet_brain_ring_4_6_three_two_gives_4_5_and_1() {
    let out = scored(
        &json!({"format":"brain-ring","teams":["A","B"],"rounds":[[{"teams":["A","B"],"score":[3,2]}]]}),
    );
    assert_eq!(
        table(&out),
        vec![row("A", "1", json!(4.5)), row("B", "2", json!(1))]
    );
    let text = score_sheet(&json!({"format":"brain-ring","teams":["A","B"],"rounds":[[{"teams":["A","B"],"score":[3,2]}]]}).to_string()).unwrap();
    assert!(
        text.contains(r#""points":4.5"#) && text.contains(r#""points":1,"#),
        "{text}"
    );
    let rows = out["standings"].as_array().unwrap();
    assert_eq!(
        (rows[0]["difference"].clone(), rows[0]["taken"].clone()),
        (json!(1), json!(3))
    );
    assert_eq!(
        (rows[1]["difference"].clone(), rows[1]["taken"].clone()),
        (json!(-1), json!(2))
    );
    // 4.8: A and B met: no valid pairing is left.
    assert_eq!(out["next_round"], Value::Null);
}

#[test]
fn sheet_brain_ring_4_4_no_rounds_pairs_the_seeding() {
    let out = scored(&json!({"format":"brain-ring","teams":["A","B","C","D"],"rounds":[]}));
    assert_eq!(out["next_round"], json!([["A", "B"], ["C", "D"]]));
    assert_eq!(
        table(&out),
        vec![
            row("A", "1", json!(0)),
            row("B", "2", json!(0)),
            row("C", "3", json!(0)),
            row("D", "4", json!(0))
        ]
    );
}

#[test]
fn sheet_brain_ring_4_8_next_round_skips_a_rematch() {
    let out = scored(
        &json!({"format":"brain-ring","teams":["A","B","C","D"],"rounds":[
        [{"teams":["A","B"],"score":[2,2]},{"teams":["C","D"],"score":[0,0]}]]}),
    );
    // Table: A, B (3 each; A higher before), C, D. A met B → A–C, B–D.
    assert_eq!(out["next_round"], json!([["A", "C"], ["B", "D"]]));
}

#[test]
fn sheet_brain_ring_4_9_after_six_rounds_no_next_round() {
    let rounds: Vec<Value> = [
        ["A", "B", "C", "D"],
        ["A", "C", "B", "D"],
        ["A", "D", "B", "C"],
    ]
    .iter()
    .map(|[a, b, c, d]| json!([{"teams":[a,b],"score":[1,0]},{"teams":[c,d],"score":[0,1]}]))
    .collect();
    let out = scored(&json!({"format":"brain-ring","teams":["A","B","C","D"],"rounds":rounds}));
    // Everyone met everyone: nobody left to pair.
    assert_eq!(out["next_round"], Value::Null);
}

// ---------- erudit-quartet ----------

fn erudit_round(tag: &str, questions: Value) -> Value {
    json!({"players":{"A":format!("{tag}a"),"B":format!("{tag}b"),"C":format!("{tag}c"),"D":format!("{tag}d")},"questions":questions})
}

fn erudit_tour(kind: &str, first: Value) -> Value {
    json!({"type":kind,"rounds":[erudit_round("1", first), erudit_round("2", json!([[],[],[],[],[]])), erudit_round("3", json!([[],[],[],[],[]])), erudit_round("4", json!([[],[],[],[],[]]))]})
}

#[test]
fn sheet_erudit_5_10_values_and_players() {
    let first = json!([[{"team":"A","correct":true}],[{"team":"B","correct":false},{"team":"C","correct":true}],[],[],[{"team":"D","correct":false}]]);
    let out = scored(
        &json!({"format":"erudit-quartet","teams":["A","B","C","D"],"tours":[erudit_tour("open", first)]}),
    );
    assert_eq!(
        table(&out),
        vec![
            row("C", "1", json!(20)),
            row("A", "2", json!(10)),
            row("B", "3", json!(-20)),
            row("D", "4", json!(-50))
        ]
    );
    assert_eq!(
        out["standings"][0]["players"],
        json!({"1c":20,"2c":0,"3c":0,"4c":0})
    );
}

// ---------- multigames ----------

#[test]
fn sheet_multigames_6_partial_credit_and_missing_team_scores_zero() {
    let out = scored(
        &json!({"format":"multigames","teams":["A","B","C"],"tours":[
        {"tasks":[{"max":2,"points":{"A":0.1,"B":2}},{"max":1,"points":{"A":0.2}}]},
        {"tasks":[{"max":1,"points":{"A":0.7,"C":1.7e-1}}]}]}),
    );
    // A: 0.1 + 0.2 + 0.7 = 1 exactly; C: 0.17.
    assert_eq!(
        table(&out),
        vec![
            row("B", "1", json!(2)),
            row("A", "2", json!(1)),
            row("C", "3", json!(0.17))
        ]
    );
}

#[test]
fn sheet_multigames_exact_decimals_tie() {
    let out = scored(&json!({"format":"multigames","teams":["A","B"],"tours":[
        {"tasks":[{"max":1,"points":{"A":0.1,"B":0.3}},{"max":1,"points":{"A":0.2}}]}]}));
    assert_eq!(
        table(&out),
        vec![row("A", "1-2", json!(0.3)), row("B", "1-2", json!(0.3))]
    );
}

// ---------- neptune ----------

fn empty_neptune(teams: &[&str]) -> Value {
    json!({"format":"neptune","teams":teams})
}

#[test]
fn sheet_neptune_contests_present_are_scored() {
    let mut sheet = empty_neptune(&["A", "B"]);
    sheet["sisyphus"] = json!([{"correct":["A","B"]},{"correct":["A","B"]},{"correct":["A"]},{"correct":["A","B"]},{"correct":["A","B"]},{"correct":["A","B"]}]);
    sheet["blitz"] = json!([[{"correct":["A"]},{"correct":["A"]},{"correct":["A"]},{"correct":["A"]}],[{"correct":[]},{"correct":[]},{"correct":[]},{"correct":[]}],[{"correct":[]},{"correct":[]},{"correct":[]},{"correct":["B"]}]]);
    let out = scored(&sheet);
    // Сизиф: 210 and 90 (4.3); Блицкриг: 80 for a whole block (3.6).
    assert_eq!(
        table(&out),
        vec![row("A", "1", json!(290)), row("B", "2", json!(100))]
    );
    assert_eq!(
        out["standings"][0]["contests"],
        json!({"blitz":80,"sisyphus":210})
    );
    let text = score_sheet(&sheet.to_string()).unwrap();
    assert!(
        text.contains(r#""contests":{"blitz":80,"sisyphus":210}"#),
        "contests keep playing order: {text}"
    );
}

#[test]
fn sheet_neptune_no_contests_everyone_shares_first() {
    let out = scored(&empty_neptune(&["A", "B", "C"]));
    assert_eq!(
        table(&out),
        vec![
            row("A", "1-3", json!(0)),
            row("B", "1-3", json!(0)),
            row("C", "1-3", json!(0))
        ]
    );
}

fn auction(items: Vec<Value>) -> Value {
    let mut all = items;
    while all.len() < 8 {
        all.push(json!({"winner":null,"correct":[]}));
    }
    Value::Array(all)
}

fn negative_all(team: &str, rating: u32) -> Value {
    Value::Array(
        (0..12)
            .map(|_| json!({"rating":rating,"correct":[team]}))
            .collect(),
    )
}

#[test]
fn sheet_neptune_6_auction_stakes() {
    // A: 12 × 10 = 120 from Негатив; B: 0.
    let mut sheet = empty_neptune(&["A", "B"]);
    sheet["negative"] = negative_all("A", 10);
    sheet["auction"] = auction(vec![
        json!({"winner":"A","bid":120,"correct":["A","B"]}),
        json!({"winner":"A","bid":"va-bank","correct":[]}),
    ]);
    let out = scored(&sheet);
    let mut russian = sheet.clone();
    russian["auction"][1]["bid"] = json!("ва-банк");
    assert_eq!(
        score_sheet(&russian.to_string()),
        score_sheet(&sheet.to_string())
    );
    // A: 120 +120 −240 −30×6 = −180; B: +30 −30 −30×6 = −180.
    assert_eq!(
        table(&out),
        vec![row("A", "1-2", json!(-180)), row("B", "1-2", json!(-180))]
    );
    assert_eq!(
        out["standings"][0]["contests"],
        json!({"negative":120,"auction":-300})
    );
}

// ---------- rejections: every bad sheet names its field ----------

fn base(format: &str) -> Value {
    match format {
        "chgk" => json!({"format":"chgk","teams":["A","B"],"questions":[{"correct":["A"]}]}),
        "brain-ring" => {
            json!({"format":"brain-ring","teams":["A","B","C","D"],"rounds":[[{"teams":["A","B"],"score":[3,2]},{"teams":["C","D"],"score":[1,1]}]]})
        }
        "erudit-quartet" => {
            json!({"format":"erudit-quartet","teams":["A","B","C","D"],"tours":[erudit_tour("open", json!([[],[],[],[],[]]))]})
        }
        "multigames" => {
            json!({"format":"multigames","teams":["A","B"],"tours":[{"tasks":[{"max":2,"points":{"A":1}}]}]})
        }
        _ => {
            let mut sheet = empty_neptune(&["A", "B"]);
            sheet["negative"] = negative_all("A", 10);
            sheet
        }
    }
}

/// The sheet with the value at `pointer` replaced (or the key added).
fn with(mut sheet: Value, pointer: &str, value: Value) -> Value {
    let (parent, key) = pointer.rsplit_once('/').unwrap();
    let parent = sheet
        .pointer_mut(parent)
        .unwrap_or_else(|| panic!("no {parent}"));
    match parent {
        Value::Object(map) => {
            map.insert(key.to_owned(), value);
        }
        Value::Array(items) => items[key.parse::<usize>().unwrap()] = value,
        _ => panic!("{pointer} is inside a scalar"),
    }
    sheet
}

#[test]
fn sheet_rejections_name_the_path() {
    let cases: Vec<(Value, &str)> = vec![
        // Any sheet.
        (
            json!({"format":"go","teams":["A"]}),
            "format: unknown format \"go\"",
        ),
        (json!({"teams":["A"]}), "format: missing"),
        (json!({"format":"chgk","questions":[]}), "teams: missing"),
        (
            json!({"format":"chgk","teams":[],"questions":[]}),
            "teams: a sheet needs at least one team",
        ),
        (
            json!({"format":"chgk","teams":["A","A"],"questions":[]}),
            "teams[1]: \"A\" is already teams[0]",
        ),
        (
            json!({"format":"chgk","teams":["A",""],"questions":[]}),
            "teams[1]: a team name must not be empty",
        ),
        (
            json!({"format":"chgk","teams":["A", 5],"questions":[]}),
            "teams[1]: expected a string",
        ),
        (json!([1]), "sheet: expected a JSON object"),
        (
            with(base("chgk"), "/questions/0/correct", json!(["Z"])),
            "questions[0].correct[0]: unknown team \"Z\"",
        ),
        (
            with(base("chgk"), "/questions/0/correct", json!(["A", "A"])),
            "questions[0].correct[1]: \"A\" is already listed at questions[0].correct[0]",
        ),
        (
            with(base("chgk"), "/questions/0/removed", json!("yes")),
            "questions[0].removed: expected true or false",
        ),
        (
            with(base("chgk"), "/questions/0/extra", json!(1)),
            "questions[0].extra: unknown field",
        ),
        // brain-ring
        (
            with(base("brain-ring"), "/rounds/0/0/score", json!([3, 3])),
            "rounds[0][0].score: 3+3 = 6 questions taken, but a fight has 5 (4.5)",
        ),
        (
            with(base("brain-ring"), "/rounds/0/0/score", json!([-1, 3])),
            "rounds[0][0].score[0]: -1 is not a whole number",
        ),
        (
            with(base("brain-ring"), "/rounds/0/1/teams", json!(["C", "A"])),
            "rounds[0][1].teams[1]: \"A\" already plays rounds[0][0] in this round",
        ),
        (
            with(base("brain-ring"), "/rounds/0/1/teams", json!(["C", "C"])),
            "rounds[0][1].teams: \"C\" cannot fight itself",
        ),
        (
            with(base("brain-ring"), "/rounds/0/1/teams", json!(["C", "X"])),
            "rounds[0][1].teams[1]: unknown team \"X\"",
        ),
        (
            with(base("brain-ring"), "/rounds/0/1/teams", json!(["C"])),
            "rounds[0][1].teams: 1 teams, but a fight is between 2 teams",
        ),
        (
            json!({"format":"brain-ring","teams":["A","B","C","D"],"rounds":[[{"teams":["A","B"],"score":[1,0]}],[{"teams":["B","A"],"score":[1,0]}]]}),
            "rounds[1][0].teams: \"B\" and \"A\" already met in rounds[0] (4.8",
        ),
        (
            json!({"format":"brain-ring","teams":["A","B","C"],"rounds":[]}),
            "teams: 3 teams: an odd number of teams cannot be paired",
        ),
        (
            json!({"format":"brain-ring","teams":["A","B"],"rounds":[[],[],[],[],[],[],[]]}),
            "rounds: 7 rounds, but the qualifying part has 6 (4.9)",
        ),
        // erudit-quartet
        (
            with(base("erudit-quartet"), "/teams", json!(["A", "B", "C"])),
            "teams: 3 teams, but an Эрудит-квартет game has exactly 4",
        ),
        (
            with(base("erudit-quartet"), "/tours/0/type", json!("blitz")),
            "tours[0].type: unknown tour type \"blitz\"",
        ),
        (
            with(base("erudit-quartet"), "/tours/0/rounds/3", json!(null)),
            "tours[0].rounds[3]: expected an object",
        ),
        (
            with(base("erudit-quartet"), "/tours/0/rounds", json!([])),
            "tours[0].rounds: 0 rounds, but a tour has exactly 4 (5.6)",
        ),
        (
            with(
                base("erudit-quartet"),
                "/tours",
                json!([
                    erudit_tour("open", json!([[], [], [], [], []])),
                    erudit_tour("open", json!([[], [], [], [], []]))
                ]),
            ),
            "tours[1].type: tours[0] is already \"open\" (5.6",
        ),
        (
            with(
                base("erudit-quartet"),
                "/tours",
                json!([
                    erudit_tour("open", json!([[], [], [], [], []])),
                    erudit_tour("closed", json!([[], [], [], [], []])),
                    erudit_tour("semi-open", json!([[], [], [], [], []])),
                    erudit_tour("open", json!([[], [], [], [], []]))
                ]),
            ),
            "tours: 4 tours, but a game has at most 3 (5.6)",
        ),
        (
            with(
                base("erudit-quartet"),
                "/tours/0/rounds/1/questions",
                json!([[], [], [], []]),
            ),
            "tours[0].rounds[1].questions: 4 questions, but a round has exactly 5 (5.10)",
        ),
        (
            with(
                base("erudit-quartet"),
                "/tours/0/rounds/2/players/B",
                json!("1b"),
            ),
            "tours[0].rounds[2].players[\"B\"]: \"1b\" already played tours[0].rounds[0] (5.8",
        ),
        (
            with(
                base("erudit-quartet"),
                "/tours/0/rounds/0/players",
                json!({"A":"x","B":"y","C":"z"}),
            ),
            "tours[0].rounds[0].players: no player for \"D\"",
        ),
        (
            with(
                base("erudit-quartet"),
                "/tours/0/rounds/0/players/E",
                json!("x"),
            ),
            "tours[0].rounds[0].players[\"E\"]: unknown team \"E\"",
        ),
        (
            with(
                base("erudit-quartet"),
                "/tours/0/rounds/0/questions/2",
                json!([{"team":"A","correct":false},{"team":"A","correct":true}]),
            ),
            "tours[0].rounds[0].questions[2][1].team: \"A\" already attempted this question",
        ),
        (
            with(
                base("erudit-quartet"),
                "/tours/0/rounds/0/questions/4",
                json!([{"team":"A","correct":true},{"team":"B","correct":false}]),
            ),
            "tours[0].rounds[0].questions[4][1]: an attempt after the question was answered right",
        ),
        (
            with(
                base("erudit-quartet"),
                "/tours/0/rounds/0/questions/0",
                json!([{"team":"A"}]),
            ),
            "tours[0].rounds[0].questions[0][0].correct: missing",
        ),
        // multigames
        (
            with(base("multigames"), "/tours/0/tasks/0/points/A", json!(2.5)),
            "tours[0].tasks[0].points[\"A\"]: 2.5 is outside 0..2",
        ),
        (
            with(base("multigames"), "/tours/0/tasks/0/points/A", json!(-1)),
            "tours[0].tasks[0].points[\"A\"]: -1 is outside 0..2",
        ),
        (
            with(
                base("multigames"),
                "/tours/0/tasks/0/points",
                json!({"Z":1}),
            ),
            "tours[0].tasks[0].points[\"Z\"]: unknown team \"Z\"",
        ),
        (
            with(base("multigames"), "/tours/0/tasks/0/max", json!(0)),
            "tours[0].tasks[0].max: 0: a task's full value must be positive",
        ),
        (
            with(
                base("multigames"),
                "/tours",
                json!([{"tasks":[]},{"tasks":[]},{"tasks":[]},{"tasks":[]},{"tasks":[]},{"tasks":[]},{"tasks":[]}]),
            ),
            "tours: 7 tours, but the tournament has 6 (6.2)",
        ),
        // neptune
        (
            with(
                base("neptune"),
                "/negative",
                Value::Array(vec![json!({"rating":1,"correct":[]}); 11]),
            ),
            "negative: 11 questions, but negative has exactly 12 (1.1)",
        ),
        (
            with(base("neptune"), "/negative/4/rating", json!(0)),
            "negative[4].rating: the rating must be a positive integer",
        ),
        (
            with(base("neptune"), "/negative/4/rating", json!(2.5)),
            "negative[4].rating: 2.5 is not a whole number",
        ),
        (
            with(base("neptune"), "/sandwich", json!([])),
            "sandwich: 0 questions, but sandwich has exactly 6 (2.1)",
        ),
        (
            with(
                base("neptune"),
                "/blitz",
                json!([[{"correct":[]},{"correct":[]},{"correct":[]},{"correct":[]}],[{"correct":[]},{"correct":[]},{"correct":[]}],[{"correct":[]},{"correct":[]},{"correct":[]},{"correct":[]}]]),
            ),
            "blitz[1]: 3 answers in a block, but a block has 4 questions (3.1)",
        ),
        (
            with(
                base("neptune"),
                "/sisyphus",
                Value::Array(vec![json!({"correct":[]}); 7]),
            ),
            "sisyphus: 7 questions, but sisyphus has exactly 6 (4.1)",
        ),
        (
            with(
                base("neptune"),
                "/joker",
                json!({"declared":{"A":8,"B":0},"questions":vec![json!({"correct":[]}); 7]}),
            ),
            "joker.declared[\"A\"]: 8 is outside 0..7",
        ),
        (
            with(
                base("neptune"),
                "/joker",
                json!({"declared":{"A":-1,"B":0},"questions":vec![json!({"correct":[]}); 7]}),
            ),
            "joker.declared[\"A\"]: -1 is not a declaration 0..7",
        ),
        (
            with(
                base("neptune"),
                "/joker",
                json!({"declared":{"A":1},"questions":vec![json!({"correct":[]}); 7]}),
            ),
            "joker.declared: no declaration for \"B\"",
        ),
        (
            with(
                base("neptune"),
                "/joker",
                json!({"declared":{"A":1,"B":1},"questions":vec![json!({"correct":[]}); 6]}),
            ),
            "joker.questions: 6 questions, but joker has exactly 7 (5.1)",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![]).as_array().unwrap()[..7].to_vec().into(),
            ),
            "auction: 7 questions, but auction has exactly 8 (6.1)",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![
                    json!({"winner":null,"correct":[]}),
                    json!({"winner":null,"correct":[]}),
                    json!({"winner":null,"correct":[]}),
                    json!({"winner":"A","bid":35,"correct":[]}),
                ]),
            ),
            "auction[3].bid: 35 is not a multiple of 10",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![json!({"winner":"A","bid":30,"correct":[]})]),
            ),
            "auction[0].bid: 30 is below the first bid's minimum of 40",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![json!({"winner":"A","bid":130,"correct":[]})]),
            ),
            "auction[0].bid: 130 is more than \"A\"'s current score of 120 (6.2)",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![
                    json!({"winner":"A","bid":120,"correct":[]}),
                    json!({"winner":"A","bid":"va-bank","correct":[]}),
                ]),
            ),
            "auction[1].winner: \"A\" has 0 points; only teams with a positive score bid (6.2)",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![json!({"winner":"B","bid":40,"correct":[]})]),
            ),
            "auction[0].winner: \"B\" has 0 points",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![json!({"winner":null,"bid":40,"correct":[]})]),
            ),
            "auction[0].bid: a bid, but no winner",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![json!({"winner":"A","correct":[]})]),
            ),
            "auction[0].bid: missing",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![json!({"winner":"A","bid":"all","correct":[]})]),
            ),
            "auction[0].bid: \"all\" is not a bid",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![json!({"winner":"Z","bid":40,"correct":[]})]),
            ),
            "auction[0].winner: unknown team \"Z\"",
        ),
        (
            with(base("neptune"), "/sandwhich", json!([])),
            "sandwhich: unknown field",
        ),
    ];
    for (sheet, expected) in cases {
        let error = refused(&sheet);
        assert!(
            error.starts_with(expected),
            "expected `{expected}`, got `{error}`"
        );
        assert!(!error.contains('\n'), "one line: {error}");
    }
}

#[test]
fn sheet_invalid_json_and_repeated_keys_are_refused() {
    assert!(
        score_sheet("{")
            .unwrap_err()
            .to_string()
            .starts_with("sheet: not valid JSON")
    );
    assert_eq!(
        score_sheet(r#"{"format":"chgk","teams":["A"],"teams":["B"],"questions":[]}"#)
            .unwrap_err()
            .to_string(),
        "teams: field given twice"
    );
    let text = r#"{"format":"neptune","teams":["A","B"],"joker":{"declared":{"A":1,"A":2,"B":0},"questions":[]}}"#;
    assert_eq!(
        score_sheet(text).unwrap_err().to_string(),
        "joker.declared[\"A\"]: given twice"
    );
}

#[test]
fn sheet_structural_errors_name_the_field_in_the_sheets_words() {
    let tournament =
        json!({"format":"erudit-quartet","teams":["A","B","C","D"],"seed":-1,"stages":[]});
    let cases: Vec<(Value, &str)> = vec![
        (
            with(base("chgk"), "/questions", json!({})),
            "questions: expected an array",
        ),
        (
            with(base("chgk"), "/questions/0/extra", json!(1)),
            "questions[0].extra: unknown field (expected correct, removed, absent)",
        ),
        (
            with(base("multigames"), "/tours/0/tasks/0/points/A", json!("x")),
            "tours[0].tasks[0].points[\"A\"]: expected a number",
        ),
        (
            with(
                base("multigames"),
                "/tours/0/tasks/0/points/A",
                json!(1e-19),
            ),
            "tours[0].tasks[0].points[\"A\"]: 0.0000000000000000001 has more than 18 decimals or is too large",
        ),
        (
            with(
                base("erudit-quartet"),
                "/tours/0/rounds/0/players/A",
                json!(5),
            ),
            "tours[0].rounds[0].players[\"A\"]: expected a string",
        ),
        (
            with(
                base("neptune"),
                "/sizes",
                json!({"negative":12,"sandwich":6,"blitz":3,"sisyphus":6,"joker":7}),
            ),
            "sizes.auction: missing",
        ),
        (
            with(
                base("neptune"),
                "/sizes",
                json!({"negative":12,"sandwich":6,"blitz":3,"sisyphus":6,"joker":7,"auction":0}),
            ),
            "sizes.auction: 0: a shortened auction plays 1 to 8 (6.1)",
        ),
        (
            with(
                base("neptune"),
                "/auction",
                auction(vec![json!({"winner":"A","bid":2.5,"correct":[]})]),
            ),
            "auction[0].bid: 2.5 is not a whole number of 0 or more",
        ),
        (
            with(
                base("neptune"),
                "/joker",
                json!({"declared":{"A":"x","B":0},"questions":[]}),
            ),
            "joker.declared[\"A\"]: \"x\" is not a declaration 0..7 (5.2)",
        ),
        (tournament, "seed: -1 is not a whole number of 0 or more"),
        (
            json!({"format":"chgk","teams":["A"],"questions":[{"correct":[],"removed":null}]}),
            "questions[0].removed: expected true or false",
        ),
    ];
    for (sheet, expected) in cases {
        assert_eq!(refused(&sheet), expected);
    }
}

// ---------- properties ----------

fn chgk_sheet() -> impl Strategy<Value = Value> {
    (
        1usize..6,
        proptest::collection::vec(
            (proptest::collection::vec(any::<bool>(), 6), any::<bool>()),
            0..12,
        ),
    )
        .prop_map(|(teams, questions)| {
            let names: Vec<String> = (0..teams).map(|i| format!("Команда {i}")).collect();
            let questions: Vec<Value> = questions
                .into_iter()
                .map(|(right, removed)| {
                    let correct: Vec<&String> = names
                        .iter()
                        .zip(right)
                        .filter(|(_, r)| *r)
                        .map(|(n, _)| n)
                        .collect();
                    json!({"correct":correct,"removed":removed})
                })
                .collect();
            json!({"format":"chgk","teams":names,"questions":questions})
        })
}

fn ring_sheet() -> impl Strategy<Value = Value> {
    (
        1usize..5,
        proptest::collection::vec(proptest::collection::vec((0u32..6, 0u32..6), 8), 0..4),
    )
        .prop_map(|(half, rounds)| {
            let n = half * 2;
            let names: Vec<String> = (0..n).map(|i| format!("T{i}")).collect();
            // Play the engine's own pairings so the sheet is valid.
            let mut sheet = json!({"format":"brain-ring","teams":names,"rounds":[]});
            for scores in rounds {
                let out: Value =
                    serde_json::from_str(&score_sheet(&sheet.to_string()).unwrap()).unwrap();
                let Some(pairs) = out["next_round"].as_array().cloned() else {
                    break;
                };
                let round: Vec<Value> = pairs
                .iter()
                .zip(scores)
                .map(|(pair, (x, y))| json!({"teams":pair,"score":[x.min(5), y.min(5 - x.min(5))]}))
                .collect();
                sheet["rounds"]
                    .as_array_mut()
                    .unwrap()
                    .push(Value::Array(round));
            }
            sheet
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A sheet scored twice gives the same result.
    #[test]
    fn sheet_scored_twice_gives_the_same_result(sheet in prop_oneof![chgk_sheet(), ring_sheet()]) {
        let text = sheet.to_string();
        let first = score_sheet(&text);
        prop_assert!(first.is_ok(), "{first:?}");
        prop_assert_eq!(first, score_sheet(&text));
    }

    /// 2.2: shared places only for full ties on the ranking keys (ChGK:
    /// points, then rating); places run 1..=n.
    #[test]
    fn sheet_chgk_shared_places_only_for_full_ties(sheet in chgk_sheet()) {
        let out: Value = serde_json::from_str(&score_sheet(&sheet.to_string()).unwrap()).unwrap();
        let rows = out["standings"].as_array().unwrap();
        for a in rows {
            for b in rows {
                let same_keys = a["points"] == b["points"] && a["rating"] == b["rating"];
                prop_assert_eq!(a["place"] == b["place"], same_keys);
            }
        }
    }

    /// 4.8: the engine's next round never repeats a meeting.
    #[test]
    fn sheet_brain_ring_next_round_has_no_rematch(sheet in ring_sheet()) {
        let out: Value = serde_json::from_str(&score_sheet(&sheet.to_string()).unwrap()).unwrap();
        if let Some(pairs) = out["next_round"].as_array() {
            for pair in pairs {
                for round in sheet["rounds"].as_array().unwrap() {
                    for fight in round.as_array().unwrap() {
                        let met = &fight["teams"];
                        let same = (met[0] == pair[0] && met[1] == pair[1]) || (met[0] == pair[1] && met[1] == pair[0]);
                        prop_assert!(!same, "{pair} already met");
                    }
                }
            }
        }
    }

    /// Any text at all: a result or a one-line error, never a panic.
    #[test]
    fn sheet_never_panics_on_garbage(text in ".{0,200}") {
        if let Err(e) = score_sheet(&text) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }
}
