//! The UDP socket and the quinn endpoint. The socket's receive buffer is
//! enlarged before quinn gets it: with the default ~200 KiB, a thousand
//! simultaneous handshakes drop packets and take seconds (STACK.md).

use std::net::SocketAddr;
use std::sync::Arc;

use socket2::{Domain, Protocol, Socket, Type};

/// 4 MiB: measured to let 1,000 terminals connect in ~0.6 s without drops.
pub const UDP_BUFFER_BYTES: usize = 4 * 1024 * 1024;

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
    // Best effort: the kernel may cap these (net.core.rmem_max); a smaller
    // buffer still works, it only copes worse with a join storm.
    let _ = socket.set_recv_buffer_size(UDP_BUFFER_BYTES);
    let _ = socket.set_send_buffer_size(UDP_BUFFER_BYTES);
    if let Ok(got) = socket.recv_buffer_size()
        && got < UDP_BUFFER_BYTES
    {
        tracing::warn!(
            got,
            wanted = UDP_BUFFER_BYTES,
            "the kernel capped the UDP receive buffer; raise net.core.rmem_max for halls of hundreds of terminals"
        );
    }
    socket.bind(&listen.into())?;
    socket.set_nonblocking(true)?;
    let socket: std::net::UdpSocket = socket.into();
    quinn::Endpoint::new(
        quinn::EndpointConfig::default(),
        Some(config),
        socket,
        Arc::new(quinn::TokioRuntime),
    )
}
