//! Multigames credit in a sheet: any JSON number, kept exactly, read with
//! the sheet's own messages and written back as the live game wrote it.
//! What must not live here: the rules of credit ([`crate::play::multigames::rules`]).

use serde::de::{self, Deserialize, Deserializer};
use serde::{Serialize, Serializer};
use serde_json::{Number, Value};

use crate::play::multigames::rules::Credit;
use crate::sheet::number::Scalar;

pub(crate) fn credit(points: Credit) -> Value {
    match points.whole() {
        Some(whole) => Value::Number(Number::from(whole)),
        // The exact decimal, read back as the nearest double: prints as written.
        None => points
            .to_string()
            .parse::<f64>()
            .ok()
            .and_then(Number::from_f64)
            .map_or(Value::Null, Value::Number),
    }
}

/// Multigames credit: any JSON number, kept exactly (up to 18 decimals);
/// written as an integer when whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetCredit(pub Credit);

impl Serialize for SheetCredit {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        credit(self.0).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for SheetCredit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = match Scalar::deserialize(deserializer)? {
            Scalar::Unsigned(n) => n.to_string(),
            Scalar::Signed(n) => n.to_string(),
            Scalar::Float(f) => f.to_string(),
            Scalar::Str(_) | Scalar::Other(_) => {
                return Err(de::Error::custom("expected a number"));
            }
        };
        Credit::parse(&text).map(SheetCredit).ok_or_else(|| {
            de::Error::custom(format!("{text} has more than 18 decimals or is too large"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sheet_numbers_credit() {
        let credit: SheetCredit = serde_json::from_str("0.1").unwrap();
        assert_eq!(credit.0.to_string(), "0.1");
        assert_eq!(serde_json::to_string(&credit).unwrap(), "0.1");
        let whole: SheetCredit = serde_json::from_str("2.0").unwrap();
        assert_eq!(serde_json::to_string(&whole).unwrap(), "2");
    }
}
