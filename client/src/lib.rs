//! Minuta's desktop app: one program for every seat in the hall — the team
//! terminal, the host dashboard (which can run the server in-process), the
//! judge terminal, the appeal jury's terminal and the projector display.
//!
//! The house: [`state`] is plain data changed only by [`state::reduce`];
//! [`net`] owns the QUIC connection on its own tokio runtime (natively) or
//! the TLS-over-WebSocket link (in the browser, `web`) and talks to the
//! UI by channels; [`views`] are functions of the state that return
//! [`state::UiCommand`]s; [`app`] wires them into eframe; [`i18n`] holds every
//! visible string in Russian and English, in the [`lang`] the state holds;
//! [`sound`] says when the clock signals sound; [`shell`] is what differs
//! between the desktop and the browser (the native shell in
//! `shell::native` and `main.rs`, the browser's in `web` and `web_main`);
//! [`os_error`] keeps file and OS errors typed so they can be said in
//! either language.
//!
//! What must not live here: game rules (they are the server's and
//! `minuta-shared`'s), blocking I/O on the UI thread, or views that touch
//! the network.

pub mod app;
pub mod discovery;
pub mod folder;
pub mod fonts;
pub mod i18n;
pub mod lang;
pub mod net;
pub mod os_error;
pub mod page_code;
pub mod scheme;
pub mod shell;
pub mod sound;
pub mod state;
pub mod views;
/// The browser's shell: the page, its WebSocket and its timers.
#[cfg(target_arch = "wasm32")]
pub mod web;
/// The browser's entry point: the page's shell wired into the app.
#[cfg(target_arch = "wasm32")]
mod web_main;
