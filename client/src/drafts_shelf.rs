//! Where a terminal's drafts ([`crate::state::drafts`]) live between runs:
//! the browser's `localStorage` (it outlives a reload, an evicted tab and
//! a browser restart), or a file in the native app's state folder
//! (`$XDG_STATE_HOME/minuta`, `~/.local/state/minuta`, or
//! `%LOCALAPPDATA%\Minuta` on Windows). A shelf that cannot be read or
//! written keeps nothing and says why on stderr: drafts are a convenience,
//! never a reason to stop.

/// The text kept on the shelf `name`, if any.
pub fn load(name: &str) -> Option<String> {
    platform::load(name)
}

/// Keeps `text` on the shelf `name`.
pub fn save(name: &str, text: &str) {
    platform::save(name, text);
}

#[cfg(target_arch = "wasm32")]
mod platform {
    fn storage() -> Option<web_sys::Storage> {
        web_sys::window()?.local_storage().ok().flatten()
    }

    pub fn load(name: &str) -> Option<String> {
        storage()?.get_item(name).ok().flatten()
    }

    pub fn save(name: &str, text: &str) {
        // A full or private-mode storage keeps nothing; the card still goes.
        if let Some(storage) = storage()
            && storage.set_item(name, text).is_err()
        {
            web_sys::console::warn_1(&"minuta: the browser would not keep a draft".into());
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod platform {
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
}
