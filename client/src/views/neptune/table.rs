//! The overall table (0.1) as the host, a team and the projector see it:
//! place, team, a column per contest («—» for one not begun) and the sum;
//! on a phone, the place, the team and the sum.

use egui::{RichText, Ui};
use minuta_shared::ids::TeamId;
use minuta_shared::play::neptune::ScoreRow;

use crate::i18n::Lang;
use crate::views::neptune::words::Nt;
use crate::views::widgets::{self, BRIGHT, GREEN};

const HEADS: [Nt; 9] = [
    Nt::ColPlace,
    Nt::ColTeam,
    Nt::Negative,
    Nt::Sandwich,
    Nt::Blitz,
    Nt::Sisyphus,
    Nt::Joker,
    Nt::Auction,
    Nt::ColTotal,
];

/// The table; `own` is highlighted (a team's terminal); `size` scales it
/// for a projector; `id` keeps it apart from the screen's other grids.
pub fn table(ui: &mut Ui, lang: Lang, id: &str, rows: &[ScoreRow], own: Option<TeamId>, size: f32) {
    let salt = ("neptune-table", id);
    let number = |text: String| RichText::new(text).size(size).monospace().color(BRIGHT);
    let name = |row: &ScoreRow| {
        let name = RichText::new(&row.name).size(size).strong();
        if own == Some(row.team) {
            name.color(GREEN)
        } else {
            name.color(BRIGHT)
        }
    };
    if widgets::narrow(ui) {
        // A phone: the place, the team and its sum; six contests' columns
        // would run off the screen.
        let heads = [Nt::ColPlace, Nt::ColTeam, Nt::ColTotal];
        widgets::places_table(ui, lang, salt, &heads, rows, size, |ui, row| {
            ui.label(number(row.place.to_string()));
            ui.label(name(row));
            ui.label(number(row.total.to_string()).strong());
        });
        return;
    }
    widgets::places_table(ui, lang, salt, &HEADS, rows, size, |ui, row| {
        ui.label(number(row.place.to_string()));
        ui.label(name(row));
        for points in row.contests {
            let text = points.map_or_else(|| lang.t(Nt::NotBegun).to_owned(), |p| p.to_string());
            ui.label(number(text));
        }
        ui.label(number(row.total.to_string()).strong());
    });
}
