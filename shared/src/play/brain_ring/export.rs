//! Brain-ring's section of `minuta-server export`: the JSON object
//! `brain_ring` (the stage, the champion and final places, the cut at the
//! entry, the qualifying table and every fight with its questions, appeals
//! and whole press log: the jury's evidence) and the CSV's rows (the
//! qualifying table, then the final places). The server writes them into
//! its files; what must not live here: CSV quoting or any file format.

use crate::export::WholeOrHalf;
use crate::export::brain_ring::{
    RingAppealExport, RingCutExport, RingExport, RingFightExport, RingFinalPlaceExport,
    RingPressExport, RingQuestionExport, RingTableRowExport,
};
use crate::ids::TeamId;
use crate::play::brain_ring::rules::{FightStatus, QuestionOutcome};
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
    pub fn export_section(&self, roster: &Roster) -> RingExport {
        ring_export(self, roster)
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

fn ring_export(ring: &RingTournament, roster: &Roster) -> RingExport {
    let stage = ring.stage();
    let champion = match &stage {
        RingStage::Finished { champion } => Some(roster.name(*champion)),
        _ => None,
    };
    let seeding: Vec<String> = ring.teams.iter().map(|t| roster.name(*t)).collect();
    // 4.3: how a tie at the entry cut was settled (or stands).
    let names = |list: &[TeamId]| -> Vec<String> { list.iter().map(|t| roster.name(*t)).collect() };
    let cut = ring.cut.as_ref().map(|cut| RingCutExport {
        tied: names(&cut.tied),
        places: cut.contested,
        shoot_off: cut.shoot_off.iter().map(|q| names(q)).collect(),
        lot: cut.lot,
        lot_order: names(&cut.lot_order),
        still_tied: names(&cut.still_tied),
    });
    let final_places = ring
        .final_places()
        .into_iter()
        .map(|(team, place)| RingFinalPlaceExport {
            place,
            team: roster.name(team),
        })
        .collect();
    let table = ring
        .standings()
        .into_iter()
        .map(|(team, row)| RingTableRowExport {
            place: row.place.to_string(),
            team: roster.name(team),
            points: WholeOrHalf::from_halves(u64::from(row.points.halves)),
            difference: row.difference,
            taken: row.taken,
            fights: row.fights,
        })
        .collect();
    // Fight ids grow as fights open: the map's order is the opening order.
    let fights = ring
        .fights
        .values()
        .map(|f| fight_export(roster, f))
        .collect();
    RingExport {
        stage: stage_text(&stage),
        champion,
        seeding,
        cut,
        final_places,
        table,
        fights,
    }
}

fn fight_export(roster: &Roster, f: &RingFight) -> RingFightExport {
    let names = f.tables.map(|t| roster.name(t));
    let by_table = |table: usize| names.get(table).cloned().unwrap_or_default();
    let count = f.count();
    let result = match count.status() {
        FightStatus::Won { winner } => by_table(winner),
        FightStatus::Drawn => "draw".to_owned(),
        FightStatus::InProgress { .. } => "open".to_owned(),
    };
    let questions = f
        .outcomes
        .iter()
        .zip(1u32..)
        .map(|(outcome, number)| {
            let (text, taken_by) = match outcome {
                QuestionOutcome::TakenBy(table) => ("taken", Some(by_table(*table))),
                QuestionOutcome::NotTaken => ("not taken", None),
                QuestionOutcome::Withdrawn => ("withdrawn", None),
            };
            RingQuestionExport {
                number,
                outcome: text.to_owned(),
                taken_by,
            }
        })
        .collect();
    let presses = f
        .log
        .presses
        .iter()
        .map(|p| RingPressExport {
            question: p.question,
            team: roster.name(p.team),
            table: p.table + 1,
            arrived_at_us: p.arrived_at.as_micros(),
            since_arming_us: p.since_arming_us,
            // The gap to the question's first press after «Время» (as the
            // host saw it when deciding); negative for a press before it.
            gap_us: f
                .log
                .gap_reference(p.question)
                .and_then(|first| p.arrived_at.0.checked_signed_diff(first.0)),
            rtt_us: p.rtt_us,
            clock_offset_us: p.clock_offset_us,
            kind: press_kind_text(p.kind).to_owned(),
        })
        .collect();
    let appeals = f
        .appeals
        .iter()
        .map(|a| {
            let (upheld, reply, resolved_at_us) = match &a.resolution {
                Some((upheld, reply, at)) => {
                    (Some(*upheld), Some(reply.clone()), Some(at.as_micros()))
                }
                None => (None, None, None),
            };
            RingAppealExport {
                id: a.id,
                question: a.question,
                team: roster.name(a.team),
                kind: match a.kind {
                    RingAppealKind::QuestionIncorrect => "question incorrect",
                    RingAppealKind::AcceptOurAnswer => "accept our answer",
                }
                .to_owned(),
                text: a.text.clone(),
                filed_at_us: a.filed_at.as_micros(),
                upheld,
                reply,
                resolved_at_us,
            }
        })
        .collect();
    RingFightExport {
        id: f.id.0,
        label: f.label.clone(),
        kind: kind_text(f.kind),
        stage: f.stage,
        teams: names,
        score: count.score,
        result,
        closed: f.closed_at.is_some(),
        closed_at_us: f.closed_at.map(|t| t.as_micros()),
        questions,
        presses,
        appeals,
    }
}
