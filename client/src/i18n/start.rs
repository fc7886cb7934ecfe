//! Why `minuta host` / `minuta demo` could not start its server, in the
//! person's language: the data folder, the certificate, the store, the
//! port; and the demo's team free for a person. The server's own errors are English (they are its log's); here
//! their kinds and paths are said again.

#[cfg(feature = "embedded-server")]
use std::path::Path;

#[cfg(feature = "embedded-server")]
use minuta_server::ServerError;

use crate::state::Advice;
#[cfg(feature = "embedded-server")]
use minuta_server::net::tls::TlsError;
#[cfg(feature = "embedded-server")]
use minuta_server::store::StoreError;

use super::Lang;
#[cfg(feature = "embedded-server")]
use super::io::os_error;
#[cfg(feature = "embedded-server")]
use crate::os_error::OsError;

/// The store's lock file: a second server on the same data folder.
#[cfg(feature = "embedded-server")]
const LOCK_FILE: &str = "minuta.lock";

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

#[cfg(feature = "embedded-server")]
pub fn server_error(lang: Lang, error: &ServerError) -> String {
    let os = |e: &std::io::Error| os_error(lang, &OsError::from(e));
    match error {
        ServerError::Bind { addr, source } => lang.pick(
            format!(
                "не удаётся принимать подключения на {addr}: {} (не запущен ли там другой сервер? укажите другой порт: --listen)",
                os(source)
            ),
            format!(
                "cannot listen on {addr}: {} (is another server running there? try --listen with another port)",
                os(source)
            ),
        ),
        ServerError::WebBind { addr, source } => lang.pick(
            format!(
                "не удаётся принимать браузеры на TCP {addr}: {} (не занят ли этот порт другой программой? укажите другой порт)",
                os(source)
            ),
            format!(
                "cannot serve browsers on TCP {addr}: {} (is another program using this port? choose another port)",
                os(source)
            ),
        ),
        ServerError::Tls(error) => tls_error(lang, error),
        ServerError::Store(error) => store_error(lang, error),
        ServerError::Runtime(source) => lang.pick(
            format!("не удаётся запустить сервер: {}", os(source)),
            format!("cannot start the server: {}", os(source)),
        ),
        ServerError::Stopped => lang.pick(
            "сервер остановился, не успев запуститься".into(),
            "the server stopped while starting".into(),
        ),
        ServerError::Demo(why) => lang.pick(
            format!("не удалось подготовить демонстрационную игру ({why})"),
            format!("setting up the demo failed: {why}"),
        ),
    }
}

#[cfg(feature = "embedded-server")]
fn tls_error(lang: Lang, error: &TlsError) -> String {
    let os = |e: &std::io::Error| os_error(lang, &OsError::from(e));
    match error {
        TlsError::Dir { path, source } => lang.pick(
            format!(
                "не удаётся создать папку сертификата {}: {}",
                path.display(),
                os(source)
            ),
            format!(
                "cannot create the certificate folder {}: {}",
                path.display(),
                os(source)
            ),
        ),
        TlsError::Write { path, source } => lang.pick(
            format!("не удаётся записать {}: {}", path.display(), os(source)),
            format!("cannot write {}: {}", path.display(), os(source)),
        ),
        TlsError::Read { path, .. } => lang.pick(
            format!(
                "сертификат или ключ в {} не читается (удалите оба файла, чтобы создать новые; все коды подключения изменятся)",
                path.display()
            ),
            error.to_string(),
        ),
        TlsError::Generate(_) | TlsError::Config(_) => lang.pick(
            "не удаётся подготовить сертификат сервера".into(),
            error.to_string(),
        ),
    }
}

#[cfg(feature = "embedded-server")]
fn store_error(lang: Lang, error: &StoreError) -> String {
    match error {
        StoreError::Open { path, source } => {
            let io = source.downcast_ref::<std::io::Error>();
            if let Some(io) = io {
                let why = os_error(lang, &OsError::from(io));
                return lang.pick(
                    format!(
                        "не удаётся открыть хранилище игры {}: {why}",
                        path.display()
                    ),
                    format!("cannot open the game's store {}: {why}", path.display()),
                );
            }
            if is_lock(path) {
                return lang.pick(
                    format!(
                        "папку данных {} уже использует другой сервер Минуты",
                        parent(path)
                    ),
                    format!(
                        "another Minuta server is using the data folder {}",
                        parent(path)
                    ),
                );
            }
            lang.pick(
                format!(
                    "не удаётся открыть хранилище игры {} (подробности — в журнале)",
                    path.display()
                ),
                error.to_string(),
            )
        }
        // Damaged, unreplayable, read-only, foreign or too new stores: said
        // with what to do about them (issue 14.3).
        _ => super::store::store_error(lang, error),
    }
}

#[cfg(feature = "embedded-server")]
fn is_lock(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == LOCK_FILE)
}

#[cfg(feature = "embedded-server")]
fn parent(path: &Path) -> String {
    path.parent().unwrap_or(path).display().to_string()
}

#[cfg(all(test, feature = "embedded-server"))]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_data_folder_that_cannot_be_made_is_said_in_russian() {
        // A file where the data folder should be: creating the store fails.
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, b"x").unwrap();
        let data = blocker.join("minuta-data");
        let mut config = minuta_server::ServerConfig::local(data);
        config.listen = "127.0.0.1:0".parse().unwrap();
        config.web_port = None;
        let error = minuta_server::spawn(config).err().unwrap();
        let ru = server_error(Lang::Ru, &error);
        assert!(!ru.contains("os error"), "{ru}");
        assert!(
            ru.contains("часть пути — не папка") || ru.contains("уже существует"),
            "{ru}"
        );
        assert!(ru.contains(&*blocker.to_string_lossy()), "{ru}");
        let en = server_error(Lang::En, &error);
        assert!(!en.contains("os error"), "{en}");
    }

    #[test]
    fn a_busy_port_is_said_in_russian() {
        let taken = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
        let error = ServerError::Bind {
            addr: taken.local_addr().unwrap(),
            source: std::io::Error::from(std::io::ErrorKind::AddrInUse),
        };
        let ru = server_error(Lang::Ru, &error);
        assert!(
            ru.contains("адрес уже занят") && ru.contains("--listen"),
            "{ru}"
        );
    }

    #[test]
    fn a_taken_web_port_is_a_start_error_in_both_languages() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = taken.local_addr().unwrap().port();
        let dir = tempfile::tempdir().unwrap();
        let mut config = minuta_server::ServerConfig::local(dir.path().join("data"));
        config.listen = "127.0.0.1:0".parse().unwrap();
        config.web_port = Some(port);
        let error = minuta_server::spawn(config).err().unwrap();
        assert!(matches!(error, ServerError::WebBind { .. }), "{error}");
        let ru = server_error(Lang::Ru, &error);
        assert!(
            ru.contains("браузеры") && ru.contains(&format!(":{port}")) && !ru.contains("os error"),
            "{ru}"
        );
        let en = server_error(Lang::En, &error);
        assert!(
            en.contains("browsers") && en.contains(&format!(":{port}")),
            "{en}"
        );
    }

    #[test]
    fn a_second_server_on_the_same_data_is_named() {
        let error = StoreError::Open {
            path: "/data/minuta.lock".into(),
            source: std::sync::Arc::from(Box::<dyn std::error::Error + Send + Sync>::from(
                "another minuta-server is using this data directory",
            )),
        };
        assert_eq!(
            store_error(Lang::Ru, &error),
            "папку данных /data уже использует другой сервер Минуты"
        );
    }
}
