//! Package files in the browser: its own file picker (a hidden
//! `<input type=file>`) and files dropped on the page, read as bytes (a
//! promise each) and handed back to the app as
//! [`UiCommand::LoadPackageBytes`] on a later frame.

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

    /// Reads a file dropped on the page for `game`.
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
                    let _ = tx.send(UiCommand::LoadPackageBytes(game, format, name, bytes));
                    ctx.request_repaint();
                }
                Err(why) => tracing::warn!("cannot read the dropped file {name}: {why}"),
            }
        });
    }

    /// Opens the browser's file picker for `game`'s package.
    pub fn pick(&self, game: GameId, format: Format) {
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
        let accept: Vec<String> = PACKAGE_EXTENSIONS.iter().map(|e| format!(".{e}")).collect();
        input.set_accept(&accept.join(","));
        let (tx, ctx) = (self.tx.clone(), self.ctx.clone());
        let chosen = input.clone();
        // Once: the input and its handler go when the file has been read.
        let on_change = Closure::once_into_js(move || {
            let Some(file) = chosen.files().and_then(|list| list.get(0)) else {
                return;
            };
            wasm_bindgen_futures::spawn_local(async move {
                let name = file.name();
                match JsFuture::from(file.array_buffer()).await {
                    Ok(buffer) => {
                        let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                        let _ = tx.send(UiCommand::LoadPackageBytes(game, format, name, bytes));
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
