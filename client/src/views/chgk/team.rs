//! A team's ChGK screen: the question number, the clock, the answer card
//! (confirmed before it goes, locked once accepted), the receipt, past
//! answers with verdicts after the reveal, appeals (4.13) and the public
//! standings. The caller draws the team's heading above it. Issue 39: the
//! card and an appeal being written are kept past a reload until the
//! server takes them.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, QuestionId};
use minuta_shared::play::chgk::view::TeamCard;
use minuta_shared::play::chgk::{
    AppealKind, ChgkCommand, ChgkError, ChgkReceipt, ChgkTeamView, Verdict,
};
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameCommand, GameError, GameReceipt, PlayError};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::CommandError;

use crate::i18n::{self, Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::answer_card::{self, Draft};
use crate::views::appeal::{self, Decided, Own, Written};
use crate::views::chgk::words::Ct;
use crate::views::kept::{self, Kept};
use crate::views::widgets::{self, GREEN, GREY, RED};

/// What a team is writing in a ChGK game.
#[derive(Debug, Default)]
pub struct ChgkTeamForm {
    /// The answer being written for the current question.
    pub card: Draft<QuestionId>,
    /// «Пропуск» was pressed: its confirmation shows (4.3: an empty card
    /// is as final as any).
    pub passing: Option<QuestionId>,
    pub appeal: Option<AppealForm>,
    /// Issue 39: the kept drafts were looked through for an appeal a
    /// reload interrupted.
    pub appeals_looked: bool,
}

#[derive(Debug)]
pub struct AppealForm {
    pub question: QuestionId,
    pub kind: AppealKind,
    pub text: String,
    /// Issue 39: its draft.
    pub kept: Kept,
}

/// Issue 39: the key of the card's draft for `question`.
fn card_key(game: GameId, question: QuestionId) -> String {
    kept::draft_key(game, format_args!("q{}", question.0))
}

/// Issue 39: the key of the draft of an appeal on `question`.
fn appeal_key(game: GameId, question: QuestionId) -> String {
    kept::draft_key(game, format_args!("appeal-q{}", question.0))
}

/// The screen of ChGK game `game` as the team sees it.
pub fn screen(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &ChgkTeamView,
    form: &mut ChgkTeamForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    form.card.follow(view.clock.question);
    ui.vertical_centered(|ui| {
        if let Some(question) = view.clock.question {
            ui.label(
                RichText::new(i18n::question_number(lang, &view.clock.number))
                    .size(56.0)
                    .strong(),
            );
            widgets::big_clock(ui, lang, &view.clock, now, 96.0);
            ui.add_space(8.0);
            card(ui, state, game, view, question, form, out);
        } else {
            ui.label(RichText::new(lang.t(T::NoQuestionYet)).size(22.0));
        }
    });
    ui.add_space(16.0);
    past_answers(ui, state, game, view, form, out);
    appeals(ui, lang, view);
    ui.separator();
    ui.heading(lang.t(T::Standings));
    super::standings::standings_table(ui, lang, "team", &view.standings, 14.0);
}

/// The receipt of this terminal's own card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardReceipt {
    pub received_at: ServerTime,
    pub since_start_ms: u64,
    pub late: bool,
}

/// The server's answers to this terminal's cards for `question`, latest
/// first.
fn card_acks(
    state: &AppState,
    game: GameId,
    question: QuestionId,
) -> impl Iterator<Item = &Result<GameReceipt, CommandError>> {
    state
        .game_acks
        .iter()
        .rev()
        .filter(move |a| {
            a.game == game
                && matches!(
                    &a.command,
                    GameCommand::Chgk(ChgkCommand::SubmitCard { question: q, .. }) if *q == question
                )
        })
        .map(|a| &a.result)
}

/// Why the server last refused this terminal's card for `question`.
fn card_refusal(state: &AppState, game: GameId, question: QuestionId) -> Option<&CommandError> {
    card_acks(state, game, question).find_map(|r| r.as_ref().err())
}

/// Whether a card for `question` of `game` is on its way to the server.
pub fn card_in_flight(state: &AppState, game: GameId, question: QuestionId) -> bool {
    state.pending_game_commands().any(|(g, c)| {
        g == game
            && matches!(c, GameCommand::Chgk(ChgkCommand::SubmitCard { question: q, .. }) if *q == question)
    })
}

/// This team's receipt for a question: the Ack's, or the view's if the Ack
/// was lost with a dropped link.
pub fn receipt(
    state: &AppState,
    game: GameId,
    view: &ChgkTeamView,
    question: QuestionId,
) -> Option<CardReceipt> {
    card_acks(state, game, question)
        .find_map(|r| match r {
            Ok(GameReceipt::Chgk(ChgkReceipt::Card {
                received_at,
                since_start_ms,
                late,
                ..
            })) => Some(CardReceipt {
                received_at: *received_at,
                since_start_ms: *since_start_ms,
                late: *late,
            }),
            _ => None,
        })
        .or_else(|| {
            view.cards
                .iter()
                .find(|c| c.question == question)
                .map(|c| CardReceipt {
                    received_at: c.received_at,
                    since_start_ms: c.since_start_ms,
                    late: c.late,
                })
        })
}

fn card(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &ChgkTeamView,
    question: QuestionId,
    form: &mut ChgkTeamForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let key = card_key(game, question);
    if let Some(receipt) = receipt(state, game, view, question) {
        // Issue 39: the card is the server's now; its draft has done its job.
        kept::forget(state, &key, out);
        let text = view
            .cards
            .iter()
            .find(|c| c.question == question)
            .map(|c| c.text.as_str())
            .unwrap_or(&form.card.text);
        // This terminal's card came second: say why it is not the one shown.
        let second = card_refusal(state, game, question).filter(|e| {
            matches!(
                e,
                CommandError::Play(PlayError::Game(GameError::Chgk(
                    ChgkError::CardAlreadyAccepted
                )))
            )
        });
        if let Some(error) = second {
            answer_card::refusal(ui, lang, error);
        }
        let (ms, late) = (receipt.since_start_ms, receipt.late);
        // A «пропуск» reads as such, not as an empty quote.
        let text = if text.is_empty() {
            lang.t(Ct::PassCard)
        } else {
            text
        };
        answer_card::received(ui, lang, text, ms, late, T::CardLocked);
        return;
    }
    if card_in_flight(state, game, question) {
        answer_card::sending(ui, lang, &form.card.text);
        return;
    }
    if form.passing == Some(question) {
        confirm_pass(ui, lang, game, question, form, out);
        return;
    }
    let late = widgets::phase_at(&view.clock, state.server_now()) == Phase::Over;
    let refused = card_refusal(state, game, question);
    form.card.restore(state.drafts.get(&key));
    let written = answer_card::write(ui, lang, "confirm-card", &mut form.card, late, refused);
    if let Some(text) = form.card.changed() {
        out.push(UiCommand::KeepDraft { key, text });
    }
    if let Some(text) = written {
        out.push(UiCommand::Send(Command::game(
            game,
            ChgkCommand::SubmitCard { question, text },
        )));
    }
    // 4.3: a team that has nothing to write hands in a «пропуск» on
    // purpose; it plays the question and scores nothing.
    if !form.card.confirming
        && form.card.text.trim().is_empty()
        && ui.button(lang.t(Ct::PassButton)).clicked()
    {
        form.passing = Some(question);
    }
}

/// «Сдать пустую карточку?» with «Да, пропуск» / «Отмена».
fn confirm_pass(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    question: QuestionId,
    form: &mut ChgkTeamForm,
    out: &mut Vec<UiCommand>,
) {
    ui.label(RichText::new(lang.t(Ct::PassConfirm)).size(18.0));
    ui.horizontal(|ui| {
        if ui.button(lang.t(Ct::PassYes)).clicked() {
            form.passing = None;
            out.push(UiCommand::Send(Command::game(
                game,
                ChgkCommand::SubmitCard {
                    question,
                    text: String::new(),
                },
            )));
        }
        if ui.button(lang.t(T::Cancel)).clicked() {
            form.passing = None;
        }
    });
}

fn past_answers(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &ChgkTeamView,
    form: &mut ChgkTeamForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if view.cards.is_empty() {
        return;
    }
    ui.separator();
    ui.heading(lang.t(T::PastAnswers));
    // The appeal form opens above the list, where the person looks.
    appeal_form(ui, state, game, view, form, out);
    let heads = [
        T::ColNumber,
        T::ColAnswer,
        T::ColReceived,
        T::ColVerdict,
        T::ColAuthorAnswer,
    ];
    answer_card::past(ui, lang, "past-answers", &heads, &view.cards, |ui, card| {
        past_answer_row(ui, lang, card, form)
    });
}

fn past_answer_row(ui: &mut Ui, lang: Lang, card: &TeamCard, form: &mut ChgkTeamForm) {
    ui.label(&card.number);
    if card.text.is_empty() {
        ui.label(RichText::new(lang.t(Ct::PassCard)).color(GREY));
    } else {
        ui.label(&card.text);
    }
    answer_card::received_cell(ui, lang, card.since_start_ms, card.late);
    match &card.reveal {
        None => {
            ui.label(RichText::new(lang.t(T::VerdictPending)).color(GREY));
            ui.label("");
        }
        Some(reveal) => {
            let (text, colour) = if reveal.withdrawn {
                (lang.t(T::Withdrawn), GREY)
            } else {
                match reveal.verdict {
                    Some(v) => (
                        crate::views::chgk::words::verdict(lang, v),
                        if v == minuta_shared::play::chgk::Verdict::Correct {
                            GREEN
                        } else {
                            RED
                        },
                    ),
                    None => (lang.t(T::VerdictLate), RED),
                }
            };
            ui.label(RichText::new(text).color(colour).strong());
            // A phone's box (a wrapping row): the author's answer on a line
            // of its own, never squeezed into what the row left.
            if ui.layout().main_wrap {
                ui.end_row();
            }
            ui.vertical(|ui| {
                ui.set_min_width(ui.available_width().min(280.0));
                ui.label(RichText::new(&reveal.author_answer).strong());
                if let Some(accepted) = &reveal.accepted {
                    ui.label(format!("{}: {accepted}", lang.t(T::Accepted)));
                }
                if let Some(comment) = &reveal.comment {
                    ui.label(RichText::new(comment).small().color(GREY));
                }
            });
            if !reveal.withdrawn && widgets::touch_button(ui, lang.t(T::Appeal)).clicked() {
                form.appeal = Some(AppealForm {
                    question: card.question,
                    kind: AppealKind::WithdrawQuestion,
                    text: String::new(),
                    kept: Kept::default(),
                });
            }
        }
    }
}

fn appeal_form(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &ChgkTeamView,
    form: &mut ChgkTeamForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    // Issue 39: an appeal the server lists leaves no draft behind (unless
    // a second one on its question is being written).
    for filed in &view.appeals {
        if form
            .appeal
            .as_ref()
            .is_none_or(|a| a.question != filed.question)
        {
            let key = appeal_key(game, filed.question);
            appeal::forget_filed(state, &key, filed.kind, out);
        }
    }
    if !form.appeals_looked {
        form.appeals_looked = true;
        if form.appeal.is_none() {
            form.appeal = reopened(state, game, view);
        }
    }
    let Some(appeal) = &mut form.appeal else {
        return;
    };
    let key = appeal_key(game, appeal.question);
    appeal::restore(
        &mut appeal.kept,
        state,
        &key,
        &mut appeal.kind,
        &mut appeal.text,
    );
    let card = view.cards.iter().find(|c| c.question == appeal.question);
    let number = card.map(|c| c.number.clone()).unwrap_or_default();
    // 4.15: a спорный is only on an answer not counted; one judged right
    // has nothing to ask for (the server refuses it too).
    let counted = card
        .and_then(|c| c.reveal.as_ref())
        .is_some_and(|r| r.verdict == Some(Verdict::Correct));
    if counted {
        appeal.kind = AppealKind::WithdrawQuestion;
    }
    let written = egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(
            RichText::new(format!(
                "{} — {}",
                lang.t(T::Appeal),
                i18n::question_number(lang, &number)
            ))
            .strong(),
        );
        // Wrapped: on a phone the second choice goes under the first.
        ui.horizontal_wrapped(|ui| {
            ui.radio_value(
                &mut appeal.kind,
                AppealKind::WithdrawQuestion,
                crate::views::chgk::words::appeal_kind(lang, AppealKind::WithdrawQuestion),
            );
            if !counted {
                ui.radio_value(
                    &mut appeal.kind,
                    AppealKind::AcceptMyAnswer,
                    crate::views::chgk::words::appeal_kind(lang, AppealKind::AcceptMyAnswer),
                );
            }
        });
        appeal::write(ui, lang, &mut appeal.text, false).1
    });
    appeal::keep(&mut appeal.kept, appeal.kind, &appeal.text, out);
    let Some(written) = written.inner else {
        return;
    };
    match written {
        // The draft stays until the server lists the appeal: a reload
        // before that gives it back.
        Written::Filed(text) => out.push(UiCommand::Send(Command::game(
            game,
            ChgkCommand::FileAppeal {
                question: appeal.question,
                kind: appeal.kind,
                text,
            },
        ))),
        Written::Cancelled => appeal.kept.keep("", out),
    }
    form.appeal = None;
}

/// Issue 39: the appeal a reload interrupted: the first revealed question
/// with a kept appeal the server does not list yet.
fn reopened(state: &AppState, game: GameId, view: &ChgkTeamView) -> Option<AppealForm> {
    view.cards
        .iter()
        .filter(|c| c.reveal.as_ref().is_some_and(|r| !r.withdrawn))
        .find_map(|card| {
            let (kind, text) = appeal::draft(state, &appeal_key(game, card.question))?;
            let filed = view
                .appeals
                .iter()
                .any(|a| a.question == card.question && a.kind == kind);
            (!filed).then(|| AppealForm {
                question: card.question,
                kind,
                text,
                kept: Kept::default(),
            })
        })
}

fn appeals(ui: &mut Ui, lang: Lang, view: &ChgkTeamView) {
    let own: Vec<Own<'_>> = view
        .appeals
        .iter()
        .map(|a| Own {
            title: i18n::question_number(lang, &a.number),
            kind: crate::views::chgk::words::appeal_kind(lang, a.kind),
            text: &a.text,
            decided: a.resolution.as_ref().map(|r| Decided {
                upheld: r.upheld,
                credit: None,
                reply: &r.reply,
            }),
        })
        .collect();
    appeal::own(ui, lang, &own);
}
