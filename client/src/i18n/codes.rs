//! The words of the join codes on paper (the host's access tab): the
//! Wi-Fi field (the file is `files`'); and of
//! a code's web link for a browser (issue 24), wherever a code is shown.

use super::Lang;

pub fn heading(lang: Lang) -> String {
    lang.pick("Коды на бумаге".into(), "Join codes on paper".into())
}

pub fn hint(lang: Lang) -> String {
    lang.pick(
        "PDF на A4: по восемь карточек команд на странице (название, город, QR, короткий код, Wi-Fi) и последняя страница с кодами ведущего, судей, жюри и проектора — её командам не раздавать.".into(),
        "An A4 PDF: eight team cards a page (name, town, QR, short code, Wi-Fi) and a last page with the host's, judges', jury's and projector's codes, not for the teams.".into(),
    )
}

pub fn wifi_label(lang: Lang) -> String {
    lang.pick(
        "Wi-Fi зала (имя / пароль):".into(),
        "The hall's Wi-Fi (name / password):".into(),
    )
}

/// Before a code's web link.
pub fn web_link_label(lang: Lang) -> String {
    lang.pick("В браузере:".into(), "In a browser:".into())
}

/// The button that copies a code's web link (the code's own is «Копировать»).
pub fn copy_link(lang: Lang) -> String {
    lang.pick("Копировать ссылку".into(), "Copy link".into())
}

/// Under the QR of a web link.
pub fn web_qr_caption(lang: Lang) -> String {
    lang.pick(
        "QR открывает игру в браузере телефона или ноутбука — ничего устанавливать не нужно."
            .into(),
        "The QR opens the game in a phone's or laptop's browser: nothing to install.".into(),
    )
}

pub fn web_page_heading(lang: Lang) -> String {
    lang.pick(
        "Страница для браузеров".into(),
        "The page for browsers".into(),
    )
}

pub fn web_page_hint(lang: Lang) -> String {
    lang.pick(
        "Каждый код выше открывается в браузере своей ссылкой. Без ссылки: откройте этот адрес и введите короткий код команды.".into(),
        "Every code above opens in a browser by its own link. Without one: open this address and type the team's short code.".into(),
    )
}

pub fn web_off(lang: Lang) -> String {
    lang.pick(
        "Сервер не обслуживает браузеры (запущен с --no-web): только приложение Minuta.".into(),
        "The server serves no browsers (started with --no-web): the Minuta app only.".into(),
    )
}
