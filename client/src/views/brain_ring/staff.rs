//! A Brain-ring game on the staff's screen: for the host (the dashboard's
//! «Брейн-ринг» tab for the event's own, the format's tab for one added
//! beside it) the whole tournament from one place — on top the restart
//! notices (issue 14.4), where it stands and the button for the next step;
//! then the open fights (one per stage may run at once — the host picks
//! which the panel shows) and the panel of the picked fight with its
//! controls, press log and appeals; then every fight, the round's pairs and
//! the table; last, qualification and seeding, a friendly fight, and the
//! button's timing. A judge has nothing to do in Brain-ring and sees the
//! hall's board.

use egui::{RichText, Ui};
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{
    ButtonPhase, FightId, RingCommand, RingFightView, RingStaffView, RingStage,
};
use minuta_shared::play::games::{Format, GameCommand};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use super::{board, fight_panel, on_stage, phase_at, setup};
use crate::i18n::Lang;
use crate::state::{AppState, UiCommand};
use crate::views::brain_ring::words;
use crate::views::brain_ring::words::Rt;
use crate::views::format::{Game, Seat};
use crate::views::package_field::package_field;
use crate::views::team_names::team_name;
use crate::views::widgets::{AMBER, GREY};

#[derive(Debug, Default)]
pub struct RingStaffForm {
    /// The fight the panel shows; `None` (or a fight that is gone) follows
    /// the fight stage 1 plays now, else the latest fight.
    pub selected: Option<FightId>,
    pub panel: fight_panel::FightPanelForm,
    pub setup: setup::RingSetupForm,
    /// The package file's path being typed.
    pub package: String,
}

#[allow(clippy::too_many_arguments)]
pub fn screen(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    game: Game<'_>,
    staff: &RingStaffView,
    seat: Seat,
    form: &mut RingStaffForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let ring = &staff.board;
    if seat == Seat::Judge {
        board::board(ui, state, super::title(lang, game), ring);
        return;
    }
    restart_notices(ui, lang, staff);
    setup::next_step(ui, state, view, game.id, ring, &mut form.setup, out);
    ui.separator();
    let shown = form
        .selected
        .and_then(|id| ring.fights.iter().find(|f| f.id == id))
        .or_else(|| on_stage(&ring.fights).first().copied())
        // Nothing open: the latest fight, so its result stays in view.
        .or_else(|| ring.fights.first());
    open_fights(ui, state, &ring.fights, shown.map(|f| f.id), form);
    match shown {
        Some(fight) => {
            let before = out.len();
            fight_panel::fight_panel(ui, state, game.id, fight, &mut form.panel, out);
            // A fight just closed: the panel moves on to the next open one.
            let closing = out[before..].iter().any(|c| {
                matches!(
                    c,
                    UiCommand::Send(Command::Game {
                        command: GameCommand::Ring(RingCommand::CloseFight { .. }),
                        ..
                    })
                )
            });
            if closing {
                form.selected = None;
            }
        }
        None => {
            ui.label(RichText::new(lang.t(Rt::NoFights)).size(16.0).color(GREY));
        }
    }
    if ring.stage != RingStage::NotSeeded || !ring.fights.is_empty() {
        ui.separator();
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            board::round_pairs(ui, lang, ring, 15.0, |t| team_name(view, t));
            ui.add_space(8.0);
            all_fights(ui, lang, &ring.fights, shown.map(|f| f.id), form);
            if !ring.final_places.is_empty() {
                board::final_places(&mut cols[1], lang, "host-ring", &ring.final_places, 15.0);
                cols[1].add_space(8.0);
            }
            if ring.stage != RingStage::NotSeeded || !ring.standings.is_empty() {
                board::standings_table(&mut cols[1], lang, "host-ring", &ring.standings, 15.0);
            }
        });
    }
    ui.separator();
    egui::CollapsingHeader::new(RichText::new(lang.t(Rt::QualifyTitle)).strong())
        .default_open(setup::seeding_open(&ring.stage) && ring.seeding.is_empty())
        .show(ui, |ui| {
            if setup::seeding_open(&ring.stage) {
                setup::qualification(ui, state, view, game.id, &mut form.setup, out);
            } else {
                ui.label(
                    RichText::new(words::stage(lang, &ring.stage, |t| team_name(view, t)))
                        .color(GREY),
                );
            }
        });
    egui::CollapsingHeader::new(RichText::new(lang.t(Rt::Friendly)).strong())
        .default_open(ring.fights.is_empty())
        .show(ui, |ui| {
            setup::friendly(ui, state, view, game.id, &mut form.setup, out)
        });
    egui::CollapsingHeader::new(RichText::new(lang.t(Rt::Questions)).strong())
        .default_open(staff.pool == 0 && ring.fights.is_empty())
        .show(ui, |ui| {
            ui.label(RichText::new(lang.t(Rt::QuestionsHint)).color(GREY));
            if staff.pool > 0 {
                ui.label(words::pool(lang, staff.pool, staff.pool_used));
            }
            package_field(ui, lang, game.id, Format::Ring, &mut form.package, out);
        });
    egui::CollapsingHeader::new(RichText::new(lang.t(Rt::Timing)).strong()).show(ui, |ui| {
        setup::timing(
            ui,
            state,
            game.id,
            &ring.timing,
            &mut form.setup.timing,
            out,
        )
    });
}

/// Issue 14.4: the questions the server found in play when it started
/// again, until the host acts in their fight.
fn restart_notices(ui: &mut Ui, lang: Lang, staff: &RingStaffView) {
    for notice in &staff.restarts {
        let fight = staff
            .board
            .fights
            .iter()
            .find(|f| f.id == notice.fight)
            .map_or_else(|| notice.fight.to_string(), |f| words::fight_name(lang, f));
        ui.label(
            RichText::new(words::restart_notice(
                lang,
                &fight,
                notice.question,
                notice.rearm,
            ))
            .size(16.0)
            .strong()
            .color(AMBER),
        );
        ui.add_space(4.0);
    }
}

/// The open fights as a row of tabs, grouped by stage: the host switches
/// between fights running at once.
fn open_fights(
    ui: &mut Ui,
    state: &AppState,
    fights: &[RingFightView],
    shown: Option<FightId>,
    form: &mut RingStaffForm,
) {
    let mut open: Vec<&RingFightView> = fights.iter().filter(|f| !f.closed).collect();
    if open.is_empty() || (open.len() < 2 && shown.is_none_or(|id| open.iter().any(|f| f.id == id)))
    {
        return;
    }
    open.sort_by_key(|f| (f.stage, f.id));
    let now = state.server_now();
    ui.horizontal_wrapped(|ui| {
        for fight in open {
            let mut text = format!(
                "{} · {} — {} {}:{}",
                words::stage_number(state.lang, fight.stage),
                fight.names[0],
                fight.names[1],
                fight.score[0],
                fight.score[1],
            );
            // A fight waiting for the host (someone answers, a contested
            // press, an appeal) is marked, so it is not forgotten behind
            // another tab.
            let waiting = fight.appeals.iter().any(|a| a.resolution.is_none())
                || fight.question.as_ref().is_some_and(|q| {
                    matches!(
                        phase_at(q, now),
                        ButtonPhase::Answering { .. } | ButtonPhase::Contested { .. }
                    )
                });
            if waiting {
                text.push_str(" •");
            }
            let mut label = RichText::new(text).size(15.0);
            if waiting {
                label = label.color(AMBER);
            }
            if ui
                .selectable_label(shown == Some(fight.id), label)
                .clicked()
            {
                form.selected = Some(fight.id);
            }
        }
    });
    ui.add_space(4.0);
}

/// Every fight, open first: label, stage, tables, score, how it stands.
fn all_fights(
    ui: &mut Ui,
    lang: Lang,
    fights: &[RingFightView],
    shown: Option<FightId>,
    form: &mut RingStaffForm,
) {
    // With no fights the panel above says so already.
    if fights.is_empty() {
        return;
    }
    ui.label(RichText::new(lang.t(Rt::Fights)).size(15.0).strong());
    egui::Grid::new("ring-fights")
        .striped(true)
        .spacing([10.0, 4.0])
        .show(ui, |ui| {
            for fight in fights {
                if ui
                    .selectable_label(shown == Some(fight.id), words::fight_name(lang, fight))
                    .clicked()
                {
                    form.selected = Some(fight.id);
                }
                ui.label(RichText::new(words::stage_number(lang, fight.stage)).color(GREY));
                ui.label(format!("{} — {}", fight.names[0], fight.names[1]));
                ui.label(
                    RichText::new(format!("{}:{}", fight.score[0], fight.score[1])).monospace(),
                );
                let status = match (fight.status, fight.closed) {
                    (FightStatus::Won { winner }, _) => words::fight_won(
                        lang,
                        fight.names.get(winner).map(String::as_str).unwrap_or(""),
                    ),
                    (FightStatus::Drawn, _) => lang.t(Rt::Drawn).to_owned(),
                    (_, true) => lang.t(Rt::Closed).to_owned(),
                    (_, false) => lang.t(Rt::InPlay).to_owned(),
                };
                ui.label(RichText::new(status).color(if fight.closed { GREY } else { AMBER }));
                ui.end_row();
            }
        });
}
