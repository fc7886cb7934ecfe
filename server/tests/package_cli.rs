//! `minuta-server package FILE [--encoding E]`: a host checks a package
//! (`.4s` text or a SIGame `.siq`) before the game. A readable package
//! prints as pretty JSON (exit 0, every question with every field); an
//! unreadable one exits 2 with one line on stderr saying why.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use encoding_rs::{Encoding, KOI8_R, WINDOWS_1251};
use minuta_shared::packages::{Package, Question};
use serde_json::Value;

const SMALL: &str = "### Кубок города\n\n## Тур 1\n\n? Столица России?\n! Москва.\n= Масква.\n/ Проще некуда.\n@ Иван Петров\n";

/// Every field a question has in the JSON.
const QUESTION_FIELDS: [&str; 16] = [
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
    "price",
    "media",
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

/// The package printed, one that must load: exit 0, nothing on stderr.
fn loads(output: &Output) -> Package {
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

fn first_question(json: &Package) -> &Question {
    &json.tours[0].questions[0]
}

/// A package fixture of this crate (`tests/fixtures/packages/`).
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/packages")
        .join(name)
}

/// Asserts every question of every tour printed is an object with every
/// field (the text itself: a field left out would still read back).
fn every_question_has_every_field(output: &Output) -> usize {
    let json: Value = serde_json::from_slice(&output.stdout).unwrap();
    let mut count = 0;
    for tour in json["tours"].as_array().unwrap() {
        for question in tour["questions"].as_array().unwrap() {
            let fields = question.as_object().unwrap();
            for field in QUESTION_FIELDS {
                assert!(fields.contains_key(field), "{field} in {question}");
            }
            count += 1;
        }
    }
    count
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
        String::from_utf8(output.stdout.clone())
            .unwrap()
            .contains("\n  \"tours\""),
        "pretty"
    );
    assert_eq!(json.title.as_deref(), Some("Кубок города"));
    assert_eq!(json.tours[0].title, "Тур 1");
    assert_eq!(every_question_has_every_field(&output), 1);
    let question = first_question(&json);
    assert_eq!(question.answer, "Москва.");
    assert_eq!(question.accepted.as_deref(), Some("Масква."));
    assert_eq!(question.theme, None);
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
        assert_eq!(
            json.title.as_deref(),
            Some("Кубок города"),
            "{}",
            encoding.name()
        );
        assert_eq!(first_question(&json).text, "Столица России?");
        assert_eq!(
            first_question(&json).authors.as_deref(),
            Some("Иван Петров")
        );
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
    assert_eq!(first_question(&json).text, "В");
    let json = loads(&package(&path, Some("koi8-r")));
    assert_eq!(first_question(&json).text, "б");
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
    let tours = &json.tours;
    let rounds: Vec<(&str, &str)> = tours
        .iter()
        .map(|t| (&*t.title, t.battle.as_deref().unwrap()))
        .collect();
    assert_eq!(
        rounds,
        [
            ("Раунд 1", "Бой 1"),
            ("Раунд 2", "Бой 1"),
            ("Бой 2", "Бой 2")
        ]
    );
    let rivers = &tours[0].themes[0];
    assert_eq!(rivers.title, "Тема 1. Реки");
    assert_eq!(rivers.authors.as_deref(), Some("Анна Смирнова (Казань)"));
    let values: Vec<(&str, u32)> = tours[0]
        .questions
        .iter()
        .map(|q| (q.theme.as_deref().unwrap(), q.value.unwrap()))
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

#[test]
fn package_siq_prints_rounds_themes_and_every_question_with_every_field() {
    // Act: a real SIGame 5 package.
    let output = package(&fixture("pack7-07.siq"), None);

    // Assert
    let json = loads(&output);
    assert_eq!(json.title.as_deref(), Some("7-07"));
    let tours = &json.tours;
    let shape: Vec<(&str, usize, usize)> = tours
        .iter()
        .map(|t| (&*t.title, t.themes.len(), t.questions.len()))
        .collect();
    assert_eq!(
        shape,
        [
            ("1-й раунд", 6, 30),
            ("2-й раунд", 6, 30),
            ("3-й раунд", 6, 30),
            ("ФИНАЛ", 7, 7)
        ]
    );
    assert_eq!(every_question_has_every_field(&output), 97);
    assert_eq!(tours[0].themes[1].title, "КОТ");
    let question = &tours[0].questions[5];
    assert_eq!(question.theme.as_deref(), Some("КОТ"));
    assert_eq!(question.answer, "Олег Табаков");
    assert_eq!(question.accepted.as_deref(), Some("Табаков"));
    assert_eq!((question.value, question.price), (Some(10), Some(100)));
    let secret = &tours[0].questions[7];
    assert!(
        secret
            .text
            .starts_with("[Ведущему: в SIGame это «кот в мешке» (secret)"),
        "{secret:?}"
    );
    assert_eq!(secret.rejected.as_deref(), Some("Спинка"));
}

#[test]
fn package_siq_media_are_named_in_the_questions() {
    let output = package(&fixture("siq-media-test.siq"), None);
    let json = loads(&output);
    assert_eq!(every_question_has_every_field(&output), 2);
    assert_eq!(
        first_question(&json).text,
        "[видео: videoplayback (8)_2 (1).mp4]"
    );
    assert_eq!(
        json.tours[0].questions[1].text,
        // The archive's copy of the picture is empty: nothing to show.
        "[изображение: [alliance]  King of Baking Kim Tak Goo E17-0-47-21-574.jpg] (на экран не выводится: не PNG и не JPEG)"
    );
    assert_eq!(json.tours[0].questions[1].media, []);
}

#[test]
fn package_siq_of_sigame_4_reads_its_scenario_and_types() {
    let output = package(&fixture("sigame-v4.siq"), None);
    let json = loads(&output);
    assert_eq!(every_question_has_every_field(&output), 8);
    assert_eq!(
        json.editors.as_deref(),
        Some("Иван Иванович Иванов (Казань, Россия)")
    );
    let question = first_question(&json);
    assert_eq!(question.text, "Столица Франции?");
    assert_eq!(question.rejected.as_deref(), Some("Лион; Марсель"));
    assert_eq!(question.authors.as_deref(), Some("Анна Смирнова"));
    let auction = &json.tours[0].questions[2];
    assert!(
        auction.text.contains("[изображение: kremlin.jpg]"),
        "{auction:?}"
    );
}

#[test]
fn package_siq_renamed_4s_still_loads_and_the_encoding_does_not_matter() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(fixture("pack7-07.siq")).unwrap();
    let path = write(&dir, "pack.4s", &bytes);
    let json = loads(&package(&path, Some("cp1251")));
    assert_eq!(json.title.as_deref(), Some("7-07"));
}

#[test]
fn package_broken_siq_is_refused_naming_the_file() {
    // Arrange: a real package cut short, as a failed download leaves it.
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(fixture("pack7-07.siq")).unwrap();
    let path = write(&dir, "cut.siq", &bytes[..3000]);

    // Act
    let why = refused(&package(&path, None));

    // Assert
    assert!(
        why.contains("cut.siq: the zip archive of this SIGame package is damaged"),
        "{why}"
    );
}

#[test]
fn package_siq_without_content_xml_is_refused() {
    let why = refused(&package(&fixture("not-sigame.siq"), None));
    assert!(why.contains("not-sigame.siq"), "{why}");
    assert!(why.contains("no content.xml"), "{why}");
}

#[test]
fn package_siq_zip_bomb_is_refused_without_unpacking_it() {
    // 65 KB that unpack to 65 MiB of zeros: past the 64 MiB bound.
    let why = refused(&package(&fixture("zip-bomb.siq"), None));
    assert!(why.contains("zip-bomb.siq"), "{why}");
    assert!(why.contains("unpacks to more than 64 MiB"), "{why}");
}

#[test]
fn package_siq_with_malformed_xml_is_refused() {
    // Arrange: a sound zip whose content.xml stops mid-round.
    let dir = tempfile::tempdir().unwrap();
    let xml = "<package name=\"x\"><rounds><round name=\"R\">";
    let path = write(&dir, "bad.siq", &stored_zip("content.xml", xml.as_bytes()));

    // Act
    let why = refused(&package(&path, None));

    // Assert
    assert!(why.contains("bad.siq: "), "{why}");
    assert!(why.contains("content.xml is not well-formed XML"), "{why}");
}

/// A zip of one stored entry, written by hand: the server crate has no zip
/// writer, and the format of one stored file is short.
fn stored_zip(name: &str, bytes: &[u8]) -> Vec<u8> {
    let crc = crc32(bytes);
    let size = u32::try_from(bytes.len()).unwrap();
    let name_len = u16::try_from(name.len()).unwrap();
    let mut zip = Vec::new();
    // Local file header.
    zip.extend_from_slice(b"PK\x03\x04");
    zip.extend_from_slice(&[20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    for field in [crc, size, size] {
        zip.extend_from_slice(&field.to_le_bytes());
    }
    zip.extend_from_slice(&name_len.to_le_bytes());
    zip.extend_from_slice(&[0, 0]);
    zip.extend_from_slice(name.as_bytes());
    zip.extend_from_slice(bytes);
    // Central directory.
    let directory_at = u32::try_from(zip.len()).unwrap();
    zip.extend_from_slice(b"PK\x01\x02");
    zip.extend_from_slice(&[20, 0, 20, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    for field in [crc, size, size] {
        zip.extend_from_slice(&field.to_le_bytes());
    }
    zip.extend_from_slice(&name_len.to_le_bytes());
    zip.extend_from_slice(&[0; 12]);
    zip.extend_from_slice(&0u32.to_le_bytes());
    zip.extend_from_slice(name.as_bytes());
    let directory_len = u32::try_from(zip.len()).unwrap() - directory_at;
    // End of central directory.
    zip.extend_from_slice(b"PK\x05\x06");
    zip.extend_from_slice(&[0, 0, 0, 0, 1, 0, 1, 0]);
    zip.extend_from_slice(&directory_len.to_le_bytes());
    zip.extend_from_slice(&directory_at.to_le_bytes());
    zip.extend_from_slice(&[0, 0]);
    zip
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}
