//! Choosing teams out of the hall for a game or a list: a search box and
//! the first [`SHOWN`] teams that match it, so a hall of thousands stays
//! one screen and one cheap frame (issue 16). Brain-ring's seeding by hand,
//! Эрудит-квартет's and Нептун's registration and the teams tab use it.

use egui::{RichText, Ui};
use minuta_shared::wire::view::TeamInfo;

use crate::i18n::{self, Lang, T};
use crate::views::widgets::GREY;

/// How many matching teams a picker lays out; the rest are counted.
pub const SHOWN: usize = 60;

/// Whether a team answers a search (already trimmed and lower-cased): its
/// number, or part of its name or town.
pub fn matches(team: &TeamInfo, find: &str) -> bool {
    find.is_empty()
        || team.id.to_string() == find
        || team.name.to_lowercase().contains(find)
        || team.town.to_lowercase().contains(find)
}

/// The search box, labelled «Найти команду»; returns the search as
/// [`matches`] takes it.
pub fn search_box(ui: &mut Ui, lang: Lang, find: &mut String) -> String {
    ui.horizontal(|ui| {
        let label = ui.label(lang.t(T::FindTeam));
        ui.text_edit_singleline(find).labelled_by(label.id);
    });
    find.trim().to_lowercase()
}

/// The first [`SHOWN`] teams that match `find` and pass `keep`, and how
/// many more do.
pub fn matching<'a>(
    teams: &'a [TeamInfo],
    find: &str,
    keep: impl Fn(&TeamInfo) -> bool,
) -> (Vec<&'a TeamInfo>, usize) {
    let mut all = teams.iter().filter(|t| keep(t) && matches(t, find));
    let shown: Vec<&TeamInfo> = all.by_ref().take(SHOWN).collect();
    (shown, all.count())
}

/// «и ещё N команд — уточните поиск» under a picker that shows only part.
pub fn more_line(ui: &mut Ui, lang: Lang, more: usize) {
    if more > 0 {
        ui.label(
            RichText::new(format!(
                "{} — {}",
                i18n::more_teams(lang, more),
                lang.t(T::NarrowSearch)
            ))
            .color(GREY),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minuta_shared::ids::TeamId;

    fn team(id: u32, name: &str, town: &str) -> TeamInfo {
        TeamInfo {
            id: TeamId(id),
            name: name.into(),
            town: town.into(),
            players: vec![],
            connected: false,
            slices_connected: vec![],
            played: false,
            rating_id: None,
            site_players: vec![],
        }
    }

    #[test]
    fn a_team_is_found_by_its_number_name_or_town() {
        let t = team(12, "Знатоки", "Казань");
        assert!(matches(&t, "12"));
        assert!(matches(&t, "знат"));
        assert!(matches(&t, "казань"));
        assert!(!matches(&t, "1"));
        assert!(matches(&t, ""));
    }

    #[test]
    fn a_picker_lays_out_the_first_matches_and_counts_the_rest() {
        let hall: Vec<TeamInfo> = (1..=10_000)
            .map(|i| team(i, &format!("Команда {i}"), "Москва"))
            .collect();
        let (shown, more) = matching(&hall, "", |t| t.id != TeamId(1));
        assert_eq!(shown.len(), SHOWN);
        assert_eq!(shown[0].id, TeamId(2));
        assert_eq!(more, 10_000 - 1 - SHOWN);
        let (shown, more) = matching(&hall, "команда 999", |_| true);
        assert_eq!((shown.len(), more), (11, 0));
    }
}
