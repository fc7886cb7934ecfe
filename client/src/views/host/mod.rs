//! The host dashboard: the event's own games' tabs, each game's as it
//! registers them ([`crate::views::format::EventOwn::tabs`]: the event's
//! ChGK brings the game, judging, appeals and the table, its Brain-ring the
//! whole tournament), one tab per plug-in format of the programme
//! ([`crate::views::games`]), the event's programme and, once the event has
//! more than one tournament, «Итоги фестиваля» (2.2); the set-up tabs — an
//! own game's (ChGK's questions), teams, judges, the tournament's settings,
//! access codes, another game of a format set up before the evening — sit
//! behind one «Подготовка» menu. Above them, what is on now and next. A
//! judge's terminal shows the judges' pages alone
//! ([`crate::views::judge`]). No format is named here.

pub mod access;
pub mod festival;
pub mod files;
pub mod judges;
pub mod programme;
pub mod team_import;
pub mod teams;
pub mod tournament;

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::games::Format;
use minuta_shared::programme::{Slot, SlotStatus};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::view::HostView;

use crate::i18n::{self, T};
use crate::state::{AppState, UiCommand};
use crate::views::event_own::JudgePage;
use crate::views::format::{Opening, OwnTab, Seat, TabPlace};
use crate::views::games::{self, EventTab};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostTab {
    Tournament,
    Access,
    Teams,
    Judges,
    /// One of the event's own games' tabs.
    Own(EventTab),
    /// The programme's games of one plug-in format (but the event's own).
    Games(Format),
    /// The event's programme (2).
    Programme,
    /// «Итоги фестиваля» (2.2).
    Festival,
}

/// The shell's own set-up tabs, after the event's own games' set-up tabs.
const SET_UP: [HostTab; 4] = [
    HostTab::Teams,
    HostTab::Judges,
    HostTab::Tournament,
    HostTab::Access,
];

#[derive(Debug, Default)]
pub struct HostForm {
    /// `None` until the first view: then a fresh tournament opens on its
    /// teams, a prepared one on the game.
    pub tab: Option<HostTab>,
    /// The judges' terminal's page; `None` until the first view.
    pub judge_page: Option<JudgePage>,
    pub tournament: tournament::TournamentForm,
    pub teams: teams::TeamsForm,
    pub judges: judges::JudgesForm,
    /// Every game's screens, the event's own games' tabs among them.
    pub games: games::GamesForm,
    pub programme: programme::ProgrammeForm,
    /// The search box of «Итоги фестиваля».
    pub festival_find: String,
    pub codes: access::CodesForm,
    /// 2.2: the ties at prize places being settled.
    pub prize_ties: crate::views::prize_tie::PrizeTieForm,
}

pub fn dashboard(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut HostForm,
) -> Vec<UiCommand> {
    let lang = state.lang;
    let mut out = Vec::new();
    let own = games::own_tabs(lang, view);
    let now = state.server_now();
    // Until the host picks a tab, the dashboard opens on the game being
    // played; a set-up tab only while there is none yet (a demo's first
    // frames come before its games), so it is chosen again next frame.
    let opening = opening_tab(view, &own, now);
    let set_up = set_up_tabs(view, &own);
    if !set_up.contains(&opening) {
        form.tab.get_or_insert(opening);
    }
    let mut picked = form.tab.unwrap_or(opening);
    let tab = &mut picked;
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&view.tournament).strong().size(18.0));
        ui.separator();
        let mut tabs: Vec<(HostTab, String)> = own
            .iter()
            .filter(|t| t.place == TabPlace::Bar)
            .map(|t| (HostTab::Own(t.tab), t.label.clone()))
            .collect();
        // One tab per plug-in format: a game is added there. A format
        // whose games are set up before the evening (another ChGK or
        // Brain-ring beside the event's own, an Эрудит-квартет, a Нептун)
        // shows its tab only once the host has added one (from
        // «Подготовка»).
        tabs.extend(
            Format::ALL
                .iter()
                .filter(|f| !games::set_up_first(**f) || more_of(view, **f))
                .map(|f| (HostTab::Games(*f), games_label(lang, *f))),
        );
        tabs.push((HostTab::Programme, lang.t(T::TabProgramme).to_owned()));
        if !view.festival.is_empty() {
            tabs.push((HostTab::Festival, lang.t(T::FestivalResults).to_owned()));
        }
        for (choice, label) in tabs {
            ui.selectable_value(tab, choice, RichText::new(label).size(16.0));
        }
        setup_menu(ui, lang, view, &own, &set_up, tab);
        version_label(ui);
    });
    if picked != form.tab.unwrap_or(opening) {
        form.tab = Some(picked);
    }
    if let Some(listed) = &view.programme {
        crate::views::programme::strip(ui, lang, listed, 15.0);
    }
    ui.separator();
    // A package on its way, on every tab: how much has gone, «Отменить».
    files::sending(ui, state, &mut out);
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            // 2.2: a prize place left shared waits for the host on every tab.
            crate::views::prize_tie::host(
                ui,
                state,
                &view.prize_ties,
                &mut form.prize_ties,
                &mut out,
            );
            match picked {
                HostTab::Tournament => {
                    tournament::tournament(ui, state, view, &mut form.tournament, &mut out)
                }
                HostTab::Access => access::access(ui, state, view, &mut form.codes, &mut out),
                HostTab::Teams => teams::teams(ui, state, view, &mut form.teams, &mut out),
                HostTab::Judges => judges::judges(ui, state, view, &mut form.judges, &mut out),
                HostTab::Own(tab) => {
                    games::own_tab(ui, state, view, tab, &mut form.games, &mut out)
                }
                HostTab::Programme => {
                    programme::programme(
                        ui,
                        state,
                        view,
                        &mut form.programme,
                        &mut form.games,
                        &mut out,
                    );
                    ui.separator();
                    files::event_files(ui, state, view, &mut out);
                }
                HostTab::Festival => festival::festival(ui, lang, view, &mut form.festival_find),
                HostTab::Games(format) => games::staff_tab(
                    ui,
                    state,
                    view,
                    format,
                    Seat::Host,
                    &mut form.games,
                    &mut out,
                ),
            }
        });
    out
}

/// The tab the dashboard opens on: an own game's urgent tab (a Brain-ring
/// fight in play), another game in play, the programme's current slot (the
/// festival's), the teams while there are none, an own game ready to play
/// (the event's ChGK with tours, its Brain-ring set up), the game last
/// added; an own game's set-up tab (the questions) while nothing is ready.
fn opening_tab(view: &HostView, own: &[OwnTab<EventTab>], now: ServerTime) -> HostTab {
    let now_on = view
        .programme
        .as_ref()
        .and_then(|p| p.find(SlotStatus::Now))
        .map(|s| &s.slot);
    let openings = games::own_openings(view, now_on);
    let urgent = openings.iter().find_map(|(o, _)| match o {
        Opening::Urgent(tab) => Some(*tab),
        Opening::Idle | Opening::Ready(_) => None,
    });
    let ready = |slot_only: bool| {
        openings
            .iter()
            .filter(|(_, on_slot)| *on_slot || !slot_only)
            .find_map(|(o, _)| match o {
                Opening::Ready(tab) | Opening::Urgent(tab) => Some(*tab),
                Opening::Idle => None,
            })
    };
    if let Some(tab) = urgent {
        return HostTab::Own(tab);
    }
    if let Some(format) = games::staff_in_play(view, now) {
        return HostTab::Games(format);
    }
    let slot_tab = match now_on {
        Some(Slot::GameTour { game, .. }) => format_of(view, *game),
        Some(_) => ready(true).map(HostTab::Own),
        None => None,
    };
    if let Some(tab) = slot_tab {
        return tab;
    }
    if view.teams.is_empty() {
        return HostTab::Teams;
    }
    if let Some(tab) = ready(false) {
        return HostTab::Own(tab);
    }
    if let Some(game) = games::added(&view.games).next_back() {
        return HostTab::Games(game.format);
    }
    own.iter()
        .find(|t| t.place == TabPlace::SetUp)
        .map_or(HostTab::Teams, |t| HostTab::Own(t.tab))
}

/// The tab of the games of an added `game`'s format.
fn format_of(view: &HostView, game: GameId) -> Option<HostTab> {
    games::added(&view.games)
        .find(|g| g.id == game)
        .map(|g| HostTab::Games(g.format))
}

/// The tabs in «Подготовка»: the event's own games' set-up tabs, the
/// shell's, then a tab per format whose games are set up before the
/// evening ([`Screens::SET_UP_FIRST`]) and none is added yet — once one
/// is, its tab is on the bar.
///
/// [`Screens::SET_UP_FIRST`]: crate::views::format::Screens::SET_UP_FIRST
fn set_up_tabs(view: &HostView, own: &[OwnTab<EventTab>]) -> Vec<HostTab> {
    let own_set_up = own
        .iter()
        .filter(|t| t.place == TabPlace::SetUp)
        .map(|t| HostTab::Own(t.tab));
    let formats = Format::ALL
        .iter()
        .copied()
        .filter(|f| games::set_up_first(*f) && !more_of(view, *f))
        .map(HostTab::Games);
    own_set_up.chain(SET_UP).chain(formats).collect()
}

/// A set-up tab's label.
fn setup_label(
    lang: i18n::Lang,
    view: &HostView,
    own: &[OwnTab<EventTab>],
    tab: HostTab,
) -> String {
    match tab {
        HostTab::Teams => format!("{} ({})", lang.t(T::TabTeams), view.teams.len()),
        HostTab::Judges => lang.t(T::TabJudges).to_owned(),
        HostTab::Tournament => lang.t(T::TabTournament).to_owned(),
        HostTab::Access => lang.t(T::TabAccess).to_owned(),
        HostTab::Games(format) => i18n::added_format_name(lang, format).to_owned(),
        HostTab::Own(tab) => own
            .iter()
            .find(|t| t.tab == tab)
            .map(|t| t.label.clone())
            .unwrap_or_default(),
        // Not set-up tabs: named as on the bar.
        HostTab::Programme => lang.t(T::TabProgramme).to_owned(),
        HostTab::Festival => lang.t(T::FestivalResults).to_owned(),
    }
}

/// «Подготовка»: the set-up tabs in one menu; while one of them is open
/// the button names it («Подготовка: Команды (12)») and stays selected.
fn setup_menu(
    ui: &mut Ui,
    lang: i18n::Lang,
    view: &HostView,
    own: &[OwnTab<EventTab>],
    setup: &[HostTab],
    tab: &mut HostTab,
) {
    let label_of = |t: HostTab| setup_label(lang, view, own, t);
    let open = setup.contains(tab);
    let label = if open {
        format!("{}: {}", lang.t(T::TabSetup), label_of(*tab))
    } else {
        lang.t(T::TabSetup).to_owned()
    };
    let button = egui::Button::selectable(open, RichText::new(label).size(16.0));
    let (response, _) = egui::containers::menu::MenuButton::from_button(button).ui(ui, |ui| {
        for choice in setup {
            let label = RichText::new(label_of(*choice)).size(16.0);
            if ui.selectable_label(*tab == *choice, label).clicked() {
                *tab = *choice;
                ui.close();
            }
        }
    });
    let inside: Vec<String> = setup.iter().map(|t| label_of(*t)).collect();
    response.on_hover_text(inside.join(" · "));
}

/// Which Minuta this is (`0.1.0 (abc1234)`), small and grey at the bar's
/// right end: what an organiser reads out when reporting a problem. On a
/// bar too full for it, it wraps after the tabs instead of covering one.
fn version_label(ui: &mut Ui) {
    let text = RichText::new(minuta_shared::version::long()).small().weak();
    let width = egui::WidgetText::from(text.clone())
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Extend),
            f32::INFINITY,
            egui::TextStyle::Small,
        )
        .size()
        .x;
    if ui.available_width() > width + ui.spacing().item_spacing.x {
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.label(text);
        });
    } else {
        ui.label(text);
    }
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
