//! Join codes: one copy-pasteable string per role or team that carries
//! everything a terminal needs to reach the server and prove who it is —
//! the server's addresses and port, the SHA-256 fingerprint of its
//! certificate (pinned by the client), and the credential.
//!
//! Form: `minuta://ADDR[,ADDR…]/ROLE/SECRET?fp=HEX64`, where ROLE is `host`,
//! `display`, `jury`, `judge-N`, `team-N`, a team's ломтик (Нептун 2.2)
//! `slice-N-top` / `slice-N-bottom`, or `short` (a team by its short code,
//! `crate::lan`, as a terminal resolves it on the hall's network). Whitespace anywhere is ignored, so a
//! code broken over lines by a chat program still works.
//!
//! The same code as a **web link** for a browser: `http://HOST:WEBPORT/#ROLE/SECRET?fp=HEX64`
//! ([`JoinCode::web_link`]): the part after the addresses goes into the
//! fragment, which a browser never sends in a request, and the page served
//! from that origin reads it back with [`JoinCode::from_fragment`].

use std::net::SocketAddr;

use thiserror::Error;

use crate::ids::{JudgeId, Slice, TeamId};
use crate::wire::handshake::Credential;

const SCHEME: &str = "minuta://";

/// A parsed join code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JoinCode {
    pub addrs: Vec<SocketAddr>,
    pub fingerprint: [u8; 32],
    pub credential: Credential,
}

#[derive(Debug, Error, PartialEq, Eq)]
pub enum JoinCodeError {
    #[error("a join code starts with «minuta://»")]
    Scheme,
    #[error("the join code has no server address")]
    NoAddress,
    #[error("«{0}» is not a server address with a port (like 192.168.1.5:4433)")]
    Address(String),
    #[error(
        "the join code names no role (host, display, jury, judge-N, team-N, slice-N-top or slice-N-bottom)"
    )]
    NoRole,
    #[error(
        "«{0}» is not a role (host, display, jury, judge-N, team-N, slice-N-top or slice-N-bottom)"
    )]
    Role(String),
    #[error("the join code has no secret")]
    NoSecret,
    #[error("the join code has no certificate fingerprint (?fp=…)")]
    NoFingerprint,
    #[error("the certificate fingerprint must be 64 hexadecimal digits")]
    Fingerprint,
}

impl JoinCode {
    pub fn parse(input: &str) -> Result<Self, JoinCodeError> {
        let code: String = input.chars().filter(|c| !c.is_whitespace()).collect();
        let rest = code
            .strip_prefix(SCHEME)
            .or_else(|| code.strip_prefix("MINUTA://"))
            .ok_or(JoinCodeError::Scheme)?;
        let (path, query) = rest.split_once('?').ok_or(JoinCodeError::NoFingerprint)?;
        let mut parts = path.splitn(3, '/');
        let addrs_part = parts.next().unwrap_or_default();
        if addrs_part.is_empty() {
            return Err(JoinCodeError::NoAddress);
        }
        let addrs = addrs_part
            .split(',')
            .filter(|a| !a.is_empty())
            .map(|a| {
                a.parse::<SocketAddr>()
                    .map_err(|_| JoinCodeError::Address(a.to_owned()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if addrs.is_empty() {
            return Err(JoinCodeError::NoAddress);
        }
        let role = parts
            .next()
            .filter(|r| !r.is_empty())
            .ok_or(JoinCodeError::NoRole)?;
        let secret = parts
            .next()
            .filter(|s| !s.is_empty())
            .ok_or(JoinCodeError::NoSecret)?;
        let secret = secret.trim_end_matches('/').to_owned();
        let credential = match role {
            "host" => Credential::Host { secret },
            "display" => Credential::Display { secret },
            "jury" => Credential::Jury { secret },
            "short" => Credential::ShortTeam { code: secret },
            other => {
                let numbered = |prefix: &str| {
                    other
                        .strip_prefix(prefix)
                        .and_then(|n| n.parse::<u32>().ok())
                        .ok_or_else(|| JoinCodeError::Role(other.to_owned()))
                };
                if other.starts_with("team-") {
                    Credential::Team {
                        team: TeamId(numbered("team-")?),
                        secret,
                    }
                } else if let Some(rest) = other.strip_prefix("slice-") {
                    let (team, slice) =
                        parse_slice(rest).ok_or_else(|| JoinCodeError::Role(other.to_owned()))?;
                    Credential::Slice {
                        team,
                        slice,
                        secret,
                    }
                } else if other.starts_with("judge-") {
                    Credential::Judge {
                        judge: JudgeId(numbered("judge-")?),
                        secret,
                    }
                } else {
                    return Err(JoinCodeError::Role(other.to_owned()));
                }
            }
        };
        let fp_hex = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("fp="))
            .ok_or(JoinCodeError::NoFingerprint)?;
        let fingerprint = parse_fingerprint(fp_hex)?;
        Ok(JoinCode {
            addrs,
            fingerprint,
            credential,
        })
    }
}

impl JoinCode {
    /// `ROLE/SECRET?fp=HEX64`: everything of the code after its addresses,
    /// the same in the `minuta://` code and in the web link's fragment.
    fn role_secret_fingerprint(&self) -> String {
        let (role, secret) = match &self.credential {
            Credential::Host { secret } => ("host".to_owned(), secret),
            Credential::Display { secret } => ("display".to_owned(), secret),
            Credential::Jury { secret } => ("jury".to_owned(), secret),
            Credential::Judge { judge, secret } => (format!("judge-{judge}"), secret),
            Credential::Team { team, secret } => (format!("team-{team}"), secret),
            Credential::Slice {
                team,
                slice,
                secret,
            } => (format!("slice-{team}-{}", slice.code()), secret),
            Credential::ShortTeam { code } => ("short".to_owned(), code),
        };
        format!("{role}/{secret}?fp={}", fingerprint_hex(&self.fingerprint))
    }

    /// Where a browser reaches the server's web page on port `web_port`:
    /// the code's first address that is not loopback (the hall's LAN, so a
    /// phone's QR camera gets an address it can reach), else its first;
    /// `None` for a code without addresses.
    pub fn web_addr(&self, web_port: u16) -> Option<SocketAddr> {
        let ip = self
            .addrs
            .iter()
            .find(|a| !a.ip().is_loopback())
            .or_else(|| self.addrs.first())?
            .ip();
        Some(SocketAddr::new(ip, web_port))
    }

    /// The web link of this code on the server's web address `web`:
    /// `http://HOST:PORT/#ROLE/SECRET?fp=HEX64` (an IPv6 host in brackets).
    /// The credential and the fingerprint travel in the fragment, which a
    /// browser keeps to the page; the page joins the origin it came from.
    pub fn web_link(&self, web: SocketAddr) -> String {
        format!("{}/#{}", web_origin(web), self.role_secret_fingerprint())
    }

    /// The code a web link's fragment (`ROLE/SECRET?fp=HEX64`, with or
    /// without its `#`) names on the server at `addr` (the page's origin).
    /// Whitespace is ignored, as in a `minuta://` code.
    pub fn from_fragment(fragment: &str, addr: SocketAddr) -> Result<JoinCode, JoinCodeError> {
        let fragment: String = fragment.chars().filter(|c| !c.is_whitespace()).collect();
        let fragment = fragment.strip_prefix('#').unwrap_or(&fragment);
        if fragment.is_empty() || fragment.starts_with('?') {
            return Err(JoinCodeError::NoRole);
        }
        // The fragment is the code's own tail: parsed by the one parser, it
        // cannot drift from the `minuta://` form.
        JoinCode::parse(&format!("{SCHEME}{addr}/{fragment}"))
    }
}

/// `http://HOST:PORT`, the origin of the server's web page at `web` (an
/// IPv6 host in brackets): what a person types into a browser to reach the
/// join screen without a code.
pub fn web_origin(web: SocketAddr) -> String {
    format!("http://{web}")
}

impl std::fmt::Display for JoinCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(SCHEME)?;
        for (i, a) in self.addrs.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{a}")?;
        }
        write!(f, "/{}", self.role_secret_fingerprint())
    }
}

/// `N-top` or `N-bottom` (after `slice-`): the team and its ломтик.
fn parse_slice(rest: &str) -> Option<(TeamId, Slice)> {
    let (team, which) = rest.split_once('-')?;
    let team = team.parse::<u32>().ok()?;
    let slice = Slice::BOTH.into_iter().find(|s| s.code() == which)?;
    Some((TeamId(team), slice))
}

/// Lower-case hex of a fingerprint, as printed by the server at start.
pub fn fingerprint_hex(fp: &[u8; 32]) -> String {
    fp.iter().map(|b| format!("{b:02x}")).collect()
}

/// Accepts 64 hex digits, with or without `:` separators.
pub fn parse_fingerprint(hex: &str) -> Result<[u8; 32], JoinCodeError> {
    let digits: Vec<u8> = hex.bytes().filter(|b| *b != b':').collect();
    if digits.len() != 64 {
        return Err(JoinCodeError::Fingerprint);
    }
    let mut out = [0u8; 32];
    for (i, pair) in digits.chunks(2).enumerate() {
        let s = std::str::from_utf8(pair).map_err(|_| JoinCodeError::Fingerprint)?;
        out[i] = u8::from_str_radix(s, 16).map_err(|_| JoinCodeError::Fingerprint)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> JoinCode {
        JoinCode {
            addrs: vec![
                "127.0.0.1:4433".parse().unwrap(),
                "[::1]:4433".parse().unwrap(),
            ],
            fingerprint: [0xab; 32],
            credential: Credential::Team {
                team: TeamId(7),
                secret: "k3y".into(),
            },
        }
    }

    #[test]
    fn a_join_code_survives_a_round_trip() {
        let code = sample();
        let text = code.to_string();
        assert!(text.starts_with("minuta://127.0.0.1:4433,[::1]:4433/team-7/k3y?fp=abab"));
        assert_eq!(JoinCode::parse(&text), Ok(code));
    }

    #[test]
    fn a_slice_code_survives_a_round_trip() {
        for slice in Slice::BOTH {
            let code = JoinCode {
                credential: Credential::Slice {
                    team: TeamId(12),
                    slice,
                    secret: "d3r1v3d".into(),
                },
                ..sample()
            };
            let text = code.to_string();
            let role = format!("/slice-12-{}/d3r1v3d?fp=", slice.code());
            assert!(text.contains(&role), "{text}");
            assert_eq!(JoinCode::parse(&text), Ok(code));
        }
        let fp = "ab".repeat(32);
        let parsed = JoinCode::parse(&format!("minuta://1.2.3.4:1/slice-3-bottom/s?fp={fp}"));
        assert_eq!(
            parsed.map(|c| c.credential),
            Ok(Credential::Slice {
                team: TeamId(3),
                slice: Slice::Bottom,
                secret: "s".into(),
            })
        );
    }

    #[test]
    fn a_slice_role_names_a_team_and_top_or_bottom() {
        let fp = "ab".repeat(32);
        for role in [
            "slice-3",
            "slice-3-",
            "slice-3-middle",
            "slice-x-top",
            "slice--top",
            "slice-top",
            "slice-3-top-x",
        ] {
            assert_eq!(
                JoinCode::parse(&format!("minuta://1.2.3.4:1/{role}/s?fp={fp}")),
                Err(JoinCodeError::Role(role.into())),
                "{role}"
            );
        }
    }

    #[test]
    fn whitespace_from_a_chat_program_is_ignored() {
        let text = sample().to_string();
        let broken = format!("  {}\n{} ", &text[..20], &text[20..]);
        assert_eq!(JoinCode::parse(&broken), Ok(sample()));
    }

    /// Every role's code on `addrs`, for the web link's tables.
    fn every_role(addrs: Vec<SocketAddr>) -> Vec<JoinCode> {
        let credentials = [
            Credential::Host {
                secret: "h0st".into(),
            },
            Credential::Display {
                secret: "d1sp".into(),
            },
            Credential::Jury {
                secret: "jury5".into(),
            },
            Credential::Judge {
                judge: JudgeId(2),
                secret: "j2".into(),
            },
            Credential::Team {
                team: TeamId(7),
                secret: "k3y".into(),
            },
            Credential::Slice {
                team: TeamId(7),
                slice: Slice::Top,
                secret: "ab12".into(),
            },
            Credential::Slice {
                team: TeamId(7),
                slice: Slice::Bottom,
                secret: "cd34".into(),
            },
            Credential::ShortTeam {
                code: "K7QM-4H2X".into(),
            },
        ];
        credentials
            .into_iter()
            .map(|credential| JoinCode {
                addrs: addrs.clone(),
                fingerprint: [0xab; 32],
                credential,
            })
            .collect()
    }

    #[test]
    fn a_web_link_carries_the_code_after_its_addresses_in_the_fragment() {
        let fp = "ab".repeat(32);
        let web: SocketAddr = "192.168.1.10:8080".parse().unwrap();
        let table = [
            ("host/h0st", 0),
            ("display/d1sp", 1),
            ("jury/jury5", 2),
            ("judge-2/j2", 3),
            ("team-7/k3y", 4),
            ("slice-7-top/ab12", 5),
            ("slice-7-bottom/cd34", 6),
            ("short/K7QM-4H2X", 7),
        ];
        let codes = every_role(vec!["192.168.1.10:4433".parse().unwrap()]);
        for (tail, i) in table {
            let code = &codes[i];
            let link = code.web_link(web);
            assert_eq!(link, format!("http://192.168.1.10:8080/#{tail}?fp={fp}"));
            // The `minuta://` code ends the same way.
            assert!(code.to_string().ends_with(&format!("/{tail}?fp={fp}")));
        }
    }

    #[test]
    fn a_web_link_read_back_from_its_fragment_is_the_code_on_the_pages_origin() {
        let origin: SocketAddr = "192.168.1.10:8080".parse().unwrap();
        for code in every_role(vec!["192.168.1.10:4433".parse().unwrap()]) {
            let link = code.web_link(origin);
            let (_, fragment) = link.split_once('#').unwrap();
            let want = JoinCode {
                addrs: vec![origin],
                ..code.clone()
            };
            assert_eq!(JoinCode::from_fragment(fragment, origin), Ok(want.clone()));
            // With its `#` (as `location.hash` gives it) and broken by a chat.
            let hashed = format!("#{}\n {}", &fragment[..5], &fragment[5..]);
            assert_eq!(JoinCode::from_fragment(&hashed, origin), Ok(want));
        }
    }

    #[test]
    fn a_bad_fragment_says_what_is_wrong() {
        let fp = "ab".repeat(32);
        let origin: SocketAddr = "[::1]:4433".parse().unwrap();
        let table = [
            ("", JoinCodeError::NoRole),
            ("#", JoinCodeError::NoRole),
            (&format!("?fp={fp}") as &str, JoinCodeError::NoRole),
            (&format!("/k3y?fp={fp}"), JoinCodeError::NoRole),
            (
                &format!("boss/k3y?fp={fp}"),
                JoinCodeError::Role("boss".into()),
            ),
            (
                &format!("team-x/k3y?fp={fp}"),
                JoinCodeError::Role("team-x".into()),
            ),
            (&format!("team-7?fp={fp}"), JoinCodeError::NoSecret),
            ("team-7/k3y", JoinCodeError::NoFingerprint),
            ("team-7/k3y?fp=abc", JoinCodeError::Fingerprint),
            ("team-7/k3y?x=1", JoinCodeError::NoFingerprint),
        ];
        for (fragment, want) in table {
            assert_eq!(
                JoinCode::from_fragment(fragment, origin),
                Err(want),
                "{fragment:?}"
            );
        }
    }

    #[test]
    fn the_web_link_names_the_halls_address_before_loopback_ipv6_in_brackets() {
        let addr = |s: &str| -> SocketAddr { s.parse().unwrap() };
        let table: [(&[&str], Option<&str>); 6] = [
            (
                &["127.0.0.1:4433", "192.168.1.10:4433"],
                Some("http://192.168.1.10:80"),
            ),
            (
                &["192.168.1.10:4433", "10.0.0.2:4433"],
                Some("http://192.168.1.10:80"),
            ),
            (
                &["127.0.0.1:4433", "[::1]:4433"],
                Some("http://127.0.0.1:80"),
            ),
            (
                &["[::1]:4433", "[fd00::5]:4433"],
                Some("http://[fd00::5]:80"),
            ),
            (&["[::1]:4433"], Some("http://[::1]:80")),
            (&[], None),
        ];
        for (addrs, want) in table {
            let code = JoinCode {
                addrs: addrs.iter().map(|a| addr(a)).collect(),
                ..sample()
            };
            let got = code.web_addr(80).map(web_origin);
            assert_eq!(got.as_deref(), want, "{addrs:?}");
        }
        let code = JoinCode {
            addrs: vec![addr("[::1]:4433"), addr("[fd00::5]:4433")],
            ..sample()
        };
        let web = code.web_addr(4433).unwrap();
        assert!(
            code.web_link(web)
                .starts_with("http://[fd00::5]:4433/#team-7/k3y?fp=abab")
        );
    }

    #[test]
    fn bad_codes_say_what_is_wrong() {
        let fp = "ab".repeat(32);
        let table = [
            ("http://x", JoinCodeError::Scheme),
            (
                "minuta://localhost/host/s?fp=00",
                JoinCodeError::Address("localhost".into()),
            ),
            (
                &format!("minuta://1.2.3.4:1/boss/s?fp={fp}") as &str,
                JoinCodeError::Role("boss".into()),
            ),
            ("minuta://1.2.3.4:1/host/s", JoinCodeError::NoFingerprint),
            (
                "minuta://1.2.3.4:1/host/s?fp=abc",
                JoinCodeError::Fingerprint,
            ),
            (
                &format!("minuta://1.2.3.4:1/host?fp={fp}"),
                JoinCodeError::NoSecret,
            ),
        ];
        for (input, want) in table {
            assert_eq!(JoinCode::parse(input), Err(want), "{input}");
        }
    }
}
