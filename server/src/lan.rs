//! Announcing the server on the hall's network (mDNS/DNS-SD, service
//! `_minuta._udp`), so team terminals list it and resolve short codes by
//! it. The TXT record's format lives in `minuta_shared::lan`; this module
//! only runs mdns-sd's responder thread.
//!
//! Nothing here starts by itself: [`crate::start`] and [`crate::spawn`]
//! never announce, so tests and benches never multicast. The binaries
//! (`minuta-server serve`/`demo`, the app's `host`/`demo`) call
//! [`advertise`] once the server is ready, unless given `--no-mdns`.

use std::net::IpAddr;
use std::time::Duration;

use mdns_sd::{IfKind, ServiceDaemon, ServiceInfo};
use thiserror::Error;
use tracing::debug;

use minuta_shared::join_code::{JoinCode, JoinCodeError};
use minuta_shared::lan::{Advert, SERVICE_TYPE, server_half};
use minuta_shared::wire::PROTOCOL_VERSION;
use minuta_shared::wire::handshake::Credential;

use crate::Ready;

/// How long dropping an [`Advertiser`] waits for its goodbye to be sent.
const GOODBYE_WAIT: Duration = Duration::from_millis(300);

#[derive(Debug, Error)]
pub enum AdvertError {
    #[error(
        "cannot announce the server on the hall's network (mDNS): {0}; terminals can still join by the join codes (--no-mdns silences this)"
    )]
    Mdns(String),
    #[error("the display's join code is unreadable: {0}")]
    DisplayCode(#[from] JoinCodeError),
}

impl From<mdns_sd::Error> for AdvertError {
    fn from(e: mdns_sd::Error) -> Self {
        AdvertError::Mdns(e.to_string())
    }
}

/// The server's announcement; dropping it says goodbye to the hall.
pub struct Advertiser {
    daemon: ServiceDaemon,
    fullname: String,
}

impl std::fmt::Debug for Advertiser {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Advertiser")
            .field("fullname", &self.fullname)
            .finish()
    }
}

impl Advertiser {
    /// The DNS-SD instance's full name (`Minuta-K7QM._minuta._udp.local.`).
    pub fn fullname(&self) -> &str {
        &self.fullname
    }
}

/// What `ready` tells the hall: the tournament, the port, the
/// certificate's fingerprint, the protocol and the projector's secret.
pub fn advert_of(ready: &Ready) -> Result<Advert, AdvertError> {
    let display = JoinCode::parse(&ready.display_code)?;
    let Credential::Display { secret } = display.credential else {
        return Err(AdvertError::DisplayCode(JoinCodeError::Role(
            "display".into(),
        )));
    };
    Ok(Advert {
        tournament: ready.tournament.clone(),
        port: ready.local_addr.port(),
        fingerprint: ready.fingerprint,
        protocol: PROTOCOL_VERSION,
        display_secret: secret,
    })
}

/// Starts announcing the server. A server on one address announces on
/// that address's interface only (on loopback: this machine only); on
/// every interface (0.0.0.0), on each with its own addresses.
pub fn advertise(ready: &Ready) -> Result<Advertiser, AdvertError> {
    let advert = advert_of(ready)?;
    let daemon = ServiceDaemon::new()?;
    let ip = ready.local_addr.ip();
    if !ip.is_unspecified() {
        daemon.disable_interface(IfKind::All)?;
        daemon.enable_interface(interface_of(ip))?;
    } else if ip.is_ipv4() {
        // 0.0.0.0 takes IPv4 only: IPv6 addresses would send terminals
        // where nobody listens.
        daemon.disable_interface(IfKind::IPv6)?;
    }
    let half = server_half(&advert.fingerprint);
    let instance = format!("Minuta-{half}");
    let host = format!("minuta-{}.local.", half.to_lowercase());
    let txt = advert.txt();
    let info = if ip.is_unspecified() {
        ServiceInfo::new(SERVICE_TYPE, &instance, &host, (), advert.port, &txt[..])?
            .enable_addr_auto()
    } else {
        ServiceInfo::new(SERVICE_TYPE, &instance, &host, ip, advert.port, &txt[..])?
    };
    let fullname = info.get_fullname().to_owned();
    daemon.register(info)?;
    Ok(Advertiser { daemon, fullname })
}

fn interface_of(ip: IpAddr) -> IfKind {
    match ip {
        IpAddr::V4(v4) if v4.is_loopback() => IfKind::LoopbackV4,
        IpAddr::V6(v6) if v6.is_loopback() => IfKind::LoopbackV6,
        other => IfKind::Addr(other),
    }
}

impl Drop for Advertiser {
    fn drop(&mut self) {
        // Goodbye packets first, so terminals drop the entry at once
        // rather than when its time to live runs out.
        if let Ok(done) = self.daemon.unregister(&self.fullname) {
            let _ = done.recv_timeout(GOODBYE_WAIT);
        }
        if let Err(e) = self.daemon.shutdown() {
            debug!("mDNS responder: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{Ipv4Addr, SocketAddr};

    #[test]
    fn the_advert_carries_what_a_terminal_lists_and_never_a_team_secret() {
        let fp = [9; 32];
        let code = |credential| {
            JoinCode {
                addrs: vec![SocketAddr::from((Ipv4Addr::new(10, 0, 0, 2), 5000))],
                fingerprint: fp,
                credential,
            }
            .to_string()
        };
        let ready = Ready {
            local_addr: SocketAddr::from((Ipv4Addr::UNSPECIFIED, 5000)),
            web_addr: None,
            fingerprint: fp,
            certificate_created: false,
            host_code: code(Credential::Host {
                secret: "host-secret".into(),
            }),
            display_code: code(Credential::Display {
                secret: "shown".into(),
            }),
            jury_code: String::new(),
            team_codes: vec![(
                "Знатоки".into(),
                code(Credential::Team {
                    team: minuta_shared::ids::TeamId(1),
                    secret: "team-secret".into(),
                }),
            )],
            free_teams: 0,
            tournament: "Кубок".into(),
        };
        let advert = advert_of(&ready).expect("an advert");
        assert_eq!(advert.port, 5000);
        assert_eq!(advert.fingerprint, fp);
        assert_eq!(advert.display_secret, "shown");
        assert_eq!(advert.protocol, PROTOCOL_VERSION);
        let txt = format!("{:?}", advert.txt());
        assert!(txt.contains("Кубок"));
        assert!(!txt.contains("team-secret") && !txt.contains("host-secret"));
    }
}
