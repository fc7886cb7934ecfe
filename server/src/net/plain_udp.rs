//! A UDP socket for quinn with no socket options at all: the fallback where
//! the system refuses one that quinn-udp sets on its sockets (Windows 7 has
//! no `IP_RECVECN`; Wine 8 refuses it with WSAEOPNOTSUPP, error 10045). It
//! sends and receives one datagram at a time with no ECN marks, no
//! offloads and no destination address: QUIC works the same, only a little
//! slower under a join storm, and congestion is then seen by loss alone.
//! What must not live here: the choice to use it ([`super::endpoint`]).

use std::fmt;
use std::io::{self, IoSliceMut};
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};

use quinn::udp::{RecvMeta, Transmit};
use quinn::{AsyncUdpSocket, UdpPoller};
use tokio::io::ReadBuf;

/// A tokio UDP socket handed to quinn as it is.
#[derive(Debug)]
pub struct PlainUdp {
    io: Arc<tokio::net::UdpSocket>,
}

impl PlainUdp {
    /// Wraps a bound, non-blocking socket; must run inside a tokio runtime.
    pub fn new(socket: std::net::UdpSocket) -> io::Result<PlainUdp> {
        socket.set_nonblocking(true)?;
        Ok(PlainUdp {
            io: Arc::new(tokio::net::UdpSocket::from_std(socket)?),
        })
    }
}

/// Tells quinn when the socket can take a datagram again.
struct Writable {
    io: Arc<tokio::net::UdpSocket>,
}

impl fmt::Debug for Writable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Writable")
    }
}

impl UdpPoller for Writable {
    fn poll_writable(self: Pin<&mut Self>, cx: &mut Context) -> Poll<io::Result<()>> {
        self.io.poll_send_ready(cx)
    }
}

impl AsyncUdpSocket for PlainUdp {
    fn create_io_poller(self: Arc<Self>) -> Pin<Box<dyn UdpPoller>> {
        Box::pin(Writable {
            io: self.io.clone(),
        })
    }

    fn try_send(&self, transmit: &Transmit) -> io::Result<()> {
        // max_transmit_segments is 1: quinn never hands a batch here.
        self.io
            .try_send_to(transmit.contents, transmit.destination)
            .map(|_| ())
    }

    fn poll_recv(
        &self,
        cx: &mut Context,
        bufs: &mut [IoSliceMut<'_>],
        meta: &mut [RecvMeta],
    ) -> Poll<io::Result<usize>> {
        let (Some(buf), Some(slot)) = (bufs.first_mut(), meta.first_mut()) else {
            return Poll::Ready(Ok(0));
        };
        let mut read = ReadBuf::new(buf);
        let from = ready!(self.io.poll_recv_from(cx, &mut read))?;
        let len = read.filled().len();
        *slot = RecvMeta {
            addr: from,
            len,
            stride: len,
            ecn: None,
            dst_ip: None,
        };
        Poll::Ready(Ok(1))
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.io.local_addr()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::tls;

    /// A quinn server on the plain socket and a client on an ordinary one
    /// exchange a stream both ways: the fallback is a working QUIC path.
    #[tokio::test]
    async fn a_quic_stream_crosses_the_plain_socket() {
        let dir = tempfile::tempdir().unwrap();
        let identity = tls::load_or_create(dir.path()).unwrap();
        let socket = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
        let server = quinn::Endpoint::new_with_abstract_socket(
            quinn::EndpointConfig::default(),
            Some(tls::quinn_server_config(&identity).unwrap()),
            Arc::new(PlainUdp::new(socket).unwrap()),
            Arc::new(quinn::TokioRuntime),
        )
        .unwrap();
        let addr = server.local_addr().unwrap();
        let serving = tokio::spawn(async move {
            let connection = server.accept().await.unwrap().await.unwrap();
            let (mut send, mut recv) = connection.accept_bi().await.unwrap();
            let asked = recv.read_to_end(64).await.unwrap();
            send.write_all(&[asked, b" back".to_vec()].concat())
                .await
                .unwrap();
            send.finish().unwrap();
            connection.closed().await;
        });

        // The terminal's pinning lives in the client crate; trusting the
        // certificate itself is the same check here.
        let mut roots = rustls::RootCertStore::empty();
        roots.add(identity.cert.clone()).unwrap();
        let mut crypto = rustls::ClientConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_protocol_versions(&[&rustls::version::TLS13])
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
        crypto.alpn_protocols = vec![minuta_shared::wire::ALPN.to_vec()];
        let mut client = quinn::Endpoint::client("127.0.0.1:0".parse().unwrap()).unwrap();
        client.set_default_client_config(quinn::ClientConfig::new(Arc::new(
            quinn::crypto::rustls::QuicClientConfig::try_from(crypto).unwrap(),
        )));
        let connection = client.connect(addr, "minuta").unwrap().await.unwrap();
        let (mut send, mut recv) = connection.open_bi().await.unwrap();
        send.write_all(b"ping").await.unwrap();
        send.finish().unwrap();
        let answer = recv.read_to_end(64).await.unwrap();
        connection.close(0u32.into(), b"done");
        serving.await.unwrap();

        assert_eq!(answer, b"ping back");
    }
}
