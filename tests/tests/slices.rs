//! Нептун's ломтики (2.2) on the virtual hall
//! (`minuta_tests::virtual_hall`): the server's machine and the app's own
//! state on virtual time, no sockets. A ломтик joins with the code the
//! host's screen derives from its team's secret, gets its team's view
//! under its own name beside its team's terminal (three connections, none
//! displacing another), follows its team's changes, acts only as itself,
//! is refused with the other ломтик's or the team's secret, and goes when
//! its team is removed. (That a refused greeting closes the link as
//! refused is the driver's, checked on real sockets by `security`.)

use std::time::Duration;

use anyhow::{Context, Result, anyhow, ensure};

use minuta_client::views::join_codes::slice_join_code;
use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, QuestionId, Slice, TeamId};
use minuta_shared::join_code::JoinCode;
use minuta_shared::play::chgk::{ChgkCommand, ChgkError, EVENT_CHGK};
use minuta_shared::play::games::GameTeamView;
use minuta_shared::play::games::{GameError, PlayError};
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::play::neptune::{
    ContestSizes, NeptuneCommand, NeptunePlayError, NeptuneSettings, NeptuneTeamView, NeptuneTiming,
};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::close;
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::Access;
use minuta_shared::wire::view::TeamView;
use minuta_tests::sim_net::Conditions;
use minuta_tests::test_timing;
use minuta_tests::virtual_hall::{TerminalId, VirtualHall};

const Q0: QuestionId = QuestionId(0);

/// The server's access as the host's dashboard has it. The virtual server
/// listens on no address, so the codes are printed with a hall's address
/// a real one would give (a code without one does not parse).
fn access(hall: &mut VirtualHall) -> Result<Access> {
    let view = hall.host_sees("the access codes", |v| v.access.is_some())?;
    let mut access = view
        .access
        .ok_or_else(|| anyhow!("the host view has no access"))?;
    if access.addrs.is_empty() {
        access.addrs = vec!["192.168.1.10:4433".parse()?];
    }
    Ok(access)
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

/// A terminal joins with `code`'s credential.
fn connect(hall: &mut VirtualHall, code: &JoinCode) -> Result<TerminalId> {
    hall.join(code.credential.clone())
        .with_context(|| format!("{:?} joins", code.credential))
}

/// A greeting with `credential` is refused with `want`.
fn assert_refused(hall: &mut VirtualHall, credential: Credential, want: Refusal) -> Result<()> {
    let now = hall.now();
    let reply = hall
        .server
        .handle_join(&credential, false, now)
        .map(|(_, identity)| identity);
    ensure!(
        reply == Err(want.clone()),
        "{credential:?}: {reply:?}, wanted {want:?}"
    );
    Ok(())
}

#[test]
fn neptune_a_slice_joins_with_its_code_and_sees_its_team_beside_the_team() -> Result<()> {
    let mut hall = VirtualHall::open(2, test_timing(), Conditions::default())?;
    let team = hall.team_ids[0];
    let access = access(&mut hall)?;

    // Both ломтики join while the team's own terminal is connected.
    let top = connect(&mut hall, &code(&access, team, Slice::Top)?)?;
    let bottom = connect(&mut hall, &code(&access, team, Slice::Bottom)?)?;
    ensure!(hall.terminals[top].identity == Identity::Slice(team, Slice::Top));
    ensure!(hall.terminals[bottom].identity == Identity::Slice(team, Slice::Bottom));
    for (terminal, slice, name) in [
        (top, Slice::Top, "Команда 1-верх"),
        (bottom, Slice::Bottom, "Команда 1-низ"),
    ] {
        let view = hall.team_sees(terminal, "the ломтик's first view", |_| true)?;
        ensure!(view.team == team, "{:?}", view.team);
        ensure!(view.slice == Some(slice), "{:?}", view.slice);
        ensure!(view.name == name, "{}", view.name);
    }
    hall.host_sees("both ломтики connected, and the team", |v| {
        v.teams.iter().any(|t| {
            t.id == team && t.connected && t.slices_connected == [Slice::Top, Slice::Bottom]
        })
    })?;

    // A change every team sees reaches the ломтики too, and the team's own
    // terminal (three connections, none displaced).
    let host = hall.host;
    hall.ok(
        host,
        Command::game(EVENT_CHGK, ChgkCommand::Announce { question: Q0 }),
    )?;
    let announced = |v: &TeamView| v.event_chgk().clock.question == Some(Q0);
    hall.team_sees(top, "the question on the top ломтик", announced)?;
    hall.team_sees(bottom, "the question on the bottom ломтик", announced)?;
    let own = hall.teams[0];
    hall.team_sees(own, "the question on the team's terminal", announced)?;

    // A ломтик acts only as itself: the team's card is not its to hand in,
    // and it has no button; its link stays up.
    let card = hall.command(
        top,
        Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: Q0,
                text: "Пушкин".into(),
            },
        ),
    )?;
    ensure!(
        card == Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::NotATeam
        )))),
        "{card:?}"
    );
    let press = hall.command(top, Command::Press { clock_offset_us: 0 })?;
    ensure!(press == Err(CommandError::NothingToPress), "{press:?}");
    // What a ping's round trip showed on sockets: a second on, both links
    // are still up.
    hall.advance(Duration::from_secs(1));
    for t in [top, own] {
        let closed = &hall.terminals[t].closed;
        ensure!(closed.is_none(), "terminal {t} closed: {closed:?}");
    }
    Ok(())
}

#[test]
fn neptune_a_slice_with_another_secret_is_refused() -> Result<()> {
    let mut hall = VirtualHall::open(2, test_timing(), Conditions::default())?;
    let (one, two) = (hall.team_ids[0], hall.team_ids[1]);
    let access = access(&mut hall)?;
    let secret = |code: JoinCode| match code.credential {
        Credential::Slice { secret, .. } => Ok(secret),
        other => Err(anyhow!("not a ломтик's credential: {other:?}")),
    };
    let top = secret(code(&access, one, Slice::Top)?)?;
    let other_team = secret(code(&access, two, Slice::Bottom)?)?;
    let team_secret = access
        .teams
        .iter()
        .find(|(id, _)| *id == one)
        .map(|(_, s)| s.clone())
        .ok_or_else(|| anyhow!("no secret of team {one}"))?;

    let slice = |team, slice, secret: &str| Credential::Slice {
        team,
        slice,
        secret: secret.to_owned(),
    };
    // The other ломтик's secret, the team's own, another team's ломтик's.
    assert_refused(
        &mut hall,
        slice(one, Slice::Bottom, &top),
        Refusal::BadSecret,
    )?;
    assert_refused(
        &mut hall,
        slice(one, Slice::Top, &team_secret),
        Refusal::BadSecret,
    )?;
    assert_refused(
        &mut hall,
        slice(one, Slice::Bottom, &other_team),
        Refusal::BadSecret,
    )?;
    // A ломтик's secret opens no team terminal.
    assert_refused(
        &mut hall,
        Credential::Team {
            team: one,
            secret: top.clone(),
        },
        Refusal::BadSecret,
    )?;
    assert_refused(
        &mut hall,
        slice(TeamId(99), Slice::Top, &top),
        Refusal::UnknownMember,
    )?;

    // The host's screen has no code for a team it does not list.
    ensure!(slice_join_code(&access, TeamId(99), Slice::Top).is_none());

    // The right one still joins.
    let joined = connect(&mut hall, &code(&access, one, Slice::Top)?)?;
    ensure!(hall.terminals[joined].identity == Identity::Slice(one, Slice::Top));
    Ok(())
}

#[test]
fn neptune_a_removed_teams_slices_are_disconnected() -> Result<()> {
    let mut hall = VirtualHall::open(2, test_timing(), Conditions::default())?;
    let two = hall.team_ids[1];
    let access = access(&mut hall)?;
    let code = code(&access, two, Slice::Bottom)?;
    let bottom = connect(&mut hall, &code)?;
    hall.team_sees(bottom, "a first view", |_| true)?;

    let host = hall.host;
    hall.ok(host, Command::RemoveTeam { team: two })?;
    hall.until("the ломтик's link closed", |h| {
        h.terminals[bottom].closed.is_some()
    })?;
    let closed = hall.terminals[bottom].closed.clone();
    ensure!(
        closed
            .as_ref()
            .is_some_and(|(code, _)| *code == close::REFUSED),
        "{closed:?}"
    );
    let again = connect(&mut hall, &code);
    ensure!(again.is_err(), "a removed team's ломтик joined again");
    Ok(())
}

/// The Нептун game's view on a team's (or ломтик's) terminal.
fn neptune(v: &TeamView, game: GameId) -> Option<&NeptuneTeamView> {
    v.games
        .iter()
        .find(|g| g.id == game)
        .and_then(|g| match &g.view {
            GameTeamView::Neptune(n) => Some(n),
            _ => None,
        })
}

fn refused_with(got: Result<Receipt, CommandError>, want: NeptunePlayError) -> Result<()> {
    let want = CommandError::Play(PlayError::Game(GameError::Neptune(want)));
    ensure!(
        got.as_ref().err() == Some(&want),
        "{got:?}, wanted {want:?}"
    );
    Ok(())
}

#[test]
fn neptune_2_3_the_slices_answer_from_their_own_terminals_and_never_see_each_other() -> Result<()> {
    // Arrange: a Нептун game of two teams past Негатив, each ломтик on its
    // own terminal.
    let mut hall = VirtualHall::open(2, test_timing(), Conditions::default())?;
    let teams = hall.team_ids.clone();
    let settings = NeptuneSettings {
        timing: NeptuneTiming {
            minute_ms: 2_000,
            grace_ms: 100,
            ..NeptuneTiming::default()
        },
        sizes: ContestSizes::shortened(1),
    };
    let game = hall.add_neptune(&teams, settings)?;
    let access = access(&mut hall)?;
    let team = teams[0];
    let top = connect(&mut hall, &code(&access, team, Slice::Top)?)?;
    let bottom = connect(&mut hall, &code(&access, team, Slice::Bottom)?)?;
    hall.game_ok(game, NeptuneCommand::StartContest)?;
    hall.game_ok(game, NeptuneCommand::Announce { rating: Some(1) })?;
    hall.game_ok(game, NeptuneCommand::StartMinute)?;
    hall.advance(Duration::from_millis(2_200));
    hall.game_retry(game, NeptuneCommand::Reveal)?;
    hall.game_ok(game, NeptuneCommand::StartContest)?;
    hall.game_ok(game, NeptuneCommand::Announce { rating: None })?;
    hall.game_ok(game, NeptuneCommand::StartMinute)?;
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
    let own = hall.teams[0];
    refused_with(
        hall.command(own, card("КОМАНДА", None))?,
        NeptunePlayError::SlicesAnswer,
    )?;
    refused_with(
        hall.command(top, card("ЗА НИЗ", Some(Slice::Bottom)))?,
        NeptunePlayError::OtherSlice,
    )?;
    hall.ok(top, card("ОТВЕТ ВЕРХА", None))?;
    hall.ok(bottom, card("ОТВЕТ НИЗА", Some(Slice::Bottom)))?;
    let mine = |want: &'static str| {
        move |v: &TeamView| {
            neptune(v, game)
                .and_then(|n| n.card.as_ref())
                .is_some_and(|c| c.answers == [want])
        }
    };
    let top_view = hall.team_sees(top, "the top's own card", mine("ОТВЕТ ВЕРХА"))?;
    let bottom_view = hall.team_sees(bottom, "the bottom's own card", mine("ОТВЕТ НИЗА"))?;
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
