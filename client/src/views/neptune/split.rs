//! 2.2: a team's split into two ломтики, «<команда>-верх» and
//! «<команда>-низ»: the captain's screen until Сэндвич starts (a click
//! moves a player to the other ломтик; each keeps at least one), read-only
//! once it has; and the same two columns on the host's desk, to split a
//! team whose captain cannot. Issue 39: the captain's split being made is
//! kept past a reload until the server has it or Сэндвич starts.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, Slice};
use minuta_shared::play::neptune::{NeptuneCommand, NeptuneTeamView, SplitView};

use super::{pending, refusal, send, team_name};
use crate::i18n::Lang;
use crate::state::{AppState, UiCommand};
use crate::views::kept::{self, Kept};
use crate::views::neptune::words::Nt;
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

/// A split being made; it follows the server's until a player is moved.
#[derive(Debug, Default)]
pub struct SplitDraft {
    pub top: Vec<String>,
    pub bottom: Vec<String>,
    pub editing: bool,
    /// Issue 39: the captain's draft.
    kept: Kept,
}

impl SplitDraft {
    pub fn of(split: &SplitView) -> Self {
        SplitDraft {
            top: split.top.clone(),
            bottom: split.bottom.clone(),
            editing: false,
            kept: Kept::default(),
        }
    }

    fn follow(&mut self, split: &SplitView) {
        if !self.editing {
            self.top.clone_from(&split.top);
            self.bottom.clone_from(&split.bottom);
        }
    }

    /// Issue 39: on the first frame, the split the captain was making
    /// before a reload, if it differs from the server's.
    fn restore(&mut self, state: &AppState, key: &str) {
        if let Some(found) = self.kept.restore(state, key)
            && let Some((top, bottom)) = kept::from_text::<(Vec<String>, Vec<String>)>(found)
            && (top != self.top || bottom != self.bottom)
        {
            self.top = top;
            self.bottom = bottom;
            self.editing = true;
        }
    }

    /// Issue 39: keeps the split while a player has been moved and it is
    /// not sent; forgets it once the server's answer is back (the form then
    /// follows the server's split again).
    fn keep(&mut self, out: &mut Vec<UiCommand>) {
        let text = if self.editing {
            kept::to_text(&(&self.top, &self.bottom))
        } else {
            String::new()
        };
        self.kept.keep(&text, out);
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
    let key = kept::draft_key(game, "split");
    ui.label(RichText::new(lang.t(Nt::SplitTitle)).size(22.0).strong());
    if !view.split_open {
        // Issue 39: Сэндвич started; the split is fixed (2.2), its draft
        // can no longer be sent.
        kept::forget(state, &key, out);
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
    draft.restore(state, &key);
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
    match editor(ui, lang, &team, &view.players, draft, sending) {
        Some((top, bottom)) => send(
            out,
            game,
            NeptuneCommand::SetSplit {
                team: None,
                top,
                bottom,
            },
        ),
        // The split on its way stays kept until the server answers.
        None if !sending => draft.keep(out),
        None => {}
    }
}
