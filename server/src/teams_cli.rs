//! `minuta-server teams import FILE --data DIR [--apply]`: prints the
//! preview of an import (new, changed, unchanged teams; every bad row with
//! its line) in Russian when the locale is Russian (`LANG=ru_*`), in
//! English otherwise, and with `--apply` stores it. The reading and the
//! deciding are the library's (`minuta_server::roster_import`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Subcommand;
use minuta_server::clock::ServerClock;
use minuta_server::operator_lang::Lang;
use minuta_server::roster_import::{ImportError, Imported, import_file};
use minuta_shared::roster::{FileKind, ImportedTeam, Outcome, Problem, site_player};

#[derive(Subcommand)]
pub enum TeamsCommand {
    /// Import the tournament's teams and rosters from a file: the rating
    /// site's roster (CSV UTF-8 without a header, or XLSX:
    /// idteam,команда,город,признак,idplayer,Ф,И,О; признак К, Б or Л),
    /// the site's JSON of a tournament's teams (results with
    /// includeTeamMembers), or a plain spreadsheet (CSV or XLSX: name,
    /// town, players). Prints the preview; `--apply` imports it, all or
    /// nothing (with the server stopped). The same file twice changes
    /// nothing. Exit 2 when the file cannot be read or has a bad row.
    Import {
        /// The file (.csv, .xlsx or .json).
        file: PathBuf,
        #[arg(long, default_value = "minuta-data")]
        data: PathBuf,
        /// Store the import (without it: the preview only).
        #[arg(long)]
        apply: bool,
    },
}

/// Russian when the locale says so (LC_ALL, LC_MESSAGES, LANG), as a
/// Russian organiser's terminal does; the same reading as every other
/// message of `minuta-server`.
fn russian() -> bool {
    Lang::from_env() == Lang::Ru
}

pub fn run(command: TeamsCommand) -> ExitCode {
    let TeamsCommand::Import { file, data, apply } = command;
    let ru = russian();
    let now = ServerClock::start().now();
    let mut secret = minuta_server::secrets::fresh_secret;
    match import_file(&data, &file, apply, now, &mut secret) {
        Ok(imported) => {
            print!("{}", preview(&file, &imported, ru));
            let bad = !imported.plan.problems.is_empty();
            println!("{}", closing(&imported, ru));
            if bad {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(ImportError::BadRows(problems)) => {
            for p in &problems {
                eprintln!("{}", p.text(ru));
            }
            eprintln!(
                "{}",
                if ru {
                    "Ничего не импортировано: исправьте строки выше."
                } else {
                    "Nothing was imported: fix the rows above."
                }
            );
            ExitCode::from(2)
        }
        Err(ImportError::Unreadable { path, source }) => {
            eprintln!("{}: {}", path.display(), source.text(ru));
            ExitCode::from(2)
        }
        Err(err) => {
            let lead = if ru { "ошибка" } else { "error" };
            eprintln!("{lead}: {err}");
            ExitCode::FAILURE
        }
    }
}

/// A part of the preview: which teams, its Russian and English titles.
type Section = (fn(&Outcome) -> bool, &'static str, &'static str);

fn preview(file: &Path, imported: &Imported, ru: bool) -> String {
    let kind = match (imported.kind, ru) {
        (FileKind::SiteRoster, true) => "ростер сайта рейтинга",
        (FileKind::SiteRoster, false) => "the rating site's roster",
        (FileKind::SiteJson, true) => "JSON команд с сайта рейтинга",
        (FileKind::SiteJson, false) => "the rating site's JSON of teams",
        (FileKind::PlainSheet, true) => "таблица: название, город, игроки",
        (FileKind::PlainSheet, false) => "a spreadsheet: name, town, players",
    };
    let plan = &imported.plan;
    let mut out = format!(
        "{} {} ({kind}), {}: {}\n",
        if ru { "Файл" } else { "File" },
        file.display(),
        if ru { "команд" } else { "teams" },
        plan.teams.len(),
    );
    let sections: [Section; 3] = [
        (Outcome::is_new, "Новые", "New"),
        (Outcome::is_changed, "Изменятся", "Changed"),
        (Outcome::is_unchanged, "Без изменений", "Unchanged"),
    ];
    for (want, ru_title, en_title) in sections {
        let teams: Vec<&ImportedTeam> = plan
            .teams
            .iter()
            .filter(|t| want(&t.outcome))
            .map(|t| &t.team)
            .collect();
        out.push_str(&format!(
            "{} ({}):\n",
            if ru { ru_title } else { en_title },
            teams.len()
        ));
        for t in teams {
            out.push_str(&format!("  {}\n", team_line(t, ru)));
        }
    }
    if !plan.problems.is_empty() {
        out.push_str(&format!(
            "{} ({}):\n",
            if ru {
                "Ошибки в файле"
            } else {
                "Bad rows"
            },
            plan.problems.len()
        ));
        for p in &plan.problems {
            out.push_str(&format!("  {}\n", Problem::text(p, ru)));
        }
    }
    out
}

/// «Знатоки» (Москва; id 101): Иванов Иван (К), Петров Пётр — each
/// player's flag from its own record, so namesakes keep theirs.
fn team_line(t: &ImportedTeam, ru: bool) -> String {
    let id = t
        .rating_id
        .map(|id| format!("; id {id}"))
        .unwrap_or_default();
    let town = if t.town.is_empty() {
        if ru {
            "город не указан"
        } else {
            "no town"
        }
    } else {
        t.town.as_str()
    };
    let players: Vec<String> = t
        .players
        .iter()
        .enumerate()
        .map(
            |(place, p)| match site_player(&t.site_players, place).and_then(|s| s.flag) {
                Some(flag) => format!("{p} ({})", flag.letter()),
                None => p.clone(),
            },
        )
        .collect();
    format!("«{}» ({town}{id}): {}", t.name, players.join(", "))
}

fn closing(imported: &Imported, ru: bool) -> &'static str {
    let bad = !imported.plan.problems.is_empty();
    match (bad, imported.plan.changes(), imported.applied, ru) {
        (true, _, _, true) => "Ничего не импортировано: исправьте строки с ошибками.",
        (true, _, _, false) => "Nothing was imported: fix the bad rows.",
        (false, false, _, true) => "Импорт ничего не меняет.",
        (false, false, _, false) => "The import changes nothing.",
        (false, true, true, true) => "Импортировано.",
        (false, true, true, false) => "Imported.",
        (false, true, false, true) => "Чтобы импортировать, повторите с --apply.",
        (false, true, false, false) => "To import, run again with --apply.",
    }
}
