//! `minuta-server package FILE [--encoding E]`: a host checks a package
//! before the game. A readable package prints as pretty JSON (exit 0, every
//! question with every field); an unreadable one exits 2 with one line on
//! stderr saying why.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use encoding_rs::{Encoding, KOI8_R, WINDOWS_1251};
use serde_json::Value;

const SMALL: &str = "### Кубок города\n\n## Тур 1\n\n? Столица России?\n! Москва.\n= Масква.\n/ Проще некуда.\n@ Иван Петров\n";

/// Every field a question has in the JSON.
const QUESTION_FIELDS: [&str; 14] = [
    "number",
    "kind",
    "text",
    "parts",
    "handout",
    "answer",
    "answer_parts",
    "accepted",
    "rejected",
    "comment",
    "sources",
    "authors",
    "theme",
    "value",
];

fn package(path: &Path, encoding: Option<&str>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_minuta-server"));
    command.arg("package").arg(path);
    if let Some(encoding) = encoding {
        command.args(["--encoding", encoding]);
    }
    command.output().unwrap()
}

fn write(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

fn encode(encoding: &'static Encoding, text: &str) -> Vec<u8> {
    let (bytes, _, unmappable) = encoding.encode(text);
    assert!(!unmappable, "{}", encoding.name());
    bytes.into_owned()
}

/// The JSON of a package that must load: exit 0, nothing on stderr.
fn loads(output: &Output) -> Value {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
    assert!(output.stderr.is_empty(), "stderr: {stderr}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The one stderr line of a package that must be refused (exit 2).
fn refused(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "nothing on stdout");
    let stderr = String::from_utf8(output.stderr.clone()).unwrap();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr
}

fn first_question(json: &Value) -> &Value {
    &json["tours"][0]["questions"][0]
}

#[test]
fn package_utf8_prints_every_question_field_as_pretty_json() {
    // Arrange
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "cup.4s", SMALL.as_bytes());

    // Act
    let output = package(&path, None);

    // Assert
    let json = loads(&output);
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .contains("\n  \"tours\""),
        "pretty"
    );
    assert_eq!(json["title"], "Кубок города");
    assert_eq!(json["tours"][0]["title"], "Тур 1");
    let question = first_question(&json);
    let fields: Vec<&str> = question
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    for field in QUESTION_FIELDS {
        assert!(fields.contains(&field), "{field} in {fields:?}");
    }
    assert_eq!(question["answer"], "Москва.");
    assert_eq!(question["accepted"], "Масква.");
    assert_eq!(question["theme"], Value::Null);
}

#[test]
fn package_windows_1251_and_koi8_r_load_without_being_named() {
    for encoding in [WINDOWS_1251, KOI8_R] {
        // Arrange: the package as an old editor saved it.
        let dir = tempfile::tempdir().unwrap();
        let path = write(&dir, "old.4s", &encode(encoding, SMALL));

        // Act
        let json = loads(&package(&path, None));

        // Assert
        assert_eq!(json["title"], "Кубок города", "{}", encoding.name());
        assert_eq!(first_question(&json)["text"], "Столица России?");
        assert_eq!(first_question(&json)["authors"], "Иван Петров");
    }
}

#[test]
fn package_unsure_encoding_is_refused_naming_the_option_and_then_named() {
    // Arrange: a single Cyrillic letter, «В» in Windows-1251, «б» in KOI8-R.
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "short.4s", b"? \xc2\n! 1\n");

    // Act, assert: refused, and told how to name the encoding.
    let why = refused(&package(&path, None));
    assert!(why.contains("short.4s"), "{why}");
    assert!(why.contains("--encoding"), "{why}");

    // Named, it loads either way.
    let json = loads(&package(&path, Some("cp1251")));
    assert_eq!(first_question(&json)["text"], "В");
    let json = loads(&package(&path, Some("koi8-r")));
    assert_eq!(first_question(&json)["text"], "б");
}

#[test]
fn package_unknown_encoding_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "cup.4s", SMALL.as_bytes());
    let why = refused(&package(&path, Some("klingon")));
    assert!(why.contains("unknown encoding «klingon»"), "{why}");
}

#[test]
fn package_svoya_igra_keeps_fights_rounds_themes_and_values() {
    // Arrange: chgksuite's Своя-игра layout with #B, #R and #T.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/packs/svoya_igra.4s");

    // Act
    let json = loads(&package(&path, None));

    // Assert
    let tours = json["tours"].as_array().unwrap();
    let rounds: Vec<(&str, &str)> = tours
        .iter()
        .map(|t| (t["title"].as_str().unwrap(), t["battle"].as_str().unwrap()))
        .collect();
    assert_eq!(
        rounds,
        [
            ("Раунд 1", "Бой 1"),
            ("Раунд 2", "Бой 1"),
            ("Бой 2", "Бой 2")
        ]
    );
    let rivers = &tours[0]["themes"][0];
    assert_eq!(rivers["title"], "Тема 1. Реки");
    assert_eq!(rivers["authors"], "Анна Смирнова (Казань)");
    let values: Vec<(&str, u64)> = tours[0]["questions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| (q["theme"].as_str().unwrap(), q["value"].as_u64().unwrap()))
        .collect();
    assert_eq!(values.len(), 10);
    assert_eq!(&values[..2], [("Тема 1. Реки", 10), ("Тема 1. Реки", 20)]);
    assert_eq!(values[9], ("Тема 2. Числа", 50));
}

#[test]
fn package_zip_renamed_4s_is_refused_as_a_zip() {
    // Arrange: the first bytes of a .docx (or .siq) renamed to .4s.
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "pack.4s", b"PK\x03\x04\x14\x00\x06\x00\x08\x00");

    // Act
    let why = refused(&package(&path, None));

    // Assert
    assert!(
        why.contains("this is a zip archive, not a .4s text"),
        "{why}"
    );
    assert!(why.contains("pack.4s"), "{why}");
}

#[test]
fn package_broken_package_names_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(
        &dir,
        "broken.4s",
        "? Вопрос без ответа\n\n? Второй\n! Ответ\n".as_bytes(),
    );
    let why = refused(&package(&path, None));
    assert!(
        why.starts_with("line 1: the question has no answer"),
        "{why}"
    );
}

#[test]
fn package_missing_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let why = refused(&package(&dir.path().join("nowhere.4s"), None));
    assert!(why.contains("nowhere.4s: cannot read"), "{why}");
}
