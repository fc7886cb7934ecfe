//! A hall's poor Wi-Fi between the terminals and a server on 127.0.0.1
//! (netem is absent on this kernel): QUIC's datagrams through
//! [`crate::relay`] (3 % lost, 50 ± 30 ms each way), the browsers' TCP
//! through [`crate::tcp_relay`] (every chunk 50 ± 30 ms, 2 % of them
//! 300 ms later still, in order), and a terminal that joins over it as the
//! app does, trying again at once when a try fails.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Result, anyhow};

use minuta_shared::join_code::JoinCode;

use crate::Terminal;
use crate::relay::{Impairment, Relay};
use crate::tcp_relay::{Spoil, TcpRelay};

/// How many tries a terminal makes before it gives up.
pub const TRIES: u32 = 3;

/// The two relays in front of one server.
pub struct PoorWifi {
    pub quic: Relay,
    pub web: TcpRelay,
}

impl PoorWifi {
    /// Relays in front of the server's QUIC address and its web address;
    /// `seed` makes a run repeatable.
    pub async fn start(quic: SocketAddr, web: SocketAddr, seed: u64) -> Result<PoorWifi> {
        let each_way = Duration::from_millis(50);
        let jitter = Duration::from_millis(30);
        Ok(PoorWifi {
            quic: Relay::start(
                quic,
                Impairment {
                    delay: each_way,
                    jitter,
                    loss: 0.03,
                    wake: None,
                },
                seed,
            )
            .await?,
            web: TcpRelay::start(
                web,
                Spoil {
                    delay: each_way,
                    jitter,
                    stall_chance: 0.02,
                    stall: Duration::from_millis(300),
                },
                seed,
            )
            .await?,
        })
    }

    /// `code`'s terminal joins over the Wi-Fi, a browser or over QUIC:
    /// the terminal and how many tries it took.
    pub async fn join(&self, browser: bool, code: &JoinCode) -> Result<(Terminal, u32)> {
        let mut last = None;
        for tries in 1..=TRIES {
            let joined = if browser {
                Terminal::connect_web(self.web.addr, code, false).await
            } else {
                let relayed = JoinCode {
                    addrs: vec![self.quic.addr],
                    ..code.clone()
                };
                Terminal::connect(&relayed).await
            };
            match joined {
                Ok(t) => return Ok((t, tries)),
                Err(e) => last = Some(e),
            }
        }
        Err(last.unwrap_or_else(|| anyhow!("no try")))
    }
}
