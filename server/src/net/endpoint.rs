//! The UDP socket, the quinn endpoint and its accept loop. The socket's
//! buffers are enlarged before quinn gets it: with the default ~200 KiB, a
//! thousand simultaneous handshakes drop packets and take seconds
//! (STACK.md). The accept loop hands each attempt to the gate and starts
//! the admitted ones' handshakes, a slice of work at a time.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use socket2::{Domain, Protocol, Socket, Type};
use tokio::sync::mpsc;
use tracing::debug;

use super::gate::Gate;
use super::plain_udp::PlainUdp;
use super::{Inbound, NetLimits};
use crate::clock::ServerClock;

/// 16 MiB (the kernel doubles it for its bookkeeping): 10,000 terminals
/// joining at once send ~12 MB of Initial packets within a second, which a
/// busy server cannot read as fast; with the 4 MiB this was (8 MiB
/// granted), such a storm dropped a third of a million datagrams, and
/// every dropped one costs its terminal a second's retransmission timer.
/// 4 MiB was measured to let 1,000 terminals connect in ~0.6 s without
/// drops.
pub const UDP_BUFFER_BYTES: usize = 16 * 1024 * 1024;

pub fn bind(listen: SocketAddr, config: quinn::ServerConfig) -> std::io::Result<quinn::Endpoint> {
    let socket = Socket::new(
        Domain::for_address(listen),
        Type::DGRAM,
        Some(Protocol::UDP),
    )?;
    if listen.is_ipv6() {
        // Accept IPv4 too where the OS allows it ([::]:port serves both).
        let _ = socket.set_only_v6(false);
    }
    enlarge_buffers(&socket);
    socket.bind(&listen.into())?;
    socket.set_nonblocking(true)?;
    let socket: std::net::UdpSocket = socket.into();
    // quinn-udp sets its options (ECN, packet info, don't-fragment) on a
    // copy of the handle; where the system refuses one (Windows 7, Wine:
    // WSAEOPNOTSUPP) the same socket is served plainly instead.
    let full = socket.try_clone().and_then(|copy| {
        quinn::Endpoint::new(
            quinn::EndpointConfig::default(),
            Some(config.clone()),
            copy,
            Arc::new(quinn::TokioRuntime),
        )
    });
    match full {
        Ok(endpoint) => Ok(endpoint),
        Err(refused) => {
            tracing::warn!(
                "this system refused a UDP socket option QUIC uses ({refused}); serving without ECN and offloads"
            );
            plain(socket, config)
        }
    }
}

/// The endpoint on [`PlainUdp`]: no socket options at all.
fn plain(
    socket: std::net::UdpSocket,
    config: quinn::ServerConfig,
) -> std::io::Result<quinn::Endpoint> {
    quinn::Endpoint::new_with_abstract_socket(
        quinn::EndpointConfig::default(),
        Some(config),
        Arc::new(PlainUdp::new(socket)?),
        Arc::new(quinn::TokioRuntime),
    )
}

/// Best effort: the kernel caps the buffers at `net.core.rmem_max` /
/// `wmem_max` (Debian: 208 KiB) unless the process may exceed them
/// (`CAP_NET_ADMIN`, e.g. root), when they are forced. A smaller buffer
/// still works; it only copes worse with a join storm, and the log says
/// how to raise the cap.
fn enlarge_buffers(socket: &Socket) {
    let _ = socket.set_recv_buffer_size(UDP_BUFFER_BYTES);
    let _ = socket.set_send_buffer_size(UDP_BUFFER_BYTES);
    #[cfg(target_os = "linux")]
    {
        use rustix::net::sockopt;
        if socket
            .recv_buffer_size()
            .is_ok_and(|got| got < UDP_BUFFER_BYTES)
        {
            let _ = sockopt::set_socket_recv_buffer_size_force(socket, UDP_BUFFER_BYTES);
        }
        if socket
            .send_buffer_size()
            .is_ok_and(|got| got < UDP_BUFFER_BYTES)
        {
            let _ = sockopt::set_socket_send_buffer_size_force(socket, UDP_BUFFER_BYTES);
        }
    }
    if let Ok(got) = socket.recv_buffer_size()
        && got < UDP_BUFFER_BYTES
    {
        tracing::warn!(
            got,
            wanted = UDP_BUFFER_BYTES,
            "the kernel capped the UDP receive buffer; for halls of hundreds of terminals raise it: sysctl -w net.core.rmem_max={UDP_BUFFER_BYTES} net.core.wmem_max={UDP_BUFFER_BYTES}"
        );
    }
}

/// How long the accept loop works (starting handshakes, turning attempts
/// away) before it lets the rest of the server run. Starting a handshake
/// (reading the ClientHello: key exchange, signature) costs ~0.2 ms on a
/// release build, 1–2 ms on a debug one. One per turn of the server's
/// thread kept a terminal's acknowledgement behind at most one of them in
/// a flood, but in a join storm the turn itself is long (thousands of
/// connections finishing handshakes, greeting, getting views), so one a
/// turn starved the door: 10,000 terminals joining at once were let in a
/// few hundred a second and most timed out. A slice of this length keeps
/// the hall's acknowledgements within about a millisecond of it.
pub const ACCEPT_SLICE: Duration = Duration::from_millis(1);

/// Takes every connection attempt quinn reports: the gate turns it away
/// statelessly or admits it, and an admitted one's handshake is started
/// here and finished in a task of its own (`connection::serve`).
pub async fn accept_loop(
    endpoint: quinn::Endpoint,
    gate: Gate,
    driver: mpsc::Sender<Inbound>,
    clock: ServerClock,
    limits: NetLimits,
    files: super::HostFiles,
) {
    // The work done since the loop last let the rest of the server run.
    let mut worked = Duration::ZERO;
    while let Some(incoming) = endpoint.accept().await {
        let began = Instant::now();
        // Turned away statelessly (a Retry, or ignored in a flood):
        // nothing to serve.
        if let Ok((incoming, handshaking)) = gate.admit(incoming, &limits) {
            // `accept` does the handshake's costly first step itself. A task
            // per attempt would run a burst of them all in one turn of the
            // server's one thread, and a terminal's acknowledgement would
            // wait behind every one (150 at once cost the hall's ack p99 12×
            // its calm figure, `flood` bench); here it waits behind one
            // slice of them.
            let remote = incoming.remote_address();
            match incoming.accept() {
                Ok(connecting) => {
                    tokio::spawn(super::connection::serve(
                        connecting,
                        remote,
                        handshaking,
                        driver.clone(),
                        clock,
                        limits,
                        std::sync::Arc::clone(&files),
                    ));
                }
                Err(e) => debug!(%remote, "cannot accept: {e}"),
            }
        }
        worked += began.elapsed();
        if worked >= ACCEPT_SLICE {
            worked = Duration::ZERO;
            tokio::task::yield_now().await;
        }
    }
}
