//! The `qualification.cut` of a sheet whose teams qualified from the ChGK
//! table (`brain-ring`, 4.3; `erudit-quartet`, 5.2): the teams level
//! across the entry cut, the places they contested and how the host
//! settled it — each shoot-off question's right cards, then a lot's seed.
//! `score` replays it: an unsettled tie is refused with the teams named,
//! and those it puts through must be the sheet's teams, the others not.

use serde::{Deserialize, Serialize};

use super::{CutSettlement, QualifyError, settle_tie};
use crate::sheet::SheetError;
use crate::sheet::number::{Count, Seed};
use crate::sheet::teams::{Teams, quote};

/// `qualification`: `{"cut":…}`, the cut null or left out when there was
/// no tie.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Qualification {
    pub cut: Option<Cut>,
}

/// The tie at the cut and how it was settled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cut {
    /// The teams level across the cut.
    pub tied: Vec<String>,
    /// The places they contested.
    pub places: Count,
    /// Each shoot-off question: the tied teams whose card was right.
    pub shoot_off: Option<Vec<Vec<String>>>,
    /// The lot's seed, if the host drew one.
    pub lot: Option<Seed>,
}

/// Checks `qualification` when the sheet has one (older sheets do not).
pub(crate) fn check(
    qualification: Option<&Qualification>,
    teams: &Teams,
) -> Result<(), SheetError> {
    let Some(cut) = qualification.and_then(|q| q.cut.as_ref()) else {
        return Ok(());
    };
    let (cut_path, tied_path, places_path) = (
        "qualification.cut",
        "qualification.cut.tied",
        "qualification.cut.places",
    );
    for (i, name) in cut.tied.iter().enumerate() {
        if cut.tied[..i].contains(name) {
            return Err(SheetError::new(
                &format!("{tied_path}[{i}]"),
                format!("{} is named twice", quote(name)),
            ));
        }
    }
    let tied = Teams {
        names: cut.tied.clone(),
    };
    let places = cut.places.0 as usize;
    let mut shoot_off = Vec::new();
    for (q, question) in cut.shoot_off.iter().flatten().enumerate() {
        shoot_off.push(tied.list(question, &format!("{cut_path}.shoot_off[{q}]"))?);
    }
    let settlement = CutSettlement {
        shoot_off,
        lot: cut.lot.map(|l| l.0),
    };
    let names = |list: &[usize]| {
        list.iter()
            .map(|t| quote(tied.name(*t)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let settled = settle_tie(tied.len(), places, &settlement).map_err(|e| match e {
        QualifyError::CutTie { teams, places } => SheetError::new(
            cut_path,
            format!(
                "the tie at the cut is not settled: {} still tied for {places} place(s) (4.3)",
                names(&teams)
            ),
        ),
        QualifyError::NotEnoughTeams { .. } => SheetError::new(
            places_path,
            format!(
                "{places} place(s) contested by {} tied teams: a tie needs more teams than places",
                tied.len()
            ),
        ),
        other => SheetError::new(cut_path, other.to_string()),
    })?;
    if settled.contested < places {
        return Err(SheetError::new(
            places_path,
            format!(
                "{} tied teams fill {places} place(s): no tie to settle",
                tied.len()
            ),
        ));
    }
    // The teams the settlement put through are the sheet's; the others
    // are not (a sheet seeded by hand lists none of the tied).
    for (index, name) in tied.names.iter().enumerate() {
        let through = settled.teams.contains(&index);
        let listed = teams.names.contains(name);
        if through != listed && teams.names.iter().any(|n| tied.names.contains(n)) {
            return Err(SheetError::new(
                tied_path,
                format!(
                    "{} {} by the settlement but {} among the sheet's teams",
                    quote(name),
                    if through { "qualifies" } else { "is out" },
                    if listed { "is" } else { "is not" }
                ),
            ));
        }
    }
    Ok(())
}
