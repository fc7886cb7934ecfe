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
//! table, then another blank line and the final places once known. Each
//! format writes its own part (`play::chgk::export`,
//! `play::brain_ring::export` in the shared crate); this file puts the
//! parts into files. The JSON is the shared crate's
//! `export::event::EventExport`, which readers parse back.
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

use minuta_shared::export::event::{
    EventExport, FestivalPlaceExport, FestivalTableExport, GameExport,
};
use minuta_shared::export::pretty;
use minuta_shared::ids::GameId;
use minuta_shared::play::brain_ring::{RING_CSV_HEADER, RING_PLACES_CSV_HEADER, RingTournament};
use minuta_shared::play::chgk::{CHGK_CSV_HEADER, ChgkGame, EVENT_CHGK};
use minuta_shared::play::roster::Roster;
use minuta_shared::sheet::prize_ties::settle_rows;
use minuta_shared::time::ServerTime;
use minuta_shared::tournament::Place;
use minuta_shared::tournament::festival::Prize;
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
    export_core(&core, format, &data_dir.display().to_string())
}

/// The same files from a core already replayed (`place` names where its
/// events came from, for the error of a game not in the programme).
pub fn export_core(core: &Core, format: ExportFormat, place: &str) -> Result<String, ExportError> {
    Ok(match format {
        ExportFormat::Json => to_json(core),
        ExportFormat::Csv => to_csv(core),
        ExportFormat::Rating => crate::rating_export::to_rating(core),
        ExportFormat::RatingCsv => crate::rating_files::to_rating_csv(core),
        ExportFormat::RatingRoster => crate::rating_files::to_rating_roster(core),
        ExportFormat::RatingJson => crate::rating_files::to_rating_json(core),
        ExportFormat::Sheet(game) => {
            to_sheet(core, game).map_err(|known| ExportError::NoSuchGame {
                dir: place.to_string(),
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
    Ok(protocol_of(&core, &events))
}

/// The jury's protocol of a core replayed from `events`, dated by their
/// `Initialised` (an undated one, at zero, gives no date).
pub fn protocol_of<'a>(core: &Core, events: impl IntoIterator<Item = &'a Event>) -> Protocol {
    let started = events.into_iter().find_map(|e| match e {
        Event::Initialised { at, .. } => Some(*at),
        _ => None,
    });
    jury_protocol::build(core, started.filter(|at| *at != ServerTime::ZERO))
}

/// The jury's protocol of the event in the store, as a PDF file.
pub fn export_pdf(data_dir: &Path) -> Result<Vec<u8>, ExportError> {
    Ok(jury_protocol::render(&protocol(data_dir)?)?)
}

/// The game's scoresheet as pretty JSON; or, for a game not in the
/// programme, the games there are (for the error).
fn to_sheet(core: &Core, game: GameId) -> Result<String, String> {
    match core.game(game).filter(|g| g.in_use()) {
        Some(slot) => Ok(format!("{:#}\n", core.game_sheet(game, slot))),
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
fn games_export(core: &Core) -> Vec<GameExport> {
    core.games()
        .filter(|(_, g)| g.in_use())
        .map(|(id, g)| GameExport {
            id: id.0,
            name: core.game_name(g),
            format: g.format().name().to_owned(),
            standings: core.game_standings(id, g),
        })
        .collect()
}

/// 2.2: every tournament's places for every team, as the host sees them
/// (`Core::festival_tables`): a shared place as `"3-4"`, prizes 1–3 or null.
/// Brain-ring, which has no name of its own in the event, is «Брейн-ринг».
fn festival_export(core: &Core) -> Vec<FestivalTableExport> {
    core.festival_tables()
        .into_iter()
        .map(|table| {
            let name = if table.name.is_empty() && table.format == "brain-ring" {
                "Брейн-ринг".to_owned()
            } else {
                table.name
            };
            let places = table
                .rows
                .iter()
                .map(|row| FestivalPlaceExport {
                    team: row.name.clone(),
                    place: row.place.to_string(),
                    prize: row.prize.map(prize_number),
                })
                .collect();
            FestivalTableExport {
                name,
                format: table.format,
                places,
            }
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
    let mut standings = chgk.export_standings(core.roster());
    // 2.2: prize ties settled as the host recorded them.
    settle_rows(
        &mut standings,
        &core.named_ties(EVENT_CHGK),
        |row| Some((row.team.clone(), Place::parse(&row.place)?)),
        |row, place| row.place = place.to_string(),
    );
    let document = EventExport {
        minuta_version: minuta_shared::version::long().to_owned(),
        tournament: core.registry().tournament.clone(),
        format: "chgk".to_owned(),
        teams: core.registry().teams.len(),
        questions: chgk.export_questions(),
        standings,
        games: games_export(core),
        festival: festival_export(core),
        brain_ring: core
            .event_ring()
            .filter(|r| r.played())
            .map(|ring| ring.export_section(core.roster())),
    };
    pretty(&document)
}

fn to_csv(core: &Core) -> String {
    let mut out = format!("{CHGK_CSV_HEADER}\n");
    if let Some(chgk) = core.event_chgk() {
        for row in chgk.export_rows(core.roster()) {
            push_csv_row(&mut out, &row);
        }
    }
    if let Some(ring) = core.event_ring().filter(|r| r.played()) {
        ring_csv(ring, core.roster(), &mut out);
    }
    out
}

fn push_csv_row(out: &mut String, row: &[String]) {
    let cells: Vec<String> = row.iter().map(|c| csv_cell(c)).collect();
    out.push_str(&cells.join(","));
    out.push('\n');
}

/// The Brain-ring section: the qualifying table, then the final places.
fn ring_csv(ring: &RingTournament, roster: &Roster, out: &mut String) {
    let (table, places) = ring.export_rows(roster);
    out.push('\n');
    out.push_str(RING_CSV_HEADER);
    out.push('\n');
    for row in &table {
        push_csv_row(out, row);
    }
    if !places.is_empty() {
        out.push('\n');
        out.push_str(RING_PLACES_CSV_HEADER);
        out.push('\n');
        for row in &places {
            push_csv_row(out, row);
        }
    }
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
