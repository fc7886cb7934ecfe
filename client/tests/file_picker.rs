//! The package field's file picker, clicked through headless: open it, go
//! into a folder, pick a package, and the field holds its path; a folder
//! that is not there is said in Russian.

use crate::common;

use std::path::Path;

use common::click;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use minuta_client::folder;
use minuta_client::i18n::Lang;
use minuta_client::state::UiCommand;
use minuta_client::views::{file_picker, package_field::package_field};
use minuta_shared::play::chgk::EVENT_CHGK;
use minuta_shared::play::games::Format;

/// The field and what it asked for, the app's part played here: a folder
/// asked for is listed into the picker's memory, as the app does.
struct Field {
    path: String,
    asked: Vec<UiCommand>,
}

fn field(path: &Path) -> Harness<'static, Field> {
    let state = Field {
        path: path.display().to_string(),
        asked: Vec::new(),
    };
    let mut harness = Harness::builder()
        .with_size([1000.0, 800.0])
        .build_ui_state(
            |ui, field: &mut Field| {
                let mut out = Vec::new();
                package_field(
                    ui,
                    Lang::Ru,
                    EVENT_CHGK,
                    Format::Chgk,
                    &mut field.path,
                    &mut out,
                );
                for command in out {
                    if let UiCommand::Browse(key, to) = &command {
                        file_picker::listed(ui.ctx(), key, folder::list(to));
                    }
                    field.asked.push(command);
                }
            },
            state,
        );
    harness.run();
    harness
}

#[test]
fn the_host_picks_a_package_from_a_folder_and_the_field_gets_its_path() {
    // Arrange: the last package's folder holds a folder of packages.
    let dir = tempfile::tempdir().unwrap();
    let packs = dir.path().join("Пакеты");
    std::fs::create_dir(&packs).unwrap();
    std::fs::write(packs.join("финал.4s"), "? В.\n! О.\n").unwrap();
    std::fs::write(packs.join("заметки.txt"), "не пакет").unwrap();
    let mut harness = field(&dir.path().join("прошлый.4s"));

    // Act: open the picker beside the last package, go into the folder,
    // pick the package.
    click(&mut harness, "Выбрать файл…");
    assert!(
        harness
            .query_by_label("Файл пакета (.4s или .siq SIGame)")
            .is_some()
    );
    click(&mut harness, "Пакеты/");
    assert!(
        harness.query_by_label("заметки.txt").is_none(),
        "only packages are listed"
    );
    click(&mut harness, "финал.4s");
    click(&mut harness, "Выбрать");

    // Assert: the field holds the package's path; the picker is closed.
    assert_eq!(
        harness.state().path,
        packs.join("финал.4s").display().to_string()
    );
    assert!(harness.query_by_label("Вверх").is_none());
    // Nothing was loaded behind the host's back: «Загрузить» does that.
    assert!(
        harness
            .state()
            .asked
            .iter()
            .all(|c| matches!(c, UiCommand::Browse(..)))
    );
}

#[test]
fn up_goes_to_the_parent_folder() {
    let dir = tempfile::tempdir().unwrap();
    let inner = dir.path().join("внутри");
    std::fs::create_dir(&inner).unwrap();
    std::fs::write(dir.path().join("верхний.siq"), "PK").unwrap();
    let mut harness = field(&inner.join("x.4s"));
    click(&mut harness, "Выбрать файл…");
    assert!(harness.query_by_label("верхний.siq").is_none());
    click(&mut harness, "Вверх");
    assert!(harness.query_by_label("верхний.siq").is_some());
    assert!(harness.query_by_label("внутри/").is_some());
}

#[test]
fn a_missing_folder_is_said_in_russian_and_cancel_closes() {
    let dir = tempfile::tempdir().unwrap();
    let gone = dir.path().join("нет");
    let mut harness = field(&gone.join("x.4s"));
    click(&mut harness, "Выбрать файл…");
    let said = format!("{}: нет такого файла или папки", gone.display());
    assert!(harness.query_by_label(&said).is_some(), "{said}");
    click(&mut harness, "Отмена");
    assert!(harness.query_by_label("Вверх").is_none());
}
