//! The projector during «Мультиигры»: the current task's number, title,
//! points and countdown with «сдали N из M» (never an answer); the task
//! revealed last with its answer and comment; the standings in large type.
//! No controls.

use egui::{RichText, Ui};
use minuta_shared::play::multigames::{MultigamesDisplayView, TaskStatus};

use crate::i18n::T;
use crate::state::AppState;
use crate::views::format::Game;
use crate::views::multigames::words;
use crate::views::widgets::{self, GREY};

pub fn display(ui: &mut Ui, state: &AppState, game: Game<'_>, view: &MultigamesDisplayView) {
    let lang = state.lang;
    let now = state.server_now();
    // Scale with the window so a projector's 1080p and a laptop both fill.
    let height = ui.available_height().max(300.0);
    let clock_size = (height * 0.2).clamp(60.0, 300.0);
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(game.name).size(clock_size * 0.16).color(GREY));
        if let Some(heading) = &view.current
            && heading.status != TaskStatus::Revealed
        {
            super::task_title(ui, lang, heading, clock_size * 0.4);
            if heading.clock.is_none() {
                ui.label(
                    RichText::new(lang.t(T::MgNotStarted))
                        .size(clock_size * 0.2)
                        .color(widgets::AMBER),
                );
            }
            super::task_clock(ui, lang, heading, now, clock_size);
            if heading.clock.is_some() {
                ui.label(
                    RichText::new(words::answers_in(lang, view.answers_in, view.teams))
                        .size(clock_size * 0.18),
                );
            }
        }
        // 6: before the first task, every task's points, as announced.
        if view.current.is_none() && !view.announced.is_empty() {
            ui.label(
                RichText::new(lang.pick(
                    "Задания и очки (6)".to_owned(),
                    "Tasks and points (6)".to_owned(),
                ))
                .size(clock_size * 0.2)
                .strong(),
            );
            for heading in &view.announced {
                ui.label(
                    RichText::new(format!(
                        "{} — {}",
                        words::task_heading(lang, &heading.number, &heading.title),
                        heading.points
                    ))
                    .size(clock_size * 0.14),
                );
            }
        }
        if let Some((heading, reveal)) = &view.last_revealed {
            ui.add_space(clock_size * 0.1);
            ui.label(
                RichText::new(words::task_heading(lang, &heading.number, &heading.title))
                    .size(clock_size * 0.2)
                    .color(GREY),
            );
            if reveal.withdrawn {
                ui.label(
                    RichText::new(lang.t(T::MgWithdrawn))
                        .size(clock_size * 0.22)
                        .color(widgets::RED),
                );
            } else {
                ui.label(
                    RichText::new(format!("{}: {}", lang.t(T::AuthorAnswer), reveal.answer))
                        .size(clock_size * 0.3)
                        .strong(),
                );
                if !reveal.comment.is_empty() {
                    ui.label(RichText::new(&reveal.comment).size(clock_size * 0.14));
                }
            }
        }
    });
    let id = "multigames-display-standings";
    widgets::projector_standings(ui, lang, id, clock_size, |ui, size| {
        super::standings(ui, lang, "display", &view.standings, size)
    });
}
