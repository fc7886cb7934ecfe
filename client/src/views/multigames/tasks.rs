//! The programme of a Мультиигры game as the host prepares and plays it:
//! tours (6.2: at most six) and their tasks with points, time and status,
//! «Объявить» beside each task not yet played, «Ответы» to credit a played
//! one; the forms for a new tour and a new task (title, text, the author's
//! answer, a comment, points as a decimal, time in seconds).

use egui::{RichText, Ui};
use minuta_shared::play::multigames::rules::{Credit, TOURS};
use minuta_shared::play::multigames::{
    MAX_TASK_SECONDS, MultigamesCommand, MultigamesStaffView, StaffTask, TaskDraft, TaskId,
    TaskStatus, TourNo,
};
use minuta_shared::time::countdown;

use super::answers::{tour_over, uncredited};
use super::{accepting, current, parse_credit, send};
use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::format::Game;
use crate::views::multigames::words;
use crate::views::widgets::{AMBER, GREY, RED};

/// The new tour's and the new task's fields, as typed.
#[derive(Debug, Default)]
pub struct TasksForm {
    pub tour_title: String,
    /// The tour a new task goes to; `None`: the last open one.
    pub tour: Option<TourNo>,
    pub title: String,
    pub text: String,
    pub answer: String,
    pub comment: String,
    pub points: String,
    pub seconds: String,
}

/// The task's time as typed, in whole seconds within the rules' bounds.
fn parse_seconds(text: &str) -> Option<u32> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|s| (1..=MAX_TASK_SECONDS).contains(s))
}

/// The task's points as typed: a decimal above zero.
fn parse_points(text: &str) -> Option<Credit> {
    parse_credit(text).filter(|p| *p > Credit::ZERO)
}

pub fn programme(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &MultigamesStaffView,
    form: &mut TasksForm,
    picked: &mut Option<TaskId>,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    ui.heading(lang.t(T::Tours));
    if view.tours.is_empty() {
        ui.label(lang.t(T::MgNoTours));
    }
    let running = current(view).is_some_and(|t| accepting(&t.heading, now));
    for tour in &view.tours {
        ui.label(
            RichText::new(words::tour_title(lang, tour.tour, &tour.title))
                .size(17.0)
                .strong(),
        );
        if tour.tasks.is_empty() {
            continue;
        }
        egui::Grid::new(("multigames-tour", game.id.0, tour.tour.0))
            .striped(true)
            .spacing([12.0, 4.0])
            .show(ui, |ui| {
                for task in &tour.tasks {
                    task_row(ui, state, game, view, task, running, picked, out);
                    ui.end_row();
                }
            });
    }
    if view.finished {
        return;
    }
    ui.add_space(8.0);
    if view.tours.len() < TOURS {
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut form.tour_title)
                    .hint_text(lang.t(T::MgTourTitle))
                    .desired_width(260.0),
            );
            let ready = !form.tour_title.trim().is_empty();
            if ui
                .add_enabled(ready, egui::Button::new(lang.t(T::MgAddTour)))
                .clicked()
            {
                out.push(send(
                    game,
                    MultigamesCommand::AddTour {
                        title: form.tour_title.trim().to_owned(),
                    },
                ));
                form.tour_title.clear();
            }
        });
    } else {
        ui.label(RichText::new(lang.t(T::MgToursFull)).color(GREY));
    }
    new_task(ui, state, game, view, form, out);
}

#[allow(clippy::too_many_arguments)]
fn task_row(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &MultigamesStaffView,
    task: &StaffTask,
    running: bool,
    picked: &mut Option<TaskId>,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let heading = &task.heading;
    ui.label(RichText::new(&heading.number).strong());
    ui.label(&heading.title);
    ui.label(words::points(lang, heading.points));
    ui.label(countdown(std::time::Duration::from_secs(u64::from(
        heading.seconds,
    ))));
    let status = if heading.withdrawn {
        RichText::new(lang.t(T::MgWithdrawn)).color(RED)
    } else {
        RichText::new(words::status(lang, heading.status)).color(GREY)
    };
    ui.label(status);
    ui.horizontal(|ui| {
        let playable = heading.status == TaskStatus::Waiting
            && !heading.withdrawn
            && !view.finished
            && !tour_over(view, task);
        if playable
            && ui
                .add_enabled(!running, egui::Button::new(lang.t(T::Announce)))
                .clicked()
        {
            out.push(send(game, MultigamesCommand::Announce { task: heading.id }));
        }
        if heading.clock.is_some() {
            let open = uncredited(task);
            let label = if open > 0 {
                RichText::new(format!("{} ({open})", lang.t(T::MgAnswers))).color(AMBER)
            } else {
                RichText::new(lang.t(T::MgAnswers))
            };
            if ui.small_button(label).clicked() {
                *picked = Some(heading.id);
            }
        }
    });
}

fn new_task(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &MultigamesStaffView,
    form: &mut TasksForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    // Tasks go to tours not yet over (6.4: a later tour has begun).
    let open: Vec<(TourNo, &str)> = view
        .tours
        .iter()
        .filter(|t| {
            !view.tours.iter().any(|later| {
                later.tour > t.tour
                    && later
                        .tasks
                        .iter()
                        .any(|task| task.heading.status != TaskStatus::Waiting)
            })
        })
        .map(|t| (t.tour, t.title.as_str()))
        .collect();
    let Some(last) = open.last().map(|(t, _)| *t) else {
        return;
    };
    let tour = form
        .tour
        .filter(|t| open.iter().any(|(o, _)| o == t))
        .unwrap_or(last);
    egui::CollapsingHeader::new(lang.t(T::MgNewTask))
        .id_salt(("multigames-new-task", game.id.0))
        .default_open(true)
        .show(ui, |ui| {
            let shown = open
                .iter()
                .find(|(t, _)| *t == tour)
                .map(|(t, title)| words::tour_title(lang, *t, title))
                .unwrap_or_default();
            egui::ComboBox::new(("multigames-task-tour", game.id.0), lang.t(T::Tour))
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for (t, title) in &open {
                        ui.selectable_value(
                            &mut form.tour,
                            Some(*t),
                            words::tour_title(lang, *t, title),
                        );
                    }
                });
            let line = |ui: &mut Ui, text: &mut String, hint: T| {
                ui.add(
                    egui::TextEdit::singleline(text)
                        .hint_text(lang.t(hint))
                        .desired_width(520.0),
                );
            };
            line(ui, &mut form.title, T::MgTaskTitle);
            ui.add(
                egui::TextEdit::multiline(&mut form.text)
                    .hint_text(lang.t(T::MgTaskText))
                    .desired_rows(4)
                    .desired_width(520.0),
            );
            line(ui, &mut form.answer, T::AuthorAnswer);
            line(ui, &mut form.comment, T::Comment);
            let points = parse_points(&form.points);
            let seconds = parse_seconds(&form.seconds);
            ui.horizontal(|ui| {
                ui.label(lang.t(T::MgTaskPoints));
                ui.add(
                    egui::TextEdit::singleline(&mut form.points)
                        .hint_text("3")
                        .desired_width(60.0),
                );
                if points.is_none() && !form.points.trim().is_empty() {
                    ui.label(RichText::new(lang.t(T::MgPointsHint)).color(RED));
                }
            });
            ui.horizontal(|ui| {
                ui.label(lang.t(T::MgTaskSeconds));
                ui.add(
                    egui::TextEdit::singleline(&mut form.seconds)
                        .hint_text("120")
                        .desired_width(60.0),
                );
                if seconds.is_none() && !form.seconds.trim().is_empty() {
                    ui.label(RichText::new(lang.t(T::MgSecondsHint)).color(RED));
                }
            });
            let draft = match (points, seconds) {
                (Some(points), Some(seconds)) if !form.title.trim().is_empty() => Some(TaskDraft {
                    title: form.title.trim().to_owned(),
                    text: form.text.trim().to_owned(),
                    answer: form.answer.trim().to_owned(),
                    comment: form.comment.trim().to_owned(),
                    points,
                    seconds,
                }),
                _ => None,
            };
            if ui
                .add_enabled(draft.is_some(), egui::Button::new(lang.t(T::MgAddTask)))
                .clicked()
                && let Some(task) = draft
            {
                out.push(send(game, MultigamesCommand::AddTask { tour, task }));
                // Points and time often repeat from task to task: they stay.
                form.title.clear();
                form.text.clear();
                form.answer.clear();
                form.comment.clear();
            }
        });
}
