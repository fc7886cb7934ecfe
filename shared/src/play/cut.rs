//! A tie at a qualification cut from the ChGK table (4.3, 5.2) as the
//! event records it: the teams level across the cut, each shoot-off
//! question's right cards, the lot's seed and the order it drew. Stored by
//! the game teams qualify into (Brain-ring), shown to the staff and the
//! hall, exported with the qualification. Format-neutral; no scoring here
//! (that is [`crate::play::qualification::qualify`]).

use serde::{Deserialize, Serialize};

use crate::ids::TeamId;
use crate::play::qualification::sheet::{Cut, Qualification};
use crate::sheet::number::{Count, Seed};

/// How a tie across the cut stands or was settled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QualifyingCut {
    /// The qualification the host asked for: its places and its seeding
    /// lot's seed (4.4), so any staff screen can go on after a restart.
    pub places: u32,
    pub seed: u64,
    /// The teams level on points and rating across the cut, and the places
    /// they contested.
    pub tied: Vec<TeamId>,
    pub contested: u32,
    /// Each shoot-off question: the tied teams whose card was right.
    pub shoot_off: Vec<Vec<TeamId>>,
    /// The lot's seed, if the host drew one, and the order it drew the
    /// teams still tied in (the first ones took the places left).
    pub lot: Option<u64>,
    pub lot_order: Vec<TeamId>,
    /// The teams still tied and the places they still contest: empty and 0
    /// once the tie is settled.
    pub still_tied: Vec<TeamId>,
    pub left: u32,
    /// 4.4: the qualified teams level on points and rating in the seeding
    /// table (after three tours), group by group, each in the order the
    /// seeding lot drew it with `seed` — the host's seed, seen before
    /// «Отобрать». Through 4.7's last key this order can decide play-off
    /// entry, so it is recorded like every lot. Empty in records from
    /// before issue 41, and when the seeding had no full tie.
    #[serde(default)]
    pub seeding_lot: Vec<Vec<TeamId>>,
}

impl QualifyingCut {
    /// Whether a tie stood at the cut (a record may hold only the seeding
    /// lot): only then does the sheet carry a `qualification.cut`.
    pub fn cut_tied(&self) -> bool {
        !self.tied.is_empty()
    }

    pub fn settled(&self) -> bool {
        self.still_tied.is_empty()
    }

    /// The sheet's `qualification` (4.3, 5.2): the tied teams, the places
    /// they contested and how the host settled them, for `score` to replay.
    pub(crate) fn scoresheet(&self, name: impl Fn(TeamId) -> String) -> Qualification {
        let names = |list: &[TeamId]| -> Vec<String> { list.iter().map(|t| name(*t)).collect() };
        Qualification {
            cut: Some(Cut {
                tied: names(&self.tied),
                places: Count(self.contested),
                shoot_off: Some(self.shoot_off.iter().map(|q| names(q)).collect()),
                lot: self.lot.map(Seed),
            }),
        }
    }
}

/// The cut as the staff and the hall see it: [`QualifyingCut`] with names.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CutBoard {
    pub places: u32,
    pub seed: u64,
    pub tied: Vec<(TeamId, String)>,
    pub contested: u32,
    pub shoot_off: Vec<Vec<String>>,
    pub lot: Option<u64>,
    pub lot_order: Vec<String>,
    pub still_tied: Vec<(TeamId, String)>,
    pub left: u32,
    /// 4.4: the seeding lot's tied groups in drawn order (names).
    pub seeding_lot: Vec<Vec<String>>,
}

impl CutBoard {
    pub fn new(cut: &QualifyingCut, name: impl Fn(TeamId) -> String) -> Self {
        let named = |teams: &[TeamId]| teams.iter().map(|t| (*t, name(*t))).collect();
        let names = |teams: &[TeamId]| teams.iter().map(|t| name(*t)).collect();
        CutBoard {
            places: cut.places,
            seed: cut.seed,
            tied: named(&cut.tied),
            contested: cut.contested,
            shoot_off: cut.shoot_off.iter().map(|q| names(q)).collect(),
            lot: cut.lot,
            lot_order: names(&cut.lot_order),
            still_tied: named(&cut.still_tied),
            left: cut.left,
            seeding_lot: cut.seeding_lot.iter().map(|g| names(g)).collect(),
        }
    }

    pub fn settled(&self) -> bool {
        self.still_tied.is_empty()
    }
}

/// Which tours of the table teams qualify from are counted (4.3, 5.2: the
/// programme's first game day; 4.4: the seeding after the first three).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountedTours {
    All,
    These(Vec<crate::ids::TourId>),
    First(usize),
}
