//! The house's map kept honest: a format plugs in through its two folders
//! and the two registries (issue 43). «Своя игра» is the worked example of
//! docs/architecture.md; this reads the workspace's sources for every line
//! of code that names it outside its own places.

use std::path::{Path, PathBuf};

/// Where «Своя игра» lives: its two folders, and its own scenario tests
/// (the end-to-end one here, the screens' one in the client's tests).
const OWN_PLACES: &[&str] = &[
    "shared/src/play/own_game/",
    "client/src/views/own_game/",
    "tests/tests/own_game.rs",
    "client/tests/own_game.rs",
];

/// The lines outside those places that may name it: one line in each
/// registry, and the `mod` lines declaring its two folders and its two
/// test modules.
const EXPECTED: &[(&str, &str)] = &[
    (
        "shared/src/play/games.rs",
        "$then! { $($formats)* OwnGame => $crate::play::own_game::OwnGame, }",
    ),
    ("shared/src/play/mod.rs", "pub mod own_game;"),
    (
        "client/src/views/games.rs",
        "OwnGame => crate::views::own_game::OwnGame,",
    ),
    ("client/src/views/mod.rs", "pub mod own_game;"),
    ("client/tests/all.rs", "mod own_game;"),
    ("tests/tests/all.rs", "mod own_game;"),
];

/// Whether a line of code names the format: its module or one of its types
/// (not `own_games`, the event's own games, nor `shown_game`).
fn names_own_game(line: &str) -> bool {
    line.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .any(|word| word == "own_game" || word.starts_with("OwnGame"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn layout_a_format_is_its_two_folders_and_two_registry_lines() {
    // Arrange: every Rust source of the workspace's four packages.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests crate sits in the workspace");
    let mut files = Vec::new();
    for package in ["shared", "server", "client", "tests"] {
        rust_files(&root.join(package), &mut files);
    }
    files.sort();

    // Act: the lines of code naming «Своя игра» outside its own places.
    let mut found = Vec::new();
    for file in &files {
        let relative = file
            .strip_prefix(root)
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        // This file names it too, to say where it may be named.
        let this = relative == "tests/tests/layout.rs";
        if this || OWN_PLACES.iter().any(|own| relative.starts_with(own)) {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("a readable source");
        for line in text.lines().map(str::trim) {
            let comment = line.starts_with("//") || line.starts_with("///");
            if !comment && names_own_game(line) {
                found.push((relative.clone(), line.to_owned()));
            }
        }
    }

    // Assert: exactly the registry's lines and the module declarations.
    let mut expected: Vec<(String, String)> = EXPECTED
        .iter()
        .map(|(f, l)| ((*f).to_owned(), (*l).to_owned()))
        .collect();
    expected.sort();
    found.sort();
    assert_eq!(
        found, expected,
        "lines naming «Своя игра» outside its folders"
    );
}
