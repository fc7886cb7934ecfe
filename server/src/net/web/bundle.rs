//! The browser terminal's files, served from the bundle directory
//! (`scripts/build-web.sh` writes it) or from the copy built into the
//! binary (the `embed-web` feature, `build.rs`): a name is looked up only
//! if every part of it is a plain file name (letters, digits, `_`, `-`,
//! `.`, not starting with a dot), and only if it resolves to a regular
//! file inside the bundle (a symbolic link out of it is refused); no
//! listings. A file is sent as its precompressed `NAME.gz` when the
//! browser takes gzip.
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

/// A file of the bundle built into this binary.
pub struct EmbeddedFile {
    /// Its name in the bundle (`minuta_bg.wasm`).
    pub name: &'static str,
    /// `bytes` are the gzip of the file.
    pub gzip: bool,
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
    pub fn find(&self, name: &str, gzip: bool) -> Option<Found> {
        match self {
            Bundle::Dir(root) => find(root, name, gzip),
            Bundle::Embedded => find_embedded(EMBEDDED, name, gzip),
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
    /// By (name, gzip taken): the file's stamp and what was sent.
    cache: Mutex<HashMap<(String, bool), (Stamp, Found)>>,
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
    pub fn find(&self, name: &str, gzip: bool) -> Option<Found> {
        let key = (name.to_owned(), gzip);
        let stamp = match &self.bundle {
            Bundle::Dir(root) => Some(stamp(root, name, gzip)?),
            Bundle::Embedded => None,
        };
        let cache = || crate::sync::lock(&self.cache, "the bundle's files");
        if let Some((seen, found)) = cache().get(&key)
            && stamp.as_ref().is_none_or(|now| now == seen)
        {
            return Some(found.clone());
        }
        let found = self.bundle.find(name, gzip)?;
        let seen = stamp.unwrap_or_default();
        cache().insert(key, (seen, found.clone()));
        Some(found)
    }
}

/// The path, size and time of the file [`find`] would send (without
/// reading it).
fn stamp(root: &Path, name: &str, gzip: bool) -> Option<Stamp> {
    let (path, _) = pick(root, name, gzip)?;
    let (len, modified) = size_and_time(&path)?;
    Some((path, len, modified))
}

/// How a file of a folder is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// As it is.
    Plain,
    /// Its `.gz` as it is (`Content-Encoding: gzip`).
    Packed,
    /// Its `.gz` unpacked, for a browser that takes no gzip.
    Unpacked,
}

/// Which file of the folder at `root` answers `name`, and how: the `.gz`
/// when `gzip` is taken and there is one, else the plain file, else the
/// `.gz` unpacked.
fn pick(root: &Path, name: &str, gzip: bool) -> Option<(PathBuf, Form)> {
    let root = root.canonicalize().ok()?;
    let plain = inside(&root, &root.join(name));
    let packed = inside(&root, &root.join(format!("{name}.gz")));
    match (plain, packed) {
        (_, Some(packed)) if gzip => Some((packed, Form::Packed)),
        (Some(plain), _) => Some((plain, Form::Plain)),
        (None, Some(packed)) => Some((packed, Form::Unpacked)),
        (None, None) => None,
    }
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

/// `name` among `files`: sent gzipped when the browser takes it, unpacked
/// when not.
fn find_embedded(files: &[EmbeddedFile], name: &str, gzip: bool) -> Option<Found> {
    let file = files.iter().find(|file| file.name == name)?;
    let content_type = content_type(name);
    let (body, sent_gzip) = if file.gzip && !gzip {
        let mut body = Vec::new();
        flate2::read::GzDecoder::new(file.bytes)
            .read_to_end(&mut body)
            .ok()?;
        (Bytes::from(body), false)
    } else {
        // The binary's own bytes: no copy.
        (Bytes::from_static(file.bytes), file.gzip)
    };
    let etag = format!(
        "\"{:x}-{EMBEDDED_STAMP}{}\"",
        file.bytes.len(),
        if sent_gzip { "-gz" } else { "" }
    );
    Some(Found {
        body,
        content_type,
        gzip: sent_gzip,
        etag,
    })
}

/// One file to send; cloning it shares its bytes.
#[derive(Clone, Debug)]
pub struct Found {
    pub body: Bytes,
    pub content_type: &'static str,
    /// The body is the gzip of the file (`Content-Encoding: gzip`).
    pub gzip: bool,
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

/// Reads `name` from the bundle at `root`: its `.gz` form when `gzip` is
/// accepted and there is one; a file that only exists compressed is
/// unpacked for a browser that takes no gzip. Blocking: run it off the
/// server's thread.
pub fn find(root: &Path, name: &str, gzip: bool) -> Option<Found> {
    let (path, form) = pick(root, name, gzip)?;
    let body = match form {
        Form::Plain | Form::Packed => std::fs::read(&path).ok()?,
        Form::Unpacked => {
            let mut body = Vec::new();
            flate2::read::GzDecoder::new(std::fs::File::open(&path).ok()?)
                .read_to_end(&mut body)
                .ok()?;
            body
        }
    };
    let gzip = form == Form::Packed;
    let (len, modified) = size_and_time(&path)?;
    let etag = format!("\"{len:x}-{modified:x}{}\"", if gzip { "-gz" } else { "" });
    Some(Found {
        body: Bytes::from(body),
        content_type: content_type(name),
        gzip,
        etag,
    })
}

/// Whether an `Accept-Encoding` header takes gzip (`gzip`, or `*`, with a
/// quality other than 0).
pub fn accepts_gzip(header: &str) -> bool {
    header.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let coding = parts.next().unwrap_or_default();
        let refused = parts.any(|p| {
            p.strip_prefix("q=")
                .is_some_and(|q| q.trim().parse::<f32>().is_ok_and(|q| q <= 0.0))
        });
        (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
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

    #[test]
    fn a_built_in_file_is_sent_gzipped_when_taken_and_unpacked_when_not() {
        use std::io::Write;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(b"wasm bytes").unwrap();
        let packed: &'static [u8] = Box::leak(gz.finish().unwrap().into_boxed_slice());
        let files = [
            EmbeddedFile {
                name: "m.wasm",
                gzip: true,
                bytes: packed,
            },
            EmbeddedFile {
                name: "index.html",
                gzip: false,
                bytes: b"<p>hi</p>",
            },
        ];
        let sent = find_embedded(&files, "m.wasm", true).unwrap();
        assert!(sent.gzip);
        assert_eq!(sent.body, packed);
        assert_eq!(sent.content_type, "application/wasm");
        let unpacked = find_embedded(&files, "m.wasm", false).unwrap();
        assert!(!unpacked.gzip);
        assert_eq!(&unpacked.body[..], b"wasm bytes");
        assert_ne!(sent.etag, unpacked.etag);
        let page = find_embedded(&files, "index.html", true).unwrap();
        assert!(!page.gzip);
        assert_eq!(&page.body[..], b"<p>hi</p>");
        assert!(find_embedded(&files, "other.js", true).is_none());
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
    fn gzip_is_sent_when_taken_and_unpacked_when_not() {
        use std::io::Write;
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("index.html"), "<p>hi</p>").unwrap();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(b"wasm bytes").unwrap();
        std::fs::write(dir.path().join("m.wasm.gz"), gz.finish().unwrap()).unwrap();
        let page = find(dir.path(), "index.html", true).unwrap();
        assert!(!page.gzip);
        assert_eq!(page.content_type, "text/html; charset=utf-8");
        let packed = find(dir.path(), "m.wasm", true).unwrap();
        assert!(packed.gzip);
        assert_eq!(packed.content_type, "application/wasm");
        let unpacked = find(dir.path(), "m.wasm", false).unwrap();
        assert_eq!(&unpacked.body[..], b"wasm bytes");
        assert_ne!(packed.etag, unpacked.etag);
        assert!(find(dir.path(), "missing.js", true).is_none());
    }

    #[test]
    fn every_request_for_a_file_shares_one_copy_until_the_file_changes() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("m.wasm"), vec![7u8; 100_000]).unwrap();
        let files = Files::new(Bundle::Dir(dir.path().to_owned()));
        let first = files.find("m.wasm", false).unwrap();
        let again = files.find("m.wasm", false).unwrap();
        // One copy: the same bytes at the same address, not a second read.
        assert_eq!(first.body.as_ptr(), again.body.as_ptr());
        // A rebuilt bundle is served as it is now.
        std::fs::write(dir.path().join("m.wasm"), vec![8u8; 50_000]).unwrap();
        let rebuilt = files.find("m.wasm", false).unwrap();
        assert_eq!(rebuilt.body.len(), 50_000);
        assert!(files.find("missing.js", false).is_none());
        // The binary's own files are never copied at all.
        let built_in = Files::new(Bundle::Embedded);
        if let Some(file) = EMBEDDED.iter().find(|f| f.gzip) {
            let sent = built_in.find(file.name, true).unwrap();
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
        assert!(find(dir.path(), "s.txt", false).is_none());
    }

    #[test]
    fn accept_encoding_is_read_with_its_qualities() {
        assert!(accepts_gzip("gzip, deflate, br"));
        assert!(accepts_gzip("br;q=1.0, GZIP;q=0.5"));
        assert!(accepts_gzip("*"));
        assert!(!accepts_gzip("gzip;q=0"));
        assert!(!accepts_gzip("identity"));
        assert!(!accepts_gzip(""));
    }
}
