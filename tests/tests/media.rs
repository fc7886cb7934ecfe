//! A package's pictures over QUIC on virtual time: the projector gets a
//! picture's bytes once, in their own message, only when the host shows it;
//! a team never gets them; and the store keeps them across a restart.

use anyhow::{Context, Result, anyhow, ensure};

use minuta_shared::ids::QuestionId;
use minuta_shared::packages::media::{MediaHash, PackageFile};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK, ShownPicture};
use minuta_shared::wire::client::Command;
use minuta_tests::hall::Hall;
use minuta_tests::terminal::Terminal;
use minuta_tests::{TestServer, test_timing};

/// A picture's bytes: PNG by its magic, nothing the client must decode here.
fn picture() -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.extend((0..4096u32).map(|i| (i % 251) as u8));
    png
}

/// Loads a one-question `.4s` whose handout names `map.png`, sent along;
/// returns the question's id.
async fn load_pictured_package(hall: &mut Hall, png: &[u8]) -> Result<QuestionId> {
    let text = "? [Раздаточный материал: (pic: map.png)]\nЧто на карте?\n! Флеши.\n";
    hall.host
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::LoadPackage {
                file_name: "pictured.4s".into(),
                bytes: text.as_bytes().to_vec(),
                pictures: vec![PackageFile {
                    name: "map.png".into(),
                    bytes: png.to_vec(),
                }],
            },
        ))
        .await?;
    let view = hall
        .host
        .wait_host("the pictured question", |v| {
            v.event_chgk()
                .tours
                .iter()
                .flat_map(|t| &t.questions)
                .any(|q| !q.content.media.is_empty())
        })
        .await?;
    view.event_chgk()
        .tours
        .iter()
        .flat_map(|t| &t.questions)
        .find(|q| !q.content.media.is_empty())
        .map(|q| q.id)
        .ok_or_else(|| anyhow!("no question with a picture"))
}

#[tokio::test(start_paused = true)]
async fn media_the_projector_gets_a_picture_only_when_shown_and_teams_never() -> Result<()> {
    // Arrange: a hall, a package with a picture, its question announced.
    let mut hall = Hall::open(TestServer::simulated().await?, 2, test_timing()).await?;
    let png = picture();
    let question = load_pictured_package(&mut hall, &png).await?;
    hall.host
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce { question },
        ))
        .await?;
    hall.display
        .wait_display("the question announced", |v| {
            v.event_chgk().clock.question == Some(question)
        })
        .await?;
    ensure!(
        hall.display.media().is_empty(),
        "the projector got a picture before the host showed it"
    );

    // Act
    let shown = ShownPicture { question, index: 0 };
    hall.host
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::ShowPicture {
                picture: Some(shown),
            },
        ))
        .await?;

    // Assert: the projector's view names it, and its bytes came first.
    let view = hall
        .display
        .wait_display("the picture on the projector", |v| {
            v.event_chgk().picture.is_some()
        })
        .await?;
    let on_screen = view
        .event_chgk()
        .picture
        .clone()
        .context("the picture in the view")?;
    ensure!(on_screen.media.hash == MediaHash::of(&png));
    let sent = hall.display.media().to_vec();
    ensure!(sent.len() == 1, "{} pictures sent", sent.len());
    ensure!(sent[0].hash == on_screen.media.hash && sent[0].bytes == png);
    // Teams see the game move on, never the picture.
    for team in &mut hall.teams {
        team.wait_team("the view after the picture went up", |v| {
            v.event_chgk().clock.question == Some(question)
        })
        .await?;
        ensure!(team.media().is_empty(), "a team got the picture's bytes");
    }
    // Taken down and put up again: the projector has it already.
    for picture in [None, Some(shown)] {
        hall.host
            .ok(Command::game(
                EVENT_CHGK,
                ChgkCommand::ShowPicture { picture },
            ))
            .await?;
    }
    hall.display
        .wait_display("the picture up again", |v| v.event_chgk().picture.is_some())
        .await?;
    ensure!(
        hall.display.media().len() == 1,
        "the picture was sent twice"
    );
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn media_a_picture_survives_a_restart_of_the_server() -> Result<()> {
    // Arrange: a picture on the projector.
    let mut hall = Hall::open(TestServer::simulated().await?, 1, test_timing()).await?;
    let png = picture();
    let question = load_pictured_package(&mut hall, &png).await?;
    for command in [
        ChgkCommand::Announce { question },
        ChgkCommand::ShowPicture {
            picture: Some(ShownPicture { question, index: 0 }),
        },
    ] {
        hall.host.ok(Command::game(EVENT_CHGK, command)).await?;
    }

    // Act: the server starts again on the same data; a projector joins.
    hall.server.restart().await?;
    let mut display = Terminal::connect(&hall.server.display_code).await?;

    // Assert: the picture is still up, and its bytes come from the store.
    display
        .wait_display("the picture after the restart", |v| {
            v.event_chgk().picture.is_some()
        })
        .await?;
    let sent = display.media().to_vec();
    ensure!(sent.len() == 1 && sent[0].bytes == png, "{sent:?}");
    Ok(())
}
