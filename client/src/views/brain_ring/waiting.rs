//! A team's Brain-ring screen between its fights: where the tournament
//! stands and the team's place in it, its own fights with their results
//! (the last one stays after the host closes it), the table and, once the
//! champion is known, the final places.

use egui::{RichText, Ui};
use minuta_shared::ids::TeamId;
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{RingBoard, RingFightView};

use super::board;
use crate::i18n::Lang;
use crate::views::brain_ring::words;
use crate::views::brain_ring::words::Rt;
use crate::views::widgets::{self, GREEN, GREY};

/// `team`'s screen between its fights, under the team's name (drawn by the
/// caller, on a screen that scrolls).
pub fn waiting(ui: &mut Ui, lang: Lang, team: TeamId, ring: &RingBoard) {
    ui.vertical_centered(|ui| {
        let stage = words::stage(lang, &ring.stage, |t| board::team_name(ring, t));
        ui.label(RichText::new(stage).size(22.0));
        if let Some(series) = board::final_series(lang, ring) {
            ui.label(RichText::new(series).size(22.0).strong());
        }
        if let Some(row) = ring.final_places.iter().find(|r| r.team == team) {
            ui.label(
                RichText::new(words::final_place(lang, row.place))
                    .size(30.0)
                    .strong(),
            );
        } else if let Some(row) = ring.standings.iter().find(|r| r.team == team) {
            ui.label(RichText::new(words::table_place(lang, &row.place.to_string())).size(22.0));
        }
    });
    ui.add_space(12.0);
    if !ring.fights.is_empty() {
        ui.label(RichText::new(lang.t(Rt::YourFights)).size(18.0).strong());
        if widgets::narrow(ui) {
            // A phone: a fight's cells run on and wrap, one fight a row.
            for fight in &ring.fights {
                ui.separator();
                ui.horizontal_wrapped(|ui| fight_cells(ui, lang, fight, team));
            }
        } else {
            egui::Grid::new("team-ring-fights")
                .striped(true)
                .spacing([12.0, 4.0])
                .show(ui, |ui| {
                    for fight in &ring.fights {
                        fight_cells(ui, lang, fight, team);
                        ui.end_row();
                    }
                });
        }
        ui.add_space(12.0);
    }
    if !ring.final_places.is_empty() {
        board::final_places(ui, lang, "team-ring", &ring.final_places, 16.0);
        ui.add_space(12.0);
    }
    board::standings_table(ui, lang, "team-ring", &ring.standings, 16.0);
}

/// One of the team's fights: its name, the tables, the score, the result.
fn fight_cells(ui: &mut Ui, lang: Lang, fight: &RingFightView, team: TeamId) {
    let mine = fight.tables.iter().position(|t| *t == team);
    ui.label(words::fight_name(lang, fight));
    ui.label(format!("{} — {}", fight.names[0], fight.names[1]));
    ui.label(RichText::new(format!("{}:{}", fight.score[0], fight.score[1])).monospace());
    let (text, colour) = match fight.status {
        FightStatus::Won { winner } if Some(winner) == mine => {
            (lang.t(Rt::FightWonYou).to_owned(), GREEN)
        }
        FightStatus::Won { .. } => (lang.t(Rt::FightLostYou).to_owned(), GREY),
        FightStatus::Drawn => (lang.t(Rt::Drawn).to_owned(), GREY),
        FightStatus::InProgress { .. } => (lang.t(Rt::FightOn).to_owned(), GREY),
    };
    ui.label(RichText::new(text).color(colour));
}
