//! A ChGK game's appeals (4.13–4.16; 6.5): each on a card with the team,
//! the question, what is asked, the team's answer beside the author's and
//! the appeal's text, then its decision with who took it and when. The
//! appeal jury decides them on its desk ([`jury`]) when the event has one;
//! the host's tab ([`appeals`]) then shows their state only, and decides
//! them itself when the event has no jury.

use std::collections::BTreeMap;

use egui::{RichText, Ui};
use minuta_shared::ids::{AppealId, GameId};
use minuta_shared::play::chgk::view::AppealView;
use minuta_shared::play::chgk::{AppealDecider, ChgkCommand, ChgkStaffView};
use minuta_shared::wire::client::Command;

use super::judging::clock_time;
use crate::i18n::{self, Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::appeal::{self, Decided};
use crate::views::chgk::words::{Ct, decided_by, pending_appeals};
use crate::views::widgets::{self, AMBER, GREY};

/// Replies typed but not yet sent, by appeal.
#[derive(Debug, Default)]
pub struct AppealsForm {
    pub replies: BTreeMap<AppealId, String>,
}

/// The host's appeals tab: every appeal; the buttons only when the event
/// has no appeal jury (4.14), its state alone when it has one (6.5).
pub fn appeals(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    chgk: &ChgkStaffView,
    form: &mut AppealsForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if chgk.appeal_jury {
        ui.label(RichText::new(lang.t(Ct::JuryDecides)).color(GREY));
        // 6.5: a jury gone for good must not block a tour forever; the
        // host takes the appeals back, recorded.
        ui.horizontal_wrapped(|ui| {
            let button = egui::Button::new(RichText::new(lang.t(Ct::TakeBackAppeals)).color(AMBER));
            if ui
                .add(button)
                .on_hover_text(lang.t(Ct::TakeBackAppealsHint))
                .clicked()
            {
                out.push(UiCommand::Send(Command::TakeBackAppeals));
            }
            ui.label(
                RichText::new(lang.t(Ct::TakeBackAppealsHint))
                    .small()
                    .color(GREY),
            );
        });
    }
    cards(ui, lang, chgk, |ui, appeal| {
        if appeal.resolution.is_none() && !chgk.appeal_jury {
            decide(ui, lang, game, appeal, form, out);
        }
    });
}

/// The appeal jury's desk for a ChGK game: its name, how many appeals
/// wait, and every appeal with «Принять» / «Отклонить» and a reply.
pub fn jury(
    ui: &mut Ui,
    state: &AppState,
    (game, name): (GameId, &str),
    chgk: &ChgkStaffView,
    form: &mut AppealsForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let open = chgk
        .appeals
        .iter()
        .filter(|a| a.resolution.is_none())
        .count();
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(name).size(20.0).strong());
        if open > 0 {
            ui.label(RichText::new(pending_appeals(lang, open)).color(AMBER));
        }
    });
    cards(ui, lang, chgk, |ui, appeal| {
        if appeal.resolution.is_none() {
            decide(ui, lang, game, appeal, form, out);
        }
    });
}

/// Every appeal in its frame, open ones first (they hold their tour's
/// closing up), with `below` under each; «Апелляций нет» when none.
fn cards(
    ui: &mut Ui,
    lang: Lang,
    chgk: &ChgkStaffView,
    mut below: impl FnMut(&mut Ui, &AppealView),
) {
    if chgk.appeals.is_empty() {
        ui.label(lang.t(T::NoAppeals));
        return;
    }
    let mut ordered: Vec<_> = chgk.appeals.iter().collect();
    ordered.sort_by_key(|a| (a.resolution.is_some(), a.id));
    for appeal in ordered {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            card(ui, lang, appeal);
            below(ui, appeal);
        });
    }
}

/// One appeal as the jury weighs it: the team's card beside the author's
/// answer, the appeal, and its decision once taken.
fn card(ui: &mut Ui, lang: Lang, appeal: &AppealView) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(format!("№ {}", appeal.id)).strong());
        ui.label(RichText::new(&appeal.team_name).strong());
        ui.label(i18n::question_number(lang, &appeal.number));
        ui.label(
            RichText::new(crate::views::chgk::words::appeal_kind(lang, appeal.kind)).italics(),
        );
    });
    egui::Grid::new(("chgk-appeal", appeal.id.0))
        .spacing([12.0, 2.0])
        .show(ui, |ui| {
            if let Some(text) = &appeal.card {
                ui.label(RichText::new(lang.t(Ct::TeamAnswer)).color(GREY));
                let answer = if text.is_empty() {
                    lang.t(Ct::PassCard).to_owned()
                } else {
                    widgets::quoted(text)
                };
                ui.label(RichText::new(answer).strong());
                ui.end_row();
            }
            ui.label(RichText::new(lang.t(T::ColAuthorAnswer)).color(GREY));
            ui.label(&appeal.author_answer);
            ui.end_row();
            if let Some(accepted) = &appeal.accepted {
                ui.label(RichText::new(lang.t(T::Accepted)).color(GREY));
                ui.label(accepted);
                ui.end_row();
            }
        });
    if !appeal.text.is_empty() {
        ui.label(RichText::new(widgets::quoted(&appeal.text)).italics());
    }
    match &appeal.resolution {
        None => {
            ui.label(RichText::new(lang.t(T::AppealOpen)).color(AMBER));
        }
        Some(resolution) => {
            let decided = Decided {
                upheld: resolution.upheld,
                credit: None,
                reply: &resolution.reply,
            };
            appeal::decision(ui, lang, &decided);
            let jury = resolution.by == AppealDecider::Jury;
            let at = clock_time(resolution.at.as_micros());
            ui.label(
                RichText::new(decided_by(lang, jury, &at))
                    .small()
                    .color(GREY),
            );
        }
    }
}

/// The reply and «Принять» / «Отклонить».
fn decide(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    appeal: &AppealView,
    form: &mut AppealsForm,
    out: &mut Vec<UiCommand>,
) {
    let reply = form.replies.entry(appeal.id).or_default();
    ui.add(
        egui::TextEdit::singleline(reply)
            .hint_text(lang.t(T::Reply))
            .desired_width(480.0),
    );
    ui.horizontal(|ui| {
        for (upheld, label) in [(true, T::Uphold), (false, T::Reject)] {
            if ui.button(lang.t(label)).clicked() {
                out.push(UiCommand::Send(Command::game(
                    game,
                    ChgkCommand::ResolveAppeal {
                        appeal: appeal.id,
                        upheld,
                        reply: reply.trim().to_owned(),
                    },
                )));
            }
        }
    });
}
