//! Teams as the staff's screens name them — the ChGK game and judging
//! tabs, Brain-ring's and every format's answers: a team's name by its
//! number, «Не сдали: …», and a late answer's line.

use egui::{RichText, Ui};
use minuta_shared::ids::TeamId;
use minuta_shared::time::stopwatch;
use minuta_shared::wire::view::HostView;

use crate::i18n::{self, Lang, T};
use crate::views::widgets::GREY;

/// How many names a list of teams spells out before «и ещё N команд»: a
/// line, not a hall of thousands.
pub const NAMES_SHOWN: usize = 12;

/// A team's name, or its number if it is unknown.
pub fn team_name(view: &HostView, team: TeamId) -> String {
    // Registered in order, so sorted by number: a search, not a scan, for
    // a hall of thousands (any other order still finds it, slower).
    let found = match view.teams.binary_search_by_key(&team, |t| t.id) {
        Ok(i) => view.teams.get(i),
        Err(_) => view.teams.iter().find(|t| t.id == team),
    };
    found
        .map(|t| t.name.clone())
        .unwrap_or_else(|| format!("#{team}"))
}

/// Teams' names joined by commas, the first [`NAMES_SHOWN`] of them and
/// «и ещё N команд» for the rest.
pub fn team_names(lang: Lang, view: &HostView, teams: &[TeamId]) -> String {
    let mut names: Vec<String> = teams
        .iter()
        .take(NAMES_SHOWN)
        .map(|t| team_name(view, *t))
        .collect();
    if teams.len() > NAMES_SHOWN {
        names.push(i18n::more_teams(lang, teams.len() - NAMES_SHOWN));
    }
    names.join(", ")
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
    let names = team_names(lang, view, missing);
    ui.label(RichText::new(format!("{}: {names}", lang.t(T::MissingTeams))).color(GREY));
}
