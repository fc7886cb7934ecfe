//! The host's Мультиигры panel (6): the current task (number, title, text,
//! the author's answer) with its countdown and the buttons that run it —
//! announce the next task, «Старт» (the sheets are turned over), «Показать
//! ответ» once time is over and every answer is credited; beside it the
//! answers with their credit ([`super::answers`]); below, the programme of
//! tours and tasks ([`super::tasks`]), the appeals as the jury decides them
//! (read-only: 6.5), the standings and «Завершить игру». A judge's page has
//! the crediting alone.

use egui::{RichText, Ui};
use minuta_shared::play::multigames::{
    MultigamesCommand, MultigamesStaffView, StaffTask, TaskId, TaskStatus,
};
use minuta_shared::wire::view::HostView;

use super::{accepting, all_tasks, answers, current, jury, send, tasks};
use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::format::Game;
use crate::views::multigames::words;
use crate::views::widgets::{AMBER, GREEN, GREY};

#[derive(Debug, Default)]
pub struct HostForm {
    /// The task whose answers are shown; `None` follows the current task.
    pub picked: Option<TaskId>,
    pub tasks: tasks::TasksForm,
    pub credits: answers::CreditForm,
    /// «Итоги станут окончательными…» is showing.
    pub finishing: bool,
    /// Replies and credits of appeals the host decides (no jury sitting).
    pub appeals: jury::JuryForm,
}

/// The next task to announce: the first not yet announced after the
/// current one, else the first not yet announced at all.
pub fn next_task(view: &MultigamesStaffView) -> Option<&StaffTask> {
    let waiting = |t: &&StaffTask| t.heading.status == TaskStatus::Waiting && !t.heading.withdrawn;
    let mut after = false;
    let current = view.current;
    all_tasks(view)
        .filter(|t| {
            if Some(t.heading.id) == current {
                after = true;
                return false;
            }
            after || current.is_none()
        })
        .find(waiting)
        .or_else(|| all_tasks(view).find(waiting))
}

pub fn host(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    game: Game<'_>,
    view: &MultigamesStaffView,
    form: &mut HostForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    title(ui, lang, game, view);
    ui.columns(2, |cols| {
        current_task(&mut cols[0], lang, view);
        controls(&mut cols[1], state, game, view, out);
    });
    ui.separator();
    ui.heading(lang.t(T::MgAnswers));
    if let Some(task) = answers::picker(ui, view, &mut form.picked) {
        answers::answers(ui, state, host, game, view, task, &mut form.credits, out);
    }
    ui.separator();
    tasks::programme(
        ui,
        state,
        game,
        view,
        &mut form.tasks,
        &mut form.picked,
        out,
    );
    ui.separator();
    ui.heading(lang.t(T::Appeals));
    // 6.5: the jury decides; while none sits (none came, or the host took
    // the appeals back), the host does, so no tour waits for it.
    let by = if view.appeal_jury {
        T::MgAppealsByJury
    } else {
        T::MgAppealsByHost
    };
    ui.label(RichText::new(lang.t(by)).small().color(GREY));
    if view.appeal_jury {
        jury::appeal_cards(ui, lang, view, |_, _| {});
    } else {
        let appeals = &mut form.appeals;
        jury::appeal_cards(ui, lang, view, |ui, appeal| {
            if appeal.decision.is_none() {
                jury::decide(ui, state, game, view, appeal, appeals, out);
            }
        });
    }
    ui.separator();
    ui.heading(lang.t(T::Standings));
    super::standings(ui, lang, "host", &view.standings, 16.0);
    ui.add_space(8.0);
    finish(ui, lang, game, view, form, out);
}

/// A judge's page: the task picker and the credit controls.
pub fn judge(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    game: Game<'_>,
    view: &MultigamesStaffView,
    form: &mut HostForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    title(ui, lang, game, view);
    match answers::picker(ui, view, &mut form.picked) {
        Some(task) => {
            ui.separator();
            answers::answers(ui, state, host, game, view, task, &mut form.credits, out);
        }
        None => {
            ui.label(lang.t(T::MgNoCurrentTask));
        }
    }
    ui.separator();
    ui.heading(lang.t(T::Standings));
    super::standings(ui, lang, "judge", &view.standings, 14.0);
}

fn title(ui: &mut Ui, lang: Lang, game: Game<'_>, view: &MultigamesStaffView) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(game.name).size(20.0).strong());
        if view.finished {
            ui.label(RichText::new(lang.t(T::MgFinished)).color(GREEN));
        }
    });
}

/// The current task as the host reads it out: number, title, text, the
/// author's answer and comment.
fn current_task(ui: &mut Ui, lang: Lang, view: &MultigamesStaffView) {
    ui.heading(lang.t(T::MgCurrentTask));
    match current(view) {
        None => {
            ui.label(lang.t(T::MgNoCurrentTask));
        }
        Some(task) => {
            super::task_title(ui, lang, &task.heading, 28.0);
            ui.label(RichText::new(words::status(lang, task.heading.status)).color(GREY));
            ui.label(RichText::new(&task.text).size(16.0));
            ui.add_space(6.0);
            ui.label(
                RichText::new(format!("{}: {}", lang.t(T::AuthorAnswer), task.answer)).strong(),
            );
            if !task.comment.is_empty() {
                ui.label(RichText::new(&task.comment).small().color(GREY));
            }
        }
    }
}

/// The countdown and the buttons that run the task.
fn controls(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &MultigamesStaffView,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    let current = current(view);
    if let Some(task) = current {
        super::task_clock(ui, lang, &task.heading, now, 72.0);
        if task.heading.clock.is_some() {
            ui.label(
                RichText::new(words::answers_in(
                    lang,
                    task.answers.len() as u32,
                    (task.answers.len() + task.missing.len()) as u32,
                ))
                .size(20.0),
            );
        }
    }
    if view.finished {
        return;
    }
    let running = current.is_some_and(|t| accepting(&t.heading, now));
    ui.add_space(8.0);
    ui.horizontal_wrapped(|ui| {
        let size = 20.0;
        if let Some(next) = next_task(view) {
            let label = format!("{} ({})", lang.t(T::MgAnnounceNext), next.heading.number);
            if ui
                .add_enabled(!running, egui::Button::new(RichText::new(label).size(size)))
                .clicked()
            {
                out.push(send(
                    game,
                    MultigamesCommand::Announce {
                        task: next.heading.id,
                    },
                ));
            }
        }
        if let Some(task) = current {
            let id = task.heading.id;
            let can_start = task.heading.status == TaskStatus::Announced;
            if ui
                .add_enabled(
                    can_start,
                    egui::Button::new(RichText::new(lang.t(T::MgStart)).size(size).strong()),
                )
                .clicked()
            {
                out.push(send(game, MultigamesCommand::Start { task: id }));
            }
            let played = task.heading.clock.is_some()
                && !running
                && task.heading.status != TaskStatus::Revealed;
            let all_credited = answers::uncredited(task) == 0;
            if ui
                .add_enabled(
                    played && all_credited,
                    egui::Button::new(RichText::new(lang.t(T::Reveal)).size(size)),
                )
                .clicked()
            {
                out.push(send(game, MultigamesCommand::Reveal { task: id }));
            }
            if played && !all_credited {
                ui.label(RichText::new(lang.t(T::MgRevealNeedsCredit)).color(AMBER));
            }
        }
    });
}

fn finish(
    ui: &mut Ui,
    lang: Lang,
    game: Game<'_>,
    view: &MultigamesStaffView,
    form: &mut HostForm,
    out: &mut Vec<UiCommand>,
) {
    if view.finished {
        return;
    }
    if !form.finishing {
        if ui.button(lang.t(T::MgFinish)).clicked() {
            form.finishing = true;
        }
        return;
    }
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(RichText::new(lang.t(T::MgFinishConfirm)).strong());
        ui.horizontal(|ui| {
            if ui.button(lang.t(T::MgFinish)).clicked() {
                out.push(send(game, MultigamesCommand::Finish));
                form.finishing = false;
            }
            if ui.button(lang.t(T::Cancel)).clicked() {
                form.finishing = false;
            }
        });
    });
}
