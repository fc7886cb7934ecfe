//! Нептун's ломтики (2.2) over QUIC on virtual time: a ломтик joins with
//! the code the host's screen derives from its team's secret, gets its
//! team's view under its own name beside its team's terminal (three
//! connections, none displacing another), follows its team's changes, acts
//! only as itself, is refused with the other ломтик's or the team's secret,
//! and goes when its team is removed.

use anyhow::{Context, Result, anyhow, ensure};

use minuta_client::views::join_codes::slice_join_code;
use minuta_shared::identity::Identity;
use minuta_shared::ids::{QuestionId, Slice, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::chgk::{ChgkCommand, ChgkError, EVENT_CHGK};
use minuta_shared::play::games::GameTeamView;
use minuta_shared::play::games::{GameError, PlayError};
use minuta_shared::play::neptune::{
    ContestSizes, NeptuneCommand, NeptunePlayError, NeptuneSettings, NeptuneTeamView, NeptuneTiming,
};
use minuta_shared::rules::neptune::Contest;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::close;
use minuta_shared::wire::handshake::{Credential, HelloReply, Refusal};
use minuta_shared::wire::server::CommandError;
use minuta_shared::wire::view::Access;
use minuta_shared::wire::view::TeamView;
use minuta_tests::auction;
use minuta_tests::terminal::{Link, client_endpoint};
use minuta_tests::{Hall, Terminal, TestServer, test_timing};

const Q0: QuestionId = QuestionId(0);

/// The server's access as the host's dashboard has it.
async fn access(hall: &mut Hall) -> Result<Access> {
    let view = hall
        .host
        .wait_host("the access codes", |v| v.access.is_some())
        .await?;
    view.access
        .ok_or_else(|| anyhow!("the host view has no access"))
}

/// A ломтик's code as the host's screen shows it, printed and parsed back
/// as a person would paste it.
fn code(access: &Access, team: TeamId, slice: Slice) -> Result<JoinCode> {
    let text = slice_join_code(access, team, slice)
        .ok_or_else(|| anyhow!("no code for team {team}'s ломтик"))?;
    ensure!(
        text.contains(&format!("/slice-{team}-{}/", slice.code())),
        "{text}"
    );
    JoinCode::parse(&text).with_context(|| format!("the code {text}"))
}

/// A greeting with `credential` is refused with `want` and the link closed.
async fn assert_refused(hall: &Hall, credential: Credential, want: Refusal) -> Result<()> {
    let mut link = Link::open(
        &client_endpoint()?,
        hall.server.addr,
        hall.server.fingerprint,
    )
    .await?;
    let reply = link.hello(credential.clone()).await?;
    ensure!(
        reply == HelloReply::Refused(want.clone()),
        "{credential:?}: {reply:?}, wanted {want:?}"
    );
    let closed = link.closed().await?;
    ensure!(closed.code == close::REFUSED, "{closed:?}");
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn neptune_a_slice_joins_with_its_code_and_sees_its_team_beside_the_team() -> Result<()> {
    let mut hall = Hall::open(TestServer::simulated().await?, 2, test_timing()).await?;
    let team = hall.team_ids[0];
    let access = access(&mut hall).await?;

    // Both ломтики join while the team's own terminal is connected.
    let mut top = Terminal::connect(&code(&access, team, Slice::Top)?).await?;
    let mut bottom = Terminal::connect(&code(&access, team, Slice::Bottom)?).await?;
    ensure!(top.identity == Identity::Slice(team, Slice::Top));
    ensure!(bottom.identity == Identity::Slice(team, Slice::Bottom));
    for (terminal, slice, name) in [
        (&mut top, Slice::Top, "Команда 1-верх"),
        (&mut bottom, Slice::Bottom, "Команда 1-низ"),
    ] {
        let view = terminal
            .wait_team("the ломтик's first view", |_| true)
            .await?;
        ensure!(view.team == team, "{:?}", view.team);
        ensure!(view.slice == Some(slice), "{:?}", view.slice);
        ensure!(view.name == name, "{}", view.name);
    }
    hall.host
        .wait_host("both ломтики connected, and the team", |v| {
            v.teams.iter().any(|t| {
                t.id == team && t.connected && t.slices_connected == [Slice::Top, Slice::Bottom]
            })
        })
        .await?;

    // A change every team sees reaches the ломтики too, and the team's own
    // terminal (three connections, none displaced).
    hall.host
        .ok(Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce { question: Q0 },
        ))
        .await?;
    let announced =
        |v: &minuta_shared::wire::view::TeamView| v.event_chgk().clock.question == Some(Q0);
    top.wait_team("the question on the top ломтик", announced)
        .await?;
    bottom
        .wait_team("the question on the bottom ломтик", announced)
        .await?;
    hall.teams[0]
        .wait_team("the question on the team's terminal", announced)
        .await?;

    // A ломтик acts only as itself: the team's card is not its to hand in,
    // and it has no button; its link stays up.
    let card = top
        .command(Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "Пушкин".into(),
            },
        ))
        .await?;
    ensure!(
        card == Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::NotATeam
        )))),
        "{card:?}"
    );
    let press = top.command(Command::Press { clock_offset_us: 0 }).await?;
    ensure!(press == Err(CommandError::NothingToPress), "{press:?}");
    top.ping().await?;
    hall.teams[0].ping().await?;
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn neptune_a_slice_with_another_secret_is_refused() -> Result<()> {
    let mut hall = Hall::open(TestServer::simulated().await?, 2, test_timing()).await?;
    let (one, two) = (hall.team_ids[0], hall.team_ids[1]);
    let access = access(&mut hall).await?;
    let secret = |code: JoinCode| match code.credential {
        Credential::Slice { secret, .. } => Ok(secret),
        other => Err(anyhow!("not a ломтик's credential: {other:?}")),
    };
    let top = secret(code(&access, one, Slice::Top)?)?;
    let other_team = secret(code(&access, two, Slice::Bottom)?)?;
    let team_secret = match &hall.team_codes[0].credential {
        Credential::Team { secret, .. } => secret.clone(),
        other => return Err(anyhow!("not a team's credential: {other:?}")),
    };

    let slice = |team, slice, secret: &str| Credential::Slice {
        team,
        slice,
        secret: secret.to_owned(),
    };
    // The other ломтик's secret, the team's own, another team's ломтик's.
    assert_refused(&hall, slice(one, Slice::Bottom, &top), Refusal::BadSecret).await?;
    assert_refused(
        &hall,
        slice(one, Slice::Top, &team_secret),
        Refusal::BadSecret,
    )
    .await?;
    assert_refused(
        &hall,
        slice(one, Slice::Bottom, &other_team),
        Refusal::BadSecret,
    )
    .await?;
    // A ломтик's secret opens no team terminal.
    assert_refused(
        &hall,
        Credential::Team {
            team: one,
            secret: top.clone(),
        },
        Refusal::BadSecret,
    )
    .await?;
    assert_refused(
        &hall,
        slice(TeamId(99), Slice::Top, &top),
        Refusal::UnknownMember,
    )
    .await?;

    // The host's screen has no code for a team it does not list.
    ensure!(slice_join_code(&access, TeamId(99), Slice::Top).is_none());

    // The right one still joins.
    let joined = Terminal::connect(&code(&access, one, Slice::Top)?).await?;
    ensure!(joined.identity == Identity::Slice(one, Slice::Top));
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn neptune_a_removed_teams_slices_are_disconnected() -> Result<()> {
    let mut hall = Hall::open(TestServer::simulated().await?, 2, test_timing()).await?;
    let two = hall.team_ids[1];
    let access = access(&mut hall).await?;
    let code = code(&access, two, Slice::Bottom)?;
    let mut bottom = Terminal::connect(&code).await?;
    bottom.wait_team("a first view", |_| true).await?;

    hall.host.ok(Command::RemoveTeam { team: two }).await?;
    let closed = bottom.closed().await?;
    ensure!(closed.code == close::REFUSED, "{closed:?}");
    let again = Terminal::connect(&code).await;
    ensure!(again.is_err(), "a removed team's ломтик joined again");
    Ok(())
}

/// The Нептун game's view on a team's (or ломтик's) terminal.
fn neptune(v: &TeamView, game: minuta_shared::ids::GameId) -> Option<&NeptuneTeamView> {
    v.games
        .iter()
        .find(|g| g.id == game)
        .and_then(|g| match &g.view {
            GameTeamView::Neptune(n) => Some(n),
            _ => None,
        })
}

fn refused_with(
    got: Result<minuta_shared::wire::server::Receipt, CommandError>,
    want: NeptunePlayError,
) -> Result<()> {
    let want = CommandError::Play(PlayError::Game(GameError::Neptune(want)));
    ensure!(
        got.as_ref().err() == Some(&want),
        "{got:?}, wanted {want:?}"
    );
    Ok(())
}

#[tokio::test(start_paused = true)]
async fn neptune_2_3_the_slices_answer_from_their_own_terminals_and_never_see_each_other()
-> Result<()> {
    // Arrange: a Нептун game of two teams past Негатив, each ломтик on its
    // own terminal.
    let mut hall = Hall::open(TestServer::simulated().await?, 2, test_timing()).await?;
    let teams = hall.team_ids.clone();
    let settings = NeptuneSettings {
        timing: NeptuneTiming {
            minute_ms: 2_000,
            grace_ms: 100,
            ..NeptuneTiming::default()
        },
        sizes: ContestSizes::shortened(1),
    };
    let game = auction::add_game(&mut hall.host, &teams, settings).await?;
    let access = access(&mut hall).await?;
    let team = teams[0];
    let mut top = Terminal::connect(&code(&access, team, Slice::Top)?).await?;
    let mut bottom = Terminal::connect(&code(&access, team, Slice::Bottom)?).await?;
    let host = &mut hall.host;
    auction::step(host, game, NeptuneCommand::StartContest).await?;
    auction::step(host, game, NeptuneCommand::Announce { rating: Some(1) }).await?;
    auction::step(host, game, NeptuneCommand::StartMinute).await?;
    tokio::time::sleep(std::time::Duration::from_millis(2_200)).await;
    auction::retry(host, game, NeptuneCommand::Reveal).await?;
    auction::step(host, game, NeptuneCommand::StartContest).await?;
    auction::step(host, game, NeptuneCommand::Announce { rating: None }).await?;
    auction::step(host, game, NeptuneCommand::StartMinute).await?;
    let card = |text: &str, slice: Option<Slice>| {
        Command::game(
            game,
            NeptuneCommand::Answer {
                answers: vec![text.into()],
                slice,
            },
        )
    };

    // Act / Assert: the team's own terminal does not answer in Сэндвич; a
    // ломтик does not answer for the other; each hands in its own.
    refused_with(
        hall.teams[0].command(card("КОМАНДА", None)).await?,
        NeptunePlayError::SlicesAnswer,
    )?;
    refused_with(
        top.command(card("ЗА НИЗ", Some(Slice::Bottom))).await?,
        NeptunePlayError::OtherSlice,
    )?;
    top.ok(card("ОТВЕТ ВЕРХА", None)).await?;
    bottom.ok(card("ОТВЕТ НИЗА", Some(Slice::Bottom))).await?;
    let mine = |want: &'static str| {
        move |v: &TeamView| {
            neptune(v, game)
                .and_then(|n| n.card.as_ref())
                .is_some_and(|c| c.answers == [want])
        }
    };
    let top_view = top
        .wait_team("the top's own card", mine("ОТВЕТ ВЕРХА"))
        .await?;
    let bottom_view = bottom
        .wait_team("the bottom's own card", mine("ОТВЕТ НИЗА"))
        .await?;
    ensure!(top_view.slice == Some(Slice::Top) && top_view.name.ends_with("-верх"));
    let top_json = serde_json::to_string(&top_view)?;
    let bottom_json = serde_json::to_string(&bottom_view)?;
    ensure!(
        !top_json.contains("ОТВЕТ НИЗА"),
        "the top saw the bottom's card"
    );
    ensure!(
        !bottom_json.contains("ОТВЕТ ВЕРХА"),
        "the bottom saw the top's card"
    );
    let n = neptune(&top_view, game).ok_or_else(|| anyhow!("no Нептун view"))?;
    ensure!(n.board.contest == Some(Contest::Sandwich));
    ensure!(!n.may_answer, "the top answered already");
    Ok(())
}
