//! The answer card of a team's (in Сэндвич: a ломтик's) terminal: one
//! answer, or Блицкриг's four on one card numbered by question (3.3) with
//! the block's 20-s steps; confirmed before it goes (final, as on paper),
//! on its way, refused in place, and once taken its receipt and, after the
//! reveal, its verdicts (Джокер's only after the tour, 5.5). Issue 39:
//! what is written is kept past a reload until the server takes the card.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::neptune::rules::{Contest, QUESTIONS_PER_BLOCK};
use minuta_shared::play::neptune::{NeptuneCommand, NeptuneTeamView, OwnCard, Stage};

use super::{last_ack, pending, send};
use crate::i18n::{self, Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::kept::{self, Kept};
use crate::views::neptune::words::Nt;
use crate::views::widgets::{self, AMBER, GREEN, GREY, RED};

/// The widest the card grows on a large screen.
const WIDTH: f32 = 640.0;

/// A card being written for one question (Блицкриг: one block).
#[derive(Debug, Default)]
pub struct CardDraft {
    /// The question it is for: contest and number from 0.
    pub on: Option<(Contest, u32)>,
    pub answers: Vec<String>,
    /// «Карточка окончательна…» is showing.
    pub confirming: bool,
    /// Sent for this question: the form stays closed until the server
    /// refuses it (its view then shows the card).
    pub sent: bool,
    /// Why the server refused the card sent for this question.
    pub refused: Option<String>,
    /// Issue 39: the card's draft.
    kept: Kept,
}

impl CardDraft {
    /// A fresh card once the hall moves to another question.
    fn follow(&mut self, on: Option<(Contest, u32)>, answers: usize) {
        if self.on != on {
            *self = CardDraft {
                on,
                ..CardDraft::default()
            };
        }
        self.answers.resize(answers, String::new());
    }

    /// Issue 39: on the question's first frame, the answers kept before a
    /// reload, unless something is written already.
    fn restore(&mut self, state: &AppState, key: &str) {
        if let Some(found) = self.kept.restore(state, key)
            && self.answers.iter().all(String::is_empty)
            && let Some(kept) = kept::from_text::<Vec<String>>(found)
        {
            for (answer, kept) in self.answers.iter_mut().zip(kept) {
                *answer = kept;
            }
        }
    }

    /// Issue 39: keeps the answers as written, when they changed.
    fn keep(&mut self, out: &mut Vec<UiCommand>) {
        let text = if self.answers.iter().all(String::is_empty) {
            String::new()
        } else {
            kept::to_text(&self.answers)
        };
        self.kept.keep(&text, out);
    }
}

/// Issue 39: the key of the card's draft for question `index` (from 0) of
/// `contest`.
fn draft_key(game: GameId, (contest, index): (Contest, u32)) -> String {
    kept::draft_key(game, format_args!("{}-q{index}", contest.key()))
}

pub fn card(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &NeptuneTeamView,
    draft: &mut CardDraft,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let board = &view.board;
    let contest = board.contest;
    let on = board.question.as_ref().map(|q| (q.contest, q.index));
    draft.follow(on, view.answers_expected.max(1) as usize);
    let key = on.map(|on| draft_key(game, on));
    if let Some(own) = &view.card {
        // Issue 39: the card is the server's now; its draft has done its job.
        if let Some(key) = &key {
            kept::forget(state, key, out);
        }
        handed_in(ui, lang, view, own);
        return;
    }
    let is_answer = |c: &NeptuneCommand| matches!(c, NeptuneCommand::Answer { .. });
    if pending(state, game).any(is_answer) {
        sending(ui, lang, &draft.answers);
        return;
    }
    if draft.sent {
        // The Ack came before the view: a refusal reopens the form.
        match last_ack(state, game, is_answer) {
            Some(Err(error)) => {
                draft.refused = Some(i18n::command_error(lang, error));
                draft.sent = false;
            }
            _ => {
                sending(ui, lang, &draft.answers);
                return;
            }
        }
    }
    if !view.may_answer {
        if board.question.is_none() {
            ui.label(
                RichText::new(lang.t(Nt::WaitQuestion))
                    .size(20.0)
                    .color(GREY),
            );
        }
        return;
    }
    if contest == Some(Contest::Blitz) {
        steps(ui, &board.stage);
    }
    let now = state.server_now();
    // Past the grace the server keeps the card but never scores it.
    if let Stage::Minute { accept_until, .. } = board.stage
        && now > accept_until
    {
        ui.label(RichText::new(lang.t(Nt::LateWarning)).color(AMBER));
    }
    if let Some(why) = &draft.refused {
        ui.label(RichText::new(why).color(RED));
    }
    if let Some(key) = &key {
        draft.restore(state, key);
    }
    let written = write(ui, lang, game, contest == Some(Contest::Blitz), draft);
    // The draft stays past the hand-in until the server takes the card: a
    // reload before that gives it back.
    draft.keep(out);
    if let Some(answers) = written {
        draft.sent = true;
        draft.refused = None;
        send(
            out,
            game,
            NeptuneCommand::Answer {
                answers,
                slice: view.slice,
            },
        );
    }
}

/// 3.2: the block's four questions: read, being discussed, still to come.
fn steps(ui: &mut Ui, stage: &Stage) {
    let (done, running) = match stage {
        Stage::Minute { step, .. } => (step.saturating_sub(1), Some(*step)),
        Stage::BetweenSteps { step } => (*step, None),
        _ => (0, None),
    };
    ui.horizontal(|ui| {
        for n in 1..=QUESTIONS_PER_BLOCK as u8 {
            // The one being discussed lit, the read ones dimmed.
            let text = RichText::new(n.to_string()).size(22.0).monospace();
            let text = if Some(n) == running {
                text.strong().color(GREEN)
            } else if n <= done {
                text.color(GREY).weak()
            } else {
                text.color(GREY)
            };
            ui.label(text);
        }
    });
}

/// The fields, «Сдать карточку» and the confirmation: the answers to send
/// once confirmed.
fn write(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    blitz: bool,
    draft: &mut CardDraft,
) -> Option<Vec<String>> {
    let width = ui.available_width().min(WIDTH);
    if draft.confirming {
        return confirm(ui, lang, game, blitz, draft, width);
    }
    let mut entered = false;
    let mut fields: Vec<egui::Response> = Vec::new();
    for (i, answer) in draft.answers.iter_mut().enumerate() {
        if blitz {
            ui.horizontal(|ui| {
                let label = ui.label(RichText::new(format!("{}.", i + 1)).size(22.0));
                let edit = egui::TextEdit::singleline(answer)
                    .font(egui::FontId::proportional(22.0))
                    .desired_width(width - 40.0);
                fields.push(ui.add(edit).labelled_by(label.id));
            });
        } else {
            let edit = egui::TextEdit::singleline(answer)
                .hint_text(lang.t(T::YourAnswer))
                .font(egui::FontId::proportional(24.0))
                .desired_width(width);
            let response = ui.add(edit);
            entered |= response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            fields.push(response);
        }
    }
    let ready = draft.answers.iter().any(|a| !a.trim().is_empty());
    let submit = ui.add_enabled(
        ready,
        egui::Button::new(RichText::new(lang.t(Nt::HandIn)).size(22.0)),
    );
    for field in &fields {
        crate::views::widgets::keep_in_sight(ui, field, &submit);
    }
    if ready && (submit.clicked() || entered) {
        draft.confirming = true;
    }
    None
}

/// «Карточка окончательна, как на бумаге. Сдать?» with «Да, сдать» /
/// «Отмена».
fn confirm(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    blitz: bool,
    draft: &mut CardDraft,
    width: f32,
) -> Option<Vec<String>> {
    let mut sent = None;
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_max_width(width);
        ui.label(RichText::new(lang.t(Nt::CardFinal)).size(20.0).strong());
        answers(ui, &draft.answers, blitz, 22.0);
        widgets::centred(ui, &format!("neptune-confirm-{}", game.0), |ui| {
            ui.horizontal(|ui| {
                if ui
                    .button(RichText::new(lang.t(T::ConfirmYes)).size(20.0))
                    .clicked()
                {
                    draft.confirming = false;
                    sent = Some(draft.answers.iter().map(|a| a.trim().to_owned()).collect());
                }
                if ui
                    .button(RichText::new(lang.t(T::Cancel)).size(20.0))
                    .clicked()
                {
                    draft.confirming = false;
                }
            });
        });
    });
    sent
}

/// The card's answers: «1. …» on a block's card, in quotes otherwise.
fn answers(ui: &mut Ui, answers: &[String], blitz: bool, size: f32) {
    for (i, answer) in answers.iter().enumerate() {
        let text = if blitz {
            format!("{}. {}", i + 1, answer.trim())
        } else {
            widgets::quoted(answer)
        };
        ui.label(RichText::new(text).size(size));
    }
}

/// The card on its way to the server.
fn sending(ui: &mut Ui, lang: Lang, texts: &[String]) {
    answers(ui, texts, texts.len() > 1, 22.0);
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label(lang.t(T::Sending));
    });
}

/// The card as the server took it: its answers, each with its verdict
/// once revealed, and the receipt.
fn handed_in(ui: &mut Ui, lang: Lang, view: &NeptuneTeamView, own: &OwnCard) {
    let board = &view.board;
    let blitz = board.contest == Some(Contest::Blitz);
    let joker = board.contest == Some(Contest::Joker);
    let revealed = matches!(board.stage, Stage::Revealed | Stage::Between { .. }) || board.finished;
    egui::Grid::new("neptune-own-card")
        .spacing([16.0, 6.0])
        .show(ui, |ui| {
            for (i, answer) in own.answers.iter().enumerate() {
                let text = if blitz {
                    format!("{}. {}", i + 1, answer)
                } else {
                    widgets::quoted(answer)
                };
                ui.label(RichText::new(text).size(22.0));
                let (word, colour) = match own.verdicts.get(i).copied().flatten() {
                    Some(true) => (Nt::VerdictRight, GREEN),
                    Some(false) => (Nt::VerdictWrong, RED),
                    None if joker => (Nt::VerdictsLater, GREY),
                    None if revealed || answer.trim().is_empty() => (Nt::NotBegun, GREY),
                    None => (Nt::VerdictPending, GREY),
                };
                ui.label(
                    RichText::new(lang.t(word))
                        .size(20.0)
                        .strong()
                        .color(colour),
                );
                ui.end_row();
            }
        });
    let receipt = match board.stage {
        // A minute's card says when it came, as ChGK's does.
        Stage::Minute { started_at, .. } if !blitz && !own.late => {
            let ms = own.received_at.since(started_at).as_millis() as u64;
            i18n::card_receipt(lang, ms, false)
        }
        _ if own.late => lang.t(Nt::CardLate).to_owned(),
        _ => lang.t(Nt::CardAccepted).to_owned(),
    };
    let colour = if own.late { RED } else { GREEN };
    ui.label(RichText::new(receipt).size(22.0).color(colour));
    ui.label(RichText::new(lang.t(Nt::CardLocked)).color(GREY));
}
