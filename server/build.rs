//! With the `embed-web` feature, builds the browser terminal's files
//! (`scripts/build-web.sh`'s `target/web`, or `MINUTA_WEB_DIR`) into the
//! binary, so one `minuta-server` file serves browsers with nothing beside
//! it (the Windows `.exe`, the `.deb`). Without the feature the list is
//! empty and the server reads a folder at each request.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A build script fails the build by returning an error, said by cargo.
fn main() -> Result<(), String> {
    println!("cargo:rerun-if-env-changed=MINUTA_WEB_DIR");
    println!("cargo:rerun-if-env-changed=CARGO_FEATURE_EMBED_WEB");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("cargo set no OUT_DIR")?);
    let mut code = String::from("pub static EMBEDDED: &[EmbeddedFile] = &[\n");
    let mut stamp: u64 = 0xcbf2_9ce4_8422_2325;
    if std::env::var_os("CARGO_FEATURE_EMBED_WEB").is_some() {
        let dir = match std::env::var_os("MINUTA_WEB_DIR") {
            Some(dir) if !dir.is_empty() => PathBuf::from(dir),
            _ => Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/web"),
        };
        let files = bundle_files(&dir);
        if !files.iter().any(|(name, _, _)| name == "index.html") {
            return Err(format!(
                "the embed-web feature needs the browser terminal built first: no index.html in {} (run scripts/build-web.sh, or set MINUTA_WEB_DIR)",
                dir.display()
            ));
        }
        for (name, path, coding) in files {
            println!("cargo:rerun-if-changed={}", path.display());
            let bytes =
                std::fs::read(&path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            for byte in name.bytes().chain(bytes) {
                stamp = (stamp ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
            let _ = writeln!(
                code,
                "    EmbeddedFile {{ name: {name:?}, coding: Coding::{coding}, bytes: include_bytes!({:?}) }},",
                path.display().to_string()
            );
        }
    }
    code.push_str("];\n");
    let _ = writeln!(code, "pub const EMBEDDED_STAMP: &str = \"{stamp:016x}\";");
    std::fs::write(out.join("embedded_web.rs"), code)
        .map_err(|e| format!("writing into {}: {e}", out.display()))
}

/// (name in the bundle, file, how it is packed) for every file: its `.br`
/// and `.gz` where there are some, else the file itself.
fn bundle_files(dir: &Path) -> Vec<(String, PathBuf, &'static str)> {
    let mut found = Vec::new();
    walk(dir, "", &mut found);
    let packed: Vec<String> = found
        .iter()
        .filter_map(|(name, _)| name.strip_suffix(".gz").map(str::to_owned))
        .collect();
    let mut files: Vec<(String, PathBuf, &'static str)> = found
        .into_iter()
        .filter_map(|(name, path)| {
            if let Some(plain) = name.strip_suffix(".gz") {
                Some((plain.to_owned(), path, "Gzip"))
            } else if let Some(plain) = name.strip_suffix(".br") {
                Some((plain.to_owned(), path, "Brotli"))
            } else {
                (!packed.contains(&name)).then_some((name, path, "Identity"))
            }
        })
        .collect();
    files.sort();
    files
}

fn walk(dir: &Path, prefix: &str, found: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name.ends_with(".log") {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            walk(&path, &format!("{prefix}{name}/"), found);
        } else {
            found.push((format!("{prefix}{name}"), path));
        }
    }
}
