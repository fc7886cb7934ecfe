//! The browser's «servers in the hall»: the server that served the page,
//! whose mDNS advert `GET /hall` returns as JSON (its TXT pairs). Read
//! back with `Advert::from_txt`, it lets a short code resolve exactly as
//! on the native join screen.

use std::sync::mpsc;

use minuta_shared::lan::Found;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::discovery::{Discovery, HallEvent};
use crate::page_code::found_of;

/// The one request for `/hall`; its answer comes through the
/// [`Discovery`]'s events.
pub fn ask_the_page(wake: impl Fn() + Send + 'static) -> Discovery {
    let (tx, events) = mpsc::channel();
    wasm_bindgen_futures::spawn_local(async move {
        let event = match this_server().await {
            Ok(found) => HallEvent::Found(found),
            Err(why) => HallEvent::Failed(why),
        };
        let _ = tx.send(event);
        wake();
    });
    Discovery::new(events, ())
}

async fn this_server() -> Result<Found, String> {
    let window = web_sys::window().ok_or("no window")?;
    let response = JsFuture::from(window.fetch_with_str("/hall"))
        .await
        .map_err(said)?
        .dyn_into::<web_sys::Response>()
        .map_err(said)?;
    if !response.ok() {
        return Err(format!("/hall: HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(said)?)
        .await
        .map_err(said)?
        .as_string()
        .unwrap_or_default();
    found_of(&text, &window.location().hostname().unwrap_or_default())
}

fn said(error: wasm_bindgen::JsValue) -> String {
    format!("{error:?}")
}
