//! `minuta-server export --format rating`: the event's ChGK results in the
//! shape the rating site (rating.chgk.info) gives a tournament's results
//! (`/tournaments/{id}/results.json`). The site's camelCase names are kept.
//! Plain data; the server fills it. docs/running-a-game.md lists every field.

use serde::{Deserialize, Serialize};

use super::WholeOrHalf;

/// The whole file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingResults {
    /// Each tour's count of played questions.
    #[serde(rename = "questionQty")]
    pub question_qty: Vec<usize>,
    /// A line per team, in the standings' order.
    pub results: Vec<RatingResult>,
    pub tournament: String,
}

/// One team's results.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingResult {
    /// Its question appeals (to withdraw a question).
    pub appeals: Vec<RatingAppeal>,
    /// Its спорные (to accept its answer).
    pub controversials: Vec<RatingAppeal>,
    /// The whole mask: `1`, `0`, `X` or `?` per played question.
    pub mask: String,
    /// The mask tour by tour.
    #[serde(rename = "maskByTour")]
    pub mask_by_tour: Vec<String>,
    /// `"3"`, or `"2-3"` when shared.
    pub place: String,
    /// The site's position: a shared place is the mean of the places
    /// shared (2–3 is 2.5, 2–4 is 3).
    pub position: WholeOrHalf,
    /// Questions taken.
    #[serde(rename = "questionsTotal")]
    pub questions_total: u32,
    pub team: RatingTeam,
    /// The roster.
    #[serde(rename = "teamMembers")]
    pub team_members: Vec<RatingMember>,
}

/// The team as the site knows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingTeam {
    /// Its id on the site, if registered with one.
    pub id: Option<u32>,
    pub name: String,
    pub town: RatingTown,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingTown {
    pub name: String,
}

/// A roster entry: the name as typed, or the player's record from an
/// imported roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum RatingMember {
    /// Typed by hand: `{"player":{"name":…}}`.
    Typed { player: TypedPlayer },
    /// From the site's roster: its К/Б/Л flag and its record.
    Site {
        flag: Option<String>,
        player: RatingPlayer,
    },
}

/// A player typed by hand: the name as entered.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypedPlayer {
    pub name: String,
}

/// A player's record on the site.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingPlayer {
    pub id: Option<u32>,
    pub name: String,
    pub patronymic: String,
    pub surname: String,
}

/// An appeal, as the site takes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingAppeal {
    /// The answer as the team wrote it.
    pub answer: Option<String>,
    /// The appeal's text.
    pub appeal: String,
    /// The jury's reply (empty until decided).
    pub comment: String,
    /// The question's number in the package.
    pub number: Option<String>,
    /// The question's position in play order, from 1.
    #[serde(rename = "questionNumber")]
    pub question_number: Option<usize>,
    /// `N` not decided, `A` accepted, `D` declined.
    pub status: String,
}
