//! What happened in an Эрудит-квартет tournament, as stored. Every event
//! that happens at a moment carries it, so that a replay passes the same
//! deadlines at the same instants.

use serde::{Deserialize, Serialize};

use super::{EruditTheme, EruditTiming};
use crate::ids::TeamId;
use crate::time::ServerTime;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EruditEvent {
    TimingSet {
        timing: EruditTiming,
    },
    ThemesAdded {
        themes: Vec<EruditTheme>,
    },
    /// 5.3: the draw as made (the groups are stored, not redrawn).
    Seeded {
        teams: Vec<TeamId>,
        seed: u64,
        groups: Vec<Vec<TeamId>>,
    },
    /// A group's game opened; each team's players as registered then (the
    /// captain picks from them, and a missing line-up defaults to them).
    GameStarted {
        stage: u32,
        group: u32,
        players: Vec<Vec<String>>,
        at: ServerTime,
    },
    /// 5.7: a line-up window. At a tour's first window the tour's four
    /// themes are taken from the pool (`None`: the host reads from paper).
    LineupOpened {
        themes: Option<Vec<Option<u32>>>,
        at: ServerTime,
    },
    LineupSet {
        team: TeamId,
        players: Vec<String>,
        at: ServerTime,
    },
    LineupClosed {
        at: ServerTime,
    },
    ReadingStarted {
        at: ServerTime,
    },
    ReadingEnded {
        at: ServerTime,
    },
    Reread {
        at: ServerTime,
    },
    /// A player's press, stamped on arrival at the server.
    Pressed {
        team: TeamId,
        at: ServerTime,
        rtt_us: u64,
        clock_offset_us: i64,
    },
    Judged {
        correct: bool,
        at: ServerTime,
    },
    Next {
        at: ServerTime,
    },
    /// Issue 14.4: the server started again while a question was being read
    /// or waited for a press (or a line-up was open): that question goes
    /// back to its reading (the line-up gets its time again).
    Interrupted {
        at: ServerTime,
    },
    /// 5.4, 5.5: the host puts a shoot-off question to the teams of the
    /// deciding tie the tournament waits at; their buttons are live.
    ShootOffOpened {
        at: ServerTime,
    },
    /// The answering tied team's shoot-off answer.
    ShootOffJudged {
        correct: bool,
        at: ServerTime,
    },
    /// Nobody answered the shoot-off question right: it is over.
    ShootOffClosed {
        at: ServerTime,
    },
    /// The host settled the rest of the tie by lot with this seed, shown
    /// to the hall with the order it gives.
    LotDrawn {
        seed: u64,
        at: ServerTime,
    },
    /// 5.2 (as 4.3): how the tie at the entry cut stands or was settled,
    /// as the event scored it.
    CutRecorded {
        cut: crate::play::cut::QualifyingCut,
    },
}

impl EruditEvent {
    /// The instant the event happened at, for those that happen at one.
    pub fn at(&self) -> Option<ServerTime> {
        use EruditEvent as E;
        match self {
            E::GameStarted { at, .. }
            | E::LineupOpened { at, .. }
            | E::LineupSet { at, .. }
            | E::LineupClosed { at }
            | E::ReadingStarted { at }
            | E::ReadingEnded { at }
            | E::Reread { at }
            | E::Pressed { at, .. }
            | E::Judged { at, .. }
            | E::Next { at }
            | E::Interrupted { at }
            | E::ShootOffOpened { at }
            | E::ShootOffJudged { at, .. }
            | E::ShootOffClosed { at }
            | E::LotDrawn { at, .. } => Some(*at),
            E::TimingSet { .. }
            | E::ThemesAdded { .. }
            | E::Seeded { .. }
            | E::CutRecorded { .. } => None,
        }
    }
}
