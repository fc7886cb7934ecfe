//! The game tab: the current question (number, text, author's answer), the
//! live clock, the buttons that run the minute — announce (asking first
//! when that would leave the announced question unplayed), take back the
//! announcement, «Время», «Показать ответ» (or Enter) — whether the
//! projector shows the question's text, the handout and pictures put up on
//! it, and last, below the buttons, the cards that are in.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::play::chgk::view::{QuestionStatus, QuestionView};
use minuta_shared::play::chgk::{ChgkCommand, ChgkStaffView, ShownPicture};
use minuta_shared::play::clock::Phase;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use crate::i18n::judging::{self as words, Jt};
use crate::i18n::{self, Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::chgk::words::Ct;
use crate::views::question;
use crate::views::team_names::{missing_teams, team_names};
use crate::views::widgets::{self, AMBER, GREY, RED};

#[derive(Debug, Default)]
pub struct GameForm {
    /// The question picked in the list, to announce out of order.
    pub pick: Option<QuestionId>,
    /// The announced, unplayed question «Следующий вопрос» would skip: the
    /// host was asked, the second press decides.
    pub confirm_skip: Option<QuestionId>,
}

fn all_questions(chgk: &ChgkStaffView) -> impl Iterator<Item = &QuestionView> {
    chgk.tours.iter().flat_map(|t| t.questions.iter())
}

/// The next question to play: the first unplayed one after the current.
pub fn next_question(chgk: &ChgkStaffView) -> Option<&QuestionView> {
    let after = chgk.clock.question;
    all_questions(chgk)
        .filter(|q| q.status == QuestionStatus::NotPlayed)
        .find(|q| after.is_none_or(|current| q.id > current))
        .or_else(|| all_questions(chgk).find(|q| q.status == QuestionStatus::NotPlayed))
}

pub fn game(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    game: GameId,
    chgk: &ChgkStaffView,
    form: &mut GameForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let now = state.server_now();
    let phase = widgets::phase_at(&chgk.clock, now);
    let running = matches!(phase, Phase::Minute | Phase::LastSeconds | Phase::HandIn);
    let current = chgk
        .clock
        .question
        .and_then(|id| all_questions(chgk).find(|q| q.id == id));

    ui.columns(2, |cols| {
        let ui = &mut cols[0];
        ui.heading(lang.t(T::CurrentQuestion));
        match current {
            None => {
                ui.label(lang.t(T::NoCurrent));
            }
            Some(q) => {
                ui.label(
                    RichText::new(i18n::question_number(lang, &q.number))
                        .size(32.0)
                        .strong(),
                );
                ui.label(RichText::new(question::full_text(&q.content)).size(16.0));
                ui.add_space(6.0);
                ui.label(
                    RichText::new(format!(
                        "{}: {}",
                        lang.t(T::AuthorAnswer),
                        question::answer(&q.content)
                    ))
                    .strong(),
                );
                if let Some(accepted) = question::accepted(&q.content) {
                    ui.label(format!("{}: {accepted}", lang.t(T::Accepted)));
                }
                if let Some(rejected) = question::rejected(&q.content) {
                    ui.label(format!("{}: {rejected}", lang.t(T::Rejected)));
                }
                if let Some(comment) = question::comment(&q.content) {
                    ui.label(RichText::new(comment).small().color(GREY));
                }
            }
        }

        let ui = &mut cols[1];
        widgets::big_clock(ui, lang, &chgk.clock, now, 72.0);
        ui.add_space(8.0);
        // The buttons first, right under the clock: the lines that grow and
        // shrink during the minute («Не сдали: …») come last, so nothing
        // moves under the host's pointer.
        minute_buttons(ui, lang, game, chgk, phase, current, form, out);
        // A setting rather than a choice per reveal: a hall keeps one habit
        // for the whole game, and the host has enough to click per question.
        let mut text_on_screen = chgk.projector_text;
        if ui
            .checkbox(&mut text_on_screen, lang.t(T::ShowQuestionOnProjector))
            .changed()
        {
            out.push(UiCommand::Send(Command::game(
                game,
                ChgkCommand::ShowQuestionOnProjector { on: text_on_screen },
            )));
        }
        // A handout goes up full screen when the host sends it, and down
        // with the next question (or this button).
        if let Some(q) = current.filter(|q| q.content.handout.is_some()) {
            let shown = chgk.handout_shown == Some(q.id);
            let (label, question) = if shown {
                (T::HideHandout, None)
            } else {
                (T::ShowHandout, Some(q.id))
            };
            if ui.button(lang.t(label)).clicked() {
                out.push(UiCommand::Send(Command::game(
                    game,
                    ChgkCommand::ShowHandout { question },
                )));
            }
        }
        if let Some(q) = current {
            picture_buttons(ui, lang, game, chgk, q, out);
        }
        ui.add_space(8.0);
        ui.horizontal(|ui| {
            let unplayed: Vec<&QuestionView> = all_questions(chgk)
                .filter(|q| q.status == QuestionStatus::NotPlayed)
                .collect();
            let shown = form
                .pick
                .and_then(|id| unplayed.iter().find(|q| q.id == id))
                .map(|q| i18n::question_number(lang, &q.number))
                .unwrap_or_else(|| "—".into());
            let name = ui.label(lang.t(T::PickQuestion));
            egui::ComboBox::from_id_salt("pick-question")
                .selected_text(shown)
                .show_ui(ui, |ui| {
                    for q in &unplayed {
                        let label = format!(
                            "{} — {}",
                            q.number,
                            question::snippet(question::text(&q.content), 40)
                        );
                        ui.selectable_value(&mut form.pick, Some(q.id), label);
                    }
                })
                .response
                .labelled_by(name.id);
            let pick = form.pick.filter(|id| unplayed.iter().any(|q| q.id == *id));
            if ui
                .add_enabled(
                    pick.is_some() && !running,
                    egui::Button::new(lang.t(T::Announce)),
                )
                .clicked()
                && let Some(question) = pick
            {
                out.push(UiCommand::Send(Command::game(
                    game,
                    ChgkCommand::Announce { question },
                )));
                form.pick = None;
            }
        });
        ui.add_space(8.0);
        if let Some(q) = current {
            cards_in(ui, state, view, chgk, q.id);
        }
    });
}

/// «Следующий вопрос» (a second press when the announced question has not
/// had its minute), «Отменить объявление», «Время», «Показать ответ» (Enter
/// too, once every answer is judged) and what the reveal waits for.
#[allow(clippy::too_many_arguments)]
fn minute_buttons(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    chgk: &ChgkStaffView,
    phase: Phase,
    current: Option<&QuestionView>,
    form: &mut GameForm,
    out: &mut Vec<UiCommand>,
) {
    let running = matches!(phase, Phase::Minute | Phase::LastSeconds | Phase::HandIn);
    let size = 20.0;
    let next = next_question(chgk);
    // The announced question the next one would leave unplayed.
    let unplayed = current.filter(|_| phase == Phase::Announced);
    if form.confirm_skip.is_some() && form.confirm_skip != unplayed.map(|q| q.id) {
        form.confirm_skip = None;
    }
    let announce = |out: &mut Vec<UiCommand>, question: QuestionId| {
        out.push(UiCommand::Send(Command::game(
            game,
            ChgkCommand::Announce { question },
        )));
    };
    ui.horizontal_wrapped(|ui| {
        if let Some(next) = next {
            let label = format!("{} ({})", lang.t(T::AnnounceNext), next.number);
            if ui
                .add_enabled(
                    !running && form.confirm_skip.is_none(),
                    egui::Button::new(RichText::new(label).size(size)),
                )
                .clicked()
            {
                match unplayed {
                    Some(q) => form.confirm_skip = Some(q.id),
                    None => announce(out, next.id),
                }
            }
        }
        if ui
            .add_enabled(
                phase == Phase::Announced,
                egui::Button::new(RichText::new(lang.t(T::StartMinute)).size(size).strong()),
            )
            .clicked()
        {
            out.push(UiCommand::Send(Command::game(
                game,
                ChgkCommand::StartMinute,
            )));
        }
        if let Some(q) = current {
            let can_reveal = phase == Phase::Over && q.status != QuestionStatus::Revealed;
            if ui
                .add_enabled(
                    can_reveal,
                    egui::Button::new(RichText::new(lang.t(T::Reveal)).size(size)),
                )
                .clicked()
            {
                out.push(reveal(game, q.id));
            }
        }
    });
    // The second row is always there, a button high at least, so the rows
    // below it do not move when a question is announced.
    ui.horizontal_wrapped(|ui| {
        ui.set_min_height(ui.spacing().interact_size.y);
        if let (Some(q), Some(next)) = (unplayed.filter(|_| form.confirm_skip.is_some()), next) {
            ui.label(RichText::new(words::skip_unplayed(lang, &q.number)).color(AMBER));
            if ui.button(words::skip_yes(lang, &next.number)).clicked() {
                announce(out, next.id);
                form.confirm_skip = None;
            }
            if ui.button(lang.t(Jt::SkipNo)).clicked() {
                form.confirm_skip = None;
            }
            return;
        }
        if let Some(q) = current
            && ui
                .add_enabled(
                    phase == Phase::Announced,
                    egui::Button::new(lang.t(Jt::TakeBack)),
                )
                .clicked()
        {
            out.push(UiCommand::Send(Command::game(
                game,
                ChgkCommand::TakeBackAnnouncement { question: q.id },
            )));
        }
        let Some(q) =
            current.filter(|q| phase == Phase::Over && q.status != QuestionStatus::Revealed)
        else {
            return;
        };
        let open = chgk
            .judging
            .iter()
            .any(|j| j.question == q.id && j.groups.iter().any(|g| g.verdict.is_none()));
        if open {
            ui.label(RichText::new(lang.t(T::RevealNeedsJudging)).color(AMBER));
            return;
        }
        ui.label(RichText::new(lang.t(Jt::RevealByEnter)).color(GREY));
        // Enter reveals once everything is judged (unless a field or a button has
        // the keyboard: Enter is its own then).
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
        if enter && !ui.ctx().egui_wants_keyboard_input() {
            out.push(reveal(game, q.id));
        }
    });
}

fn reveal(game: GameId, question: QuestionId) -> UiCommand {
    UiCommand::Send(Command::game(game, ChgkCommand::Reveal { question }))
}

/// «Сдано карточек: 7 из 12», the late ones and who has none yet.
fn cards_in(
    ui: &mut Ui,
    state: &AppState,
    view: &HostView,
    chgk: &ChgkStaffView,
    question: QuestionId,
) {
    let lang = state.lang;
    let teams = view.teams.len() as u32;
    let Some(judging) = chgk.judging.iter().find(|j| j.question == question) else {
        ui.label(RichText::new(i18n::cards_in(lang, 0, teams)).size(20.0));
        return;
    };
    // A «пропуск» is a card in too: it only has nothing to judge.
    let on_time: usize =
        judging.groups.iter().map(|g| g.teams.len()).sum::<usize>() + judging.passes.len();
    ui.label(RichText::new(i18n::cards_in(lang, on_time as u32, teams)).size(20.0));
    if !judging.passes.is_empty() {
        let names = team_names(lang, view, &judging.passes);
        ui.label(RichText::new(format!("{}: {names}", lang.t(Ct::Passes))).color(GREY));
    }
    if !judging.late.is_empty() {
        let late: Vec<TeamId> = judging.late.iter().map(|c| c.team).collect();
        let names = team_names(lang, view, &late);
        ui.label(RichText::new(format!("{}: {names}", lang.t(T::LateCards))).color(RED));
    }
    missing_teams(ui, lang, view, &judging.missing);
}

/// A button per picture of the question in play: up full screen on the
/// projector, or down again (the next question takes it down too).
fn picture_buttons(
    ui: &mut Ui,
    lang: Lang,
    game: GameId,
    chgk: &ChgkStaffView,
    q: &QuestionView,
    out: &mut Vec<UiCommand>,
) {
    let count = q.content.media.len();
    for (index, media) in q.content.media.iter().enumerate() {
        let picture = ShownPicture {
            question: q.id,
            index: index as u32,
        };
        let shown = chgk.picture_shown == Some(picture);
        let (label, picture) = if shown {
            (T::HidePicture, None)
        } else {
            (T::ShowPicture, Some(picture))
        };
        // Several pictures are told apart by their file names.
        let text = if count > 1 {
            format!("{} ({})", lang.t(label), media.name)
        } else {
            lang.t(label).to_owned()
        };
        if ui.button(text).clicked() {
            out.push(UiCommand::Send(Command::game(
                game,
                ChgkCommand::ShowPicture { picture },
            )));
        }
    }
}
