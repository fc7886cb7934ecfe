//! The programme's games through the core: a Мультиигры game added, played,
//! stored as JSON and replayed; roles checked twice; old stores upgraded.

use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::games::{
    GameCommand, GameReceipt, GameSettings, GameStaffView, GameTeamView, PlayError,
};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    MultigamesCommand as M, MultigamesReceipt, TaskAppealKind, TaskDraft, TaskId, TourNo,
};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::View;

use super::*;

fn s(secs: u64) -> ServerTime {
    ServerTime::from_millis(1_700_000_000_000 + secs * 1000)
}

/// The core with its stored events, as the formats' core tests drive it
/// (also `erudit_tests`).
pub(super) struct Hall {
    pub(super) core: Core,
    pub(super) events: Vec<Event>,
    secrets: u32,
}

/// The first game the host adds (the event has ChGK 0 and Brain-ring 1).
pub(super) const GAME: GameId = GameId(2);

impl Hall {
    pub(super) fn new(teams: u32) -> Self {
        let mut h = Hall {
            core: Core::new(ServerInfo::default()),
            events: Vec::new(),
            secrets: 0,
        };
        let init = h
            .core
            .initialise("host".into(), "display".into(), "jury".into(), s(0))
            .expect("a new store");
        h.events.extend(init);
        for i in 1..=teams {
            h.run(
                Identity::Host,
                Command::RegisterTeam {
                    rating_id: None,
                    name: format!("Команда {i}"),
                    town: "Город".into(),
                    players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
                },
                s(0),
            )
            .expect("registered");
        }
        h
    }

    pub(super) fn run(
        &mut self,
        who: Identity,
        command: Command,
        now: ServerTime,
    ) -> Result<Receipt, CommandError> {
        let secrets = &mut self.secrets;
        let mut fresh = || {
            *secrets += 1;
            format!("secret-{secrets}")
        };
        let (receipt, events) = self.core.handle_command(who, command, now, &mut fresh)?;
        self.events.extend(events);
        Ok(receipt)
    }

    fn game(
        &mut self,
        who: Identity,
        command: M,
        now: ServerTime,
    ) -> Result<Receipt, CommandError> {
        self.run(
            who,
            Command::Game {
                game: GAME,
                command: GameCommand::Multigames(command),
            },
            now,
        )
    }

    /// A Мультиигры game with one tour and a started 10-s task worth 3.
    fn multigames(teams: u32) -> Self {
        let mut h = Hall::new(teams);
        let added = h.run(
            Identity::Host,
            Command::AddGame {
                name: "Мультиигры".into(),
                settings: GameSettings::Multigames(Default::default()),
            },
            s(0),
        );
        assert_eq!(added, Ok(Receipt::GameAdded { game: GAME }));
        h.game(
            Identity::Host,
            M::AddTour {
                title: "Тур 1".into(),
            },
            s(0),
        )
        .expect("tour");
        let task = TaskDraft {
            title: "Ребус".into(),
            text: "🐟 + кит".into(),
            answer: "рыба-кит".into(),
            comment: String::new(),
            points: Credit::from_int(3),
            seconds: 10,
        };
        h.game(
            Identity::Host,
            M::AddTask {
                tour: TourNo(0),
                task,
            },
            s(0),
        )
        .expect("task");
        h.game(Identity::Host, M::Announce { task: TaskId(0) }, s(1))
            .expect("announced");
        h.game(Identity::Host, M::Start { task: TaskId(0) }, s(1))
            .expect("started");
        h
    }
}

#[test]
fn multigames_a_game_of_the_programme_is_played_through_the_core() {
    let mut h = Hall::multigames(2);
    h.core.take_dirty();
    let receipt = h
        .game(
            Identity::Team(TeamId(1)),
            M::Answer {
                task: TaskId(0),
                text: "рыба-кит".into(),
            },
            s(2),
        )
        .expect("answer");
    assert!(matches!(
        receipt,
        Receipt::Game {
            game: GAME,
            receipt: GameReceipt::Multigames(MultigamesReceipt::Answer { late: false, .. })
        }
    ));
    // Only that team, the staff and the display's count are touched.
    let dirty = h.core.take_dirty();
    assert!(dirty.contains(&Audience::Team(TeamId(1))));
    assert!(!dirty.contains(&Audience::Team(TeamId(2))));
    assert!(!dirty.contains(&Audience::AllTeams));

    // The clock's signals wake the core.
    assert_eq!(
        h.core.poll_timeout(s(2)),
        Some(s(2)),
        "the warning of a 10-s task is due at its start: shown at once"
    );
    let decided = h.core.handle_timeout(s(2));
    h.events.extend(decided);
    assert_eq!(h.core.poll_timeout(s(2)), Some(s(11)));

    let View::Team(other) = h.core.view_for(Identity::Team(TeamId(2)), s(3)) else {
        panic!("a team view");
    };
    let GameTeamView::Multigames(other) = &other.games.last().expect("the Мультиигры game").view
    else {
        panic!("not a Мультиигры game")
    };
    assert!(other.answers.is_empty(), "no team sees another's answer");
}

#[test]
fn multigames_roles_are_checked_by_the_format_through_the_core() {
    let mut h = Hall::multigames(1);
    let host_command = Command::AddGame {
        name: "ещё".into(),
        settings: GameSettings::Multigames(Default::default()),
    };
    for who in [Identity::Jury, Identity::Team(TeamId(1)), Identity::Display] {
        assert_eq!(
            h.run(who, host_command.clone(), s(2)),
            Err(CommandError::Forbidden),
            "{who:?}"
        );
        assert_eq!(
            h.game(who, M::Reveal { task: TaskId(0) }, s(2)),
            Err(CommandError::Forbidden),
            "{who:?}"
        );
    }
    assert_eq!(
        h.run(
            Identity::Host,
            Command::Game {
                game: GameId(9),
                command: GameCommand::Multigames(M::Finish),
            },
            s(2)
        ),
        Err(CommandError::NoSuchGame)
    );
}

#[test]
fn multigames_6_5_the_jury_logs_in_and_decides_an_appeal() {
    let mut h = Hall::multigames(1);
    assert_eq!(
        h.core.authenticate(&Credential::Jury {
            secret: "jury".into()
        }),
        Ok(Identity::Jury)
    );
    assert_eq!(
        h.core.authenticate(&Credential::Jury {
            secret: "host".into()
        }),
        Err(Refusal::BadSecret)
    );
    let team = Identity::Team(TeamId(1));
    h.game(
        team,
        M::Answer {
            task: TaskId(0),
            text: "рыба".into(),
        },
        s(2),
    )
    .expect("answer");
    h.game(
        Identity::Host,
        M::Award {
            task: TaskId(0),
            team: TeamId(1),
            points: Credit::from_int(1),
        },
        s(15),
    )
    .expect("award");
    h.game(Identity::Host, M::Reveal { task: TaskId(0) }, s(15))
        .expect("reveal");
    h.game(
        team,
        M::Appeal {
            task: TaskId(0),
            kind: TaskAppealKind::AcceptMyAnswer,
            text: String::new(),
        },
        s(16),
    )
    .expect("appeal");
    // The jury's terminal joins: from now on it alone decides (6.5).
    assert!(h.core.jury_joined(s(17)).is_some(), "the jury is seated");
    let View::Jury(jury) = h.core.view_for(Identity::Jury, s(17)) else {
        panic!("the jury's view");
    };
    let GameStaffView::Multigames(staff) = &jury.games.last().expect("the Мультиигры game").view
    else {
        panic!("not a Мультиигры game")
    };
    assert_eq!(staff.appeals.len(), 1);
    let decide = M::DecideAppeal {
        appeal: staff.appeals[0].id,
        upheld: true,
        points: None,
        reply: "засчитано".into(),
    };
    assert!(matches!(
        h.game(Identity::Host, decide.clone(), s(18)),
        Err(CommandError::Forbidden) | Err(CommandError::Play(PlayError::Game(_)))
    ));
    h.game(Identity::Jury, decide, s(18)).expect("decided");
    let standings = h
        .core
        .game(GAME)
        .expect("the game")
        .state
        .standings(h.core.roster());
    assert_eq!(standings[0]["points"], 3);
}

#[test]
fn multigames_stored_events_survive_json_and_replay_to_the_same_views() {
    let mut h = Hall::multigames(2);
    h.game(
        Identity::Team(TeamId(1)),
        M::Answer {
            task: TaskId(0),
            text: "a".into(),
        },
        s(2),
    )
    .expect("answer");
    h.game(
        Identity::Host,
        M::Award {
            task: TaskId(0),
            team: TeamId(1),
            points: Credit::parse("1.25").expect("credit"),
        },
        s(12),
    )
    .expect("award");
    // The store keeps events as JSON: credits must come back exact.
    let json = serde_json::to_string(&h.events).expect("to json");
    let back: Vec<Event> = serde_json::from_str(&json).expect("from json");
    assert_eq!(back, h.events);
    let mut again = Core::new(ServerInfo::default());
    again.replay(&back);
    for who in [
        Identity::Host,
        Identity::Jury,
        Identity::Display,
        Identity::Team(TeamId(1)),
    ] {
        assert_eq!(
            again.view_for(who, s(13)),
            h.core.view_for(who, s(13)),
            "{who:?}"
        );
    }
}

#[test]
fn a_store_from_before_the_jury_is_upgraded_once_on_start() {
    let h = Hall::new(1);
    // A store of the previous release: no JuryAppointed event.
    let old: Vec<Event> = h
        .events
        .iter()
        .filter(|e| !matches!(e, Event::JuryAppointed { .. }))
        .cloned()
        .collect();
    let mut core = Core::new(ServerInfo::default());
    core.replay(&old);
    assert_eq!(
        core.authenticate(&Credential::Jury {
            secret: String::new()
        }),
        Err(Refusal::BadSecret),
        "an empty secret admits nobody"
    );
    let upgrade = core.upgrade("new-jury".into());
    assert_eq!(
        upgrade,
        vec![Event::JuryAppointed {
            secret: "new-jury".into()
        }]
    );
    assert_eq!(core.upgrade("again".into()), Vec::new(), "once only");
    assert_eq!(
        core.authenticate(&Credential::Jury {
            secret: "new-jury".into()
        }),
        Ok(Identity::Jury)
    );
}

/// A question typed in by the host, answered «Пушкин».
fn pushkin() -> minuta_shared::packages::Question {
    minuta_shared::packages::Question {
        text: "Кто?".into(),
        answer: "Пушкин".into(),
        ..Default::default()
    }
}

#[test]
fn chgk_two_chgk_tournaments_in_one_event_keep_their_cards_apart() {
    use minuta_shared::ids::{QuestionId, TourId};
    use minuta_shared::play::chgk::{ChgkCommand as C, ChgkSettings, EVENT_CHGK};

    // Arrange: the event's own ChGK and a second one added by the host.
    let mut h = Hall::new(2);
    let added = h.run(
        Identity::Host,
        Command::AddGame {
            name: "Второй ЧГК".into(),
            settings: GameSettings::Chgk(ChgkSettings::default()),
        },
        s(0),
    );
    assert_eq!(added, Ok(Receipt::GameAdded { game: GAME }));
    for game in [EVENT_CHGK, GAME] {
        let question = C::AddQuestion {
            tour: TourId(0),
            question: pushkin(),
        };
        h.run(Identity::Host, Command::game(game, question), s(0))
            .expect("a question");
        h.run(
            Identity::Host,
            Command::game(
                game,
                C::Announce {
                    question: QuestionId(0),
                },
            ),
            s(1),
        )
        .expect("announced");
    }
    h.run(Identity::Host, Command::game(GAME, C::StartMinute), s(2))
        .expect("«Время» in the second game only");

    // Act: team 1 answers in the second game.
    let card = C::SubmitCard {
        question: QuestionId(0),
        text: "Пушкин".into(),
    };
    let receipt = h.run(Identity::Team(TeamId(1)), Command::game(GAME, card), s(32));

    // Assert: the card is the second game's; the event's game has none.
    let Ok(Receipt::Game { game, .. }) = receipt else {
        panic!("{receipt:?}");
    };
    assert_eq!(game, GAME);
    let View::Team(team) = h.core.view_for(Identity::Team(TeamId(1)), s(33)) else {
        panic!("not a team view");
    };
    assert!(team.event_chgk().cards.is_empty());
    let second = team
        .games
        .iter()
        .find(|g| g.id == GAME)
        .and_then(|g| match &g.view {
            GameTeamView::Chgk(v) => Some(v),
            _ => None,
        })
        .expect("the second ChGK");
    assert_eq!(second.cards.len(), 1);
    // Both replay from the store as they were.
    let mut again = Core::new(ServerInfo::default());
    again.replay(&h.events);
    assert_eq!(
        again.view_for(Identity::Host, s(33)),
        h.core.view_for(Identity::Host, s(33))
    );
}

#[test]
fn chgk_a_store_from_before_games_had_ids_replays_its_chgk_into_the_event_game() {
    use minuta_shared::ids::{QuestionId, TourId};
    use minuta_shared::play::chgk::{ChgkEvent, Verdict};

    // Arrange: the events as the previous release stored them.
    let mut h = Hall::new(2);
    let at = s(10);
    h.events.extend([
        Event::Chgk(ChgkEvent::TourAdded {
            tour: TourId(0),
            title: "Тур 1".into(),
        }),
        Event::Chgk(ChgkEvent::QuestionAdded {
            question: QuestionId(0),
            tour: TourId(0),
            content: pushkin(),
        }),
        Event::Chgk(ChgkEvent::Announced {
            question: QuestionId(0),
            at,
        }),
        Event::Chgk(ChgkEvent::MinuteStarted {
            question: QuestionId(0),
            at,
        }),
        Event::Chgk(ChgkEvent::CardAccepted {
            question: QuestionId(0),
            team: TeamId(2),
            text: "Пушкин".into(),
            received_at: s(40),
            late: false,
        }),
        Event::Chgk(ChgkEvent::Judged {
            question: QuestionId(0),
            group: "пушкин".into(),
            verdict: Verdict::Correct,
            by: minuta_shared::play::chgk::Judger::Host,
            at: s(80),
        }),
    ]);

    // Act
    let mut core = Core::new(ServerInfo::default());
    core.replay(&h.events);

    // Assert: the event's ChGK holds it all, scored as before.
    let chgk = core.event_chgk().expect("the event's ChGK");
    assert_eq!(chgk.tours.len(), 1);
    assert_eq!(chgk.questions[0].cards.len(), 1);
    let standings = chgk.staff_standings(core.roster());
    assert_eq!(standings[0].team, TeamId(2));
    assert_eq!(standings[0].points, 1);
    // The old kinds stay readable in the log.
    assert_eq!(h.events.last().map(Event::kind), Some("chgk_judged"));
}
