//! A browser's plain HTTP connection as hyper reads and writes it, with the
//! two deadlines HTTP itself has none of: a connection that moved no byte
//! either way for `idle` (a keep-alive connection once the page has
//! loaded) ends, and so does one whose peer took none of the bytes waiting
//! for it for `write_stall` (a phone that stopped reading the wasm half
//! way). Once the connection becomes a WebSocket neither applies: the
//! session has deadlines of its own (`socket`).

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// A TCP connection under HTTP's deadlines (see the module).
pub struct HttpIo<S> {
    inner: S,
    idle: Duration,
    write_stall: Duration,
    /// Set when the connection became a WebSocket: the deadlines end.
    upgraded: Arc<AtomicBool>,
    /// When a byte last moved, either way.
    moved_at: Instant,
    /// Since when bytes have waited for the peer to take them.
    blocked_since: Option<Instant>,
    timer: Pin<Box<Sleep>>,
}

impl<S> HttpIo<S> {
    pub fn new(inner: S, idle: Duration, write_stall: Duration) -> Self {
        let now = Instant::now();
        HttpIo {
            inner,
            idle,
            write_stall,
            upgraded: Arc::default(),
            moved_at: now,
            blocked_since: None,
            timer: Box::pin(tokio::time::sleep_until(now + idle)),
        }
    }

    /// The flag that ends the deadlines (set it when the connection
    /// becomes a WebSocket).
    pub fn upgraded(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.upgraded)
    }

    fn free(&self) -> bool {
        self.upgraded.load(Ordering::Relaxed)
    }

    fn moved(&mut self) {
        self.moved_at = Instant::now();
        self.blocked_since = None;
    }

    /// Nothing could move now: the error if a deadline has passed, else
    /// pending with the timer set to wake this task at the deadline.
    fn wait<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let (deadline, why) = match self.blocked_since {
            Some(since) => (
                since + self.write_stall,
                "the browser took none of its answer in time",
            ),
            None => (self.moved_at + self.idle, "the connection was idle"),
        };
        if self.timer.deadline() != deadline {
            self.timer.as_mut().reset(deadline);
        }
        match self.timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(io::ErrorKind::TimedOut, why))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for HttpIo<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.inner).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if buf.filled().len() > before {
                    this.moved_at = Instant::now();
                }
                Poll::Ready(Ok(()))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending if this.free() => Poll::Pending,
            // Writing waits on the peer as well: its deadline is the
            // write's, not the idle one.
            Poll::Pending => this.wait(cx),
        }
    }
}

impl<S: AsyncWrite + Unpin> HttpIo<S> {
    fn written(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        match polled {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.moved();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending if self.free() => Poll::Pending,
            Poll::Pending => {
                self.blocked_since.get_or_insert_with(Instant::now);
                self.wait(cx)
            }
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for HttpIo<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_write(cx, buf);
        this.written(cx, polled)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_write_vectored(cx, bufs);
        this.written(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        match Pin::new(&mut this.inner).poll_flush(cx) {
            Poll::Pending if !this.free() => {
                this.blocked_since.get_or_insert_with(Instant::now);
                this.wait(cx)
            }
            other => other,
        }
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    use super::*;

    const IDLE: Duration = Duration::from_secs(5);
    const STALL: Duration = Duration::from_secs(20);

    #[tokio::test(start_paused = true)]
    async fn an_idle_connection_ends_after_its_idle_time_and_not_before() {
        let (mut peer, socket) = tokio::io::duplex(1024);
        let mut io = HttpIo::new(socket, IDLE, STALL);
        peer.write_all(b"GET").await.unwrap();
        let mut buf = [0u8; 16];
        assert_eq!(io.read(&mut buf).await.unwrap(), 3);
        let started = Instant::now();
        let err = io.read(&mut buf).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert_eq!(started.elapsed(), IDLE);
    }

    #[tokio::test(start_paused = true)]
    async fn a_reader_that_takes_nothing_ends_after_the_write_stall() {
        let (peer, socket) = tokio::io::duplex(1024);
        let mut io = HttpIo::new(socket, IDLE, STALL);
        let started = Instant::now();
        // 1 KiB fits the pipe; the rest waits on a peer that never reads.
        let err = io.write_all(&vec![0u8; 100_000]).await.unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert_eq!(started.elapsed(), STALL);
        drop(peer);
    }

    #[tokio::test(start_paused = true)]
    async fn a_slow_reader_that_keeps_taking_is_never_cut() {
        let (mut peer, socket) = tokio::io::duplex(1024);
        let mut io = HttpIo::new(socket, IDLE, STALL);
        let reader = tokio::spawn(async move {
            let mut got = 0;
            let mut buf = [0u8; 512];
            while got < 100_000 {
                tokio::time::sleep(Duration::from_secs(1)).await;
                got += peer.read(&mut buf).await.unwrap();
            }
            got
        });
        io.write_all(&vec![0u8; 100_000]).await.unwrap();
        assert_eq!(reader.await.unwrap(), 100_000);
    }

    #[tokio::test(start_paused = true)]
    async fn a_websocket_has_no_http_deadlines() {
        let (_peer, socket) = tokio::io::duplex(1024);
        let mut io = HttpIo::new(socket, IDLE, STALL);
        io.upgraded().store(true, Ordering::Relaxed);
        let mut buf = [0u8; 16];
        let read = tokio::time::timeout(IDLE * 10, io.read(&mut buf)).await;
        assert!(read.is_err(), "a WebSocket's read ended: {read:?}");
    }
}
