//! Frames on the one bidirectional stream: `u32` LE length + an encoded
//! `Envelope`. The length is checked against the limit before a byte of
//! payload is read or allocated. Views arrive whole or as patches of the
//! last one ([`ViewStream`]); what leaves here is always a whole view.
//! The QUIC stream's reads are the native shell's
//! (`crate::shell::native::net::quic`); [`FrameReader`] does the same from
//! bytes handed to it (the browser's TLS plaintext), with the same checks.

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
    #[error("the server switched to protocol version {0}")]
    Version(u16),
}

/// Numbers this side's frames from 0, as the envelope asks.
#[derive(Debug, Default)]
pub struct FrameWriter {
    next_seq: u64,
}

impl FrameWriter {
    /// The next frame's bytes: length prefix and envelope.
    pub fn encode<T: Serialize>(&mut self, body: T) -> Result<Vec<u8>, FrameError> {
        let frame = codec::encode_frame(&Envelope::new(self.next_seq, body))?;
        self.next_seq += 1;
        Ok(frame)
    }
}

pub fn decode_payload<T: DeserializeOwned>(payload: &[u8]) -> Result<T, FrameError> {
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

/// Frames cut out of a byte stream handed over in pieces of any size: the
/// length is checked against the limit as soon as its four bytes are in,
/// before the payload is awaited or allocated whole.
#[derive(Debug, Default)]
pub struct FrameReader {
    buffer: Vec<u8>,
}

impl FrameReader {
    /// Appends bytes as they came.
    pub fn push(&mut self, bytes: &[u8]) {
        self.buffer.extend_from_slice(bytes);
    }

    /// The next whole frame's payload, if it has come; a length over the
    /// limit is an error at once.
    pub fn next_payload(&mut self) -> Result<Option<Vec<u8>>, FrameError> {
        let Some(prefix) = self.buffer.first_chunk::<4>() else {
            return Ok(None);
        };
        let len = codec::check_frame_len(*prefix, MAX_SERVER_FRAME_BYTES)?;
        if self.buffer.len() < 4 + len {
            return Ok(None);
        }
        let payload = self.buffer[4..4 + len].to_vec();
        self.buffer.drain(..4 + len);
        Ok(Some(payload))
    }

    /// The next message after the greeting, as [`read_message`] gives it.
    pub fn next_message(&mut self, views: &mut ViewStream) -> Result<Option<Incoming>, FrameError> {
        while let Some(payload) = self.next_payload()? {
            match views.receive(payload) {
                Intake::Frame(payload) => {
                    return decode_payload(&payload).map(|m| Some(Incoming::Msg(m)));
                }
                Intake::OutOfStep(why) => return Ok(Some(Incoming::OutOfStep(why))),
                Intake::Skipped => {}
            }
        }
        Ok(None)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use minuta_shared::wire::server::ServerMsg;

    #[test]
    fn frames_come_out_whole_whatever_the_pieces() {
        let mut writer = FrameWriter::default();
        let mut bytes = writer
            .encode(ServerMsg::StorageAlert {
                failing: Some("disk".into()),
            })
            .unwrap();
        bytes.extend(
            writer
                .encode(ServerMsg::StorageAlert { failing: None })
                .unwrap(),
        );
        let mut reader = FrameReader::default();
        let mut views = ViewStream::new();
        let mut got = Vec::new();
        for piece in bytes.chunks(3) {
            reader.push(piece);
            while let Some(Incoming::Msg(msg)) = reader.next_message(&mut views).unwrap() {
                got.push(msg);
            }
        }
        assert_eq!(got.len(), 2, "{got:?}");
        assert!(matches!(got[1], ServerMsg::StorageAlert { failing: None }));
    }

    #[test]
    fn an_oversized_length_is_refused_before_its_payload_comes() {
        let mut reader = FrameReader::default();
        reader.push(&u32::MAX.to_le_bytes());
        assert!(matches!(reader.next_payload(), Err(FrameError::Codec(_))));
    }
}
