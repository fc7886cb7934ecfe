//! What the host (Нептун), the captains and the ломтики ask of a Нептун
//! game, and what the server answers when it accepts.

use serde::{Deserialize, Serialize};

use super::{CardKey, NeptuneSettings};
use crate::ids::{Slice, TeamId};
use crate::play::neptune::rules::Bid;
use crate::time::ServerTime;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NeptuneCommand {
    // ---- the host ----
    /// A Нептун package (JSON) as the host picked it.
    LoadPackage { file_name: String, bytes: Vec<u8> },
    /// Durations and contest sizes, before the first contest starts.
    SetSettings { settings: NeptuneSettings },
    /// The teams that play this game; 0.2: each has 4 to 6 players.
    /// Until the first contest starts it may be sent again.
    Register { teams: Vec<TeamId> },
    /// The next contest begins (0.1: in order). Сэндвич: the splits are
    /// fixed (2.2). Джокер: the topics go up and the 20 s run (5.2).
    /// Аукцион: the scores so far are its current scores (6.2).
    StartContest,
    /// The next question (Блицкриг: block) goes up; Негатив: its rating
    /// (1.3), which the package may suggest; the host reads it.
    Announce { rating: Option<u32> },
    /// The discussion starts: a minute (Блицкриг: the next question's 20 s).
    StartMinute,
    /// A group of identical answers judged at once (0.4: by the host
    /// alone). `part` is the answer's number on a Блицкриг card (0–3).
    Judge {
        cards: Vec<CardKey>,
        part: u8,
        correct: bool,
    },
    /// The answer and the verdicts go to the hall (Негатив: without the
    /// «перевёртыш», 1.4). Джокер: the question closes with its verdicts
    /// hidden; the last one reveals the whole tour (5.5).
    Reveal,
    /// 6.2: the bidding for the next auction question opens.
    OpenBidding,
    /// 6.3: the host ends the count at once, as if «три» was said.
    CloseBidding,

    // ---- a team (its captain), or the host for a team ----
    /// 2.2: the captain's split of the team into two ломтики; the host may
    /// send it for a team (`team`); changeable until Сэндвич starts.
    SetSplit {
        team: Option<TeamId>,
        top: Vec<String>,
        bottom: Vec<String>,
    },
    /// 6.3–6.4: a bid; the host lets one in by hand for a team whose
    /// captain's laptop failed (`team`).
    Bid { team: Option<TeamId>, bid: Bid },

    // ---- a team ----
    /// 5.2: how many of the tour's questions the team takes.
    Declare { count: u32 },
    /// The team's (Сэндвич: the ломтик's) card for the current question;
    /// Блицкриг: the block's four answers on one card (3.3). Final once
    /// accepted, as a card handed in.
    Answer {
        answers: Vec<String>,
        /// The ломтик the card is for: a ломтик may name only itself (or
        /// nothing); a team's terminal names none.
        slice: Option<Slice>,
    },
    /// The team's private marks on its Негатив sheet (1.2).
    MarkPhrase { phrase: u32, marked: bool },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NeptuneReceipt {
    Done,
    PackageLoaded {
        title: String,
        questions: u32,
    },
    /// The card is stored; a late one is kept but never scored.
    Card {
        received_at: ServerTime,
        late: bool,
    },
    /// The bid is stored: `place` is its place in the bidding's arrival
    /// order (from 1).
    Bid {
        place: u32,
        at: ServerTime,
    },
}
