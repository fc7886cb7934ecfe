//! Джокер on a team's terminal (5): the topics announced before the tour,
//! the declaration — how many of the tour's questions the team undertakes
//! to take (5.2) — the team's own answers with their verdicts hidden until
//! the tour ends (5.5), and then what the team declared, took and scored.
//! Issue 39: a number picked and not declared yet is kept past a reload
//! while the topics' 20 s run.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::neptune::{NeptuneCommand, NeptuneTeamView, Stage};

use super::{pending, refusal, send};
use crate::state::{AppState, UiCommand};
use crate::views::kept::{self, Kept};
use crate::views::neptune::words::{self, Nt};
use crate::views::widgets::{GREEN, GREY, RED};

/// 5.2: the number picked, not yet declared.
#[derive(Debug, Default)]
pub struct DeclareDraft {
    pub choice: Option<u32>,
    /// Issue 39: the pick's draft.
    kept: Kept,
}

pub fn joker(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &NeptuneTeamView,
    draft: &mut DeclareDraft,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let Some(board) = &view.board.joker else {
        return;
    };
    let key = kept::draft_key(game, "joker-declare");
    if !board.topics.is_empty() {
        ui.label(RichText::new(lang.t(Nt::TopicsTitle)).size(20.0).strong());
        for (i, topic) in board.topics.iter().enumerate() {
            ui.label(RichText::new(format!("{}. {topic}", i + 1)).size(18.0));
        }
        ui.add_space(8.0);
    }
    let is_declare = |c: &NeptuneCommand| matches!(c, NeptuneCommand::Declare { .. });
    if let Some(count) = view.declaration {
        // Issue 39: the declaration is the server's; the pick has done its job.
        kept::forget(state, &key, out);
        ui.label(
            RichText::new(words::own_declaration(lang, count))
                .size(22.0)
                .strong(),
        );
    } else if view.may_declare {
        if let Some(found) = draft.kept.restore(state, &key)
            && draft.choice.is_none()
        {
            draft.choice = found.parse().ok().filter(|n| *n <= view.declare_max);
        }
        declare(ui, state, game, view.declare_max, &mut draft.choice, out);
        let text = draft.choice.map(|n| n.to_string()).unwrap_or_default();
        draft.kept.keep(&text, out);
    } else if !matches!(view.board.stage, Stage::Topics { .. }) {
        // Issue 39: the topics' 20 s are over (5.2): nothing can be declared.
        kept::forget(state, &key, out);
        ui.label(RichText::new(lang.t(Nt::NoDeclaration)).color(GREY));
    }
    if view.declaration.is_none()
        && let Some(error) = refusal(state, game, is_declare)
    {
        ui.label(RichText::new(error).color(RED));
    }
    if !view.joker_cards.is_empty() {
        ui.add_space(8.0);
        ui.label(RichText::new(lang.t(Nt::OwnJoker)).strong());
        egui::Grid::new(("neptune-joker-own", game.0))
            .striped(true)
            .spacing([16.0, 4.0])
            .show(ui, |ui| {
                for row in &view.joker_cards {
                    ui.label((row.index + 1).to_string());
                    ui.label(row.answer.as_deref().unwrap_or("—"));
                    let (word, colour) = match row.verdict {
                        Some(true) => (Nt::VerdictRight, GREEN),
                        Some(false) => (Nt::VerdictWrong, RED),
                        None => (Nt::VerdictsLater, GREY),
                    };
                    ui.label(RichText::new(lang.t(word)).color(colour));
                    ui.end_row();
                }
            });
    }
    if let Some(result) = board.results.iter().find(|r| r.team == view.team) {
        let declared = result
            .declared
            .map_or_else(|| "—".to_owned(), |d| d.to_string());
        ui.label(
            RichText::new(format!(
                "{}: {declared} · {}: {} · {}: {}",
                lang.t(Nt::ColDeclared),
                lang.t(Nt::ColTaken),
                result.taken,
                lang.t(Nt::ColPoints),
                result.points
            ))
            .size(20.0)
            .strong(),
        );
    }
}

/// 5.2: a number from 0 to the tour's size, then «Сдать заявку».
fn declare(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    max: u32,
    choice: &mut Option<u32>,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    ui.label(RichText::new(lang.t(Nt::DeclareHow)).size(18.0));
    ui.horizontal_wrapped(|ui| {
        for n in 0..=max {
            let label = RichText::new(n.to_string()).size(22.0);
            if ui.selectable_label(*choice == Some(n), label).clicked() {
                *choice = Some(n);
            }
        }
    });
    let sending = pending(state, game).any(|c| matches!(c, NeptuneCommand::Declare { .. }));
    let label = match choice {
        Some(n) => words::declare(lang, *n),
        None => lang.t(Nt::Declare).to_owned(),
    };
    let button = egui::Button::new(RichText::new(label).size(20.0));
    if ui
        .add_enabled(choice.is_some() && !sending, button)
        .clicked()
        && let Some(count) = *choice
    {
        send(out, game, NeptuneCommand::Declare { count });
    }
}
