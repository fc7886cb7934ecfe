//! `minuta-server export --format rating-json`: the results body a venue's
//! representative sends the rating site,
//! `{"teams":[{"id":…,"questions":{"1":1,"2":0,"3":"текст"}}]}` — every
//! played question of every team, numbered through the tours. Plain data
//! and its JSON shape; the server decides each cell.

use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The whole file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingCells {
    /// A line per team, in the standings' order.
    pub teams: Vec<TeamCells>,
}

/// One team's cells.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamCells {
    /// Its id on the site, if registered with one.
    pub id: Option<u32>,
    /// Every played question's cell, keyed `"1"`, `"2"`, … in play order.
    pub questions: QuestionCells,
}

/// One team's cell for one question, as the rating CSV and JSON give it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RatingCell {
    /// `1`.
    Taken,
    /// `0`.
    NotTaken,
    /// Withdrawn on appeal (4.14), or the team's card not judged yet: blank
    /// in the CSV, `null` in the JSON.
    Blank,
    /// A disputed answer (спорный) not decided yet: its text, for the
    /// site's jury to decide.
    Disputed(String),
}

impl Serialize for RatingCell {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            RatingCell::Taken => serializer.serialize_u64(1),
            RatingCell::NotTaken => serializer.serialize_u64(0),
            RatingCell::Blank => serializer.serialize_none(),
            RatingCell::Disputed(text) => serializer.serialize_str(text),
        }
    }
}

/// What a cell is written as: `1`, `0`, `null` or a text.
#[derive(Deserialize)]
#[serde(untagged)]
enum CellText {
    Mark(u8),
    Text(String),
}

impl<'de> Deserialize<'de> for RatingCell {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Option::<CellText>::deserialize(deserializer)? {
            None => Ok(RatingCell::Blank),
            Some(CellText::Mark(1)) => Ok(RatingCell::Taken),
            Some(CellText::Mark(0)) => Ok(RatingCell::NotTaken),
            Some(CellText::Mark(other)) => Err(de::Error::custom(format!(
                "a cell is 1, 0, null or a text, not {other}"
            ))),
            Some(CellText::Text(text)) => Ok(RatingCell::Disputed(text)),
        }
    }
}

/// The cells in the questions' order, written as an object keyed "1", "2",
/// … (a JSON object of serde_json's would sort "10" before "2").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct QuestionCells(pub Vec<RatingCell>);

impl Serialize for QuestionCells {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (i, cell) in self.0.iter().enumerate() {
            map.serialize_entry(&(i + 1).to_string(), cell)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for QuestionCells {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(CellsVisitor)
    }
}

/// Reads the keys back in order: the n-th must be `"n"`.
struct CellsVisitor;

impl<'de> Visitor<'de> for CellsVisitor {
    type Value = QuestionCells;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an object of cells keyed \"1\", \"2\", …")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<QuestionCells, A::Error> {
        let mut cells = Vec::new();
        while let Some((key, cell)) = map.next_entry::<String, RatingCell>()? {
            let expected = (cells.len() + 1).to_string();
            if key != expected {
                return Err(de::Error::custom(format!(
                    "question {key} where {expected} was expected"
                )));
            }
            cells.push(cell);
        }
        Ok(QuestionCells(cells))
    }
}
