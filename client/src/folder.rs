//! The file picker's one touch of the disk: listing a folder (its folders,
//! and the files with a package's extension) when a picker asks, from the
//! app's command loop, never from a view. Hidden entries are left out.
//! Errors stay typed ([`FileError`]) so they are said in the person's
//! language.

use std::path::{Path, PathBuf};

use crate::os_error::FileError;

/// The extensions of the files a package picker lists.
pub const PACKAGE_EXTENSIONS: [&str; 2] = ["4s", "siq"];

/// Where a picker asks to look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Browse {
    Folder(PathBuf),
    /// The person's home folder (the working folder where there is none).
    Home,
}

/// One folder as a picker shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    pub folder: PathBuf,
    /// Folders first, then the package files, each by name.
    pub entries: Vec<Entry>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub is_folder: bool,
}

/// The folder `to` names, listed; or why it cannot be.
pub fn list(to: &Browse) -> Result<Listing, FileError> {
    let folder = match to {
        Browse::Folder(folder) => folder.clone(),
        Browse::Home => home(),
    };
    let read = std::fs::read_dir(&folder).map_err(|e| FileError::io(&folder, &e))?;
    let mut entries = Vec::new();
    for item in read.flatten() {
        let name = item.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        // Follows links: a link to a folder is a folder to enter.
        let is_folder = std::fs::metadata(item.path()).is_ok_and(|m| m.is_dir());
        if is_folder || is_package(&name) {
            entries.push(Entry { name, is_folder });
        }
    }
    entries.sort_by(|a, b| {
        (!a.is_folder, a.name.to_lowercase()).cmp(&(!b.is_folder, b.name.to_lowercase()))
    });
    Ok(Listing { folder, entries })
}

/// Whether a file dropped on the dashboard is one of teams (for «Импорт
/// команд…») rather than a question package.
pub fn is_teams_file(path: &Path) -> bool {
    path.extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .is_some_and(|e| ["csv", "xlsx", "json", "txt"].contains(&e.as_str()))
}

/// `path`, or if a file is there, the first of «stem (2).ext», «stem
/// (3).ext», … that is not: a saved file never replaces one.
pub fn free_name(path: PathBuf) -> PathBuf {
    if !path.exists() {
        return path;
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let extension = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (2..)
        .map(|n| path.with_file_name(format!("{stem} ({n}){extension}")))
        .find(|candidate| !candidate.exists())
        .unwrap_or(path)
}

fn is_package(name: &str) -> bool {
    Path::new(name)
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .is_some_and(|e| PACKAGE_EXTENSIONS.contains(&e.as_str()))
}

/// The home folder: `HOME` (Linux, macOS) or `USERPROFILE` (Windows).
fn home() -> PathBuf {
    std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from)
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_else(|| PathBuf::from("."))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_lists_its_folders_then_its_packages_and_nothing_else() {
        // Arrange
        let dir = tempfile::tempdir().unwrap();
        for file in ["b.4s", "A.SIQ", "notes.txt", ".hidden.4s", "c.4S"] {
            std::fs::write(dir.path().join(file), "x").unwrap();
        }
        std::fs::create_dir(dir.path().join("Пакеты")).unwrap();

        // Act
        let listing = list(&Browse::Folder(dir.path().to_path_buf())).unwrap();

        // Assert
        let names: Vec<(&str, bool)> = listing
            .entries
            .iter()
            .map(|e| (e.name.as_str(), e.is_folder))
            .collect();
        assert_eq!(
            names,
            [
                ("Пакеты", true),
                ("A.SIQ", false),
                ("b.4s", false),
                ("c.4S", false)
            ]
        );
    }

    #[test]
    fn a_missing_folder_is_a_typed_error_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let gone = dir.path().join("нет");
        match list(&Browse::Folder(gone.clone())) {
            Err(FileError::Io { path, error }) => {
                assert_eq!(path, gone);
                assert_eq!(error.kind, std::io::ErrorKind::NotFound);
            }
            other => panic!("{other:?}"),
        }
    }
}
