//! The QUIC side of the desktop's link: the stream's frames read and
//! written (each checked as `crate::net::frames` checks the browser's),
//! the pinned quinn client configuration and its transport, and the frames
//! the watchdog counts. What must not live here: anything the browser's
//! link shares (`crate::net`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use minuta_shared::wire::codec::{self, MAX_SERVER_FRAME_BYTES};
use minuta_shared::wire::view_stream::{Intake, ViewStream};
use serde::Serialize;
use serde::de::DeserializeOwned;
use thiserror::Error;

use crate::net::frames::{FrameError, FrameWriter, Incoming, decode_payload};
use crate::net::tls::{IDLE_TIMEOUT, KEEP_ALIVE, PinnedServer, TlsError, rustls_config};

/// What the QUIC link's frames and configuration can fail with.
#[derive(Debug, Error)]
pub enum QuicError {
    #[error(transparent)]
    Frame(#[from] FrameError),
    #[error("reading from the server failed: {0}")]
    Read(#[from] quinn::ReadExactError),
    #[error("sending to the server failed: {0}")]
    Write(#[from] quinn::WriteError),
    #[error(transparent)]
    Tls(#[from] TlsError),
    #[error("QUIC needs a TLS 1.3 cipher suite: {0}")]
    Quic(#[from] quinn::crypto::rustls::NoInitialCipherSuite),
}

impl From<codec::CodecError> for QuicError {
    fn from(error: codec::CodecError) -> Self {
        QuicError::Frame(FrameError::Codec(error))
    }
}

/// Writes the next frame of `writer`'s side to the stream.
pub async fn write<T: Serialize>(
    writer: &mut FrameWriter,
    send: &mut quinn::SendStream,
    body: T,
) -> Result<(), QuicError> {
    let frame = writer.encode(body)?;
    send.write_all(&frame).await?;
    Ok(())
}

/// Reads one whole frame from the server and decodes its envelope.
pub async fn read_frame<T: DeserializeOwned>(recv: &mut quinn::RecvStream) -> Result<T, QuicError> {
    Ok(decode_payload(&read_payload(recv).await?)?)
}

/// Reads one whole frame's payload from the server.
async fn read_payload(recv: &mut quinn::RecvStream) -> Result<Vec<u8>, QuicError> {
    let mut prefix = [0u8; 4];
    recv.read_exact(&mut prefix).await?;
    let len = codec::check_frame_len(prefix, MAX_SERVER_FRAME_BYTES)?;
    let mut payload = vec![0u8; len];
    recv.read_exact(&mut payload).await?;
    Ok(payload)
}

/// Reads the server's next message after the greeting; `views` turns
/// patches of views into whole views (a patch skipped while a whole view
/// is awaited is passed over).
pub async fn read_message(
    recv: &mut quinn::RecvStream,
    views: &mut ViewStream,
) -> Result<Incoming, QuicError> {
    loop {
        match views.receive(read_payload(recv).await?) {
            Intake::Frame(payload) => return Ok(decode_payload(&payload).map(Incoming::Msg)?),
            Intake::OutOfStep(why) => return Ok(Incoming::OutOfStep(why)),
            Intake::Skipped => {}
        }
    }
}

/// The frames received that only the server can have sent (a stray or
/// spoofed datagram, or a restarted server's reset, fails decryption and is
/// not counted).
pub fn frames_heard(stats: &quinn::ConnectionStats) -> u64 {
    let f = &stats.frame_rx;
    f.acks + f.ping + f.stream + f.max_data + f.max_stream_data
}

/// A quinn client configuration that only talks to the server whose
/// certificate has this SHA-256 `fingerprint`. Tests and benches reuse it.
pub fn client_config(fingerprint: [u8; 32]) -> Result<quinn::ClientConfig, QuicError> {
    Ok(pinned_client_config(fingerprint)?.0)
}

/// [`client_config`] plus the flag that tells a certificate mismatch apart
/// from any other failed handshake.
pub fn pinned_client_config(
    fingerprint: [u8; 32],
) -> Result<(quinn::ClientConfig, Arc<AtomicBool>), QuicError> {
    let verifier = Arc::new(PinnedServer::new(fingerprint));
    let flag = verifier.mismatch_flag();
    let tls = rustls_config(verifier)?;
    let quic = quinn::crypto::rustls::QuicClientConfig::try_from(tls)?;
    let mut config = quinn::ClientConfig::new(Arc::new(quic));
    config.transport_config(Arc::new(transport()));
    Ok((config, flag))
}

fn transport() -> quinn::TransportConfig {
    let mut transport = quinn::TransportConfig::default();
    if let Ok(idle) = quinn::IdleTimeout::try_from(IDLE_TIMEOUT) {
        transport.max_idle_timeout(Some(idle));
    }
    transport.keep_alive_interval(Some(KEEP_ALIVE));
    transport
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_quic_client_config_builds() {
        assert!(client_config([7; 32]).is_ok());
    }
}
