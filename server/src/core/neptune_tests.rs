//! Нептун through the core, as a ломтик's own terminal acts (2.2–2.3):
//! each ломтик hands in its own Сэндвич card and sees only that one; the
//! team's terminal may not answer for them, a ломтик may not answer for
//! the other or outside Сэндвич, nor send the host's commands; the split
//! is fixed once Сэндвич starts; the events stored as JSON replay to the
//! same views. (The ломтик's join code comes with its credential; over
//! QUIC this is tested once it can log in.)

use minuta_shared::identity::Identity;
use minuta_shared::ids::{Slice, TeamId};
use minuta_shared::play::games::{GameCommand, GameError, GameSettings, GameTeamView, PlayError};
use minuta_shared::play::neptune::{
    CardKey, ContestSizes, NeptuneCommand as C, NeptunePlayError as E, NeptuneReceipt,
    NeptuneSettings, NeptuneTeamView, NeptuneTiming,
};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::View;

use super::games_tests::{GAME, Hall};
use super::*;

/// `ms` after the hall's start.
fn s(ms: u64) -> ServerTime {
    ServerTime::from_millis(1_700_000_000_000 + ms)
}

const T1: TeamId = TeamId(1);
const T2: TeamId = TeamId(2);
const TOP: Identity = Identity::Slice(T1, Slice::Top);
const BOTTOM: Identity = Identity::Slice(T1, Slice::Bottom);

/// A one-second minute, half a second of grace; one question a contest.
fn settings() -> NeptuneSettings {
    NeptuneSettings {
        timing: NeptuneTiming {
            minute_ms: 1_000,
            grace_ms: 500,
            blitz_step_ms: 200,
            joker_topics_ms: 500,
            count_step_ms: 200,
        },
        sizes: ContestSizes::shortened(1),
    }
}

fn neptune(
    h: &mut Hall,
    who: Identity,
    command: C,
    now: ServerTime,
) -> Result<Receipt, CommandError> {
    h.run(
        who,
        Command::Game {
            game: GAME,
            command: GameCommand::Neptune(command),
        },
        now,
    )
}

fn refused(e: E) -> Result<Receipt, CommandError> {
    Err(CommandError::Play(PlayError::Game(GameError::Neptune(e))))
}

/// What `who`'s terminal shows of the game.
fn seen(core: &Core, who: Identity, now: ServerTime) -> NeptuneTeamView {
    let View::Team(view) = core.view_for(who, now) else {
        panic!("{who:?}: not a team view");
    };
    view.games
        .into_iter()
        .find_map(|g| match g.view {
            GameTeamView::Neptune(v) => Some(v),
            _ => None,
        })
        .expect("the Нептун game")
}

fn answer(text: &str) -> C {
    C::Answer {
        answers: vec![text.into()],
        slice: None,
    }
}

/// Two teams registered, team 1's split chosen, Негатив's one question
/// played (team 1 right), and Сэндвич started with its question's minute
/// running from 6 s.
fn sandwich_minute() -> Hall {
    let mut h = Hall::new(2);
    let added = h.run(
        Identity::Host,
        Command::AddGame {
            name: "Нептун".into(),
            settings: GameSettings::Neptune(settings()),
        },
        s(0),
    );
    assert_eq!(added, Ok(Receipt::GameAdded { game: GAME }));
    let host = |h: &mut Hall, c: C, at| neptune(h, Identity::Host, c, at).expect("the host's step");
    host(
        &mut h,
        C::LoadPackage {
            file_name: "demo_neptune.json".into(),
            bytes: crate::demo::neptune::DEMO_NEPTUNE_PACKAGE
                .as_bytes()
                .to_vec(),
        },
        s(0),
    );
    host(
        &mut h,
        C::Register {
            teams: vec![T1, T2],
        },
        s(0),
    );
    let split = C::SetSplit {
        team: None,
        top: vec!["Игрок 1".into(), "Игрок 2".into()],
        bottom: vec!["Игрок 3".into(), "Игрок 4".into()],
    };
    neptune(&mut h, Identity::Team(T1), split, s(1)).expect("2.2: the captain's split");
    host(&mut h, C::StartContest, s(100));
    host(&mut h, C::Announce { rating: None }, s(200));
    host(&mut h, C::StartMinute, s(300));
    // 2.3: a ломтик answers only in Сэндвич.
    assert_eq!(
        neptune(&mut h, TOP, answer("Горе от ума"), s(400)),
        refused(E::NotSandwich)
    );
    neptune(&mut h, Identity::Team(T1), answer("Горе от ума"), s(400)).expect("a card");
    let judge = C::Judge {
        cards: vec![CardKey::team(T1)],
        part: 0,
        correct: true,
    };
    host(&mut h, judge, s(1_900));
    host(&mut h, C::Reveal, s(1_900));
    host(&mut h, C::StartContest, s(5_000));
    host(&mut h, C::Announce { rating: None }, s(5_500));
    host(&mut h, C::StartMinute, s(6_000));
    h
}

#[test]
fn neptune_2_3_each_slice_hands_in_its_own_card_and_sees_only_it() {
    // Arrange: Сэндвич's minute running.
    let mut h = sandwich_minute();

    // Act / assert — 2.2: the split is fixed now.
    let late_split = C::SetSplit {
        team: None,
        top: vec!["Игрок 4".into()],
        bottom: vec!["Игрок 1".into()],
    };
    assert_eq!(
        neptune(&mut h, Identity::Team(T1), late_split, s(6_100)),
        refused(E::SplitFixed)
    );
    // 2.3: the team's own terminal does not answer; a ломтик answers for
    // itself only; a ломтик may not run the game.
    assert_eq!(
        neptune(&mut h, Identity::Team(T1), answer("Париж"), s(6_100)),
        refused(E::SlicesAnswer)
    );
    let for_the_other = C::Answer {
        answers: vec!["Париж".into()],
        slice: Some(Slice::Bottom),
    };
    assert_eq!(
        neptune(&mut h, TOP, for_the_other, s(6_100)),
        refused(E::OtherSlice)
    );
    assert_eq!(
        neptune(&mut h, TOP, C::Reveal, s(6_100)),
        Err(CommandError::Forbidden)
    );
    let top = neptune(&mut h, TOP, answer("Париж"), s(6_200));
    assert!(
        matches!(
            top,
            Ok(Receipt::Game {
                receipt: minuta_shared::play::games::GameReceipt::Neptune(NeptuneReceipt::Card {
                    late: false,
                    ..
                }),
                ..
            })
        ),
        "{top:?}"
    );
    let own = C::Answer {
        answers: vec!["Лондон".into()],
        slice: Some(Slice::Bottom),
    };
    neptune(&mut h, BOTTOM, own, s(6_300)).expect("the bottom ломтик's card");
    assert_eq!(
        neptune(&mut h, TOP, answer("Рим"), s(6_400)),
        refused(E::AlreadyAnswered)
    );

    // Each ломтик sees its own card, and nothing of the other's; the
    // team's terminal and the other team's ломтики see neither.
    let now = s(6_500);
    let top = seen(&h.core, TOP, now);
    let bottom = seen(&h.core, BOTTOM, now);
    assert_eq!(top.slice, Some(Slice::Top));
    assert_eq!(
        top.card.as_ref().map(|c| c.answers.clone()),
        Some(vec!["Париж".to_owned()])
    );
    assert_eq!(
        bottom.card.as_ref().map(|c| c.answers.clone()),
        Some(vec!["Лондон".to_owned()])
    );
    assert!(!format!("{top:?}").contains("Лондон"), "{top:?}");
    assert!(!format!("{bottom:?}").contains("Париж"), "{bottom:?}");
    assert!(!top.may_answer && !bottom.may_answer);
    // 1.2: the sheet is the captain's, not a ломтик's.
    assert!(top.sheet.is_empty() && !seen(&h.core, Identity::Team(T1), now).sheet.is_empty());
    for who in [
        Identity::Team(T1),
        Identity::Slice(T2, Slice::Top),
        Identity::Slice(T2, Slice::Bottom),
        Identity::Team(T2),
    ] {
        let view = format!("{:?}", seen(&h.core, who, now));
        assert!(
            !view.contains("Париж") && !view.contains("Лондон"),
            "{who:?}: {view}"
        );
    }
    let other = seen(&h.core, Identity::Slice(T2, Slice::Bottom), now);
    assert!(other.card.is_none() && other.may_answer);

    // After the reveal each ломтик sees its own verdict, and the hall the
    // ломтик that was right.
    let judge = |cards, correct| C::Judge {
        cards,
        part: 0,
        correct,
    };
    for (key, correct) in [(Slice::Top, true), (Slice::Bottom, false)] {
        neptune(
            &mut h,
            Identity::Host,
            judge(vec![CardKey::slice(T1, key)], correct),
            s(7_600),
        )
        .expect("judged");
    }
    neptune(&mut h, Identity::Host, C::Reveal, s(7_600)).expect("revealed");
    let now = s(7_700);
    let top = seen(&h.core, TOP, now);
    assert_eq!(top.card.map(|c| c.verdicts), Some(vec![Some(true)]));
    let bottom = seen(&h.core, BOTTOM, now);
    assert_eq!(bottom.card.map(|c| c.verdicts), Some(vec![Some(false)]));
    let reveal = top.board.reveal.expect("the reveal");
    assert_eq!(reveal.right, vec![vec![CardKey::slice(T1, Slice::Top)]]);
    assert_eq!(reveal.answers, vec!["Париж".to_owned()]);
    // 2.4: one ломтик right: 20, on top of Негатив's 20.
    let row = top
        .board
        .table
        .iter()
        .find(|r| r.team == T1)
        .expect("a row");
    assert_eq!(row.contests[1], Some(20));
    assert_eq!(row.total, 40);

    // The store keeps events as JSON; a replay gives each ломтик the same view.
    let json = serde_json::to_string(&h.events).expect("to json");
    let back: Vec<Event> = serde_json::from_str(&json).expect("from json");
    let mut again = Core::new(ServerInfo::default());
    again.replay(&back);
    for who in [TOP, BOTTOM, Identity::Team(T1), Identity::Host] {
        assert_eq!(
            again.view_for(who, now),
            h.core.view_for(who, now),
            "{who:?}"
        );
    }
}

/// Replay validation through the seam: Нептун checks its own stored
/// events, so a log edited to hand a card in for a team nobody registered
/// fails the load at that event instead of replaying it.
#[test]
fn a_stored_neptune_card_of_an_unregistered_team_fails_the_replay() {
    use minuta_shared::play::games::GameEvent;
    use minuta_shared::play::neptune::NeptuneEvent;
    use minuta_shared::play::replay::ReplayError;

    let h = sandwich_minute();
    let mut events = h.events.clone();
    Core::new(ServerInfo::default())
        .replay_checked(&events)
        .expect("the store as written replays");
    events.push(Event::Game {
        game: GAME,
        event: GameEvent::Neptune(NeptuneEvent::CardHandedIn {
            key: CardKey::team(TeamId(9)),
            answers: vec!["Горе от ума".into()],
            at: s(6_100),
            late: false,
        }),
    });
    let refused = Core::new(ServerInfo::default())
        .replay_checked(&events)
        .expect_err("a card of team 9, never registered");
    assert_eq!(refused.index, events.len() - 1);
    assert_eq!(refused.problem, ReplayError::NoSuchTeam(TeamId(9)));
}
