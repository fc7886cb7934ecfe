//! A sheet's `prize_ties` (2.2): each tie at a prize place the host
//! settled in play — the place the table gave, the tied teams, each
//! shoot-off question's right answers, the lot's seed, or `shared` — and
//! the one function that applies them to a table's rows, for `score` and
//! for the live standings alike (so live = score(sheet) at every moment).
//! No scoring here: the places come from the format's table.

use serde::{Deserialize, Deserializer, Serialize, Serializer, de};
use serde_json::Value;

use super::SheetError;
use super::number::Seed;
use super::output::{OrderedMap, Out};
use super::teams::quote;
use crate::seed::Seed as LotSeed;
use crate::tournament::Place;
use crate::tournament::prize_tie::{
    PrizeSettlement, PrizeTie, PrizeTieError, prize_ties_in, records, settle_so_far, settled_places,
};

/// One entry of `prize_ties`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SheetPrizeTie {
    /// The place the tied teams share in the table: `"1-2"`.
    pub place: SheetPlace,
    pub tied: Vec<String>,
    /// Each shoot-off question: the teams (still tied) whose answer was right.
    #[serde(default)]
    pub shoot_off: Vec<Vec<String>>,
    /// The lot's seed, if the host drew one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lot: Option<Seed>,
    /// The host recorded that the place is shared.
    #[serde(default)]
    pub shared: bool,
}

/// A place written as the standings write it: `"3"` or `"2-3"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SheetPlace(pub Place);

impl Serialize for SheetPlace {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0.to_string())
    }
}

impl<'de> Deserialize<'de> for SheetPlace {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Place::parse(&text).map(SheetPlace).ok_or_else(|| {
            de::Error::custom(format!(
                "{} is not a place (expected like \"2\" or \"2-3\")",
                quote(&text)
            ))
        })
    }
}

impl SheetPrizeTie {
    fn record(&self) -> PrizeTie<String> {
        PrizeTie {
            place: self.place.0,
            tied: self.tied.clone(),
            settlement: PrizeSettlement {
                shoot_off: self.shoot_off.clone(),
                lot: self.lot.map(|s| LotSeed(s.0)),
                shared: self.shared,
            },
        }
    }
}

/// The sheet's `prize_ties` for a game whose live standings are
/// `standings`: the recorded ties (names) its table still holds — a record
/// it no longer holds is left out, as `score` would refuse it; `None` when
/// none is left.
pub fn sheet_prize_ties(standings: &Value, ties: &[PrizeTie<String>]) -> Option<Value> {
    let table: Vec<(String, Place)> = standings.as_array()?.iter().filter_map(json_row).collect();
    let open: Vec<(Place, Vec<String>)> = prize_ties_in(&indexed(&table))
        .into_iter()
        .map(|(place, rows)| {
            let teams = rows
                .iter()
                .filter_map(|i| table.get(*i))
                .map(|r| r.0.clone());
            (place, teams.collect())
        })
        .collect();
    let entries: Vec<SheetPrizeTie> = ties
        .iter()
        .filter(|tie| {
            open.iter()
                .any(|(place, teams)| records(tie, *place, teams))
        })
        .map(|t| SheetPrizeTie {
            place: SheetPlace(t.place),
            tied: t.tied.clone(),
            shoot_off: t.settlement.shoot_off.clone(),
            lot: t.settlement.lot.map(|s| Seed(s.0)),
            shared: t.settlement.shared,
        })
        .collect();
    if entries.is_empty() {
        return None;
    }
    serde_json::to_value(entries).ok()
}

/// `score`: the scored rows with the sheet's `prize_ties` applied. Every
/// entry must name a tie the scored table has at a prize place (the same
/// place, the same teams) and shoot-off answers of teams still tied.
pub(crate) fn settle(rows: &mut Vec<OrderedMap>, ties: &[SheetPrizeTie]) -> Result<(), SheetError> {
    if ties.is_empty() {
        return Ok(());
    }
    let table: Vec<(String, Place)> = rows.iter().filter_map(ordered_row).collect();
    let open = prize_ties_in(&indexed(&table));
    for (i, tie) in ties.iter().enumerate() {
        let named: Vec<usize> = match tie
            .tied
            .iter()
            .map(|n| table.iter().position(|(t, _)| t == n).ok_or(n))
            .collect::<Result<Vec<_>, _>>()
        {
            Ok(named) => named,
            Err(name) => {
                return Err(SheetError::new(
                    &format!("prize_ties[{i}].tied"),
                    format!("{} is not a team of the table", quote(name)),
                ));
            }
        };
        if !open.iter().any(|(place, teams)| {
            *place == tie.place.0
                && teams.len() == named.len()
                && named.iter().all(|t| teams.contains(t))
        }) {
            return Err(SheetError::new(
                &format!("prize_ties[{i}]"),
                format!(
                    "the table has no tie for the prize place {} of {}",
                    tie.place.0,
                    names(&tie.tied)
                ),
            ));
        }
    }
    let records: Vec<PrizeTie<String>> = ties.iter().map(SheetPrizeTie::record).collect();
    for (i, tie) in records.iter().enumerate() {
        let steps = PrizeSettlement {
            shoot_off: tie
                .settlement
                .shoot_off
                .iter()
                .map(|q| q.iter().collect())
                .collect(),
            lot: tie.settlement.lot,
            shared: tie.settlement.shared,
        };
        let tied: Vec<&String> = tie.tied.iter().collect();
        if let Err(PrizeTieError::NotTied { question, team }) =
            settle_so_far(&tied, tie.place, &steps)
        {
            return Err(SheetError::new(
                &format!("prize_ties[{i}].shoot_off[{question}]"),
                format!("{} is not one of the teams still tied", quote(team)),
            ));
        }
    }
    let Some(order) = settle_table(&table, &records) else {
        return Err(SheetError::new(
            "prize_ties",
            "the ties cannot be applied to the table",
        ));
    };
    let mut old: Vec<Option<OrderedMap>> = std::mem::take(rows).into_iter().map(Some).collect();
    for (index, place) in order {
        if let Some(mut row) = old.get_mut(index).and_then(Option::take) {
            set_place(&mut row, place);
            rows.push(row);
        }
    }
    // Rows without a team or place (none in any format) keep their turn last.
    rows.extend(old.into_iter().flatten());
    Ok(())
}

/// The live standings (`[{"team":…,"place":…}, …]`) with a game's recorded
/// ties applied, exactly as [`settle`] applies a sheet's. A record the
/// table no longer holds settles nothing (the tie is open again).
pub fn settle_standings_json(standings: &mut Value, ties: &[PrizeTie<String>]) {
    let Value::Array(rows) = standings else {
        return;
    };
    settle_rows(rows, ties, json_row, |row, place| {
        if let Some(obj) = row.as_object_mut() {
            obj.insert("place".into(), Value::String(place.to_string()));
        }
    });
}

/// Typed rows of a table (`team_place` reads a row's team and place,
/// `set_place` writes its new place) with recorded ties applied, as
/// [`settle_standings_json`] applies them to JSON rows.
pub fn settle_rows<R>(
    rows: &mut Vec<R>,
    ties: &[PrizeTie<String>],
    team_place: impl Fn(&R) -> Option<(String, Place)>,
    set_place: impl Fn(&mut R, Place),
) {
    let table: Vec<(String, Place)> = rows.iter().filter_map(team_place).collect();
    if ties.is_empty() || table.len() != rows.len() {
        return;
    }
    let Some(order) = settle_table(&table, ties) else {
        return;
    };
    let mut old: Vec<Option<R>> = std::mem::take(rows).into_iter().map(Some).collect();
    for (index, place) in order {
        if let Some(mut row) = old.get_mut(index).and_then(Option::take) {
            set_place(&mut row, place);
            rows.push(row);
        }
    }
}

/// The rows' new order: (row index, its place), best first; `None` when a
/// record names a team the table lacks or a step the tie cannot take
/// (checked before, with the entry named, for a sheet).
fn settle_table(
    table: &[(String, Place)],
    ties: &[PrizeTie<String>],
) -> Option<Vec<(usize, Place)>> {
    let index_of = |name: &String| table.iter().position(|(t, _)| t == name);
    let mut indexed_ties = Vec::with_capacity(ties.len());
    for tie in ties {
        let tied = tie
            .tied
            .iter()
            .map(index_of)
            .collect::<Option<Vec<usize>>>()?;
        let shoot_off = tie
            .settlement
            .shoot_off
            .iter()
            .map(|q| q.iter().map(index_of).collect::<Option<Vec<usize>>>())
            .collect::<Option<Vec<_>>>()?;
        indexed_ties.push(PrizeTie {
            place: tie.place,
            tied,
            settlement: PrizeSettlement {
                shoot_off,
                lot: tie.settlement.lot,
                shared: tie.settlement.shared,
            },
        });
    }
    settled_places(&indexed(table), &indexed_ties).ok()
}

fn indexed(table: &[(String, Place)]) -> Vec<(usize, Place)> {
    table
        .iter()
        .enumerate()
        .map(|(i, (_, p))| (i, *p))
        .collect()
}

fn names(list: &[String]) -> String {
    list.iter().map(|n| quote(n)).collect::<Vec<_>>().join(", ")
}

fn ordered_row(row: &OrderedMap) -> Option<(String, Place)> {
    let field = |key: &str| {
        row.0.iter().find_map(|(k, v)| match v {
            Out::Json(Value::String(s)) if k == key => Some(s.clone()),
            _ => None,
        })
    };
    Some((field("team")?, Place::parse(&field("place")?)?))
}

fn json_row(row: &Value) -> Option<(String, Place)> {
    let team = row.get("team")?.as_str()?.to_owned();
    let place = Place::parse(row.get("place")?.as_str()?)?;
    Some((team, place))
}

fn set_place(row: &mut OrderedMap, place: Place) {
    for (key, value) in &mut row.0 {
        if key == "place" {
            *value = Out::Json(Value::String(place.to_string()));
        }
    }
}
