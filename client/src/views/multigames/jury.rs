//! The appeal jury's desk for a Мультиигры game (6.4–6.5): every appeal,
//! those awaiting a decision first, each with the task's number and title,
//! the team, its answer beside the author's, and the appeal's text;
//! «Удовлетворить» / «Отклонить» with a reply, and for an upheld appeal for
//! the team's answer the credit it now gets (the task's full value when left
//! empty). The host sees the same cards, with the buttons only while no
//! jury sits (6.5: none came, or the host took the appeals back).

use std::collections::BTreeMap;

use egui::{RichText, Ui};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    AppealNo, AppealRow, MultigamesCommand, MultigamesStaffView, StaffTask, TaskAppealKind,
};

use super::{all_tasks, parse_credit, pending, send};
use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::appeal::{self, Decided};
use crate::views::format::Game;
use crate::views::multigames::words;
use crate::views::widgets::{self, AMBER, GREY, RED};

/// Replies and credits typed but not yet sent, by appeal.
#[derive(Debug, Default)]
pub struct JuryForm {
    pub replies: BTreeMap<AppealNo, String>,
    pub points: BTreeMap<AppealNo, String>,
}

pub fn jury(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &MultigamesStaffView,
    form: &mut JuryForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let open = view.appeals.iter().filter(|a| a.decision.is_none()).count();
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(game.name).size(20.0).strong());
        if open > 0 {
            ui.label(RichText::new(words::pending_appeals(lang, open)).color(AMBER));
        }
    });
    appeal_cards(ui, lang, view, |ui, appeal| {
        if appeal.decision.is_none() {
            decide(ui, state, game, view, appeal, form, out);
        }
    });
}

/// Every appeal in its frame, those awaiting a decision first (they hold
/// their tour up, 6.4), with `below` under each card; «Апелляций нет» when
/// there are none.
pub fn appeal_cards(
    ui: &mut Ui,
    lang: Lang,
    view: &MultigamesStaffView,
    mut below: impl FnMut(&mut Ui, &AppealRow),
) {
    if view.appeals.is_empty() {
        ui.label(lang.t(T::NoAppeals));
        return;
    }
    let mut ordered: Vec<&AppealRow> = view.appeals.iter().collect();
    ordered.sort_by_key(|a| (a.decision.is_some(), a.id));
    for appeal in ordered {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            appeal_card(ui, lang, view, appeal);
            below(ui, appeal);
        });
    }
}

fn task_of<'a>(view: &'a MultigamesStaffView, appeal: &AppealRow) -> Option<&'a StaffTask> {
    all_tasks(view).find(|t| t.heading.id == appeal.task)
}

/// One appeal as the jury weighs it, and its decision once taken.
fn appeal_card(ui: &mut Ui, lang: Lang, view: &MultigamesStaffView, appeal: &AppealRow) {
    let task = task_of(view, appeal);
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(words::appeal_title(lang, appeal.id, &appeal.number)).strong());
        if let Some(task) = task {
            ui.label(RichText::new(&task.heading.title).strong());
        }
        ui.label(RichText::new(&appeal.name).strong());
        ui.label(RichText::new(words::appeal_kind(lang, appeal.kind)).italics());
    });
    egui::Grid::new(("multigames-appeal", appeal.id.0))
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            if let Some(answer) = &appeal.answer {
                ui.label(RichText::new(lang.t(T::MgTeamAnswer)).color(GREY));
                ui.label(RichText::new(widgets::quoted(answer)).strong());
                ui.end_row();
            }
            if let Some(task) = task {
                ui.label(RichText::new(lang.t(T::ColAuthorAnswer)).color(GREY));
                ui.label(&task.answer);
                ui.end_row();
                if !task.comment.is_empty() {
                    ui.label(RichText::new(lang.t(T::Comment)).color(GREY));
                    ui.label(RichText::new(&task.comment).small());
                    ui.end_row();
                }
            }
        });
    if !appeal.text.is_empty() {
        ui.label(RichText::new(widgets::quoted(&appeal.text)).italics());
    }
    match &appeal.decision {
        None => {
            ui.label(RichText::new(lang.t(T::AppealOpen)).color(AMBER));
        }
        Some(decision) => {
            let decided = Decided {
                upheld: decision.upheld,
                credit: decision.points.map(|p| words::credited_on_appeal(lang, p)),
                reply: &decision.reply,
            };
            appeal::decision(ui, lang, &decided);
            if decision.by_host {
                ui.label(
                    RichText::new(lang.t(T::MgDecidedByHost))
                        .small()
                        .color(GREY),
                );
            }
        }
    }
}

pub(super) fn decide(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &MultigamesStaffView,
    appeal: &AppealRow,
    form: &mut JuryForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let sending = pending(state, game)
        .any(|c| matches!(c, MultigamesCommand::DecideAppeal { appeal: a, .. } if *a == appeal.id));
    if sending {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(lang.t(T::Sending));
        });
        return;
    }
    let reply = form.replies.entry(appeal.id).or_default();
    ui.add(
        egui::TextEdit::singleline(reply)
            .hint_text(lang.t(T::MgJuryReply))
            .desired_width(480.0),
    );
    // An upheld appeal for the team's answer gives it credit (6.5).
    let max = task_of(view, appeal).map(|t| t.heading.points);
    let mut points: Result<Option<Credit>, ()> = Ok(None);
    if appeal.kind == TaskAppealKind::AcceptMyAnswer
        && let Some(max) = max
    {
        let typed = form.points.entry(appeal.id).or_default();
        ui.horizontal(|ui| {
            ui.label(lang.t(T::MgColCredit));
            ui.add(
                egui::TextEdit::singleline(typed)
                    .hint_text(words::jury_points_hint(lang, max))
                    .desired_width(280.0),
            );
        });
        if !typed.trim().is_empty() {
            points = parse_credit(typed)
                .filter(|p| !p.is_negative() && *p <= max)
                .map(Some)
                .ok_or(());
            if points.is_err() {
                ui.label(RichText::new(words::credit_range(lang, max)).color(RED));
            }
        }
    }
    let reply = reply.trim().to_owned();
    ui.horizontal(|ui| {
        if ui
            .add_enabled(points.is_ok(), egui::Button::new(lang.t(T::MgUphold)))
            .clicked()
            && let Ok(points) = points
        {
            out.push(send(
                game,
                MultigamesCommand::DecideAppeal {
                    appeal: appeal.id,
                    upheld: true,
                    points,
                    reply: reply.clone(),
                },
            ));
        }
        if ui.button(lang.t(T::Reject)).clicked() {
            out.push(send(
                game,
                MultigamesCommand::DecideAppeal {
                    appeal: appeal.id,
                    upheld: false,
                    points: None,
                    reply: reply.clone(),
                },
            ));
        }
    });
}
