//! The browser's entry point, as `main.rs` is the desktop's: wires the
//! page's shell (`crate::web`) into the app when the module is loaded.
//! What must not live here: the shell's own pieces.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::app::MinutaApp;
use crate::i18n::Lang;
use crate::shell::Start;
use crate::web::{WebShell, page, sound::Sound, widgets};

/// The id of the page's canvas (`web/index.html`).
const CANVAS_ID: &str = "minuta_canvas";

/// Starts the app when the module is loaded.
#[wasm_bindgen(start)]
pub fn start() {
    wasm_bindgen_futures::spawn_local(async {
        if let Err(error) = run().await {
            page::show_error(&format!("{error:?}"));
        }
    });
}

async fn run() -> Result<(), JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let canvas = document
        .get_element_by_id(CANVAS_ID)
        .ok_or("no canvas")?
        .dyn_into::<web_sys::HtmlCanvasElement>()?;
    page::reload_on_new_code();
    let start = page::code_of_location().map_or(Start::JoinScreen, Start::Join);
    let lang = Lang::Ru;
    let runner = eframe::WebRunner::new();
    runner
        .start(
            canvas,
            eframe::WebOptions::default(),
            Box::new(move |cc| {
                widgets::enable(&cc.egui_ctx);
                // The views' colours are drawn for the dark theme the desktop
                // app has (light on dark, read from the back of a hall); a
                // phone's light theme would leave them white on white.
                cc.egui_ctx.set_theme(egui::Theme::Dark);
                let ctx = cc.egui_ctx.clone();
                let sound = Sound::open(move || ctx.request_repaint());
                let shell = Box::new(WebShell::new(&cc.egui_ctx, sound));
                let app = MinutaApp::new(cc.egui_ctx.clone(), lang, false, false, start, shell);
                Ok(Box::new(app.discover_the_hall()))
            }),
        )
        .await?;
    page::loaded();
    Ok(())
}
