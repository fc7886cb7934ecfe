//! «Импорт команд…» on the teams tab: a file chosen (the in-app picker),
//! read by the app ([`UiCommand::ReadTeamsFile`], whose answer lands in
//! egui's memory through [`read_done`]; this view reads no disk), its
//! preview against the registered teams — new, changed, unchanged, every
//! bad row with its line — and «Импортировать», one command the server
//! applies whole or not at all. The preview is the server's own
//! `minuta_shared::roster::plan`.

use std::path::PathBuf;

use egui::{Context, Id, RichText, Ui};
use minuta_shared::roster::{self, ImportedTeam, KnownTeam, Outcome, Plan, Read, ReadError};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use crate::i18n::{Lang, roster as texts};
use crate::os_error::FileError;
use crate::shell::Platform;
use crate::state::UiCommand;
use crate::views::file_picker;
use crate::views::widgets::{GREEN, GREY, RED};

/// The picker's key, and the memory's.
const KEY: &str = "team-import";

impl From<Result<Read, ReadError>> for FileRead {
    /// What the server read of a file the browser sent it.
    fn from(read: Result<Read, ReadError>) -> Self {
        match read {
            Ok(read) => FileRead::Read(read),
            Err(error) => FileRead::Content(error),
        }
    }
}

/// What the app read of the file chosen.
#[derive(Clone, Debug, PartialEq)]
pub enum FileRead {
    Read(Read),
    /// The file could not be opened.
    File(FileError),
    /// The file is not one of the three shapes.
    Content(ReadError),
}

/// The import's state between frames.
#[derive(Clone, Debug, Default)]
struct Import {
    open: bool,
    /// The path chosen (natively; the browser reads its file at once).
    path: String,
    read: Option<FileRead>,
    /// Sent to the server: the preview waits for the teams to show up.
    sent: bool,
}

fn memory() -> Id {
    Id::unique(("team-import", KEY))
}

/// The app's answer to [`UiCommand::ReadTeamsFile`].
pub fn read_done(ctx: &Context, read: FileRead) {
    ctx.data_mut(|d| {
        let import = d.get_temp_mut_or_default::<Import>(memory());
        // A file dropped on the page opens the import to show it.
        import.open = true;
        import.read = Some(read);
        import.sent = false;
    });
}

/// Reads a file of teams as the app does: the bytes, then the shapes.
pub fn read_file(path: PathBuf) -> FileRead {
    match std::fs::read(&path) {
        Ok(bytes) => match roster::read(&path.to_string_lossy(), &bytes) {
            Ok(read) => FileRead::Read(read),
            Err(error) => FileRead::Content(error),
        },
        Err(error) => FileRead::File(FileError::io(path, &error)),
    }
}

/// The «Импорт команд…» button and, when open, the file field and preview.
pub fn section(ui: &mut Ui, lang: Lang, view: &HostView, out: &mut Vec<UiCommand>) {
    let mut import: Import = ui.data(|d| d.get_temp(memory())).unwrap_or_default();
    // A framed button, so the host sees it is one among the tab's lines.
    if ui
        .add(egui::Button::new(texts::import_button(lang)).selected(import.open))
        .clicked()
    {
        import.open = !import.open;
    }
    if import.open {
        ui.group(|ui| body(ui, lang, view, &mut import, out));
    }
    ui.data_mut(|d| d.insert_temp(memory(), import));
}

fn body(ui: &mut Ui, lang: Lang, view: &HostView, import: &mut Import, out: &mut Vec<UiCommand>) {
    ui.label(RichText::new(texts::shapes(lang)).color(GREY));
    choose_file(ui, lang, import, out);
    let Some(read) = &import.read else {
        return;
    };
    let read = match read {
        FileRead::Read(read) => read,
        FileRead::File(error) => {
            ui.colored_label(RED, crate::i18n::io::file_error(lang, error));
            return;
        }
        FileRead::Content(error) => {
            ui.colored_label(RED, error.text(lang == Lang::Ru));
            return;
        }
    };
    let plan = preview(view, read);
    ui.label(RichText::new(texts::kind(lang, read.kind, read.teams.len())).strong());
    outcome_list(ui, lang, &plan, Outcome::is_new, texts::new_teams);
    outcome_list(ui, lang, &plan, Outcome::is_changed, texts::changed_teams);
    outcome_list(
        ui,
        lang,
        &plan,
        Outcome::is_unchanged,
        texts::unchanged_teams,
    );
    if !plan.problems.is_empty() {
        ui.label(
            RichText::new(texts::bad_rows(lang, plan.problems.len()))
                .strong()
                .color(RED),
        );
        for problem in &plan.problems {
            ui.add(
                egui::Label::new(RichText::new(problem.text(lang == Lang::Ru)).color(RED)).wrap(),
            );
        }
    }
    if import.sent {
        let note = if plan.changes() {
            texts::sent(lang)
        } else {
            texts::done(lang)
        };
        ui.label(RichText::new(note).color(GREEN));
        return;
    }
    let can = plan.problems.is_empty() && plan.changes();
    let button = ui.add_enabled(can, egui::Button::new(texts::apply(lang)));
    if !plan.problems.is_empty() {
        button.on_disabled_hover_text(texts::fix_first(lang));
    } else if !plan.changes() {
        ui.label(RichText::new(texts::nothing_changes(lang)).color(GREY));
    } else if button.clicked() {
        import.sent = true;
        out.push(UiCommand::Send(Command::ImportTeams {
            teams: read.teams.clone(),
        }));
    }
}

/// The file: a path chosen with the in-app picker, read on «Прочитать»;
/// in the browser, its own file picker (or a file dropped on the page),
/// read at once.
fn choose_file(ui: &mut Ui, lang: Lang, import: &mut Import, out: &mut Vec<UiCommand>) {
    if Platform::of(ui.ctx()) == Platform::Browser {
        ui.horizontal_wrapped(|ui| {
            if ui.button(lang.t(crate::i18n::T::ChooseFile)).clicked() {
                out.push(UiCommand::PickTeamsFile);
            }
            ui.label(RichText::new(texts::or_drop(lang)).color(GREY));
        });
        return;
    }
    ui.horizontal(|ui| {
        let label = ui.label(texts::file(lang));
        ui.add(egui::TextEdit::singleline(&mut import.path).desired_width(360.0))
            .labelled_by(label.id);
        file_picker::picker(ui, lang, KEY, &mut import.path, out);
        let chosen = import.path.trim();
        if ui
            .add_enabled(!chosen.is_empty(), egui::Button::new(texts::read(lang)))
            .clicked()
        {
            out.push(UiCommand::ReadTeamsFile(chosen.into()));
        }
    });
}

/// The file's teams against the registered ones, with the file's own bad
/// rows first.
fn preview(view: &HostView, read: &Read) -> Plan {
    let known: Vec<KnownTeam> = view
        .teams
        .iter()
        .map(|t| KnownTeam {
            id: t.id,
            team: ImportedTeam {
                rating_id: t.rating_id,
                name: t.name.clone(),
                town: t.town.clone(),
                players: t.players.clone(),
                site_players: t.site_players.clone(),
                ..ImportedTeam::default()
            },
        })
        .collect();
    let (min, max) = (view.settings.min_players, view.settings.max_players);
    let mut plan = roster::plan(&known, &read.teams, min, max);
    let mut problems = read.problems.clone();
    problems.append(&mut plan.problems);
    plan.problems = problems;
    plan
}

fn outcome_list(
    ui: &mut Ui,
    lang: Lang,
    plan: &Plan,
    want: fn(&Outcome) -> bool,
    title: fn(Lang, usize) -> String,
) {
    let teams: Vec<&ImportedTeam> = plan
        .teams
        .iter()
        .filter(|t| want(&t.outcome))
        .map(|t| &t.team)
        .collect();
    egui::CollapsingHeader::new(title(lang, teams.len()))
        .id_salt(("team-import-list", title(Lang::En, 0)))
        .default_open(teams.len() <= 12)
        .show(ui, |ui| {
            for team in teams {
                ui.add(egui::Label::new(texts::team_line(lang, team)).wrap());
            }
        });
}
