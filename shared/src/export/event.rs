//! The event's export, `minuta-server export --format json`: the event's
//! ChGK (questions and standings, 4.3), every game of the programme with
//! its standings as `score` prints them, the festival's places and prizes
//! (2.2) and the Brain-ring section. Plain data; the server fills it.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::brain_ring::RingExport;

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EventExport {
    /// The Brain-ring section, only when the event played (or set up) any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brain_ring: Option<RingExport>,
    /// Every tournament of the event with a place for every team in it;
    /// empty for a club night of one ChGK tournament.
    pub festival: Vec<FestivalTableExport>,
    /// The event's own format: always `chgk`.
    pub format: String,
    /// Every game of the programme in use.
    pub games: Vec<GameExport>,
    /// Which Minuta wrote the file (`0.1.0 (abc1234)`), for whoever reads
    /// it later; readers of the standings need not look.
    pub minuta_version: String,
    /// Every ChGK question played, in order.
    pub questions: Vec<ChgkQuestionExport>,
    /// The ChGK standings as the host sees them, prize ties settled.
    pub standings: Vec<ChgkStandingExport>,
    /// How many teams are registered.
    pub teams: usize,
    /// The tournament's name.
    pub tournament: String,
}

/// One ChGK question played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChgkQuestionExport {
    /// The author's answer.
    pub answer: String,
    /// How many teams took it.
    pub correct: usize,
    /// How many cards came late.
    pub late_cards: usize,
    /// Its number in the package (`"1"`, `"12а"`).
    pub number: String,
    /// Withdrawn on appeal (4.14).
    pub withdrawn: bool,
}

/// One team's line of the ChGK standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChgkStandingExport {
    /// `1`, `0`, `X` (withdrawn) or `?` (a спорный not yet decided) per
    /// question counted.
    pub mask: String,
    /// `"3"`, or `"3-4"` when shared.
    pub place: String,
    /// Questions taken.
    pub points: u32,
    /// The rating of the questions taken (4.3).
    pub rating: i64,
    pub team: String,
    pub town: String,
}

/// One game of the programme.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameExport {
    /// `score`'s format name: `chgk`, `brain-ring`, `multigames`, …
    pub format: String,
    /// The game's id in the programme (`--game`).
    pub id: u32,
    pub name: String,
    /// The standings exactly as `minuta-server score` prints them for the
    /// game's scoresheet: each format's own rows.
    pub standings: Value,
}

/// One tournament of the festival (2.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FestivalTableExport {
    /// `score`'s format name.
    pub format: String,
    /// The game's name; Brain-ring's is «Брейн-ринг».
    pub name: String,
    /// Every team in it, best first.
    pub places: Vec<FestivalPlaceExport>,
}

/// A team's place in one tournament of the festival.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FestivalPlaceExport {
    /// `"3"`, or `"3-4"` when shared.
    pub place: String,
    /// The prize, 1–3, or none.
    pub prize: Option<u32>,
    pub team: String,
}
