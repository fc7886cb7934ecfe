//! What the screen tests share: the app's state holding a view at an
//! instant of server time; a screen drawn from it headless with
//! egui_kittest that keeps its form and collects the [`UiCommand`]s it asks
//! for; the projector; the server's answers; typing and clicking; and the
//! views of «Кубок Минуты» with nothing in them yet (the event's own ChGK
//! and Brain-ring, as every event has them), for each test to fill in what
//! it is about.

pub mod phone;
pub mod shot;

use egui::Ui;
use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use minuta_client::i18n::Lang;
use minuta_client::state::drafts::Drafts;
use minuta_client::state::{AppState, NetEvent, UiCommand, reduce};
use minuta_client::views::host::{self, HostForm};
use minuta_client::views::{display, judge, jury, team};
use minuta_shared::ids::{QuestionId, TeamId};
use minuta_shared::play::brain_ring::{EVENT_RING, RingBoard, RingStaffView, RingTeamView};
use minuta_shared::play::chgk::{ChgkDisplayView, ChgkStaffView, ChgkTeamView, EVENT_CHGK};
use minuta_shared::play::clock::ClockView;
use minuta_shared::play::clock::Phase;
use minuta_shared::play::games::{Format, GameDisplayView, GameStaffView, GameTeamView};
use minuta_shared::play::settings::TournamentSettings;
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::{CommandError, Receipt};
use minuta_shared::wire::view::{
    Access, DisplayView, GameEntry, HostView, TeamInfo, TeamView, View,
};

pub const TOURNAMENT: &str = "Кубок Минуты";

/// A screen's state between frames: the app's, the screen's form, and what
/// the screen asked for.
pub struct Screen<F> {
    pub state: AppState,
    pub form: F,
    pub sent: Vec<UiCommand>,
}

impl<F> Screen<F> {
    /// What a frame asked for, as the app takes it: a draft to keep goes
    /// to the app's drafts (issue 39), the rest is what the screen sent.
    pub fn ask(&mut self, asked: Vec<UiCommand>) {
        for command in asked {
            match command {
                UiCommand::KeepDraft { key, text } => {
                    self.state.drafts.keep(&key, &text);
                }
                other => self.sent.push(other),
            }
        }
    }
}

pub type ScreenHarness<F> = Harness<'static, Screen<F>>;

/// Issue 39: the page reloads: `fresh`, the app as a new page starts it,
/// with the drafts its shelf kept from `harness`'s app.
pub fn reloaded<F>(harness: &ScreenHarness<F>, mut fresh: AppState) -> AppState {
    fresh.drafts = harness.state().state.drafts.clone();
    fresh
}

/// Issue 39: whether `harness`'s app keeps no draft at all.
pub fn no_drafts<F>(harness: &ScreenHarness<F>) -> bool {
    harness.state().state.drafts == Drafts::default()
}

/// The app in `lang` at `now_us` of server time, `view` the server's last.
pub fn state_at(lang: Lang, now_us: u64, view: View) -> AppState {
    let mut state = AppState::new(lang);
    state.now_us = now_us;
    show(&mut state, view);
    state
}

/// A new view from the server reaches the app.
pub fn show(state: &mut AppState, view: View) {
    reduce(state, NetEvent::View(Box::new(view)));
}

/// A window of `size` where `draw` shows `state` with `form`, run until it
/// settles.
pub fn screen<F: 'static>(
    state: AppState,
    form: F,
    size: [f32; 2],
    draw: impl Fn(&mut Ui, &AppState, &mut F) -> Vec<UiCommand> + 'static,
) -> ScreenHarness<F> {
    let screen = Screen {
        state,
        form,
        sent: Vec::new(),
    };
    let mut harness = Harness::builder().with_size(size).build_ui_state(
        move |ui, screen: &mut Screen<F>| {
            let asked = draw(ui, &screen.state, &mut screen.form);
            screen.ask(asked);
        },
        screen,
    );
    // As both shells set the app up: their fonts, no text under 12 points.
    harness.ctx.set_fonts(minuta_client::fonts::definitions());
    minuta_client::views::widgets::legible_text(&harness.ctx);
    harness.run();
    harness
}

/// A team's terminal, as the app draws it for the team's view.
pub fn team_terminal(ui: &mut Ui, state: &AppState, form: &mut team::TeamForm) -> Vec<UiCommand> {
    match state.team_view() {
        Some(view) => team::team(ui, state, view, form),
        None => Vec::new(),
    }
}

/// The host's dashboard.
pub fn dashboard(ui: &mut Ui, state: &AppState, form: &mut HostForm) -> Vec<UiCommand> {
    match state.host_view() {
        Some(view) => host::dashboard(ui, state, view, form),
        None => Vec::new(),
    }
}

/// A judge's terminal.
pub fn judge_terminal(ui: &mut Ui, state: &AppState, form: &mut HostForm) -> Vec<UiCommand> {
    match state.host_view() {
        Some(view) => judge::judge(ui, state, view, form),
        None => Vec::new(),
    }
}

/// The appeal jury's terminal.
pub fn jury_terminal(ui: &mut Ui, state: &AppState, form: &mut jury::JuryForm) -> Vec<UiCommand> {
    match state.jury_view() {
        Some(view) => jury::jury(ui, state, view, form),
        None => Vec::new(),
    }
}

/// The projector in a window of `size` showing `view` at `now_us`, run
/// until it settles.
pub fn projector(lang: Lang, now_us: u64, view: DisplayView, size: [f32; 2]) -> Harness<'static> {
    let mut state = AppState::new(lang);
    state.now_us = now_us;
    let mut harness = Harness::builder()
        .with_size(size)
        .build_ui(move |ui| display::display(ui, &state, &view));
    harness.run();
    harness
}

/// The server's answer to `request` reaches the app.
pub fn answer(state: &mut AppState, request: u64, result: Result<Receipt, CommandError>) {
    reduce(state, NetEvent::Ack { request, result });
}

/// Types an answer, clicks «Сдать ответ», confirms; returns the command sent.
pub fn hand_in(harness: &mut ScreenHarness<team::TeamForm>, answer: &str) -> Command {
    type_in(harness, Role::TextInput, answer);
    harness.get_by_label("Сдать ответ").click();
    harness.run();
    assert!(
        harness
            .query_by_label("Ответ окончателен, как на бумаге. Сдать?")
            .is_some(),
        "asks to confirm first"
    );
    assert!(
        harness.state().sent.is_empty(),
        "nothing leaves before the confirmation"
    );
    harness.get_by_label("Да, сдать").click();
    harness.run();
    let sent = std::mem::take(&mut harness.state_mut().sent);
    match sent.as_slice() {
        [UiCommand::Send(command)] => command.clone(),
        other => panic!("expected one command, got {other:?}"),
    }
}

/// `command` leaves; the `card` (or the answer) shows it is on its way
/// until the server takes it with `receipt`.
pub fn acknowledge(
    harness: &mut ScreenHarness<team::TeamForm>,
    command: Command,
    receipt: Receipt,
    card: &str,
) {
    let request = harness.state_mut().state.begin_request(command);
    // A spinner turns while the card travels: step, do not wait to settle.
    harness.run_steps(2);
    assert!(
        harness.query_by_label("отправляем…").is_some(),
        "the {card} shows it is on its way"
    );
    answer(&mut harness.state_mut().state, request, Ok(receipt));
    harness.run();
}

/// Asserts that the screen asked the server for exactly `commands`, in
/// order.
#[track_caller]
pub fn assert_sent<F, const N: usize>(harness: &ScreenHarness<F>, commands: [Command; N]) {
    let want: Vec<UiCommand> = commands.into_iter().map(UiCommand::Send).collect();
    assert_eq!(harness.state().sent, want);
}

/// Clicks the widget labelled `label` and lets the screen settle.
pub fn click<S>(harness: &mut Harness<'_, S>, label: &str) {
    harness.get_by_label(label).click();
    harness.run();
}

/// Focuses the one field of `role` and types `text` into it.
pub fn type_in<S>(harness: &mut Harness<'_, S>, role: Role, text: &str) {
    harness.get_by_role(role).focus();
    harness.run();
    harness.get_by_role(role).type_text(text);
    harness.run();
}

/// Focuses the text field that reads `placeholder` while empty and types
/// `text` into it.
pub fn type_into<S>(harness: &mut Harness<'_, S>, placeholder: &str, text: &str) {
    harness
        .get_all_by_role(Role::TextInput)
        .find(|n| n.accesskit_node().placeholder() == Some(placeholder))
        .unwrap_or_else(|| panic!("a field reading «{placeholder}»"))
        .focus();
    harness.run();
    harness
        .get_all_by_role(Role::TextInput)
        .find(|n| n.is_focused())
        .expect("the focused field")
        .type_text(text);
    harness.run();
}

/// A ChGK minute for `question` «Вопрос `number`» given at `started_ms` of
/// server time: the 10-s signal at 50 s, the end at 60 s, 3 s of grace.
pub fn minute(question: QuestionId, number: &str, phase: Phase, started_ms: u64) -> ClockView {
    let at = |ms: u64| Some(ServerTime::from_millis(started_ms + ms));
    ClockView {
        question: Some(question),
        number: number.into(),
        tour: None,
        phase,
        started_at: at(0),
        warning_at: at(50_000),
        ends_at: at(60_000),
        accept_until: at(63_000),
    }
}

/// Registered teams from Москва, all connected.
pub fn teams<'a>(names: impl IntoIterator<Item = (u32, &'a str)>) -> Vec<TeamInfo> {
    names
        .into_iter()
        .map(|(id, name)| TeamInfo {
            id: TeamId(id),
            name: name.into(),
            town: "Москва".into(),
            players: vec![],
            connected: true,
            slices_connected: vec![],
            played: false,
            rating_id: None,
            site_players: vec![],
        })
        .collect()
}

/// «Команда 1» to «Команда `count`».
pub fn numbered_teams(count: u32) -> Vec<TeamInfo> {
    let names: Vec<String> = (1..=count).map(|i| format!("Команда {i}")).collect();
    teams((1..=count).zip(names.iter().map(String::as_str)))
}

/// The host's view of «Кубок Минуты» before anything is set up, without
/// the access codes (as a judge receives it).
pub fn host_view() -> HostView {
    HostView {
        tournament: TOURNAMENT.into(),
        settings: TournamentSettings::default(),
        access: None,
        teams: Vec::new(),
        judges: Vec::new(),
        displays_connected: 0,
        games: vec![
            event_chgk(GameStaffView::Chgk(ChgkStaffView::default())),
            event_ring(GameStaffView::Ring(RingStaffView::default())),
        ],
        jury_secret: None,
        programme: None,
        festival: Vec::new(),
        autopilot: None,
        prize_ties: Vec::new(),
    }
}

/// The server's addresses and secrets on the host's access tab.
pub fn access() -> Access {
    Access {
        addrs: vec!["192.168.1.5:4433".parse().expect("an address")],
        fingerprint: [7; 32],
        host_secret: "host-secret".into(),
        display_secret: "display-secret".into(),
        teams: Vec::new(),
        judges: Vec::new(),
        web_port: None,
    }
}

/// Team 1 «Знатоки»'s view with no question, game or fight.
pub fn team_view() -> TeamView {
    TeamView {
        tournament: TOURNAMENT.into(),
        team: TeamId(1),
        name: "Знатоки".into(),
        games: vec![
            event_chgk(GameTeamView::Chgk(ChgkTeamView::default())),
            event_ring(GameTeamView::Ring(RingTeamView::default())),
        ],
        slice: None,
    }
}

/// The projector's view with nothing played yet.
pub fn display_view() -> DisplayView {
    DisplayView {
        tournament: TOURNAMENT.into(),
        games: vec![
            event_chgk(GameDisplayView::Chgk(ChgkDisplayView::default())),
            event_ring(GameDisplayView::Ring(RingBoard::default())),
        ],
        programme: None,
        prize_ties: Vec::new(),
    }
}

/// The event's own ChGK game as an audience sees it.
pub fn event_chgk<V>(view: V) -> GameEntry<V> {
    GameEntry {
        id: EVENT_CHGK,
        name: String::new(),
        format: Format::Chgk,
        view,
    }
}

/// The event's own Brain-ring as an audience sees it (named by the event,
/// as the event's ChGK is).
pub fn event_ring<V>(view: V) -> GameEntry<V> {
    GameEntry {
        id: EVENT_RING,
        name: String::new(),
        format: Format::Ring,
        view,
    }
}

/// The event's own game of `format` in `games`, to fill in: the first of
/// that format, put in with `missing` if there is none.
fn event_game<V, T>(
    games: &mut Vec<GameEntry<V>>,
    format: Format,
    missing: impl FnOnce() -> GameEntry<V>,
    pick: impl Fn(&mut V) -> Option<&mut T>,
) -> &mut T {
    let at = match games.iter().position(|g| g.format == format) {
        Some(at) => at,
        None => {
            // The event's games come first: its ChGK, then its Brain-ring.
            let at = usize::from(format == Format::Ring).min(games.len());
            games.insert(at, missing());
            at
        }
    };
    pick(&mut games[at].view).expect("the event's game is of its format")
}

/// The event's own ChGK in the host's view, to fill in (added if missing).
pub fn staff_chgk(view: &mut HostView) -> &mut ChgkStaffView {
    event_game(
        &mut view.games,
        Format::Chgk,
        || event_chgk(GameStaffView::Chgk(ChgkStaffView::default())),
        |v| match v {
            GameStaffView::Chgk(v) => Some(v),
            _ => None,
        },
    )
}

/// The event's own ChGK in a team's view, to fill in (added if missing).
pub fn team_chgk(view: &mut TeamView) -> &mut ChgkTeamView {
    event_game(
        &mut view.games,
        Format::Chgk,
        || event_chgk(GameTeamView::Chgk(ChgkTeamView::default())),
        |v| match v {
            GameTeamView::Chgk(v) => Some(v),
            _ => None,
        },
    )
}

/// The event's own ChGK on the projector, to fill in (added if missing).
pub fn display_chgk(view: &mut DisplayView) -> &mut ChgkDisplayView {
    event_game(
        &mut view.games,
        Format::Chgk,
        || event_chgk(GameDisplayView::Chgk(ChgkDisplayView::default())),
        |v| match v {
            GameDisplayView::Chgk(v) => Some(v),
            _ => None,
        },
    )
}

/// The event's own Brain-ring in the host's view, to fill in (added if
/// missing).
pub fn staff_ring(view: &mut HostView) -> &mut RingStaffView {
    event_game(
        &mut view.games,
        Format::Ring,
        || event_ring(GameStaffView::Ring(RingStaffView::default())),
        |v| match v {
            GameStaffView::Ring(v) => Some(v),
            _ => None,
        },
    )
}

/// The event's own Brain-ring in a team's view, to fill in (added if
/// missing).
pub fn team_ring(view: &mut TeamView) -> &mut RingTeamView {
    event_game(
        &mut view.games,
        Format::Ring,
        || event_ring(GameTeamView::Ring(RingTeamView::default())),
        |v| match v {
            GameTeamView::Ring(v) => Some(v),
            _ => None,
        },
    )
}

/// The event's own Brain-ring on the projector, to fill in (added if
/// missing).
pub fn display_ring(view: &mut DisplayView) -> &mut RingBoard {
    event_game(
        &mut view.games,
        Format::Ring,
        || event_ring(GameDisplayView::Ring(RingBoard::default())),
        |v| match v {
            GameDisplayView::Ring(v) => Some(v),
            _ => None,
        },
    )
}
