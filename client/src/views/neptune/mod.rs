//! «Нептун» on screen as a format of the programme (registered in
//! [`crate::views::games`]): the host's desk ([`desk`]: the set-up
//! [`setup`], the next step, [`judging`], the [`teams`] with their ломтики
//! and the [`auction`] desk), a team's terminal ([`team`]: the Негатив
//! [`sheet`], the [`card`], the captain's [`split`], the [`joker`]
//! declaration and the captain's [`bidding`]) — a ломтик's is the same
//! screen with its own card — the projector ([`display`]) and everyone's
//! overall [`table`]. What they share lives here: whether the game is under
//! way, its clock, the count, names of cards, and sending. No rules: the
//! server decides; these screens only show and ask.

pub mod auction;
pub mod bidding;
pub mod card;
pub mod desk;
pub mod display;
pub mod joker;
pub mod judging;
pub mod setup;
pub mod sheet;
pub mod split;
pub mod table;
pub mod team;
pub mod teams;
pub mod words;

use std::time::Duration;

use egui::{Color32, RichText, Ui};
use minuta_shared::ids::{GameId, QuestionId, Slice, TeamId};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameCommand, GameReceipt, GameSettings, InState};
use minuta_shared::play::neptune::rules::Contest;
use minuta_shared::play::neptune::{
    AuctionBoard, CardKey, NeptuneBoard, NeptuneCommand, NeptuneMatch, NeptuneSettings,
    NeptuneStaffView, NeptuneTeamView, Stage, contest_title,
};
use minuta_shared::time::{ServerTime, countdown};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::CommandError;
use minuta_shared::wire::view::HostView;

use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::format::{Activity, Clocks, Game, NoTab, Screens, Seat};
use crate::views::widgets::{self, GREY};
use words::Nt;

/// Нептун in the registry of formats.
pub struct Neptune;

/// What one Нептун game's screens remember between frames.
#[derive(Debug, Default)]
pub struct NeptuneForm {
    pub desk: desk::DeskForm,
    pub team: team::TeamForm,
}

impl Screens for Neptune {
    /// Its package, teams and ломтики are prepared before the evening; an
    /// evening without Нептун has no tab for it.
    const SET_UP_FIRST: bool = true;
    type Staff = NeptuneStaffView;
    type Team = NeptuneTeamView;
    type Display = NeptuneBoard;
    type Form = NeptuneForm;
    type Tab = NoTab;

    const CLOCKS: Option<&'static dyn Clocks<Self>> = Some(&Neptune);

    fn new_game() -> GameSettings {
        GameSettings::Neptune(NeptuneSettings::default())
    }

    /// A registered team has the game to follow; others stay on ChGK.
    fn team_relevant(view: &NeptuneTeamView) -> bool {
        view.playing
    }

    fn team_activity(view: &NeptuneTeamView, _now: ServerTime) -> Activity {
        if view.playing {
            activity(&view.board)
        } else {
            Activity::Idle
        }
    }

    fn team(
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &NeptuneTeamView,
        form: &mut NeptuneForm,
        out: &mut Vec<UiCommand>,
    ) {
        team::screen(ui, state, game, view, &mut form.team, out);
    }

    fn display_activity(view: &NeptuneBoard, _now: ServerTime) -> Activity {
        activity(view)
    }

    fn display(ui: &mut Ui, state: &AppState, game: Game<'_>, view: &NeptuneBoard) {
        display::display(ui, state, title(state.lang, game, view), view);
    }

    fn staff_activity(view: &NeptuneStaffView, _now: ServerTime) -> Activity {
        activity(&view.board)
    }

    fn staff(
        ui: &mut Ui,
        state: &AppState,
        host: &HostView,
        game: Game<'_>,
        view: &NeptuneStaffView,
        seat: Seat,
        form: &mut NeptuneForm,
        out: &mut Vec<UiCommand>,
    ) {
        if seat == Seat::Judge {
            // 0.4: Нептун alone judges; a judge watches the hall's board.
            display::display(ui, state, title(state.lang, game, &view.board), &view.board);
            return;
        }
        desk::screen(ui, state, host, game, view, &mut form.desk, out);
    }

    fn jury(
        ui: &mut Ui,
        state: &AppState,
        _: Game<'_>,
        _: &NeptuneStaffView,
        _: &mut NeptuneForm,
        _: &mut Vec<UiCommand>,
    ) {
        ui.label(state.lang.t(Nt::NoAppeals));
    }

    /// 0.1: the six contests are the programme's tours, as the server
    /// titles them (`Results::tour`).
    fn staff_tours(_: &NeptuneStaffView) -> Vec<(u32, String)> {
        Contest::ALL
            .iter()
            .map(|c| (c.index() as u32, contest_title(*c).to_owned()))
            .collect()
    }

    fn display_tour(view: &NeptuneBoard) -> Option<u32> {
        view.contest.map(|c| c.index() as u32)
    }
}

impl Clocks<Neptune> for Neptune {
    fn team_clock(&self, view: &NeptuneTeamView) -> Option<ClockView> {
        clock_view(&view.board)
    }

    fn display_clock(&self, view: &NeptuneBoard) -> Option<ClockView> {
        clock_view(view)
    }

    fn staff_clock(&self, view: &NeptuneStaffView) -> Option<ClockView> {
        clock_view(&view.board)
    }
}

/// The game's name over its screens: the host's, else the package's,
/// else the format's.
fn title<'a>(lang: Lang, game: Game<'a>, board: &'a NeptuneBoard) -> &'a str {
    if !game.name.trim().is_empty() {
        game.name
    } else if !board.title.trim().is_empty() {
        &board.title
    } else {
        <NeptuneMatch as crate::i18n::words::FormatWords>::name(lang)
    }
}

/// Whether a contest has begun and the game is not over.
pub fn under_way(board: &NeptuneBoard) -> bool {
    board.contest.is_some() && !board.finished
}

/// One Нептун evening holds the hall from its first contest to its end,
/// between questions and contests too (the hall does not go back to ChGK
/// while Нептун reads its answers). Once over it keeps the hall until
/// something newer happens: the last bid is its last known instant (the
/// board carries no other).
fn activity(board: &NeptuneBoard) -> Activity {
    if under_way(board) {
        return Activity::InPlay;
    }
    if !board.finished {
        return Activity::Idle;
    }
    let last_bid = board
        .auction
        .as_ref()
        .and_then(|a| a.bids.iter().map(|b| b.at).max());
    Activity::Since(last_bid.unwrap_or(ServerTime::ZERO))
}

/// A key for the clock's sounds: a new key is a new clock (silent when
/// joined mid-way).
fn clock_key(board: &NeptuneBoard, step: u8) -> QuestionId {
    let contest = board.contest.map_or(0, |c| c.index() as u32);
    let index = board.question.as_ref().map_or(0, |q| q.index + 1);
    QuestionId(contest * 10_000 + index * 10 + u32::from(step))
}

/// The running discussion (a minute, a Блицкриг question's 20 s, the
/// Джокер topics) as the ChGK clock's widgets and the app's signals read
/// it: «10 секунд» only when the time is long enough to warn of, and
/// «Время» at its end.
pub fn clock_view(board: &NeptuneBoard) -> Option<ClockView> {
    let (step, started_at, ends_at, accept_until) = match board.stage {
        Stage::Minute {
            step,
            started_at,
            ends_at,
            accept_until,
        } => (step, started_at, ends_at, accept_until),
        Stage::Topics {
            started_at,
            ends_at,
            accept_until,
        } => (0, started_at, ends_at, accept_until),
        _ => return None,
    };
    const WARNING: Duration = Duration::from_secs(10);
    let warning_at = if ends_at.since(started_at) >= WARNING * 2 {
        ServerTime(ends_at.0.saturating_sub(WARNING.as_micros() as u64))
    } else {
        ends_at
    };
    Some(ClockView {
        question: Some(clock_key(board, step)),
        number: board
            .question
            .as_ref()
            .map_or_else(String::new, |q| (q.index + 1).to_string()),
        tour: None,
        phase: Phase::Minute,
        started_at: Some(started_at),
        warning_at: Some(warning_at),
        ends_at: Some(ends_at),
        accept_until: Some(accept_until),
    })
}

/// The countdown in large digits with what is on under it, while a
/// discussion runs.
pub fn clock(ui: &mut Ui, lang: Lang, board: &NeptuneBoard, now: ServerTime, size: f32) {
    let Some(clock) = clock_view(board) else {
        return;
    };
    let running = words::stage(lang, &board.stage, board.contest);
    let grace = match clock.accept_until {
        Some(until) if now > clock.ends_at.unwrap_or(until) && now <= until => {
            Some(words::grace(lang, &countdown(now.until(until))))
        }
        _ => None,
    };
    widgets::captioned_clock(ui, &clock, now, size, |phase| match phase {
        Phase::LastSeconds => lang.t(T::PhaseLastSeconds),
        Phase::HandIn => grace.as_deref().unwrap_or(lang.t(T::PhaseHandIn)),
        Phase::Over => lang.t(T::PhaseOver),
        _ => &running,
    });
    // The digits change every second: draw again just after the next one.
    ui.ctx()
        .request_repaint_after(Duration::from_micros(1_000_000 - now.0 % 1_000_000 + 1_000));
}

/// 6.3: the count now, and a frame at its next word.
pub fn count_now(ui: &Ui, auction: &AuctionBoard, stage: &Stage, now: ServerTime) -> Option<u8> {
    if *stage != Stage::Bidding {
        return None;
    }
    let count = auction.count_at(now);
    if let Some(from) = auction.count_from
        && count < 3
        && auction.count_step_ms > 0
    {
        let step = Duration::from_millis(auction.count_step_ms);
        let next = from.plus(step * (u32::from(count) + 1));
        ui.ctx()
            .request_repaint_after(now.until(next) + Duration::from_millis(5));
    }
    Some(count)
}

/// The count in large letters: «раз», «два», «три».
pub fn count_word(ui: &mut Ui, lang: Lang, count: u8, size: f32) {
    let colour = match count {
        0 => GREY,
        1 => widgets::GREEN,
        2 => widgets::AMBER,
        _ => widgets::RED,
    };
    ui.label(
        RichText::new(words::count_word(lang, count))
            .size(size)
            .strong()
            .color(colour),
    );
}

/// A team's name as the hall's table has it.
pub fn team_name(board: &NeptuneBoard, team: TeamId) -> String {
    board
        .table
        .iter()
        .find(|r| r.team == team)
        .map_or_else(|| format!("#{team}"), |r| r.name.clone())
}

/// A ломтик's name (2.2: «Н-верх», «Н-низ»), as the server names it.
pub fn slice_name(board: &NeptuneBoard, team: TeamId, slice: Slice) -> String {
    let index = usize::from(slice == Slice::Bottom);
    board
        .slices
        .iter()
        .find(|(t, _)| *t == team)
        .and_then(|(_, names)| names.get(index).cloned())
        .unwrap_or_else(|| format!("{}-{}", team_name(board, team), slice.suffix()))
}

/// Whose card: a team's, or a ломтик's.
pub fn card_name(board: &NeptuneBoard, key: CardKey) -> String {
    match key.slice {
        Some(slice) => slice_name(board, key.team, slice),
        None => team_name(board, key.team),
    }
}

/// «Негатив · вопрос 3 из 12» over what is on now, `size` for the
/// question line.
pub fn now_heading(ui: &mut Ui, lang: Lang, board: &NeptuneBoard, size: f32, colour: Color32) {
    match (&board.question, board.contest) {
        (Some(q), _) => {
            ui.label(
                RichText::new(words::question_line(lang, q.contest, q.index, q.of))
                    .size(size)
                    .strong()
                    .color(colour),
            );
        }
        (None, Some(contest)) => {
            ui.label(
                RichText::new(words::contest(lang, contest))
                    .size(size)
                    .strong()
                    .color(colour),
            );
        }
        (None, None) => {}
    }
    ui.label(
        RichText::new(words::stage(lang, &board.stage, board.contest))
            .size((size * 0.6).max(14.0))
            .color(colour),
    );
}

/// A Нептун command of `game`, for the server.
pub fn send(out: &mut Vec<UiCommand>, game: GameId, command: NeptuneCommand) {
    out.push(UiCommand::Send(Command::game(game, command)));
}

/// This game's commands of this terminal still on their way.
pub fn pending<'a>(
    state: &'a AppState,
    game: GameId,
) -> impl Iterator<Item = &'a NeptuneCommand> + 'a {
    state
        .pending_game_commands()
        .filter(move |(g, _)| *g == game)
        .filter_map(|(_, command)| NeptuneMatch::command_of(command))
}

/// The server's latest answer to this terminal's command of `game` that
/// `which` picks.
pub fn last_ack(
    state: &AppState,
    game: GameId,
    which: impl Fn(&NeptuneCommand) -> bool,
) -> Option<&Result<GameReceipt, CommandError>> {
    state
        .game_acks
        .iter()
        .rev()
        .find(|a| a.game == game && matches!(&a.command, GameCommand::Neptune(c) if which(c)))
        .map(|a| &a.result)
}

/// The latest refusal of this terminal's command that `which` picks, in
/// the person's language, unless a later one succeeded.
pub fn refusal(
    state: &AppState,
    game: GameId,
    which: impl Fn(&NeptuneCommand) -> bool,
) -> Option<String> {
    match last_ack(state, game, which)? {
        Err(error) => Some(crate::i18n::command_error(state.lang, error)),
        Ok(_) => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use minuta_shared::play::neptune::QuestionBoard;

    fn minute(step: u8, ms: u64) -> NeptuneBoard {
        let at = |d: u64| ServerTime::from_millis(1_000_000 + d);
        NeptuneBoard {
            contest: Some(Contest::Blitz),
            stage: Stage::Minute {
                step,
                started_at: at(0),
                ends_at: at(ms),
                accept_until: at(ms + 3_000),
            },
            question: Some(QuestionBoard {
                contest: Contest::Blitz,
                index: 0,
                of: 3,
                rating: None,
                stakes: Vec::new(),
            }),
            ..NeptuneBoard::default()
        }
    }

    #[test]
    fn neptune_a_minute_warns_ten_seconds_before_its_end_a_short_step_does_not() {
        let long = clock_view(&minute(1, 60_000)).unwrap();
        assert_eq!(long.warning_at, Some(ServerTime::from_millis(1_050_000)));
        let short = clock_view(&minute(2, 15_000)).unwrap();
        assert_eq!(short.warning_at, short.ends_at);
        assert_ne!(long.question, short.question, "each step is a clock");
    }

    #[test]
    fn neptune_the_hall_follows_the_game_from_its_first_contest_to_its_end() {
        let mut board = NeptuneBoard::default();
        assert_eq!(activity(&board), Activity::Idle);
        board.contest = Some(Contest::Negative);
        board.stage = Stage::Revealed;
        assert_eq!(activity(&board), Activity::InPlay);
        board.finished = true;
        assert_eq!(activity(&board), Activity::Since(ServerTime::ZERO));
    }
}
