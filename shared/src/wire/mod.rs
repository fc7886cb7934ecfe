//! The wire protocol. Every message travels inside one versioned
//! [`Envelope`](envelope::Envelope), encoded by the one codec in [`codec`]
//! with a size limit, in frames of `u32` little-endian length + payload on a
//! single bidirectional QUIC stream per connection.
//!
//! The first frame from the client is a [`Hello`](handshake::Hello); the
//! server answers a [`HelloReply`](handshake::HelloReply) and then both sides
//! exchange [`ClientMsg`](client::ClientMsg) / [`ServerMsg`](server::ServerMsg).
//! Enums only ever grow at the end, so older encodings keep their meaning.

pub mod client;
pub mod close;
pub mod codec;
pub mod delta;
pub mod envelope;
pub mod files;
pub mod handshake;
pub mod permission;
pub mod pieces;
pub mod server;
pub mod slice_secret;
pub mod view;
pub mod view_stream;

/// The protocol version this build speaks. A peer with another version is
/// refused at the handshake with [`handshake::Refusal::VersionMismatch`].
// 14: a Нептун game's patch carries the auction desk (issue 42).
pub const PROTOCOL_VERSION: u16 = 14;

/// ALPN protocol name for the QUIC/TLS handshake.
pub const ALPN: &[u8] = b"minuta/1";
