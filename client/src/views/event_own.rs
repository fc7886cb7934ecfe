//! Where the event's own games show beyond the dashboard's tabs: the main
//! page of a team's terminal and of the projector ([`MainPage`]: each own
//! game claims it, the highest claim wins), the judges' pages
//! ([`JudgePage`]), the jury's list and the teams tab's buttons. Each is
//! asked of the formats through [`crate::views::games`]; nothing here
//! names a format.

use egui::Ui;
use minuta_shared::ids::GameId;
use minuta_shared::play::games::{Format, GameDisplayView, GameTeamView};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::{DisplayView, GameEntry, HostView, StaffGame, TeamView};

use crate::i18n;
use crate::state::{AppState, UiCommand};
use crate::views::format::{Activity, MainClaim, Seat};
use crate::views::games::{self, GamesForm, added, event_game_of, event_games_in};

/// A page of the judges' terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JudgePage {
    /// The event's own game of this format.
    Own(Format),
    /// The programme's added games of this format.
    Games(Format),
}

/// The judges' terminal's pages, each with its label: the event's own
/// games the judges credit, then a page per format with added games.
pub fn judge_pages(lang: i18n::Lang, view: &HostView) -> Vec<(JudgePage, String)> {
    let own = event_games_in(&view.games)
        .filter(|g| games::own_judged(g.format))
        .map(|g| {
            (
                JudgePage::Own(g.format),
                games::own_label(lang, g.format, &g.name),
            )
        });
    let added = Format::ALL
        .iter()
        .filter(|f| added(&view.games).any(|g| g.format == **f))
        .map(|f| (JudgePage::Games(*f), i18n::format_name(lang, *f).to_owned()));
    own.chain(added).collect()
}

/// A page of the judges' terminal drawn.
pub fn judge_page(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    page: JudgePage,
    form: &mut GamesForm,
    out: &mut Vec<UiCommand>,
) {
    match page {
        JudgePage::Own(format) => {
            if let Some(game) = event_game_of(&view.games, format) {
                games::staff(ui, state, view, game, Seat::Judge, &mut form.forms, out);
            }
        }
        JudgePage::Games(format) => {
            games::staff_tab(ui, state, view, format, Seat::Judge, form, out)
        }
    }
}

/// The event's own games whose appeals the jury decides.
pub fn own_in_the_jury(list: &[StaffGame]) -> impl Iterator<Item = &StaffGame> {
    event_games_in(list).filter(|g| games::own_in_jury(g))
}

/// The teams tab's buttons on a team's line: one per event's own game
/// that has a page for a team.
pub fn own_team_buttons(lang: i18n::Lang, view: &HostView) -> Vec<(GameId, &'static str)> {
    event_games_in(&view.games)
        .filter_map(|g| games::own_team_button(lang, g.format).map(|label| (g.id, label)))
        .collect()
}

/// What the event's own games make of a team terminal's or the
/// projector's main page.
pub struct MainPage<'a, V> {
    /// The game the main page shows, with its claim: the highest claim,
    /// the first on a tie.
    pub game: Option<(&'a GameEntry<V>, MainClaim)>,
    /// The home game's activity, which an added game must pass to take
    /// the screen from the main page.
    pub home: Activity,
    /// Whether the main page has anything for the team to see.
    pub relevant: bool,
}

impl<'a, V> MainPage<'a, V> {
    fn of(claims: impl Iterator<Item = (&'a GameEntry<V>, MainClaim)>) -> Self {
        let mut page = MainPage {
            game: None,
            home: Activity::Idle,
            relevant: false,
        };
        for (game, claim) in claims {
            match claim {
                MainClaim::Nothing => continue,
                MainClaim::Home { activity, relevant } => {
                    page.home = page.home.max(activity);
                    page.relevant |= relevant;
                }
                MainClaim::Beside | MainClaim::Shown | MainClaim::Whole => page.relevant = true,
            }
            if page.game.is_none_or(|(_, best)| claim > best) {
                page.game = Some((game, claim));
            }
        }
        page
    }
}

/// A team terminal's main page.
pub fn team_main_page(view: &TeamView, now: ServerTime) -> MainPage<'_, GameTeamView> {
    let own = event_games_in(&view.games);
    MainPage::of(own.map(|g| (g, games::team_main_claim(view, g, now))))
}

/// The projector's main page.
pub fn display_main_page(view: &DisplayView, now: ServerTime) -> MainPage<'_, GameDisplayView> {
    let own = event_games_in(&view.games);
    MainPage::of(own.map(|g| (g, games::display_main_claim(view, g, now))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::games::tests::entry;

    #[test]
    fn the_main_page_shows_the_highest_claim_the_first_on_a_tie() {
        let at = |us| Activity::Since(ServerTime(us));
        let home = |activity, relevant| MainClaim::Home { activity, relevant };
        // (claims of the event's ChGK and Brain-ring) → (shown, home, relevant)
        let table = [
            // A ChGK question on, the ring seeded: ChGK; an added game
            // must be later than the question.
            (
                (home(Activity::InPlay, true), MainClaim::Beside),
                (0, Activity::InPlay, true),
            ),
            // Between ChGK questions, the ring's tournament.
            ((home(at(5), true), MainClaim::Shown), (1, at(5), true)),
            // A live fight takes the whole screen.
            ((home(at(5), false), MainClaim::Whole), (1, at(5), true)),
            // Nothing on: ChGK's screen, nothing to show the team.
            (
                (home(Activity::Idle, false), MainClaim::Nothing),
                (0, Activity::Idle, false),
            ),
        ];
        let games = [entry(0, Format::Chgk), entry(1, Format::Ring)];
        for ((chgk, ring), (shown, home, relevant)) in table {
            let page = MainPage::of([(&games[0], chgk), (&games[1], ring)].into_iter());
            assert_eq!(
                page.game.map(|(g, _)| g.id.0),
                Some(shown),
                "{chgk:?}, {ring:?}"
            );
            assert_eq!(page.home, home, "{chgk:?}, {ring:?}");
            assert_eq!(page.relevant, relevant, "{chgk:?}, {ring:?}");
        }
        // Two equal claims: the first registered.
        let page = MainPage::of(
            [(&games[0], MainClaim::Shown), (&games[1], MainClaim::Shown)].into_iter(),
        );
        assert_eq!(page.game.map(|(g, _)| g.id.0), Some(0));
    }
}
