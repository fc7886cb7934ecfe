//! Minuta's end-to-end test harness: real servers ([`server::TestServer`]:
//! on a simulated network on virtual time ([`sim_net`]), in process on
//! 127.0.0.1, or as a `minuta-server` child process), terminals speaking the
//! wire protocol over QUIC ([`terminal::Terminal`], and the
//! raw [`terminal::Link`] for hostile tests), and a hall set up through the
//! wire as a host would ([`hall::Hall`]); every kind of command with who may
//! send it ([`commands`]), a listening [`spy::Spy`] terminal, and a real
//! headless browser for the web terminal ([`browser`]). Used by
//! `tests/tests/*.rs` and by the benchmarks.

pub mod auction;
pub mod bare;
pub mod bench;
pub mod brain_ring;
pub mod browser;
pub mod commands;
pub mod hall;
pub mod hostile;
pub mod namespace;
pub mod page;
pub mod press_hall;
pub mod relay;
pub mod server;
pub mod sim_net;
pub mod spy;
pub mod stats;
pub mod tcp_relay;
pub mod terminal;
pub mod views;
pub mod virtual_hall;
pub mod web_terminal;
pub mod wifi;
pub mod wine;

pub use hall::{Hall, test_timing};
pub use server::TestServer;
pub use terminal::{Closed, Link, STEP, Terminal, within};
