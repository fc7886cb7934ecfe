//! What `minuta-server` says to the person at its terminal when something
//! fails, in their language: Russian when the locale says so (`LC_ALL`,
//! else `LC_MESSAGES`, else `LANG` starting with `ru`), English otherwise;
//! and every clause once — an error whose text already carries its cause's
//! is not followed by that cause again. What must not live here: the log
//! (tracing's lines stay English, for whoever reads them later) or the
//! desktop app's words (`minuta`'s i18n, which has its own `--lang`).

use std::error::Error;
use std::io::ErrorKind;

use crate::ServerError;
use crate::codes_pdf::CodesError;
use crate::export::ExportError;
use crate::net::tls::TlsError;
use crate::store::{BackupError, Damage, FileStep, RestoreProblem, SchemaProblem, StoreError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Ru,
    En,
}

impl Lang {
    /// The locale of this process's environment; where none is set
    /// (Windows), the system's own language.
    pub fn from_env() -> Lang {
        Lang::from_locale(|name| {
            std::env::var(name)
                .ok()
                .filter(|value| !value.is_empty())
                .or_else(|| system_locale(name))
        })
    }

    /// POSIX's order: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is
    /// set and not empty decides («ru_RU.UTF-8», «ru», «ru_UA» are Russian).
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(var)
            .find(|value| !value.is_empty());
        match locale {
            Some(locale) if locale.starts_with("ru") => Lang::Ru,
            _ => Lang::En,
        }
    }

    pub fn pick(self, ru: impl Into<String>, en: impl Into<String>) -> String {
        match self {
            Lang::Ru => ru.into(),
            Lang::En => en.into(),
        }
    }
}

/// Windows keeps the user's language outside the environment: it answers
/// for `LANG` («ru-RU»).
#[cfg(windows)]
fn system_locale(name: &str) -> Option<String> {
    (name == "LANG").then(sys_locale::get_locale).flatten()
}

#[cfg(not(windows))]
fn system_locale(_name: &str) -> Option<String> {
    None
}

/// The line `minuta-server` prints for a failure: «ошибка: …» / «error: …»,
/// then each clause of the error and its causes, none twice.
pub fn error_line(lang: Lang, error: &(dyn Error + 'static)) -> String {
    format!(
        "{}: {}",
        lang.pick("ошибка", "error"),
        error_text(lang, error)
    )
}

/// The error and its causes, joined by «: », each clause once. A cause
/// the clause before it already says (thiserror's `{source}` in the text,
/// an anyhow context over a transparent error) is left out; in Russian, an
/// error of the server's own is said whole, with its causes.
pub fn error_text(lang: Lang, error: &(dyn Error + 'static)) -> String {
    let mut said: Vec<String> = Vec::new();
    let mut next = Some(error);
    while let Some(error) = next {
        let (clause, whole) = match lang {
            Lang::Ru => match russian(error) {
                Some(text) => (text, true),
                None => (error.to_string(), false),
            },
            Lang::En => (error.to_string(), false),
        };
        let clause = clause.trim().to_owned();
        if !clause.is_empty() && !said.iter().any(|s| s.contains(&clause)) {
            said.push(clause);
        }
        if whole {
            break;
        }
        next = error.source();
    }
    said.join(": ")
}

/// The server's own errors in Russian, with their causes.
fn russian(error: &(dyn Error + 'static)) -> Option<String> {
    if let Some(e) = error.downcast_ref::<ServerError>() {
        return Some(server_error(e));
    }
    if let Some(e) = error.downcast_ref::<StoreError>() {
        return Some(store_error(e));
    }
    if let Some(e) = error.downcast_ref::<BackupError>() {
        return Some(backup_error(e));
    }
    if let Some(e) = error.downcast_ref::<TlsError>() {
        return Some(tls_error(e));
    }
    if let Some(e) = error.downcast_ref::<ExportError>() {
        return Some(export_error(e));
    }
    if let Some(e) = error.downcast_ref::<CodesError>() {
        return Some(codes_error(e));
    }
    if let Some(e) = error.downcast_ref::<std::io::Error>() {
        return Some(os_error(e));
    }
    None
}

fn server_error(error: &ServerError) -> String {
    match error {
        ServerError::Tls(e) => tls_error(e),
        ServerError::Store(e) => store_error(e),
        ServerError::Bind { addr, source } => format!(
            "не удаётся принимать подключения на {addr}: {} (не запущен ли там другой сервер? укажите другой порт: --listen)",
            os_error(source)
        ),
        ServerError::WebBind { addr, source } => format!(
            "не удаётся принимать браузеры на TCP {addr}: {} (не занят ли этот порт другой программой? укажите другой порт: --web-port, или обойдитесь без браузеров: --no-web)",
            os_error(source)
        ),
        ServerError::Runtime(e) => format!("не удаётся запустить сервер: {}", os_error(e)),
        ServerError::Stopped => "сервер остановился, не успев запуститься".to_owned(),
        ServerError::Demo(why) => format!("не удалось подготовить демонстрационную игру: {why}"),
    }
}

fn store_error(error: &StoreError) -> String {
    let new_hint = "запустите с --new, чтобы отложить его в сторону и начать новое";
    match error {
        StoreError::Open { path, source } => {
            if path.file_name().is_some_and(|n| n == "minuta.lock") {
                let dir = path.parent().unwrap_or(path).display();
                return format!(
                    "папку данных {dir} уже использует другой minuta-server (или другое открытое хранилище в этом процессе): остановите его или укажите другую папку (--data)"
                );
            }
            let why = match source.downcast_ref::<std::io::Error>() {
                Some(io) => os_error(io),
                None => source.to_string(),
            };
            format!("не удаётся открыть хранилище {}: {why}", path.display())
        }
        StoreError::Schema { path, problem } => match problem {
            SchemaProblem::TooNew {
                found, supported, ..
            } => format!(
                "{}: хранилище версии {found} записано более новой Минутой (эта читает до версии {supported}): возьмите ту версию minuta-server или новее",
                path.display()
            ),
            SchemaProblem::NotMinuta(why) => format!(
                "{}: это не хранилище Минуты ({why}); {new_hint}",
                path.display()
            ),
        },
        StoreError::Corrupt { seq, reason } => {
            format!("сохранённое событие № {seq} повреждено: {reason}")
        }
        StoreError::Write(why) => format!("запись в хранилище не удалась: {why}"),
        StoreError::Closed => "хранилище остановлено: больше ничего не сохраняется".to_owned(),
        StoreError::Damaged { path, damage } => {
            let what = match damage {
                Damage::ZeroLength => "файл пуст (0 байт)".to_owned(),
                Damage::NoTables => "в базе SQLite нет ни одной таблицы".to_owned(),
                Damage::WalWithoutDatabase { wal } => {
                    format!("файла базы нет, но его журнал {wal} есть")
                }
                Damage::Malformed(why) => format!("SQLite сообщает, что файл повреждён: {why}"),
            };
            format!(
                "{}: {what}; сервер на нём не запускается ({new_hint})",
                path.display()
            )
        }
        StoreError::Replay {
            path,
            seq,
            kind,
            problem,
        } => format!(
            "{}: сохранённое событие № {seq} ({kind}) {problem}; сервер его не воспроизводит ({new_hint})",
            path.display()
        ),
        StoreError::ReadOnly { path, .. } => format!(
            "{}: хранилище доступно только для чтения: сделайте файл и его папку доступными для записи или укажите другую папку (--data)",
            path.display()
        ),
        StoreError::NotDamaged { path, events } => format!(
            "{}: --new отклонён: это исправное хранилище ({events} событий); запустите без --new, чтобы продолжить его, или сами перенесите его в другое место, чтобы начать новый турнир",
            path.display()
        ),
    }
}

/// `export --format backup` and `restore`.
fn backup_error(error: &BackupError) -> String {
    match error {
        BackupError::Store(e) => store_error(e),
        BackupError::StoreThere { path } => format!(
            "{}: восстановление отклонено: в папке данных уже есть хранилище Минуты; ничего не изменено (восстановите в новую папку, --data, или сами перенесите это хранилище в другое место)",
            path.display()
        ),
        BackupError::NotRestorable { path, problem } => {
            let what = match problem {
                RestoreProblem::NotSqlite => "это не база SQLite, а значит, и не резервная копия Минуты (её делает minuta-server export --format backup --out ФАЙЛ)".to_owned(),
                RestoreProblem::NotMinuta(why) => format!("это не хранилище Минуты ({why})"),
                RestoreProblem::TooNew { found, supported, .. } => format!(
                    "хранилище версии {found} записано более новой Минутой (эта читает до версии {supported}): восстановите его той версией minuta-server или новее"
                ),
                RestoreProblem::Damaged(damage) => match damage {
                    Damage::ZeroLength => "файл пуст (0 байт)".to_owned(),
                    Damage::NoTables => "в базе SQLite нет ни одной таблицы".to_owned(),
                    Damage::WalWithoutDatabase { wal } => {
                        format!("файла базы нет, но его журнал {wal} есть")
                    }
                    Damage::Malformed(why) => format!("SQLite сообщает, что файл повреждён: {why}"),
                },
                RestoreProblem::Corrupt { seq, reason } => {
                    format!("сохранённое событие № {seq} повреждено: {reason}")
                }
                RestoreProblem::WalBeside { wal } => format!(
                    "рядом с ним лежит его журнал {wal}: без журнала файл — не всё хранилище (возможно, в него пишет сервер); сделайте резервную копию той папки данных (minuta-server export --format backup) и восстановите её"
                ),
            };
            format!(
                "{}: восстановить нельзя: {what}; ничего не изменено",
                path.display()
            )
        }
        BackupError::File { path, step, source } => {
            let doing = match step {
                FileStep::MakeBackupFile => "создать временный файл для резервной копии",
                FileStep::CopyStore => "скопировать хранилище в резервную копию",
                FileStep::ReadBackupFile => "прочитать временный файл резервной копии",
                FileStep::ReadBackup => "прочитать резервную копию",
                FileStep::CreateDataDir => "создать папку данных",
                FileStep::WriteStore => "записать восстановленное хранилище",
                FileStep::PlaceStore => "переименовать восстановленное хранилище на его место",
                FileStep::SyncDataDir => "сбросить папку данных на диск",
            };
            let why = match source.downcast_ref::<std::io::Error>() {
                Some(io) => os_error(io),
                None => source.to_string(),
            };
            format!("{}: не удаётся {doing}: {why}", path.display())
        }
    }
}

fn tls_error(error: &TlsError) -> String {
    match error {
        TlsError::Dir { path, source } => format!(
            "не удаётся создать папку сертификата {}: {}",
            path.display(),
            os_error(source)
        ),
        TlsError::Write { path, source } => {
            format!(
                "не удаётся записать {}: {}",
                path.display(),
                os_error(source)
            )
        }
        TlsError::Read { path, reason } => format!(
            "сертификат или ключ в {} не читается ({reason}): удалите оба файла, чтобы создать новые (все коды подключения изменятся)",
            path.display()
        ),
        TlsError::Generate(why) => format!("не удаётся создать сертификат: {why}"),
        TlsError::Config(why) => format!("ошибка настройки TLS: {why}"),
    }
}

fn export_error(error: &ExportError) -> String {
    match error {
        ExportError::Store(e) => store_error(e),
        ExportError::Empty(dir) => format!("в {dir} нет турнира Минуты (событий не сохранено)"),
        ExportError::NoSuchGame { dir, game, known } => {
            format!("в программе {dir} нет игры {game} ({known})")
        }
        ExportError::Pdf(e) => format!("не удаётся сделать PDF: {e}"),
    }
}

fn codes_error(error: &CodesError) -> String {
    match error {
        CodesError::Store(e) => export_error(e),
        CodesError::Certificate(e) => tls_error(e),
        CodesError::NoAddress { dir } => format!(
            "сервер ещё не запускался с папкой {dir}, и адрес, по которому терминалы зала подключаются, неизвестен: укажите --address HOST:PORT (адрес этого компьютера в сети зала и порт сервера, например 192.168.1.10:4433)"
        ),
        CodesError::OtherCertificate { certs, served } => format!(
            "сертификат в {certs} — не тот, с которым сервер работал в последний раз (отпечаток {served}): этим кодам ни один терминал не поверит; укажите --certs с папкой сертификата сервера (minuta host хранит её в папке данных, certs)"
        ),
        CodesError::Pdf(e) => format!("не удаётся сделать PDF с кодами: {e}"),
    }
}

/// What went wrong, by its kind: never the OS's English in Russian.
fn os_error(error: &std::io::Error) -> String {
    use ErrorKind as K;
    let words = match error.kind() {
        K::NotFound => "нет такого файла или папки",
        K::PermissionDenied => "нет прав доступа",
        K::AlreadyExists => "уже существует",
        K::NotADirectory => "часть пути — не папка",
        K::IsADirectory => "это папка, а не файл",
        K::ReadOnlyFilesystem => "диск доступен только для чтения",
        K::StorageFull => "на диске нет места",
        K::QuotaExceeded => "превышена дисковая квота",
        K::AddrInUse => "адрес уже занят",
        K::AddrNotAvailable => "у этого компьютера нет такого адреса",
        K::InvalidData => "данные повреждены или в неверном формате",
        K::TimedOut => "время ожидания истекло",
        K::BrokenPipe => "получатель закрыл канал",
        _ => {
            return match error.raw_os_error() {
                Some(code) => format!("ошибка системы (код {code})"),
                None => format!("ошибка системы: {error}"),
            };
        }
    };
    words.to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn locale(pairs: &[(&str, &str)]) -> Lang {
        Lang::from_locale(|name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v).to_owned())
        })
    }

    #[test]
    fn a_russian_locale_is_russian_and_every_other_english() {
        assert_eq!(locale(&[("LANG", "ru_RU.UTF-8")]), Lang::Ru);
        assert_eq!(locale(&[("LANG", "en_US.UTF-8")]), Lang::En);
        assert_eq!(locale(&[("LANG", "C.UTF-8")]), Lang::En);
        assert_eq!(locale(&[]), Lang::En);
        // LC_ALL over LC_MESSAGES over LANG; an empty one does not count.
        assert_eq!(
            locale(&[("LC_ALL", "ru_RU.UTF-8"), ("LANG", "en_US.UTF-8")]),
            Lang::Ru
        );
        assert_eq!(
            locale(&[("LC_MESSAGES", "en_GB.UTF-8"), ("LANG", "ru_RU.UTF-8")]),
            Lang::En
        );
        assert_eq!(locale(&[("LC_ALL", ""), ("LANG", "ru_RU.UTF-8")]), Lang::Ru);
    }

    fn locked() -> StoreError {
        StoreError::Open {
            path: "/srv/minuta-data/minuta.lock".into(),
            source: Arc::from(Box::<dyn Error + Send + Sync>::from(
                "another minuta-server (or another open store in this process) is using this data directory",
            )),
        }
    }

    #[test]
    fn a_cause_the_error_already_says_is_not_said_again() {
        let error = ServerError::Store(locked());

        let line = error_line(Lang::En, &error);

        assert_eq!(
            line.matches("is using this data directory").count(),
            1,
            "{line}"
        );
        assert!(
            line.starts_with("error: cannot open the Minuta store /srv/minuta-data/minuta.lock"),
            "{line}"
        );
    }

    #[test]
    fn a_context_over_the_error_keeps_both_clauses_once() {
        let error = anyhow::Error::new(locked()).context("starting the server");

        let line = error_line(Lang::En, error.as_ref());

        assert_eq!(
            line.matches("is using this data directory").count(),
            1,
            "{line}"
        );
        assert!(
            line.starts_with("error: starting the server: cannot open"),
            "{line}"
        );
    }

    #[test]
    fn a_second_server_on_the_data_folder_is_said_in_russian_once() {
        let error = ServerError::Store(locked());

        let line = error_line(Lang::Ru, &error);

        assert_eq!(
            line,
            "ошибка: папку данных /srv/minuta-data уже использует другой minuta-server (или другое открытое хранилище в этом процессе): остановите его или укажите другую папку (--data)"
        );
    }

    #[test]
    fn an_os_error_in_russian_has_no_english_words() {
        let error = ServerError::Bind {
            addr: "127.0.0.1:4433".parse().unwrap(),
            source: std::io::Error::from(ErrorKind::AddrInUse),
        };

        let line = error_line(Lang::Ru, &error);

        assert!(
            line.contains("адрес уже занят") && line.contains("--listen"),
            "{line}"
        );
        assert!(!line.contains("in use"), "{line}");
    }

    #[test]
    fn a_taken_web_port_names_the_flags_that_move_it() {
        let error = ServerError::WebBind {
            addr: "127.0.0.1:4433".parse().unwrap(),
            source: std::io::Error::from(ErrorKind::AddrInUse),
        };
        let line = error_line(Lang::Ru, &error);
        assert!(
            line.contains("TCP 127.0.0.1:4433")
                && line.contains("адрес уже занят")
                && line.contains("--web-port")
                && line.contains("--no-web"),
            "{line}"
        );
        assert!(error.to_string().contains("--web-port"), "{error}");
    }

    #[test]
    fn a_refused_restore_names_the_file_once_in_either_language() {
        // Arrange: through anyhow, as `minuta-server restore` reports it.
        let refused = || {
            anyhow::Error::new(BackupError::NotRestorable {
                path: "/media/stick/evening.sqlite3".into(),
                problem: RestoreProblem::NotSqlite,
            })
        };

        // Act
        let ru = error_line(Lang::Ru, refused().as_ref());
        let en = error_line(Lang::En, refused().as_ref());

        // Assert
        assert_eq!(
            ru,
            "ошибка: /media/stick/evening.sqlite3: восстановить нельзя: это не база SQLite, а значит, и не резервная копия Минуты (её делает minuta-server export --format backup --out ФАЙЛ); ничего не изменено"
        );
        assert!(
            en.starts_with("error: /media/stick/evening.sqlite3: cannot restore it: it is not an SQLite database"),
            "{en}"
        );
        assert_eq!(en.matches("evening.sqlite3").count(), 1, "{en}");
    }
}
