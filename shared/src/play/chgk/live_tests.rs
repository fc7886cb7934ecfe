//! ChGK as a format of the programme: who may send what, the game driven
//! through [`LiveFormat`] as the core drives it, what each audience sees,
//! and the scoresheet that `score` ranks exactly as the live standings.

use std::collections::BTreeSet;

use proptest::prelude::*;

use super::*;
use crate::identity::{Identity, Role};
use crate::ids::{JudgeId, QuestionId, TeamId, TourId};
use crate::packages::Question;
use crate::play::format::{LiveFormat, Results};
use crate::play::roster::Roster;
use crate::play::settings::TournamentSettings;
use crate::time::ServerTime;

pub(super) fn s(secs: u64) -> ServerTime {
    ServerTime::from_millis(secs * 1000)
}

/// A game with its roster, driven the way the core drives it.
pub(super) struct Play {
    pub(super) game: ChgkGame,
    pub(super) roster: Roster,
}

impl Play {
    pub(super) fn new(teams: u32) -> Self {
        let mut game = <ChgkGame as LiveFormat>::new(&ChgkSettings::default());
        <ChgkGame as LiveFormat>::FOLLOWS_EVENT
            .expect("ChGK follows the event")
            .event_changed(&mut game, &TournamentSettings::default());
        Play {
            game,
            roster: Roster::numbered(teams),
        }
    }

    pub(super) fn try_as(
        &mut self,
        who: Identity,
        command: ChgkCommand,
        now: ServerTime,
    ) -> Result<ChgkReceipt, ChgkError> {
        let (receipt, events) = LiveFormat::decide(&self.game, who, command, &self.roster, now)?;
        for e in &events {
            LiveFormat::apply(&mut self.game, e);
        }
        Ok(receipt)
    }

    pub(super) fn host(&mut self, command: ChgkCommand, now: ServerTime) {
        self.try_as(Identity::Host, command, now)
            .expect("the host's command");
    }

    /// A tour of `n` questions whose answer is «Пушкин».
    pub(super) fn tour(&mut self, n: u32) {
        let tour = TourId(self.game.tours.len() as u32);
        for _ in 0..n {
            let question = Question {
                text: "Кто?".into(),
                answer: "Пушкин".into(),
                ..Question::default()
            };
            self.host(ChgkCommand::AddQuestion { tour, question }, s(0));
        }
    }

    /// Plays question `q` from `at`: announced, «Время», the cards.
    pub(super) fn play(&mut self, q: QuestionId, at: u64, cards: &[(TeamId, &str)]) {
        self.host(ChgkCommand::Announce { question: q }, s(at));
        self.host(ChgkCommand::StartMinute, s(at + 1));
        for (team, text) in cards {
            let card = ChgkCommand::SubmitCard {
                question: q,
                text: (*text).into(),
            };
            self.try_as(Identity::Team(*team), card, s(at + 30))
                .expect("a card");
        }
    }
}

#[test]
fn chgk_3_only_teams_hand_in_cards_judges_judge_and_the_host_runs_the_minute() {
    let card = ChgkCommand::SubmitCard {
        question: QuestionId(0),
        text: "x".into(),
    };
    let judge = ChgkCommand::Judge {
        question: QuestionId(0),
        group: "x".into(),
        verdict: Verdict::Correct,
    };
    let table = [
        (Role::Team, &card, true),
        (Role::Host, &card, false),
        (Role::Display, &card, false),
        (Role::Jury, &card, false),
        (Role::Judge, &judge, true),
        (Role::Host, &judge, true),
        (Role::Team, &judge, false),
        (Role::Jury, &judge, false),
        (Role::Team, &ChgkCommand::StartMinute, false),
        (Role::Judge, &ChgkCommand::StartMinute, false),
        (Role::Host, &ChgkCommand::StartMinute, true),
    ];
    for (role, command, want) in table {
        assert_eq!(
            <ChgkGame as LiveFormat>::permitted(role, command),
            want,
            "{role:?} {command:?}"
        );
    }
}

#[test]
fn chgk_3_a_card_is_received_with_its_time_on_the_stopwatch() {
    let mut p = Play::new(2);
    p.tour(1);
    p.host(
        ChgkCommand::Announce {
            question: QuestionId(0),
        },
        s(10),
    );
    p.host(ChgkCommand::StartMinute, s(11));
    let receipt = p
        .try_as(
            Identity::Team(TeamId(1)),
            ChgkCommand::SubmitCard {
                question: QuestionId(0),
                text: "Пушкин".into(),
            },
            s(41),
        )
        .expect("accepted");
    assert_eq!(
        receipt,
        ChgkReceipt::Card {
            question: QuestionId(0),
            received_at: s(41),
            since_start_ms: 30_000,
            late: false,
        }
    );
    // One card per team per question, as on paper.
    assert_eq!(
        p.try_as(
            Identity::Team(TeamId(1)),
            ChgkCommand::SubmitCard {
                question: QuestionId(0),
                text: "Лермонтов".into(),
            },
            s(42),
        ),
        Err(ChgkError::CardAlreadyAccepted)
    );
    // Only a team hands in a card.
    assert_eq!(
        p.try_as(
            Identity::Judge(JudgeId(1)),
            ChgkCommand::SubmitCard {
                question: QuestionId(0),
                text: "Пушкин".into(),
            },
            s(42),
        ),
        Err(ChgkError::NotATeam)
    );
}

#[test]
fn chgk_3_a_team_sees_its_own_card_and_the_verdict_only_after_the_reveal() {
    let mut p = Play::new(2);
    p.tour(1);
    p.play(
        QuestionId(0),
        0,
        &[(TeamId(1), "Пушкин"), (TeamId(2), "Гоголь")],
    );
    let judged = |p: &mut Play, group: &str, verdict| {
        let by_judge = ChgkCommand::Judge {
            question: QuestionId(0),
            group: group.into(),
            verdict,
        };
        p.try_as(Identity::Judge(JudgeId(1)), by_judge, s(70))
            .expect("judged");
    };
    judged(&mut p, "пушкин", Verdict::Correct);
    judged(&mut p, "гоголь", Verdict::Wrong);

    let before = p.game.team_view(TeamId(1), &p.roster, s(70));
    assert_eq!(before.cards.len(), 1, "its own card only");
    assert_eq!(before.cards[0].text, "Пушкин");
    assert!(
        before.cards[0].reveal.is_none(),
        "no verdict before the reveal"
    );
    assert!(
        before.standings.iter().all(|r| r.points == 0),
        "the hall's standings count revealed questions only"
    );
    let staff = p.game.staff_view(&p.roster, s(70));
    assert_eq!(staff.judgement_log[0].by, Judger::Judge(JudgeId(1)));
    assert_eq!(staff.standings[0].points, 1, "the host counts it at once");

    p.host(
        ChgkCommand::Reveal {
            question: QuestionId(0),
        },
        s(70),
    );
    let after = p.game.team_view(TeamId(1), &p.roster, s(71));
    let reveal = after.cards[0].reveal.as_ref().expect("revealed");
    assert_eq!(reveal.verdict, Some(Verdict::Correct));
    assert_eq!(reveal.author_answer, "Пушкин");
    assert_eq!(after.standings[0].points, 1);
    let display = p.game.display_view(&p.roster, s(71));
    assert_eq!(display.teams, 2);
    assert_eq!(display.standings, after.standings);
}

#[test]
fn chgk_3_the_projector_shows_the_answer_only_from_the_reveal_to_the_next_question() {
    // Arrange: a question with a comment, played and judged.
    let mut p = Play::new(2);
    let question = Question {
        text: "Кто написал «Онегина»?".into(),
        answer: "Пушкин".into(),
        accepted: Some("А. С. Пушкин".into()),
        comment: Some("Роман в стихах.".into()),
        ..Question::default()
    };
    p.host(
        ChgkCommand::AddQuestion {
            tour: TourId(0),
            question,
        },
        s(0),
    );
    p.tour(1);
    p.play(QuestionId(0), 0, &[(TeamId(1), "Пушкин")]);
    p.host(
        ChgkCommand::Judge {
            question: QuestionId(0),
            group: "пушкин".into(),
            verdict: Verdict::Correct,
        },
        s(70),
    );

    // Assert: judged is not revealed; the projector carries no answer.
    let before = p.game.display_view(&p.roster, s(70));
    assert_eq!(before.revealed, None, "no answer before the reveal");
    let wire = serde_json::to_string(&before).expect("serialised");
    assert!(!wire.contains("Пушкин") && !wire.contains("Роман"));

    // Act: the reveal.
    p.host(
        ChgkCommand::Reveal {
            question: QuestionId(0),
        },
        s(70),
    );
    let shown = p.game.display_view(&p.roster, s(71)).revealed;
    let shown = shown.expect("the answer on the projector");
    assert_eq!(shown.number, "1");
    assert_eq!(shown.answer, "Пушкин");
    assert_eq!(shown.accepted.as_deref(), Some("А. С. Пушкин"));
    assert_eq!(shown.comment.as_deref(), Some("Роман в стихах."));
    assert_eq!(shown.text, None, "the text only when the host chooses");

    // The host's setting puts the text up too.
    p.host(ChgkCommand::ShowQuestionOnProjector { on: true }, s(72));
    assert!(p.game.staff_view(&p.roster, s(72)).projector_text);
    let shown = p.game.display_view(&p.roster, s(72)).revealed;
    assert_eq!(
        shown.and_then(|r| r.text).as_deref(),
        Some("Кто написал «Онегина»?")
    );

    // The next question takes the screen back.
    p.host(
        ChgkCommand::Announce {
            question: QuestionId(1),
        },
        s(80),
    );
    assert_eq!(p.game.display_view(&p.roster, s(80)).revealed, None);
}

#[test]
fn chgk_3_the_grace_end_wakes_the_screens_even_when_the_wake_comes_late() {
    let mut p = Play::new(1);
    p.tour(1);
    p.host(
        ChgkCommand::Announce {
            question: QuestionId(0),
        },
        s(0),
    );
    p.host(ChgkCommand::StartMinute, s(0));
    // The screens were shown the minute running.
    assert!(p.game.handle_timeout(s(1)).any());
    // The driver wakes only after the grace: the last signal is due now.
    let late = s(200);
    assert_eq!(p.game.poll_timeout(late), Some(late));
    assert!(p.game.handle_timeout(late).any());
    assert_eq!(p.game.poll_timeout(late), None, "nothing more to show");
}

#[test]
fn chgk_2_2_the_tours_and_places_for_the_programme_and_the_festival() {
    let mut p = Play::new(3);
    p.tour(2);
    assert_eq!(
        Results::tour(&p.game, 0).map(|t| (t.started, t.done)),
        Some((false, false))
    );
    p.play(QuestionId(0), 0, &[(TeamId(2), "Пушкин")]);
    p.host(
        ChgkCommand::Judge {
            question: QuestionId(0),
            group: "пушкин".into(),
            verdict: Verdict::Correct,
        },
        s(70),
    );
    assert_eq!(Results::tour(&p.game, 0).map(|t| t.started), Some(true));
    assert!(!p.game.finished());
    let places = p.game.places(&p.roster);
    assert_eq!(places[0].0, TeamId(2), "{places:?}");
    p.host(
        ChgkCommand::Reveal {
            question: QuestionId(0),
        },
        s(70),
    );
    p.play(QuestionId(1), 100, &[]);
    p.host(
        ChgkCommand::Reveal {
            question: QuestionId(1),
        },
        s(170),
    );
    assert_eq!(Results::tour(&p.game, 0).map(|t| t.done), Some(true));
    p.host(ChgkCommand::CloseTour { tour: TourId(0) }, s(171));
    assert!(p.game.finished());
}

pub(super) fn scored_standings(sheet: &serde_json::Value) -> serde_json::Value {
    let text = crate::play::score::score_sheet(&sheet.to_string()).expect("the sheet scores");
    let out: serde_json::Value = serde_json::from_str(&text).expect("json");
    out["standings"].clone()
}

/// A game played live: per tour, per question, each team's card (none,
/// wrong, right, late, «пропуск»); then teams marked absent from the first
/// tour (4.3) and a question withdrawn on appeal (4.14).
fn played(tours: &[Vec<Vec<u8>>], withdraw: Option<usize>, absent: &BTreeSet<u32>) -> Play {
    let mut p = Play::new(5);
    let mut q = 0u32;
    let mut at = 0u64;
    for tour in tours {
        p.tour(tour.len() as u32);
        for answers in tour {
            let question = QuestionId(q);
            p.host(ChgkCommand::Announce { question }, s(at));
            p.host(ChgkCommand::StartMinute, s(at + 1));
            for (i, a) in answers.iter().enumerate() {
                let team = TeamId(i as u32 + 1);
                let (text, when) = match a {
                    0 => continue,
                    1 => ("Гоголь", at + 30),
                    2 => ("Пушкин", at + 30),
                    3 => ("Пушкин", at + 70),
                    _ => ("", at + 30),
                };
                let card = ChgkCommand::SubmitCard {
                    question,
                    text: text.into(),
                };
                p.try_as(Identity::Team(team), card, s(when))
                    .expect("a card");
            }
            for (group, verdict) in [("пушкин", Verdict::Correct), ("гоголь", Verdict::Wrong)]
            {
                let judge = ChgkCommand::Judge {
                    question,
                    group: group.into(),
                    verdict,
                };
                let _ = p.try_as(Identity::Host, judge, s(at + 80));
            }
            p.host(ChgkCommand::Reveal { question }, s(at + 80));
            q += 1;
            at += 100;
        }
    }
    for &team in absent {
        let mark = ChgkCommand::MarkAbsent {
            team: TeamId(team),
            tour: TourId(0),
            absent: true,
        };
        // A team with a card in the tour played it: refused, as it should be.
        let _ = p.try_as(Identity::Host, mark, s(at));
    }
    if let Some(w) = withdraw.filter(|w| (*w as u32) < q) {
        let question = QuestionId(w as u32);
        let appeal = ChgkCommand::FileAppeal {
            question,
            kind: AppealKind::WithdrawQuestion,
            text: "вопрос некорректен".into(),
        };
        let filed = p.try_as(Identity::Team(TeamId(1)), appeal, s(at));
        if let Ok(ChgkReceipt::AppealFiled { appeal }) = filed {
            let resolve = ChgkCommand::ResolveAppeal {
                appeal,
                upheld: true,
                reply: "снят".into(),
            };
            p.host(resolve, s(at + 1));
        }
    }
    p
}

fn tours() -> impl Strategy<Value = Vec<Vec<Vec<u8>>>> {
    proptest::collection::vec(
        proptest::collection::vec(
            // Per team: no card, a wrong card, a right card, a late
            // one, a «пропуск».
            proptest::collection::vec(0u8..5, 5),
            1..4,
        ),
        1..3,
    )
}

proptest! {
    /// 4.3: whatever the teams answer and the judges decide — late cards,
    /// teams that skip a tour, a question withdrawn on appeal — `score` on
    /// the exported sheet ranks exactly as the live standings do.
    #[test]
    fn chgk_4_3_sheet_round_trip_is_exact(
        tours in tours(),
        withdraw in proptest::option::of(0usize..3),
        // Teams the host marks absent from the first tour (4.3).
        absent in proptest::collection::btree_set(1u32..6, 0..3),
    ) {
        let p = played(&tours, withdraw, &absent);
        let sheet = serde_json::to_value(p.game.sheet(&p.roster)).unwrap();
        prop_assert_eq!(sheet["format"].as_str(), Some("chgk"));
        prop_assert_eq!(scored_standings(&sheet), serde_json::to_value(Results::standings(&p.game, &p.roster)).unwrap());
    }

    /// The sheet the live game writes reads back as the same sheet.
    #[test]
    fn chgk_sheet_written_live_reads_back_unchanged(
        tours in tours(),
        withdraw in proptest::option::of(0usize..3),
        absent in proptest::collection::btree_set(1u32..6, 0..3),
    ) {
        let p = played(&tours, withdraw, &absent);
        prop_assert_eq!(crate::play::score::tests::round_trip(&p.game.scoresheet(&p.roster)), Ok(()));
    }
}

#[test]
fn chgk_3_the_host_puts_a_handout_on_the_projector_until_the_next_question() {
    // Arrange: question 1 has a handout, question 2 none.
    let mut p = Play::new(2);
    let question = Question {
        text: "Что на картинке?".into(),
        handout: Some("Карта Бородинского поля".into()),
        answer: "Флеши".into(),
        ..Question::default()
    };
    p.host(
        ChgkCommand::AddQuestion {
            tour: TourId(0),
            question,
        },
        s(0),
    );
    p.tour(1);
    p.host(
        ChgkCommand::Announce {
            question: QuestionId(0),
        },
        s(1),
    );
    assert_eq!(p.game.display_view(&p.roster, s(1)).handout, None);

    // Act
    p.host(
        ChgkCommand::ShowHandout {
            question: Some(QuestionId(0)),
        },
        s(2),
    );

    // Assert: full screen on the projector; the host's button knows it.
    let shown = p.game.display_view(&p.roster, s(2)).handout;
    let shown = shown.expect("the handout on the projector");
    assert_eq!(
        (shown.number.as_str(), shown.text.as_str()),
        ("1", "Карта Бородинского поля")
    );
    assert_eq!(
        p.game.staff_view(&p.roster, s(2)).handout_shown,
        Some(QuestionId(0))
    );
    // Only the host, and only a question that has one.
    let again = ChgkCommand::ShowHandout {
        question: Some(QuestionId(1)),
    };
    assert_eq!(
        p.try_as(Identity::Host, again, s(3)),
        Err(ChgkError::NoHandout)
    );
    assert!(!<ChgkGame as LiveFormat>::permitted(
        Role::Judge,
        &ChgkCommand::ShowHandout { question: None }
    ));
    // The next question takes it down.
    p.host(
        ChgkCommand::Announce {
            question: QuestionId(1),
        },
        s(90),
    );
    assert_eq!(p.game.display_view(&p.roster, s(90)).handout, None);
}

#[test]
fn chgk_3_a_package_picture_goes_on_the_projector_only_when_the_host_shows_it() {
    // Arrange: a .4s whose first question names a picture sent with it.
    let mut p = Play::new(2);
    let png = b"\x89PNG\r\n\x1a\na picture".to_vec();
    let load = ChgkCommand::LoadPackage {
        file_name: "pack.4s".into(),
        bytes: "? (pic: map.png) Что на карте?\n! Флеши.\n\n? Кто?\n! Пушкин.\n".into(),
        pictures: vec![crate::packages::media::PackageFile {
            name: "map.png".into(),
            bytes: png.clone(),
        }],
    };
    p.host(load, s(0));
    let staff = p.game.staff_view(&p.roster, s(0));
    let media = staff.tours[0].questions[0].content.media.clone();
    assert_eq!(media.len(), 1, "the question names its picture");
    let first = ShownPicture {
        question: QuestionId(0),
        index: 0,
    };
    p.host(
        ChgkCommand::Announce {
            question: QuestionId(0),
        },
        s(1),
    );
    assert_eq!(p.game.display_view(&p.roster, s(1)).picture, None);

    // Act
    p.host(
        ChgkCommand::ShowPicture {
            picture: Some(first),
        },
        s(2),
    );

    // Assert: the projector names the picture by hash; the host's desk knows.
    let shown = p.game.display_view(&p.roster, s(2)).picture;
    let shown = shown.expect("the picture on the projector");
    assert_eq!(shown.number, "1");
    assert_eq!(
        shown.media.hash,
        crate::packages::media::MediaHash::of(&png)
    );
    assert_eq!(
        p.game.staff_view(&p.roster, s(2)).picture_shown,
        Some(first)
    );
    // Only the host, and only a picture the question has.
    let none = ShownPicture {
        question: QuestionId(1),
        index: 0,
    };
    assert_eq!(
        p.try_as(
            Identity::Host,
            ChgkCommand::ShowPicture {
                picture: Some(none)
            },
            s(3)
        ),
        Err(ChgkError::NoPicture)
    );
    assert!(!<ChgkGame as LiveFormat>::permitted(
        Role::Team,
        &ChgkCommand::ShowPicture { picture: None }
    ));
    // Taken down by the host, or by the next question.
    p.host(ChgkCommand::ShowPicture { picture: None }, s(4));
    assert_eq!(p.game.display_view(&p.roster, s(4)).picture, None);
    p.host(
        ChgkCommand::ShowPicture {
            picture: Some(first),
        },
        s(5),
    );
    p.host(
        ChgkCommand::Announce {
            question: QuestionId(1),
        },
        s(90),
    );
    assert_eq!(p.game.display_view(&p.roster, s(90)).picture, None);
}
