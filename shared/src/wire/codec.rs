//! The one codec: bincode 2 (standard config, varint) with a size limit that
//! is checked before anything is allocated, and a check that every byte of a
//! frame was consumed. bincode lives behind this module alone, so it can be
//! swapped without touching anything else.
//!
//! Frames are `u32` little-endian payload length, then the payload.

use serde::Serialize;
use serde::de::DeserializeOwned;
use thiserror::Error;

/// The largest frame anyone may send: a whole question package from the host
/// fits; nothing can make a peer allocate more than this.
pub const MAX_FRAME_BYTES: usize = 4 * 1024 * 1024;

/// Frames from a team, judge or display terminal are small: a card, an
/// appeal, a press. Anything larger is hostile or broken.
pub const MAX_TERMINAL_FRAME_BYTES: usize = 64 * 1024;

/// The greeting (`Hello`: a protocol number, a credential, the client's
/// name) is tens of bytes; a connection that has not logged in may announce
/// no more than this, so strangers cannot make the server reserve a
/// terminal's whole frame each.
pub const MAX_HELLO_FRAME_BYTES: usize = 4 * 1024;

/// A browser terminal sends its bytes (TLS records) in WebSocket messages
/// of at most this size, whatever its role: the server takes no larger
/// message from a connection not yet logged in, so a stranger's announced
/// message reserves no more than this.
pub const MAX_WEB_MESSAGE_BYTES: usize = 16 * 1024;

/// Server → client frames carry whole views; a hall of thousands of teams
/// still fits.
pub const MAX_SERVER_FRAME_BYTES: usize = 16 * 1024 * 1024;

#[derive(Debug, Error, PartialEq, Eq)]
pub enum CodecError {
    #[error("frame of {len} bytes exceeds the limit of {limit} bytes")]
    Oversized { len: usize, limit: usize },
    #[error("malformed frame: {0}")]
    Malformed(String),
    #[error("frame has {0} trailing bytes after the message")]
    Trailing(usize),
    #[error("cannot encode message: {0}")]
    Encode(String),
}

const fn config<const LIMIT: usize>() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Varint,
    bincode::config::Limit<LIMIT>,
> {
    bincode::config::standard().with_limit::<LIMIT>()
}

/// Encodes a message (without the length prefix).
pub fn encode<T: Serialize>(msg: &T) -> Result<Vec<u8>, CodecError> {
    let bytes = bincode::serde::encode_to_vec(msg, config::<MAX_SERVER_FRAME_BYTES>())
        .map_err(|e| CodecError::Encode(e.to_string()))?;
    Ok(bytes)
}

/// Encodes a message as a whole frame: length prefix + payload.
pub fn encode_frame<T: Serialize>(msg: &T) -> Result<Vec<u8>, CodecError> {
    let payload = encode(msg)?;
    let len = u32::try_from(payload.len()).map_err(|_| CodecError::Oversized {
        len: payload.len(),
        limit: MAX_SERVER_FRAME_BYTES,
    })?;
    let mut frame = Vec::with_capacity(4 + payload.len());
    frame.extend_from_slice(&len.to_le_bytes());
    frame.extend_from_slice(&payload);
    Ok(frame)
}

/// Checks a frame's announced length against `limit` before its payload is
/// read or any buffer is allocated for it.
pub fn check_frame_len(prefix: [u8; 4], limit: usize) -> Result<usize, CodecError> {
    let len = u32::from_le_bytes(prefix) as usize;
    if len > limit {
        return Err(CodecError::Oversized { len, limit });
    }
    Ok(len)
}

/// Decodes one message from a whole payload. bincode's own limit stops a
/// payload that claims a huge collection; then every byte must be consumed.
pub fn decode<T: DeserializeOwned>(payload: &[u8]) -> Result<T, CodecError> {
    if payload.len() > MAX_SERVER_FRAME_BYTES {
        return Err(CodecError::Oversized {
            len: payload.len(),
            limit: MAX_SERVER_FRAME_BYTES,
        });
    }
    let (msg, used): (T, usize) =
        bincode::serde::decode_from_slice(payload, config::<MAX_SERVER_FRAME_BYTES>())
            .map_err(|e| CodecError::Malformed(e.to_string()))?;
    if used != payload.len() {
        return Err(CodecError::Trailing(payload.len() - used));
    }
    Ok(msg)
}

/// Reads only the leading protocol version of an envelope, so a peer of
/// another version is told so even when the rest of its frame would not
/// decode with this version's types.
pub fn peek_version(payload: &[u8]) -> Option<u16> {
    bincode::serde::decode_from_slice::<u16, _>(payload, config::<16>())
        .ok()
        .map(|(v, _)| v)
}

/// Reads an envelope's header and the index of its body's variant (the
/// order in which the body's enum declares it) without decoding the rest,
/// so a reader waiting for one kind of message can pass over large frames
/// of another kind cheaply. `None` if the payload is too short for them.
pub fn peek_variant(payload: &[u8]) -> Option<u32> {
    bincode::serde::decode_from_slice::<(u16, u64, u32), _>(payload, config::<32>())
        .ok()
        .map(|((_, _, variant), _)| variant)
}

/// An envelope's sequence number, its body's variant index and where the
/// body's fields begin. For a newtype variant such as `ServerMsg::View`,
/// `payload[at..]` is exactly the encoding of what it wraps.
pub fn split_header(payload: &[u8]) -> Option<(u64, u32, usize)> {
    bincode::serde::decode_from_slice::<(u16, u64, u32), _>(payload, config::<32>())
        .ok()
        .map(|((_, seq, variant), at)| (seq, variant, at))
}

/// The payload of an envelope of this protocol version numbered `seq`
/// whose body is the newtype variant `variant` wrapping what encodes as
/// `fields`: the inverse of [`split_header`], so a view's bytes become a
/// frame without being decoded and encoded again.
pub fn join_header(seq: u64, variant: u32, fields: &[u8]) -> Result<Vec<u8>, CodecError> {
    let mut payload = encode(&(super::PROTOCOL_VERSION, seq, variant))?;
    payload.extend_from_slice(fields);
    Ok(payload)
}

/// A whole frame (length prefix + payload) around an encoded payload.
pub fn frame(payload: &[u8]) -> Result<Vec<u8>, CodecError> {
    let len = u32::try_from(payload.len())
        .ok()
        .filter(|len| *len as usize <= MAX_SERVER_FRAME_BYTES)
        .ok_or(CodecError::Oversized {
            len: payload.len(),
            limit: MAX_SERVER_FRAME_BYTES,
        })?;
    let mut frame = Vec::with_capacity(4 + payload.len());
    frame.extend_from_slice(&len.to_le_bytes());
    frame.extend_from_slice(payload);
    Ok(frame)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_payload_claiming_one_tebibyte_is_refused_without_allocating() {
        // Varint 0xFD = u64 follows: a Vec<u8> that claims 2^40 bytes, in 9 bytes.
        let mut payload = vec![0xFD];
        payload.extend_from_slice(&(1u64 << 40).to_le_bytes());
        assert_eq!(payload.len(), 9);
        let got = decode::<Vec<u8>>(&payload);
        assert!(matches!(got, Err(CodecError::Malformed(_))), "{got:?}");
    }

    #[test]
    fn trailing_bytes_are_refused() {
        let mut payload = encode(&7u32).unwrap();
        payload.push(0);
        assert_eq!(decode::<u32>(&payload), Err(CodecError::Trailing(1)));
    }

    #[test]
    fn an_oversized_length_prefix_is_refused_before_reading() {
        let prefix = u32::MAX.to_le_bytes();
        assert!(matches!(
            check_frame_len(prefix, MAX_TERMINAL_FRAME_BYTES),
            Err(CodecError::Oversized { .. })
        ));
        assert_eq!(check_frame_len(10u32.to_le_bytes(), 64), Ok(10));
    }

    #[test]
    fn the_body_variant_is_read_from_the_header_alone() {
        use crate::wire::envelope::Envelope;
        use crate::wire::server::ServerMsg;
        let pong = Envelope::new(
            300,
            ServerMsg::Pong {
                client_time_us: 1,
                server_time: crate::time::ServerTime(2),
            },
        );
        let payload = encode(&pong).unwrap();
        assert_eq!(peek_variant(&payload), Some(0));
        let ack = Envelope::new(
            1 << 40,
            ServerMsg::Ack {
                request: 3,
                result: Ok(crate::wire::server::Receipt::Done),
            },
        );
        assert_eq!(peek_variant(&encode(&ack).unwrap()), Some(1));
        // Cut inside the header: nothing to read.
        assert_eq!(peek_variant(&payload[..2]), None);
    }

    #[test]
    fn a_view_joined_to_its_header_is_the_envelope_encoded_whole() {
        use crate::wire::envelope::Envelope;
        use crate::wire::server::ServerMsg;
        use crate::wire::view::{DisplayView, View};
        let view = View::Display(DisplayView {
            tournament: "Кубок".into(),
            games: Vec::new(),
            programme: None,
            prize_ties: Vec::new(),
        });
        for seq in [0, 250, 251, 1 << 20, u64::MAX] {
            let whole =
                encode(&Envelope::new(seq, ServerMsg::View(Box::new(view.clone())))).unwrap();
            let joined =
                join_header(seq, ServerMsg::VIEW_VARIANT, &encode(&view).unwrap()).unwrap();
            assert_eq!(joined, whole);
            let (got_seq, variant, at) = split_header(&whole).unwrap();
            assert_eq!((got_seq, variant), (seq, ServerMsg::VIEW_VARIANT));
            assert_eq!(decode::<View>(&whole[at..]).unwrap(), view);
        }
        let delta = ServerMsg::ViewDelta(Box::new(crate::wire::delta::delta(0, b"", b"")));
        let payload = encode(&Envelope::new(3, delta)).unwrap();
        assert_eq!(peek_variant(&payload), Some(ServerMsg::VIEW_DELTA_VARIANT));
    }

    #[test]
    fn a_frame_carries_its_length() {
        let frame = encode_frame(&"ok".to_string()).unwrap();
        let len = check_frame_len([frame[0], frame[1], frame[2], frame[3]], 64).unwrap();
        assert_eq!(len, frame.len() - 4);
        assert_eq!(decode::<String>(&frame[4..]).unwrap(), "ok");
    }
}
