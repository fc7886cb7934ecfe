//! Where a terminal's drafts ([`crate::state::drafts`]) live between runs
//! on the desktop: a file in the app's state folder (`$XDG_STATE_HOME/minuta`,
//! `~/.local/state/minuta`, or `%LOCALAPPDATA%\Minuta` on Windows). A shelf
//! that cannot be read or written keeps nothing and says why on stderr:
//! drafts are a convenience, never a reason to stop.

use std::path::PathBuf;

/// The app's state folder; `MINUTA_STATE_DIR` names another (tests).
fn folder() -> Option<PathBuf> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var("MINUTA_STATE_DIR") {
        return Some(dir);
    }
    if cfg!(windows) {
        return var("LOCALAPPDATA").map(|d| d.join("Minuta"));
    }
    var("XDG_STATE_HOME")
        .or_else(|| var("HOME").map(|h| h.join(".local").join("state")))
        .map(|d| d.join("minuta"))
}

fn file(name: &str) -> Option<PathBuf> {
    Some(folder()?.join(format!("{name}.json")))
}

pub fn load(name: &str) -> Option<String> {
    std::fs::read_to_string(file(name)?).ok()
}

pub fn save(name: &str, text: &str) {
    let Some(path) = file(name) else { return };
    // Written whole and renamed: a crash mid-write leaves the last one.
    let fresh = path.with_extension("json.new");
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&fresh, text))
        .and_then(|()| std::fs::rename(&fresh, &path));
    if let Err(e) = written {
        eprintln!(
            "minuta: a draft could not be kept in {}: {e}",
            path.display()
        );
    }
}
