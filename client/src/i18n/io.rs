//! File and OS errors in the person's language: what went wrong by its
//! [`ErrorKind`], with the file's path — «…/пакет.txt: нет такого файла»,
//! never the OS's English «No such file or directory (os error 2)».

use std::io::ErrorKind;

use super::Lang;
use crate::os_error::{FileError, OsError};

/// What went wrong, in a few words.
pub fn os_error(lang: Lang, error: &OsError) -> String {
    use ErrorKind as K;
    let (ru, en) = match error.kind {
        K::NotFound => ("нет такого файла или папки", "no such file or directory"),
        K::PermissionDenied => ("нет прав доступа", "permission denied"),
        K::AlreadyExists => ("уже существует", "already exists"),
        K::InvalidData => (
            "данные повреждены или в неверном формате",
            "the data is damaged or in the wrong format",
        ),
        K::InvalidInput => ("неверный путь или параметр", "invalid path or parameter"),
        K::InvalidFilename => ("недопустимое имя файла", "invalid file name"),
        K::IsADirectory => ("это папка, а не файл", "is a folder, not a file"),
        K::NotADirectory => ("часть пути — не папка", "part of the path is not a folder"),
        K::DirectoryNotEmpty => ("папка не пуста", "the folder is not empty"),
        K::ReadOnlyFilesystem => ("диск доступен только для чтения", "the disk is read-only"),
        K::StorageFull => ("на диске нет места", "no space left on the disk"),
        K::QuotaExceeded => ("превышена дисковая квота", "disk quota exceeded"),
        K::FileTooLarge => ("файл слишком велик", "the file is too large"),
        K::ResourceBusy | K::ExecutableFileBusy => (
            "файл занят другой программой",
            "the file is busy with another program",
        ),
        K::UnexpectedEof => ("файл обрывается раньше времени", "the file ends too early"),
        K::Interrupted => ("операция прервана", "the operation was interrupted"),
        K::TimedOut => ("время ожидания истекло", "timed out"),
        K::OutOfMemory => ("не хватает памяти", "out of memory"),
        K::Unsupported => (
            "не поддерживается этой системой",
            "not supported on this system",
        ),
        K::AddrInUse => ("адрес уже занят", "the address is already in use"),
        K::AddrNotAvailable => (
            "у этого компьютера нет такого адреса",
            "this computer has no such address",
        ),
        K::ConnectionRefused => ("соединение отклонено", "connection refused"),
        K::ConnectionReset => ("соединение сброшено", "connection reset"),
        K::NetworkUnreachable => ("сеть недоступна", "the network is unreachable"),
        K::HostUnreachable => ("узел недоступен", "the host is unreachable"),
        K::NetworkDown => ("сеть отключена", "the network is down"),
        _ => {
            // A kind with no words of ours: the number identifies it, the
            // English text is the OS's (shown in the English interface only).
            return match (lang, error.code) {
                (Lang::Ru, Some(code)) => format!("ошибка системы (код {code})"),
                (Lang::Ru, None) => "ошибка системы".into(),
                (Lang::En, _) => error.detail.clone(),
            };
        }
    };
    match lang {
        Lang::Ru => ru.into(),
        Lang::En => en.into(),
    }
}

/// A file's error: its path and what went wrong.
pub fn file_error(lang: Lang, error: &FileError) -> String {
    match error {
        FileError::Io { path, error } => {
            format!("{}: {}", path.display(), os_error(lang, error))
        }
        FileError::TooLarge { path, size, limit } => lang.pick(
            format!(
                "{}: файл слишком велик ({size} байт, можно не больше {limit})",
                path.display()
            ),
            format!(
                "{}: the file is too large ({size} bytes, at most {limit})",
                path.display()
            ),
        ),
        FileError::NoPackages { path } => lang.pick(
            format!("{}: эта игра не берёт пакеты вопросов", path.display()),
            format!("{}: this game takes no question package", path.display()),
        ),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn os(kind: ErrorKind) -> OsError {
        OsError::from(std::io::Error::from(kind))
    }

    #[test]
    fn a_missing_file_is_named_in_both_languages() {
        let path = PathBuf::from("/nowhere/пакет.txt");
        let real = std::fs::read(&path).unwrap_err();
        let error = FileError::io(&path, &real);
        assert_eq!(
            file_error(Lang::Ru, &error),
            "/nowhere/пакет.txt: нет такого файла или папки"
        );
        assert_eq!(
            file_error(Lang::En, &error),
            "/nowhere/пакет.txt: no such file or directory"
        );
    }

    #[test]
    fn the_common_kinds_have_russian_words_without_the_os_english() {
        for kind in [
            ErrorKind::NotFound,
            ErrorKind::PermissionDenied,
            ErrorKind::AlreadyExists,
            ErrorKind::InvalidData,
            ErrorKind::InvalidInput,
            ErrorKind::IsADirectory,
            ErrorKind::StorageFull,
            ErrorKind::ReadOnlyFilesystem,
            ErrorKind::UnexpectedEof,
            ErrorKind::AddrInUse,
            ErrorKind::AddrNotAvailable,
            ErrorKind::Other,
        ] {
            let ru = os_error(Lang::Ru, &os(kind));
            let en = os_error(Lang::En, &os(kind));
            assert!(
                ru.chars().any(|c| ('а'..='я').contains(&c)),
                "{kind:?}: {ru}"
            );
            assert!(
                !ru.chars().any(|c| c.is_ascii_alphabetic()),
                "{kind:?}: {ru}"
            );
            assert!(!en.is_empty() && en != ru, "{kind:?}");
        }
    }

    #[test]
    fn an_unnamed_kind_gives_its_number_in_russian_and_the_os_text_in_english() {
        let error = OsError::from(std::io::Error::from_raw_os_error(71)); // EPROTO
        let ru = os_error(Lang::Ru, &error);
        assert!(ru.starts_with("ошибка системы"), "{ru}");
        assert!(!ru.chars().any(|c| c.is_ascii_alphabetic()), "{ru}");
        assert_eq!(os_error(Lang::En, &error), error.detail);
    }

    #[test]
    fn a_file_too_large_says_the_sizes() {
        let error = FileError::TooLarge {
            path: "a.txt".into(),
            size: 10,
            limit: 5,
        };
        assert_eq!(
            file_error(Lang::Ru, &error),
            "a.txt: файл слишком велик (10 байт, можно не больше 5)"
        );
    }
}
