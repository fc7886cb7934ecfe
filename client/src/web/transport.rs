//! The browser's link: a WebSocket to the server that served the page
//! (`ws://<location.host>/ws`), the sans-IO [`WsSession`] inside it (TLS
//! pinned by the code's fingerprint, the native frames), and one interval
//! timer that pings every 500 ms, watches for 1.5 s of silence and gives
//! up on a greeting that never comes. A lost link is retried with the
//! native backoff and jitter; a final close stops with its reason. The
//! UI's [`NetHandle`] has the native one's API, so `app` does not know
//! which transport it drives.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::{Rc, Weak};
use std::time::Duration;

use minuta_shared::join_code::JoinCode;
use minuta_shared::wire::codec::MAX_WEB_MESSAGE_BYTES;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{BinaryType, CloseEvent, MessageEvent, WebSocket};
use web_time::Instant;

use super::page::now_us as local_now_us;
use crate::net::link::{backoff, jitter};
use crate::net::watchdog::{CHECK_EVERY, Watchdog};
use crate::net::ws_session::{self, End, WsSession};
use crate::net::{EventSink, NetError};
use crate::state::{LinkError, NetCommand, NetEvent, Stopped};

/// The brief's liveness: a ping every 500 ms, which the server pongs.
const PING_EVERY: Duration = Duration::from_millis(500);
/// A large command's pieces go while the socket holds less than this
/// unsent: at each tick (every `CHECK_EVERY`) and as the server's bytes
/// come, about 2 MB a second at most, fast enough for a package over the
/// hall's Wi-Fi and never a queue a cancel cannot stop.
const PIECES_BUFFERED: u32 = 512 * 1024;
/// How long the socket and the greeting together may take (the native
/// link's connect and greeting timeouts, 4 s and 5 s).
const GREETING_TIMEOUT: Duration = Duration::from_secs(9);
/// How long a broken stream waits for the server's close code.
const CLOSE_WAIT: Duration = Duration::from_secs(1);
/// The WebSocket's own close code for a terminal that leaves.
const CLOSE_NORMAL: u16 = 1000;

/// The UI's handle on the link; dropping it leaves.
pub struct NetHandle {
    driver: Rc<RefCell<Driver>>,
}

impl NetHandle {
    /// Opens the link (the page's origin; `code`'s addresses are only
    /// informational here). Never fails in the browser: a socket that
    /// cannot open is a lost link, retried.
    pub fn start(
        code: JoinCode,
        events: EventSink,
        _busy_poll: bool,
    ) -> Result<NetHandle, NetError> {
        let driver = Rc::new(RefCell::new(Driver {
            code,
            url: socket_url(),
            events,
            link: None,
            queued: VecDeque::new(),
            attempt: 0,
            was_connected: false,
            bytes_heard: 0,
            dog: None,
            last_ping: Instant::now(),
            opened_at: Instant::now(),
            stopped: false,
            failing: None,
            tick: None,
            retry: None,
            graveyard: Vec::new(),
        }));
        driver.borrow().events.send(NetEvent::Connecting);
        Driver::open(&driver);
        Driver::start_ticking(&driver);
        Ok(NetHandle { driver })
    }

    /// Hands a command over; `false` if the link has stopped for good.
    pub fn send(&self, command: NetCommand) -> bool {
        self.driver.borrow_mut().command(command)
    }
}

impl Drop for NetHandle {
    fn drop(&mut self) {
        let mut driver = self.driver.borrow_mut();
        if !driver.stopped {
            driver.stop(Stopped::Left);
        }
    }
}

/// `ws://` (or `wss://` on an https page) to the page's own host.
fn socket_url() -> String {
    let location = web_sys::window().map(|w| w.location());
    let host = location
        .as_ref()
        .and_then(|l| l.host().ok())
        .unwrap_or_default();
    let secure = location
        .and_then(|l| l.protocol().ok())
        .is_some_and(|p| p == "https:");
    format!("{}://{host}/ws", if secure { "wss" } else { "ws" })
}

/// One open socket and its session, with the handlers kept alive.
struct Link {
    socket: WebSocket,
    session: WsSession,
    _on_open: Closure<dyn FnMut()>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
}

/// Closures JS may be running right now (a handler that ends its own
/// link, a retry that opens the next): kept until the next tick instead
/// of being dropped inside their own call.
type Graveyard = Vec<Box<dyn std::any::Any>>;

impl Link {
    /// Forgets the handlers and closes the socket.
    fn shut(self, code: u16, graveyard: &mut Graveyard) {
        self.socket.set_onopen(None);
        self.socket.set_onmessage(None);
        self.socket.set_onclose(None);
        let _ = self.socket.close_with_code(code);
        graveyard.push(Box::new(self._on_open));
        graveyard.push(Box::new(self._on_message));
        graveyard.push(Box::new(self._on_close));
    }
}

struct Driver {
    code: JoinCode,
    url: String,
    events: EventSink,
    link: Option<Link>,
    /// Commands given while no session was greeted: sent once one is.
    queued: VecDeque<NetCommand>,
    attempt: u32,
    was_connected: bool,
    /// Every byte the server sent: the watchdog's heartbeat.
    bytes_heard: u64,
    dog: Option<Watchdog>,
    last_ping: Instant,
    opened_at: Instant,
    stopped: bool,
    /// The stream broke here: waiting (briefly) for the socket's close code.
    failing: Option<(LinkError, Instant)>,
    tick: Option<(i32, Closure<dyn FnMut()>)>,
    retry: Option<(i32, Closure<dyn FnMut()>)>,
    graveyard: Graveyard,
}

impl Driver {
    /// Opens a socket and a session on it; a failure is a lost link.
    fn open(this: &Rc<RefCell<Driver>>) {
        let mut driver = this.borrow_mut();
        driver.failing = None;
        if let Some((_, retry)) = driver.retry.take() {
            driver.graveyard.push(Box::new(retry));
        }
        driver.opened_at = Instant::now();
        driver.dog = None;
        let session = match WsSession::new(&driver.code, local_now_us()) {
            Ok(session) => session,
            Err(end) => return driver.end(this, end),
        };
        let socket = match WebSocket::new(&driver.url) {
            Ok(socket) => socket,
            Err(error) => {
                let end = End::Lost(LinkError::Broken(format!("{}: {error:?}", driver.url)));
                return driver.end(this, end);
            }
        };
        socket.set_binary_type(BinaryType::Arraybuffer);
        let weak = Rc::downgrade(this);
        let on_open = Closure::<dyn FnMut()>::new({
            let weak = weak.clone();
            move || with(&weak, |driver, _| driver.flush())
        });
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new({
            let weak = weak.clone();
            move |event: MessageEvent| {
                let Ok(buffer) = event.data().dyn_into::<js_sys::ArrayBuffer>() else {
                    return;
                };
                let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
                with(&weak, |driver, this| driver.receive(this, &bytes));
            }
        });
        let on_close = Closure::<dyn FnMut(CloseEvent)>::new({
            let weak = weak.clone();
            move |event: CloseEvent| {
                let end = ws_session::closed(event.code(), &event.reason());
                with(&weak, |driver, this| {
                    // Without a code of the server's, the failure seen first says more.
                    let end = match (end, driver.failing.take()) {
                        (End::Lost(LinkError::StreamClosed), Some((error, _))) => End::Lost(error),
                        (end, _) => end,
                    };
                    driver.end(this, end)
                });
            }
        });
        socket.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        socket.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        socket.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        driver.link = Some(Link {
            socket,
            session,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
        });
    }

    /// The one timer: pings, the watchdog, the greeting's deadline.
    fn start_ticking(this: &Rc<RefCell<Driver>>) {
        let weak = Rc::downgrade(this);
        let tick = Closure::<dyn FnMut()>::new(move || with(&weak, |d, this| d.tick(this)));
        let every = i32::try_from(CHECK_EVERY.as_millis()).unwrap_or(250);
        let id = web_sys::window().and_then(|w| {
            w.set_interval_with_callback_and_timeout_and_arguments_0(
                tick.as_ref().unchecked_ref(),
                every,
            )
            .ok()
        });
        if let Some(id) = id {
            this.borrow_mut().tick = Some((id, tick));
        }
    }

    fn tick(&mut self, this: &Rc<RefCell<Driver>>) {
        self.graveyard.clear();
        let now = Instant::now();
        if let Some((_, since)) = &self.failing
            && now.saturating_duration_since(*since) >= CLOSE_WAIT
            && let Some((error, _)) = self.failing.take()
        {
            return self.end(this, End::Lost(error));
        }
        let greeted = self.link.as_ref().is_some_and(|l| l.session.greeted());
        if let Some(link) = self.link.as_mut()
            && !greeted
            && now.saturating_duration_since(self.opened_at) >= GREETING_TIMEOUT
        {
            let opened = link.socket.ready_state() == WebSocket::OPEN;
            let error = match (opened, self.code.addrs.first()) {
                (false, Some(addr)) => LinkError::NoAnswer { addr: *addr },
                _ => LinkError::NoGreeting,
            };
            return self.end(this, End::Lost(error));
        }
        if !greeted {
            return;
        }
        if let Some(dog) = self.dog.as_mut()
            && let Some(event) = dog.check(self.bytes_heard, now)
        {
            self.events.send(event);
        }
        self.send_pieces();
        if now.saturating_duration_since(self.last_ping) >= PING_EVERY {
            self.last_ping = now;
            let pinged = match self.link.as_mut() {
                Some(link) => link.session.ping(local_now_us()),
                None => Ok(()),
            };
            if let Err(end) = pinged {
                return self.end(this, end);
            }
            self.flush();
        }
    }

    /// The server's bytes: events to the UI, the queue sent once greeted.
    fn receive(&mut self, this: &Rc<RefCell<Driver>>, bytes: &[u8]) {
        self.bytes_heard += bytes.len() as u64;
        if self.failing.is_some() {
            return;
        }
        let Some(link) = self.link.as_mut() else {
            return;
        };
        let was_greeted = link.session.greeted();
        let mut events = Vec::new();
        let received = link.session.receive(bytes, local_now_us(), &mut events);
        let greeted = link.session.greeted();
        for event in events {
            self.events.send(event);
        }
        match received {
            Ok(()) => {}
            // A broken stream: the server's close code, which follows,
            // may say why (a refusal in another protocol version's
            // envelope), as QUIC's close reason does for the native link.
            Err(End::Lost(error)) => {
                self.flush();
                self.failing = Some((error, Instant::now()));
                return;
            }
            Err(end) => {
                self.flush();
                return self.end(this, end);
            }
        }
        if greeted && !was_greeted {
            self.attempt = 0;
            self.was_connected = true;
            self.dog = Some(Watchdog::new(self.bytes_heard, Instant::now()));
            while let Some(command) = self.queued.pop_front() {
                if let Err(end) = self.perform(command) {
                    return self.end(this, end);
                }
            }
        }
        self.flush();
        self.send_pieces();
    }

    fn command(&mut self, command: NetCommand) -> bool {
        if self.stopped {
            return false;
        }
        if matches!(command, NetCommand::Leave) {
            self.stop(Stopped::Left);
            return true;
        }
        let greeted = self.link.as_ref().is_some_and(|l| l.session.greeted());
        if !greeted {
            self.queued.push_back(command);
            return true;
        }
        match self.perform(command) {
            Ok(()) => {
                self.flush();
                self.send_pieces();
            }
            // The socket's close follows and ends the session.
            Err(end) => tracing::warn!("the link broke while sending: {end:?}"),
        }
        true
    }

    fn perform(&mut self, command: NetCommand) -> Result<(), End> {
        let Some(link) = self.link.as_mut() else {
            self.queued.push_back(command);
            return Ok(());
        };
        let mut events = Vec::new();
        let done = link.session.perform(command, &mut events);
        for event in events {
            self.events.send(event);
        }
        done
    }

    /// Sends the pieces of a large command (a package) while the socket's
    /// own buffer is low: what it holds has not left the page yet, so the
    /// host's progress is what has gone, and a cancel stops the rest.
    fn send_pieces(&mut self) {
        let Some(link) = self.link.as_mut() else {
            return;
        };
        if link.socket.ready_state() != WebSocket::OPEN || !link.session.greeted() {
            return;
        }
        let mut events = Vec::new();
        while link.session.has_pieces() && link.socket.buffered_amount() < PIECES_BUFFERED {
            if let Err(end) = link.session.send_piece(&mut events) {
                tracing::warn!("the link broke while sending a piece: {end:?}");
                break;
            }
            let bytes = link.session.outgoing();
            for message in bytes.chunks(MAX_WEB_MESSAGE_BYTES) {
                if link.socket.send_with_u8_array(message).is_err() {
                    tracing::warn!("the WebSocket refused {} bytes", message.len());
                    break;
                }
            }
        }
        for event in events {
            self.events.send(event);
        }
    }

    /// Sends what the session has for the server.
    fn flush(&mut self) {
        let Some(link) = self.link.as_mut() else {
            return;
        };
        if link.socket.ready_state() != WebSocket::OPEN {
            return;
        }
        let bytes = link.session.outgoing();
        // Messages of at most a TLS record's size: the server takes no
        // larger message from a terminal not yet logged in, and message
        // boundaries mean nothing to the stream inside.
        for message in bytes.chunks(MAX_WEB_MESSAGE_BYTES) {
            if link.socket.send_with_u8_array(message).is_err() {
                tracing::warn!("the WebSocket refused {} bytes", message.len());
                return;
            }
        }
    }

    /// The session is over: stop for good, or retry after a pause.
    fn end(&mut self, this: &Rc<RefCell<Driver>>, end: End) {
        if self.stopped {
            return;
        }
        if let Some(mut link) = self.link.take() {
            for request in link.session.take_in_flight() {
                self.events.send(NetEvent::Lost { request });
            }
            link.shut(CLOSE_NORMAL, &mut self.graveyard);
        }
        self.dog = None;
        match end {
            End::Stop(why) => self.stop(why),
            End::Lost(error) => {
                self.attempt = if self.was_connected {
                    1
                } else {
                    self.attempt.saturating_add(1)
                };
                self.was_connected = false;
                self.events.send(NetEvent::Reconnecting {
                    attempt: self.attempt,
                    error,
                });
                self.schedule_retry(this, backoff(self.attempt, jitter()));
            }
        }
    }

    fn schedule_retry(&mut self, this: &Rc<RefCell<Driver>>, pause: Duration) {
        let weak = Rc::downgrade(this);
        let retry = Closure::<dyn FnMut()>::new(move || {
            if let Some(this) = weak.upgrade() {
                Driver::open(&this);
            }
        });
        let ms = i32::try_from(pause.as_millis()).unwrap_or(i32::MAX);
        let id = web_sys::window().and_then(|w| {
            w.set_timeout_with_callback_and_timeout_and_arguments_0(
                retry.as_ref().unchecked_ref(),
                ms,
            )
            .ok()
        });
        match id {
            Some(id) => self.retry = Some((id, retry)),
            None => self.stop(Stopped::Left),
        }
    }

    /// Stops for good: the queue is lost, the timers and socket go.
    fn stop(&mut self, why: Stopped) {
        self.stopped = true;
        if let Some(mut link) = self.link.take() {
            link.session.close();
            let bye = link.session.outgoing();
            if !bye.is_empty() && link.socket.ready_state() == WebSocket::OPEN {
                let _ = link.socket.send_with_u8_array(&bye);
            }
            for request in link.session.take_in_flight() {
                self.events.send(NetEvent::Lost { request });
            }
            link.shut(CLOSE_NORMAL, &mut self.graveyard);
        }
        for command in self.queued.drain(..) {
            crate::net::link::lose(&self.events, &command);
        }
        if let Some(window) = web_sys::window() {
            // The closures stay with the driver: this may run inside one.
            if let Some((id, _)) = &self.tick {
                window.clear_interval_with_handle(*id);
            }
            if let Some((id, _)) = &self.retry {
                window.clear_timeout_with_handle(*id);
            }
        }
        self.events.send(NetEvent::Stopped(why));
    }
}

/// Runs `f` on the driver if it is still there and not busy (a handler
/// never runs inside another, but a dropped handle leaves nothing to do).
fn with(weak: &Weak<RefCell<Driver>>, f: impl FnOnce(&mut Driver, &Rc<RefCell<Driver>>)) {
    let Some(this) = weak.upgrade() else { return };
    let Ok(mut driver) = this.try_borrow_mut() else {
        return;
    };
    f(&mut driver, &this);
}
