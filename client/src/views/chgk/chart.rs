//! The leaders' race: the points of the best teams question by question,
//! read from their masks (1 a question taken, 0 or X not), as a chart
//! beside the standings.

use egui::{RichText, Ui};
use egui_plot::{Legend, Line, Plot, PlotPoints};
use minuta_shared::play::chgk::view::StandingRow;

use crate::i18n::{Lang, T};

/// How many leaders the chart follows: more lines than this is a tangle.
pub const LEADERS: usize = 5;

/// A team's points after each question its mask counts, from 0 before the
/// first: `(question, points)`.
pub fn race(mask: &str) -> Vec<[f64; 2]> {
    let mut points = 0.0;
    let mut out = vec![[0.0, 0.0]];
    for (i, mark) in mask.chars().enumerate() {
        if mark == '1' {
            points += 1.0;
        }
        out.push([(i + 1) as f64, points]);
    }
    out
}

/// The chart of the `LEADERS` best rows, `height` points tall and `width`
/// wide (the room there is when `None`); nothing until a question has been
/// counted.
pub fn leaders(
    ui: &mut Ui,
    lang: Lang,
    id: &str,
    rows: &[StandingRow],
    width: Option<f32>,
    height: f32,
) {
    let leaders: Vec<&StandingRow> = rows.iter().take(LEADERS).collect();
    if leaders.iter().all(|r| r.mask.is_empty()) {
        return;
    }
    // The heading in proportion: a host's tab or the back of a hall.
    let heading = (height * 0.08).clamp(15.0, 40.0);
    ui.label(
        RichText::new(lang.t(T::LeadersChart))
            .size(heading)
            .strong(),
    );
    // A picture, not a control: the hall cannot pan or zoom a projector.
    let plot = Plot::new(("chgk-leaders", id)).height(height);
    let plot = match width {
        Some(width) => plot.width(width),
        None => plot,
    };
    plot.legend(Legend::default())
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .show_y(false)
        .x_axis_label(lang.t(T::ChartQuestion))
        .y_axis_label(lang.t(T::ColPoints))
        .show(ui, |plot| {
            for row in leaders {
                plot.line(Line::new(
                    row.name.clone(),
                    PlotPoints::from(race(&row.mask)),
                ));
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_race_counts_taken_questions_only() {
        assert_eq!(
            race("10X1"),
            vec![[0.0, 0.0], [1.0, 1.0], [2.0, 1.0], [3.0, 1.0], [4.0, 2.0]]
        );
        assert_eq!(race(""), vec![[0.0, 0.0]]);
    }
}
