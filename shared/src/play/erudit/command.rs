//! What the host and the captains ask of an Эрудит-квартет tournament, and
//! what the server answers. The players' button is not here: a press
//! travels on its own path ([`crate::play::button`]) and is stamped on
//! arrival.

use serde::{Deserialize, Serialize};

use super::EruditTiming;
use crate::ids::TeamId;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EruditCommand {
    // ---- the host ----
    /// A question package file as the host picked it: its themes join the
    /// pool each tour takes its four round themes from (5.9, 5.10).
    LoadPackage {
        file_name: String,
        bytes: Vec<u8>,
    },
    SetTiming {
        timing: EruditTiming,
    },
    /// 5.2–5.3: the qualified teams (by hand, `seed` the lot's seed; or by
    /// the event from its ChGK standings), drawn blind into groups of four.
    Seed {
        teams: Vec<TeamId>,
        seed: u64,
    },
    /// Opens a group's game of the current stage (one game at a time).
    StartGame {
        group: u32,
    },
    /// 5.7: announces the next tour (open: its four themes; semi-open: the
    /// next round's theme) and gives the captains their time.
    OpenLineup,
    /// Ends the line-up early; a team that did not assign gets the default.
    CloseLineup,
    /// A team's line-up for the open window: one player per round to assign
    /// (four in the open and closed tours, one in a semi-open round). The
    /// captain sends it for their own team (`team` empty); the host may
    /// send it for a team whose laptop failed.
    SetLineup {
        team: Option<TeamId>,
        players: Vec<String>,
    },
    /// The host starts reading the current question.
    Read,
    /// The host finished reading: 5 s for a press.
    EndReading,
    /// A player asked for the wording: the host reads it again.
    Reread,
    /// The answering player's answer: right (+value) or wrong (−value).
    Judge {
        correct: bool,
    },
    /// On from a closed question: the next question, round or tour.
    Next,
    /// 5.4, 5.5: a shoot-off question to the teams of the deciding tie the
    /// tournament waits at (the host reads it; their buttons go live).
    ShootOffQuestion,
    /// The answering tied team's shoot-off answer.
    ShootOffJudge {
        correct: bool,
    },
    /// Nobody answers the shoot-off question right: the next one follows.
    ShootOffNobody,
    /// The host settles the tie by lot instead, with this seed (shown on
    /// the host's screen before it is sent, and to the hall with the
    /// result).
    DrawLot {
        seed: u64,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EruditReceipt {
    Done,
    /// The pool now holds `themes` themes, `added` of them new.
    PackageLoaded {
        added: u32,
        themes: u32,
    },
    /// The draw's groups, in order.
    Drawn {
        groups: Vec<Vec<TeamId>>,
    },
}
