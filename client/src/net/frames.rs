//! Frames on the one bidirectional stream: `u32` LE length + an encoded
//! `Envelope`. The length is checked against the limit before a byte of
//! payload is read or allocated. Views arrive whole or as patches of the
//! last one ([`ViewStream`]); what leaves here is always a whole view.

use minuta_shared::wire::PROTOCOL_VERSION;
use minuta_shared::wire::codec::{self, CodecError, MAX_SERVER_FRAME_BYTES};
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::server::ServerMsg;
use minuta_shared::wire::view_stream::{Intake, ViewStream};
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
    decode_payload(&read_payload(recv).await?)
}

/// Reads one whole frame's payload from the server.
async fn read_payload(recv: &mut quinn::RecvStream) -> Result<Vec<u8>, FrameError> {
    let mut prefix = [0u8; 4];
    recv.read_exact(&mut prefix).await?;
    let len = codec::check_frame_len(prefix, MAX_SERVER_FRAME_BYTES)?;
    let mut payload = vec![0u8; len];
    recv.read_exact(&mut payload).await?;
    Ok(payload)
}

fn decode_payload<T: DeserializeOwned>(payload: &[u8]) -> Result<T, FrameError> {
    let envelope: Envelope<T> = codec::decode(payload)?;
    if envelope.version != PROTOCOL_VERSION {
        return Err(FrameError::Version(envelope.version));
    }
    Ok(envelope.body)
}

/// What the server sent, once a view's patch has become the whole view.
#[derive(Debug)]
pub enum Incoming {
    Msg(ServerMsg),
    /// A view's patch did not fit the last view: ask for a whole view.
    OutOfStep(String),
}

/// Reads the server's next message after the greeting; `views` turns
/// patches of views into whole views (a patch skipped while a whole view
/// is awaited is passed over).
pub async fn read_message(
    recv: &mut quinn::RecvStream,
    views: &mut ViewStream,
) -> Result<Incoming, FrameError> {
    loop {
        match views.receive(read_payload(recv).await?) {
            Intake::Frame(payload) => return decode_payload(&payload).map(Incoming::Msg),
            Intake::OutOfStep(why) => return Ok(Incoming::OutOfStep(why)),
            Intake::Skipped => {}
        }
    }
}
