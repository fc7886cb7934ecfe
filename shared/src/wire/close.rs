//! Application close codes: why the server closed one connection. The reason
//! text travels with the code; the server and every other client carry on.

/// A normal end: the server is shutting down or the client left.
pub const NORMAL: u32 = 0;
/// The handshake was refused (see the `Refusal` sent before closing).
pub const REFUSED: u32 = 1;
/// A frame could not be decoded, or had trailing bytes.
pub const MALFORMED: u32 = 2;
/// A frame's length exceeded the sender's limit.
pub const OVERSIZED: u32 = 3;
/// The sender's role may not send that message.
pub const FORBIDDEN: u32 = 4;
/// The envelope's version changed after the handshake.
pub const VERSION: u32 = 5;
/// The same identity connected again elsewhere; this older link is retired.
pub const REPLACED: u32 = 6;
/// A message was begun but not finished in time: its first bytes arrived,
/// the rest did not (a stalled or hostile sender holds a buffer open).
pub const STALLED: u32 = 7;

/// A person-readable name for a close code, for client error messages.
pub fn describe(code: u32) -> &'static str {
    match code {
        NORMAL => "closed",
        REFUSED => "refused at the handshake",
        MALFORMED => "malformed message",
        OVERSIZED => "message too large",
        FORBIDDEN => "not allowed for this role",
        VERSION => "protocol version changed mid-connection",
        REPLACED => "the same join code connected from another terminal",
        STALLED => "a message was left unfinished for too long",
        _ => "unknown reason",
    }
}
