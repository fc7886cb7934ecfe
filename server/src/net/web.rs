//! The browsers' door: a TCP listener (by default on the QUIC port's
//! number) that serves the browser terminal's files ([`bundle`]), the
//! hall's advert (`/hall`, JSON of the mDNS TXT pairs) and one WebSocket
//! endpoint (`/ws`), whose binary messages carry TLS 1.3 with the server's
//! own certificate ([`session`]) and inside it exactly the bytes of a
//! native terminal's QUIC stream, served by the same connection code.
//!
//! Bounded: TCP connections in all and per address (loopback exempt),
//! the request header's size and time (slow-loris), a plain HTTP
//! connection's lifetime; a WebSocket counts against its address at the
//! gate as a QUIC attempt does, and its windows are in [`socket`].

pub mod bundle;
pub mod session;
pub mod socket;
pub mod web_link;

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
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
use super::press_desk::SharedCore;
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
    pub core: SharedCore,
    pub clock: ServerClock,
    pub limits: NetLimits,
    /// TLS 1.3 with the server's certificate and [`ALPN`].
    pub tls: Arc<rustls::ServerConfig>,
    /// The browser terminal's files (without them `/` says how to build).
    pub bundle: bundle::Bundle,
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
        core: SharedCore,
        clock: ServerClock,
        limits: NetLimits,
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
            core,
            clock,
            limits,
            tls,
            bundle,
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

/// Open TCP connections, in all and by address.
#[derive(Debug, Default)]
struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// One open TCP connection's place in the counts; dropping it frees it.
/// Shared by the HTTP connection and the WebSocket it may become.
struct Place {
    door: Arc<Door>,
    ip: IpAddr,
}

impl Place {
    fn take(door: &Arc<Door>, ip: IpAddr) -> Option<Place> {
        let ip = ip.to_canonical();
        let mut counts = crate::sync::lock(&door.counts, "the browsers' connection counts");
        let here = counts.by_address.get(&ip).copied().unwrap_or(0);
        if counts.total >= door.limits.web_connections
            || (!ip.is_loopback() && here >= door.limits.web_connections_per_address)
        {
            return None;
        }
        counts.total += 1;
        *counts.by_address.entry(ip).or_default() += 1;
        Some(Place {
            door: Arc::clone(door),
            ip,
        })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut counts = crate::sync::lock(&self.door.counts, "the browsers' connection counts");
        counts.total = counts.total.saturating_sub(1);
        if let Some(n) = counts.by_address.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.by_address.remove(&self.ip);
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
        let Some(place) = Place::take(&door, remote.ip()) else {
            debug!(%remote, "too many browser connections: closing this one");
            continue;
        };
        let _ = stream.set_nodelay(true);
        tokio::spawn(serve_http(stream, remote, Arc::new(place)));
    }
}

/// One TCP connection's HTTP requests, until it closes, its lifetime ends,
/// or it becomes a WebSocket (which then lives on in a task of its own).
async fn serve_http(stream: tokio::net::TcpStream, remote: SocketAddr, place: Arc<Place>) {
    let door = Arc::clone(&place.door);
    let limits = door.limits;
    let service = hyper::service::service_fn(move |request| {
        let place = Arc::clone(&place);
        async move { Ok::<_, Infallible>(respond(request, remote, place).await) }
    });
    let connection = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.web_header_timeout)
        .max_header_size(MAX_HEADER_BYTES)
        .max_headers(MAX_HEADERS)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    match tokio::time::timeout(limits.web_http_lifetime, connection).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => debug!(%remote, "browser connection ended: {e}"),
        Err(_) => debug!(%remote, "browser connection closed after its lifetime"),
    }
}

type Reply = Response<Full<Bytes>>;

fn reply(status: StatusCode, content_type: &'static str, body: impl Into<Bytes>) -> Reply {
    let mut response = Response::new(Full::new(body.into()));
    *response.status_mut() = status;
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // Every answer is revalidated (the bundle's names carry no hash of
    // their contents, so a rebuilt bundle must never meet a cached page of
    // the old one); an unchanged file costs a 304 by its ETag.
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

async fn respond(request: Request<Incoming>, remote: SocketAddr, place: Arc<Place>) -> Reply {
    let door = Arc::clone(&place.door);
    if request.uri().path() == "/ws" {
        return session::upgrade(request, remote, place);
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
    let gzip = request
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .is_some_and(bundle::accepts_gzip);
    let files = door.bundle.clone();
    let lookup = {
        let name = name.clone();
        tokio::task::spawn_blocking(move || files.find(&name, gzip))
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
    if found.gzip && !unchanged {
        headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
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
            bundle::missing_page(&door.bundle),
        )
    } else {
        not_found()
    }
}
