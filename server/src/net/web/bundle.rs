//! The browser terminal's files, served from the bundle directory
//! (`scripts/build-web.sh` writes it) or from the copy built into the
//! binary (the `embed-web` feature, `build.rs`): a name is looked up only
//! if every part of it is a plain file name (letters, digits, `_`, `-`,
//! `.`, not starting with a dot), and only if it resolves to a regular
//! file inside the bundle (a symbolic link out of it is refused); no
//! listings. A file is sent as its precompressed `NAME.br` or `NAME.gz`
//! when the browser takes that packing.
//!
//! Every connection that asks for a file is sent the same bytes: one
//! shared copy of each file form ([`Files`]), never a copy per request, so
//! a reader that stalls holds a reference, not the file (the wasm is
//! megabytes; sixty-four stalled readers once held 700 MB).

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::UNIX_EPOCH;

use hyper::body::Bytes;

/// How a file's bytes are packed on the wire (`Content-Encoding`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Coding {
    Identity,
    Gzip,
    Brotli,
}

impl Coding {
    /// The precompressed file's suffix beside the plain one.
    pub fn suffix(self) -> &'static str {
        match self {
            Coding::Identity => "",
            Coding::Gzip => ".gz",
            Coding::Brotli => ".br",
        }
    }

    /// The `Content-Encoding` it is sent with, if any.
    pub fn header(self) -> Option<&'static str> {
        match self {
            Coding::Identity => None,
            Coding::Gzip => Some("gzip"),
            Coding::Brotli => Some("br"),
        }
    }
}

/// The packings a browser takes, read from its `Accept-Encoding`.
/// Chromium and Firefox offer `br` over HTTPS only, so over a hall's plain
/// `http://` they get the gzip.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Accepted {
    pub gzip: bool,
    pub brotli: bool,
}

impl Accepted {
    /// Reads an `Accept-Encoding` header: a coding named (or `*`) with a
    /// quality other than 0.
    pub fn from_header(header: &str) -> Accepted {
        let mut accepted = Accepted::default();
        for item in header.split(',') {
            let mut parts = item.split(';').map(str::trim);
            let coding = parts.next().unwrap_or_default();
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0))
            });
            if refused {
                continue;
            }
            if coding == "*" {
                accepted.gzip = true;
                accepted.brotli = true;
            } else if coding.eq_ignore_ascii_case("gzip") {
                accepted.gzip = true;
            } else if coding.eq_ignore_ascii_case("br") {
                accepted.brotli = true;
            }
        }
        accepted
    }

    /// The precompressed forms worth sending, best first.
    fn packings(self) -> impl Iterator<Item = Coding> {
        [(self.brotli, Coding::Brotli), (self.gzip, Coding::Gzip)]
            .into_iter()
            .filter_map(|(taken, coding)| taken.then_some(coding))
    }
}

/// A file of the bundle built into this binary.
pub struct EmbeddedFile {
    /// Its name in the bundle (`minuta_bg-0123456789abcdef.wasm`).
    pub name: &'static str,
    /// How `bytes` are packed.
    pub coding: Coding,
    pub bytes: &'static [u8],
}

// `EMBEDDED` (empty without the `embed-web` feature) and `EMBEDDED_STAMP`,
// a hash of them that tells one build's files from another's.
include!(concat!(env!("OUT_DIR"), "/embedded_web.rs"));

/// Where the browser terminal's files come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bundle {
    /// A folder, looked in at each request (so a bundle built while the
    /// server runs is served).
    Dir(PathBuf),
    /// The files built into this binary.
    Embedded,
}

impl Bundle {
    /// The folder named, else the files built in, else `fallback`.
    pub fn choose(named: Option<PathBuf>, fallback: impl FnOnce() -> PathBuf) -> Bundle {
        match named {
            Some(dir) => Bundle::Dir(dir),
            None if !EMBEDDED.is_empty() => Bundle::Embedded,
            None => Bundle::Dir(fallback()),
        }
    }

    /// Whether there are files to serve (a folder that exists).
    pub fn present(&self) -> bool {
        match self {
            Bundle::Dir(dir) => dir.is_dir(),
            Bundle::Embedded => true,
        }
    }

    /// Looks `name` up (see [`find`]). Blocking for a folder: run it off
    /// the server's thread.
    pub fn find(&self, name: &str, accepted: Accepted) -> Option<Found> {
        match self {
            Bundle::Dir(root) => find(root, name, accepted),
            Bundle::Embedded => find_embedded(EMBEDDED, name, accepted),
        }
    }

    /// How it is named in the page that says it is missing.
    pub fn describe(&self) -> String {
        match self {
            Bundle::Dir(dir) => dir.display().to_string(),
            Bundle::Embedded => "(built in)".to_owned(),
        }
    }
}

/// The bundle's files with one shared copy of each form sent: the built-in
/// ones are the binary's own bytes; a folder's are read once and read
/// again only when the file changed (its size or time).
#[derive(Debug)]
pub struct Files {
    pub bundle: Bundle,
    /// By (name, packings taken): the file's stamp and what was sent.
    cache: Mutex<HashMap<(String, Accepted), (Stamp, Found)>>,
}

/// A folder's file as it was when read: its path, size and time.
type Stamp = (PathBuf, u64, u128);

impl Files {
    pub fn new(bundle: Bundle) -> Self {
        Files {
            bundle,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// Looks `name` up (see [`find`]); the body shares the bytes every
    /// other request for the same form got. Blocking for a folder: run it
    /// off the server's thread.
    pub fn find(&self, name: &str, accepted: Accepted) -> Option<Found> {
        let key = (name.to_owned(), accepted);
        let stamp = match &self.bundle {
            Bundle::Dir(root) => Some(stamp(root, name, accepted)?),
            Bundle::Embedded => None,
        };
        let cache = || crate::sync::lock(&self.cache, "the bundle's files");
        if let Some((seen, found)) = cache().get(&key)
            && stamp.as_ref().is_none_or(|now| now == seen)
        {
            return Some(found.clone());
        }
        let found = self.bundle.find(name, accepted)?;
        let seen = stamp.unwrap_or_default();
        cache().insert(key, (seen, found.clone()));
        Some(found)
    }
}

/// The path, size and time of the file [`find`] would send (without
/// reading it).
fn stamp(root: &Path, name: &str, accepted: Accepted) -> Option<Stamp> {
    let (path, _) = pick(root, name, accepted)?;
    let (len, modified) = size_and_time(&path)?;
    Some((path, len, modified))
}

/// How a file of a folder is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// The file, or its precompressed form, as it is.
    As(Coding),
    /// Its `.gz` unpacked, for a browser that takes no packing.
    Unpacked,
}

/// Which file of the folder at `root` answers `name`, and how: the best
/// precompressed form the browser takes, else the plain file, else the
/// `.gz` unpacked.
fn pick(root: &Path, name: &str, accepted: Accepted) -> Option<(PathBuf, Form)> {
    let root = root.canonicalize().ok()?;
    let form_of = |coding: Coding| inside(&root, &root.join(format!("{name}{}", coding.suffix())));
    for coding in accepted.packings() {
        if let Some(packed) = form_of(coding) {
            return Some((packed, Form::As(coding)));
        }
    }
    if let Some(plain) = form_of(Coding::Identity) {
        return Some((plain, Form::As(Coding::Identity)));
    }
    form_of(Coding::Gzip).map(|packed| (packed, Form::Unpacked))
}

/// A file's size and modification time (ns since the epoch, 0 unknown).
fn size_and_time(path: &Path) -> Option<(u64, u128)> {
    let meta = std::fs::metadata(path).ok()?;
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos());
    Some((meta.len(), modified))
}

/// `name` among `files`: the best packing the browser takes, else the
/// plain file, else the gzip unpacked.
fn find_embedded(files: &[EmbeddedFile], name: &str, accepted: Accepted) -> Option<Found> {
    let form = |coding: Coding| {
        files
            .iter()
            .find(|file| file.name == name && file.coding == coding)
    };
    let content_type = content_type(name);
    let (file, body, coding) = match accepted.packings().chain([Coding::Identity]).find_map(form) {
        // The binary's own bytes: no copy.
        Some(file) => (file, Bytes::from_static(file.bytes), file.coding),
        None => {
            let file = form(Coding::Gzip)?;
            let mut body = Vec::new();
            flate2::read::GzDecoder::new(file.bytes)
                .read_to_end(&mut body)
                .ok()?;
            (file, Bytes::from(body), Coding::Identity)
        }
    };
    let etag = format!(
        "\"{:x}-{EMBEDDED_STAMP}{}\"",
        file.bytes.len(),
        etag_mark(coding)
    );
    Some(Found {
        body,
        content_type,
        coding,
        etag,
    })
}

/// What tells one packing's ETag from another's.
fn etag_mark(coding: Coding) -> &'static str {
    match coding {
        Coding::Identity => "",
        Coding::Gzip => "-gz",
        Coding::Brotli => "-br",
    }
}

/// One file to send; cloning it shares its bytes.
#[derive(Clone, Debug)]
pub struct Found {
    pub body: Bytes,
    pub content_type: &'static str,
    /// How the body is packed (`Content-Encoding`).
    pub coding: Coding,
    /// A validator for `If-None-Match`: the file's size and time, and
    /// which form was sent.
    pub etag: String,
}

/// The request's path as a relative file name in the bundle, or `None`
/// when it cannot name one (a dot part, an escape, anything encoded).
pub fn file_name(path: &str) -> Option<String> {
    let relative = path.strip_prefix('/')?;
    let relative = if relative.is_empty() {
        "index.html"
    } else {
        relative
    };
    let plain = |part: &str| {
        !part.is_empty()
            && !part.starts_with('.')
            && part
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
    };
    relative.split('/').all(plain).then(|| relative.to_owned())
}

/// How long a browser may keep a file: one whose name carries the hash
/// of its contents (`minuta_bg-0123456789abcdef.wasm`, written by
/// `scripts/build-web.sh`) never changes under that name, so it is kept a
/// year without asking again and a reload costs nothing; anything else
/// (the page that names them) is asked about each time, and an unchanged
/// one costs a 304 by its ETag.
pub fn cache_control(name: &str) -> &'static str {
    if named_by_contents(name) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

/// Whether the file's stem ends in `-` and 16 hex digits.
fn named_by_contents(name: &str) -> bool {
    let file = name.rsplit('/').next().unwrap_or(name);
    let stem = file.split('.').next().unwrap_or(file);
    stem.rsplit_once('-').is_some_and(|(_, hash)| {
        hash.len() == 16
            && hash
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// The content type of a file by its extension.
pub fn content_type(name: &str) -> &'static str {
    let extension = name.rsplit_once('.').map_or("", |(_, e)| e);
    match extension.to_ascii_lowercase().as_str() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "webmanifest" => "application/manifest+json",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

/// `path` made absolute, if it is a regular file inside `root` (both
/// already resolved).
fn inside(root: &Path, path: &Path) -> Option<PathBuf> {
    let real = path.canonicalize().ok()?;
    (real.starts_with(root) && real.is_file()).then_some(real)
}

/// Reads `name` from the bundle at `root`: its best precompressed form the
/// browser takes, if there is one; a file that only exists compressed is
/// unpacked for a browser that takes no packing. Blocking: run it off the
/// server's thread.
pub fn find(root: &Path, name: &str, accepted: Accepted) -> Option<Found> {
    let (path, form) = pick(root, name, accepted)?;
    let (body, coding) = match form {
        Form::As(coding) => (std::fs::read(&path).ok()?, coding),
        Form::Unpacked => {
            let mut body = Vec::new();
            flate2::read::GzDecoder::new(std::fs::File::open(&path).ok()?)
                .read_to_end(&mut body)
                .ok()?;
            (body, Coding::Identity)
        }
    };
    let (len, modified) = size_and_time(&path)?;
    let etag = format!("\"{len:x}-{modified:x}{}\"", etag_mark(coding));
    Some(Found {
        body: Bytes::from(body),
        content_type: content_type(name),
        coding,
        etag,
    })
}

/// The page `/` shows when there is no bundle: how to build one, in
/// Russian and English.
pub fn missing_page(bundle: &Bundle) -> String {
    let looked = html_escape(&bundle.describe());
    format!(
        "<!doctype html><html lang=\"ru\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<title>Minuta</title></head><body style=\"font-family:sans-serif;max-width:40em;margin:2em auto\">\
<h1>Браузерный терминал не собран</h1>\
<p>Сервер Минуты работает, но у него нет файлов браузерного терминала (искал в <code>{looked}</code>). \
Соберите их командой <code>scripts/build-web.sh</code> в папке исходников и обновите страницу \
(или укажите серверу папку: <code>--web-bundle ПАПКА</code>). Приложение <code>minuta</code> подключается и без них.</p>\
<h1 lang=\"en\">The browser terminal is not built</h1>\
<p lang=\"en\">The Minuta server is running, but it has no browser terminal files (looked in <code>{looked}</code>). \
Build them with <code>scripts/build-web.sh</code> in the source tree and reload this page \
(or name the folder to the server: <code>--web-bundle DIR</code>). The <code>minuta</code> app joins without them.</p>\
</body></html>"
    )
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_inside_the_bundle_are_looked_up() {
        assert_eq!(file_name("/").as_deref(), Some("index.html"));
        assert_eq!(
            file_name("/minuta_bg.wasm").as_deref(),
            Some("minuta_bg.wasm")
        );
        assert_eq!(
            file_name("/snippets/a-1/inline0.js").as_deref(),
            Some("snippets/a-1/inline0.js")
        );
        for bad in [
            "/../Cargo.toml",
            "/%2e%2e/Cargo.toml",
            "/a/../../b",
            "/.hidden",
            "//etc/passwd",
            "/a//b",
            "/dir/",
            "/a b",
            "relative",
            "/C:\\x",
        ] {
            assert_eq!(file_name(bad), None, "{bad}");
        }
    }

    const GZIP: Accepted = Accepted {
        gzip: true,
        brotli: false,
    };
    const BOTH: Accepted = Accepted {
        gzip: true,
        brotli: true,
    };
    const NONE: Accepted = Accepted {
        gzip: false,
        brotli: false,
    };

    #[test]
    fn a_built_in_file_is_sent_packed_as_taken_and_unpacked_when_not() {
        use std::io::Write;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(b"wasm bytes").unwrap();
        let packed: &'static [u8] = Box::leak(gz.finish().unwrap().into_boxed_slice());
        let files = [
            EmbeddedFile {
                name: "m.wasm",
                coding: Coding::Gzip,
                bytes: packed,
            },
            EmbeddedFile {
                name: "m.wasm",
                coding: Coding::Brotli,
                bytes: b"brotli bytes",
            },
            EmbeddedFile {
                name: "index.html",
                coding: Coding::Identity,
                bytes: b"<p>hi</p>",
            },
        ];
        let sent = find_embedded(&files, "m.wasm", GZIP).unwrap();
        assert_eq!(sent.coding, Coding::Gzip);
        assert_eq!(sent.body, packed);
        assert_eq!(sent.content_type, "application/wasm");
        let brotli = find_embedded(&files, "m.wasm", BOTH).unwrap();
        assert_eq!(brotli.coding, Coding::Brotli);
        assert_eq!(&brotli.body[..], b"brotli bytes");
        let unpacked = find_embedded(&files, "m.wasm", NONE).unwrap();
        assert_eq!(unpacked.coding, Coding::Identity);
        assert_eq!(&unpacked.body[..], b"wasm bytes");
        assert_ne!(sent.etag, unpacked.etag);
        assert_ne!(sent.etag, brotli.etag);
        let page = find_embedded(&files, "index.html", BOTH).unwrap();
        assert_eq!(page.coding, Coding::Identity);
        assert_eq!(&page.body[..], b"<p>hi</p>");
        assert!(find_embedded(&files, "other.js", GZIP).is_none());
    }

    #[test]
    fn a_named_folder_wins_over_the_built_in_files() {
        let named = Bundle::choose(Some(PathBuf::from("here")), || PathBuf::from("there"));
        assert_eq!(named, Bundle::Dir(PathBuf::from("here")));
        let default = Bundle::choose(None, || PathBuf::from("there"));
        if EMBEDDED.is_empty() {
            assert_eq!(default, Bundle::Dir(PathBuf::from("there")));
        } else {
            assert_eq!(default, Bundle::Embedded);
        }
    }

    #[test]
    fn the_best_packing_taken_is_sent_and_gzip_unpacked_when_none_is() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "<p>hi</p>").unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(b"wasm bytes").unwrap();
        std::fs::write(dir.path().join("m.wasm.gz"), gz.finish().unwrap()).unwrap();
        std::fs::write(dir.path().join("m.wasm.br"), b"brotli bytes").unwrap();
        let page = find(dir.path(), "index.html", BOTH).unwrap();
        assert_eq!(page.coding, Coding::Identity);
        assert_eq!(page.content_type, "text/html; charset=utf-8");
        let packed = find(dir.path(), "m.wasm", GZIP).unwrap();
        assert_eq!(packed.coding, Coding::Gzip);
        assert_eq!(packed.content_type, "application/wasm");
        let brotli = find(dir.path(), "m.wasm", BOTH).unwrap();
        assert_eq!(brotli.coding, Coding::Brotli);
        assert_eq!(&brotli.body[..], b"brotli bytes");
        let unpacked = find(dir.path(), "m.wasm", NONE).unwrap();
        assert_eq!(&unpacked.body[..], b"wasm bytes");
        assert_ne!(packed.etag, unpacked.etag);
        assert_ne!(packed.etag, brotli.etag);
        assert!(find(dir.path(), "missing.js", GZIP).is_none());
    }

    #[test]
    fn every_request_for_a_file_shares_one_copy_until_the_file_changes() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("m.wasm"), vec![7u8; 100_000]).unwrap();
        let files = Files::new(Bundle::Dir(dir.path().to_owned()));
        let first = files.find("m.wasm", NONE).unwrap();
        let again = files.find("m.wasm", NONE).unwrap();
        // One copy: the same bytes at the same address, not a second read.
        assert_eq!(first.body.as_ptr(), again.body.as_ptr());
        // A rebuilt bundle is served as it is now.
        std::fs::write(dir.path().join("m.wasm"), vec![8u8; 50_000]).unwrap();
        let rebuilt = files.find("m.wasm", NONE).unwrap();
        assert_eq!(rebuilt.body.len(), 50_000);
        assert!(files.find("missing.js", NONE).is_none());
        // The binary's own files are never copied at all.
        let built_in = Files::new(Bundle::Embedded);
        if let Some(file) = EMBEDDED.iter().find(|f| f.coding == Coding::Gzip) {
            let sent = built_in.find(file.name, GZIP).unwrap();
            assert_eq!(sent.body.as_ptr(), file.bytes.as_ptr());
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_link_out_of_the_bundle_is_not_followed() {
        let outside = tempfile::tempdir().unwrap();
        std::fs::write(outside.path().join("secret.txt"), "key").unwrap();
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path().join("secret.txt"), dir.path().join("s.txt"))
            .unwrap();
        assert!(find(dir.path(), "s.txt", NONE).is_none());
    }

    #[test]
    fn accept_encoding_is_read_with_its_qualities() {
        let read = Accepted::from_header;
        assert_eq!(read("gzip, deflate, br"), BOTH);
        assert_eq!(read("gzip, deflate"), GZIP);
        assert_eq!(read("br;q=1.0, GZIP;q=0.5"), BOTH);
        assert_eq!(read("*"), BOTH);
        assert_eq!(
            read("gzip;q=0, br"),
            Accepted {
                gzip: false,
                brotli: true
            }
        );
        assert_eq!(read("identity"), NONE);
        assert_eq!(read(""), NONE);
    }

    #[test]
    fn only_files_named_by_their_contents_are_kept_for_a_year() {
        let year = "public, max-age=31536000, immutable";
        assert_eq!(cache_control("minuta_bg-0123456789abcdef.wasm"), year);
        assert_eq!(cache_control("minuta-fedcba9876543210.js"), year);
        assert_eq!(cache_control("index.html"), "no-cache");
        assert_eq!(cache_control("minuta.js"), "no-cache");
        assert_eq!(cache_control("minuta_bg-0123456789ABCDEF.wasm"), "no-cache");
        assert_eq!(cache_control("minuta-0123.js"), "no-cache");
    }
}
