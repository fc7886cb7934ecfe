//! The festival (section 2) end to end on the virtual hall
//! (`minuta_tests::virtual_hall`): the server's machine and the app's own
//! state on virtual time, no sockets, driven as the host's dashboard
//! drives it: eight teams, a host, a projector. The host adds «Мультиигры»
//! and lays out the programme (2): day one a Мультиигры tour before each
//! ChGK tour (6.3), day two Brain-ring (4.3). Day one is short — one task
//! per Мультиигры tour, two questions per ChGK tour, then the tour is
//! closed — and the programme's «now» moves along on the host's and the
//! projector's screens. After day one `RingQualify` takes the best six of
//! the ChGK day by points, then rating (4.3), and the six play Brain-ring
//! with their buttons — qualifying rounds, «царь горы», the final — to a
//! champion. Then the host's `HostView.festival` and the JSON export both
//! place every team in every tournament with prizes 1–3 (2.2),
//! Brain-ring's two teams that did not qualify after the six, in their
//! ChGK order.

use std::collections::BTreeSet;

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_server::export::ExportFormat;
use minuta_shared::export::event::EventExport;
use minuta_shared::ids::{GameId, QuestionId, TeamId, TourId};
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{
    ButtonPhase, EVENT_RING, FightId, PressKind, RingCommand, RingStage,
};
use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
use minuta_shared::play::games::{GameCommand, GameReceipt, GameSettings, GameStaffView};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    MultigamesCommand as M, MultigamesReceipt, MultigamesSettings, MultigamesStaffView, TaskDraft,
    TaskId, TaskStatus, TourNo,
};
use minuta_shared::play::settings::ChgkTiming;
use minuta_shared::programme::{Programme, ProgrammeDay, ProgrammeView, Slot, SlotStatus};
use minuta_shared::tournament::festival::Prize;
use minuta_shared::wire::client::{Command, CutDecision};
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{FestivalTable, HostView};
use minuta_tests::brain_ring::{RingSight, fight_in, ring_timing};
use minuta_tests::sim_net::Conditions;
use minuta_tests::virtual_hall::VirtualHall;

/// Day one's ChGK: the two questions played in each of the two tours (by
/// position in the tour), and the teams (1 to 8) right on each. Eight teams
/// play every question (each hands in a card), so a question's rating
/// (4.3) is 9 − B: 4, 6, 5 and 6. Points, rating: team 1 — 4, 21; 3 — 3,
/// 16; 2 — 3, 15; 4 — 2, 9; 7 — 1, 6; 6 — 1, 5; 5 — 1, 4; 8 — 0, 0. The
/// best six (4.3) are 1, 3, 2, 4, 7, 6; 5 and 8 do not qualify.
const CHGK_DAY: [(usize, usize, &[usize]); 4] = [
    (0, 0, &[1, 2, 3, 4, 5]),
    (0, 1, &[1, 2, 3]),
    (1, 0, &[1, 2, 4, 6]),
    (1, 1, &[1, 3, 7]),
];

/// The ChGK table after day one, by team number.
const CHGK_ORDER: [usize; 8] = [1, 3, 2, 4, 7, 6, 5, 8];

/// The six that qualify for Brain-ring, in seeding order (4.4: the same
/// table, day one being under three tours).
const QUALIFIED: [usize; 6] = [1, 3, 2, 4, 7, 6];

/// Cards are handed in before «Время» (allowed from the announcement), so
/// the minute can be short.
fn quick_chgk() -> ChgkTiming {
    ChgkTiming {
        minute_ms: 400,
        warning_before_end_ms: 200,
        grace_ms: 200,
    }
}

fn game(game: GameId, command: M) -> Command {
    Command::Game {
        game,
        command: GameCommand::Multigames(command),
    }
}

fn staff(view: &HostView, id: GameId) -> Option<&MultigamesStaffView> {
    view.games.iter().find(|g| g.id == id).map(|g| {
        let GameStaffView::Multigames(v) = &g.view else {
            panic!("not a Мультиигры game")
        };
        v
    })
}

fn credit(text: &str) -> Result<Credit> {
    Credit::parse(text).ok_or_else(|| anyhow!("not a credit: {text}"))
}

fn now_on(programme: Option<&ProgrammeView>) -> Option<Slot> {
    programme.and_then(|p| p.find(SlotStatus::Now).map(|s| s.slot))
}

/// The programme's «now», as the host and the projector see it.
fn now_is(hall: &mut VirtualHall, slot: Option<Slot>) -> Result<()> {
    hall.host_sees(&format!("now: {slot:?} on the host's screen"), |v| {
        now_on(v.programme.as_ref()) == slot
    })?;
    hall.display_sees(&format!("now: {slot:?} on the projector"), |v| {
        now_on(v.programme.as_ref()) == slot
    })?;
    Ok(())
}

/// The host adds «Мультиигры» (no appeals, a short grace) with two tours
/// of one task each, 8 points and 1 s.
fn add_multigames(hall: &mut VirtualHall) -> Result<(GameId, [TaskId; 2])> {
    let host = hall.host;
    let settings = MultigamesSettings {
        appeals: false,
        grace_ms: 200,
        warning_before_end_ms: 500,
    };
    let Receipt::GameAdded { game: id } = hall.ok(
        host,
        Command::AddGame {
            name: "Мультиигры".into(),
            settings: GameSettings::Multigames(settings),
        },
    )?
    else {
        bail!("no game added");
    };
    let mut tasks = [TaskId(0); 2];
    for (i, (title, answer)) in [("Анаграммы", "Спаниель"), ("Ребусы", "Стол")]
        .into_iter()
        .enumerate()
    {
        hall.ok(
            host,
            game(
                id,
                M::AddTour {
                    title: title.into(),
                },
            ),
        )?;
        let receipt = hall.ok(
            host,
            game(
                id,
                M::AddTask {
                    tour: TourNo(i as u32),
                    task: TaskDraft {
                        title: title.into(),
                        text: format!("Задание «{title}»."),
                        answer: answer.into(),
                        comment: String::new(),
                        points: credit("8")?,
                        seconds: 1,
                    },
                },
            ),
        )?;
        let Receipt::Game {
            receipt: GameReceipt::Multigames(MultigamesReceipt::TaskAdded { task }),
            ..
        } = receipt
        else {
            bail!("no task added: {receipt:?}");
        };
        tasks[i] = task;
    }
    Ok((id, tasks))
}

/// A Мультиигры tour of one task: every team answers, team n is credited
/// 9 − n points, the host reveals.
fn multigames_tour(hall: &mut VirtualHall, id: GameId, task: TaskId) -> Result<()> {
    let host = hall.host;
    hall.ok(host, game(id, M::Announce { task }))?;
    hall.ok(host, game(id, M::Start { task }))?;
    for team in hall.teams.clone() {
        hall.ok(
            team,
            game(
                id,
                M::Answer {
                    task,
                    text: "Ответ".into(),
                },
            ),
        )?;
    }
    hall.host_sees("the task's time and grace over", |v| {
        staff(v, id).is_some_and(|g| {
            g.tours
                .iter()
                .flat_map(|t| &t.tasks)
                .any(|t| t.heading.id == task && t.heading.status == TaskStatus::Over)
        })
    })?;
    for (i, team) in hall.team_ids.clone().into_iter().enumerate() {
        let points = credit(&(8 - i).to_string())?;
        hall.ok(host, game(id, M::Award { task, team, points }))?;
    }
    hall.ok(host, game(id, M::Reveal { task }))?;
    Ok(())
}

/// Plays a Brain-ring fight out at the buttons: table 0 takes the odd
/// questions, table 1 the even ones, so table 0 wins 3:2 (5 questions) or
/// 4:3 (7). In the tournament's first fight table 1 false-starts on the
/// first question (4: it loses that question) and answers the second
/// wrong, before table 0 takes it in its 20 s.
fn play_fight(hall: &mut VirtualHall, fight: FightId, first: bool) -> Result<()> {
    let host = hall.host;
    let ring = |command: RingCommand| Command::game(EVENT_RING, command);
    let view = hall.host_sees("the fight on the board", |v| {
        fight_in(v.ring(), fight).is_some()
    })?;
    let tables = fight_in(view.ring(), fight)
        .map(|f| f.tables)
        .ok_or_else(|| anyhow!("no fight {fight}"))?;
    let (left, right) = (hall.terminal_of(tables[0])?, hall.terminal_of(tables[1])?);
    for number in 1u32.. {
        hall.ok(host, ring(RingCommand::Read { fight }))?;
        if first && number == 1 {
            let early = hall.press(right)?;
            ensure!(early.kind == PressKind::FalseStart, "{early:?}");
        }
        hall.ok(host, ring(RingCommand::Arm { fight }))?;
        let taker = if number % 2 == 1 { left } else { right };
        if first && number == 2 {
            let wrong = hall.press(right)?;
            ensure!(wrong.kind == PressKind::Won, "{wrong:?}");
            hall.ok(
                host,
                ring(RingCommand::Judge {
                    fight,
                    correct: false,
                }),
            )?;
            let taken = hall.press(left)?;
            ensure!(taken.kind == PressKind::Won, "the 20 s: {taken:?}");
        } else {
            let won = hall.press(taker)?;
            ensure!(won.kind == PressKind::Won, "question {number}: {won:?}");
        }
        hall.ok(
            host,
            ring(RingCommand::Judge {
                fight,
                correct: true,
            }),
        )?;
        let view = hall.host_sees(&format!("question {number} of fight {fight} over"), |v| {
            fight_in(v.ring(), fight).is_some_and(|f| {
                f.question.as_ref().is_some_and(|q| {
                    q.number == number && matches!(q.phase, ButtonPhase::Over { .. })
                })
            })
        })?;
        let status = fight_in(view.ring(), fight).map(|f| f.status);
        match status {
            Some(FightStatus::InProgress { .. }) => continue,
            Some(FightStatus::Won { winner: 0 }) => break,
            other => bail!("fight {fight} after question {number}: {other:?}"),
        }
    }
    hall.ok(host, ring(RingCommand::CloseFight { fight }))?;
    Ok(())
}

/// Plays the tournament step by step until the champion is known; returns
/// the first final fight's table-0 team (who wins fights 1 and 3).
fn play_brain_ring(hall: &mut VirtualHall) -> Result<TeamId> {
    let host = hall.host;
    let mut first = true;
    let mut finalist = None;
    loop {
        let view = hall.host_sees("no fight open", |v| {
            v.ring().fights.iter().all(|f| f.closed)
        })?;
        match &view.ring().stage {
            RingStage::Finished { .. } => break,
            RingStage::Qualifying { open: 0, .. }
            | RingStage::Playoff { open: false, .. }
            | RingStage::Final { open: false, .. } => {}
            other => bail!("the tournament stands at {other:?}"),
        }
        if let RingStage::Final {
            number: 1, tables, ..
        } = &view.ring().stage
        {
            finalist = Some(tables[0]);
        }
        let before = view.ring().fights.len();
        hall.ok(
            host,
            Command::game(EVENT_RING, RingCommand::StartNext { stages: 3 }),
        )?;
        let view = hall.host_sees("the step's fights", |v| v.ring().fights.len() > before)?;
        let mut open: Vec<FightId> = view
            .ring()
            .fights
            .iter()
            .filter(|f| !f.closed)
            .map(|f| f.id)
            .collect();
        open.sort();
        for fight in open {
            play_fight(hall, fight, first)?;
            first = false;
        }
    }
    finalist.ok_or_else(|| anyhow!("no final was played"))
}

/// A festival table as (team, place as printed, prize).
fn rows(table: &FestivalTable) -> Vec<(TeamId, String, Option<Prize>)> {
    table
        .rows
        .iter()
        .map(|r| (r.team, r.place.to_string(), r.prize))
        .collect()
}

/// 2.2: every team once, places from 1 in order, prizes for 1–3 only.
fn places_every_team(table: &FestivalTable, teams: &[TeamId]) -> Result<()> {
    let placed: BTreeSet<TeamId> = table.rows.iter().map(|r| r.team).collect();
    ensure!(
        placed == teams.iter().copied().collect() && table.rows.len() == teams.len(),
        "{}: not every team once: {:?}",
        table.format,
        rows(table)
    );
    for (row, position) in table.rows.iter().zip(1u32..) {
        ensure!(
            (row.place.first..=row.place.last).contains(&position),
            "{}: {:?}",
            table.format,
            rows(table)
        );
        ensure!(
            row.prize == Prize::for_place(row.place)
                && row.prize.is_some() == (row.place.first <= 3),
            "{}: prize of {:?}",
            table.format,
            row
        );
    }
    Ok(())
}

#[test]
fn festival_2_day_one_chgk_with_multigames_tours_then_brain_ring_places_every_team() -> Result<()> {
    // Arrange: eight teams, the Мультиигры game, the programme (2, 6.3, 4.3).
    let mut hall = VirtualHall::open(8, quick_chgk(), Conditions::default())?;
    let host = hall.host;
    let teams = hall.team_ids.clone();
    let team = |n: usize| teams[n - 1];
    let (id, tasks) = add_multigames(&mut hall)?;
    let view = hall.host_sees("the package", |v| v.event_chgk().tours.len() >= 2)?;
    let chgk_tours: Vec<(TourId, Vec<QuestionId>)> = view
        .event_chgk()
        .tours
        .iter()
        .take(2)
        .map(|t| (t.id, t.questions.iter().map(|q| q.id).collect()))
        .collect();
    let mg = |tour| Slot::GameTour { game: id, tour };
    let chgk = |i: usize| Slot::ChgkTour {
        tour: chgk_tours[i].0,
    };
    hall.ok(
        host,
        Command::SetProgramme {
            programme: Programme {
                days: vec![
                    ProgrammeDay {
                        title: "Суббота".into(),
                        slots: vec![mg(0), chgk(0), mg(1), chgk(1)],
                    },
                    ProgrammeDay {
                        title: "Воскресенье".into(),
                        slots: vec![Slot::BrainRing],
                    },
                ],
            },
        },
    )?;
    hall.ok(
        host,
        Command::game(
            EVENT_RING,
            RingCommand::SetTiming {
                timing: ring_timing(),
            },
        ),
    )?;
    now_is(&mut hall, Some(mg(0)))?;

    // Act: day one, slot by slot as the programme says.
    for (i, task) in tasks.into_iter().enumerate() {
        multigames_tour(&mut hall, id, task)?;
        now_is(&mut hall, Some(chgk(i)))?;
        for &(tour, index, right) in CHGK_DAY.iter().filter(|(t, ..)| *t == i) {
            let question = *chgk_tours[tour]
                .1
                .get(index)
                .ok_or_else(|| anyhow!("tour {tour} has no question {index}"))?;
            hall.play_question(
                question,
                "Верный ответ",
                "Не знаем",
                |i| right.contains(&(i + 1)),
            )?;
        }
        // Two questions are the whole tour today: the host closes it.
        hall.ok(
            host,
            Command::game(
                EVENT_CHGK,
                ChgkCommand::CloseTour {
                    tour: chgk_tours[i].0,
                },
            ),
        )?;
    }
    now_is(&mut hall, Some(Slot::BrainRing))?;
    hall.ok(host, game(id, M::Finish))?;

    // Day two: 4.3 — the best six of day one qualify and are seeded (4.4).
    let day_one = hall
        .host_sees("the ChGK table of day one", |v| {
            v.event_chgk()
                .standings
                .iter()
                .map(|r| r.team)
                .collect::<Vec<_>>()
                == CHGK_ORDER.map(team).to_vec()
        })
        .context("3, 4.3: points, then rating")?;
    ensure!(
        day_one
            .event_chgk()
            .standings
            .iter()
            .map(|r| (r.points, r.rating))
            .collect::<Vec<_>>()
            == [
                (4, 21),
                (3, 16),
                (3, 15),
                (2, 9),
                (1, 6),
                (1, 5),
                (1, 4),
                (0, 0)
            ],
        "{:?}",
        day_one.event_chgk().standings
    );
    hall.ok(
        host,
        Command::Qualify {
            game: EVENT_RING,
            places: 6,
            seed: 2026,
            cut: CutDecision::default(),
        },
    )?;
    let seeded = hall.host_sees("the seeding", |v| !v.ring().seeding.is_empty())?;
    ensure!(
        seeded.ring().seeding == QUALIFIED.map(team).to_vec(),
        "4.3/4.4: {:?}",
        seeded.ring().seeding
    );
    let finalist = play_brain_ring(&mut hall)?;

    // Assert: the champion, and the whole programme done on both screens.
    let done = hall.host_sees("the champion and every tournament placed", |v| {
        v.ring().stage == RingStage::Finished { champion: finalist }
            && v.festival.len() == 3
            && v.festival.iter().all(|t| t.rows.len() == 8)
    })?;
    now_is(&mut hall, None)?;
    ensure!(
        done.programme
            .iter()
            .flat_map(|p| &p.days)
            .flat_map(|d| &d.slots)
            .all(|s| s.status == SlotStatus::Done),
        "{:?}",
        done.programme
    );

    // 2.2: ChGK, Мультиигры and Brain-ring each place every team.
    let formats: Vec<&str> = done.festival.iter().map(|t| t.format.as_str()).collect();
    ensure!(
        formats == ["chgk", "multigames", "brain-ring"],
        "{formats:?}"
    );
    for table in &done.festival {
        places_every_team(table, &teams)?;
    }
    let order = |t: &FestivalTable| t.rows.iter().map(|r| r.team).collect::<Vec<_>>();
    ensure!(order(&done.festival[0]) == CHGK_ORDER.map(team).to_vec());
    ensure!(
        order(&done.festival[1]) == teams,
        "Мультиигры: 16, 14, … points"
    );
    // Brain-ring: its final places, then 5 and 8 in their ChGK order.
    let ring = &done.festival[2];
    let finals: Vec<TeamId> = done.ring().final_places.iter().map(|r| r.team).collect();
    ensure!(finals.len() == 6 && finals[0] == finalist, "{finals:?}");
    let mut expected = finals.clone();
    expected.extend([team(5), team(8)]);
    ensure!(order(ring) == expected, "{:?}", rows(ring));
    ensure!(
        ring.rows
            .iter()
            .map(|r| r.place.to_string())
            .collect::<Vec<_>>()
            == (1..=8).map(|p| p.to_string()).collect::<Vec<_>>(),
        "{:?}",
        rows(ring)
    );

    // The JSON export says the same.
    let text = hall.export(ExportFormat::Json)?;
    let json: EventExport = serde_json::from_str(&text)?;
    let exported = &json.festival;
    ensure!(exported.len() == 3, "{exported:#?}");
    for (table, shown) in exported.iter().zip(&done.festival) {
        ensure!(table.format == shown.format);
        let places: Vec<(String, String, Option<u32>)> = table
            .places
            .iter()
            .map(|p| (p.team.clone(), p.place.clone(), p.prize))
            .collect();
        let want: Vec<(String, String, Option<u32>)> = shown
            .rows
            .iter()
            .map(|r| {
                let prize = r.prize.map(|prize| match prize {
                    Prize::First => 1,
                    Prize::Second => 2,
                    Prize::Third => 3,
                });
                (r.name.clone(), r.place.to_string(), prize)
            })
            .collect();
        ensure!(places == want, "{}: {places:?} vs {want:?}", shown.format);
    }
    Ok(())
}
