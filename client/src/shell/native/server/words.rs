//! Why the in-process server (`minuta host`, `minuta demo`) could not
//! start, in the person's language: the data folder, the certificate, the
//! store, the port. The server's own errors are English (they are its
//! log's); here their kinds and paths are said again.

use std::path::Path;

use minuta_server::ServerError;
use minuta_server::lan::AdvertError;
use minuta_server::net::tls::TlsError;
use minuta_server::store::StoreError;

use crate::i18n::Lang;
use crate::i18n::io::os_error;
use crate::os_error::OsError;

/// The store's lock file: a second server on the same data folder.
const LOCK_FILE: &str = "minuta.lock";

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
        _ => super::store_words::store_error(lang, error),
    }
}

fn is_lock(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n == LOCK_FILE)
}

fn parent(path: &Path) -> String {
    path.parent().unwrap_or(path).display().to_string()
}

/// The hall's announcement that failed (the codes still work).
pub fn advert_error(lang: Lang, error: &AdvertError) -> String {
    match (lang, error) {
        (Lang::Ru, AdvertError::Mdns(why)) => format!(
            "не удаётся объявить сервер в сети зала (mDNS): {why}; терминалы подключатся по кодам (--no-mdns убирает это сообщение)"
        ),
        (Lang::Ru, AdvertError::DisplayCode(e)) => {
            format!(
                "код проектора не читается: {}",
                crate::i18n::join_code_error(lang, e)
            )
        }
        (Lang::En, e) => e.to_string(),
    }
}

#[cfg(test)]
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
