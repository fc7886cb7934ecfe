//! The judges tab: add a judge; each judge's join code and QR.

use egui::{RichText, Ui};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::handshake::Credential;
use minuta_shared::wire::view::HostView;

use crate::i18n::T;
use crate::state::{AppState, UiCommand};
use crate::views::join_codes::join_code;
use crate::views::widgets::{self, GREEN, GREY};

#[derive(Debug, Default)]
pub struct JudgesForm {
    pub name: String,
    /// The name just sent: cleared once the judge shows up.
    pub sent: Option<String>,
}

pub fn judges(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    form: &mut JudgesForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    if let Some(sent) = &form.sent
        && view.judges.iter().any(|j| &j.name == sent)
    {
        *form = JudgesForm::default();
    }
    ui.horizontal(|ui| {
        ui.label(lang.t(T::JudgeName));
        ui.text_edit_singleline(&mut form.name);
        if ui
            .add_enabled(
                !form.name.trim().is_empty(),
                egui::Button::new(lang.t(T::AddJudge)),
            )
            .clicked()
        {
            let name = form.name.trim().to_owned();
            form.sent = Some(name.clone());
            out.push(UiCommand::Send(Command::AddJudge { name }));
        }
    });
    ui.separator();
    if view.judges.is_empty() {
        ui.label(lang.t(T::NoJudges));
    }
    for judge in &view.judges {
        ui.horizontal(|ui| {
            widgets::dot(ui, if judge.connected { GREEN } else { GREY });
            ui.label(RichText::new(&judge.name).strong().size(16.0));
        });
        if let Some(access) = &view.access
            && let Some((_, secret)) = access.judges.iter().find(|(id, _)| *id == judge.id)
        {
            let code = join_code(
                access,
                Credential::Judge {
                    judge: judge.id,
                    secret: secret.clone(),
                },
            );
            let web = crate::views::join_codes::web_link_of(access, &code);
            ui.indent(("judge-code", judge.id), |ui| {
                let id = format!("judge-{}", judge.id);
                widgets::join_code_box(ui, lang, &id, &code, web.as_deref(), out);
            });
        }
    }
}
