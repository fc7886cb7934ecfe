//! The git commit the workspace is built from, for `version::long`
//! (`0.1.0 (abc1234)`): set as `MINUTA_COMMIT` (the short hash, `-dirty`
//! when tracked files differ from it; empty outside git or without git).
//! One script for every binary, since they all build this crate.
//!
//! Cargo runs it again when HEAD moves (HEAD, its reflog, the branch's ref)
//! and when `MINUTA_SOURCE_STATE` changes: an edit alone does not rerun it
//! (watching the tree would rebuild the workspace at every save), so
//! `scripts/release.sh` sets that variable to the tree's state and a
//! release never carries a stale `-dirty`.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=MINUTA_SOURCE_STATE");
    let Some(root) = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .and_then(|shared| shared.parent().map(Path::to_path_buf))
    else {
        println!("cargo:rustc-env=MINUTA_COMMIT=");
        return;
    };
    if !in_own_repository(&root) {
        println!("cargo:rustc-env=MINUTA_COMMIT=");
        return;
    }
    println!(
        "cargo:rustc-env=MINUTA_COMMIT={}",
        commit(&root).unwrap_or_default()
    );
    for path in watched(&root) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}

/// `git ARGS` in `root`: its output's first line, or None when git is
/// missing or fails.
fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        // No index refresh written back: a build must not touch the
        // repository (nor rerun itself through it).
        .arg("--no-optional-locks")
        .args(args)
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).trim_end().to_owned())
}

/// Whether the workspace is a repository's top (not, say, a source tarball
/// unpacked inside some other repository, whose commit is not ours).
fn in_own_repository(root: &Path) -> bool {
    let Some(top) = git(root, &["rev-parse", "--show-toplevel"]) else {
        return false;
    };
    match (Path::new(&top).canonicalize(), root.canonicalize()) {
        (Ok(top), Ok(root)) => top == root,
        _ => false,
    }
}

/// `abc1234`, or `abc1234-dirty` when a tracked file differs from it
/// (untracked files do not count: build output, notes).
fn commit(root: &Path) -> Option<String> {
    let hash = git(root, &["rev-parse", "--short", "HEAD"])?;
    let changes = git(root, &["status", "--porcelain", "--untracked-files=no"])?;
    Some(if changes.is_empty() {
        hash
    } else {
        format!("{hash}-dirty")
    })
}

/// The files that change when HEAD moves, those that exist (cargo reruns
/// a script at every build while a watched file is missing): HEAD, its
/// reflog, the branch's loose ref or else packed-refs, the reftable list.
fn watched(root: &Path) -> Vec<PathBuf> {
    let git_path = |name: &str| git(root, &["rev-parse", "--git-path", name]).map(|p| root.join(p));
    let mut paths: Vec<PathBuf> = ["HEAD", "logs/HEAD", "reftable/tables.list"]
        .iter()
        .filter_map(|name| git_path(name))
        .collect();
    if let Some(branch) = git(root, &["symbolic-ref", "-q", "HEAD"]) {
        match git_path(&branch).filter(|p| p.exists()) {
            Some(loose) => paths.push(loose),
            None => paths.extend(git_path("packed-refs")),
        }
    }
    paths.retain(|p| p.exists());
    paths
}
