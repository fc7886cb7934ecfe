//! Lists as long as the hall (10,000 teams, their codes, the standings, a
//! question's answer groups): only the rows the screen shows are laid out,
//! the others only keep their room, so a frame costs a screenful whatever
//! the hall (issue 16). Works inside any scroll area, the host's tab too:
//! what is shown is read from the clip rectangle.

use std::ops::Range;

use egui::{Align, Layout, Rect, Ui, UiBuilder, vec2};

/// The rows of a list of `count` rows, `pitch` apart from `top`, that meet
/// the band `shown` (the clip rectangle's top and bottom).
pub fn rows_in_band(top: f32, pitch: f32, count: usize, shown: (f32, f32)) -> Range<usize> {
    if count == 0 || pitch <= 0.0 || shown.1 <= shown.0 {
        return 0..0;
    }
    let first = ((shown.0 - top) / pitch).floor().max(0.0);
    let end = ((shown.1 - top) / pitch).ceil().max(0.0);
    // Both are non-negative and whole here; a list past `usize` rows does
    // not exist, so the saturating cast is exact.
    let first = (first as usize).min(count);
    let end = (end as usize).clamp(first, count);
    first..end
}

/// A list of `count` rows, each `height` tall and laid out left to right:
/// takes the whole list's room and draws the rows the screen shows.
pub fn rows(ui: &mut Ui, count: usize, height: f32, mut row: impl FnMut(&mut Ui, usize)) {
    if count == 0 {
        return;
    }
    let pitch = height + ui.spacing().item_spacing.y;
    let width = ui.available_width();
    let (list, _) = ui.allocate_exact_size(
        vec2(width, pitch * count as f32 - ui.spacing().item_spacing.y),
        egui::Sense::hover(),
    );
    let clip = ui.clip_rect();
    for i in rows_in_band(list.top(), pitch, count, (clip.top(), clip.bottom())) {
        let rect = Rect::from_min_size(list.min + vec2(0.0, pitch * i as f32), vec2(width, height));
        let mut child = ui.new_child(
            UiBuilder::new()
                .max_rect(rect)
                .layout(Layout::left_to_right(Align::Center))
                .id_salt(("row", i)),
        );
        child.set_clip_rect(rect.intersect(clip));
        row(&mut child, i);
    }
}

/// A list of rows of their own `heights` (a long answer wraps onto more
/// lines), laid out top to bottom: takes the whole list's room, draws the
/// rows the screen shows, and scrolls row `show` into view when asked.
/// Each row gets its rectangle, for a highlight.
pub fn rows_of_heights(
    ui: &mut Ui,
    heights: &[f32],
    show: Option<usize>,
    mut row: impl FnMut(&mut Ui, usize, Rect),
) {
    if heights.is_empty() {
        return;
    }
    let gap = ui.spacing().item_spacing.y;
    // Each row's top, from the list's top: a running sum, then a search.
    let mut tops = Vec::with_capacity(heights.len());
    let mut total = 0.0;
    for h in heights {
        tops.push(total);
        total += h + gap;
    }
    let width = ui.available_width();
    let (list, _) = ui.allocate_exact_size(vec2(width, total - gap), egui::Sense::hover());
    let rect_of =
        |i: usize| Rect::from_min_size(list.min + vec2(0.0, tops[i]), vec2(width, heights[i]));
    if let Some(i) = show.filter(|i| *i < heights.len()) {
        ui.scroll_to_rect(rect_of(i), None);
    }
    let clip = ui.clip_rect();
    let first = tops
        .partition_point(|top| list.top() + top <= clip.top())
        .saturating_sub(1);
    for i in first..heights.len() {
        let rect = rect_of(i);
        if rect.top() > clip.bottom() {
            break;
        }
        let mut child = ui.new_child(
            UiBuilder::new()
                .max_rect(rect)
                .layout(Layout::left_to_right(Align::Min))
                .id_salt(("row", i)),
        );
        child.set_clip_rect(rect.intersect(clip));
        row(&mut child, i, rect);
    }
}

/// Inside an [`egui::Grid`] whose rows are at least `height` tall
/// (`min_row_height`): draws the cells of the rows the screen shows and
/// only ends the others, which then take `height` each.
pub fn grid_rows<R>(
    ui: &mut Ui,
    rows: impl IntoIterator<Item = R>,
    height: f32,
    mut line: impl FnMut(&mut Ui, R),
) {
    for row in rows {
        let top = ui.cursor().top();
        let clip = ui.clip_rect();
        if top + height >= clip.top() && top <= clip.bottom() {
            line(ui, row);
        }
        ui.end_row();
    }
}

/// The height of a line of text at `size` points in the given style, for a
/// list's `height`.
pub fn line_height(ui: &Ui, font: egui::FontId) -> f32 {
    ui.ctx().fonts_mut(|f| f.row_height(&font))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_band_above_or_below_the_list_shows_nothing() {
        assert_eq!(rows_in_band(100.0, 20.0, 50, (0.0, 90.0)), 0..0);
        assert_eq!(rows_in_band(100.0, 20.0, 50, (2000.0, 2500.0)), 50..50);
    }

    #[test]
    fn only_the_rows_in_the_band_are_drawn() {
        // Rows at 100, 120, … ; the band 150..210 meets rows 2 (140..160)
        // to 5 (200..220).
        assert_eq!(rows_in_band(100.0, 20.0, 10_000, (150.0, 210.0)), 2..6);
    }

    #[test]
    fn a_band_over_the_whole_list_shows_every_row() {
        assert_eq!(rows_in_band(0.0, 20.0, 5, (-100.0, 1000.0)), 0..5);
    }

    #[test]
    fn rows_of_their_own_heights_are_drawn_one_under_another() {
        let ctx = egui::Context::default();
        let mut drawn = Vec::new();
        let mut output = ctx.run_ui(egui::RawInput::default(), |ui| {
            rows_of_heights(ui, &[20.0, 50.0, 20.0], None, |_, i, rect| {
                drawn.push((i, rect.height()));
            });
        });
        // No painter here to take the font atlas.
        output.textures_delta.clear();
        assert_eq!(drawn, vec![(0, 20.0), (1, 50.0), (2, 20.0)]);
    }

    #[test]
    fn an_empty_list_or_band_shows_nothing() {
        assert_eq!(rows_in_band(0.0, 20.0, 0, (0.0, 100.0)), 0..0);
        assert_eq!(rows_in_band(0.0, 20.0, 5, (50.0, 50.0)), 0..0);
    }
}
