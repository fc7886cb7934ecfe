//! Мультиигры rules as tests: section 6 of the festival document, with the
//! ChGK card's end signal and grace (3) applied to a task's time.

use proptest::prelude::*;

use super::*;
use crate::identity::Identity;
use crate::ids::{JudgeId, TeamId};
use crate::play::multigames::rules::Credit;
use crate::play::roster::Roster;
use crate::time::ServerTime;
use std::time::Duration;

const A: TeamId = TeamId(1);
const B: TeamId = TeamId(2);
const T0: TaskId = TaskId(0);

fn s(secs: u64) -> ServerTime {
    ServerTime::from_millis(secs * 1000)
}

fn ms(ms: u64) -> ServerTime {
    ServerTime::from_millis(ms)
}

fn pts(text: &str) -> Credit {
    Credit::parse(text).expect("a credit")
}

fn draft(title: &str, points: &str, seconds: u32) -> TaskDraft {
    TaskDraft {
        title: title.into(),
        text: format!("текст: {title}"),
        answer: "ответ".into(),
        comment: String::new(),
        points: pts(points),
        seconds,
    }
}

/// A game with its roster, driven the way the core drives it.
struct Play {
    game: MultigamesGame,
    roster: Roster,
}

impl Play {
    fn new(teams: u32) -> Self {
        Play {
            game: MultigamesGame::new(&MultigamesSettings::default()),
            roster: Roster::numbered(teams),
        }
    }

    fn try_as(
        &mut self,
        who: Identity,
        command: MultigamesCommand,
        now: ServerTime,
    ) -> Result<MultigamesReceipt, MultigamesPlayError> {
        let (receipt, events) = self.game.decide(who, command, &self.roster, now)?;
        for e in &events {
            self.game.apply(e);
        }
        Ok(receipt)
    }

    fn host(&mut self, command: MultigamesCommand, now: ServerTime) -> MultigamesReceipt {
        self.try_as(Identity::Host, command, now)
            .expect("host command")
    }

    /// One tour with one task of `seconds` worth `points`, announced and
    /// started at 0 s.
    fn started(teams: u32, points: &str, seconds: u32) -> Self {
        let mut p = Play::new(teams);
        p.host(
            MultigamesCommand::AddTour {
                title: "Тур 1".into(),
            },
            s(0),
        );
        p.host(
            MultigamesCommand::AddTask {
                tour: TourNo(0),
                task: draft("Ребус", points, seconds),
            },
            s(0),
        );
        p.host(MultigamesCommand::Announce { task: T0 }, s(0));
        p.host(MultigamesCommand::Start { task: T0 }, s(0));
        p
    }

    fn answer(&mut self, team: TeamId, text: &str, now: ServerTime) -> MultigamesReceipt {
        self.try_as(
            Identity::Team(team),
            MultigamesCommand::Answer {
                task: T0,
                text: text.into(),
            },
            now,
        )
        .expect("answer")
    }

    fn award(&mut self, team: TeamId, points: &str, now: ServerTime) {
        self.host(
            MultigamesCommand::Award {
                task: T0,
                team,
                points: pts(points),
            },
            now,
        );
    }
}

fn late_of(receipt: MultigamesReceipt) -> bool {
    match receipt {
        MultigamesReceipt::Answer { late, .. } => late,
        other => panic!("not an answer receipt: {other:?}"),
    }
}

#[test]
fn multigames_6_task_text_hidden_until_the_hosts_start() {
    let mut p = Play::new(2);
    p.host(
        MultigamesCommand::AddTour {
            title: "Тур 1".into(),
        },
        s(0),
    );
    p.host(
        MultigamesCommand::AddTask {
            tour: TourNo(0),
            task: draft("Шарада", "2", 60),
        },
        s(0),
    );
    p.host(MultigamesCommand::Announce { task: T0 }, s(1));

    let view = p.game.team_view(A, &p.roster, s(2));
    let current = view.current.expect("the announced task shows");
    assert_eq!(
        current.heading.seconds, 60,
        "6: the time is announced before the start"
    );
    assert_eq!(current.heading.points, pts("2"));
    assert_eq!(current.text, None, "the sheet lies face down");
    let refused = p.try_as(
        Identity::Team(A),
        MultigamesCommand::Answer {
            task: T0,
            text: "x".into(),
        },
        s(2),
    );
    assert_eq!(refused, Err(MultigamesPlayError::NotStarted(T0)));

    p.host(MultigamesCommand::Start { task: T0 }, s(3));
    let view = p.game.team_view(A, &p.roster, s(4));
    assert_eq!(
        view.current.and_then(|c| c.text),
        Some("текст: Шарада".to_owned())
    );
}

#[test]
fn multigames_3_an_answer_counts_until_the_graces_last_instant() {
    // 60 s task started at 0: the end signal at 60 s, the grace until 63 s.
    let cases = [(62_999, false), (63_000, false), (63_001, true)];
    for (at, late) in cases {
        let mut p = Play::started(1, "1", 60);
        assert_eq!(late_of(p.answer(A, "ответ", ms(at))), late, "at {at} ms");
    }
}

#[test]
fn multigames_6_a_late_answer_is_kept_flagged_and_never_scored() {
    let mut p = Play::started(2, "3", 10);
    p.answer(A, "ответ", s(5));
    assert!(late_of(p.answer(B, "поздно", s(20))));

    let staff = p.game.staff_view(&p.roster, s(21));
    let answers = &staff.tours[0].tasks[0].answers;
    assert_eq!(answers.len(), 2, "the late answer is kept");
    assert!(answers.iter().any(|a| a.team == B && a.late));
    let refused = p.try_as(
        Identity::Host,
        MultigamesCommand::Award {
            task: T0,
            team: B,
            points: pts("3"),
        },
        s(21),
    );
    assert_eq!(refused, Err(MultigamesPlayError::LateAnswer));
    // Only the on-time answer needs credit before the reveal.
    p.award(A, "3", s(21));
    p.host(MultigamesCommand::Reveal { task: T0 }, s(22));
    let rows = p.game.public_standings(&p.roster);
    assert_eq!(rows[0].team, A);
    assert_eq!(rows[1].points, Credit::ZERO);
}

#[test]
fn multigames_6_an_answer_is_final_once_accepted() {
    let mut p = Play::started(1, "1", 60);
    p.answer(A, "первый", s(1));
    let again = p.try_as(
        Identity::Team(A),
        MultigamesCommand::Answer {
            task: T0,
            text: "второй".into(),
        },
        s(2),
    );
    assert_eq!(again, Err(MultigamesPlayError::AlreadyAnswered));
}

#[test]
fn multigames_6_partial_credit_between_zero_and_the_tasks_points() {
    let table: [(&str, Result<(), MultigamesPlayError>); 5] = [
        ("0", Ok(())),
        ("1.5", Ok(())),
        ("3", Ok(())),
        (
            "3.5",
            Err(MultigamesPlayError::CreditOutOfRange {
                got: pts("3.5"),
                max: pts("3"),
            }),
        ),
        ("0.125", Err(MultigamesPlayError::TooPrecise)),
    ];
    for (credit, want) in table {
        let mut p = Play::started(1, "3", 10);
        p.answer(A, "ответ", s(1));
        let got = p
            .try_as(
                Identity::Judge(JudgeId(1)),
                MultigamesCommand::Award {
                    task: T0,
                    team: A,
                    points: pts(credit),
                },
                s(2),
            )
            .map(|_| ());
        assert_eq!(got, want, "credit {credit}");
    }
}

#[test]
fn multigames_6_credit_reaches_the_hall_only_after_the_reveal() {
    let mut p = Play::started(2, "2", 10);
    p.answer(A, "ответ", s(1));
    p.answer(B, "другое", s(2));
    p.award(A, "2", s(14));
    p.award(B, "0.5", s(14));

    let before = p.game.team_view(A, &p.roster, s(15));
    assert_eq!(before.answers[0].reveal, None);
    assert!(before.standings.iter().all(|r| r.points == Credit::ZERO));
    let reveal = p.try_as(
        Identity::Host,
        MultigamesCommand::Reveal { task: T0 },
        s(12),
    );
    assert_eq!(
        reveal,
        Err(MultigamesPlayError::StillAccepting(T0)),
        "not during the grace"
    );

    p.host(MultigamesCommand::Reveal { task: T0 }, s(15));
    let after = p.game.team_view(B, &p.roster, s(16));
    assert_eq!(after.answers.len(), 1, "a team sees its own answer only");
    assert_eq!(after.answers[0].text, "другое");
    let reveal = after.answers[0].reveal.clone().expect("revealed");
    assert_eq!(reveal.points, Some(pts("0.5")));
    assert_eq!(reveal.answer, "ответ");
    let display = p.game.display_view(&p.roster, s(16));
    assert_eq!(display.last_revealed.map(|(_, r)| r.points), Some(None));
}

#[test]
fn multigames_reveal_needs_every_on_time_answer_credited() {
    let mut p = Play::started(2, "1", 10);
    p.answer(A, "ответ", s(1));
    let refused = p.try_as(
        Identity::Host,
        MultigamesCommand::Reveal { task: T0 },
        s(14),
    );
    assert_eq!(refused, Err(MultigamesPlayError::NotAllAwarded));
}

/// A revealed task where team A got 1 of 3 points.
fn revealed_with_partial_credit() -> Play {
    let mut p = Play::started(2, "3", 10);
    p.answer(A, "почти", s(1));
    p.award(A, "1", s(14));
    p.host(MultigamesCommand::Reveal { task: T0 }, s(15));
    p
}

fn appeal(kind: TaskAppealKind) -> MultigamesCommand {
    MultigamesCommand::Appeal {
        task: T0,
        kind,
        text: "наш ответ верен".into(),
    }
}

fn decide(upheld: bool, points: Option<&str>) -> MultigamesCommand {
    MultigamesCommand::DecideAppeal {
        appeal: AppealNo(1),
        upheld,
        points: points.map(pts),
        reply: "решение АЖ".into(),
    }
}

#[test]
fn multigames_6_5_the_appeal_jury_alone_decides_and_its_credit_counts() {
    let mut p = revealed_with_partial_credit();
    p.roster.appeal_jury = true;
    p.try_as(
        Identity::Team(A),
        appeal(TaskAppealKind::AcceptMyAnswer),
        s(16),
    )
    .expect("filed");
    for who in [
        Identity::Host,
        Identity::Judge(JudgeId(1)),
        Identity::Team(A),
    ] {
        assert_eq!(
            p.try_as(who, decide(true, None), s(17)),
            Err(MultigamesPlayError::Forbidden),
            "{who:?}"
        );
    }
    p.try_as(Identity::Jury, decide(true, Some("2.5")), s(18))
        .expect("decided");
    let rows = p.game.public_standings(&p.roster);
    assert_eq!((rows[0].team, rows[0].points), (A, pts("2.5")));
    let staff = p.game.staff_view(&p.roster, s(19));
    let decision = staff.appeals[0].decision.clone().expect("logged");
    assert_eq!((decision.upheld, decision.at), (true, s(18)));
    assert_eq!(
        staff.tours[0].tasks[0].answers[0].by,
        Some(Awarder::Jury),
        "every decision logged with who"
    );
    assert_eq!(
        p.try_as(Identity::Jury, decide(false, None), s(20)),
        Err(MultigamesPlayError::AppealDecided)
    );
}

#[test]
fn multigames_6_5_with_no_jury_sitting_the_host_decides_on_record() {
    // Arrange: the jury took its seat, then left for good (the host took
    // the appeals back): an appeal waits.
    let mut p = revealed_with_partial_credit();
    p.roster.appeal_jury = true;
    p.try_as(
        Identity::Team(A),
        appeal(TaskAppealKind::AcceptMyAnswer),
        s(16),
    )
    .expect("filed");
    assert_eq!(
        p.try_as(Identity::Host, decide(true, None), s(17)),
        Err(MultigamesPlayError::Forbidden),
        "not while the jury sits"
    );
    p.roster.appeal_jury = false;

    // Act: the host decides; a judge still may not.
    assert_eq!(
        p.try_as(Identity::Judge(JudgeId(1)), decide(true, None), s(18)),
        Err(MultigamesPlayError::Forbidden)
    );
    p.try_as(Identity::Host, decide(true, Some("3")), s(19))
        .expect("decided by the host");

    // Assert: the credit counts, on record as the host's.
    let staff = p.game.staff_view(&p.roster, s(20));
    assert!(!staff.appeal_jury);
    let decision = staff.appeals[0].decision.clone().expect("logged");
    assert!(decision.by_host);
    assert_eq!(staff.tours[0].tasks[0].answers[0].by, Some(Awarder::Host));
    let rows = p.game.public_standings(&p.roster);
    assert_eq!((rows[0].team, rows[0].points), (A, pts("3")));
}

#[test]
fn multigames_6_4_an_upheld_appeal_against_the_task_withdraws_it() {
    let mut p = revealed_with_partial_credit();
    p.try_as(
        Identity::Team(B),
        appeal(TaskAppealKind::TaskIncorrect),
        s(16),
    )
    .expect("filed");
    p.try_as(Identity::Jury, decide(true, None), s(17))
        .expect("decided");
    let rows = p.game.public_standings(&p.roster);
    assert!(
        rows.iter().all(|r| r.points == Credit::ZERO),
        "scores for nobody"
    );
    assert_eq!(rows[0].place, rows[1].place);
}

#[test]
fn multigames_6_4_appeals_close_when_the_next_tour_starts() {
    // Both tours' tasks are announced before the tournament (6).
    let mut p = Play::new(2);
    for (tour, title, points) in [(0, "Ребус", "3"), (1, "Кроссворд", "1")] {
        p.host(
            MultigamesCommand::AddTour {
                title: format!("Тур {}", tour + 1),
            },
            s(0),
        );
        p.host(
            MultigamesCommand::AddTask {
                tour: TourNo(tour),
                task: draft(title, points, 10),
            },
            s(0),
        );
    }
    p.host(MultigamesCommand::Announce { task: T0 }, s(0));
    p.host(MultigamesCommand::Start { task: T0 }, s(0));
    p.answer(A, "почти", s(1));
    p.award(A, "1", s(14));
    p.host(MultigamesCommand::Reveal { task: T0 }, s(15));
    p.try_as(
        Identity::Team(A),
        appeal(TaskAppealKind::AcceptMyAnswer),
        s(17),
    )
    .expect("filed");
    // 6.4: «рассматриваются до начала следующего тура».
    assert_eq!(
        p.try_as(
            Identity::Host,
            MultigamesCommand::Announce { task: TaskId(1) },
            s(18)
        ),
        Err(MultigamesPlayError::OpenAppeals)
    );
    p.try_as(Identity::Jury, decide(false, None), s(19))
        .expect("decided");
    p.host(MultigamesCommand::Announce { task: TaskId(1) }, s(20));
    assert_eq!(
        p.try_as(
            Identity::Team(B),
            appeal(TaskAppealKind::TaskIncorrect),
            s(21)
        ),
        Err(MultigamesPlayError::TourOver(T0)),
        "«подаются … до начала следующего тура»"
    );
}

#[test]
fn multigames_6_4_no_appeal_with_nothing_to_gain_or_twice() {
    let table = [
        // (team, kind, want)
        (
            B,
            TaskAppealKind::AcceptMyAnswer,
            Err(MultigamesPlayError::NoAnswer),
        ),
        (A, TaskAppealKind::AcceptMyAnswer, Ok(())),
        (
            A,
            TaskAppealKind::AcceptMyAnswer,
            Err(MultigamesPlayError::DuplicateAppeal),
        ),
        (B, TaskAppealKind::TaskIncorrect, Ok(())),
    ];
    let mut p = revealed_with_partial_credit();
    for (team, kind, want) in table {
        let got = p
            .try_as(Identity::Team(team), appeal(kind), s(16))
            .map(|_| ());
        assert_eq!(got, want, "{team:?} {kind:?}");
    }
}

#[test]
fn multigames_appeals_switched_off_by_the_games_settings() {
    let mut p = revealed_with_partial_credit();
    p.game.settings.appeals = false;
    assert_eq!(
        p.try_as(
            Identity::Team(A),
            appeal(TaskAppealKind::TaskIncorrect),
            s(16)
        ),
        Err(MultigamesPlayError::AppealsOff)
    );
    assert!(p.game.team_view(A, &p.roster, s(16)).appealable.is_empty());
}

#[test]
fn multigames_6_2_at_most_six_tours() {
    let mut p = Play::new(1);
    for i in 0..6 {
        p.host(
            MultigamesCommand::AddTour {
                title: format!("Тур {i}"),
            },
            s(0),
        );
    }
    assert_eq!(
        p.try_as(
            Identity::Host,
            MultigamesCommand::AddTour {
                title: "седьмой".into()
            },
            s(0)
        ),
        Err(MultigamesPlayError::TooManyTours { max: 6 })
    );
}

#[test]
fn multigames_only_the_host_controls_and_only_teams_answer() {
    let mut p = Play::started(1, "1", 10);
    let host_only = MultigamesCommand::Announce { task: T0 };
    for who in [
        Identity::Jury,
        Identity::Team(A),
        Identity::Judge(JudgeId(1)),
    ] {
        assert_eq!(
            p.try_as(who, host_only.clone(), s(1)),
            Err(MultigamesPlayError::Forbidden)
        );
    }
    let answer = MultigamesCommand::Answer {
        task: T0,
        text: "x".into(),
    };
    assert_eq!(
        p.try_as(Identity::Jury, answer, s(1)),
        Err(MultigamesPlayError::Forbidden)
    );
}

#[test]
fn multigames_the_clock_wakes_the_core_at_each_signal() {
    let mut p = Play::started(1, "1", 30);
    // The warning at 20 s, the end at 30 s, the grace's end at 33 s.
    assert_eq!(p.game.poll_timeout(s(1)), Some(s(20)));
    assert!(p.game.handle_timeout(s(20)).all_teams);
    assert_eq!(p.game.poll_timeout(s(20)), Some(s(30)));
    assert!(!p.game.handle_timeout(s(25)).any(), "nothing new at 25 s");
    p.game.handle_timeout(s(30));
    let over = s(33).plus(Duration::from_micros(1));
    assert_eq!(p.game.poll_timeout(s(30)), Some(over));
    p.game.handle_timeout(over);
    assert_eq!(p.game.poll_timeout(s(34)), None);
}

#[test]
fn multigames_6_an_answer_at_the_graces_last_instant_counts_and_the_wake_up_follows_it() {
    // Arrange: 30 s and a 3-s grace; woken at the grace's last instant.
    let mut p = Play::started(1, "1", 30);
    p.game.handle_timeout(s(30));
    let task = p.game.task(T0).expect("the task");
    let running_at_33 = p.game.status(task, s(33));

    // Act: what the clock wakes the core for next.
    let next = p.game.poll_timeout(s(33));

    // Assert: at 33 s the task still takes answers; the next wake-up is
    // the first instant it does not, when the screens say «over».
    assert_eq!(running_at_33, TaskStatus::Running);
    let next = next.expect("a wake-up after the grace");
    let task = p.game.task(T0).expect("the task");
    assert_eq!(p.game.status(task, next), TaskStatus::Over);
}

#[test]
fn multigames_finish_waits_for_every_reveal_and_appeal() {
    let mut p = Play::started(1, "1", 10);
    p.answer(A, "ответ", s(1));
    p.award(A, "1", s(14));
    assert_eq!(
        p.try_as(Identity::Host, MultigamesCommand::Finish, s(14)),
        Err(MultigamesPlayError::NotRevealed)
    );
    p.host(MultigamesCommand::Reveal { task: T0 }, s(15));
    p.host(MultigamesCommand::Finish, s(16));
    assert!(p.game.finished_at.is_some());
    assert_eq!(
        p.try_as(
            Identity::Team(A),
            appeal(TaskAppealKind::TaskIncorrect),
            s(17)
        ),
        Err(MultigamesPlayError::Finished)
    );
}

fn scored_standings(sheet: &serde_json::Value) -> serde_json::Value {
    let text = crate::play::score::score_sheet(&sheet.to_string()).expect("the sheet scores");
    let out: serde_json::Value = serde_json::from_str(&text).expect("json");
    out["standings"].clone()
}

#[test]
fn multigames_the_sheet_scores_exactly_as_the_live_standings() {
    let mut p = revealed_with_partial_credit();
    p.try_as(
        Identity::Team(A),
        appeal(TaskAppealKind::AcceptMyAnswer),
        s(16),
    )
    .expect("filed");
    p.try_as(Identity::Jury, decide(true, Some("2.25")), s(17))
        .expect("decided");
    let sheet = serde_json::to_value(p.game.scoresheet(&p.roster)).unwrap();
    assert_eq!(sheet["format"], "multigames");
    assert_eq!(
        scored_standings(&sheet),
        serde_json::to_value(p.game.standings_table(&p.roster)).unwrap()
    );
}

/// A tour of tasks played live: per task, each team's credit in
/// hundredths (none: no answer).
fn played(credits: &[Vec<Option<u32>>]) -> Play {
    let mut p = Play::new(4);
    p.host(
        MultigamesCommand::AddTour {
            title: "Тур".into(),
        },
        s(0),
    );
    let mut now = 0;
    // 6: every task and its points before the tournament.
    for _ in credits {
        p.host(
            MultigamesCommand::AddTask {
                tour: TourNo(0),
                task: draft("З", "3", 10),
            },
            s(now),
        );
    }
    for (k, task_credits) in credits.iter().enumerate() {
        let task = TaskId(k as u32);
        p.host(MultigamesCommand::Announce { task }, s(now));
        p.host(MultigamesCommand::Start { task }, s(now));
        for (i, c) in task_credits.iter().enumerate() {
            if let Some(c) = c {
                let team = TeamId(i as u32 + 1);
                p.try_as(
                    Identity::Team(team),
                    MultigamesCommand::Answer {
                        task,
                        text: "a".into(),
                    },
                    s(now + 1),
                )
                .expect("answer");
                let points = Credit::parse(&format!("{}.{:02}", c / 100, c % 100)).expect("credit");
                p.host(MultigamesCommand::Award { task, team, points }, s(now + 14));
            }
        }
        p.host(MultigamesCommand::Reveal { task }, s(now + 14));
        now += 20;
    }
    p
}

fn credits() -> impl Strategy<Value = Vec<Vec<Option<u32>>>> {
    proptest::collection::vec(
        proptest::collection::vec(proptest::option::of(0u32..=300), 4),
        1..5,
    )
}

proptest! {
    /// Whatever credits the judges give, `score` on the exported sheet
    /// ranks exactly as the live standings do.
    #[test]
    fn multigames_sheet_round_trip_is_exact(credits in credits()) {
        let p = played(&credits);
        let sheet = serde_json::to_value(p.game.scoresheet(&p.roster)).unwrap();
        prop_assert_eq!(scored_standings(&sheet), serde_json::to_value(p.game.standings_table(&p.roster)).unwrap());
    }

    /// The sheet the live game writes reads back as the same sheet.
    #[test]
    fn multigames_sheet_written_live_reads_back_unchanged(credits in credits()) {
        let p = played(&credits);
        prop_assert_eq!(crate::play::score::tests::round_trip(&p.game.scoresheet(&p.roster)), Ok(()));
    }
}

#[test]
fn multigames_6_points_are_announced_before_the_first_task_and_then_fixed() {
    // Arrange: two tasks prepared before the tournament.
    let mut p = Play::new(2);
    p.host(
        MultigamesCommand::AddTour {
            title: "Тур 1".into(),
        },
        s(0),
    );
    for (title, points) in [("Ребус", "3"), ("Кроссворд", "5")] {
        p.host(
            MultigamesCommand::AddTask {
                tour: TourNo(0),
                task: draft(title, points, 60),
            },
            s(0),
        );
    }

    // Assert: the projector lists every task's points before the start.
    let shown: Vec<Credit> = p
        .game
        .display_view(&p.roster, s(1))
        .announced
        .iter()
        .map(|t| t.points)
        .collect();
    assert_eq!(shown, [pts("3"), pts("5")]);

    // Act: the first task begins; the host tries to add another.
    p.host(MultigamesCommand::Announce { task: T0 }, s(2));
    p.host(MultigamesCommand::Start { task: T0 }, s(3));
    let late = p.try_as(
        Identity::Host,
        MultigamesCommand::AddTask {
            tour: TourNo(0),
            task: draft("Анаграмма", "2", 60),
        },
        s(4),
    );

    // Assert: refused; the list has done its work and leaves the screen.
    assert_eq!(late, Err(MultigamesPlayError::PointsAnnounced));
    assert!(p.game.display_view(&p.roster, s(5)).announced.is_empty());
}
