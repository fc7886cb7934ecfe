//! Files in the browser: its own file picker (a hidden `<input
//! type=file>`) and files dropped on the page, read as bytes (a promise
//! each) and handed back to the app on a later frame — a package as
//! [`UiCommand::LoadPackageBytes`], a file of teams as
//! [`UiCommand::TeamsFileBytes`] — and the files the server made for the
//! host handed to the browser's downloads ([`download`]).

use std::sync::mpsc;

use egui::DroppedFileHandle;
use minuta_shared::ids::GameId;
use minuta_shared::play::games::Format;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen_futures::JsFuture;

use crate::folder::PACKAGE_EXTENSIONS;
use crate::state::UiCommand;

/// Where read files wait for the app's next frame.
pub struct Files {
    tx: mpsc::Sender<UiCommand>,
    rx: mpsc::Receiver<UiCommand>,
    ctx: egui::Context,
}

impl Files {
    pub fn new(ctx: egui::Context) -> Files {
        let (tx, rx) = mpsc::channel();
        Files { tx, rx, ctx }
    }

    /// The files read since the last frame.
    pub fn take(&self) -> Vec<UiCommand> {
        self.rx.try_iter().collect()
    }

    /// Reads a file dropped on the page: a file of teams for «Импорт
    /// команд…», else a package for `game`.
    pub fn read_dropped(&self, file: DroppedFileHandle, game: GameId, format: Format) {
        let (tx, ctx) = (self.tx.clone(), self.ctx.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let name = file
                .path()
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            match file.bytes_async().await {
                Ok(bytes) => {
                    let command = if is_teams_file(&name) {
                        UiCommand::TeamsFileBytes(name, bytes)
                    } else {
                        UiCommand::LoadPackageBytes(game, format, name, bytes)
                    };
                    let _ = tx.send(command);
                    ctx.request_repaint();
                }
                Err(why) => tracing::warn!("cannot read the dropped file {name}: {why}"),
            }
        });
    }

    /// Opens the browser's file picker for `game`'s package.
    pub fn pick(&self, game: GameId, format: Format) {
        let accept: Vec<String> = PACKAGE_EXTENSIONS.iter().map(|e| format!(".{e}")).collect();
        self.pick_then(&accept.join(","), move |name, bytes| {
            UiCommand::LoadPackageBytes(game, format, name, bytes)
        });
    }

    /// Opens the browser's file picker for a file of teams.
    pub fn pick_teams(&self) {
        let accept: Vec<String> = TEAMS_EXTENSIONS.iter().map(|e| format!(".{e}")).collect();
        self.pick_then(&accept.join(","), UiCommand::TeamsFileBytes);
    }

    /// Opens the browser's file picker (a hidden `<input type=file>`
    /// taking `accept`); the file picked, read, becomes `then(name, bytes)`.
    fn pick_then(&self, accept: &str, then: impl FnOnce(String, Vec<u8>) -> UiCommand + 'static) {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Ok(input) = document.create_element("input").and_then(|e| {
            e.dyn_into::<web_sys::HtmlInputElement>()
                .map_err(Into::into)
        }) else {
            return;
        };
        input.set_type("file");
        input.set_accept(accept);
        // Browser tests find the page's picker by this mark and hand it a
        // file as a person picking one would.
        let _ = input.set_attribute("data-minuta-picker", accept);
        input.style().set_property("display", "none").ok();
        if let Some(body) = document.body() {
            let _ = body.append_child(&input);
        }
        let (tx, ctx) = (self.tx.clone(), self.ctx.clone());
        let chosen = input.clone();
        // Once: the input and its handler go when the file has been read.
        let on_change = Closure::once_into_js(move || {
            chosen.remove();
            let Some(file) = chosen.files().and_then(|list| list.get(0)) else {
                return;
            };
            wasm_bindgen_futures::spawn_local(async move {
                let name = file.name();
                match JsFuture::from(file.array_buffer()).await {
                    Ok(buffer) => {
                        let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                        let _ = tx.send(then(name, bytes));
                        ctx.request_repaint();
                    }
                    Err(why) => tracing::warn!("cannot read the file {name}: {why:?}"),
                }
            });
        });
        input.set_onchange(Some(on_change.unchecked_ref()));
        input.click();
    }
}

/// The files of teams «Импорт команд…» reads (`minuta_shared::roster`).
pub const TEAMS_EXTENSIONS: [&str; 4] = ["csv", "xlsx", "json", "txt"];

/// Whether a dropped file is one of teams rather than a package.
pub fn is_teams_file(name: &str) -> bool {
    let lower = name.to_lowercase();
    TEAMS_EXTENSIONS
        .iter()
        .any(|e| lower.ends_with(&format!(".{e}")))
}

/// Hands `bytes` to the browser as a download named `name`: a Blob, a
/// link to it with `download`, a click, and the link forgotten.
pub fn download(name: &str, bytes: &[u8]) -> Result<(), wasm_bindgen::JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| wasm_bindgen::JsValue::from_str("no document"))?;
    let parts = js_sys::Array::new();
    parts.push(&js_sys::Uint8Array::from(bytes));
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let link: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    link.set_href(&url);
    link.set_download(name);
    link.style().set_property("display", "none")?;
    let body = document
        .body()
        .ok_or_else(|| wasm_bindgen::JsValue::from_str("no body"))?;
    body.append_child(&link)?;
    link.click();
    link.remove();
    // Forgotten a minute later, when the download surely holds the blob
    // (revoked at once, a browser may still be about to read it).
    let window = web_sys::window().ok_or_else(|| wasm_bindgen::JsValue::from_str("no window"))?;
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000)?;
    Ok(())
}
