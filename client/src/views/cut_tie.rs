//! A tie at the qualification cut (4.3, 5.2) on the host's screen and the
//! hall's: the server refused «Отобрать» naming the teams level on points
//! and rating and the places they contest; this panel runs the shoot-off —
//! one question to the tied teams' cards, the host ticks those right and
//! records it, repeated until the tie breaks — or draws the lot with a seed
//! the host sees first. Each step goes to the server, which stores it with
//! the shoot-off so far (every staff screen reads that from the game's
//! view, after a restart too) and qualifies the teams once the tie breaks.
//! The hall's part shows the settlement: the questions and the lot's seed
//! with the order it drew. [`steps`] — the ticks, the shoot-off question
//! and the lot — serve a prize place's tie too (`views::prize_tie`).

use std::collections::BTreeSet;

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::cut::CutBoard;
use minuta_shared::programme::ProgrammeView;
use minuta_shared::wire::client::{Command, CutStep};
use minuta_shared::wire::server::CommandError;

use crate::i18n::Lang;
use crate::i18n::tie::{self as words, Tt};
use crate::state::{AppState, Notice, UiCommand};
use crate::views::widgets::{AMBER, GREY};
/// What the panel remembers: the teams ticked right on the question being
/// recorded, and the lot's seed (from the clock until the host types one).
#[derive(Debug, Default)]
pub struct CutTieForm {
    pub right: BTreeSet<TeamId>,
    pub lot_seed: Option<u64>,
}

/// The tie standing at the cut of `game`: the last answer to a
/// qualification into it, when that was a tie — with the command refused.
pub fn standing(state: &AppState, game: GameId) -> Option<(&Command, &CommandError)> {
    state
        .toasts
        .iter()
        .rev()
        .find_map(|t| {
            let (command, error) = match &t.notice {
                Notice::Failed { command, error } => (&**command, Some(error)),
                Notice::Done { command, .. } => (&**command, None),
                _ => return None,
            };
            match command {
                Command::Qualify { game: g, .. } if *g == game => Some(error.map(|e| (command, e))),
                _ => None,
            }
        })?
        .filter(|(_, e)| matches!(e, CommandError::TieAtTheCut { .. }))
}

/// The tie the panel settles: the qualification asked (places, seed), the
/// teams still tied, the places left, the questions recorded so far.
struct OpenTie {
    places: u32,
    seed: u64,
    still: Vec<(TeamId, String)>,
    left: u32,
    questions: Vec<Vec<String>>,
}

/// The tie standing at the cut of `game`: as the server recorded it (the
/// game's view), or as its refusal of «Отобрать» named it before any step.
fn open_tie(state: &AppState, game: GameId, recorded: Option<&CutBoard>) -> Option<OpenTie> {
    let refused = standing(state, game).and_then(|(command, error)| match (command, error) {
        (
            Command::Qualify { places, seed, .. },
            CommandError::TieAtTheCut {
                teams,
                places: left,
            },
        ) => Some(OpenTie {
            places: *places,
            seed: *seed,
            still: teams.clone(),
            left: *left,
            questions: Vec::new(),
        }),
        _ => None,
    });
    match recorded {
        Some(cut) if !cut.settled() => Some(OpenTie {
            places: cut.places,
            seed: cut.seed,
            still: cut.still_tied.clone(),
            left: cut.left,
            questions: cut.shoot_off.clone(),
        }),
        // Settled: only a later «Отобрать» for other places ties again.
        Some(cut) => refused.filter(|t| t.places != cut.places),
        None => refused,
    }
}

/// The panel, when a tie stands at the cut of `game`; `recorded`: the
/// tie as the game's view has it, when the game keeps one.
pub fn panel(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    recorded: Option<&CutBoard>,
    form: &mut CutTieForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let Some(tie) = open_tie(state, game, recorded) else {
        return;
    };
    let step = |step: CutStep| {
        UiCommand::Send(Command::SettleCut {
            game,
            places: tie.places,
            seed: tie.seed,
            step,
        })
    };
    ui.add_space(6.0);
    ui.label(
        RichText::new(lang.t(Tt::CutTitle))
            .size(18.0)
            .strong()
            .color(AMBER),
    );
    ui.label(words::cut_places(lang, tie.still.len(), tie.left));
    ui.label(RichText::new(lang.t(Tt::CutHint)).small().color(GREY));
    for (number, right) in (1u32..).zip(&tie.questions) {
        ui.label(words::shoot_off_right(lang, number, right));
    }
    ui.label(words::question_number(lang, tie.questions.len() as u32 + 1));
    match steps(ui, state, &tie.still, &mut form.right, &mut form.lot_seed) {
        Some(TieStep::ShootOff(right)) => out.push(step(CutStep::ShootOff { right })),
        Some(TieStep::Lot(seed)) => out.push(step(CutStep::Lot { seed })),
        None => {}
    }
}

/// A step the host takes on a tie played off in the hall.
pub enum TieStep {
    /// A shoot-off question: the teams ticked right.
    ShootOff(Vec<TeamId>),
    /// The lot, drawn with this seed.
    Lot(u64),
}

/// The steps on a tie (the cut's, 4.3; a prize place's, 2.2): a tick for
/// each team still tied and «Записать вопрос перестрелки», then the lot's
/// seed (from the clock until the host types one) and «Бросить жребий».
pub fn steps(
    ui: &mut Ui,
    state: &AppState,
    still: &[(TeamId, String)],
    ticked: &mut BTreeSet<TeamId>,
    lot_seed: &mut Option<u64>,
) -> Option<TieStep> {
    let lang = state.lang;
    let mut taken = None;
    ui.horizontal_wrapped(|ui| {
        for (team, name) in still {
            let mut right = ticked.contains(team);
            if ui.checkbox(&mut right, name).changed() {
                if right {
                    ticked.insert(*team);
                } else {
                    ticked.remove(team);
                }
            }
        }
    });
    if ui.button(lang.t(Tt::CutRecord)).clicked() {
        let right = still
            .iter()
            .map(|(t, _)| *t)
            .filter(|t| ticked.contains(t))
            .collect();
        ticked.clear();
        taken = Some(TieStep::ShootOff(right));
    }
    ui.add_space(4.0);
    ui.label(RichText::new(lang.t(Tt::LotHint)).small().color(GREY));
    let lot_seed = lot_seed.get_or_insert(state.now_us % 1_000_000);
    ui.horizontal(|ui| {
        let label = ui.label(lang.t(Tt::LotSeed));
        ui.add(egui::DragValue::new(lot_seed)).labelled_by(label.id);
        if ui.button(lang.t(Tt::DrawLot)).clicked() {
            taken = Some(TieStep::Lot(*lot_seed));
        }
    });
    taken
}

/// The tie at the cut for the hall and the staff: the teams, each
/// shoot-off question's right cards, and a lot's seed with its order.
pub fn hall(ui: &mut Ui, lang: Lang, cut: &CutBoard, size: f32) {
    ui.vertical_centered(|ui| {
        // 4.4: the seeding lot among full ties, with its seed.
        if !cut.seeding_lot.is_empty() {
            let groups: Vec<String> = cut.seeding_lot.iter().map(|g| g.join(", ")).collect();
            let groups = groups.join("; ");
            ui.label(
                RichText::new(lang.pick(
                    format!(
                        "Посев (4.4): жребий среди равных, число {}: {groups}",
                        cut.seed
                    ),
                    format!(
                        "Seeding (4.4): lot among equals, seed {}: {groups}",
                        cut.seed
                    ),
                ))
                .size(size * 0.8),
            );
        }
        if cut.tied.is_empty() {
            return;
        }
        ui.label(RichText::new(lang.t(Tt::CutTitle)).size(size).strong());
        let names: Vec<String> = cut.tied.iter().map(|(_, n)| n.clone()).collect();
        ui.label(RichText::new(words::cut_tied(lang, &names, cut.contested)).size(size * 0.8));
        for (number, right) in (1u32..).zip(&cut.shoot_off) {
            ui.label(RichText::new(words::shoot_off_right(lang, number, right)).size(size * 0.8));
        }
        if let Some(seed) = cut.lot {
            ui.label(
                RichText::new(words::settled(lang, &cut.lot_order, 0, Some(seed)))
                    .size(size)
                    .strong(),
            );
        }
    });
}

/// 4.3, 5.2: which ChGK tours «Отобрать» counts — those of the programme's
/// first game day, named, or every tour played when there is no such day.
pub fn qualifying_window(ui: &mut Ui, lang: Lang, programme: Option<&ProgrammeView>) {
    let text = match programme.and_then(ProgrammeView::qualifying_tours) {
        Some((day, tours)) => {
            let numbers: Vec<String> = tours.iter().map(|t| (t.0 + 1).to_string()).collect();
            let numbers = numbers.join(", ");
            lang.pick(
                format!("Считаются туры ЧГК первого игрового дня «{day}»: {numbers} (4.3, 5.2)"),
                format!("Counted: the ChGK tours of the first game day «{day}»: {numbers} (4.3, 5.2)"),
            )
        }
        None => lang.pick(
            "Считаются все сыгранные туры ЧГК: в программе нет первого игрового дня с турами ЧГК (4.3, 5.2)".to_owned(),
            "Counted: every ChGK tour played — the programme has no first game day with ChGK tours (4.3, 5.2)".to_owned(),
        ),
    };
    ui.label(RichText::new(text).small());
}
