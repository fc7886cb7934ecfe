//! Disk full mid-game (issue 14, «Prove»), over real QUIC on 127.0.0.1: a
//! `minuta-server` process whose file-size limit is lowered under it
//! (`prlimit RLIMIT_FSIZE` of one byte: every write that would grow a file
//! fails, as on a full disk) acknowledges nothing it could not store, tells
//! the host why, and — once writes are taken again — acknowledges what
//! waited, in order, and goes on with the game. The store passes SQLite's
//! integrity check throughout.

use std::time::Duration;

use anyhow::{Context, Result, bail, ensure};

use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::{ChgkCommand, ChgkReceipt, EVENT_CHGK};
use minuta_shared::play::games::GameReceipt;
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_tests::terminal::within_for;
use minuta_tests::{Hall, TestServer};

const Q0: QuestionId = QuestionId(0);

/// A minute long enough for the outage to happen inside it.
fn timing() -> ChgkTiming {
    ChgkTiming {
        minute_ms: 60_000,
        warning_before_end_ms: 10_000,
        grace_ms: 3_000,
    }
}

/// Sets the server's soft file-size limit: `Some(bytes)`, or unlimited.
fn file_size_limit(pid: u32, bytes: Option<u64>) -> Result<()> {
    use rustix::process::{Pid, Resource, Rlimit, prlimit};
    let pid = i32::try_from(pid)
        .ok()
        .and_then(Pid::from_raw)
        .context("the server's pid")?;
    prlimit(
        Some(pid),
        Resource::Fsize,
        Rlimit {
            current: bytes,
            maximum: None,
        },
    )
    .context("prlimit RLIMIT_FSIZE on the server")?;
    Ok(())
}

fn card(text: &str) -> Command {
    Command::game(
        EVENT_CHGK,
        ChgkCommand::SubmitCard {
            question: Q0,
            text: text.into(),
        },
    )
}

fn is_card(receipt: &Receipt) -> bool {
    matches!(
        receipt,
        Receipt::Game {
            game: EVENT_CHGK,
            receipt: GameReceipt::Chgk(ChgkReceipt::Card { .. }),
        }
    )
}

/// The cards stored, by counting the store's events, and its integrity.
fn stored_cards(db: &std::path::Path) -> Result<(i64, String)> {
    let conn = rusqlite::Connection::open_with_flags(
        db,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    let cards: i64 = conn.query_row(
        "SELECT count(*) FROM events WHERE kind LIKE '%card%'",
        [],
        |r| r.get(0),
    )?;
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))?;
    Ok((cards, integrity))
}

#[tokio::test]
async fn store_a_full_disk_acknowledges_nothing_unstored_tells_the_host_and_the_game_goes_on()
-> Result<()> {
    // Arrange: a real server process, four teams, the minute running, two
    // cards handed in and acknowledged.
    let mut hall = Hall::open(TestServer::child_process()?, 4, timing()).await?;
    hall.start_question(Q0).await?;
    for i in 0..2 {
        let receipt = hall.teams[i].ok(card(&format!("до сбоя {i}"))).await?;
        ensure!(is_card(&receipt), "{receipt:?}");
    }
    let db = hall.server.database();
    let (before, integrity) = stored_cards(&db)?;
    ensure!(integrity == "ok", "{integrity}");
    let pid = hall.server.pid().context("a child process")?;

    // Act: the disk fills up; two more teams hand in their cards.
    file_size_limit(pid, Some(1))?;
    let third = hall.teams[2].send_command(card("во время сбоя 2")).await?;
    let fourth = hall.teams[3].send_command(card("во время сбоя 3")).await?;

    // Assert: the host is told, and neither card is acknowledged.
    let alert = hall
        .host
        .wait_alert("the storage alert", Option::is_some)
        .await
        .with_context(|| hall.server.log())?;
    eprintln!(
        "disk full: the host was told «{}»",
        alert.unwrap_or_default()
    );
    if within_for(
        Duration::from_millis(1_500),
        "an ack",
        hall.teams[2].ack(third),
    )
    .await
    .is_ok()
    {
        bail!("a card was acknowledged while the disk refused writes");
    }
    let (during, _) = stored_cards(&db)?;
    ensure!(
        during == before,
        "{during} cards stored while the disk was full, {before} before"
    );

    // Act: space comes back.
    file_size_limit(pid, None)?;

    // Assert: both cards are acknowledged, the host hears the store is
    // back, and the game goes on (the host's next step is stored and acknowledged).
    for (i, request) in [(2, third), (3, fourth)] {
        let receipt = hall.teams[i]
            .ack(request)
            .await?
            .map_err(|e| anyhow::anyhow!("refused: {e}"))?;
        ensure!(is_card(&receipt), "{receipt:?}");
    }
    hall.host
        .wait_alert("the store taking writes again", Option::is_none)
        .await?;
    hall.host
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::ShowQuestionOnProjector { on: true },
        ))
        .await?;
    let (after, integrity) = stored_cards(&db)?;
    ensure!(integrity == "ok", "{integrity}");
    ensure!(
        after == before + 2,
        "{after} cards stored, {before} before the outage"
    );
    eprintln!(
        "disk full: 2 cards held back while the disk was full, 0 acknowledged unstored, \
         both acknowledged once space came back, the host's next step stored; integrity_check ok"
    );
    Ok(())
}
