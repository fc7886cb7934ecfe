//! ChGK's second reading of the rules: A is fixed when a tour closes (4.3), a спорный only on
//! an answer not counted (4.13–4.15), and «Остальные — неверно» only once a
//! question's hand-in is over (3).

use super::live_tests::{Play, s, scored_standings};
use super::*;
use crate::identity::Identity;
use crate::ids::{QuestionId, TeamId, TourId};
use crate::play::format::{LiveFormat, Results};
use crate::play::roster::RosterTeam;

const Q0: QuestionId = QuestionId(0);

fn rating(p: &Play, team: u32) -> i64 {
    p.game
        .staff_standings(&p.roster)
        .into_iter()
        .find(|r| r.team == TeamId(team))
        .map(|r| r.rating)
        .expect("the team's row")
}

fn judge(p: &mut Play, group: &str, verdict: Verdict) {
    let judge = ChgkCommand::Judge {
        question: Q0,
        group: group.into(),
        verdict,
    };
    p.host(judge, s(70));
}

/// Four teams, one question: team 1 right, team 2 wrong, teams 3 and 4 no
/// card; revealed and the tour closed. A = 4, B = 1: team 1's rating is 4.
fn closed_tour() -> Play {
    let mut p = Play::new(4);
    p.tour(1);
    p.play(Q0, 0, &[(TeamId(1), "Пушкин"), (TeamId(2), "Гоголь")]);
    judge(&mut p, "пушкин", Verdict::Correct);
    judge(&mut p, "гоголь", Verdict::Wrong);
    p.host(ChgkCommand::Reveal { question: Q0 }, s(71));
    p.host(ChgkCommand::CloseTour { tour: TourId(0) }, s(72));
    p
}

#[test]
fn chgk_4_3_a_is_fixed_when_the_tour_closes() {
    // Arrange: the first tour closed with A = 4.
    let mut p = closed_tour();
    assert_eq!(rating(&p, 1), 4);

    // Act: a fifth team registers after the close.
    p.roster.upsert(RosterTeam {
        id: TeamId(5),
        name: "Команда 5".into(),
        town: "Город".into(),
        players: Vec::new(),
    });
    <ChgkGame as LiveFormat>::FOLLOWS_EVENT
        .expect("ChGK follows the event")
        .event_changed(&mut p.game, &Default::default());

    // Assert: it did not play the closed tour: A stays 4, and the sheet
    // lists it absent there, so `score` agrees with the live table.
    assert_eq!(rating(&p, 1), 4);
    assert!(!p.game.plays(TeamId(5), TourId(0)));
    let sheet = serde_json::to_value(p.game.sheet(&p.roster)).unwrap();
    assert_eq!(
        sheet["questions"][0]["absent"],
        serde_json::json!(["Команда 5"])
    );
    assert_eq!(
        scored_standings(&sheet),
        serde_json::to_value(Results::standings(&p.game, &p.roster)).unwrap()
    );
}

#[test]
fn chgk_4_3_a_team_counted_in_a_closed_tours_a_cannot_be_removed() {
    // Arrange: team 4 handed in nothing but played the closed tour.
    let p = closed_tour();

    // Act / Assert: it is part of that tour's result (the server's
    // RemoveTeam refuses a team that has played).
    assert!(Results::has_played(&p.game, TeamId(4)));
    // A team marked absent before the close is not in A and may go.
    let mut q = Play::new(4);
    q.tour(1);
    q.host(
        ChgkCommand::MarkAbsent {
            team: TeamId(4),
            tour: TourId(0),
            absent: true,
        },
        s(0),
    );
    q.play(Q0, 1, &[(TeamId(1), "Пушкин")]);
    let judge = ChgkCommand::Judge {
        question: Q0,
        group: "пушкин".into(),
        verdict: Verdict::Correct,
    };
    q.host(judge, s(70));
    q.host(ChgkCommand::Reveal { question: Q0 }, s(71));
    q.host(ChgkCommand::CloseTour { tour: TourId(0) }, s(72));
    assert!(!Results::has_played(&q.game, TeamId(4)));
    assert_eq!(rating(&q, 1), 3);
}

#[test]
fn chgk_4_3_a_store_from_before_issue_41_counts_a_as_it_did() {
    // Arrange: a tour closed by an old store has no `playing`.
    let old = r#"{"TourClosed":{"tour":0,"at":72000000}}"#;
    let event: ChgkEvent = serde_json::from_str(old).expect("an old event reads");
    assert!(matches!(event, ChgkEvent::TourClosed { playing: None, .. }));
    let mut p = Play::new(4);
    p.tour(1);
    p.play(Q0, 0, &[(TeamId(1), "Пушкин")]);
    judge(&mut p, "пушкин", Verdict::Correct);
    p.host(ChgkCommand::Reveal { question: Q0 }, s(71));

    // Act: the old close is replayed.
    LiveFormat::apply(&mut p.game, &event);

    // Assert: A is counted from the teams registered, as before.
    assert_eq!(rating(&p, 1), 4);
    assert!(!Results::has_played(&p.game, TeamId(4)));
}

#[test]
fn chgk_4_15_a_disputed_answer_must_be_one_not_counted() {
    // Arrange: team 1's answer is judged right and revealed.
    let mut p = Play::new(3);
    p.tour(1);
    p.play(Q0, 0, &[(TeamId(1), "Пушкин"), (TeamId(2), "Гоголь")]);
    judge(&mut p, "пушкин", Verdict::Correct);
    judge(&mut p, "гоголь", Verdict::Wrong);
    p.host(ChgkCommand::Reveal { question: Q0 }, s(71));
    let appeal = ChgkCommand::FileAppeal {
        question: Q0,
        kind: AppealKind::AcceptMyAnswer,
        text: "засчитайте".into(),
    };

    // Act
    let refused = p.try_as(Identity::Team(TeamId(1)), appeal.clone(), s(72));
    let filed = p.try_as(Identity::Team(TeamId(2)), appeal, s(72));

    // Assert: the counted answer has nothing to appeal for; the wrong one may.
    assert_eq!(refused, Err(ChgkError::AnswerCounted));
    assert!(filed.is_ok());
}

#[test]
fn chgk_4_15_a_dispute_on_an_answer_the_judges_then_count_is_a_plain_1() {
    // Arrange: team 2's спорный is open; `?` in the mask.
    let mut p = Play::new(3);
    p.tour(1);
    p.play(Q0, 0, &[(TeamId(1), "Пушкин"), (TeamId(2), "Гоголь")]);
    judge(&mut p, "пушкин", Verdict::Correct);
    judge(&mut p, "гоголь", Verdict::Wrong);
    p.host(ChgkCommand::Reveal { question: Q0 }, s(71));
    let appeal = ChgkCommand::FileAppeal {
        question: Q0,
        kind: AppealKind::AcceptMyAnswer,
        text: "засчитайте".into(),
    };
    p.try_as(Identity::Team(TeamId(2)), appeal, s(72))
        .expect("filed");
    let q = p.game.question(Q0).expect("q").clone();
    assert_eq!(p.game.mask_char(&q, TeamId(2)), '?');

    // Act: the judges change their verdict before the jury decides.
    judge(&mut p, "гоголь", Verdict::Correct);

    // Assert: the answer counts, so it is no longer open anywhere: the
    // mask, the live table and the rating cell's test all say `1`.
    let q = p.game.question(Q0).expect("q").clone();
    assert!(!p.game.answer_open(&q, TeamId(2)));
    assert_eq!(p.game.mask_char(&q, TeamId(2)), '1');
    let row = p
        .game
        .staff_standings(&p.roster)
        .into_iter()
        .find(|r| r.team == TeamId(2))
        .expect("row");
    assert_eq!((row.points, row.mask.as_str()), (1, "1"));
}

#[test]
fn chgk_3_the_rest_wrong_is_refused_before_the_hand_in_is_over() {
    // Arrange: a question announced, not yet played; a card in already.
    let mut p = Play::new(2);
    p.tour(1);
    p.host(ChgkCommand::Announce { question: Q0 }, s(0));
    let card = ChgkCommand::SubmitCard {
        question: Q0,
        text: "Пушкин".into(),
    };
    p.try_as(Identity::Team(TeamId(1)), card, s(0))
        .expect("a card from the announcement");
    let rest = ChgkCommand::JudgeRestWrong { question: Q0 };

    // Act / Assert: before «Время» there is no rest to judge.
    assert_eq!(
        p.try_as(Identity::Host, rest.clone(), s(1)),
        Err(ChgkError::NotPlayedYet)
    );
    // While cards still come in, neither.
    p.host(ChgkCommand::StartMinute, s(1));
    assert_eq!(
        p.try_as(Identity::Host, rest.clone(), s(30)),
        Err(ChgkError::ClockRunning)
    );
    // Once the hand-in is over it is taken.
    assert!(p.try_as(Identity::Host, rest, s(70)).is_ok());
}
