//! «Что? Где? Когда?» (section 3, rating of 4.3) played end to end on the
//! virtual hall (`minuta_tests::virtual_hall`): the server's machine and
//! the app's own state on virtual time, no sockets. A host, a judge, a
//! projector display and five teams (cards on time, late and missing play
//! in `chgk_rules.rs`); judging by groups; the reveal; standings with
//! shared places in every view; the export; and no team ever seeing
//! another team's answer.

use std::collections::BTreeMap;

use anyhow::{Context, Result, anyhow, bail, ensure};

use minuta_server::export::ExportFormat;
use minuta_shared::export::event::EventExport;
use minuta_shared::ids::{QuestionId, TeamId, TourId};
use minuta_shared::play::chgk::view::StandingRow;
use minuta_shared::play::chgk::{ChgkCommand, ChgkError, EVENT_CHGK, Judger, Verdict};
use minuta_shared::play::games::{GameError, PlayError};
use minuta_shared::text::normalise_answer;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::codec;
use minuta_shared::wire::envelope::Envelope;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::server::{CommandError, Receipt, ServerMsg};
use minuta_shared::wire::view::View;
use minuta_tests::hall::{card_receipt, judging_of, test_timing};
use minuta_tests::sim_net::Conditions;
use minuta_tests::terminal::is_view;
use minuta_tests::virtual_hall::{TerminalId, VirtualHall};

const Q0: QuestionId = QuestionId(0);
const Q1: QuestionId = QuestionId(1);

/// Every message terminal `t` received, as the bytes of its frame: the
/// envelope numbered from 1 as the connection's writer numbers it.
fn frames(hall: &VirtualHall, t: TerminalId) -> Result<Vec<Vec<u8>>> {
    hall.terminals[t]
        .received
        .iter()
        .zip(1u64..)
        .map(|(msg, seq)| Ok(codec::encode(&Envelope::new(seq, &**msg))?))
        .collect()
}

/// One question's cards as (team index, text).
struct Round {
    question: QuestionId,
    on_time: Vec<(usize, &'static str)>,
    late: Vec<(usize, &'static str)>,
}

#[test]
fn chgk_3_and_4_3_judging_reveal_standings_and_export() -> Result<()> {
    // Arrange: five teams, a judge.
    let mut hall = VirtualHall::open(5, test_timing(), Conditions::default())?;
    let host = hall.host;
    let ids = hall.team_ids.clone();
    let Receipt::JudgeAdded { judge } = hall.ok(
        host,
        Command::AddJudge {
            name: "Судья Иванова".into(),
        },
    )?
    else {
        bail!("no judge id")
    };
    let access = hall
        .host_sees("the judge's secret", |v| {
            v.access
                .as_ref()
                .is_some_and(|a| a.judges.iter().any(|(j, _)| *j == judge))
        })?
        .access
        .ok_or_else(|| anyhow!("no access"))?;
    let secret = access
        .judges
        .iter()
        .find(|(j, _)| *j == judge)
        .map(|(_, s)| s.clone())
        .unwrap_or_default();
    let judge_terminal = hall.join(Credential::Judge { judge, secret })?;
    hall.until("the judge's view", |h| {
        h.terminals[judge_terminal].state.host_view().is_some()
    })?;
    ensure!(
        hall.terminals[judge_terminal]
            .state
            .host_view()
            .is_some_and(|v| v.access.is_none()),
        "a judge never sees secrets"
    );

    // Question 1 (answer «серп, молот.»): teams 1 and 2 write the same
    // answer two ways, team 3 another; team 4 is late; team 5 writes nothing.
    let rounds = [
        Round {
            question: Q0,
            on_time: vec![
                (0, "Серп, молот"),
                (1, "  серп   МОЛОТ! "),
                (2, "молот, серп"),
            ],
            late: vec![(3, "Серп и молот")],
        },
        // Question 2 (answer «фейерверки.», зачёт «салюты.»).
        Round {
            question: Q1,
            on_time: vec![(0, "фейерверки"), (2, "Салюты"), (1, "ракеты"), (3, "огни")],
            late: vec![],
        },
    ];
    let correct: [&[usize]; 2] = [&[0, 1], &[0, 2]];
    let mut reveal_marks: Vec<Vec<usize>> = Vec::new();

    for (round, correct) in rounds.iter().zip(correct) {
        // Act: the minute, the cards.
        let clock = hall.start_question(round.question)?;
        for (i, text) in &round.on_time {
            let team = hall.teams[*i];
            let receipt = hall.submit_card(team, round.question, text)??;
            ensure!(
                !card_receipt(&receipt, &clock)?.1,
                "team {i}'s card is on time: {receipt:?}"
            );
        }
        hall.wait_until_over(round.question)?;
        for (i, text) in &round.late {
            let team = hall.teams[*i];
            let receipt = hall.submit_card(team, round.question, text)??;
            ensure!(
                card_receipt(&receipt, &clock)?.1,
                "team {i}'s card is late: {receipt:?}"
            );
        }

        // The answers grouped by normalised text, late and missing apart.
        let groups_expected = round
            .on_time
            .iter()
            .map(|(_, t)| normalise_answer(t))
            .collect::<std::collections::BTreeSet<_>>();
        let view = hall.host_sees("every card of the question", |v| {
            judging_of(v, round.question).is_some_and(|j| {
                j.groups.len() == groups_expected.len() && j.late.len() == round.late.len()
            })
        })?;
        let judging = judging_of(&view, round.question)
            .ok_or_else(|| anyhow!("no judging"))?
            .clone();
        ensure!(
            judging.missing == vec![ids[4]],
            "team 5 handed in nothing: {:?}",
            judging.missing
        );

        // Judging: the host marks question 1, the judge question 2; one
        // action marks a whole group.
        let marker = if round.question == Q0 {
            host
        } else {
            judge_terminal
        };
        for group in &judging.groups {
            let right = group
                .teams
                .iter()
                .any(|t| correct.iter().any(|c| ids[*c] == *t));
            let verdict = if right {
                Verdict::Correct
            } else {
                Verdict::Wrong
            };
            hall.ok(
                marker,
                Command::game(
                    EVENT_CHGK,
                    ChgkCommand::Judge {
                        question: round.question,
                        group: group.key.clone(),
                        verdict,
                    },
                ),
            )?;
        }
        if round.question == Q0 {
            let same = judging
                .groups
                .iter()
                .find(|g| g.key == normalise_answer("серп молот"))
                .ok_or_else(|| anyhow!("no group"))?;
            ensure!(
                same.teams.len() == 2 && same.spellings.len() == 2,
                "one group, two spellings: {same:?}"
            );
        }

        // The reveal; messages before it are checked for other teams' answers.
        reveal_marks.push(
            hall.teams
                .iter()
                .map(|t| hall.terminals[*t].received.len())
                .collect(),
        );
        hall.ok(
            host,
            Command::game(
                EVENT_CHGK,
                ChgkCommand::Reveal {
                    question: round.question,
                },
            ),
        )?;
    }

    // The host marks team 5 absent from the tour: it never came (4.3).
    hall.ok(
        host,
        Command::game(
            EVENT_CHGK,
            ChgkCommand::MarkAbsent {
                team: ids[4],
                tour: TourId(0),
                absent: true,
            },
        ),
    )?;

    // Assert: the standings (3; 4.3). Team 5 is marked absent, so four
    // teams play (team 4, late, is there): a question two teams answer is
    // worth (4+1)−2 = 3. Team 1: both (6); teams 2 and 3
    // one each and share places 2-3; teams 4 and 5 none and share 4-5.
    let expected: BTreeMap<TeamId, (&str, u32, i64, &str)> = [
        (ids[0], ("1", 2, 6, "11")),
        (ids[1], ("2-3", 1, 3, "10")),
        (ids[2], ("2-3", 1, 3, "01")),
        (ids[3], ("4-5", 0, 0, "00")),
        (ids[4], ("4-5", 0, 0, "00")),
    ]
    .into();
    let table = |rows: &[StandingRow]| -> BTreeMap<TeamId, (String, u32, i64, String)> {
        rows.iter()
            .map(|r| {
                (
                    r.team,
                    (r.place.to_string(), r.points, r.rating, r.mask.clone()),
                )
            })
            .collect()
    };
    let want: BTreeMap<TeamId, (String, u32, i64, String)> = expected
        .iter()
        .map(|(t, (p, pts, r, m))| (*t, (p.to_string(), *pts, *r, m.to_string())))
        .collect();
    let view = hall.host_sees("both questions revealed", |v| {
        table(&v.event_chgk().standings) == want
    })?;
    ensure!(
        view.event_chgk().standings.first().map(|r| r.team) == Some(ids[0]),
        "rows are in place order: {:?}",
        view.event_chgk().standings
    );
    let display = hall.display_sees("the final standings", |v| {
        table(&v.event_chgk().standings) == want
    })?;
    ensure!(display.event_chgk().standings.len() == 5);
    for (i, team) in hall.teams.clone().into_iter().enumerate() {
        let seen = hall.team_sees(team, "the final standings", |v| {
            table(&v.event_chgk().standings) == want
        })?;
        ensure!(seen.team == ids[i]);
    }

    // Every change of a verdict is logged with who and when.
    ensure!(
        view.event_chgk()
            .judgement_log
            .iter()
            .filter(|e| e.question == Q0)
            .all(|e| e.by == Judger::Host),
        "{:?}",
        view.event_chgk().judgement_log
    );
    ensure!(
        view.event_chgk()
            .judgement_log
            .iter()
            .filter(|e| e.question == Q1)
            .all(|e| matches!(e.by, Judger::Judge(_))),
        "{:?}",
        view.event_chgk().judgement_log
    );
    ensure!(
        view.event_chgk().judgement_log.len() == 6,
        "{:?}",
        view.event_chgk().judgement_log
    );

    // After the reveal each team sees its own verdicts and the author's answer.
    let team1 = hall.team_sees(hall.teams[0], "the verdicts", |v| {
        v.event_chgk().cards.iter().all(|c| c.reveal.is_some())
    })?;
    let verdicts: Vec<Option<Verdict>> = team1
        .event_chgk()
        .cards
        .iter()
        .map(|c| c.reveal.as_ref().and_then(|r| r.verdict))
        .collect();
    ensure!(
        verdicts == vec![Some(Verdict::Correct), Some(Verdict::Correct)],
        "{verdicts:?}"
    );
    ensure!(
        team1.event_chgk().cards[0]
            .reveal
            .as_ref()
            .is_some_and(|r| r.author_answer == "серп, молот."),
        "{:?}",
        team1.event_chgk().cards[0]
    );
    let team4 = hall.team_sees(hall.teams[3], "the verdicts", |v| {
        v.event_chgk().cards.iter().all(|c| c.reveal.is_some())
    })?;
    ensure!(
        team4.event_chgk().cards[0].late
            && team4.event_chgk().cards[0]
                .reveal
                .as_ref()
                .is_some_and(|r| r.verdict.is_none()),
        "a late card is never judged"
    );

    // No team ever received another team's answer before its reveal: not in
    // any decoded view, not anywhere in the bytes.
    for (i, team) in hall.teams.iter().enumerate() {
        let frames = frames(&hall, *team)?;
        for (round, marks) in rounds.iter().zip(&reveal_marks) {
            let foreign = round
                .on_time
                .iter()
                .chain(&round.late)
                .filter(|(j, _)| *j != i)
                .map(|(_, text)| text.trim());
            for text in foreign {
                let hit = frames[..marks[i]]
                    .iter()
                    .any(|f| f.windows(text.len()).any(|w| w == text.as_bytes()));
                ensure!(
                    !hit,
                    "team {} received «{text}» of another team before the reveal",
                    i + 1
                );
            }
        }
        let own: Vec<&str> = rounds
            .iter()
            .flat_map(|r| r.on_time.iter().chain(&r.late))
            .filter(|(j, _)| *j == i)
            .map(|(_, t)| t.trim())
            .collect();
        for frame in &frames {
            let msg: Envelope<ServerMsg> =
                codec::decode(frame).context("a frame the team received")?;
            ensure!(
                is_view(frame) == matches!(msg.body, ServerMsg::View(_)),
                "the harness tells views apart"
            );
            if let ServerMsg::View(view) = msg.body {
                let View::Team(view) = *view else {
                    bail!("team {} received a view not its own", i + 1)
                };
                ensure!(
                    view.team == ids[i],
                    "team {} received team {}'s view",
                    i + 1,
                    view.team
                );
                ensure!(
                    view.event_chgk()
                        .cards
                        .iter()
                        .all(|c| own.contains(&c.text.as_str())),
                    "team {} saw a card not its own: {:?}",
                    i + 1,
                    view.event_chgk().cards
                );
            }
        }
    }

    // The export, as JSON and CSV, from what the store holds (the binary's
    // own CSV export is checked against the library's in the server's
    // `export_ring` test).
    let json: EventExport = serde_json::from_str(&hall.export(ExportFormat::Json)?)?;
    ensure!(
        json.tournament == "Кубок тестов" && json.teams == 5,
        "{json:#?}"
    );
    let exported: Vec<(String, String, u32, i64, String)> = json
        .standings
        .iter()
        .map(|r| {
            (
                r.place.clone(),
                r.team.clone(),
                r.points,
                r.rating,
                r.mask.clone(),
            )
        })
        .collect();
    let expected_rows: Vec<(String, String, u32, i64, String)> = vec![
        ("1".into(), "Команда 1".into(), 2, 6, "11".into()),
        ("2-3".into(), "Команда 2".into(), 1, 3, "10".into()),
        ("2-3".into(), "Команда 3".into(), 1, 3, "01".into()),
        ("4-5".into(), "Команда 4".into(), 0, 0, "00".into()),
        ("4-5".into(), "Команда 5".into(), 0, 0, "00".into()),
    ];
    ensure!(exported == expected_rows, "{exported:?}");
    ensure!(
        json.questions.len() == 2 && json.questions[0].late_cards == 1,
        "{json:#?}"
    );

    let csv = hall.export(ExportFormat::Csv)?;
    let lines: Vec<&str> = csv.lines().collect();
    ensure!(
        lines
            == vec![
                "place,team,town,points,rating,mask",
                "1,Команда 1,Тестоград,2,6,11",
                "2-3,Команда 2,Тестоград,1,3,10",
                "2-3,Команда 3,Тестоград,1,3,01",
                "4-5,Команда 4,Тестоград,0,0,00",
                "4-5,Команда 5,Тестоград,0,0,00",
            ],
        "{csv}"
    );
    Ok(())
}

#[test]
fn standings_4_3_the_hall_sees_only_revealed_questions() -> Result<()> {
    // Arrange: a question answered and judged but not yet revealed; a
    // reveal while the clock runs is refused.
    let mut hall = VirtualHall::open(5, test_timing(), Conditions::default())?;
    let host = hall.host;
    hall.start_question(Q0)?;
    let early = hall.command(
        host,
        Command::game(EVENT_CHGK, ChgkCommand::Reveal { question: Q0 }),
    )?;
    ensure!(
        early
            == Err(CommandError::Play(PlayError::Game(GameError::Chgk(
                ChgkError::ClockRunning
            )))),
        "{early:?}"
    );
    let [t1, t2] = [hall.teams[0], hall.teams[1]];
    hall.submit_card(t1, Q0, "серп, молот")??;
    hall.submit_card(t2, Q0, "кувалда")??;
    let view = hall.host_sees("two cards", |v| {
        judging_of(v, Q0).is_some_and(|j| j.groups.len() == 2)
    })?;

    // Act: the host judges.
    for group in &judging_of(&view, Q0)
        .ok_or_else(|| anyhow!("no judging"))?
        .groups
    {
        let verdict = if group.teams.contains(&hall.team_ids[0]) {
            Verdict::Correct
        } else {
            Verdict::Wrong
        };
        hall.ok(
            host,
            Command::game(
                EVENT_CHGK,
                ChgkCommand::Judge {
                    question: Q0,
                    group: group.key.clone(),
                    verdict,
                },
            ),
        )?;
    }

    // Assert: the host's standings count the judged question at once; the
    // display's and the teams' only after the reveal.
    let leader = |rows: &[StandingRow]| rows.iter().find(|r| r.points == 1).map(|r| r.team);
    let view = hall.host_sees("the judged standings", |v| {
        leader(&v.event_chgk().standings).is_some()
    })?;
    ensure!(
        leader(&view.event_chgk().standings) == Some(hall.team_ids[0])
            && view.event_chgk().standings[0].mask == "1",
        "{:?}",
        view.event_chgk().standings
    );
    let display = hall.display_sees("both cards in", |v| v.event_chgk().cards_in == 2)?;
    ensure!(
        display
            .event_chgk()
            .standings
            .iter()
            .all(|r| r.points == 0 && r.mask.is_empty()),
        "unrevealed: {:?}",
        display.event_chgk().standings
    );

    hall.wait_until_over(Q0)?;
    hall.ok(
        host,
        Command::game(EVENT_CHGK, ChgkCommand::Reveal { question: Q0 }),
    )?;
    let display = hall.display_sees("the revealed standings", |v| {
        leader(&v.event_chgk().standings).is_some()
    })?;
    ensure!(
        leader(&display.event_chgk().standings) == Some(hall.team_ids[0]),
        "{:?}",
        display.event_chgk().standings
    );
    ensure!(
        display
            .event_chgk()
            .standings
            .iter()
            .filter(|r| r.place.to_string() == "2-5")
            .count()
            == 4,
        "{:?}",
        display.event_chgk().standings
    );
    let team2 = hall.team_sees(hall.teams[1], "the revealed standings", |v| {
        leader(&v.event_chgk().standings).is_some()
    })?;
    ensure!(
        team2.event_chgk().cards[0]
            .reveal
            .as_ref()
            .is_some_and(|r| r.verdict == Some(Verdict::Wrong)),
        "{:?}",
        team2.event_chgk().cards
    );
    Ok(())
}
