//! «Своя игра» (the test-only format) clicked through headless with
//! egui_kittest: its screens reach the host's dashboard, the team's
//! terminal and the projector through the registry alone. The host opens
//! a question from the board and says «Время»; the team's button lights
//! and a click presses; the host judges the answering team. Built only
//! with the `own-game` feature (the workspace's tests turn it on).

#![cfg(feature = "own-game")]

use crate::common;

use common::{ScreenHarness, screen, state_at};
use egui_kittest::kittest::{NodeT, Queryable};
use minuta_client::i18n::Lang;
use minuta_client::views::host::{HostForm, HostTab};
use minuta_client::views::team;
use minuta_shared::identity::Identity;
use minuta_shared::ids::{GameId, TeamId};
use minuta_shared::play::button::ButtonPress;
use minuta_shared::play::format::LiveFormat;
use minuta_shared::play::games::{Format, GameDisplayView, GameStaffView, GameTeamView};
use minuta_shared::play::own_game::{OwnGame, OwnGameCommand, OwnGameSettings};
use minuta_shared::play::roster::{Roster, RosterTeam};
use minuta_shared::time::ServerTime;
use minuta_shared::wire::client::Command;
use minuta_shared::wire::view::{GameEntry, HostView, View};

const GAME: GameId = GameId(7);
const START_MS: u64 = 1_000_000_000;

struct Hall {
    game: OwnGame,
    roster: Roster,
    now_ms: u64,
}

impl Hall {
    fn new() -> Hall {
        let roster = Roster {
            teams: [(1, "Знатоки"), (2, "Эрудиты")]
                .into_iter()
                .map(|(id, name)| RosterTeam {
                    id: TeamId(id),
                    name: name.into(),
                    town: "Москва".into(),
                    players: Vec::new(),
                })
                .collect(),
            appeal_jury: false,
        };
        Hall {
            game: OwnGame::new(&OwnGameSettings {
                theme: "Реки".into(),
                prices: vec![10, 20, 30],
                press_seconds: 10,
            }),
            roster,
            now_ms: START_MS,
        }
    }

    fn now(&self) -> ServerTime {
        ServerTime::from_millis(self.now_ms)
    }

    fn host(&mut self, command: OwnGameCommand) {
        let (_, events) = self
            .game
            .decide(Identity::Host, command.clone(), &self.roster, self.now())
            .unwrap_or_else(|e| panic!("{command:?} refused: {e}"));
        for e in &events {
            self.game.apply(e);
        }
    }

    fn press(&mut self, team: u32) {
        self.now_ms += 300;
        let press = ButtonPress {
            team: TeamId(team),
            at: self.now(),
            rtt_us: 400,
            clock_offset_us: 0,
        };
        <OwnGame as LiveFormat>::BUTTONS
            .unwrap()
            .press(&mut self.game, press)
            .unwrap()
            .unwrap();
    }

    fn team_screen(&self) -> ScreenHarness<team::TeamForm> {
        let mut view = common::team_view();
        view.games.push(GameEntry {
            id: GAME,
            name: "Своя игра".into(),
            format: Format::OwnGame,
            view: GameTeamView::OwnGame(self.game.team_view(TeamId(1), &self.roster, self.now())),
        });
        let state = state_at(Lang::Ru, self.now_ms * 1000, View::Team(view));
        screen(
            state,
            team::TeamForm::default(),
            [1100.0, 1200.0],
            common::team_terminal,
        )
    }

    fn host_screen(&self) -> ScreenHarness<HostForm> {
        let view = HostView {
            teams: common::teams([(1, "Знатоки"), (2, "Эрудиты")]),
            games: {
                let mut games = common::host_view().games;
                games.push(GameEntry {
                    id: GAME,
                    name: "Своя игра".into(),
                    format: Format::OwnGame,
                    view: GameStaffView::OwnGame(self.game.staff_view(&self.roster, self.now())),
                });
                games
            },
            ..common::host_view()
        };
        let form = HostForm {
            tab: Some(HostTab::Games(Format::OwnGame)),
            ..HostForm::default()
        };
        let state = state_at(Lang::Ru, self.now_ms * 1000, View::Host(view));
        screen(state, form, [1400.0, 1400.0], common::dashboard)
    }

    fn projector(&self) -> egui_kittest::Harness<'static> {
        let mut view = common::display_view();
        view.games.push(GameEntry {
            id: GAME,
            name: "Своя игра".into(),
            format: Format::OwnGame,
            view: GameDisplayView::OwnGame(self.game.display_view(&self.roster, self.now())),
        });
        common::projector(Lang::Ru, self.now_ms * 1000, view, [1600.0, 1000.0])
    }
}

fn own(command: OwnGameCommand) -> Command {
    Command::game(GAME, command)
}

#[test]
fn own_game_the_host_opens_a_question_from_the_board_and_says_time() {
    let mut hall = Hall::new();
    let mut board = hall.host_screen();
    common::click(&mut board, "20");
    common::assert_sent(&board, [own(OwnGameCommand::Choose { question: 1 })]);

    hall.host(OwnGameCommand::Choose { question: 1 });
    let mut open = hall.host_screen();
    assert!(open.query_by_label("Вопрос за 20 — читается").is_some());
    common::click(&mut open, "Время");
    common::assert_sent(&open, [own(OwnGameCommand::Arm)]);
}

#[test]
fn own_game_the_team_button_lights_after_time_and_a_click_presses() {
    let mut hall = Hall::new();
    hall.host(OwnGameCommand::Choose { question: 0 });
    let mut dark = hall.team_screen();
    assert!(dark.get_by_label("Нажать").accesskit_node().is_disabled());
    dark.get_by_label("Нажать").click();
    dark.run();
    assert!(dark.state().sent.is_empty(), "a dark button sends nothing");

    hall.host(OwnGameCommand::Arm);
    let mut lit = hall.team_screen();
    assert!(!lit.get_by_label("Нажать").accesskit_node().is_disabled());
    common::click(&mut lit, "Нажать");
    common::assert_sent(&lit, [Command::Press { clock_offset_us: 0 }]);
}

#[test]
fn own_game_the_host_judges_the_answering_team_and_the_hall_sees_it() {
    let mut hall = Hall::new();
    hall.host(OwnGameCommand::Choose { question: 2 });
    hall.host(OwnGameCommand::Arm);
    hall.press(2);

    let projector = hall.projector();
    assert!(
        projector
            .query_by_label("Вопрос за 30 — отвечает «Эрудиты»")
            .is_some()
    );
    let mut judging = hall.host_screen();
    common::click(&mut judging, "Неверно");
    common::assert_sent(&judging, [own(OwnGameCommand::Judge { right: false })]);
}
