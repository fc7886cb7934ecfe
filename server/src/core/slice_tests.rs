//! Нептун's ломтики (2.2) through the core: a ломтик logs in with the
//! secret derived from its team's and no other, sees its team's view under
//! its own name while no format shows it more, and acts only as itself.

use minuta_shared::identity::Identity;
use minuta_shared::ids::{QuestionId, Slice, TeamId};
use minuta_shared::play::chgk::{ChgkCommand, ChgkError, EVENT_CHGK};
use minuta_shared::play::games::{GameError, PlayError};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::slice_secret::slice_secret;
use minuta_shared::wire::view::View;

use super::games_tests::Hall;

fn s(secs: u64) -> ServerTime {
    ServerTime::from_millis(1_700_000_000_000 + secs * 1000)
}

/// Team `team`'s secret as the core stored it.
fn team_secret(h: &Hall, team: u32) -> String {
    h.core.registry().teams[&TeamId(team)].secret.clone()
}

fn slice(team: u32, slice: Slice, secret: String) -> Credential {
    Credential::Slice {
        team: TeamId(team),
        slice,
        secret,
    }
}

#[test]
fn neptune_a_slice_logs_in_with_the_secret_derived_from_its_teams_and_no_other() {
    let h = Hall::new(2);
    let (one, two) = (team_secret(&h, 1), team_secret(&h, 2));
    let top = slice_secret(&one, Slice::Top);

    assert_eq!(
        h.core.authenticate(&slice(1, Slice::Top, top.clone())),
        Ok(Identity::Slice(TeamId(1), Slice::Top))
    );
    assert_eq!(
        h.core
            .authenticate(&slice(1, Slice::Bottom, slice_secret(&one, Slice::Bottom))),
        Ok(Identity::Slice(TeamId(1), Slice::Bottom))
    );
    for (credential, why) in [
        (slice(1, Slice::Top, one.clone()), "the team's own secret"),
        (slice(1, Slice::Bottom, top.clone()), "the other ломтик's"),
        (
            slice(1, Slice::Top, slice_secret(&two, Slice::Top)),
            "another team's ломтик's",
        ),
        (slice(2, Slice::Top, top.clone()), "team 1's for team 2"),
        (slice(1, Slice::Top, String::new()), "an empty one"),
    ] {
        assert_eq!(
            h.core.authenticate(&credential),
            Err(Refusal::BadSecret),
            "{why}"
        );
    }
    // Nor does a ломтик's secret open its team's terminal.
    assert_eq!(
        h.core.authenticate(&Credential::Team {
            team: TeamId(1),
            secret: top
        }),
        Err(Refusal::BadSecret)
    );
    assert_eq!(
        h.core
            .authenticate(&slice(9, Slice::Top, slice_secret(&one, Slice::Top))),
        Err(Refusal::UnknownMember)
    );
}

#[test]
fn neptune_a_slice_sees_its_teams_view_under_its_own_name() {
    let h = Hall::new(2);
    let View::Team(team) = h.core.view_for(Identity::Team(TeamId(1)), s(1)) else {
        panic!("a team's view");
    };
    for (which, suffix) in [(Slice::Top, "верх"), (Slice::Bottom, "низ")] {
        let View::Team(own) = h.core.view_for(Identity::Slice(TeamId(1), which), s(1)) else {
            panic!("a ломтик gets a team's view");
        };
        assert_eq!(own.name, format!("Команда 1-{suffix}"));
        assert_eq!(own.slice, Some(which));
        assert_eq!(own.team, TeamId(1));
        // No format of these shows a ломтик anything but its team's part.
        assert_eq!(own.games, team.games);
    }
    assert_eq!(team.slice, None);
    assert_eq!(team.name, "Команда 1");
}

#[test]
fn neptune_a_slice_hands_in_no_card_of_its_team_and_presses_no_button() {
    let mut h = Hall::new(2);
    let who = Identity::Slice(TeamId(1), Slice::Top);
    let stored = h.events.len();

    let card = h.run(
        who,
        Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: QuestionId(0),
                text: "Пушкин".into(),
            },
        ),
        s(1),
    );
    assert_eq!(
        card,
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::NotATeam
        ))))
    );
    let press = h.run(who, Command::Press { clock_offset_us: 0 }, s(1));
    assert_eq!(press, Err(CommandError::NothingToPress));
    // Nor does it control anything, having a team's permissions.
    let start = h.run(
        who,
        Command::game(EVENT_CHGK, ChgkCommand::StartMinute),
        s(1),
    );
    assert_eq!(start, Err(CommandError::Forbidden));
    assert_eq!(h.events.len(), stored, "nothing stored");
}

#[test]
fn neptune_a_removed_teams_slices_are_refused_like_the_team() {
    let mut h = Hall::new(2);
    let credential = slice(
        2,
        Slice::Bottom,
        slice_secret(&team_secret(&h, 2), Slice::Bottom),
    );
    let removed = h.run(
        Identity::Host,
        Command::RemoveTeam { team: TeamId(2) },
        s(1),
    );
    assert_eq!(removed, Ok(Receipt::Done));
    assert_eq!(
        h.core.authenticate(&credential),
        Err(Refusal::UnknownMember)
    );
    // A command still on its way from its ломтик is refused, not stored.
    let late = h.run(
        Identity::Slice(TeamId(2), Slice::Bottom),
        Command::game(
            EVENT_CHGK,
            ChgkCommand::SubmitCard {
                question: QuestionId(0),
                text: "x".into(),
            },
        ),
        s(2),
    );
    assert_eq!(late, Err(CommandError::NoSuchTeam));
}

#[test]
fn neptune_the_host_sees_which_slices_are_connected() {
    let mut h = Hall::new(2);
    h.core.connected(Identity::Slice(TeamId(1), Slice::Bottom));
    let View::Host(host) = h.core.view_for(Identity::Host, s(1)) else {
        panic!("the host's view");
    };
    let one = &host.teams[0];
    assert_eq!(one.slices_connected, [Slice::Bottom]);
    assert!(!one.connected, "a ломтик is not the team's terminal");
    assert!(host.teams[1].slices_connected.is_empty());

    h.core
        .disconnected(Identity::Slice(TeamId(1), Slice::Bottom));
    let View::Host(host) = h.core.view_for(Identity::Host, s(2)) else {
        panic!("the host's view");
    };
    assert!(host.teams[0].slices_connected.is_empty());
}

#[test]
fn a_deadline_decides_no_event_in_the_formats_without_a_count() {
    let mut h = Hall::new(1);
    h.run(
        Identity::Host,
        Command::game(
            EVENT_CHGK,
            ChgkCommand::LoadPackage {
                file_name: "t.4s".into(),
                bytes: "## Тур 1\n\n? Вопрос.\n! Ответ.\n".as_bytes().to_vec(),
                pictures: Vec::new(),
            },
        ),
        s(0),
    )
    .expect("the package");
    h.run(
        Identity::Host,
        Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce {
                question: QuestionId(0),
            },
        ),
        s(1),
    )
    .expect("the question");
    h.run(
        Identity::Host,
        Command::game(EVENT_CHGK, ChgkCommand::StartMinute),
        s(1),
    )
    .expect("the minute");
    h.core.take_dirty();
    // The minute's 50-s signal: the screens change, nothing is decided.
    let decided = h.core.handle_timeout(s(51));
    assert!(decided.is_empty());
    assert!(!h.core.take_dirty().is_empty(), "the signal is shown");
}
