//! The host's files from the dashboard (issue 38): asked for over the
//! host's own pinned connection, made from the store by the functions
//! `minuta-server export` runs — so byte for byte what the command line
//! writes — and sent in parts; a backup that `restore` puts back as it was.
//! Every other role that asks is cut off as forbidden, and gets nothing.

use anyhow::{Result, ensure};

use minuta_server::codes_pdf::{CodesOptions, export_codes};
use minuta_server::export::{ExportFormat, export, export_pdf};
use minuta_server::store;
use minuta_shared::play::chgk::EVENT_CHGK;
use minuta_shared::wire::close;
use minuta_shared::wire::files::{FileRefusal, HostFile};
use minuta_tests::hall::jury_code;
use minuta_tests::{Hall, Terminal, TestServer, test_timing};

#[tokio::test(start_paused = true)]
async fn the_host_takes_every_file_exactly_as_export_writes_it() -> Result<()> {
    // Arrange: a hall of three teams with a package loaded.
    let mut hall = Hall::open(TestServer::simulated().await?, 3, test_timing()).await?;
    let data = hall.server.data_dir();
    let text = |format| export(&data, format).map(String::into_bytes);

    // Act and assert: each file, against the command line's bytes.
    let expected: Vec<(HostFile, Vec<u8>, &str)> = vec![
        (
            HostFile::Codes {
                wifi: "Зал / 12345678".into(),
            },
            export_codes(
                &data,
                &hall.server.cert_dir(),
                CodesOptions {
                    wifi: Some("Зал / 12345678".into()),
                    ..CodesOptions::default()
                },
            )?,
            "-codes.pdf",
        ),
        (HostFile::Protocol, export_pdf(&data)?, "-protocol.pdf"),
        (
            HostFile::RatingResults,
            text(ExportFormat::RatingCsv)?,
            "-rating-results.csv",
        ),
        (
            HostFile::RatingRoster,
            text(ExportFormat::RatingRoster)?,
            "-rating-roster.csv",
        ),
        (
            HostFile::RatingJson,
            text(ExportFormat::RatingJson)?,
            "-rating.json",
        ),
        (
            HostFile::Sheet(EVENT_CHGK),
            text(ExportFormat::Sheet(EVENT_CHGK))?,
            "-game-0-sheet.json",
        ),
        (
            HostFile::Everything,
            text(ExportFormat::Json)?,
            "-export.json",
        ),
    ];
    for (file, bytes, ending) in expected {
        let (name, got) = hall.host.fetch(file.clone()).await??;
        ensure!(
            got == bytes,
            "{file:?}: {} bytes, not export's {}",
            got.len(),
            bytes.len()
        );
        ensure!(
            name.starts_with("Кубок-тестов-") && name.ends_with(ending),
            "{file:?} is named {name}"
        );
    }
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn a_backup_from_the_dashboard_restores_the_game_as_it_was() -> Result<()> {
    // Arrange
    let mut hall = Hall::open(TestServer::simulated().await?, 2, test_timing()).await?;
    let stored = store::load(&hall.server.data_dir())?;

    // Act: the backup, put back in a folder of its own.
    let (name, bytes) = hall.host.fetch(HostFile::Backup).await??;
    let elsewhere = tempfile::tempdir()?;
    let file = elsewhere.path().join(&name);
    std::fs::write(&file, &bytes)?;
    let restored = elsewhere.path().join("data");
    store::restore(&file, &restored)?;

    // Assert: the same events, in order.
    ensure!(name.ends_with("-backup.sqlite3"), "{name}");
    let back = store::load(&restored)?;
    ensure!(
        format!("{back:?}") == format!("{stored:?}"),
        "{} events back of {}",
        back.len(),
        stored.len()
    );
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn a_game_not_in_the_programme_has_no_sheet() -> Result<()> {
    let mut hall = Hall::open(TestServer::simulated().await?, 1, test_timing()).await?;

    let answer = hall
        .host
        .fetch(HostFile::Sheet(minuta_shared::ids::GameId(77)))
        .await?;

    ensure!(answer == Err(FileRefusal::NoSuchGame), "{answer:?}");
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn a_team_the_projector_and_the_jury_asking_for_a_file_are_cut_off() -> Result<()> {
    // Arrange: a team, the projector and the jury, each on a connection.
    let mut hall = Hall::open(TestServer::simulated().await?, 1, test_timing()).await?;
    let jury = jury_code(&mut hall.host).await?;
    let codes = [
        hall.team_codes[0].clone(),
        hall.server.display_code.clone(),
        jury,
    ];

    for code in codes {
        // Act
        let mut intruder = Terminal::connect(&code).await?;
        let answer = intruder.fetch(HostFile::Backup).await;
        let closed = intruder.closed().await?;

        // Assert: no file, and the connection closed as forbidden.
        ensure!(
            answer.is_err() && closed.code == close::FORBIDDEN,
            "{:?}: {:?}, {closed:?}",
            code.credential,
            answer.map(|a| a.map(|(name, _)| name))
        );
    }
    // The host is unharmed.
    ensure!(hall.host.fetch(HostFile::RatingRoster).await?.is_ok());
    Ok(())
}
