//! Judging: per played question of the open tours (picked from a row of
//! numbers, unjudged counts in amber), the author's answer and the
//! зачёт/незачёт criteria beside the groups of equal answers, each with
//! how many teams gave it and which, long answers wrapped; one click or
//! key marks a whole group (↑/↓, В/1, Н/0), «Остальные — неверно» the rest.
//! Rows keep their places while judged (the server orders them by count).
//! Late cards are listed apart (never scored), then the teams with no
//! card, then the log of every judgement.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::ids::QuestionId;
use minuta_shared::play::chgk::Verdict;
use minuta_shared::play::chgk::view::{AnswerGroup, QuestionJudging};
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView, Judger};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use crate::i18n::judging::Jt;
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
    /// The keyboard's row (a group's place in the list) of a question.
    pub focus: Option<(QuestionId, usize)>,
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
        question_judging(ui, lang, view, game, chgk, entry, form, out);
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
                                ui.label(crate::views::chgk::words::verdict(lang, entry.verdict));
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

#[allow(clippy::too_many_arguments)]
fn question_judging(
    ui: &mut Ui,
    lang: Lang,
    view: &HostView,
    game: GameId,
    chgk: &ChgkStaffView,
    entry: &QuestionJudging,
    form: &mut JudgingForm,
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
    let focus = keyboard(ui, game, entry, form, out);
    // Above the list, where it stays while the rows are judged.
    ui.horizontal(|ui| {
        let open = entry.groups.iter().any(|g| g.verdict.is_none());
        if ui
            .add_enabled(
                open,
                egui::Button::new(RichText::new(lang.t(Jt::RestWrong)).color(RED)),
            )
            .clicked()
        {
            out.push(UiCommand::Send(Command::game(
                game,
                ChgkCommand::JudgeRestWrong {
                    question: entry.question,
                },
            )));
        }
        ui.label(RichText::new(lang.t(Jt::JudgingKeys)).small().color(GREY));
    });
    // Each group as tall as its wrapped answers and teams, drawn only on
    // screen: a hall of thousands writes thousands of different answers.
    let texts: Vec<(RichText, RichText)> = entry
        .groups
        .iter()
        .map(|g| group_texts(lang, view, g))
        .collect();
    let heights: Vec<f32> = texts
        .iter()
        .map(|(answer, teams)| {
            let answer = text_height(ui, answer.clone());
            let teams = text_height(ui, teams.clone());
            (answer + ui.spacing().item_spacing.y + teams + 2.0 * ROW_PADDING)
                .max(ui.spacing().interact_size.y + 2.0 * ROW_PADDING)
        })
        .collect();
    long_list::rows_of_heights(
        ui,
        &heights,
        focus.moved.then_some(focus.row),
        |ui, i, rect| {
            if i == focus.row {
                // The keyboard's row, as a selection shows.
                let fill = ui.visuals().selection.bg_fill.gamma_multiply(0.35);
                ui.painter().rect_filled(rect, 4.0, fill);
            }
            let (answer, teams) = &texts[i];
            group_row(ui, lang, game, entry, &entry.groups[i], answer, teams, out);
        },
    );
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

/// Width of the answers' column, in points: long answers wrap inside it.
const ANSWER_COLUMN: f32 = 380.0;
/// Room above and below a group's lines, so no descender touches the next.
const ROW_PADDING: f32 = 3.0;

/// A group's two texts: its spellings, and the teams that gave it.
fn group_texts(lang: Lang, view: &HostView, group: &AnswerGroup) -> (RichText, RichText) {
    let spellings = group.spellings.join(" / ");
    let answer = RichText::new(spellings).size(16.0).strong();
    let teams = RichText::new(team_names(lang, view, &group.teams))
        .small()
        .color(GREY);
    (answer, teams)
}

/// The height of a text wrapped in the answers' column, as its label draws it.
fn text_height(ui: &Ui, text: RichText) -> f32 {
    egui::WidgetText::from(text)
        .into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            ANSWER_COLUMN,
            egui::TextStyle::Body,
        )
        .size()
        .y
}

#[allow(clippy::too_many_arguments)]
fn group_row(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    entry: &QuestionJudging,
    group: &AnswerGroup,
    answer: &RichText,
    teams: &RichText,
    out: &mut Vec<UiCommand>,
) {
    ui.add_space(4.0);
    // A fixed column for the answers, so the buttons line up group after group.
    ui.vertical(|ui| {
        ui.add_space(ROW_PADDING);
        ui.set_width(ANSWER_COLUMN);
        ui.add(egui::Label::new(answer.clone()).wrap());
        ui.add(egui::Label::new(teams.clone()).wrap());
    });
    ui.vertical(|ui| {
        ui.add_space(ROW_PADDING);
        ui.horizontal(|ui| {
            // How many teams gave it, large: the count decides as much as the text.
            ui.add_sized(
                egui::vec2(90.0, ui.spacing().interact_size.y),
                egui::Label::new(
                    RichText::new(i18n::team_count(lang, group.teams.len())).size(16.0),
                ),
            );
            let verdict = match group.verdict {
                Some(v) => RichText::new(crate::views::chgk::words::verdict(lang, v))
                    .color(if v == Verdict::Correct { GREEN } else { RED })
                    .strong(),
                None => RichText::new(lang.t(T::NotJudged)).color(GREY),
            };
            ui.add_sized(
                egui::vec2(110.0, ui.spacing().interact_size.y),
                egui::Label::new(verdict),
            );
            ui.add_space(8.0);
            for (verdict, label) in [(Verdict::Correct, T::Correct), (Verdict::Wrong, T::Wrong)] {
                let chosen = group.verdict == Some(verdict);
                if ui.selectable_label(chosen, lang.t(label)).clicked() && !chosen {
                    out.push(judge(game, entry, group, verdict));
                }
            }
        });
    });
}

/// The command that marks a whole group.
fn judge(
    game: GameId,
    entry: &QuestionJudging,
    group: &AnswerGroup,
    verdict: Verdict,
) -> UiCommand {
    UiCommand::Send(Command::game(
        game,
        ChgkCommand::Judge {
            question: entry.question,
            group: group.key.clone(),
            verdict,
        },
    ))
}

/// The keyboard's row, and whether a key moved it this frame.
struct Focus {
    row: usize,
    moved: bool,
}

/// The keyboard judges (unless a field or a button has it): ↑/↓ move between
/// groups, В or 1 marks the row correct, Н or 0 wrong, and the row below
/// is next. A question first shown starts on its first unjudged group.
fn keyboard(
    ui: &Ui,
    game: GameId,
    entry: &QuestionJudging,
    form: &mut JudgingForm,
    out: &mut Vec<UiCommand>,
) -> Focus {
    let count = entry.groups.len();
    if form.focus.map(|(q, _)| q) != Some(entry.question) {
        let first = entry
            .groups
            .iter()
            .position(|g| g.verdict.is_none())
            .unwrap_or(0);
        form.focus = Some((entry.question, first));
    }
    let mut row = form
        .focus
        .map_or(0, |(_, r)| r)
        .min(count.saturating_sub(1));
    let mut moved = false;
    if count > 0 && !ui.ctx().egui_wants_keyboard_input() {
        let keys: Vec<JudgingKey> = ui.input(|i| {
            i.events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::Key {
                        key: egui::Key::ArrowDown,
                        pressed: true,
                        ..
                    } => Some(JudgingKey::Down),
                    egui::Event::Key {
                        key: egui::Key::ArrowUp,
                        pressed: true,
                        ..
                    } => Some(JudgingKey::Up),
                    // Text, not keys: «В» and «Н» are letters of the
                    // Russian layout, which egui's keys do not name.
                    egui::Event::Text(text) => match text.as_str() {
                        "в" | "В" | "1" => Some(JudgingKey::Mark(Verdict::Correct)),
                        "н" | "Н" | "0" => Some(JudgingKey::Mark(Verdict::Wrong)),
                        _ => None,
                    },
                    _ => None,
                })
                .collect()
        });
        for key in keys {
            moved = true;
            match key {
                JudgingKey::Down => row = (row + 1).min(count - 1),
                JudgingKey::Up => row = row.saturating_sub(1),
                JudgingKey::Mark(verdict) => {
                    let group = &entry.groups[row];
                    if group.verdict != Some(verdict) {
                        out.push(judge(game, entry, group, verdict));
                    }
                    row = (row + 1).min(count - 1);
                }
            }
        }
    }
    form.focus = Some((entry.question, row));
    Focus { row, moved }
}

/// A key the judging list answers.
#[derive(Clone, Copy)]
enum JudgingKey {
    Up,
    Down,
    Mark(Verdict),
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
