//! The version the server says: `minuta-server --version` (the workspace's
//! version and the commit, `0.1.0 (abc1234)`), the JSON export's
//! `minuta_version` and the PDFs' producer.

use crate::common;

use minuta_server::export::{ExportFormat, export};
use minuta_server::jury_protocol::{Level, Protocol, render};
use minuta_shared::version;
use minuta_shared::wire::client::Command;

use common::hall::Hall;

/// `[workspace.package] version` as the workspace's Cargo.toml writes it.
fn workspace_version() -> String {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.toml");
    let text = std::fs::read_to_string(manifest).unwrap();
    let section = text.split("[workspace.package]").nth(1).unwrap();
    let line = section
        .lines()
        .find(|l| l.trim_start().starts_with("version"))
        .unwrap();
    line.split('"').nth(1).unwrap().to_owned()
}

#[test]
fn minuta_server_version_says_the_workspace_version_and_the_commit() {
    // Act.
    let out = common::server().arg("--version").output().unwrap();

    // Assert: one line, «minuta-server 0.1.0 (abc1234)» (no brackets
    // outside git).
    let said = common::stdout_ok(&out, "--version");
    let wanted = workspace_version();
    assert_eq!(said, format!("minuta-server {}\n", version::long()));
    let rest = said
        .strip_prefix(&format!("minuta-server {wanted}"))
        .unwrap_or_else(|| panic!("{said:?} does not say {wanted}"));
    assert!(
        rest == "\n" || (rest.starts_with(" (") && rest.ends_with(")\n")),
        "{said:?}"
    );
}

#[test]
fn the_json_export_names_the_version_that_wrote_it() {
    // Arrange: a stored tournament of one team.
    let dir = tempfile::tempdir().unwrap();
    let mut hall = Hall::new();
    hall.host(Command::SetUpTournament {
        name: "Кубок".into(),
        settings: Default::default(),
    });
    hall.host(Command::RegisterTeam {
        rating_id: None,
        name: "Альфа".into(),
        town: "Тверь".into(),
        players: ["Аня", "Боря", "Вера", "Гоша"].map(String::from).into(),
    });
    hall.store(dir.path());

    // Act.
    let json: minuta_shared::export::event::EventExport =
        serde_json::from_str(&export(dir.path(), ExportFormat::Json).unwrap()).unwrap();

    // Assert.
    assert_eq!(json.minuta_version, version::long());
    assert_eq!(json.tournament, "Кубок");
}

#[test]
fn a_pdf_names_the_version_that_made_it_as_its_producer_and_creator() {
    let mut protocol = Protocol::new("Протокол");
    protocol.heading(Level::Title, "Протокол турнира");

    let pdf = render(&protocol).unwrap();

    // The info dictionary's strings are ASCII, written as they are.
    let text = String::from_utf8_lossy(&pdf);
    for key in ["Producer", "Creator"] {
        let wanted = format!("/{key} (Minuta {})", version::long());
        assert!(text.contains(&wanted), "no {wanted} in the PDF");
    }
}
