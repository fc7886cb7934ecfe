//! The hall's network as a terminal finds a server on it: the DNS-SD TXT
//! record a Minuta server advertises (service `_minuta._udp`) and the short
//! code a person can type («K7QM-4H2X»). Pure: no sockets or threads here —
//! the server's `lan` module advertises, the app's `discovery` browses.
//!
//! A short code has two halves. The first names the server: 20 bits of its
//! certificate's fingerprint, matched against the fingerprints the servers
//! in the hall advertise. The second is the team's credential: 20 bits of a
//! one-way digest of the team's secret, checked by the server (a wrong one
//! is a strike against its address at the gate and counts against the
//! server's budget of wrong short codes). It pins the certificate
//! more weakly than the long code's 256 bits (docs/running-a-game.md, «Short codes»).

use std::net::{IpAddr, SocketAddr};

use thiserror::Error;

use crate::join_code::{JoinCode, fingerprint_hex, parse_fingerprint};
use crate::wire::handshake::Credential;

/// The DNS-SD service type every Minuta server advertises.
pub const SERVICE_TYPE: &str = "_minuta._udp.local.";

/// Crockford's base 32: no I, L, O or U, so nothing reads as another sign.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/// Characters in each half of a short code (20 bits).
pub const HALF_CHARS: usize = 4;
/// Separates this digest of a team's secret from any other use of SHA-256.
const TEAM_DOMAIN: &[u8] = b"minuta-short-code\0";
/// RFC 6763 6.1: one TXT string (key, `=`, value) is at most 255 bytes.
const TXT_STRING_MAX: usize = 255;

/// What a server tells the hall in its TXT record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Advert {
    pub tournament: String,
    /// The UDP port the server listens on.
    pub port: u16,
    pub fingerprint: [u8; 32],
    pub protocol: u16,
    /// The projector's secret: the display shows only what the hall sees,
    /// so its code may be public in the hall.
    pub display_secret: String,
}

/// A server found in the hall: its advert and the addresses it answered from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The DNS-SD instance's full name: stable while the server runs.
    pub instance: String,
    pub advert: Advert,
    pub addrs: Vec<IpAddr>,
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LanError {
    #[error("a short code is {want} letters or digits (like K7QM-4H2X); this one has {got}")]
    ShortLength { want: usize, got: usize },
    #[error("«{0}» cannot be in a short code (letters and digits only, like K7QM-4H2X)")]
    ShortChar(char),
    #[error("no Minuta server with the code «{0}» has been found in the hall (yet)")]
    NoServer(String),
    #[error("{count} servers in the hall answer to «{server}»: use the long join code or its QR")]
    ManyServers { server: String, count: usize },
    #[error(
        "this server's certificate is not the one the join code names: it is refused (ask the host)"
    )]
    PinMismatch,
    #[error(
        "this server speaks protocol version {server}, this terminal {ours}: install the same Minuta version on both"
    )]
    Version { server: u16, ours: u16 },
    #[error("the server's advert lacks a valid «{0}»")]
    Txt(&'static str),
    #[error("the server's advert names no address to reach it")]
    NoAddress,
}

impl Advert {
    /// The TXT record's key/value pairs: `v` protocol, `port`, `fp` (64 hex
    /// digits), `display` (the projector's secret), `name` (the tournament,
    /// cut at a character boundary to fit one TXT string).
    pub fn txt(&self) -> Vec<(String, String)> {
        let name_room = TXT_STRING_MAX - "name=".len();
        let mut name = String::new();
        for c in self.tournament.chars() {
            if name.len() + c.len_utf8() > name_room {
                break;
            }
            name.push(c);
        }
        vec![
            ("v".into(), self.protocol.to_string()),
            ("port".into(), self.port.to_string()),
            ("fp".into(), fingerprint_hex(&self.fingerprint)),
            ("display".into(), self.display_secret.clone()),
            ("name".into(), name),
        ]
    }

    /// Reads an advert back from its TXT record (`get` looks a key up).
    pub fn from_txt<'a>(get: impl Fn(&str) -> Option<&'a str>) -> Result<Self, LanError> {
        let protocol = get("v")
            .and_then(|v| v.parse().ok())
            .ok_or(LanError::Txt("v"))?;
        let port = get("port")
            .and_then(|v| v.parse().ok())
            .filter(|p| *p != 0)
            .ok_or(LanError::Txt("port"))?;
        let fingerprint = get("fp")
            .and_then(|v| parse_fingerprint(v).ok())
            .ok_or(LanError::Txt("fp"))?;
        let display_secret = get("display")
            .filter(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_graphic() && c != '/'))
            .ok_or(LanError::Txt("display"))?
            .to_owned();
        let tournament = get("name").unwrap_or_default().to_owned();
        Ok(Advert {
            tournament,
            port,
            fingerprint,
            protocol,
            display_secret,
        })
    }
}

impl Found {
    /// The first half of the short codes of this server.
    pub fn server_half(&self) -> String {
        server_half(&self.advert.fingerprint)
    }

    /// Whether this terminal can talk to the server at all.
    pub fn check_version(&self) -> Result<(), LanError> {
        let ours = crate::wire::PROTOCOL_VERSION;
        if self.advert.protocol == ours {
            Ok(())
        } else {
            Err(LanError::Version {
                server: self.advert.protocol,
                ours,
            })
        }
    }

    /// Where to reach it: IPv4 first (IPv6 link-local needs a scope), in a
    /// fixed order.
    pub fn socket_addrs(&self) -> Vec<SocketAddr> {
        let mut addrs = self.addrs.clone();
        addrs.sort_by_key(|ip| (ip.is_ipv6(), *ip));
        addrs.dedup();
        addrs
            .into_iter()
            .map(|ip| SocketAddr::new(ip, self.advert.port))
            .collect()
    }

    fn code(&self, credential: Credential) -> Result<JoinCode, LanError> {
        self.check_version()?;
        let addrs = self.socket_addrs();
        if addrs.is_empty() {
            return Err(LanError::NoAddress);
        }
        Ok(JoinCode {
            addrs,
            fingerprint: self.advert.fingerprint,
            credential,
        })
    }

    /// The projector's join code, from the advert alone.
    pub fn display_code(&self) -> Result<JoinCode, LanError> {
        self.code(Credential::Display {
            secret: self.advert.display_secret.clone(),
        })
    }

    /// A team's short code typed after choosing this server: its first
    /// half must name this server.
    pub fn team_code(&self, short: &ShortCode) -> Result<JoinCode, LanError> {
        if short.server != self.server_half() {
            return Err(LanError::PinMismatch);
        }
        self.code(Credential::ShortTeam {
            code: short.team.clone(),
        })
    }

    /// A long join code given after choosing this server: the code's
    /// fingerprint is the pin, and an advert that disagrees is refused —
    /// discovery never replaces the pin. The code is used as it is.
    pub fn confirm(&self, code: JoinCode) -> Result<JoinCode, LanError> {
        if code.fingerprint == self.advert.fingerprint {
            Ok(code)
        } else {
            Err(LanError::PinMismatch)
        }
    }
}

/// The join code a typed short code stands for, among the servers found:
/// exactly one must answer to its first half.
pub fn resolve(short: &ShortCode, found: &[Found]) -> Result<JoinCode, LanError> {
    let mut matching = found.iter().filter(|f| f.server_half() == short.server);
    match (matching.next(), matching.count()) {
        (None, _) => Err(LanError::NoServer(short.server.clone())),
        (Some(only), 0) => only.team_code(short),
        (Some(_), more) => Err(LanError::ManyServers {
            server: short.server.clone(),
            count: more + 1,
        }),
    }
}

/// A short code: the server's half and the team's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShortCode {
    pub server: String,
    pub team: String,
}

impl ShortCode {
    /// The short code of the team whose secret is `team_secret` on the
    /// server with certificate `fingerprint`.
    pub fn for_team(fingerprint: &[u8; 32], team_secret: &str) -> Self {
        ShortCode {
            server: server_half(fingerprint),
            team: team_half(team_secret),
        }
    }

    /// Reads a typed code: case, spaces and dashes do not matter, Cyrillic
    /// look-alikes (А, В, Е, К, М, Н, О, Р, С, Т, Х, У) read as Latin, and
    /// I/L as 1, O as 0 (Crockford's base 32).
    pub fn parse(input: &str) -> Result<Self, LanError> {
        let signs = signs(input)?;
        if signs.len() != 2 * HALF_CHARS {
            return Err(LanError::ShortLength {
                want: 2 * HALF_CHARS,
                got: signs.len(),
            });
        }
        let (server, team) = signs.split_at(HALF_CHARS);
        Ok(ShortCode {
            server: server.to_owned(),
            team: team.to_owned(),
        })
    }

    /// As [`ShortCode::parse`], after the person chose the server whose
    /// half is `server`: the team's half alone is enough.
    pub fn parse_on(input: &str, server: &str) -> Result<Self, LanError> {
        let signs = signs(input)?;
        if signs.len() == HALF_CHARS {
            return Ok(ShortCode {
                server: server.to_owned(),
                team: signs,
            });
        }
        Self::parse(input)
    }

    /// Whether `input` is meant as a short code rather than a long one.
    pub fn looks_short(input: &str) -> bool {
        let trimmed = input.trim();
        !trimmed.is_empty() && !trimmed.contains("://") && trimmed.chars().count() <= 16
    }
}

impl std::fmt::Display for ShortCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}-{}", self.server, self.team)
    }
}

/// The typed signs, normalised; separators dropped.
fn signs(input: &str) -> Result<String, LanError> {
    let mut signs = String::new();
    for c in input.chars() {
        if c.is_whitespace() || matches!(c, '-' | '–' | '—' | '_' | '.') {
            continue;
        }
        signs.push(normalise(c).ok_or(LanError::ShortChar(c))?);
    }
    Ok(signs)
}

/// One typed sign as a sign of the alphabet, or `None`.
fn normalise(c: char) -> Option<char> {
    let latin = match c.to_uppercase().next()? {
        'А' => 'A',
        'В' => 'B',
        'Е' => 'E',
        'К' => 'K',
        'М' => 'M',
        'Н' => 'H',
        'О' | 'O' => '0',
        'Р' => 'P',
        'С' => 'C',
        'Т' => 'T',
        'Х' => 'X',
        'У' => 'Y',
        'I' | 'L' => '1',
        other => other,
    };
    (latin.is_ascii() && ALPHABET.contains(&(latin as u8))).then_some(latin)
}

/// Four signs of 20 bits, most significant first.
fn half(bits: u32) -> String {
    (0..HALF_CHARS)
        .rev()
        .map(|i| char::from(ALPHABET[((bits >> (5 * i)) & 31) as usize]))
        .collect()
}

/// The first 20 bits of the bytes.
fn first_20_bits(bytes: &[u8]) -> u32 {
    let [a, b, c] = [0, 1, 2].map(|i| u32::from(bytes.get(i).copied().unwrap_or(0)));
    ((a << 16) | (b << 8) | c) >> 4
}

/// The server's half: the fingerprint is already a SHA-256 digest.
pub fn server_half(fingerprint: &[u8; 32]) -> String {
    half(first_20_bits(fingerprint))
}

/// The team's half: 20 bits of a one-way digest of its secret, so a short
/// code gives away nothing of the long secret.
pub fn team_half(team_secret: &str) -> String {
    let mut ctx = ring::digest::Context::new(&ring::digest::SHA256);
    ctx.update(TEAM_DOMAIN);
    ctx.update(team_secret.as_bytes());
    half(first_20_bits(ctx.finish().as_ref()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn advert() -> Advert {
        Advert {
            tournament: "Кубок зала".into(),
            port: 4433,
            fingerprint: [0xab; 32],
            protocol: crate::wire::PROTOCOL_VERSION,
            display_secret: "d1spl4y".into(),
        }
    }

    fn found(fingerprint: [u8; 32]) -> Found {
        Found {
            instance: "x".into(),
            advert: Advert {
                fingerprint,
                ..advert()
            },
            addrs: vec!["fe80::1".parse().unwrap(), "10.0.0.5".parse().unwrap()],
        }
    }

    fn txt_of(advert: &Advert) -> Vec<(String, String)> {
        advert.txt()
    }

    fn read(txt: &[(String, String)]) -> Result<Advert, LanError> {
        Advert::from_txt(|key| txt.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str()))
    }

    #[test]
    fn an_advert_survives_its_txt_record() {
        let advert = advert();
        assert_eq!(read(&txt_of(&advert)), Ok(advert));
    }

    #[test]
    fn a_long_tournament_name_is_cut_to_one_txt_string_at_a_character() {
        let advert = Advert {
            tournament: "Ж".repeat(300),
            ..advert()
        };
        let txt = txt_of(&advert);
        for (k, v) in &txt {
            assert!(k.len() + 1 + v.len() <= TXT_STRING_MAX, "{k}");
        }
        let back = read(&txt).unwrap();
        assert!(back.tournament.chars().all(|c| c == 'Ж'));
        assert_eq!(back.tournament.chars().count(), 125);
    }

    #[test]
    fn a_bad_advert_says_which_field() {
        let mut txt = txt_of(&advert());
        txt.retain(|(k, _)| k != "fp");
        assert_eq!(read(&txt), Err(LanError::Txt("fp")));
        let mut txt = txt_of(&advert());
        txt[1].1 = "0".into();
        assert_eq!(read(&txt), Err(LanError::Txt("port")));
        let mut txt = txt_of(&advert());
        txt[3].1 = "a/b".into();
        assert_eq!(read(&txt), Err(LanError::Txt("display")));
    }

    #[test]
    fn the_display_code_comes_from_the_advert_ipv4_first() {
        let code = found([0xab; 32]).display_code().unwrap();
        assert_eq!(
            code.to_string(),
            format!(
                "minuta://10.0.0.5:4433,[fe80::1]:4433/display/d1spl4y?fp={}",
                "ab".repeat(32)
            )
        );
    }

    #[test]
    fn a_server_of_another_protocol_is_refused_with_both_versions() {
        let mut other = found([1; 32]);
        other.advert.protocol = 1;
        assert!(matches!(
            other.display_code(),
            Err(LanError::Version { server: 1, .. })
        ));
    }

    #[test]
    fn a_short_code_resolves_to_the_one_server_it_names() {
        let ours = found([0x11; 32]);
        let theirs = found([0x99; 32]);
        let short = ShortCode::for_team(&[0x11; 32], "team-secret");
        let code = resolve(&short, &[theirs.clone(), ours]).unwrap();
        assert_eq!(code.fingerprint, [0x11; 32]);
        assert_eq!(
            code.credential,
            Credential::ShortTeam {
                code: team_half("team-secret")
            }
        );
        assert_eq!(
            resolve(&short, std::slice::from_ref(&theirs)),
            Err(LanError::NoServer(short.server.clone()))
        );
        assert_eq!(
            resolve(&short, &[found([0x11; 32]), found([0x11; 32])]),
            Err(LanError::ManyServers {
                server: short.server.clone(),
                count: 2
            })
        );
        // Chosen by hand, a server the code does not name is refused.
        assert_eq!(theirs.team_code(&short), Err(LanError::PinMismatch));
    }

    #[test]
    fn a_long_code_pins_the_certificate_whatever_the_advert_says() {
        let chosen = found([0x22; 32]);
        let good = chosen.display_code().unwrap();
        assert_eq!(chosen.confirm(good.clone()), Ok(good.clone()));
        let other = JoinCode {
            fingerprint: [0x23; 32],
            ..good
        };
        assert_eq!(chosen.confirm(other), Err(LanError::PinMismatch));
    }

    #[test]
    fn typed_codes_forgive_case_spaces_and_cyrillic_look_alikes() {
        let want = ShortCode {
            server: "K7QM".into(),
            team: "4H2X".into(),
        };
        for typed in ["K7QM-4H2X", "k7qm 4h2x", " К7QМ—4Н2Х ", "k7qm4h2x"] {
            assert_eq!(ShortCode::parse(typed), Ok(want.clone()), "{typed}");
        }
        assert_eq!(ShortCode::parse("o1il-0000").unwrap().server, "0111");
        // Once the server is chosen, the team's half is enough.
        assert_eq!(ShortCode::parse_on("4h2x", "K7QM"), Ok(want.clone()));
        assert_eq!(ShortCode::parse_on("K7QM-4H2X", "ZZZZ"), Ok(want.clone()));
        assert_eq!(want.to_string(), "K7QM-4H2X");
    }

    #[test]
    fn a_bad_short_code_says_what_is_wrong() {
        assert_eq!(
            ShortCode::parse("K7QM-4H2"),
            Err(LanError::ShortLength { want: 8, got: 7 })
        );
        assert_eq!(ShortCode::parse("K7QM-4H2U"), Err(LanError::ShortChar('U')));
        assert_eq!(ShortCode::parse("K7QM-4H2?"), Err(LanError::ShortChar('?')));
        assert_eq!(ShortCode::parse("Ж7QM-4H2X"), Err(LanError::ShortChar('Ж')));
    }

    /// Pinned: printed short codes stay valid across releases.
    #[test]
    fn the_halves_are_pinned() {
        assert_eq!(server_half(&[0; 32]), "0000");
        assert_eq!(server_half(&[0xff; 32]), "ZZZZ");
        let mut fp = [0; 32];
        fp[..3].copy_from_slice(&[0x12, 0x34, 0x56]);
        // 0x12345 = 2·32³ + 8·32² + 26·32 + 5, and sign 26 is T.
        assert_eq!(server_half(&fp), "28T5");
        assert_eq!(team_half("abc").len(), HALF_CHARS);
        assert_eq!(team_half("abc"), team_half("abc"));
        assert_ne!(team_half("abc"), team_half("abd"));
    }

    proptest! {
        #[test]
        fn every_short_code_reads_back(fp in any::<[u8; 32]>(), secret in "[a-z0-9]{1,40}") {
            let short = ShortCode::for_team(&fp, &secret);
            prop_assert_eq!(ShortCode::parse(&short.to_string()), Ok(short.clone()));
            prop_assert_eq!(ShortCode::parse(&short.to_string().to_lowercase()), Ok(short));
        }

        #[test]
        fn no_typed_text_panics(text in "\\PC{0,20}") {
            let _ = ShortCode::parse(&text);
        }
    }
}
