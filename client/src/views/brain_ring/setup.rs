//! A Brain-ring tournament's steps as the host takes them: where it
//! stands and what starts next (a qualifying round spread over stages, the
//! next «царь горы» fight, the next fight of the final); qualification of
//! the top N from the ChGK table or seeding by hand (4.3–4.4); a friendly
//! fight between any two teams; and the button's timing and house rules.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::brain_ring::RingTournament;
use minuta_shared::play::brain_ring::rules::FightFormat;
use minuta_shared::play::brain_ring::{EarlyPress, RingBoard, RingCommand, RingStage, RingTiming};
use minuta_shared::play::games::InState;
use minuta_shared::wire::client::{Command, CutDecision};
use minuta_shared::wire::view::HostView;

use super::{board as hall, send};
use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::brain_ring::words;
use crate::views::brain_ring::words::Rt;
use crate::views::team_names::team_name;
use crate::views::team_picker;
use crate::views::widgets::{self, AMBER, GREEN, GREY, RED};

#[derive(Debug, Default)]
pub struct RingSetupForm {
    /// Stages the next round is spread over; 0 until first shown.
    pub stages: u32,
    /// Places to qualify; `None` until first shown (then from the teams).
    pub places: Option<u32>,
    /// The lot's seed; `None` until first shown (then from the clock, so
    /// two tournaments do not share a lot unless the host types one in).
    pub seed: Option<u64>,
    /// Teams picked for seeding by hand, in order.
    pub manual: Vec<TeamId>,
    /// The search over the hall's teams to pick from.
    pub find: String,
    /// A tie at the qualification cut being settled (4.3).
    pub cut: crate::views::cut_tie::CutTieForm,
    pub friendly: [Option<TeamId>; 2],
    pub format: Option<FightFormat>,
    pub timing: TimingForm,
}

/// The timing being edited; it follows the server's until changed.
#[derive(Debug, Default)]
pub struct TimingForm {
    pub editing: bool,
    pub minute_s: f64,
    pub extra_s: f64,
    pub tie_ms: f64,
    pub ignore_early: bool,
}

impl TimingForm {
    fn follow(&mut self, timing: &RingTiming) {
        *self = TimingForm {
            editing: false,
            minute_s: timing.minute_ms as f64 / 1000.0,
            extra_s: timing.second_chance_ms as f64 / 1000.0,
            tie_ms: timing.tie_window_us as f64 / 1000.0,
            ignore_early: timing.early_press == EarlyPress::Ignored,
        };
    }

    fn timing(&self) -> RingTiming {
        RingTiming {
            minute_ms: thousandths(self.minute_s),
            second_chance_ms: thousandths(self.extra_s),
            tie_window_us: thousandths(self.tie_ms),
            early_press: if self.ignore_early {
                EarlyPress::Ignored
            } else {
                EarlyPress::LosesTheQuestion
            },
        }
    }
}

/// Seconds as typed into whole milliseconds (or milliseconds into µs).
fn thousandths(value: f64) -> u64 {
    (value.max(0.0) * 1000.0).round() as u64
}

/// Where the tournament stands and the button that takes the next step.
pub fn next_step(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    game: GameId,
    board: &RingBoard,
    form: &mut RingSetupForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let stage = &board.stage;
    let colour = match stage {
        RingStage::Finished { .. } => GREEN,
        RingStage::Stuck(_) => RED,
        _ => ui.visuals().strong_text_color(),
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(
            RichText::new(words::stage(lang, stage, |t| team_name(view, t)))
                .size(18.0)
                .strong()
                .color(colour),
        );
        match stage {
            RingStage::Qualifying { round, open: 0, .. } => {
                if form.stages == 0 {
                    form.stages = 1;
                }
                let label = ui.label(lang.t(Rt::Stages));
                ui.add(egui::DragValue::new(&mut form.stages).range(1..=16))
                    .labelled_by(label.id);
                let start = egui::Button::new(
                    RichText::new(words::start_round(lang, *round))
                        .size(18.0)
                        .strong(),
                );
                if ui.add(start).clicked() {
                    send(
                        out,
                        game,
                        RingCommand::StartNext {
                            stages: form.stages,
                        },
                    );
                }
            }
            RingStage::Playoff { open: false, .. } | RingStage::Final { open: false, .. } => {
                let start =
                    egui::Button::new(RichText::new(lang.t(Rt::StartFight)).size(18.0).strong());
                if ui.add(start).clicked() {
                    send(out, game, RingCommand::StartNext { stages: 1 });
                }
            }
            _ => {}
        }
    });
    let rule = match stage {
        RingStage::Playoff { .. } => Some(Rt::PlayoffRule),
        RingStage::Final { .. } => Some(Rt::FinalRule),
        _ => None,
    };
    if let Some(series) = hall::final_series(lang, board) {
        ui.label(RichText::new(series).size(16.0).strong());
    }
    if let Some(rule) = rule {
        ui.label(RichText::new(lang.t(rule)).small().color(GREY));
    }
    if !board.seeding.is_empty() {
        let seeding: Vec<String> = board
            .seeding
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{}. {}", i + 1, team_name(view, *t)))
            .collect();
        ui.label(
            RichText::new(format!("{}: {}", lang.t(Rt::Seeding), seeding.join(", ")))
                .small()
                .color(GREY),
        );
    }
}

/// Whether seeding may still change: the server fixes it once the first
/// round starts.
pub fn seeding_open(stage: &RingStage) -> bool {
    matches!(
        stage,
        RingStage::NotSeeded
            | RingStage::Qualifying {
                round: 1,
                open: 0,
                ..
            }
    )
}

/// 4.3–4.4 from the ChGK table, or the host's own order.
pub fn qualification(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    game: GameId,
    form: &mut RingSetupForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let teams = view.teams.len() as u32;
    let places = form.places.get_or_insert((teams - teams % 2).clamp(2, 8));
    let seed = form.seed.get_or_insert(state.now_us % 1_000_000);
    ui.label(RichText::new(lang.t(Rt::QualifyFromChgk)).strong());
    crate::views::cut_tie::qualifying_window(ui, lang, view.programme.as_ref());
    ui.horizontal_wrapped(|ui| {
        let label = ui.label(lang.t(Rt::Places));
        ui.add(egui::DragValue::new(places).range(2..=teams.max(2)))
            .labelled_by(label.id);
        let label = ui.label(lang.t(Rt::LotSeed));
        ui.add(egui::DragValue::new(seed)).labelled_by(label.id);
        if ui.button(lang.t(Rt::Qualify)).clicked() {
            // The event qualifies from its own ChGK standings into this game.
            out.push(UiCommand::Send(Command::Qualify {
                game,
                places: *places,
                seed: *seed,
                cut: CutDecision::default(),
            }));
        }
    });
    ui.label(RichText::new(lang.t(Rt::QualifyHint)).small().color(GREY));
    // The tie as the server recorded it: the shoot-off so far.
    let recorded = view
        .games
        .iter()
        .find(|g| g.id == game)
        .and_then(|g| RingTournament::staff_of(&g.view)?.board.cut.as_ref());
    crate::views::cut_tie::panel(ui, state, game, recorded, &mut form.cut, out);
    // Everyone level on nothing: «Отобрать» would seed by lot alone.
    if view
        .event_chgk()
        .standings
        .iter()
        .all(|r| r.points == 0 && r.rating == 0)
    {
        ui.label(RichText::new(lang.t(Rt::QualifyNoChgk)).color(AMBER));
    }
    ui.add_space(8.0);
    ui.label(RichText::new(lang.t(Rt::SeedByHand)).strong());
    ui.label(
        RichText::new(lang.t(Rt::SeedByHandHint))
            .small()
            .color(GREY),
    );
    let find = team_picker::search_box(ui, lang, &mut form.find);
    let (shown, more) = team_picker::matching(&view.teams, &find, |t| !form.manual.contains(&t.id));
    ui.horizontal_wrapped(|ui| {
        for team in shown {
            if ui.button(&team.name).clicked() {
                form.manual.push(team.id);
            }
        }
    });
    team_picker::more_line(ui, lang, more);
    let mut remove = None;
    ui.horizontal_wrapped(|ui| {
        for (i, team) in form.manual.iter().enumerate() {
            ui.label(format!("{}. {}", i + 1, team_name(view, *team)));
            if ui.small_button("×").clicked() {
                remove = Some(i);
            }
        }
    });
    if let Some(i) = remove {
        form.manual.remove(i);
    }
    ui.horizontal(|ui| {
        let ready = form.manual.len() >= 2;
        if ui
            .add_enabled(ready, egui::Button::new(lang.t(Rt::SeedTeams)))
            .clicked()
        {
            // Seed 0: the host's own order, no lot drawn.
            send(
                out,
                game,
                RingCommand::Seed {
                    teams: form.manual.clone(),
                    seed: 0,
                },
            );
        }
        if ui
            .add_enabled(
                !form.manual.is_empty(),
                egui::Button::new(lang.t(Rt::Clear)),
            )
            .clicked()
        {
            form.manual.clear();
        }
    });
}

/// One fight between any two teams, outside the tournament's flow.
pub fn friendly(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    game: GameId,
    form: &mut RingSetupForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    ui.horizontal_wrapped(|ui| {
        for (table, pick) in form.friendly.iter_mut().enumerate() {
            let label = ui.label(words::table_number(lang, table));
            let shown = pick
                .map(|t| team_name(view, t))
                .unwrap_or_else(|| lang.t(Rt::ChooseTeam).to_owned());
            egui::ComboBox::from_id_salt(("friendly-table", table))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for team in &view.teams {
                        ui.selectable_value(pick, Some(team.id), &team.name);
                    }
                })
                .response
                .labelled_by(label.id);
        }
    });
    let format = form.format.get_or_insert(FightFormat::QUALIFYING);
    for (choice, label) in [
        (FightFormat::QUALIFYING, Rt::FormatQualifying),
        (FightFormat::PLAYOFF, Rt::FormatPlayoff),
        (FightFormat::FINAL, Rt::FormatFinal),
    ] {
        ui.radio_value(format, choice, lang.t(label));
    }
    let tables = match form.friendly {
        [Some(a), Some(b)] if a != b => Some([a, b]),
        _ => None,
    };
    if ui
        .add_enabled(
            tables.is_some(),
            egui::Button::new(lang.t(Rt::FriendlyStart)),
        )
        .clicked()
        && let Some(tables) = tables
    {
        send(
            out,
            game,
            RingCommand::Friendly {
                tables,
                format: *format,
            },
        );
    }
}

/// The minute, the extra time, the tie window and what a false start costs.
pub fn timing(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    timing: &RingTiming,
    form: &mut TimingForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if !form.editing {
        form.follow(timing);
    }
    let mut changed = widgets::duration_grid(
        ui,
        "ring-timing",
        vec![
            (
                lang.t(T::MinuteSeconds),
                &mut form.minute_s,
                lang.t(T::UnitSeconds),
                3600.0,
            ),
            (
                lang.t(Rt::ExtraTime),
                &mut form.extra_s,
                lang.t(T::UnitSeconds),
                3600.0,
            ),
            (
                lang.t(Rt::TieWindow),
                &mut form.tie_ms,
                lang.t(T::UnitMillis),
                1000.0,
            ),
        ],
    );
    changed |= ui
        .checkbox(&mut form.ignore_early, lang.t(Rt::IgnoreEarly))
        .changed();
    form.editing |= changed;
    ui.label(RichText::new(lang.t(Rt::TimingHint)).small().color(GREY));
    if widgets::save_or_cancel(ui, lang, &mut form.editing) {
        send(
            out,
            game,
            RingCommand::SetTiming {
                timing: form.timing(),
            },
        );
    }
}
