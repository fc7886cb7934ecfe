//! The files the rating site (rating.chgk.info) takes from a venue:
//! `export --format rating-csv` (the results, one row per team per tour),
//! `rating-roster` (the roster file: `idteam,команда,город,признак,
//! idplayer,Ф,И,О`, which `teams import` reads back) and `rating-json`
//! (the results body a venue's representative sends). Read from a replayed
//! core; nothing here decides a result. docs/running-a-game.md, «Rating site».

use minuta_shared::ids::TeamId;
use minuta_shared::play::chgk::{ChgkGame, GameQuestion};
use minuta_shared::roster::roster_players;
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};
use serde_json::{Value, json};

use crate::core::Core;

/// One team's cell for one question.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Cell {
    Taken,
    NotTaken,
    /// Withdrawn on appeal (4.14), or the team's card not judged yet.
    Blank,
    /// A disputed answer (спорный) not decided yet: its text, for the
    /// site's jury to decide.
    Disputed(String),
}

/// The team's cell: `1`, `0`, blank, or an undecided disputed answer.
fn cell(chgk: &ChgkGame, q: &GameQuestion, team: TeamId) -> Cell {
    if let Some(text) = undecided_dispute(chgk, q, team) {
        return Cell::Disputed(text);
    }
    if q.withdrawn {
        return Cell::Blank;
    }
    if q.is_correct(team) {
        return Cell::Taken;
    }
    match q.cards.get(&team) {
        Some(card) if !card.late && !q.verdicts.contains_key(&card.key) => Cell::Blank,
        _ => Cell::NotTaken,
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
                Cell::Taken => "1".to_owned(),
                Cell::NotTaken => "0".to_owned(),
                Cell::Blank => String::new(),
                Cell::Disputed(text) => text,
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
    let teams: Vec<TeamCells> = teams(core, chgk)
        .into_iter()
        .map(|(team, rating_id, _, _)| TeamCells {
            id: rating_id,
            questions: Questions(
                questions
                    .iter()
                    .map(|q| match cell(chgk, q, team) {
                        Cell::Taken => json!(1),
                        Cell::NotTaken => json!(0),
                        Cell::Blank => Value::Null,
                        Cell::Disputed(text) => json!(text),
                    })
                    .collect(),
            ),
        })
        .collect();
    let body = ResultsBody { teams };
    // Plain data with string keys: serialising it cannot fail.
    let text = serde_json::to_string_pretty(&body).unwrap_or_default();
    format!("{text}\n")
}

#[derive(Serialize)]
struct ResultsBody {
    teams: Vec<TeamCells>,
}

#[derive(Serialize)]
struct TeamCells {
    id: Option<u32>,
    questions: Questions,
}

/// The cells keyed "1", "2", … in the questions' order (a JSON object of
/// serde_json's would sort "10" before "2").
struct Questions(Vec<Value>);

impl Serialize for Questions {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (i, cell) in self.0.iter().enumerate() {
            map.serialize_entry(&(i + 1).to_string(), cell)?;
        }
        map.end()
    }
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
        let cells: Vec<Cell> = (1..=6).map(|t| cell(&chgk, &question, TeamId(t))).collect();
        assert_eq!(
            cells,
            [
                Cell::Taken,
                Cell::NotTaken,
                Cell::NotTaken, // late (3)
                Cell::Blank,    // not judged yet
                Cell::Disputed("Пушкинъ".into()),
                Cell::NotTaken, // no card
            ]
        );
        // Decided, it is a plain 0 again; withdrawn (4.14), a blank for all.
        chgk.appeals[0].resolution = Some((false, "нет".into(), ServerTime(4)));
        assert_eq!(cell(&chgk, &question, TeamId(5)), Cell::NotTaken);
        let withdrawn = GameQuestion {
            withdrawn: true,
            ..question
        };
        assert_eq!(cell(&chgk, &withdrawn, TeamId(1)), Cell::Blank);
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
