//! The `.siq` zip archive: its entries are counted and their declared sizes
//! summed against [`Limits`], then only the small XML files are inflated —
//! `content.xml` and SIGame 4's `Texts/authors.xml` and `Texts/sources.xml` —
//! counting the bytes as they come, because a zip can declare any size it
//! likes. Media files are listed by name; only pictures (`Images/`) are
//! inflated, each within the picture limit, onto a [`MediaShelf`]. Nothing
//! about questions lives here.

use std::collections::BTreeSet;
use std::io::{Cursor, Read};

use zip::ZipArchive;
use zip::result::ZipError;

use crate::packages::PackageError;
use crate::packages::media::{MediaShelf, MediaSkip};

const MIB: u64 = 1024 * 1024;

/// How much of an archive Minuta will look at. A real package has a few
/// hundred files and its `content.xml` a few hundred KiB; a zip bomb claims
/// (or hides) gigabytes.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Entries in the central directory.
    pub entries: usize,
    /// Uncompressed bytes of all entries together, as declared, and of the
    /// entries read, as counted.
    pub unpacked: u64,
    /// Uncompressed bytes of `content.xml`.
    pub content: u64,
}

/// The bounds every import runs with. 64 MiB is far above any package the
/// dashboard can send (a frame carries 4 MiB, and media barely compress).
pub const LIMITS: Limits = Limits {
    entries: 10_000,
    unpacked: 64 * MIB,
    content: 16 * MIB,
};

/// What the importer needs from the archive.
#[derive(Debug)]
pub struct Archive {
    pub content: Vec<u8>,
    /// SIGame 4's global authors and sources, which `@id` links name.
    pub authors: Option<Vec<u8>>,
    pub sources: Option<Vec<u8>>,
    /// The base name of every media file in the archive, as stored and
    /// URI-decoded (SIGame may store «%20» for a space), so a media note can
    /// say whether the file it names is there.
    pub files: BTreeSet<String>,
    /// The pictures under `Images/`, by base name as stored and decoded.
    pub images: MediaShelf,
}

/// Opens the archive and reads what the importer needs, within `limits`.
pub fn open(
    file_name: &str,
    bytes: &[u8],
    limits: Limits,
    mut images: MediaShelf,
) -> Result<Archive, PackageError> {
    let broken = |err: ZipError| PackageError::SiqBrokenArchive {
        file_name: file_name.to_owned(),
        reason: err.to_string(),
    };
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(broken)?;
    if zip.len() > limits.entries {
        return Err(PackageError::SiqTooManyEntries {
            file_name: file_name.to_owned(),
            limit: limits.entries as u64,
        });
    }
    let too_large = || PackageError::SiqTooLarge {
        file_name: file_name.to_owned(),
        limit_mib: limits.unpacked.div_ceil(MIB),
    };

    let mut declared = 0u64;
    let mut files = BTreeSet::new();
    let (mut content, mut authors, mut sources) = (None, None, None);
    let mut pictures = Vec::new();
    for index in 0..zip.len() {
        let entry = zip.by_index_data(index).map_err(broken)?;
        declared = declared.saturating_add(entry.size());
        if declared > limits.unpacked {
            return Err(too_large());
        }
        let name = String::from_utf8_lossy(entry.name_raw()).replace('\\', "/");
        // SIGame's own files sit at the root and in Texts/; a name's case
        // depends on the tool that zipped it.
        let slot = match name.to_ascii_lowercase().as_str() {
            "content.xml" => &mut content,
            "texts/authors.xml" => &mut authors,
            "texts/sources.xml" => &mut sources,
            _ => {
                let base = name.rsplit('/').next().unwrap_or(&name);
                if !base.is_empty() {
                    // Escaping is optional in SIGame's format: keep the name
                    // both as stored and decoded.
                    files.insert(uri_decode(base));
                    files.insert(base.to_owned());
                    if name.to_ascii_lowercase().starts_with("images/") {
                        pictures.push((index, base.to_owned()));
                    }
                }
                continue;
            }
        };
        slot.get_or_insert(index);
    }

    let Some(content_index) = content else {
        return Err(PackageError::SiqMissingContent {
            file_name: file_name.to_owned(),
        });
    };
    let mut budget = limits.unpacked;
    let mut read = |index: usize, limit: u64| -> Result<Option<Vec<u8>>, ReadError> {
        let limit = limit.min(budget);
        let bytes = read_bounded(&mut zip, index, limit)?;
        budget = budget.saturating_sub(bytes.as_ref().map_or(0, |b| b.len() as u64));
        Ok(bytes)
    };
    let content = match read(content_index, limits.content) {
        Ok(Some(bytes)) => bytes,
        Ok(None) if limits.content <= limits.unpacked => {
            return Err(PackageError::SiqContentTooLarge {
                file_name: file_name.to_owned(),
                limit_mib: limits.content.div_ceil(MIB),
            });
        }
        Ok(None) => return Err(too_large()),
        Err(ReadError(err)) => return Err(broken(err)),
    };
    // The global authors and sources only turn `@id` links into names: an
    // archive whose copies are damaged or oversized still imports, with the
    // links shown as written.
    let mut optional =
        |index: Option<usize>| index.and_then(|index| read(index, limits.content).ok().flatten());
    let authors = optional(authors);
    let sources = optional(sources);
    // A picture too large (or damaged) is refused alone: the questions
    // still import, their notes saying why it is not shown.
    let image_limit = images.limits().image;
    for (index, base) in pictures {
        let decoded = uri_decode(&base);
        match read(index, image_limit) {
            Ok(Some(bytes)) => {
                if decoded != base {
                    images.offer(&decoded, bytes.clone());
                }
                images.offer(&base, bytes);
            }
            Ok(None) => {
                let why = MediaSkip::TooLarge {
                    limit_mib: image_limit.div_ceil(MIB),
                };
                images.refuse(&decoded, why.clone());
                images.refuse(&base, why);
            }
            Err(ReadError(_)) => {
                images.refuse(&decoded, MediaSkip::NotAnImage);
                images.refuse(&base, MediaSkip::NotAnImage);
            }
        }
    }
    Ok(Archive {
        content,
        authors,
        sources,
        files,
        images,
    })
}

struct ReadError(ZipError);

/// The entry's bytes, or `None` when it declares or turns out to hold more
/// than `limit` bytes. The count is what decides: the zip crate checks the
/// CRC, but a lying size field must not make us inflate a bomb to find out.
fn read_bounded(
    zip: &mut ZipArchive<Cursor<&[u8]>>,
    index: usize,
    limit: u64,
) -> Result<Option<Vec<u8>>, ReadError> {
    let entry = zip.by_index(index).map_err(ReadError)?;
    if entry.size() > limit {
        return Ok(None);
    }
    let mut bytes = Vec::new();
    entry
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|err| ReadError(ZipError::Io(err)))?;
    Ok((bytes.len() as u64 <= limit).then_some(bytes))
}

/// Decodes SIGame's URI-escaped file names («%D0%A1%D0%BD…» for «Сн…»);
/// a `%` not followed by two hex digits stays as it is.
pub fn uri_decode(name: &str) -> String {
    let bytes = name.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = |at: usize| bytes.get(at).and_then(|&h| (h as char).to_digit(16));
        match (b, hex(i + 1), hex(i + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                i += 3;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::packages::siq::tests::{deflated_zip_of, zip_of};

    const XML: &[u8] = b"<package><rounds/></package>";

    fn tight(entries: usize, unpacked: u64, content: u64) -> Limits {
        Limits {
            entries,
            unpacked,
            content,
        }
    }

    #[test]
    fn siq_archive_reads_content_and_lists_media_by_decoded_name() {
        let zip = zip_of(&[
            ("content.xml", XML),
            ("Images/%D0%A1%D0%BD%D0%B8%D0%BC%D0%BE%D0%BA6.PNG", b"png"),
            ("Audio/a%20b.mp3", b"mp3"),
            ("Texts/authors.xml", b"<Authors/>"),
        ]);
        let archive = open("p.siq", &zip, LIMITS, MediaShelf::default()).unwrap();
        assert_eq!(archive.content, XML);
        assert_eq!(archive.authors.as_deref(), Some(b"<Authors/>".as_slice()));
        assert_eq!(archive.sources, None);
        for name in ["a b.mp3", "Снимок6.PNG", "a%20b.mp3"] {
            assert!(archive.files.contains(name), "{name}");
        }
        assert!(!archive.files.contains("content.xml"));
    }

    #[test]
    fn siq_archive_without_content_xml_is_named_so() {
        let zip = zip_of(&[("Images/a.png", b"png")]);
        assert_eq!(
            open("p.siq", &zip, LIMITS, MediaShelf::default()).unwrap_err(),
            PackageError::SiqMissingContent {
                file_name: "p.siq".into()
            }
        );
    }

    #[test]
    fn siq_archive_with_too_many_entries_is_refused_before_reading() {
        let names: Vec<String> = (0..5).map(|i| format!("Images/{i}.png")).collect();
        let mut entries: Vec<(&str, &[u8])> = names
            .iter()
            .map(|n| (n.as_str(), b"x".as_slice()))
            .collect();
        entries.push(("content.xml", XML));
        let zip = zip_of(&entries);
        assert_eq!(
            open("p.siq", &zip, tight(5, MIB, MIB), MediaShelf::default()).unwrap_err(),
            PackageError::SiqTooManyEntries {
                file_name: "p.siq".into(),
                limit: 5
            }
        );
        assert!(open("p.siq", &zip, tight(6, MIB, MIB), MediaShelf::default()).is_ok());
    }

    #[test]
    fn siq_archive_whose_declared_sizes_add_up_past_the_bound_is_refused() {
        let big = vec![0u8; 3000];
        let zip = deflated_zip_of(&[("content.xml", XML), ("Video/v.mp4", &big)]);
        assert!(matches!(
            open("p.siq", &zip, tight(10, 2000, 1000), MediaShelf::default()),
            Err(PackageError::SiqTooLarge { .. })
        ));
    }

    #[test]
    fn siq_content_xml_past_its_bound_is_refused() {
        let mut xml = b"<package>".to_vec();
        xml.resize(5000, b' ');
        let zip = deflated_zip_of(&[("content.xml", &xml)]);
        assert!(matches!(
            open("p.siq", &zip, tight(10, MIB, 4000), MediaShelf::default()),
            Err(PackageError::SiqContentTooLarge { .. })
        ));
    }

    #[test]
    fn siq_content_xml_that_lies_about_its_size_is_stopped_by_the_count() {
        // Arrange: 100 KB of spaces deflate to a few hundred bytes; the
        // headers then claim the entry unpacks to 10 bytes.
        let mut xml = b"<package>".to_vec();
        xml.resize(100_000, b' ');
        let mut zip = deflated_zip_of(&[("content.xml", &xml)]);
        let real = (xml.len() as u32).to_le_bytes();
        let claimed = 10u32.to_le_bytes();
        let mut patched = 0;
        for at in 0..zip.len().saturating_sub(4) {
            if zip[at..at + 4] == real {
                zip[at..at + 4].copy_from_slice(&claimed);
                patched += 1;
            }
        }
        assert_eq!(patched, 2, "local header and central directory");

        // Act
        let err = open("p.siq", &zip, tight(10, MIB, 50_000), MediaShelf::default()).unwrap_err();

        // Assert: refused. The zip crate itself notices the entry outgrow
        // its declared size; the count in `read_bounded` is the bound that
        // holds even if it did not.
        assert!(
            matches!(
                err,
                PackageError::SiqContentTooLarge { .. } | PackageError::SiqBrokenArchive { .. }
            ),
            "{err:?}"
        );
    }

    #[test]
    fn siq_garbage_is_a_broken_archive_naming_the_file() {
        for bytes in [b"".as_slice(), b"PK\x03\x04", b"not a zip at all"] {
            match open("p.siq", bytes, LIMITS, MediaShelf::default()) {
                Err(PackageError::SiqBrokenArchive { file_name, reason }) => {
                    assert_eq!(file_name, "p.siq");
                    assert!(!reason.is_empty());
                }
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn siq_file_names_are_uri_decoded_leniently() {
        assert_eq!(uri_decode("a%20b"), "a b");
        assert_eq!(uri_decode("100%"), "100%");
        assert_eq!(uri_decode("%zz%2"), "%zz%2");
        assert_eq!(uri_decode("%D0%AF"), "Я");
    }
}
