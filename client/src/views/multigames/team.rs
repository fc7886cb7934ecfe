//! A team's Мультиигры screen (6): the current task's number, title,
//! points and time; before the host's start «задание ещё не начато» with
//! the sheet face down; after it the text, the countdown and its grace, and
//! the answer card (confirmed before it goes, final once accepted, like the
//! ChGK card); the receipt with its stopwatch time or «опоздание»; after the
//! reveal the author's answer and the team's own credit; the team's answers,
//! its appeals (6.4) with the jury's decisions, and the hall's standings.
//! Issue 39: the answer and an appeal being written are kept past a reload
//! until the server takes them.

use egui::{RichText, Ui};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameCommand, GameError, GameReceipt, PlayError};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    MultigamesCommand, MultigamesPlayError, MultigamesReceipt, MultigamesTeamView, TaskAppealKind,
    TaskId, TaskStatus, TeamAnswer, TeamTask,
};
use minuta_shared::wire::server::CommandError;

use super::{pending, send};
use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::answer_card::{self, Draft};
use crate::views::appeal::{self, Decided, Own, Written};
use crate::views::format::Game;
use crate::views::kept::{self, Kept};
use crate::views::multigames::words;
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

#[derive(Debug, Default)]
pub struct TeamForm {
    /// The answer being written for the current task.
    pub card: Draft<TaskId>,
    pub appeal: Option<AppealDraft>,
    /// Issue 39: the kept drafts were looked through for an appeal a
    /// reload interrupted.
    pub appeals_looked: bool,
}

/// An appeal being written (6.4).
#[derive(Debug)]
pub struct AppealDraft {
    pub task: TaskId,
    pub kind: TaskAppealKind,
    pub text: String,
    /// Issue 39: its draft.
    pub kept: Kept,
}

/// Issue 39: the key of the answer's draft for `task`.
fn answer_key(game: Game<'_>, task: TaskId) -> String {
    kept::draft_key(game.id, format_args!("t{}", task.0))
}

/// Issue 39: the key of the draft of an appeal on `task`.
fn appeal_key(game: Game<'_>, task: TaskId) -> String {
    kept::draft_key(game.id, format_args!("appeal-t{}", task.0))
}

/// The team's answer as the server took it.
struct Receipt {
    text: Option<String>,
    since_start_ms: u64,
    late: bool,
}

pub fn team(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &MultigamesTeamView,
    form: &mut TeamForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    form.card
        .follow(view.current.as_ref().map(|t| t.heading.id));
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(game.name).size(18.0).color(GREY));
        match &view.current {
            None => {
                ui.label(RichText::new(lang.t(T::MgNoTask)).size(22.0));
            }
            Some(task) => current_task(ui, state, game, view, task, form, out),
        }
    });
    ui.add_space(16.0);
    our_answers(ui, state, view, form, out, game);
    appeals(ui, lang, view);
    ui.separator();
    ui.heading(lang.t(T::Standings));
    super::standings(ui, lang, "team", &view.standings, 14.0);
}

fn current_task(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &MultigamesTeamView,
    task: &TeamTask,
    form: &mut TeamForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    let heading = &task.heading;
    super::task_title(ui, lang, heading, 44.0);
    ui.add_space(8.0);
    let Some(text) = &task.text else {
        // 6: the sheet lies face down until the host's command.
        ui.label(
            RichText::new(lang.t(T::MgNotStarted))
                .size(30.0)
                .strong()
                .color(AMBER),
        );
        super::task_clock(ui, lang, heading, now, 72.0);
        ui.label(RichText::new(lang.t(T::MgTextHidden)).color(GREY));
        return;
    };
    let width = ui.available_width().min(800.0);
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_max_width(width);
        ui.label(RichText::new(text).size(20.0));
    });
    ui.add_space(8.0);
    if heading.status != TaskStatus::Revealed {
        super::task_clock(ui, lang, heading, now, 88.0);
        ui.add_space(8.0);
    }
    let answer = view.answers.iter().find(|a| a.task == heading.id);
    card(ui, state, game, task, answer, form, out);
    if let Some(reveal) = answer.and_then(|a| a.reveal.as_ref()) {
        ui.add_space(8.0);
        ui.label(
            RichText::new(format!("{}: {}", lang.t(T::ColAuthorAnswer), reveal.answer))
                .size(22.0)
                .strong(),
        );
        if !reveal.comment.is_empty() {
            ui.label(RichText::new(&reveal.comment).color(GREY));
        }
        if let Some(answer) = answer {
            let (text, colour) = credit(lang, answer);
            ui.label(RichText::new(text).size(26.0).strong().color(colour));
        }
    }
}

/// The receipt of this team's answer: the view's, or the Ack's when it
/// came before the view.
fn receipt(
    state: &AppState,
    game: Game<'_>,
    task: TaskId,
    answer: Option<&TeamAnswer>,
) -> Option<Receipt> {
    if let Some(a) = answer {
        return Some(Receipt {
            text: Some(a.text.clone()),
            since_start_ms: a.since_start_ms,
            late: a.late,
        });
    }
    match last_answer_ack(state, game, task)? {
        Ok(GameReceipt::Multigames(MultigamesReceipt::Answer {
            since_start_ms,
            late,
            ..
        })) => Some(Receipt {
            text: None,
            since_start_ms: *since_start_ms,
            late: *late,
        }),
        _ => None,
    }
}

/// The server's latest answer to this terminal's answer for `task`.
fn last_answer_ack<'a>(
    state: &'a AppState,
    game: Game<'_>,
    task: TaskId,
) -> Option<&'a Result<GameReceipt, CommandError>> {
    state
        .game_acks
        .iter()
        .rev()
        .find(|a| {
            a.game == game.id
                && matches!(
                    &a.command,
                    GameCommand::Multigames(MultigamesCommand::Answer { task: t, .. }) if *t == task
                )
        })
        .map(|a| &a.result)
}

fn card(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    task: &TeamTask,
    answer: Option<&TeamAnswer>,
    form: &mut TeamForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    let heading = &task.heading;
    let id = heading.id;
    let key = answer_key(game, id);
    if let Some(receipt) = receipt(state, game, id, answer) {
        // Issue 39: the answer is the server's now; its draft has done its job.
        kept::forget(state, &key, out);
        // This terminal's answer came second: say why it is not the one shown.
        if let Some(Err(
            error @ CommandError::Play(PlayError::Game(GameError::Multigames(
                MultigamesPlayError::AlreadyAnswered,
            ))),
        )) = last_answer_ack(state, game, id)
        {
            answer_card::refusal(ui, lang, error);
        }
        let text = receipt.text.unwrap_or_else(|| form.card.text.clone());
        let (ms, late) = (receipt.since_start_ms, receipt.late);
        answer_card::received(ui, lang, &text, ms, late, T::MgAnswerLocked);
        return;
    }
    let in_flight = pending(state, game)
        .any(|c| matches!(c, MultigamesCommand::Answer { task, .. } if *task == id));
    if in_flight {
        answer_card::sending(ui, lang, &form.card.text);
        return;
    }
    if heading.withdrawn || heading.status == TaskStatus::Revealed {
        return;
    }
    let late = super::phase(heading, now) == Phase::Over;
    let refused = match last_answer_ack(state, game, id) {
        Some(Err(error)) => Some(error),
        _ => None,
    };
    let card = &mut form.card;
    card.restore(state.drafts.get(&key));
    let written = answer_card::write(ui, lang, "multigames-confirm", card, late, refused);
    if let Some(text) = card.changed() {
        out.push(UiCommand::KeepDraft { key, text });
    }
    if let Some(text) = written {
        out.push(send(game, MultigamesCommand::Answer { task: id, text }));
    }
}

/// The team's credit for an answer, in words and colour.
fn credit(lang: Lang, answer: &TeamAnswer) -> (String, egui::Color32) {
    if answer.late {
        return (lang.t(T::VerdictLate).into(), RED);
    }
    match &answer.reveal {
        None => (lang.t(T::VerdictPending).into(), GREY),
        Some(r) if r.withdrawn => (lang.t(T::MgWithdrawn).into(), GREY),
        Some(r) => {
            let got = r.points.unwrap_or_default();
            let colour = if got >= r.max {
                GREEN
            } else if got <= Credit::ZERO {
                RED
            } else {
                AMBER
            };
            (words::credit_of(lang, got, r.max), colour)
        }
    }
}

fn may_appeal(view: &MultigamesTeamView, task: TaskId) -> bool {
    view.appeals_allowed && view.appealable.contains(&task)
}

/// Whether the team may appeal for its answer to be accepted (6.4): only
/// an answer handed in on time, without full credit.
fn may_claim(answer: &TeamAnswer) -> bool {
    !answer.late
        && answer
            .reveal
            .as_ref()
            .is_some_and(|r| r.points.unwrap_or_default() < r.max)
}

fn our_answers(
    ui: &mut Ui,
    state: &AppState,
    view: &MultigamesTeamView,
    form: &mut TeamForm,
    out: &mut Vec<UiCommand>,
    game: Game<'_>,
) {
    let unanswered: Vec<TaskId> = view
        .appealable
        .iter()
        .copied()
        .filter(|t| may_appeal(view, *t) && !view.answers.iter().any(|a| a.task == *t))
        .collect();
    let lang = state.lang;
    if view.answers.is_empty() && unanswered.is_empty() {
        return;
    }
    ui.separator();
    ui.heading(lang.t(T::PastAnswers));
    // The appeal form opens above the list, where the person looks.
    appeal_form(ui, state, view, form, out, game);
    let heads = [
        T::ColNumber,
        T::MgColTask,
        T::ColAnswer,
        T::ColReceived,
        T::MgColCredit,
        T::ColAuthorAnswer,
    ];
    let id = "multigames-answers";
    answer_card::past(ui, lang, id, &heads, &view.answers, |ui, answer| {
        answer_row(ui, lang, view, answer, form)
    });
    // 6.4: a task may be appealed as incorrect without an answer to it.
    ui.horizontal_wrapped(|ui| {
        for task in unanswered {
            let label = format!("{}: {}", lang.t(T::Appeal), number_of(view, task));
            if ui.small_button(label).clicked() {
                form.appeal = Some(AppealDraft {
                    task,
                    kind: TaskAppealKind::TaskIncorrect,
                    text: String::new(),
                    kept: Kept::default(),
                });
            }
        }
    });
}

fn answer_row(
    ui: &mut Ui,
    lang: Lang,
    view: &MultigamesTeamView,
    answer: &TeamAnswer,
    form: &mut TeamForm,
) {
    ui.label(&answer.number);
    ui.label(&answer.title);
    ui.label(&answer.text);
    answer_card::received_cell(ui, lang, answer.since_start_ms, answer.late);
    let (text, colour) = credit(lang, answer);
    ui.label(RichText::new(text).color(colour).strong());
    match &answer.reveal {
        None => {
            ui.label("");
        }
        Some(reveal) => {
            ui.vertical(|ui| {
                ui.set_min_width(ui.available_width().min(240.0));
                ui.label(RichText::new(&reveal.answer).strong());
                if !reveal.comment.is_empty() {
                    ui.label(RichText::new(&reveal.comment).small().color(GREY));
                }
            });
        }
    }
    if may_appeal(view, answer.task)
        && crate::views::widgets::touch_button(ui, lang.t(T::Appeal)).clicked()
    {
        form.appeal = Some(AppealDraft {
            task: answer.task,
            kind: if may_claim(answer) {
                TaskAppealKind::AcceptMyAnswer
            } else {
                TaskAppealKind::TaskIncorrect
            },
            text: String::new(),
            kept: Kept::default(),
        });
    }
}

/// A task's number as the hall knows it, from what the team has seen.
fn number_of(view: &MultigamesTeamView, task: TaskId) -> String {
    view.answers
        .iter()
        .find(|a| a.task == task)
        .map(|a| a.number.clone())
        .or_else(|| {
            view.current
                .as_ref()
                .filter(|t| t.heading.id == task)
                .map(|t| t.heading.number.clone())
        })
        .unwrap_or_else(|| format!("#{task}"))
}

fn appeal_form(
    ui: &mut Ui,
    state: &AppState,
    view: &MultigamesTeamView,
    form: &mut TeamForm,
    out: &mut Vec<UiCommand>,
    game: Game<'_>,
) {
    let lang = state.lang;
    // Issue 39: an appeal the server lists leaves no draft behind (unless
    // a second one on its task is being written).
    for filed in &view.appeals {
        if form.appeal.as_ref().is_none_or(|a| a.task != filed.task) {
            let key = appeal_key(game, filed.task);
            appeal::forget_filed(state, &key, filed.kind, out);
        }
    }
    if !form.appeals_looked {
        form.appeals_looked = true;
        if form.appeal.is_none() {
            form.appeal = reopened(state, game, view);
        }
    }
    let Some(appeal) = &mut form.appeal else {
        return;
    };
    let key = appeal_key(game, appeal.task);
    if !may_appeal(view, appeal.task) {
        // The next tour began (6.4) or the game is over: the appeal can
        // no longer be filed, nor its draft.
        kept::forget(state, &key, out);
        form.appeal = None;
        return;
    }
    appeal::restore(
        &mut appeal.kept,
        state,
        &key,
        &mut appeal.kind,
        &mut appeal.text,
    );
    let for_answer = view
        .answers
        .iter()
        .any(|a| a.task == appeal.task && may_claim(a));
    if !for_answer {
        appeal.kind = TaskAppealKind::TaskIncorrect;
    }
    let written = egui::Frame::group(ui.style()).show(ui, |ui| {
        let number = number_of(view, appeal.task);
        ui.label(
            RichText::new(format!(
                "{} — {}",
                lang.t(T::Appeal),
                words::task_heading(lang, &number, "")
            ))
            .strong(),
        );
        // Wrapped: on a phone the second choice goes under the first.
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(
                &mut appeal.kind,
                TaskAppealKind::TaskIncorrect,
                words::appeal_kind(lang, TaskAppealKind::TaskIncorrect),
            );
            if for_answer {
                ui.radio_value(
                    &mut appeal.kind,
                    TaskAppealKind::AcceptMyAnswer,
                    words::appeal_kind(lang, TaskAppealKind::AcceptMyAnswer),
                );
            }
        });
        ui.label(RichText::new(lang.t(T::MgAppealHint)).small().color(GREY));
        appeal::write(ui, lang, &mut appeal.text, false).1
    });
    appeal::keep(&mut appeal.kept, appeal.kind, &appeal.text, out);
    let Some(written) = written.inner else {
        return;
    };
    match written {
        // The draft stays until the server lists the appeal: a reload
        // before that gives it back.
        Written::Filed(text) => {
            let (task, kind) = (appeal.task, appeal.kind);
            out.push(send(game, MultigamesCommand::Appeal { task, kind, text }));
        }
        Written::Cancelled => appeal.kept.keep("", out),
    }
    form.appeal = None;
}

/// Issue 39: the appeal a reload interrupted: the first task still open
/// to appeal with a kept appeal the server does not list yet.
fn reopened(state: &AppState, game: Game<'_>, view: &MultigamesTeamView) -> Option<AppealDraft> {
    view.appealable
        .iter()
        .filter(|task| may_appeal(view, **task))
        .find_map(|&task| {
            let (kind, text) = appeal::draft(state, &appeal_key(game, task))?;
            let filed = view
                .appeals
                .iter()
                .any(|a| a.task == task && a.kind == kind);
            (!filed).then(|| AppealDraft {
                task,
                kind,
                text,
                kept: Kept::default(),
            })
        })
}

/// The team's own appeals with the jury's decisions (6.5).
fn appeals(ui: &mut Ui, lang: Lang, view: &MultigamesTeamView) {
    let own: Vec<Own<'_>> = view
        .appeals
        .iter()
        .map(|a| Own {
            title: words::appeal_title(lang, a.id, &a.number),
            kind: words::appeal_kind(lang, a.kind),
            text: &a.text,
            decided: a.decision.as_ref().map(|d| Decided {
                upheld: d.upheld,
                credit: d.points.map(|p| words::credited_on_appeal(lang, p)),
                reply: &d.reply,
            }),
        })
        .collect();
    appeal::own(ui, lang, &own);
}
