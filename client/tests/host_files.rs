//! The host's files (issue 38) on the dashboard: «Файлы турнира» under the
//! programme asks the server for each file, a file on its way shows its
//! progress and «Отменить», and the desktop app's save dialog puts a file
//! that came into a folder clicked through, under the server's name. A
//! package on its way shows how much has gone and can be stopped.

use crate::common;

use std::path::PathBuf;

use common::{click, state_at};
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use minuta_client::folder;
use minuta_client::i18n::Lang;
use minuta_client::state::{NetEvent, UiCommand, reduce};
use minuta_client::views::file_picker::{self, Saved};
use minuta_client::views::host::{HostForm, HostTab};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::files::{FILE_PART_BYTES, HostFile, parts};
use minuta_shared::wire::view::View;

fn programme_tab(state: minuta_client::state::AppState) -> common::ScreenHarness<HostForm> {
    let form = HostForm {
        tab: Some(HostTab::Programme),
        ..HostForm::default()
    };
    common::screen(state, form, [1280.0, 1200.0], common::dashboard)
}

#[test]
fn the_programme_tab_asks_the_server_for_the_protocol_the_rating_file_and_a_backup() {
    // Arrange
    let state = state_at(Lang::Ru, 1_000_000, View::Host(common::host_view()));
    let mut harness = programme_tab(state);

    // Act
    click(&mut harness, "Протокол для подписи (PDF)");
    click(&mut harness, "Для рейтинга: результаты (CSV)");
    click(&mut harness, "Резервная копия");

    // Assert
    assert_eq!(
        harness.state().sent,
        [
            UiCommand::Fetch(HostFile::Protocol),
            UiCommand::Fetch(HostFile::RatingResults),
            UiCommand::Fetch(HostFile::Backup),
        ]
    );
}

#[test]
fn a_file_on_its_way_shows_how_much_has_come_and_can_be_cancelled() {
    // Arrange: half of a backup has come.
    let mut state = state_at(Lang::Ru, 1_000_000, View::Host(common::host_view()));
    let request = state.begin_fetch(HostFile::Backup);
    let bytes = vec![0u8; FILE_PART_BYTES * 2];
    let first = parts(request, "cup-backup.sqlite3", &bytes).remove(0);
    state.downloads.take_part(first);
    let mut harness = programme_tab(state);

    // Assert: its progress instead of its button.
    assert!(harness.query_by_label_contains("файл идёт: 50%").is_some());
    assert!(harness.query_by_label("Резервная копия").is_none());

    // Act
    click(&mut harness, "Отменить");

    // Assert
    assert_eq!(
        harness.state().sent,
        [UiCommand::CancelFetch(HostFile::Backup)]
    );
}

#[test]
fn every_game_has_its_sheet_by_its_name() {
    let state = state_at(Lang::Ru, 1_000_000, View::Host(common::host_view()));
    let mut harness = programme_tab(state);

    // The first game listed is the event's own ChGK.
    let sheets = harness.query_all_by_label_contains("Лист игры: ").count();
    harness
        .query_all_by_label_contains("Лист игры: ")
        .next()
        .unwrap()
        .click();
    harness.run();

    assert!(sheets >= 2, "{sheets} sheets");
    assert_eq!(
        harness.state().sent,
        [UiCommand::Fetch(HostFile::Sheet(EVENT_CHGK))]
    );
}

/// The desktop app's save dialog for one file, the app's part played here:
/// folders asked for are listed, the host's decision kept.
struct Saving {
    name: String,
    /// The host's home folder, for this test.
    home: PathBuf,
    decided: Option<Saved>,
}

fn save_dialog(name: &str, home: PathBuf) -> Harness<'static, Saving> {
    let state = Saving {
        name: name.to_owned(),
        home,
        decided: None,
    };
    let mut harness = Harness::builder()
        .with_size([1000.0, 800.0])
        .build_ui_state(
            |ui, saving: &mut Saving| {
                if saving.decided.is_some() {
                    return;
                }
                let mut out = Vec::new();
                saving.decided = file_picker::save(ui.ctx(), Lang::Ru, &saving.name, &mut out);
                for command in out {
                    if let UiCommand::Browse(key, to) = &command {
                        // Home is the test's own folder here.
                        let to = match to {
                            folder::Browse::Home => folder::Browse::Folder(saving.home.clone()),
                            other => other.clone(),
                        };
                        file_picker::listed(ui.ctx(), key, folder::list(&to));
                    }
                }
            },
            state,
        );
    harness.run();
    harness
}

#[test]
fn the_save_dialog_puts_the_file_in_a_folder_clicked_through_under_the_servers_name() {
    // Arrange: a home folder with a folder for the evening's papers.
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("Турнир")).unwrap();
    let mut harness = save_dialog("Кубок-2026-12-07-protocol.pdf", dir.path().to_path_buf());

    // Act
    assert!(
        harness
            .query_by_label("Сохранить «Кубок-2026-12-07-protocol.pdf»")
            .is_some()
    );
    click(&mut harness, "Турнир/");
    click(&mut harness, "Сохранить");

    // Assert
    assert_eq!(
        harness.state().decided,
        Some(Saved::To(
            dir.path()
                .join("Турнир")
                .join("Кубок-2026-12-07-protocol.pdf")
        ))
    );
}

#[test]
fn a_saved_file_never_replaces_one_of_the_same_name() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("codes.pdf");
    std::fs::write(&path, "the old one").unwrap();

    let free = folder::free_name(path.clone());

    assert_eq!(free, dir.path().join("codes (2).pdf"));
    assert_eq!(
        folder::free_name(dir.path().join("new.pdf")),
        dir.path().join("new.pdf")
    );
}

#[test]
fn a_package_on_its_way_shows_how_much_has_gone_and_can_be_stopped() {
    // Arrange: a package command a third of the way to the server.
    let mut state = state_at(Lang::Ru, 1_000_000, View::Host(common::host_view()));
    let request = state.begin_request(Command::game(
        EVENT_CHGK,
        ChgkCommand::LoadPackage {
            file_name: "кубок.siq".into(),
            bytes: Vec::new(),
            pictures: Vec::new(),
        },
    ));
    reduce(
        &mut state,
        NetEvent::Sending {
            request,
            sent: 300_000,
            total: 900_000,
        },
    );
    let mut harness = programme_tab(state);

    // Assert: what, and how much.
    assert!(harness.query_by_label_contains("Отправляется:").is_some());
    assert!(harness.query_by_label_contains("33%").is_some());

    // Act
    click(&mut harness, "Отменить");

    // Assert
    assert_eq!(harness.state().sent, [UiCommand::CancelSending(request)]);
}

#[test]
fn a_stopped_package_leaves_the_strip_and_says_the_server_took_none() {
    let mut state = state_at(Lang::Ru, 1_000_000, View::Host(common::host_view()));
    let request = state.begin_request(Command::AddJudge { name: "x".into() });
    reduce(
        &mut state,
        NetEvent::Sending {
            request,
            sent: 1,
            total: 2,
        },
    );

    reduce(&mut state, NetEvent::SendingStopped { request });

    assert!(state.pending.is_empty());
    assert_eq!(state.toasts.len(), 1);
}

#[test]
fn the_browser_takes_the_servers_reading_of_its_last_roster_only() {
    let mut state = state_at(Lang::Ru, 1_000_000, View::Host(common::host_view()));
    let first = state.begin_roster_read();
    let last = state.begin_roster_read();
    let read = |n: usize| {
        minuta_shared::roster::read("r.csv", "Команда,Город,А,Б,В,Г\n".repeat(n).as_bytes())
    };

    reduce(
        &mut state,
        NetEvent::RosterRead {
            request: first,
            read: read(1),
        },
    );
    assert_eq!(state.roster_read, None, "an earlier file's reading");
    reduce(
        &mut state,
        NetEvent::RosterRead {
            request: last,
            read: read(2),
        },
    );

    assert_eq!(state.roster_read, Some(read(2)));
}
