//! The game as `minuta-server score` takes it: the `chgk` sheet
//! ([`ChgkSheet`]), every played question with the teams right on it.

use super::{ChgkSheet, ChgkSheetQuestion};
use crate::ids::TeamId;
use crate::play::chgk::game::ChgkGame;
use crate::play::format::LiveFormat;
use crate::play::roster::Roster;

impl ChgkGame {
    /// Every played question: the teams right on it, whether it was
    /// withdrawn on appeal (4.14), and the teams the host marked absent
    /// from its tour (4.3: they do not count in A).
    pub(crate) fn scoresheet(&self, roster: &Roster) -> ChgkSheet {
        let teams: Vec<TeamId> = roster.teams.iter().map(|t| t.id).collect();
        let questions = self
            .questions
            .iter()
            .filter(|q| q.played())
            .map(|q| {
                let names = |keep: &dyn Fn(TeamId) -> bool| -> Vec<String> {
                    teams
                        .iter()
                        .filter(|t| keep(**t))
                        .map(|t| roster.name(*t))
                        .collect()
                };
                ChgkSheetQuestion {
                    correct: names(&|t| q.is_correct(t)),
                    removed: q.withdrawn,
                    absent: names(&|t| !self.plays(t, q.tour)),
                }
            })
            .collect();
        ChgkSheet {
            format: <ChgkGame as LiveFormat>::FORMAT.to_owned(),
            teams: roster.teams.iter().map(|t| t.name.clone()).collect(),
            questions,
            prize_ties: Vec::new(),
        }
    }
}
