//! «Эрудит-квартет» screens clicked through headless with egui_kittest,
//! each built from a real tournament driven through the engine
//! (`LiveFormat::decide` + `apply` with a roster of four teams): the
//! captain's line-up form (5.7, 5.8), the player's button (the preamble:
//! a press at any moment of the reading), the host's panel step by step
//! with the press log, the projector's hidden themes (5.7), and adding the
//! tournament from «Подготовка».

use crate::common;

use common::{ScreenHarness, screen, state_at};
use egui_kittest::kittest::{NodeT, Queryable};
use minuta_client::i18n::Lang;
use minuta_client::state::UiCommand;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_client::views::team;
use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::button::{ButtonPress, PressKind};
use minuta_shared::play::erudit::{
    EruditCommand, EruditTiming, EruditTournament, Phase, QuestionState,
};
use minuta_shared::play::format::LiveFormat;
use minuta_shared::play::games::{
    Format, GameDisplayView, GameSettings, GameStaffView, GameTeamView,
};
use minuta_shared::play::roster::{Roster, RosterTeam};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::server::Receipt;
use minuta_shared::wire::view::{GameEntry, HostView, TeamInfo, View};

/// The tournament's game in the programme.
const GAME: GameId = GameId(5);
/// Server time when these tests begin, ms.
const START_MS: u64 = 1_000_000_000;

const TEAMS: [(u32, &str, [&str; 5]); 4] = [
    (1, "Знатоки", ["Анна", "Борис", "Вера", "Глеб", "Дина"]),
    (2, "Эрудиты", ["Егор", "Жанна", "Зоя", "Иван", "Кира"]),
    (3, "Умники", ["Лев", "Мария", "Нина", "Олег", "Пётр"]),
    (4, "Совы", ["Рита", "Семён", "Тая", "Ульяна", "Фёдор"]),
];

/// A tournament of the four teams above as the server holds it, and its
/// clock.
struct Hall {
    tournament: EruditTournament,
    roster: Roster,
    now_ms: u64,
}

impl Hall {
    /// Drawn (5.3) and group 1's game started, the first line-up not yet
    /// announced.
    fn started() -> Hall {
        let roster = Roster {
            teams: TEAMS
                .iter()
                .map(|(id, name, players)| RosterTeam {
                    id: TeamId(*id),
                    name: (*name).into(),
                    town: "Москва".into(),
                    players: players.iter().map(|p| (*p).into()).collect(),
                })
                .collect(),
            appeal_jury: false,
        };
        let mut hall = Hall {
            tournament: EruditTournament::new(&EruditTiming::default()),
            roster,
            now_ms: START_MS,
        };
        hall.host(EruditCommand::Seed {
            teams: (1..=4).map(TeamId).collect(),
            seed: 7,
        });
        hall.host(EruditCommand::StartGame { group: 0 });
        hall
    }

    fn now(&self) -> ServerTime {
        ServerTime::from_millis(self.now_ms)
    }

    fn run(&mut self, who: Identity, command: EruditCommand) {
        let (_, events) = self
            .tournament
            .decide(who, command.clone(), &self.roster, self.now())
            .unwrap_or_else(|e| panic!("{command:?} refused: {e}"));
        for event in &events {
            self.tournament.apply(event);
        }
    }

    fn host(&mut self, command: EruditCommand) {
        self.run(Identity::Host, command);
    }

    /// `team`'s player presses `ms` from now.
    fn press(&mut self, team: u32, ms: u64) -> PressKind {
        self.now_ms += ms;
        let press = ButtonPress {
            team: TeamId(team),
            at: self.now(),
            rtt_us: 420,
            clock_offset_us: -1_500,
        };
        let (verdict, _) = <EruditTournament as LiveFormat>::BUTTONS
            .expect("players press")
            .press(&mut self.tournament, press)
            .expect("the game takes the press")
            .expect("a verdict");
        verdict.kind
    }

    /// The open tour's line-ups closed with every team's default players:
    /// round 1 of the open tour, its first question announced.
    fn playing() -> Hall {
        let mut hall = Hall::started();
        hall.host(EruditCommand::OpenLineup);
        hall.host(EruditCommand::CloseLineup);
        hall
    }

    /// Team 1's terminal.
    fn team_screen(&self) -> ScreenHarness<team::TeamForm> {
        let mut view = common::team_view();
        view.games.push(GameEntry {
            id: GAME,
            name: String::new(),
            format: Format::Erudit,
            view: GameTeamView::Erudit(self.tournament.team_view(
                TeamId(1),
                &self.roster,
                self.now(),
            )),
        });
        let state = state_at(Lang::Ru, self.now_ms * 1000, View::Team(view));
        screen(
            state,
            team::TeamForm::default(),
            [1100.0, 1400.0],
            common::team_terminal,
        )
    }

    /// The host's dashboard on the «Эрудит-квартет» tab.
    fn host_screen(&self) -> ScreenHarness<HostForm> {
        let view = HostView {
            teams: registered(),
            games: {
                let mut games = common::host_view().games;
                games.push(GameEntry {
                    id: GAME,
                    name: String::new(),
                    format: Format::Erudit,
                    view: GameStaffView::Erudit(
                        self.tournament.staff_view(&self.roster, self.now()),
                    ),
                });
                games
            },
            ..common::host_view()
        };
        let form = HostForm {
            tab: Some(HostTab::Games(Format::Erudit)),
            ..HostForm::default()
        };
        let state = state_at(Lang::Ru, self.now_ms * 1000, View::Host(view));
        screen(state, form, [1400.0, 2400.0], common::dashboard)
    }

    /// The projector.
    fn projector(&self) -> egui_kittest::Harness<'static> {
        let mut view = common::display_view();
        view.games.push(GameEntry {
            id: GAME,
            name: String::new(),
            format: Format::Erudit,
            view: GameDisplayView::Erudit(self.tournament.display_view(&self.roster, self.now())),
        });
        common::projector(Lang::Ru, self.now_ms * 1000, view, [1600.0, 1000.0])
    }
}

/// The teams as the host's registry lists them, with their players.
fn registered() -> Vec<TeamInfo> {
    let mut teams = common::teams(TEAMS.iter().map(|(id, name, _)| (*id, *name)));
    for (info, (_, _, players)) in teams.iter_mut().zip(TEAMS) {
        info.players = players.iter().map(|p| (*p).into()).collect();
    }
    teams
}

fn erudit(command: EruditCommand) -> Command {
    Command::game(GAME, command)
}

/// Clicks the `nth` widget labelled `label` (the pickers repeat a team's
/// players once per round).
fn click_nth<S>(harness: &mut egui_kittest::Harness<'_, S>, label: &str, nth: usize) {
    harness
        .get_all_by_label(label)
        .nth(nth)
        .unwrap_or_else(|| panic!("«{label}» number {nth}"))
        .click();
    harness.run();
}

// ------------------------------------------------------------- the captain

#[test]
fn erudit_5_7_the_captain_picks_a_player_per_round_and_sends_the_line_up() {
    let mut hall = Hall::started();
    hall.host(EruditCommand::OpenLineup);
    let mut harness = hall.team_screen();
    assert!(
        harness
            .query_by_label("Расстановка · Открытый тур")
            .is_some()
    );
    assert!(
        harness
            .query_by_label("Осталось на расстановку: 1:00")
            .is_some()
    );
    for (round, player) in ["Анна", "Борис", "Вера", "Глеб"].iter().enumerate() {
        click_nth(&mut harness, player, round);
    }
    assert!(
        !harness
            .get_by_label("Отправить состав")
            .accesskit_node()
            .is_disabled()
    );
    common::click(&mut harness, "Отправить состав");
    common::assert_sent(
        &harness,
        [erudit(EruditCommand::SetLineup {
            team: None,
            players: vec!["Анна".into(), "Борис".into(), "Вера".into(), "Глеб".into()],
        })],
    );
}

#[test]
fn erudit_5_8_a_player_chosen_for_two_rounds_is_refused_in_the_form() {
    let mut hall = Hall::started();
    hall.host(EruditCommand::OpenLineup);
    let mut harness = hall.team_screen();
    for (round, player) in ["Анна", "Анна", "Вера", "Глеб"].iter().enumerate() {
        click_nth(&mut harness, player, round);
    }
    assert!(
        harness
            .query_by_label_contains("«Анна» выбран(а) дважды")
            .is_some(),
        "the form says why"
    );
    assert!(
        harness
            .get_by_label("Отправить состав")
            .accesskit_node()
            .is_disabled(),
        "nothing to send"
    );
    harness.get_by_label("Отправить состав").click();
    harness.run();
    assert!(harness.state().sent.is_empty());
}

#[test]
fn erudit_5_8_in_the_semi_open_tour_players_of_earlier_rounds_are_not_offered() {
    use minuta_shared::play::erudit::{EruditTeamView, LineupForm};
    let hall = Hall::started();
    let mut view: EruditTeamView = hall
        .tournament
        .team_view(TeamId(1), &hall.roster, hall.now());
    let board = view.board.game.as_mut().expect("the game");
    board.phase = minuta_shared::play::erudit::PhaseView::Lineup {
        kind: minuta_shared::play::erudit::rules::TourKind::SemiOpen,
        deadline: ServerTime::from_millis(START_MS + 20_000),
        first_round: 1,
        rounds: 1,
        submitted: vec![false; 4],
    };
    view.lineup = Some(LineupForm {
        kind: minuta_shared::play::erudit::rules::TourKind::SemiOpen,
        deadline: ServerTime::from_millis(START_MS + 20_000),
        first_round: 1,
        rounds: 1,
        players: TEAMS[0].2.iter().map(|p| (*p).into()).collect(),
        unavailable: vec!["Анна".into()],
        chosen: None,
        themes: vec![Some("Реки".into()), Some("Горы".into()), None, None],
    });
    let mut team_view = common::team_view();
    team_view.games.push(GameEntry {
        id: GAME,
        name: String::new(),
        format: Format::Erudit,
        view: GameTeamView::Erudit(view),
    });
    let state = state_at(Lang::Ru, START_MS * 1000, View::Team(team_view));
    let harness = screen(
        state,
        team::TeamForm::default(),
        [1100.0, 1400.0],
        common::team_terminal,
    );
    assert!(harness.query_by_label("Раунд 2: «Горы»").is_some());
    assert!(harness.get_by_label("Анна").accesskit_node().is_disabled());
    assert!(!harness.get_by_label("Борис").accesskit_node().is_disabled());
}

// -------------------------------------------------------------- the player

#[test]
fn erudit_the_button_lights_while_the_question_is_read_and_a_click_presses() {
    let mut hall = Hall::playing();
    let mut dark = hall.team_screen();
    assert!(dark.query_by_label("Сейчас играет: Анна").is_some());
    assert!(
        dark.get_by_label("Нажать").accesskit_node().is_disabled(),
        "dark before the reading"
    );
    dark.get_by_label("Нажать").click();
    dark.key_press(egui::Key::Space);
    dark.run();
    assert!(dark.state().sent.is_empty(), "a dark button sends nothing");

    hall.host(EruditCommand::Read);
    let mut lit = hall.team_screen();
    assert!(!lit.get_by_label("Нажать").accesskit_node().is_disabled());
    assert!(lit.query_by_label("Раунд 1: «Тема 1» · 10 очков").is_some());
    common::click(&mut lit, "Нажать");
    common::assert_sent(&lit, [Command::Press { clock_offset_us: 0 }]);
}

#[test]
fn erudit_the_space_bar_presses_and_the_verdict_says_when() {
    let mut hall = Hall::playing();
    hall.host(EruditCommand::Read);
    let mut harness = hall.team_screen();
    harness.key_press(egui::Key::Space);
    harness.run();
    common::assert_sent(&harness, [Command::Press { clock_offset_us: 0 }]);
    let sent = std::mem::take(&mut harness.state_mut().sent);
    let UiCommand::Send(press) = &sent[0] else {
        panic!("a command for the server")
    };
    let request = harness.state_mut().state.begin_request(press.clone());
    common::answer(
        &mut harness.state_mut().state,
        request,
        Ok(Receipt::Press {
            kind: PressKind::Won,
            arrived_at: ServerTime::from_millis(START_MS + 4_200),
            since_arming_us: Some(-4_200_000),
        }),
    );
    harness.run();
    assert!(
        harness
            .query_by_label("Отвечает ваш игрок: прервал чтение на 4.2 с")
            .is_some()
    );
}

#[test]
fn erudit_the_button_is_dark_once_the_team_s_player_has_answered() {
    let mut hall = Hall::playing();
    hall.host(EruditCommand::Read);
    assert_eq!(hall.press(1, 2_000), PressKind::Won);
    hall.host(EruditCommand::Judge { correct: false });
    let harness = hall.team_screen();
    assert!(
        harness
            .get_by_label("Нажать")
            .accesskit_node()
            .is_disabled()
    );
    assert!(
        harness
            .query_by_label("Ваш игрок уже отвечал на этот вопрос")
            .is_some()
    );
}

// ---------------------------------------------------------------- the host

#[test]
fn erudit_the_host_starts_a_group_s_game_from_its_card() {
    let mut hall = Hall::started();
    hall.tournament = EruditTournament::new(&EruditTiming::default());
    hall.host(EruditCommand::Seed {
        teams: (1..=4).map(TeamId).collect(),
        seed: 7,
    });
    let mut harness = hall.host_screen();
    common::click(&mut harness, "Начать игру группы 1");
    common::assert_sent(&harness, [erudit(EruditCommand::StartGame { group: 0 })]);
}

#[test]
fn erudit_the_host_reads_ends_the_reading_judges_and_moves_on() {
    let mut hall = Hall::started();
    let mut harness = hall.host_screen();
    common::click(&mut harness, "Объявить: Открытый тур");
    common::assert_sent(&harness, [erudit(EruditCommand::OpenLineup)]);
    hall.host(EruditCommand::OpenLineup);

    let mut harness = hall.host_screen();
    let waiting = harness
        .query_by_label_contains("ждём: «")
        .expect("who has not sent yet");
    assert!(
        waiting
            .accesskit_node()
            .value()
            .unwrap_or_default()
            .contains("«Знатоки»")
    );
    common::click(&mut harness, "Закончить расстановку");
    common::assert_sent(&harness, [erudit(EruditCommand::CloseLineup)]);
    hall.host(EruditCommand::CloseLineup);

    let mut harness = hall.host_screen();
    common::click(&mut harness, "Читаю");
    common::assert_sent(&harness, [erudit(EruditCommand::Read)]);
    hall.host(EruditCommand::Read);

    let mut harness = hall.host_screen();
    common::click(&mut harness, "Дочитал");
    common::assert_sent(&harness, [erudit(EruditCommand::EndReading)]);
    hall.host(EruditCommand::EndReading);

    hall.now_ms += 1_000;
    let mut harness = hall.host_screen();
    assert!(
        harness.query_by_label("0:04").is_some(),
        "the silence counts down"
    );
    common::click(&mut harness, "Повторить вопрос");
    common::assert_sent(&harness, [erudit(EruditCommand::Reread)]);

    assert_eq!(hall.press(2, 1_300), PressKind::Won);
    let mut harness = hall.host_screen();
    assert!(
        harness
            .query_by_label("Отвечает «Эрудиты» — Егор")
            .is_some()
    );
    assert!(harness.query_by_label("через 2.3 с после чтения").is_some());
    common::click(&mut harness, "Неверно −10");
    common::assert_sent(&harness, [erudit(EruditCommand::Judge { correct: false })]);
    hall.host(EruditCommand::Judge { correct: false });

    assert_eq!(hall.press(3, 500), PressKind::Won);
    hall.host(EruditCommand::Judge { correct: true });
    let mut harness = hall.host_screen();
    assert!(harness.query_by_label("Верно: «Умники» +10").is_some());
    common::click(&mut harness, "Дальше");
    common::assert_sent(&harness, [erudit(EruditCommand::Next)]);
}

#[test]
fn erudit_the_press_log_says_how_far_into_the_reading_a_press_interrupted() {
    let mut hall = Hall::playing();
    hall.host(EruditCommand::Read);
    assert_eq!(hall.press(4, 4_200), PressKind::Won);
    let mut harness = hall.host_screen();
    assert!(harness.query_by_label("прервал чтение на 4.2 с").is_some());
    assert!(harness.query_by_label("Отвечает «Совы» — Рита").is_some());
    common::click(&mut harness, "Верно +10");
    common::assert_sent(&harness, [erudit(EruditCommand::Judge { correct: true })]);
}

#[test]
fn erudit_the_host_sets_the_line_up_of_a_team_whose_laptop_failed() {
    let mut hall = Hall::started();
    hall.host(EruditCommand::OpenLineup);
    let mut harness = hall.host_screen();
    common::click(&mut harness, "Расставить за команду");
    click_nth(&mut harness, "Умники", 1);
    for (round, player) in ["Нина", "Лев", "Олег", "Пётр"].iter().enumerate() {
        click_nth(&mut harness, player, round);
    }
    common::click(&mut harness, "Отправить состав");
    common::assert_sent(
        &harness,
        [erudit(EruditCommand::SetLineup {
            team: Some(TeamId(3)),
            players: vec!["Нина".into(), "Лев".into(), "Олег".into(), "Пётр".into()],
        })],
    );
}

#[test]
fn erudit_the_host_adds_the_tournament_from_the_preparation_menu() {
    let view = HostView {
        teams: registered(),
        ..common::host_view()
    };
    let form = HostForm {
        tab: Some(HostTab::Games(Format::Erudit)),
        ..HostForm::default()
    };
    let state = state_at(Lang::Ru, START_MS * 1000, View::Host(view));
    let mut harness = screen(state, form, [1400.0, 1000.0], common::dashboard);
    assert!(
        harness
            .query_by_label("Подготовка: Эрудит-квартет")
            .is_some(),
        "set up from «Подготовка» until the tournament exists"
    );
    common::click(&mut harness, "Добавить игру");
    common::assert_sent(
        &harness,
        [Command::AddGame {
            name: "Эрудит-квартет".into(),
            settings: GameSettings::Erudit(EruditTiming::default()),
        }],
    );
}

// ----------------------------------------------------------- the projector

/// The open tour played through: every question taken by «Знатоки».
fn after_the_open_tour() -> Hall {
    let mut hall = Hall::playing();
    for _ in 0..20 {
        hall.host(EruditCommand::Read);
        assert_eq!(hall.press(1, 1_000), PressKind::Won);
        hall.host(EruditCommand::Judge { correct: true });
        hall.host(EruditCommand::Next);
    }
    hall
}

#[test]
fn erudit_5_7_the_hall_does_not_see_a_closed_tour_s_themes_before_they_are_played() {
    let mut hall = after_the_open_tour();
    hall.host(EruditCommand::OpenLineup);
    let projector = hall.projector();
    assert!(projector.query_by_label("Тур 2 · Закрытый тур").is_some());
    for round in 1..=4 {
        assert!(
            projector.query_by_label(&format!("{round}. ?")).is_some(),
            "theme {round} hidden"
        );
    }
    assert!(projector.query_by_label("1. Тема 1").is_none());
    // The host sees them all.
    let host = hall.host_screen();
    assert!(host.query_by_label("1. Тема 1").is_some());

    hall.host(EruditCommand::CloseLineup);
    let projector = hall.projector();
    assert!(
        projector.query_by_label("1. Тема 1").is_some(),
        "the round played is announced"
    );
    assert!(projector.query_by_label("2. ?").is_some());
    assert!(
        projector.query_by_label("Знатоки").is_some(),
        "the table of four"
    );
}

// ----------------------------------------------- a deciding tie (5.4, 5.5)

impl Hall {
    /// The final of four played with nobody pressing: all four level on
    /// 0, tied for first; the tournament waits for the host.
    fn tied_final() -> Hall {
        let mut hall = Hall::started();
        hall.host(EruditCommand::SetTiming {
            timing: EruditTiming {
                silence_ms: 100,
                ..EruditTiming::default()
            },
        });
        while let Some(game) = hall.tournament.game() {
            let command = match (&game.phase, game.question().map(|q| q.state)) {
                (Phase::BeforeLineup, _) => EruditCommand::OpenLineup,
                (Phase::Lineup { .. }, _) => EruditCommand::CloseLineup,
                (_, Some(QuestionState::Ready)) => EruditCommand::Read,
                (_, Some(QuestionState::Reading { .. })) => EruditCommand::EndReading,
                (_, Some(QuestionState::Waiting { .. })) => {
                    hall.now_ms += 200;
                    hall.tournament.handle_timeout(hall.now());
                    continue;
                }
                _ => EruditCommand::Next,
            };
            hall.host(command);
        }
        assert!(hall.tournament.pending_tie().is_some());
        hall
    }
}

#[test]
fn erudit_5_5_the_host_sees_the_tie_for_first_and_asks_a_shoot_off_question() {
    let hall = Hall::tied_final();
    let mut harness = hall.host_screen();
    assert!(
        harness
            .query_by_label_contains("Ничья за первое место")
            .is_some(),
        "the host is told who is tied and what is at stake"
    );
    common::click(&mut harness, "Вопрос перестрелки");
    common::assert_sent(&harness, [erudit(EruditCommand::ShootOffQuestion)]);
}

#[test]
fn erudit_5_5_the_host_judges_the_tied_team_at_the_button() {
    let mut hall = Hall::tied_final();
    hall.host(EruditCommand::ShootOffQuestion);
    assert_eq!(hall.press(3, 500), PressKind::Won);
    let mut harness = hall.host_screen();
    assert!(harness.query_by_label("Отвечает «Умники»").is_some());
    common::click(&mut harness, "Верно");
    common::assert_sent(
        &harness,
        [erudit(EruditCommand::ShootOffJudge { correct: true })],
    );
}

#[test]
fn erudit_5_5_the_host_draws_the_lot_with_the_seed_on_screen() {
    let hall = Hall::tied_final();
    let mut harness = hall.host_screen();
    common::click(&mut harness, "Бросить жребий");
    // The seed shown before drawing: from the host's clock.
    let seed = (hall.now_ms * 1000) % 1_000_000;
    common::assert_sent(&harness, [erudit(EruditCommand::DrawLot { seed })]);
}

#[test]
fn erudit_5_5_the_projector_shows_the_lot_with_its_seed() {
    let mut hall = Hall::tied_final();
    hall.host(EruditCommand::DrawLot { seed: 424_242 });
    let harness = hall.projector();
    assert!(
        harness
            .query_by_label_contains("Жребий (зерно 424242)")
            .is_some(),
        "the hall sees the lot and its seed"
    );
}

#[test]
fn erudit_5_5_a_tied_teams_player_presses_in_the_shoot_off() {
    let mut hall = Hall::tied_final();
    hall.host(EruditCommand::ShootOffQuestion);
    let mut harness = hall.team_screen();
    assert!(
        harness
            .query_by_label("Ваша команда в перестрелке: жмите, когда знаете ответ!")
            .is_some()
    );
    common::click(&mut harness, "Нажать");
    common::assert_sent(&harness, [Command::Press { clock_offset_us: 0 }]);
}

#[path = "erudit/phone.rs"]
mod phone;

#[path = "erudit/drafts.rs"]
mod drafts;
