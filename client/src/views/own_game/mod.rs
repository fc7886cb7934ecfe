//! «Своя игра»'s screens (the test-only format, built with the `own-game`
//! feature): the host's board and judging, the team's button, the hall's
//! board. Registered by one line in `views::games`; its words are in
//! `words.rs`. What must not live here: anything of another format.

mod words;

use egui::{Color32, RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::button::PressKind;
use minuta_shared::play::format::LiveFormat;
use minuta_shared::play::games::{GameCommand, GameSettings};
use minuta_shared::play::own_game::{CellState, OwnGameBoard, OwnGameCommand, OwnGameTeamView};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use crate::i18n::{Lang, T};
use crate::state::{AppState, PressOn, PressOutcome, UiCommand};
use crate::views::brain_ring::button::{FLASH, IDLE, big, space_pressed};
use crate::views::format::{Activity, Countdowns, Game, NoTab, Screens, Seat};
use crate::views::widgets::{AMBER, GREEN, GREY, RED};

/// «Своя игра» in the registry.
pub struct OwnGame;

impl Screens for OwnGame {
    type Staff = OwnGameBoard;
    type Team = OwnGameTeamView;
    type Display = OwnGameBoard;
    type Form = ();
    type Tab = NoTab;

    const COUNTDOWNS: Option<&'static dyn Countdowns<Self>> = Some(&OwnGame);

    fn new_game() -> GameSettings {
        GameSettings::OwnGame(Default::default())
    }

    fn team_relevant(view: &OwnGameTeamView) -> bool {
        !view.board.finished
    }

    fn team_activity(view: &OwnGameTeamView, _now: ServerTime) -> Activity {
        activity(&view.board)
    }

    fn team(
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &OwnGameTeamView,
        _form: &mut (),
        out: &mut Vec<UiCommand>,
    ) {
        team(ui, state, game, view, out);
    }

    fn display_activity(view: &OwnGameBoard, _now: ServerTime) -> Activity {
        activity(view)
    }

    fn display(ui: &mut Ui, state: &AppState, game: Game<'_>, view: &OwnGameBoard) {
        ui.vertical_centered(|ui| {
            ui.heading(RichText::new(game.name).size(32.0));
        });
        board(ui, state.lang, view, 40.0, None);
        scores(ui, view, 28.0);
    }

    fn staff_activity(view: &OwnGameBoard, _now: ServerTime) -> Activity {
        activity(view)
    }

    fn staff(
        ui: &mut Ui,
        state: &AppState,
        _host: &HostView,
        game: Game<'_>,
        view: &OwnGameBoard,
        seat: Seat,
        _form: &mut (),
        out: &mut Vec<UiCommand>,
    ) {
        let control = match seat {
            Seat::Host => Some((game.id, &mut *out)),
            Seat::Judge => None,
        };
        staff(ui, state, view, control);
    }

    fn jury(
        ui: &mut Ui,
        state: &AppState,
        _game: Game<'_>,
        _view: &OwnGameBoard,
        _form: &mut (),
        _out: &mut Vec<UiCommand>,
    ) {
        ui.label(state.lang.pick(
            "В «Своей игре» апелляций нет.".into(),
            "«Своя игра» has no appeals.".into(),
        ));
    }

    fn staff_tours(view: &OwnGameBoard) -> Vec<(u32, String)> {
        vec![(0, view.theme.clone())]
    }

    fn display_tour(view: &OwnGameBoard) -> Option<u32> {
        let begun = view
            .cells
            .iter()
            .any(|c| !matches!(c.state, CellState::Open));
        begun.then_some(0)
    }
}

impl Countdowns<OwnGame> for OwnGame {
    fn team_ticking(&self, view: &OwnGameTeamView) -> Vec<ServerTime> {
        open_until(&view.board)
    }

    fn display_ticking(&self, view: &OwnGameBoard) -> Vec<ServerTime> {
        open_until(view)
    }

    fn staff_ticking(&self, view: &OwnGameBoard) -> Vec<ServerTime> {
        open_until(view)
    }
}

fn activity(board: &OwnGameBoard) -> Activity {
    if board.question.is_some() {
        Activity::InPlay
    } else {
        Activity::Idle
    }
}

fn open_until(board: &OwnGameBoard) -> Vec<ServerTime> {
    board
        .question
        .as_ref()
        .and_then(|q| q.open_until)
        .into_iter()
        .collect()
}

fn send(out: &mut Vec<UiCommand>, game: GameId, command: OwnGameCommand) {
    out.push(UiCommand::Send(Command::Game {
        game,
        command: GameCommand::OwnGame(command),
    }));
}

/// The board: the theme and a cell per price, the open one lit; when
/// `choose` is given, an open cell is a button that opens its question.
fn board(
    ui: &mut Ui,
    lang: Lang,
    view: &OwnGameBoard,
    size: f32,
    mut choose: Option<(GameId, &mut Vec<UiCommand>)>,
) {
    ui.horizontal_wrapped(|ui| {
        ui.label(RichText::new(&view.theme).size(size * 0.8).strong());
        for (i, cell) in view.cells.iter().enumerate() {
            let (colour, open) = match cell.state {
                CellState::Open => (Color32::WHITE, true),
                CellState::Current => (AMBER, false),
                CellState::Taken { .. } => (GREY, false),
            };
            let text = RichText::new(cell.price.to_string())
                .size(size)
                .color(colour);
            match &mut choose {
                Some((game, out)) if open && view.question.is_none() => {
                    if ui
                        .button(text)
                        .on_hover_text(words::choose_hint(lang))
                        .clicked()
                    {
                        send(out, *game, OwnGameCommand::Choose { question: i as u32 });
                    }
                }
                Some(_) | None => {
                    ui.label(text);
                }
            }
        }
    });
    if let Some(q) = &view.question {
        ui.label(RichText::new(words::question_state(lang, q)).size(size * 0.6));
    }
    if view.finished {
        ui.label(
            RichText::new(words::finished(lang))
                .size(size * 0.6)
                .color(GREEN),
        );
    }
}

fn scores(ui: &mut Ui, view: &OwnGameBoard, size: f32) {
    egui::Grid::new("own-game-scores")
        .striped(true)
        .show(ui, |ui| {
            for row in &view.scores {
                ui.label(RichText::new(&row.name).size(size));
                ui.label(RichText::new(row.points.to_string()).size(size).strong());
                ui.end_row();
            }
        });
}

/// The host's panel: the board to choose from, then «Время», the judging
/// of the answering team and «Снять вопрос»; a judge sees it all and
/// controls nothing.
fn staff(
    ui: &mut Ui,
    state: &AppState,
    view: &OwnGameBoard,
    mut control: Option<(GameId, &mut Vec<UiCommand>)>,
) {
    let lang = state.lang;
    board(
        ui,
        lang,
        view,
        28.0,
        control.as_mut().map(|(g, out)| (*g, &mut **out)),
    );
    if let (Some(q), Some((game, out))) = (&view.question, control) {
        ui.horizontal(|ui| match &q.answering {
            Some(_) => {
                if ui
                    .button(RichText::new(words::right(lang)).color(GREEN))
                    .clicked()
                {
                    send(out, game, OwnGameCommand::Judge { right: true });
                }
                if ui
                    .button(RichText::new(words::wrong(lang)).color(RED))
                    .clicked()
                {
                    send(out, game, OwnGameCommand::Judge { right: false });
                }
            }
            None => {
                if q.open_until.is_none() && ui.button(words::time(lang)).clicked() {
                    send(out, game, OwnGameCommand::Arm);
                }
                if ui.button(words::close(lang)).clicked() {
                    send(out, game, OwnGameCommand::Close);
                }
            }
        });
    }
    ui.separator();
    scores(ui, view, 18.0);
}

/// The team's button: the question's price and state, the button lit
/// while this team may press, the verdict under it, the scores below.
fn team(
    ui: &mut Ui,
    state: &AppState,
    game: Game<'_>,
    view: &OwnGameTeamView,
    out: &mut Vec<UiCommand>,
) {
    let lang = state.lang;
    let space = space_pressed(ui);
    let top = ui.max_rect().top();
    let lit = view.may_press()
        && view
            .board
            .question
            .as_ref()
            .and_then(|q| q.open_until)
            .is_some_and(|until| state.server_now() < until);
    ui.vertical_centered(|ui| {
        ui.label(RichText::new(game.name).size(20.0).color(GREY));
        board(ui, lang, &view.board, 26.0, None);
        let fill = if state.button.is_flashing(state.now_us) {
            FLASH
        } else if lit {
            GREEN
        } else {
            IDLE
        };
        let clicked = big(ui, lang.t(T::Press), fill, lit, top);
        verdict(ui, state, game.id, view);
        if lit && (clicked || space) {
            let clock_offset_us = state.clock.map_or(0, |c| c.offset_us);
            out.push(UiCommand::Send(Command::Press { clock_offset_us }));
        }
    });
    ui.add_space(12.0);
    scores(ui, &view.board, 18.0);
}

fn verdict(ui: &mut Ui, state: &AppState, game: GameId, view: &OwnGameTeamView) {
    let buttons = <minuta_shared::play::own_game::OwnGame as LiveFormat>::BUTTONS;
    let Some(question) = buttons.and_then(|b| b.press_question(view)) else {
        return;
    };
    if let Some(outcome) = state.button.verdict_on(PressOn::new(game, question)) {
        let colour = match outcome {
            PressOutcome::Decided {
                kind: PressKind::Won,
                ..
            } => GREEN,
            PressOutcome::Decided { .. } => AMBER,
            PressOutcome::Refused(_) | PressOutcome::Lost => RED,
        };
        ui.label(
            RichText::new(words::verdict(state.lang, outcome))
                .size(22.0)
                .strong()
                .color(colour),
        );
    }
}
