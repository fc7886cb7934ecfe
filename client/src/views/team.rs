//! The team terminal: the team's name, the question number, the clock, the
//! answer card (confirmed before it goes, locked once accepted), the
//! receipt, past answers with verdicts after the reveal, appeals and the
//! public standings. While the team plays a Brain-ring fight the terminal
//! is its button instead ([`crate::views::ring::button`]). When the
//! programme has games of other formats ([`crate::views::games`]), the
//! terminal follows whichever had the hall's attention last, and a row of
//! pages lets the team look at the other.

use egui::{RichText, Ui};
use minuta_shared::ids::{GameId, QuestionId};
use minuta_shared::play::chgk::{AppealKind, Phase};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{TeamCard, TeamGame, TeamView};

use crate::i18n::{self, Lang, T};
use crate::state::{AppState, CardReceipt, UiCommand};
use crate::views::answer_card::{self, Draft};
use crate::views::appeal::{self, Decided, Own, Written};
use crate::views::games::{self, GameForms};
use crate::views::ring::button::{self, ButtonForm};
use crate::views::ring::waiting;
use crate::views::widgets::{self, GREEN, GREY, RED};

#[derive(Debug, Default)]
pub struct TeamForm {
    /// The answer being written for the ChGK question.
    pub card: Draft<QuestionId>,
    pub appeal: Option<AppealForm>,
    pub button: ButtonForm,
    /// The games' own cards and forms.
    pub games: GameForms,
    /// The page the team chose, and the one the terminal followed by
    /// itself: the choice holds until the hall's attention moves.
    pub page: Option<TeamPage>,
    pub followed: Option<TeamPage>,
}

/// One of a team's screens: the ChGK (or Brain-ring) one, or a game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamPage {
    Main,
    Game(GameId),
}

#[derive(Debug)]
pub struct AppealForm {
    pub question: QuestionId,
    pub kind: AppealKind,
    pub text: String,
}

pub fn team(ui: &mut Ui, state: &AppState, view: &TeamView, form: &mut TeamForm) -> Vec<UiCommand> {
    if let Some(fight) = &view.ring {
        return button::button(ui, state, view, fight, &mut form.button);
    }
    let shown: Vec<&TeamGame> = view
        .games
        .iter()
        .filter(|g| games::team_relevant(g))
        .collect();
    if shown.is_empty() {
        return main(ui, state, view, form);
    }
    let lang = state.lang;
    let now = state.server_now();
    let main_relevant =
        view.clock.question.is_some() || !view.cards.is_empty() || view.ring_board.is_some();
    // The page the hall is on: whichever had its attention last.
    let latest = shown
        .iter()
        .map(|g| (games::team_activity(g, now), g.id))
        .max_by_key(|(activity, _)| *activity);
    let auto = match latest {
        Some((activity, game))
            if !main_relevant || activity > games::chgk_activity(&view.clock, now) =>
        {
            TeamPage::Game(game)
        }
        _ => TeamPage::Main,
    };
    if form.followed != Some(auto) {
        form.followed = Some(auto);
        form.page = Some(auto);
    }
    let mut pages: Vec<(TeamPage, String)> = Vec::new();
    if main_relevant {
        let label = if view.clock.question.is_none() && view.ring_board.is_some() {
            lang.t(T::TabRing)
        } else {
            lang.t(T::ChgkScreen)
        };
        pages.push((TeamPage::Main, label.to_owned()));
    }
    for game in &shown {
        pages.push((
            TeamPage::Game(game.id),
            games::game_name(lang, game.format, &game.name),
        ));
    }
    let page = form
        .page
        .filter(|p| pages.iter().any(|(q, _)| q == p))
        .unwrap_or(auto);
    if pages.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            for (choice, label) in &pages {
                if ui
                    .selectable_label(page == *choice, RichText::new(label).size(16.0))
                    .clicked()
                {
                    form.page = Some(*choice);
                }
            }
        });
        ui.separator();
    }
    let game = match page {
        TeamPage::Game(id) => shown.iter().find(|g| g.id == id),
        TeamPage::Main => None,
    };
    let Some(game) = game else {
        return main(ui, state, view, form);
    };
    let mut out = Vec::new();
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.vertical_centered(|ui| widgets::team_heading(ui, view));
            games::team(ui, state, game, &mut form.games, &mut out);
        });
    out
}

/// The ChGK screen, or Brain-ring's between the team's fights.
fn main(ui: &mut Ui, state: &AppState, view: &TeamView, form: &mut TeamForm) -> Vec<UiCommand> {
    // Between its Brain-ring fights (and no ChGK question running), a team
    // follows the tournament: its fights, its place, the final places.
    if view.clock.question.is_none()
        && let Some(ring) = &view.ring_board
    {
        waiting::waiting(ui, state, view, ring);
        return Vec::new();
    }
    let lang = state.lang;
    let mut out = Vec::new();
    let now = state.server_now();
    form.card.follow(view.clock.question);
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.vertical_centered(|ui| {
                widgets::team_heading(ui, view);
                if let Some(question) = view.clock.question {
                    ui.label(
                        RichText::new(i18n::question_number(lang, &view.clock.number))
                            .size(56.0)
                            .strong(),
                    );
                    widgets::big_clock(ui, lang, &view.clock, now, 96.0);
                    ui.add_space(8.0);
                    let phase = widgets::phase_at(&view.clock, now);
                    card(ui, state, view, question, phase, form, &mut out);
                } else {
                    ui.label(RichText::new(lang.t(T::NoQuestionYet)).size(22.0));
                }
            });
            ui.add_space(16.0);
            past_answers(ui, lang, view, form, &mut out);
            appeals(ui, lang, view);
            ui.separator();
            ui.heading(lang.t(T::Standings));
            widgets::standings_table(ui, lang, "team", &view.standings, 14.0);
        });
    out
}

/// This team's receipt for a question: the Ack's, or the view's if the Ack
/// was lost with a dropped link.
pub fn receipt(state: &AppState, view: &TeamView, question: QuestionId) -> Option<CardReceipt> {
    state.card_receipts.get(&question).cloned().or_else(|| {
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
    view: &TeamView,
    question: QuestionId,
    phase: Phase,
    form: &mut TeamForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if let Some(receipt) = receipt(state, view, question) {
        let text = view
            .cards
            .iter()
            .find(|c| c.question == question)
            .map(|c| c.text.as_str())
            .unwrap_or(&form.card.text);
        let (ms, late) = (receipt.since_start_ms, receipt.late);
        answer_card::received(ui, lang, text, ms, late, T::CardLocked);
        return;
    }
    if state.card_in_flight(question) {
        answer_card::sending(ui, lang, &form.card.text);
        return;
    }
    let late = phase == Phase::Over;
    let refused = state.card_errors.get(&question);
    if let Some(text) = answer_card::write(ui, lang, "confirm-card", &mut form.card, late, refused)
    {
        out.push(UiCommand::Send(Command::SubmitCard { question, text }));
    }
}

fn past_answers(
    ui: &mut Ui,
    lang: Lang,
    view: &TeamView,
    form: &mut TeamForm,
    out: &mut Vec<UiCommand>,
) {
    if view.cards.is_empty() {
        return;
    }
    ui.separator();
    ui.heading(lang.t(T::PastAnswers));
    // The appeal form opens above the list, where the person looks.
    appeal_form(ui, lang, view, form, out);
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

fn past_answer_row(ui: &mut Ui, lang: Lang, card: &TeamCard, form: &mut TeamForm) {
    ui.label(&card.number);
    ui.label(&card.text);
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
                        i18n::verdict(lang, v),
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
            ui.vertical(|ui| {
                ui.set_min_width(280.0);
                ui.label(RichText::new(&reveal.author_answer).strong());
                if let Some(accepted) = &reveal.accepted {
                    ui.label(format!("{}: {accepted}", lang.t(T::Accepted)));
                }
                if let Some(comment) = &reveal.comment {
                    ui.label(RichText::new(comment).small().color(GREY));
                }
            });
            if !reveal.withdrawn && ui.small_button(lang.t(T::Appeal)).clicked() {
                form.appeal = Some(AppealForm {
                    question: card.question,
                    kind: AppealKind::WithdrawQuestion,
                    text: String::new(),
                });
            }
        }
    }
}

fn appeal_form(
    ui: &mut Ui,
    lang: Lang,
    view: &TeamView,
    form: &mut TeamForm,
    out: &mut Vec<UiCommand>,
) {
    let Some(appeal) = &mut form.appeal else {
        return;
    };
    let number = view
        .cards
        .iter()
        .find(|c| c.question == appeal.question)
        .map(|c| c.number.clone())
        .unwrap_or_default();
    let written = egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.label(
            RichText::new(format!(
                "{} — {}",
                lang.t(T::Appeal),
                i18n::question_number(lang, &number)
            ))
            .strong(),
        );
        ui.horizontal(|ui| {
            ui.radio_value(
                &mut appeal.kind,
                AppealKind::WithdrawQuestion,
                i18n::appeal_kind(lang, AppealKind::WithdrawQuestion),
            );
            ui.radio_value(
                &mut appeal.kind,
                AppealKind::AcceptMyAnswer,
                i18n::appeal_kind(lang, AppealKind::AcceptMyAnswer),
            );
        });
        appeal::write(ui, lang, &mut appeal.text, false).1
    });
    let Some(written) = written.inner else {
        return;
    };
    if let Written::Filed(text) = written {
        out.push(UiCommand::Send(Command::FileAppeal {
            question: appeal.question,
            kind: appeal.kind,
            text,
        }));
    }
    form.appeal = None;
}

fn appeals(ui: &mut Ui, lang: Lang, view: &TeamView) {
    let own: Vec<Own<'_>> = view
        .appeals
        .iter()
        .map(|a| Own {
            title: i18n::question_number(lang, &a.number),
            kind: i18n::appeal_kind(lang, a.kind),
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
