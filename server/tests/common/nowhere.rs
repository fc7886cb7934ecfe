//! A UDP socket to nowhere, for a server in a test that nobody joins (a
//! demo played by its robots alone, on virtual time): whatever it sends is
//! dropped, it never receives, and it never touches the network.

use std::io::{self, IoSliceMut};
use std::net::{Ipv4Addr, SocketAddr};
use std::pin::Pin;
use std::task::{Context, Poll};

use quinn::udp::{RecvMeta, Transmit};
use quinn::{AsyncUdpSocket, UdpPoller};

/// The address it says it has (the discard port; nothing is bound there).
pub const ADDR: SocketAddr = SocketAddr::new(std::net::IpAddr::V4(Ipv4Addr::LOCALHOST), 9);

#[derive(Debug)]
pub struct Nowhere;

#[derive(Debug)]
struct Writable;

impl UdpPoller for Writable {
    fn poll_writable(self: Pin<&mut Self>, _cx: &mut Context) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

impl AsyncUdpSocket for Nowhere {
    fn create_io_poller(self: std::sync::Arc<Self>) -> Pin<Box<dyn UdpPoller>> {
        Box::pin(Writable)
    }

    fn try_send(&self, _transmit: &Transmit) -> io::Result<()> {
        Ok(())
    }

    fn poll_recv(
        &self,
        _cx: &mut Context,
        _bufs: &mut [IoSliceMut<'_>],
        _meta: &mut [RecvMeta],
    ) -> Poll<io::Result<usize>> {
        Poll::Pending
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        Ok(ADDR)
    }
}
