//! `minuta-server`'s own messages as the person at its terminal reads
//! them: in Russian when the locale is Russian, in English otherwise, and
//! no clause said twice — here for a data folder another server holds, and
//! an export whose store is missing.

use crate::common;

use std::path::Path;
use std::process::Output;

/// `minuta-server ARGS` with the locale `lang` (LANG), nothing else set.
fn in_locale(lang: &str, args: &[&str], data: &Path) -> Output {
    common::server()
        .args(args)
        .arg("--data")
        .arg(data)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", lang)
        .env("RUST_LOG", "off")
        .output()
        .unwrap()
}

fn stderr(output: &Output) -> String {
    assert!(!output.status.success());
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// A clause of at least a few words said more than once.
fn repeated_clause(text: &str) -> Option<String> {
    let clauses: Vec<&str> = text
        .split([':', '(', ')', ';', '\n'])
        .map(str::trim)
        .filter(|c| c.split_whitespace().count() >= 3)
        .collect();
    clauses
        .iter()
        .find(|c| clauses.iter().filter(|d| d == c).count() > 1)
        .map(|c| (*c).to_owned())
}

#[test]
fn a_data_folder_another_server_holds_is_said_once_in_the_locales_language() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let (_held, _) = minuta_server::store::open(&data).unwrap();
    let certs = dir.path().join("certs");
    let serve = [
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--certs",
        certs.to_str().unwrap(),
    ];

    let russian = stderr(&in_locale("ru_RU.UTF-8", &serve, &data));
    let english = stderr(&in_locale("en_GB.UTF-8", &serve, &data));

    assert!(russian.starts_with("ошибка: "), "{russian}");
    assert!(
        russian.contains("уже использует другой minuta-server"),
        "{russian}"
    );
    assert!(russian.contains("--data"), "{russian}");
    assert_eq!(repeated_clause(&russian), None, "{russian}");
    assert!(english.starts_with("error: "), "{english}");
    assert_eq!(
        english.matches("is using this data directory").count(),
        1,
        "{english}"
    );
    assert_eq!(repeated_clause(&english), None, "{english}");
}

#[test]
fn lc_all_outranks_lang() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("nothing-here");

    let output = common::server()
        .args(["export", "--format", "csv", "--data"])
        .arg(&data)
        .env("LANG", "en_US.UTF-8")
        .env("LC_ALL", "ru_RU.UTF-8")
        .output()
        .unwrap();

    let said = stderr(&output);
    assert!(said.starts_with("ошибка: "), "{said}");
    assert!(said.contains("нет такого файла или папки"), "{said}");
    assert!(!said.contains("No such file"), "{said}");
}
