//! What one connection may cost the server, before and after it logs in:
//! the QUIC transport limits (streams, receive windows), the timeouts that
//! free a stalled connection, how many connections may be on their way in
//! (handshaking or not yet logged in) at once, and the browsers' HTTP
//! bounds (a WebSocket's windows are in `web::socket`).
//!
//! A QUIC receive window is how much the *peer* may send us that we have
//! not read yet: quinn buffers it for us. So a stranger that completes the
//! handshake but never logs in could park quinn's default windows (1.25 MB
//! a stream, several streams, 1.25 MB of datagrams) in the server's memory.
//! Until a connection has logged in it gets one stream and a window just
//! above the largest greeting; the login raises the connection's window to
//! what its role sends (only the host sends large frames: packages). What
//! the server sends (views, megabytes for a host) is limited by the
//! *terminal's* windows, not by these.

use std::time::Duration;

use minuta_shared::identity::Role;
use minuta_shared::wire::codec::{
    MAX_FRAME_BYTES, MAX_HELLO_FRAME_BYTES, MAX_TERMINAL_FRAME_BYTES,
};

/// The timeouts and bounds of the network edge; tests shorten them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetLimits {
    /// A connection must have greeted (its whole `Hello` frame) this long
    /// after its QUIC handshake, or it is closed as refused.
    pub hello_timeout: Duration,
    /// After login, a frame whose first byte has arrived must be whole this
    /// long after, or the connection is closed as stalled. (An idle terminal
    /// between frames is fine: QUIC keep-alives hold it.)
    pub frame_timeout: Duration,
    /// A QUIC handshake (TLS) must complete within this, or its state is
    /// dropped. Generous: in a join storm a handshake waits for the
    /// server's one thread (1,500 terminals at once took 6 s on a debug
    /// build; with 5 s a quarter of them were dropped).
    pub handshake_timeout: Duration,
    /// From this many connections not yet logged in (handshaking or not
    /// yet greeted) on, a connection attempt from an address that has not
    /// proved it receives our packets is answered with a QUIC Retry (a
    /// stateless token, one round trip) instead of state. 0 asks every new
    /// address to retry.
    pub retry_above: usize,
    /// At most this many connections not yet logged in: attempts beyond are
    /// ignored (a real terminal resends its Initial packet after a moment).
    pub max_handshakes: usize,
    /// When a connection is closed for a violation, how long to wait for
    /// the abandoned view's stream reset to leave before the close, so the
    /// close frame is not stuck behind the view (see `connection`).
    pub close_grace: Duration,
    /// From this many connections not yet logged in from one address on,
    /// that address's further attempts must prove it with a Retry (as
    /// `retry_above`, counted per address; see `gate`). Loopback is exempt.
    pub retry_above_per_address: usize,
    /// An address whose handshaken connections broke the greeting (a
    /// frame over the limit, malformed, none in time, a refused greeting)
    /// this many times within `strike_window` is ignored for `block_for`.
    /// 0 never blocks. Loopback is exempt.
    pub strikes_to_block: u32,
    pub strike_window: Duration,
    pub block_for: Duration,
    /// A browser's HTTP request must have sent its whole header within
    /// this (a slow-loris request is closed).
    pub web_header_timeout: Duration,
    /// A browser's plain HTTP connection (the page's files, not its
    /// WebSocket) is closed this long after it opened.
    pub web_http_lifetime: Duration,
    /// A plain HTTP connection that moved no byte either way for this long
    /// (a keep-alive connection once the page has loaded) is closed.
    pub web_http_idle: Duration,
    /// A connection with bytes to send whose peer took none of them for
    /// this long is closed: a browser's HTTP connection (a reader that
    /// stalls with the wasm half sent) and every logged-in terminal, on
    /// both transports (one that stopped reading its views).
    pub write_timeout: Duration,
    /// At most this many plain HTTP connections from browsers at once (the
    /// page's files, `/hall`), and at most `web_connections_per_address`
    /// from one address (loopback exempt); more are closed at once.
    /// Browser sessions (WebSockets) have their own bound, so keep-alive
    /// page loads can never keep a terminal out.
    pub web_connections: usize,
    pub web_connections_per_address: usize,
    /// At most this many browser sessions (upgraded WebSockets) at once,
    /// and at most `web_sessions_per_address` from one address (loopback
    /// exempt): a hall's terminals are one each.
    pub web_sessions: usize,
    pub web_sessions_per_address: usize,
    /// A browser session must have finished its TLS handshake and its
    /// greeting this long after its upgrade: a browser on the hall's LAN
    /// needs well under a second, a phone on a lossy Wi-Fi a few round
    /// trips.
    pub web_handshake_timeout: Duration,
    /// Browser sessions not yet logged in, at most, in all and from one
    /// address (loopback exempt). Counted apart from QUIC's handshakes (see
    /// `gate`): past the bound in all the oldest is let go to make room, so
    /// stalled strangers never keep out a terminal that completes its
    /// handshake.
    pub web_handshakes: usize,
    pub web_handshakes_per_address: usize,
}

impl Default for NetLimits {
    fn default() -> Self {
        NetLimits {
            hello_timeout: Duration::from_secs(10),
            frame_timeout: Duration::from_secs(10),
            handshake_timeout: Duration::from_secs(10),
            // A flood of Initials from addresses that never answer costs
            // at most this many handshakes' state (~36 KB each, ~37 MB),
            // for the handshake timeout. Not lower: a Retry does not reset
            // the client's idle timer, and in a join storm a retried
            // terminal waits twice in the server's queue. 1,500 terminals
            // at once on a loaded 2-core debug build: without a Retry all
            // joined in 8 runs; with one from 64, 256, 512 or 1,024 in
            // flight, one or two of the last ones passed their 6-s idle
            // timeout in about half the runs (a real terminal reconnects).
            retry_above: 1_024,
            // ~45 KB each until login (measured, `storm` bench): 2,048 is
            // ~90 MB at worst, the half above `retry_above` only from
            // addresses that answered a Retry.
            max_handshakes: 2_048,
            close_grace: Duration::from_secs(1),
            // One attacker's half-open flood (one address, many ports: the
            // `flood` bench) kept 1,024 handshakes (~40 MB) and cost the
            // hall's acknowledgements 5× their calm p99 while they were
            // made; from 64 on its attempts are retried, statelessly. A
            // hall's laptops each have an address of their own (64 at once
            // behind one NAT still join, one round trip later).
            retry_above_per_address: 64,
            // Each oversized greeting costs a full TLS handshake first: 700
            // a second from one address took the hall's ack p99 to 20× its
            // calm figure. A terminal that breaks its greeting is broken or
            // hostile; 8 within 10 s and its address waits 10 s.
            strikes_to_block: 8,
            strike_window: Duration::from_secs(10),
            block_for: Duration::from_secs(10),
            web_header_timeout: Duration::from_secs(10),
            // The bundle's few megabytes reach a phone on a weak Wi-Fi
            // well within this; a reader that stalls is let go.
            web_http_lifetime: Duration::from_secs(120),
            // Pages load in seconds and their connections then go idle.
            web_connections: 1_024,
            // A browser opens up to six connections per page; a laptop
            // with a few tabs (team, projector, host) stays far below.
            web_connections_per_address: 64,
            // A page's files come over a few connections in one go; a
            // browser opens a new one when it needs one.
            web_http_idle: Duration::from_secs(5),
            // A phone on a weak Wi-Fi stalls for a second or two, not
            // twenty; a host's largest view leaves well within it.
            write_timeout: Duration::from_secs(20),
            web_sessions: 4_096,
            web_sessions_per_address: 64,
            web_handshake_timeout: Duration::from_secs(5),
            // ~30 KB each until login (`door` bench): 512 is ~15 MB.
            web_handshakes: 512,
            web_handshakes_per_address: 16,
        }
    }
}

/// quinn's queue of connection attempts the accept loop has not looked at
/// yet; beyond it quinn refuses at once. The loop looks at each at once, so
/// this only matters in a flood.
pub const MAX_INCOMING: usize = 4_096;

/// What quinn buffers for one such attempt (its later Initial packets) and
/// for all of them together (quinn's defaults: 10 MiB and 100 MiB).
pub const INCOMING_BUFFER_BYTES: u64 = 16 * 1024;
pub const INCOMING_BUFFER_TOTAL_BYTES: u64 = 8 * 1024 * 1024;

/// The connection's receive window before login: a whole greeting and its
/// length prefix, twice (quinn grants more as the server reads).
pub const PRE_LOGIN_WINDOW: u32 = 2 * (MAX_HELLO_FRAME_BYTES as u32 + 4);

/// The one stream's window, fixed for the connection's life (quinn cannot
/// change it later): what the host needs to upload a package at LAN speed.
/// The connection's window, which login raises, is what really bounds a
/// connection; before login it is [`PRE_LOGIN_WINDOW`].
pub const STREAM_WINDOW: u32 = 1024 * 1024;

/// The connection's receive window after login, by role. The host uploads
/// packages of up to [`MAX_FRAME_BYTES`] (4 MiB): 1 MiB a round trip moves
/// one in a few round trips. Terminals send cards and presses: two of
/// their largest frames in flight is plenty.
pub fn receive_window(role: Role) -> u32 {
    match role {
        Role::Host => STREAM_WINDOW.min(MAX_FRAME_BYTES as u32),
        Role::Judge | Role::Team | Role::Display | Role::Jury => {
            2 * (MAX_TERMINAL_FRAME_BYTES as u32 + 4)
        }
    }
}

/// The transport every connection starts with (see the module).
pub fn transport_config() -> quinn::TransportConfig {
    let mut transport = quinn::TransportConfig::default();
    // One long-lived bidirectional stream per terminal; nothing else.
    transport.max_concurrent_bidi_streams(1u8.into());
    transport.max_concurrent_uni_streams(0u8.into());
    transport.stream_receive_window(STREAM_WINDOW.into());
    transport.receive_window(PRE_LOGIN_WINDOW.into());
    // The protocol has no datagrams; quinn would otherwise buffer 1.25 MB
    // of them for a peer that sends some.
    transport.datagram_receive_buffer_size(None);
    transport.keep_alive_interval(Some(Duration::from_secs(2)));
    transport.max_idle_timeout(Some(quinn::VarInt::from_u32(10_000).into()));
    transport
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_greeting_fits_the_pre_login_window_and_login_only_raises_it() {
        assert!(PRE_LOGIN_WINDOW as usize > MAX_HELLO_FRAME_BYTES + 4);
        for role in [
            Role::Host,
            Role::Judge,
            Role::Team,
            Role::Display,
            Role::Jury,
        ] {
            assert!(receive_window(role) > PRE_LOGIN_WINDOW, "{role:?}");
            assert!(receive_window(role) <= STREAM_WINDOW, "{role:?}");
        }
    }
}
