//! A package's pictures: PNG and JPEG only (told by their magic bytes, not
//! their names), each at most [`IMAGE_LIMIT`] and all of one package at most
//! [`PACKAGE_MEDIA_LIMIT`], named by the SHA-256 of their bytes so a picture
//! is stored and sent once however many questions show it. A question keeps
//! a [`MediaRef`] (hash, kind, size); the bytes travel as a [`MediaFile`].
//! What is refused is said in a [`MediaSkip`], which the importers turn
//! into a note for the host. No I/O here: files come in as bytes.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

const MIB: u64 = 1024 * 1024;

/// The largest picture a package may carry: a full-HD photo is a few MiB.
pub const IMAGE_LIMIT: u64 = 8 * MIB;

/// All pictures of one package together.
pub const PACKAGE_MEDIA_LIMIT: u64 = 32 * MIB;

/// A picture's name: the SHA-256 of its bytes in lower-case hex.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct MediaHash(pub String);

impl MediaHash {
    pub fn of(bytes: &[u8]) -> MediaHash {
        let digest = ring::digest::digest(&ring::digest::SHA256, bytes);
        MediaHash(digest.as_ref().iter().map(|b| format!("{b:02x}")).collect())
    }

    /// The first characters, enough for a person to tell pictures apart.
    pub fn short(&self) -> &str {
        self.0.get(..12).unwrap_or(&self.0)
    }
}

impl fmt::Display for MediaHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The picture formats a projector shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MediaKind {
    Png,
    Jpeg,
}

impl MediaKind {
    /// The kind the bytes say they are, whatever the file is called.
    pub fn sniff(bytes: &[u8]) -> Option<MediaKind> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(MediaKind::Png)
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(MediaKind::Jpeg)
        } else {
            None
        }
    }

    pub fn mime(self) -> &'static str {
        match self {
            MediaKind::Png => "image/png",
            MediaKind::Jpeg => "image/jpeg",
        }
    }
}

/// A question's picture as views carry it: never its bytes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MediaRef {
    pub hash: MediaHash,
    pub kind: MediaKind,
    pub size: u32,
    /// The file's name in the package, for the host's desk.
    pub name: String,
}

/// A picture with its bytes.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MediaFile {
    pub hash: MediaHash,
    pub kind: MediaKind,
    pub bytes: Vec<u8>,
}

impl fmt::Debug for MediaFile {
    // Megabytes of numbers help nobody reading a log or a failed test.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MediaFile")
            .field("hash", &self.hash.short())
            .field("kind", &self.kind)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

/// Why a picture the package names is not shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MediaSkip {
    /// Neither PNG nor JPEG by its bytes (a GIF, a video, a renamed file).
    NotAnImage,
    TooLarge {
        limit_mib: u64,
    },
    /// The package's pictures before it used up [`PACKAGE_MEDIA_LIMIT`].
    PackageFull {
        limit_mib: u64,
    },
}

/// A package's pictures by the names its questions use, as the importer
/// offers them: kept within the limits, or refused with the reason.
#[derive(Clone, Debug, Default)]
pub struct MediaShelf {
    kept: BTreeMap<String, MediaRef>,
    files: BTreeMap<MediaHash, MediaFile>,
    skipped: BTreeMap<String, MediaSkip>,
    total: u64,
    limits: MediaLimits,
}

/// The bounds a shelf keeps to; tests shrink them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MediaLimits {
    pub image: u64,
    pub package: u64,
}

impl Default for MediaLimits {
    fn default() -> Self {
        MediaLimits {
            image: IMAGE_LIMIT,
            package: PACKAGE_MEDIA_LIMIT,
        }
    }
}

impl MediaShelf {
    pub fn with_limits(limits: MediaLimits) -> Self {
        MediaShelf {
            limits,
            ..MediaShelf::default()
        }
    }

    /// Offers the file `name` (its base name as questions name it). The
    /// same bytes under two names count once.
    pub fn offer(&mut self, name: &str, bytes: Vec<u8>) {
        let Some(kind) = MediaKind::sniff(&bytes) else {
            self.skipped.insert(name.to_owned(), MediaSkip::NotAnImage);
            return;
        };
        let size = bytes.len() as u64;
        if size > self.limits.image {
            let limit_mib = self.limits.image.div_ceil(MIB);
            self.skipped
                .insert(name.to_owned(), MediaSkip::TooLarge { limit_mib });
            return;
        }
        let hash = MediaHash::of(&bytes);
        if !self.files.contains_key(&hash) {
            if self.total.saturating_add(size) > self.limits.package {
                let limit_mib = self.limits.package.div_ceil(MIB);
                self.skipped
                    .insert(name.to_owned(), MediaSkip::PackageFull { limit_mib });
                return;
            }
            self.total += size;
            self.files.insert(
                hash.clone(),
                MediaFile {
                    hash: hash.clone(),
                    kind,
                    bytes,
                },
            );
        }
        let media = MediaRef {
            hash,
            kind,
            size: u32::try_from(size).unwrap_or(u32::MAX),
            name: name.to_owned(),
        };
        self.kept.insert(name.to_owned(), media);
    }

    /// Notes a picture the importer had to refuse before offering it (one
    /// that would unpack past the limit).
    pub fn refuse(&mut self, name: &str, why: MediaSkip) {
        self.skipped.insert(name.to_owned(), why);
    }

    /// The picture a question names, if it was kept.
    pub fn get(&self, name: &str) -> Option<&MediaRef> {
        self.kept.get(name)
    }

    /// Why the picture `name` was not kept, if it was offered.
    pub fn skipped(&self, name: &str) -> Option<&MediaSkip> {
        self.skipped.get(name)
    }

    /// The kept pictures some question of `package` shows, each once.
    pub fn files_shown_in(&self, package: &super::Package) -> Vec<MediaFile> {
        let shown: std::collections::BTreeSet<&MediaHash> = package
            .questions()
            .flat_map(|q| q.media.iter().map(|m| &m.hash))
            .collect();
        shown
            .into_iter()
            .filter_map(|hash| self.files.get(hash).cloned())
            .collect()
    }

    pub fn limits(&self) -> MediaLimits {
        self.limits
    }
}

/// A file sent along with a package: a picture a `.4s` names as
/// «(pic: NAME.jpg)», read from the package's folder.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackageFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

impl fmt::Debug for PackageFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PackageFile")
            .field("name", &self.name)
            .field("bytes", &self.bytes.len())
            .finish()
    }
}

/// The pictures a 4s text names: «(pic: NAME)» in its handouts or texts,
/// in order, each once. Only plain file names count: a name with a path in
/// it is not read from anywhere.
pub fn pictures_named(text: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("(pic:") {
        let after = &rest[at + "(pic:".len()..];
        let Some(end) = after.find(')') else { break };
        let name = after[..end].trim();
        let plain = !name.is_empty()
            && !name.contains(['/', '\\'])
            && name != ".."
            && !name.starts_with('.');
        if plain && !names.iter().any(|n| n == name) {
            names.push(name.to_owned());
        }
        rest = &after[end..];
    }
    names
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\nrest of a picture";
    const JPEG: &[u8] = b"\xFF\xD8\xFF\xE0 jfif";

    #[test]
    fn media_kind_is_told_by_the_bytes_not_the_name() {
        assert_eq!(MediaKind::sniff(PNG), Some(MediaKind::Png));
        assert_eq!(MediaKind::sniff(JPEG), Some(MediaKind::Jpeg));
        assert_eq!(MediaKind::sniff(b"GIF89a"), None);
        assert_eq!(MediaKind::sniff(b""), None);
        assert_eq!(MediaKind::Jpeg.mime(), "image/jpeg");
    }

    #[test]
    fn media_hash_is_sha256_in_hex() {
        assert_eq!(
            MediaHash::of(b"abc").0,
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn media_shelf_keeps_pictures_and_says_why_it_refuses_others() {
        // Arrange
        let limits = MediaLimits {
            image: 30,
            package: 50,
        };
        let mut shelf = MediaShelf::with_limits(limits);
        let big = [PNG, &[0u8; 20]].concat();
        let other = [JPEG, b" another one"].concat();

        // Act
        shelf.offer("a.png", PNG.to_vec());
        shelf.offer("same.png", PNG.to_vec());
        shelf.offer("anim.gif", b"GIF89a....".to_vec());
        shelf.offer("big.png", big);
        shelf.offer("b.jpg", other.clone());
        shelf.offer("c.jpg", [other.as_slice(), b"!"].concat());

        // Assert
        assert_eq!(shelf.get("a.png").unwrap().kind, MediaKind::Png);
        assert_eq!(
            shelf.get("a.png").unwrap().hash,
            shelf.get("same.png").unwrap().hash
        );
        assert_eq!(shelf.skipped("anim.gif"), Some(&MediaSkip::NotAnImage));
        assert_eq!(
            shelf.skipped("big.png"),
            Some(&MediaSkip::TooLarge { limit_mib: 1 })
        );
        assert!(shelf.get("b.jpg").is_some(), "18 + 17 bytes fit in 50");
        assert_eq!(
            shelf.skipped("c.jpg"),
            Some(&MediaSkip::PackageFull { limit_mib: 1 })
        );
        assert_eq!(shelf.total, (PNG.len() + other.len()) as u64);
    }

    #[test]
    fn media_4s_picture_names_are_found_once_and_paths_are_refused() {
        let text = "(pic: 1.jpg)\n[Раздаточный материал: (pic: 2.png)]\n(pic: 1.jpg) (pic: ../etc/passwd) (pic: C:\\x.jpg) (pic: )";
        assert_eq!(pictures_named(text), ["1.jpg", "2.png"]);
        assert_eq!(pictures_named("(pic: never closed"), Vec::<String>::new());
    }
}
