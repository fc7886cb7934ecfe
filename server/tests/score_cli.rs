//! `minuta-server score FILE`: every format's sheet scored by the binary
//! (exit 0, one JSON line), and every bad sheet refused (exit 2, nothing on
//! stdout, one stderr line naming the field by its path).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use minuta_shared::export::score::ScoreLine;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sheets")
        .join(name)
}

fn score(path: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_minuta-server"))
        .arg("score")
        .arg(path)
        .output()
        .unwrap()
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// Scores `<format>.json` and checks it prints `<format>.out.json` exactly.
fn scores_as_expected(format: &str) -> ScoreLine {
    let output = score(&fixture(&format!("{format}.json")));
    assert_eq!(
        output.status.code(),
        Some(0),
        "{format}: {}",
        stderr(&output)
    );
    assert!(
        output.stderr.is_empty(),
        "{format}: stderr {}",
        stderr(&output)
    );
    let printed = stdout(&output);
    assert_eq!(printed.lines().count(), 1, "one JSON line: {printed}");
    let expected = std::fs::read_to_string(fixture(&format!("{format}.out.json"))).unwrap();
    assert_eq!(printed.trim_end(), expected.trim_end(), "{format}");
    let result: ScoreLine = serde_json::from_str(&printed).unwrap();
    assert_eq!(result.format, format);
    result
}

/// (team, place, points) per row.
fn table(result: &ScoreLine) -> Vec<(String, String, String)> {
    result
        .standings
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["team"].as_str().unwrap().into(),
                r["place"].as_str().unwrap().into(),
                r["points"].to_string(),
            )
        })
        .collect()
}

fn row(team: &str, place: &str, points: &str) -> (String, String, String) {
    (team.into(), place.into(), points.into())
}

#[test]
fn score_chgk_3_and_4_3_points_rating_mask() {
    let result = scores_as_expected("chgk");
    assert_eq!(
        table(&result),
        vec![
            row("Совы", "1", "2"),
            row("Дятлы", "2", "1"),
            row("Ёжики", "3", "1"),
            row("Кроты", "4", "0")
        ]
    );
    // 4.3: A = 4 teams; Дятлы alone on question 2 rates 4+1−1 = 4.
    assert_eq!(result.standings[1]["rating"], 4);
    assert_eq!(result.standings[0]["mask"], "10X10");
}

#[test]
fn score_brain_ring_4_6_to_4_8_table_and_next_round() {
    let result = scores_as_expected("brain-ring");
    // Альфа beat Бета 3:2 (4.5 and 1), then drew Зета 2:2 (2 each).
    assert_eq!(
        table(&result),
        vec![
            row("Зета", "1", "7"),
            row("Бета", "2", "6.5"),
            row("Альфа", "3", "6.5"),
            row("Дельта", "4", "6"),
            row("Гамма", "5", "1.5"),
            row("Эпсилон", "6", "0"),
        ]
    );
    // 4.7: Бета and Альфа are equal on points; Бета's difference is higher.
    assert_eq!(
        (
            result.standings[1]["difference"].clone(),
            result.standings[2]["difference"].clone()
        ),
        (4.into(), 1.into())
    );
    assert_eq!(
        result.next_round,
        Some(serde_json::json!([
            ["Зета", "Бета"],
            ["Альфа", "Дельта"],
            ["Гамма", "Эпсилон"]
        ]))
    );
}

#[test]
fn score_erudit_quartet_5_10_points_and_players() {
    let result = scores_as_expected("erudit-quartet");
    assert_eq!(
        table(&result),
        vec![
            row("Запад", "1", "60"),
            row("Север", "2-3", "40"),
            row("Юг", "2-3", "40"),
            row("Восток", "4", "-20")
        ]
    );
    assert_eq!(result.standings[3]["players"]["Восток-1"], -40);
}

#[test]
fn score_multigames_6_partial_credit() {
    let result = scores_as_expected("multigames");
    assert_eq!(
        table(&result),
        vec![
            row("Ребусники", "1", "5.5"),
            row("Кроссвордисты", "2", "4"),
            row("Шарадисты", "3", "2.8")
        ]
    );
}

#[test]
fn score_neptune_all_six_contests() {
    let result = scores_as_expected("neptune");
    assert_eq!(
        table(&result),
        vec![
            row("Нептун-1", "1", "676"),
            row("Наяды", "2", "107"),
            row("Тритоны", "3", "-30")
        ]
    );
    // 4.3: Тритоны answered every Сизиф question: 210.
    assert_eq!(result.standings[2]["contests"]["sisyphus"], 210);
    // 3.6: a whole Блицкриг block is 80.
    assert_eq!(result.standings[2]["contests"]["blitz"], 80);
}

#[test]
fn score_same_sheet_twice_same_output() {
    for format in [
        "chgk",
        "brain-ring",
        "erudit-quartet",
        "multigames",
        "neptune",
    ] {
        let path = fixture(&format!("{format}.json"));
        assert_eq!(stdout(&score(&path)), stdout(&score(&path)), "{format}");
    }
}

#[test]
fn score_bad_sheets_exit_2_with_the_field_path() {
    // The formats this build knows (a test build also knows «Своя игра»).
    let known: Vec<&str> = minuta_shared::play::games::Format::ALL
        .iter()
        .map(|f| f.name())
        .collect();
    let unknown = format!(
        r#"format: unknown format "go" (expected one of {})"#,
        known.join(", ")
    );
    assert!(unknown.starts_with(
        r#"format: unknown format "go" (expected one of multigames, chgk, brain-ring, erudit-quartet, neptune"#
    ));
    let cases = [
        ("unknown-format", unknown.as_str()),
        ("no-teams", "teams: a sheet needs at least one team"),
        ("repeated-team", r#"teams[3]: "Совы" is already teams[0]"#),
        (
            "invalid-json",
            "sheet: not valid JSON: EOF while parsing a value at line 2 column 0",
        ),
        (
            "chgk-unknown-team",
            r#"questions[1].correct[1]: unknown team "Филины""#,
        ),
        (
            "brain-ring-six-taken",
            "rounds[0][1].score: 3+3 = 6 questions taken, but a fight has 5 (4.5)",
        ),
        (
            "brain-ring-plays-twice",
            r#"rounds[1][2].teams[1]: "Альфа" already plays rounds[1][0] in this round (one fight per round)"#,
        ),
        (
            "brain-ring-rematch",
            r#"rounds[1][0].teams: "Бета" and "Альфа" already met in rounds[0] (4.8: at most once)"#,
        ),
        (
            "brain-ring-odd-teams",
            "teams: 5 teams: an odd number of teams cannot be paired (4.8)",
        ),
        (
            "erudit-three-teams",
            "teams: 3 teams, but an Эрудит-квартет game has exactly 4",
        ),
        (
            "erudit-three-rounds",
            "tours[0].rounds: 3 rounds, but a tour has exactly 4 (5.6)",
        ),
        (
            "erudit-attempt-twice",
            r#"tours[0].rounds[1].questions[0][1].team: "Юг" already attempted this question (one attempt per team)"#,
        ),
        (
            "erudit-after-correct",
            "tours[1].rounds[0].questions[0][1]: an attempt after the question was answered right (nobody answers after that)",
        ),
        (
            "erudit-player-twice",
            r#"tours[1].rounds[2].players["Восток"]: "Восток-4" already played tours[1].rounds[0] (5.8: once per tour)"#,
        ),
        (
            "multigames-over-max",
            r#"tours[0].tasks[1].points["Шарадисты"]: 3.5 is outside 0..3 (credit is at most the task's value)"#,
        ),
        (
            "multigames-unknown-team",
            r#"tours[1].tasks[0].points["Пазлеры"]: unknown team "Пазлеры""#,
        ),
        (
            "neptune-negative-eleven",
            "negative: 11 questions, but negative has exactly 12 (1.1)",
        ),
        (
            "neptune-sisyphus-seven",
            "sisyphus: 7 questions, but sisyphus has exactly 6 (4.1)",
        ),
        (
            "neptune-joker-declares-eight",
            r#"joker.declared["Наяды"]: 8 is outside 0..7: the round has 7 questions (5.2)"#,
        ),
        (
            "neptune-auction-bid-35",
            "auction[3].bid: 35 is not a multiple of 10",
        ),
        (
            "neptune-auction-bid-over-score",
            r#"auction[4].bid: 500 is more than "Тритоны"'s current score of 312 (6.2)"#,
        ),
        (
            "neptune-auction-va-bank-stake",
            r#"auction[4].stake: 200 is not "Тритоны"'s stake: its bid at its current score is 312 (a «ва-банк» is the whole score when made, 6.4)"#,
        ),
        (
            "neptune-auction-winner-not-positive",
            r#"auction[7].winner: "Тритоны" has 0 points; only teams with a positive score bid (6.2)"#,
        ),
    ];
    for (name, expected) in cases {
        let output = score(&fixture(&format!("bad/{name}.json")));
        assert_eq!(
            output.status.code(),
            Some(2),
            "{name}: stdout {}",
            stdout(&output)
        );
        assert!(
            output.stdout.is_empty(),
            "{name}: nothing on stdout, got {}",
            stdout(&output)
        );
        assert_eq!(stderr(&output), format!("{expected}\n"), "{name}");
    }
}

#[test]
fn score_missing_file_exits_2() {
    let output = score(&fixture("no-such-sheet.json"));
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert_eq!(stderr(&output).lines().count(), 1);
}
