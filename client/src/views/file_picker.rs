//! The in-app file picker a package field opens («Выбрать файл…»): the
//! current folder, «Вверх» and «Домой», its folders and package files
//! (`.4s`, `.siq`), a path field, «Выбрать». Egui's own widgets, so it needs
//! no system libraries and speaks the app's language. The view reads no
//! disk: it asks for a folder with [`UiCommand::Browse`], and the app puts
//! the listing in egui's memory for this picker ([`listed`]).

use std::path::{Path, PathBuf};

use egui::{Context, Id, RichText, Ui};

use crate::folder::{Browse, Listing};
use crate::i18n::{self, Lang, T};
use crate::os_error::FileError;
use crate::state::UiCommand;
use crate::views::widgets::{GREY, RED};

/// One picker's state between frames: open or not, the path typed or
/// picked so far, and the folder listed last.
#[derive(Clone, Debug, Default)]
struct Picker {
    open: bool,
    typed: String,
    listing: Option<Result<Listing, FileError>>,
    /// The save dialog: the file it was opened for (a new one starts over).
    saving: String,
}

fn memory(key: &str) -> Id {
    Id::unique(("file-picker", key))
}

/// The app's answer to a [`UiCommand::Browse`] of the picker `key`.
pub fn listed(ctx: &Context, key: &str, listing: Result<Listing, FileError>) {
    ctx.data_mut(|d| {
        d.get_temp_mut_or_default::<Picker>(memory(key)).listing = Some(listing);
    });
}

/// The «Выбрать файл…» button and, while it is open, the picker; the file
/// chosen goes into `path`. `key` tells this picker from others.
pub fn picker(ui: &mut Ui, lang: Lang, key: &str, path: &mut String, out: &mut Vec<UiCommand>) {
    let id = memory(key);
    let mut picker: Picker = ui.data(|d| d.get_temp(id)).unwrap_or_default();
    if ui.button(lang.t(T::ChooseFile)).clicked() {
        picker.open = true;
        picker.typed = path.trim().to_owned();
        // Start beside the file typed, if any; else at home.
        let to = match Path::new(path.trim()).parent() {
            Some(folder) if !folder.as_os_str().is_empty() => Browse::Folder(folder.into()),
            _ => Browse::Home,
        };
        out.push(UiCommand::Browse(key.into(), to));
    }
    if picker.open {
        let modal = egui::Modal::new(id.with("modal")).show(ui.ctx(), |ui| {
            dialog(ui, lang, key, &mut picker, path, out);
        });
        if modal.should_close() {
            picker.open = false;
        }
    }
    ui.data_mut(|d| d.insert_temp(id, picker));
}

fn dialog(
    ui: &mut Ui,
    lang: Lang,
    key: &str,
    picker: &mut Picker,
    path: &mut String,
    out: &mut Vec<UiCommand>,
) {
    ui.set_width(560.0);
    ui.heading(lang.t(T::ChooseFileTitle));
    let folder = match &picker.listing {
        Some(Ok(listing)) => Some(listing.folder.clone()),
        Some(Err(FileError::Io { path, .. })) => Some(path.clone()),
        _ => None,
    };
    let browse = |to: Browse, out: &mut Vec<UiCommand>| out.push(UiCommand::Browse(key.into(), to));
    ui.horizontal(|ui| {
        let parent = folder.as_deref().and_then(Path::parent);
        if ui
            .add_enabled(parent.is_some(), egui::Button::new(lang.t(T::FolderUp)))
            .clicked()
            && let Some(parent) = parent
        {
            browse(Browse::Folder(parent.into()), out);
        }
        if ui.button(lang.t(T::FolderHome)).clicked() {
            browse(Browse::Home, out);
        }
        if let Some(folder) = &folder {
            ui.label(RichText::new(folder.display().to_string()).color(GREY));
        }
    });
    ui.separator();
    let mut chosen = false;
    egui::ScrollArea::vertical()
        .max_height(320.0)
        .auto_shrink([false, true])
        .show(ui, |ui| match &picker.listing {
            None => {
                ui.label(RichText::new(lang.t(T::FolderReading)).color(GREY));
            }
            Some(Err(error)) => {
                ui.label(RichText::new(i18n::io::file_error(lang, error)).color(RED));
            }
            Some(Ok(listing)) if listing.entries.is_empty() => {
                ui.label(RichText::new(lang.t(T::FolderEmpty)).color(GREY));
            }
            Some(Ok(listing)) => {
                for entry in &listing.entries {
                    let full: PathBuf = listing.folder.join(&entry.name);
                    if entry.is_folder {
                        if ui.button(format!("{}/", entry.name)).clicked() {
                            browse(Browse::Folder(full), out);
                        }
                        continue;
                    }
                    let full = full.display().to_string();
                    let response = ui.selectable_label(picker.typed == full, &entry.name);
                    if response.clicked() {
                        picker.typed = full.clone();
                    }
                    if response.double_clicked() {
                        picker.typed = full;
                        chosen = true;
                    }
                }
            }
        });
    ui.separator();
    ui.horizontal(|ui| {
        let label = ui.label(lang.t(T::PackagePath));
        ui.add(egui::TextEdit::singleline(&mut picker.typed).desired_width(420.0))
            .labelled_by(label.id);
    });
    ui.horizontal(|ui| {
        let typed = !picker.typed.trim().is_empty();
        if ui
            .add_enabled(typed, egui::Button::new(lang.t(T::ChooseThisFile)))
            .clicked()
        {
            chosen = true;
        }
        if ui.button(lang.t(T::Cancel)).clicked() {
            picker.open = false;
        }
    });
    if chosen {
        *path = picker.typed.trim().to_owned();
        picker.open = false;
    }
}

/// The save dialog's key.
pub const SAVE_KEY: &str = "save-file";

/// What the host did in the save dialog.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Saved {
    To(PathBuf),
    Cancelled,
}

/// The save dialog for a file that came from the server, named `name` by
/// it: the folders to choose from (as the picker's), the name, «Сохранить»
/// and «Отменить». `None` while the host has not decided.
pub fn save(ctx: &Context, lang: Lang, name: &str, out: &mut Vec<UiCommand>) -> Option<Saved> {
    let id = memory(SAVE_KEY);
    let mut picker: Picker = ctx.data(|d| d.get_temp(id)).unwrap_or_default();
    if picker.saving != name {
        // A new file: its name, and the folder the last one went to.
        picker.saving = name.to_owned();
        picker.typed = name.to_owned();
        let to = match &picker.listing {
            Some(Ok(listing)) => Browse::Folder(listing.folder.clone()),
            _ => Browse::Home,
        };
        out.push(UiCommand::Browse(SAVE_KEY.into(), to));
    }
    let mut saved = None;
    let modal = egui::Modal::new(id.with("save")).show(ctx, |ui| {
        saved = save_dialog(ui, lang, &mut picker, out);
    });
    if modal.should_close() && saved.is_none() {
        saved = Some(Saved::Cancelled);
    }
    if saved.is_some() {
        picker.saving.clear();
    }
    ctx.data_mut(|d| d.insert_temp(id, picker));
    saved
}

fn save_dialog(
    ui: &mut Ui,
    lang: Lang,
    picker: &mut Picker,
    out: &mut Vec<UiCommand>,
) -> Option<Saved> {
    ui.set_width(560.0);
    ui.heading(i18n::files::save_title(lang, &picker.saving));
    let folder = match &picker.listing {
        Some(Ok(listing)) => Some(listing.folder.clone()),
        _ => None,
    };
    let browse = |to: Browse, out: &mut Vec<UiCommand>| {
        out.push(UiCommand::Browse(SAVE_KEY.into(), to));
    };
    ui.horizontal(|ui| {
        let parent = folder.as_deref().and_then(Path::parent);
        if ui
            .add_enabled(parent.is_some(), egui::Button::new(lang.t(T::FolderUp)))
            .clicked()
            && let Some(parent) = parent
        {
            browse(Browse::Folder(parent.into()), out);
        }
        if ui.button(lang.t(T::FolderHome)).clicked() {
            browse(Browse::Home, out);
        }
        if let Some(folder) = &folder {
            ui.label(RichText::new(folder.display().to_string()).color(GREY));
        }
    });
    ui.separator();
    egui::ScrollArea::vertical()
        .max_height(280.0)
        .auto_shrink([false, true])
        .show(ui, |ui| match &picker.listing {
            None => {
                ui.label(RichText::new(lang.t(T::FolderReading)).color(GREY));
            }
            Some(Err(error)) => {
                ui.label(RichText::new(i18n::io::file_error(lang, error)).color(RED));
            }
            Some(Ok(listing)) if !listing.entries.iter().any(|e| e.is_folder) => {
                ui.label(RichText::new(i18n::files::no_folders(lang)).color(GREY));
            }
            Some(Ok(listing)) => {
                for entry in listing.entries.iter().filter(|e| e.is_folder) {
                    if ui.button(format!("{}/", entry.name)).clicked() {
                        browse(Browse::Folder(listing.folder.join(&entry.name)), out);
                    }
                }
            }
        });
    ui.separator();
    ui.horizontal(|ui| {
        let label = ui.label(i18n::files::name_label(lang));
        ui.add(egui::TextEdit::singleline(&mut picker.typed).desired_width(420.0))
            .labelled_by(label.id);
    });
    let mut saved = None;
    ui.horizontal(|ui| {
        let name = picker.typed.trim();
        let can = folder.is_some() && !name.is_empty() && !name.contains(['/', '\\']);
        if ui
            .add_enabled(can, egui::Button::new(i18n::files::save_button(lang)))
            .clicked()
            && let Some(folder) = &folder
        {
            saved = Some(Saved::To(folder.join(name)));
        }
        if ui.button(lang.t(T::Cancel)).clicked() {
            saved = Some(Saved::Cancelled);
        }
    });
    saved
}
