//! A team's terminal as the Эрудит-квартет player's button while its team
//! plays the game of four: who of the team is at the buttons now («Сейчас
//! играет: Анна»), the round's theme and the question's value, the state
//! as this team lives it with the silence's countdown, and one big button
//! — the space bar presses it too — lit while the team's player may press.
//! The press is the Brain-ring button's own ([`Command::Press`], stamped on
//! arrival at the server); the verdict on this terminal's press follows
//! under the button, the answer once the question is closed, and the table
//! of four with the team's score below.

use egui::{Color32, RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::erudit::{EruditTeamView, GameBoard, PhaseView, QuestionState};
use minuta_shared::wire::client::Command;

use super::{board, silence_left, state_at};
use crate::i18n::{Lang, T};
use crate::state::{AppState, PressOn, PressOutcome, UiCommand};
use crate::views::brain_ring::button::{big, space_pressed};
use crate::views::erudit::words::{self, Et};
use crate::views::widgets;
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

/// The button's colour in the instant after a press, before any verdict.
const FLASH: Color32 = Color32::from_rgb(255, 225, 90);
const IDLE: Color32 = Color32::from_gray(70);

/// Whether the team's player may press at `now`: the view says so and the
/// silence has not run out since it came.
pub fn may_press_at(view: &EruditTeamView, now: minuta_shared::time::ServerTime) -> bool {
    // A shoot-off (5.4, 5.5) has no silence: the view alone says.
    if view.board.game.as_ref().is_some_and(|g| g.tie.is_some()) {
        return view.may_press();
    }
    view.may_press()
        && view
            .board
            .game
            .as_ref()
            .and_then(|g| g.question.as_ref())
            .is_some_and(|q| !matches!(state_at(q, now), QuestionState::Closed { .. }))
}

/// The player's screen of `view`'s team in the game of four `game` of
/// `game_id`, on a screen that scrolls.
pub fn button(
    ui: &mut Ui,
    state: &AppState,
    game_id: GameId,
    view: &EruditTeamView,
    game: &GameBoard,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    // Read before any widget is drawn, so a focused button does not also
    // take the space bar as its own click.
    let space = space_pressed(ui);
    let lit = may_press_at(view, now);
    let row = view.row();
    let on = row.and_then(|r| r.on.as_deref());
    // Where the screen's content begins, for the button to reach the
    // bottom of a phone's screen from wherever it starts.
    let top = ui.max_rect().top();
    let phone = widgets::phone_portrait(ui.ctx());
    // A phone held upright: smaller type above, so that the button below
    // can fill the lower half of the screen.
    let scale = if phone { 0.6 } else { 1.0 };
    if game.tie.is_some() {
        super::tie::hall(ui, lang, game, 26.0 * scale);
        if lit {
            ui.vertical_centered(|ui| {
                ui.label(
                    RichText::new(lang.t(crate::i18n::tie::Tt::YourShootOff))
                        .size(24.0)
                        .color(GREEN),
                );
            });
        }
    }
    ui.vertical_centered(|ui| {
        if let Some(tour) = &game.tour {
            ui.label(
                RichText::new(words::tour_heading(lang, tour.number, tour.kind))
                    .size(18.0)
                    .color(GREY),
            );
        }
        let player = match (on, &game.phase) {
            (Some(player), _) => words::now_playing(lang, player),
            (None, PhaseView::Playing { .. }) => lang.t(Et::NotFielded).to_owned(),
            (None, _) => lang.t(Et::WaitingForLineup).to_owned(),
        };
        ui.label(RichText::new(player).size(30.0 * scale).strong());
        let question = game
            .question
            .as_ref()
            .filter(|_| matches!(game.phase, PhaseView::Playing { .. }));
        if let Some(q) = question {
            ui.label(
                RichText::new(words::question_line(
                    lang,
                    q.round,
                    q.theme.as_deref(),
                    q.value,
                ))
                .size(24.0 * scale),
            );
        }
        let (text, colour) = face(lang, view, game, now);
        ui.label(
            RichText::new(text)
                .size(36.0 * scale)
                .strong()
                .color(colour),
        );
        let digits = question
            .map(|q| state_at(q, now))
            .and_then(|s| silence_left(&s, now));
        // The digits' place is kept, so the button never jumps.
        ui.label(
            RichText::new(digits.unwrap_or_else(|| "–:––".into()))
                .size(48.0 * scale)
                .monospace()
                .strong()
                .color(if lit { GREEN } else { IDLE }),
        );
        ui.add_space(6.0);
        let fill = if state.button.is_flashing(state.now_us) {
            FLASH
        } else if lit {
            GREEN
        } else {
            IDLE
        };
        let clicked = if phone {
            // The verdict above the button, which takes the rest of the
            // screen; a phone has no space bar to hint at.
            verdict(ui, state, game_id, game);
            big(ui, lang.t(T::Press), fill, lit, top)
        } else {
            let clicked = big(ui, lang.t(T::Press), fill, lit, top);
            ui.label(RichText::new(lang.t(T::PressHint)).color(GREY));
            ui.add_space(4.0);
            verdict(ui, state, game_id, game);
            clicked
        };
        if let Some(q) = question
            && matches!(state_at(q, now), QuestionState::Closed { .. })
            && let Some(answer) = &q.answer
        {
            ui.label(RichText::new(words::answer(lang, answer)).size(24.0));
            if let Some(comment) = &q.comment {
                ui.label(RichText::new(comment).size(18.0).color(GREY));
            }
        }
        if lit && (clicked || space) {
            // The terminal's best measured offset goes with the press into
            // the press log. The press names no game: the server gives it
            // to the game this team plays.
            let clock_offset_us = state.clock.map_or(0, |c| c.offset_us);
            out.push(UiCommand::Send(Command::Press { clock_offset_us }));
        }
    });
    ui.add_space(12.0);
    board::table_of_four(ui, game, Some(view.team), 20.0);
    if let Some(tour) = &game.tour {
        ui.add_space(8.0);
        let round = match game.phase {
            PhaseView::Playing { round } => Some(round),
            _ => None,
        };
        board::themes(ui, lang, tour, round, 18.0);
    }
}

/// The state in big letters as this team lives it, and its colour.
fn face(
    lang: Lang,
    view: &EruditTeamView,
    game: &GameBoard,
    now: minuta_shared::time::ServerTime,
) -> (String, Color32) {
    let Some(q) = game
        .question
        .as_ref()
        .filter(|_| matches!(game.phase, PhaseView::Playing { .. }))
    else {
        let text = match game.phase {
            PhaseView::Lineup { .. } | PhaseView::BeforeLineup { .. } => Et::BetweenRounds,
            _ => Et::WaitQuestion,
        };
        return (lang.t(text).to_owned(), GREY);
    };
    let tried = q.attempts.iter().any(|(t, _)| *t == view.team);
    let state = state_at(q, now);
    match state {
        QuestionState::Ready => (lang.t(Et::WaitQuestion).to_owned(), GREY),
        QuestionState::Reading { .. } | QuestionState::Waiting { .. } if tried => {
            (lang.t(Et::AlreadyTried).to_owned(), RED)
        }
        QuestionState::Reading { .. } if view.may_press() => {
            (lang.t(Et::Reading).to_owned(), GREEN)
        }
        QuestionState::Waiting { .. } if view.may_press() => {
            (lang.t(Et::PressNow).to_owned(), GREEN)
        }
        QuestionState::Answering { team, .. } if team == view.team => {
            (lang.t(Et::YouAnswer).to_owned(), AMBER)
        }
        QuestionState::Closed { by: Some(team) } if team == view.team => {
            (lang.t(Et::RightYours).to_owned(), GREEN)
        }
        _ => board::hall_state(lang, game, &state, q.value),
    }
}

/// The server's word on this terminal's press of the current question.
fn verdict(ui: &mut Ui, state: &AppState, game_id: GameId, game: &GameBoard) {
    let lang = state.lang;
    let size = 22.0;
    let outcome = game
        .question_mark()
        .and_then(|q| state.button.verdict_on(PressOn::new(game_id, q)));
    match outcome {
        Some(outcome) => {
            let colour = match outcome {
                PressOutcome::Decided {
                    kind: minuta_shared::play::button::PressKind::Won,
                    ..
                } => GREEN,
                PressOutcome::Decided { .. } => AMBER,
                PressOutcome::Refused(_) | PressOutcome::Lost => RED,
            };
            ui.label(
                RichText::new(words::press_verdict(lang, outcome))
                    .size(size)
                    .strong()
                    .color(colour),
            );
        }
        None if state.button.waiting() => {
            ui.label(
                RichText::new(lang.t(T::WaitingVerdict))
                    .size(size)
                    .color(GREY),
            );
        }
        // Keeps the layout still when the verdict appears.
        None => {
            ui.label(RichText::new(" ").size(size));
        }
    }
}
