//! Brain-ring through [`LiveFormat`]: the seeding's checks, the press
//! path, patches, the restart notice and the sheet's round trip.

use super::*;
use crate::play::brain_ring::PressKind;
use crate::play::format::Results;
use crate::play::format::{Buttons, Patches};

fn at(ms: u64) -> ServerTime {
    ServerTime(1_000_000_000 + ms * 1000)
}

fn host(ring: &mut RingTournament, roster: &Roster, command: RingCommand, now: ServerTime) {
    let (_, events) =
        LiveFormat::decide(ring, Identity::Host, command, roster, now).expect("the host may");
    for e in &events {
        LiveFormat::apply(ring, e);
    }
}

/// Four teams seeded, round 1 open, fight 1 (teams 1 and 4) armed at 1 s.
fn armed() -> (RingTournament, Roster) {
    let roster = Roster::numbered(4);
    let mut ring = <RingTournament as LiveFormat>::new(&RingTiming::default());
    let teams = (1..=4).map(TeamId).collect();
    host(
        &mut ring,
        &roster,
        RingCommand::Seed { teams, seed: 7 },
        at(0),
    );
    host(
        &mut ring,
        &roster,
        RingCommand::StartNext { stages: 2 },
        at(0),
    );
    host(
        &mut ring,
        &roster,
        RingCommand::Read { fight: FightId(1) },
        at(500),
    );
    host(
        &mut ring,
        &roster,
        RingCommand::Arm { fight: FightId(1) },
        at(1_000),
    );
    (ring, roster)
}

/// Fight 1's two tables.
fn tables(ring: &RingTournament) -> [u32; 2] {
    ring.fight(FightId(1)).expect("fight 1").tables.map(|t| t.0)
}

fn press(team: u32, ms: u64) -> ButtonPress {
    ButtonPress {
        team: TeamId(team),
        at: at(ms),
        rtt_us: 300,
        clock_offset_us: 0,
    }
}

#[test]
fn seeding_4_8_needs_an_even_number_of_registered_teams_each_once() {
    let roster = Roster::numbered(4);
    let ring = RingTournament::default();
    let seed = |teams: &[u32]| RingCommand::Seed {
        teams: teams.iter().map(|t| TeamId(*t)).collect(),
        seed: 0,
    };
    let decide = |c| LiveFormat::decide(&ring, Identity::Host, c, &roster, at(0)).err();
    assert_eq!(
        decide(seed(&[1, 2, 3])),
        Some(RingPlayError::CannotPair { teams: 3 })
    );
    assert_eq!(decide(seed(&[1, 9])), Some(RingPlayError::NoSuchTeam));
    assert_eq!(decide(seed(&[1, 1])), Some(RingPlayError::TeamTwice));
    assert_eq!(decide(seed(&[1, 2])), None);
}

#[test]
fn seeding_4_4_is_fixed_once_the_tournament_has_a_fight() {
    let (ring, roster) = armed();
    let again = RingCommand::Seed {
        teams: vec![TeamId(1), TeamId(2)],
        seed: 0,
    };
    assert_eq!(
        LiveFormat::decide(&ring, Identity::Host, again, &roster, at(2_000)).err(),
        Some(RingPlayError::Tournament(TournamentBlock::SeedingFixed))
    );
}

#[test]
fn only_the_host_runs_a_fight_and_only_a_team_appeals() {
    let arm = RingCommand::Arm { fight: FightId(1) };
    assert!(<RingTournament as LiveFormat>::permitted(Role::Host, &arm));
    for role in [Role::Judge, Role::Team, Role::Display, Role::Jury] {
        assert!(!<RingTournament as LiveFormat>::permitted(role, &arm));
    }
    let appeal = RingCommand::Appeal {
        fight: FightId(1),
        kind: super::super::RingAppealKind::AcceptOurAnswer,
        text: String::new(),
    };
    assert!(<RingTournament as LiveFormat>::permitted(
        Role::Team,
        &appeal
    ));
    assert!(!<RingTournament as LiveFormat>::permitted(
        Role::Host,
        &appeal
    ));
}

#[test]
fn a_press_goes_to_the_fight_the_team_plays_and_is_decided_at_once() {
    let (mut ring, _) = armed();
    let [a, b] = tables(&ring);
    let elsewhere = (1..=4)
        .find(|t| ![a, b].contains(t))
        .expect("fight 2's team");
    assert!(buttons().takes_press(&ring, TeamId(a)));
    let (verdict, _) = buttons()
        .press(&mut ring, press(a, 1_250))
        .expect("it plays fight 1")
        .expect("decided");
    assert_eq!(verdict.kind, PressKind::Won);
    assert_eq!(verdict.since_arming_us, Some(250_000));
    let (verdict, _) = buttons()
        .press(&mut ring, press(b, 1_260))
        .expect("it plays fight 1")
        .expect("decided");
    assert_ne!(verdict.kind, PressKind::Won, "the first press answers");
    // Fight 2 has no question read yet: a press there counts for nothing.
    let (verdict, _) = buttons()
        .press(&mut ring, press(elsewhere, 1_300))
        .expect("it plays fight 2")
        .expect("decided");
    assert_ne!(verdict.kind, PressKind::Won);
}

#[test]
fn a_press_patch_gives_the_staff_the_log_and_each_table_its_own_copy() {
    let (mut ring, roster) = armed();
    let [a, b] = tables(&ring);
    let elsewhere = (1..=4)
        .find(|t| ![a, b].contains(t))
        .expect("fight 2's team");
    let _ = buttons().press(&mut ring, press(b, 1_100));
    let patch = buttons()
        .press_patch(&ring, TeamId(b), &roster)
        .expect("fight 1 is open");
    assert_eq!(patch.staff.presses.len(), 1, "the staff sees the press log");
    assert!(patch.public.presses.is_empty(), "the hall does not");
    let at_tables: Vec<TeamId> = patch.teams.iter().map(|(t, _)| *t).collect();
    assert_eq!(at_tables, vec![TeamId(a), TeamId(b)]);

    // The patch replaces that fight in every view and nothing else.
    let mut staff = LiveFormat::staff_view(&ring, &roster, at(0));
    let mut display = LiveFormat::display_view(&ring, &roster, at(0));
    let mut table = LiveFormat::team_view(&ring, TeamId(a), &roster, at(0));
    let mut other = LiveFormat::team_view(&ring, TeamId(elsewhere), &roster, at(0));
    let _ = buttons().press(&mut ring, press(a, 1_200));
    let patch = buttons()
        .press_patch(&ring, TeamId(a), &roster)
        .expect("open");
    assert!(patches().patch_staff(&mut staff, &patch.staff));
    assert!(patches().patch_display(&mut display, &patch.public));
    assert!(patches().patch_team(&mut table, &patch.teams[0].1));
    assert!(
        !patches().patch_team(&mut other, &patch.teams[0].1),
        "another fight's team takes no patch of this one"
    );
    assert_eq!(staff, LiveFormat::staff_view(&ring, &roster, at(0)));
    assert_eq!(display, LiveFormat::display_view(&ring, &roster, at(0)));
    assert_eq!(
        table.fight,
        LiveFormat::team_view(&ring, TeamId(a), &roster, at(0)).fight
    );
}

#[test]
fn a_restart_14_4_puts_an_armed_question_back_to_reading_with_a_notice_until_the_host_acts() {
    let (mut ring, roster) = armed();
    let events = <RingTournament as LiveFormat>::OWN_EVENTS
        .expect("a restart's events")
        .restarted(&mut ring, at(5_000));
    assert_eq!(events.len(), 1);
    for e in &events {
        LiveFormat::apply(&mut ring, e);
    }
    let notices = LiveFormat::staff_view(&ring, &roster, at(5_000)).restarts;
    assert_eq!(notices.len(), 1);
    assert!(notices[0].rearm);
    assert!(!buttons().buttons_live(&ring) || ring.fight(FightId(1)).is_ok());
    host(
        &mut ring,
        &roster,
        RingCommand::Arm { fight: FightId(1) },
        at(6_000),
    );
    assert!(
        LiveFormat::staff_view(&ring, &roster, at(6_000))
            .restarts
            .is_empty()
    );
}

/// Four seeded teams and the first qualifying round played: 5:0, then 3:2.
fn first_round_played() -> (Roster, RingTournament) {
    let roster = Roster::numbered(4);
    let mut ring = RingTournament::default();
    let teams = (1..=4).map(TeamId).collect();
    host(
        &mut ring,
        &roster,
        RingCommand::Seed { teams, seed: 1 },
        at(0),
    );
    host(
        &mut ring,
        &roster,
        RingCommand::StartNext { stages: 1 },
        at(0),
    );
    let mut ms = 1_000;
    // 4.5: five questions a fight. Fight 1 goes 5:0 to its first table,
    // fight 2 3:2 to its second.
    for (fight, winners) in [(FightId(1), [0, 0, 0, 0, 0]), (FightId(2), [1, 0, 1, 0, 1])] {
        for table in winners {
            host(&mut ring, &roster, RingCommand::Read { fight }, at(ms));
            host(&mut ring, &roster, RingCommand::Arm { fight }, at(ms + 100));
            let team = ring.fight(fight).expect("open").tables[table];
            let _ = buttons().press(&mut ring, press(team.0, ms + 200));
            host(
                &mut ring,
                &roster,
                RingCommand::Judge {
                    fight,
                    correct: true,
                },
                at(ms + 300),
            );
            ms += 1_000;
        }
        host(
            &mut ring,
            &roster,
            RingCommand::CloseFight { fight },
            at(ms),
        );
    }
    (roster, ring)
}

#[test]
fn the_sheet_4_6_scores_to_exactly_the_live_qualifying_table() {
    let (roster, ring) = first_round_played();
    let sheet = LiveFormat::sheet(&ring, &roster);
    let text = crate::play::score::score_sheet(&serde_json::to_string(&sheet).unwrap())
        .expect("the sheet scores");
    let scored: serde_json::Value = serde_json::from_str(&text).expect("score prints JSON");
    assert_eq!(
        scored["standings"],
        serde_json::to_value(Results::standings(&ring, &roster)).unwrap()
    );
    assert_eq!(
        Results::places(&ring, &roster).len(),
        4,
        "every seeded team has a place"
    );
}

#[test]
fn the_sheet_written_live_reads_back_unchanged() {
    let (roster, mut ring) = first_round_played();
    assert_eq!(
        crate::play::score::tests::round_trip(&ring.scoresheet(&roster)),
        Ok(())
    );
    // 4.3: with the entry cut's tie, settled by a shoot-off and by a lot.
    for lot in [None, Some(9)] {
        ring.cut = Some(crate::play::cut::QualifyingCut {
            tied: vec![TeamId(2), TeamId(3), TeamId(5)],
            contested: 1,
            shoot_off: vec![vec![TeamId(2), TeamId(3)], vec![TeamId(2)]],
            lot,
            ..Default::default()
        });
        let sheet = ring.scoresheet(&roster);
        assert!(sheet.qualification.is_some());
        assert_eq!(crate::play::score::tests::round_trip(&sheet), Ok(()));
    }
}

const PACKAGE: &str =
    "? Первый вопрос.\n! Пушкин.\n/ Комментарий.\n\n? Второй вопрос.\n! Лермонтов.\n";

#[test]
fn questions_from_a_package_each_read_takes_the_next_and_the_host_alone_sees_the_text() {
    // Arrange: a package of two questions; fight 1 reads its first.
    let (mut ring, roster) = armed();
    let load = RingCommand::LoadPackage {
        file_name: "ring.4s".into(),
        bytes: PACKAGE.as_bytes().to_vec(),
    };
    let (receipt, events) =
        LiveFormat::decide(&ring, Identity::Host, load, &roster, at(0)).expect("it loads");
    assert_eq!(
        receipt,
        RingReceipt::PackageLoaded {
            added: 2,
            questions: 2
        }
    );
    for e in &events {
        LiveFormat::apply(&mut ring, e);
    }
    // Fight 1's first question was read before the package came: paper.
    let [a, _] = tables(&ring);
    let staff = |ring: &RingTournament| {
        let board = LiveFormat::staff_view(ring, &roster, at(0)).board;
        board
            .fights
            .into_iter()
            .find(|f| f.id == FightId(1))
            .expect("fight 1")
    };
    assert_eq!(staff(&ring).text, None);

    // Act: the question is taken; the next read takes the pool's first.
    let _ = buttons().press(&mut ring, press(a, 1_100));
    host(
        &mut ring,
        &roster,
        RingCommand::Judge {
            fight: FightId(1),
            correct: true,
        },
        at(2_000),
    );
    host(
        &mut ring,
        &roster,
        RingCommand::Read { fight: FightId(1) },
        at(3_000),
    );

    // Assert: the host sees text and answer; a table and the hall nothing yet.
    let shown = staff(&ring).text.expect("the host sees the question");
    assert_eq!((shown.number, shown.text.as_str()), (1, "Первый вопрос."));
    assert_eq!(shown.answer, "Пушкин.");
    let table = LiveFormat::team_view(&ring, TeamId(a), &roster, at(3_000));
    assert_eq!(table.fight.and_then(|f| f.text), None);
    let hall = LiveFormat::display_view(&ring, &roster, at(3_000));
    assert_eq!(hall.fights.iter().find_map(|f| f.text.clone()), None);

    // Once it is over, the answer (not the text) goes to the hall.
    host(
        &mut ring,
        &roster,
        RingCommand::Arm { fight: FightId(1) },
        at(4_000),
    );
    let _ = buttons().press(&mut ring, press(a, 4_100));
    host(
        &mut ring,
        &roster,
        RingCommand::Judge {
            fight: FightId(1),
            correct: true,
        },
        at(5_000),
    );
    let hall = LiveFormat::display_view(&ring, &roster, at(5_000));
    let after = hall
        .fights
        .iter()
        .find_map(|f| f.text.clone())
        .expect("the answer");
    assert_eq!(after.answer, "Пушкин.");
    assert!(after.text.is_empty(), "the hall heard the text read");
    let pool = LiveFormat::staff_view(&ring, &roster, at(5_000));
    assert_eq!((pool.pool, pool.pool_used), (2, 1));
}

fn buttons() -> &'static dyn Buttons<RingTournament> {
    <RingTournament as LiveFormat>::BUTTONS.expect("teams press in Brain-ring")
}

fn patches() -> &'static dyn Patches<RingTournament> {
    <RingTournament as LiveFormat>::PATCHES.expect("a press patches the screens")
}
