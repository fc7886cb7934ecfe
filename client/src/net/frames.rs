//! Frames on the one bidirectional stream: `u32` LE length + an encoded
//! `Envelope`. The length is checked against the limit before a byte of
//! payload is read or allocated.

use minuta_shared::wire::PROTOCOL_VERSION;
use minuta_shared::wire::codec::{self, CodecError, MAX_SERVER_FRAME_BYTES};
use minuta_shared::wire::envelope::Envelope;
use serde::Serialize;
use serde::de::DeserializeOwned;
use thiserror::Error;

#[derive(Debug, Error)]
pub enum FrameError {
    #[error("{0}")]
    Codec(#[from] CodecError),
    #[error("reading from the server failed: {0}")]
    Read(#[from] quinn::ReadExactError),
    #[error("sending to the server failed: {0}")]
    Write(#[from] quinn::WriteError),
    #[error("the server switched to protocol version {0}")]
    Version(u16),
}

/// Numbers this side's frames from 0, as the envelope asks.
#[derive(Debug, Default)]
pub struct FrameWriter {
    next_seq: u64,
}

impl FrameWriter {
    pub async fn write<T: Serialize>(
        &mut self,
        send: &mut quinn::SendStream,
        body: T,
    ) -> Result<(), FrameError> {
        let frame = codec::encode_frame(&Envelope::new(self.next_seq, body))?;
        self.next_seq += 1;
        send.write_all(&frame).await?;
        Ok(())
    }
}

/// Reads one whole frame from the server and decodes its envelope.
pub async fn read_frame<T: DeserializeOwned>(
    recv: &mut quinn::RecvStream,
) -> Result<T, FrameError> {
    let mut prefix = [0u8; 4];
    recv.read_exact(&mut prefix).await?;
    let len = codec::check_frame_len(prefix, MAX_SERVER_FRAME_BYTES)?;
    let mut payload = vec![0u8; len];
    recv.read_exact(&mut payload).await?;
    let envelope: Envelope<T> = codec::decode(&payload)?;
    if envelope.version != PROTOCOL_VERSION {
        return Err(FrameError::Version(envelope.version));
    }
    Ok(envelope.body)
}
