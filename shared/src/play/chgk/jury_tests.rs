//! 6.5 applied to ChGK: when the event has an appeal jury, it decides the
//! appeals and the host is refused; until it decides a спорный, the team's
//! answer is open (`?` in the mask); every decision says who took it.

use super::live_tests::{Play, s};
use super::*;
use crate::identity::{Identity, Role};
use crate::ids::{AppealId, QuestionId, TeamId};
use crate::play::format::LiveFormat;

const Q0: QuestionId = QuestionId(0);

/// Three teams; team 1 «Пушкин» right, team 2 «А. С. Пушкин» judged wrong,
/// team 3 «Гоголь» wrong; revealed; team 2 files a спорный.
fn disputed(jury: bool) -> Play {
    let mut p = Play::new(3);
    p.roster.appeal_jury = jury;
    p.tour(1);
    p.play(
        Q0,
        0,
        &[
            (TeamId(1), "Пушкин"),
            (TeamId(2), "А. С. Пушкин"),
            (TeamId(3), "Гоголь"),
        ],
    );
    for (group, verdict) in [
        ("пушкин", Verdict::Correct),
        ("а с пушкин", Verdict::Wrong),
        ("гоголь", Verdict::Wrong),
    ] {
        let judge = ChgkCommand::Judge {
            question: Q0,
            group: group.into(),
            verdict,
        };
        p.host(judge, s(70));
    }
    p.host(ChgkCommand::Reveal { question: Q0 }, s(71));
    let appeal = ChgkCommand::FileAppeal {
        question: Q0,
        kind: AppealKind::AcceptMyAnswer,
        text: "Это тот же Пушкин".into(),
    };
    p.try_as(Identity::Team(TeamId(2)), appeal, s(72))
        .expect("the спорный is filed");
    p
}

fn resolve(upheld: bool) -> ChgkCommand {
    ChgkCommand::ResolveAppeal {
        appeal: AppealId(1),
        upheld,
        reply: "Зачтено: тот же ответ".into(),
    }
}

fn mask(p: &Play, team: u32) -> String {
    p.game
        .staff_standings(&p.roster)
        .into_iter()
        .find(|r| r.team == TeamId(team))
        .map(|r| r.mask)
        .unwrap_or_default()
}

#[test]
fn chgk_6_5_the_jury_decides_a_disputed_answer_and_the_host_is_refused_while_it_sits() {
    // Arrange: the event has an appeal jury; team 2's спорный is open.
    let mut p = disputed(true);
    assert!(<ChgkGame as LiveFormat>::permitted(
        Role::Jury,
        &resolve(true)
    ));
    assert!(!<ChgkGame as LiveFormat>::permitted(
        Role::Team,
        &resolve(true)
    ));
    assert!(!<ChgkGame as LiveFormat>::permitted(
        Role::Judge,
        &resolve(true)
    ));

    // The answer is open: `?`, not `0`; the staff see the card beside the
    // author's answer, and that the jury decides.
    assert_eq!(mask(&p, 2), "?");
    let staff = p.game.project_staff(&p.roster, s(73));
    assert!(staff.appeal_jury);
    let appeal = &staff.appeals[0];
    assert_eq!(appeal.card.as_deref(), Some("А. С. Пушкин"));
    assert_eq!(appeal.author_answer, "Пушкин");

    // Act: the host tries to decide.
    let by_host = p.try_as(Identity::Host, resolve(true), s(74));

    // Assert: refused with its reason, nothing decided.
    assert_eq!(by_host, Err(ChgkError::JuryDecides));
    assert_eq!(mask(&p, 2), "?");

    // Act: the jury upholds it.
    p.try_as(Identity::Jury, resolve(true), s(75))
        .expect("the jury decides");

    // Assert: the answer counts; the decision says the jury took it, when.
    assert_eq!(mask(&p, 2), "1");
    let appeal = &p.game.project_staff(&p.roster, s(76)).appeals[0];
    let resolution = appeal.resolution.as_ref().expect("decided");
    assert_eq!(
        (resolution.upheld, resolution.by, resolution.at),
        (true, AppealDecider::Jury, s(75))
    );
    // The team reads the decision on its own appeal.
    let team = p.game.project_team(TeamId(2), &p.roster, s(76));
    assert!(team.appeals[0].resolution.is_some());
    // Another team sees no appeal of team 2.
    assert!(
        p.game
            .project_team(TeamId(3), &p.roster, s(76))
            .appeals
            .is_empty()
    );
}

#[test]
fn chgk_4_14_without_a_jury_the_host_decides_and_a_rejected_dispute_is_a_zero() {
    let mut p = disputed(false);
    assert_eq!(mask(&p, 2), "?");
    assert!(!p.game.project_staff(&p.roster, s(73)).appeal_jury);
    p.host(resolve(false), s(74));
    assert_eq!(mask(&p, 2), "0");
    let appeal = &p.game.appeals[0];
    assert_eq!(appeal.decided_by, Some(AppealDecider::Host));
}

#[test]
fn chgk_6_5_a_store_from_before_the_jury_reads_its_decisions_as_the_hosts() {
    // The stored event of an earlier release has no `by`.
    let old = r#"{"AppealResolved":{"appeal":1,"upheld":true,"reply":"да","at":1000}}"#;
    let event: ChgkEvent = serde_json::from_str(old).expect("an old event loads");
    assert!(matches!(
        event,
        ChgkEvent::AppealResolved {
            by: AppealDecider::Host,
            ..
        }
    ));
}
