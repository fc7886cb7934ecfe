//! Crediting a task's answers (6: «правильно, или частично правильно»), for
//! the host and the judges alike: the author's answer and comment beside
//! every answer handed in on time, in arrival order so rows never move under
//! the pointer, each with «Зачёт», «Частично», «Незачёт» and a field for any
//! other credit; late answers listed apart, never creditable; the teams with
//! no answer. A row of task numbers picks the task (unscored counts in
//! amber).

use std::collections::BTreeMap;

use egui::{RichText, Ui};
use minuta_shared::ids::TeamId;
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    Awarder, MultigamesCommand, MultigamesStaffView, StaffAnswer, StaffTask, TaskId, TaskStatus,
};
use minuta_shared::time::stopwatch;
use minuta_shared::wire::view::HostView;

use super::{all_tasks, current, half, parse_credit, send};
use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::format::Game;
use crate::views::multigames::words;
use crate::views::team_names::{late_answer, missing_teams};
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

/// Credits typed but not yet sent, by task and team.
#[derive(Debug, Default)]
pub struct CreditForm {
    pub typed: BTreeMap<(TaskId, TeamId), String>,
}

/// Answers handed in on time and not yet credited.
pub fn uncredited(task: &StaffTask) -> usize {
    task.answers
        .iter()
        .filter(|a| !a.late && a.points.is_none())
        .count()
}

/// Whether the task's tour is over: a later tour has begun or the game is
/// finished. Then only the jury changes a result (6.4–6.5).
pub fn tour_over(view: &MultigamesStaffView, task: &StaffTask) -> bool {
    view.finished
        || all_tasks(view)
            .any(|t| t.heading.tour > task.heading.tour && t.heading.status != TaskStatus::Waiting)
}

/// The row of started tasks' numbers; returns the task shown: the picked
/// one, else the current one once started, else the latest started.
pub fn picker<'a>(
    ui: &mut Ui,
    view: &'a MultigamesStaffView,
    picked: &mut Option<TaskId>,
) -> Option<&'a StaffTask> {
    let started: Vec<&StaffTask> = all_tasks(view)
        .filter(|t| t.heading.clock.is_some())
        .collect();
    let shown = picked
        .and_then(|id| started.iter().find(|t| t.heading.id == id))
        .or_else(|| {
            current(view).and_then(|c| started.iter().find(|t| t.heading.id == c.heading.id))
        })
        .or_else(|| started.last())
        .copied();
    if started.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            for task in &started {
                let open = uncredited(task);
                let mut label = RichText::new(&task.heading.number).size(16.0);
                if open > 0 {
                    label = RichText::new(format!("{} ({open})", task.heading.number))
                        .size(16.0)
                        .color(AMBER);
                }
                let chosen = shown.is_some_and(|s| s.heading.id == task.heading.id);
                if ui.selectable_label(chosen, label).clicked() {
                    *picked = Some(task.heading.id);
                }
            }
        });
    }
    shown
}

#[allow(clippy::too_many_arguments)]
pub fn answers(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    game: Game<'_>,
    view: &MultigamesStaffView,
    task: &StaffTask,
    form: &mut CreditForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let heading = &task.heading;
    ui.label(
        RichText::new(words::task_heading(lang, &heading.number, &heading.title))
            .size(20.0)
            .strong(),
    );
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(RichText::new(format!("{}: {}", lang.t(T::AuthorAnswer), task.answer)).strong());
        if !task.comment.is_empty() {
            ui.label(RichText::new(&task.comment).small().color(GREY));
        }
        ui.label(words::points(lang, heading.points));
    });
    ui.label(
        RichText::new(words::answers_in(
            lang,
            task.answers.len() as u32,
            host.teams.len() as u32,
        ))
        .size(18.0),
    );
    let creditable = !heading.withdrawn && !tour_over(view, task);
    if heading.withdrawn {
        ui.label(RichText::new(lang.t(T::MgWithdrawn)).color(RED));
    }
    egui::Grid::new(("multigames-credit", heading.id.0))
        .striped(true)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            for answer in task.answers.iter().filter(|a| !a.late) {
                answer_row(ui, lang, host, game, task, answer, creditable, form, out);
                ui.end_row();
            }
        });
    let late: Vec<&StaffAnswer> = task.answers.iter().filter(|a| a.late).collect();
    if !late.is_empty() {
        ui.label(RichText::new(lang.t(T::MgLateAnswers)).color(RED).strong());
        for answer in late {
            late_answer(ui, &answer.name, &answer.text, answer.since_start_ms);
        }
    }
    missing_teams(ui, lang, host, &task.missing);
}

#[allow(clippy::too_many_arguments)]
fn answer_row(
    ui: &mut Ui,
    lang: Lang,
    host: &HostView,
    game: Game<'_>,
    task: &StaffTask,
    answer: &StaffAnswer,
    creditable: bool,
    form: &mut CreditForm,
    out: &mut Vec<UiCommand>,
) {
    let heading = &task.heading;
    let max = heading.points;
    ui.vertical(|ui| {
        ui.set_min_width(260.0);
        ui.label(RichText::new(&answer.text).size(16.0).strong());
        ui.label(
            RichText::new(format!(
                "{} · {}",
                answer.name,
                stopwatch(std::time::Duration::from_millis(answer.since_start_ms))
            ))
            .small()
            .color(GREY),
        );
    });
    match (answer.points, &answer.by) {
        (Some(points), by) => {
            let colour = if points >= max {
                GREEN
            } else if points <= Credit::ZERO {
                RED
            } else {
                AMBER
            };
            let by = by.as_ref().map(|by| {
                let judge = match by {
                    Awarder::Judge(id) => host
                        .judges
                        .iter()
                        .find(|j| j.id == *id)
                        .map(|j| j.name.as_str()),
                    _ => None,
                };
                words::awarder(lang, by, judge)
            });
            ui.vertical(|ui| {
                ui.label(
                    RichText::new(words::credit_of(lang, points, max))
                        .color(colour)
                        .strong(),
                );
                if let Some(by) = by {
                    ui.label(RichText::new(by).small().color(GREY));
                }
            });
        }
        (None, _) => {
            ui.label(RichText::new(lang.t(T::MgNotCredited)).color(AMBER));
        }
    }
    if !creditable {
        return;
    }
    let award = |points: Credit| {
        send(
            game,
            MultigamesCommand::Award {
                task: heading.id,
                team: answer.team,
                points,
            },
        )
    };
    ui.horizontal(|ui| {
        let mut choices = vec![(max, words::full_credit(lang, max))];
        if let Some(half) = half(max) {
            choices.push((half, words::partial_credit(lang, half)));
        }
        choices.push((Credit::ZERO, lang.t(T::MgNoCredit).to_owned()));
        for (points, label) in choices {
            let chosen = answer.points == Some(points);
            if ui.selectable_label(chosen, label).clicked() && !chosen {
                out.push(award(points));
            }
        }
        let typed = form.typed.entry((heading.id, answer.team)).or_default();
        ui.add(
            egui::TextEdit::singleline(typed)
                .hint_text("0.75")
                .desired_width(56.0),
        );
        let parsed = parse_credit(typed).filter(|p| !p.is_negative() && *p <= max);
        let bad = !typed.trim().is_empty() && parsed.is_none();
        if ui
            .add_enabled(parsed.is_some(), egui::Button::new(lang.t(T::MgAward)))
            .clicked()
            && let Some(points) = parsed
        {
            out.push(award(points));
            typed.clear();
        }
        if bad {
            ui.label(RichText::new(words::credit_range(lang, max)).color(RED));
        }
    });
}
