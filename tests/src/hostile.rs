//! Hostile traffic the benches throw at a server (`storm` on 127.0.0.1,
//! `flood` from another network namespace): a connection that completes the
//! QUIC handshake and never logs in ([`unauthenticated_link`]), real QUIC Initial
//! packets captured off the wire to be replayed from a raw socket
//! ([`capture_initials`]), and the few header fields needed to tell what
//! the server answers ([`long_type`], [`dcid`]).

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Result, bail};
use tokio::net::UdpSocket;

use minuta_client::net::tls::SERVER_NAME;
use minuta_client::shell::native::net::quic::client_config;

use crate::terminal::{Link, client_endpoint};

/// One connection that never logs in: half a greeting on its stream, every
/// further stream the server grants filled, datagrams if it takes them.
/// Returns the connection, the extra streams (kept open) and the datagrams
/// sent. The first stream is dropped, which finishes it: the server sees
/// it end inside the greeting and closes the connection as malformed
/// (`storm` measures that way; [`unauthenticated_link`] keeps it open).
pub async fn unauthenticated(
    endpoint: quinn::Endpoint,
    addr: SocketAddr,
    config: quinn::ClientConfig,
) -> Result<(quinn::Connection, Vec<quinn::SendStream>, usize)> {
    let (link, extra, datagrams) = unauthenticated_link(endpoint, addr, config).await?;
    Ok((link.conn, extra, datagrams))
}

/// As [`unauthenticated`], keeping the first stream (its greeting
/// half-sent) open too: the connection lasts until the server's greeting
/// timeout closes it.
pub async fn unauthenticated_link(
    endpoint: quinn::Endpoint,
    addr: SocketAddr,
    config: quinn::ClientConfig,
) -> Result<(Link, Vec<quinn::SendStream>, usize)> {
    let mut link = Link::open_with(&endpoint, addr, config).await?;
    // A greeting of 4,096 bytes announced (within every build's limit),
    // one byte short of it sent.
    let mut half = 4096u32.to_le_bytes().to_vec();
    half.resize(4 + 4095, 0);
    link.send_bytes(&half).await?;
    let fill = vec![0x5a; 2 << 20];
    let mut extra = Vec::new();
    for _ in 0..16 {
        let opened = tokio::time::timeout(Duration::from_millis(200), link.conn.open_bi()).await;
        let Ok(Ok((mut send, _recv))) = opened else {
            break;
        };
        // As much as the flow control lets through in a moment.
        let _ = tokio::time::timeout(Duration::from_millis(1500), send.write_all(&fill)).await;
        extra.push(send);
    }
    let mut datagrams = 0;
    if let Some(max) = link.conn.max_datagram_size() {
        let datagram = bytes::Bytes::from(vec![0x5a; max]);
        for _ in 0..2_000 {
            if link.conn.send_datagram(datagram.clone()).is_err() {
                break;
            }
            datagrams += 1;
            if datagrams % 64 == 0 {
                tokio::task::yield_now().await;
            }
        }
    }
    Ok((link, extra, datagrams))
}

/// The QUIC long-header packet type of a v1 packet (0 Initial, 2
/// Handshake, 3 Retry), or `None` for a short header.
pub fn long_type(datagram: &[u8]) -> Option<u8> {
    let first = *datagram.first()?;
    (first & 0x80 != 0).then_some((first >> 4) & 0x03)
}

/// The destination connection id of a long-header packet.
pub fn dcid(datagram: &[u8]) -> Option<&[u8]> {
    let len = usize::from(*datagram.get(5)?);
    datagram.get(6..6 + len)
}

/// A nonblocking UDP socket bound to `bind`, asking for an 8 MiB receive
/// buffer (best effort: the kernel caps it), for capturing and replaying.
pub fn raw_socket(bind: SocketAddr) -> Result<Arc<UdpSocket>> {
    use socket2::{Domain, Protocol, Socket, Type};
    let socket = Socket::new(Domain::for_address(bind), Type::DGRAM, Some(Protocol::UDP))?;
    let _ = socket.set_recv_buffer_size(8 << 20);
    socket.bind(&bind.into())?;
    socket.set_nonblocking(true)?;
    Ok(Arc::new(UdpSocket::from_std(socket.into())?))
}

/// Up to `count` real Initial packets, each of its own connection id: a
/// quinn client (pinning `fingerprint`) connects `count` times towards
/// `capture_at`, where `raw` listens and keeps the first Initial of each
/// connection id; whatever has come within a few seconds is returned.
/// Nobody answers them, so the client's attempts go nowhere.
pub async fn capture_initials(
    raw: &UdpSocket,
    capture_at: SocketAddr,
    fingerprint: [u8; 32],
    count: usize,
) -> Result<Vec<Vec<u8>>> {
    let maker = client_endpoint()?;
    let config = client_config(fingerprint)?;
    let mut attempts = Vec::with_capacity(count);
    for _ in 0..count {
        attempts.push(maker.connect_with(config.clone(), capture_at, SERVER_NAME)?);
    }
    let mut initials: Vec<Vec<u8>> = Vec::with_capacity(count);
    let mut seen = HashSet::new();
    let mut buf = vec![0u8; 2048];
    // A few may be dropped by a capped socket buffer: their resends come
    // a second later; whatever has come after a few seconds is used.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(4);
    while initials.len() < count {
        let Ok(got) = tokio::time::timeout_at(deadline, raw.recv_from(&mut buf)).await else {
            break;
        };
        let (n, _) = got?;
        let datagram = &buf[..n];
        if long_type(datagram) == Some(0)
            && let Some(id) = dcid(datagram)
            && seen.insert(id.to_vec())
        {
            initials.push(datagram.to_vec());
        }
    }
    drop(attempts);
    maker.close(0u8.into(), b"");
    if initials.is_empty() {
        bail!("no Initial packet was captured");
    }
    Ok(initials)
}
