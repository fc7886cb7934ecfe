//! The sheet's `teams`: unique, non-empty names, and references to them —
//! single names, lists of distinct teams, and objects keyed by team
//! ([`TeamMap`]).

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};

use super::SheetError;

/// The teams of a sheet, in the sheet's order (their index is their id).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Teams {
    pub names: Vec<String>,
}

impl Teams {
    /// Checks `teams` (at `path`): a non-empty list of unique, non-empty
    /// names.
    pub fn read(names: &[String], path: &str) -> Result<Teams, SheetError> {
        if names.is_empty() {
            return Err(SheetError::new(path, "a sheet needs at least one team"));
        }
        for (i, name) in names.iter().enumerate() {
            let at = format!("{path}[{i}]");
            if name.trim().is_empty() {
                return Err(SheetError::new(&at, "a team name must not be empty"));
            }
            if let Some(first) = names[..i].iter().position(|n| n == name) {
                return Err(SheetError::new(
                    &at,
                    format!("{} is already {path}[{first}]", quote(name)),
                ));
            }
        }
        Ok(Teams {
            names: names.to_vec(),
        })
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn name(&self, team: usize) -> &str {
        self.names.get(team).map_or("?", String::as_str)
    }

    /// The team `name` (written at `path`) names.
    pub fn team(&self, name: &str, path: &str) -> Result<usize, SheetError> {
        self.names
            .iter()
            .position(|n| n == name)
            .ok_or_else(|| SheetError::new(path, format!("unknown team {}", quote(name))))
    }

    /// A list of distinct teams (e.g. those that answered right) at `path`.
    pub fn list(&self, names: &[String], path: &str) -> Result<Vec<usize>, SheetError> {
        let mut teams: Vec<usize> = Vec::with_capacity(names.len());
        for (i, name) in names.iter().enumerate() {
            let at = format!("{path}[{i}]");
            let team = self.team(name, &at)?;
            if let Some(first) = teams.iter().position(|t| *t == team) {
                return Err(SheetError::new(
                    &at,
                    format!(
                        "{} is already listed at {path}[{first}]",
                        quote(self.name(team))
                    ),
                ));
            }
            teams.push(team);
        }
        Ok(teams)
    }

    /// An object keyed by team names at `path`: each key resolved, in
    /// document order, with the path of its entry.
    pub fn keyed<'a, V>(
        &self,
        map: &'a TeamMap<V>,
        path: &str,
    ) -> Result<Vec<(usize, &'a V, String)>, SheetError> {
        map.0
            .iter()
            .map(|(name, value)| {
                let at = key_path(path, name);
                Ok((self.team(name, &at)?, value, at))
            })
            .collect()
    }
}

/// The path of the entry keyed by a team's name in the object at `path`.
pub(crate) fn key_path(path: &str, name: &str) -> String {
    format!("{path}[{}]", quote(name))
}

/// A name as JSON writes it, for messages.
pub(crate) fn quote(name: &str) -> String {
    serde_json::to_string(name).unwrap_or_else(|_| format!("\"{name}\""))
}

/// An object keyed by team names, in document order; a key given twice is
/// refused (`joker.declared["A"]: given twice`). Its keys are resolved
/// against the sheet's teams by [`Teams::keyed`].
#[derive(Clone, Debug, PartialEq)]
pub struct TeamMap<V>(pub Vec<(String, V)>);

impl<V: Serialize> Serialize for TeamMap<V> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, value) in &self.0 {
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for TeamMap<V> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(TeamMapVisitor(PhantomData))
    }
}

struct TeamMapVisitor<V>(PhantomData<V>);

impl<'de, V: Deserialize<'de>> Visitor<'de> for TeamMapVisitor<V> {
    type Value = TeamMap<V>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a map")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TeamMap<V>, A::Error> {
        let mut entries: Vec<(String, V)> = Vec::new();
        while let Some(name) = map.next_key::<String>()? {
            if entries.iter().any(|(n, _)| *n == name) {
                // Refused as the entry's value, so the error's path names it.
                match map.next_value_seed(GivenTwice)? {}
            }
            let value = map.next_value()?;
            entries.push((name, value));
        }
        Ok(TeamMap(entries))
    }
}

/// The value of a key given twice: refused.
struct GivenTwice;

impl<'de> DeserializeSeed<'de> for GivenTwice {
    type Value = std::convert::Infallible;

    fn deserialize<D: Deserializer<'de>>(self, _: D) -> Result<Self::Value, D::Error> {
        Err(de::Error::custom("given twice"))
    }
}
