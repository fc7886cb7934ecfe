//! The browsers' door: a TCP listener (by default on the QUIC port's
//! number) that serves the browser terminal's files ([`bundle`]), the
//! hall's advert (`/hall`, JSON of the mDNS TXT pairs) and one WebSocket
//! endpoint (`/ws`), whose binary messages carry TLS 1.3 with the server's
//! own certificate ([`session`]) and inside it exactly the bytes of a
//! native terminal's QUIC stream, served by the same connection code.
//!
//! Bounded: plain HTTP connections and browser sessions (WebSockets) each
//! in all and per address (loopback exempt), apart, so page loads never
//! keep a terminal out; the request header's size and time (slow-loris),
//! a plain HTTP connection's lifetime, idle time and write stall
//! ([`http_io`]); every file sent shares one copy ([`bundle::Files`]). A
//! WebSocket not yet logged in has its own place at the gate, and its
//! windows and deadlines are in [`socket`].

pub mod bundle;
mod frames;
pub mod http_io;
pub mod session;
pub mod socket;
pub mod web_link;

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use socket2::{Domain, Protocol, Socket, Type};
use tokio::net::TcpListener;
use tokio::sync::mpsc;
use tracing::debug;

use super::gate::Gate;
use super::{Inbound, NetLimits};
use crate::clock::ServerClock;
pub use web_link::WebLink;

/// The ALPN a browser's TLS offers inside the WebSocket.
pub const ALPN: &[u8] = b"minuta-ws";

/// The largest request header taken (the request line and every field).
pub const MAX_HEADER_BYTES: usize = 16 * 1024;
/// The most header fields taken in one request.
pub const MAX_HEADERS: usize = 64;

/// What every browser connection shares.
pub struct Door {
    pub gate: Gate,
    pub driver: mpsc::Sender<Inbound>,
    pub clock: ServerClock,
    pub limits: NetLimits,
    /// Makes the files the host asks for (over its WebSocket, never by URL).
    pub host_files: super::HostFiles,
    /// TLS 1.3 with the server's certificate and [`ALPN`].
    pub tls: Arc<rustls::ServerConfig>,
    /// The browser terminal's files (without them `/` says how to build).
    pub files: Arc<bundle::Files>,
    /// `/hall`'s body: the mDNS advert's TXT pairs as a JSON object.
    pub hall: Bytes,
    counts: Mutex<Counts>,
    /// Turns true when the server shuts down: every WebSocket closes.
    closing: tokio::sync::watch::Sender<bool>,
}

impl Door {
    #[allow(clippy::too_many_arguments)] // the server's parts, each kept once
    pub fn new(
        gate: Gate,
        driver: mpsc::Sender<Inbound>,
        clock: ServerClock,
        limits: NetLimits,
        host_files: super::HostFiles,
        tls: Arc<rustls::ServerConfig>,
        bundle: bundle::Bundle,
        hall: &[(String, String)],
    ) -> Self {
        let object: serde_json::Map<String, serde_json::Value> = hall
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
            .collect();
        let hall = serde_json::to_vec(&object).unwrap_or_else(|_| b"{}".to_vec());
        Door {
            gate,
            driver,
            clock,
            limits,
            host_files,
            tls,
            files: Arc::new(bundle::Files::new(bundle)),
            hall: Bytes::from(hall),
            counts: Mutex::new(Counts::default()),
            closing: tokio::sync::watch::Sender::new(false),
        }
    }

    /// The server shuts down: every browser's WebSocket is closed.
    pub fn close_all(&self) {
        self.closing.send_replace(true);
    }
}

/// Open browser connections, each kind apart.
#[derive(Debug, Default)]
struct Counts {
    http: Tally,
    sessions: Tally,
}

/// Open connections of one kind, in all and by address.
#[derive(Debug, Default)]
struct Tally {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// What a browser's connection is, for its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A plain HTTP connection: the page's files, `/hall`.
    Http,
    /// A browser session: an upgraded WebSocket.
    Session,
}

impl Counts {
    fn tally(&mut self, kind: Kind) -> &mut Tally {
        match kind {
            Kind::Http => &mut self.http,
            Kind::Session => &mut self.sessions,
        }
    }
}

/// One open connection's place in the counts of its kind; dropping it
/// frees it.
struct Place {
    door: Arc<Door>,
    ip: IpAddr,
    kind: Kind,
}

impl Place {
    fn take(door: &Arc<Door>, ip: IpAddr, kind: Kind) -> Option<Place> {
        let ip = ip.to_canonical();
        let (all, per_address) = match kind {
            Kind::Http => (
                door.limits.web_connections,
                door.limits.web_connections_per_address,
            ),
            Kind::Session => (
                door.limits.web_sessions,
                door.limits.web_sessions_per_address,
            ),
        };
        let mut counts = crate::sync::lock(&door.counts, "the browsers' connection counts");
        let tally = counts.tally(kind);
        let here = tally.by_address.get(&ip).copied().unwrap_or(0);
        if tally.total >= all || (!ip.is_loopback() && here >= per_address) {
            return None;
        }
        tally.total += 1;
        *tally.by_address.entry(ip).or_default() += 1;
        Some(Place {
            door: Arc::clone(door),
            ip,
            kind,
        })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = crate::sync::lock(&self.door.counts, "the browsers' connection counts");
        let tally = counts.tally(self.kind);
        tally.total = tally.total.saturating_sub(1);
        if let Some(n) = tally.by_address.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                tally.by_address.remove(&self.ip);
            }
        }
    }
}

/// Binds the TCP listener (`[::]` serves IPv4 too where the OS allows).
pub fn bind(addr: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = Socket::new(Domain::for_address(addr), Type::STREAM, Some(Protocol::TCP))?;
    if addr.is_ipv6() {
        let _ = socket.set_only_v6(false);
    }
    // A restarted server binds again at once despite old connections in
    // TIME_WAIT; another listener on the port is still refused.
    socket.set_reuse_address(true)?;
    socket.bind(&addr.into())?;
    socket.listen(1024)?;
    socket.set_nonblocking(true)?;
    TcpListener::from_std(socket.into())
}

/// Accepts browsers' connections until the listener fails for good.
pub async fn accept_loop(listener: TcpListener, door: Arc<Door>) {
    loop {
        let (stream, remote) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, or the like: the connections
                // already open go on; try again in a moment.
                debug!("cannot accept a browser's connection: {e}");
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        door.gate.note_contact(remote.ip());
        // Pages full: the connection may still become a browser session,
        // in a session's place (keep-alive page loads never keep a
        // terminal out); it is answered nothing else.
        let Some(place) = Place::take(&door, remote.ip(), Kind::Http)
            .or_else(|| Place::take(&door, remote.ip(), Kind::Session))
        else {
            debug!(%remote, "too many browser connections: closing this one");
            continue;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(serve_http(stream, remote, place));
    }
}

/// One TCP connection's HTTP requests, until it closes, its lifetime ends,
/// it stays idle or stalls ([`http_io`]), or it becomes a WebSocket (which
/// then lives on in a task of its own, with a place among the sessions:
/// this connection's place among the HTTP ones is freed).
async fn serve_http(stream: tokio::net::TcpStream, remote: SocketAddr, place: Place) {
    let door = Arc::clone(&place.door);
    let limits = door.limits;
    let io = http_io::HttpIo::new(stream, limits.web_http_idle, limits.write_timeout);
    let upgraded = io.upgraded();
    let held = Held::new(place);
    let service = hyper::service::service_fn(move |request| {
        let door = Arc::clone(&door);
        let upgraded = Arc::clone(&upgraded);
        let held = held.clone();
        async move { Ok::<_, Infallible>(respond(request, remote, door, upgraded, held).await) }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.web_header_timeout)
        .max_header_size(MAX_HEADER_BYTES)
        .max_headers(MAX_HEADERS)
        // A file's bytes are queued as the shared copy they are, never
        // flattened into a buffer of this connection's.
        .writev(true)
        .serve_connection(TokioIo::new(io), service)
        .with_upgrades();
    match tokio::time::timeout(limits.web_http_lifetime, connection).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => debug!(%remote, "browser connection ended: {e}"),
        Err(_) => debug!(%remote, "browser connection closed after its lifetime"),
    }
}

/// The place a connection holds, shared with its requests: a session's
/// place it came in on passes to the session it becomes.
#[derive(Clone)]
struct Held(Arc<Mutex<Option<Place>>>);

impl Held {
    fn new(place: Place) -> Self {
        Held(Arc::new(Mutex::new(Some(place))))
    }

    fn kind(&self) -> Option<Kind> {
        crate::sync::lock(&self.0, "a connection's place")
            .as_ref()
            .map(|p| p.kind)
    }

    /// The session's place the connection came in on, handed over.
    fn take_session(&self) -> Option<Place> {
        let mut held = crate::sync::lock(&self.0, "a connection's place");
        match held.as_ref().map(|p| p.kind) {
            Some(Kind::Session) => held.take(),
            Some(Kind::Http) | None => None,
        }
    }
}

type Reply = Response<Full<Bytes>>;

fn reply(status: StatusCode, content_type: &'static str, body: impl Into<Bytes>) -> Reply {
    let mut response = Response::new(Full::new(body.into()));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // Revalidated unless said otherwise (a bundle's file named by its
    // contents is kept: `bundle::cache_control`); an unchanged file costs a
    // 304 by its ETag.
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

fn not_found() -> Reply {
    reply(
        StatusCode::NOT_FOUND,
        "text/plain; charset=utf-8",
        "not found / не найдено\n",
    )
}

async fn respond(
    request: Request<Incoming>,
    remote: SocketAddr,
    door: Arc<Door>,
    upgraded: Arc<AtomicBool>,
    held: Held,
) -> Reply {
    if request.uri().path() == "/ws" {
        let reply = session::upgrade(request, remote, &door, held.take_session());
        if reply.status() == StatusCode::SWITCHING_PROTOCOLS {
            // From here on the session's own deadlines hold.
            upgraded.store(true, Ordering::Relaxed);
        }
        return reply;
    }
    if held.kind() != Some(Kind::Http) {
        // In on a session's place (pages were full): a session or nothing.
        let mut busy = reply(
            StatusCode::SERVICE_UNAVAILABLE,
            "text/plain; charset=utf-8",
            "busy: try again in a moment / сервер занят: попробуйте ещё раз\n",
        );
        let headers = busy.headers_mut();
        headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        return busy;
    }
    if !matches!(*request.method(), Method::GET | Method::HEAD) {
        let mut response = reply(
            StatusCode::METHOD_NOT_ALLOWED,
            "text/plain; charset=utf-8",
            "GET only\n",
        );
        response
            .headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
        return response;
    }
    let path = request.uri().path();
    if path == "/hall" {
        return reply(StatusCode::OK, "application/json", door.hall.clone());
    }
    let Some(name) = bundle::file_name(path) else {
        return not_found();
    };
    let accepted = request
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .map(bundle::Accepted::from_header)
        .unwrap_or_default();
    let files = Arc::clone(&door.files);
    let lookup = {
        let name = name.clone();
        tokio::task::spawn_blocking(move || files.find(&name, accepted))
    };
    let Ok(Some(found)) = lookup.await else {
        return if name == "index.html" {
            missing(&door, &name)
        } else {
            not_found()
        };
    };
    let unchanged = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|t| t.trim() == found.etag));
    let mut response = if unchanged {
        let mut r = reply(StatusCode::NOT_MODIFIED, found.content_type, Bytes::new());
        r.headers_mut().remove(header::CONTENT_TYPE);
        r
    } else {
        reply(StatusCode::OK, found.content_type, found.body)
    };
    let headers = response.headers_mut();
    if let Some(coding) = found.coding.header()
        && !unchanged
    {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
    }
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(bundle::cache_control(&name)),
    );
    headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    if let Ok(tag) = HeaderValue::from_str(&found.etag) {
        headers.insert(header::ETAG, tag);
    }
    response
}

/// No bundle: `/` says how to build one; any other file is not found.
fn missing(door: &Door, name: &str) -> Reply {
    if name == "index.html" {
        reply(
            StatusCode::SERVICE_UNAVAILABLE,
            "text/html; charset=utf-8",
            bundle::missing_page(&door.files.bundle),
        )
    } else {
        not_found()
    }
}
