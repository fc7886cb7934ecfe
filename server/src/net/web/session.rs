//! A browser terminal's WebSocket: the upgrade (`/ws`), the gate, then TLS
//! 1.3 with the server's certificate over the WebSocket's bytes, and inside
//! it the same connection handling as a QUIC terminal's
//! ([`crate::net::connection::run`]). Whatever ends it (a TLS handshake
//! that fails or never comes, a greeting past its deadline, a stranger let
//! go to make room, a violation), the WebSocket is closed with 4000 + the
//! `wire::close` code and the reason, where the socket still takes it.

use std::net::SocketAddr;
use std::sync::Arc;

use http_body_util::Full;
use hyper::body::{Bytes, Incoming};
use hyper::header::{self, HeaderValue};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use tokio::time::Instant;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::derive_accept_key;
use tokio_tungstenite::tungstenite::protocol::Role as WsRole;
use tracing::{debug, info};

use minuta_shared::wire::close;

use super::socket::{self, Credit, Guard, Metered, StreamViolation, WsBytes};
use super::{ALPN, Door, Kind, Place, Reply, WebLink, reply};
use crate::net::connection::{self, Session, Violation};
use crate::net::gate::Handshaking;
use crate::net::link::Link;

/// Whether a header holds `token` in its comma-separated list.
fn has_token(request: &Request<Incoming>, name: header::HeaderName, token: &str) -> bool {
    request.headers().get_all(name).iter().any(|v| {
        v.to_str()
            .is_ok_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
    })
}

/// A page from another site may not open the socket: a browser names the
/// page's origin, which must be the host it asked (no Origin: not a
/// browser, e.g. a native test client).
fn same_origin(request: &Request<Incoming>) -> bool {
    let Some(origin) = request.headers().get(header::ORIGIN) else {
        return true;
    };
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok());
    let origin = origin.to_str().ok().and_then(|o| {
        o.strip_prefix("http://")
            .or_else(|| o.strip_prefix("https://"))
    });
    matches!((origin, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

/// Answers `/ws`: 101 and a task for the WebSocket, or why not.
/// `came_in_on`: the session's place the connection already holds (it came
/// in while the pages' places were full), else one is taken now.
pub(super) fn upgrade(
    mut request: Request<Incoming>,
    remote: SocketAddr,
    door: &Arc<Door>,
    came_in_on: Option<Place>,
) -> Reply {
    let key = request
        .headers()
        .get(header::SEC_WEBSOCKET_KEY)
        .map(|k| derive_accept_key(k.as_bytes()));
    let version_13 = request
        .headers()
        .get(header::SEC_WEBSOCKET_VERSION)
        .is_some_and(|v| v.as_bytes() == b"13");
    let (true, true, true, Some(accept)) = (
        request.method() == hyper::Method::GET,
        has_token(&request, header::UPGRADE, "websocket")
            && has_token(&request, header::CONNECTION, "upgrade"),
        version_13,
        key,
    ) else {
        return reply(
            StatusCode::BAD_REQUEST,
            "text/plain; charset=utf-8",
            "a WebSocket (version 13) only\n",
        );
    };
    if !same_origin(&request) {
        return reply(
            StatusCode::FORBIDDEN,
            "text/plain; charset=utf-8",
            "another site's page may not join\n",
        );
    }
    let busy = || {
        let mut busy = reply(
            StatusCode::SERVICE_UNAVAILABLE,
            "text/plain; charset=utf-8",
            "busy: try again in a moment / сервер занят: попробуйте ещё раз\n",
        );
        busy.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        busy
    };
    let Some(place) = came_in_on.or_else(|| Place::take(door, remote.ip(), Kind::Session)) else {
        debug!(%remote, "too many browser sessions: turning this one away");
        return busy();
    };
    let handshaking = match door.gate.admit_web(remote.ip(), &door.limits) {
        Ok(handshaking) => handshaking,
        Err(turned) => {
            debug!(%remote, ?turned, "browser's WebSocket turned away at the gate");
            return busy();
        }
    };
    let upgrading = hyper::upgrade::on(&mut request);
    tokio::spawn(async move {
        match upgrading.await {
            Ok(upgraded) => serve(TokioIo::new(upgraded), remote, handshaking, place).await,
            Err(e) => debug!(%remote, "the WebSocket upgrade failed: {e}"),
        }
    });
    let mut response = Response::new(Full::new(Bytes::new()));
    *response.status_mut() = StatusCode::SWITCHING_PROTOCOLS;
    let headers = response.headers_mut();
    headers.insert(header::UPGRADE, HeaderValue::from_static("websocket"));
    headers.insert(header::CONNECTION, HeaderValue::from_static("Upgrade"));
    if let Ok(accept) = HeaderValue::from_str(&accept) {
        headers.insert(header::SEC_WEBSOCKET_ACCEPT, accept);
    }
    response
}

/// The WebSocket's life: TLS, then the terminal's session, then the close.
async fn serve<S>(io: S, remote: SocketAddr, handshaking: Handshaking, place: Place)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let door = Arc::clone(&place.door);
    let limits = door.limits;
    // One deadline for the TLS handshake and the greeting: the socket
    // itself fails the handshake when it passes, so the close still says
    // why (a timer around the handshake would drop the socket unsaid).
    let greeted_by = Instant::now() + limits.web_handshake_timeout;
    let guard = Guard {
        frame_timeout: limits.frame_timeout,
        login_by: greeted_by,
        login_within: limits.web_handshake_timeout,
    };
    let credit = Credit::new(socket::PRE_LOGIN_WINDOW);
    let link = WebLink::new(Arc::clone(&credit));
    let let_go = Box::pin(handshaking.evicted());
    let ws = WebSocketStream::from_raw_socket(
        Metered::guarded(io, Arc::clone(&credit), guard, let_go),
        WsRole::Server,
        Some(socket::ws_config()),
    )
    .await;
    // A peer that answers no ping for the frame timeout has stopped
    // reading (never less than a few pings' time: one late pong is not
    // silence).
    let answer_within = limits.frame_timeout.max(4 * socket::PING_EVERY);
    let bytes =
        WsBytes::new(ws, credit, Some(link.round_trip())).answer_pings_within(answer_within);
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::clone(&door.tls));
    // Its deadline, a message too large, being let go to make room: the
    // socket fails the handshake, which gives it back to be closed.
    let tls = match acceptor.accept(bytes).into_fallible().await {
        Ok(tls) => tls,
        Err((e, bytes)) => {
            let v = handshake_failed(&e);
            debug!(%remote, code = v.code, "browser's TLS handshake failed: {}", v.reason);
            bytes.close(v.code, &v.reason, limits.close_grace).await;
            return;
        }
    };
    if tls.get_ref().1.alpn_protocol() != Some(ALPN) {
        let (bytes, _) = tls.into_inner();
        let reason = "the TLS inside the WebSocket must offer ALPN minuta-ws";
        bytes
            .close(close::REFUSED, reason, limits.close_grace)
            .await;
        return;
    }
    let session = Session {
        link: Link::Web(link.clone()),
        handshaking,
        driver: door.driver.clone(),
        clock: door.clock,
        limits,
        files: Arc::clone(&door.host_files),
        greeted_by,
        greeting_within: limits.web_handshake_timeout,
    };
    let (mut recv, mut send) = tokio::io::split(tls);
    let mut closing = door.closing.subscribe();
    let ended = tokio::select! {
        ran = connection::run(session, &mut recv, &mut send) => ran.err(),
        (code, reason) = link.cut() => Some(Violation::new(code, reason)),
        _ = closing.wait_for(|closing| *closing) => {
            Some(Violation::new(close::NORMAL, "server shutting down"))
        }
    };
    let v = ended.unwrap_or_else(|| Violation::new(close::NORMAL, "closed"));
    if v.code != close::NORMAL {
        info!(%remote, code = v.code, "closing browser connection: {}", v.reason);
    }
    let (bytes, _) = recv.unsplit(send).into_inner();
    bytes.close(v.code, &v.reason, limits.close_grace).await;
    drop(place);
}

/// Why a browser's TLS handshake failed, as its close: the socket's own
/// violation (its deadline, a message too large), else TLS's error.
fn handshake_failed(e: &std::io::Error) -> Violation {
    match e
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<StreamViolation>())
    {
        Some(v) => Violation::new(v.code, v.reason.clone()),
        None => Violation::new(close::MALFORMED, format!("TLS handshake failed: {e}")),
    }
}
