//! The hall's network in the person's language: the join screen's list of
//! servers found on the LAN, short codes and what went wrong with them.

use minuta_shared::lan::LanError;

use super::Lang;
use super::io::os_error;
use crate::os_error::OsError;
use crate::scheme::SchemeError;

/// A fixed text in the person's language.
fn says(lang: Lang, ru: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Ru => ru,
        Lang::En => en,
    }
}

pub fn hall_heading(lang: Lang) -> &'static str {
    says(lang, "Серверы Минуты в зале", "Minuta servers in the hall")
}

pub fn searching(lang: Lang) -> &'static str {
    says(
        lang,
        "Ищем серверы в сети зала… (или вставьте код от ведущего)",
        "Looking for servers on the hall's network… (or paste the host's code)",
    )
}

pub fn off(lang: Lang) -> &'static str {
    says(
        lang,
        "Поиск серверов в зале выключен (--no-mdns): вставьте код от ведущего.",
        "Looking for servers in the hall is off (--no-mdns): paste the host's code.",
    )
}

pub fn failed(lang: Lang, why: &str) -> String {
    lang.pick(
        format!("Серверы в зале искать не получается ({why}): вставьте код от ведущего."),
        format!("Cannot look for servers in the hall ({why}): paste the host's code."),
    )
}

pub fn projector(lang: Lang) -> &'static str {
    says(lang, "Проектор", "Projector")
}

pub fn team(lang: Lang) -> &'static str {
    says(lang, "Команда…", "Team…")
}

pub fn other_version(lang: Lang, server: u16) -> String {
    lang.pick(
        format!("другая версия протокола ({server})"),
        format!("another protocol version ({server})"),
    )
}

/// Shown once a team chose a server: what to type.
pub fn team_prompt(lang: Lang, tournament: &str, server: &str) -> String {
    lang.pick(
        format!(
            "«{tournament}»: введите код команды — короткий ({server}-XXXX, можно только XXXX) или длинный minuta://…"
        ),
        format!(
            "«{tournament}»: type the team's code — the short one ({server}-XXXX, or just XXXX) or the long minuta://…"
        ),
    )
}

pub fn short_hint(lang: Lang) -> &'static str {
    says(
        lang,
        "Короткий код (например, K7QM-4H2X) находит сервер в сети зала; длинный код или QR надёжнее.",
        "A short code (like K7QM-4H2X) finds the server on the hall's network; the long code or QR is safer.",
    )
}

pub fn lan_error(lang: Lang, error: &LanError) -> String {
    match lang {
        Lang::En => error.to_string(),
        Lang::Ru => match error {
            LanError::ShortLength { want, got } => format!(
                "в коротком коде {want} букв и цифр (например, K7QM-4H2X), а здесь {got}"
            ),
            LanError::ShortChar(c) => format!(
                "«{c}» не бывает в коротком коде (только буквы и цифры, например, K7QM-4H2X)"
            ),
            LanError::NoServer(server) => format!(
                "сервер Минуты с кодом «{server}» в сети зала не найден (пока): проверьте код или вставьте длинный"
            ),
            LanError::ManyServers { server, count } => format!(
                "на «{server}» откликаются {count} сервера в зале: войдите по длинному коду или QR"
            ),
            LanError::PinMismatch => {
                "сертификат этого сервера не тот, что назван в коде: подключение отклонено (спросите ведущего)".into()
            }
            LanError::Version { server, ours } => format!(
                "этот сервер говорит на версии протокола {server}, терминал — на {ours}: установите одинаковую версию Минуты"
            ),
            LanError::Txt(field) => format!("в объявлении сервера нет верного поля «{field}»"),
            LanError::NoAddress => "объявление сервера не называет адреса".into(),
        },
    }
}

pub fn short_code_label(lang: Lang) -> &'static str {
    says(lang, "Короткий код:", "Short code:")
}

pub fn short_codes_heading(lang: Lang) -> &'static str {
    says(lang, "Короткие коды команд", "Teams' short codes")
}

pub fn short_codes_hint(lang: Lang) -> &'static str {
    says(
        lang,
        "Набираются на терминале в сети зала (сервер находится сам). Слабее длинного кода и QR: раздавайте их только командам в зале.",
        "Typed on a terminal on the hall's network (the server is found by itself). Weaker than the long code and QR: give them only to teams in the hall.",
    )
}

/// A team's short code, as `minuta host` prints it.
pub fn short_code_line(lang: Lang, team: &str, short: &str) -> String {
    lang.pick(
        format!("короткий код «{team}»: {short}"),
        format!("short code «{team}»: {short}"),
    )
}

pub fn scheme_installed(lang: Lang, place: &str) -> String {
    lang.pick(
        format!("ссылки minuta:// теперь открывает Минута ({place})"),
        format!("minuta:// links now open Minuta ({place})"),
    )
}

pub fn scheme_error(lang: Lang, error: &SchemeError) -> String {
    match (lang, error) {
        (Lang::En, e) => format!("cannot register minuta:// links: {e}"),
        (Lang::Ru, SchemeError::OwnPath(e)) => format!(
            "не удаётся зарегистрировать ссылки minuta://: не найден путь к самой программе ({})",
            os_error(lang, &OsError::from(e))
        ),
        (Lang::Ru, SchemeError::Write { path, source }) => format!(
            "не удаётся зарегистрировать ссылки minuta://: не записать {} ({})",
            path.display(),
            os_error(lang, &OsError::from(source))
        ),
        (Lang::Ru, SchemeError::NoHome) => {
            "не удаётся зарегистрировать ссылки minuta://: нет домашней папки (HOME не задан)".into()
        }
        (Lang::Ru, SchemeError::Spawn { program, source }) => format!(
            "не удаётся зарегистрировать ссылки minuta://: не запустить «{program}» ({}; в Debian она из пакета xdg-utils)",
            os_error(lang, &OsError::from(source))
        ),
        (Lang::Ru, SchemeError::Program { program, why }) => format!(
            "не удаётся зарегистрировать ссылки minuta://: «{program}» не сработала ({why})"
        ),
        (Lang::Ru, SchemeError::Bundle) => {
            "в этой системе ссылки minuta:// регистрирует Info.plist пакета приложения (scripts/macos/Info.plist)".into()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lan_error_is_said_in_russian() {
        let errors = [
            LanError::ShortLength { want: 8, got: 3 },
            LanError::ShortChar('?'),
            LanError::NoServer("K7QM".into()),
            LanError::ManyServers {
                server: "K7QM".into(),
                count: 2,
            },
            LanError::PinMismatch,
            LanError::Version { server: 8, ours: 9 },
            LanError::Txt("fp"),
            LanError::NoAddress,
        ];
        for error in &errors {
            let ru = lan_error(Lang::Ru, error);
            assert!(
                ru.chars().any(|c| ('а'..='я').contains(&c)),
                "{error:?}: {ru}"
            );
            assert_ne!(ru, lan_error(Lang::En, error));
        }
    }
}
