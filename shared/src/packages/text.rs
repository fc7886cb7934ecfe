//! Package bytes to text: UTF-8 (with or without a BOM), UTF-16 with a BOM,
//! and the legacy Cyrillic encodings old packages and db.chgk.info sources
//! are saved in (Windows-1251, KOI8-R), told apart by a heuristic or named
//! by the host.

use encoding_rs::{Encoding, KOI8_R, WINDOWS_1251};

use super::PackageError;

/// A zip archive's first bytes: `.docx` and `.siq` files are zip archives,
/// and hosts rename them to `.4s` hoping that is enough.
pub(super) const ZIP_MAGIC: &[u8] = b"PK\x03\x04";

/// The text of a package file. `encoding` is a label the host gave
/// (`--encoding cp1251`); without one, a byte-order mark decides, then valid
/// UTF-8, then [`guess_cyrillic`].
pub fn decode(
    file_name: &str,
    bytes: &[u8],
    encoding: Option<&str>,
) -> Result<String, PackageError> {
    if bytes.starts_with(ZIP_MAGIC) {
        return Err(PackageError::ZipArchive {
            file_name: file_name.to_owned(),
        });
    }
    if let Some(label) = encoding {
        let encoding = named_encoding(label)?;
        return decode_as(file_name, bytes, encoding);
    }
    if let Some((encoding, _)) = Encoding::for_bom(bytes) {
        // A byte-order mark is unambiguous.
        return decode_as(file_name, bytes, encoding);
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(text.to_owned());
    }
    match guess_cyrillic(bytes) {
        Some(encoding) => decode_as(file_name, bytes, encoding),
        None => Err(PackageError::UnsureEncoding {
            file_name: file_name.to_owned(),
            line: first_bad_utf8_line(bytes),
        }),
    }
}

/// The encoding a host named, by any of its WHATWG labels ("utf-8",
/// "windows-1251", "cp1251", "koi8-r", "ibm866", "utf-16le" …).
fn named_encoding(label: &str) -> Result<&'static Encoding, PackageError> {
    Encoding::for_label(label.trim().as_bytes())
        // The "replacement" encoding decodes everything to one U+FFFD: no
        // package is written in it, so its labels are unknown here.
        .filter(|encoding| *encoding != encoding_rs::REPLACEMENT)
        .ok_or_else(|| PackageError::UnknownEncoding {
            label: label.to_owned(),
        })
}

/// Decodes strictly: a byte sequence the encoding does not have is an error
/// naming its line, not a silent U+FFFD in front of the judges. A BOM of the
/// same encoding is skipped.
fn decode_as(
    file_name: &str,
    bytes: &[u8],
    encoding: &'static Encoding,
) -> Result<String, PackageError> {
    let body = match Encoding::for_bom(bytes) {
        Some((bom_encoding, len)) if bom_encoding == encoding => {
            bytes.get(len..).unwrap_or_default()
        }
        _ => bytes,
    };
    if let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(body) {
        return Ok(text.into_owned());
    }
    let (lossy, _) = encoding.decode_without_bom_handling(body);
    let line = lossy.find('\u{fffd}').map_or(1, |at| {
        1 + lossy.get(..at).unwrap_or_default().matches('\n').count()
    });
    Err(PackageError::NotInEncoding {
        file_name: file_name.to_owned(),
        encoding: encoding.name().to_owned(),
        line,
    })
}

/// The line (1-based) of the first byte that is not UTF-8.
fn first_bad_utf8_line(bytes: &[u8]) -> usize {
    let valid = match std::str::from_utf8(bytes) {
        Ok(_) => bytes.len(),
        Err(e) => e.valid_up_to(),
    };
    1 + bytes
        .get(..valid)
        .unwrap_or_default()
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
}

/// Russian letter frequencies (per 10,000 letters, lowercase), the usual
/// corpus table: what a correct decoding's letters look like.
const FREQUENCIES: [(char, u32); 33] = [
    ('о', 1097),
    ('е', 845),
    ('а', 801),
    ('и', 735),
    ('н', 670),
    ('т', 626),
    ('с', 547),
    ('р', 473),
    ('в', 454),
    ('л', 440),
    ('к', 349),
    ('м', 321),
    ('д', 298),
    ('п', 281),
    ('у', 262),
    ('я', 201),
    ('ы', 190),
    ('ь', 174),
    ('г', 170),
    ('з', 165),
    ('б', 159),
    ('ч', 144),
    ('й', 121),
    ('х', 97),
    ('ж', 94),
    ('ш', 73),
    ('ю', 64),
    ('ц', 48),
    ('щ', 36),
    ('э', 32),
    ('ф', 26),
    ('ъ', 4),
    ('ё', 4),
];

/// How Russian a decoding looks.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Looks {
    letters: usize,
    /// Sum of the letters' log frequencies: the two encodings put frequent
    /// letters at each other's rare ones («А» at «ю»), so a wrong decoding
    /// scores far lower, whatever the case of the text.
    log_likelihood: f64,
    /// A lowercase letter right before a capital («бНОПНЯ»): the encodings
    /// also swap case, so a wrong decoding breaks every capitalised word.
    case_breaks: usize,
    /// C1 controls, box drawing, and Cyrillic letters Russian does not use
    /// (і, ј, ў …): each encoding has these where the other has Russian
    /// letters or punctuation.
    odd: usize,
}

impl Looks {
    fn of(text: &str) -> Looks {
        let mut looks = Looks::default();
        let mut previous_lower = false;
        for c in text.chars() {
            let lower = c.is_lowercase();
            let frequency = c
                .to_lowercase()
                .next()
                .and_then(|l| FREQUENCIES.iter().find(|(f, _)| *f == l))
                .map(|&(_, per_10k)| per_10k);
            if let Some(per_10k) = frequency {
                looks.letters += 1;
                looks.log_likelihood += (f64::from(per_10k) / 10_000.0).ln();
                looks.case_breaks += usize::from(previous_lower && !lower);
            }
            looks.odd += usize::from(
                matches!(c, '\u{80}'..='\u{9f}' | '\u{2500}'..='\u{25ff}')
                    || (matches!(c, '\u{400}'..='\u{4ff}') && frequency.is_none()),
            );
            previous_lower = frequency.is_some() && lower;
        }
        looks
    }

    fn score(self) -> f64 {
        // A case break or an odd character weighs about as much as two rare
        // letters.
        self.log_likelihood - 6.0 * (self.case_breaks as f64) - 6.0 * (self.odd as f64)
    }
}

/// Windows-1251 or KOI8-R, when the bytes say so clearly; `None` when they
/// do not (a few letters only, or no Russian in either reading), so the host
/// is asked rather than shown a package of gibberish.
fn guess_cyrillic(bytes: &[u8]) -> Option<&'static Encoding> {
    if looks_like_broken_utf8(bytes) {
        return None;
    }
    let looks = |encoding: &'static Encoding| {
        let (text, _) = encoding.decode_without_bom_handling(bytes);
        Looks::of(&text)
    };
    let (cp1251, koi8) = (looks(WINDOWS_1251), looks(KOI8_R));
    let (winner, encoding, loser) = if cp1251.score() >= koi8.score() {
        (cp1251, WINDOWS_1251, koi8)
    } else {
        (koi8, KOI8_R, cp1251)
    };
    // About a nat per letter separates a right reading from a wrong one in
    // running text; a third of that, and at least 4, leaves room for names
    // and abbreviations.
    let margin = winner.score() - loser.score();
    let clear = winner.letters >= 4 && margin >= (winner.letters as f64 / 3.0).max(4.0);
    clear.then_some(encoding)
}

/// UTF-8 with a damaged spot (a file cut and pasted together): most of its
/// non-ASCII text is valid UTF-8. Read as Windows-1251 it would be mojibake
/// («Р’РѕРїСЂРѕСЃ»), so it is left to the unsure error, which names the line.
fn looks_like_broken_utf8(bytes: &[u8]) -> bool {
    let (mut valid, mut invalid) = (0usize, 0usize);
    for chunk in bytes.utf8_chunks() {
        valid += chunk.valid().chars().filter(|c| !c.is_ascii()).count();
        invalid += chunk.invalid().len();
    }
    valid > invalid
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    // No «—» or «»: KOI8-R has neither.
    const PROSE: &str = "? Вопрос: какой город называют Северной столицей?\n! Санкт-Петербург.\n/ Ёлки - тоже ответ.\n";

    fn encode(encoding: &'static Encoding, text: &str) -> Vec<u8> {
        let (bytes, _, unmappable) = encoding.encode(text);
        assert!(!unmappable);
        bytes.into_owned()
    }

    #[test]
    fn packages_windows_1251_and_koi8_r_are_told_apart() {
        for encoding in [WINDOWS_1251, KOI8_R] {
            // Arrange
            let bytes = encode(encoding, PROSE);
            // Act
            let text = decode("old.4s", &bytes, None).unwrap();
            // Assert
            assert_eq!(text, PROSE, "{}", encoding.name());
        }
    }

    #[test]
    fn packages_real_packages_in_either_encoding_are_told_apart() {
        let packages = [
            include_str!("../../../tests/fixtures/packs/ovsch_boronenko_3.4s"),
            include_str!("../../../tests/fixtures/packs/duplet.4s"),
            include_str!("../../../tests/fixtures/packs/borromeo_blitz.4s"),
            include_str!("../../../tests/fixtures/packs/smalltest.4s"),
            include_str!("../../../tests/fixtures/packs/svoya_igra.4s"),
        ];
        for text in packages {
            for encoding in [WINDOWS_1251, KOI8_R] {
                // Arrange: what the file would be had it been saved in the
                // encoding (characters it lacks become «&#171;», as an
                // old editor would have mangled them anyway).
                let (bytes, _, _) = encoding.encode(text);
                let (expected, _) = encoding.decode_without_bom_handling(&bytes);
                // Act
                let decoded = decode("old.4s", &bytes, None);
                // Assert
                assert_eq!(decoded.as_deref(), Ok(&*expected), "{}", encoding.name());
            }
        }
    }

    #[test]
    fn packages_one_short_word_is_enough_to_tell() {
        let bytes = encode(WINDOWS_1251, "? Вопрос\n! да\n");
        assert_eq!(guess_cyrillic(&bytes), Some(WINDOWS_1251));
        let bytes = encode(KOI8_R, "? Вопрос\n! да\n");
        assert_eq!(guess_cyrillic(&bytes), Some(KOI8_R));
    }

    #[test]
    fn packages_capitals_only_are_told_by_letter_frequencies() {
        // Arrange: every letter a capital, so case says nothing.
        let text = "### ЧЕМПИОНАТ ГОРОДА\n? ВОПРОС О ПОГОДЕ\n! ОТВЕТ\n";
        for encoding in [WINDOWS_1251, KOI8_R] {
            let bytes = encode(encoding, text);
            // Act, assert
            assert_eq!(decode("caps.4s", &bytes, None).unwrap(), text);
        }
    }

    #[test]
    fn packages_too_few_letters_are_unsure_and_name_the_option() {
        // Arrange: one Cyrillic letter, which either encoding could mean.
        let bytes = b"? \xc2\n! 1\n";
        // Act
        let err = decode("short.4s", bytes, None).unwrap_err();
        // Assert
        assert_eq!(
            err,
            PackageError::UnsureEncoding {
                file_name: "short.4s".into(),
                line: 1
            }
        );
        assert!(err.to_string().contains("--encoding"), "{err}");
        // Named, it reads.
        assert_eq!(
            decode("short.4s", bytes, Some("cp1251")).unwrap(),
            "? В\n! 1\n"
        );
        assert_eq!(
            decode("short.4s", bytes, Some("koi8-r")).unwrap(),
            "? б\n! 1\n"
        );
    }

    #[test]
    fn packages_utf8_with_a_damaged_byte_is_not_taken_for_1251() {
        let mut bytes = "? Вопрос о погоде\n".as_bytes().to_vec();
        bytes.extend_from_slice(b"! \xff\n");
        assert_eq!(
            decode("cut.4s", &bytes, None),
            Err(PackageError::UnsureEncoding {
                file_name: "cut.4s".into(),
                line: 2
            })
        );
    }

    #[test]
    fn packages_utf8_with_and_without_bom_and_utf16_with_bom_still_read() {
        let mut with_bom = b"\xef\xbb\xbf".to_vec();
        with_bom.extend_from_slice(PROSE.as_bytes());
        assert_eq!(decode("a.4s", PROSE.as_bytes(), None).unwrap(), PROSE);
        assert_eq!(decode("a.4s", &with_bom, None).unwrap(), PROSE);
        let mut le = vec![0xFF, 0xFE];
        le.extend(PROSE.encode_utf16().flat_map(u16::to_le_bytes));
        assert_eq!(decode("a.4s", &le, None).unwrap(), PROSE);
    }

    #[test]
    fn packages_a_named_encoding_is_obeyed_and_checked() {
        // KOI8-R bytes read as KOI8-R even where the guess would say so too.
        let bytes = encode(KOI8_R, PROSE);
        assert_eq!(decode("a.4s", &bytes, Some("koi8-r")).unwrap(), PROSE);
        // Naming UTF-8 for bytes that are not: the line is named.
        assert_eq!(
            decode("a.4s", b"? a\n! \xff\n", Some("utf-8")),
            Err(PackageError::NotInEncoding {
                file_name: "a.4s".into(),
                encoding: "UTF-8".into(),
                line: 2
            })
        );
        assert_eq!(
            decode("a.4s", b"? a", Some("klingon")),
            Err(PackageError::UnknownEncoding {
                label: "klingon".into()
            })
        );
    }

    #[test]
    fn packages_zip_archive_is_named_as_such() {
        let err = decode("pack.4s", b"PK\x03\x04\x14\x00", None).unwrap_err();
        assert_eq!(
            err,
            PackageError::ZipArchive {
                file_name: "pack.4s".into()
            }
        );
        assert!(
            err.to_string()
                .contains("this is a zip archive, not a .4s text"),
            "{err}"
        );
    }
}
