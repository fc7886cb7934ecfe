//! A ChGK game's table: the table itself as every screen draws it (places
//! shared as `2-3`, points, rating and masks — every played question
//! counts, as judged — fitted to its room), and the staff's tab with
//! «Закрыть тур» for each open tour.

use egui::{Color32, RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::chgk::view::StandingRow;
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView};
use minuta_shared::wire::client::Command;

use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::widgets::{BRIGHT, GREY, NARROW, SOFT, places_table};

pub fn table(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    chgk: &ChgkStaffView,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    standings_table(ui, lang, "host", &chgk.standings, 16.0);
    ui.add_space(8.0);
    super::chart::leaders(ui, lang, "host", &chgk.standings, None, 220.0);
    ui.separator();
    ui.heading(lang.t(T::Tours));
    for tour in &chgk.tours {
        ui.horizontal(|ui| {
            ui.label(RichText::new(&tour.title).strong());
            if tour.closed {
                ui.label(RichText::new(lang.t(T::TourClosedMark)).color(GREY));
            } else if ui.button(lang.t(T::CloseTour)).clicked() {
                out.push(UiCommand::Send(Command::game(
                    game,
                    ChgkCommand::CloseTour { tour: tour.id },
                )));
            }
        });
    }
}

/// Places, names, points, ratings and masks; `size` scales it for a
/// projector.
pub fn standings_table(ui: &mut Ui, lang: Lang, id: &str, rows: &[StandingRow], size: f32) {
    let room = ui.available_width();
    standings_table_in(ui, lang, id, rows, size, room);
}

/// [`standings_table`] in a room of `room` points across, for a table
/// laid out where the room is not yet known (centred on the projector).
pub fn standings_table_in(
    ui: &mut Ui,
    lang: Lang,
    id: &str,
    rows: &[StandingRow],
    size: f32,
    room: f32,
) {
    let heads = [
        T::ColPlace,
        T::ColTeam,
        T::ColTown,
        T::ColPoints,
        T::ColRating,
        T::ColMask,
    ];
    let salt = ("standings", id);
    // Light on dark where the screen is dark (the projector's, the app's
    // dark theme); a light page (a phone's browser in its light theme)
    // gets the theme's strong text instead of near-white on white.
    let (bright, soft) = if ui.visuals().dark_mode {
        (BRIGHT, SOFT)
    } else {
        (ui.visuals().strong_text_color(), ui.visuals().text_color())
    };
    if room < NARROW {
        // A phone: the place, the team and its points; the town, the
        // rating and the mask would leave the name unreadably small.
        let heads = [T::ColPlace, T::ColTeam, T::ColPoints];
        let size = fitted_size(ui, lang, &heads, rows, size, room);
        let number = |text: String| RichText::new(text).size(size).monospace().color(bright);
        places_table(ui, lang, salt, &heads, rows, size, |ui, row| {
            ui.label(number(row.place.to_string()));
            ui.label(RichText::new(&row.name).size(size).strong().color(bright));
            ui.label(number(row.points.to_string()).strong());
        });
        return;
    }
    // Never cut on the right: the type shrinks until the widest row fits.
    let size = fitted_size(ui, lang, &heads, rows, size, room);
    // Read from the back of a hall: light on dark in every column (no
    // grey on grey), and the numbers in one monospaced face so the
    // columns line up digit under digit.
    let number = |text: String| RichText::new(text).size(size).monospace().color(bright);
    places_table(ui, lang, salt, &heads, rows, size, |ui, row| {
        ui.label(number(row.place.to_string()));
        ui.label(RichText::new(&row.name).size(size).strong().color(bright));
        ui.label(RichText::new(&row.town).size(size).color(soft));
        ui.label(number(row.points.to_string()).strong());
        ui.label(number(row.rating.to_string()));
        ui.label(number(row.mask.clone()).size(size * 0.8));
    });
}

/// The largest type up to `size` at which the standings' widest cells fit
/// the room: each column's longest text (by characters, so a hall of
/// thousands costs a count, not a layout per row) measured at `size`.
fn fitted_size(
    ui: &Ui,
    lang: Lang,
    heads: &[T],
    rows: &[StandingRow],
    size: f32,
    room: f32,
) -> f32 {
    let longest = |cell: &dyn Fn(&StandingRow) -> String| {
        rows.iter()
            .map(cell)
            .max_by_key(|text| text.chars().count())
            .unwrap_or_default()
    };
    let column = |head: &T| -> (String, bool) {
        if *head == T::ColPlace {
            (longest(&|r| r.place.to_string()), true)
        } else if *head == T::ColTown {
            (longest(&|r| r.town.clone()), false)
        } else if *head == T::ColPoints {
            (longest(&|r| r.points.to_string()), true)
        } else if *head == T::ColRating {
            (longest(&|r| r.rating.to_string()), true)
        } else if *head == T::ColMask {
            (longest(&|r| r.mask.clone()), true)
        } else {
            (longest(&|r| r.name.clone()), false)
        }
    };
    let columns: Vec<(String, bool)> = heads.iter().map(column).collect();
    let width = |text: &str, mono: bool| {
        let font = if mono {
            egui::FontId::monospace(size)
        } else {
            egui::FontId::proportional(size)
        };
        ui.ctx().fonts_mut(|f| {
            f.layout_no_wrap(text.to_owned(), font, Color32::WHITE)
                .size()
                .x
        })
    };
    let total: f32 = heads
        .iter()
        .zip(&columns)
        .map(|(head, (cell, mono))| width(lang.t(*head), false).max(width(cell, *mono)))
        .sum::<f32>()
        + size * (heads.len() as f32 - 1.0)
        // The grid's own margins and a rounding's worth.
        + 8.0;
    if total <= room || total <= 0.0 {
        return size;
    }
    (size * room / total).max(8.0)
}
