//! The game as `minuta-server score` takes it (the `neptune` sheet: whole
//! contests only, with `sizes` when the game was shortened) and its
//! standings as `score` prints them.

use serde_json::{Map, Value, json};

use super::game::NeptuneMatch;
use crate::play::format::Roster;
use crate::rules::neptune::{Bid, Contest, NeptuneGame, Winner};

fn names(list: &[usize], teams: &[String]) -> Value {
    Value::Array(
        list.iter()
            .filter_map(|i| teams.get(*i))
            .map(|n| Value::String(n.clone()))
            .collect(),
    )
}

fn correct(list: &[usize], teams: &[String]) -> Value {
    json!({ "correct": names(list, teams) })
}

impl NeptuneMatch {
    fn team_names(&self, roster: &Roster) -> Vec<String> {
        self.entrants.iter().map(|e| roster.name(e.team)).collect()
    }

    pub fn standings_json(&self, roster: &Roster) -> Value {
        let names = self.team_names(roster);
        let rows = crate::sheet::neptune::standings(&names, &self.whole_score());
        serde_json::to_value(rows).unwrap_or(Value::Array(Vec::new()))
    }

    pub fn sheet_json(&self, roster: &Roster) -> Value {
        let teams = self.team_names(roster);
        let game = self.rules_game(true);
        let mut sheet = Map::new();
        sheet.insert("format".into(), json!("neptune"));
        sheet.insert("teams".into(), json!(teams));
        if let Some(sizes) = game.sizes {
            let mut m = Map::new();
            for c in Contest::ALL {
                m.insert(c.key().into(), json!(sizes[c.index()]));
            }
            sheet.insert("sizes".into(), Value::Object(m));
        }
        contests_json(&game, &teams, &mut sheet);
        Value::Object(sheet)
    }
}

fn contests_json(game: &NeptuneGame, teams: &[String], sheet: &mut Map<String, Value>) {
    if let Some(qs) = &game.negative {
        let v: Vec<Value> = qs
            .iter()
            .map(|q| json!({"rating": q.rating, "correct": names(&q.correct, teams)}))
            .collect();
        sheet.insert("negative".into(), Value::Array(v));
    }
    if let Some(qs) = &game.sandwich {
        let v: Vec<Value> = qs
            .iter()
            .map(|q| json!({"top": names(&q.top, teams), "bottom": names(&q.bottom, teams)}))
            .collect();
        sheet.insert("sandwich".into(), Value::Array(v));
    }
    if let Some(blocks) = &game.blitz {
        let v: Vec<Value> = blocks
            .iter()
            .map(|b| Value::Array(b.questions.iter().map(|q| correct(q, teams)).collect()))
            .collect();
        sheet.insert("blitz".into(), Value::Array(v));
    }
    if let Some(qs) = &game.sisyphus {
        let v: Vec<Value> = qs.iter().map(|q| correct(&q.correct, teams)).collect();
        sheet.insert("sisyphus".into(), Value::Array(v));
    }
    if let Some(round) = &game.joker {
        let declared: Map<String, Value> = round
            .declared
            .iter()
            .enumerate()
            .filter_map(|(i, d)| Some((teams.get(i)?.clone(), json!(d))))
            .collect();
        let questions: Vec<Value> = round.questions.iter().map(|q| correct(q, teams)).collect();
        sheet.insert(
            "joker".into(),
            json!({"declared": declared, "questions": questions}),
        );
    }
    if let Some(qs) = &game.auction {
        let v: Vec<Value> = qs
            .iter()
            .map(|q| match &q.winner {
                // 6.4: a «ва-банк» with the sum it was made for.
                Some(
                    w @ Winner {
                        bid: Bid::VaBank, ..
                    },
                ) if q.stated_stake.is_some() => json!({
                    "winner": teams.get(w.team),
                    "bid": "va-bank",
                    "stake": q.stated_stake,
                    "correct": names(&q.correct, teams),
                }),
                Some(w) => json!({
                    "winner": teams.get(w.team),
                    "bid": match w.bid {
                        Bid::Amount(n) => json!(n),
                        Bid::VaBank => json!("va-bank"),
                    },
                    "correct": names(&q.correct, teams),
                }),
                None => json!({"winner": null, "correct": names(&q.correct, teams)}),
            })
            .collect();
        sheet.insert("auction".into(), Value::Array(v));
    }
}
