//! The host's panel for one fight: the tables and the score, the question's
//! number and phase with its countdown, and the big controls in the order
//! a question runs — «Читаю вопрос», «Время», «Верно» / «Неверно» (or who
//! answers, when presses were too close to call) — then the press log, the
//! fight's appeals with uphold / reject and a reply (4.13–4.16), and
//! «Завершить бой». A control is live only when the server would accept it.

use std::collections::BTreeMap;

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{ButtonPhase, FightId, RingCommand, RingFightView};

use super::{hall_status, phase_at, press_log, send, tables};
use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::appeal::{self, Decided};
use crate::views::brain_ring::words;
use crate::views::brain_ring::words::Rt;
use crate::views::widgets::{self, AMBER, GREEN, GREY, RED};

#[derive(Debug, Default)]
pub struct FightPanelForm {
    /// The host's replies being typed, by fight and appeal.
    pub replies: BTreeMap<(FightId, u32), String>,
}

pub fn fight_panel(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    fight: &RingFightView,
    form: &mut FightPanelForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    let phase = fight.question.as_ref().map(|q| phase_at(q, now));
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&fight.label).size(20.0).strong());
        ui.label(RichText::new(words::stage_number(lang, fight.stage)).color(GREY));
        if fight.closed {
            ui.label(RichText::new(lang.t(Rt::Closed)).color(GREY));
        }
    });
    // The controls come first, so «Читаю вопрос», «Время», «Верно» and
    // «Неверно» stay where the host's mouse is while the status lines
    // below them grow and shrink with the phase.
    controls(ui, state, game, fight, phase.as_ref(), out);
    ui.add_space(6.0);
    tables(ui, lang, fight, phase.as_ref(), None, 20.0);
    hall_status(ui, lang, fight, phase.as_ref(), now, 26.0);
    if let Some(text) = &fight.text {
        ui.add_space(6.0);
        super::question_text(ui, lang, text, 17.0);
    }
    ui.add_space(8.0);
    press_log::press_log(ui, lang, fight);
    appeals(ui, state, game, fight, form, out);
}

fn controls(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    fight: &RingFightView,
    phase: Option<&ButtonPhase>,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let size = 22.0;
    let big = |text: &str| egui::Button::new(RichText::new(text).size(size).strong());
    let in_play = phase.is_some_and(|p| !matches!(p, ButtonPhase::Over { .. }));
    let pending_appeal = fight.appeals.iter().any(|a| a.resolution.is_none());
    let fight_on = matches!(fight.status, FightStatus::InProgress { .. });
    let can_read = !fight.closed && fight_on && !in_play && !pending_appeal;
    let reading = matches!(phase, Some(ButtonPhase::Reading));
    let answering = matches!(phase, Some(ButtonPhase::Answering { .. }));
    let id = fight.id;
    widgets::centred(ui, &format!("ring-controls-{id}"), |ui| {
        ui.horizontal(|ui| {
            if ui.add_enabled(can_read, big(lang.t(Rt::Read))).clicked() {
                send(out, game, RingCommand::Read { fight: id });
            }
            if ui.add_enabled(reading, big(lang.t(Rt::Arm))).clicked() {
                send(out, game, RingCommand::Arm { fight: id });
            }
            // Coloured only while they apply, so the eye finds them.
            let mut correct = big(lang.t(T::Correct));
            let mut wrong = big(lang.t(T::Wrong));
            if answering {
                correct = correct.fill(GREEN);
                wrong = wrong.fill(RED);
            }
            if ui.add_enabled(answering, correct).clicked() {
                send(
                    out,
                    game,
                    RingCommand::Judge {
                        fight: id,
                        correct: true,
                    },
                );
            }
            if ui.add_enabled(answering, wrong).clicked() {
                send(
                    out,
                    game,
                    RingCommand::Judge {
                        fight: id,
                        correct: false,
                    },
                );
            }
        });
    });
    if let Some(ButtonPhase::Contested { gap_us, .. }) = phase {
        ui.vertical_centered(|ui| {
            ui.label(
                RichText::new(words::contested_gap(lang, *gap_us))
                    .size(18.0)
                    .color(AMBER),
            );
        });
        widgets::centred(ui, &format!("ring-decide-{id}"), |ui| {
            ui.horizontal(|ui| {
                for table in 0..2u8 {
                    let name = fight
                        .names
                        .get(usize::from(table))
                        .map(String::as_str)
                        .unwrap_or("");
                    let text = words::decide_for(lang, usize::from(table), name);
                    if ui.add(big(&text)).clicked() {
                        send(out, game, RingCommand::Decide { fight: id, table });
                    }
                }
            });
        });
    }
    if pending_appeal && !fight.closed {
        ui.vertical_centered(|ui| {
            ui.label(RichText::new(lang.t(Rt::AppealsFirst)).color(AMBER));
        });
    }
    let can_close = !fight.closed && !fight_on && !in_play && !pending_appeal;
    if !fight.closed {
        ui.vertical_centered(|ui| {
            if ui
                .add_enabled(
                    can_close,
                    egui::Button::new(RichText::new(lang.t(Rt::CloseFight)).size(18.0)),
                )
                .clicked()
            {
                send(out, game, RingCommand::CloseFight { fight: id });
            }
        });
    }
}

fn appeals(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    fight: &RingFightView,
    form: &mut FightPanelForm,
    out: &mut Vec<UiCommand>,
) {
    if fight.appeals.is_empty() {
        return;
    }
    let lang = state.lang;
    ui.add_space(8.0);
    ui.label(RichText::new(lang.t(Rt::FightAppeals)).strong().size(16.0));
    // Open appeals first: they hold up the next question (4.16).
    let mut ordered: Vec<_> = fight.appeals.iter().collect();
    ordered.sort_by_key(|a| (a.resolution.is_some(), a.id));
    for appeal in ordered {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("№ {}", appeal.id)).strong());
                let team = fight
                    .tables
                    .iter()
                    .position(|t| *t == appeal.team)
                    .and_then(|table| fight.names.get(table))
                    .cloned()
                    .unwrap_or_else(|| format!("#{}", appeal.team));
                ui.label(RichText::new(team).strong());
                ui.label(words::appeal_on(lang, appeal.question));
                ui.label(RichText::new(words::appeal_kind(lang, appeal.kind)).italics());
            });
            ui.label(&appeal.text);
            match &appeal.resolution {
                Some((upheld, reply, _)) => {
                    let decided = Decided {
                        upheld: *upheld,
                        credit: None,
                        reply,
                    };
                    appeal::decision(ui, lang, &decided);
                }
                None => {
                    let reply = form.replies.entry((fight.id, appeal.id)).or_default();
                    ui.add(
                        egui::TextEdit::singleline(reply)
                            .hint_text(lang.t(T::Reply))
                            .desired_width(f32::INFINITY),
                    );
                    ui.horizontal(|ui| {
                        for (upheld, label) in [(true, T::Uphold), (false, T::Reject)] {
                            if ui.button(lang.t(label)).clicked() {
                                send(
                                    out,
                                    game,
                                    RingCommand::ResolveAppeal {
                                        fight: fight.id,
                                        appeal: appeal.id,
                                        upheld,
                                        reply: reply.trim().to_owned(),
                                    },
                                );
                            }
                        }
                    });
                }
            }
        });
    }
}
