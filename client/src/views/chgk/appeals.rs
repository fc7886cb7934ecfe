//! The appeals tab: every appeal with the team's text; the host upholds or
//! rejects it with a reply.

use minuta_shared::ids::GameId;
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView};
use std::collections::BTreeMap;

use egui::{RichText, Ui};
use minuta_shared::ids::AppealId;
use minuta_shared::wire::client::Command;

use crate::i18n::{self, T};
use crate::state::{AppState, UiCommand};
use crate::views::appeal::{self, Decided};

#[derive(Debug, Default)]
pub struct AppealsForm {
    pub replies: BTreeMap<AppealId, String>,
}

pub fn appeals(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    chgk: &ChgkStaffView,
    form: &mut AppealsForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if chgk.appeals.is_empty() {
        ui.label(lang.t(T::NoAppeals));
        return;
    }
    // Open appeals first: they block closing their tour.
    let mut ordered: Vec<_> = chgk.appeals.iter().collect();
    ordered.sort_by_key(|a| (a.resolution.is_some(), a.id));
    for appeal in ordered {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(RichText::new(format!("№ {}", appeal.id)).strong());
                ui.label(RichText::new(&appeal.team_name).strong());
                ui.label(i18n::question_number(lang, &appeal.number));
                ui.label(RichText::new(i18n::appeal_kind(lang, appeal.kind)).italics());
            });
            ui.label(&appeal.text);
            match &appeal.resolution {
                Some(resolution) => {
                    let decided = Decided {
                        upheld: resolution.upheld,
                        credit: None,
                        reply: &resolution.reply,
                    };
                    appeal::decision(ui, lang, &decided);
                }
                None => {
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
            }
        });
    }
}
