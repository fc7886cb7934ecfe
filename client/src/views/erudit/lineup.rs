//! A line-up being chosen (5.7, 5.8): for each round of the open window a
//! player among the team's registered ones. A player who already plays a
//! round of this tour is not offered; one picked for two rounds of the
//! window is refused in the form before anything is sent. The captain's
//! form ([`captain`]) sends it for the team; the host's panel uses the same
//! [`picker`] to set a line-up for a team whose laptop failed. Issue 39:
//! the captain's picks are kept past a reload until the server has them or
//! the window closes.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::erudit::{EruditCommand, GameBoard, LineupForm};
use minuta_shared::play::games::GameCommand;

use super::{board, send};
use crate::i18n::{self, Lang};
use crate::state::{AppState, UiCommand};
use crate::views::erudit::words::{self, Et};
use crate::views::kept::{self, Kept};
use crate::views::widgets::{GREEN, GREY, RED};

/// One line-up window of one team: the game (stage and group), the tour,
/// the window's first round, and the team (`None`: the captain's own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub stage: u32,
    pub group: u32,
    pub tour: u32,
    pub first_round: u32,
    pub team: Option<TeamId>,
}

/// The players picked so far, round by round of one window.
#[derive(Debug, Default)]
pub struct LineupDraft {
    window: Option<Window>,
    pub picks: Vec<Option<String>>,
    /// Issue 39: the captain's draft of this window's line-up.
    kept: Kept,
}

impl LineupDraft {
    /// A new window starts from what was sent in it, else empty.
    pub fn follow(&mut self, window: Window, rounds: u32, sent: Option<&[String]>) {
        if self.window == Some(window) && self.picks.len() == rounds as usize {
            return;
        }
        self.window = Some(window);
        self.picks = match sent {
            Some(sent) => sent.iter().cloned().map(Some).collect(),
            None => Vec::new(),
        };
        self.picks.resize(rounds as usize, None);
    }

    /// Issue 39: on the window's first frame, the picks kept before a
    /// reload (each still one of `players`) in place of what was sent.
    fn restore(&mut self, state: &AppState, key: &str, players: &[String]) {
        let Some(kept) = self.kept.restore(state, key) else {
            return;
        };
        let Some(picks) = kept::from_text::<Vec<Option<String>>>(kept) else {
            return;
        };
        if picks.len() == self.picks.len() {
            self.picks = picks
                .into_iter()
                .map(|p| p.filter(|name| players.contains(name)))
                .collect();
        }
    }

    /// Issue 39: keeps the picks while they differ from what the server
    /// has (`sent`); forgets them once it has them, or nothing is picked.
    fn keep(&mut self, sent: Option<&[String]>, out: &mut Vec<UiCommand>) {
        let taken = sent.is_some_and(|sent| {
            sent.len() == self.picks.len()
                && sent
                    .iter()
                    .zip(&self.picks)
                    .all(|(s, p)| p.as_ref() == Some(s))
        });
        let text = if taken || self.picks.iter().all(Option::is_none) {
            String::new()
        } else {
            kept::to_text(&self.picks)
        };
        self.kept.keep(&text, out);
    }

    /// Issue 39: the window closed (its deadline passed): its line-up can
    /// no longer be sent, nor its draft.
    pub fn closed(&mut self, out: &mut Vec<UiCommand>) {
        self.kept.keep("", out);
    }
}

/// Issue 39: the key of the captain's draft of `window`'s line-up.
fn draft_key(game: GameId, window: Window) -> String {
    let Window {
        stage,
        group,
        tour,
        first_round,
        ..
    } = window;
    kept::draft_key(
        game,
        format_args!("lineup-s{stage}-g{group}-t{tour}-r{first_round}"),
    )
}

/// The window a game's line-up is open for, to key a draft by.
pub fn window(game: &GameBoard, first_round: u32, team: Option<TeamId>) -> Window {
    Window {
        stage: game.stage,
        group: game.group,
        tour: game.tour.as_ref().map_or(0, |t| t.number),
        first_round,
        team,
    }
}

/// Why the picks cannot be sent yet.
#[derive(Debug, PartialEq, Eq)]
pub enum NotReady {
    /// A round has no player yet: nothing to say.
    Incomplete,
    /// Something to tell the person (5.8).
    Refused(String),
}

/// A row per round of the window («Раунд 2: «Реки»» and the players to
/// pick from); the line-up when every round has its player, none twice.
#[allow(clippy::too_many_arguments)]
pub fn picker(
    ui: &mut Ui,
    lang: Lang,
    salt: impl std::hash::Hash + std::fmt::Debug,
    first_round: u32,
    themes: &[Option<String>],
    players: &[String],
    unavailable: &[String],
    draft: &mut LineupDraft,
) -> Result<Vec<String>, NotReady> {
    ui.push_id(("erudit-lineup", salt), |ui| {
        for (i, pick) in draft.picks.iter_mut().enumerate() {
            let round = first_round + i as u32;
            let theme = themes.get(round as usize).cloned().flatten();
            let head = match &theme {
                Some(theme) => words::round_name(lang, round, Some(theme)),
                None => format!(
                    "{} ({})",
                    words::round_name(lang, round, None),
                    lang.t(Et::HiddenTheme)
                ),
            };
            ui.label(RichText::new(head).size(17.0).strong());
            ui.horizontal_wrapped(|ui| {
                for player in players {
                    let chosen = pick.as_deref() == Some(player.as_str());
                    // 5.8: who already plays a round of this tour is not
                    // offered again.
                    let free = !unavailable.contains(player);
                    let button = egui::Button::selectable(chosen, RichText::new(player).size(17.0));
                    if ui.add_enabled(free, button).clicked() {
                        *pick = (!chosen).then(|| player.clone());
                    }
                }
            });
            ui.add_space(6.0);
        }
    });
    let mut picked = Vec::with_capacity(draft.picks.len());
    for pick in &draft.picks {
        let Some(name) = pick else {
            return Err(NotReady::Incomplete);
        };
        if picked.contains(name) {
            return Err(NotReady::Refused(words::chosen_twice(lang, name)));
        }
        picked.push(name.clone());
    }
    Ok(picked)
}

/// The latest answer of the server to a line-up of `team` (`None`: this
/// team's own captain) in `game`, if it refused.
pub fn refusal(state: &AppState, game: GameId, team: Option<TeamId>) -> Option<String> {
    let ack = state.game_acks.iter().rev().find(|a| {
        a.game == game
            && matches!(
                &a.command,
                GameCommand::Erudit(EruditCommand::SetLineup { team: t, .. }) if *t == team
            )
    })?;
    ack.result
        .as_ref()
        .err()
        .map(|e| i18n::command_error(state.lang, e))
}

/// Under a picker: why it cannot be sent, or the server's refusal.
pub fn status(ui: &mut Ui, ready: &Result<Vec<String>, NotReady>, refused: Option<String>) {
    if let Err(NotReady::Refused(why)) = ready {
        ui.label(RichText::new(why).size(17.0).color(RED));
    } else if let Some(why) = refused {
        ui.label(RichText::new(why).size(17.0).color(RED));
    }
}

/// The captain's form while the team's line-up window is open: the tour,
/// the countdown to the deadline, a player per round, «Отправить состав».
#[allow(clippy::too_many_arguments)]
pub fn captain(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    board: &GameBoard,
    form: &LineupForm,
    draft: &mut LineupDraft,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    let window = window(board, form.first_round, None);
    draft.follow(window, form.rounds, form.chosen.as_deref());
    draft.restore(state, &draft_key(game, window), &form.players);
    ui.vertical_centered(|ui| {
        ui.label(
            RichText::new(words::lineup_title(lang, form.kind))
                .size(26.0)
                .strong(),
        );
        let left = minuta_shared::time::countdown(now.until(form.deadline));
        ui.label(
            RichText::new(words::lineup_left(lang, &left))
                .size(22.0)
                .monospace(),
        );
    });
    ui.add_space(8.0);
    let ready = picker(
        ui,
        lang,
        "captain",
        form.first_round,
        &form.themes,
        &form.players,
        &form.unavailable,
        draft,
    );
    draft.keep(form.chosen.as_deref(), out);
    ui.add_space(8.0);
    let send_it = egui::Button::new(RichText::new(lang.t(Et::SendLineup)).size(20.0).strong());
    if ui.add_enabled(ready.is_ok(), send_it).clicked()
        && let Ok(players) = &ready
    {
        send(
            out,
            game,
            EruditCommand::SetLineup {
                team: None,
                players: players.clone(),
            },
        );
    }
    status(ui, &ready, refusal(state, game, None));
    if form.chosen.is_some() {
        ui.label(RichText::new(lang.t(Et::LineupSent)).color(GREEN));
    }
    if !form.unavailable.is_empty() {
        ui.label(
            RichText::new(format!(
                "{}: {}",
                lang.t(Et::AlreadyInTour),
                form.unavailable.join(", ")
            ))
            .color(GREY),
        );
    }
    ui.add_space(12.0);
    board::table_of_four(ui, board, None, 16.0);
}
