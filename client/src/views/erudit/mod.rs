//! «Эрудит-квартет» on screen as a format of the programme (registered in
//! [`crate::views::games`]): the host's panel ([`staff`]: the set-up
//! [`setup`] and the game in play [`host_game`]), a team's captain's
//! line-up form ([`lineup`]) and player's button ([`button`]), the table of
//! four and the projector ([`board`]), and the groups and the tournament
//! table ([`tournament`]). What they share lives here: a question's state
//! at this instant, the countdowns, and whether a game is in play. No
//! rules: the server decides; these screens only show and ask.

pub mod board;
pub mod button;
pub mod host_game;
pub mod lineup;
pub mod setup;
pub mod staff;
pub mod tie;
pub mod tournament;
pub mod words;

use egui::Ui;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::erudit::{
    EruditBoard, EruditCommand, EruditStaffView, EruditTeamView, EruditTiming, GameBoard,
    PhaseView, QuestionBoard, QuestionState,
};
use minuta_shared::play::games::GameSettings;
use minuta_shared::time::{ServerTime, countdown};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use crate::i18n::Lang;
use crate::state::{AppState, UiCommand};
use crate::views::erudit::words::Et;
use crate::views::format::{Activity, Countdowns, Game, NoTab, Screens, Seat};

/// Эрудит-квартет in the registry of formats.
pub struct Erudit;

/// What one Эрудит-квартет game's screens remember between frames.
#[derive(Debug, Default)]
pub struct EruditForm {
    /// The captain's line-up being chosen.
    pub lineup: lineup::LineupDraft,
    pub staff: staff::EruditStaffForm,
}

impl Screens for Erudit {
    /// Its tournament is seeded from the ChGK table before it is played.
    const SET_UP_FIRST: bool = true;
    type Staff = EruditStaffView;
    type Team = EruditTeamView;
    type Display = EruditBoard;
    type Form = EruditForm;
    type Tab = NoTab;

    const COUNTDOWNS: Option<&'static dyn Countdowns<Self>> = Some(&Erudit);

    fn new_game() -> GameSettings {
        GameSettings::Erudit(EruditTiming::default())
    }

    /// A team drawn into a group has the tournament to follow.
    fn team_relevant(view: &EruditTeamView) -> bool {
        view.lineup.is_some() || drawn(&view.board, view.team)
    }

    fn team_activity(view: &EruditTeamView, _now: ServerTime) -> Activity {
        if view.lineup.is_some()
            || (view.row().is_some() && activity(&view.board) == Activity::InPlay)
        {
            return Activity::InPlay;
        }
        activity(&view.board)
    }

    fn team(
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &EruditTeamView,
        form: &mut EruditForm,
        out: &mut Vec<UiCommand>,
    ) {
        let lang = state.lang;
        match (&view.lineup, &view.board.game) {
            (Some(lineup), Some(board)) => {
                lineup::captain(ui, state, game.id, board, lineup, &mut form.lineup, out)
            }
            (None, Some(board)) if view.row().is_some() && in_play(board) => {
                button::button(ui, state, game.id, view, board, out)
            }
            _ => tournament::between_games(ui, lang, view.team, &view.board),
        }
        if view.lineup.is_none() {
            form.lineup.closed(out);
        }
    }

    fn display_activity(view: &EruditBoard, _now: ServerTime) -> Activity {
        activity(view)
    }

    fn display(ui: &mut Ui, state: &AppState, game: Game<'_>, view: &EruditBoard) {
        board::display(ui, state, title(state.lang, game), view);
    }

    fn staff_activity(view: &EruditStaffView, _now: ServerTime) -> Activity {
        activity(&view.board)
    }

    fn staff(
        ui: &mut Ui,
        state: &AppState,
        host: &HostView,
        game: Game<'_>,
        view: &EruditStaffView,
        seat: Seat,
        form: &mut EruditForm,
        out: &mut Vec<UiCommand>,
    ) {
        if seat == Seat::Judge {
            // The host judges every answer (the preamble): a judge watches.
            board::display(ui, state, title(state.lang, game), &view.board);
            return;
        }
        staff::screen(ui, state, host, game, view, &mut form.staff, out);
    }

    fn jury(
        ui: &mut Ui,
        state: &AppState,
        _: Game<'_>,
        _: &EruditStaffView,
        _: &mut EruditForm,
        _: &mut Vec<UiCommand>,
    ) {
        ui.label(state.lang.t(Et::NoAppeals));
    }

    /// The tournament is one stage of the programme: its one tour exists
    /// once teams are drawn (as the server counts it).
    fn staff_tours(view: &EruditStaffView) -> Vec<(u32, String)> {
        if view.board.seed.is_some() {
            vec![(0, String::new())]
        } else {
            Vec::new()
        }
    }

    fn display_tour(view: &EruditBoard) -> Option<u32> {
        view.seed.is_some().then_some(0)
    }
}

impl Countdowns<Erudit> for Erudit {
    // The line-up's and the silence's countdowns tick on their screens; no
    // ChGK-like clock sounds its signals.
    fn team_ticking(&self, view: &EruditTeamView) -> Vec<ServerTime> {
        view.board
            .game
            .as_ref()
            .and_then(ticking)
            .into_iter()
            .collect()
    }

    fn display_ticking(&self, board: &EruditBoard) -> Vec<ServerTime> {
        board.game.as_ref().and_then(ticking).into_iter().collect()
    }

    fn staff_ticking(&self, view: &EruditStaffView) -> Vec<ServerTime> {
        view.board
            .game
            .as_ref()
            .and_then(ticking)
            .into_iter()
            .collect()
    }
}

/// A game's name over its board, the format's when it has none.
fn title<'a>(lang: Lang, game: Game<'a>) -> &'a str {
    if game.name.trim().is_empty() {
        <minuta_shared::play::erudit::EruditTournament as crate::i18n::words::FormatWords>::name(
            lang,
        )
    } else {
        game.name
    }
}

/// Whether `team` was drawn into a group of any stage.
fn drawn(board: &EruditBoard, team: TeamId) -> bool {
    board
        .stages
        .iter()
        .flat_map(|s| &s.groups)
        .any(|g| g.teams.iter().any(|(t, _, _)| *t == team))
}

/// Whether a group's game is being played (not over), or the tournament
/// waits at the deciding tie it ended in (5.4, 5.5).
pub fn in_play(game: &GameBoard) -> bool {
    game.phase != PhaseView::Finished || game.tie.is_some()
}

/// A game in play (or its deciding tie) holds the hall; after it, the
/// latest press of its last question, or the host's last step settling a
/// tie, says when the hall last looked.
fn activity(board: &EruditBoard) -> Activity {
    let Some(game) = &board.game else {
        return Activity::Idle;
    };
    if in_play(game) {
        return Activity::InPlay;
    }
    // A tie settled after the last press: the hall looked then.
    game.question
        .as_ref()
        .and_then(|q| q.presses.iter().map(|p| p.at).max())
        .max(board.last_tie_step)
        .map_or(Activity::Idle, Activity::Since)
}

/// The question's state at `now`: a view is only as fresh as its last
/// frame, and a silence that has run out is over even before the server's
/// next view says so (the server decides the same way).
pub fn state_at(question: &QuestionBoard, now: ServerTime) -> QuestionState {
    match question.state {
        QuestionState::Waiting { deadline } if now > deadline => QuestionState::Closed { by: None },
        other => other,
    }
}

/// The silence's countdown while it runs.
pub fn silence_left(state: &QuestionState, now: ServerTime) -> Option<String> {
    match state {
        QuestionState::Waiting { deadline } => Some(countdown(now.until(*deadline))),
        _ => None,
    }
}

/// The line-up's countdown while a window is open.
pub fn lineup_left(phase: &PhaseView, now: ServerTime) -> Option<String> {
    match phase {
        PhaseView::Lineup { deadline, .. } => Some(countdown(now.until(*deadline))),
        _ => None,
    }
}

/// An Эрудит-квартет command of `game`, for the server.
pub fn send(out: &mut Vec<UiCommand>, game: GameId, command: EruditCommand) {
    out.push(UiCommand::Send(Command::game(game, command)));
}

/// The deadline of the countdown running on a board (a line-up's, a
/// silence's), if any.
fn ticking(game: &GameBoard) -> Option<ServerTime> {
    match (&game.phase, &game.question) {
        (PhaseView::Lineup { deadline, .. }, _) => Some(*deadline),
        (_, Some(q)) => match q.state {
            QuestionState::Waiting { deadline } => Some(deadline),
            _ => None,
        },
        _ => None,
    }
}
