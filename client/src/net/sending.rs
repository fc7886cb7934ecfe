//! The host's large commands (a question package with its pictures) on
//! their way in pieces (`minuta_shared::wire::pieces`): a queue the link
//! takes one piece from at a time, so pings and other commands go between
//! them, the host sees how much has gone, and a cancel stops the rest.
//! Both links use it (the native QUIC stream, the browser's WebSocket);
//! no I/O here.

use std::collections::VecDeque;

use minuta_shared::wire::client::ClientMsg;
use minuta_shared::wire::pieces::{large_encoding, piece_at};

use crate::state::NetEvent;

/// One command's encoding and how much of it has gone.
struct Large {
    request: u64,
    encoding: Vec<u8>,
    sent: usize,
}

/// What becomes of a message for the server.
// Made and matched at once, one a command: not worth a box.
#[allow(clippy::large_enum_variant)]
pub enum Outgoing {
    /// Large: queued to go in pieces; what the UI hears.
    Queued(NetEvent),
    /// Small: to be written at once.
    Now(ClientMsg),
}

/// The large commands to send, first in line first.
#[derive(Default)]
pub struct Sending {
    queue: VecDeque<Large>,
}

impl Sending {
    /// Queues the command `request`, encoded as `encoding`; what the UI
    /// hears: that none of it has gone yet.
    pub fn push(&mut self, request: u64, encoding: Vec<u8>) -> NetEvent {
        let total = encoding.len() as u64;
        self.queue.push_back(Large {
            request,
            encoding,
            sent: 0,
        });
        NetEvent::Sending {
            request,
            sent: 0,
            total,
        }
    }

    /// `msg` of `request`, queued in pieces when it is large, else handed
    /// back to go at once.
    pub fn queue_if_large(&mut self, request: u64, msg: ClientMsg) -> Outgoing {
        match large_encoding(&msg) {
            Ok(Some(encoding)) => Outgoing::Queued(self.push(request, encoding)),
            // One that cannot be encoded fails as it is written.
            Ok(None) | Err(_) => Outgoing::Now(msg),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    /// The next piece to write, and what the UI hears once it is written.
    pub fn next_piece(&mut self) -> Option<(ClientMsg, NetEvent)> {
        let first = self.queue.front_mut()?;
        let (piece, next) = piece_at(&first.encoding, first.sent);
        first.sent = next;
        let event = NetEvent::Sending {
            request: first.request,
            sent: next as u64,
            total: first.encoding.len() as u64,
        };
        if next >= first.encoding.len() {
            self.queue.pop_front();
        }
        Some((piece, event))
    }

    /// Stops sending `request`: whether it was here, and the message that
    /// tells the server to drop the pieces it has (when some have gone).
    pub fn cancel(&mut self, request: u64) -> (bool, Option<ClientMsg>) {
        let Some(at) = self.queue.iter().position(|l| l.request == request) else {
            return (false, None);
        };
        let begun = at == 0 && self.queue[0].sent > 0;
        self.queue.remove(at);
        (true, begun.then_some(ClientMsg::PiecesDropped))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minuta_shared::wire::pieces::PIECE_BYTES;

    #[test]
    fn a_large_command_goes_piece_by_piece_and_says_how_much_has_gone() {
        let mut sending = Sending::default();
        let first = sending.push(7, vec![1; PIECE_BYTES + 5]);
        assert_eq!(
            first,
            NetEvent::Sending {
                request: 7,
                sent: 0,
                total: (PIECE_BYTES + 5) as u64
            }
        );
        let (_, event) = sending.next_piece().unwrap();
        assert!(matches!(event, NetEvent::Sending { sent, .. } if sent == PIECE_BYTES as u64));
        let (piece, _) = sending.next_piece().unwrap();
        assert!(matches!(piece, ClientMsg::Piece { bytes, .. } if bytes.len() == 5));
        assert!(sending.is_empty());
    }

    #[test]
    fn a_command_cancelled_midway_tells_the_server_to_drop_its_pieces() {
        let mut sending = Sending::default();
        sending.push(1, vec![0; PIECE_BYTES * 3]);
        sending.push(2, vec![0; PIECE_BYTES * 3]);
        sending.next_piece();

        assert_eq!(sending.cancel(2), (true, None), "not begun");
        assert_eq!(sending.cancel(1), (true, Some(ClientMsg::PiecesDropped)));
        assert_eq!(sending.cancel(1), (false, None));
        assert!(sending.is_empty());
    }
}
