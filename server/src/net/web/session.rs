//! A browser terminal's WebSocket: the upgrade (`/ws`), the gate, then TLS
//! 1.3 with the server's certificate over the WebSocket's bytes, and inside
//! it the same connection handling as a QUIC terminal's
//! ([`crate::net::connection::run`]). Whatever ends it, the WebSocket is
//! closed with 4000 + the `wire::close` code and the reason.

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

use super::socket::{self, Credit, Metered, WsBytes};
use super::{ALPN, Place, Reply, WebLink, reply};
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
pub(super) fn upgrade(
    mut request: Request<Incoming>,
    remote: SocketAddr,
    place: Arc<Place>,
) -> Reply {
    let door = Arc::clone(&place.door);
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
    let handshaking = match door.gate.admit_web(remote.ip(), &door.limits) {
        Ok(handshaking) => handshaking,
        Err(turned) => {
            debug!(%remote, ?turned, "browser's WebSocket turned away at the gate");
            let mut busy = reply(
                StatusCode::SERVICE_UNAVAILABLE,
                "text/plain; charset=utf-8",
                "busy: try again in a moment / сервер занят: попробуйте ещё раз\n",
            );
            busy.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            return busy;
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
async fn serve<S>(io: S, remote: SocketAddr, handshaking: Handshaking, place: Arc<Place>)
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    let door = Arc::clone(&place.door);
    let limits = door.limits;
    let credit = Credit::new(socket::PRE_LOGIN_WINDOW);
    let link = WebLink::new(Arc::clone(&credit));
    let ws = WebSocketStream::from_raw_socket(
        Metered::new(io, Arc::clone(&credit)),
        WsRole::Server,
        Some(socket::ws_config()),
    )
    .await;
    let bytes = WsBytes::new(ws, credit, Some(link.round_trip()));
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::clone(&door.tls));
    let handshake = acceptor.accept(bytes).into_fallible();
    let tls = match tokio::time::timeout(limits.handshake_timeout, handshake).await {
        Ok(Ok(tls)) => tls,
        Ok(Err((e, bytes))) => {
            debug!(%remote, "browser's TLS handshake failed: {e}");
            let reason = format!("TLS handshake failed: {e}");
            bytes
                .close(close::MALFORMED, &reason, limits.close_grace)
                .await;
            return;
        }
        Err(_) => {
            debug!(%remote, "browser's TLS handshake timed out");
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
        core: door.core.clone(),
        clock: door.clock,
        limits,
        greeted_by: Instant::now() + limits.hello_timeout,
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
