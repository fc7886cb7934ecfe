//! The texts of «Импорт команд…» (the teams tab's import of a file of
//! teams), in Russian and English. A bad row says itself
//! (`minuta_shared::roster::Problem::text`).

use minuta_shared::roster::{self, FileKind, ImportedTeam, Problem};

use super::Lang;

pub fn import_button(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Импорт команд…",
        Lang::En => "Import teams…",
    }
}

pub fn shapes(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => {
            "Ростер сайта рейтинга (CSV или XLSX: idteam, команда, город, признак К/Б/Л, idplayer, Ф, И, О), \
             JSON команд турнира с сайта рейтинга, или таблица: название, город, игроки."
        }
        Lang::En => {
            "The rating site's roster (CSV or XLSX: idteam, team, town, flag К/Б/Л, idplayer, surname, name, patronymic), \
             the site's JSON of a tournament's teams, or a spreadsheet: name, town, players."
        }
    }
}

/// Beside the browser's «Выбрать файл…».
pub fn or_drop(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "или перетащите файл на страницу",
        Lang::En => "or drop the file on the page",
    }
}

pub fn file(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Файл:",
        Lang::En => "File:",
    }
}

pub fn read(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Прочитать",
        Lang::En => "Read",
    }
}

pub fn kind_name(lang: Lang, kind: FileKind) -> &'static str {
    match (kind, lang) {
        (FileKind::SiteRoster, Lang::Ru) => "ростер сайта рейтинга",
        (FileKind::SiteRoster, Lang::En) => "the rating site's roster",
        (FileKind::SiteJson, Lang::Ru) => "JSON команд с сайта рейтинга",
        (FileKind::SiteJson, Lang::En) => "the rating site's JSON of teams",
        (FileKind::PlainSheet, Lang::Ru) => "таблица: название, город, игроки",
        (FileKind::PlainSheet, Lang::En) => "a spreadsheet: name, town, players",
    }
}

/// «Ростер сайта рейтинга: 40 команд».
pub fn kind(lang: Lang, kind: FileKind, teams: usize) -> String {
    let name = kind_name(lang, kind);
    lang.pick(
        format!("{}: команд в файле — {teams}", capitalised(name)),
        format!("{}: {teams} teams in the file", capitalised(name)),
    )
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

pub fn new_teams(lang: Lang, n: usize) -> String {
    lang.pick(format!("Новые ({n})"), format!("New ({n})"))
}

pub fn changed_teams(lang: Lang, n: usize) -> String {
    lang.pick(format!("Изменятся ({n})"), format!("Changed ({n})"))
}

pub fn unchanged_teams(lang: Lang, n: usize) -> String {
    lang.pick(format!("Без изменений ({n})"), format!("Unchanged ({n})"))
}

pub fn bad_rows(lang: Lang, n: usize) -> String {
    lang.pick(
        format!("Ошибки в файле ({n}) — импорт невозможен, пока они есть:"),
        format!("Bad rows ({n}) — nothing can be imported while they are there:"),
    )
}

/// «Знатоки» (Москва; id 101): Иванов Иван (К), Петров Пётр
pub fn team_line(lang: Lang, team: &ImportedTeam) -> String {
    let town = if team.town.trim().is_empty() {
        lang.pick("город не указан".into(), "no town".into())
    } else {
        team.town.clone()
    };
    let id = team
        .rating_id
        .map(|id| format!("; id {id}"))
        .unwrap_or_default();
    let players: Vec<String> = team
        .players
        .iter()
        .enumerate()
        .map(|(place, p)| {
            let flag = roster::site_player(&team.site_players, place).and_then(|s| s.flag);
            match flag {
                Some(flag) => format!("{p} ({})", flag.letter()),
                None => p.clone(),
            }
        })
        .collect();
    format!("«{}» ({town}{id}): {}", team.name, players.join(", "))
}

pub fn apply(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Импортировать",
        Lang::En => "Import",
    }
}

pub fn fix_first(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Сначала исправьте строки с ошибками в файле и прочитайте его снова.",
        Lang::En => "Fix the bad rows in the file first, then read it again.",
    }
}

pub fn nothing_changes(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Импорт ничего не меняет: все команды уже такие.",
        Lang::En => "The import changes nothing: every team is so already.",
    }
}

pub fn sent(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Отправлено: команды появятся в списке.",
        Lang::En => "Sent: the teams will show in the list.",
    }
}

pub fn done(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Импортировано.",
        Lang::En => "Imported.",
    }
}

/// The server's refusal of an import: every bad row.
pub fn refused(lang: Lang, problems: &[Problem]) -> String {
    let rows: Vec<String> = problems.iter().map(|p| p.text(lang == Lang::Ru)).collect();
    lang.pick(
        format!("импорт отклонён: {}", rows.join("; ")),
        format!("the import was refused: {}", rows.join("; ")),
    )
}
