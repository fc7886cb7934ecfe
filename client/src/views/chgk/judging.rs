//! Judging: per played question of the open tours (picked from a row of
//! numbers, unjudged counts in amber), the author's answer and the
//! зачёт/незачёт criteria beside the groups of equal answers; one click
//! marks a whole group. Late cards are listed apart (never scored), then
//! the teams with no card, then the log of every judgement.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::Verdict;
use minuta_shared::play::chgk::view::{AnswerGroup, QuestionJudging};
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView, Judger};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use crate::i18n::{self, Lang, T};
use crate::state::UiCommand;
use crate::views::long_list;
use crate::views::question;
use crate::views::team_names::{late_answer, missing_teams, team_name, team_names};
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

/// Which question the judge looks at. `None` follows the game: the newest
/// question, so a judge who never picks sees each question as it comes.
#[derive(Debug, Default)]
pub struct JudgingForm {
    pub picked: Option<QuestionId>,
}

pub fn judging(
    ui: &mut Ui,
    lang: Lang,
    view: &HostView,
    game: GameId,
    chgk: &ChgkStaffView,
    form: &mut JudgingForm,
    out: &mut Vec<UiCommand>,
) {
    if chgk.judging.is_empty() {
        ui.label(lang.t(T::JudgingNothing));
    }
    // One question at a time: a list that grows while someone clicks in it
    // would move the buttons under the pointer.
    let picked = form
        .picked
        .filter(|q| chgk.judging.iter().any(|j| j.question == *q));
    let shown = picked.or_else(|| chgk.judging.last().map(|j| j.question));
    ui.horizontal_wrapped(|ui| {
        ui.label(lang.t(T::Question));
        for entry in &chgk.judging {
            let open = entry.groups.iter().filter(|g| g.verdict.is_none()).count();
            let mut label = RichText::new(&entry.number).size(16.0);
            if open > 0 {
                label = RichText::new(format!("{} ({open})", entry.number))
                    .size(16.0)
                    .color(AMBER);
            }
            if ui
                .selectable_label(shown == Some(entry.question), label)
                .clicked()
            {
                form.picked = Some(entry.question);
            }
        }
    });
    ui.separator();
    if let Some(entry) = chgk.judging.iter().find(|j| Some(j.question) == shown) {
        ui.label(
            RichText::new(i18n::question_number(lang, &entry.number))
                .size(20.0)
                .strong(),
        );
        question_judging(ui, lang, view, game, chgk, entry, out);
    }
    if !chgk.judgement_log.is_empty() {
        ui.separator();
        egui::CollapsingHeader::new(lang.t(T::JudgementLog))
            .id_salt("judgement-log")
            .show(ui, |ui| {
                let height = long_list::line_height(ui, egui::TextStyle::Body.resolve(ui.style()))
                    .max(ui.spacing().interact_size.y);
                egui::Grid::new("log")
                    .striped(true)
                    .min_row_height(height)
                    .show(ui, |ui| {
                        long_list::grid_rows(
                            ui,
                            chgk.judgement_log.iter().rev(),
                            height,
                            |ui, entry| {
                                ui.label(&entry.number);
                                ui.label(&entry.group);
                                ui.label(i18n::verdict(lang, entry.verdict));
                                ui.label(format!(
                                    "{}: {}",
                                    lang.t(T::By),
                                    judger(lang, view, entry.by)
                                ));
                                ui.label(format!(
                                    "{}: {}",
                                    lang.t(T::At),
                                    clock_time(entry.at.as_micros())
                                ));
                            },
                        );
                    });
            });
    }
}

fn question_judging(
    ui: &mut Ui,
    lang: Lang,
    view: &HostView,
    game: GameId,
    chgk: &ChgkStaffView,
    entry: &QuestionJudging,
    out: &mut Vec<UiCommand>,
) {
    let content = chgk
        .tours
        .iter()
        .flat_map(|t| t.questions.iter())
        .find(|q| q.id == entry.question);
    if let Some(q) = content {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.label(
                RichText::new(format!(
                    "{}: {}",
                    lang.t(T::AuthorAnswer),
                    question::answer(&q.content)
                ))
                .strong(),
            );
            if let Some(accepted) = question::accepted(&q.content) {
                ui.label(
                    RichText::new(format!("{}: {accepted}", lang.t(T::Accepted))).color(GREEN),
                );
            }
            if let Some(rejected) = question::rejected(&q.content) {
                ui.label(RichText::new(format!("{}: {rejected}", lang.t(T::Rejected))).color(RED));
            }
            if let Some(comment) = question::comment(&q.content) {
                ui.label(RichText::new(comment).small().color(GREY));
            }
        });
    }
    // Two lines a group (its spellings, its teams), drawn only on screen:
    // a hall of thousands writes thousands of different answers.
    let height = long_list::line_height(ui, egui::FontId::proportional(16.0))
        + long_list::line_height(ui, egui::TextStyle::Small.resolve(ui.style()))
        + ui.spacing().item_spacing.y;
    long_list::rows(ui, entry.groups.len(), height, |ui, i| {
        group_row(ui, lang, view, game, entry, &entry.groups[i], out);
    });
    ui.separator();
    if !entry.late.is_empty() {
        ui.label(RichText::new(lang.t(T::LateCards)).color(RED).strong());
        let height = long_list::line_height(ui, egui::TextStyle::Body.resolve(ui.style()));
        long_list::rows(ui, entry.late.len(), height, |ui, i| {
            let card = &entry.late[i];
            late_answer(
                ui,
                &team_name(view, card.team),
                &card.text,
                card.since_start_ms,
            );
        });
    }
    missing_teams(ui, lang, view, &entry.missing);
}

/// Width of the answers' column, in points.
const ANSWER_COLUMN: f32 = 380.0;

fn group_row(
    ui: &mut Ui,
    lang: Lang,
    view: &HostView,
    game: GameId,
    entry: &QuestionJudging,
    group: &AnswerGroup,
    out: &mut Vec<UiCommand>,
) {
    // A fixed column for the answers, so the buttons line up group after group.
    let column = egui::vec2(ANSWER_COLUMN, 0.0);
    ui.allocate_ui_with_layout(column, egui::Layout::top_down(egui::Align::Min), |ui| {
        ui.set_width(ANSWER_COLUMN);
        let spellings = group.spellings.join(" / ");
        ui.add(egui::Label::new(RichText::new(&spellings).size(16.0).strong()).truncate());
        let teams = format!(
            "{} · {}",
            i18n::team_count(lang, group.teams.len()),
            team_names(lang, view, &group.teams)
        );
        ui.add(egui::Label::new(RichText::new(teams).small().color(GREY)).truncate());
    });
    let verdict = match group.verdict {
        Some(v) => RichText::new(i18n::verdict(lang, v))
            .color(if v == Verdict::Correct { GREEN } else { RED })
            .strong(),
        None => RichText::new(lang.t(T::NotJudged)).color(GREY),
    };
    ui.add_sized(egui::vec2(110.0, 18.0), egui::Label::new(verdict));
    ui.add_space(8.0);
    for (verdict, label) in [(Verdict::Correct, T::Correct), (Verdict::Wrong, T::Wrong)] {
        let chosen = group.verdict == Some(verdict);
        if ui.selectable_label(chosen, lang.t(label)).clicked() && !chosen {
            out.push(UiCommand::Send(Command::game(
                game,
                ChgkCommand::Judge {
                    question: entry.question,
                    group: group.key.clone(),
                    verdict,
                },
            )));
        }
    }
}

/// Who marked a group: the host, or a judge by name.
fn judger(lang: Lang, view: &HostView, by: Judger) -> String {
    match by {
        Judger::Host => lang.t(T::HostJudged).to_owned(),
        Judger::Judge(judge) => view
            .judges
            .iter()
            .find(|j| j.id == judge)
            .map_or_else(|| format!("#{}", judge.0), |j| j.name.clone()),
    }
}

/// `HH:MM:SS` (UTC) of a server instant, for the log.
pub(super) fn clock_time(micros: u64) -> String {
    let secs = micros / 1_000_000;
    format!(
        "{:02}:{:02}:{:02}",
        (secs / 3600) % 24,
        (secs / 60) % 60,
        secs % 60
    )
}
