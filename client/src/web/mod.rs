//! The browser's shell: the page's canvas runs the same `MinutaApp` as the
//! desktop (started by `crate::web_main`), with the browser's pieces: the
//! link over a WebSocket ([`transport`]), the hall as the page's own
//! server ([`hall`]), files from the browser's picker and drops and its
//! downloads ([`files`]), WebAudio's beeps ([`sound`]), the drafts in
//! `localStorage` ([`drafts`]), and the page itself ([`page`]: the join
//! code in the link's fragment, the screen kept awake, full screen for the
//! projector, the tab's title), and the widgets in words for browser tests
//! ([`widgets`]). What must not live here: an import of the app.

pub mod drafts;
pub mod files;
pub mod hall;
pub mod page;
pub mod sound;
pub mod transport;
pub mod widgets;

use std::path::PathBuf;

use minuta_shared::ids::GameId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::games::Format;
use minuta_shared::wire::view::View;

use crate::discovery::Discovery;
use crate::net::{EventSink, NetError};
use crate::os_error::FileError;
use crate::shell::{Link, Pick, Platform, Shell, Start, Wake};
use crate::sound::{Signal, SoundStatus};
use crate::state::{
    AppState, ConnectionStatus, NetCommand, Notice, NoticeKind, StartFailure, UiCommand,
};
use transport::NetHandle;

/// The page's side of the app.
pub struct WebShell {
    sound: sound::Sound,
    /// Files the browser has read for the host (picked or dropped).
    files: files::Files,
    wake: page::WakeLock,
    /// The tab's title last set.
    title: String,
}

impl WebShell {
    /// The page's shell; the views are drawn for the browser from now on.
    pub fn new(ctx: &egui::Context, sound: sound::Sound) -> WebShell {
        Platform::Browser.install(ctx);
        WebShell {
            sound,
            files: files::Files::new(ctx.clone()),
            wake: page::WakeLock::default(),
            title: String::new(),
        }
    }

    /// The projector goes full screen on a click (a page may not ask
    /// without the person's gesture); the screen stays awake while the
    /// terminal is connected.
    fn projector_fullscreen(&mut self, ctx: &egui::Context, state: &AppState) {
        if matches!(state.view, Some(View::Display(_)))
            && !page::is_fullscreen()
            && ctx.input(|i| i.pointer.any_click())
        {
            page::go_fullscreen();
        }
        self.wake.keep(matches!(
            state.connection,
            ConnectionStatus::Connected | ConnectionStatus::Silent
        ));
    }

    /// Files from the server that came whole go to the browser's downloads.
    fn deliver_files(state: &mut AppState) {
        for came in state.downloads.take_come() {
            match files::download(&came.name, &came.bytes) {
                Ok(()) => state.notify(NoticeKind::Info, Notice::FileDownloaded(came.name)),
                Err(why) => {
                    let error = std::io::Error::other(format!("{why:?}"));
                    let error = FileError::io(std::path::Path::new(&came.name), &error);
                    state.notify(NoticeKind::Error, Notice::FileNotSaved(error));
                }
            }
        }
    }
}

impl Link for NetHandle {
    fn send(&self, command: NetCommand) -> bool {
        NetHandle::send(self, command)
    }
}

impl Shell for WebShell {
    fn connect(
        &mut self,
        code: JoinCode,
        events: EventSink,
        busy_poll: bool,
    ) -> Result<Box<dyn Link>, NetError> {
        Ok(Box::new(NetHandle::start(code, events, busy_poll)?))
    }

    fn now_us(&self) -> u64 {
        page::now_us()
    }

    fn discover(&mut self, wake: Wake) -> Discovery {
        hall::ask_the_page(wake)
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

    fn pick(&mut self, pick: Pick) {
        match pick {
            Pick::Package(game, format) => self.files.pick(game, format),
            Pick::Teams => self.files.pick_teams(),
        }
    }

    /// A dropped file's bytes are read (a promise) and come back, with the
    /// files picked, on a later frame.
    fn files(
        &mut self,
        dropped: Vec<egui::DroppedFileHandle>,
        game: GameId,
        format: Format,
    ) -> Vec<UiCommand> {
        for file in dropped {
            self.files.read_dropped(file, game, format);
        }
        self.files.take()
    }

    fn frame(&mut self, ctx: &egui::Context, state: &mut AppState, title: &str) -> Vec<UiCommand> {
        self.projector_fullscreen(ctx, state);
        Self::deliver_files(state);
        page::publish_connection(&state.connection);
        widgets::record(ctx);
        // The browser's tab: eframe's web runner leaves the title alone.
        if title != self.title {
            self.title = title.to_owned();
            page::set_title(title);
        }
        Vec::new()
    }

    /// A page starts no server.
    fn start_server(&mut self, _data: PathBuf, _new: bool) -> Option<Result<Start, StartFailure>> {
        None
    }

    fn stop_server(&mut self) {}
}
