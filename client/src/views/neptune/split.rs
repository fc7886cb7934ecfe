//! 2.2: a team's split into two ломтики, «<команда>-верх» and
//! «<команда>-низ»: the captain's screen until Сэндвич starts (a click
//! moves a player to the other ломтик; each keeps at least one), read-only
//! once it has; and the same two columns on the host's desk, to split a
//! team whose captain cannot.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, Slice};
use minuta_shared::play::neptune::{NeptuneCommand, NeptuneTeamView, SplitView};

use super::{pending, refusal, send, team_name};
use crate::i18n::Lang;
use crate::i18n::neptune::Nt;
use crate::state::{AppState, UiCommand};
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

/// A split being made; it follows the server's until a player is moved.
#[derive(Debug, Default)]
pub struct SplitDraft {
    pub top: Vec<String>,
    pub bottom: Vec<String>,
    pub editing: bool,
}

impl SplitDraft {
    pub fn of(split: &SplitView) -> Self {
        SplitDraft {
            top: split.top.clone(),
            bottom: split.bottom.clone(),
            editing: false,
        }
    }

    fn follow(&mut self, split: &SplitView) {
        if !self.editing {
            *self = SplitDraft::of(split);
        }
    }

    /// Moves `player` to the other ломтик.
    fn toggle(&mut self, player: &str) {
        self.editing = true;
        if let Some(at) = self.top.iter().position(|p| p == player) {
            self.top.remove(at);
            self.bottom.push(player.to_owned());
        } else {
            self.bottom.retain(|p| p != player);
            self.top.push(player.to_owned());
        }
    }

    /// Each of `players` in its ломтик, in the team's order; a player in
    /// neither (a split sent before the team's list changed) sits below.
    fn columns<'a>(&self, players: &'a [String]) -> [Vec<&'a String>; 2] {
        let top = players.iter().filter(|p| self.top.contains(p)).collect();
        let bottom = players.iter().filter(|p| !self.top.contains(p)).collect();
        [top, bottom]
    }
}

/// «Знатоки-верх».
fn slice_title(team: &str, slice: Slice) -> String {
    format!("{team}-{}", slice.suffix())
}

/// The two columns, each player a button that moves them across, and
/// «Отправить разбивку»: the split to send once clicked.
pub fn editor(
    ui: &mut Ui,
    lang: Lang,
    team: &str,
    players: &[String],
    draft: &mut SplitDraft,
    sending: bool,
) -> Option<(Vec<String>, Vec<String>)> {
    let columns = draft.columns(players);
    let mut moved = None;
    ui.columns(2, |cols| {
        for (col, (slice, names)) in cols.iter_mut().zip(Slice::BOTH.iter().zip(&columns)) {
            col.label(RichText::new(slice_title(team, *slice)).size(18.0).strong());
            for name in names {
                if col
                    .button(RichText::new(name.as_str()).size(16.0))
                    .clicked()
                {
                    moved = Some((*name).clone());
                }
            }
        }
    });
    if let Some(player) = moved {
        draft.toggle(&player);
    }
    let [top, bottom] = draft.columns(players);
    let ready = !top.is_empty() && !bottom.is_empty();
    if !ready {
        ui.label(RichText::new(lang.t(Nt::SplitEmpty)).color(RED));
    }
    let send = ui
        .add_enabled(
            ready && !sending,
            egui::Button::new(RichText::new(lang.t(Nt::SendSplit)).size(18.0)),
        )
        .clicked();
    (send && ready).then(|| {
        draft.editing = false;
        (
            top.into_iter().cloned().collect(),
            bottom.into_iter().cloned().collect(),
        )
    })
}

/// Both ломтики as they stand, read-only.
pub fn shown(ui: &mut Ui, team: &str, split: &SplitView) {
    ui.columns(2, |cols| {
        for (col, (slice, names)) in cols
            .iter_mut()
            .zip(Slice::BOTH.iter().zip([&split.top, &split.bottom]))
        {
            col.label(RichText::new(slice_title(team, *slice)).size(18.0).strong());
            for name in names {
                col.label(RichText::new(name).size(16.0));
            }
        }
    });
}

/// The captain's split screen: editable before Сэндвич, then read-only.
pub fn captain(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &NeptuneTeamView,
    draft: &mut SplitDraft,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let team = team_name(&view.board, view.team);
    ui.label(RichText::new(lang.t(Nt::SplitTitle)).size(22.0).strong());
    if !view.split_open {
        shown(ui, &team, &view.split);
        ui.label(
            RichText::new(lang.t(Nt::SlicesAnswer))
                .size(18.0)
                .color(AMBER),
        );
        return;
    }
    let is_split = |c: &NeptuneCommand| matches!(c, NeptuneCommand::SetSplit { team: None, .. });
    let sending = pending(state, game).any(is_split);
    // The split just sent stays on screen until the server's comes back.
    if !sending {
        draft.follow(&view.split);
    }
    ui.label(RichText::new(lang.t(Nt::SplitHint)).color(GREY));
    let (status, colour) = if view.split.chosen {
        (Nt::SplitSentByCaptain, GREEN)
    } else {
        (Nt::SplitIsDefault, GREY)
    };
    ui.label(RichText::new(lang.t(status)).color(colour));
    if let Some(error) = refusal(state, game, is_split) {
        ui.label(RichText::new(error).color(RED));
    }
    if let Some((top, bottom)) = editor(ui, lang, &team, &view.players, draft, sending) {
        send(
            out,
            game,
            NeptuneCommand::SetSplit {
                team: None,
                top,
                bottom,
            },
        );
    }
}
