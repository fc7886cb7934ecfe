//! `minuta-server export`: the standings rebuilt from the durable store, as
//! JSON or CSV, for the rating site, the jury or a spreadsheet. It replays
//! the stored events exactly as a restart does, so the export and the live
//! standings cannot disagree.
//!
//! When the tournament has Brain-ring data (seeded teams or any fight), the
//! JSON gains a `brain_ring` object — the stage, the champion and final
//! places, the qualifying table and every fight with its questions, appeals
//! and the whole press log (the jury's evidence) — and the CSV gets, after
//! the ChGK rows (unchanged), a blank line and the Brain-ring qualifying
//! table, then another blank line and the final places once known.
//!
//! The JSON's `games` lists every game of the programme (a Мультиигры
//! tournament, …) with its live standings, exactly as `minuta-server score`
//! prints them for the game's scoresheet; [`ExportFormat::Sheet`] writes
//! that scoresheet. Its `festival` lists every tournament of the event
//! (2.2) with a place for every team in it and the prizes: ChGK, each game,
//! and Brain-ring (teams that did not qualify after those that did) — empty
//! for a club night of one ChGK tournament.
//!
//! [`export_pdf`] writes the jury's printable protocol of the event
//! ([`crate::jury_protocol`]), read from the same replayed store.

use std::path::Path;

use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::brain_ring::{
    FightKind, PressKind, RingAppealKind, RingFight, RingStage, RingTournament,
};
use minuta_shared::play::chgk::ChgkGame;
use minuta_shared::rules::brain_ring::{FightStatus, QuestionOutcome, RingPoints};
use minuta_shared::time::ServerTime;
use minuta_shared::tournament::festival::Prize;
use serde_json::{Value, json};
use thiserror::Error;

use crate::core::event::Event;
use crate::core::{Core, ServerInfo};
use crate::jury_protocol::{self, Protocol, RenderError};
use crate::store;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExportFormat {
    Json,
    Csv,
    /// One game's scoresheet, as `minuta-server score` reads it.
    Sheet(GameId),
    /// The event's ChGK results as the rating site gives a tournament's
    /// ([`crate::rating_export`]).
    Rating,
    /// The files a venue sends the rating site ([`crate::rating_files`]):
    /// the results as CSV, the roster, the results as JSON.
    RatingCsv,
    RatingRoster,
    RatingJson,
}

#[derive(Debug, Error)]
pub enum ExportError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error("{0} holds no Minuta tournament (no events stored)")]
    Empty(String),
    #[error("{dir} has no game {game} in its programme ({known})")]
    NoSuchGame {
        dir: String,
        game: GameId,
        known: String,
    },
    #[error("making the PDF protocol: {0}")]
    Pdf(#[from] RenderError),
}

/// The store's events replayed into a core, as a restart does.
pub(crate) fn replayed(data_dir: &Path) -> Result<(Core, Vec<Event>), ExportError> {
    let events = store::load(data_dir)?;
    if events.is_empty() {
        return Err(ExportError::Empty(data_dir.display().to_string()));
    }
    let mut core = Core::new(ServerInfo::default());
    crate::replay_stored(&mut core, &events, &store::db_path(data_dir))?;
    Ok((core, events))
}

/// The final standings: every played question counts, as judged (3; 4.3).
pub fn export(data_dir: &Path, format: ExportFormat) -> Result<String, ExportError> {
    let (core, _) = replayed(data_dir)?;
    Ok(match format {
        ExportFormat::Json => to_json(&core),
        ExportFormat::Csv => to_csv(&core),
        ExportFormat::Rating => crate::rating_export::to_rating(&core),
        ExportFormat::RatingCsv => crate::rating_files::to_rating_csv(&core),
        ExportFormat::RatingRoster => crate::rating_files::to_rating_roster(&core),
        ExportFormat::RatingJson => crate::rating_files::to_rating_json(&core),
        ExportFormat::Sheet(game) => {
            to_sheet(&core, game).map_err(|known| ExportError::NoSuchGame {
                dir: data_dir.display().to_string(),
                game,
                known,
            })?
        }
    })
}

/// The jury's protocol of the event in the store: its text
/// ([`jury_protocol::build`]), dated by the store's first event.
pub fn protocol(data_dir: &Path) -> Result<Protocol, ExportError> {
    let (core, events) = replayed(data_dir)?;
    let started = events.iter().find_map(|e| match e {
        Event::Initialised { at, .. } => Some(*at),
        _ => None,
    });
    Ok(jury_protocol::build(
        &core,
        started.filter(|at| *at != ServerTime::ZERO),
    ))
}

/// The jury's protocol of the event in the store, as a PDF file.
pub fn export_pdf(data_dir: &Path) -> Result<Vec<u8>, ExportError> {
    Ok(jury_protocol::render(&protocol(data_dir)?)?)
}

/// The game's scoresheet as pretty JSON; or, for a game not in the
/// programme, the games there are (for the error).
fn to_sheet(core: &Core, game: GameId) -> Result<String, String> {
    match core.game(game).filter(|g| g.in_use()) {
        Some(slot) => Ok(format!("{:#}\n", slot.state.sheet(core.roster()))),
        None => {
            let known: Vec<String> = core
                .games()
                .filter(|(_, g)| g.in_use())
                .map(|(id, g)| format!("{id} «{}»", core.game_name(g)))
                .collect();
            Err(if known.is_empty() {
                "it has none".to_owned()
            } else {
                format!("its games: {}", known.join(", "))
            })
        }
    }
}

/// Every game of the programme in use with its standings as `score`
/// prints them.
fn games_json(core: &Core) -> Value {
    core.games()
        .filter(|(_, g)| g.in_use())
        .map(|(id, g)| {
            json!({
                "id": id.0,
                "name": core.game_name(g),
                "format": g.format().name(),
                "standings": g.state.standings(core.roster()),
            })
        })
        .collect()
}

/// 2.2: every tournament's places for every team, as the host sees them
/// (`Core::festival_tables`): a shared place as `"3-4"`, prizes 1–3 or null.
/// Brain-ring, which has no name of its own in the event, is «Брейн-ринг».
fn festival_json(core: &Core) -> Value {
    core.festival_tables()
        .into_iter()
        .map(|table| {
            let name = if table.name.is_empty() && table.format == "brain-ring" {
                "Брейн-ринг".to_owned()
            } else {
                table.name
            };
            let places: Vec<Value> = table
                .rows
                .iter()
                .map(|row| {
                    json!({
                        "team": row.name,
                        "place": row.place.to_string(),
                        "prize": row.prize.map(prize_number),
                    })
                })
                .collect();
            json!({ "name": name, "format": table.format, "places": places })
        })
        .collect()
}

fn prize_number(prize: Prize) -> u32 {
    match prize {
        Prize::First => 1,
        Prize::Second => 2,
        Prize::Third => 3,
    }
}

fn to_json(core: &Core) -> String {
    let fallback = ChgkGame::default();
    let chgk = core.event_chgk().unwrap_or(&fallback);
    let questions: Vec<_> = chgk
        .questions
        .iter()
        .filter(|q| q.played())
        .map(|q| {
            json!({
                "number": q.number,
                "answer": q.content.answer,
                "withdrawn": q.withdrawn,
                "correct": q.cards.keys().filter(|t| q.is_correct(**t)).count(),
                "late_cards": q.cards.values().filter(|c| c.late).count(),
            })
        })
        .collect();
    let standings: Vec<_> = chgk
        .staff_standings(core.roster())
        .into_iter()
        .map(|r| {
            json!({
                "place": r.place.to_string(),
                "team": r.name,
                "town": r.town,
                "points": r.points,
                "rating": r.rating,
                "mask": r.mask,
            })
        })
        .collect();
    let mut out = json!({
        "tournament": core.registry().tournament,
        "format": "chgk",
        "teams": core.registry().teams.len(),
        "questions": questions,
        "standings": standings,
        "games": games_json(core),
        "festival": festival_json(core),
    });
    if core.event_ring().is_some_and(has_ring)
        && let Some(obj) = out.as_object_mut()
    {
        obj.insert("brain_ring".to_owned(), ring_json(core));
    }
    format!("{out:#}\n")
}

fn to_csv(core: &Core) -> String {
    let mut out = String::from("place,team,town,points,rating,mask\n");
    let standings = core
        .event_chgk()
        .map(|chgk| chgk.staff_standings(core.roster()))
        .unwrap_or_default();
    for r in standings {
        let row = [
            r.place.to_string(),
            r.name,
            r.town,
            r.points.to_string(),
            r.rating.to_string(),
            r.mask,
        ];
        let cells: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    if core.event_ring().is_some_and(has_ring) {
        ring_csv(core, &mut out);
    }
    out
}

/// Header of the Brain-ring section of the CSV (after a blank line).
pub const RING_CSV_HEADER: &str = "brain_ring_place,team,points,difference,taken,fights";
/// Header of the Brain-ring final places (after another blank line).
pub const RING_PLACES_CSV_HEADER: &str = "brain_ring_final_place,team";

fn push_csv_row(out: &mut String, row: &[String]) {
    let cells: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
    out.push_str(&cells.join(","));
    out.push('\n');
}

/// The Brain-ring section: the qualifying table, then the final places.
fn ring_csv(core: &Core, out: &mut String) {
    let fallback = RingTournament::default();
    let ring = core.event_ring().unwrap_or(&fallback);
    out.push('\n');
    out.push_str(RING_CSV_HEADER);
    out.push('\n');
    for (team, row) in ring.standings() {
        push_csv_row(
            out,
            &[
                row.place.to_string(),
                team_name(core, team),
                row.points.to_string(),
                row.difference.to_string(),
                row.taken.to_string(),
                row.fights.to_string(),
            ],
        );
    }
    let places = ring.final_places();
    if !places.is_empty() {
        out.push('\n');
        out.push_str(RING_PLACES_CSV_HEADER);
        out.push('\n');
        for (team, place) in places {
            push_csv_row(out, &[place.to_string(), team_name(core, team)]);
        }
    }
}

/// Whether the stored tournament played (or set up) any Brain-ring.
fn has_ring(ring: &RingTournament) -> bool {
    !ring.teams.is_empty() || !ring.fights.is_empty()
}

fn team_name(core: &Core, team: TeamId) -> String {
    core.registry().team_name(team)
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

fn ring_json(core: &Core) -> Value {
    let fallback = RingTournament::default();
    let ring = core.event_ring().unwrap_or(&fallback);
    let stage = ring.stage();
    let champion = match &stage {
        RingStage::Finished { champion } => json!(team_name(core, *champion)),
        _ => Value::Null,
    };
    let seeding: Vec<String> = ring.teams.iter().map(|t| team_name(core, *t)).collect();
    // 4.3: how a tie at the entry cut was settled (or stands).
    let names =
        |list: &[TeamId]| -> Vec<String> { list.iter().map(|t| team_name(core, *t)).collect() };
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
        .map(|(team, place)| json!({ "place": place, "team": team_name(core, team) }))
        .collect();
    let table: Vec<Value> = ring
        .standings()
        .into_iter()
        .map(|(team, row)| {
            json!({
                "place": row.place.to_string(),
                "team": team_name(core, team),
                "points": points_json(row.points),
                "difference": row.difference,
                "taken": row.taken,
                "fights": row.fights,
            })
        })
        .collect();
    // Fight ids grow as fights open: the map's order is the opening order.
    let fights: Vec<Value> = ring.fights.values().map(|f| fight_json(core, f)).collect();
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

fn fight_json(core: &Core, f: &RingFight) -> Value {
    let names = f.tables.map(|t| team_name(core, t));
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
                "team": team_name(core, p.team),
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
                "team": team_name(core, a.team),
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

/// RFC 4180 quoting; a leading `=`, `+`, `-` or `@` is prefixed with `'` so
/// a spreadsheet never runs a team name as a formula.
fn csv_cell(s: &str) -> String {
    let guarded = if s.starts_with(['=', '+', '-', '@']) && s.parse::<f64>().is_err() {
        format!("'{s}")
    } else {
        s.to_owned()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_cells_are_quoted_and_formula_safe() {
        assert_eq!(csv_cell("Сфинкс"), "Сфинкс");
        assert_eq!(csv_cell("a,b"), "\"a,b\"");
        assert_eq!(csv_cell("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_cell("=cmd()"), "'=cmd()");
        assert_eq!(csv_cell("-3"), "-3");
    }
}
