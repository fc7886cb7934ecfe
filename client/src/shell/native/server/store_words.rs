//! Why the in-app server's store (`minuta host`, `minuta demo`) cannot be
//! used, in the app's language (issue 14.3): a damaged, foreign,
//! unreplayable or read-only store is refused exactly as `minuta-server`
//! refuses it, and said in Russian by default, in English with `--lang en`
//! (the server's own one-line message). [`super::words`] says the rest.

use minuta_server::store::{Damage, ReplayError, SchemaProblem, SetAside, StoreError};

use crate::i18n::Lang;

/// One line saying what is wrong with the store and what to do.
pub fn store_error(lang: Lang, error: &StoreError) -> String {
    if lang == Lang::En {
        return error.to_string();
    }
    const NEW: &str =
        "запустите с --new, чтобы отложить файл в сторону (он сохранится) и начать новое хранилище";
    match error {
        StoreError::Damaged { path, damage } => format!(
            "{}: {}; сервер на нём не запущен ({NEW})",
            path.display(),
            damage_ru(damage)
        ),
        StoreError::Replay {
            path,
            seq,
            kind,
            problem,
        } => format!(
            "{}: сохранённое событие № {seq} ({kind}) {}; воспроизводить журнал нельзя ({NEW})",
            path.display(),
            replay_ru(problem)
        ),
        StoreError::ReadOnly { path, reason } => format!(
            "{}: хранилище доступно только для чтения ({reason}); сделайте файл и его папку доступными для записи или укажите другую --data",
            path.display()
        ),
        StoreError::NotDamaged { path, events } => format!(
            "{}: --new отклонён: это исправное хранилище ({events} событий); запустите без --new, чтобы продолжить турнир, или перенесите файл сами, чтобы начать новый",
            path.display()
        ),
        StoreError::Schema {
            path,
            problem: SchemaProblem::NotMinuta(why),
        } => format!("{}: это не хранилище Минуты ({why}); {NEW}", path.display()),
        StoreError::Schema {
            path,
            problem:
                SchemaProblem::TooNew {
                    found,
                    supported,
                    written_by,
                },
        } => format!(
            "{}: хранилище записано более новой Минутой (схема {found}{}, эта версия понимает {supported}); используйте ту версию или новее",
            path.display(),
            written_by
                .as_ref()
                .map(|w| format!(", записал {w}"))
                .unwrap_or_default()
        ),
        StoreError::Corrupt { seq, reason } => {
            format!("сохранённое событие № {seq} повреждено: {reason}; {NEW}")
        }
        StoreError::Open { path, source } => {
            format!("не удаётся открыть хранилище {}: {source}", path.display())
        }
        StoreError::Write(why) => format!("запись в хранилище не удалась: {why}"),
        StoreError::Closed => "хранилище закрыто".into(),
    }
}

/// What `--new` did, for the terminal the app was started from.
pub fn set_aside(lang: Lang, done: &SetAside) -> Option<String> {
    let SetAside::Moved { to, why } = done else {
        return None;
    };
    Some(lang.pick(
        format!(
            "--new: хранилище было непригодно ({}); оно сохранено как {}, начинается новое",
            store_error(lang, why),
            to.display()
        ),
        format!(
            "--new: the store was unusable ({why}); it is kept as {} and a new store begins",
            to.display()
        ),
    ))
}

fn damage_ru(damage: &Damage) -> String {
    match damage {
        Damage::ZeroLength => "файл пуст (0 байт)".into(),
        Damage::NoTables => "в базе SQLite нет ни одной таблицы (ни meta, ни events)".into(),
        Damage::WalWithoutDatabase { wal } => {
            format!("файла базы нет, но есть его журнал предзаписи {wal}")
        }
        Damage::Malformed(why) => format!("SQLite считает файл повреждённым: {why}"),
    }
}

fn replay_ru(problem: &ReplayError) -> String {
    match problem {
        ReplayError::NotInitialised => {
            "идёт раньше первого события, которое создаёт хранилище".into()
        }
        ReplayError::InitialisedAgain => "создаёт хранилище второй раз".into(),
        ReplayError::NoSuchTeam(t) => {
            format!("называет команду {t}, которую ни одно событие до него не регистрировало")
        }
        ReplayError::NoSuchJudge(j) => {
            format!("называет судью {j}, которого ни одно событие до него не добавляло")
        }
        // The format names its own things (in English, as stored).
        ReplayError::Missing { what, id, .. } => {
            format!("называет {what} {id}, которого нет ни в одном событии до него")
        }
        ReplayError::WrongFormat => "событие другого формата, чем его игра".into(),
        ReplayError::NoSuchGame(g) => {
            format!("называет игру {g}, которую ни одно событие до него не добавляло")
        }
        ReplayError::OutOfOrder { what, id, expected } => {
            format!("добавляет {what} {id} не по порядку (следующий — {expected})")
        }
        ReplayError::Exists { what, id } => format!("добавляет {what} {id}, который уже есть"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minuta_server::ServerError;
    use minuta_shared::ids::TeamId;
    use std::path::PathBuf;

    fn path() -> PathBuf {
        PathBuf::from("/srv/minuta-data/minuta.sqlite3")
    }

    #[test]
    fn a_zero_length_store_is_refused_in_russian_by_default_and_in_english_by_setting() {
        let e = ServerError::Store(StoreError::Damaged {
            path: path(),
            damage: Damage::ZeroLength,
        });
        let ru = super::super::words::server_error(Lang::Ru, &e);
        assert!(ru.contains("/srv/minuta-data/minuta.sqlite3"), "{ru}");
        assert!(ru.contains("файл пуст") && ru.contains("--new"), "{ru}");
        let en = super::super::words::server_error(Lang::En, &e);
        assert!(
            en.contains("empty (0 bytes)") && en.contains("--new"),
            "{en}"
        );
        assert!(!ru.contains('\n') && !en.contains('\n'));
    }

    #[test]
    fn a_replay_refusal_names_the_seq_and_what_is_missing() {
        let e = StoreError::Replay {
            path: path(),
            seq: 42,
            kind: "chgk_card_accepted",
            problem: ReplayError::NoSuchTeam(TeamId(9)),
        };
        let ru = store_error(Lang::Ru, &e);
        assert!(ru.contains("№ 42") && ru.contains("команду 9"), "{ru}");
        let en = store_error(Lang::En, &e);
        assert!(en.contains("seq 42") && en.contains("team 9"), "{en}");
    }

    #[test]
    fn a_read_only_store_says_so() {
        let e = StoreError::ReadOnly {
            path: path(),
            reason: "attempt to write a readonly database".into(),
        };
        assert!(store_error(Lang::Ru, &e).contains("только для чтения"));
        assert!(store_error(Lang::En, &e).contains("read-only"));
    }
}
