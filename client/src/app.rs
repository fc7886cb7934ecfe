//! The eframe application: owns the state, the views' local state, the
//! link and its shell (the desktop's or the browser's, [`Shell`], which
//! sounds, keeps drafts, reads files and runs the in-process server). Each
//! frame it applies the network's events, draws the views and carries out
//! what they asked. What must not live here: a platform's code (the
//! shells'), or a `cfg` choosing between platforms.

use std::sync::Arc;
use std::sync::mpsc;

use minuta_shared::ids::{GameId, QuestionId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{Format, event_games};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::codec::MAX_FRAME_BYTES;
use minuta_shared::wire::view::View;

use crate::discovery::{Discovery, Hall};
use crate::folder;
use crate::i18n::{Lang, T};
use crate::net::{EventSink, NetError};
use crate::os_error::FileError;
use crate::shell::{Link, Pick, Shell, Start};
use crate::sound::{Signal, SignalWatch, SoundStatus};
use crate::state::Notice;
use crate::state::drafts;
use crate::state::{
    AppState, ConnectionStatus, NetCommand, NetEvent, NoticeKind, Stopped, UiCommand, reduce,
};
use crate::views::{self, LocalState, file_picker, games, widgets};

pub struct MinutaApp {
    ctx: egui::Context,
    state: AppState,
    local: LocalState,
    /// The platform: the link, the sound, drafts, files, the server.
    shell: Box<dyn Shell>,
    net: Option<Box<dyn Link>>,
    events: Option<mpsc::Receiver<NetEvent>>,
    /// The signals of the games' clocks (ChGK minutes, Мультиигры tasks).
    game_signals: SignalWatch<(GameId, QuestionId)>,
    /// The window title last set, so it is only sent when it changes.
    title: String,
    /// Look for servers in the hall while the join screen shows (off
    /// unless [`MinutaApp::discover_the_hall`]: tests never multicast).
    discover: bool,
    discovery: Option<Discovery>,
}

impl MinutaApp {
    pub fn new(
        ctx: egui::Context,
        lang: Lang,
        muted: bool,
        busy_poll: bool,
        start: Start,
        shell: Box<dyn Shell>,
    ) -> Self {
        ctx.set_fonts(crate::fonts::definitions());
        widgets::legible_text(&ctx);
        let mut state = AppState::new(lang);
        state.muted = muted;
        state.network_sleeps = !busy_poll;
        let mut app = MinutaApp {
            ctx,
            state,
            local: LocalState::default(),
            shell,
            net: None,
            events: None,
            game_signals: SignalWatch::default(),
            title: String::new(),
            discover: false,
            discovery: None,
        };
        app.local.join.discovery_off = true;
        app.begin(start);
        app
    }

    fn begin(&mut self, start: Start) {
        match start {
            Start::JoinScreen => {}
            Start::Join(code) => self.connect(code),
            Start::Host(code) => {
                self.state.embedded_server = true;
                self.state.start_failure = None;
                self.connect(code);
            }
            Start::Failed(failure) => {
                self.state.embedded_server = true;
                self.state.start_failure = Some(failure);
            }
        }
    }

    /// Lists the Minuta servers in the hall on the join screen (mDNS, on
    /// a thread of its own, started when the join screen first shows).
    pub fn discover_the_hall(mut self) -> Self {
        self.discover = true;
        self.local.join.discovery_off = false;
        self
    }

    /// Looks while the join screen shows (and only then: a terminal in a
    /// game sends no queries); applies what was found.
    fn watch_hall(&mut self) {
        if self.state.code.is_some() {
            self.discovery = None;
            return;
        }
        if self.discover && self.discovery.is_none() {
            let ctx = self.ctx.clone();
            self.discovery = Some(self.shell.discover(Box::new(move || ctx.request_repaint())));
            self.local.join.hall = Hall {
                searching: true,
                ..Default::default()
            };
        }
        if let Some(discovery) = &self.discovery {
            while let Ok(event) = discovery.events.try_recv() {
                self.local.join.hall.apply(event);
            }
        }
    }

    fn connect(&mut self, code: JoinCode) {
        self.net = None;
        self.state.join(code.clone());
        // Issue 39: what was typed before a reload or a crash comes back.
        let shelf = drafts::shelf_name(&code);
        self.state.drafts =
            drafts::Drafts::from_text(&self.shell.load_drafts(&shelf).unwrap_or_default());
        let (tx, rx) = mpsc::channel();
        let ctx = self.ctx.clone();
        let sink = EventSink::new(tx, Arc::new(move || ctx.request_repaint()));
        match self.shell.connect(code, sink, !self.state.network_sleeps) {
            Ok(handle) => {
                self.net = Some(handle);
                self.events = Some(rx);
            }
            Err(NetError::Thread(error)) => {
                self.state.connection = ConnectionStatus::Stopped(Stopped::Failed(error.into()))
            }
        }
    }

    fn drain_events(&mut self) {
        let Some(events) = &self.events else { return };
        while let Ok(event) = events.try_recv() {
            reduce(&mut self.state, event);
        }
    }

    fn send_net(&mut self, command: NetCommand) {
        let request = match &command {
            NetCommand::Command { request, .. }
            | NetCommand::LoadPackageFile { request, .. }
            | NetCommand::Fetch { request, .. } => Some(*request),
            NetCommand::ReadRoster { .. }
            | NetCommand::CancelSending { .. }
            | NetCommand::Leave => None,
        };
        let delivered = self.net.as_ref().is_some_and(|net| net.send(command));
        if !delivered && let Some(request) = request {
            reduce(&mut self.state, NetEvent::Lost { request });
        }
    }

    fn dispatch(&mut self, command: UiCommand) {
        match command {
            UiCommand::Send(command) => {
                // The press is heard at once; the verdict follows.
                if matches!(command, Command::Press { .. }) && !self.state.muted {
                    self.shell.signal(Signal::Press);
                }
                let request = self.state.begin_request(command.clone());
                self.send_net(NetCommand::Command {
                    request,
                    command: Box::new(command),
                });
            }
            UiCommand::LoadPackageFile(game, format, path) => {
                let file_name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_else(|| path.display().to_string());
                // The request remembers the command for its toast; the
                // bytes are read off the UI thread.
                let Some(command) = format.load_package(file_name, Vec::new(), Vec::new()) else {
                    return;
                };
                let request = self.state.begin_request(Command::Game { game, command });
                self.send_net(NetCommand::LoadPackageFile {
                    request,
                    game,
                    format,
                    path,
                });
            }
            UiCommand::LoadPackageBytes(game, format, file_name, bytes) => {
                self.load_package_bytes(game, format, file_name, bytes)
            }
            // The browser's own file picker; a native build has its in-app one.
            UiCommand::PickPackageFile(game, format) => {
                self.shell.pick(Pick::Package(game, format))
            }
            UiCommand::Join(code) => self.connect(code),
            UiCommand::Retry => {
                if let Some(code) = self.state.code.clone() {
                    self.connect(code);
                }
            }
            UiCommand::Leave => {
                self.net = None;
                self.events = None;
                self.state.leave();
            }
            UiCommand::SetLanguage(lang) => self.state.lang = lang,
            UiCommand::SetMuted(muted) => self.state.muted = muted,
            UiCommand::Copy(text) => self.ctx.copy_text(text),
            UiCommand::DismissNotice(id) => self.state.dismiss(id),
            UiCommand::KeepDraft { key, text } => {
                if self.state.drafts.keep(&key, &text)
                    && let Some(code) = &self.state.code
                {
                    self.shell
                        .keep_drafts(&drafts::shelf_name(code), &self.state.drafts.to_text());
                }
            }
            // A local folder lists in a blink: read here, not on the network's task.
            UiCommand::Browse(picker, to) => {
                file_picker::listed(&self.ctx, &picker, folder::list(&to));
            }
            UiCommand::Fetch(file) => {
                let request = self.state.begin_fetch(file.clone());
                self.send_net(NetCommand::Fetch { request, file });
            }
            UiCommand::CancelFetch(file) => self.state.downloads.cancel(&file),
            UiCommand::CancelSending(request) => {
                self.send_net(NetCommand::CancelSending { request })
            }
            UiCommand::SaveFile { path, bytes } => {
                // Never over a file that is there: «name (2).pdf», as browsers do.
                let path = folder::free_name(path);
                match std::fs::write(&path, bytes) {
                    Ok(()) => self.state.notify(NoticeKind::Info, Notice::FileSaved(path)),
                    Err(e) => {
                        let error = FileError::io(path, &e);
                        self.state
                            .notify(NoticeKind::Error, Notice::FileNotSaved(error))
                    }
                }
            }
            UiCommand::PickTeamsFile => self.shell.pick(Pick::Teams),
            // Bytes without a path (the browser's): the server reads them,
            // so the spreadsheet readers stay out of the page.
            UiCommand::TeamsFileBytes(file_name, bytes) => {
                let request = self.state.begin_roster_read();
                self.send_net(NetCommand::ReadRoster {
                    request,
                    file_name,
                    bytes,
                });
            }
            UiCommand::StartServer { data, new } => {
                if let Some(started) = self.shell.start_server(data, new) {
                    self.begin(started.unwrap_or_else(Start::Failed));
                }
            }
            // A roster is a few kilobytes: read here too.
            UiCommand::ReadTeamsFile(path) => {
                let read = views::host::team_import::read_file(path);
                views::host::team_import::read_done(&self.ctx, read);
            }
        }
    }

    /// Sounds the signals of a game's clock (a ChGK minute, a Мультиигры
    /// task's time) and keeps its countdown ticking.
    fn watch_games(&mut self) {
        let Some(view) = &self.state.view else { return };
        let now = self.state.server_now();
        let running =
            |phase: Phase| matches!(phase, Phase::Minute | Phase::LastSeconds | Phase::HandIn);
        let live = games::clocks(view).into_iter().find_map(|(game, clock)| {
            let phase = widgets::phase_at(&clock, now);
            let task = clock.question?;
            running(phase).then_some(((game, task), phase, clock.ends_at))
        });
        let (key, phase, ends_at) = match live {
            Some((key, phase, ends_at)) => (Some(key), phase, ends_at),
            None => (None, Phase::Idle, None),
        };
        if let Some(signal) = self.game_signals.observe(key, phase)
            && !self.state.muted
        {
            self.shell.signal(signal);
        }
        if key.is_some() {
            self.ctx.request_repaint_after(next_tick(ends_at, now));
        }
    }

    /// Keeps a Brain-ring or Эрудит-квартет countdown ticking (a frame as
    /// each shown second changes) and lets the button's flash fade on time.
    fn watch_ring(&mut self) {
        let now = self.state.server_now();
        let deadlines = self.state.view.as_ref().map(games::ticking_in);
        if let Some(next) = deadlines
            .into_iter()
            .flatten()
            .map(|deadline| next_tick(Some(deadline), now))
            .min()
        {
            self.ctx.request_repaint_after(next);
        }
        if let Some(at) = self.state.button.pressed_at_us {
            let left = (at + crate::state::FLASH_US).saturating_sub(self.state.now_us);
            if left > 0 {
                self.ctx
                    .request_repaint_after(std::time::Duration::from_micros(left));
            }
        }
    }

    /// A package file whose bytes are here already (the browser's picker
    /// or drop): sent as the format's package command if it fits a frame,
    /// with the same toasts as a file read from disk.
    fn load_package_bytes(
        &mut self,
        game: GameId,
        format: Format,
        file_name: String,
        bytes: Vec<u8>,
    ) {
        // The request remembers the command without the bytes, as for a path.
        let Some(stub) = format.load_package(file_name.clone(), Vec::new(), Vec::new()) else {
            return;
        };
        let request = self.state.begin_request(Command::Game {
            game,
            command: stub,
        });
        // Leave room for the envelope around the bytes, as the native read does.
        let limit = (MAX_FRAME_BYTES - 64 * 1024) as u64;
        let size = bytes.len() as u64;
        let command = if size > limit {
            Err(FileError::TooLarge {
                path: file_name.into(),
                size,
                limit,
            })
        } else {
            format
                .load_package(file_name.clone(), bytes, Vec::new())
                .ok_or_else(|| FileError::NoPackages {
                    path: file_name.into(),
                })
        };
        match command {
            Ok(command) => self.send_net(NetCommand::Command {
                request,
                command: Box::new(Command::Game { game, command }),
            }),
            Err(error) => reduce(&mut self.state, NetEvent::FileFailed { request, error }),
        }
    }

    /// Files dropped on the host's window, and files the platform's own
    /// picker read, as the commands that load them.
    fn take_dropped_files(&mut self) -> Vec<UiCommand> {
        let files = self
            .ctx
            .input_mut(|i| std::mem::take(&mut i.raw.dropped_files));
        if self.state.host_view().is_none_or(|v| v.access.is_none()) {
            return Vec::new();
        }
        // They go to the event's first game (its own ChGK).
        let Some((game, settings)) = event_games().into_iter().next() else {
            return Vec::new();
        };
        self.shell.files(files, game, settings.format())
    }
}

/// How long until a running clock's shown second changes: every digit,
/// signal and phase of a minute falls a whole number of seconds from its
/// end, so the app draws once a second, just after each such instant.
fn next_tick(
    ends_at: Option<minuta_shared::time::ServerTime>,
    now: minuta_shared::time::ServerTime,
) -> std::time::Duration {
    const SECOND_US: u64 = 1_000_000;
    // Just after the instant, so the frame already shows the new second.
    const AFTER_US: u64 = 2_000;
    let Some(ends_at) = ends_at else {
        return std::time::Duration::from_millis(100);
    };
    let into_second = if now.0 <= ends_at.0 {
        (SECOND_US - (ends_at.0 - now.0) % SECOND_US) % SECOND_US
    } else {
        (now.0 - ends_at.0) % SECOND_US
    };
    std::time::Duration::from_micros(SECOND_US - into_second + AFTER_US)
}

impl MinutaApp {
    /// The window's (or the browser tab's) title for what is on screen.
    fn title_now(&self) -> String {
        match &self.state.view {
            Some(View::Team(v)) => format!("{} — {}", self.state.lang.t(T::AppTitle), v.name),
            Some(View::Display(_)) => format!(
                "{} — {}",
                self.state.lang.t(T::AppTitle),
                self.state.lang.t(T::Display)
            ),
            Some(View::Jury(_)) => format!(
                "{} — {}",
                self.state.lang.t(T::AppTitle),
                self.state.lang.t(T::JuryTerminal)
            ),
            _ => self.state.lang.t(T::AppTitle).to_owned(),
        }
    }
}

impl eframe::App for MinutaApp {
    /// Closes the connection, then stops the in-process server in order:
    /// everything in flight is made durable before the window goes.
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        self.net = None;
        self.shell.stop_server();
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.state.audio_missing = self.shell.sound_status() == SoundStatus::NoDevice;
        self.state.now_us = self.shell.now_us();
        self.drain_events();
        if let Some(read) = self.state.roster_read.take() {
            views::host::team_import::read_done(&self.ctx, read.into());
        }
        self.watch_hall();
        self.watch_ring();
        self.watch_games();
        let mut commands = self.take_dropped_files();
        commands.extend(views::root(ui, &self.state, &mut self.local));
        for command in commands {
            self.dispatch(command);
        }
        let title = self.title_now();
        for command in self.shell.frame(ui.ctx(), &mut self.state, &title) {
            self.dispatch(command);
        }
        if self
            .state
            .toasts
            .iter()
            .any(|t| t.kind == NoticeKind::Info && t.visible_at(self.state.now_us))
        {
            // Wake up to let good news fade.
            self.ctx
                .request_repaint_after(std::time::Duration::from_secs(1));
        }
        if title != self.title {
            self.title = title.clone();
            self.ctx
                .send_viewport_cmd(egui::ViewportCommand::Title(title));
        }
    }
}
