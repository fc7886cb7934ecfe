//! Question packages: the format-independent model ([`Package`], [`Tour`],
//! [`Question`]), the `.4s` and SIGame `.siq` importers, and
//! [`parse_package`], which picks the importer for an uploaded file and
//! reports why a file cannot be read; the pictures questions show
//! ([`media`]). No I/O here: importers take bytes.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

mod four_s;
pub mod media;
mod question;
mod siq;
mod text;

pub use four_s::parse_four_s;
pub use question::{Package, Question, QuestionKind, Theme, Tour};
pub use siq::parse_siq;

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
    #[error(
        "{file_name}: the zip archive of this SIGame package is damaged or not a zip ({reason})"
    )]
    SiqBrokenArchive { file_name: String, reason: String },
    #[error("{file_name}: the archive has no content.xml, so it is not a SIGame package")]
    SiqMissingContent { file_name: String },
    #[error(
        "{file_name}: the archive holds more than {limit} files, far more than any SIGame package (a zip bomb?)"
    )]
    SiqTooManyEntries { file_name: String, limit: u64 },
    #[error("{file_name}: the archive unpacks to more than {limit_mib} MiB (a zip bomb?)")]
    SiqTooLarge { file_name: String, limit_mib: u64 },
    #[error("{file_name}: content.xml unpacks to more than {limit_mib} MiB")]
    SiqContentTooLarge { file_name: String, limit_mib: u64 },
    #[error("{file_name}: content.xml is not well-formed XML ({reason})")]
    SiqMalformedXml { file_name: String, reason: String },
    #[error(
        "{file_name}: content.xml is not a SIGame package (its root element is <{root}>, not <package>)"
    )]
    SiqNotAPackage { file_name: String, root: String },
    #[error("{file_name}: the SIGame package has no questions")]
    SiqNoQuestions { file_name: String },
    #[error(
        "{file_name}: unknown package format «.{extension}»; Minuta imports .4s and SIGame .siq packages"
    )]
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
        "{file_name}: this is a zip archive, not a .4s text, and no SIGame package either (no content.xml; a .docx renamed?); save the package as .4s text"
    )]
    ZipArchive { file_name: String },
}

/// Imports an uploaded package file, choosing the format by the file's
/// extension and its first bytes: `.siq`, or any zip archive with SIGame's
/// `content.xml` (a `.siq` renamed `.zip` or `.4s`), is a SIGame package;
/// `.4s` (or no extension at all, for text pasted or saved without one) is
/// read as 4s text in UTF-8, UTF-16 with a BOM, Windows-1251 or KOI8-R (told
/// apart by the text itself).
pub fn parse_package(file_name: &str, bytes: &[u8]) -> Result<Package, PackageError> {
    import(file_name, bytes, None)
}

/// As [`parse_package`], with the text's encoding named by the host (a label
/// such as "utf-8", "cp1251", "koi8-r") for files whose encoding cannot be
/// told from the text. A `.siq` ignores it: its XML says its own encoding.
pub fn parse_package_as(
    file_name: &str,
    bytes: &[u8],
    encoding: &str,
) -> Result<Package, PackageError> {
    import(file_name, bytes, Some(encoding))
}

/// As [`parse_package`] (or [`parse_package_as`], given an encoding), with
/// the pictures a `.4s` names as «(pic: NAME)» handed in as `pictures`
/// (read from the package's folder by whoever read the package); a `.siq`
/// carries its own. The package's questions then name their pictures and
/// [`Package::media`] holds their bytes.
pub fn parse_package_with(
    file_name: &str,
    bytes: &[u8],
    encoding: Option<&str>,
    pictures: &[media::PackageFile],
) -> Result<Package, PackageError> {
    let mut package = import(file_name, bytes, encoding)?;
    if package.media.is_empty() {
        attach_pictures(&mut package, pictures);
    }
    Ok(package)
}

/// Gives each question of a `.4s` the pictures its text or handout names
/// and that came with the package; what is named but cannot be shown is
/// said in the package's notes for the host.
fn attach_pictures(package: &mut Package, pictures: &[media::PackageFile]) {
    let mut shelf = media::MediaShelf::default();
    for file in pictures {
        shelf.offer(&file.name, file.bytes.clone());
    }
    let mut notes = Vec::new();
    for question in package
        .tours
        .iter_mut()
        .flat_map(|t| t.questions.iter_mut())
    {
        let text = format!(
            "{}\n{}",
            question.text,
            question.handout.as_deref().unwrap_or_default()
        );
        for name in media::pictures_named(&text) {
            match (shelf.get(&name), shelf.skipped(&name)) {
                (Some(picture), _) => question.media.push(picture.clone()),
                (None, Some(why)) => notes.push(picture_note(&name, Some(why))),
                (None, None) => notes.push(picture_note(&name, None)),
            }
        }
    }
    notes.dedup();
    package.info.extend(notes);
    package.media = shelf.files_shown_in(package);
}

/// A note for the host about a picture of a `.4s` the projector will not
/// show (in Russian, as `.4s` packages are).
fn picture_note(name: &str, why: Option<&media::MediaSkip>) -> String {
    let why = match why {
        None => "файл не передан с пакетом (загрузите пакет по пути к файлу, чтобы взять картинку из его папки)".to_owned(),
        Some(media::MediaSkip::NotAnImage) => "не PNG и не JPEG".to_owned(),
        Some(media::MediaSkip::TooLarge { limit_mib }) => format!("больше {limit_mib} МиБ"),
        Some(media::MediaSkip::PackageFull { limit_mib }) => {
            format!("картинки пакета превысили {limit_mib} МиБ")
        }
    };
    format!("Картинка «{name}» не выводится на экран: {why}")
}

fn import(file_name: &str, bytes: &[u8], encoding: Option<&str>) -> Result<Package, PackageError> {
    let extension = extension(file_name).map(|ext| ext.to_lowercase());
    let unknown = |extension: &str| PackageError::UnknownFormat {
        file_name: file_name.to_owned(),
        extension: extension.to_owned(),
    };
    match extension.as_deref() {
        Some("siq") => parse_siq(file_name, bytes),
        // Hosts rename a `.siq` to `.zip` to look inside, or to `.4s` hoping
        // that is enough: the magic bytes say it is an archive, and
        // `content.xml` inside says it is SIGame's.
        _ if bytes.starts_with(text::ZIP_MAGIC) => match parse_siq(file_name, bytes) {
            Err(PackageError::SiqBrokenArchive { .. } | PackageError::SiqMissingContent { .. }) => {
                Err(match extension.as_deref() {
                    None | Some("4s") => PackageError::ZipArchive {
                        file_name: file_name.to_owned(),
                    },
                    Some(other) => unknown(other),
                })
            }
            read => read,
        },
        None | Some("4s") => parse_four_s(&text::decode(file_name, bytes, encoding)?),
        Some(other) => Err(unknown(other)),
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
    fn packages_siq_is_imported_by_extension_and_a_renamed_one_by_its_bytes() {
        let bytes = include_bytes!("../../../server/tests/fixtures/packages/pack7-07.siq");
        for name in [
            "pack7-07.siq",
            "PACK.SIQ",
            "pack7-07.zip",
            "pack7-07.4s",
            "pack7-07",
        ] {
            let package = parse_package(name, bytes).unwrap();
            assert_eq!(package.question_count(), 97, "{name}");
        }
        // The encoding a host names for text does not matter to a .siq.
        let package = parse_package_as("pack7-07.siq", bytes, "cp1251").unwrap();
        assert_eq!(package.title.as_deref(), Some("7-07"));
    }

    #[test]
    fn packages_broken_siq_names_the_file() {
        let err = parse_package("pack7-07.siq", b"PK\x03\x04").unwrap_err();
        assert!(
            matches!(&err, PackageError::SiqBrokenArchive { file_name, .. } if file_name == "pack7-07.siq"),
            "{err:?}"
        );
        assert!(err.to_string().starts_with("pack7-07.siq: "), "{err}");
    }

    #[test]
    fn packages_a_zip_without_content_xml_is_not_taken_for_a_siq() {
        // A .docx renamed: a zip, but not SIGame's.
        let docx = siq::tests::zip_of(&[("word/document.xml", b"<w:document/>".as_slice())]);
        assert_eq!(
            parse_package("report.4s", &docx),
            Err(PackageError::ZipArchive {
                file_name: "report.4s".into()
            })
        );
        assert_eq!(
            parse_package("report.docx", &docx),
            Err(PackageError::UnknownFormat {
                file_name: "report.docx".into(),
                extension: "docx".into()
            })
        );
        assert_eq!(
            parse_package("report.siq", &docx),
            Err(PackageError::SiqMissingContent {
                file_name: "report.siq".into()
            })
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
    fn packages_4s_pictures_sent_with_the_package_are_attached() {
        // Arrange: two questions name pictures; one came with the package
        // and one did not; a third file is not a picture at all.
        let text = "? [Раздаточный материал: (pic: 1.png)]\nЧто на картинке?\n! Кот.\n\n? (pic: 2.jpg) Кто это?\n! Пёс.\n\n? (pic: 3.gif) А это?\n! Ёж.\n";
        let png = b"\x89PNG\r\n\x1a\ncat".to_vec();
        let pictures = [
            media::PackageFile {
                name: "1.png".into(),
                bytes: png.clone(),
            },
            media::PackageFile {
                name: "3.gif".into(),
                bytes: b"GIF89a".to_vec(),
            },
        ];

        // Act
        let package = parse_package_with("pack.4s", text.as_bytes(), None, &pictures).unwrap();

        // Assert
        let q: Vec<&Question> = package.questions().collect();
        assert_eq!(q[0].media.len(), 1);
        assert_eq!(q[0].media[0].hash, media::MediaHash::of(&png));
        assert_eq!(q[0].media[0].kind, media::MediaKind::Png);
        assert!(q[1].media.is_empty() && q[2].media.is_empty());
        assert_eq!(package.media.len(), 1);
        assert!(
            package
                .info
                .iter()
                .any(|n| n.starts_with("Картинка «2.jpg» не выводится на экран: файл не передан")),
            "{:?}",
            package.info
        );
        assert!(
            package
                .info
                .iter()
                .any(|n| n == "Картинка «3.gif» не выводится на экран: не PNG и не JPEG")
        );
    }

    #[test]
    fn packages_fixture_loads_through_parse_package() {
        let bytes = include_bytes!("../../../tests/fixtures/packs/ovsch_boronenko_3.4s");
        let package = parse_package("ovsch_boronenko_3.4s", bytes).unwrap();
        assert_eq!(package.question_count(), 36);
    }
}
