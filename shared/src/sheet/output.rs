//! Writing results: places as strings (`"2-3"`), numbers as JSON numbers
//! (integers where whole, `4.5` where a half is possible), maps in order.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Number, Value};

pub(crate) fn int(n: i64) -> Value {
    Value::Number(Number::from(n))
}

/// A value of an ordered map: plain JSON or a nested ordered map.
#[derive(Clone, Debug, PartialEq)]
pub enum Out {
    Json(Value),
    Map(OrderedMap),
}

impl Serialize for Out {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Out::Json(value) => value.serialize(serializer),
            Out::Map(map) => map.serialize(serializer),
        }
    }
}

/// A JSON object whose keys keep the given order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OrderedMap(pub Vec<(String, Out)>);

impl Serialize for OrderedMap {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// The printed result: the format, its standings and, for brain-ring, the
/// next round's pairs.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    pub format: &'static str,
    pub standings: Vec<OrderedMap>,
    /// Some only for brain-ring (where it may hold `null`).
    pub next_round: Option<Value>,
}

impl Serialize for Scored {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("format", self.format)?;
        map.serialize_entry("standings", &self.standings)?;
        if let Some(next) = &self.next_round {
            map.serialize_entry("next_round", next)?;
        }
        map.end()
    }
}

/// A row starting with the three fields every format has.
pub(crate) fn row(team: &str, place: crate::tournament::Place, points: Value) -> OrderedMap {
    OrderedMap::default()
        .with("team", Value::String(team.to_owned()))
        .with("place", Value::String(place.to_string()))
        .with("points", points)
}

impl OrderedMap {
    pub fn with(mut self, key: &str, value: Value) -> Self {
        self.0.push((key.to_owned(), Out::Json(value)));
        self
    }

    pub fn with_map(mut self, key: &str, map: OrderedMap) -> Self {
        self.0.push((key.to_owned(), Out::Map(map)));
        self
    }
}
