//! The questions tab: load a package by path (or by dropping the file on
//! the window), type a question in, and the tours with every question's
//! status.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::ids::TourId;
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView};
use minuta_shared::play::games::Format;
use minuta_shared::wire::client::Command;

use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::package_field::package_field;
use crate::views::question;
use crate::views::widgets::{GREY, RED};

#[derive(Debug, Default)]
pub struct QuestionsForm {
    pub path: String,
    /// The tour a typed question goes to; `None` starts a new tour.
    pub tour: Option<TourId>,
    pub text: String,
    pub answer: String,
    pub accepted: String,
    pub rejected: String,
    pub comment: String,
    /// How many questions there were when one was sent: the fields empty
    /// once there are more, and keep their text if the server refused it.
    pub sent_at_count: Option<usize>,
}

pub fn questions(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    chgk: &ChgkStaffView,
    form: &mut QuestionsForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let count: usize = chgk.tours.iter().map(|t| t.questions.len()).sum();
    if form.sent_at_count.is_some_and(|before| count > before) {
        *form = QuestionsForm {
            path: std::mem::take(&mut form.path),
            tour: form.tour,
            ..QuestionsForm::default()
        };
    }
    ui.heading(lang.t(T::LoadPackage));
    package_field(ui, lang, game, Format::Chgk, &mut form.path, out);
    ui.separator();

    egui::CollapsingHeader::new(RichText::new(lang.t(T::TypeQuestion)).strong()).show(ui, |ui| {
        let new_tour = TourId(chgk.tours.len() as u32);
        let tour_title =
            |t: Option<TourId>| match t.and_then(|t| chgk.tours.iter().find(|v| v.id == t)) {
                Some(tour) => tour.title.clone(),
                None => lang.t(T::NewTour).to_owned(),
            };
        egui::ComboBox::from_label(lang.t(T::Tour))
            .selected_text(tour_title(form.tour))
            .show_ui(ui, |ui| {
                for tour in chgk.tours.iter().filter(|t| !t.closed) {
                    ui.selectable_value(&mut form.tour, Some(tour.id), &tour.title);
                }
                ui.selectable_value(&mut form.tour, None, lang.t(T::NewTour));
            });
        egui::Grid::new("type-question")
            .num_columns(2)
            .show(ui, |ui| {
                let field = |ui: &mut Ui, label: T, text: &mut String, rows: usize| {
                    ui.label(lang.t(label));
                    ui.add(
                        egui::TextEdit::multiline(text)
                            .desired_rows(rows)
                            .desired_width(480.0),
                    );
                    ui.end_row();
                };
                field(ui, T::QuestionText, &mut form.text, 4);
                field(ui, T::AuthorAnswer, &mut form.answer, 1);
                field(ui, T::Accepted, &mut form.accepted, 1);
                field(ui, T::Rejected, &mut form.rejected, 1);
                field(ui, T::Comment, &mut form.comment, 2);
            });
        let ready = !form.text.trim().is_empty() && !form.answer.trim().is_empty();
        if ui
            .add_enabled(ready, egui::Button::new(lang.t(T::AddQuestion)))
            .clicked()
        {
            let content = question::typed(
                &form.text,
                &form.answer,
                &form.accepted,
                &form.rejected,
                &form.comment,
            );
            out.push(UiCommand::Send(Command::game(
                game,
                ChgkCommand::AddQuestion {
                    tour: form.tour.unwrap_or(new_tour),
                    question: content,
                },
            )));
            // The next question goes to the same tour.
            form.tour = form.tour.or(Some(new_tour));
            form.sent_at_count = Some(count);
        }
    });
    ui.separator();

    if chgk.tours.is_empty() {
        ui.label(lang.t(T::NoQuestions));
    }
    for tour in &chgk.tours {
        let mut title = tour.title.clone();
        if tour.closed {
            title = format!("{title} — {}", lang.t(T::TourClosedMark));
        }
        egui::CollapsingHeader::new(RichText::new(title).strong())
            .id_salt(("tour", tour.id))
            .default_open(true)
            .show(ui, |ui| {
                egui::Grid::new(("tour-questions", tour.id))
                    .striped(true)
                    .spacing([12.0, 4.0])
                    .show(ui, |ui| {
                        for q in &tour.questions {
                            ui.label(RichText::new(&q.number).strong());
                            ui.label(question::snippet(question::text(&q.content), 70))
                                .on_hover_text(question::text(&q.content));
                            ui.label(RichText::new(question::answer(&q.content)).italics());
                            let mut status =
                                crate::views::chgk::words::question_status(lang, q.status)
                                    .to_owned();
                            if q.withdrawn {
                                status = format!("{status}, {}", lang.t(T::Withdrawn));
                            }
                            ui.label(RichText::new(status).color(if q.withdrawn {
                                RED
                            } else {
                                GREY
                            }));
                            ui.end_row();
                        }
                    });
            });
    }
}
