//! The host's (Нептун's) desk, top to bottom: the restart notice (issue
//! 14), the set-up ([`super::setup`]) open until the first contest, what is
//! on now with its countdown, the question as the host reads it (never the
//! «перевёртыш» aloud, 1.4), ONE big button for the next step the server
//! names ([`HostStep`]), the auction desk, the judging, the teams with
//! their ломтики, and the overall table.

use egui::{RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::play::neptune::{HostStep, NeptuneCommand, NeptuneStaffView, Stage};
use minuta_shared::wire::view::HostView;

use super::{auction, clock, judging, now_heading, pending, send, setup, table, teams, title};
use crate::i18n::Lang;
use crate::state::{AppState, UiCommand};
use crate::views::format::Game;
use crate::views::neptune::words::{self, Nt};
use crate::views::widgets::{AMBER, BRIGHT, GREEN, GREY, RED};

#[derive(Debug, Default)]
pub struct DeskForm {
    pub setup: setup::SetupForm,
    pub rating: RatingDraft,
    pub teams: teams::TeamsForm,
    pub manual: auction::ManualForm,
}

/// Негатив: the rating to announce (1.3), prefilled from the package for
/// each question.
#[derive(Debug, Default)]
pub struct RatingDraft {
    /// The question (number from 1) it is for.
    pub on: Option<u32>,
    pub text: String,
}

impl RatingDraft {
    fn follow(&mut self, number: u32, suggested: Option<u32>) {
        if self.on != Some(number) {
            self.on = Some(number);
            self.text = suggested.map(|r| r.to_string()).unwrap_or_default();
        }
    }

    /// `Some(None)`: left empty (the package's, or the server asks);
    /// `None`: not a positive number.
    fn rating(&self) -> Option<Option<u32>> {
        let text = self.text.trim();
        if text.is_empty() {
            return Some(None);
        }
        text.parse::<u32>().ok().filter(|r| *r > 0).map(Some)
    }
}

pub fn screen(
    ui: &mut Ui,
    state: &AppState,
    host: &HostView,
    game: Game<'_>,
    view: &NeptuneStaffView,
    form: &mut DeskForm,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let board = &view.board;
    if view.restart_notice {
        ui.label(
            RichText::new(lang.t(Nt::RestartNotice))
                .size(16.0)
                .strong()
                .color(AMBER),
        );
        ui.add_space(4.0);
    }
    ui.label(RichText::new(title(lang, game, board)).size(22.0).strong());
    egui::CollapsingHeader::new(RichText::new(lang.t(Nt::SetupTitle)).strong())
        .id_salt(("neptune-setup", game.id.0))
        .default_open(board.contest.is_none())
        .show(ui, |ui| {
            setup::setup(ui, lang, host, game.id, view, &mut form.setup, out)
        });
    ui.separator();
    ui.vertical_centered(|ui| {
        now_heading(ui, lang, board, 26.0, BRIGHT);
        if let Some(rating) = board.question.as_ref().and_then(|q| q.rating) {
            ui.label(RichText::new(format!("{}: {rating}", lang.t(Nt::Rating))).size(20.0));
        }
        clock(ui, lang, board, state.server_now(), 56.0);
        if matches!(board.stage, Stage::Topics { .. }) {
            let declared = view
                .teams
                .iter()
                .filter(|t| t.declaration.is_some())
                .count();
            ui.label(words::declared(lang, declared as u32, view.teams.len()));
        }
        next_step(ui, state, game.id, view, &mut form.rating, out);
    });
    ui.add_space(8.0);
    reading(ui, lang, view);
    if board.contest == Some(Contest::Auction) {
        ui.separator();
        auction::desk(ui, state, game.id, view, &mut form.manual, out);
    }
    ui.separator();
    judging::judging(ui, lang, game.id, view, out);
    ui.separator();
    teams::teams(ui, lang, host, game.id, view, &mut form.teams, out);
    ui.separator();
    ui.label(RichText::new(lang.t(Nt::TableTitle)).size(20.0).strong());
    table::table(ui, lang, "host", &board.table, None, 15.0);
}

/// Whether a command is one of the host's steps (the big button's).
fn is_step(command: &NeptuneCommand) -> bool {
    use NeptuneCommand as C;
    matches!(
        command,
        C::StartContest
            | C::Announce { .. }
            | C::StartMinute
            | C::Reveal
            | C::OpenBidding
            | C::CloseBidding
    )
}

/// The number (from 1) of the question the host announces next.
fn next_number(view: &NeptuneStaffView) -> u32 {
    let board = &view.board;
    match (&board.question, &board.stage) {
        // The auction's question exists from its bidding on.
        (Some(q), Stage::Sold) => q.index + 1,
        (Some(q), _) => q.index + 2,
        (None, _) => 1,
    }
}

/// The one big button: what the server says comes next.
fn next_step(
    ui: &mut Ui,
    state: &AppState,
    game: GameId,
    view: &NeptuneStaffView,
    rating: &mut RatingDraft,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let board = &view.board;
    let contest = board.contest;
    let mut hint = None;
    let (label, command) = match &view.next {
        HostStep::Register => {
            ui.label(RichText::new(lang.t(Nt::SetUpFirst)).size(18.0).color(GREY));
            return;
        }
        HostStep::Done => {
            ui.label(
                RichText::new(lang.t(Nt::GameOver))
                    .size(26.0)
                    .strong()
                    .color(GREEN),
            );
            return;
        }
        HostStep::StartContest(next) => (
            words::start_contest(lang, *next),
            Some(NeptuneCommand::StartContest),
        ),
        HostStep::Announce => {
            let number = next_number(view);
            let c = contest.unwrap_or(Contest::Negative);
            let command = if c == Contest::Negative {
                rating.follow(number, view.suggested_rating);
                ui.horizontal(|ui| {
                    let label = ui.label(RichText::new(lang.t(Nt::Rating)).size(18.0));
                    ui.add(
                        egui::TextEdit::singleline(&mut rating.text)
                            .font(egui::FontId::proportional(20.0))
                            .desired_width(80.0),
                    )
                    .labelled_by(label.id);
                });
                hint = Some((lang.t(Nt::RatingHint), GREY));
                rating
                    .rating()
                    .map(|rating| NeptuneCommand::Announce { rating })
            } else {
                Some(NeptuneCommand::Announce { rating: None })
            };
            (words::announce(lang, c, number), command)
        }
        HostStep::StartMinute if contest == Some(Contest::Blitz) => {
            let step = match board.stage {
                Stage::BetweenSteps { step } => step + 1,
                _ => 1,
            };
            let seconds = view.settings.timing.blitz_step_ms / 1000;
            (
                words::blitz_step(lang, step, seconds),
                Some(NeptuneCommand::StartMinute),
            )
        }
        HostStep::StartMinute => (
            lang.t(Nt::StartMinute).to_owned(),
            Some(NeptuneCommand::StartMinute),
        ),
        HostStep::Wait => {
            let words = if matches!(board.stage, Stage::Topics { .. }) {
                Nt::TopicsRunning
            } else {
                Nt::CardsRunning
            };
            (lang.t(words).to_owned(), None)
        }
        HostStep::Judge => {
            hint = Some((lang.t(Nt::JudgeFirst), RED));
            (lang.t(Nt::ShowAnswer).to_owned(), None)
        }
        HostStep::Reveal if contest == Some(Contest::Joker) => (
            lang.t(Nt::CloseJoker).to_owned(),
            Some(NeptuneCommand::Reveal),
        ),
        HostStep::Reveal => (
            lang.t(Nt::ShowAnswer).to_owned(),
            Some(NeptuneCommand::Reveal),
        ),
        HostStep::OpenBidding => {
            let of = view.settings.sizes.of(Contest::Auction);
            (
                words::open_bidding(lang, next_number(view), of),
                Some(NeptuneCommand::OpenBidding),
            )
        }
        HostStep::CloseBidding => (
            lang.t(Nt::Three).to_owned(),
            Some(NeptuneCommand::CloseBidding),
        ),
    };
    // One click, one step: the button waits for the server's answer.
    let sending = pending(state, game).any(is_step);
    let enabled = command.is_some() && !sending;
    let button = egui::Button::new(RichText::new(label).size(24.0).strong())
        .min_size(egui::vec2(320.0, 48.0));
    if ui.add_enabled(enabled, button).clicked()
        && let Some(command) = command
    {
        send(out, game, command);
    }
    if let Some((text, colour)) = hint {
        ui.label(RichText::new(text).color(colour));
    }
}

/// The question (Блицкриг: the block) as the host reads it: before its
/// announcement the next one, after it the one in play.
fn reading(ui: &mut Ui, lang: Lang, view: &NeptuneStaffView) {
    let board = &view.board;
    let Some(contest) = board.contest else {
        return;
    };
    if board.finished || matches!(board.stage, Stage::Between { .. }) {
        return;
    }
    let next = matches!(
        board.stage,
        Stage::ContestOpen | Stage::Revealed | Stage::Topics { .. }
    );
    let heading = if next {
        Nt::NextQuestion
    } else {
        Nt::QuestionNow
    };
    ui.label(RichText::new(lang.t(heading)).size(18.0).strong());
    if let Some(rating) = view.suggested_rating {
        ui.label(format!("{}: {rating}", lang.t(Nt::SuggestedRating)));
    }
    if view.reading.is_empty() {
        ui.label(RichText::new(lang.t(Nt::FromPaper)).color(GREY));
    }
    let blitz = contest == Contest::Blitz;
    // Блицкриг: the question being discussed, or the next one to read.
    let current = match board.stage {
        Stage::Minute { step, .. } => Some(step.saturating_sub(1)),
        Stage::BetweenSteps { step } => Some(step),
        Stage::Announced => Some(0),
        _ => None,
    };
    for (i, question) in view.reading.iter().enumerate() {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            let text = if blitz {
                format!("{}. {}", i + 1, question.text)
            } else {
                question.text.clone()
            };
            let text = RichText::new(text).size(18.0);
            let text = if blitz && current == Some(i as u8) {
                text.strong().color(BRIGHT)
            } else {
                text
            };
            ui.label(text);
            ui.label(
                RichText::new(format!("{}: {}", lang.t(Nt::Answer), question.answer))
                    .size(17.0)
                    .strong()
                    .color(GREEN),
            );
            if !question.comment.is_empty() {
                ui.label(
                    RichText::new(format!("{}: {}", lang.t(Nt::Comment), question.comment))
                        .color(GREY),
                );
            }
        });
    }
    if let Some(flip) = &view.flip {
        ui.label(
            RichText::new(format!("{}: «{flip}»", lang.t(Nt::Flip)))
                .size(16.0)
                .strong()
                .color(RED),
        );
    }
}
