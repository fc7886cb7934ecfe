//! The screens. Each is a function of the [`AppState`] (plus a small struct
//! of UI-only state such as half-typed text) that draws with egui and
//! returns the [`UiCommand`]s the person asked for. Views never touch the
//! network, the disk or the clock: the current time comes in the state.

pub mod answer_card;
pub mod appeal;
pub mod autopilot;
pub mod brain_ring;
pub mod chgk;
pub mod cut_tie;
pub mod display;
pub mod erudit;
pub mod event_own;
pub mod file_picker;
pub mod format;
pub mod games;
pub mod host;
pub mod join;
pub mod join_codes;
pub mod judge;
pub mod jury;
pub mod kept;
pub mod long_list;
pub mod multigames;
pub mod neptune;
#[cfg(feature = "own-game")]
pub mod own_game;
pub mod package_field;
pub mod picture;
pub mod prize_tie;
pub mod programme;
pub mod question;
pub mod start_failed;
pub mod team;
pub mod team_names;
pub mod team_picker;
pub mod widgets;

use egui::{RichText, Ui};
use minuta_shared::wire::view::View;

use crate::i18n::{self, Lang, T};
use crate::state::{AppState, ConnectionStatus, NoticeKind, Stopped, UiCommand};

/// Everything the views remember between frames that the server need not
/// know.
#[derive(Debug, Default)]
pub struct LocalState {
    pub join: join::JoinForm,
    pub team: team::TeamForm,
    pub host: host::HostForm,
    pub jury: jury::JuryForm,
    pub start: start_failed::StartForm,
}

/// The whole window: a status bar, the banners (the server lost, the demo's
/// autopilot), the screen for the current role, and messages at the bottom.
pub fn root(ui: &mut Ui, state: &AppState, local: &mut LocalState) -> Vec<UiCommand> {
    // The server of `minuta host` did not start: nothing else to show.
    if let Some(failure) = &state.start_failure {
        let mut out = Vec::new();
        egui::CentralPanel::default().show(ui, |ui| {
            out = start_failed::start_failed(ui, state.lang, failure, &mut local.start);
        });
        return out;
    }
    let mut out = Vec::new();
    let display = matches!(state.view, Some(View::Display(_)));
    // On a full-screen projector nothing but the hall's information shows
    // (F11 leaves full screen and brings the bar back).
    let fullscreen = ui.ctx().input(|i| i.viewport().fullscreen.unwrap_or(false));
    if !(display && fullscreen) {
        egui::Panel::top("status").show(ui, |ui| status_bar(ui, state, display, &mut out));
    }
    // Even on a full-screen projector: the hall must not read a stale clock.
    if state.link_lost() {
        let size = if display { 40.0 } else { 24.0 };
        egui::Panel::top("link-lost").show(ui, |ui| {
            widgets::link_lost_banner(ui, state.lang, size);
            if state.silent_too_long() {
                silence_advice(ui, state.lang);
            }
        });
    }
    // The server's disk refuses writes: the host and the judges must know
    // why nothing is being confirmed.
    if let (Some(reason), Some(_)) = (&state.storage_failing, state.host_view()) {
        egui::Panel::top("storage").show(ui, |ui| widgets::storage_banner(ui, state.lang, reason));
    }
    // The demo's autopilot host, on the host's and the judges' screens.
    if let Some(autopilot) = state.host_view().and_then(|v| v.autopilot) {
        egui::Panel::top("autopilot").show(ui, |ui| {
            autopilot::banner(ui, state.lang, &autopilot, state.server_now())
        });
    }
    if state.toasts.iter().any(|t| t.visible_at(state.now_us)) {
        egui::Panel::bottom("toasts").show(ui, |ui| toasts(ui, state, &mut out));
    }
    egui::CentralPanel::default().show(ui, |ui| screen(ui, state, local, &mut out));
    out
}

fn screen(ui: &mut Ui, state: &AppState, local: &mut LocalState, out: &mut Vec<UiCommand>) {
    if state.code.is_none() {
        out.extend(join::join(ui, state, &mut local.join));
        return;
    }
    if let ConnectionStatus::Stopped(why) = &state.connection
        && *why != Stopped::Left
    {
        stopped(ui, state.lang, why, state.embedded_server, out);
        return;
    }
    match &state.view {
        None => connecting(ui, state, out),
        Some(View::Team(view)) => out.extend(team::team(ui, state, view, &mut local.team)),
        Some(View::Host(view)) if view.access.is_some() => {
            out.extend(host::dashboard(ui, state, view, &mut local.host))
        }
        Some(View::Host(view)) => out.extend(judge::judge(ui, state, view, &mut local.host)),
        Some(View::Display(view)) => display::display(ui, state, view),
        Some(View::Jury(view)) => out.extend(jury::jury(ui, state, view, &mut local.jury)),
    }
}

fn status_bar(ui: &mut Ui, state: &AppState, compact: bool, out: &mut Vec<UiCommand>) {
    if widgets::narrow(ui) {
        narrow_status_bar(ui, state, out);
        return;
    }
    let lang = state.lang;
    ui.horizontal(|ui| {
        if !compact {
            ui.label(RichText::new(lang.t(T::AppTitle)).strong());
            ui.separator();
        }
        widgets::connection_badge(ui, state);
        if state.audio_missing && !state.muted {
            ui.separator();
            widgets::no_audio_line(ui, lang);
        }
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if state.code.is_some()
                && !state.embedded_server
                && ui.button(lang.t(T::Leave)).clicked()
            {
                out.push(UiCommand::Leave);
            }
            let mut muted = state.muted;
            if ui.checkbox(&mut muted, lang.t(T::Mute)).changed() {
                out.push(UiCommand::SetMuted(muted));
            }
            for (code, label) in [(Lang::En, "EN"), (Lang::Ru, "RU")] {
                if ui.selectable_label(lang == code, label).clicked() && lang != code {
                    out.push(UiCommand::SetLanguage(code));
                }
            }
        });
    });
}

/// The status bar on a phone: no room for the title, and the switches
/// run on to a second line rather than over the connection's state.
fn narrow_status_bar(ui: &mut Ui, state: &AppState, out: &mut Vec<UiCommand>) {
    let lang = state.lang;
    ui.horizontal_wrapped(|ui| {
        widgets::connection_badge(ui, state);
        if state.audio_missing && !state.muted {
            widgets::no_audio_line(ui, lang);
        }
        for (code, label) in [(Lang::Ru, "RU"), (Lang::En, "EN")] {
            if ui.selectable_label(lang == code, label).clicked() && lang != code {
                out.push(UiCommand::SetLanguage(code));
            }
        }
        let mut muted = state.muted;
        if ui.checkbox(&mut muted, lang.t(T::Mute)).changed() {
            out.push(UiCommand::SetMuted(muted));
        }
        if state.code.is_some() && !state.embedded_server && ui.button(lang.t(T::Leave)).clicked() {
            out.push(UiCommand::Leave);
        }
    });
}

fn toasts(ui: &mut Ui, state: &AppState, out: &mut Vec<UiCommand>) {
    for toast in state
        .toasts
        .iter()
        .rev()
        .filter(|t| t.visible_at(state.now_us))
    {
        ui.horizontal_top(|ui| {
            let colour = match toast.kind {
                NoticeKind::Info => widgets::GREEN,
                NoticeKind::Error => widgets::RED,
            };
            if ui.small_button("×").clicked() {
                out.push(UiCommand::DismissNotice(toast.id));
            }
            // A phone is narrow: a long notice wraps rather than run off.
            let text = RichText::new(i18n::notice(state.lang, &toast.notice)).color(colour);
            ui.add(egui::Label::new(text).wrap());
        });
    }
}

/// Thirty seconds without a word from the server: said in large type,
/// with what to check.
fn silence_advice(ui: &mut Ui, lang: Lang) {
    ui.vertical_centered(|ui| {
        ui.add_space(8.0);
        ui.label(
            RichText::new(i18n::link::silence_heading(lang))
                .size(30.0)
                .strong()
                .color(widgets::RED),
        );
        for line in i18n::link::silence_advice(lang) {
            ui.add(egui::Label::new(RichText::new(line).size(18.0)).wrap());
        }
        ui.add_space(8.0);
    });
}

fn connecting(ui: &mut Ui, state: &AppState, out: &mut Vec<UiCommand>) {
    if state.silent_too_long() {
        silence_advice(ui, state.lang);
    }
    ui.vertical_centered(|ui| {
        ui.add_space(if state.silent_too_long() { 16.0 } else { 80.0 });
        ui.spinner();
        ui.heading(i18n::connection(state.lang, &state.connection));
        if let ConnectionStatus::Reconnecting { error, .. } = &state.connection {
            let error = i18n::link_error(state.lang, error);
            ui.label(RichText::new(error).small().color(widgets::GREY));
        } else {
            ui.label(state.lang.t(T::Waiting));
        }
        if !state.embedded_server && ui.button(state.lang.t(T::Cancel)).clicked() {
            out.push(UiCommand::Leave);
        }
    });
}

fn stopped(ui: &mut Ui, lang: Lang, why: &Stopped, embedded: bool, out: &mut Vec<UiCommand>) {
    ui.vertical_centered(|ui| {
        ui.add_space(80.0);
        ui.label(
            RichText::new(i18n::stopped(lang, why))
                .size(22.0)
                .color(widgets::RED),
        );
        if *why == Stopped::CertificateMismatch {
            ui.label(lang.t(T::CertificateMismatchHint));
        }
        ui.add_space(16.0);
        widgets::centred(ui, "stopped-buttons", |ui| {
            ui.horizontal(|ui| {
                if ui.button(lang.t(T::Retry)).clicked() {
                    out.push(UiCommand::Retry);
                }
                if !embedded && ui.button(lang.t(T::BackToJoin)).clicked() {
                    out.push(UiCommand::Leave);
                }
            });
        });
    });
}
