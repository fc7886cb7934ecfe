//! «Брейн-ринг» on screen as a format of the programme (registered in
//! [`crate::views::games`]): the team's button ([`button`]) and its screen
//! between fights ([`waiting`]), the staff's tab ([`staff`]: the fight
//! panel [`fight_panel`] with the press log [`press_log`], and the
//! tournament's steps [`setup`]), and the projector's board ([`board`]).
//! What they share lives here: the event's own Brain-ring's tab on the
//! dashboard, a question's phase at this instant, the countdown, and the two tables side
//! by side. No rules: the server decides; these screens only show and ask.

pub mod board;
pub mod button;
pub mod fight_panel;
pub mod press_log;
pub mod setup;
pub mod staff;
pub mod waiting;
pub mod words;

use egui::{Color32, RichText, Ui};
use minuta_shared::ids::GameId;
use minuta_shared::play::brain_ring::rules::FightStatus;
use minuta_shared::play::brain_ring::{
    ButtonPhase, ButtonQuestion, RingBoard, RingCommand, RingFightView, RingQuestionText,
    RingStaffView, RingStage, RingTeamView, RingTiming, Table,
};
use minuta_shared::play::games::GameSettings;
use minuta_shared::programme::Slot;
use minuta_shared::time::{ServerTime, countdown};
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{DisplayView, HostView, TeamView};

use crate::i18n::{Lang, T};
use crate::state::{AppState, UiCommand};
use crate::views::brain_ring::words::Rt;
use crate::views::format::{
    Activity, Countdowns, EventOwn, Game, MainClaim, Opening, OwnMainPage, OwnSlots, OwnTab,
    Screens, Seat,
};
use crate::views::widgets::{self, AMBER, GREEN, GREY, RED};
use minuta_shared::play::brain_ring::Ruling;

/// The question being read: not yet live, but not idle either.
const READING: Color32 = Color32::from_gray(200);
/// The answering table's frame is tinted so the hall sees it from afar
/// (opaque: a translucent fill dithers into streaks on some drivers).
const ANSWERING_TINT: Color32 = Color32::from_rgb(72, 50, 14);

/// Brain-ring in the registry of formats.
pub struct Ring;

/// The event's own Brain-ring's one tab on the host's dashboard: the whole
/// tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RingTab {
    Tournament,
}

/// What one Brain-ring game's screens remember between frames.
#[derive(Debug, Default)]
pub struct RingForm {
    pub button: button::ButtonForm,
    pub staff: staff::RingStaffForm,
}

impl Screens for Ring {
    /// Another Brain-ring beside the event's own (which has its own tab).
    const SET_UP_FIRST: bool = true;
    type Staff = RingStaffView;
    type Team = RingTeamView;
    type Display = RingBoard;
    type Form = RingForm;
    type Tab = RingTab;

    /// 4.3: the event's Brain-ring, played after a day of ChGK.
    const EVENT_OWN: Option<&'static dyn EventOwn<Self>> = Some(&Ring);
    const COUNTDOWNS: Option<&'static dyn Countdowns<Self>> = Some(&Ring);

    fn new_game() -> GameSettings {
        GameSettings::Ring(RingTiming::default())
    }

    fn team_relevant(view: &RingTeamView) -> bool {
        view.fight.is_some() || view.board.is_some()
    }

    fn team_activity(view: &RingTeamView, _now: ServerTime) -> Activity {
        match (&view.fight, &view.board) {
            (Some(fight), _) if !fight.closed => Activity::InPlay,
            (_, Some(board)) => activity(&board.fights),
            _ => Activity::Idle,
        }
    }

    fn team(
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &RingTeamView,
        form: &mut RingForm,
        out: &mut Vec<UiCommand>,
    ) {
        // Only a team's terminal draws a team's screen.
        let Some(team) = state.team_view().map(|v| v.team) else {
            return;
        };
        if let Some(fight) = &view.fight {
            button::button(ui, state, game.id, team, fight, &mut form.button, out);
        } else if let Some(board) = &view.board {
            waiting::waiting(ui, state.lang, team, board);
        }
    }

    fn display_activity(view: &RingBoard, _now: ServerTime) -> Activity {
        activity(&view.fights)
    }

    fn display(ui: &mut Ui, state: &AppState, game: Game<'_>, view: &RingBoard) {
        board::board(ui, state, title(state.lang, game), view);
    }

    fn staff_activity(view: &RingStaffView, _now: ServerTime) -> Activity {
        activity(&view.board.fights)
    }

    fn staff(
        ui: &mut Ui,
        state: &AppState,
        host: &HostView,
        game: Game<'_>,
        view: &RingStaffView,
        seat: Seat,
        form: &mut RingForm,
        out: &mut Vec<UiCommand>,
    ) {
        staff::screen(ui, state, host, game, view, seat, &mut form.staff, out);
    }

    fn jury(
        ui: &mut Ui,
        state: &AppState,
        _: Game<'_>,
        _: &RingStaffView,
        _: &mut RingForm,
        _: &mut Vec<UiCommand>,
    ) {
        // 4.13–4.16: the host decides Brain-ring appeals, between questions.
        ui.label(state.lang.t(Rt::JuryNone));
    }

    /// A Brain-ring tournament is one stage of the programme: its one tour
    /// exists once teams are seeded or a fight was opened (as the server
    /// counts it).
    fn staff_tours(view: &RingStaffView) -> Vec<(u32, String)> {
        if begun(&view.board) {
            vec![(0, String::new())]
        } else {
            Vec::new()
        }
    }

    fn display_tour(view: &RingBoard) -> Option<u32> {
        begun(view).then_some(0)
    }
}

impl EventOwn<Ring> for Ring {
    /// One tab, counting the fights open and the appeals waiting: an
    /// appeal holds its fight up (4.16), so it says so from any tab.
    fn tabs(&self, lang: Lang, view: Option<&RingStaffView>) -> Vec<OwnTab<RingTab>> {
        let fights = view.map_or(&[][..], |v| &v.board.fights[..]);
        let open = fights.iter().filter(|f| !f.closed).count();
        let appeals = fights
            .iter()
            .flat_map(|f| &f.appeals)
            .filter(|a| a.resolution.is_none())
            .count();
        let name = lang.t(Rt::BrainRing);
        let label = match (open, appeals) {
            (0, 0) => name.to_owned(),
            (n, 0) => format!("{name} ({n})"),
            (n, a) => format!("{name} ({n}) • {}: {a}", lang.t(T::TabAppeals)),
        };
        vec![OwnTab::bar(RingTab::Tournament, label)]
    }

    fn tab(
        &self,
        ui: &mut Ui,
        state: &AppState,
        host: &HostView,
        game: Game<'_>,
        view: &RingStaffView,
        _tab: RingTab,
        form: &mut RingForm,
        out: &mut Vec<UiCommand>,
    ) {
        staff::screen(
            ui,
            state,
            host,
            game,
            view,
            Seat::Host,
            &mut form.staff,
            out,
        );
    }

    /// A fight open comes first; the tournament is being played once it
    /// has questions, seeded teams or fights.
    fn opening(&self, view: &RingStaffView) -> Opening<RingTab> {
        let board = &view.board;
        if board.fights.iter().any(|f| !f.closed) {
            Opening::Urgent(RingTab::Tournament)
        } else if view.pool > 0 || begun(board) {
            Opening::Ready(RingTab::Tournament)
        } else {
            Opening::Idle
        }
    }
}

impl OwnMainPage<Ring> for Ring {
    /// The team's live fight takes its whole terminal (a ломтик has no
    /// button: its team's own terminal presses); between its fights the
    /// team follows the tournament, unless a ChGK question is on.
    fn team_main_claim(&self, team: &TeamView, view: &RingTeamView, _now: ServerTime) -> MainClaim {
        if view.fight.is_some() && team.slice.is_none() {
            return MainClaim::Whole;
        }
        if view.board.is_none() {
            return MainClaim::Nothing;
        }
        if team.event_chgk().clock.question.is_none() {
            MainClaim::Shown
        } else {
            MainClaim::Beside
        }
    }

    /// A fight on takes the projector over everything; the seeded
    /// tournament is shown unless a ChGK question is in play.
    fn display_main_claim(
        &self,
        hall: &DisplayView,
        view: &RingBoard,
        now: ServerTime,
    ) -> MainClaim {
        if view.fights.iter().any(|f| !f.closed) {
            MainClaim::Whole
        } else if board::shows_ring(view, &hall.event_chgk().clock, now) {
            MainClaim::Shown
        } else {
            MainClaim::Nothing
        }
    }

    fn main_label(&self, lang: Lang) -> Option<&'static str> {
        Some(lang.t(Rt::BrainRing))
    }

    fn team_main(
        &self,
        ui: &mut Ui,
        state: &AppState,
        _game: Game<'_>,
        view: &RingTeamView,
        _form: &mut RingForm,
        _out: &mut Vec<UiCommand>,
    ) {
        if let (Some(team), Some(board)) = (state.team_view().map(|v| v.team), &view.board) {
            waiting::waiting(ui, state.lang, team, board);
        }
    }

    fn team_whole(
        &self,
        ui: &mut Ui,
        state: &AppState,
        game: Game<'_>,
        view: &RingTeamView,
        form: &mut RingForm,
    ) -> Vec<UiCommand> {
        match (state.team_view().map(|v| v.team), &view.fight) {
            (Some(team), Some(fight)) => {
                button::screen(ui, state, game.id, team, fight, &mut form.button)
            }
            _ => Vec::new(),
        }
    }

    /// «Турнир · Брейн-ринг»: the event's own Brain-ring.
    fn display_main(
        &self,
        ui: &mut Ui,
        state: &AppState,
        tournament: &str,
        _game: Game<'_>,
        view: &RingBoard,
    ) {
        let title = format!("{tournament} · {}", state.lang.t(Rt::BrainRing));
        board::board(ui, state, &title, view);
    }
}

impl OwnSlots<Ring> for Ring {
    /// 2, 4.3: the programme's Brain-ring slot is the event's.
    fn own_slot(&self, slot: &Slot) -> bool {
        matches!(slot, Slot::BrainRing)
    }

    /// One slot, offered even before the event has its Brain-ring (an
    /// older store's).
    fn own_slots(&self, _view: Option<&RingStaffView>) -> Vec<(Slot, String)> {
        vec![(Slot::BrainRing, String::new())]
    }

    /// Begun once its teams are seeded (asked of its own slot only).
    fn own_slot_begun(&self, board: &RingBoard, _slot: &Slot) -> bool {
        board.stage != RingStage::NotSeeded
    }
}

impl Countdowns<Ring> for Ring {
    // The fight's own countdown ticks on its screens; no ChGK-like clock
    // sounds its signals.
    fn team_ticking(&self, view: &RingTeamView) -> Vec<ServerTime> {
        view.fight.as_ref().and_then(ticking).into_iter().collect()
    }

    fn display_ticking(&self, board: &RingBoard) -> Vec<ServerTime> {
        board.fights.iter().filter_map(ticking).collect()
    }

    fn staff_ticking(&self, view: &RingStaffView) -> Vec<ServerTime> {
        view.board.fights.iter().filter_map(ticking).collect()
    }
}

/// A game's name over its board, the format's when it has none (the
/// event's own Brain-ring is named by the event).
fn title<'a>(lang: Lang, game: Game<'a>) -> &'a str {
    if game.name.trim().is_empty() {
        lang.t(Rt::BrainRing)
    } else {
        game.name
    }
}

/// Whether the tournament has begun: teams seeded or a fight opened.
fn begun(board: &RingBoard) -> bool {
    !board.seeding.is_empty() || !board.fights.is_empty()
}

/// A fight open is in play; otherwise the hall last looked at the fights
/// when their latest question was given «Время».
fn activity(fights: &[RingFightView]) -> Activity {
    if fights.iter().any(|f| !f.closed) {
        return Activity::InPlay;
    }
    fights
        .iter()
        .filter_map(|f| f.question.as_ref()?.armed_at)
        .max()
        .map_or(Activity::Idle, Activity::Since)
}

/// A Brain-ring command of `game`, for the server.
/// A package question as far as the view carries it: the text (the
/// staff's only), the answer, «зачёт» and the comment.
pub fn question_text(ui: &mut Ui, lang: Lang, q: &RingQuestionText, size: f32) {
    if !q.text.is_empty() {
        ui.label(RichText::new(format!("{}. {}", q.number, q.text)).size(size));
    }
    if let Some(handout) = &q.handout {
        ui.label(RichText::new(handout).size(size * 0.85).italics());
    }
    ui.label(
        RichText::new(format!("{}: {}", lang.t(Rt::Answer), q.answer))
            .size(size)
            .strong(),
    );
    for (label, value) in [(Rt::Accepted, &q.accepted), (Rt::Comment, &q.comment)] {
        if let Some(value) = value {
            ui.label(RichText::new(format!("{}: {value}", lang.t(label))).size(size * 0.85));
        }
    }
}

pub fn send(out: &mut Vec<UiCommand>, game: GameId, command: RingCommand) {
    out.push(UiCommand::Send(Command::game(game, command)));
}

/// The phase at `now`: a view is only as fresh as its last frame, and a
/// minute or an extra time that has run out is over even before the
/// server's next view says so (the server decides the same way: a press
/// one microsecond after the deadline is ignored).
pub fn phase_at(question: &ButtonQuestion, now: ServerTime) -> ButtonPhase {
    match &question.phase {
        ButtonPhase::Armed { deadline, .. } | ButtonPhase::SecondChance { deadline, .. }
            if now > *deadline =>
        {
            ButtonPhase::Over { taken_by: None }
        }
        other => other.clone(),
    }
}

/// The countdown of the minute or of the extra time, while one runs.
pub fn countdown_at(phase: &ButtonPhase, now: ServerTime) -> Option<String> {
    match phase {
        ButtonPhase::Armed { deadline, .. } | ButtonPhase::SecondChance { deadline, .. } => {
            Some(countdown(now.until(*deadline)))
        }
        _ => None,
    }
}

/// The fight each stage plays now, by stage: of its open fights the first
/// one begun (a question read), else the first one waiting. The others on
/// that stage wait their turn (a round opens all its fights at once).
pub fn on_stage(fights: &[RingFightView]) -> Vec<&RingFightView> {
    let mut open: Vec<&RingFightView> = fights.iter().filter(|f| !f.closed).collect();
    open.sort_by_key(|f| (f.stage, f.question.is_none(), f.id));
    open.dedup_by_key(|f| f.stage);
    open
}

/// The deadline of the clock running on this fight's question, if one is.
fn ticking(fight: &RingFightView) -> Option<ServerTime> {
    if fight.closed {
        return None;
    }
    match fight.question.as_ref().map(|q| &q.phase) {
        Some(ButtonPhase::Armed { deadline, .. } | ButtonPhase::SecondChance { deadline, .. }) => {
            Some(*deadline)
        }
        _ => None,
    }
}

pub fn phase_colour(phase: &ButtonPhase) -> Color32 {
    match phase {
        ButtonPhase::Reading => READING,
        ButtonPhase::Armed { .. } => GREEN,
        ButtonPhase::Contested { .. } | ButtonPhase::Answering { .. } => AMBER,
        ButtonPhase::SecondChance { .. } => GREEN,
        ButtonPhase::Over { .. } => GREY,
    }
}

/// The table answering now, if any (it is highlighted on every screen).
pub fn answering(phase: &ButtonPhase) -> Option<Table> {
    match phase {
        ButtonPhase::Answering { table, .. } | ButtonPhase::SecondChance { table, .. } => {
            Some(*table)
        }
        _ => None,
    }
}

/// The question's number line: «Вопрос 3», in sudden death «Вопрос 6 — до
/// первого взятого», and the fight's result once it has one; nothing
/// before the first question (the phase says so).
pub fn question_line(lang: Lang, fight: &RingFightView) -> Option<String> {
    let number = fight.question.as_ref().map(|q| q.number);
    match (fight.status, number) {
        (FightStatus::Won { winner }, _) => {
            let name = fight.names.get(winner).map(String::as_str).unwrap_or("");
            Some(words::fight_won(lang, name))
        }
        (FightStatus::Drawn, _) => Some(lang.t(Rt::Drawn).to_owned()),
        (_, None) => None,
        (
            FightStatus::InProgress {
                next_question,
                sudden_death,
            },
            Some(n),
        ) => {
            // The status speaks of the next question to ask: once this one
            // is over, it has been counted, and the last regulation question
            // is not sudden death even though the next one will be.
            let over = fight.question.as_ref().is_some_and(|q| q.is_over());
            let this_one = if over {
                next_question > fight.format.questions + 1
            } else {
                sudden_death
            };
            Some(if this_one {
                words::sudden_death_question(lang, n)
            } else {
                crate::i18n::question_number(lang, &n.to_string())
            })
        }
    }
}

/// The question, its phase and the countdown, centred, as the hall and
/// the host see them; `size` is the phase's letters.
pub fn hall_status(
    ui: &mut Ui,
    lang: Lang,
    fight: &RingFightView,
    phase: Option<&ButtonPhase>,
    now: ServerTime,
    size: f32,
) {
    let decided = !matches!(fight.status, FightStatus::InProgress { .. })
        && !phase.is_some_and(|p| !matches!(p, ButtonPhase::Over { .. }));
    ui.vertical_centered(|ui| {
        if let Some(line) = question_line(lang, fight) {
            // A decided fight's result is the news; the last question's
            // outcome follows in smaller letters.
            let line = if decided {
                RichText::new(line).size(size * 1.2).strong().color(GREEN)
            } else {
                RichText::new(line).size(size * 0.8).strong()
            };
            ui.label(line);
        }
        let size = if decided { size * 0.7 } else { size };
        let (text, colour) = match (phase, Ruling::of(fight)) {
            (Some(ButtonPhase::Over { .. }), Some(ruling)) => {
                (words::hall_ruling(lang, ruling, &fight.names), GREEN)
            }
            (Some(phase), _) => (
                words::hall_phase(lang, phase, &fight.names),
                phase_colour(phase),
            ),
            (None, _) => (lang.t(Rt::NoQuestionYet).to_owned(), GREY),
        };
        ui.label(RichText::new(text).size(size).strong().color(colour));
        if let Some(digits) = phase.and_then(|p| countdown_at(p, now)) {
            ui.label(
                RichText::new(digits)
                    .size(size * 2.0)
                    .monospace()
                    .strong()
                    .color(colour),
            );
        }
    });
}

/// The two tables side by side as `tables` says (table 1 on the left): the
/// name, the score, and marks for the table that answers, a false start
/// and a lost right to answer. `mine` marks this terminal's own table.
pub fn tables(
    ui: &mut Ui,
    lang: Lang,
    fight: &RingFightView,
    phase: Option<&ButtonPhase>,
    mine: Option<Table>,
    size: f32,
) {
    let active = phase.and_then(answering);
    ui.columns(2, |cols| {
        for (table, ui) in cols.iter_mut().enumerate() {
            let lit = active == Some(table);
            // One stroke width for both, so the frames stay level.
            let (stroke, fill) = if lit {
                (egui::Stroke::new(4.0, AMBER), ANSWERING_TINT)
            } else {
                (
                    egui::Stroke::new(4.0, Color32::from_gray(60)),
                    Color32::TRANSPARENT,
                )
            };
            egui::Frame::group(ui.style())
                .stroke(stroke)
                .fill(fill)
                .inner_margin(size * 0.4)
                .show(ui, |ui| {
                    ui.set_min_width(ui.available_width());
                    ui.vertical_centered(|ui| {
                        let mut caption = words::table_number(lang, table);
                        if mine == Some(table) {
                            caption = format!("{caption} · {}", lang.t(Rt::You));
                        }
                        ui.label(
                            RichText::new(caption)
                                .size((size * 0.6).max(widgets::SMALLEST_TEXT))
                                .color(GREY),
                        );
                        let name = fight.names.get(table).map(String::as_str).unwrap_or("");
                        ui.label(RichText::new(name).size(size).strong());
                        let score = fight.score.get(table).copied().unwrap_or(0);
                        ui.label(
                            RichText::new(score.to_string())
                                .size(size * 2.6)
                                .strong()
                                .monospace(),
                        );
                        let marks = table_marks(lang, fight.question.as_ref(), table);
                        // Keeps both frames the same height with or without marks.
                        let text = if marks.is_empty() { " ".into() } else { marks };
                        ui.label(
                            RichText::new(text)
                                .size((size * 0.6).max(widgets::SMALLEST_TEXT))
                                .color(RED),
                        );
                    });
                });
        }
    });
}

/// «фальстарт», «без права ответа» for one table on the current question.
fn table_marks(lang: Lang, question: Option<&ButtonQuestion>, table: Table) -> String {
    let Some(q) = question else {
        return String::new();
    };
    let false_start = q.false_start.get(table).copied().unwrap_or(false);
    let locked = q.locked.get(table).copied().unwrap_or(false);
    let mut marks = Vec::new();
    if false_start {
        marks.push(lang.t(Rt::FalseStartMark));
    }
    if locked && !false_start && !q_is_over(q) {
        marks.push(lang.t(Rt::LockedMark));
    }
    marks.join(" · ")
}

fn q_is_over(q: &ButtonQuestion) -> bool {
    matches!(q.phase, ButtonPhase::Over { .. })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn armed(deadline_ms: u64) -> ButtonQuestion {
        let mut q = ButtonQuestion::new(2);
        q.phase = ButtonPhase::Armed {
            armed_at: ServerTime::from_millis(0),
            deadline: ServerTime::from_millis(deadline_ms),
        };
        q
    }

    #[test]
    fn the_minute_runs_out_on_screen_at_the_deadline() {
        let q = armed(60_000);
        let at = |ms| ServerTime::from_millis(ms);
        assert_eq!(
            countdown_at(&phase_at(&q, at(20_500)), at(20_500)).as_deref(),
            Some("0:40")
        );
        assert!(matches!(
            phase_at(&q, at(60_000)),
            ButtonPhase::Armed { .. }
        ));
        assert_eq!(
            phase_at(&q, ServerTime(at(60_000).0 + 1)),
            ButtonPhase::Over { taken_by: None }
        );
    }
}
