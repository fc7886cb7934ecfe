//! A large message from the host (a question package with its pictures)
//! sent in pieces (`ClientMsg::Piece`), so the host sees how much has gone
//! and may stop it (`ClientMsg::PiecesDropped`), while its pings and other
//! commands go on between the pieces. Here: cutting a message's encoding
//! into pieces, and putting the pieces back together into the message on
//! the server's side. No I/O; who may send pieces is the server's check.

use thiserror::Error;

use crate::wire::client::ClientMsg;
use crate::wire::codec::{self, CodecError, MAX_FRAME_BYTES};

/// The most bytes one piece carries.
pub const PIECE_BYTES: usize = 64 * 1024;

/// A command whose encoding is larger than this goes in pieces.
pub const LARGE_BYTES: usize = 2 * PIECE_BYTES;

/// Why pieces were refused: the connection is closed as malformed.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum PieceError {
    #[error("a message in pieces announces {total} bytes, more than the limit of {limit}")]
    TooLarge { total: usize, limit: usize },
    #[error(
        "a piece of a message of {got} bytes came while one of {expected} was being put together"
    )]
    OtherTotal { expected: usize, got: usize },
    #[error("the pieces run past the {total} bytes they announced")]
    Overrun { total: usize },
    #[error("the message put together from pieces is itself a piece")]
    Nested,
    #[error("the message put together from pieces: {0}")]
    Codec(#[from] CodecError),
}

/// The encoding of `msg`, when it is large enough to go in pieces.
pub fn large_encoding(msg: &ClientMsg) -> Result<Option<Vec<u8>>, CodecError> {
    let encoded = codec::encode(msg)?;
    Ok((encoded.len() > LARGE_BYTES).then_some(encoded))
}

/// The piece of `encoding` that starts at `sent`, and where the next starts.
pub fn piece_at(encoding: &[u8], sent: usize) -> (ClientMsg, usize) {
    let end = (sent + PIECE_BYTES).min(encoding.len());
    let piece = ClientMsg::Piece {
        total: encoding.len() as u32,
        bytes: encoding[sent.min(end)..end].to_vec(),
    };
    (piece, end)
}

/// The pieces come so far of one message, on the server's side.
#[derive(Debug, Default)]
pub struct Assembly {
    total: usize,
    bytes: Vec<u8>,
}

impl Assembly {
    /// Takes a piece; the whole message once its last piece has come.
    pub fn take(&mut self, total: u32, piece: Vec<u8>) -> Result<Option<ClientMsg>, PieceError> {
        let total = total as usize;
        if total > MAX_FRAME_BYTES {
            return Err(PieceError::TooLarge {
                total,
                limit: MAX_FRAME_BYTES,
            });
        }
        if self.bytes.is_empty() {
            self.total = total;
        } else if total != self.total {
            return Err(PieceError::OtherTotal {
                expected: self.total,
                got: total,
            });
        }
        if self.bytes.len() + piece.len() > total {
            return Err(PieceError::Overrun { total });
        }
        self.bytes.extend_from_slice(&piece);
        if self.bytes.len() < total {
            return Ok(None);
        }
        let whole = std::mem::take(&mut self.bytes);
        self.total = 0;
        let msg: ClientMsg = codec::decode(&whole)?;
        match msg {
            ClientMsg::Piece { .. } | ClientMsg::PiecesDropped => Err(PieceError::Nested),
            other => Ok(Some(other)),
        }
    }

    /// The host stopped: the pieces so far are forgotten.
    pub fn drop_pieces(&mut self) {
        *self = Assembly::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::client::Command;

    fn large_command() -> ClientMsg {
        ClientMsg::Command {
            request: 3,
            command: Command::AddJudge {
                name: "я".repeat(PIECE_BYTES * 2),
            },
        }
    }

    fn pieces_of(encoding: &[u8]) -> Vec<ClientMsg> {
        let mut pieces = Vec::new();
        let mut sent = 0;
        while sent < encoding.len() {
            let (piece, next) = piece_at(encoding, sent);
            pieces.push(piece);
            sent = next;
        }
        pieces
    }

    #[test]
    fn a_large_message_in_pieces_is_put_back_together_whole() {
        let msg = large_command();
        let encoding = large_encoding(&msg).unwrap().expect("large");
        let mut assembly = Assembly::default();
        let mut whole = None;
        for piece in pieces_of(&encoding) {
            let ClientMsg::Piece { total, bytes } = piece else {
                panic!("a piece")
            };
            assert!(whole.is_none(), "whole before the last piece");
            whole = assembly.take(total, bytes).unwrap();
        }
        assert_eq!(whole, Some(msg));
    }

    #[test]
    fn a_small_message_goes_at_once() {
        let ping = ClientMsg::Ping { client_time_us: 1 };
        assert_eq!(large_encoding(&ping).unwrap(), None);
    }

    #[test]
    fn pieces_announcing_more_than_a_frame_are_refused() {
        let mut assembly = Assembly::default();
        let total = (MAX_FRAME_BYTES + 1) as u32;
        assert!(matches!(
            assembly.take(total, vec![0; 10]),
            Err(PieceError::TooLarge { .. })
        ));
    }

    #[test]
    fn pieces_of_two_messages_mixed_are_refused() {
        let mut assembly = Assembly::default();
        assert_eq!(assembly.take(100, vec![0; 10]), Ok(None));
        assert!(matches!(
            assembly.take(200, vec![0; 10]),
            Err(PieceError::OtherTotal { .. })
        ));
        assert!(matches!(
            Assembly::default().take(5, vec![0; 6]),
            Err(PieceError::Overrun { .. })
        ));
    }

    #[test]
    fn dropped_pieces_are_forgotten() {
        let msg = large_command();
        let encoding = large_encoding(&msg).unwrap().unwrap();
        let mut assembly = Assembly::default();
        let ClientMsg::Piece { total, bytes } = piece_at(&encoding, 0).0 else {
            panic!("a piece")
        };
        assembly.take(total, bytes).unwrap();
        assembly.drop_pieces();
        // A new message starts afresh.
        let ping = codec::encode(&ClientMsg::Ping { client_time_us: 9 }).unwrap();
        let back = assembly.take(ping.len() as u32, ping).unwrap();
        assert_eq!(back, Some(ClientMsg::Ping { client_time_us: 9 }));
    }
}
