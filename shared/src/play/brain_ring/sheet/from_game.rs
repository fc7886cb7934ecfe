//! The game as `minuta-server score` reads it: the `brain-ring` sheet (the
//! qualifying rounds' fights with their scores, 4.4–4.8) and the standings
//! exactly as `score` prints them for that sheet. The play-off and the
//! final are not part of that sheet; the qualifying table is.

use super::ring_points;
use super::{BrainRingSheet, SheetFight};
use crate::play::brain_ring::RingTournament;
use crate::play::format::LiveFormat;
use crate::play::roster::Roster;
use crate::sheet::number::Count;
use crate::sheet::output::{OrderedMap, int, row};

impl RingTournament {
    /// The seeded teams and every closed qualifying fight, round by round;
    /// with the entry cut's tie and its settlement when there was one (4.3).
    pub(crate) fn scoresheet(&self, roster: &Roster) -> BrainRingSheet {
        let name = |i: &usize| {
            self.teams
                .get(*i)
                .map(|t| roster.name(*t))
                .unwrap_or_default()
        };
        let rounds = self
            .qualifying()
            .map(|q| q.rounds)
            .unwrap_or_default()
            .iter()
            .map(|round| {
                round
                    .iter()
                    .map(|fight| SheetFight {
                        teams: fight.teams.iter().map(name).collect(),
                        score: fight.score.iter().copied().map(Count).collect(),
                    })
                    .collect()
            })
            .collect();
        BrainRingSheet {
            format: <RingTournament as LiveFormat>::FORMAT.to_owned(),
            teams: self.teams.iter().map(|t| roster.name(*t)).collect(),
            rounds,
            qualification: self
                .cut
                .as_ref()
                .filter(|cut| cut.cut_tied())
                .map(|cut| cut.scoresheet(|t| roster.name(t))),
        }
    }

    /// The qualifying table (4.6–4.7) as `score` prints it for
    /// [`RingTournament::scoresheet`].
    pub fn standings_table(&self, roster: &Roster) -> Vec<OrderedMap> {
        self.standings()
            .into_iter()
            .map(|(team, r)| {
                row(&roster.name(team), r.place, ring_points(r.points))
                    .with("difference", int(r.difference))
                    .with("taken", int(i64::from(r.taken)))
            })
            .collect()
    }
}
