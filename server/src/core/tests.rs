//! The core driven with a virtual clock: every ChGK rule of section 3 as the
//! host, judges and teams meet it, in microseconds.

use minuta_shared::identity::Identity;
use minuta_shared::ids::{AppealId, QuestionId, TeamId, TourId};
use minuta_shared::play::brain_ring::{EVENT_RING, RingCommand};
use minuta_shared::play::chgk::{
    AppealKind, ChgkCommand, ChgkError, ChgkReceipt, EVENT_CHGK, Verdict,
};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameError, GameReceipt, PlayError};
use minuta_shared::play::settings::TournamentSettings;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::{Command, CutDecision};
use minuta_shared::wire::handshake::{Credential, Refusal};
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::View;

use super::*;

const T0: u64 = 1_700_000_000_000; // ms: the virtual wall clock at «Время»

pub(super) fn at(ms_after_start: u64) -> ServerTime {
    ServerTime::from_millis(T0 + ms_after_start)
}

const PACKAGE: &str = "## Тур 1\n\n? Первый вопрос.\n! Пушкин.\n= Александр Пушкин.\n\n? Второй вопрос.\n! Нева.\n\n? Третий вопрос.\n! Париж.\n";

pub(super) struct Game {
    pub(super) core: Core,
    events: Vec<Event>,
    secrets: u32,
}

impl Game {
    /// A tournament with `teams` teams and the three-question package.
    pub(super) fn new(teams: u32) -> Self {
        let mut g = Game {
            core: Core::new(ServerInfo::default()),
            events: Vec::new(),
            secrets: 0,
        };
        let init = g
            .core
            .initialise(
                "host-secret".into(),
                "display-secret".into(),
                "jury-secret".into(),
                at(0),
            )
            .unwrap();
        g.events.extend(init);
        for i in 1..=teams {
            let players = (1..=4).map(|p| format!("Игрок {p}")).collect();
            g.host(
                Command::RegisterTeam {
                    rating_id: None,
                    name: format!("Команда {i}"),
                    town: "Город".into(),
                    players,
                },
                at(0),
            )
            .unwrap();
        }
        g.host(
            Command::game(
                EVENT_CHGK,
                ChgkCommand::LoadPackage {
                    file_name: "t.4s".into(),
                    bytes: PACKAGE.as_bytes().to_vec(),
                    pictures: Vec::new(),
                },
            ),
            at(0),
        )
        .unwrap();
        g
    }

    fn run(
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

    /// The server started again: its state rebuilt from the stored events.
    pub(super) fn restart(&mut self) {
        let mut core = Core::new(ServerInfo::default());
        core.replay(&self.events);
        self.core = core;
    }

    pub(super) fn host(
        &mut self,
        command: Command,
        now: ServerTime,
    ) -> Result<Receipt, CommandError> {
        self.run(Identity::Host, command, now)
    }

    pub(super) fn card(
        &mut self,
        team: u32,
        q: u32,
        text: &str,
        now: ServerTime,
    ) -> Result<Receipt, CommandError> {
        self.run(
            Identity::Team(TeamId(team)),
            Command::game(
                EVENT_CHGK,
                ChgkCommand::SubmitCard {
                    question: QuestionId(q),
                    text: text.into(),
                },
            ),
            now,
        )
    }

    pub(super) fn play_minute(&mut self, q: u32, start: ServerTime) {
        self.host(
            Command::game(
                EVENT_CHGK,
                ChgkCommand::Announce {
                    question: QuestionId(q),
                },
            ),
            start,
        )
        .unwrap();
        self.host(Command::game(EVENT_CHGK, ChgkCommand::StartMinute), start)
            .unwrap();
    }

    pub(super) fn judge(&mut self, q: u32, group: &str, verdict: Verdict, now: ServerTime) {
        let group = minuta_shared::text::normalise_answer(group);
        self.host(
            Command::game(
                EVENT_CHGK,
                ChgkCommand::Judge {
                    question: QuestionId(q),
                    group,
                    verdict,
                },
            ),
            now,
        )
        .unwrap();
    }

    fn team_view(&self, team: u32, now: ServerTime) -> minuta_shared::wire::view::TeamView {
        match self.core.view_for(Identity::Team(TeamId(team)), now) {
            View::Team(v) => v,
            other => panic!("not a team view: {other:?}"),
        }
    }
}

#[test]
fn chgk_3_card_at_62_999_is_on_time_and_at_63_001_is_late_but_kept() {
    let mut g = Game::new(2);
    g.play_minute(0, at(0));
    let on_time = g.card(1, 0, "Пушкин", at(62_999)).unwrap();
    assert_eq!(
        on_time,
        Receipt::Game {
            game: EVENT_CHGK,
            receipt: GameReceipt::Chgk(ChgkReceipt::Card {
                question: QuestionId(0),
                received_at: at(62_999),
                since_start_ms: 62_999,
                late: false
            })
        }
    );
    let late = g.card(2, 0, "Пушкин", at(63_001)).unwrap();
    assert_eq!(
        late,
        Receipt::Game {
            game: EVENT_CHGK,
            receipt: GameReceipt::Chgk(ChgkReceipt::Card {
                question: QuestionId(0),
                received_at: at(63_001),
                since_start_ms: 63_001,
                late: true
            })
        }
    );

    // The late card is shown to the host apart, and never scored.
    let View::Host(host) = g.core.view_for(Identity::Host, at(70_000)) else {
        panic!()
    };
    let judging = &host.event_chgk().judging[0];
    assert_eq!(judging.late.len(), 1);
    assert_eq!(judging.late[0].team, TeamId(2));
    assert_eq!(judging.groups.len(), 1);
    assert_eq!(judging.groups[0].teams, vec![TeamId(1)]);
    g.judge(0, "Пушкин", Verdict::Correct, at(70_000));
    let standings = g
        .core
        .event_chgk()
        .expect("ChGK")
        .staff_standings(g.core.roster());
    assert_eq!(
        standings
            .iter()
            .find(|r| r.team == TeamId(2))
            .unwrap()
            .points,
        0
    );
    assert_eq!(
        standings
            .iter()
            .find(|r| r.team == TeamId(1))
            .unwrap()
            .points,
        1
    );
}

#[test]
fn chgk_3_signals_at_50_and_60_seconds_wake_the_core() {
    let mut g = Game::new(1);
    g.play_minute(0, at(0));
    assert_eq!(g.core.poll_timeout(at(1)), Some(at(50_000)));
    g.core.take_dirty();
    let decided = g.core.handle_timeout(at(50_000));
    g.events.extend(decided);
    assert!(g.core.take_dirty().contains(&Audience::AllTeams));
    assert_eq!(
        g.core
            .event_chgk()
            .expect("ChGK")
            .clock_view(at(50_000))
            .phase,
        Phase::LastSeconds
    );
    assert_eq!(g.core.poll_timeout(at(50_000)), Some(at(60_000)));
    assert_eq!(
        g.core
            .event_chgk()
            .expect("ChGK")
            .clock_view(at(60_000))
            .phase,
        Phase::HandIn
    );
    assert_eq!(
        g.core
            .event_chgk()
            .expect("ChGK")
            .clock_view(at(63_001))
            .phase,
        Phase::Over
    );
}

#[test]
fn chgk_3_the_graces_end_is_shown_even_when_the_driver_wakes_late() {
    let mut g = Game::new(1);
    g.play_minute(0, at(0));
    let decided = g.core.handle_timeout(at(50_000));
    g.events.extend(decided);
    let decided = g.core.handle_timeout(at(60_000));
    g.events.extend(decided);
    g.core.take_dirty();
    // Woken only after the grace ended: the last signal is still due.
    assert_eq!(g.core.poll_timeout(at(64_000)), Some(at(64_000)));
    let decided = g.core.handle_timeout(at(64_000));
    g.events.extend(decided);
    assert!(g.core.take_dirty().contains(&Audience::AllTeams));
    assert_eq!(g.core.poll_timeout(at(65_000)), None);
}

#[test]
fn chgk_3_a_card_is_final_once_accepted() {
    let mut g = Game::new(1);
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(10_000)).unwrap();
    assert_eq!(
        g.card(1, 0, "Лермонтов", at(11_000)),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::CardAlreadyAccepted
        ))))
    );
    assert_eq!(
        g.card(1, 0, "   ", at(11_000)),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::CardAlreadyAccepted
        ))))
    );
}

#[test]
fn chgk_3_cards_are_refused_before_the_question_is_announced() {
    let mut g = Game::new(1);
    assert_eq!(
        g.card(1, 1, "Нева", at(0)),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::NotAnnounced
        ))))
    );
    assert_eq!(
        g.card(1, 99, "Нева", at(0)),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::NoSuchQuestion
        ))))
    );
    g.host(
        Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce {
                question: QuestionId(1),
            },
        ),
        at(0),
    )
    .unwrap();
    // Announced but «Время» not given yet: a team that knows may write.
    assert!(matches!(
        g.card(1, 1, "Нева", at(1)),
        Ok(Receipt::Game {
            game: EVENT_CHGK,
            receipt: GameReceipt::Chgk(ChgkReceipt::Card { late: false, .. })
        })
    ));
}

#[test]
fn chgk_3_the_next_question_waits_for_the_hand_in_grace() {
    let mut g = Game::new(1);
    g.play_minute(0, at(0));
    assert_eq!(
        g.host(
            Command::game(
                EVENT_CHGK,
                ChgkCommand::Announce {
                    question: QuestionId(1)
                }
            ),
            at(63_000)
        ),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::ClockRunning
        ))))
    );
    g.host(
        Command::game(
            EVENT_CHGK,
            ChgkCommand::Announce {
                question: QuestionId(1),
            },
        ),
        at(63_001),
    )
    .unwrap();
    assert_eq!(
        g.host(
            Command::game(
                EVENT_CHGK,
                ChgkCommand::Announce {
                    question: QuestionId(0)
                }
            ),
            at(70_000)
        ),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::MinuteAlreadyStarted
        ))))
    );
}

#[test]
fn chgk_judging_marks_a_whole_group_of_equal_answers() {
    let mut g = Game::new(3);
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    g.card(2, 0, "  «ПУШКИН!» ", at(2_000)).unwrap();
    g.card(3, 0, "Лермонтов", at(3_000)).unwrap();
    let View::Host(host) = g.core.view_for(Identity::Host, at(64_000)) else {
        panic!()
    };
    let groups = &host.event_chgk().judging[0].groups;
    assert_eq!(groups.len(), 2);
    assert_eq!(groups[0].teams, vec![TeamId(1), TeamId(2)]);
    assert_eq!(groups[0].spellings.len(), 2);
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    let standings = g
        .core
        .event_chgk()
        .expect("ChGK")
        .staff_standings(g.core.roster());
    let points: Vec<u32> = [1, 2, 3]
        .iter()
        .map(|t| {
            standings
                .iter()
                .find(|r| r.team == TeamId(*t))
                .unwrap()
                .points
        })
        .collect();
    assert_eq!(points, vec![1, 1, 0]);
}

#[test]
fn chgk_judges_may_change_their_minds_until_the_tour_is_closed() {
    let mut g = Game::new(1);
    g.host(
        Command::AddJudge {
            name: "Мария".into(),
        },
        at(0),
    )
    .unwrap();
    let judge = Identity::Judge(minuta_shared::ids::JudgeId(1));
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    let key = minuta_shared::text::normalise_answer("Пушкин");
    let judge_cmd = |v| {
        Command::game(
            EVENT_CHGK,
            ChgkCommand::Judge {
                question: QuestionId(0),
                group: key.clone(),
                verdict: v,
            },
        )
    };
    g.run(judge, judge_cmd(Verdict::Wrong), at(64_000)).unwrap();
    g.run(judge, judge_cmd(Verdict::Correct), at(65_000))
        .unwrap();
    let View::Host(host) = g.core.view_for(Identity::Host, at(65_000)) else {
        panic!()
    };
    assert_eq!(host.event_chgk().judgement_log.len(), 2);
    assert_eq!(
        host.event_chgk().judgement_log[1].by,
        minuta_shared::play::chgk::Judger::Judge(minuta_shared::ids::JudgeId(1))
    );
    assert_eq!(host.event_chgk().judgement_log[1].at, at(65_000));
    g.host(
        Command::game(EVENT_CHGK, ChgkCommand::CloseTour { tour: TourId(0) }),
        at(66_000),
    )
    .unwrap();
    assert_eq!(
        g.run(judge, judge_cmd(Verdict::Wrong), at(67_000)),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::TourClosed
        ))))
    );
}

#[test]
fn chgk_the_halls_standings_are_built_once_until_a_reveal_changes_them() {
    let mut g = Game::new(2);
    g.play_minute(0, at(0));
    let before = g
        .core
        .event_chgk()
        .expect("ChGK")
        .public_standings(g.core.roster());
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    g.card(2, 0, "Лермонтов", at(2_000)).unwrap();
    assert!(
        std::sync::Arc::ptr_eq(
            &before,
            &g.core
                .event_chgk()
                .expect("ChGK")
                .public_standings(g.core.roster())
        ),
        "cards change nothing the hall sees: no rebuild"
    );
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    g.judge(0, "Лермонтов", Verdict::Wrong, at(64_000));
    g.host(
        Command::game(
            EVENT_CHGK,
            ChgkCommand::Reveal {
                question: QuestionId(0),
            },
        ),
        at(65_000),
    )
    .unwrap();
    let after = g
        .core
        .event_chgk()
        .expect("ChGK")
        .public_standings(g.core.roster());
    assert!(!std::sync::Arc::ptr_eq(&before, &after));
    let points: Vec<(TeamId, u32)> = after.iter().map(|r| (r.team, r.points)).collect();
    assert_eq!(points, [(TeamId(1), 1), (TeamId(2), 0)]);
}

#[test]
fn chgk_no_team_sees_another_teams_answer_and_verdicts_wait_for_the_reveal() {
    let mut g = Game::new(2);
    g.play_minute(0, at(0));
    g.card(1, 0, "секретный ответ один", at(1_000)).unwrap();
    g.card(2, 0, "секретный ответ два", at(2_000)).unwrap();
    g.judge(0, "секретный ответ один", Verdict::Correct, at(64_000));
    g.judge(0, "секретный ответ два", Verdict::Wrong, at(64_000));
    let before = g.team_view(1, at(64_000));
    let encoded = format!("{before:?}");
    assert!(
        !encoded.contains("два"),
        "team 1 sees team 2's answer: {encoded}"
    );
    assert!(
        before.event_chgk().cards[0].reveal.is_none(),
        "verdict before the reveal"
    );
    assert!(
        before.event_chgk().standings.iter().all(|r| r.points == 0),
        "standings leak the judging before the reveal"
    );

    g.host(
        Command::game(
            EVENT_CHGK,
            ChgkCommand::Reveal {
                question: QuestionId(0),
            },
        ),
        at(65_000),
    )
    .unwrap();
    let after = g.team_view(1, at(65_000));
    assert!(!format!("{after:?}").contains("два"));
    let reveal = after.event_chgk().cards[0].reveal.as_ref().unwrap();
    assert_eq!(reveal.verdict, Some(Verdict::Correct));
    assert_eq!(reveal.author_answer, "Пушкин.");
    // The display never carries answers either.
    let display = format!("{:?}", g.core.view_for(Identity::Display, at(65_000)));
    assert!(!display.contains("секретный"));
}

#[test]
fn chgk_reveal_waits_for_the_grace_and_for_every_group_judged() {
    let mut g = Game::new(2);
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    assert_eq!(
        g.host(
            Command::game(
                EVENT_CHGK,
                ChgkCommand::Reveal {
                    question: QuestionId(0)
                }
            ),
            at(63_000)
        ),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::ClockRunning
        ))))
    );
    assert_eq!(
        g.host(
            Command::game(
                EVENT_CHGK,
                ChgkCommand::Reveal {
                    question: QuestionId(0)
                }
            ),
            at(64_000)
        ),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::NotAllJudged
        ))))
    );
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    g.host(
        Command::game(
            EVENT_CHGK,
            ChgkCommand::Reveal {
                question: QuestionId(0),
            },
        ),
        at(64_000),
    )
    .unwrap();
}

#[test]
fn chgk_4_14_an_upheld_question_appeal_withdraws_the_question_for_everyone() {
    let mut g = Game::new(2);
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    g.host(
        Command::game(
            EVENT_CHGK,
            ChgkCommand::Reveal {
                question: QuestionId(0),
            },
        ),
        at(64_000),
    )
    .unwrap();
    let appeal = Command::game(
        EVENT_CHGK,
        ChgkCommand::FileAppeal {
            question: QuestionId(0),
            kind: AppealKind::WithdrawQuestion,
            text: "Ошибка в вопросе".into(),
        },
    );
    assert_eq!(
        g.run(Identity::Team(TeamId(2)), appeal, at(65_000)),
        Ok(Receipt::Game {
            game: EVENT_CHGK,
            receipt: GameReceipt::Chgk(ChgkReceipt::AppealFiled {
                appeal: AppealId(1)
            })
        })
    );
    assert_eq!(
        g.host(
            Command::game(EVENT_CHGK, ChgkCommand::CloseTour { tour: TourId(0) }),
            at(66_000)
        ),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::OpenAppeals
        ))))
    );
    g.host(
        Command::game(
            EVENT_CHGK,
            ChgkCommand::ResolveAppeal {
                appeal: AppealId(1),
                upheld: true,
                reply: "Снят".into(),
            },
        ),
        at(66_000),
    )
    .unwrap();
    let standings = g
        .core
        .event_chgk()
        .expect("ChGK")
        .staff_standings(g.core.roster());
    assert!(
        standings.iter().all(|r| r.points == 0 && r.mask == "X"),
        "{standings:?}"
    );
    g.host(
        Command::game(EVENT_CHGK, ChgkCommand::CloseTour { tour: TourId(0) }),
        at(67_000),
    )
    .unwrap();
}

#[test]
fn chgk_6_5_the_host_takes_the_appeals_back_from_a_jury_gone_for_good() {
    // Arrange: the jury's terminal joined once; an appeal waits for it.
    let mut g = Game::new(2);
    let seated = g.core.jury_joined(at(0)).expect("the jury is seated");
    g.events.push(seated);
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    let chgk = |c: ChgkCommand| Command::game(EVENT_CHGK, c);
    g.host(
        chgk(ChgkCommand::Reveal {
            question: QuestionId(0),
        }),
        at(64_000),
    )
    .unwrap();
    let appeal = chgk(ChgkCommand::FileAppeal {
        question: QuestionId(0),
        kind: AppealKind::WithdrawQuestion,
        text: "Ошибка в вопросе".into(),
    });
    g.run(Identity::Team(TeamId(2)), appeal, at(65_000))
        .unwrap();
    let resolve = chgk(ChgkCommand::ResolveAppeal {
        appeal: AppealId(1),
        upheld: false,
        reply: "Вопрос корректен".into(),
    });
    assert_eq!(
        g.host(resolve.clone(), at(66_000)),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::JuryDecides
        ))))
    );
    // Only the host may take the appeals back.
    assert_eq!(
        g.run(Identity::Jury, Command::TakeBackAppeals, at(66_000)),
        Err(CommandError::Forbidden)
    );

    // Act: the jury has left; the host takes the appeals back, and the
    // server restarts.
    g.host(Command::TakeBackAppeals, at(67_000)).unwrap();
    g.restart();

    // Assert: the host decides and the tour closes.
    assert!(!g.core.roster().appeal_jury);
    g.host(resolve, at(68_000)).unwrap();
    g.host(chgk(ChgkCommand::CloseTour { tour: TourId(0) }), at(69_000))
        .unwrap();
    // A jury terminal joining again seats the jury again.
    assert!(g.core.jury_joined(at(70_000)).is_some());
}

#[test]
fn chgk_4_15_an_upheld_answer_appeal_counts_that_teams_answer_only() {
    let mut g = Game::new(3);
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    g.card(2, 0, "Пушкин А.С.", at(1_000)).unwrap();
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    g.judge(0, "Пушкин А.С.", Verdict::Wrong, at(64_000));
    let early = Command::game(
        EVENT_CHGK,
        ChgkCommand::FileAppeal {
            question: QuestionId(0),
            kind: AppealKind::AcceptMyAnswer,
            text: "Это он".into(),
        },
    );
    assert_eq!(
        g.run(Identity::Team(TeamId(2)), early.clone(), at(64_500)),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::NotRevealed
        ))))
    );
    g.host(
        Command::game(
            EVENT_CHGK,
            ChgkCommand::Reveal {
                question: QuestionId(0),
            },
        ),
        at(65_000),
    )
    .unwrap();
    assert_eq!(
        g.run(Identity::Team(TeamId(3)), early.clone(), at(65_500)),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::NoCardToAppeal
        ))))
    );
    g.run(Identity::Team(TeamId(2)), early.clone(), at(65_500))
        .unwrap();
    assert_eq!(
        g.run(Identity::Team(TeamId(2)), early, at(65_600)),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::DuplicateAppeal
        ))))
    );
    g.host(
        Command::game(
            EVENT_CHGK,
            ChgkCommand::ResolveAppeal {
                appeal: AppealId(1),
                upheld: true,
                reply: "Засчитано".into(),
            },
        ),
        at(66_000),
    )
    .unwrap();
    let standings = g
        .core
        .event_chgk()
        .expect("ChGK")
        .staff_standings(g.core.roster());
    let row = |t| {
        standings
            .iter()
            .find(|r| r.team == TeamId(t))
            .unwrap()
            .clone()
    };
    assert_eq!((row(1).points, row(2).points, row(3).points), (1, 1, 0));
    // 4.3: team 3 handed in no card but is registered and not marked
    // absent, so it plays: A = 3, B = 2 correct → rating 2 each.
    assert_eq!((row(1).rating, row(2).rating), (2, 2));
    assert_eq!(row(1).place.to_string(), "1-2");
    assert_eq!(row(3).place.to_string(), "3");
}

#[test]
fn chgk_4_3_a_is_the_registered_teams_less_those_the_host_marks_absent() {
    let mut g = Game::new(4);
    // Teams 1–3 hand in cards in tour 1; team 4 hands in none.
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    g.card(2, 0, "Лермонтов", at(1_000)).unwrap();
    g.card(3, 0, "Гоголь", at(1_000)).unwrap();
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    g.judge(0, "Лермонтов", Verdict::Wrong, at(64_000));
    g.judge(0, "Гоголь", Verdict::Wrong, at(64_000));
    let rating = |g: &Game| {
        g.core
            .event_chgk()
            .expect("ChGK")
            .staff_standings(g.core.roster())[0]
            .rating
    };
    // Team 4 is registered and not marked absent: A = 4, B = 1, rating 4.
    assert_eq!(rating(&g), 4);
    // The host marks it absent (it did not come): A = 3, rating 3; stored
    // and replayed like any decision.
    let absent = |absent| {
        Command::game(
            EVENT_CHGK,
            ChgkCommand::MarkAbsent {
                team: TeamId(4),
                tour: TourId(0),
                absent,
            },
        )
    };
    g.host(absent(true), at(65_000)).unwrap();
    assert_eq!(rating(&g), 3);
    let mut replayed = Core::new(ServerInfo::default());
    replayed
        .replay_checked(&g.events)
        .expect("the store replays");
    let standings = replayed
        .event_chgk()
        .expect("ChGK")
        .staff_standings(replayed.roster());
    assert_eq!(standings[0].rating, 3);
    // A team that came late after all: a card puts it back in A.
    g.play_minute(1, at(70_000));
    g.card(4, 1, "Нева", at(71_000)).unwrap();
    assert_eq!(rating(&g), 4);
    // A team with a card in the tour played it: it is not marked absent.
    assert_eq!(
        g.host(absent(true), at(140_000)),
        Err(CommandError::Play(PlayError::Game(GameError::Chgk(
            ChgkError::PlayedTheTour
        ))))
    );
}

#[test]
fn chgk_4_3_rating_breaks_ties_in_points() {
    let mut g = Game::new(3);
    // Q1: only team 1 right (rating 3+1-1 = 3). Q2: teams 2 and 3 right (rating 2).
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    g.play_minute(1, at(70_000));
    g.card(2, 1, "Нева", at(71_000)).unwrap();
    g.card(3, 1, "Нева", at(71_000)).unwrap();
    g.judge(1, "Нева", Verdict::Correct, at(140_000));
    let standings = g
        .core
        .event_chgk()
        .expect("ChGK")
        .staff_standings(g.core.roster());
    let order: Vec<(u32, String, u32, i64)> = standings
        .iter()
        .map(|r| (r.team.0, r.place.to_string(), r.points, r.rating))
        .collect();
    assert_eq!(
        order,
        vec![
            (1, "1".into(), 1, 3),
            (2, "2-3".into(), 1, 2),
            (3, "2-3".into(), 1, 2)
        ]
    );
    assert_eq!(standings[0].mask, "10");
}

#[test]
fn chgk_teams_act_only_as_themselves_and_only_the_host_controls() {
    let mut g = Game::new(2);
    assert_eq!(
        g.core.authenticate(&Credential::Team {
            team: TeamId(1),
            secret: "secret-2".into()
        }),
        Err(Refusal::BadSecret),
        "team 1 with team 2's secret"
    );
    assert_eq!(
        g.core.authenticate(&Credential::Team {
            team: TeamId(1),
            secret: "secret-1".into()
        }),
        Ok(Identity::Team(TeamId(1)))
    );
    assert_eq!(
        g.core.authenticate(&Credential::Team {
            team: TeamId(9),
            secret: "secret-1".into()
        }),
        Err(Refusal::UnknownMember)
    );
    assert_eq!(
        g.core.authenticate(&Credential::Host { secret: "".into() }),
        Err(Refusal::BadSecret)
    );
    assert_eq!(
        g.run(
            Identity::Team(TeamId(1)),
            Command::game(EVENT_CHGK, ChgkCommand::StartMinute),
            at(0)
        ),
        Err(CommandError::Forbidden)
    );
    assert_eq!(
        g.run(
            Identity::Display,
            Command::game(EVENT_CHGK, ChgkCommand::StartMinute),
            at(0)
        ),
        Err(CommandError::Forbidden)
    );
}

#[test]
fn chgk_registration_checks_names_and_the_players_setting() {
    let mut g = Game::new(1);
    let reg = |name: &str, n: usize| Command::RegisterTeam {
        rating_id: None,
        name: name.into(),
        town: "Тверь".into(),
        players: (0..n).map(|i| format!("p{i}")).collect(),
    };
    assert_eq!(
        g.host(reg("Команда 1", 4), at(0)),
        Err(CommandError::DuplicateTeam("Команда 1".into()))
    );
    assert_eq!(
        g.host(reg("Новые", 3), at(0)),
        Err(CommandError::PlayerCount {
            min: 4,
            max: 6,
            got: 3
        })
    );
    assert_eq!(
        g.host(reg("Новые", 7), at(0)),
        Err(CommandError::PlayerCount {
            min: 4,
            max: 6,
            got: 7
        })
    );
    assert_eq!(g.host(reg(" ", 4), at(0)), Err(CommandError::EmptyName));
    let settings = TournamentSettings {
        min_players: 1,
        max_players: 8,
        ..Default::default()
    };
    g.host(
        Command::SetUpTournament {
            name: "Кубок".into(),
            settings,
        },
        at(0),
    )
    .unwrap();
    assert!(matches!(
        g.host(reg("Новые", 7), at(0)),
        Ok(Receipt::TeamRegistered { .. })
    ));
}

#[test]
fn replaying_the_stored_events_rebuilds_the_same_state() {
    let mut g = Game::new(3);
    g.play_minute(0, at(0));
    g.card(1, 0, "Пушкин", at(1_000)).unwrap();
    g.card(2, 0, "Лермонтов", at(63_500)).unwrap();
    g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
    g.host(
        Command::game(
            EVENT_CHGK,
            ChgkCommand::Reveal {
                question: QuestionId(0),
            },
        ),
        at(64_000),
    )
    .unwrap();
    g.play_minute(1, at(70_000));
    g.card(3, 1, "Нева", at(71_000)).unwrap();

    let mut again = Core::new(ServerInfo::default());
    again.replay(&g.events);
    let now = at(80_000);
    for who in [
        Identity::Host,
        Identity::Display,
        Identity::Team(TeamId(1)),
        Identity::Team(TeamId(3)),
    ] {
        assert_eq!(
            again.view_for(who, now),
            g.core.view_for(who, now),
            "{who:?}"
        );
    }
    // The running minute resumes with its remaining time.
    assert_eq!(
        again.event_chgk().expect("ChGK").clock_view(now).ends_at,
        Some(at(130_000))
    );
    assert_eq!(again.poll_timeout(now), Some(at(120_000)));
}

mod brain_ring {
    use super::*;
    use minuta_shared::play::brain_ring::{
        ButtonPhase, FightId, PressKind, RingAppealKind, RingFightView, RingStage,
    };
    use minuta_shared::play::games::GamePatch;
    use minuta_shared::wire::view::TeamView;

    /// What presses changed, as Brain-ring fights.
    fn fight_patches(core: &mut Core) -> Vec<PressPatch<RingFightView>> {
        let fight = |p: GamePatch| match p {
            GamePatch::Ring(f) => f,
            other => panic!("not a fight: {other:?}"),
        };
        core.take_press_patches()
            .into_iter()
            .map(|(game, p)| {
                assert_eq!(game, EVENT_RING);
                PressPatch {
                    staff: fight(p.staff),
                    public: fight(p.public),
                    teams: p.teams.into_iter().map(|(t, v)| (t, fight(v))).collect(),
                }
            })
            .collect()
    }

    fn ring_game() -> Game {
        let mut g = Game::new(2);
        g.host(
            Command::game(
                EVENT_RING,
                RingCommand::Seed {
                    teams: vec![TeamId(1), TeamId(2)],
                    seed: 0,
                },
            ),
            at(0),
        )
        .unwrap();
        g.host(
            Command::game(EVENT_RING, RingCommand::StartNext { stages: 1 }),
            at(0),
        )
        .unwrap();
        g
    }

    fn press(g: &mut Game, team: u32, now: ServerTime) -> PressKind {
        let (receipt, events) = g.core.handle_press(TeamId(team), now, 250, -3).unwrap();
        g.events.extend(events);
        match receipt {
            Receipt::Press {
                kind, arrived_at, ..
            } => {
                assert_eq!(arrived_at, now);
                kind
            }
            other => panic!("{other:?}"),
        }
    }

    fn judge(g: &mut Game, fight: FightId, correct: bool, now: ServerTime) {
        g.host(
            Command::game(EVENT_RING, RingCommand::Judge { fight, correct }),
            now,
        )
        .unwrap();
    }

    #[test]
    fn brain_ring_the_first_press_to_arrive_answers_and_every_screen_sees_it() {
        let mut g = ring_game();
        let fight = FightId(1);
        g.host(
            Command::game(EVENT_RING, RingCommand::Read { fight }),
            at(0),
        )
        .unwrap();
        assert_eq!(press(&mut g, 2, at(500)), PressKind::FalseStart);
        g.host(
            Command::game(EVENT_RING, RingCommand::Arm { fight }),
            at(1_000),
        )
        .unwrap();
        assert_eq!(press(&mut g, 2, at(1_100)), PressKind::LockedOut);
        g.core.take_dirty();
        fight_patches(&mut g.core);
        assert_eq!(press(&mut g, 1, at(1_200)), PressKind::Won);
        // A press changes its fight alone: no whole view is rebuilt; the
        // fight goes to its screens as a patch (staff with the press log).
        assert!(g.core.take_dirty().is_empty());
        let patches = fight_patches(&mut g.core);
        assert_eq!(patches.len(), 1);
        let patch = &patches[0];
        let tables: Vec<TeamId> = patch.teams.iter().map(|(t, _)| *t).collect();
        assert_eq!(tables, vec![TeamId(1), TeamId(2)]);
        for shown in [&patch.staff, &patch.public] {
            assert!(matches!(
                shown.question.as_ref().unwrap().phase,
                ButtonPhase::Answering { table: 0, .. }
            ));
        }
        assert_eq!(patch.staff.presses.len(), 3);
        assert!(
            patch.public.presses.is_empty(),
            "the hall never sees the press log"
        );
        assert!(fight_patches(&mut g.core).is_empty(), "taken once");
        let view = g.team_view(2, at(1_300));
        let ring = view.ring_fight().expect("team 2 sees its fight").1.clone();
        assert!(matches!(
            ring.question.unwrap().phase,
            ButtonPhase::Answering { table: 0, .. }
        ));
        assert!(ring.presses.is_empty(), "teams do not get the press log");
        let View::Host(host) = g.core.view_for(Identity::Host, at(1_300)) else {
            panic!()
        };
        assert_eq!(
            host.event_ring().unwrap().1.board.fights[0].presses.len(),
            3
        );

        judge(&mut g, fight, true, at(5_000));
        assert_eq!(
            g.core
                .event_ring()
                .expect("Brain-ring")
                .fight(fight)
                .unwrap()
                .count()
                .score,
            [1, 0]
        );
    }

    #[test]
    fn brain_ring_4_13_an_appeal_is_read_by_the_jury_and_its_own_table_alone() {
        let mut g = ring_game();
        let fight = FightId(1);
        g.host(
            Command::game(EVENT_RING, RingCommand::Read { fight }),
            at(0),
        )
        .unwrap();
        g.host(
            Command::game(EVENT_RING, RingCommand::Arm { fight }),
            at(1_000),
        )
        .unwrap();
        assert_eq!(press(&mut g, 1, at(1_200)), PressKind::Won);
        judge(&mut g, fight, true, at(5_000));
        let text = "Вопрос допускает второй ответ";
        g.run(
            Identity::Team(TeamId(2)),
            Command::game(
                EVENT_RING,
                RingCommand::Appeal {
                    fight,
                    kind: RingAppealKind::QuestionIncorrect,
                    text: text.into(),
                },
            ),
            at(6_000),
        )
        .unwrap();

        // The words of each appeal (with the host's reply once decided).
        let texts = |f: &RingFightView| -> Vec<String> {
            f.appeals
                .iter()
                .map(|a| a.text.clone())
                .chain(
                    f.appeals
                        .iter()
                        .filter_map(|a| a.resolution.clone().map(|r| r.1)),
                )
                .filter(|words| !words.is_empty())
                .collect()
        };
        let now = at(6_100);
        let filer = g.team_view(2, now);
        assert_eq!(texts(filer.ring_fight().unwrap().1), vec![text]);
        let board = |v: &TeamView| v.event_ring().unwrap().1.board.clone().unwrap();
        assert_eq!(texts(&board(&filer).fights[0]), vec![text]);
        let other = g.team_view(1, now);
        assert!(texts(other.ring_fight().unwrap().1).is_empty());
        assert!(texts(&board(&other).fights[0]).is_empty());
        let View::Display(display) = g.core.view_for(Identity::Display, now) else {
            panic!()
        };
        let hall = display.event_ring().unwrap().1;
        assert!(texts(&hall.fights[0]).is_empty());
        // That there is one, the hall may know: it holds up the next question.
        assert_eq!(hall.fights[0].appeals.len(), 1);
        let View::Host(host) = g.core.view_for(Identity::Host, now) else {
            panic!()
        };
        assert_eq!(
            texts(&host.event_ring().unwrap().1.board.fights[0]),
            vec![text]
        );

        // Decided, its words and the reply stay the filer's and the jury's;
        // the next press's patch tells the hall only the decision.
        g.host(
            Command::game(
                EVENT_RING,
                RingCommand::ResolveAppeal {
                    fight,
                    appeal: 1,
                    upheld: false,
                    reply: "Ответ единственный".into(),
                },
            ),
            at(7_000),
        )
        .unwrap();
        g.host(
            Command::game(EVENT_RING, RingCommand::Read { fight }),
            at(8_000),
        )
        .unwrap();
        g.host(
            Command::game(EVENT_RING, RingCommand::Arm { fight }),
            at(9_000),
        )
        .unwrap();
        fight_patches(&mut g.core);
        assert_eq!(press(&mut g, 1, at(9_100)), PressKind::Won);
        let patches = fight_patches(&mut g.core);
        let patch = &patches[0];
        let decided = vec![text.to_owned(), "Ответ единственный".to_owned()];
        assert_eq!(texts(&patch.staff), decided);
        assert_eq!(texts(&patch.teams[1].1), decided);
        for hall in [&patch.public, &patch.teams[0].1] {
            assert!(texts(hall).is_empty());
            assert_eq!(
                hall.appeals[0].resolution.as_ref().map(|r| r.0),
                Some(false)
            );
        }
        assert!(matches!(
            patch.teams[0].1.question.as_ref().unwrap().phase,
            ButtonPhase::Answering { table: 0, .. }
        ));
    }

    #[test]
    fn brain_ring_only_teams_of_the_fight_press_and_the_host_controls() {
        let mut g = Game::new(4);
        g.host(
            Command::game(
                EVENT_RING,
                RingCommand::Seed {
                    teams: vec![TeamId(1), TeamId(2)],
                    seed: 0,
                },
            ),
            at(0),
        )
        .unwrap();
        assert!(
            g.core.handle_press(TeamId(3), at(0), 0, 0).is_err(),
            "no fight for team 3"
        );
        assert!(
            g.run(
                Identity::Team(TeamId(1)),
                Command::game(EVENT_RING, RingCommand::StartNext { stages: 1 }),
                at(0)
            )
            .is_err()
        );
        assert_eq!(
            g.host(
                Command::game(
                    EVENT_RING,
                    RingCommand::Seed {
                        teams: vec![TeamId(1), TeamId(2), TeamId(3)],
                        seed: 0
                    }
                ),
                at(0)
            ),
            Err(CommandError::Play(PlayError::Game(GameError::Ring(
                minuta_shared::play::brain_ring::RingPlayError::CannotPair { teams: 3 }
            ))))
        );
    }

    #[test]
    fn brain_ring_4_3_qualification_takes_the_best_chgk_teams() {
        let mut g = Game::new(4);
        g.play_minute(0, at(0));
        g.card(3, 0, "Пушкин", at(1_000)).unwrap();
        g.card(4, 0, "Пушкин", at(1_000)).unwrap();
        g.judge(0, "Пушкин", Verdict::Correct, at(64_000));
        g.host(
            Command::Qualify {
                game: EVENT_RING,
                places: 2,
                seed: 1,
                cut: CutDecision::default(),
            },
            at(70_000),
        )
        .unwrap();
        let RingStage::Qualifying {
            round: 1, pairs, ..
        } = g.core.event_ring().expect("Brain-ring").stage()
        else {
            panic!()
        };
        let mut pair = pairs[0].to_vec();
        pair.sort();
        assert_eq!(pair, vec![TeamId(3), TeamId(4)]);
    }

    #[test]
    fn brain_ring_replaying_presses_rebuilds_the_same_fight() {
        let mut g = ring_game();
        let fight = FightId(1);
        g.host(
            Command::game(EVENT_RING, RingCommand::Read { fight }),
            at(0),
        )
        .unwrap();
        g.host(
            Command::game(EVENT_RING, RingCommand::Arm { fight }),
            at(1_000),
        )
        .unwrap();
        press(&mut g, 1, at(2_000));
        judge(&mut g, fight, false, at(3_000));
        // The rival lets its 20 s run out: time alone ends the question.
        let decided = g.core.handle_timeout(ServerTime(at(23_000).0 + 1));
        g.events.extend(decided);
        let mut again = Core::new(ServerInfo::default());
        again.replay(&g.events);
        let decided = again.handle_timeout(ServerTime(at(23_000).0 + 1));
        assert!(
            decided.is_empty(),
            "nothing left for the deadline to decide"
        );
        assert_eq!(
            again.event_ring().expect("Brain-ring"),
            g.core.event_ring().expect("Brain-ring")
        );
        assert_eq!(
            again
                .event_ring()
                .expect("Brain-ring")
                .fight(fight)
                .unwrap()
                .outcomes
                .len(),
            1
        );
    }
}

mod team_removal {
    use super::*;

    fn remove(g: &mut Game, team: u32) -> Result<Receipt, CommandError> {
        g.host(Command::RemoveTeam { team: TeamId(team) }, at(0))
    }

    /// The secrets are handed out in registration order (secret-1, …).
    fn team_credential(team: u32) -> Credential {
        Credential::Team {
            team: TeamId(team),
            secret: format!("secret-{team}"),
        }
    }

    #[test]
    fn a_team_that_has_not_played_is_removed_from_every_view_and_standings() {
        // Arrange: three teams, team 1 hands in a card.
        let mut g = Game::new(3);
        g.play_minute(0, at(0));
        g.card(1, 0, "Пушкин", at(1_000)).unwrap();

        // Act: team 2 never played.
        assert_eq!(remove(&mut g, 2), Ok(Receipt::Done));

        // Assert: gone from the host's list, the projector's count and the
        // standings; the others keep their ids.
        let View::Host(host) = g.core.view_for(Identity::Host, at(2_000)) else {
            panic!("the host's view");
        };
        let ids: Vec<TeamId> = host.teams.iter().map(|t| t.id).collect();
        assert_eq!(ids, [TeamId(1), TeamId(3)]);
        let chgk = g.core.event_chgk().expect("ChGK");
        let standings = chgk.staff_standings(g.core.roster());
        assert!(standings.iter().all(|r| r.team != TeamId(2)));
        assert_eq!(standings.len(), 2);
    }

    #[test]
    fn a_removed_teams_secret_stops_working() {
        let mut g = Game::new(2);
        let credential = team_credential(2);
        assert_eq!(
            g.core.authenticate(&credential),
            Ok(Identity::Team(TeamId(2)))
        );
        remove(&mut g, 2).unwrap();
        assert_eq!(
            g.core.authenticate(&credential),
            Err(Refusal::UnknownMember)
        );
    }

    #[test]
    fn a_team_with_a_card_cannot_be_removed() {
        // Arrange: team 1's card, even a late one, is part of the results.
        let mut g = Game::new(2);
        g.play_minute(0, at(0));
        g.card(1, 0, "Пушкин", at(70_000)).unwrap();

        // Act and assert.
        assert_eq!(remove(&mut g, 1), Err(CommandError::TeamHasPlayed));
        let View::Host(host) = g.core.view_for(Identity::Host, at(70_000)) else {
            panic!("the host's view");
        };
        assert!(host.teams.iter().any(|t| t.id == TeamId(1) && t.played));
        assert!(host.teams.iter().any(|t| t.id == TeamId(2) && !t.played));
    }

    #[test]
    fn chgk_4_3_a_is_fixed_when_the_tour_closes_on_the_server() {
        // Arrange: three teams; team 1 right on question 1, teams 2 and 3
        // hand in nothing; the tour is closed (A = 3, rating 3).
        let mut g = Game::new(3);
        g.play_minute(0, at(0));
        g.card(1, 0, "Пушкин", at(1_000)).unwrap();
        g.judge(0, "Пушкин", Verdict::Correct, at(70_000));
        let chgk = |c: ChgkCommand| Command::game(EVENT_CHGK, c);
        g.host(
            chgk(ChgkCommand::Reveal {
                question: QuestionId(0),
            }),
            at(70_000),
        )
        .unwrap();
        g.host(chgk(ChgkCommand::CloseTour { tour: TourId(0) }), at(71_000))
            .unwrap();
        let rating = |g: &Game| {
            let chgk = g.core.event_chgk().expect("ChGK");
            chgk.staff_standings(g.core.roster())
                .into_iter()
                .find(|r| r.team == TeamId(1))
                .map(|r| r.rating)
        };
        assert_eq!(rating(&g), Some(3));

        // Act: a team registers late; the host tries to remove a no-show.
        g.host(
            Command::RegisterTeam {
                rating_id: None,
                name: "Опоздавшие".into(),
                town: "Тверь".into(),
                players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
            },
            at(72_000),
        )
        .unwrap();
        let removal = remove(&mut g, 3);

        // Assert: A stays 3; the no-show counted in it stays; a replay agrees.
        assert_eq!(rating(&g), Some(3));
        assert_eq!(removal, Err(CommandError::TeamHasPlayed));
        g.restart();
        assert_eq!(rating(&g), Some(3));
    }

    #[test]
    fn a_team_in_brain_ring_cannot_be_removed() {
        let mut g = Game::new(2);
        g.host(
            Command::game(
                EVENT_RING,
                RingCommand::Seed {
                    teams: vec![TeamId(1), TeamId(2)],
                    seed: 0,
                },
            ),
            at(0),
        )
        .unwrap();
        assert_eq!(remove(&mut g, 2), Err(CommandError::TeamHasPlayed));
    }

    #[test]
    fn removing_an_unknown_or_removed_team_is_refused_and_ids_are_never_reused() {
        let mut g = Game::new(2);
        remove(&mut g, 2).unwrap();
        assert_eq!(remove(&mut g, 2), Err(CommandError::NoSuchTeam));
        assert_eq!(remove(&mut g, 9), Err(CommandError::NoSuchTeam));
        // The last team removed: the next one still gets a fresh id.
        let next = g.host(
            Command::RegisterTeam {
                rating_id: None,
                name: "Новые".into(),
                town: "Тверь".into(),
                players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
            },
            at(0),
        );
        assert_eq!(next, Ok(Receipt::TeamRegistered { team: TeamId(3) }));
    }

    #[test]
    fn a_card_still_on_its_way_from_a_removed_team_is_refused_so_the_log_still_loads() {
        // Arrange: the minute runs; the host removes team 2, whose card
        // arrived in the same batch (its link is closed only after it).
        let mut g = Game::new(2);
        g.play_minute(0, at(0));
        remove(&mut g, 2).unwrap();

        // Act.
        let card = g.card(2, 0, "Пушкин", at(1_000));

        // Assert: refused, nothing stored, and the log replays as a
        // store's is checked at start.
        assert_eq!(card, Err(CommandError::NoSuchTeam));
        let mut again = Core::new(ServerInfo::default());
        again.replay_checked(&g.events).expect("a clean replay");
    }

    #[test]
    fn a_removal_survives_a_replay() {
        let mut g = Game::new(3);
        remove(&mut g, 3).unwrap();
        remove(&mut g, 1).unwrap();

        let mut again = Core::new(ServerInfo::default());
        again.replay_checked(&g.events).expect("a clean replay");

        assert_eq!(
            again.view_for(Identity::Host, at(0)),
            g.core.view_for(Identity::Host, at(0))
        );
        assert_eq!(again.registry().next_team_id(), TeamId(4));
        assert_eq!(
            again.authenticate(&team_credential(1)),
            Err(Refusal::UnknownMember)
        );
    }
}
