//! Brain-ring's section of `minuta-server export`: the JSON object
//! `brain_ring` (the stage, the champion and final places, the cut at the
//! entry, the qualifying table and every fight with its questions, appeals
//! and whole press log: the jury's evidence) and the CSV's rows (the
//! qualifying table, then the final places). The server writes them into
//! its files; what must not live here: CSV quoting or any file format.

use serde_json::{Value, json};

use crate::ids::TeamId;
use crate::play::brain_ring::rules::{FightStatus, QuestionOutcome, RingPoints};
use crate::play::roster::Roster;

use super::{FightKind, PressKind, RingAppealKind, RingFight, RingStage, RingTournament};

/// Header of the Brain-ring section of the CSV (after a blank line).
pub const RING_CSV_HEADER: &str = "brain_ring_place,team,points,difference,taken,fights";
/// Header of the Brain-ring final places (after another blank line).
pub const RING_PLACES_CSV_HEADER: &str = "brain_ring_final_place,team";

impl RingTournament {
    /// Whether the event played (or set up) any Brain-ring: only then do
    /// the exports have its section.
    pub fn played(&self) -> bool {
        !self.teams.is_empty() || !self.fights.is_empty()
    }

    /// The export's `brain_ring` object.
    pub fn export_json(&self, roster: &Roster) -> Value {
        ring_json(self, roster)
    }

    /// The CSV's rows, cell by cell: the qualifying table (under
    /// [`RING_CSV_HEADER`]) and the final places once known (under
    /// [`RING_PLACES_CSV_HEADER`]).
    pub fn export_rows(&self, roster: &Roster) -> (Vec<Vec<String>>, Vec<Vec<String>>) {
        let table = self
            .standings()
            .into_iter()
            .map(|(team, row)| {
                vec![
                    row.place.to_string(),
                    roster.name(team),
                    row.points.to_string(),
                    row.difference.to_string(),
                    row.taken.to_string(),
                    row.fights.to_string(),
                ]
            })
            .collect();
        let places = self
            .final_places()
            .into_iter()
            .map(|(team, place)| vec![place.to_string(), roster.name(team)])
            .collect();
        (table, places)
    }
}

/// Points as a JSON number: `3` when whole, `4.5` with a half (4.6).
fn points_json(points: RingPoints) -> Value {
    match points.whole() {
        Some(whole) => json!(whole),
        None => json!(points.as_f64()),
    }
}

fn stage_text(stage: &RingStage) -> String {
    let waiting = |open: bool| if open { "" } else { " (not started)" };
    match stage {
        RingStage::NotSeeded => "not seeded".to_owned(),
        RingStage::Qualifying { round, open, .. } => {
            format!("qualifying round {round}{}", waiting(*open > 0))
        }
        RingStage::Playoff { open, .. } => format!("playoff{}", waiting(*open)),
        RingStage::Final { number, open, .. } => format!("final {number}{}", waiting(*open)),
        RingStage::Finished { .. } => "finished".to_owned(),
        RingStage::Stuck(why) => format!("stuck: {why}"),
    }
}

fn kind_text(kind: FightKind) -> String {
    match kind {
        FightKind::Qualifying { round } => format!("qualifying round {round}"),
        FightKind::Playoff => "playoff".to_owned(),
        FightKind::Final { number } => format!("final {number}"),
        FightKind::Friendly => "friendly".to_owned(),
    }
}

fn press_kind_text(kind: PressKind) -> &'static str {
    match kind {
        PressKind::Won => "won",
        PressKind::Late => "late",
        PressKind::FalseStart => "false start",
        PressKind::Repeated => "repeated",
        PressKind::LockedOut => "locked out",
        PressKind::Contested => "contested",
        PressKind::Ignored => "ignored",
    }
}

fn ring_json(ring: &RingTournament, roster: &Roster) -> Value {
    let stage = ring.stage();
    let champion = match &stage {
        RingStage::Finished { champion } => json!(roster.name(*champion)),
        _ => Value::Null,
    };
    let seeding: Vec<String> = ring.teams.iter().map(|t| roster.name(*t)).collect();
    // 4.3: how a tie at the entry cut was settled (or stands).
    let names = |list: &[TeamId]| -> Vec<String> { list.iter().map(|t| roster.name(*t)).collect() };
    let cut = ring.cut.as_ref().map_or(Value::Null, |cut| {
        let shoot_off: Vec<Vec<String>> = cut.shoot_off.iter().map(|q| names(q)).collect();
        json!({
            "tied": names(&cut.tied),
            "places": cut.contested,
            "shoot_off": shoot_off,
            "lot": cut.lot,
            "lot_order": names(&cut.lot_order),
            "still_tied": names(&cut.still_tied),
        })
    });
    let final_places: Vec<Value> = ring
        .final_places()
        .into_iter()
        .map(|(team, place)| json!({ "place": place, "team": roster.name(team) }))
        .collect();
    let table: Vec<Value> = ring
        .standings()
        .into_iter()
        .map(|(team, row)| {
            json!({
                "place": row.place.to_string(),
                "team": roster.name(team),
                "points": points_json(row.points),
                "difference": row.difference,
                "taken": row.taken,
                "fights": row.fights,
            })
        })
        .collect();
    // Fight ids grow as fights open: the map's order is the opening order.
    let fights: Vec<Value> = ring
        .fights
        .values()
        .map(|f| fight_json(roster, f))
        .collect();
    json!({
        "stage": stage_text(&stage),
        "champion": champion,
        "seeding": seeding,
        "cut": cut,
        "final_places": final_places,
        "table": table,
        "fights": fights,
    })
}

fn fight_json(roster: &Roster, f: &RingFight) -> Value {
    let names = f.tables.map(|t| roster.name(t));
    let by_table = |table: usize| names.get(table).cloned().unwrap_or_default();
    let count = f.count();
    let result = match count.status() {
        FightStatus::Won { winner } => json!(by_table(winner)),
        FightStatus::Drawn => json!("draw"),
        FightStatus::InProgress { .. } => json!("open"),
    };
    let questions: Vec<Value> = f
        .outcomes
        .iter()
        .zip(1u32..)
        .map(|(outcome, number)| {
            let (text, taken_by) = match outcome {
                QuestionOutcome::TakenBy(table) => ("taken", json!(by_table(*table))),
                QuestionOutcome::NotTaken => ("not taken", Value::Null),
                QuestionOutcome::Withdrawn => ("withdrawn", Value::Null),
            };
            json!({ "number": number, "outcome": text, "taken_by": taken_by })
        })
        .collect();
    let presses: Vec<Value> = f
        .log
        .presses
        .iter()
        .map(|p| {
            // The gap to the question's first press after «Время» (as the
            // host saw it when deciding); negative for a press before it.
            let gap_us = f
                .log
                .gap_reference(p.question)
                .and_then(|first| p.arrived_at.0.checked_signed_diff(first.0));
            json!({
                "question": p.question,
                "team": roster.name(p.team),
                "table": p.table + 1,
                "arrived_at_us": p.arrived_at.as_micros(),
                "since_arming_us": p.since_arming_us,
                "gap_us": gap_us,
                "rtt_us": p.rtt_us,
                "clock_offset_us": p.clock_offset_us,
                "kind": press_kind_text(p.kind),
            })
        })
        .collect();
    let appeals: Vec<Value> = f
        .appeals
        .iter()
        .map(|a| {
            let (upheld, reply, resolved_at) = match &a.resolution {
                Some((upheld, reply, at)) => (json!(upheld), json!(reply), json!(at.as_micros())),
                None => (Value::Null, Value::Null, Value::Null),
            };
            json!({
                "id": a.id,
                "question": a.question,
                "team": roster.name(a.team),
                "kind": match a.kind {
                    RingAppealKind::QuestionIncorrect => "question incorrect",
                    RingAppealKind::AcceptOurAnswer => "accept our answer",
                },
                "text": a.text,
                "filed_at_us": a.filed_at.as_micros(),
                "upheld": upheld,
                "reply": reply,
                "resolved_at_us": resolved_at,
            })
        })
        .collect();
    json!({
        "id": f.id.0,
        "label": f.label,
        "kind": kind_text(f.kind),
        "stage": f.stage,
        "teams": names,
        "score": count.score,
        "result": result,
        "closed": f.closed_at.is_some(),
        "closed_at_us": f.closed_at.map(|t| t.as_micros()),
        "questions": questions,
        "presses": presses,
        "appeals": appeals,
    })
}
