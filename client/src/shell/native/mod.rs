//! The desktop app's shell: the QUIC link on its own thread
//! ([`net`]), the hall's mDNS ([`mdns`]), the system's
//! sound player ([`sound`], [`player`]), the drafts' file ([`drafts`]),
//! files by path (dropped on the window, saved through the in-app dialog),
//! the window's full screen, and the in-process server ([`server`], with
//! the `embedded-server` feature). `main.rs` builds it.
//!
//! What must not live here: anything the browser does too (it is the
//! portable app's), or an import of the app.

pub mod drafts;
pub mod mdns;
pub mod net;
pub mod player;
/// The server in this process (`minuta host`, `minuta demo`).
#[cfg(feature = "embedded-server")]
pub mod server;
pub mod sound;

use std::collections::VecDeque;
use std::path::PathBuf;

use minuta_shared::ids::GameId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::games::Format;
use minuta_shared::wire::view::View;

use crate::discovery::Discovery;
use crate::folder;
use crate::net::{EventSink, NetError};
use crate::shell::{Link, Pick, Shell, Start, Wake};
use crate::sound::{Signal, SoundStatus};
use crate::state::downloads::CameFile;
use crate::state::{AppState, NetCommand, StartFailure, UiCommand};
use crate::views::file_picker;
use net::{NetHandle, local_now_us};

pub use sound::Sound;

/// The desktop's side of the app.
pub struct NativeShell {
    sound: Sound,
    /// Files from the server waiting for the save dialog, first shown first.
    saving: VecDeque<CameFile>,
    /// The display went full-screen once; the person may leave it with F11.
    fullscreen_done: bool,
    /// The server in this process, for `minuta host` / `minuta demo`.
    #[cfg(feature = "embedded-server")]
    server: Option<server::InProcess>,
}

impl NativeShell {
    pub fn new(sound: Sound) -> NativeShell {
        NativeShell {
            sound,
            saving: VecDeque::new(),
            fullscreen_done: false,
            #[cfg(feature = "embedded-server")]
            server: None,
        }
    }

    /// Keeps the in-process server running as long as the window is open,
    /// and starts it again from the window that says it failed.
    #[cfg(feature = "embedded-server")]
    pub fn with_server(mut self, server: server::InProcess) -> NativeShell {
        self.server = Some(server);
        self
    }

    /// The projector's window goes full screen once; F11 toggles it.
    fn projector_fullscreen(&mut self, ctx: &egui::Context, state: &AppState) {
        if matches!(state.view, Some(View::Display(_))) && !self.fullscreen_done {
            self.fullscreen_done = true;
            ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(true));
        }
        if ctx.input(|i| i.key_pressed(egui::Key::F11)) {
            let now = ctx.input(|i| i.viewport().fullscreen.unwrap_or(false));
            ctx.send_viewport_cmd(egui::ViewportCommand::Fullscreen(!now));
        }
    }

    /// Files from the server that came whole wait, one by one, for the
    /// save dialog: where the host puts each.
    fn deliver_files(&mut self, ctx: &egui::Context, state: &mut AppState) -> Vec<UiCommand> {
        self.saving.extend(state.downloads.take_come());
        let mut out = Vec::new();
        let Some(first) = self.saving.front() else {
            return out;
        };
        match file_picker::save(ctx, state.lang, &first.name, &mut out) {
            Some(file_picker::Saved::To(path)) => {
                if let Some(came) = self.saving.pop_front() {
                    out.push(UiCommand::SaveFile {
                        path,
                        bytes: came.bytes,
                    });
                }
            }
            Some(file_picker::Saved::Cancelled) => {
                self.saving.pop_front();
            }
            None => {}
        }
        out
    }
}

impl Link for NetHandle {
    fn send(&self, command: NetCommand) -> bool {
        NetHandle::send(self, command)
    }
}

impl Shell for NativeShell {
    fn connect(
        &mut self,
        code: JoinCode,
        events: EventSink,
        busy_poll: bool,
    ) -> Result<Box<dyn Link>, NetError> {
        Ok(Box::new(NetHandle::start(code, events, busy_poll)?))
    }

    fn now_us(&self) -> u64 {
        local_now_us()
    }

    fn discover(&mut self, wake: Wake) -> Discovery {
        mdns::browse_hall(wake)
    }

    fn signal(&self, signal: Signal) {
        self.sound.signal(signal);
    }

    fn sound_status(&self) -> SoundStatus {
        self.sound.status()
    }

    fn load_drafts(&self, shelf: &str) -> Option<String> {
        drafts::load(shelf)
    }

    fn keep_drafts(&self, shelf: &str, text: &str) {
        drafts::save(shelf, text);
    }

    /// The desktop's picker is the in-app view: nothing to open here.
    fn pick(&mut self, _pick: Pick) {}

    /// A dropped file is loaded like a typed path.
    fn files(
        &mut self,
        dropped: Vec<egui::DroppedFileHandle>,
        game: GameId,
        format: Format,
    ) -> Vec<UiCommand> {
        dropped
            .iter()
            .map(|f| f.path().to_path_buf())
            .map(|path| {
                if folder::is_teams_file(&path) {
                    UiCommand::ReadTeamsFile(path)
                } else {
                    UiCommand::LoadPackageFile(game, format, path)
                }
            })
            .collect()
    }

    /// The window's title is the app's viewport command: nothing more here.
    fn frame(&mut self, ctx: &egui::Context, state: &mut AppState, _title: &str) -> Vec<UiCommand> {
        self.projector_fullscreen(ctx, state);
        self.deliver_files(ctx, state)
    }

    fn start_server(&mut self, data: PathBuf, new: bool) -> Option<Result<Start, StartFailure>> {
        #[cfg(feature = "embedded-server")]
        if let Some(server) = self.server.as_mut() {
            return Some(server.restart(data, new));
        }
        let _ = (data, new);
        None
    }

    fn stop_server(&mut self) {
        #[cfg(feature = "embedded-server")]
        if let Some(server) = self.server.as_mut() {
            server.stop();
        }
    }
}
