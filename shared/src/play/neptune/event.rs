//! What happened in a Нептун game, as stored. Every event that happens at
//! a moment carries it, so a replay passes the same deadlines at the same
//! instants. Only ever append variants at the end.

use serde::{Deserialize, Serialize};

use super::{CardKey, NeptunePackage, NeptuneSettings};
use crate::ids::TeamId;
use crate::play::neptune::rules::Bid;
use crate::time::ServerTime;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NeptuneEvent {
    PackageLoaded {
        package: NeptunePackage,
    },
    SettingsSet {
        settings: NeptuneSettings,
    },
    /// The teams that play, with each one's players as registered then.
    Registered {
        teams: Vec<(TeamId, Vec<String>)>,
    },
    ContestStarted {
        at: ServerTime,
    },
    Announced {
        rating: Option<u32>,
        at: ServerTime,
    },
    MinuteStarted {
        at: ServerTime,
    },
    CardHandedIn {
        key: CardKey,
        answers: Vec<String>,
        at: ServerTime,
        late: bool,
    },
    Judged {
        cards: Vec<CardKey>,
        part: u8,
        correct: bool,
    },
    Revealed {
        at: ServerTime,
    },
    SplitSet {
        team: TeamId,
        top: Vec<String>,
        bottom: Vec<String>,
    },
    Declared {
        team: TeamId,
        count: u32,
        at: ServerTime,
        late: bool,
    },
    PhraseMarked {
        team: TeamId,
        phrase: u32,
        marked: bool,
    },
    BiddingOpened {
        at: ServerTime,
    },
    /// A bid accepted, in server arrival order; `by_host` when the host let
    /// it in for the team.
    BidPlaced {
        team: TeamId,
        bid: Bid,
        at: ServerTime,
        by_host: bool,
    },
    /// The count reached «три» (or the host closed it): the last bidder wins,
    /// or (6.2) is excluded and the bidding starts again. Stored when the
    /// server's count ends, so a restart never reopens a closed bidding.
    CountEnded {
        at: ServerTime,
    },
    /// The server started again during the bidding: the standing bid holds
    /// and the count starts afresh from `at`.
    CountRestarted {
        at: ServerTime,
    },
}

impl NeptuneEvent {
    /// The moment the event happened, for those that carry one.
    pub fn at(&self) -> Option<ServerTime> {
        use NeptuneEvent as E;
        match self {
            E::ContestStarted { at }
            | E::Announced { at, .. }
            | E::MinuteStarted { at }
            | E::CardHandedIn { at, .. }
            | E::Revealed { at }
            | E::Declared { at, .. }
            | E::BiddingOpened { at }
            | E::BidPlaced { at, .. }
            | E::CountEnded { at }
            | E::CountRestarted { at } => Some(*at),
            E::PackageLoaded { .. }
            | E::SettingsSet { .. }
            | E::Registered { .. }
            | E::Judged { .. }
            | E::SplitSet { .. }
            | E::PhraseMarked { .. } => None,
        }
    }
}
