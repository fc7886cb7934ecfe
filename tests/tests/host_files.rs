//! The host's files from the dashboard (issue 38): asked for over the
//! host's own pinned connection, made from the store by the functions
//! `minuta-server export` runs — so byte for byte what the command line
//! writes — and sent in parts; a backup that `restore` puts back as it was.
//! Every other role that asks is cut off as forbidden, and gets nothing.
//! And the other way: a package in pieces is loaded once whole, dropped
//! pieces change nothing, and only the host may send pieces.

use anyhow::{Result, anyhow, ensure};

use minuta_server::codes_pdf::{CodesOptions, export_codes};
use minuta_server::export::{ExportFormat, export, export_pdf};
use minuta_server::store;
use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::games::GameReceipt;
use minuta_shared::wire::client::{ClientMsg, Command};
use minuta_shared::wire::close;
use minuta_shared::wire::files::{FileRefusal, HostFile};
use minuta_shared::wire::pieces::{large_encoding, piece_at};
use minuta_shared::wire::server::Receipt;
use minuta_tests::hall::{jury_code, pack};
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

/// Every event in the server's store (a reader beside its writer; WAL).
fn events_in(server: &TestServer) -> Result<i64> {
    let db = rusqlite::Connection::open_with_flags(
        server.database(),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
    )?;
    Ok(db.query_row("SELECT COUNT(*) FROM events", [], |row| row.get(0))?)
}

/// The package command the host loads: larger than goes at once.
fn package_command(request: u64) -> Result<ClientMsg> {
    // Four times a real package: a package of twelve tours, larger than
    // goes at once.
    let bytes = std::fs::read(pack("ovsch_boronenko_3.4s"))?.repeat(4);
    let msg = ClientMsg::Command {
        request,
        command: Command::game(
            EVENT_CHGK,
            ChgkCommand::LoadPackage {
                file_name: "ovsch_boronenko_3.4s".into(),
                bytes,
                pictures: Vec::new(),
            },
        ),
    };
    Ok(msg)
}

/// The package command the host loads, as one large message in pieces.
fn package_in_pieces(request: u64) -> Result<(Vec<ClientMsg>, usize)> {
    let msg = package_command(request)?;
    let encoding = large_encoding(&msg)?.ok_or_else(|| anyhow!("the package is not large"))?;
    let mut pieces = Vec::new();
    let mut sent = 0;
    while sent < encoding.len() {
        let (piece, next) = piece_at(&encoding, sent);
        pieces.push(piece);
        sent = next;
    }
    Ok((pieces, encoding.len()))
}

#[tokio::test(start_paused = true)]
async fn a_package_in_pieces_is_loaded_once_its_last_piece_is_in() -> Result<()> {
    // Arrange
    let mut hall = Hall::open(TestServer::simulated().await?, 1, test_timing()).await?;
    let (pieces, _) = package_in_pieces(900)?;
    ensure!(pieces.len() > 2, "{} pieces", pieces.len());

    // Act: the pieces, a ping between two of them.
    let last = pieces.len() - 1;
    for (i, piece) in pieces.into_iter().enumerate() {
        hall.host.send(piece).await?;
        if i == 1 {
            hall.host.ping().await?;
        }
        if i < last {
            ensure!(
                hall.host.try_ack(900).is_none(),
                "acknowledged before its last piece"
            );
        }
    }

    // Assert
    let receipt = hall.host.ack(900).await?;
    ensure!(
        matches!(
            receipt,
            Ok(Receipt::Game {
                receipt: GameReceipt::Chgk(ChgkReceipt::PackageLoaded { .. }),
                ..
            })
        ),
        "{receipt:?}"
    );
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn pieces_the_host_drops_change_nothing_and_the_link_goes_on() -> Result<()> {
    // Arrange
    let mut hall = Hall::open(TestServer::simulated().await?, 1, test_timing()).await?;
    let events_before = events_in(&hall.server)?;
    let (pieces, _) = package_in_pieces(901)?;

    // Act: half the pieces, then the host stops.
    for piece in pieces.into_iter().take(2) {
        hall.host.send(piece).await?;
    }
    hall.host.send(ClientMsg::PiecesDropped).await?;

    // Assert: no acknowledgement, nothing stored, the host carries on.
    hall.host
        .ok(Command::AddJudge {
            name: "Судья".into(),
        })
        .await?;
    ensure!(hall.host.try_ack(901).is_none());
    ensure!(events_in(&hall.server)? == events_before + 1);
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn a_team_sending_pieces_is_cut_off() -> Result<()> {
    let hall = Hall::open(TestServer::simulated().await?, 1, test_timing()).await?;
    let mut team = Terminal::connect(&hall.team_codes[0]).await?;

    // A piece within a team's frame limit: refused for who sends it.
    team.send(ClientMsg::Piece {
        total: 100,
        bytes: vec![0; 10],
    })
    .await?;

    let closed = team.closed().await?;
    ensure!(closed.code == close::FORBIDDEN, "{closed:?}");
    Ok(())
}

#[tokio::test]
async fn the_apps_link_sends_a_large_package_in_pieces_saying_how_much_has_gone() -> Result<()> {
    use minuta_client::net::EventSink;
    use minuta_client::shell::native::net::NetHandle;
    use minuta_client::state::{NetCommand, NetEvent};
    use std::sync::{Arc, mpsc};
    use std::time::Duration;

    // Arrange: the app's own link (QUIC) as the host.
    let server = TestServer::in_process()?;
    let mut host = Terminal::connect(&server.host_code).await?;
    minuta_tests::hall::set_up_tournament(&mut host, "Пакеты", test_timing()).await?;
    let (tx, events) = mpsc::channel();
    let net = NetHandle::start(
        server.host_code.clone(),
        EventSink::new(tx, Arc::new(|| {})),
        false,
    )?;
    let ClientMsg::Command { command, .. } = package_command(77)? else {
        anyhow::bail!("a command")
    };

    // Act
    ensure!(net.send(NetCommand::Command {
        request: 77,
        command: Box::new(command),
    }));

    // Assert: the bytes gone, growing to the whole, then the server's receipt.
    let deadline = std::time::Instant::now() + minuta_tests::STEP;
    let mut gone = Vec::new();
    let receipt = loop {
        ensure!(
            std::time::Instant::now() < deadline,
            "no receipt; gone {gone:?}"
        );
        match events.recv_timeout(Duration::from_millis(50)) {
            Ok(NetEvent::Sending {
                request: 77, sent, ..
            }) => gone.push(sent),
            Ok(NetEvent::Ack {
                request: 77,
                result,
            }) => break result,
            Ok(_) | Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => anyhow::bail!("the link ended"),
        }
    };
    ensure!(
        gone.len() > 2 && gone.windows(2).all(|w| w[0] < w[1]),
        "{gone:?}"
    );
    ensure!(
        matches!(
            receipt,
            Ok(Receipt::Game {
                receipt: GameReceipt::Chgk(ChgkReceipt::PackageLoaded { .. }),
                ..
            })
        ),
        "{receipt:?}"
    );
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn the_server_reads_the_browsers_roster_with_namesakes_and_only_for_the_host() -> Result<()> {
    // Arrange: the rating site's roster, two Борис Семёнов in one team.
    let hall = Hall::open(TestServer::simulated().await?, 1, test_timing()).await?;
    let mut host = Terminal::connect(&hall.server.host_code).await?;
    let roster = "50126,Южные кони,Москва,К,102154,Семёнов,Борис,Сергеевич\n\
                  50126,Южные кони,Москва,Б,102179,Семёнов,Борис,Ильич\n";

    // Act
    let read = host
        .read_roster("roster.csv", roster.as_bytes().to_vec())
        .await??;
    let broken = host
        .read_roster("teams.xlsx", b"not a sheet".to_vec())
        .await?;

    // Assert: exactly what the app reads itself, namesakes apart.
    ensure!(read == minuta_shared::roster::read("roster.csv", roster.as_bytes())?);
    let ids: Vec<Option<u32>> = read.teams[0].site_players.iter().map(|p| p.id).collect();
    ensure!(ids == [Some(102154), Some(102179)], "{ids:?}");
    ensure!(
        matches!(broken, Err(minuta_shared::roster::ReadError::Xlsx(_))),
        "{broken:?}"
    );

    // A team asking is cut off.
    let mut team = Terminal::connect(&hall.team_codes[0]).await?;
    let answer = team.read_roster("r.csv", roster.as_bytes().to_vec()).await;
    let closed = team.closed().await?;
    ensure!(
        answer.is_err() && closed.code == close::FORBIDDEN,
        "{closed:?}"
    );
    Ok(())
}
