//! The handshake: the client's first frame says which protocol version it
//! speaks and who it is; the server binds that identity to the connection
//! for its whole life, or refuses with a typed reason.

use serde::{Deserialize, Serialize};

use crate::identity::Identity;
use crate::ids::{JudgeId, Slice, TeamId};
use crate::time::ServerTime;

/// What a terminal presents to prove who it is. Secrets come from join codes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Credential {
    Host {
        secret: String,
    },
    Judge {
        judge: JudgeId,
        secret: String,
    },
    Team {
        team: TeamId,
        secret: String,
    },
    Display {
        secret: String,
    },
    /// 6.5: the appeal jury (АЖ).
    Jury {
        secret: String,
    },
    /// Нептун 2.2: one of a team's two ломтики; its secret is derived from
    /// the team's ([`super::slice_secret::slice_secret`]), so it proves the
    /// ломтик and nothing more.
    Slice {
        team: TeamId,
        slice: Slice,
        secret: String,
    },
    /// A team by the second half of its short code («K7QM-4H2X»): 20 bits
    /// of a digest of the team's secret, which the server matches against
    /// every team's (`crate::lan`). Weaker than a team's secret, so every
    /// wrong one is a strike against its address at the server's gate.
    ShortTeam {
        code: String,
    },
}

/// The client's first frame (inside an `Envelope`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hello {
    /// Must equal the server's `PROTOCOL_VERSION`.
    pub protocol: u16,
    pub credential: Credential,
    /// Free text naming the client software, for the host's connection list.
    pub client: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HelloReply {
    Welcome(Welcome),
    Refused(Refusal),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Welcome {
    pub protocol: u16,
    pub identity: Identity,
    /// For a first clock-offset estimate before any ping.
    pub server_now: ServerTime,
}

/// Why the server refused a handshake. Every variant has a message a person
/// understands (see `Display`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum Refusal {
    #[error(
        "this terminal speaks protocol version {client}, the server speaks {server}: install the same Minuta version on both"
    )]
    VersionMismatch { server: u16, client: u16 },
    #[error(
        "the join code's secret is not valid on this server: ask the host for a fresh join code"
    )]
    BadSecret,
    #[error("there is no such team or judge on this server: ask the host for a fresh join code")]
    UnknownMember,
    #[error("the first message was not a greeting this server understands")]
    NotAHello,
    /// Two teams' short codes share their second half (about one event in
    /// six hundred with 60 teams): neither can join by it.
    #[error("this short code fits more than one team: use the team's long join code or its QR")]
    AmbiguousShortCode,
    /// Too many wrong short codes came in the last minute (from any
    /// address): short codes are refused for a while, long ones never.
    #[error(
        "too many wrong short codes lately: try again in a minute, or use the team's long join code or its QR"
    )]
    ShortCodesPaused,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::identity::Role;
    use crate::wire::codec::{decode, encode};
    use crate::wire::envelope::Envelope;

    /// The handshake encoding is pinned: changing these bytes breaks every
    /// deployed terminal, so it must come with a new PROTOCOL_VERSION.
    #[test]
    fn handshake_golden_bytes() {
        let hello = Envelope::new(
            0,
            Hello {
                protocol: 14,
                credential: Credential::Team {
                    team: TeamId(3),
                    secret: "abc".into(),
                },
                client: "t".into(),
            },
        );
        let bytes = encode(&hello).unwrap();
        assert_eq!(
            bytes,
            vec![
                14, // envelope.version
                0,  // envelope.seq
                14, // hello.protocol
                2,  // Credential::Team
                3,  // team id
                3, b'a', b'b', b'c', // secret
                1, b't', // client
            ]
        );
        assert_eq!(decode::<Envelope<Hello>>(&bytes).unwrap(), hello);

        let reply = HelloReply::Refused(Refusal::VersionMismatch {
            server: 1,
            client: 2,
        });
        assert_eq!(encode(&reply).unwrap(), vec![1, 0, 1, 2]);
        let welcome = HelloReply::Welcome(Welcome {
            protocol: 1,
            identity: Identity::Team(TeamId(3)),
            server_now: ServerTime(5),
        });
        assert_eq!(encode(&welcome).unwrap(), vec![0, 1, 2, 3, 5]);
    }

    /// A ломтик's credential and identity came last, so every older
    /// variant keeps its tag.
    #[test]
    fn a_slice_is_encoded_after_every_older_variant() {
        let credential = Credential::Slice {
            team: TeamId(3),
            slice: Slice::Bottom,
            secret: "s".into(),
        };
        assert_eq!(encode(&credential).unwrap(), vec![5, 3, 1, 1, b's']);
        let identity = Identity::Slice(TeamId(3), Slice::Top);
        assert_eq!(encode(&identity).unwrap(), vec![5, 3, 0]);
        assert_eq!(identity.role(), Role::Team);
    }

    /// Protocol 9 added the short code's credential and its refusal last.
    #[test]
    fn a_short_code_is_encoded_after_every_older_variant() {
        let credential = Credential::ShortTeam {
            code: "4H2X".into(),
        };
        assert_eq!(
            encode(&credential).unwrap(),
            vec![6, 4, b'4', b'H', b'2', b'X']
        );
        assert_eq!(encode(&Refusal::AmbiguousShortCode).unwrap(), vec![4]);
        assert_eq!(encode(&Refusal::ShortCodesPaused).unwrap(), vec![5]);
    }
}
