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

impl std::fmt::Display for JoinCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(SCHEME)?;
        for (i, a) in self.addrs.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{a}")?;
        }
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
        write!(
            f,
            "/{role}/{secret}?fp={}",
            fingerprint_hex(&self.fingerprint)
        )
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
