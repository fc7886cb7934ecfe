//! The files the rating site (rating.chgk.info) takes from a venue:
//! `export --format rating-csv` (the results, one row per team per tour),
//! `rating-roster` (the roster file: `idteam,команда,город,признак,
//! idplayer,Ф,И,О`, which `teams import` reads back) and `rating-json`
//! (the results body a venue's representative sends). Read from a replayed
//! core; nothing here decides a result. docs/running-a-game.md, «Rating site».

use minuta_shared::export::rating_cells::{QuestionCells, RatingCell, RatingCells, TeamCells};
use minuta_shared::ids::TeamId;
use minuta_shared::play::chgk::{ChgkGame, GameQuestion};
use minuta_shared::roster::roster_players;

use crate::core::Core;
use minuta_shared::export::pretty;

/// The team's cell: `1`, `0`, blank, or an undecided disputed answer.
fn cell(chgk: &ChgkGame, q: &GameQuestion, team: TeamId) -> RatingCell {
    if let Some(text) = undecided_dispute(chgk, q, team) {
        return RatingCell::Disputed(text);
    }
    if q.withdrawn {
        return RatingCell::Blank;
    }
    if q.is_correct(team) {
        return RatingCell::Taken;
    }
    match q.cards.get(&team) {
        // A «пропуск» is never judged: it is a 0, as in the mask (4.3).
        Some(card) if !card.late && !card.is_pass() && !q.verdicts.contains_key(&card.key) => {
            RatingCell::Blank
        }
        _ => RatingCell::NotTaken,
    }
}

/// A disputed answer still to be decided (a спорный, 4.15, before the
/// appeal jury or the host rules): the engine's own `answer_open`, so the
/// mask's `?` and this text never disagree.
fn undecided_dispute(chgk: &ChgkGame, q: &GameQuestion, team: TeamId) -> Option<String> {
    let card = q.cards.get(&team)?;
    (chgk.answer_open(q, team) && !card.late).then(|| card.text.clone())
}

/// The event's ChGK tours as played: each tour's played questions, in
/// order; a tour with none is left out.
fn played_tours(chgk: &ChgkGame) -> Vec<Vec<&GameQuestion>> {
    chgk.tours
        .iter()
        .map(|t| {
            t.questions
                .iter()
                .filter_map(|q| chgk.question(*q).ok())
                .filter(|q| q.played())
                .collect::<Vec<_>>()
        })
        .filter(|t| !t.is_empty())
        .collect()
}

/// The teams in the standings' order, with their site ids.
fn teams(core: &Core, chgk: &ChgkGame) -> Vec<(TeamId, Option<u32>, String, String)> {
    let registry = core.registry();
    chgk.staff_standings(core.roster())
        .into_iter()
        .map(|row| {
            let rating_id = registry.teams.get(&row.team).and_then(|t| t.rating_id);
            (row.team, rating_id, row.name, row.town)
        })
        .collect()
}

/// `idteam,команда,город,номер тура,q1,…,qk`: a row per team per tour.
pub fn to_rating_csv(core: &Core) -> String {
    let fallback = ChgkGame::default();
    let chgk = core.event_chgk().unwrap_or(&fallback);
    let tours = played_tours(chgk);
    let mut out = String::new();
    for (team, rating_id, name, town) in teams(core, chgk) {
        for (number, tour) in tours.iter().enumerate() {
            let mut row = vec![
                rating_id.map(|id| id.to_string()).unwrap_or_default(),
                name.clone(),
                town.clone(),
                (number + 1).to_string(),
            ];
            row.extend(tour.iter().map(|q| match cell(chgk, q, team) {
                RatingCell::Taken => "1".to_owned(),
                RatingCell::NotTaken => "0".to_owned(),
                RatingCell::Blank => String::new(),
                RatingCell::Disputed(text) => text,
            }));
            push_csv_row(&mut out, &row);
        }
    }
    out
}

/// `{"teams":[{"id":…,"questions":{"1":1,"2":0,"3":"текст"}}]}`: every
/// played question of every team, numbered through the tours (in that
/// order); a blank cell is `null`.
pub fn to_rating_json(core: &Core) -> String {
    let fallback = ChgkGame::default();
    let chgk = core.event_chgk().unwrap_or(&fallback);
    let questions: Vec<&GameQuestion> = played_tours(chgk).into_iter().flatten().collect();
    let teams = teams(core, chgk)
        .into_iter()
        .map(|(team, rating_id, _, _)| TeamCells {
            id: rating_id,
            questions: QuestionCells(questions.iter().map(|q| cell(chgk, q, team)).collect()),
        })
        .collect();
    pretty(&RatingCells { teams })
}

/// The roster file: a row per player of every team, in registration
/// order; a player typed by hand gives its first word as Ф, the rest as И,
/// and no id or flag (Minuta never invents one). A team with no players
/// has no row.
pub fn to_rating_roster(core: &Core) -> String {
    let mut out = String::new();
    for team in core.registry().teams.values() {
        for player in roster_players(&team.players, &team.site_players) {
            let row = [
                team.rating_id.map(|id| id.to_string()).unwrap_or_default(),
                team.name.clone(),
                team.town.clone(),
                player
                    .flag
                    .map(|f| f.letter().to_owned())
                    .unwrap_or_default(),
                player.id.map(|id| id.to_string()).unwrap_or_default(),
                player.surname,
                player.name,
                player.patronymic,
            ];
            push_csv_row(&mut out, &row);
        }
    }
    out
}

/// A CSV row: a cell with a comma, a quote or a line break is quoted.
fn push_csv_row(out: &mut String, cells: &[String]) {
    let cells: Vec<String> = cells
        .iter()
        .map(|c| {
            if c.contains([',', '"', '\n', '\r']) {
                format!("\"{}\"", c.replace('"', "\"\""))
            } else {
                c.clone()
            }
        })
        .collect();
    out.push_str(&cells.join(","));
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use minuta_shared::ids::{AppealId, QuestionId, TourId};
    use minuta_shared::play::chgk::{Appeal, AppealKind, Card, Judger, Verdict};
    use minuta_shared::time::ServerTime;
    use proptest::strategy::Strategy;

    use super::*;

    fn card(team: u32, text: &str, late: bool) -> (TeamId, Card) {
        let team = TeamId(team);
        let card = Card {
            team,
            text: text.into(),
            key: minuta_shared::text::normalise_answer(text),
            received_at: ServerTime(1),
            since_start_ms: 1,
            late,
        };
        (team, card)
    }

    #[test]
    fn a_cell_is_1_0_blank_or_the_text_of_a_disputed_answer_not_decided_yet() {
        let judged = |text: &str, verdict| {
            let key = minuta_shared::text::normalise_answer(text);
            (key, (verdict, Judger::Host, ServerTime(2)))
        };
        let question = GameQuestion {
            id: QuestionId(0),
            tour: TourId(0),
            number: "1".into(),
            content: Default::default(),
            announced_at: None,
            clock: None,
            revealed_at: None,
            withdrawn: false,
            cards: BTreeMap::from([
                card(1, "Пушкин", false),
                card(2, "Лермонтов", false),
                card(3, "Пушкин", true),
                card(4, "Гоголь", false),
                card(5, "Пушкинъ", false),
            ]),
            verdicts: BTreeMap::from([
                judged("Пушкин", Verdict::Correct),
                judged("Лермонтов", Verdict::Wrong),
                judged("Пушкинъ", Verdict::Wrong),
            ]),
            accepted_on_appeal: BTreeSet::new(),
        };
        let mut chgk = ChgkGame::default();
        // 4.15: team 5 appealed for its answer; not decided yet.
        chgk.appeals.push(Appeal {
            id: AppealId(1),
            team: TeamId(5),
            question: QuestionId(0),
            kind: AppealKind::AcceptMyAnswer,
            text: "ъ — старая орфография".into(),
            filed_at: ServerTime(3),
            resolution: None,
            decided_by: None,
        });
        let cells: Vec<RatingCell> = (1..=6).map(|t| cell(&chgk, &question, TeamId(t))).collect();
        assert_eq!(
            cells,
            [
                RatingCell::Taken,
                RatingCell::NotTaken,
                RatingCell::NotTaken, // late (3)
                RatingCell::Blank,    // not judged yet
                RatingCell::Disputed("Пушкинъ".into()),
                RatingCell::NotTaken, // no card
            ]
        );
        // Decided, it is a plain 0 again; withdrawn (4.14), a blank for all.
        chgk.appeals[0].resolution = Some((false, "нет".into(), ServerTime(4)));
        assert_eq!(cell(&chgk, &question, TeamId(5)), RatingCell::NotTaken);
        let withdrawn = GameQuestion {
            withdrawn: true,
            ..question
        };
        assert_eq!(cell(&chgk, &withdrawn, TeamId(1)), RatingCell::Blank);
    }

    /// The answers a random team may give; «Пушкин» is the author's.
    const ANSWERS: [&str; 4] = ["Пушкин", "Лермонтов", "Гоголь", ""];
    const PACKAGE: &str = "## Тур 1\n\n? В1.\n! Пушкин.\n\n? В2.\n! Пушкин.\n\n## Тур 2\n\n? В3.\n! Пушкин.\n\n? В4.\n! Пушкин.\n";

    /// One question of a random game: each team's card (an index into
    /// [`ANSWERS`], or none), each answer's verdict, each team's спорный
    /// (none, open, upheld, rejected), a question appeal upheld or not, and
    /// whether the judges then turn every wrong group right.
    #[derive(Clone, Debug)]
    struct RandomQuestion {
        cards: Vec<Option<usize>>,
        right: Vec<bool>,
        disputes: Vec<u8>,
        withdrawn: bool,
        turned_right: bool,
    }

    fn random_question(teams: usize) -> impl Strategy<Value = RandomQuestion> {
        use proptest::prelude::any;
        (
            proptest::collection::vec(proptest::option::of(0..ANSWERS.len()), teams),
            proptest::collection::vec(any::<bool>(), ANSWERS.len()),
            proptest::collection::vec(0u8..4, teams),
            proptest::bool::weighted(0.15),
            proptest::bool::weighted(0.2),
        )
            .prop_map(
                |(cards, right, disputes, withdrawn, turned_right)| RandomQuestion {
                    cards,
                    right,
                    disputes,
                    withdrawn,
                    turned_right,
                },
            )
    }

    /// Plays `questions` on a fresh core of `teams` teams: every card
    /// judged and revealed, then the appeals filed and decided as drawn
    /// (refusals, e.g. a спорный on a «пропуск» or a counted answer, are
    /// part of the game), then the judges' late change of mind.
    fn play(teams: usize, questions: &[RandomQuestion]) -> crate::core::Core {
        use minuta_shared::identity::Identity;
        use minuta_shared::play::chgk::{ChgkCommand, EVENT_CHGK};
        use minuta_shared::wire::client::Command;

        let mut core = crate::core::Core::new(crate::core::ServerInfo::default());
        let t0 = ServerTime::from_millis(0);
        core.initialise("h".into(), "d".into(), "j".into(), t0);
        let mut n = 0u32;
        let mut fresh = move || {
            n += 1;
            format!("secret-{n}")
        };
        let mut run = |core: &mut crate::core::Core, who, command, at_ms: u64| {
            core.handle_command(who, command, ServerTime::from_millis(at_ms), &mut fresh)
                .map(|_| ())
        };
        let chgk = |c: ChgkCommand| Command::game(EVENT_CHGK, c);
        for i in 1..=teams {
            let register = Command::RegisterTeam {
                rating_id: None,
                name: format!("Команда {i}"),
                town: "Город".into(),
                players: (1..=4).map(|p| format!("Игрок {p}")).collect(),
            };
            run(&mut core, Identity::Host, register, 0).expect("registered");
        }
        let load = chgk(ChgkCommand::LoadPackage {
            file_name: "p.4s".into(),
            bytes: PACKAGE.as_bytes().to_vec(),
            pictures: Vec::new(),
        });
        run(&mut core, Identity::Host, load, 0).expect("loaded");
        for (i, rq) in questions.iter().enumerate() {
            let q = QuestionId(i as u32);
            let start = 100_000 * (i as u64 + 1);
            run(
                &mut core,
                Identity::Host,
                chgk(ChgkCommand::Announce { question: q }),
                start,
            )
            .expect("announced");
            run(
                &mut core,
                Identity::Host,
                chgk(ChgkCommand::StartMinute),
                start,
            )
            .expect("time");
            for (t, answer) in rq.cards.iter().enumerate() {
                if let Some(a) = answer {
                    let card = chgk(ChgkCommand::SubmitCard {
                        question: q,
                        text: ANSWERS[*a].into(),
                    });
                    run(
                        &mut core,
                        Identity::Team(TeamId(t as u32 + 1)),
                        card,
                        start + 1_000,
                    )
                    .expect("card");
                }
            }
            for (a, right) in rq.right.iter().enumerate() {
                let verdict = if *right {
                    Verdict::Correct
                } else {
                    Verdict::Wrong
                };
                let judge = chgk(ChgkCommand::Judge {
                    question: q,
                    group: minuta_shared::text::normalise_answer(ANSWERS[a]),
                    verdict,
                });
                // A group nobody wrote is refused; that is fine.
                let _ = run(&mut core, Identity::Host, judge, start + 70_000);
            }
            run(
                &mut core,
                Identity::Host,
                chgk(ChgkCommand::Reveal { question: q }),
                start + 70_000,
            )
            .expect("revealed");
        }
        let mut appeal = 0u32;
        for (i, rq) in questions.iter().enumerate() {
            let q = QuestionId(i as u32);
            let at = 100_000 * (questions.len() as u64 + 1);
            for (t, dispute) in rq.disputes.iter().enumerate() {
                if *dispute == 0 {
                    continue;
                }
                let file = chgk(ChgkCommand::FileAppeal {
                    question: q,
                    kind: AppealKind::AcceptMyAnswer,
                    text: "засчитайте".into(),
                });
                if run(&mut core, Identity::Team(TeamId(t as u32 + 1)), file, at).is_err() {
                    continue;
                }
                appeal += 1;
                if *dispute >= 2 {
                    let resolve = chgk(ChgkCommand::ResolveAppeal {
                        appeal: AppealId(appeal),
                        upheld: *dispute == 2,
                        reply: String::new(),
                    });
                    run(&mut core, Identity::Host, resolve, at).expect("decided");
                }
            }
            if rq.withdrawn {
                let file = chgk(ChgkCommand::FileAppeal {
                    question: q,
                    kind: AppealKind::WithdrawQuestion,
                    text: "некорректен".into(),
                });
                run(&mut core, Identity::Team(TeamId(1)), file, at).expect("filed");
                appeal += 1;
                let resolve = chgk(ChgkCommand::ResolveAppeal {
                    appeal: AppealId(appeal),
                    upheld: true,
                    reply: String::new(),
                });
                run(&mut core, Identity::Host, resolve, at).expect("decided");
            }
            if rq.turned_right {
                for a in ANSWERS {
                    let judge = chgk(ChgkCommand::Judge {
                        question: q,
                        group: minuta_shared::text::normalise_answer(a),
                        verdict: Verdict::Correct,
                    });
                    let _ = run(&mut core, Identity::Host, judge, at + 1);
                }
            }
        }
        core
    }

    proptest::proptest! {
        /// Issue 41: on random judged and appealed games the rating
        /// outputs (the live table's mask, the rating CSV, the rating JSON)
        /// never disagree: `1` ↔ 1, `0` ↔ 0, `X` ↔ blank, `?` ↔ the
        /// disputed answer's text; and the points are the mask's `1`s.
        #[test]
        fn chgk_4_15_rating_mask_csv_and_json_agree_with_the_live_table(
            (teams, questions) in (2usize..5).prop_flat_map(|teams| {
                (proptest::strategy::Just(teams), proptest::collection::vec(random_question(teams), 1..=4))
            })
        ) {
            let core = play(teams, &questions);
            let chgk = core.event_chgk().expect("the event's ChGK");
            let live = chgk.staff_standings(core.roster());
            let public = chgk.public_standings(core.roster());
            proptest::prop_assert_eq!(&live, &*public);
            let csv = to_rating_csv(&core);
            let json: RatingCells = serde_json::from_str(&to_rating_json(&core)).expect("JSON");
            proptest::prop_assert_eq!(json.teams.len(), live.len());
            for (row, cells) in live.iter().zip(&json.teams) {
                // The CSV's rows of this team, tour by tour, joined.
                let csv_cells: Vec<String> = csv
                    .lines()
                    .filter(|l| l.split(',').nth(1) == Some(row.name.as_str()))
                    .flat_map(|l| l.split(',').skip(4).map(str::to_owned).collect::<Vec<_>>())
                    .collect();
                let mask: Vec<char> = row.mask.chars().collect();
                proptest::prop_assert_eq!(csv_cells.len(), mask.len());
                let ones = mask.iter().filter(|c| **c == '1').count() as u32;
                proptest::prop_assert_eq!(row.points, ones);
                for (i, (m, c)) in mask.iter().zip(&csv_cells).enumerate() {
                    // A cell the file lacks reads as blank, as `null` would.
                    let j = cells.questions.0.get(i).unwrap_or(&RatingCell::Blank);
                    match m {
                        '1' => {
                            proptest::prop_assert_eq!(c, "1");
                            proptest::prop_assert_eq!(j, &RatingCell::Taken);
                        }
                        '0' => {
                            proptest::prop_assert_eq!(c, "0");
                            proptest::prop_assert_eq!(j, &RatingCell::NotTaken);
                        }
                        'X' => {
                            proptest::prop_assert_eq!(c, "");
                            proptest::prop_assert_eq!(j, &RatingCell::Blank);
                        }
                        '?' => {
                            proptest::prop_assert!(ANSWERS.contains(&c.as_str()) && !c.is_empty(), "{c}");
                            proptest::prop_assert_eq!(j, &RatingCell::Disputed(c.clone()));
                        }
                        other => proptest::prop_assert!(false, "mask {other}"),
                    }
                }
            }
        }
    }

    #[test]
    fn a_cell_with_a_comma_or_a_quote_is_quoted() {
        let mut out = String::new();
        push_csv_row(
            &mut out,
            &["1".into(), "Сборная, \"Ы\"".into(), String::new()],
        );
        assert_eq!(out, "1,\"Сборная, \"\"Ы\"\"\",\n");
    }
}
