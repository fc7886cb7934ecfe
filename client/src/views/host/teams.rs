//! The teams tab: register a team (name, town, players one per line), and
//! the list with connection state, join code and QR; each team can be
//! edited, and removed (after a confirmation) until it has played, and
//! its page of an event's own game opened (the event's ChGK: its attendance
//! by tour, 4.3, [`crate::views::format::EventOwn::team_page`]). The
//! list is searchable and draws only its rows on screen, for a hall of
//! thousands.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::view::{HostView, TeamInfo};

use crate::i18n::{self, Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::join_codes::{join_code, short_code, web_link_of};
use crate::views::widgets::{self, GREEN, GREY, RED};
use crate::views::{event_own, games, long_list, team_picker};

#[derive(Debug, Default)]
pub struct TeamsForm {
    pub name: String,
    pub town: String,
    pub players: String,
    /// The team's id on the rating site, as typed.
    pub rating_id: String,
    /// The name just sent: the form empties once the team shows up, and
    /// keeps what was typed if the server refused it.
    pub sent: Option<String>,
    /// The team whose edit form is open, if any.
    pub editing: Option<TeamEdit>,
    /// The team whose removal awaits the host's confirmation.
    pub removing: Option<TeamId>,
    /// The team whose join code and QR are open.
    pub code_shown: Option<TeamId>,
    /// The team whose page of an event's own game is open, and the game
    /// (the event's ChGK: the team's attendance by tour, 4.3).
    pub own_page: Option<(GameId, TeamId)>,
    /// The search box over the list: a number, part of a name or a town.
    pub find: String,
}

/// The edit form of one team, filled from what the server has.
#[derive(Debug, PartialEq, Eq)]
pub struct TeamEdit {
    pub team: TeamId,
    pub name: String,
    pub town: String,
    pub players: String,
    pub rating_id: String,
    /// Sent: the form closes once the server shows the team so, and keeps
    /// what was typed if it refused.
    pub sent: bool,
}

impl TeamEdit {
    fn of(team: &TeamInfo) -> Self {
        TeamEdit {
            team: team.id,
            name: team.name.clone(),
            town: team.town.clone(),
            players: team.players.join("\n"),
            rating_id: team.rating_id.map(|id| id.to_string()).unwrap_or_default(),
            sent: false,
        }
    }

    fn players(&self) -> Vec<String> {
        lines(&self.players)
    }

    /// Whether the server's team already reads as this form.
    fn shown_in(&self, team: &TeamInfo) -> bool {
        team.name == self.name.trim()
            && team.town == self.town.trim()
            && team.players == self.players()
            && Ok(team.rating_id) == rating_id(&self.rating_id)
    }
}

/// The rating site's id as typed: blank is none; anything but digits is
/// not an id, and the form will not send it.
fn rating_id(text: &str) -> Result<Option<u32>, ()> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.parse().map(Some).map_err(|_| ())
}

/// Player names, one per line, blank lines dropped.
fn lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect()
}

pub fn teams(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut TeamsForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if let Some(sent) = &form.sent
        && view.teams.iter().any(|t| &t.name == sent)
    {
        form.name.clear();
        form.town.clear();
        form.players.clear();
        form.rating_id.clear();
        form.sent = None;
    }
    if let Some(edit) = &form.editing {
        let team = view.teams.iter().find(|t| t.id == edit.team);
        if team.is_none_or(|t| edit.sent && edit.shown_in(t)) {
            form.editing = None;
        }
    }
    if form
        .removing
        .is_some_and(|id| !view.teams.iter().any(|t| t.id == id))
    {
        form.removing = None;
    }
    super::team_import::section(ui, lang, view, out);
    egui::CollapsingHeader::new(RichText::new(lang.t(T::RegisterTeam)).strong())
        .default_open(view.teams.is_empty())
        .show(ui, |ui| {
            egui::Grid::new("register-team")
                .num_columns(2)
                .show(ui, |ui| {
                    labelled_fields(
                        ui,
                        lang,
                        [
                            &mut form.name,
                            &mut form.town,
                            &mut form.players,
                            &mut form.rating_id,
                        ],
                    );
                });
            let players = lines(&form.players);
            ui.label(
                RichText::new(format!("{}: {}", lang.t(T::Players), players.len())).color(GREY),
            );
            let rating = rating_id(&form.rating_id);
            if ui
                .add_enabled(rating.is_ok(), egui::Button::new(lang.t(T::Register)))
                .clicked()
            {
                let name = form.name.trim().to_owned();
                form.sent = Some(name.clone());
                out.push(UiCommand::Send(Command::RegisterTeam {
                    name,
                    town: form.town.trim().to_owned(),
                    players,
                    rating_id: rating.unwrap_or_default(),
                }));
            }
        });
    ui.separator();
    if view.teams.is_empty() {
        ui.label(lang.t(T::NoTeams));
        return;
    }
    let find = team_picker::search_box(ui, lang, &mut form.find);
    let listed: Vec<&TeamInfo> = view
        .teams
        .iter()
        .filter(|t| team_picker::matches(t, &find))
        .collect();
    if listed.is_empty() {
        ui.label(RichText::new(lang.t(T::NoTeamFound)).color(GREY));
        return;
    }
    // A hall of thousands: the rows are one line each and only those on
    // screen are drawn; a team whose form or code is open is drawn whole
    // between them.
    let height = long_list::line_height(ui, egui::FontId::proportional(16.0))
        .max(ui.spacing().interact_size.y);
    let opened = |t: &TeamInfo| {
        form.editing.as_ref().is_some_and(|e| e.team == t.id)
            || form.removing == Some(t.id)
            || form.code_shown == Some(t.id)
            || form.own_page.is_some_and(|(_, team)| team == t.id)
    };
    let open: Vec<usize> = (0..listed.len()).filter(|i| opened(listed[*i])).collect();
    let own_buttons = event_own::own_team_buttons(lang, view);
    let mut from = 0;
    for at in open.into_iter().map(Some).chain([None]) {
        let upto = at.unwrap_or(listed.len());
        long_list::rows(ui, upto - from, height, |ui, i| {
            team_row(ui, lang, view, listed[from + i], &own_buttons, form, out)
        });
        if let Some(at) = at {
            let team = listed[at];
            ui.horizontal(|ui| team_row(ui, lang, view, team, &own_buttons, form, out));
            team_details(ui, lang, view, team, form, out);
            from = at + 1;
        }
    }
}

/// A team's line: connected or not, number and name, town, and its buttons
/// (`own_buttons`: one per event's own game with a page for a team).
fn team_row(
    ui: &mut Ui,
    lang: Lang,
    view: &HostView,
    team: &TeamInfo,
    own_buttons: &[(GameId, &'static str)],
    form: &mut TeamsForm,
    out: &mut Vec<UiCommand>,
) {
    widgets::dot(ui, if team.connected { GREEN } else { GREY });
    ui.label(
        RichText::new(format!("{}. {}", team.id, team.name))
            .strong()
            .size(16.0),
    )
    .on_hover_text(team.players.join("\n"));
    ui.label(RichText::new(&team.town).color(GREY));
    ui.label(
        RichText::new(lang.t(if team.connected {
            T::Online
        } else {
            T::Offline
        }))
        .small()
        .color(GREY),
    );
    row_buttons(ui, lang, team, form);
    // The code a person types (issue 15), read out from the row itself.
    if let Some(access) = &view.access
        && let Some(short) = short_code(access, team.id)
    {
        ui.label(RichText::new(short).monospace().strong());
    }
    if let Some(code) = team_code(view, team.id) {
        let web = view.access.as_ref().and_then(|a| web_link_of(a, &code));
        if ui.small_button(lang.t(T::Copy)).clicked() {
            out.push(UiCommand::Copy(code));
        }
        // Its web link (issue 24), for a team that plays from a browser.
        if let Some(link) = web
            && ui.small_button(i18n::codes::copy_link(lang)).clicked()
        {
            out.push(UiCommand::Copy(link));
        }
        let shown = form.code_shown == Some(team.id);
        if ui.selectable_label(shown, lang.t(T::Qr)).clicked() {
            form.code_shown = if shown { None } else { Some(team.id) };
        }
    }
    for &(game, label) in own_buttons {
        let open = form.own_page == Some((game, team.id));
        if ui.selectable_label(open, label).clicked() {
            form.own_page = if open { None } else { Some((game, team.id)) };
        }
    }
}

/// Under a team's line: its edit form, the removal's confirmation, or its
/// join code with the QR, whichever the host opened.
fn team_details(
    ui: &mut Ui,
    lang: Lang,
    view: &HostView,
    team: &TeamInfo,
    form: &mut TeamsForm,
    out: &mut Vec<UiCommand>,
) {
    if form.editing.as_ref().is_some_and(|e| e.team == team.id) {
        ui.indent(("team-edit", team.id), |ui| edit_form(ui, lang, form, out));
    }
    if form.removing == Some(team.id) {
        ui.indent(("team-remove", team.id), |ui| {
            confirm_removal(ui, lang, team, form, out)
        });
    }
    if let Some((id, _)) = form.own_page.filter(|(_, t)| *t == team.id)
        && let Some(game) = view.games.iter().find(|g| g.id == id)
    {
        ui.indent(("team-own-page", team.id), |ui| {
            games::own_team_page(ui, lang, game, team.id, out)
        });
    }
    if form.code_shown == Some(team.id)
        && let Some(code) = team_code(view, team.id)
    {
        let web = view.access.as_ref().and_then(|a| web_link_of(a, &code));
        ui.indent(("team-code", team.id), |ui| {
            ui.add(egui::Label::new(RichText::new(&code).monospace().small()).wrap());
            if let Some(link) = &web {
                widgets::web_link_line(ui, lang, link, out);
            }
            widgets::code_qr(ui, lang, &code, web.as_deref());
        });
    }
    ui.add_space(4.0);
}

/// A team's join code, for the host only (a judge has no access codes).
fn team_code(view: &HostView, team: TeamId) -> Option<String> {
    let access = view.access.as_ref()?;
    // Registered in order, so sorted by number; a search keeps it cheap
    // for a hall of thousands.
    let secret = match access.teams.binary_search_by_key(&team, |(id, _)| *id) {
        Ok(i) => &access.teams[i].1,
        Err(_) => &access.teams.iter().find(|(id, _)| *id == team)?.1,
    };
    Some(join_code(
        access,
        Credential::Team {
            team,
            secret: secret.clone(),
        },
    ))
}

/// «Изменить» and «Удалить»; one form open at a time, so its «Отмена» is
/// the only one on the tab.
fn row_buttons(ui: &mut Ui, lang: Lang, team: &TeamInfo, form: &mut TeamsForm) {
    if ui.button(lang.t(T::EditTeam)).clicked() {
        form.editing = Some(TeamEdit::of(team));
        form.removing = None;
    }
    // The server refuses too; the button only spares the host a refusal.
    let remove = ui.add_enabled(!team.played, egui::Button::new(lang.t(T::RemoveTeam)));
    if team.played {
        remove.on_disabled_hover_text(lang.t(T::TeamHasPlayedHint));
    } else if remove.clicked() {
        form.removing = Some(team.id);
        form.editing = None;
    }
}

fn edit_form(ui: &mut Ui, lang: Lang, form: &mut TeamsForm, out: &mut Vec<UiCommand>) {
    let Some(edit) = form.editing.as_mut() else {
        return;
    };
    egui::Grid::new(("edit-team", edit.team))
        .num_columns(2)
        .show(ui, |ui| {
            labelled_fields(
                ui,
                lang,
                [
                    &mut edit.name,
                    &mut edit.town,
                    &mut edit.players,
                    &mut edit.rating_id,
                ],
            );
        });
    let rating = rating_id(&edit.rating_id);
    let cancel = ui
        .horizontal(|ui| {
            if ui
                .add_enabled(rating.is_ok(), egui::Button::new(lang.t(T::Save)))
                .clicked()
            {
                edit.sent = true;
                out.push(UiCommand::Send(Command::EditTeam {
                    team: edit.team,
                    name: edit.name.trim().to_owned(),
                    town: edit.town.trim().to_owned(),
                    players: edit.players(),
                    rating_id: rating.unwrap_or_default(),
                }));
            }
            ui.button(lang.t(T::Cancel)).clicked()
        })
        .inner;
    if cancel {
        form.editing = None;
    }
}

fn confirm_removal(
    ui: &mut Ui,
    lang: Lang,
    team: &TeamInfo,
    form: &mut TeamsForm,
    out: &mut Vec<UiCommand>,
) {
    ui.label(RichText::new(i18n::confirm_remove_team(lang, &team.name)).strong());
    ui.horizontal(|ui| {
        if ui.button(lang.t(T::RemoveTeamYes)).clicked() {
            out.push(UiCommand::Send(Command::RemoveTeam { team: team.id }));
            form.removing = None;
        }
        if ui.button(lang.t(T::Cancel)).clicked() {
            form.removing = None;
        }
    });
}

/// A team's name, town and players, each field named by its label (for
/// screen readers and the screen tests).
fn labelled_fields(ui: &mut Ui, lang: Lang, [name, town, players, rating]: [&mut String; 4]) {
    let label = ui.label(lang.t(T::TeamName));
    ui.text_edit_singleline(name).labelled_by(label.id);
    ui.end_row();
    let label = ui.label(lang.t(T::Town));
    ui.text_edit_singleline(town).labelled_by(label.id);
    ui.end_row();
    let label = ui.label(lang.t(T::PlayersOnePerLine));
    ui.add(egui::TextEdit::multiline(players).desired_rows(6))
        .labelled_by(label.id);
    ui.end_row();
    let label = ui.label(lang.t(T::RatingId));
    ui.text_edit_singleline(rating).labelled_by(label.id);
    ui.end_row();
    if rating_id(rating).is_err() {
        ui.label("");
        ui.label(RichText::new(lang.t(T::RatingIdHint)).color(RED));
        ui.end_row();
    }
}
