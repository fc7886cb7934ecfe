//! The host dashboard, one tab per concern: the event's own ChGK (the game,
//! judging, appeals, standings with the festival's results), the event's
//! own «Брейн-ринг» ([`crate::views::brain_ring::staff`]), one tab per plug-in
//! format of the programme («Мультиигры», [`crate::views::games`]) and the
//! event's programme; the set-up tabs — questions, teams, judges, the
//! tournament's settings, access codes, another ChGK or Brain-ring
//! tournament, an Эрудит-квартет tournament — sit behind one «Подготовка»
//! menu. Above them, what is on
//! now and next. A judge's terminal shows the judging alone
//! ([`crate::views::judge`]).

pub mod access;
pub mod attendance;
pub mod festival;
pub mod judges;
pub mod programme;
pub mod standings;
pub mod team_import;
pub mod teams;
pub mod tournament;

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::chgk::EVENT_CHGK;
use minuta_shared::play::games::Format;
use minuta_shared::programme::{Slot, SlotStatus};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::HostView;

use crate::i18n::{self, T};
use crate::state::{AppState, UiCommand};
use crate::views::brain_ring::{self, staff::RingStaffForm};
use crate::views::chgk::{appeals, game, judging, questions};
use crate::views::format::Seat;
use crate::views::games;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum HostTab {
    Tournament,
    Access,
    Teams,
    Judges,
    Questions,
    #[default]
    Game,
    Judging,
    Appeals,
    Standings,
    /// The event's own Brain-ring.
    Ring,
    /// The programme's games of one plug-in format (but the event's own).
    Games(Format),
    /// The event's programme (2).
    Programme,
}

impl HostTab {
    /// The tabs used before the event rather than during it, grouped in
    /// one menu so the bar stays one line; then a tab per format whose
    /// games are set up before the evening ([`Screens::SET_UP_FIRST`]),
    /// which joins the bar once such a game exists.
    ///
    /// [`Screens::SET_UP_FIRST`]: crate::views::format::Screens::SET_UP_FIRST
    pub fn setup() -> Vec<HostTab> {
        let fixed = [
            HostTab::Questions,
            HostTab::Teams,
            HostTab::Judges,
            HostTab::Tournament,
            HostTab::Access,
        ];
        let formats = Format::ALL
            .iter()
            .copied()
            .filter(|f| games::set_up_first(*f))
            .map(HostTab::Games);
        fixed.into_iter().chain(formats).collect()
    }
}

#[derive(Debug, Default)]
pub struct HostForm {
    /// `None` until the first view: then a fresh tournament opens on its
    /// teams, a prepared one on the game.
    pub tab: Option<HostTab>,
    pub tournament: tournament::TournamentForm,
    pub teams: teams::TeamsForm,
    pub judges: judges::JudgesForm,
    pub questions: questions::QuestionsForm,
    pub game: game::GameForm,
    pub appeals: appeals::AppealsForm,
    pub judging: judging::JudgingForm,
    /// The event's own Brain-ring's tab.
    pub ring: RingStaffForm,
    pub games: games::GamesForm,
    pub programme: programme::ProgrammeForm,
    pub standings: standings::StandingsForm,
    pub codes: access::CodesForm,
}

pub fn dashboard(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut HostForm,
) -> Vec<UiCommand> {
    let lang = state.lang;
    let mut out = Vec::new();
    // The event's own ChGK runs on the dashboard's own tabs.
    let chgk = view.event_chgk();
    let event_ring = brain_ring::event_staff(view);
    let ring_fights = event_ring.map_or(&[][..], |(_, r)| &r.board.fights);
    let open_fights = ring_fights.iter().filter(|f| !f.closed).count();
    let now = state.server_now();
    // Until the host picks a tab, the dashboard opens on the game being
    // played; a set-up tab only while there is none yet (a demo's first
    // frames come before its games), so it is chosen again next frame.
    let opening = opening_tab(view, open_fights, now);
    if !matches!(opening, HostTab::Teams | HostTab::Questions) {
        form.tab.get_or_insert(opening);
    }
    let mut picked = form.tab.unwrap_or(opening);
    let tab = &mut picked;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&view.tournament).strong().size(18.0));
        ui.separator();
        let open_appeals = chgk
            .appeals
            .iter()
            .filter(|a| a.resolution.is_none())
            .count();
        let ring_appeals = ring_fights
            .iter()
            .flat_map(|f| &f.appeals)
            .filter(|a| a.resolution.is_none())
            .count();
        let mut tabs = vec![
            (HostTab::Game, lang.t(T::TabGame).to_owned()),
            (HostTab::Judging, lang.t(T::TabJudging).to_owned()),
            (
                HostTab::Appeals,
                if open_appeals > 0 {
                    format!("{} ({open_appeals})", lang.t(T::TabAppeals))
                } else {
                    lang.t(T::TabAppeals).to_owned()
                },
            ),
            (HostTab::Standings, lang.t(T::TabStandings).to_owned()),
            (
                HostTab::Ring,
                match (open_fights, ring_appeals) {
                    (0, 0) => lang.t(T::TabRing).to_owned(),
                    (n, 0) => format!("{} ({n})", lang.t(T::TabRing)),
                    // An appeal holds its fight up (4.16): say so from any tab.
                    (n, a) => format!(
                        "{} ({n}) • {}: {a}",
                        lang.t(T::TabRing),
                        lang.t(T::TabAppeals)
                    ),
                },
            ),
        ];
        // One tab per plug-in format, beside Brain-ring: a game is added
        // there. The event's own ChGK and Brain-ring have the tabs above,
        // so a tab of their format shows only once the host has added
        // another tournament of it (from «Подготовка»); so do
        // Эрудит-квартет's and Нептун's, games set up before the event.
        tabs.extend(
            Format::ALL
                .iter()
                .filter(|f| !games::set_up_first(**f) || more_of(view, **f))
                .map(|f| (HostTab::Games(*f), games_label(lang, *f))),
        );
        tabs.push((HostTab::Programme, lang.t(T::TabProgramme).to_owned()));
        for (choice, label) in tabs {
            ui.selectable_value(tab, choice, RichText::new(label).size(16.0));
        }
        setup_menu(ui, lang, view, tab);
    });
    if picked != form.tab.unwrap_or(opening) {
        form.tab = Some(picked);
    }
    let tab = &mut picked;
    if let Some(listed) = &view.programme {
        crate::views::programme::strip(ui, lang, listed, 15.0);
    }
    ui.separator();
    let tab = *tab;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| match tab {
            HostTab::Tournament => {
                tournament::tournament(ui, state, view, &mut form.tournament, &mut out)
            }
            HostTab::Access => access::access(ui, state, view, &mut form.codes, &mut out),
            HostTab::Teams => teams::teams(ui, state, view, &mut form.teams, &mut out),
            HostTab::Judges => judges::judges(ui, state, view, &mut form.judges, &mut out),
            HostTab::Questions => {
                questions::questions(ui, state, EVENT_CHGK, chgk, &mut form.questions, &mut out)
            }
            HostTab::Game => {
                game::game(ui, state, view, EVENT_CHGK, chgk, &mut form.game, &mut out)
            }
            HostTab::Judging => judging::judging(
                ui,
                state.lang,
                view,
                EVENT_CHGK,
                chgk,
                &mut form.judging,
                &mut out,
            ),
            HostTab::Appeals => {
                appeals::appeals(ui, state, EVENT_CHGK, chgk, &mut form.appeals, &mut out)
            }
            HostTab::Standings => standings::standings(
                ui,
                state,
                view,
                EVENT_CHGK,
                chgk,
                &mut form.standings,
                &mut out,
            ),
            HostTab::Programme => {
                programme::programme(ui, state, view, &mut form.programme, &mut out)
            }
            HostTab::Ring => match event_ring {
                Some((game, own)) => brain_ring::staff::screen(
                    ui,
                    state,
                    view,
                    game,
                    own,
                    Seat::Host,
                    &mut form.ring,
                    &mut out,
                ),
                // A server that has not made the event's Brain-ring: the
                // host adds it here, and it is the event's from then on.
                None => games::staff_tab(
                    ui,
                    state,
                    view,
                    Format::Ring,
                    Seat::Host,
                    &mut form.games,
                    &mut out,
                ),
            },
            HostTab::Games(format) => games::staff_tab(
                ui,
                state,
                view,
                format,
                Seat::Host,
                &mut form.games,
                &mut out,
            ),
        });
    out
}

/// A set-up tab's label.
/// The tab the dashboard opens on: a Brain-ring fight in play, another
/// game in play, the programme's current slot (the festival's), the game
/// the event was set up for (Brain-ring, or a game added to the programme
/// when the event's ChGK has no questions), the event's ChGK; the teams or
/// the questions while nothing is ready to play.
fn opening_tab(view: &HostView, open_fights: usize, now: ServerTime) -> HostTab {
    let chgk = view.event_chgk();
    let format_of = |game: GameId| {
        games::added(&view.games)
            .find(|g| g.id == game)
            .map(|g| HostTab::Games(g.format))
    };
    // Every event has its Brain-ring; it is being played once it has
    // questions, seeded teams or fights.
    let ring_set_up = brain_ring::event_staff(view).is_some_and(|(_, r)| {
        r.pool > 0 || !r.board.seeding.is_empty() || !r.board.fights.is_empty()
    });
    if open_fights > 0 {
        return HostTab::Ring;
    }
    if let Some(format) = games::staff_in_play(view, now) {
        return HostTab::Games(format);
    }
    let now_on = view
        .programme
        .as_ref()
        .and_then(|p| p.find(SlotStatus::Now))
        .and_then(|slot| match slot.slot {
            Slot::ChgkTour { .. } => (!chgk.tours.is_empty()).then_some(HostTab::Game),
            Slot::GameTour { game, .. } => format_of(game),
            Slot::BrainRing => ring_set_up.then_some(HostTab::Ring),
        });
    if let Some(tab) = now_on {
        return tab;
    }
    if view.teams.is_empty() {
        return HostTab::Teams;
    }
    if !chgk.tours.is_empty() {
        return HostTab::Game;
    }
    if ring_set_up {
        return HostTab::Ring;
    }
    games::added(&view.games)
        .next_back()
        .map_or(HostTab::Questions, |g| HostTab::Games(g.format))
}

fn setup_label(lang: i18n::Lang, view: &HostView, tab: HostTab) -> String {
    match tab {
        HostTab::Questions => lang.t(T::TabQuestions).to_owned(),
        HostTab::Teams => format!("{} ({})", lang.t(T::TabTeams), view.teams.len()),
        HostTab::Judges => lang.t(T::TabJudges).to_owned(),
        HostTab::Tournament => lang.t(T::TabTournament).to_owned(),
        HostTab::Access => lang.t(T::TabAccess).to_owned(),
        HostTab::Games(format) => i18n::added_format_name(lang, format).to_owned(),
        // Not set-up tabs: named as on the bar.
        HostTab::Game => lang.t(T::TabGame).to_owned(),
        HostTab::Judging => lang.t(T::TabJudging).to_owned(),
        HostTab::Appeals => lang.t(T::TabAppeals).to_owned(),
        HostTab::Standings => lang.t(T::TabStandings).to_owned(),
        HostTab::Ring => lang.t(T::TabRing).to_owned(),
        HostTab::Programme => lang.t(T::TabProgramme).to_owned(),
    }
}

/// «Подготовка»: the set-up tabs in one menu; while one of them is open
/// the button names it («Подготовка: Команды (12)») and stays selected.
fn setup_menu(ui: &mut Ui, lang: i18n::Lang, view: &HostView, tab: &mut HostTab) {
    // Another ChGK or Brain-ring tournament, or an Эрудит-квартет one,
    // once added, has its tab on the bar.
    let setup: Vec<HostTab> = HostTab::setup()
        .into_iter()
        .filter(|t| !matches!(t, HostTab::Games(f) if more_of(view, *f)))
        .collect();
    let open = setup.contains(tab);
    let label = if open {
        format!("{}: {}", lang.t(T::TabSetup), setup_label(lang, view, *tab))
    } else {
        lang.t(T::TabSetup).to_owned()
    };
    let button = egui::Button::selectable(open, RichText::new(label).size(16.0));
    let (response, _) = egui::containers::menu::MenuButton::from_button(button).ui(ui, |ui| {
        for choice in &setup {
            let label = RichText::new(setup_label(lang, view, *choice)).size(16.0);
            if ui.selectable_label(*tab == *choice, label).clicked() {
                *tab = *choice;
                ui.close();
            }
        }
    });
    let inside: Vec<String> = setup.iter().map(|t| setup_label(lang, view, *t)).collect();
    response.on_hover_text(inside.join(" · "));
}

/// Whether the host has added a game of `format` to the programme (for
/// ChGK and Brain-ring: one beside the event's own).
fn more_of(view: &HostView, format: Format) -> bool {
    games::added(&view.games).any(|g| g.format == format)
}

/// The bar's tab for the added games of `format`: the format's name, but
/// «Ещё брейн-ринг» beside the event's own «Брейн-ринг» tab.
fn games_label(lang: i18n::Lang, format: Format) -> String {
    i18n::added_format_name(lang, format).to_owned()
}
