//! ChGK's part of `minuta-server export`: the JSON's `questions` (every
//! played question with its answer, how many teams took it and how many
//! cards came late) and `standings` (4.3: places, points, rating, mask),
//! and the same standings as the CSV's rows. The server writes them into
//! its files; what must not live here: CSV quoting or any file format.

use crate::export::event::{ChgkQuestionExport, ChgkStandingExport};
use crate::play::roster::Roster;

use super::ChgkGame;

/// Header of the CSV's ChGK rows.
pub const CHGK_CSV_HEADER: &str = "place,team,town,points,rating,mask";

impl ChgkGame {
    /// The export's `questions`: every question played, in order.
    pub fn export_questions(&self) -> Vec<ChgkQuestionExport> {
        self.questions
            .iter()
            .filter(|q| q.played())
            .map(|q| ChgkQuestionExport {
                number: q.number.clone(),
                answer: q.content.answer.clone(),
                withdrawn: q.withdrawn,
                correct: q.cards.keys().filter(|t| q.is_correct(**t)).count(),
                late_cards: q.cards.values().filter(|c| c.late).count(),
            })
            .collect()
    }

    /// The export's `standings`, as the host sees them.
    pub fn export_standings(&self, roster: &Roster) -> Vec<ChgkStandingExport> {
        self.staff_standings(roster)
            .into_iter()
            .map(|r| ChgkStandingExport {
                place: r.place.to_string(),
                team: r.name,
                town: r.town,
                points: r.points,
                rating: r.rating,
                mask: r.mask,
            })
            .collect()
    }

    /// The standings as the CSV's rows, cell by cell, under
    /// [`CHGK_CSV_HEADER`].
    pub fn export_rows(&self, roster: &Roster) -> Vec<Vec<String>> {
        self.staff_standings(roster)
            .into_iter()
            .map(|r| {
                vec![
                    r.place.to_string(),
                    r.name,
                    r.town,
                    r.points.to_string(),
                    r.rating.to_string(),
                    r.mask,
                ]
            })
            .collect()
    }
}
