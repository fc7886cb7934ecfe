//! Where a peer is among its WebSocket frames, read from the raw bytes
//! before the WebSocket library sees them: what each header announces is
//! checked against the largest message taken, so nothing is reserved for
//! a message that will be refused, and whether a message has begun and
//! not ended (its deadline is [`super::socket`]'s). Nothing here reads a
//! socket.

use std::io;

use minuta_shared::wire::close;
use minuta_shared::wire::codec::MAX_WEB_MESSAGE_BYTES;

/// The largest WebSocket message a stranger may announce: a TLS record
/// (its handshake flight, its greeting). The browser terminal sends its
/// bytes in messages of at most this size, whatever its role.
pub const PRE_LOGIN_MAX_FRAME: u64 = MAX_WEB_MESSAGE_BYTES as u64;

/// Why the WebSocket itself ended a connection: a text message, a message
/// over the limit, a broken frame. Carried inside the `io::Error` the
/// reader sees, so the connection closes with this code.
#[derive(Debug, thiserror::Error)]
#[error("{reason}")]
pub struct StreamViolation {
    pub code: u32,
    pub reason: String,
}

pub(super) fn violation(code: u32, reason: impl Into<String>) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        StreamViolation {
            code,
            reason: reason.into(),
        },
    )
}

/// Where the reader is among the peer's WebSocket frames (RFC 6455, 5.2):
/// inside a header, inside a payload, or between frames; and inside a
/// message of several frames or not.
#[derive(Debug, Default)]
pub(super) struct FrameScan {
    head: [u8; 14],
    /// Header bytes seen of the current header.
    have: usize,
    /// Payload bytes still to come of the current frame.
    left: u64,
    /// A data frame without FIN came: a message of several frames is open.
    open_message: bool,
    /// Payload announced so far by the open message's frames.
    message: u64,
}

impl FrameScan {
    /// Whether a frame or a message has begun and not ended.
    pub(super) fn inside(&self) -> bool {
        self.have > 0 || self.left > 0 || self.open_message
    }

    /// The header's length once its first two bytes are known.
    fn header_len(&self) -> usize {
        let ext = match self.head[1] & 0x7f {
            126 => 2,
            127 => 8,
            _ => 0,
        };
        let mask = if self.head[1] & 0x80 != 0 { 4 } else { 0 };
        2 + ext + mask
    }

    pub(super) fn feed(&mut self, mut bytes: &[u8], max: u64) -> io::Result<()> {
        while !bytes.is_empty() {
            if self.left > 0 {
                let take = self.left.min(bytes.len() as u64);
                self.left -= take;
                bytes = &bytes[take as usize..];
                continue;
            }
            self.head[self.have] = bytes[0];
            self.have += 1;
            bytes = &bytes[1..];
            if self.have < 2 || self.have < self.header_len() {
                continue;
            }
            let len = match self.head[1] & 0x7f {
                126 => u64::from(u16::from_be_bytes([self.head[2], self.head[3]])),
                127 => {
                    let mut eight = [0u8; 8];
                    eight.copy_from_slice(&self.head[2..10]);
                    u64::from_be_bytes(eight)
                }
                n => u64::from(n),
            };
            let fin = self.head[0] & 0x80 != 0;
            let control = self.head[0] & 0x08 != 0;
            self.have = 0;
            self.left = len;
            if control {
                // Pings, pongs and closes carry at most 125 bytes; the
                // WebSocket library refuses longer ones.
                continue;
            }
            self.message = self.message.saturating_add(len);
            if self.message > max {
                return Err(violation(
                    close::OVERSIZED,
                    format!(
                        "a WebSocket message of {} bytes announced; at most {max} taken{}",
                        self.message,
                        if max == PRE_LOGIN_MAX_FRAME {
                            " before login"
                        } else {
                            ""
                        }
                    ),
                ));
            }
            self.open_message = !fin;
            if fin {
                self.message = 0;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A client's masked frame header announcing `len` bytes.
    pub(in crate::net::web) fn header(fin: bool, opcode: u8, len: u64) -> Vec<u8> {
        let mut h = vec![if fin { 0x80 } else { 0 } | opcode];
        match len {
            0..=125 => h.push(0x80 | len as u8),
            126..=0xffff => {
                h.push(0x80 | 126);
                h.extend_from_slice(&(len as u16).to_be_bytes());
            }
            _ => {
                h.push(0x80 | 127);
                h.extend_from_slice(&len.to_be_bytes());
            }
        }
        h.extend_from_slice(&[1, 2, 3, 4]);
        h
    }

    pub(in crate::net::web) fn code_of(e: &io::Error) -> u32 {
        e.get_ref()
            .and_then(|inner| inner.downcast_ref::<StreamViolation>())
            .map(|v| v.code)
            .unwrap_or(u32::MAX)
    }

    #[test]
    fn frames_are_followed_across_reads_and_oversized_ones_refused_at_their_header() {
        let mut scan = FrameScan::default();
        let mut bytes = header(true, 2, 300);
        bytes.extend(vec![0u8; 300]);
        bytes.extend(header(true, 9, 4)); // a ping between
        bytes.extend([0u8; 4]);
        // Fed a byte at a time, as a slow socket would: outside a frame
        // only where one ends.
        let first_ends = 8 + 300 - 1;
        for (i, b) in bytes.iter().enumerate() {
            scan.feed(&[*b], 1000).unwrap();
            let between = i == first_ends || i + 1 == bytes.len();
            assert_eq!(scan.inside(), !between, "{i}");
        }
        // A message of two frames is open between them, and counted whole.
        let mut scan = FrameScan::default();
        let mut first = header(false, 2, 600);
        first.extend(vec![0u8; 600]);
        scan.feed(&first, 1000).unwrap();
        assert!(scan.inside());
        let e = scan.feed(&header(true, 0, 600), 1000).unwrap_err();
        assert_eq!(code_of(&e), close::OVERSIZED);
        // 4 MiB announced in 14 bytes: refused at the header.
        let e = FrameScan::default()
            .feed(&header(true, 2, 4 << 20), PRE_LOGIN_MAX_FRAME)
            .unwrap_err();
        assert_eq!(code_of(&e), close::OVERSIZED);
        assert!(e.to_string().contains("before login"), "{e}");
    }
}
