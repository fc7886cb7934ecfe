//! The page around the canvas: the join code a web link carries in its
//! fragment (`#ROLE/SECRET?fp=HEX64`, never sent to the server), the
//! screen kept awake while connected (Screen Wake Lock where the browser
//! has it), full screen for the projector, and the loading note.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use minuta_shared::join_code::JoinCode;

use crate::page_code::code_of_fragment;
use crate::state::{ConnectionStatus, Stopped};

/// The join code the page's link carries in its fragment, if any (none:
/// the join screen).
pub fn code_of_location() -> Option<JoinCode> {
    let location = web_sys::window()?.location();
    let fragment = location.hash().unwrap_or_default();
    let host = location.host().unwrap_or_default();
    let fragment = fragment.trim_start_matches('#');
    if fragment.is_empty() {
        return None;
    }
    match code_of_fragment(&decode(fragment), &host) {
        Ok(code) => Some(code),
        Err(error) => {
            tracing::warn!("the link's code is not readable: {error}");
            None
        }
    }
}

/// A fragment as typed (a phone's camera may percent-encode it).
fn decode(fragment: &str) -> String {
    js_sys::decode_uri_component(fragment)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| fragment.to_owned())
}

/// Another link opened in the same tab changes only the fragment, which
/// reloads nothing: the page starts again with the new code.
pub fn reload_on_new_code() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let reload = Closure::<dyn FnMut()>::new(|| {
        if let Some(window) = web_sys::window() {
            let _ = window.location().reload();
        }
    });
    let _ = window.add_event_listener_with_callback("hashchange", reload.as_ref().unchecked_ref());
    // The page's whole life: the listener never goes.
    reload.forget();
}

/// The connection's state as the page's `data-connection` attribute
/// (`idle`, `connecting`, `connected`, `silent`, `reconnecting`,
/// `stopped-refused`, `stopped-certificate`, `stopped-closed`,
/// `stopped-failed`, `stopped-left`): what a browser test reads, as the
/// canvas has no text to read.
pub fn publish_connection(status: &ConnectionStatus) {
    let said = match status {
        ConnectionStatus::Idle => "idle",
        ConnectionStatus::Connecting => "connecting",
        ConnectionStatus::Connected => "connected",
        ConnectionStatus::Silent => "silent",
        ConnectionStatus::Reconnecting { .. } => "reconnecting",
        ConnectionStatus::Stopped(Stopped::Refused(_)) => "stopped-refused",
        ConnectionStatus::Stopped(Stopped::CertificateMismatch) => "stopped-certificate",
        ConnectionStatus::Stopped(Stopped::Closed { .. }) => "stopped-closed",
        ConnectionStatus::Stopped(Stopped::Failed(_)) => "stopped-failed",
        ConnectionStatus::Stopped(Stopped::Left) => "stopped-left",
    };
    let Some(body) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
    else {
        return;
    };
    if body.get_attribute("data-connection").as_deref() != Some(said) {
        let _ = body.set_attribute("data-connection", said);
    }
}

/// Hides the loading note.
pub fn loaded() {
    if let Some(note) = element("minuta_loading") {
        let _ = note.set_attribute("hidden", "");
    }
}

/// Says plainly that the app could not start.
pub fn show_error(message: &str) {
    loaded();
    if let Some(error) = element("minuta_error") {
        error.set_text_content(Some(&format!(
            "Минута не запустилась / Minuta could not start: {message}"
        )));
        let _ = error.remove_attribute("hidden");
    }
}

fn element(id: &str) -> Option<web_sys::Element> {
    web_sys::window()?.document()?.get_element_by_id(id)
}

/// Asks for the whole screen (the projector, after a click: browsers allow
/// it only right after the person's gesture).
pub fn go_fullscreen() {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = root.request_fullscreen();
}

/// Whether the page shows full screen now.
pub fn is_fullscreen() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.fullscreen_element())
        .is_some()
}

/// The Screen Wake Lock, held while the terminal is connected: asked for
/// again when the browser released it (the page was hidden), let go when
/// not wanted. Through `Reflect`, as web-sys has it only among its
/// unstable APIs; a browser without it stays as it is.
#[derive(Default)]
pub struct WakeLock {
    sentinel: Rc<RefCell<Option<JsValue>>>,
    asking: Rc<RefCell<bool>>,
}

impl WakeLock {
    pub fn keep(&self, want: bool) {
        let held = self.sentinel.borrow().as_ref().is_some_and(|s| {
            js_sys::Reflect::get(s, &"released".into())
                .map(|r| !r.is_truthy())
                .unwrap_or(false)
        });
        if !want {
            if let Some(sentinel) = self.sentinel.borrow_mut().take()
                && let Ok(release) = js_sys::Reflect::get(&sentinel, &"release".into())
                && let Ok(release) = release.dyn_into::<js_sys::Function>()
            {
                let _ = release.call0(&sentinel);
            }
            return;
        }
        if held || *self.asking.borrow() || !visible() {
            return;
        }
        let Some(request) = wake_lock_request() else {
            return;
        };
        *self.asking.borrow_mut() = true;
        let (sentinel, asking) = (Rc::clone(&self.sentinel), Rc::clone(&self.asking));
        wasm_bindgen_futures::spawn_local(async move {
            let got = JsFuture::from(request).await;
            *asking.borrow_mut() = false;
            match got {
                Ok(lock) => *sentinel.borrow_mut() = Some(lock),
                Err(why) => tracing::debug!("no wake lock: {why:?}"),
            }
        });
    }
}

/// `navigator.wakeLock.request("screen")`, if the browser has it.
fn wake_lock_request() -> Option<js_sys::Promise> {
    let navigator = web_sys::window()?.navigator();
    let wake_lock = js_sys::Reflect::get(&navigator, &"wakeLock".into()).ok()?;
    if wake_lock.is_undefined() || wake_lock.is_null() {
        return None;
    }
    let request = js_sys::Reflect::get(&wake_lock, &"request".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    request
        .call1(&wake_lock, &"screen".into())
        .ok()?
        .dyn_into::<js_sys::Promise>()
        .ok()
}

fn visible() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.visibility_state() == web_sys::VisibilityState::Visible)
}

/// The browser's clock in µs since the Unix epoch (std's panics there):
/// the page's time origin plus `performance.now()`, finer than
/// `Date.now()`'s milliseconds where the browser allows, so clock samples
/// keep what precision there is.
pub fn now_us() -> u64 {
    let ms = web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.time_origin() + p.now())
        .unwrap_or_else(js_sys::Date::now);
    if ms.is_finite() && ms > 0.0 {
        (ms * 1000.0) as u64
    } else {
        0
    }
}

/// The tab's title.
pub fn set_title(title: &str) {
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(title);
    }
}
