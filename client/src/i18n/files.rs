//! The words of the files the host takes from the dashboard (issue 38):
//! each file's button, the download's progress and cancel, the save
//! dialog, and what became of a file.

use std::path::Path;

use minuta_shared::wire::files::{FileRefusal, HostFile};

use super::Lang;
use super::io::file_error;
use crate::os_error::FileError;

/// A file's button label, as the host finds it on its screen.
pub fn label(lang: Lang, file: &HostFile) -> String {
    match file {
        HostFile::Codes { .. } => lang.pick(
            "Коды на бумаге (PDF)".into(),
            "Join codes on paper (PDF)".into(),
        ),
        HostFile::Protocol => lang.pick(
            "Протокол для подписи (PDF)".into(),
            "The protocol for signatures (PDF)".into(),
        ),
        HostFile::RatingResults => lang.pick(
            "Для рейтинга: результаты (CSV)".into(),
            "For the rating: results (CSV)".into(),
        ),
        HostFile::RatingRoster => lang.pick(
            "Для рейтинга: составы (CSV)".into(),
            "For the rating: rosters (CSV)".into(),
        ),
        HostFile::RatingJson => lang.pick(
            "Для рейтинга: результаты (JSON)".into(),
            "For the rating: results (JSON)".into(),
        ),
        HostFile::Sheet(_) => lang.pick("Лист игры".into(), "Game sheet".into()),
        HostFile::Everything => {
            lang.pick("Вся игра (JSON)".into(), "The whole event (JSON)".into())
        }
        HostFile::Backup => lang.pick("Резервная копия".into(), "Backup".into()),
    }
}

/// Over the games' sheets.
pub fn sheets_heading(lang: Lang) -> String {
    lang.pick(
        "Листы игр (их проверяет minuta-server score)".into(),
        "Game sheets (minuta-server score checks them)".into(),
    )
}

/// A game's sheet's button, by the game's name.
pub fn sheet_of(lang: Lang, game: &str) -> String {
    lang.pick(format!("Лист игры: {game}"), format!("Game sheet: {game}"))
}

/// The heading over the event's files.
pub fn heading(lang: Lang) -> String {
    lang.pick("Файлы турнира".into(), "The event's files".into())
}

pub fn hint(lang: Lang) -> String {
    lang.pick(
        "Файлы делает сервер из сохранённой игры — те же, что даёт minuta-server export. Резервную копию открывает minuta-server restore.".into(),
        "The server makes the files from the stored game, the same as minuta-server export does. A backup is opened by minuta-server restore.".into(),
    )
}

pub fn rating_heading(lang: Lang) -> String {
    lang.pick("Для рейтинга".into(), "For the rating site".into())
}

/// Beside a file on its way.
pub fn coming(lang: Lang, percent: u32) -> String {
    lang.pick(
        format!("файл идёт: {percent}%"),
        format!("the file is coming: {percent}%"),
    )
}

/// Before a large command's progress: `what` is its name.
pub fn sending(lang: Lang, what: &str) -> String {
    lang.pick(format!("Отправляется: {what}"), format!("Sending: {what}"))
}

pub fn cancel(lang: Lang) -> String {
    lang.pick("Отменить".into(), "Cancel".into())
}

/// The save dialog's title: where to save this file.
pub fn save_title(lang: Lang, name: &str) -> String {
    lang.pick(format!("Сохранить «{name}»"), format!("Save «{name}»"))
}

/// The save dialog, in a folder without folders.
pub fn no_folders(lang: Lang) -> String {
    lang.pick(
        "В этой папке нет других папок: файл ляжет сюда.".into(),
        "No folders in this folder: the file goes here.".into(),
    )
}

pub fn save_button(lang: Lang) -> String {
    lang.pick("Сохранить".into(), "Save".into())
}

pub fn name_label(lang: Lang) -> String {
    lang.pick("Имя файла:".into(), "File name:".into())
}

pub fn saved(lang: Lang, path: &Path) -> String {
    lang.pick(
        format!("файл сохранён: {}", path.display()),
        format!("the file is saved: {}", path.display()),
    )
}

pub fn not_saved(lang: Lang, error: &FileError) -> String {
    lang.pick(
        format!("файл не сохранён: {}", file_error(lang, error)),
        format!("the file is not saved: {}", file_error(lang, error)),
    )
}

pub fn downloaded(lang: Lang, name: &str) -> String {
    lang.pick(
        format!("файл «{name}» — в загрузках браузера"),
        format!("«{name}» is in the browser's downloads"),
    )
}

pub fn refused(lang: Lang, file: &HostFile, why: &FileRefusal) -> String {
    let why = match why {
        FileRefusal::Forbidden => lang.pick(
            "файлы сервера получает только ведущий".into(),
            "only the host takes files from the server".into(),
        ),
        FileRefusal::NoSuchGame => lang.pick(
            "такой игры нет в программе".into(),
            "there is no such game in the programme".into(),
        ),
        FileRefusal::Empty => lang.pick(
            "в игре ещё ничего не сохранено".into(),
            "nothing is stored in the game yet".into(),
        ),
        FileRefusal::Failed(words) => words.clone(),
    };
    lang.pick(
        format!("{} — файл не сделан: {why}", label(lang, file)),
        format!("{}: the file was not made: {why}", label(lang, file)),
    )
}

pub fn interrupted(lang: Lang, file: &HostFile) -> String {
    lang.pick(
        format!(
            "{} — связь прервалась, пока шёл файл: запросите его снова",
            label(lang, file)
        ),
        format!(
            "{}: the link dropped while the file was coming; ask for it again",
            label(lang, file)
        ),
    )
}
