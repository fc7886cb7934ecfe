//! 4.3 as an organiser reads it: A is the teams registered and not marked
//! absent by the host, and a «пропуск» — an empty card — counts as a card
//! that scores nothing.

use super::live_tests::{Play, s, scored_standings};
use super::view::StandingRow;
use super::*;
use crate::identity::{Identity, Role};
use crate::ids::{QuestionId, TeamId, TourId};
use crate::play::format::{LiveFormat, Results};

const Q0: QuestionId = QuestionId(0);

fn row(p: &Play, team: u32) -> StandingRow {
    p.game
        .staff_standings(&p.roster)
        .into_iter()
        .find(|r| r.team == TeamId(team))
        .expect("the team's row")
}

fn mark(team: u32, absent: bool) -> ChgkCommand {
    ChgkCommand::MarkAbsent {
        team: TeamId(team),
        tour: TourId(0),
        absent,
    }
}

fn judge(p: &mut Play, group: &str, verdict: Verdict) {
    let judge = ChgkCommand::Judge {
        question: Q0,
        group: group.into(),
        verdict,
    };
    p.host(judge, s(70));
}

#[test]
fn chgk_4_3_a_team_marked_absent_leaves_a_and_the_ratings_follow() {
    // Arrange: four teams; team 1 right, team 2 wrong, teams 3 and 4 hand
    // in nothing.
    let mut p = Play::new(4);
    p.tour(1);
    p.play(Q0, 0, &[(TeamId(1), "Пушкин"), (TeamId(2), "Гоголь")]);
    judge(&mut p, "пушкин", Verdict::Correct);
    judge(&mut p, "гоголь", Verdict::Wrong);

    // Teams without cards are still registered and playing: A = 4, B = 1.
    assert_eq!(row(&p, 1).rating, 4);

    // Act: the host marks team 4 absent (it did not come).
    p.host(mark(4, true), s(71));

    // Assert: A = 3, rating 3; the sheet lists team 4 absent and scores as live.
    assert_eq!(row(&p, 1).rating, 3);
    let sheet = serde_json::to_value(p.game.sheet(&p.roster)).unwrap();
    assert_eq!(
        sheet["questions"][0]["absent"],
        serde_json::json!(["Команда 4"])
    );
    assert_eq!(
        scored_standings(&sheet),
        serde_json::to_value(Results::standings(&p.game, &p.roster)).unwrap()
    );
    // Marked present again, it is back in A.
    p.host(mark(4, false), s(72));
    assert_eq!(row(&p, 1).rating, 4);
}

#[test]
fn chgk_4_3_only_the_host_marks_absence_and_not_for_a_team_that_played_the_tour() {
    let mut p = Play::new(3);
    p.tour(1);
    p.play(Q0, 0, &[(TeamId(1), "Пушкин")]);
    for role in [Role::Team, Role::Judge, Role::Jury, Role::Display] {
        assert!(!<ChgkGame as LiveFormat>::permitted(role, &mark(2, true)));
    }
    assert!(<ChgkGame as LiveFormat>::permitted(
        Role::Host,
        &mark(2, true)
    ));
    let refused = |p: &mut Play, command| p.try_as(Identity::Host, command, s(71));
    // A team with a card in the tour played it.
    assert_eq!(
        refused(&mut p, mark(1, true)),
        Err(ChgkError::PlayedTheTour)
    );
    // A team that is not registered, a tour that does not exist.
    assert_eq!(refused(&mut p, mark(9, true)), Err(ChgkError::NoSuchTeam));
    let no_tour = ChgkCommand::MarkAbsent {
        team: TeamId(2),
        tour: TourId(5),
        absent: true,
    };
    assert_eq!(refused(&mut p, no_tour), Err(ChgkError::NoSuchTour));
    // A closed tour's results are final.
    judge(&mut p, "пушкин", Verdict::Correct);
    p.host(ChgkCommand::Reveal { question: Q0 }, s(72));
    p.host(ChgkCommand::CloseTour { tour: TourId(0) }, s(73));
    assert_eq!(refused(&mut p, mark(2, true)), Err(ChgkError::TourClosed));
}

#[test]
fn chgk_4_3_a_team_that_hands_in_a_pass_counts_in_a_and_scores_nothing() {
    // Arrange: three teams; team 1 right, team 2 hands in a «пропуск»,
    // team 3 wrong.
    let mut p = Play::new(3);
    p.tour(1);
    p.play(
        Q0,
        0,
        &[
            (TeamId(1), "Пушкин"),
            (TeamId(2), "  "),
            (TeamId(3), "Гоголь"),
        ],
    );

    // The «пропуск» is a card with its receipt, but nothing to judge: two
    // groups, nobody missing, and the host sees who passed.
    let staff = p.game.project_staff(&p.roster, s(70));
    let judging = &staff.judging[0];
    assert_eq!(judging.groups.len(), 2);
    assert!(judging.missing.is_empty());
    assert_eq!(judging.passes, [TeamId(2)]);
    judge(&mut p, "пушкин", Verdict::Correct);
    judge(&mut p, "гоголь", Verdict::Wrong);
    p.host(ChgkCommand::Reveal { question: Q0 }, s(71));

    // Assert: A = 3 (the «пропуск» plays), B = 1: rating 3; team 2 scores 0.
    assert_eq!(row(&p, 1).rating, 3);
    assert_eq!((row(&p, 2).points, row(&p, 2).mask.as_str()), (0, "0"));
    let team = p.game.project_team(TeamId(2), &p.roster, s(72));
    let card = &team.cards[0];
    assert_eq!(card.text, "");
    assert_eq!(
        card.reveal.as_ref().and_then(|r| r.verdict),
        Some(Verdict::Wrong)
    );
    // There is no answer to appeal for.
    let appeal = ChgkCommand::FileAppeal {
        question: Q0,
        kind: AppealKind::AcceptMyAnswer,
        text: "засчитайте".into(),
    };
    assert_eq!(
        p.try_as(Identity::Team(TeamId(2)), appeal, s(73)),
        Err(ChgkError::NoCardToAppeal)
    );
    // A second card after the «пропуск» is refused: it was final.
    let second = ChgkCommand::SubmitCard {
        question: Q0,
        text: "Пушкин".into(),
    };
    assert_eq!(
        p.try_as(Identity::Team(TeamId(2)), second, s(74)),
        Err(ChgkError::CardAlreadyAccepted)
    );
    let sheet = serde_json::to_value(p.game.sheet(&p.roster)).unwrap();
    assert_eq!(sheet["questions"][0]["absent"], serde_json::json!([]));
    assert_eq!(
        scored_standings(&sheet),
        serde_json::to_value(Results::standings(&p.game, &p.roster)).unwrap()
    );
}
