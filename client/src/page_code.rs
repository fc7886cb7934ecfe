//! What the browser's page reads, kept apart from the page so it is tested
//! natively: the join code in a web link's fragment
//! (`#ROLE/SECRET?fp=HEX64`) and the server's advert from `GET /hall`.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use minuta_shared::join_code::{JoinCode, JoinCodeError};
use minuta_shared::lan::{Advert, Found};

/// The code a web link's fragment names on the page's server `host`
/// (`location.host`), read by `JoinCode::from_fragment`. The address is only informational
/// (the page joins its own origin); a host name rather than an address
/// stands as «unspecified».
pub fn code_of_fragment(fragment: &str, host: &str) -> Result<JoinCode, JoinCodeError> {
    let addr = host.parse::<SocketAddr>().unwrap_or(SocketAddr::new(
        IpAddr::V4(Ipv4Addr::UNSPECIFIED),
        port_of(host),
    ));
    JoinCode::from_fragment(fragment, addr)
}

fn port_of(host: &str) -> u16 {
    host.rsplit_once(':')
        .and_then(|(_, p)| p.parse().ok())
        .unwrap_or(80)
}

/// The server `/hall`'s JSON (its advert's TXT pairs) describes, reached
/// at the page's `hostname`.
pub fn found_of(json: &str, hostname: &str) -> Result<Found, String> {
    let pairs: HashMap<String, String> =
        serde_json::from_str(json).map_err(|e| format!("/hall: {e}"))?;
    let advert =
        Advert::from_txt(|key| pairs.get(key).map(String::as_str)).map_err(|e| e.to_string())?;
    let ip = hostname
        .trim_start_matches('[')
        .trim_end_matches(']')
        .parse::<IpAddr>()
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    Ok(Found {
        instance: hostname.to_owned(),
        advert,
        addrs: vec![ip],
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use minuta_shared::ids::TeamId;
    use minuta_shared::lan::{ShortCode, resolve};
    use minuta_shared::wire::handshake::Credential;

    #[test]
    fn a_web_links_fragment_is_the_codes_tail_on_the_pages_host() {
        let fp = "ab".repeat(32);
        let code =
            code_of_fragment(&format!("#team-3/s3cr3t?fp={fp}"), "192.168.1.5:4433").unwrap();
        assert_eq!(code.addrs, vec!["192.168.1.5:4433".parse().unwrap()]);
        assert_eq!(code.fingerprint, [0xab; 32]);
        assert_eq!(
            code.credential,
            Credential::Team {
                team: TeamId(3),
                secret: "s3cr3t".into()
            }
        );
        let named = code_of_fragment(&format!("display/d?fp={fp}"), "minuta.local:8080").unwrap();
        assert_eq!(named.addrs, vec!["0.0.0.0:8080".parse().unwrap()]);
        assert!(
            code_of_fragment("team-3/s3cr3t", "h:1").is_err(),
            "no fingerprint"
        );
    }

    #[test]
    fn the_halls_advert_resolves_a_short_code_as_on_the_lan() {
        let advert = Advert {
            tournament: "Кубок".into(),
            port: 4433,
            fingerprint: [7; 32],
            protocol: minuta_shared::wire::PROTOCOL_VERSION,
            display_secret: "disp".into(),
        };
        let json =
            serde_json::to_string(&advert.txt().into_iter().collect::<HashMap<_, _>>()).unwrap();
        let found = found_of(&json, "10.0.0.2").unwrap();
        assert_eq!(found.advert, advert);
        let short = format!("{}-AAAA", found.server_half());
        if let Ok(short) = ShortCode::parse(&short) {
            assert!(resolve(&short, &[found]).is_ok());
        }
        assert!(found_of("{}", "10.0.0.2").is_err());
    }
}
