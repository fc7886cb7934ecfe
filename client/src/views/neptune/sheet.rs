//! 1.2: the team's Негатив sheet — 24 phrases in the printed order, each a
//! toggle the team marks as it guesses the «перевёртыши». The marks are the
//! team's own (stored by the server, seen by no one else); a click shows
//! at once, before the server's view confirms it.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::neptune::{NeptuneCommand, NeptuneTeamView};

use super::{pending, send};
use crate::i18n::Lang;
use crate::state::{AppState, UiCommand};
use crate::views::neptune::words::Nt;
use crate::views::widgets::GREY;

/// Phrases per row: 24 make six rows.
const COLUMNS: usize = 4;

pub fn sheet(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &NeptuneTeamView,
    out: &mut Vec<UiCommand>,
) {
    if view.sheet.is_empty() {
        return;
    }
    let lang: Lang = state.lang;
    ui.label(RichText::new(lang.t(Nt::SheetTitle)).size(20.0).strong());
    ui.label(RichText::new(lang.t(Nt::SheetHint)).small().color(GREY));
    // The latest mark still on its way wins over the view's.
    let marks_sent: Vec<(u32, bool)> = pending(state, game)
        .filter_map(|c| match c {
            NeptuneCommand::MarkPhrase { phrase, marked } => Some((*phrase, *marked)),
            _ => None,
        })
        .collect();
    egui::Grid::new(("neptune-sheet", game.0))
        .spacing([6.0, 6.0])
        .show(ui, |ui| {
            for (i, phrase) in view.sheet.iter().enumerate() {
                let index = i as u32;
                let marked = marks_sent
                    .iter()
                    .rev()
                    .find(|(p, _)| *p == index)
                    .map_or(phrase.marked, |(_, m)| *m);
                let text = RichText::new(&phrase.text).size(15.0);
                let text = if marked { text.strong() } else { text };
                if ui.selectable_label(marked, text).clicked() {
                    send(
                        out,
                        game,
                        NeptuneCommand::MarkPhrase {
                            phrase: index,
                            marked: !marked,
                        },
                    );
                }
                if (i + 1) % COLUMNS == 0 {
                    ui.end_row();
                }
            }
        });
}
