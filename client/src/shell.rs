//! What differs between the desktop app and the browser's page, behind one
//! trait the portable app holds: the link to the server, the machine's
//! clock, the hall's discovery, the sound, the drafts' shelf, files
//! (picked, dropped, downloaded) and the window's or page's own chores,
//! and the in-process server. The native shell is [`native`] (with
//! `main.rs`), the browser's is `crate::web`; neither imports the app.
//!
//! What must not live here: a platform's code (it is in its shell), or a
//! `cfg` beyond the shells' module declarations.

use std::path::PathBuf;

use minuta_shared::ids::GameId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::games::Format;

use crate::discovery::Discovery;
use crate::net::{EventSink, NetError};
use crate::sound::{Signal, SoundStatus};
use crate::state::{AppState, NetCommand, StartFailure, UiCommand};

/// The desktop app's shell: QUIC, mDNS, the system's player, files by
/// path and the in-process server.
#[cfg(not(target_arch = "wasm32"))]
pub mod native;

/// A wake-up for the UI (a repaint), callable from any thread.
pub type Wake = Box<dyn Fn() + Send + Sync>;

/// The platform's side of everything the portable app cannot do itself.
pub trait Shell {
    /// Starts the link to the server `code` names; its events come through
    /// `events`. With `busy_poll`, a team's link keeps polling while its
    /// button is live (where the platform can).
    fn connect(
        &mut self,
        code: JoinCode,
        events: EventSink,
        busy_poll: bool,
    ) -> Result<Box<dyn Link>, NetError>;
    /// This machine's clock in µs since the Unix epoch, as the link's
    /// clock samples take it.
    fn now_us(&self) -> u64;
    /// Starts looking for servers in the hall; `wake` after each finding.
    fn discover(&mut self, wake: Wake) -> Discovery;
    /// Sounds a clock signal (never blocks, never fails visibly).
    fn signal(&self, signal: Signal);
    /// Whether the signals can be heard.
    fn sound_status(&self) -> SoundStatus;
    /// The text kept on the drafts' shelf `shelf`, if any.
    fn load_drafts(&self, shelf: &str) -> Option<String>;
    /// Keeps `text` on the drafts' shelf `shelf`.
    fn keep_drafts(&self, shelf: &str, text: &str);
    /// Opens the platform's own file picker (the browser's; the desktop's
    /// is an in-app view, so there it does nothing).
    fn pick(&mut self, pick: Pick);
    /// Files dropped on the window (while the host may load them) and
    /// files picked, as the commands that load them; `game` and `format`
    /// take a package.
    fn files(
        &mut self,
        dropped: Vec<egui::DroppedFileHandle>,
        game: GameId,
        format: Format,
    ) -> Vec<UiCommand>;
    /// The window's or page's chores once a frame, after the views: full
    /// screen for the projector, the screen kept awake, the title, the
    /// files that came from the server handed to the person (the save
    /// dialog or the browser's downloads). What it asks is carried out
    /// as the views' commands are.
    fn frame(&mut self, ctx: &egui::Context, state: &mut AppState, title: &str) -> Vec<UiCommand>;
    /// Starts the in-process server again on the data folder `data`
    /// (`new`: set an unusable store aside first); `None` where there is
    /// none to start.
    fn start_server(&mut self, data: PathBuf, new: bool) -> Option<Result<Start, StartFailure>>;
    /// Stops the in-process server, if any, with everything in flight made
    /// durable; the link has been closed already.
    fn stop_server(&mut self);
}

/// The app's handle on one running link; dropping it closes the link.
pub trait Link {
    /// Hands a command to the link; `false` if it has stopped for good.
    fn send(&self, command: NetCommand) -> bool;
}

/// Which file the platform's own picker is to open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// A package for this game.
    Package(GameId, Format),
    /// A file of teams for «Импорт команд…».
    Teams,
}

/// How the app starts.
pub enum Start {
    /// The join screen.
    JoinScreen,
    /// Connect at once with a code.
    Join(JoinCode),
    /// The shell's in-process server runs: open the host dashboard on it.
    Host(JoinCode),
    /// The in-process server could not start: the window says why.
    Failed(StartFailure),
}

/// What the views show differently on each platform: read from egui's
/// memory, where the app puts its shell's (the desktop's by default, so a
/// view drawn alone in a test is the desktop's).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Platform {
    /// Files by path (the in-app picker and save dialog), and a server
    /// that can be started here.
    #[default]
    Desktop,
    /// The page a server served: the browser's picker and downloads.
    Browser,
}

impl Platform {
    fn id() -> egui::Id {
        egui::Id::unique("minuta-platform")
    }

    /// The platform the views are drawn for.
    pub fn of(ctx: &egui::Context) -> Platform {
        ctx.data(|d| d.get_temp(Self::id())).unwrap_or_default()
    }

    /// Makes this the platform the views are drawn for.
    pub fn install(self, ctx: &egui::Context) {
        ctx.data_mut(|d| d.insert_temp(Self::id(), self));
    }
}
