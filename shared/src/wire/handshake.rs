//! The handshake: the client's first frame says which protocol version it
//! speaks and who it is; the server binds that identity to the connection
//! for its whole life, or refuses with a typed reason.

use serde::{Deserialize, Serialize};

use crate::ids::{JudgeId, TeamId};
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
}

/// Who a connection is, as bound by the server at the handshake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Identity {
    Host,
    Judge(JudgeId),
    Team(TeamId),
    Display,
    /// 6.5: the appeal jury (АЖ): decides appeals, controls nothing else.
    Jury,
    /// Нептун 2.2: one ломтик of a team, acting only as itself.
    Slice(TeamId, crate::ids::Slice),
}

impl Identity {
    pub fn role(self) -> Role {
        match self {
            Identity::Host => Role::Host,
            Identity::Judge(_) => Role::Judge,
            Identity::Team(_) => Role::Team,
            Identity::Display => Role::Display,
            Identity::Jury => Role::Jury,
            Identity::Slice(..) => Role::Team,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    Host,
    Judge,
    Team,
    Display,
    Jury,
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::codec::{decode, encode};
    use crate::wire::envelope::Envelope;

    /// The handshake encoding is pinned: changing these bytes breaks every
    /// deployed terminal, so it must come with a new PROTOCOL_VERSION.
    #[test]
    fn handshake_golden_bytes() {
        let hello = Envelope::new(
            0,
            Hello {
                protocol: 7,
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
                7, // envelope.version
                0, // envelope.seq
                7, // hello.protocol
                2, // Credential::Team
                3, // team id
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
}
