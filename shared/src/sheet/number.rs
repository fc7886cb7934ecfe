//! The numbers of a sheet: counts (`3.0` counts as 3) and a recorded seed,
//! each read with the sheet's own messages (`-1 is not a whole number of 0
//! or more`) and written back as the live game wrote it. Multigames credit
//! is the format's own (`play/multigames/sheet/credit.rs`).

use std::fmt;

use serde::Serialize;
use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::teams::quote;

/// Any JSON value where a number (or a bid) is expected: the number as
/// written, a string, or what else stood there.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Scalar {
    Unsigned(u64),
    Signed(i64),
    Float(f64),
    Str(String),
    /// `null`, `true`, `false`, `an array`, `an object`.
    Other(&'static str),
}

impl Scalar {
    /// The value as written, briefly, for messages.
    pub fn show(&self) -> String {
        match self {
            Scalar::Unsigned(n) => n.to_string(),
            Scalar::Signed(n) => n.to_string(),
            Scalar::Float(f) => f.to_string(),
            Scalar::Str(s) => quote(s),
            Scalar::Other(what) => (*what).to_owned(),
        }
    }

    /// A whole number ≥ 0 that fits 32 bits (`3.0` counts as 3).
    pub fn count(&self) -> Result<u32, String> {
        let bad = || format!("{} is not a whole number of 0 or more", self.show());
        match *self {
            Scalar::Unsigned(n) => u32::try_from(n).map_err(|_| format!("{n} is too large")),
            Scalar::Float(f) if f.fract() == 0.0 && f >= 0.0 && f <= f64::from(u32::MAX) => {
                Ok(f as u32)
            }
            Scalar::Signed(_) | Scalar::Float(_) => Err(bad()),
            Scalar::Str(_) | Scalar::Other(_) => Err("expected a number".into()),
        }
    }
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ScalarVisitor)
    }
}

struct ScalarVisitor;

impl<'de> Visitor<'de> for ScalarVisitor {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Scalar, E> {
        Ok(Scalar::Other("null"))
    }
    fn visit_none<E: de::Error>(self) -> Result<Scalar, E> {
        Ok(Scalar::Other("null"))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Scalar, E> {
        Ok(Scalar::Other(if v { "true" } else { "false" }))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar, E> {
        Ok(Scalar::Unsigned(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar, E> {
        Ok(Scalar::Signed(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Scalar, E> {
        Ok(Scalar::Float(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Scalar, E> {
        Ok(Scalar::Str(v.to_owned()))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Scalar, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Scalar::Other("an array"))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Scalar, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Scalar::Other("an object"))
    }
}

/// A whole number ≥ 0: a score, a rating, a contest's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Count(pub u32);

impl<'de> Deserialize<'de> for Count {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Scalar::deserialize(deserializer)?
            .count()
            .map(Count)
            .map_err(de::Error::custom)
    }
}

/// A recorded seed: a whole number from 0 to 2⁶⁴−1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Seed(pub u64);

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match Scalar::deserialize(deserializer)? {
            Scalar::Unsigned(n) => Ok(Seed(n)),
            other => Err(de::Error::custom(format!(
                "{} is not a whole number of 0 or more",
                other.show()
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str) -> Result<u32, String> {
        serde_json::from_str::<Count>(text)
            .map(|c| c.0)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn sheet_numbers() {
        assert_eq!(count("3"), Ok(3));
        assert_eq!(count("3.0"), Ok(3));
        assert!(
            count("-1")
                .unwrap_err()
                .starts_with("-1 is not a whole number")
        );
        assert!(
            count("2.5")
                .unwrap_err()
                .starts_with("2.5 is not a whole number")
        );
        assert!(
            count("5000000000")
                .unwrap_err()
                .starts_with("5000000000 is too large")
        );
        assert!(count("\"3\"").unwrap_err().starts_with("expected a number"));
        let seed: Seed = serde_json::from_str("18446744073709551615").unwrap();
        assert_eq!(seed.0, u64::MAX);
        assert!(serde_json::from_str::<Seed>("-1").is_err());
    }
}
