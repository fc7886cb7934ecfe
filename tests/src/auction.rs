//! A Нептун game brought to its auction over QUIC, for the benches that
//! need bidding (`kill`, `bid`): one question a contest, short steps, and a
//! count slow enough that a bidding never closes by itself.

use std::time::Duration;

use anyhow::{Context, Result, bail};

use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::games::GameSettings;
use minuta_shared::play::neptune::{
    CardKey, ContestSizes, NeptuneCommand as C, NeptuneSettings, NeptuneTiming,
};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;

use crate::terminal::Terminal;

/// One question a contest; short steps to reach the auction quickly; a
/// count of a minute a step («три» after three minutes).
pub fn settings() -> NeptuneSettings {
    NeptuneSettings {
        timing: NeptuneTiming {
            minute_ms: 150,
            grace_ms: 50,
            blitz_step_ms: 50,
            joker_topics_ms: 100,
            count_step_ms: 60_000,
        },
        sizes: ContestSizes::shortened(1),
    }
}

/// Adds a Нептун game with `settings` and registers `teams` (0.2: each
/// with 4 to 6 players).
pub async fn add_game(
    host: &mut Terminal,
    teams: &[TeamId],
    settings: NeptuneSettings,
) -> Result<GameId> {
    let Receipt::GameAdded { game } = host
        .ok(Command::AddGame {
            name: "Нептун".into(),
            settings: GameSettings::Neptune(settings),
        })
        .await?
    else {
        bail!("no game added");
    };
    step(
        host,
        game,
        C::Register {
            teams: teams.to_vec(),
        },
    )
    .await?;
    Ok(game)
}

/// The host's command, which must be accepted.
async fn step(host: &mut Terminal, game: GameId, command: C) -> Result<Receipt> {
    let name: String = format!("{command:?}").chars().take(60).collect();
    host.ok(Command::game(game, command))
        .await
        .with_context(|| name)
}

/// A host step that may come a moment early (a window still open, the
/// time for cards not yet over by the server's clock).
async fn retry(host: &mut Terminal, game: GameId, command: C) -> Result<()> {
    for _ in 0..100 {
        match host.command(Command::game(game, command.clone())).await? {
            Ok(_) => return Ok(()),
            Err(_) => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
    bail!("{command:?} was refused for 2 s")
}

/// The Негатив card every captain hands in on the way to the auction.
pub fn negative_card(game: GameId) -> Command {
    Command::game(
        game,
        C::Answer {
            answers: vec!["ответ".into()],
            slice: None,
        },
    )
}

/// Plays the six contests' single questions up to the auction's open
/// bidding: every captain's card right in Негатив (`rating` points each),
/// nothing else answered. `captains[i]` is `teams[i]`'s terminal.
pub async fn to_the_auction(
    host: &mut Terminal,
    game: GameId,
    teams: &[TeamId],
    captains: &mut [Terminal],
    rating: u32,
) -> Result<()> {
    negative_minute(host, game, rating).await?;
    for captain in captains.iter_mut() {
        captain.ok(negative_card(game)).await?;
    }
    rest_to_the_bidding(host, game, teams).await
}

/// Негатив starts and its one question's minute runs (`rating` points).
pub async fn negative_minute(host: &mut Terminal, game: GameId, rating: u32) -> Result<()> {
    step(host, game, C::StartContest).await?;
    step(
        host,
        game,
        C::Announce {
            rating: Some(rating),
        },
    )
    .await?;
    step(host, game, C::StartMinute).await?;
    Ok(())
}

/// After the captains' Негатив cards: every card judged right, the other
/// contests played with nobody answering, the auction's bidding opened.
pub async fn rest_to_the_bidding(
    host: &mut Terminal,
    game: GameId,
    teams: &[TeamId],
) -> Result<()> {
    let minute = Duration::from_millis(220);
    tokio::time::sleep(minute).await;
    let cards = teams.iter().map(|t| CardKey::team(*t)).collect();
    step(
        host,
        game,
        C::Judge {
            cards,
            part: 0,
            correct: true,
        },
    )
    .await?;
    retry(host, game, C::Reveal).await?;
    // 2–5: Сэндвич, Блицкриг, Сизиф, Джокер, nobody answering.
    for contest in 1..5 {
        step(host, game, C::StartContest).await?;
        if contest == 4 {
            // 5.2: the topics' window first.
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        retry(host, game, C::Announce { rating: None }).await?;
        let steps = if contest == 2 { 4 } else { 1 };
        for _ in 0..steps {
            retry(host, game, C::StartMinute).await?;
        }
        tokio::time::sleep(minute).await;
        retry(host, game, C::Reveal).await?;
    }
    step(host, game, C::StartContest).await?;
    step(host, game, C::OpenBidding).await?;
    Ok(())
}
