//! Question packages: the format-independent model ([`Package`], [`Tour`],
//! [`Question`]), the `.4s` importer, and [`parse_package`], which picks the
//! importer for an uploaded file and reports why a file cannot be read.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

mod four_s;
mod question;
mod text;

pub use four_s::parse_four_s;
pub use question::{Package, Question, QuestionKind, Theme, Tour};

/// Why a package could not be imported. Problems inside a file name the line
/// (1-based) so the editor can fix the file; problems with the file as a whole
/// name the file.
///
/// It travels to the client inside the ChGK game's refusal, which says it in
/// the host's language; the English text here is the fallback.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum PackageError {
    #[error("the package is empty")]
    Empty,
    #[error("the package has no questions (a question starts with a line «? текст вопроса»)")]
    NoQuestions,
    #[error("line {line}: the question has no answer (a line «! ответ» is missing)")]
    QuestionWithoutAnswer { line: usize },
    #[error("line {line}: the answer is empty")]
    EmptyAnswer { line: usize },
    #[error("line {line}: the question has no text (a line «? текст вопроса» is missing or empty)")]
    QuestionWithoutText { line: usize },
    #[error(
        "line {line}: a second answer in the question that starts on line {question_line} (is a «? » line missing?)"
    )]
    SecondAnswer { line: usize, question_line: usize },
    #[error(
        "line {line}: {field} («{marker}») outside a question; it must follow the question's «? » line without a blank line in between"
    )]
    FieldOutsideQuestion {
        line: usize,
        marker: Cow<'static, str>,
        field: Cow<'static, str>,
    },
    #[error(
        "line {line}: text without a marker after a blank line; is a marker such as «? » or «! » missing?"
    )]
    TextWithoutMarker { line: usize },
    #[error("line {line}: the handout «[Раздаточный материал: …» is never closed with «]»")]
    UnclosedHandout { line: usize },
    #[error("{file_name}: SIGame packages (.siq) cannot be imported yet")]
    SiqNotSupported { file_name: String },
    #[error("{file_name}: unknown package format «.{extension}»; Minuta imports .4s packages")]
    UnknownFormat {
        file_name: String,
        extension: String,
    },
    #[error(
        "{file_name}: not UTF-8 (line {line}), and its encoding cannot be told for sure (Windows-1251? KOI8-R?); save the package as UTF-8 or name its encoding with --encoding"
    )]
    UnsureEncoding { file_name: String, line: usize },
    #[error("{file_name}: line {line} is not valid {encoding}")]
    NotInEncoding {
        file_name: String,
        encoding: String,
        line: usize,
    },
    #[error("unknown encoding «{label}»; try utf-8, windows-1251, koi8-r or ibm866")]
    UnknownEncoding { label: String },
    #[error(
        "{file_name}: this is a zip archive, not a .4s text (a .docx or .siq renamed?); save the package as .4s text"
    )]
    ZipArchive { file_name: String },
}

/// Imports an uploaded package file, choosing the format by the file's
/// extension: `.4s` (or no extension at all, for text pasted or saved without
/// one) is read as 4s text in UTF-8, UTF-16 with a BOM, Windows-1251 or
/// KOI8-R (told apart by the text itself); SIGame `.siq` is recognised but
/// not supported yet.
pub fn parse_package(file_name: &str, bytes: &[u8]) -> Result<Package, PackageError> {
    import(file_name, bytes, None)
}

/// As [`parse_package`], with the text's encoding named by the host (a label
/// such as "utf-8", "cp1251", "koi8-r") for files whose encoding cannot be
/// told from the text.
pub fn parse_package_as(
    file_name: &str,
    bytes: &[u8],
    encoding: &str,
) -> Result<Package, PackageError> {
    import(file_name, bytes, Some(encoding))
}

fn import(file_name: &str, bytes: &[u8], encoding: Option<&str>) -> Result<Package, PackageError> {
    match extension(file_name)
        .map(|ext| ext.to_lowercase())
        .as_deref()
    {
        None | Some("4s") => parse_four_s(&text::decode(file_name, bytes, encoding)?),
        Some("siq") => Err(PackageError::SiqNotSupported {
            file_name: file_name.to_owned(),
        }),
        Some(other) => Err(PackageError::UnknownFormat {
            file_name: file_name.to_owned(),
            extension: other.to_owned(),
        }),
    }
}

/// The extension of the last path component, if it has one. Hosts upload
/// files from Windows too, so both separators count. Package titles often
/// contain dots ("Этап 3. Финал"), so only a short alphanumeric tail counts as
/// an extension; anything else is a name without one.
fn extension(file_name: &str) -> Option<&str> {
    let base = file_name.rsplit(['/', '\\']).next().unwrap_or(file_name);
    let (_, ext) = base.rsplit_once('.')?;
    let looks_like_extension =
        (1..=5).contains(&ext.len()) && ext.chars().all(|c| c.is_ascii_alphanumeric());
    looks_like_extension.then_some(ext)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    const SMALL: &str = "? Текст вопроса.\n! Ответ.\n";

    #[test]
    fn packages_detects_4s_by_extension_in_any_case_and_path() {
        for name in [
            "pack.4s",
            "PACK.4S",
            "C:\\Пакеты\\pack.4s",
            "/home/host/packs.d/pack.4s",
            "pack",
            "Этап 3. Финал",
        ] {
            let package = parse_package(name, SMALL.as_bytes()).unwrap();
            assert_eq!(package.question_count(), 1, "{name}");
        }
    }

    #[test]
    fn packages_siq_is_refused_clearly() {
        let err = parse_package("pack7-07.siq", b"PK\x03\x04").unwrap_err();
        assert_eq!(
            err,
            PackageError::SiqNotSupported {
                file_name: "pack7-07.siq".into()
            }
        );
        assert_eq!(
            err.to_string(),
            "pack7-07.siq: SIGame packages (.siq) cannot be imported yet"
        );
    }

    #[test]
    fn packages_unknown_extension_names_file_and_extension() {
        let err = parse_package("pack.docx", SMALL.as_bytes()).unwrap_err();
        assert_eq!(
            err,
            PackageError::UnknownFormat {
                file_name: "pack.docx".into(),
                extension: "docx".into()
            }
        );
        assert!(err.to_string().contains("pack.docx"));
    }

    #[test]
    fn packages_windows_1251_is_read() {
        // "? Вопрос" in Windows-1251 on the second line.
        let bytes = b"### Title\n? \xc2\xee\xef\xf0\xee\xf1\n! a\n";
        let package = parse_package("old.4s", bytes).unwrap();
        assert_eq!(
            package.questions().next().map(|q| q.text.as_str()),
            Some("Вопрос")
        );
    }

    #[test]
    fn packages_unsure_encoding_names_file_line_and_option() {
        // One Cyrillic letter on the second line: «В» in Windows-1251, «б»
        // in KOI8-R; nothing tells which.
        let bytes = b"### Title\n? \xc2\n! a\n";
        let err = parse_package("old.4s", bytes).unwrap_err();
        assert_eq!(
            err,
            PackageError::UnsureEncoding {
                file_name: "old.4s".into(),
                line: 2
            }
        );
        assert!(err.to_string().contains("old.4s"));
        assert!(err.to_string().contains("--encoding"));
        let package = parse_package_as("old.4s", bytes, "windows-1251").unwrap();
        assert_eq!(
            package.questions().next().map(|q| q.text.as_str()),
            Some("В")
        );
    }

    #[test]
    fn packages_zip_renamed_4s_is_refused_as_a_zip() {
        let err = parse_package("pack.4s", b"PK\x03\x04rest").unwrap_err();
        assert_eq!(
            err,
            PackageError::ZipArchive {
                file_name: "pack.4s".into()
            }
        );
    }

    #[test]
    fn packages_utf16_with_bom_is_read() {
        let mut le = vec![0xFF, 0xFE];
        le.extend(SMALL.encode_utf16().flat_map(u16::to_le_bytes));
        let mut be = vec![0xFE, 0xFF];
        be.extend(SMALL.encode_utf16().flat_map(u16::to_be_bytes));
        for bytes in [le, be] {
            let package = parse_package("pack.4s", &bytes).unwrap();
            assert_eq!(
                package.questions().next().map(|q| q.answer.as_str()),
                Some("Ответ.")
            );
        }
    }

    #[test]
    fn packages_utf16_with_odd_byte_count_does_not_panic() {
        assert!(parse_package("pack.4s", &[0xFF, 0xFE, 0x3F]).is_err());
    }

    #[test]
    fn packages_fixture_loads_through_parse_package() {
        let bytes = include_bytes!("../../../tests/fixtures/packs/ovsch_boronenko_3.4s");
        let package = parse_package("ovsch_boronenko_3.4s", bytes).unwrap();
        assert_eq!(package.question_count(), 36);
    }
}
