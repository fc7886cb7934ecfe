//! The export's `brain_ring` section: the stage, the champion and final
//! places, the cut at the entry (4.3), the qualifying table and every fight
//! with its questions, appeals and whole press log — the jury's evidence.
//! Plain data; `play::brain_ring::export` fills it.

use serde::{Deserialize, Serialize};

use super::WholeOrHalf;

/// The section.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RingExport {
    /// The champion, once the final series is over.
    pub champion: Option<String>,
    /// How a tie at the entry cut was settled (or stands), if there was one.
    pub cut: Option<RingCutExport>,
    /// Every fight, in the order they opened.
    pub fights: Vec<RingFightExport>,
    /// The final places, once known.
    pub final_places: Vec<RingFinalPlaceExport>,
    /// The teams in seeding order.
    pub seeding: Vec<String>,
    /// `qualifying round 2`, `final 1 (not started)`, `finished`, …
    pub stage: String,
    /// The qualifying table (4.7).
    pub table: Vec<RingTableRowExport>,
}

/// 4.3: the tie across the entry cut and how it was settled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingCutExport {
    /// The lot's seed, if the host drew one.
    pub lot: Option<u64>,
    /// The order the lot drew the teams still tied in.
    pub lot_order: Vec<String>,
    /// The places the tied teams contested.
    pub places: u32,
    /// Each shoot-off question: the tied teams whose card was right.
    pub shoot_off: Vec<Vec<String>>,
    /// The teams still tied: empty once settled.
    pub still_tied: Vec<String>,
    /// The teams level on points and rating across the cut.
    pub tied: Vec<String>,
}

/// A final place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingFinalPlaceExport {
    pub place: u32,
    pub team: String,
}

/// A line of the qualifying table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RingTableRowExport {
    /// Questions taken minus questions conceded.
    pub difference: i64,
    pub fights: u32,
    /// `"1"`, or `"2-3"` when shared.
    pub place: String,
    /// 3 for a win, 1 a draw, 0.5 a question (4.6).
    pub points: WholeOrHalf,
    /// Questions taken.
    pub taken: u32,
    pub team: String,
}

/// One fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingFightExport {
    pub appeals: Vec<RingAppealExport>,
    pub closed: bool,
    /// When the host closed it (µs of server time).
    pub closed_at_us: Option<u64>,
    pub id: u32,
    /// `qualifying round 1`, `playoff`, `final 2`, `friendly`.
    pub kind: String,
    /// The host's label: «Круг 1, бой 1».
    pub label: String,
    /// Every press, in arrival order.
    pub presses: Vec<RingPressExport>,
    pub questions: Vec<RingQuestionExport>,
    /// The winner's name, `draw` or `open`.
    pub result: String,
    /// Questions taken, by table.
    pub score: [u32; 2],
    /// The stage (ring) it was played on.
    pub stage: u32,
    /// The team at each table.
    pub teams: [String; 2],
}

/// A question of a fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingQuestionExport {
    /// From 1.
    pub number: u32,
    /// `taken`, `not taken` or `withdrawn`.
    pub outcome: String,
    pub taken_by: Option<String>,
}

/// A press of the button, with its evidence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingPressExport {
    /// When it reached the server (µs of server time).
    pub arrived_at_us: u64,
    /// The team device's clock offset from the server's.
    pub clock_offset_us: i64,
    /// The gap to the question's first press after «Время» (as the host
    /// saw it when deciding); negative for a press before it.
    pub gap_us: Option<i64>,
    /// `won`, `late`, `false start`, `repeated`, `locked out`,
    /// `contested` or `ignored`.
    pub kind: String,
    /// The question within the fight, from 1.
    pub question: u32,
    /// The device's round trip.
    pub rtt_us: u64,
    /// µs after arming (negative: before it); none if never armed.
    pub since_arming_us: Option<i64>,
    /// The table, from 1.
    pub table: usize,
    pub team: String,
}

/// An appeal in a fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RingAppealExport {
    pub filed_at_us: u64,
    pub id: u32,
    /// `question incorrect` or `accept our answer`.
    pub kind: String,
    pub question: u32,
    /// The jury's reply, once decided.
    pub reply: Option<String>,
    pub resolved_at_us: Option<u64>,
    pub team: String,
    pub text: String,
    /// Whether it was upheld, once decided.
    pub upheld: Option<bool>,
}
