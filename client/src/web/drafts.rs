//! Where a terminal's drafts ([`crate::state::drafts`]) live in the
//! browser: `localStorage` (it outlives a reload, an evicted tab and a
//! browser restart). A storage that cannot keep them keeps nothing and
//! says so on the console: drafts are a convenience, never a reason to stop.

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
