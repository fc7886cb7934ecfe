//! Teams as the staff's screens name them — the ChGK game and judging
//! tabs, Brain-ring's and every format's answers: a team's name by its
//! number, «Не сдали: …», and a late answer's line.

use egui::{RichText, Ui};
use minuta_shared::ids::TeamId;
use minuta_shared::time::stopwatch;
use minuta_shared::wire::view::HostView;

use crate::i18n::{Lang, T};
use crate::views::widgets::GREY;

/// A team's name, or its number if it is unknown.
pub fn team_name(view: &HostView, team: TeamId) -> String {
    view.teams
        .iter()
        .find(|t| t.id == team)
        .map(|t| t.name.clone())
        .unwrap_or_else(|| format!("#{team}"))
}

/// An answer handed in late, as the judges list it apart: «Умники —
/// «Портфель» (02:05.000)».
pub fn late_answer(ui: &mut Ui, team: &str, text: &str, since_start_ms: u64) {
    let at = stopwatch(std::time::Duration::from_millis(since_start_ms));
    ui.label(format!("{team} — «{text}» ({at})"));
}

/// «Не сдали: …» in grey, when some team has handed in nothing.
pub fn missing_teams(ui: &mut Ui, lang: Lang, view: &HostView, missing: &[TeamId]) {
    if missing.is_empty() {
        return;
    }
    let names: Vec<String> = missing.iter().map(|t| team_name(view, *t)).collect();
    ui.label(
        RichText::new(format!("{}: {}", lang.t(T::MissingTeams), names.join(", "))).color(GREY),
    );
}
