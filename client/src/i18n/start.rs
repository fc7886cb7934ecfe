//! The window that says `minuta host` / `minuta demo` could not start its
//! server, in the person's language (the heading, what would help, the
//! folder field), and the lines printed beside the codes. The server's own
//! errors are said by the native shell, which knows them
//! (`crate::shell::native::server::words`).

use crate::state::Advice;

use super::Lang;

/// The demo's team no robot plays, printed apart so a newcomer finds it.
pub fn free_team(lang: Lang, team: &str, code: &str) -> String {
    lang.pick(
        format!("свободная команда для человека: «{team}»: {code}"),
        format!("free team for a person: «{team}»: {code}"),
    )
}

/// A code's web link, printed under the code (issue 24).
pub fn web_link(lang: Lang, link: &str) -> String {
    lang.pick(
        format!("    в браузере: {link}"),
        format!("    in a browser: {link}"),
    )
}

/// The heading of the window that says the server did not start.
pub fn failed_heading(lang: Lang) -> String {
    lang.pick(
        "Сервер игры не запустился".to_owned(),
        "The game's server did not start".to_owned(),
    )
}

/// What would help, for the window under the reason.
pub fn advice(lang: Lang, advice: Advice) -> String {
    match advice {
        Advice::FolderHeld => words(
            lang,
            "Закройте другую Минуту, которая работает с этой папкой, или выберите другую папку данных ниже (в командной строке: --data ПАПКА).",
            "Close the other Minuta that uses this folder, or choose another data folder below (on the command line: --data FOLDER).",
        ),
        Advice::OtherFolder => words(
            lang,
            "В эту папку нельзя записывать (диск только для чтения или нет прав): выберите другую папку данных ниже (в командной строке: --data ПАПКА).",
            "This folder cannot be written (a read-only disk, or no rights): choose another data folder below (on the command line: --data FOLDER).",
        ),
        Advice::SetAside => words(
            lang,
            "Хранилище в этой папке испорчено или чужое. Отложите его в сторону и начните новое (файл сохранится рядом; в командной строке: --new) — или выберите другую папку.",
            "The store in this folder is damaged or not Minuta's. Set it aside and begin a new one (the file is kept beside it; on the command line: --new), or choose another folder.",
        ),
        Advice::NewerMinuta => words(
            lang,
            "Эту игру записала более новая Минута: откройте её той версией или новее — или выберите другую папку.",
            "A newer Minuta wrote this game: open it with that version or a newer one, or choose another folder.",
        ),
        Advice::OtherPort => words(
            lang,
            "Порт занят: закройте другой сервер или запустите с другим портом (--listen 0.0.0.0:4434).",
            "The port is taken: close the other server, or start with another port (--listen 0.0.0.0:4434).",
        ),
        Advice::WithoutNew => words(
            lang,
            "Хранилище в порядке: запустите без --new, чтобы продолжить игру, или выберите другую папку для новой.",
            "The store is fine: start without --new to continue the game, or choose another folder for a new one.",
        ),
        Advice::Retry => words(
            lang,
            "Попробуйте запустить ещё раз или выберите другую папку данных.",
            "Try starting again, or choose another data folder.",
        ),
    }
}

/// The folder field's label and the window's buttons.
pub fn folder_label(lang: Lang) -> String {
    words(lang, "Папка данных:", "Data folder:")
}

pub fn start_button(lang: Lang) -> String {
    words(lang, "Запустить с этой папкой", "Start with this folder")
}

pub fn set_aside_button(lang: Lang) -> String {
    words(
        lang,
        "Отложить испорченное хранилище и начать новое",
        "Set the damaged store aside and begin a new one",
    )
}

fn words(lang: Lang, ru: &str, en: &str) -> String {
    lang.pick(ru.to_owned(), en.to_owned())
}
