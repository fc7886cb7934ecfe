//! «Мультиигры» on screen (section 6): the team's task card
//! ([`team`]), the host's and the judges' game panel ([`host`], [`tasks`],
//! [`answers`]), the appeal jury's desk ([`jury`]) and the projector
//! ([`display`]). Registered in [`crate::views::games`]; the small pieces
//! every screen shares — the staff's tasks in order and the current one,
//! the task's clock, the standings, reading a typed credit — live here.

pub mod answers;
pub mod display;
pub mod host;
pub mod jury;
pub mod tasks;
pub mod team;
pub mod words;

use egui::{RichText, Ui};
use minuta_shared::ids::QuestionId;
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{GameCommand, GameSettings, InState};
use minuta_shared::play::multigames::rules::Credit;
use minuta_shared::play::multigames::{
    MultiStandingRow, MultigamesCommand, MultigamesDisplayView, MultigamesGame,
    MultigamesStaffView, MultigamesTeamView, StaffTask, TaskHeading, TaskStatus,
};
use minuta_shared::time::{ServerTime, countdown};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::HostView;

use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::format::{Activity, Clocks, Game, NoTab, Screens, Seat};
use crate::views::widgets::{self, GREY};

/// The format's registration in [`crate::views::games`].
pub struct Multigames;

/// What one Мультиигры game's screens remember between frames.
#[derive(Debug, Default)]
pub struct MultigamesForm {
    pub team: team::TeamForm,
    pub host: host::HostForm,
    pub jury: jury::JuryForm,
}

impl Screens for Multigames {
    type Staff = MultigamesStaffView;
    type Team = MultigamesTeamView;
    type Display = MultigamesDisplayView;
    type Form = MultigamesForm;
    type Tab = NoTab;

    const CLOCKS: Option<&'static dyn Clocks<Self>> = Some(&Multigames);

    fn new_game() -> GameSettings {
        GameSettings::Multigames(Default::default())
    }

    fn team_relevant(view: &MultigamesTeamView) -> bool {
        view.current.is_some() || !view.answers.is_empty()
    }

    fn team_activity(view: &MultigamesTeamView, _now: ServerTime) -> Activity {
        activity(view.current.as_ref().map(|t| &t.heading))
    }

    fn team(
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &MultigamesTeamView,
        form: &mut MultigamesForm,
        out: &mut Vec<UiCommand>,
    ) {
        team::team(ui, state, game, view, &mut form.team, out);
    }

    fn display_activity(view: &MultigamesDisplayView, _now: ServerTime) -> Activity {
        let current = activity(view.current.as_ref());
        let revealed = activity(view.last_revealed.as_ref().map(|(h, _)| h));
        current.max(revealed)
    }

    fn display(ui: &mut Ui, state: &AppState, game: Game<'_>, view: &MultigamesDisplayView) {
        display::display(ui, state, game, view);
    }

    fn staff_activity(view: &MultigamesStaffView, _now: ServerTime) -> Activity {
        activity(current(view).map(|t| &t.heading))
    }

    fn staff(
        ui: &mut Ui,
        state: &AppState,
        host: &HostView,
        game: Game<'_>,
        view: &MultigamesStaffView,
        seat: Seat,
        form: &mut MultigamesForm,
        out: &mut Vec<UiCommand>,
    ) {
        match seat {
            Seat::Host => host::host(ui, state, host, game, view, &mut form.host, out),
            Seat::Judge => host::judge(ui, state, host, game, view, &mut form.host, out),
        }
    }

    fn jury_pending(view: &MultigamesStaffView) -> usize {
        view.appeals.iter().filter(|a| a.decision.is_none()).count()
    }

    fn jury(
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &MultigamesStaffView,
        form: &mut MultigamesForm,
        out: &mut Vec<UiCommand>,
    ) {
        jury::jury(ui, state, game, view, &mut form.jury, out);
    }

    fn staff_tours(view: &MultigamesStaffView) -> Vec<(u32, String)> {
        view.tours
            .iter()
            .map(|t| (t.tour.0, t.title.clone()))
            .collect()
    }

    fn display_tour(view: &MultigamesDisplayView) -> Option<u32> {
        view.current
            .as_ref()
            .or(view.last_revealed.as_ref().map(|(h, _)| h))
            .map(|h| h.tour.0)
    }
}

impl Clocks<Multigames> for Multigames {
    fn team_clock(&self, view: &MultigamesTeamView) -> Option<ClockView> {
        view.current.as_ref().and_then(|t| clock_view(&t.heading))
    }

    fn display_clock(&self, view: &MultigamesDisplayView) -> Option<ClockView> {
        view.current.as_ref().and_then(clock_view)
    }

    fn staff_clock(&self, view: &MultigamesStaffView) -> Option<ClockView> {
        current(view).and_then(|t| clock_view(&t.heading))
    }
}

/// Every task in the order of the programme.
pub fn all_tasks(view: &MultigamesStaffView) -> impl Iterator<Item = &StaffTask> {
    view.tours.iter().flat_map(|t| t.tasks.iter())
}

/// The announced or running (or last played) task.
pub fn current(view: &MultigamesStaffView) -> Option<&StaffTask> {
    let id = view.current?;
    all_tasks(view).find(|t| t.heading.id == id)
}

/// A task announced or being solved holds the hall; one played holds it
/// from its start.
fn activity(heading: Option<&TaskHeading>) -> Activity {
    let Some(heading) = heading else {
        return Activity::Idle;
    };
    match heading.status {
        TaskStatus::Announced | TaskStatus::Running => Activity::InPlay,
        TaskStatus::Waiting | TaskStatus::Over | TaskStatus::Revealed => heading
            .clock
            .as_ref()
            .map_or(Activity::Idle, |c| Activity::Since(c.started_at)),
    }
}

/// A started task's clock as the ChGK clock's widgets read it: the same
/// signals (3), the task's own time.
pub fn clock_view(heading: &TaskHeading) -> Option<ClockView> {
    let clock = heading.clock.as_ref()?;
    Some(ClockView {
        question: Some(QuestionId(heading.id.0)),
        number: heading.number.clone(),
        tour: None,
        phase: Phase::Minute,
        started_at: Some(clock.started_at),
        warning_at: Some(clock.warning_at),
        ends_at: Some(clock.ends_at),
        accept_until: Some(clock.accept_until),
    })
}

/// The phase of a task at `now`: before the start, solving, the last
/// seconds, the grace, over.
pub fn phase(heading: &TaskHeading, now: ServerTime) -> Phase {
    match clock_view(heading) {
        Some(clock) => widgets::phase_at(&clock, now),
        None if heading.status == TaskStatus::Announced => Phase::Announced,
        None => Phase::Idle,
    }
}

/// Whether answers still count at `now` (the grace included).
pub fn accepting(heading: &TaskHeading, now: ServerTime) -> bool {
    matches!(
        phase(heading, now),
        Phase::Minute | Phase::LastSeconds | Phase::HandIn
    )
}

/// The task's countdown in large digits with its caption and the grace
/// after the end signal; before the start, the announced time in grey
/// without a caption (the screen says «не начато» its own way).
pub fn task_clock(ui: &mut Ui, lang: Lang, heading: &TaskHeading, now: ServerTime, size: f32) {
    match clock_view(heading) {
        Some(clock) => widgets::captioned_clock(ui, &clock, now, size, |phase| {
            words::clock_caption(lang, phase)
        }),
        None => {
            let announced = countdown(std::time::Duration::from_secs(u64::from(heading.seconds)));
            widgets::clock_digits(ui, &announced, "", GREY, size);
        }
    }
}

/// «Задание 2.3 · Ребус» and «время 2:00 · 3 очка» under it.
pub fn task_title(ui: &mut Ui, lang: Lang, heading: &TaskHeading, size: f32) {
    ui.label(
        RichText::new(words::task_heading(lang, &heading.number, &heading.title))
            .size(size)
            .strong(),
    );
    ui.label(
        RichText::new(words::time_and_points(
            lang,
            heading.seconds,
            heading.points,
        ))
        .size((size * 0.45).max(14.0)),
    );
    if heading.withdrawn {
        ui.label(RichText::new(lang.t(T::MgWithdrawn)).color(widgets::RED));
    }
}

/// Places, names, towns and points; `size` scales it for a projector.
pub fn standings(ui: &mut Ui, lang: Lang, id: &str, rows: &[MultiStandingRow], size: f32) {
    let heads = [T::ColPlace, T::ColTeam, T::ColTown, T::MgColCredit];
    let salt = ("multigames-standings", id);
    widgets::places_table(ui, lang, salt, &heads, rows, size, |ui, row| {
        ui.label(RichText::new(row.place.to_string()).size(size));
        ui.label(RichText::new(&row.name).size(size).strong());
        ui.label(RichText::new(&row.town).size(size));
        ui.label(RichText::new(row.points.to_string()).size(size).strong());
    });
}

/// A credit as typed: «1.5» or «1,5» (the Russian decimal comma), spaces
/// ignored. `None` for anything that is not a number.
pub fn parse_credit(text: &str) -> Option<Credit> {
    let text: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| if c == ',' { '.' } else { c })
        .collect();
    if text.is_empty() {
        return None;
    }
    Credit::parse(&text)
}

/// Half a task's value, in whole hundredths (credit's finest step, 6), or
/// `None` when that is nothing.
pub fn half(points: Credit) -> Option<Credit> {
    /// A hundredth of a point, in the credit's units.
    const HUNDREDTH: i128 = 10_000_000_000_000_000;
    let half = points.atto / 2 / HUNDREDTH * HUNDREDTH;
    (half > 0 && half < points.atto).then_some(Credit { atto: half })
}

/// A command for this game, as a view's request.
pub fn send(game: Game<'_>, command: MultigamesCommand) -> UiCommand {
    UiCommand::Send(Command::Game {
        game: game.id,
        command: GameCommand::Multigames(command),
    })
}

/// This game's commands of this terminal still on their way.
pub fn pending<'a>(
    state: &'a AppState,
    game: Game<'_>,
) -> impl Iterator<Item = &'a MultigamesCommand> + 'a {
    let id = game.id;
    state
        .pending_game_commands()
        .filter(move |(g, _)| *g == id)
        .filter_map(|(_, command)| MultigamesGame::command_of(command))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn multigames_6_credit_is_typed_with_a_point_or_a_comma() {
        assert_eq!(parse_credit("1,5"), Credit::parse("1.5"));
        assert_eq!(parse_credit(" 2 "), Some(Credit::from_int(2)));
        assert_eq!(parse_credit(""), None);
        assert_eq!(parse_credit("два"), None);
    }

    #[test]
    fn multigames_6_partial_credit_is_half_in_hundredths() {
        assert_eq!(half(Credit::from_int(3)), Credit::parse("1.5"));
        assert_eq!(half(Credit::parse("0.25").unwrap()), Credit::parse("0.12"));
        assert_eq!(half(Credit::parse("0.01").unwrap()), None);
    }
}
