//! The host's files (issue 38): a button per file the server makes from
//! the store, which turns into the file's progress and «Отменить» while it
//! comes; and «Файлы турнира» — the protocol, the rating site's files, the
//! whole event, every game's sheet and a backup — under the programme. The
//! app hands a file that came to the browser's downloads or the save
//! dialog; this view only asks ([`UiCommand::Fetch`]). Also: a package on
//! its way to the server, with its progress and «Отменить».

use egui::{RichText, Ui};
use minuta_shared::wire::files::HostFile;
use minuta_shared::wire::view::HostView;

use crate::i18n::files as texts;
use crate::state::{AppState, UiCommand};
use crate::views::games::game_name;
use crate::views::widgets::GREY;

/// `file`'s button; while it comes, its progress and «Отменить». `label`
/// when the screen names the file otherwise (a game's sheet).
pub fn button(
    ui: &mut Ui,
    state: &AppState,
    file: HostFile,
    label: Option<String>,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    match state.downloads.progress(&file) {
        Some(fraction) => {
            ui.horizontal(|ui| {
                let percent = (fraction * 100.0).round() as u32;
                ui.add(
                    egui::ProgressBar::new(fraction)
                        .desired_width(160.0)
                        .text(texts::coming(lang, percent)),
                );
                if ui.button(texts::cancel(lang)).clicked() {
                    out.push(UiCommand::CancelFetch(file));
                }
            });
        }
        None => {
            let label = label.unwrap_or_else(|| texts::label(lang, &file));
            if ui.button(label).clicked() {
                out.push(UiCommand::Fetch(file));
            }
        }
    }
}

/// Large commands (a package) on their way to the server: what, how much
/// has gone, and «Отменить».
pub fn sending(ui: &mut Ui, state: &AppState, out: &mut Vec<UiCommand>) {
    let lang = state.lang;
    for (request, pending) in &state.pending {
        let Some((sent, total)) = pending.sending else {
            continue;
        };
        ui.horizontal_wrapped(|ui| {
            let fraction = sent as f32 / total.max(1) as f32;
            let what = crate::i18n::command_name(lang, &pending.command);
            ui.label(texts::sending(lang, &what));
            ui.add(
                egui::ProgressBar::new(fraction)
                    .desired_width(200.0)
                    .text(format!("{}%", (fraction * 100.0).round() as u32)),
            );
            if ui.button(texts::cancel(lang)).clicked() {
                out.push(UiCommand::CancelSending(*request));
            }
        });
    }
}

/// «Файлы турнира»: the event's files, each a button.
pub fn event_files(ui: &mut Ui, state: &AppState, view: &HostView, out: &mut Vec<UiCommand>) {
    let lang = state.lang;
    ui.heading(texts::heading(lang));
    ui.label(RichText::new(texts::hint(lang)).small().color(GREY));
    ui.horizontal_wrapped(|ui| {
        button(ui, state, HostFile::Protocol, None, out);
        button(ui, state, HostFile::Everything, None, out);
        button(ui, state, HostFile::Backup, None, out);
    });
    ui.label(RichText::new(texts::rating_heading(lang)).strong());
    ui.horizontal_wrapped(|ui| {
        button(ui, state, HostFile::RatingResults, None, out);
        button(ui, state, HostFile::RatingRoster, None, out);
        button(ui, state, HostFile::RatingJson, None, out);
    });
    ui.label(RichText::new(texts::sheets_heading(lang)).strong());
    ui.horizontal_wrapped(|ui| {
        for game in &view.games {
            let name = game_name(lang, game.format, &game.name);
            let label = texts::sheet_of(lang, &name);
            button(ui, state, HostFile::Sheet(game.id), Some(label), out);
        }
    });
}
