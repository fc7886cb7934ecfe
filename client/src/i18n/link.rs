//! Texts of the link to the server: the connection's state, why it
//! stopped, the server's refusal of the handshake and what is wrong with a
//! join code.

use minuta_shared::join_code::JoinCodeError;
use minuta_shared::wire::close;
use minuta_shared::wire::handshake::Refusal;

use super::{Lang, T};
use crate::state::{ConnectionStatus, LinkError, Stopped};

/// The connection status as a short phrase.
pub fn connection(lang: Lang, status: &ConnectionStatus) -> String {
    match status {
        ConnectionStatus::Idle => lang.t(T::ConnIdle).into(),
        ConnectionStatus::Connecting => lang.t(T::ConnConnecting).into(),
        ConnectionStatus::Connected => lang.t(T::ConnConnected).into(),
        ConnectionStatus::Silent => lang.t(T::ConnSilent).into(),
        ConnectionStatus::Reconnecting { attempt, .. } => lang.pick(
            format!("переподключение… (попытка {attempt})"),
            format!("reconnecting… (attempt {attempt})"),
        ),
        ConnectionStatus::Stopped(why) => stopped(lang, why),
    }
}

pub fn stopped(lang: Lang, why: &Stopped) -> String {
    match why {
        Stopped::Refused(refusal) => refused(lang, refusal),
        Stopped::CertificateMismatch => lang.t(T::CertificateMismatch).into(),
        Stopped::Closed { code, reason } => {
            let what = match (*code, lang) {
                (close::REPLACED, Lang::Ru) => {
                    "этот код подключился с другого компьютера".to_owned()
                }
                (close::REPLACED, Lang::En) => close::describe(*code).to_owned(),
                (
                    close::MALFORMED | close::OVERSIZED | close::FORBIDDEN | close::VERSION,
                    Lang::Ru,
                ) => "сервер закрыл соединение: ошибка протокола".to_owned(),
                (_, Lang::Ru) => "сервер закрыл соединение".to_owned(),
                (_, Lang::En) => format!(
                    "the server closed the connection: {}",
                    close::describe(*code)
                ),
            };
            if reason.is_empty() {
                what
            } else {
                format!("{what} ({reason})")
            }
        }
        Stopped::Failed(why) => lang.pick(
            format!(
                "не удаётся запустить сетевой поток: {}",
                super::io::os_error(lang, why)
            ),
            format!(
                "cannot start the network thread: {}",
                super::io::os_error(lang, why)
            ),
        ),
        Stopped::Left => lang.t(T::ConnIdle).into(),
    }
}

/// Why the last try to reach the server failed, under «переподключение…».
pub fn link_error(lang: Lang, error: &LinkError) -> String {
    if lang == Lang::En {
        return error.to_string();
    }
    match error {
        LinkError::NoAddress => "в коде нет адреса сервера".into(),
        LinkError::Socket { addr, error } => format!(
            "{addr}: не удаётся открыть сетевое соединение: {}",
            super::io::os_error(lang, error)
        ),
        LinkError::NoAnswer { addr } => format!("{addr}: сервер не отвечает"),
        LinkError::NoGreeting => "сервер не ответил на приветствие".into(),
        LinkError::TimedOut => "сервер перестал отвечать".into(),
        LinkError::StreamClosed => "сервер закрыл соединение".into(),
        LinkError::Closed { code, reason } => stopped(
            lang,
            &Stopped::Closed {
                code: *code,
                reason: reason.clone(),
            },
        ),
        // QUIC's and TLS's own words are English; the Russian interface
        // says what it means for the person.
        LinkError::Broken(_) => "связь с сервером прервалась".into(),
    }
}

pub fn refused(lang: Lang, refusal: &Refusal) -> String {
    match lang {
        Lang::En => refusal.to_string(),
        Lang::Ru => match refusal {
            Refusal::VersionMismatch { server, client } => format!(
                "этот терминал говорит на версии протокола {client}, сервер — на {server}: установите одинаковую версию Минуты"
            ),
            Refusal::BadSecret => {
                "секрет в коде не подходит к этому серверу: попросите у ведущего свежий код".into()
            }
            Refusal::UnknownMember => {
                "такой команды или судьи на сервере нет: попросите у ведущего свежий код".into()
            }
            Refusal::NotAHello => "сервер не понял приветствие терминала".into(),
            Refusal::ShortCodesPaused => {
                "слишком много неверных коротких кодов за последнюю минуту: попробуйте через минуту или войдите по длинному коду команды или его QR".into()
            }
            Refusal::AmbiguousShortCode => {
                "этот короткий код подходит нескольким командам: войдите по длинному коду команды или его QR".into()
            }
        },
    }
}

pub fn join_code_error(lang: Lang, error: &JoinCodeError) -> String {
    match lang {
        Lang::En => match error {
            JoinCodeError::NoRole => {
                "the join code names no role (host, display, jury, judge-N, team-N or slice-N-top/bottom)".into()
            }
            JoinCodeError::Role(r) => {
                format!(
                    "«{r}» is not a role (host, display, jury, judge-N, team-N or slice-N-top/bottom)"
                )
            }
            other => other.to_string(),
        },
        Lang::Ru => match error {
            JoinCodeError::Scheme => "код подключения начинается с «minuta://»".into(),
            JoinCodeError::NoAddress => "в коде нет адреса сервера".into(),
            JoinCodeError::Address(a) => {
                format!("«{a}» — не адрес сервера с портом (например, 192.168.1.5:4433)")
            }
            JoinCodeError::NoRole => "в коде не указана роль".into(),
            JoinCodeError::Role(r) => {
                format!(
                    "«{r}» — не роль (host, display, jury, judge-N, team-N или slice-N-top/bottom)"
                )
            }
            JoinCodeError::NoSecret => "в коде нет секрета".into(),
            JoinCodeError::NoFingerprint => "в коде нет отпечатка сертификата (?fp=…)".into(),
            JoinCodeError::Fingerprint => {
                "отпечаток сертификата — это 64 шестнадцатеричные цифры".into()
            }
        },
    }
}

/// The large line a terminal shows when the server has not answered for
/// 30 s (`state::SILENCE_ADVICE_US`).
pub fn silence_heading(lang: Lang) -> String {
    lang.pick(
        "Сервер не отвечает уже 30 секунд".to_owned(),
        "The server has not answered for 30 seconds".to_owned(),
    )
}

/// What to check, most likely first.
pub fn silence_advice(lang: Lang) -> [String; 3] {
    [
        lang.pick(
            "Запущен ли сервер? У ведущего должна быть открыта Минута (minuta host) или minuta-server.".to_owned(),
            "Is the server running? The host's Minuta (minuta host) or minuta-server must be open.".to_owned(),
        ),
        lang.pick(
            "Этот компьютер в той же сети, что и сервер? Подключитесь к Wi-Fi зала (он напечатан на карточке команды).".to_owned(),
            "Is this computer on the same network as the server? Join the hall's Wi-Fi (printed on the team's card).".to_owned(),
        ),
        lang.pick(
            "Тот ли это код? Возьмите код этой игры у ведущего: QR или короткий код с карточки.".to_owned(),
            "Is it the right code? Take this game's code from the host: the QR or the short code on the card.".to_owned(),
        ),
    ]
}
