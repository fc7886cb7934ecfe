//! Who acts in the hall: a connection's identity (the host, a judge, a
//! team, a ломтик, the projector, the appeal jury) and the role that
//! decides what it may send. Both the wire (the handshake binds an
//! identity) and the games (which decide by it) use them; nothing else
//! lives here.

use serde::{Deserialize, Serialize};

use crate::ids::{JudgeId, Slice, TeamId};

/// Who a connection is, as the server binds it at the handshake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Identity {
    Host,
    Judge(JudgeId),
    Team(TeamId),
    Display,
    /// 6.5: the appeal jury (АЖ): decides appeals, controls nothing else.
    Jury,
    /// Нептун 2.2: one ломтик of a team, acting only as itself.
    Slice(TeamId, Slice),
}

impl Identity {
    pub fn role(self) -> Role {
        match self {
            Identity::Host => Role::Host,
            Identity::Judge(_) => Role::Judge,
            Identity::Team(_) => Role::Team,
            Identity::Display => Role::Display,
            Identity::Jury => Role::Jury,
            // A ломтик may send what a team may; its format decides what
            // the ломтик itself may do by its identity.
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
