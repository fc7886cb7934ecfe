//! «Итоги фестиваля» (2.2): every tournament of the event — ChGK, each
//! programme game, Brain-ring — with a place for every team and the prizes
//! of places 1–3 in medal colours. A table of thousands of teams draws only
//! the rows in sight, and a search box narrows every table to the teams
//! whose name it matches.

use egui::{Align, Color32, Layout, RichText, Ui};
use minuta_shared::tournament::festival::Prize;
use minuta_shared::wire::view::{FestivalRow, FestivalTable, HostView};

use crate::i18n::{self, Lang, T, programme as words};
use crate::views::widgets::{self, GREY};

pub const GOLD: Color32 = Color32::from_rgb(212, 165, 30);
pub const SILVER: Color32 = Color32::from_rgb(150, 155, 165);
pub const BRONZE: Color32 = Color32::from_rgb(190, 115, 50);

/// The medal colour of a prize.
pub fn prize_colour(prize: Prize) -> Color32 {
    match prize {
        Prize::First => GOLD,
        Prize::Second => SILVER,
        Prize::Third => BRONZE,
    }
}

const ROW: f32 = 22.0;
const PLACE: f32 = 80.0;
const TEAM: f32 = 360.0;
const PRIZE: f32 = 140.0;
/// The most of a table shown at once; the rest scrolls.
const TABLE_HEIGHT: f32 = 440.0;

/// Every festival table, narrowed to the teams whose name contains `find`.
pub fn festival(ui: &mut Ui, lang: Lang, view: &HostView, find: &mut String) {
    if view.festival.is_empty() {
        ui.label(RichText::new(lang.t(T::NoFestival)).color(GREY));
        return;
    }
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(find)
                .hint_text(lang.t(T::FindTeam))
                .desired_width(260.0),
        );
        if !find.is_empty() && ui.small_button("×").clicked() {
            find.clear();
        }
    });
    let needle = find.trim().to_lowercase();
    for (k, table) in view.festival.iter().enumerate() {
        ui.add_space(8.0);
        ui.heading(words::festival_table(lang, table, &view.tournament));
        let rows: Vec<&FestivalRow> = table
            .rows
            .iter()
            .filter(|r| needle.is_empty() || r.name.to_lowercase().contains(&needle))
            .collect();
        ui.label(RichText::new(i18n::team_count(lang, table.rows.len())).color(GREY));
        rows_table(ui, lang, k, table, &rows);
    }
}

/// One column of a row, `width` wide whatever it holds.
fn cell(ui: &mut Ui, width: f32, add: impl FnOnce(&mut Ui)) {
    ui.allocate_ui_with_layout(
        egui::vec2(width, ROW),
        Layout::left_to_right(Align::Center),
        |ui| {
            ui.set_min_width(width);
            add(ui);
        },
    );
}

fn text_cell(ui: &mut Ui, width: f32, text: RichText) {
    cell(ui, width, |ui| {
        ui.add(egui::Label::new(text).truncate());
    });
}

fn rows_table(ui: &mut Ui, lang: Lang, k: usize, table: &FestivalTable, rows: &[&FestivalRow]) {
    let head = |t: T| RichText::new(lang.t(t)).strong();
    ui.horizontal(|ui| {
        text_cell(ui, PLACE, head(T::ColPlace));
        text_cell(ui, TEAM, head(T::ColTeam));
        text_cell(ui, PRIZE, head(T::ColPrize));
    });
    egui::ScrollArea::vertical()
        .id_salt(("festival", k, &table.format))
        .max_height(TABLE_HEIGHT)
        .auto_shrink([false, true])
        .show_rows(ui, ROW, rows.len(), |ui, range| {
            for row in rows.get(range).unwrap_or_default() {
                ui.horizontal(|ui| {
                    ui.set_height(ROW);
                    text_cell(ui, PLACE, RichText::new(row.place.to_string()));
                    let mut name = RichText::new(&row.name);
                    if row.prize.is_some() {
                        name = name.strong();
                    }
                    text_cell(ui, TEAM, name);
                    if let Some(prize) = row.prize {
                        let colour = prize_colour(prize);
                        cell(ui, PRIZE, |ui| {
                            widgets::dot(ui, colour);
                            ui.label(
                                RichText::new(words::prize(lang, prize))
                                    .strong()
                                    .color(colour),
                            );
                        });
                    }
                });
            }
        });
}
