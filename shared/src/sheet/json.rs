//! A JSON tree that keeps object keys in document order (and repeated keys,
//! so they can be refused), walked with the path of every node so that each
//! error names its field (`auction[3].bid`).

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

use super::SheetError;
use crate::rules::multigames::Credit;

/// A parsed JSON value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Json {
    Null,
    Bool(bool),
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Json, E> {
        Ok(Json::Unsigned(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Json, E> {
        Ok(Json::Signed(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Json, E> {
        Ok(Json::Float(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Json, E> {
        Ok(Json::Str(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Json, E> {
        Ok(Json::Str(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut entries = Vec::new();
        while let Some((key, value)) = map.next_entry::<String, Json>()? {
            entries.push((key, value));
        }
        Ok(Json::Object(entries))
    }
}

/// Parses a sheet's text.
pub(crate) fn parse(text: &str) -> Result<Json, SheetError> {
    serde_json::from_str(text).map_err(|e| SheetError::new("sheet", format!("not valid JSON: {e}")))
}

/// A node of the sheet and its path from the root.
#[derive(Clone, Debug)]
pub(crate) struct Node<'a> {
    pub json: &'a Json,
    pub path: String,
}

impl<'a> Node<'a> {
    pub fn root(json: &'a Json) -> Self {
        Node {
            json,
            path: String::new(),
        }
    }

    pub fn err(&self, reason: impl Into<String>) -> SheetError {
        SheetError::new(
            if self.path.is_empty() {
                "sheet"
            } else {
                &self.path
            },
            reason,
        )
    }

    fn child(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_owned()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// The path of element `index` of this array.
    pub fn index_path(&self, index: usize) -> String {
        format!("{}[{index}]", self.path)
    }

    /// The path of this object's entry keyed by a free-form name (a team).
    pub fn key_path(&self, key: &str) -> String {
        let quoted = serde_json::to_string(key).unwrap_or_else(|_| format!("\"{key}\""));
        format!("{}[{quoted}]", self.path)
    }

    pub fn is_null(&self) -> bool {
        matches!(self.json, Json::Null)
    }

    /// An object with a fixed set of fields: unknown or repeated fields are
    /// refused.
    pub fn fields(&self, allowed: &[&str]) -> Result<Fields<'a>, SheetError> {
        let Json::Object(entries) = self.json else {
            return Err(self.err("expected an object"));
        };
        for (i, (key, _)) in entries.iter().enumerate() {
            let path = self.child(key);
            if !allowed.contains(&key.as_str()) {
                return Err(SheetError::new(
                    &path,
                    format!("unknown field (expected {})", allowed.join(", ")),
                ));
            }
            if entries[..i].iter().any(|(k, _)| k == key) {
                return Err(SheetError::new(&path, "field given twice"));
            }
        }
        Ok(Fields {
            entries,
            node: self.clone(),
        })
    }

    /// An object keyed by free-form names (teams): entries in document
    /// order; a repeated key is refused.
    pub fn entries(&self) -> Result<Vec<(&'a str, Node<'a>)>, SheetError> {
        let Json::Object(entries) = self.json else {
            return Err(self.err("expected an object"));
        };
        let mut out = Vec::with_capacity(entries.len());
        for (i, (key, value)) in entries.iter().enumerate() {
            let node = Node {
                json: value,
                path: self.key_path(key),
            };
            if entries[..i].iter().any(|(k, _)| k == key) {
                return Err(node.err("given twice"));
            }
            out.push((key.as_str(), node));
        }
        Ok(out)
    }

    pub fn array(&self) -> Result<Vec<Node<'a>>, SheetError> {
        let Json::Array(items) = self.json else {
            return Err(self.err("expected an array"));
        };
        Ok(items
            .iter()
            .enumerate()
            .map(|(i, json)| Node {
                json,
                path: self.index_path(i),
            })
            .collect())
    }

    /// An array whose length the rules fix; `rule` says so (e.g. "a tour
    /// has exactly 4 (5.6)").
    pub fn array_of(
        &self,
        len: usize,
        what: &str,
        rule: &str,
    ) -> Result<Vec<Node<'a>>, SheetError> {
        let items = self.array()?;
        if items.len() != len {
            return Err(self.err(format!("{} {what}, but {rule}", items.len())));
        }
        Ok(items)
    }

    pub fn str(&self) -> Result<&'a str, SheetError> {
        match self.json {
            Json::Str(s) => Ok(s),
            _ => Err(self.err("expected a string")),
        }
    }

    pub fn bool(&self) -> Result<bool, SheetError> {
        match self.json {
            Json::Bool(b) => Ok(*b),
            _ => Err(self.err("expected true or false")),
        }
    }

    /// A whole number ≥ 0 (`3.0` counts as 3).
    pub fn count(&self) -> Result<u32, SheetError> {
        let bad = || {
            self.err(format!(
                "{} is not a whole number of 0 or more",
                self.show()
            ))
        };
        match self.json {
            Json::Unsigned(n) => {
                u32::try_from(*n).map_err(|_| self.err(format!("{n} is too large")))
            }
            Json::Signed(_) => Err(bad()),
            Json::Float(f) if f.fract() == 0.0 && *f >= 0.0 && *f <= f64::from(u32::MAX) => {
                Ok(*f as u32)
            }
            Json::Float(_) => Err(bad()),
            _ => Err(self.err("expected a number")),
        }
    }

    /// A whole number ≥ 0 up to 2⁶⁴−1 (a recorded seed).
    pub fn unsigned(&self) -> Result<u64, SheetError> {
        match self.json {
            Json::Unsigned(n) => Ok(*n),
            _ => Err(self.err(format!(
                "{} is not a whole number of 0 or more",
                self.show()
            ))),
        }
    }

    /// Any JSON number, exactly.
    pub fn credit(&self) -> Result<Credit, SheetError> {
        let text = match self.json {
            Json::Unsigned(n) => n.to_string(),
            Json::Signed(n) => n.to_string(),
            Json::Float(f) => f.to_string(),
            _ => return Err(self.err("expected a number")),
        };
        Credit::parse(&text)
            .ok_or_else(|| self.err(format!("{text} has more than 18 decimals or is too large")))
    }

    /// The node as written, briefly, for messages.
    pub fn show(&self) -> String {
        match self.json {
            Json::Null => "null".into(),
            Json::Bool(b) => b.to_string(),
            Json::Unsigned(n) => n.to_string(),
            Json::Signed(n) => n.to_string(),
            Json::Float(f) => f.to_string(),
            Json::Str(s) => serde_json::to_string(s).unwrap_or_default(),
            Json::Array(_) => "an array".into(),
            Json::Object(_) => "an object".into(),
        }
    }
}

/// The fields of an object.
#[derive(Clone, Debug)]
pub(crate) struct Fields<'a> {
    entries: &'a [(String, Json)],
    node: Node<'a>,
}

impl<'a> Fields<'a> {
    pub fn optional(&self, key: &str) -> Option<Node<'a>> {
        self.entries
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, json)| Node {
                json,
                path: self.node.child(key),
            })
    }

    /// A present, non-null field (a contest may be null when not yet played).
    pub fn present(&self, key: &str) -> Option<Node<'a>> {
        self.optional(key).filter(|node| !node.is_null())
    }

    pub fn required(&self, key: &str) -> Result<Node<'a>, SheetError> {
        self.optional(key)
            .ok_or_else(|| SheetError::new(&self.node.child(key), "missing"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sheet_json_keeps_key_order_and_repeats() {
        let json = parse(r#"{"b":1,"a":[true,null,"x"],"b":2.5}"#).unwrap();
        let Json::Object(entries) = &json else {
            panic!("object")
        };
        let keys: Vec<&str> = entries.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, vec!["b", "a", "b"]);
        let root = Node::root(&json);
        assert_eq!(
            root.fields(&["a", "b"]).unwrap_err().to_string(),
            "b: field given twice"
        );
        assert_eq!(
            root.entries().unwrap_err().to_string(),
            "[\"b\"]: given twice"
        );
    }

    #[test]
    fn sheet_json_paths_name_the_field() {
        let json = parse(r#"{"x":[{"y":"s"}]}"#).unwrap();
        let root = Node::root(&json);
        let fields = root.fields(&["x"]).unwrap();
        let items = fields.required("x").unwrap().array().unwrap();
        let inner = items[0].fields(&["y"]).unwrap();
        assert_eq!(
            inner
                .required("y")
                .unwrap()
                .count()
                .unwrap_err()
                .to_string(),
            "x[0].y: expected a number"
        );
        assert_eq!(
            inner.required("z").unwrap_err().to_string(),
            "x[0].z: missing"
        );
        assert_eq!(
            root.fields(&[]).unwrap_err().to_string(),
            "x: unknown field (expected )"
        );
    }

    #[test]
    fn sheet_json_numbers() {
        let json = parse(r#"[3, 3.0, -1, 2.5, 0.1]"#).unwrap();
        let items = Node::root(&json).array().unwrap();
        assert_eq!(items[0].count(), Ok(3));
        assert_eq!(items[1].count(), Ok(3));
        assert!(items[2].count().is_err());
        assert!(items[3].count().is_err());
        assert_eq!(items[4].credit().unwrap().to_string(), "0.1");
        assert!(
            parse("{")
                .unwrap_err()
                .to_string()
                .starts_with("sheet: not valid JSON")
        );
    }
}
