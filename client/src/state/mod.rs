//! The app's state: plain data, changed only by [`reduce`] (events from the
//! network) and [`AppState::begin_request`] (a command leaving for the
//! server). Views read it; nothing here does I/O or reads a clock, so every
//! transition is a unit test.

mod button;
mod command;
mod connection;
pub mod downloads;
pub mod drafts;
mod event;
mod games;
mod notice;
mod start_failure;

pub use button::{ButtonState, ButtonVerdict, FLASH_US, PressOn, PressOutcome};
pub use command::{NetCommand, UiCommand};
pub use connection::{ConnectionStatus, LinkError, Stopped};
pub use event::NetEvent;
pub use games::{GameAck, KEPT_ACKS};
pub use notice::{INFO_SHOWN_US, Notice, NoticeKind, Toast};
pub use start_failure::{Advice, StartFailure};

use std::collections::BTreeMap;
use std::sync::Arc;

use minuta_shared::identity::Identity;
use minuta_shared::ids::GameId;
use minuta_shared::join_code::JoinCode;
use minuta_shared::packages::media::{MediaFile, MediaHash};
use minuta_shared::play::games::GameCommand;
use minuta_shared::time::{ClockFilter, ClockSample, ServerTime};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::{HostView, JuryView, TeamView, View};

use crate::lang::Lang;

/// A command sent and not yet acknowledged. Package bytes are not kept: the
/// file name says enough for a message.
#[derive(Clone, Debug, PartialEq)]
pub struct Pending {
    pub command: Command,
    /// A large command (a package) still going in pieces: the bytes gone
    /// and its whole size.
    pub sending: Option<(u64, u64)>,
}

#[derive(Debug, Default)]
pub struct AppState {
    pub lang: Lang,
    /// The code this app connects with; `None` on the join screen.
    pub code: Option<JoinCode>,
    pub connection: ConnectionStatus,
    /// This machine's time (µs) when the server was last known to be
    /// there, while it is lost: the clocks stand still at it, showing the
    /// last value rather than counting on without the server.
    pub frozen_at_us: Option<u64>,
    pub identity: Option<Identity>,
    /// The last view the server sent; kept while reconnecting.
    pub view: Option<View>,
    clock_filter: ClockFilter,
    /// The most trustworthy clock-offset sample so far.
    pub clock: Option<ClockSample>,
    next_request: u64,
    pub pending: BTreeMap<u64, Pending>,
    /// The Brain-ring button of this team's terminal.
    pub button: ButtonState,
    /// The latest Acks of this terminal's commands to the programme's
    /// games, oldest first.
    pub game_acks: Vec<GameAck>,
    pub toasts: Vec<Toast>,
    next_toast: u64,
    /// The server runs inside this process (`minuta host` / `minuta demo`).
    pub embedded_server: bool,
    /// The clock signals stay silent.
    pub muted: bool,
    /// No audio player or device was found: the signals cannot sound.
    pub audio_missing: bool,
    /// The network thread may sleep even while this team's fight has a
    /// question in play (`minuta --no-busy-poll`): no core kept busy on a
    /// laptop running on battery, at the cost of a press leaving the laptop
    /// after the CPU wakes rather than at once.
    pub network_sleeps: bool,
    /// The server's store refuses writes, and why (issue 14, «disk full»):
    /// the staff see a banner until it takes them again.
    pub storage_failing: Option<String>,
    /// The pictures the server sent this projector, by hash, for as long
    /// as the app runs: a view names them, these hold their bytes.
    pub media: BTreeMap<MediaHash, Arc<MediaFile>>,
    /// This machine's clock (µs since the epoch) at the frame being drawn;
    /// set by the app each frame so views never read a clock themselves.
    pub now_us: u64,
    /// This machine's time (µs) since when the terminal has been trying to
    /// reach a server that does not answer (connecting, silent,
    /// reconnecting); `None` while it answers.
    pub unanswered_since_us: Option<u64>,
    /// `minuta host` / `minuta demo` could not start its server: the
    /// window says why instead of a dashboard.
    pub start_failure: Option<StartFailure>,
    /// Issue 39: what this code's terminal typed and has not handed in,
    /// by question (from the shelf when it joined).
    pub drafts: drafts::Drafts,
    /// Issue 38: the files the host asked the server for.
    pub downloads: downloads::Downloads,
    /// The file of teams the server is reading for the browser's
    /// dashboard (its request), and what it read, for the import to take.
    roster_reading: Option<u64>,
    pub roster_read: Option<Result<minuta_shared::roster::Read, minuta_shared::roster::ReadError>>,
}

/// How long a server may stay silent before the terminal says so in large
/// text, with what to check: long enough for a restart or a Wi-Fi
/// hiccup, short enough that a team does not wait a whole question.
pub const SILENCE_ADVICE_US: u64 = 30_000_000;

impl AppState {
    pub fn new(lang: Lang) -> Self {
        AppState {
            lang,
            ..AppState::default()
        }
    }

    /// Starts connecting with `code`: everything learnt from another server
    /// is forgotten.
    pub fn join(&mut self, code: JoinCode) {
        *self = AppState {
            code: Some(code),
            ..self.settings_only()
        };
    }

    /// Back to the join screen.
    pub fn leave(&mut self) {
        *self = self.settings_only();
    }

    /// A fresh state that keeps only the person's settings.
    fn settings_only(&self) -> AppState {
        AppState {
            lang: self.lang,
            embedded_server: self.embedded_server,
            muted: self.muted,
            audio_missing: self.audio_missing,
            network_sleeps: self.network_sleeps,
            now_us: self.now_us,
            ..AppState::default()
        }
    }

    /// Server time now, by the best offset measured so far; while the
    /// server is lost, the time it was lost.
    pub fn server_now(&self) -> ServerTime {
        let local = match self.frozen_at_us {
            Some(frozen) => frozen.min(self.now_us),
            None => self.now_us,
        };
        self.server_time_at(local)
    }

    /// Whether the screen shows a view the server can no longer update:
    /// the «нет связи с сервером» banner is up.
    pub fn link_lost(&self) -> bool {
        self.view.is_some() && self.connection.is_lost()
    }

    /// The clocks stop where they are (if not stopped already).
    fn freeze(&mut self) {
        self.frozen_at_us.get_or_insert(self.now_us);
    }

    /// The server has not answered for [`SILENCE_ADVICE_US`] while the
    /// terminal kept trying: time to tell the person what to check.
    pub fn silent_too_long(&self) -> bool {
        let trying = matches!(
            self.connection,
            ConnectionStatus::Connecting
                | ConnectionStatus::Silent
                | ConnectionStatus::Reconnecting { .. }
        );
        trying
            && self
                .unanswered_since_us
                .is_some_and(|since| self.now_us.saturating_sub(since) >= SILENCE_ADVICE_US)
    }

    /// Registers a command about to be sent and returns its request number,
    /// so the Ack can be matched to it.
    /// A file of teams to be read by the server, as a new request: only
    /// the last one's answer is taken.
    pub fn begin_roster_read(&mut self) -> u64 {
        self.next_request += 1;
        self.roster_reading = Some(self.next_request);
        self.next_request
    }

    /// Asks for `file` as a new request, whose parts
    /// [`AppState::downloads`] gathers.
    pub fn begin_fetch(&mut self, file: minuta_shared::wire::files::HostFile) -> u64 {
        self.next_request += 1;
        self.downloads.begin(self.next_request, file);
        self.next_request
    }

    pub fn begin_request(&mut self, command: Command) -> u64 {
        self.next_request += 1;
        let request = self.next_request;
        if let Command::Press { .. } = &command {
            let on = self.team_view().and_then(press_on);
            self.button.pressed(request, self.now_us, on);
        }
        // A package's bytes are not kept for its Ack.
        let kept = match command {
            Command::Game { game, command } => Command::Game {
                game,
                command: command.without_files(),
            },
            other => other,
        };
        self.pending.insert(
            request,
            Pending {
                command: kept,
                sending: None,
            },
        );
        request
    }

    pub fn team_view(&self) -> Option<&TeamView> {
        match &self.view {
            Some(View::Team(v)) => Some(v),
            _ => None,
        }
    }

    pub fn host_view(&self) -> Option<&HostView> {
        match &self.view {
            Some(View::Host(v)) => Some(v),
            _ => None,
        }
    }

    pub fn jury_view(&self) -> Option<&JuryView> {
        match &self.view {
            Some(View::Jury(v)) => Some(v),
            _ => None,
        }
    }

    /// The game commands of this terminal still on their way.
    pub fn pending_game_commands(&self) -> impl Iterator<Item = (GameId, &GameCommand)> {
        self.pending.values().filter_map(|p| match &p.command {
            Command::Game { game, command } => Some((*game, command)),
            _ => None,
        })
    }

    /// Server time at the local instant `local_us` (µs since the epoch on
    /// this machine's clock), by the best offset measured so far.
    pub fn server_time_at(&self, local_us: u64) -> ServerTime {
        match self.clock {
            Some(sample) => sample.server_time_at(local_us),
            None => ServerTime(local_us),
        }
    }

    pub fn notify(&mut self, kind: NoticeKind, notice: Notice) {
        self.next_toast += 1;
        self.toasts.push(Toast {
            id: self.next_toast,
            at_us: self.now_us,
            kind,
            notice,
        });
        // A long session must not pile up messages nobody reads.
        const KEEP: usize = 5;
        if self.toasts.len() > KEEP {
            let drop = self.toasts.len() - KEEP;
            self.toasts.drain(..drop);
        }
    }

    pub fn dismiss(&mut self, toast: u64) {
        self.toasts.retain(|t| t.id != toast);
    }
}

/// The question a press of this team goes to, as its screen shows it: that
/// of the first of its games that says one (a Brain-ring fight's; an
/// Эрудит-квартет game's while its player is at the buttons). The server
/// gives a press to the one game that takes it.
fn press_on(view: &TeamView) -> Option<PressOn> {
    view.games
        .iter()
        .find_map(|g| g.view.press_question().map(|q| PressOn::new(g.id, q)))
}

/// Applies one event from the network to the state.
pub fn reduce(state: &mut AppState, event: NetEvent) {
    match event {
        NetEvent::Connecting => {
            state.connection = ConnectionStatus::Connecting;
            state.unanswered_since_us.get_or_insert(state.now_us);
        }
        NetEvent::Connected {
            identity,
            first_sample,
        } => {
            state.connection = ConnectionStatus::Connected;
            state.frozen_at_us = None;
            state.unanswered_since_us = None;
            // A store still failing says so again right after the join.
            state.storage_failing = None;
            state.identity = Some(identity);
            add_sample(state, first_sample);
        }
        NetEvent::Silent => {
            if state.connection.is_connected() {
                state.connection = ConnectionStatus::Silent;
                state.freeze();
                state.unanswered_since_us.get_or_insert(state.now_us);
            }
        }
        NetEvent::Heard => {
            if state.connection == ConnectionStatus::Silent {
                state.connection = ConnectionStatus::Connected;
                state.frozen_at_us = None;
                state.unanswered_since_us = None;
            }
        }
        NetEvent::Reconnecting { attempt, error } => {
            state.connection = ConnectionStatus::Reconnecting { attempt, error };
            state.freeze();
            files_interrupted(state);
            state.unanswered_since_us.get_or_insert(state.now_us);
        }
        NetEvent::Stopped(why) => {
            state.connection = ConnectionStatus::Stopped(why);
            state.freeze();
            files_interrupted(state);
        }
        NetEvent::View(view) => {
            if let View::Team(team) = view.as_ref() {
                state.button.learn_gap(team);
            }
            state.view = Some(*view);
        }
        // A patch the view does not show changes nothing: the next whole
        // view brings it.
        NetEvent::Patch { game, patch } => {
            if let Some(view) = state.view.as_mut()
                && view.apply_patch(game, &patch)
                && let View::Team(team) = view
            {
                state.button.learn_gap(team);
            }
        }
        NetEvent::Clock(sample) => add_sample(state, sample),
        NetEvent::StorageAlert(failing) => state.storage_failing = failing,
        NetEvent::Media(file) => {
            state.media.insert(file.hash.clone(), Arc::new(*file));
        }
        NetEvent::Ack { request, result } => acknowledge(state, request, result),
        NetEvent::FileFailed { request, error } => {
            if let Some(pending) = state.pending.remove(&request) {
                let notice = Notice::FileFailed {
                    command: Box::new(pending.command),
                    error,
                };
                state.notify(NoticeKind::Error, notice);
            }
        }
        NetEvent::Sending {
            request,
            sent,
            total,
        } => {
            if let Some(pending) = state.pending.get_mut(&request) {
                pending.sending = (sent < total).then_some((sent, total));
            }
        }
        NetEvent::SendingStopped { request } => {
            if let Some(pending) = state.pending.remove(&request) {
                let notice = Notice::SendingStopped(Box::new(pending.command));
                state.notify(NoticeKind::Info, notice);
            }
        }
        NetEvent::RosterRead { request, read } => {
            if state.roster_reading == Some(request) {
                state.roster_reading = None;
                state.roster_read = Some(read);
            }
        }
        NetEvent::FilePart(part) => {
            if let downloads::PartTaken::Broken(file) = state.downloads.take_part(*part) {
                state.notify(NoticeKind::Error, Notice::FileInterrupted(file));
            }
        }
        NetEvent::FileRefused { request, why } => {
            if let Some(file) = state.downloads.refused(request) {
                state.notify(NoticeKind::Error, Notice::FileRefused { file, why });
            }
        }
        NetEvent::Lost { request } => match state.pending.remove(&request) {
            // The button shows a lost press itself; a toast per press
            // would bury the screen.
            Some(Pending {
                command: Command::Press { .. },
                ..
            }) => state.button.lost(request),
            Some(pending) => {
                state.notify(NoticeKind::Error, Notice::Lost(Box::new(pending.command)))
            }
            // A file asked for, whose parts will not come.
            None => {
                if let Some(file) = state.downloads.refused(request) {
                    state.notify(NoticeKind::Error, Notice::FileInterrupted(file));
                }
            }
        },
    }
}

/// The files on their way are lost with the connection.
fn files_interrupted(state: &mut AppState) {
    for file in state.downloads.interrupted() {
        state.notify(NoticeKind::Error, Notice::FileInterrupted(file));
    }
}

fn add_sample(state: &mut AppState, sample: ClockSample) {
    state.clock_filter.add(sample);
    state.clock = state.clock_filter.best();
}

fn acknowledge(state: &mut AppState, request: u64, result: Result<Receipt, CommandError>) {
    // An Ack for nothing we sent (a previous connection's) changes nothing.
    let Some(pending) = state.pending.remove(&request) else {
        return;
    };
    if let Command::Game { game, command } = &pending.command
        && let Some(outcome) = games::game_result(&result)
    {
        let succeeded = outcome.is_ok();
        let in_place = command.outcome_in_place(succeeded);
        state.game_acks.push(GameAck {
            game: *game,
            command: command.clone(),
            result: outcome,
        });
        if state.game_acks.len() > KEPT_ACKS {
            let drop = state.game_acks.len() - KEPT_ACKS;
            state.game_acks.drain(..drop);
        }
        if in_place {
            if succeeded {
                clear_stale(state, &pending.command);
            }
            return;
        }
    }
    match (pending.command, result) {
        // The verdict shows on the button, at once, not as a toast.
        (Command::Press { .. }, result) => {
            let view = match &state.view {
                Some(View::Team(v)) => Some(v),
                _ => None,
            };
            state.button.settle(request, result, view);
        }
        (command, Ok(receipt)) => {
            clear_stale(state, &command);
            let notice = Notice::Done {
                command: Box::new(command),
                receipt,
            };
            state.notify(NoticeKind::Info, notice);
        }
        (command, Err(error)) => {
            state.notify(
                NoticeKind::Error,
                Notice::Failed {
                    command: Box::new(command),
                    error,
                },
            );
        }
    }
}

/// A success makes earlier failures of the same action stale, and a
/// warning that one was lost on the way (it was sent again and went
/// through: the warning has nothing left to warn about).
fn clear_stale(state: &mut AppState, command: &Command) {
    state.toasts.retain(|t| match &t.notice {
        Notice::Failed {
            command: failed, ..
        }
        | Notice::FileFailed {
            command: failed, ..
        } => !same_action(failed, command),
        Notice::Lost(lost) => !same_action(lost, command),
        _ => true,
    });
}

/// Whether a success of `b` makes a failure of `a` stale: the same command,
/// and for a game the same command of its format.
fn same_action(a: &Command, b: &Command) -> bool {
    match (a, b) {
        (Command::Game { command: a, .. }, Command::Game { command: b, .. }) => a.same_action(b),
        _ => std::mem::discriminant(a) == std::mem::discriminant(b),
    }
}

#[cfg(test)]
mod link_tests;
#[cfg(test)]
mod tests;
